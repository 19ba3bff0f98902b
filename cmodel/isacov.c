/* ISA coverage (cmodel/include/wf_isacov.h): the classes of docs/isa.md
 * sampled from the functional interpreter's executed instructions. */
#include "wf_isacov.h"

#include <stdlib.h>
#include <string.h>

#define WF_ISA_NAME(ID, NAME, NEED, WHAT) NAME,
#define WF_ISA_WHAT(ID, NAME, NEED, WHAT) WHAT,
#define WF_ISA_NEED(ID, NAME, NEED, WHAT) WF_ISA_##NEED,
static const char *const names[WF_ISA_NBINS] = {WF_ISA_BINS(WF_ISA_NAME)};
static const char *const whats[WF_ISA_NBINS] = {WF_ISA_BINS(WF_ISA_WHAT)};
static const unsigned char needs[WF_ISA_NBINS] = {WF_ISA_BINS(WF_ISA_NEED)};
#undef WF_ISA_NAME
#undef WF_ISA_WHAT
#undef WF_ISA_NEED

const char *wf_isacov_name(unsigned i) { return i < WF_ISA_NBINS ? names[i] : NULL; }
const char *wf_isacov_what(unsigned i) { return i < WF_ISA_NBINS ? whats[i] : NULL; }

int wf_isacov_applicable(unsigned i, const wf_config *cfg)
{
    if (i >= WF_ISA_NBINS) return 0;
    switch (needs[i]) {
    case WF_ISA_L2: return cfg->lanes >= 2;
    case WF_ISA_W2: return cfg->warps >= 2 && (cfg->active_warps == 0 || cfg->active_warps >= 2);
    case WF_ISA_ML2: return cfg->mem_line >= 2 && cfg->mem_words > cfg->mem_line;
    default: return 1;
    }
}

/* ---- per-run tracking ----------------------------------------------------- */

#define AFTER_ST 4 /* ld.after_st: within this many instructions of the warp's st */

typedef struct {
    wf_isacov *cov;
    unsigned mem_line;
    uint64_t n[WF_MAX_WARPS];                /* instructions executed by the warp so far */
    uint64_t st_at[WF_MAX_WARPS];            /* its last st (n + 1; 0: none) */
    uint32_t st_addr[WF_MAX_WARPS][WF_MAX_LANES];
    int prev_valid[WF_MAX_WARPS];            /* its last ld/st, lane 0 */
    uint32_t prev_addr[WF_MAX_WARPS], prev_a[WF_MAX_WARPS];
    int32_t prev_imm[WF_MAX_WARPS];
} run_ctx;

/* value class 0..5: zero, pos, max, min, neg, m1 (the WF_ISA_VALS order) */
static unsigned vclass(uint32_t x)
{
    if (x == 0) return 0;
    if (x < 0x7FFFFFFFu) return 1;
    if (x == 0x7FFFFFFFu) return 2;
    if (x == 0x80000000u) return 3;
    if (x != 0xFFFFFFFFu) return 4;
    return 5;
}

/* immediate class 0..6: zero, spos, lpos, imax, sneg, lneg, imin (WF_ISA_IMMS) */
static unsigned iclass(int32_t v)
{
    if (v == 0) return 0;
    if (v > 0) return v <= 255 ? 1 : v < WF_IMM_MAX ? 2 : 3;
    return v >= -256 ? 4 : v > WF_IMM_MIN ? 5 : 6;
}

/* operand classes of x[0..L-1] into bins base + class, base + 6 when they vary */
static void vals(wf_isacov *cov, unsigned base, const uint32_t *x, unsigned L)
{
    unsigned seen = 0;
    for (unsigned l = 0; l < L; l++) seen |= 1u << vclass(x[l]);
    for (unsigned k = 0; k < 6; k++)
        if (seen >> k & 1) cov->hits[base + k]++;
    for (unsigned l = 1; l < L; l++)
        if (x[l] != x[0]) {
            cov->hits[base + 6]++;
            break;
        }
}

static int varies(const uint32_t *x, unsigned L)
{
    for (unsigned l = 1; l < L; l++)
        if (x[l] != x[0]) return 1;
    return 0;
}

static int sless(uint32_t a, uint32_t b) { return (a ^ 0x80000000u) < (b ^ 0x80000000u); }

/* the two-source ALU/MUL opcodes: bins of operand a (b follows at + 7) */
static int ab_base(wf_opcode op)
{
    switch (op) {
    case WF_OP_ADD: return WF_ISA_ADD_a_ZERO;
    case WF_OP_SUB: return WF_ISA_SUB_a_ZERO;
    case WF_OP_AND: return WF_ISA_AND_a_ZERO;
    case WF_OP_OR: return WF_ISA_OR_a_ZERO;
    case WF_OP_XOR: return WF_ISA_XOR_a_ZERO;
    case WF_OP_MIN: return WF_ISA_MIN_a_ZERO;
    case WF_OP_MAX: return WF_ISA_MAX_a_ZERO;
    case WF_OP_MUL: return WF_ISA_MUL_a_ZERO;
    case WF_OP_MAD: return WF_ISA_MAD_a_ZERO;
    default: return -1;
    }
}

