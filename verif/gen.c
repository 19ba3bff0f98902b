/* Constrained-random program generator (verif/include/wf_gen.h). */
#include "wf_gen.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---- knobs ------------------------------------------------------------------ */

static const char *const layout_names[] = {"naive", "swizzle", NULL};

typedef struct {
    const char *name;
    size_t off;
    unsigned min, max, dflt, pow2;
    const char *const *names;
    const char *help;
} knob;

#define K(f, lo, hi, d, help) {#f, offsetof(wf_gen_knobs, f), lo, hi, d, 0, NULL, help}
static const knob knobs[] = {
    K(length, 1, WF_MAX_PROGRAM, 64, "program length in instructions, exit included"),
    K(w_alu, 0, 1000, 40, "mix weight: ALU instructions"),
    K(w_mul, 0, 1000, 15, "mix weight: mul / mad"),
    K(w_ld, 0, 1000, 10, "mix weight: ld (with its address computation)"),
    K(w_st, 0, 1000, 10, "mix weight: st (with its address computation)"),
    K(w_nop, 0, 1000, 3, "mix weight: nop"),
    K(w_bra, 0, 1000, 3, "mix weight: forward bra over 0..3 instructions"),
    K(reuse, 0, 64, 4, "sources from the last N written data registers (0: any register)"),
    K(bank_bias, 0, 100, 20,
      "% of instructions whose sources share one register bank (and half of them write to the "
      "previous destination's bank)"),
    K(war_bias, 0, 100, 5, "% of ALU/MUL picks that become a WAR pattern"),
    K(split, 1, 32, 1, "distinct scratchpad lines touched by one ld/st"),
    K(loop_density, 0, 1000, 15, "per mille of positions opening a counted loop"),
    K(branch_density, 0, 1000, 15, "per mille of positions opening a forward bnz region"),
    K(loop_iters, 1, 16, 3, "loop counts are drawn from 1..N"),
    K(loop_body, 1, 1000, 12, "longest loop / branch-region body"),
    K(burst, 0, 1000, 0,
      "per mille of positions opening a burst: independent MUL/MAD writers, then a ld (scoreboard "
      "full, every CU busy, a replayed ld holding its entry)"),
    K(burst_len, 2, 16, 6, "writers in a burst: 2..N"),
    K(mem_run, 0, 1000, 0,
      "per mille of positions opening a run of 2..4 back-to-back ld/st on one address (memory "
      "order, lsu_stall, split pieces)"),
    K(waw, 0, 100, 0,
      "% of ALU/MUL picks that become a WAW pair: a MUL/MAD writer, then an ALU write of the same "
      "register reading neither (§4.2 dependency on the destination)"),
    K(isa_vals, 0, 1000, 0,
      "per mille of positions opening an ISA value class (0, -1, 0x80000000, 0x7FFFFFFF, shift "
      "amounts 31 and >= 32, immediate extremes; half of them lane-varying) and 1-3 ops reading it"),
    K(mem_off, 0, 100, 0,
      "% of ld/st with a nonzero offset of every sign and size, the address register rebased so the "
      "word stays (a >= M, 32-bit wrap); runs reach one word through different offsets"),
    K(lane_addr, 0, 100, 0,
      "% of ld/st addresses with another lane pattern: one word, reversed, masked (lanes collide), "
      "permuted"),
    K(pred, 0, 100, 0,
      "% of bnz regions on a lane-varying (lane 0 decides) or high-bit predicate, a quarter with an "
      "empty body, and of loops closed through a backward bra"),
    K(regs, 1, WF_MAX_REGS, 32, "target: registers per thread"),
    K(lanes, 1, WF_MAX_LANES, 8, "target: lanes per warp"),
    K(warps, 1, WF_MAX_WARPS, 8, "target: warps"),
    K(addr_shift, 0, 100, 0,
      "% of ld/st addresses moved 1..mem_line-1 words off the line start: a lane's word in its line "
      "no longer follows its lane number, lanes straddle lines"),
    K(far, 0, 100, 0,
      "% of programs whose end jumps to a tail placed in the upper half of the instruction memory "
      "(the words between are exit, never executed): high pc bits, far I-cache tags and MSHR lines"),
    {"mem_words", offsetof(wf_gen_knobs, mem_words), 16, 65536, 1024, 1, NULL,
     "target: scratchpad words"},
    {"mem_line", offsetof(wf_gen_knobs, mem_line), 1, 32, 4, 1, NULL, "target: words per line"},
    K(banks, 1, 32, 4, "target: register banks"),
    {"layout", offsetof(wf_gen_knobs, layout), 0, 1, WF_LAYOUT_SWIZZLE, 0, layout_names,
     "target: register layout"},
    /* default: no limit beyond the ISA's, so knobs without a target generate as before */
    {"imem_words", offsetof(wf_gen_knobs, imem_words), 1, WF_MAX_PROGRAM, WF_MAX_PROGRAM, 1, NULL,
     "target: instruction memory words (the program, set-up included, fits)"},
};
#undef K
#define NKNOBS (sizeof knobs / sizeof knobs[0])

static unsigned *kref(wf_gen_knobs *k, const knob *d) { return (unsigned *)((char *)k + d->off); }
static unsigned kget(const wf_gen_knobs *k, const knob *d)
{
    return *(const unsigned *)((const char *)k + d->off);
}

