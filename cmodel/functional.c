/* Functional reference interpreter (docs/isa.md "Opcodes and semantics").
 *
 * The timing-free oracle: it knows nothing of pipelines, banks or cycles. It
 * runs warp 0 from its start pc to `exit`, then warp 1, and so on, and for
 * each instruction computes every lane's result from the old register values
 * before it writes any of them. All state lives in the caller's
 * wf_arch_state; there is no global mutable state. */
#include "wf_functional.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- architectural state ------------------------------------------------ */

int wf_arch_alloc(wf_arch_state *s, unsigned warps, unsigned lanes, unsigned regs,
                  unsigned mem_words)
{
    memset(s, 0, sizeof *s);
    if (!warps || !lanes || !regs || !mem_words) return -1;
    size_t nreg = (size_t)warps * regs;
    if (nreg / regs != warps || nreg * lanes / lanes != nreg) return -1; /* overflow */
    nreg *= lanes;
    s->reg = calloc(nreg, sizeof *s->reg);
    s->mem = calloc(mem_words, sizeof *s->mem);
    s->retired = calloc(warps, sizeof *s->retired);
    if (!s->reg || !s->mem || !s->retired) {
        wf_arch_free(s);
        return -1;
    }
    s->warps = warps;
    s->lanes = lanes;
    s->regs = regs;
    s->mem_words = mem_words;
    return 0;
}

void wf_arch_free(wf_arch_state *s)
{
    if (!s) return;
    free(s->reg);
    free(s->mem);
    free(s->retired);
    memset(s, 0, sizeof *s);
}

int wf_arch_write_json(const wf_arch_state *s, FILE *f)
{
    fprintf(f, "{\"warps\":%u,\"lanes\":%u,\"regs\":[", s->warps, s->lanes);
    for (unsigned w = 0; w < s->warps; w++) {
        fputs(w ? ",[" : "[", f);
        for (unsigned r = 0; r < s->regs; r++) {
            fputs(r ? ",[" : "[", f);
            const uint32_t *v = &s->reg[((size_t)w * s->regs + r) * s->lanes];
            for (unsigned l = 0; l < s->lanes; l++)
                fprintf(f, l ? ",%" PRIu32 : "%" PRIu32, v[l]);
            fputc(']', f);
        }
        fputc(']', f);
    }
    fputs("],\"mem\":[", f);
    for (unsigned i = 0; i < s->mem_words; i++)
        fprintf(f, i ? ",%" PRIu32 : "%" PRIu32, s->mem[i]);
    fputs("]}\n", f);
    return ferror(f) ? -1 : 0;
}

void wf_arch_diff(const wf_arch_state *a, const wf_arch_state *b, char *buf, size_t len)
{
    if (!len) return;
    buf[0] = 0;
    if (a->warps != b->warps) {
        snprintf(buf, len, "warps: %u vs %u", a->warps, b->warps);
        return;
    }
    if (a->lanes != b->lanes) {
        snprintf(buf, len, "lanes: %u vs %u", a->lanes, b->lanes);
        return;
    }
    if (a->regs != b->regs) {
        snprintf(buf, len, "regs: %u vs %u", a->regs, b->regs);
        return;
    }
    if (a->mem_words != b->mem_words) {
        snprintf(buf, len, "mem_words: %u vs %u", a->mem_words, b->mem_words);
        return;
    }
    for (unsigned w = 0; w < a->warps; w++)
        for (unsigned r = 0; r < a->regs; r++)
            for (unsigned l = 0; l < a->lanes; l++) {
                size_t i = ((size_t)w * a->regs + r) * a->lanes + l;
                if (a->reg[i] != b->reg[i]) {
                    snprintf(buf, len, "warp %u r%u lane %u: %" PRIu32 " vs %" PRIu32, w, r, l,
                             a->reg[i], b->reg[i]);
                    return;
                }
            }
    for (unsigned i = 0; i < a->mem_words; i++)
        if (a->mem[i] != b->mem[i]) {
            snprintf(buf, len, "mem[%u]: %" PRIu32 " vs %" PRIu32, i, a->mem[i], b->mem[i]);
            return;
        }
}

/* ---- the interpreter ---------------------------------------------------- */

/* Signed 32-bit order without converting out-of-range values to int32_t:
 * flipping the sign bit maps signed order onto unsigned order. */
static int signed_less(uint32_t a, uint32_t b) { return (a ^ 0x80000000u) < (b ^ 0x80000000u); }

