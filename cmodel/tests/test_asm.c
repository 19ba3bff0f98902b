/* Assembler, disassembler and program images (docs/isa.md "Assembly language",
 * "Images"). Expected words come from wf_encode or from hand-derived hex. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, write, unlink */
#include <check.h>

#include "wf_check.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wf_program.h"

#define W(op_, rd_, ra_, rb_, rc_, imm_) \
    {.op = (op_), .rd = (rd_), .ra = (ra_), .rb = (rb_), .rc = (rc_), .imm = (imm_)}

static void asm_ok(const char *src, unsigned regs, wf_program *p)
{
    char err[512] = "";
    int rc = wf_assemble("t.s", src, regs, p, err, sizeof err);
    ck_assert_msg(rc == 0, "assembling <<%s>> failed: %s", src, err);
}

/* The first word of `line` followed by an exit. */
static uint64_t word_of(const char *line)
{
    char src[512];
    wf_program p;
    snprintf(src, sizeof src, "%s\nexit\n", line);
    asm_ok(src, 32, &p);
    ck_assert_uint_eq(p.len, 2);
    uint64_t w = p.words[0];
    wf_program_free(&p);
    return w;
}

static void check_err(const char *src, unsigned regs, const char *want)
{
    char err[512] = "";
    wf_program p;
    int rc = wf_assemble("t.s", src, regs, &p, err, sizeof err);
    ck_assert_msg(rc == -1, "<<%s>> assembled but should fail with %s", src, want);
    ck_assert_str_eq(err, want);
    ck_assert_ptr_null(p.words); /* out is left empty */
    ck_assert_uint_eq(p.len, 0);
}

/* Contents of a stdio stream written by the code under test. */
static char *slurp(FILE *f, size_t *n)
{
    rewind(f);
    size_t cap = 1 << 16, len = 0, k;
    char *buf = malloc(cap + 1);
    while ((k = fread(buf + len, 1, cap - len, f)) > 0)
        if ((len += k) == cap) buf = realloc(buf, (cap *= 2) + 1);
    buf[len] = 0;
    if (n) *n = len;
    return buf;
}

/* Every mnemonic in its docs/isa.md form; %s is the destination separator. */
static const struct {
    const char *fmt;
    wf_insn in;
} forms[] = {
    {"nop", W(WF_OP_NOP, 0, 0, 0, 0, 0)},
    {"add r1 %s r2, r3", W(WF_OP_ADD, 1, 2, 3, 0, 0)},
    {"sub r4 %s r5, r6", W(WF_OP_SUB, 4, 5, 6, 0, 0)},
    {"and r7 %s r8, r9", W(WF_OP_AND, 7, 8, 9, 0, 0)},
    {"or r10 %s r11, r12", W(WF_OP_OR, 10, 11, 12, 0, 0)},
    {"xor r13 %s r14, r15", W(WF_OP_XOR, 13, 14, 15, 0, 0)},
    {"shl r16 %s r17, r18", W(WF_OP_SHL, 16, 17, 18, 0, 0)},
    {"shr r19 %s r20, r21", W(WF_OP_SHR, 19, 20, 21, 0, 0)},
    {"min r22 %s r23, r24", W(WF_OP_MIN, 22, 23, 24, 0, 0)},
    {"max r25 %s r26, r27", W(WF_OP_MAX, 25, 26, 27, 0, 0)},
    {"mov r28 %s r29", W(WF_OP_MOV, 28, 29, 0, 0, 0)},
    {"movi r30 %s -5", W(WF_OP_MOVI, 30, 0, 0, 0, -5)},
    {"addi r31 %s r0, 0x7f", W(WF_OP_ADDI, 31, 0, 0, 0, 127)},
    {"mul r3 %s r2, r1", W(WF_OP_MUL, 3, 2, 1, 0, 0)},
    {"mad r2 %s r5, r4, r6", W(WF_OP_MAD, 2, 5, 4, 6, 0)},
    {"ld r3 %s [r1 + 4]", W(WF_OP_LD, 3, 1, 0, 0, 4)},
    {"st [r1 - 2] %s r2", W(WF_OP_ST, 0, 1, 2, 0, -2)},
    {"tid r5", W(WF_OP_TID, 5, 0, 0, 0, 0)},
    {"wid r6", W(WF_OP_WID, 6, 0, 0, 0, 0)},
    {"lane r7", W(WF_OP_LANE, 7, 0, 0, 0, 0)},
    {"bra @1", W(WF_OP_BRA, 0, 0, 0, 0, 1)},
    {"bnz r9, @0", W(WF_OP_BNZ, 0, 9, 0, 0, 0)},
    {"exit", W(WF_OP_EXIT, 0, 0, 0, 0, 0)},
};
#define NFORMS (sizeof forms / sizeof forms[0])
static const char *const seps[3] = {"\xe2\x86\x90", "<-", ","};

