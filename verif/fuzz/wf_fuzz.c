/* libFuzzer harness over the tools' input paths (docs/verification.md
 * "Fuzzing"): each input is, at once,
 *   - assembler source (wf_assemble),
 *   - a `# wfsim-options:` line's text (wf_config_apply_options + check),
 *   - a binary program image (wf_read_image),
 * and whatever program loads runs on the functional interpreter and on the
 * cycle model, bounded (MAX_STEPS, MAX_CYCLES), on one warp (no inter-warp
 * races, §8.1: the interpreter is then the oracle) with a WAR policy other
 * than none: a final-state or retired-count difference aborts (a finding).
 * Crashes, sanitizer reports, leaks and timeouts are libFuzzer's findings.
 * WF_FUZZ_SELFTEST=1|2|3|4 plants a crash, a mismatch, a leak or a hang
 * (scripts/fuzz.sh --selftest shows each is caught). */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpfront.h"
#include "wf_compare.h"

#define MAX_INPUT 65536     /* longer inputs are not interesting and slow */
#define MAX_STEPS 1000      /* interpreter: instructions per warp */
/* cycle model: MAX_STEPS instructions at the slowest configuration (an
 * I-cache miss of imiss_lat=256 per instruction, 8 LSU pieces of lsu_lat=32) */
#define MAX_CYCLES (MAX_STEPS * 1024ull)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The run's configuration: the input's options line if it is valid, made
 * small (one active warp, at most 8 lanes and 4096 scratchpad words) so a
 * run stays short. */
static void run_config(const char *text, wf_config *cfg)
{
    char err[512];
    wf_config_default(cfg);
    wf_config c = *cfg;
    if (!wf_config_apply_options(&c, text, err, sizeof err) && !wf_config_check(&c, err, sizeof err))
        *cfg = c;
    if (cfg->lanes > 8) cfg->lanes = 8;
    if (cfg->mem_words > 4096) cfg->mem_words = 4096;
    if (cfg->mem_line > cfg->mem_words) cfg->mem_line = cfg->mem_words;
    if (cfg->war == WF_WAR_NONE) cfg->war = WF_WAR_INORDER; /* none is unsafe by design, §8.1 */
    cfg->active_warps = 1;
    if (wf_config_check(cfg, err, sizeof err)) {
        fprintf(stderr, "wf_fuzz: clamped configuration invalid: %s\n", err);
        abort();
    }
}

/* Interpreter vs cycle model on one loaded program. */
static void run_both(const wf_config *cfg, const wf_program *prog)
{
    char err[2048], diff[512];
    wf_arch_state want, got;
    if (wf_functional_run(cfg, prog, NULL, MAX_STEPS, &want, err, sizeof err)) return;
    wf_model *m = wf_model_create(cfg, err, sizeof err);
    if (!m) {
        fprintf(stderr, "wf_fuzz: the interpreter ran, wf_model_create failed: %s\n", err);
        abort();
    }
    if (wf_model_load(m, prog, NULL, err, sizeof err)) {
        fprintf(stderr, "wf_fuzz: the interpreter ran, wf_model_load failed: %s\n", err);
        abort();
    }
    if (wf_model_run(m, MAX_CYCLES, err, sizeof err)) {
        /* the interpreter finished within MAX_STEPS: the model must too */
        fprintf(stderr, "wf_fuzz: interpreter done, cycle model not: %s\n", err);
        abort();
    }
    if (wf_model_final_state(m, &got)) abort();
#if WF_FUZZ_SELFTEST == 2
    got.reg[0] ^= 1;
#endif
    if (wf_cmp_arch(&want, &got, diff, sizeof diff)) {
        fprintf(stderr, "wf_fuzz: MISMATCH interpreter vs cycle model: %s\n", diff);
        abort();
    }
    wf_arch_free(&want);
    wf_arch_free(&got);
    wf_model_destroy(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT) return 0;
    char *text = malloc(size + 1), err[512];
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = 0;
    wf_config cfg;
    run_config(text, &cfg);
    wf_program prog;
    if (wf_assemble("fuzz.s", text, cfg.regs, &prog, err, sizeof err) == 0) {
#if WF_FUZZ_SELFTEST == 1
        if (prog.len > 1) *(volatile int *)(uintptr_t)prog.len = 0;
#endif
#if WF_FUZZ_SELFTEST == 3
        if (prog.len > 1) prog.words = malloc(8); /* the old words leak */
#endif
#if WF_FUZZ_SELFTEST == 4
        for (volatile unsigned spin = prog.len > 1; spin;) continue; /* a hang: -timeout */
#endif
        run_both(&cfg, &prog);
        wf_program_free(&prog);
    } else if (strchr(err, '\n') || strncmp(err, "fuzz.s:", 7) != 0) {
        fprintf(stderr, "wf_fuzz: assembler message not one 'fuzz.s:line:col:' line: %s\n", err);
        abort();
    }
    free(text);
    FILE *f = fmemopen((void *)(uintptr_t)data, size ? size : 1, "rb");
    if (f && size) {
        if (wf_read_image(f, "fuzz.wfb", cfg.regs, &prog, err, sizeof err) == 0) {
            run_both(&cfg, &prog);
            wf_program_free(&prog);
        }
    }
    if (f) fclose(f);
    return 0;
}
