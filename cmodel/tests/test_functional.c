/* Functional reference interpreter (docs/isa.md "Opcodes and semantics").
 * Programs are built with wf_encode, so they do not depend on the assembler
 * (a few also go through wf_assemble). Expected values are hand-derived
 * constants, or computed independently in plain C for the kernels. */
#include <check.h>

#include "wf_check.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wf_functional.h"

/* ---- program construction ------------------------------------------------ */

static uint64_t enc(wf_opcode op, unsigned rd, unsigned ra, unsigned rb, unsigned rc, int32_t imm)
{
    wf_insn in = {.op = op, .rd = (uint8_t)rd, .ra = (uint8_t)ra, .rb = (uint8_t)rb,
                  .rc = (uint8_t)rc, .imm = imm};
    return wf_encode(&in);
}
#define NOP enc(WF_OP_NOP, 0, 0, 0, 0, 0)
#define R3(op, d, a, b) enc(WF_OP_##op, d, a, b, 0, 0)
#define MAD(d, a, b, c) enc(WF_OP_MAD, d, a, b, c, 0)
#define MOV(d, a) enc(WF_OP_MOV, d, a, 0, 0, 0)
#define MOVI(d, imm) enc(WF_OP_MOVI, d, 0, 0, 0, imm)
#define ADDI(d, a, imm) enc(WF_OP_ADDI, d, a, 0, 0, imm)
#define LD(d, a, imm) enc(WF_OP_LD, d, a, 0, 0, imm)
#define ST(a, imm, b) enc(WF_OP_ST, 0, a, b, 0, imm) /* st [ra + imm] <- rb */
#define TID(d) enc(WF_OP_TID, d, 0, 0, 0, 0)
#define WID(d) enc(WF_OP_WID, d, 0, 0, 0, 0)
#define LANE(d) enc(WF_OP_LANE, d, 0, 0, 0, 0)
#define BRA(t) enc(WF_OP_BRA, 0, 0, 0, 0, t)
#define BNZ(a, t) enc(WF_OP_BNZ, 0, a, 0, 0, t)
#define EXIT enc(WF_OP_EXIT, 0, 0, 0, 0, 0)
#define N(a) (unsigned)(sizeof(a) / sizeof((a)[0]))

static wf_config cfg_of(unsigned warps, unsigned lanes, unsigned regs, unsigned mem_words)
{
    wf_config c;
    wf_config_default(&c);
    c.warps = warps;
    c.lanes = lanes;
    c.regs = regs;
    c.mem_words = mem_words;
    return c;
}

static wf_program prog_of(uint64_t *words, unsigned n)
{
    wf_program p;
    memset(&p, 0, sizeof p);
    p.words = words; /* not heap-owned: never wf_program_free'd */
    p.len = n;
    return p;
}

#define MAX_STEPS 100000u

static void run_ok(const wf_config *c, const wf_program *p, const uint32_t *mem,
                   wf_arch_state *st)
{
    char err[256] = "";
    int rc = wf_functional_run(c, p, mem, MAX_STEPS, st, err, sizeof err);
    ck_assert_msg(rc == 0, "run failed: %s", err);
    ck_assert_str_eq(err, "");
    ck_assert_uint_eq(st->warps, c->warps);
    ck_assert_uint_eq(st->lanes, c->lanes);
    ck_assert_uint_eq(st->regs, c->regs);
    ck_assert_uint_eq(st->mem_words, c->mem_words);
}

/* Runs and expects an error message equal to want. */
static void run_err(const wf_config *c, const wf_program *p, uint64_t max_steps, const char *want)
{
    char err[256] = "";
    wf_arch_state st;
    int rc = wf_functional_run(c, p, NULL, max_steps, &st, err, sizeof err);
    ck_assert_msg(rc == -1, "run succeeded, expected: %s", want);
    ck_assert_str_eq(err, want);
    ck_assert_ptr_null(st.reg); /* out is left empty */
    ck_assert_ptr_null(st.mem);
    wf_arch_free(&st);
}

/* Runs and expects an error message that contains want. */
static void run_err_has(const wf_config *c, const wf_program *p, const char *want)
{
    char err[256] = "";
    wf_arch_state st;
    int rc = wf_functional_run(c, p, NULL, MAX_STEPS, &st, err, sizeof err);
    ck_assert_msg(rc == -1, "run succeeded, expected: %s", want);
    ck_assert_msg(strstr(err, want) != NULL, "error '%s' does not contain '%s'", err, want);
    wf_arch_free(&st);
}

static uint32_t reg(wf_arch_state *s, unsigned w, unsigned r, unsigned l)
{
    return *wf_arch_reg(s, w, r, l);
}

/* ---- ALU/MUL operations, one case per lane ------------------------------- */

typedef struct {
    uint32_t a, b, c, want;
} opcase;

/* Lane l loads a = mem[l], b = mem[32 + l], c = mem[64 + l], then runs op
 * r5 <- r1, r2 (, r3) and the result is compared with want. */
static void check_op(wf_opcode op, const opcase *cs, unsigned n)
{
    ck_assert_uint_le(n, 32);
    wf_config c = cfg_of(1, n, 8, 128);
    uint32_t mem[128] = {0};
    for (unsigned l = 0; l < n; l++) {
        mem[l] = cs[l].a;
        mem[32 + l] = cs[l].b;
        mem[64 + l] = cs[l].c;
    }
    uint64_t w[] = {LANE(4), LD(1, 4, 0), LD(2, 4, 32), LD(3, 4, 64),
                    op == WF_OP_MAD ? MAD(5, 1, 2, 3)
                    : op == WF_OP_MOV ? MOV(5, 1)
                                      : enc(op, 5, 1, 2, 0, 0),
                    EXIT};
    wf_program p = prog_of(w, N(w));
    wf_arch_state st;
    run_ok(&c, &p, mem, &st);
    for (unsigned l = 0; l < n; l++) {
        ck_assert_msg(reg(&st, 0, 5, l) == cs[l].want,
                      "%s a=0x%08x b=0x%08x c=0x%08x: got 0x%08x, expected 0x%08x",
                      wf_op_info(op)->mnemonic, cs[l].a, cs[l].b, cs[l].c, reg(&st, 0, 5, l),
                      cs[l].want);
        ck_assert_uint_eq(reg(&st, 0, 1, l), cs[l].a); /* sources unchanged */
        ck_assert_uint_eq(reg(&st, 0, 2, l), cs[l].b);
    }
    ck_assert_int_eq(memcmp(st.mem, mem, sizeof mem), 0); /* no stores */
    ck_assert_uint_eq(st.retired[0], 6);
    wf_arch_free(&st);
}
#define CHECK_OP(op, ...)                                   \
    do {                                                    \
        static const opcase cs_[] = {__VA_ARGS__};          \
        check_op(op, cs_, N(cs_));                          \
    } while (0)