/* ---- syntax ---- */

START_TEST(every_mnemonic_every_separator)
{
    unsigned seen = 0;
    for (size_t i = 0; i < NFORMS; i++) {
        uint64_t want = wf_encode(&forms[i].in);
        seen |= 1u << forms[i].in.op;
        for (int s = 0; s < 3; s++) {
            char line[64];
            snprintf(line, sizeof line, forms[i].fmt, seps[s]);
            ck_assert_msg(word_of(line) == want, "%s", line);
        }
    }
    ck_assert_uint_eq(seen, (1u << WF_OP_COUNT) - 1); /* the table covers every opcode */
}
END_TEST

START_TEST(seed_lines)
{
    static const struct {
        const char *line;
        wf_insn in;
        uint64_t hex; /* op[63:56] rd[55:48] ra[47:40] rb[39:32] rc[31:24] imm[23:0] */
    } seed[] = {
        {"mad r2 ← r5, r4, r6", W(WF_OP_MAD, 2, 5, 4, 6, 0), 0x0E02050406000000ull},
        {"add r5 ← r5, r1", W(WF_OP_ADD, 5, 5, 1, 0, 0), 0x0105050100000000ull},
        {"add r1 ← r2, r5", W(WF_OP_ADD, 1, 2, 5, 0, 0), 0x0101020500000000ull},
        {"mad r4 ← r3, r7, r1", W(WF_OP_MAD, 4, 3, 7, 1, 0), 0x0E04030701000000ull},
    };
    for (size_t i = 0; i < sizeof seed / sizeof seed[0]; i++) {
        uint64_t w = word_of(seed[i].line);
        ck_assert_msg(w == wf_encode(&seed[i].in), "%s", seed[i].line);
        ck_assert_msg(w == seed[i].hex, "%s: %016llx", seed[i].line, (unsigned long long)w);
    }
}
END_TEST

/* Hand-derived words, and the optional whitespace around punctuation. */
START_TEST(literal_words_and_spacing)
{
    static const struct {
        const char *line;
        uint64_t hex;
    } t[] = {
        {"addi r3 <- r3, -1", 0x0C03030000FFFFFFull},
        {"st [r1 + 4] <- r2", 0x1000010200000004ull},
        {"ld r3 <- [r1 - 2]", 0x0F03010000FFFFFEull},
        {"movi r1 <- 8388607", 0x0B010000007FFFFFull},
        {"movi r1 <- -8388608", 0x0B01000000800000ull},
        {"bnz r9, @1", 0x1500090000000001ull},
        {"bra @1", 0x1400000000000001ull},
        {"lane r7", 0x1307000000000000ull},
        {"exit", 0x1600000000000000ull},
        {"nop", 0x0000000000000000ull},
        {"add r1<-r2,r3", 0x0101020300000000ull},
        {"add\tr1\t<-\tr2 ,\tr3", 0x0101020300000000ull},
        {"   add r1 <- r2, r3   \t", 0x0101020300000000ull},
        {"mad r2←r5,r4,r6", 0x0E02050406000000ull},
        {"ld r3<-[r1+4]", 0x0F03010000000004ull},
        {"ld r3,[ r1 ]", 0x0F03010000000000ull},
        {"ld r3 <- [r1]", 0x0F03010000000000ull},
        {"st[r1-2],r2", 0x1000010200FFFFFEull},
        {"st [r1], r2", 0x1000010200000000ull},
        {"ld r3 <- [r1 + -4]", 0x0F03010000FFFFFCull}, /* the disassembler's form */
        {"ld r3 <- [r1 - -4]", 0x0F03010000000004ull},
        {"bnz r9,@1", 0x1500090000000001ull},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        uint64_t w = word_of(t[i].line);
        ck_assert_msg(w == t[i].hex, "%s: got %016llx want %016llx", t[i].line,
                      (unsigned long long)w, (unsigned long long)t[i].hex);
    }
}
END_TEST