/* Runs warp w to its exit. Returns 0, or -1 with a message in err. */
static int run_warp(const wf_config *cfg, const wf_program *prog, unsigned w, uint64_t max_steps,
                    wf_arch_state *s, char *err, size_t errlen, wf_func_observer observe, void *ctx)
{
    const unsigned L = s->lanes, R = s->regs;
    const uint32_t mask = s->mem_words - 1; /* mem_words is a power of two */
    uint32_t *regs = &s->reg[(size_t)w * R * L]; /* this warp: regs[r * L + l] */
    uint32_t res[WF_MAX_LANES];
    unsigned pc = prog->start_pc[w];

    for (;;) {
        if (pc >= prog->len) {
            snprintf(err, errlen, "warp %u: pc %u beyond the end of the program (length %u)", w,
                     pc, prog->len);
            return -1;
        }
        if (s->retired[w] >= max_steps) {
            snprintf(err, errlen, "warp %u did not exit within %" PRIu64 " instructions (pc %u)",
                     w, max_steps, pc);
            return -1;
        }
        wf_insn in;
        const char *bad = wf_decode(prog->words[pc], cfg->regs, &in);
        if (bad) {
            snprintf(err, errlen, "warp %u pc %u: %s", w, pc, bad);
            return -1;
        }
        s->retired[w]++;

        const uint32_t *a = &regs[(size_t)in.ra * L];
        const uint32_t *b = &regs[(size_t)in.rb * L];
        const uint32_t *c = &regs[(size_t)in.rc * L];
        const uint32_t imm = (uint32_t)in.imm; /* sext(imm) as a 32-bit word */
        unsigned next = pc + 1;
        int write = 1;
        if (observe) {
            const wf_func_step st = {w, pc, L, s->mem_words, &in, a, b, c, s->mem};
            observe(ctx, &st);
        }

        for (unsigned l = 0; l < L; l++) {
            uint32_t x = a[l], y = b[l], r = 0;
            switch (in.op) {
            case WF_OP_ADD: r = x + y; break;
            case WF_OP_SUB: r = x - y; break;
            case WF_OP_AND: r = x & y; break;
            case WF_OP_OR: r = x | y; break;
            case WF_OP_XOR: r = x ^ y; break;
            case WF_OP_SHL: r = (uint32_t)(x << (y & 31u)); break;
            case WF_OP_SHR: r = x >> (y & 31u); break;
            case WF_OP_MIN: r = signed_less(y, x) ? y : x; break;
            case WF_OP_MAX: r = signed_less(x, y) ? y : x; break;
            case WF_OP_MOV: r = x; break;
            case WF_OP_MOVI: r = imm; break;
            case WF_OP_ADDI: r = x + imm; break;
            case WF_OP_MUL: r = (uint32_t)((uint64_t)x * y); break;
            case WF_OP_MAD: r = (uint32_t)((uint64_t)x * y + c[l]); break;
            case WF_OP_LD: r = s->mem[(x + imm) & mask]; break;
            case WF_OP_TID: r = (uint32_t)(w * L + l); break;
            case WF_OP_WID: r = w; break;
            case WF_OP_LANE: r = l; break;
            default: write = 0; break; /* nop st bra bnz exit: no register result */
            }
            res[l] = r;
        }

        switch (in.op) {
        case WF_OP_ST: /* lanes in ascending order: the highest lane wins */
            for (unsigned l = 0; l < L; l++) s->mem[(a[l] + imm) & mask] = b[l];
            break;
        case WF_OP_BRA: next = (unsigned)in.imm; break;
        case WF_OP_BNZ:
            if (a[0] != 0) next = (unsigned)in.imm; /* lane 0 decides for the warp */
            break;
        case WF_OP_EXIT: return 0;
        default: break;
        }
        if (write) memcpy(&regs[(size_t)in.rd * L], res, L * sizeof res[0]);
        pc = next;
    }
}

int wf_functional_run(const wf_config *cfg, const wf_program *prog, const uint32_t *mem_init,
                      uint64_t max_steps, wf_arch_state *out, char *err, size_t errlen)
{
    return wf_functional_run_observed(cfg, prog, mem_init, max_steps, out, err, errlen, NULL, NULL);
}

int wf_functional_run_observed(const wf_config *cfg, const wf_program *prog, const uint32_t *mem_init,
                               uint64_t max_steps, wf_arch_state *out, char *err, size_t errlen,
                               wf_func_observer observe, void *ctx)
{
    char scratch[1];
    if (!err || !errlen) {
        err = scratch;
        errlen = sizeof scratch;
    }
    err[0] = 0;
    memset(out, 0, sizeof *out);
    if (!cfg || !prog) {
        snprintf(err, errlen, "no configuration or no program");
        return -1;
    }
    if (wf_config_check(cfg, err, errlen)) return -1;
    if (prog->len && !prog->words) {
        snprintf(err, errlen, "program has %u instructions but no words", prog->len);
        return -1;
    }
    if (wf_program_check(prog, cfg->regs, err, errlen)) return -1;
    if (prog->len > cfg->imem_words) {
        snprintf(err, errlen, "program has %u instructions; imem_words=%u", prog->len,
                 cfg->imem_words);
        return -1;
    }
    unsigned active = cfg->active_warps ? cfg->active_warps : cfg->warps;
    for (unsigned w = 0; w < WF_MAX_WARPS; w++) {
        if (w < active && prog->start_pc[w] >= prog->len) {
            snprintf(err, errlen, "warp %u: start pc %u beyond the end of the program (length %u)",
                     w, prog->start_pc[w], prog->len);
            return -1;
        }
        if (w >= cfg->warps && prog->start_pc[w] != 0) {
            snprintf(err, errlen, "warp %u: .start given but the machine has warps=%u", w,
                     cfg->warps);
            return -1;
        }
    }
    if (wf_arch_alloc(out, cfg->warps, cfg->lanes, cfg->regs, cfg->mem_words)) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (mem_init) memcpy(out->mem, mem_init, (size_t)cfg->mem_words * sizeof *out->mem);
    for (unsigned w = 0; w < active; w++)
        if (run_warp(cfg, prog, w, max_steps, out, err, errlen, observe, ctx)) {
            wf_arch_free(out);
            return -1;
        }
    return 0;
}
