/* wfhash: a fingerprint of everything the cycle model shows for one run, so
 * that two builds of the model (a performance change and its base, see
 * scripts/model-equiv.sh) can be compared bit for bit on many runs.
 *
 *   wfhash [--PARAM VALUE]... PROGRAM.s
 *
 * Steps the model with the observation record every cycle and hashes (FNV-1a
 * over the bytes) every record, then the statistics, the final registers and
 * scratchpad and the state summary; then runs it again with wf_model_run (the
 * unobserved fast path) and hashes its statistics and last record. Prints
 * "CYCLES OBSERVED_HASH RUN_HASH RUN_STATUS". Exit 0, or 2 with a message for
 * a bad option, program or configuration. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpfront.h"

#define MAX_CYCLES 3000000u

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++) h = (h ^ c[i]) * 1099511628211ull;
    return h;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    long n = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (n >= 0 && fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1)) != NULL) {
        if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
            free(buf);
            buf = NULL;
        } else {
            buf[n] = 0;
        }
    }
    fclose(f);
    return buf;
}

int main(int argc, char **argv)
{
    wf_config cfg;
    wf_config_default(&cfg);
    char err[2048];
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-' && argv[i][1] == '-'; i += 2)
        if (wf_config_set(&cfg, argv[i] + 2, argv[i + 1], err, sizeof err)) {
            fprintf(stderr, "wfhash: %s\n", err);
            return 2;
        }
    if (i + 1 != argc) {
        fprintf(stderr, "usage: wfhash [--PARAM VALUE]... PROGRAM.s\n");
        return 2;
    }
    char *text = slurp(argv[i]);
    if (!text) {
        fprintf(stderr, "wfhash: %s: cannot read\n", argv[i]);
        return 2;
    }
    wf_program prog;
    int bad = wf_assemble(argv[i], text, cfg.regs, &prog, err, sizeof err) != 0;
    free(text);
    if (bad) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    wf_model *a = wf_model_create(&cfg, err, sizeof err), *b = NULL;
    if (!a || wf_model_load(a, &prog, NULL, err, sizeof err) ||
        !(b = wf_model_create(&cfg, err, sizeof err)) || wf_model_load(b, &prog, NULL, err, sizeof err)) {
        fprintf(stderr, "wfhash: %s\n", err);
        return 2;
    }
    uint64_t h = 14695981039346656037ull;
    while (!wf_model_done(a) && wf_model_cycle(a) < MAX_CYCLES) {
        wf_model_step(a);
        h = fnv(h, wf_model_obs(a), sizeof(wf_obs));
    }
    h = fnv(h, wf_model_stats(a), sizeof(wf_stats));
    wf_arch_state fa;
    if (wf_model_final_state(a, &fa)) {
        fprintf(stderr, "wfhash: out of memory\n");
        return 2;
    }
    h = fnv(h, fa.reg, (size_t)fa.warps * fa.regs * fa.lanes * sizeof fa.reg[0]);
    h = fnv(h, fa.mem, (size_t)fa.mem_words * sizeof fa.mem[0]);
    wf_arch_free(&fa);
    char sum[1024];
    wf_model_summary(a, sum, sizeof sum);
    h = fnv(h, sum, strlen(sum));
    const int rc = wf_model_run(b, MAX_CYCLES, err, sizeof err);
    uint64_t hr = fnv(14695981039346656037ull, wf_model_stats(b), sizeof(wf_stats));
    hr = fnv(hr, wf_model_obs(b), sizeof(wf_obs));
    printf("%llu %016llx %016llx %d\n", (unsigned long long)wf_model_cycle(a), (unsigned long long)h,
           (unsigned long long)hr, rc);
    wf_model_destroy(a);
    wf_model_destroy(b);
    wf_program_free(&prog);
    return 0;
}