START_TEST(labels_comments_start)
{
    const char *src = ".start w3, mid\n"        /* 1: forward label */
                      "# full-line comment\n"   /* 2 */
                      "top:\n"                  /* 3: stands alone */
                      "start: nop   # x\n"      /* 4: pc 0 */
                      "  bra fwd\n"             /* 5: pc 1, forward */
                      "mid: a1:_L9:\n"          /* 6: several labels */
                      "  addi r3 <- r3, -1#c\n" /* 7: pc 2 */
                      "  bnz r3, _L9\n"         /* 8: pc 3, backward */
                      "fwd: bnz r1, top\n"      /* 9: pc 4 */
                      ".start w63, @1\n"        /* 10 */
                      "exit";                   /* 11: pc 5, no newline */
    wf_program p;
    asm_ok(src, 32, &p);
    const wf_insn want[] = {W(WF_OP_NOP, 0, 0, 0, 0, 0),  W(WF_OP_BRA, 0, 0, 0, 0, 4),
                            W(WF_OP_ADDI, 3, 3, 0, 0, -1), W(WF_OP_BNZ, 0, 3, 0, 0, 2),
                            W(WF_OP_BNZ, 0, 1, 0, 0, 0),  W(WF_OP_EXIT, 0, 0, 0, 0, 0)};
    const unsigned lines[] = {4, 5, 7, 8, 9, 11};
    ck_assert_uint_eq(p.len, 6);
    for (unsigned i = 0; i < 6; i++) {
        ck_assert_msg(p.words[i] == wf_encode(&want[i]), "word %u", i);
        ck_assert_uint_eq(p.line[i], lines[i]);
    }
    for (unsigned w = 0; w < WF_MAX_WARPS; w++)
        ck_assert_uint_eq(p.start_pc[w], w == 3 ? 2 : w == 63 ? 1 : 0);
    wf_program_free(&p);
}
END_TEST

START_TEST(line_ends)
{
    wf_program p;
    asm_ok("nop\r\nbnz r1, x\r\nx: exit\r\n", 32, &p); /* \r is not part of the label */
    ck_assert_uint_eq(p.len, 3);
    ck_assert(p.words[1] == 0x1500010000000002ull);
    wf_program_free(&p);
    asm_ok("nop\nexit", 32, &p); /* no trailing newline */
    ck_assert_uint_eq(p.len, 2);
    ck_assert(p.words[1] == 0x1600000000000000ull);
    wf_program_free(&p);
}
END_TEST

START_TEST(numbers)
{
    ck_assert(word_of("movi r1 <- 0x1F") == 0x0B0100000000001Full);
    ck_assert(word_of("movi r1 <- 0xAbC") == 0x0B01000000000ABCull);
    ck_assert(word_of("movi r1 <- -0x10") == 0x0B01000000FFFFF0ull);
    ck_assert(word_of("movi r1 <- 007") == 0x0B01000000000007ull);
    ck_assert(word_of("movi r1 <- 0x7fffff") == 0x0B010000007FFFFFull);
    ck_assert(word_of("movi r1 <- -0x800000") == 0x0B01000000800000ull);
    ck_assert(word_of("addi r1 <- r2, 8388607") == 0x0C010200007FFFFFull);
    ck_assert(word_of("ld r1 <- [r2 - 8388608]") == 0x0F01020000800000ull);
    ck_assert(word_of("st [r2 + 8388607], r1") == 0x10000201007FFFFFull);
    check_err("movi r1 <- 8388608\nexit", 32,
              "t.s:1:12: immediate 8388608 out of range -8388608..8388607");
    check_err("movi r1 <- -8388609\nexit", 32,
              "t.s:1:12: immediate -8388609 out of range -8388608..8388607");
    check_err("addi r1 <- r1, 0x800000\nexit", 32,
              "t.s:1:16: immediate 8388608 out of range -8388608..8388607");
    check_err("ld r1 <- [r2 + 8388608]\nexit", 32,
              "t.s:1:16: immediate 8388608 out of range -8388608..8388607");
    check_err("st [r2 - 8388609], r1\nexit", 32,
              "t.s:1:10: immediate -8388609 out of range -8388608..8388607");
    check_err("movi r1 <- 99999999999999999999\nexit", 32,
              "t.s:1:12: immediate 99999999999999999999 out of range -8388608..8388607");
}
END_TEST