static void range_text(const knob *d, char *buf, size_t len)
{
    if (d->names) snprintf(buf, len, "%s|%s", d->names[0], d->names[1]);
    else if (d->pow2) snprintf(buf, len, "a power of two in %u..%u", d->min, d->max);
    else snprintf(buf, len, "%u..%u", d->min, d->max);
}

static int in_range(const knob *d, unsigned v)
{
    return v >= d->min && v <= d->max && (!d->pow2 || (v & (v - 1)) == 0);
}

void wf_gen_default(wf_gen_knobs *k)
{
    memset(k, 0, sizeof *k);
    for (size_t i = 0; i < NKNOBS; i++) *kref(k, &knobs[i]) = knobs[i].dflt;
}

void wf_gen_target(wf_gen_knobs *k, const wf_config *c)
{
    k->regs = c->regs;
    k->lanes = c->lanes;
    k->warps = c->warps;
    k->mem_words = c->mem_words;
    k->mem_line = c->mem_line;
    k->banks = c->banks;
    k->layout = c->layout;
    k->imem_words = c->imem_words;
}

static const knob *find(const char *name, size_t len)
{
    for (size_t i = 0; i < NKNOBS; i++) {
        const char *n = knobs[i].name;
        size_t j = 0;
        for (; j < len && n[j]; j++)
            if (n[j] != (name[j] == '-' ? '_' : name[j])) break;
        if (j == len && n[j] == 0) return &knobs[i];
    }
    return NULL;
}

static const char *set_knob(wf_gen_knobs *k, const char *name, size_t nlen, const char *value,
                            char *err, size_t errlen)
{
    const knob *d = find(name, nlen);
    if (!d) {
        snprintf(err, errlen, "unknown knob '%.*s' (wfgen --help lists them)", (int)nlen, name);
        return err;
    }
    char range[64];
    range_text(d, range, sizeof range);
    if (d->names) {
        for (unsigned v = d->min; v <= d->max; v++)
            if (strcmp(d->names[v], value) == 0) {
                *kref(k, d) = v;
                return NULL;
            }
        snprintf(err, errlen, "knob %s='%s': allowed %s", d->name, value, range);
        return err;
    }
    char *end;
    errno = 0;
    long long v = strtoll(value, &end, 0);
    if (!*value || *end || errno || v < 0 || v > 0xFFFFFFFFll || !in_range(d, (unsigned)v)) {
        snprintf(err, errlen, "knob %s='%s': allowed %s", d->name, value, range);
        return err;
    }
    *kref(k, d) = (unsigned)v;
    return NULL;
}

const char *wf_gen_set2(wf_gen_knobs *k, const char *name, const char *value, char *err,
                        size_t errlen)
{
    return set_knob(k, name, strlen(name), value, err, errlen);
}

const char *wf_gen_set(wf_gen_knobs *k, const char *assign, char *err, size_t errlen)
{
    const char *eq = strchr(assign, '=');
    if (!eq || eq == assign) {
        snprintf(err, errlen, "knob '%s': expected name=value", assign);
        return err;
    }
    return set_knob(k, assign, (size_t)(eq - assign), eq + 1, err, errlen);
}

const char *wf_gen_check(const wf_gen_knobs *k, char *err, size_t errlen)
{
    for (size_t i = 0; i < NKNOBS; i++) {
        unsigned v = kget(k, &knobs[i]);
        if (!in_range(&knobs[i], v)) {
            char range[64];
            range_text(&knobs[i], range, sizeof range);
            snprintf(err, errlen, "knob %s=%u: allowed %s", knobs[i].name, v, range);
            return err;
        }
    }
    if (k->mem_line > k->mem_words) {
        snprintf(err, errlen, "knob mem_line=%u: allowed at most mem_words=%u", k->mem_line,
                 k->mem_words);
        return err;
    }
    if (k->length > k->imem_words) {
        snprintf(err, errlen, "knob length=%u: allowed at most imem_words=%u", k->length,
                 k->imem_words);
        return err;
    }
    if (!(k->w_alu + k->w_mul + k->w_ld + k->w_st + k->w_nop + k->w_bra)) {
        snprintf(err, errlen, "knobs w_alu..w_bra: at least one weight must be > 0");
        return err;
    }
    return NULL;
}

void wf_gen_help(FILE *f)
{
    for (size_t i = 0; i < NKNOBS; i++) {
        char range[64];
        range_text(&knobs[i], range, sizeof range);
        if (knobs[i].names)
            fprintf(f, "  %-15s %-28s default %-8s %s\n", knobs[i].name, range,
                    knobs[i].names[knobs[i].dflt], knobs[i].help);
        else
            fprintf(f, "  %-15s %-28s default %-8u %s\n", knobs[i].name, range, knobs[i].dflt,
                    knobs[i].help);
    }
}

/* ---- generator state ------------------------------------------------------------- */

enum { R_BASE = 0, R_SMASK = 1, R_LMASK = 2, R_LANEPAT = 3, R_CNT0 = 4, R_CNT1 = 5, R_DATA = 6 };
#define HIST 64

typedef struct {
    wf_rng rng;
    const wf_gen_knobs *k;
    uint64_t *w;
    unsigned n, cap;
    int overflow; /* a construct miscounted its room (never, by construction) */
    unsigned R, B, first; /* data registers first..R-1 */
    int mem, ctl;         /* ld/st enabled; loops and bnz enabled */
    unsigned slice, slog, lmask, split;
    unsigned hist[HIST], nhist;
    uint8_t varies[WF_MAX_REGS]; /* the register may differ between lanes (straight-line estimate) */
    int prev_ra;
    int prev_rd; /* the last data register written (-1: none yet) */
    wf_gen_info info;
} gen;