static void shift(wf_isacov *cov, unsigned base, const uint32_t *a, const uint32_t *b, unsigned L, int left)
{
    /* base: the shift's amt=0 bin; the order amt=0, amt=31, 1..30, b>=32, b=32k, lost|zero_fill, b_varies */
    uint8_t f[7] = {0};
    for (unsigned l = 0; l < L; l++) {
        const unsigned amt = b[l] & 31u;
        if (b[l] < 32) f[amt == 0 ? 0 : amt == 31 ? 1 : 2] = 1;
        else f[amt ? 3 : 4] = 1;
        if (amt && (left ? a[l] >> (32 - amt) : a[l] >> 31)) f[5] = 1;
    }
    f[6] = varies(b, L);
    for (unsigned k = 0; k < 7; k++)
        if (f[k]) cov->hits[base + k]++;
}

static void minmax(wf_isacov *cov, unsigned base, const uint32_t *a, const uint32_t *b, unsigned L)
{
    /* base: signs_differ; then equal, a_lt_b, a_gt_b, pick_varies */
    uint8_t f[5] = {0};
    unsigned lt = 0, gt = 0;
    for (unsigned l = 0; l < L; l++) {
        if ((a[l] ^ b[l]) >> 31) f[0] = 1;
        else if (a[l] == b[l]) f[1] = 1;
        else f[sless(a[l], b[l]) ? 2 : 3] = 1;
        lt |= sless(a[l], b[l]);
        gt |= sless(b[l], a[l]);
    }
    f[4] = lt && gt;
    for (unsigned k = 0; k < 5; k++)
        if (f[k]) cov->hits[base + k]++;
}

/* ld/st: the immediate, the address arithmetic, the lanes' words and lines */
static void mem(run_ctx *x, const wf_func_step *s, int is_st)
{
    wf_isacov *cov = x->cov;
    const unsigned L = s->lanes, M = s->mem_words, ml = x->mem_line, w = s->warp;
    const int32_t imm = s->in->imm;
    const unsigned base = is_st ? WF_ISA_ST_IMM_ZERO : WF_ISA_LD_IMM_ZERO;
    /* the bins after the immediate's, in WF_ISA_MEM order */
    enum { A_HIGH = 7, WRAP32, REDUCED, ADDR_ZERO, ADDR_TOP, LINE_FIRST, LINE_LAST, ONE_WORD,
           COLLIDE, DISTINCT, ONE_LINE, LINES, DESC, ALIAS, NMEM };
    uint8_t f[NMEM] = {0};
    f[iclass(imm)] = 1;
    uint32_t addr[WF_MAX_LANES];
    for (unsigned l = 0; l < L; l++) {
        const uint32_t a = s->a[l], sum = a + (uint32_t)imm;
        const int64_t exact = (int64_t)a + imm;
        addr[l] = sum & (M - 1);
        if (a >= M) f[A_HIGH] = 1;
        if (exact < 0 || exact > 0xFFFFFFFFll) f[WRAP32] = 1;
        if (sum >= M) f[REDUCED] = 1;
        if (addr[l] == 0) f[ADDR_ZERO] = 1;
        if (addr[l] == M - 1) f[ADDR_TOP] = 1;
        if (ml >= 2 && addr[l] % ml == 0) f[LINE_FIRST] = 1;
        if (ml >= 2 && addr[l] % ml == ml - 1) f[LINE_LAST] = 1;
        if (l && addr[l] < addr[l - 1]) f[DESC] = 1;
    }
    if (L >= 2) {
        unsigned pairs = 0, words = 0, lines = 0, diff_val = 0;
        for (unsigned l = 0; l < L; l++) {
            unsigned first_word = 1, first_line = 1;
            for (unsigned m = 0; m < l; m++) {
                if (addr[m] == addr[l]) {
                    first_word = 0;
                    pairs++;
                    if (is_st && s->b[m] != s->b[l]) diff_val = 1;
                }
                if (addr[m] / ml == addr[l] / ml) first_line = 0;
            }
            words += first_word;
            lines += first_line;
        }
        if (words == 1) f[ONE_WORD] = 1;
        else if (pairs) f[COLLIDE] = 1;
        else f[DISTINCT] = 1;
        if (words >= 2) f[lines == 1 ? ONE_LINE : LINES] = 1;
        if (is_st && diff_val) cov->hits[WF_ISA_ST_COLLIDE_DIFF]++;
        if (is_st && varies(s->b, L)) cov->hits[WF_ISA_ST_B_VARIES]++;
    }
    if (x->prev_valid[w] && x->prev_addr[w] == addr[0] && (x->prev_a[w] != s->a[0] || x->prev_imm[w] != imm))
        f[ALIAS] = 1;
    x->prev_valid[w] = 1;
    x->prev_addr[w] = addr[0];
    x->prev_a[w] = s->a[0];
    x->prev_imm[w] = imm;
    if (is_st) {
        x->st_at[w] = x->n[w] + 1;
        memcpy(x->st_addr[w], addr, L * sizeof addr[0]);
    } else if (x->st_at[w] && x->n[w] + 1 - x->st_at[w] <= AFTER_ST) {
        for (unsigned l = 0, hit = 0; l < L && !hit; l++)
            for (unsigned m = 0; m < L && !hit; m++)
                if (addr[l] == x->st_addr[w][m]) {
                    cov->hits[WF_ISA_LD_AFTER_ST]++;
                    hit = 1;
                }
    }
    for (unsigned k = 0; k < NMEM; k++)
        if (f[k]) cov->hits[base + k]++;
}

