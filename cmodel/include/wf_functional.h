/* Functional reference interpreter: the timing-free oracle (docs/isa.md
 * "Semantics"). Deliberately independent of the pipeline code. */
#ifndef WF_FUNCTIONAL_H
#define WF_FUNCTIONAL_H

#include <stdint.h>
#include <stdio.h>

#include "wf_config.h"
#include "wf_program.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Final architectural state; the cycle model and the RTL report the same. */
typedef struct {
    unsigned warps, lanes, regs, mem_words;
    uint32_t *reg;  /* reg[(w * regs + r) * lanes + l] */
    uint32_t *mem;  /* mem_words words */
    uint64_t *retired; /* instructions executed per warp */
} wf_arch_state;

int wf_arch_alloc(wf_arch_state *s, unsigned warps, unsigned lanes, unsigned regs,
                  unsigned mem_words);
void wf_arch_free(wf_arch_state *s);
static inline uint32_t *wf_arch_reg(wf_arch_state *s, unsigned w, unsigned r, unsigned l)
{
    return &s->reg[((size_t)w * s->regs + r) * s->lanes + l];
}
/* JSON {"warps":W,"lanes":L,"regs":[[[lane values] per register] per warp],"mem":[...]} */
int wf_arch_write_json(const wf_arch_state *s, FILE *f);
/* First difference between two states, "" when equal. */
void wf_arch_diff(const wf_arch_state *a, const wf_arch_state *b, char *buf, size_t len);

/* Runs every active warp (cfg->active_warps, 0 = all) from its start pc to
 * `exit`. mem_init may be NULL (all zero) or cfg->mem_words words. A warp
 * that executes more than max_steps instructions is an error (a program that
 * does not terminate). Returns 0, or -1 with a message in err. */
int wf_functional_run(const wf_config *cfg, const wf_program *prog, const uint32_t *mem_init,
                      uint64_t max_steps, wf_arch_state *out, char *err, size_t errlen);

/* One executed instruction as an observer sees it, before it takes effect:
 * the operands a, b, c of every lane (lanes words each; the registers ra, rb,
 * rc whether or not the opcode reads them) and the scratchpad. */
typedef struct {
    unsigned warp, pc, lanes, mem_words;
    const wf_insn *in;
    const uint32_t *a, *b, *c;
    const uint32_t *mem;
} wf_func_step;
typedef void (*wf_func_observer)(void *ctx, const wf_func_step *step);
/* wf_functional_run calling observe(ctx, step) for every executed instruction
 * (observe may be NULL). */
int wf_functional_run_observed(const wf_config *cfg, const wf_program *prog, const uint32_t *mem_init,
                               uint64_t max_steps, wf_arch_state *out, char *err, size_t errlen,
                               wf_func_observer observe, void *ctx);

#ifdef __cplusplus
}
#endif
#endif