static unsigned below(gen *g, unsigned n) { return wf_rng_below(&g->rng, n); }

static void emit(gen *g, wf_opcode op, unsigned rd, unsigned ra, unsigned rb, unsigned rc, int imm)
{
    wf_insn in = {.op = op, .rd = (uint8_t)rd, .ra = (uint8_t)ra, .rb = (uint8_t)rb,
                  .rc = (uint8_t)rc, .imm = imm};
    if (g->n >= g->cap) {
        g->overflow = 1;
        return;
    }
    g->w[g->n++] = wf_encode(&in);
    if (!wf_writes_reg(&in)) return;
    if (rd >= g->first) {
        g->hist[g->nhist++ % HIST] = rd;
        g->prev_rd = (int)rd;
    }
    const unsigned f = wf_op_info(op)->fields;
    g->varies[rd] = op == WF_OP_TID || op == WF_OP_LANE || op == WF_OP_LD ||
                    ((f & WF_F_RA) && g->varies[ra]) || ((f & WF_F_RB) && g->varies[rb]) ||
                    ((f & WF_F_RC) && g->varies[rc]);
}

static unsigned data_reg(gen *g) { return g->first + below(g, g->R - g->first); }

/* A source: a recently written data register (reuse distance), else any. */
static unsigned src_reg(gen *g)
{
    unsigned d = g->k->reuse < g->nhist ? g->k->reuse : g->nhist;
    if (d > HIST) d = HIST;
    if (d && below(g, 8)) return g->hist[(g->nhist - 1 - below(g, d)) % HIST];
    return below(g, 4) ? data_reg(g) : below(g, g->R);
}

/* Another register in r's bank (bank(w, r) is r mod B, or (r + w) mod B: the
 * same relation within one warp under either layout); r itself when none. */
static unsigned same_bank(gen *g, unsigned r, int data_only)
{
    unsigned lo = data_only ? g->first : 0, cnt = 0;
    for (unsigned x = r % g->B; x < g->R; x += g->B)
        if (x != r && x >= lo) cnt++;
    if (!cnt) return r;
    unsigned pick = below(g, cnt);
    for (unsigned x = r % g->B; x < g->R; x += g->B)
        if (x != r && x >= lo && pick-- == 0) return x;
    return r;
}

static const wf_opcode alu_ops[] = {WF_OP_ADD, WF_OP_SUB, WF_OP_AND,  WF_OP_OR,   WF_OP_XOR,
                                    WF_OP_SHL, WF_OP_SHR, WF_OP_MIN,  WF_OP_MAX,  WF_OP_MOV,
                                    WF_OP_MOVI, WF_OP_ADDI, WF_OP_TID, WF_OP_WID, WF_OP_LANE};

static int rand_imm(gen *g)
{
    switch (below(g, 4)) {
    case 0: return (int)below(g, 16);
    case 1: return -(int)below(g, 1000);
    case 2: return (int)below(g, 100000);
    default: return (int)(wf_rng_next(&g->rng) % 16777216u) - 8388608;
    }
}

/* One ALU or MUL/MAD instruction with the bank-conflict bias applied. */
static void emit_arith(gen *g, wf_opcode op)
{
    const wf_opinfo *oi = wf_op_info(op);
    unsigned f = oi->fields, ra = 0, rb = 0, rc = 0;
    int conflict = g->B > 1 && below(g, 100) < g->k->bank_bias;
    if (f & WF_F_RA) {
        ra = src_reg(g);
        if (conflict && g->prev_ra >= 0 && below(g, 2)) ra = same_bank(g, (unsigned)g->prev_ra, 0);
        g->prev_ra = (int)ra;
    }
    if (f & WF_F_RB) rb = conflict ? same_bank(g, ra, 0) : src_reg(g);
    if (f & WF_F_RC) {
        rc = conflict ? same_bank(g, ra, 0) : src_reg(g);
        if (conflict && rc == rb) rc = same_bank(g, rb, 0);
    }
    if (conflict && (f & WF_F_RB)) g->info.n_conflict++;
    unsigned rd = (f & WF_F_RD) ? data_reg(g) : 0;
    /* the destination in the previous one's bank: their writes meet in one bank (§10.3) */
    if ((f & WF_F_RD) && conflict && g->prev_rd >= 0 && below(g, 2))
        rd = same_bank(g, (unsigned)g->prev_rd, 1);
    const int imm = (f & WF_F_IMM) ? rand_imm(g) : 0;
    emit(g, op, rd, ra, rb, rc, imm);
    if (oi->unit == WF_UNIT_MUL) g->info.n_mul++;
    else g->info.n_alu++;
}

static void emit_alu(gen *g) { emit_arith(g, alu_ops[below(g, sizeof alu_ops / sizeof alu_ops[0])]); }
static void emit_mul(gen *g) { emit_arith(g, below(g, 2) ? WF_OP_MUL : WF_OP_MAD); }

/* WAR pattern (2 instructions): X = mad d <- a, b, v with a, b, v in one bank
 * (serial reads, v in the last slot), then Y = movi v <- imm, which needs no
 * operand and can write v before X has read it unless a WAR policy stops it. */