START_TEST(add_sub_wrap)
{
    CHECK_OP(WF_OP_ADD, {0xFFFFFFFF, 1, 0, 0}, {0x7FFFFFFF, 1, 0, 0x80000000},
             {5, 7, 0, 12}, {0x80000000, 0x80000000, 0, 0}, {0xFFFFFFFF, 0xFFFFFFFF, 0, 0xFFFFFFFE});
    CHECK_OP(WF_OP_SUB, {0, 1, 0, 0xFFFFFFFF}, {5, 7, 0, 0xFFFFFFFE}, {7, 5, 0, 2},
             {0x80000000, 1, 0, 0x7FFFFFFF}, {0, 0x80000000, 0, 0x80000000});
}
END_TEST

START_TEST(logic)
{
    CHECK_OP(WF_OP_AND, {0xF0F0F0F0, 0xFF00FF00, 0, 0xF000F000},
             {0xFFFFFFFF, 0x12345678, 0, 0x12345678}, {0xAAAAAAAA, 0x55555555, 0, 0});
    CHECK_OP(WF_OP_OR, {0xF0F0F0F0, 0xFF00FF00, 0, 0xFFF0FFF0},
             {0xFFFFFFFF, 0x12345678, 0, 0xFFFFFFFF}, {0xAAAAAAAA, 0x55555555, 0, 0xFFFFFFFF},
             {0, 0, 0, 0});
    CHECK_OP(WF_OP_XOR, {0xF0F0F0F0, 0xFF00FF00, 0, 0x0FF00FF0},
             {0xFFFFFFFF, 0x12345678, 0, 0xEDCBA987}, {0x12345678, 0x12345678, 0, 0});
    CHECK_OP(WF_OP_MOV, {0xDEADBEEF, 0, 0, 0xDEADBEEF}, {0, 7, 0, 0}, {0x80000000, 1, 0, 0x80000000});
}
END_TEST

START_TEST(shifts)
{
    CHECK_OP(WF_OP_SHL, {0x12345678, 0, 0, 0x12345678}, {1, 31, 0, 0x80000000},
             {1, 32, 0, 1}, {1, 33, 0, 2}, {3, 0xFFFFFFE1, 0, 6}, {0xFFFFFFFF, 4, 0, 0xFFFFFFF0},
             {0x80000001, 1, 0, 2}, {0xFFFFFFFF, 31, 0, 0x80000000}, {5, 0xFFFFFFFF, 0, 0x80000000});
    CHECK_OP(WF_OP_SHR, {0x12345678, 0, 0, 0x12345678}, {0x80000000, 31, 0, 1},
             {0x80000000, 1, 0, 0x40000000}, {0xFFFFFFFF, 32, 0, 0xFFFFFFFF},
             {0xFFFFFFFF, 33, 0, 0x7FFFFFFF}, {0xF0, 0xFFFFFFE4, 0, 0xF},
             {0xFFFFFFFF, 31, 0, 1}, {0x80000000, 0xFFFFFFE1, 0, 0x40000000});
}
END_TEST

START_TEST(min_max_signed)
{
    CHECK_OP(WF_OP_MIN, {0xFFFFFFFF, 1, 0, 0xFFFFFFFF}, {1, 0xFFFFFFFF, 0, 0xFFFFFFFF},
             {0x80000000, 0x7FFFFFFF, 0, 0x80000000}, {0x7FFFFFFF, 0x80000000, 0, 0x80000000},
             {5, 5, 0, 5}, {0, 0xFFFFFFFE, 0, 0xFFFFFFFE}, {3, 9, 0, 3},
             {0x80000000, 0xFFFFFFFF, 0, 0x80000000});
    CHECK_OP(WF_OP_MAX, {0xFFFFFFFF, 1, 0, 1}, {1, 0xFFFFFFFF, 0, 1},
             {0x80000000, 0x7FFFFFFF, 0, 0x7FFFFFFF}, {0x7FFFFFFF, 0x80000000, 0, 0x7FFFFFFF},
             {5, 5, 0, 5}, {0, 0xFFFFFFFE, 0, 0}, {3, 9, 0, 9},
             {0x80000000, 0xFFFFFFFF, 0, 0xFFFFFFFF});
}
END_TEST

START_TEST(mul_mad_wrap)
{
    CHECK_OP(WF_OP_MUL, {0x10000, 0x10000, 0, 0}, {0xFFFFFFFF, 0xFFFFFFFF, 0, 1},
             {0xFFFFFFFF, 2, 0, 0xFFFFFFFE}, {12345, 6789, 0, 83810205},
             {0x80000000, 3, 0, 0x80000000}, {0x10001, 0x10001, 0, 0x20001}, {7, 0, 0, 0});
    CHECK_OP(WF_OP_MAD, {0x10000, 0x10000, 5, 5}, {0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0},
             {3, 4, 5, 17}, {0x80000000, 2, 0xFFFFFFFF, 0xFFFFFFFF}, {0xFFFFFFFF, 1, 1, 0},
             {0x10001, 0x10001, 0xFFFDFFFF, 0});
}
END_TEST