static void branch(wf_isacov *cov, const wf_func_step *s)
{
    const unsigned pc = s->pc, tgt = (unsigned)s->in->imm;
    if (s->in->op == WF_OP_BRA) {
        cov->hits[tgt == pc + 1 ? WF_ISA_BRA_NEXT : tgt > pc ? WF_ISA_BRA_FWD : WF_ISA_BRA_BACK]++;
        return;
    }
    const uint32_t a0 = s->a[0];
    if (a0) cov->hits[tgt > pc ? WF_ISA_BNZ_TAKEN_FWD : WF_ISA_BNZ_TAKEN_BACK]++;
    else cov->hits[tgt > pc ? WF_ISA_BNZ_NOT_FWD : WF_ISA_BNZ_NOT_BACK]++;
    if (tgt == pc + 1) cov->hits[WF_ISA_BNZ_NEXT]++;
    for (unsigned l = 1; l < s->lanes; l++) {
        if (!a0 && s->a[l]) {
            cov->hits[WF_ISA_BNZ_L0Z]++;
            break;
        }
        if (a0 && !s->a[l]) {
            cov->hits[WF_ISA_BNZ_L0NZ]++;
            break;
        }
    }
    if (a0 && !(a0 & 0xFFFFu)) cov->hits[WF_ISA_BNZ_HIGH]++;
    if (a0 >> 31) cov->hits[WF_ISA_BNZ_NEG]++;
}

