/* wfbench: host speed of the warpfront models on sim/kernels (docs/performance.md).
 *
 *   wfbench [--json FILE] [--min-seconds S] [--big NAME,NAME...] KERNEL.s...
 *
 * For each kernel at the default configuration (wfsim's defaults plus the
 * kernel's `# wfsim-options:` line): the cycle model (wf_model_create/load/
 * run, in process) repeated until at least S seconds (default 0.3) of
 * wf_model_run time, giving simulated cycles per second (all times are the
 * process's CPU time, so other load on the machine counts less); the functional
 * interpreter (wf_functional_run) the same way, giving instructions per
 * second. For the --big kernels (default bankconflict,pchase: the kernels whose
 * layout scales to 64x32 threads, see verif/check_kernels.py --supports) the
 * same cycle-model run at --warps 64 --lanes 32 --regs 128 --mem-words 65536,
 * compared per warp-cycle (wall seconds / (cycles * warps)) with the default
 * configuration of the same kernel, measured in the same process. Peak memory
 * is getrusage ru_maxrss. Prints a table; --json writes the numbers and the
 * issue-7 targets (>= 10 M cycles/s at the default configuration; the big
 * configuration within 4x per warp-cycle) marked met / not met.
 * No pass/fail: the exit status is 0 unless a kernel fails to load or run. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "warpfront.h"

#define MAX_KERNELS 64

typedef struct {
    char name[64];
    wf_config cfg;
    wf_program prog;
    /* cycle model, default configuration */
    unsigned reps;
    uint64_t cycles, insns; /* one run */
    double secs;            /* all reps, wf_model_run only */
    double setup_secs;      /* all reps, create + load + destroy */
    /* functional interpreter */
    unsigned freps;
    uint64_t finsns;
    double fsecs;
    /* big configuration */
    int big;
    unsigned breps;
    uint64_t bcycles, binsns;
    double bsecs, ratio;
} kernel;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* CPU time: the machine is shared */
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static long maxrss_kb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0;) {
        n += got;
        if (cap - n < 2) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb) { free(buf); buf = NULL; }
            else buf = nb;
        }
    }
    fclose(f);
    if (buf) buf[n] = 0;
    return buf;
}

/* Runs the cycle model repeatedly for at least min_s seconds of run time. */
static int bench_cycle(const kernel *k, const wf_config *cfg, double min_s, unsigned *reps,
                       uint64_t *cycles, uint64_t *insns, double *secs, double *setup)
{
    char err[512];
    *reps = 0;
    *secs = *setup = 0;
    do {
        double t0 = now();
        wf_model *m = wf_model_create(cfg, err, sizeof err);
        if (!m || wf_model_load(m, &k->prog, NULL, err, sizeof err)) {
            fprintf(stderr, "wfbench: %s: %s\n", k->name, err);
            if (m) wf_model_destroy(m);
            return -1;
        }
        double t1 = now();
        if (wf_model_run(m, 100000000u, err, sizeof err)) {
            fprintf(stderr, "wfbench: %s: %s\n", k->name, err);
            wf_model_destroy(m);
            return -1;
        }
        double t2 = now();
        const wf_stats *s = wf_model_stats(m);
        *cycles = s->cycles;
        *insns = s->instructions;
        wf_model_destroy(m);
        *secs += t2 - t1;
        *setup += (t1 - t0) + (now() - t2);
        ++*reps;
    } while (*secs < min_s);
    return 0;
}

static int bench_functional(kernel *k, double min_s)
{
    char err[512];
    k->freps = 0;
    k->fsecs = 0;
    do {
        wf_arch_state st;
        double t0 = now();
        if (wf_functional_run(&k->cfg, &k->prog, NULL, 100000000u, &st, err, sizeof err)) {
            fprintf(stderr, "wfbench: %s: functional: %s\n", k->name, err);
            return -1;
        }
        k->fsecs += now() - t0;
        uint64_t n = 0;
        for (unsigned w = 0; w < st.warps; w++) n += st.retired[w];
        k->finsns = n;
        wf_arch_free(&st);
        k->freps++;
    } while (k->fsecs < min_s);
    return 0;
}