static void emit_war(gen *g)
{
    unsigned v = data_reg(g), a = same_bank(g, v, 1), b = same_bank(g, a, 1);
    if (b == v) b = a;
    unsigned d = data_reg(g);
    for (unsigned t = 0; t < 4 && d == v; t++) d = data_reg(g);
    if (d == v) { /* a single data register: no WAR pattern possible */
        emit_mul(g);
        return;
    }
    emit(g, WF_OP_MAD, d, a, b, v, 0);
    int imm = rand_imm(g);
    emit(g, WF_OP_MOVI, v, 0, 0, 0, imm ? imm : 77);
    g->info.n_mul++;
    g->info.n_alu++;
    g->info.n_war++;
}

/* A st's data register: not its address register t, and preferably one whose
 * value differs between lanes (lanes storing to one word have equal addresses:
 * equal values would hide which lane wins, §10.2); up to four more draws. */
static unsigned st_src(gen *g, unsigned t)
{
    unsigned s = src_reg(g);
    for (unsigned i = 0; i < 4 && (s == t || !g->varies[s]) && g->R - g->first > 1; i++)
        s = data_reg(g);
    return s;
}

/* A data register other than x (x itself when it is the only one). */
static unsigned data_reg_not(gen *g, unsigned x)
{
    if (g->R - g->first < 2) return data_reg(g);
    unsigned r = g->first + below(g, g->R - g->first - 1);
    return r >= x && x >= g->first ? r + 1 : r;
}

/* WAW pair (2 instructions): mul/mad d <- a, b(, c), then an ALU write of d
 * that reads neither d nor anything the writer writes: only the destination
 * compare of §4.2 (or the gap closing of §4.3) orders the two writes. */
static void emit_waw(gen *g)
{
    unsigned d = data_reg(g), a = data_reg_not(g, d), b = data_reg_not(g, d);
    if (below(g, 2)) emit(g, WF_OP_MUL, d, a, b, 0, 0);
    else emit(g, WF_OP_MAD, d, a, b, data_reg_not(g, d), 0);
    switch (below(g, 3)) {
    case 0: emit(g, WF_OP_MOVI, d, 0, 0, 0, rand_imm(g) | 1); break;
    case 1: emit(g, WF_OP_ADD, d, data_reg_not(g, d), data_reg_not(g, d), 0, 0); break;
    default: emit(g, WF_OP_TID, d, 0, 0, 0, 0); break;
    }
    g->info.n_mul++;
    g->info.n_alu++;
    g->info.n_waw++;
}

/* ---- the ISA's operand classes (cmodel/include/wf_isacov.h) ------------------ */

/* An immediate of class 0..6: zero, 1..255, 256..8388606, 8388607, -1..-256,
 * -257..-8388607, -8388608. */
static int imm_class(gen *g, unsigned k)
{
    switch (k) {
    case 0: return 0;
    case 1: return 1 + (int)below(g, 255);
    case 2: return 256 + (int)below(g, WF_IMM_MAX - 256);
    case 3: return WF_IMM_MAX;
    case 4: return -1 - (int)below(g, 256);
    case 5: return -257 - (int)below(g, WF_IMM_MAX - 257);
    default: return WF_IMM_MIN;
    }
}