START_TEST(register_limits)
{
    wf_program p;
    asm_ok("add r31 <- r0, r31\nexit", 32, &p);
    wf_program_free(&p);
    asm_ok("mad r127 <- r126, r125, r0\nexit", 128, &p);
    ck_assert(p.words[0] == 0x0E7F7E7D00000000ull);
    wf_program_free(&p);
    asm_ok("add r0 <- r0, r0\nexit", 1, &p);
    wf_program_free(&p);
    check_err("add r0 <- r0, r32\nexit", 32, "t.s:1:15: register r32 out of range (regs=32)");
    check_err("tid r128\nexit", 128, "t.s:1:5: register r128 out of range (regs=128)");
    check_err("tid r1\nexit", 1, "t.s:1:5: register r1 out of range (regs=1)");
}
END_TEST

/* ---- errors ---- */

START_TEST(bad_inputs)
{
    static const struct {
        const char *src, *want;
    } t[] = {
        {"foo r1\nexit\n", "t.s:1:1: unknown mnemonic 'foo'"},
        {"ADD r1 <- r2, r3\nexit", "t.s:1:1: unknown mnemonic 'ADD'"},
        {"r1 <- r2\nexit", "t.s:1:1: unknown mnemonic 'r1'"},
        {"nop\nadd r1 <- r1x, r2\nexit\n", "t.s:2:11: bad register 'r1x'"},
        {"add r01 <- r2, r3\nexit", "t.s:1:5: bad register 'r01'"},
        {"add r1 <- r40, r2\nexit", "t.s:1:11: register r40 out of range (regs=32)"},
        {"add r1 <- r2\nexit", "t.s:1:13: missing operand"},
        {"mad r1 <- r2, r3 # no rc\nexit", "t.s:1:18: missing operand"},
        {"mov r1 <- r2, r3\nexit", "t.s:1:15: extra operand 'r3'"},
        {"add r1 <- r2, r3 r4\nexit", "t.s:1:18: extra operand 'r4'"},
        {"exit <- r1", "t.s:1:6: extra operand '<-'"},
        {"mov r1 <- r2,\nexit", "t.s:1:13: trailing ','"},
        {"movi r1 <- 9000000\nexit", "t.s:1:12: immediate 9000000 out of range -8388608..8388607"},
        {"nop\n  bra done\nexit", "t.s:2:7: undefined label 'done'"},
        {"nop\r\nbra nowhere\r\nexit\r\n", "t.s:2:5: undefined label 'nowhere'"},
        {"nop\nloop: nop\n loop: exit", "t.s:3:2: duplicate label 'loop' (first defined at line 2)"},
        {"add r1 r2, r3\nexit", "t.s:1:8: expected '<-', '←' or ','"},
        {"add r1 < r2, r3\nexit", "t.s:1:8: expected '<-', '←' or ','"},
        {"addi r1 <- r1 -1\nexit", "t.s:1:15: expected ','"},
        {"bnz r1 <- @0\nexit", "t.s:1:8: expected ','"},
        {"ld r1 <- [r2 + 4\nexit", "t.s:1:17: expected ']'"},
        {"ld r1 <- [r2 # x]\nexit", "t.s:1:14: expected ']'"},
        {"st r1, [r2]\nexit", "t.s:1:4: expected '['"},
        {"add r1 <- [r2], r3\nexit", "t.s:1:11: expected a register, found '['"},
        {"movi r1 <- ]\nexit", "t.s:1:12: expected a number, found ']'"},
        {", r1\nexit", "t.s:1:1: expected a mnemonic, found ','"},
        {"movi r1 <- 0xZ\nexit", "t.s:1:12: bad number '0xZ'"},
        {"movi r1 <- 0x\nexit", "t.s:1:12: bad number '0x'"},
        {"movi r1 <- 12abc\nexit", "t.s:1:12: bad number '12abc'"},
        {"", "t.s:1:1: empty program"},
        {"# nothing\n\n  \n.start w1, @0\n", "t.s:1:1: empty program"},
        {"nop\n  add r1 <- r2, r3 # end\n",
         "t.s:2:3: last instruction can fall through past the end of the program (end with exit or bra)"},
        {"add: nop\nexit", "t.s:1:1: label 'add' is a mnemonic"},
        {"1x: nop\nexit", "t.s:1:1: bad label '1x'"},
        {"bra end\nexit\nend:\n", "t.s:1:5: label 'end' does not name an instruction (nothing follows it)"},
        {"bra @2\nexit", "t.s:1:5: branch target @2 beyond the end of the program (length 2)"},
        {"bra 5\nexit", "t.s:1:5: bad branch target '5'"},
        {"bra @0x\nexit", "t.s:1:5: bad branch target '@0x'"},
        {".org 5\nexit", "t.s:1:1: unknown directive '.org'"},
        {".start w64, @0\nexit", "t.s:1:8: warp w64 out of range (w0..w63)"},
        {".start x1, @0\nexit", "t.s:1:8: bad warp 'x1' (expected w0..w63)"},
        {".start w1 @0\nexit", "t.s:1:11: expected ','"},
        {".start w1, @0\n.start w1, @1\nnop\nexit", "t.s:2:8: duplicate .start for w1 (first at line 1)"},
        {".start w2, @9\nexit", "t.s:1:12: start pc @9 beyond the end of the program (length 1)"},
        {".start w2, later\nexit\nlater:", "t.s:1:12: label 'later' does not name an instruction (nothing follows it)"},
        {"nop \xff\nexit", "t.s:1:5: extra operand '\\xff'"},
        {"tid r1\x01\nexit", "t.s:1:5: bad register 'r1\\x01'"},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) check_err(t[i].src, 32, t[i].want);
}
END_TEST