static int in_list(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        if (len == n && strncmp(p, name, n) == 0) return 1;
        p += len;
        if (*p == ',') p++;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *json = NULL, *big = "bankconflict,pchase";
    double min_s = 0.3;
    static kernel ks[MAX_KERNELS];
    int nk = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--json") && i + 1 < argc) json = argv[++i];
        else if (!strcmp(argv[i], "--min-seconds") && i + 1 < argc) min_s = atof(argv[++i]);
        else if (!strcmp(argv[i], "--big") && i + 1 < argc) big = argv[++i];
        else if (!strcmp(argv[i], "--help")) {
            printf("usage: wfbench [--json FILE] [--min-seconds S] [--big NAME,...] KERNEL.s...\n");
            return 0;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "wfbench: unknown option '%s' (see --help)\n", argv[i]);
            return 2;
        } else if (nk == MAX_KERNELS) {
            fprintf(stderr, "wfbench: at most %d kernels\n", MAX_KERNELS);
            return 2;
        } else {
            kernel *k = &ks[nk++];
            const char *base = strrchr(argv[i], '/');
            base = base ? base + 1 : argv[i];
            snprintf(k->name, sizeof k->name, "%.*s", (int)strcspn(base, "."), base);
            char *text = slurp(argv[i]), err[512];
            if (!text) {
                fprintf(stderr, "wfbench: %s: cannot read\n", argv[i]);
                return 2;
            }
            wf_config_default(&k->cfg);
            int rc = 0;
            if (wf_config_apply_options(&k->cfg, text, err, sizeof err)) {
                fprintf(stderr, "wfbench: %s: %s\n", argv[i], err);
                rc = -1;
            }
            if (!rc && wf_assemble(argv[i], text, k->cfg.regs, &k->prog, err, sizeof err)) {
                fprintf(stderr, "%s\n", err);
                rc = -1;
            }
            free(text);
            if (rc) return 2;
            k->big = in_list(big, k->name);
        }
    }
    if (nk == 0) {
        fprintf(stderr, "wfbench: no kernels (see --help)\n");
        return 2;
    }

    uint64_t tot_cyc = 0, tot_fins = 0;
    double tot_s = 0, tot_fs = 0, min_mcps = INFINITY, log_ratio = 0;
    int nbig = 0;
    for (int i = 0; i < nk; i++) {
        kernel *k = &ks[i];
        if (bench_cycle(k, &k->cfg, min_s, &k->reps, &k->cycles, &k->insns, &k->secs,
                        &k->setup_secs) ||
            bench_functional(k, min_s))
            return 1;
        tot_cyc += k->cycles * k->reps;
        tot_s += k->secs;
        tot_fins += k->finsns * k->freps;
        tot_fs += k->fsecs;
        double mcps = (double)k->cycles * k->reps / k->secs / 1e6;
        if (mcps < min_mcps) min_mcps = mcps;
    }
    long rss_default = maxrss_kb();
    for (int i = 0; i < nk; i++) {
        kernel *k = &ks[i];
        if (!k->big) continue;
        wf_config c = k->cfg;
        c.warps = 64;
        c.lanes = 32;
        c.regs = 128;
        c.mem_words = 65536;
        c.active_warps = 0;
        double setup;
        if (bench_cycle(k, &c, min_s, &k->breps, &k->bcycles, &k->binsns, &k->bsecs, &setup))
            return 1;
        double per_def = k->secs / ((double)k->cycles * k->reps * k->cfg.warps);
        double per_big = k->bsecs / ((double)k->bcycles * k->breps * c.warps);
        k->ratio = per_big / per_def;
        log_ratio += log(k->ratio);
        nbig++;
    }
    long rss_end = maxrss_kb();
    double mcps = (double)tot_cyc / tot_s / 1e6, fmips = (double)tot_fins / tot_fs / 1e6;
    double ratio = nbig ? exp(log_ratio / nbig) : NAN;
    int met_speed = mcps >= 10.0, met_big = nbig && ratio <= 4.0;
    char ratio_txt[32] = "null"; /* JSON has no NaN: no --big kernel ran */
    if (nbig) snprintf(ratio_txt, sizeof ratio_txt, "%.4f", ratio);

    printf("%-13s %-7s %6s %9s %9s %8s %9s | %6s %8s %9s\n", "kernel", "config", "reps",
           "cycles", "insns", "run s", "Mcyc/s", "f.reps", "f.run s", "f.Minsn/s");
    for (int i = 0; i < nk; i++) {
        kernel *k = &ks[i];
        char cfgs[32];
        snprintf(cfgs, sizeof cfgs, "%ux%u", k->cfg.warps, k->cfg.lanes);
        printf("%-13s %-7s %6u %9llu %9llu %8.3f %9.2f | %6u %8.3f %9.2f\n", k->name, cfgs,
               k->reps, (unsigned long long)k->cycles, (unsigned long long)k->insns, k->secs,
               (double)k->cycles * k->reps / k->secs / 1e6, k->freps, k->fsecs,
               (double)k->finsns * k->freps / k->fsecs / 1e6);
    }
    printf("all kernels: C model %.2f Mcycles/s (slowest kernel %.2f), functional %.2f Minsn/s\n",
           mcps, min_mcps, fmips);
    printf("\nbig configuration 64 warps x 32 lanes x 128 regs, mem_words 65536 (per warp-cycle vs default):\n");
    printf("%-13s %6s %9s %8s %9s %12s %12s %7s\n", "kernel", "reps", "cycles", "run s",
           "Mcyc/s", "ns/wcyc big", "ns/wcyc def", "ratio");
    for (int i = 0; i < nk; i++) {
        kernel *k = &ks[i];
        if (!k->big) continue;
        printf("%-13s %6u %9llu %8.3f %9.3f %12.3f %12.3f %7.2f\n", k->name, k->breps,
               (unsigned long long)k->bcycles, k->bsecs,
               (double)k->bcycles * k->breps / k->bsecs / 1e6,
               1e9 * k->bsecs / ((double)k->bcycles * k->breps * 64),
               1e9 * k->secs / ((double)k->cycles * k->reps * k->cfg.warps), k->ratio);
    }
    printf("peak RSS: %ld KiB after the default-configuration runs, %ld KiB at the end\n",
           rss_default, rss_end);
    printf("target C model >= 10 Mcycles/s at default: %.2f -> %s\n", mcps,
           met_speed ? "met" : "NOT met");
    printf("target 64x128 within 4x per warp-cycle: %.2fx (geometric mean) -> %s\n", ratio,
           met_big ? "met" : "NOT met");

    if (json) {
        FILE *f = fopen(json, "w");
        if (!f) {
            fprintf(stderr, "wfbench: %s: cannot open\n", json);
            return 2;
        }
        fprintf(f, "{\n  \"min_seconds\": %g,\n  \"kernels\": [\n", min_s);
        for (int i = 0; i < nk; i++) {
            kernel *k = &ks[i];
            fprintf(f,
                    "    {\"name\": \"%s\", \"warps\": %u, \"lanes\": %u, \"regs\": %u, "
                    "\"mem_words\": %u, \"cycles\": %llu, \"instructions\": %llu, \"reps\": %u, "
                    "\"run_seconds\": %.6f, \"setup_seconds\": %.6f, \"mcycles_per_s\": %.4f, "
                    "\"functional_reps\": %u, \"functional_seconds\": %.6f, "
                    "\"functional_minstr_per_s\": %.4f",
                    k->name, k->cfg.warps, k->cfg.lanes, k->cfg.regs, k->cfg.mem_words,
                    (unsigned long long)k->cycles, (unsigned long long)k->insns, k->reps,
                    k->secs, k->setup_secs, (double)k->cycles * k->reps / k->secs / 1e6,
                    k->freps, k->fsecs, (double)k->finsns * k->freps / k->fsecs / 1e6);
            if (k->big)
                fprintf(f,
                        ", \"big\": {\"cycles\": %llu, \"instructions\": %llu, \"reps\": %u, "
                        "\"run_seconds\": %.6f, \"mcycles_per_s\": %.4f, "
                        "\"warp_cycle_ratio\": %.4f}",
                        (unsigned long long)k->bcycles, (unsigned long long)k->binsns, k->breps,
                        k->bsecs, (double)k->bcycles * k->breps / k->bsecs / 1e6, k->ratio);
            fprintf(f, "}%s\n", i + 1 < nk ? "," : "");
        }
        fprintf(f,
                "  ],\n  \"c_model_mcycles_per_s\": %.4f,\n  \"c_model_mcycles_per_s_min\": %.4f,\n"
                "  \"functional_minstr_per_s\": %.4f,\n"
                "  \"big_config\": {\"warps\": 64, \"lanes\": 32, \"regs\": 128, \"mem_words\": 65536},\n"
                "  \"big_config_warp_cycle_ratio\": %s,\n"
                "  \"peak_rss_kb\": %ld,\n  \"peak_rss_kb_default_configs\": %ld,\n"
                "  \"targets\": {\n"
                "    \"c_model_mcycles_per_s\": {\"target\": \">= 10\", \"value\": %.4f, \"met\": %s},\n"
                "    \"big_config_warp_cycle_ratio\": {\"target\": \"<= 4\", \"value\": %s, \"met\": %s}\n"
                "  }\n}\n",
                mcps, min_mcps, fmips, ratio_txt, rss_end, rss_default, mcps,
                met_speed ? "true" : "false", ratio_txt, met_big ? "true" : "false");
        if (fclose(f)) {
            fprintf(stderr, "wfbench: %s: write error\n", json);
            return 2;
        }
    }
    for (int i = 0; i < nk; i++) wf_program_free(&ks[i].prog);
    return 0;
}