START_TEST(movi_addi_immediates)
{
    wf_config c = cfg_of(1, 2, 16, 16);
    uint64_t w[] = {MOVI(1, -1),       MOVI(2, -8388608),    MOVI(3, 8388607), MOVI(4, 0),
                    ADDI(5, 1, 1),     ADDI(6, 3, 8388607),  ADDI(7, 4, -8388608),
                    ADDI(8, 4, -1),    ADDI(9, 2, -8388608), ADDI(10, 1, 0),
                    MOVI(11, 12345),   ADDI(11, 11, -12345), EXIT};
    wf_program p = prog_of(w, N(w));
    wf_arch_state st;
    run_ok(&c, &p, NULL, &st);
    static const uint32_t want[] = {0,          0xFFFFFFFF, 0xFF800000, 0x007FFFFF, 0, 0,
                                    0x00FFFFFE, 0xFF800000, 0xFFFFFFFF, 0xFF000000, 0xFFFFFFFF,
                                    0};
    for (unsigned l = 0; l < 2; l++)
        for (unsigned r = 0; r < N(want); r++)
            ck_assert_msg(reg(&st, 0, r, l) == want[r], "r%u lane %u: got 0x%08x, want 0x%08x", r,
                          l, reg(&st, 0, r, l), want[r]);
    wf_arch_free(&st);
}
END_TEST

START_TEST(nop_changes_nothing)
{
    wf_config c = cfg_of(1, 3, 4, 16);
    uint64_t w[] = {NOP, NOP, EXIT};
    wf_program p = prog_of(w, N(w));
    wf_arch_state st;
    uint32_t mem[16];
    for (unsigned i = 0; i < 16; i++) mem[i] = i * 11;
    run_ok(&c, &p, mem, &st);
    for (unsigned r = 0; r < 4; r++)
        for (unsigned l = 0; l < 3; l++) ck_assert_uint_eq(reg(&st, 0, r, l), 0);
    ck_assert_int_eq(memcmp(st.mem, mem, sizeof mem), 0);
    ck_assert_uint_eq(st.retired[0], 3);
    wf_arch_free(&st);
}
END_TEST

/* ---- memory -------------------------------------------------------------- */

START_TEST(ld_st_address_wrap)
{
    wf_config c = cfg_of(1, 1, 16, 16);
    uint64_t w[] = {
        MOVI(1, 42),
        ST(0, -1, 1),           /* [r0 + -1] -> word 15 */
        MOVI(2, -1),            /* base 0xFFFFFFFF */
        MOVI(3, 43),
        ST(2, 2, 3),            /* 0xFFFFFFFF + 2 -> word 1 */
        LD(4, 2, 2),            /* ld after st, same address: 43 */
        LD(5, 0, 15),           /* word 15 through a positive offset: 42 */
        MOVI(6, 44),
        ST(0, 8388607, 6),      /* 8388607 mod 16 = 15: overwrites 42 */
        LD(7, 0, -8388608),     /* -8388608 mod 16 = 0: initial 0x77 */
        MOVI(8, 37),            /* 37 mod 16 = 5 */
        MOVI(9, 45),
        ST(8, 0, 9),            /* word 5 */
        LD(10, 2, -10),         /* 0xFFFFFFFF - 10 = ...F5 -> word 5: 45 */
        LD(11, 0, -1),          /* word 15: 44 */
        EXIT,
    };
    wf_program p = prog_of(w, N(w));
    uint32_t mem[16] = {0x77};
    wf_arch_state st;
    run_ok(&c, &p, mem, &st);
    ck_assert_uint_eq(st.mem[15], 44);
    ck_assert_uint_eq(st.mem[1], 43);
    ck_assert_uint_eq(st.mem[5], 45);
    ck_assert_uint_eq(st.mem[0], 0x77);
    for (unsigned i = 0; i < 16; i++)
        if (i != 0 && i != 1 && i != 5 && i != 15) ck_assert_uint_eq(st.mem[i], 0);
    ck_assert_uint_eq(reg(&st, 0, 4, 0), 43);
    ck_assert_uint_eq(reg(&st, 0, 5, 0), 42);
    ck_assert_uint_eq(reg(&st, 0, 7, 0), 0x77);
    ck_assert_uint_eq(reg(&st, 0, 10, 0), 45);
    ck_assert_uint_eq(reg(&st, 0, 11, 0), 44);
    wf_arch_free(&st);
}
END_TEST

START_TEST(st_same_word_highest_lane_wins)
{
    wf_config c = cfg_of(2, 4, 8, 32);
    c.active_warps = 1;
    uint64_t w[] = {
        LANE(1),
        ST(0, 5, 1),           /* every lane writes word 5: lane 3 wins */
        MOVI(2, 1),
        R3(SHR, 3, 1, 2),      /* lane >> 1: lanes 0,1 -> 0; lanes 2,3 -> 1 */
        ADDI(4, 1, 100),
        ST(3, 8, 4),           /* word 8 <- 101 (lane 1), word 9 <- 103 (lane 3) */
        MOVI(5, -1),
        R3(SUB, 6, 5, 1),      /* -1 - lane */
        ST(6, 20, 4),          /* distinct words 19, 18, 17, 16 */
        LD(7, 0, 5),           /* every lane reads the stored word: 3 */
        EXIT,
    };
    wf_program p = prog_of(w, N(w));
    wf_arch_state st;
    run_ok(&c, &p, NULL, &st);
    ck_assert_uint_eq(st.mem[5], 3);
    ck_assert_uint_eq(st.mem[8], 101);
    ck_assert_uint_eq(st.mem[9], 103);
    ck_assert_uint_eq(st.mem[19], 100);
    ck_assert_uint_eq(st.mem[18], 101);
    ck_assert_uint_eq(st.mem[17], 102);
    ck_assert_uint_eq(st.mem[16], 103);
    for (unsigned l = 0; l < 4; l++) ck_assert_uint_eq(reg(&st, 0, 7, l), 3);
    wf_arch_free(&st);
}
END_TEST