static int64_t floordiv(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

/* d with d + imm = 0 mod M and d an immediate: addi t <- t, d then [t + imm]
 * is t's word again (docs/isa.md: (a + sext(imm)) mod M). Half of them the d
 * nearest -imm, else any: a >= M, a negative (the sum wraps 32 bits). */
static int rebase(gen *g, int imm)
{
    const int64_t M = g->k->mem_words, d0 = -(int64_t)imm;
    const int64_t kmin = -floordiv(d0 - WF_IMM_MIN, M), kmax = floordiv(WF_IMM_MAX - d0, M);
    int64_t k;
    if (below(g, 2)) k = kmin > 0 ? kmin : kmax < 0 ? kmax : 0;
    else k = kmin + (int64_t)below(g, (unsigned)(kmax - kmin + 1));
    if (imm == 0 && k == 0) k = kmax > 0 ? 1 : -1; /* zero offset: a rebased register anyway */
    return (int)(d0 + k * M);
}

/* Another offset to the same word as imm (imm + k * M), an immediate. */
static int alias_imm(gen *g, int imm)
{
    const int64_t M = g->k->mem_words;
    const int64_t kmin = -floordiv((int64_t)imm - WF_IMM_MIN, M), kmax = floordiv(WF_IMM_MAX - (int64_t)imm, M);
    if (below(g, 2)) return imm;
    return (int)(imm + (kmin + (int64_t)below(g, (unsigned)(kmax - kmin + 1))) * M);
}

static const wf_opcode val_ops[] = {WF_OP_ADD, WF_OP_SUB, WF_OP_AND, WF_OP_OR, WF_OP_XOR,
                                    WF_OP_SHL, WF_OP_SHR, WF_OP_MIN, WF_OP_MAX, WF_OP_MUL,
                                    WF_OP_MAD, WF_OP_MOV, WF_OP_ADDI};
#define VAL_ROOM 11 /* the longest value construct: 4 + 2 + 4 ops, + 1 spare */

/* Value construct (up to 10 instructions): x = a special value (y a helper
 * register), half of them x + lane or x ^ lane (lane-varying: 0x7FFFFFFF +
 * lane crosses into 0x80000000), then 1-4 ALU/MUL ops with x as one operand. */
static void emit_values(gen *g)
{
    const int two = g->R - g->first >= 2;
    unsigned x = data_reg(g), y = two ? data_reg_not(g, x) : x;
    unsigned k = below(g, 13);
    if (k >= 10) k -= 9; /* -1, 0x80000000, 0x7FFFFFFF twice as often */
    if (!two && (k == 2 || k == 3 || k == 8)) k = 1;
    switch (k) {
    case 0: emit(g, WF_OP_MOVI, x, 0, 0, 0, 0); break;
    case 1: emit(g, WF_OP_MOVI, x, 0, 0, 0, -1); break;
    case 2: /* 0x80000000 */
    case 3: /* 0x7FFFFFFF */
        emit(g, WF_OP_MOVI, y, 0, 0, 0, 31);
        emit(g, WF_OP_MOVI, x, 0, 0, 0, 1);
        emit(g, WF_OP_SHL, x, x, y, 0, 0);
        if (k == 3) emit(g, WF_OP_ADDI, x, x, 0, 0, -1);
        break;
    case 4: /* shift amounts >= 32: low bits set, or a multiple of 32 */
        emit(g, WF_OP_MOVI, x, 0, 0, 0, below(g, 2) ? 32 + (int)below(g, 224) : 32 * (1 + (int)below(g, 7)));
        break;
    case 5: emit(g, WF_OP_MOVI, x, 0, 0, 0, below(g, 2) ? WF_IMM_MAX : WF_IMM_MIN); break;
    case 6: emit(g, WF_OP_MOVI, x, 0, 0, 0, imm_class(g, below(g, 7))); break;
    case 7: emit(g, WF_OP_MOVI, x, 0, 0, 0, 31); break;
    case 8: /* high bits only */
        emit(g, WF_OP_MOVI, y, 0, 0, 0, 16 + (int)below(g, 16));
        emit(g, WF_OP_MOVI, x, 0, 0, 0, 1 + (int)below(g, 255));
        emit(g, WF_OP_SHL, x, x, y, 0, 0);
        break;
    default: emit(g, WF_OP_MOVI, x, 0, 0, 0, rand_imm(g)); break;
    }
    g->info.n_alu++;
    if (two && g->k->lanes > 1 && below(g, 2)) {
        emit(g, WF_OP_LANE, y, 0, 0, 0, 0);
        emit(g, below(g, 2) ? WF_OP_ADD : WF_OP_XOR, x, x, y, 0, 0);
        g->info.n_alu += 2;
    }
    for (unsigned n = 1 + below(g, 4); n; n--) {
        const wf_opcode op = val_ops[below(g, sizeof val_ops / sizeof val_ops[0])];
        unsigned o = below(g, 3) ? src_reg(g) : y, a = x, b = o;
        if (below(g, 2)) a = o, b = x;
        const unsigned c = below(g, 2) ? x : src_reg(g);
        const wf_opinfo *oi = wf_op_info(op);
        if (!(oi->fields & WF_F_RB)) a = x;
        emit(g, op, data_reg(g), a, (oi->fields & WF_F_RB) ? b : 0, (oi->fields & WF_F_RC) ? c : 0,
             (oi->fields & WF_F_IMM) ? imm_class(g, below(g, 7)) : 0);
        if (oi->unit == WF_UNIT_MUL) g->info.n_mul++;
        else g->info.n_alu++;
    }
}

/* Address (4 instructions) into a fresh data register t:
 * t = ((off + lane_pattern) & slice_mask) | base. */
static unsigned emit_addr(gen *g)
{
    unsigned t = data_reg(g);
    unsigned base = (unsigned)wf_rng_next(&g->rng) & g->lmask;
    /* off the line start (the AND below wraps it in the slice); nothing drawn at 0 */
    if (g->k->addr_shift && g->k->mem_line > 1 && below(g, 100) < g->k->addr_shift)
        base += 1 + below(g, g->k->mem_line - 1);
    emit(g, WF_OP_MOVI, t, 0, 0, 0, (int)base);
    if (g->k->lane_addr && below(g, 100) < g->k->lane_addr) {
        switch (below(g, 4)) { /* the AND below keeps every pattern in the warp's slice */
        case 0: emit(g, WF_OP_ADDI, t, t, 0, 0, (int)below(g, 16)); break; /* one word */
        case 1: emit(g, WF_OP_SUB, t, t, R_LANEPAT, 0, 0); break;          /* reversed */
        case 2: emit(g, WF_OP_AND, t, t, R_LANEPAT, 0, 0); break;          /* lanes collide */
        default: emit(g, WF_OP_XOR, t, t, R_LANEPAT, 0, 0); break;         /* permuted */
        }
    } else {
        emit(g, WF_OP_ADD, t, t, R_LANEPAT, 0, 0);
    }
    emit(g, WF_OP_AND, t, t, R_SMASK, 0, 0);
    emit(g, WF_OP_OR, t, t, R_BASE, 0, 0);
    g->info.n_alu += 4;
    return t;
}

/* The offset of a ld/st on address register t (with room for one more
 * instruction): 0, or with mem_off an offset of a drawn class and t rebased
 * by an addi so that the word stays. */
static int mem_offset(gen *g, unsigned t, unsigned room)
{
    if (!g->k->mem_off || room < 1 || below(g, 100) >= g->k->mem_off) return 0;
    const int imm = imm_class(g, below(g, 7));
    emit(g, WF_OP_ADDI, t, t, 0, 0, rebase(g, imm));
    g->info.n_alu++;
    return imm;
}

/* ld/st (5 instructions, 6 with an offset): the address, then the access. */
static void emit_mem(gen *g, int is_ld, unsigned room)
{
    unsigned t = emit_addr(g);
    const int imm = mem_offset(g, t, room - 5);
    if (is_ld) emit(g, WF_OP_LD, data_reg(g), t, 0, 0, imm);
    else emit(g, WF_OP_ST, 0, t, st_src(g, t), 0, imm);
    if (is_ld) g->info.n_ld++;
    else g->info.n_st++;
}

/* Burst (up to burst_len + 5 instructions): (with ld/st enabled) the address
 * of a ld first, then MUL/MAD writers to distinct data registers other than
 * it, reading only the prologue's registers r0..r3 (never in flight), so they
 * issue back to back and hold scoreboard entries and CUs together; then the
 * ld, right behind them, into yet another register, whose split access
 * replays while the entries are taken (§4.3: the entry it holds exempts it
 * from full). */
static unsigned burst_room(const gen *g) { return g->k->burst_len + (g->mem ? 5 : 0); }
static unsigned burst_src(gen *g) { return g->first > R_LANEPAT ? below(g, R_LANEPAT + 1) : data_reg(g); }
/* A writer's destination, unused in the burst if 8 draws find one; never the burst
 * ld's address register t (with few data registers the draws run out: a writer
 * taking t sent the ld out of the warp's slice, into another warp's words) */
static unsigned burst_dst(gen *g, uint8_t *used, int t)
{
    unsigned d = data_reg(g);
    for (unsigned i = 0; i < 8 && used[d]; i++) d = data_reg(g);
    if ((int)d == t && g->R - g->first > 1) d = g->first + (d - g->first + 1) % (g->R - g->first);
    used[d] = 1;
    return d;
}
static void emit_burst(gen *g)
{
    uint8_t used[WF_MAX_REGS] = {0};
    unsigned t = g->mem ? emit_addr(g) : 0;
    if (g->mem) used[t] = 1;
    unsigned n = wf_rng_range(&g->rng, 2, g->k->burst_len);
    for (unsigned i = 0; i < n; i++) {
        const int mad = below(g, 2);
        unsigned a = burst_src(g), b = burst_src(g), c = mad ? burst_src(g) : 0;
        emit(g, mad ? WF_OP_MAD : WF_OP_MUL, burst_dst(g, used, g->mem ? (int)t : -1), a, b, c, 0);
        g->info.n_mul++;
    }
    if (g->mem) {
        emit(g, WF_OP_LD, burst_dst(g, used, -1), t, 0, 0, 0);
        g->info.n_ld++;
    }
    g->info.n_burst++;
}

/* Run (4 + 2..4 instructions): one address, then ld/st back to back on it
 * (a warp's accesses in program order, §10.5; the same split every time). A
 * ld after a st loads into the st's data register half of the time: the st
 * may still be reading it, so every WAR policy but inorder holds the ld while
 * the st's instance is in flight (§5.1 items 5 and 6 together). */
static void emit_mem_run(gen *g, unsigned room)
{
    unsigned t = emit_addr(g);
    const unsigned before = g->n;
    const int imm = room >= 7 ? mem_offset(g, t, 1) : 0;
    room -= g->n - before; /* the offset's addi */
    unsigned n = wf_rng_range(&g->rng, 2, room - 4 < 4 ? room - 4 : 4), sv = 0;
    for (unsigned i = 0; i < n; i++) {
        unsigned d = data_reg(g);
        if (sv >= g->first && sv != t && below(g, 2)) d = sv;
        if (d == t || below(g, 2)) {
            sv = st_src(g, t);
            emit(g, WF_OP_ST, 0, t, sv, 0, imm ? alias_imm(g, imm) : 0);
            g->info.n_st++;
        } else {
            emit(g, WF_OP_LD, d, t, 0, 0, imm ? alias_imm(g, imm) : 0);
            g->info.n_ld++;
        }
    }
    g->info.n_mem_run++;
}

static void block(gen *g, unsigned end, unsigned depth);

static void emit_loop(gen *g, unsigned room, unsigned depth)
{
    unsigned cnt = R_CNT0 + depth, body = 1 + below(g, (room - 3 < g->k->loop_body ? room - 3 : g->k->loop_body));
    /* with pred: closed through a backward bra (bnz cnt, back; bra out; back: bra top) */
    const int via_bra = g->k->pred && room >= 6 && below(g, 100) < g->k->pred;
    if (via_bra && body > room - 5) body = room - 5;
    emit(g, WF_OP_MOVI, cnt, 0, 0, 0, (int)wf_rng_range(&g->rng, 1, g->k->loop_iters));
    unsigned top = g->n;
    block(g, g->n + body, depth + 1);
    emit(g, WF_OP_ADDI, cnt, cnt, 0, 0, -1);
    if (via_bra) {
        const unsigned p = g->n;
        emit(g, WF_OP_BNZ, 0, cnt, 0, 0, (int)p + 2);
        emit(g, WF_OP_BRA, 0, 0, 0, 0, (int)p + 3);
        emit(g, WF_OP_BRA, 0, 0, 0, 0, (int)top);
        g->info.n_bra += 2;
    } else {
        emit(g, WF_OP_BNZ, 0, cnt, 0, 0, (int)top);
    }
    g->info.n_loops++;
    g->info.n_alu++;
}

/* Forward bnz over a body, on a warp-uniform predicate: wid - c, or inside a
 * loop the loop counter - c. */
static void emit_region(gen *g, unsigned room, unsigned depth)
{
    unsigned t = data_reg(g), head;
    const unsigned pv = g->k->pred && room >= 6 && below(g, 100) < g->k->pred ? 1 + below(g, 3) : 0;
    if (pv == 1) { /* lane - c: lane 0 decides (0: not taken, -1: taken) against the other lanes */
        emit(g, WF_OP_LANE, t, 0, 0, 0, 0);
        emit(g, WF_OP_ADDI, t, t, 0, 0, -(int)below(g, 2));
        head = 3;
    } else if (pv) { /* (wid - c) << 31 or << 16..23: bit 31 only, or high bits only */
        const unsigned u = g->R - g->first >= 2 ? data_reg_not(g, t) : t;
        emit(g, WF_OP_WID, t, 0, 0, 0, 0);
        emit(g, WF_OP_ADDI, t, t, 0, 0, -(int)below(g, g->k->warps));
        if (u != t) {
            emit(g, WF_OP_MOVI, u, 0, 0, 0, pv == 2 ? 31 : 16 + (int)below(g, 8));
            emit(g, WF_OP_SHL, t, t, u, 0, 0);
            head = 5;
        } else {
            head = 3;
        }
    } else if (depth && below(g, 2)) {
        emit(g, WF_OP_ADDI, t, R_CNT0 + depth - 1, 0, 0, -(int)below(g, g->k->loop_iters + 1));
        head = 2;
    } else {
        emit(g, WF_OP_WID, t, 0, 0, 0, 0);
        emit(g, WF_OP_ADDI, t, t, 0, 0, -(int)below(g, g->k->warps));
        head = 3;
    }
    unsigned maxb = room - head < g->k->loop_body ? room - head : g->k->loop_body;
    unsigned body = pv && below(g, 4) == 0 ? 0 : 1 + below(g, maxb), at = g->n; /* 0: bnz to pc + 1 */
    emit(g, WF_OP_BNZ, 0, t, 0, 0, 0); /* target patched below */
    block(g, g->n + body, depth);
    wf_insn in = {.op = WF_OP_BNZ, .ra = (uint8_t)t, .imm = (int)g->n};
    g->w[at] = wf_encode(&in);
    g->info.n_bnz++;
    g->info.n_alu += head - 1;
}

static void block(gen *g, unsigned end, unsigned depth)
{
    const wf_gen_knobs *k = g->k;
    const unsigned wl = g->mem ? k->w_ld : 0, ws = g->mem ? k->w_st : 0;
    unsigned tot = k->w_alu + k->w_mul + wl + ws + k->w_nop + k->w_bra;
    while (g->n < end) {
        unsigned room = end - g->n;
        if (g->ctl && depth < 2 && room >= 4 && below(g, 1000) < k->loop_density) {
            emit_loop(g, room, depth);
            continue;
        }
        if (g->ctl && room >= 4 && below(g, 1000) < k->branch_density) {
            emit_region(g, room, depth);
            continue;
        }
        /* the aimed knobs draw nothing while they are 0 (same programs as before) */
        if (k->burst && room >= burst_room(g) && below(g, 1000) < k->burst) {
            emit_burst(g);
            continue;
        }
        if (k->isa_vals && room >= VAL_ROOM && below(g, 1000) < k->isa_vals) {
            emit_values(g);
            continue;
        }
        if (k->mem_run && g->mem && room >= 6 && below(g, 1000) < k->mem_run) {
            emit_mem_run(g, room);
            continue;
        }
        unsigned x = tot ? below(g, tot) : 0;
        if (!tot || x < k->w_alu + k->w_mul) {
            int is_mul = tot && x >= k->w_alu;
            if (k->waw && room >= 2 && below(g, 100) < k->waw) emit_waw(g); /* nothing drawn at 0 */
            else if (room >= 2 && below(g, 100) < k->war_bias) emit_war(g);
            else if (is_mul) emit_mul(g);
            else emit_alu(g);
            continue;
        }
        x -= k->w_alu + k->w_mul;
        if (x < wl + ws) {
            if (room >= 5) emit_mem(g, x < wl, room);
            else emit_alu(g);
            continue;
        }
        x -= wl + ws;
        if (x < k->w_nop) {
            emit(g, WF_OP_NOP, 0, 0, 0, 0, 0);
            g->info.n_nop++;
            continue;
        }
        /* forward bra over 0..3 instructions (never executed) */
        unsigned skip = below(g, (room - 1 < 3 ? room - 1 : 3) + 1);
        emit(g, WF_OP_BRA, 0, 0, 0, 0, (int)(g->n + 1 + skip));
        for (unsigned i = 0; i < skip; i++) emit_alu(g);
        g->info.n_bra++;
    }
}

static unsigned log2u(unsigned v)
{
    unsigned r = 0;
    while ((1u << r) < v) r++;
    return r;
}

#define SETUP_MEM 14 /* the prologue's address set-up (below) */
#define FAR_MIN 4     /* the far tail's length (knob far): 4..FAR_MAX, exit excluded */
#define FAR_MAX 12

/* The far tail (knob far): after the body (len - 1 words), a bra to a block
 * placed at a random pc in the upper half of the instruction memory, the words
 * between exit (never executed): pcs with their high bits set reach the I-cache
 * tags, the MSHR line addresses and the fill index (docs/microarch.md §3).
 * Returns the program length without the final exit: len - 1 without a tail
 * (nothing drawn at far = 0). */
static unsigned far_tail(gen *g, unsigned len)
{
    const unsigned imem = g->k->imem_words;
    if (!g->k->far || below(g, 100) >= g->k->far) return len - 1;
    const unsigned t = FAR_MIN + below(g, FAR_MAX - FAR_MIN + 1);
    const unsigned lo = imem / 2 > len ? imem / 2 : len; /* the first word after the bra */
    if (imem < t + 2 || imem - 1 - t < lo) return len - 1;    /* no room: tail + exit */
    const unsigned at = lo + below(g, imem - 1 - t - lo + 1);
    uint64_t *w = realloc(g->w, (at + t + 1) * sizeof *g->w);
    if (!w) {
        g->overflow = 1;
        return len - 1;
    }
    g->w = w;
    g->cap = at + t + 1;
    emit(g, WF_OP_BRA, 0, 0, 0, 0, (int)at);
    while (g->n < at) emit(g, WF_OP_EXIT, 0, 0, 0, 0, 0);
    block(g, at + t, 0);
    g->info.n_bra++;
    return at + t;
}

int wf_gen_program(uint64_t seed, const wf_gen_knobs *k, wf_program *out, wf_gen_info *info,
                   char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (wf_gen_check(k, err, errlen)) return -1;
    gen g;
    memset(&g, 0, sizeof g);
    wf_rng_seed(&g.rng, seed);
    g.k = k;
    g.R = k->regs;
    g.B = k->banks;
    g.prev_ra = -1;
    g.prev_rd = -1;
    g.ctl = k->regs >= 8;
    g.first = g.ctl ? R_DATA : 0;
    unsigned slice = 0;
    if (k->mem_words >= k->warps) {
        slice = 1u << (31 - __builtin_clz(k->mem_words / k->warps));
    }
    g.mem = g.ctl && slice >= 1 && (k->w_ld || k->w_st);
    if (g.mem && SETUP_MEM + 1 > k->imem_words) g.mem = 0; /* no room for the address set-up */
    const unsigned ml = k->mem_line, lm = log2u(ml);
    unsigned lines = slice >= ml ? slice / ml : 1, f = k->split;
    if (f > k->lanes) f = k->lanes;
    if (f > lines) f = lines;
    g.slice = g.mem ? slice : 0;
    g.slog = log2u(slice ? slice : 1);
    g.lmask = slice ? (slice - 1) & ~(ml - 1) : 0;
    g.split = g.mem ? f : 0;

    /* prologue */
    unsigned pro = 0;
    if (g.mem) pro += SETUP_MEM;
    unsigned ninit = g.R - g.first < 6 ? g.R - g.first : 6;
    if (ninit > k->imem_words - 1 - pro) ninit = k->imem_words - 1 - pro; /* and exit fits */
    pro += ninit;
    unsigned len = k->length > pro + 1 ? k->length : pro + 1;
    g.cap = len;
    g.w = malloc(len * sizeof *g.w);
    if (!g.w) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (g.mem) {
        emit(&g, WF_OP_WID, R_BASE, 0, 0, 0, 0);
        emit(&g, WF_OP_MOVI, R_SMASK, 0, 0, 0, (int)g.slog);
        emit(&g, WF_OP_SHL, R_BASE, R_BASE, R_SMASK, 0, 0);      /* r0 = wid << log2 slice */
        emit(&g, WF_OP_MOVI, R_SMASK, 0, 0, 0, (int)(slice - 1)); /* r1 */
        emit(&g, WF_OP_MOVI, R_LMASK, 0, 0, 0, (int)g.lmask);     /* r2 */
        emit(&g, WF_OP_LANE, R_LANEPAT, 0, 0, 0, 0);              /* r3 = min(lane, f-1) << lm */
        emit(&g, WF_OP_MOVI, R_DATA, 0, 0, 0, (int)(f - 1));
        emit(&g, WF_OP_MIN, R_LANEPAT, R_LANEPAT, R_DATA, 0, 0);
        emit(&g, WF_OP_MOVI, R_DATA, 0, 0, 0, (int)lm);
        emit(&g, WF_OP_SHL, R_LANEPAT, R_LANEPAT, R_DATA, 0, 0);
        emit(&g, WF_OP_LANE, R_DATA, 0, 0, 0, 0); /*      | lane & (mem_line - 1) */
        emit(&g, WF_OP_MOVI, R_DATA + 1, 0, 0, 0, (int)(ml - 1));
        emit(&g, WF_OP_AND, R_DATA, R_DATA, R_DATA + 1, 0, 0);
        emit(&g, WF_OP_OR, R_LANEPAT, R_LANEPAT, R_DATA, 0, 0);
    }
    g.nhist = 0;
    for (unsigned i = 0; i < ninit; i++) {
        unsigned r = g.first + i;
        switch (below(&g, 4)) {
        case 0: emit(&g, WF_OP_TID, r, 0, 0, 0, 0); break;
        case 1: emit(&g, WF_OP_LANE, r, 0, 0, 0, 0); break;
        default: emit(&g, WF_OP_MOVI, r, 0, 0, 0, rand_imm(&g)); break;
        }
    }
    block(&g, len - 1, 0);
    len = far_tail(&g, len) + 1;
    emit(&g, WF_OP_EXIT, 0, 0, 0, 0, 0);
    if (g.overflow || g.n != len) {
        free(g.w);
        snprintf(err, errlen, "internal error: generated %u of %u instructions", g.n, len);
        return -1;
    }
    out->words = g.w;
    out->len = g.n;
    out->line = calloc(g.n, sizeof *out->line); /* no source lines, like an image */
    if (!out->line) {
        wf_program_free(out);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    g.info.len = g.n;
    g.info.slice = g.slice;
    g.info.split = g.split;
    if (info) *info = g.info;
    return 0;
}