START_TEST(long_inputs)
{
    size_t n = 100000;
    char *s = malloc(n + 16);
    memset(s, 'a', n);
    strcpy(s + n, "\nexit");
    char want[128];
    snprintf(want, sizeof want, "t.s:1:1: unknown mnemonic '%.48s...'", s);
    check_err(s, 32, want);
    memcpy(s, "nop", 3); /* a long run of blanks and a comment is fine */
    memset(s + 3, ' ', n - 5);
    s[n - 2] = '#';
    wf_program p;
    asm_ok(s, 32, &p);
    ck_assert_uint_eq(p.len, 2);
    wf_program_free(&p);
    free(s);
}
END_TEST

/* 65536 instructions with 65535 labels is the limit; one more is too long. */
START_TEST(program_size_limit)
{
    size_t cap = 20 * (size_t)WF_MAX_PROGRAM + 64, o = 0;
    char *s = malloc(cap);
    for (unsigned i = 0; i < WF_MAX_PROGRAM - 1; i++) o += (size_t)sprintf(s + o, "L%u: nop\n", i);
    sprintf(s + o, "bra L40000\n");
    wf_program p;
    asm_ok(s, 32, &p);
    ck_assert_uint_eq(p.len, WF_MAX_PROGRAM);
    ck_assert(p.words[WF_MAX_PROGRAM - 1] == 0x1400000000009C40ull);
    wf_program_free(&p);
    sprintf(s + o, "nop\nexit\n");
    check_err(s, 32, "t.s:65537:1: program longer than 65536 instructions");
    free(s);
}
END_TEST