START_TEST(ld_uses_old_register_values)
{
    /* ld r1 <- [r1 + 0] and add r2 <- r2, r2: every lane reads its old value */
    wf_config c = cfg_of(1, 4, 4, 16);
    uint32_t mem[16] = {0};
    for (unsigned i = 0; i < 16; i++) mem[i] = 1000 + i;
    mem[10] = 11; /* a chain: if a write leaked into a later read, lane 0 would see mem[11] */
    uint64_t w[] = {LANE(1), ADDI(1, 1, 10), LD(1, 1, 0), LD(1, 1, 0),
                    LANE(2), R3(ADD, 2, 2, 2), R3(MUL, 3, 2, 2), MAD(3, 3, 3, 3), EXIT};
    wf_program p = prog_of(w, N(w));
    wf_arch_state st;
    run_ok(&c, &p, mem, &st);
    /* lane 0: r1 = 10 -> mem[10] = 11 -> mem[11] = 1011; other lanes: 1000+10+l then mem[that & 15] */
    ck_assert_uint_eq(reg(&st, 0, 1, 0), 1011);
    for (unsigned l = 1; l < 4; l++)
        ck_assert_uint_eq(reg(&st, 0, 1, l), mem[(1010 + l) & 15]);
    for (unsigned l = 0; l < 4; l++) {
        uint32_t d = 2 * l, sq = d * d;
        ck_assert_uint_eq(reg(&st, 0, 2, l), d);
        ck_assert_uint_eq(reg(&st, 0, 3, l), sq * sq + sq);
    }
    wf_arch_free(&st);
}
END_TEST

/* ---- thread identity ----------------------------------------------------- */

START_TEST(tid_wid_lane)
{
    static const unsigned shapes[][2] = {{1, 1}, {3, 5}, {4, 8}, {2, 32}, {64, 1}, {64, 32}};
    for (unsigned k = 0; k < N(shapes); k++) {
        unsigned W = shapes[k][0], L = shapes[k][1];
        wf_config c = cfg_of(W, L, 4, 4096);
        uint64_t w[] = {TID(1), WID(2), LANE(3), ST(1, 0, 1), EXIT};
        wf_program p = prog_of(w, N(w));
        wf_arch_state st;
        run_ok(&c, &p, NULL, &st);
        for (unsigned wi = 0; wi < W; wi++) {
            ck_assert_uint_eq(st.retired[wi], 5);
            for (unsigned l = 0; l < L; l++) {
                ck_assert_uint_eq(reg(&st, wi, 0, l), 0);
                ck_assert_uint_eq(reg(&st, wi, 1, l), wi * L + l);
                ck_assert_uint_eq(reg(&st, wi, 2, l), wi);
                ck_assert_uint_eq(reg(&st, wi, 3, l), l);
                ck_assert_uint_eq(st.mem[wi * L + l], wi * L + l);
            }
        }
        wf_arch_free(&st);
    }
}
END_TEST

/* ---- control ------------------------------------------------------------- */

START_TEST(bra_skips)
{
    wf_config c = cfg_of(1, 2, 4, 16);
    uint64_t w[] = {MOVI(1, 1), BRA(3), MOVI(1, 2), MOVI(2, 3), BRA(6), MOVI(3, 9), EXIT};
    wf_program p = prog_of(w, N(w));
    wf_arch_state st;
    run_ok(&c, &p, NULL, &st);
    for (unsigned l = 0; l < 2; l++) {
        ck_assert_uint_eq(reg(&st, 0, 1, l), 1);
        ck_assert_uint_eq(reg(&st, 0, 2, l), 3);
        ck_assert_uint_eq(reg(&st, 0, 3, l), 0);
    }
    ck_assert_uint_eq(st.retired[0], 5);
    wf_arch_free(&st);
}
END_TEST

START_TEST(bnz_reads_lane0_only)
{
    wf_config c = cfg_of(1, 4, 8, 16);
    uint64_t w[] = {
        LANE(1),          /* 0 1 2 3: lane 0 zero, the others not */
        BNZ(1, 4),        /* not taken */
        MOVI(2, 7),       /* executed */
        NOP,
        MOVI(4, 1),
        R3(SUB, 3, 4, 1), /* 1 - lane: 1 0 -1 -2: lane 0 nonzero */
        BNZ(3, 8),        /* taken */
        MOVI(5, 9),       /* skipped */
        MOVI(6, 0),       /* 8 */
        BNZ(6, 11),       /* all zero: not taken */
        MOVI(7, 5),
        EXIT,             /* 11 */
    };
    wf_program p = prog_of(w, N(w));
    wf_arch_state st;
    run_ok(&c, &p, NULL, &st);
    for (unsigned l = 0; l < 4; l++) {
        ck_assert_uint_eq(reg(&st, 0, 2, l), 7);
        ck_assert_uint_eq(reg(&st, 0, 5, l), 0);
        ck_assert_uint_eq(reg(&st, 0, 7, l), 5);
    }
    ck_assert_uint_eq(st.retired[0], 11);
    wf_arch_free(&st);
}
END_TEST

START_TEST(count_down_loop)
{
    wf_config c = cfg_of(2, 3, 4, 16);
    uint64_t w[] = {MOVI(1, 10), MOVI(2, 0), ADDI(2, 2, 3), ADDI(1, 1, -1), BNZ(1, 2), EXIT};
    wf_program p = prog_of(w, N(w));
    wf_arch_state st;
    run_ok(&c, &p, NULL, &st);
    for (unsigned wi = 0; wi < 2; wi++) {
        ck_assert_uint_eq(st.retired[wi], 2 + 3 * 10 + 1);
        for (unsigned l = 0; l < 3; l++) {
            ck_assert_uint_eq(reg(&st, wi, 1, l), 0);
            ck_assert_uint_eq(reg(&st, wi, 2, l), 30);
        }
    }
    wf_arch_free(&st);
}
END_TEST

START_TEST(exit_ends_the_warp)
{
    wf_config c = cfg_of(2, 2, 4, 16);
    uint64_t w[] = {MOVI(1, 1), ST(0, 3, 1), EXIT, MOVI(1, 2), ST(0, 4, 1), EXIT};
    wf_program p = prog_of(w, N(w));
    wf_arch_state st;
    run_ok(&c, &p, NULL, &st);
    for (unsigned wi = 0; wi < 2; wi++) {
        ck_assert_uint_eq(st.retired[wi], 3);
        ck_assert_uint_eq(reg(&st, wi, 1, 0), 1);
        ck_assert_uint_eq(reg(&st, wi, 1, 1), 1);
    }
    ck_assert_uint_eq(st.mem[3], 1);
    ck_assert_uint_eq(st.mem[4], 0);
    wf_arch_free(&st);
}
END_TEST