static void step(void *ctx, const wf_func_step *s)
{
    run_ctx *x = ctx;
    wf_isacov *cov = x->cov;
    const unsigned L = s->lanes;
    const uint32_t *a = s->a, *b = s->b, *c = s->c;
    const wf_opcode op = s->in->op;
    const int ab = ab_base(op);
    if (ab >= 0) {
        vals(cov, (unsigned)ab, a, L);
        vals(cov, (unsigned)ab + 7, b, L);
    }
    uint8_t f[4] = {0}; /* the opcode's own classes, in table order after its operands' */
    switch (op) {
    case WF_OP_NOP: cov->hits[WF_ISA_NOP_EXEC]++; break;
    case WF_OP_ADD:
        for (unsigned l = 0; l < L; l++) {
            const uint32_t r = a[l] + b[l];
            f[0] |= r < a[l];
            f[1] |= ((a[l] ^ r) & (b[l] ^ r)) >> 31;
            f[2] |= r == 0;
        }
        for (unsigned k = 0; k < 3; k++)
            if (f[k]) cov->hits[WF_ISA_ADD_CARRY + k]++;
        break;
    case WF_OP_SUB:
        for (unsigned l = 0; l < L; l++) {
            const uint32_t r = a[l] - b[l];
            f[0] |= a[l] < b[l];
            f[1] |= ((a[l] ^ b[l]) & (a[l] ^ r)) >> 31;
            f[2] |= r == 0;
        }
        for (unsigned k = 0; k < 3; k++)
            if (f[k]) cov->hits[WF_ISA_SUB_BORROW + k]++;
        break;
    case WF_OP_AND:
        for (unsigned l = 0; l < L; l++) f[0] |= a[l] && b[l] && !(a[l] & b[l]);
        if (f[0]) cov->hits[WF_ISA_AND_RZERO]++;
        break;
    case WF_OP_OR:
        for (unsigned l = 0; l < L; l++) f[0] |= (a[l] | b[l]) == 0xFFFFFFFFu && ~a[l] && ~b[l];
        if (f[0]) cov->hits[WF_ISA_OR_RONES]++;
        break;
    case WF_OP_XOR:
        for (unsigned l = 0; l < L; l++) f[0] |= a[l] == b[l];
        if (f[0]) cov->hits[WF_ISA_XOR_EQ]++;
        break;
    case WF_OP_SHL:
        vals(cov, WF_ISA_SHL_a_ZERO, a, L);
        shift(cov, WF_ISA_SHL_AMT0, a, b, L, 1);
        break;
    case WF_OP_SHR:
        vals(cov, WF_ISA_SHR_a_ZERO, a, L);
        shift(cov, WF_ISA_SHR_AMT0, a, b, L, 0);
        break;
    case WF_OP_MIN: minmax(cov, WF_ISA_MIN_SIGNS, a, b, L); break;
    case WF_OP_MAX: minmax(cov, WF_ISA_MAX_SIGNS, a, b, L); break;
    case WF_OP_MOV: vals(cov, WF_ISA_MOV_a_ZERO, a, L); break;
    case WF_OP_MOVI: cov->hits[WF_ISA_MOVI_IMM_ZERO + iclass(s->in->imm)]++; break;
    case WF_OP_ADDI:
        vals(cov, WF_ISA_ADDI_a_ZERO, a, L);
        cov->hits[WF_ISA_ADDI_IMM_ZERO + iclass(s->in->imm)]++;
        for (unsigned l = 0; l < L; l++) {
            const int64_t exact = (int64_t)a[l] + s->in->imm;
            f[0] |= exact < 0 || exact > 0xFFFFFFFFll;
            f[1] |= (uint32_t)exact == 0;
        }
        for (unsigned k = 0; k < 2; k++)
            if (f[k]) cov->hits[WF_ISA_ADDI_CARRY + k]++;
        break;
    case WF_OP_MUL:
        for (unsigned l = 0; l < L; l++) {
            const uint64_t p = (uint64_t)a[l] * b[l];
            f[0] |= (p >> 32) != 0;
            f[1] |= (uint32_t)p >> 31;
        }
        for (unsigned k = 0; k < 2; k++)
            if (f[k]) cov->hits[WF_ISA_MUL_HIGH + k]++;
        break;
    case WF_OP_MAD:
        vals(cov, WF_ISA_MAD_c_ZERO, c, L);
        for (unsigned l = 0; l < L; l++) {
            const uint64_t p = (uint64_t)a[l] * b[l];
            f[0] |= (p >> 32) != 0;
            f[1] |= (uint32_t)p + c[l] < c[l];
        }
        for (unsigned k = 0; k < 2; k++)
            if (f[k]) cov->hits[WF_ISA_MAD_HIGH + k]++;
        break;
    case WF_OP_LD: mem(x, s, 0); break;
    case WF_OP_ST: mem(x, s, 1); break;
    case WF_OP_TID:
        if (s->warp) cov->hits[WF_ISA_TID_W]++;
        break;
    case WF_OP_WID:
        if (s->warp) cov->hits[WF_ISA_WID_W]++;
        break;
    case WF_OP_LANE:
        if (L >= 2) cov->hits[WF_ISA_LANE_VAR]++;
        break;
    case WF_OP_BRA:
    case WF_OP_BNZ: branch(cov, s); break;
    case WF_OP_EXIT: cov->hits[WF_ISA_EXIT_EXEC]++; break;
    default: break;
    }
    if (s->warp < WF_MAX_WARPS) x->n[s->warp]++;
}

int wf_isacov_run(wf_isacov *cov, const wf_config *cfg, const wf_program *prog,
                  const uint32_t *mem_init, uint64_t max_steps, char *err, size_t errlen)
{
    run_ctx *x = calloc(1, sizeof *x);
    if (!x) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    x->cov = cov;
    x->mem_line = cfg->mem_line ? cfg->mem_line : 1;
    wf_arch_state st;
    const int rc = wf_functional_run_observed(cfg, prog, mem_init, max_steps, &st, err, errlen, step, x);
    free(x);
    if (rc) return -1;
    wf_arch_free(&st);
    cov->runs++;
    for (unsigned i = 0; i < WF_ISA_NBINS; i++) cov->applicable[i] += (uint64_t)wf_isacov_applicable(i, cfg);
    return 0;
}

/* the sampling code relies on the table's order within each block */
_Static_assert(WF_ISA_ADD_b_ZERO == WF_ISA_ADD_a_ZERO + 7, "operand b follows a");
_Static_assert(WF_ISA_LD_ALIAS == WF_ISA_LD_IMM_ZERO + 20, "WF_ISA_MEM order");
_Static_assert(WF_ISA_ST_ALIAS == WF_ISA_ST_IMM_ZERO + 20, "WF_ISA_MEM order");
_Static_assert(WF_ISA_SHL_BVAR == WF_ISA_SHL_AMT0 + 6, "shift order");
_Static_assert(WF_ISA_MAX_PICKVAR == WF_ISA_MAX_SIGNS + 4, "min/max order");