START_TEST(files_and_small_buffers)
{
    char path[] = "/tmp/test_asm_XXXXXX", want[128], err[256];
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, "nop\0\nexit\n", 10), 10); /* NUL bytes are input, refused */
    close(fd);
    wf_program p;
    ck_assert_int_eq(wf_assemble_file(path, 32, &p, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:1:4: NUL byte in the source", path);
    ck_assert_str_eq(err, want);
    FILE *f = fopen(path, "wb");
    fputs(".start w1, @1\nnop\nexit", f);
    fclose(f);
    ck_assert_int_eq(wf_assemble_file(path, 32, &p, err, sizeof err), 0);
    ck_assert_uint_eq(p.len, 2);
    ck_assert_uint_eq(p.start_pc[1], 1);
    wf_program_free(&p);
    unlink(path);
    ck_assert_int_eq(wf_assemble_file(path, 32, &p, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: cannot open: No such file or directory", path);
    ck_assert_str_eq(err, want);
    /* a short error buffer gets a truncated, terminated message (ASan checks the bounds) */
    char *small = malloc(10);
    ck_assert_int_eq(wf_assemble("t.s", "foo", 32, &p, small, 10), -1);
    ck_assert_str_eq(small, "t.s:1:1: ");
    free(small);
}
END_TEST

/* ---- disassembler ---- */

static void reassemble(const wf_program *p, unsigned regs, char **text)
{
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(wf_write_disasm(p, f), 0);
    *text = slurp(f, NULL);
    fclose(f);
    wf_program q;
    asm_ok(*text, regs, &q);
    ck_assert_uint_eq(q.len, p->len);
    for (unsigned i = 0; i < p->len; i++)
        ck_assert_msg(q.words[i] == p->words[i], "word %u differs after reassembly", i);
    ck_assert_mem_eq(q.start_pc, p->start_pc, sizeof p->start_pc);
    wf_program_free(&q);
}

START_TEST(disasm_every_mnemonic)
{
    char src[2048];
    size_t o = (size_t)snprintf(src, sizeof src, ".start w5, @3\n.start w0, @%zu\n", NFORMS - 1);
    for (size_t i = 0; i < NFORMS; i++) {
        o += (size_t)snprintf(src + o, sizeof src - o, forms[i].fmt, seps[0]);
        src[o++] = '\n';
    }
    src[o] = 0;
    wf_program p;
    char *text;
    asm_ok(src, 32, &p);
    ck_assert_uint_eq(p.len, NFORMS);
    reassemble(&p, 32, &text);
    free(text);
    wf_program_free(&p);
}
END_TEST

START_TEST(disasm_exact_text)
{
    wf_program p;
    char *text;
    asm_ok(".start w2, @1\nmad r2 ← r5, r4, r6\nld r3 <- [r1 - 2]\nbnz r3, @0\nexit", 32, &p);
    reassemble(&p, 32, &text);
    ck_assert_str_eq(text, ".start w2, @1\nmad r2 <- r5, r4, r6\nld r3 <- [r1 + -2]\nbnz r3, @0\nexit\n");
    free(text);
    wf_program_free(&p);
}
END_TEST

static uint64_t rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Words built with wf_encode over every opcode, register and immediate range. */
START_TEST(disasm_random_program)
{
    enum { N = 3000 };
    static const int32_t edge[] = {WF_IMM_MIN, WF_IMM_MAX, 0, -1, 1};
    uint64_t s = 0x9E3779B97F4A7C15ull;
    wf_program p = {.len = N, .words = calloc(N, 8), .line = calloc(N, sizeof(unsigned))};
    unsigned seen = 0;
    for (unsigned i = 0; i < N; i++) {
        wf_opcode op = i == N - 1 ? WF_OP_EXIT : (wf_opcode)(rnd(&s) % WF_OP_COUNT);
        unsigned f = wf_op_info(op)->fields;
        wf_insn in = {.op = op};
        if (f & WF_F_RD) in.rd = (uint8_t)(rnd(&s) % WF_MAX_REGS);
        if (f & WF_F_RA) in.ra = (uint8_t)(rnd(&s) % WF_MAX_REGS);
        if (f & WF_F_RB) in.rb = (uint8_t)(rnd(&s) % WF_MAX_REGS);
        if (f & WF_F_RC) in.rc = (uint8_t)(rnd(&s) % WF_MAX_REGS);
        if (f & WF_F_IMM)
            in.imm = rnd(&s) % 3 ? edge[rnd(&s) % 5] : (int32_t)(rnd(&s) % (1u << 24)) - (1 << 23);
        if (f & WF_F_TGT) in.imm = (int32_t)(rnd(&s) % N);
        p.words[i] = wf_encode(&in);
        seen |= 1u << op;
    }
    for (unsigned w = 0; w < WF_MAX_WARPS; w += 3) p.start_pc[w] = (uint16_t)(rnd(&s) % N);
    ck_assert_uint_eq(seen, (1u << WF_OP_COUNT) - 1);
    char err[256];
    ck_assert_ptr_null(wf_program_check(&p, WF_MAX_REGS, err, sizeof err));
    char *text;
    reassemble(&p, WF_MAX_REGS, &text);
    free(text);
    wf_program_free(&p);
}
END_TEST

/* ---- images ---- */

START_TEST(hex_text)
{
    wf_program p;
    asm_ok("add r1 <- r2, r3\nexit", 32, &p);
    FILE *f = tmpfile();
    ck_assert_int_eq(wf_write_hex(&p, f), 0);
    char *text = slurp(f, NULL);
    ck_assert_str_eq(text, "0101020300000000\n1600000000000000\n");
    free(text);
    fclose(f);
    wf_program_free(&p);
}
END_TEST

static unsigned char *image_of(const wf_program *p, size_t *n)
{
    FILE *f = tmpfile();
    ck_assert_int_eq(wf_write_image(p, f), 0);
    unsigned char *b = (unsigned char *)slurp(f, n);
    fclose(f);
    return b;
}

static int read_bytes(const unsigned char *b, size_t n, unsigned regs, wf_program *p, char *err,
                      size_t errlen)
{
    FILE *f = tmpfile();
    ck_assert_uint_eq(fwrite(b, 1, n, f), n);
    rewind(f);
    int rc = wf_read_image(f, "x.wfb", regs, p, err, errlen);
    fclose(f);
    return rc;
}

START_TEST(image_round_trip)
{
    wf_program p, q;
    char err[256] = "";
    size_t n;
    asm_ok(".start w1, @1\n.start w63, @2\nadd r1 <- r2, r3\nnop\nexit", 32, &p);
    unsigned char *b = image_of(&p, &n);
    static const unsigned char head[] = {
        'W', 'F', 'P', 'R', 'O', 'G', '1', 0, 3, 0, 0, 0, 2, 0, 0, 0, /* magic, N=3, S=2 */
        1, 0, 0, 0, 1, 0, 0, 0, 63, 0, 0, 0, 2, 0, 0, 0,              /* (w1,1) (w63,2) */
        0, 0, 0, 0, 3, 2, 1, 1,                                       /* add r1<-r2,r3 LE */
    };
    ck_assert_uint_eq(n, 16 + 16 + 3 * 8);
    ck_assert_mem_eq(b, head, sizeof head);
    ck_assert_int_eq(read_bytes(b, n, 32, &q, err, sizeof err), 0);
    ck_assert_uint_eq(q.len, 3);
    ck_assert_mem_eq(q.words, p.words, 3 * sizeof *p.words);
    ck_assert_mem_eq(q.start_pc, p.start_pc, sizeof p.start_pc);
    ck_assert_uint_eq(q.line[0], 0);
    wf_program_free(&q);
    free(b);
    wf_program_free(&p);
}
END_TEST

static void check_image_err(const unsigned char *b, size_t n, unsigned regs, const char *want)
{
    wf_program q;
    char err[256] = "";
    ck_assert_int_eq(read_bytes(b, n, regs, &q, err, sizeof err), -1);
    ck_assert_str_eq(err, want);
    ck_assert_ptr_null(q.words);
}

START_TEST(image_rejects)
{
    wf_program p;
    size_t n;
    asm_ok("add r31 <- r2, r3\nnop\nexit", 32, &p);
    unsigned char *b = image_of(&p, &n);
    check_image_err(b, n - 1, 32, "x.wfb: truncated image (word 2 of 3)");
    check_image_err(b, 10, 32, "x.wfb: truncated image (header)");
    check_image_err(b, n, 16, "x.wfb: word 0: rd out of range for the register count");
    unsigned char *big = malloc(n + 1);
    memcpy(big, b, n);
    big[n] = 0;
    check_image_err(big, n + 1, 32, "x.wfb: trailing bytes after the last word");
    free(big);
    b[8] = 0; /* N = 0 */
    check_image_err(b, n, 32, "x.wfb: instruction count 0 out of range 1..65536");
    b[0] = 'X';
    check_image_err(b, n, 32, "x.wfb: bad magic (not a warpfront program image)");
    free(b);
    wf_program_free(&p);

    uint64_t words[2] = {1ull << WF_SHIFT_RB, 0x1600000000000000ull}; /* nop with rb = 1 */
    wf_program bad = {.words = words, .len = 2};
    b = image_of(&bad, &n);
    check_image_err(b, n, 32, "x.wfb: word 0: rb field must be 0 for this opcode");
    free(b);
}
END_TEST

START_TEST(program_check)
{
    char err[256];
    uint64_t words[2] = {0x1400000000000002ull, 0x1600000000000000ull}; /* bra @2; exit */
    wf_program p = {.words = words, .len = 2};
    ck_assert_str_eq(wf_program_check(&p, 32, err, sizeof err),
                     "word 0: branch target 2 beyond the end of the program (length 2)");
    words[0] = 0x1500030000000001ull; /* bnz r3, @1 is fine */
    ck_assert_ptr_null(wf_program_check(&p, 32, err, sizeof err));
    p.start_pc[4] = 2;
    ck_assert_str_eq(wf_program_check(&p, 32, err, sizeof err),
                     "warp 4: start pc 2 beyond the end of the program (length 2)");
    p.start_pc[4] = 1;
    ck_assert_str_eq(wf_program_check(&p, 3, err, sizeof err),
                     "word 0: ra out of range for the register count");
    words[1] = 0x0000000000000000ull; /* ends with nop */
    ck_assert_str_eq(wf_program_check(&p, 32, err, sizeof err),
                     "word 1: last instruction can fall through past the end of the program "
                     "(end with exit or bra)");
    words[1] = 0x1700000000000000ull;
    ck_assert_str_eq(wf_program_check(&p, 32, err, sizeof err), "word 1: undefined opcode");
    p.len = 0;
    ck_assert_str_eq(wf_program_check(&p, 32, err, sizeof err),
                     "program length 0 out of range 1..65536");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("asm");
    TCase *syn = tcase_create("syntax"), *errs = tcase_create("errors"),
          *dis = tcase_create("disasm"), *img = tcase_create("images");
    tcase_add_test(syn, every_mnemonic_every_separator);
    tcase_add_test(syn, seed_lines);
    tcase_add_test(syn, literal_words_and_spacing);
    tcase_add_test(syn, labels_comments_start);
    tcase_add_test(syn, line_ends);
    tcase_add_test(syn, numbers);
    tcase_add_test(syn, register_limits);
    tcase_add_test(errs, bad_inputs);
    tcase_add_test(errs, long_inputs);
    tcase_add_test(errs, program_size_limit);
    tcase_add_test(errs, files_and_small_buffers);
    tcase_add_test(dis, disasm_every_mnemonic);
    tcase_add_test(dis, disasm_exact_text);
    tcase_add_test(dis, disasm_random_program);
    tcase_add_test(img, hex_text);
    tcase_add_test(img, image_round_trip);
    tcase_add_test(img, image_rejects);
    tcase_add_test(img, program_check);
    tcase_set_timeout(errs, 60); /* the 65536-line programs under ASan */
    suite_add_tcase(s, syn);
    suite_add_tcase(s, errs);
    suite_add_tcase(s, dis);
    suite_add_tcase(s, img);
    return wf_run_suite(s);
}