START_TEST(start_pcs)
{
    wf_config c = cfg_of(4, 2, 4, 16);
    uint64_t w[] = {
        MOVI(1, 10), EXIT,   /* 0: warps 0 and 3 */
        MOVI(1, 20), EXIT,   /* 2: warp 1 */
        MOVI(1, 30), MOVI(2, 31), EXIT, /* 4: warp 2 */
    };
    wf_program p = prog_of(w, N(w));
    p.start_pc[1] = 2;
    p.start_pc[2] = 4;
    wf_arch_state st;
    run_ok(&c, &p, NULL, &st);
    static const uint32_t r1[] = {10, 20, 30, 10}, r2[] = {0, 0, 31, 0}, ret[] = {2, 2, 3, 2};
    for (unsigned wi = 0; wi < 4; wi++) {
        ck_assert_uint_eq(st.retired[wi], ret[wi]);
        for (unsigned l = 0; l < 2; l++) {
            ck_assert_uint_eq(reg(&st, wi, 1, l), r1[wi]);
            ck_assert_uint_eq(reg(&st, wi, 2, l), r2[wi]);
        }
    }
    wf_arch_free(&st);
    /* a start pc for a warp that is not launched is ignored; beyond warps is an error */
    c.active_warps = 2;
    p.start_pc[3] = 6;
    run_ok(&c, &p, NULL, &st);
    ck_assert_uint_eq(st.retired[3], 0);
    wf_arch_free(&st);
    p.start_pc[3] = 0;
    p.start_pc[5] = 2;
    run_err(&c, &p, MAX_STEPS, "warp 5: .start given but the machine has warps=4");
}
END_TEST

START_TEST(active_warps)
{
    wf_config c = cfg_of(4, 4, 4, 64);
    uint64_t w[] = {TID(1), ADDI(2, 1, 1), ST(1, 0, 2), EXIT};
    wf_program p = prog_of(w, N(w));
    static const unsigned act[] = {0, 1, 2, 4};
    for (unsigned k = 0; k < N(act); k++) {
        c.active_warps = act[k];
        unsigned launched = act[k] ? act[k] : 4;
        wf_arch_state st;
        run_ok(&c, &p, NULL, &st);
        for (unsigned wi = 0; wi < 4; wi++) {
            ck_assert_uint_eq(st.retired[wi], wi < launched ? 4 : 0);
            for (unsigned l = 0; l < 4; l++) {
                unsigned t = wi * 4 + l;
                ck_assert_uint_eq(reg(&st, wi, 1, l), wi < launched ? t : 0);
                ck_assert_uint_eq(reg(&st, wi, 2, l), wi < launched ? t + 1 : 0);
                ck_assert_uint_eq(st.mem[t], wi < launched ? t + 1 : 0);
            }
        }
        wf_arch_free(&st);
    }
}
END_TEST

START_TEST(warps_run_in_order)
{
    /* Warps conflict on word 0: the interpreter's order (0, then 1, ...) decides. */
    wf_config c = cfg_of(3, 2, 4, 16);
    uint64_t w[] = {LD(1, 0, 0), WID(2), ADDI(2, 2, 1), MOVI(3, 10), MAD(1, 1, 3, 2), ST(0, 0, 1),
                    EXIT};
    wf_program p = prog_of(w, N(w));
    wf_arch_state st;
    run_ok(&c, &p, NULL, &st);
    /* warp 0: 0*10+1 = 1; warp 1: 1*10+2 = 12; warp 2: 12*10+3 = 123 */
    ck_assert_uint_eq(st.mem[0], 123);
    ck_assert_uint_eq(reg(&st, 0, 1, 1), 1);
    ck_assert_uint_eq(reg(&st, 1, 1, 0), 12);
    ck_assert_uint_eq(reg(&st, 2, 1, 1), 123);
    wf_arch_free(&st);
}
END_TEST

/* ---- errors -------------------------------------------------------------- */

START_TEST(step_limit)
{
    wf_config c = cfg_of(2, 1, 2, 16);
    uint64_t hang[] = {BRA(0)};
    wf_program p = prog_of(hang, N(hang));
    run_err(&c, &p, 100, "warp 0 did not exit within 100 instructions (pc 0)");
    run_err(&c, &p, 1, "warp 0 did not exit within 1 instructions (pc 0)");

    uint64_t w1[] = {EXIT, NOP, BRA(1)}; /* warp 1 from pc 1 loops over 1, 2 */
    p = prog_of(w1, N(w1));
    p.start_pc[1] = 1;
    run_err(&c, &p, 50, "warp 1 did not exit within 50 instructions (pc 1)");
    run_err(&c, &p, 51, "warp 1 did not exit within 51 instructions (pc 2)");

    /* exactly max_steps instructions (exit included) is allowed */
    uint64_t five[] = {NOP, NOP, NOP, NOP, EXIT};
    p = prog_of(five, N(five));
    wf_arch_state st;
    char err[128];
    ck_assert_int_eq(wf_functional_run(&c, &p, NULL, 5, &st, err, sizeof err), 0);
    ck_assert_uint_eq(st.retired[0], 5);
    ck_assert_uint_eq(st.retired[1], 5);
    wf_arch_free(&st);
    run_err(&c, &p, 4, "warp 0 did not exit within 4 instructions (pc 4)");
    run_err(&c, &p, 0, "warp 0 did not exit within 0 instructions (pc 0)");

    /* a long counted loop still finishes well below the default limit */
    uint64_t loop[] = {MOVI(1, 1000000), ADDI(1, 1, -1), BNZ(1, 1), EXIT};
    p = prog_of(loop, N(loop));
    ck_assert_int_eq(wf_functional_run(&c, &p, NULL, 10000000, &st, err, sizeof err), 0);
    ck_assert_uint_eq(st.retired[0], 2000002);
    wf_arch_free(&st);
}
END_TEST

START_TEST(invalid_config)
{
    uint64_t w[] = {EXIT};
    wf_program p = prog_of(w, N(w));
    wf_config c = cfg_of(0, 4, 4, 16);
    run_err(&c, &p, MAX_STEPS, "parameter warps=0: allowed 1..64");
    c = cfg_of(65, 4, 4, 16);
    run_err(&c, &p, MAX_STEPS, "parameter warps=65: allowed 1..64");
    c = cfg_of(1, 33, 4, 16);
    run_err(&c, &p, MAX_STEPS, "parameter lanes=33: allowed 1..32");
    c = cfg_of(1, 1, 0, 16);
    run_err(&c, &p, MAX_STEPS, "parameter regs=0: allowed 1..128");
    c = cfg_of(1, 1, 4, 100);
    run_err(&c, &p, MAX_STEPS, "parameter mem_words=100: allowed a power of two in 16..65536");
    c = cfg_of(2, 1, 4, 16);
    c.active_warps = 3;
    run_err_has(&c, &p, "parameter active_warps=3");
    c = cfg_of(2, 1, 4, 16);
    c.layout = 7;
    run_err_has(&c, &p, "parameter layout=7: allowed naive|swizzle");
}
END_TEST

START_TEST(invalid_program)
{
    wf_config c = cfg_of(2, 2, 4, 16);
    uint64_t bad_op[] = {(uint64_t)0x17 << 56, EXIT};
    wf_program p = prog_of(bad_op, N(bad_op));
    run_err(&c, &p, MAX_STEPS, "word 0: undefined opcode");
    uint64_t big_reg[] = {MOVI(1, 1), MOVI(4, 1), EXIT}; /* regs = 4: r4 does not exist */
    p = prog_of(big_reg, N(big_reg));
    run_err_has(&c, &p, "word 1: rd out of range");
    uint64_t stray[] = {EXIT | 1u}; /* imm field of exit must be 0 */
    p = prog_of(stray, N(stray));
    run_err_has(&c, &p, "word 0: imm field must be 0");
    uint64_t fall[] = {MOVI(1, 1)};
    p = prog_of(fall, N(fall));
    run_err_has(&c, &p, "fall through");
    uint64_t tgt[] = {BRA(5), EXIT};
    p = prog_of(tgt, N(tgt));
    run_err_has(&c, &p, "word 0: branch target 5");
    p = prog_of(tgt, 0);
    run_err_has(&c, &p, "program length 0");
    uint64_t ok[] = {NOP, NOP, NOP, EXIT};
    p = prog_of(ok, N(ok));
    p.start_pc[1] = 4;
    run_err_has(&c, &p, "warp 1: start pc 4");
    p.start_pc[1] = 0;
    c.imem_words = 2;
    c.icache_line = 2; /* icache_line <= imem_words */
    run_err(&c, &p, MAX_STEPS, "program has 4 instructions; imem_words=2");
    c.imem_words = 4;
    wf_arch_state st;
    run_ok(&c, &p, NULL, &st);
    wf_arch_free(&st);
}
END_TEST

/* ---- kernels, expected results computed in plain C ------------------------ */

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s;
}

START_TEST(kernel_vecadd)
{
    /* mem[256 + tid] = mem[tid] + mem[128 + tid], inputs from mem_init */
    enum { WARPS = 4, LANES = 8, M = 512 };
    wf_config c = cfg_of(WARPS, LANES, 8, M);
    uint32_t mem[M] = {0}, s = 7;
    for (unsigned i = 0; i < WARPS * LANES; i++) {
        mem[i] = lcg(&s);
        mem[128 + i] = lcg(&s);
    }
    uint64_t w[] = {TID(1), LD(2, 1, 0), LD(3, 1, 128), R3(ADD, 4, 2, 3), ST(1, 256, 4), EXIT};
    wf_program p = prog_of(w, N(w));
    wf_arch_state st;
    run_ok(&c, &p, mem, &st);
    for (unsigned i = 0; i < M; i++) {
        uint32_t want = mem[i];
        if (i >= 256 && i < 256 + WARPS * LANES) want = mem[i - 256] + mem[i - 128];
        ck_assert_msg(st.mem[i] == want, "mem[%u]: got %u, want %u", i, st.mem[i], want);
    }
    uint64_t total = 0;
    for (unsigned wi = 0; wi < WARPS; wi++) total += st.retired[wi];
    ck_assert_uint_eq(total, WARPS * 6);
    wf_arch_free(&st);
}
END_TEST

START_TEST(kernel_warp_sum_reduction)
{
    /* Warp w sums its K*L inputs data[w*K*L ..]: lane l adds the strided
     * elements i*L + l for i = 0..K-1 and stores the partial sum at
     * 512 + w*L + l; then every lane adds all partials of its warp back
     * (a second loop over L words) and lane results go to 768 + tid. */
    enum { WARPS = 3, LANES = 4, K = 5, M = 1024 };
    wf_config c = cfg_of(WARPS, LANES, 16, M);
    uint32_t mem[M] = {0}, s = 99;
    for (unsigned i = 0; i < WARPS * K * LANES; i++) mem[i] = lcg(&s) >> 4;
    uint64_t w[] = {
        WID(1), LANE(2), MOVI(3, K * LANES), R3(MUL, 4, 1, 3), /* r4 = w*K*L */
        R3(ADD, 4, 4, 2),                                      /* + lane */
        MOVI(5, K), MOVI(6, 0), MOVI(7, LANES),
        /* 8: */ LD(8, 4, 0), R3(ADD, 6, 6, 8), R3(ADD, 4, 4, 7), ADDI(5, 5, -1), BNZ(5, 8),
        TID(9), ST(9, 512, 6),                                 /* partial */
        R3(MUL, 10, 1, 7),                                     /* w*L: first partial */
        MOVI(11, LANES), MOVI(12, 0),
        /* 18: */ LD(13, 10, 512), R3(ADD, 12, 12, 13), ADDI(10, 10, 1), ADDI(11, 11, -1),
        BNZ(11, 18),
        ST(9, 768, 12), EXIT,
    };
    wf_program p = prog_of(w, N(w));
    wf_arch_state st;
    run_ok(&c, &p, mem, &st);
    for (unsigned wi = 0; wi < WARPS; wi++) {
        uint32_t total = 0;
        for (unsigned i = 0; i < K * LANES; i++) total += mem[wi * K * LANES + i];
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t part = 0;
            for (unsigned i = 0; i < K; i++) part += mem[wi * K * LANES + i * LANES + l];
            ck_assert_uint_eq(st.mem[512 + wi * LANES + l], part);
            ck_assert_uint_eq(st.mem[768 + wi * LANES + l], total);
            ck_assert_uint_eq(reg(&st, wi, 12, l), total);
        }
    }
    wf_arch_free(&st);
}
END_TEST

START_TEST(kernel_factorial)
{
    /* mem[tid] = (lane + 1) * n! mod 2^32 with n = 4*wid + 3, a warp-uniform loop count. */
    enum { WARPS = 6, LANES = 3 };
    wf_config c = cfg_of(WARPS, LANES, 8, 64);
    uint64_t w[] = {
        WID(1), MOVI(2, 4), MOVI(3, 3), MAD(1, 1, 2, 3), /* n = 4*wid + 3 */
        LANE(4), ADDI(4, 4, 1),                          /* f = lane + 1 */
        /* 6: */ R3(MUL, 4, 4, 1), ADDI(1, 1, -1), BNZ(1, 6),
        TID(5), ST(5, 0, 4), EXIT,
    };
    wf_program p = prog_of(w, N(w));
    wf_arch_state st;
    run_ok(&c, &p, NULL, &st);
    for (unsigned wi = 0; wi < WARPS; wi++) {
        unsigned n = 4 * wi + 3;
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t f = l + 1;
            for (unsigned i = 2; i <= n; i++) f *= i; /* uint32_t wraps mod 2^32 */
            ck_assert_uint_eq(st.mem[wi * LANES + l], f);
        }
        ck_assert_uint_eq(st.retired[wi], 6 + 3 * n + 3);
    }
    ck_assert_uint_eq(st.mem[5 * LANES], 862453760u); /* 23! mod 2^32, from Python math.factorial(23) % 2**32 */
    wf_arch_free(&st);
}
END_TEST

/* ---- through the assembler ----------------------------------------------- */

static void assemble(const char *src, unsigned regs, wf_program *p)
{
    char err[256] = "";
    ck_assert_msg(wf_assemble("t.s", src, regs, p, err, sizeof err) == 0, "assembly: %s", err);
}

START_TEST(assembled_programs)
{
    wf_program p;
    assemble("# C[tid] = A[tid] + B[tid]\n"
             "        tid  r1\n"
             "        ld   r2 <- [r1]\n"
             "        ld   r3, [r1 + 32]\n"
             "        add  r4 \xe2\x86\x90 r2, r3\n"
             "        st   [r1 + 64] <- r4\n"
             "        exit\n",
             8, &p);
    wf_config c = cfg_of(2, 8, 8, 128);
    uint32_t mem[128] = {0};
    for (unsigned i = 0; i < 16; i++) {
        mem[i] = 1000 * i;
        mem[32 + i] = 0xFFFFFFFF - i; /* sums wrap */
    }
    wf_arch_state st;
    run_ok(&c, &p, mem, &st);
    for (unsigned i = 0; i < 16; i++) ck_assert_uint_eq(st.mem[64 + i], 1000 * i - i - 1);
    wf_arch_free(&st);
    wf_program_free(&p);

    assemble(".start w1, other\n"
             "        movi r1 <- 10\n"
             "        movi r2 <- 0\n"
             "loop:   add  r2 <- r2, r1\n"
             "        addi r1 <- r1, -1\n"
             "        bnz  r1, loop\n"
             "        exit\n"
             "other:  movi r2, -5\n"
             "        st   [r0 - 1], r2\n"
             "        bra  @5\n",
             4, &p);
    c = cfg_of(2, 2, 4, 16);
    run_ok(&c, &p, NULL, &st);
    ck_assert_uint_eq(reg(&st, 0, 2, 0), 55);
    ck_assert_uint_eq(reg(&st, 0, 2, 1), 55);
    ck_assert_uint_eq(reg(&st, 1, 2, 1), 0xFFFFFFFB);
    ck_assert_uint_eq(st.mem[15], 0xFFFFFFFB);
    ck_assert_uint_eq(st.retired[0], 2 + 3 * 10 + 1);
    ck_assert_uint_eq(st.retired[1], 4);
    wf_arch_free(&st);
    wf_program_free(&p);
}
END_TEST

/* ---- state output -------------------------------------------------------- */

static char *json_of(const wf_arch_state *s)
{
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(wf_arch_write_json(s, f), 0);
    long n = ftell(f);
    ck_assert_int_ge(n, 0);
    char *buf = calloc((size_t)n + 1, 1);
    rewind(f);
    ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    return buf;
}

START_TEST(json_exact)
{
    wf_arch_state s;
    ck_assert_int_eq(wf_arch_alloc(&s, 1, 2, 2, 16), 0);
    *wf_arch_reg(&s, 0, 0, 0) = 1;
    *wf_arch_reg(&s, 0, 0, 1) = 2;
    *wf_arch_reg(&s, 0, 1, 0) = 0xFFFFFFFF;
    s.mem[0] = 7;
    s.mem[15] = 0x80000000;
    char *j = json_of(&s);
    ck_assert_str_eq(j, "{\"warps\":1,\"lanes\":2,\"regs\":[[[1,2],[4294967295,0]]],"
                        "\"mem\":[7,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2147483648]}\n");
    free(j);
    wf_arch_free(&s);

    ck_assert_int_eq(wf_arch_alloc(&s, 2, 1, 1, 16), 0);
    *wf_arch_reg(&s, 1, 0, 0) = 3;
    j = json_of(&s);
    ck_assert_str_eq(j, "{\"warps\":2,\"lanes\":1,\"regs\":[[[0]],[[3]]],"
                        "\"mem\":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}\n");
    free(j);
    wf_arch_free(&s);
}
END_TEST

START_TEST(diff_messages)
{
    wf_arch_state a, b;
    char buf[128];
    ck_assert_int_eq(wf_arch_alloc(&a, 3, 4, 8, 16), 0);
    ck_assert_int_eq(wf_arch_alloc(&b, 3, 4, 8, 16), 0);
    strcpy(buf, "x");
    wf_arch_diff(&a, &b, buf, sizeof buf);
    ck_assert_str_eq(buf, "");
    b.mem[12] = 1;
    a.mem[12] = 1;
    a.mem[13] = 1;
    wf_arch_diff(&a, &b, buf, sizeof buf);
    ck_assert_str_eq(buf, "mem[13]: 1 vs 0");
    *wf_arch_reg(&a, 2, 5, 3) = 7;
    *wf_arch_reg(&b, 2, 5, 3) = 9;
    *wf_arch_reg(&b, 2, 6, 0) = 1;
    wf_arch_diff(&a, &b, buf, sizeof buf);
    ck_assert_str_eq(buf, "warp 2 r5 lane 3: 7 vs 9"); /* registers first, in order */
    *wf_arch_reg(&a, 1, 7, 0) = 0xFFFFFFFF;
    wf_arch_diff(&a, &b, buf, sizeof buf);
    ck_assert_str_eq(buf, "warp 1 r7 lane 0: 4294967295 vs 0");
    wf_arch_diff(&b, &a, buf, 8); /* truncated, still terminated */
    ck_assert_str_eq(buf, "warp 1 ");
    a.retired[0] = 5; /* retired counts are not architectural state */
    *wf_arch_reg(&a, 1, 7, 0) = 0;
    *wf_arch_reg(&a, 2, 5, 3) = 9;
    *wf_arch_reg(&a, 2, 6, 0) = 1;
    a.mem[13] = 0;
    wf_arch_diff(&a, &b, buf, sizeof buf);
    ck_assert_str_eq(buf, "");
    wf_arch_free(&b);
    ck_assert_int_eq(wf_arch_alloc(&b, 3, 2, 8, 16), 0);
    wf_arch_diff(&a, &b, buf, sizeof buf);
    ck_assert_str_eq(buf, "lanes: 4 vs 2");
    wf_arch_free(&b);
    ck_assert_int_eq(wf_arch_alloc(&b, 3, 4, 8, 32), 0);
    wf_arch_diff(&a, &b, buf, sizeof buf);
    ck_assert_str_eq(buf, "mem_words: 16 vs 32");
    wf_arch_free(&b);
    ck_assert_int_eq(wf_arch_alloc(&b, 2, 4, 8, 16), 0);
    wf_arch_diff(&a, &b, buf, sizeof buf);
    ck_assert_str_eq(buf, "warps: 3 vs 2");
    wf_arch_free(&b);
    ck_assert_int_eq(wf_arch_alloc(&b, 3, 4, 16, 16), 0);
    wf_arch_diff(&a, &b, buf, sizeof buf);
    ck_assert_str_eq(buf, "regs: 8 vs 16");
    wf_arch_free(&b);
    wf_arch_free(&a);
}
END_TEST

START_TEST(alloc_and_free)
{
    wf_arch_state s;
    ck_assert_int_eq(wf_arch_alloc(&s, 0, 1, 1, 16), -1);
    ck_assert_ptr_null(s.reg);
    ck_assert_int_eq(wf_arch_alloc(&s, 64, 32, 128, 65536), 0);
    for (unsigned w = 0; w < 64; w++) ck_assert_uint_eq(s.retired[w], 0);
    ck_assert_uint_eq(*wf_arch_reg(&s, 63, 127, 31), 0);
    ck_assert_uint_eq(s.mem[65535], 0);
    wf_arch_free(&s);
    wf_arch_free(&s); /* idempotent */
    ck_assert_ptr_null(s.mem);
}
END_TEST

START_TEST(mem_init_copied_not_modified)
{
    wf_config c = cfg_of(1, 1, 2, 16);
    uint32_t mem[16];
    for (unsigned i = 0; i < 16; i++) mem[i] = 0xA0 + i;
    uint64_t w[] = {MOVI(1, 5), ST(0, 3, 1), EXIT};
    wf_program p = prog_of(w, N(w));
    wf_arch_state st;
    run_ok(&c, &p, mem, &st);
    ck_assert_uint_eq(st.mem[3], 5);
    ck_assert_uint_eq(mem[3], 0xA3); /* the caller's image is not written */
    ck_assert_uint_eq(st.mem[4], 0xA4);
    wf_arch_free(&st);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("functional");
    TCase *ops = tcase_create("operations"), *mem = tcase_create("memory"),
          *ctl = tcase_create("control"), *err = tcase_create("errors"),
          *ker = tcase_create("kernels"), *out = tcase_create("state");
    tcase_add_test(ops, add_sub_wrap);
    tcase_add_test(ops, logic);
    tcase_add_test(ops, shifts);
    tcase_add_test(ops, min_max_signed);
    tcase_add_test(ops, mul_mad_wrap);
    tcase_add_test(ops, movi_addi_immediates);
    tcase_add_test(ops, nop_changes_nothing);
    tcase_add_test(ops, tid_wid_lane);
    tcase_add_test(mem, ld_st_address_wrap);
    tcase_add_test(mem, st_same_word_highest_lane_wins);
    tcase_add_test(mem, ld_uses_old_register_values);
    tcase_add_test(mem, mem_init_copied_not_modified);
    tcase_add_test(ctl, bra_skips);
    tcase_add_test(ctl, bnz_reads_lane0_only);
    tcase_add_test(ctl, count_down_loop);
    tcase_add_test(ctl, exit_ends_the_warp);
    tcase_add_test(ctl, start_pcs);
    tcase_add_test(ctl, active_warps);
    tcase_add_test(ctl, warps_run_in_order);
    tcase_add_test(err, step_limit);
    tcase_add_test(err, invalid_config);
    tcase_add_test(err, invalid_program);
    tcase_add_test(ker, kernel_vecadd);
    tcase_add_test(ker, kernel_warp_sum_reduction);
    tcase_add_test(ker, kernel_factorial);
    tcase_add_test(ker, assembled_programs);
    tcase_add_test(out, json_exact);
    tcase_add_test(out, diff_messages);
    tcase_add_test(out, alloc_and_free);
    tcase_set_timeout(err, 60); /* the 2-million-instruction loop under ASan */
    suite_add_tcase(s, ops);
    suite_add_tcase(s, mem);
    suite_add_tcase(s, ctl);
    suite_add_tcase(s, err);
    suite_add_tcase(s, ker);
    suite_add_tcase(s, out);
    return wf_run_suite(s);
}
