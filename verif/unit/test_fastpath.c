/* The cycle model's fast path cannot drift from the observed path:
 * wf_model_run builds the observation record only for cycles that may be the
 * last one, while wf_model_step builds it every cycle. For every sim/kernels
 * kernel at several run-time configurations, a big 64x32x128 configuration,
 * and wfgen programs over every regression size set, the two must give the
 * same cycle count, statistics (bit for bit), final architectural state, last
 * observation record and state summary; and a run stopped by max_cycles the
 * same error message (its summary includes each warp's last hazard). Also
 * wf_config_apply_options, the `# wfsim-options:` parser the kernels use. */
#define _POSIX_C_SOURCE 200809L
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpfront.h"
#include "wf_check.h"
#include "wf_gen.h"

#define MAX_CYCLES 2000000u

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s (run from the repository root)", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static int arch_equal(const wf_arch_state *a, const wf_arch_state *b)
{
    if (a->warps != b->warps || a->lanes != b->lanes || a->regs != b->regs ||
        a->mem_words != b->mem_words)
        return 0;
    if (memcmp(a->retired, b->retired, a->warps * sizeof a->retired[0])) return 0;
    if (memcmp(a->mem, b->mem, a->mem_words * sizeof a->mem[0])) return 0;
    return !memcmp(a->reg, b->reg, (size_t)a->warps * a->regs * a->lanes * sizeof a->reg[0]);
}

/* Steps prog on cfg with the record every cycle (a) and runs it with
 * wf_model_run (b); asserts they agree. Returns the cycle count. */
static uint64_t check_same(const char *what, const wf_config *cfg, const wf_program *prog,
                           const uint32_t *mem)
{
    char err[1024], sa[1024], sb[1024];
    wf_model *a = wf_model_create(cfg, err, sizeof err), *b = wf_model_create(cfg, err, sizeof err);
    ck_assert_msg(a && b, "%s: %s", what, err);
    ck_assert_msg(wf_model_load(a, prog, mem, err, sizeof err) == 0, "%s: %s", what, err);
    ck_assert_msg(wf_model_load(b, prog, mem, err, sizeof err) == 0, "%s: %s", what, err);
    while (!wf_model_done(a)) {
        ck_assert_msg(wf_model_cycle(a) < MAX_CYCLES, "%s: not done", what);
        wf_model_step(a);
        ck_assert_uint_eq(wf_model_obs(a)->cycle, wf_model_cycle(a) - 1);
    }
    ck_assert_msg(wf_model_run(b, MAX_CYCLES, err, sizeof err) == 0, "%s: %s", what, err);
    ck_assert_msg(wf_model_cycle(a) == wf_model_cycle(b), "%s: %llu cycles stepped, %llu run", what,
                  (unsigned long long)wf_model_cycle(a), (unsigned long long)wf_model_cycle(b));
    ck_assert_msg(memcmp(wf_model_stats(a), wf_model_stats(b), sizeof(wf_stats)) == 0,
                  "%s: statistics differ", what);
    ck_assert_msg(memcmp(wf_model_obs(a), wf_model_obs(b), sizeof(wf_obs)) == 0,
                  "%s: last observation record differs", what);
    wf_model_summary(a, sa, sizeof sa);
    wf_model_summary(b, sb, sizeof sb);
    ck_assert_str_eq(sa, sb);
    wf_arch_state fa, fb;
    ck_assert_int_eq(wf_model_final_state(a, &fa), 0);
    ck_assert_int_eq(wf_model_final_state(b, &fb), 0);
    ck_assert_msg(arch_equal(&fa, &fb), "%s: final state differs", what);
    wf_arch_free(&fa);
    wf_arch_free(&fb);
    uint64_t n = wf_model_cycle(a);

    /* stopped half-way: the same message, hazards in the summary included */
    if (n > 4) {
        char ea[1024], eb[1024];
        ck_assert_int_eq(wf_model_load(a, prog, mem, err, sizeof err), 0);
        ck_assert_int_eq(wf_model_load(b, prog, mem, err, sizeof err), 0);
        for (uint64_t c = 0; c < n / 2; c++) wf_model_step(a);
        ck_assert_int_eq(wf_model_run(a, n / 2, ea, sizeof ea), -1);
        ck_assert_int_eq(wf_model_run(b, n / 2, eb, sizeof eb), -1);
        ck_assert_str_eq(ea, eb);
        ck_assert_msg(memcmp(wf_model_stats(a), wf_model_stats(b), sizeof(wf_stats)) == 0,
                      "%s: statistics differ after max_cycles", what);
    }
    wf_model_destroy(a);
    wf_model_destroy(b);
    return n;
}

/* Run-time variants applied on top of a kernel's configuration. */
static const char *const variants[][2] = {
    {NULL, NULL},          {"loops", "1"},       {"loops", "2"},
    {"war", "none"},       {"war", "inorder"},   {"war", "warpboard-commit"},
    {"war", "warpboard-read"}, {"sched", "gto"}, {"hazard", "stall"},
    {"layout", "naive"},   {"collectors", "1"},  {"sb_entries", "1"},
};

START_TEST(kernels_fast_equals_observed)
{
    glob_t g;
    ck_assert_int_eq(glob("sim/kernels/*.s", 0, NULL, &g), 0);
    ck_assert_uint_ge(g.gl_pathc, 8);
    uint64_t total = 0;
    unsigned runs = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        char *text = slurp(g.gl_pathv[i]), err[512], what[256];
        const char *base = strrchr(g.gl_pathv[i], '/') + 1;
        for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
            wf_config c;
            wf_config_default(&c);
            ck_assert_msg(!wf_config_apply_options(&c, text, err, sizeof err), "%s", err);
            if (variants[v][0])
                ck_assert_msg(!wf_config_set(&c, variants[v][0], variants[v][1], err, sizeof err),
                              "%s", err);
            wf_program p;
            ck_assert_msg(wf_assemble(g.gl_pathv[i], text, c.regs, &p, err, sizeof err) == 0, "%s",
                          err);
            snprintf(what, sizeof what, "%s %s=%s", base, variants[v][0] ? variants[v][0] : "default",
                     variants[v][1] ? variants[v][1] : "");
            total += check_same(what, &c, &p, NULL);
            runs++;
            if (v == 0 && (!strcmp(base, "bankconflict.s") || !strcmp(base, "pchase.s"))) {
                c.warps = 64; /* the kernels that scale to 64x32 threads (wfbench --big) */
                c.lanes = 32;
                c.regs = 128;
                c.mem_words = 65536;
                c.active_warps = 0;
                snprintf(what, sizeof what, "%s 64x32x128", base);
                total += check_same(what, &c, &p, NULL);
                runs++;
            }
            wf_program_free(&p);
        }
        free(text);
    }
    globfree(&g);
    printf("kernels: %u runs, %llu cycles, fast path = observed path\n", runs,
           (unsigned long long)total);
}
END_TEST

START_TEST(wfgen_fast_equals_observed)
{
    uint64_t total = 0;
    unsigned runs = 0;
    for (unsigned i = 0; wf_size_set_at(i); i++) {
        const wf_size_set *set = wf_size_set_at(i);
        for (uint64_t seed = 1; seed <= 6; seed++) {
            wf_config c;
            wf_gen_knobs k;
            wf_program p;
            char err[512], what[128];
            wf_random_runtime(seed * 7919u + i, set, WF_RAND_WAR_NONE, &c);
            wf_random_gen_knobs(seed, &c, &k);
            ck_assert_msg(wf_gen_program(seed, &k, &p, NULL, err, sizeof err) == 0, "%s", err);
            uint32_t *mem = calloc(c.mem_words, sizeof *mem);
            for (unsigned a = 0; a < c.mem_words; a++) mem[a] = a * 2654435761u ^ (uint32_t)seed;
            snprintf(what, sizeof what, "wfgen seed %llu size set %s", (unsigned long long)seed,
                     set->name);
            total += check_same(what, &c, &p, mem);
            runs++;
            free(mem);
            wf_program_free(&p);
        }
    }
    printf("wfgen: %u runs, %llu cycles, fast path = observed path\n", runs,
           (unsigned long long)total);
}
END_TEST

/* The summary of a stopped wf_model_run names each waiting head's hazard of
 * the last cycle, although the fast path builds no record. */
START_TEST(summary_hazard_without_record)
{
    static const char src[] = "mul r1 <- r2, r3\nadd r4 <- r1, r1\nexit\n";
    wf_config c;
    wf_config_default(&c);
    c.warps = 1;
    wf_program p;
    char err[1024], ea[1024], eb[1024];
    ck_assert_msg(wf_assemble("t.s", src, c.regs, &p, err, sizeof err) == 0, "%s", err);
    wf_model *a = wf_model_create(&c, err, sizeof err), *b = wf_model_create(&c, err, sizeof err);
    ck_assert_int_eq(wf_model_load(a, &p, NULL, err, sizeof err), 0);
    uint64_t at = 0;
    while (!wf_model_done(a) && !at) {
        wf_model_step(a);
        if (wf_model_obs(a)->warp[0].hazard == WF_HZ_DEPENDENCY) at = wf_model_cycle(a);
    }
    ck_assert_msg(at > 0, "the add never waited on the mul");
    ck_assert_int_eq(wf_model_load(a, &p, NULL, err, sizeof err), 0);
    ck_assert_int_eq(wf_model_load(b, &p, NULL, err, sizeof err), 0);
    for (uint64_t k = 0; k < at; k++) wf_model_step(a);
    ck_assert_int_eq(wf_model_run(a, at, ea, sizeof ea), -1);
    ck_assert_int_eq(wf_model_run(b, at, eb, sizeof eb), -1);
    ck_assert_str_eq(ea, eb);
    ck_assert_msg(strstr(eb, ", dependency)") != NULL, "%s", eb);
    wf_model_destroy(a);
    wf_model_destroy(b);
    wf_program_free(&p);
}
END_TEST

/* wf_config_apply_options, which the kernel runs above (and wfbench) use. */
START_TEST(options_line)
{
    wf_config c, d;
    char err[256];
    wf_config_default(&c);
    d = c;
    ck_assert_ptr_null(wf_config_apply_options(&c, "nop\nexit\n", err, sizeof err));
    ck_assert(memcmp(&c, &d, sizeof c) == 0);
    ck_assert_ptr_null(wf_config_apply_options(
        &c, "# k\n# wfsim-options: --mem-words 2048  --war\tinorder\r\nexit\n", err, sizeof err));
    ck_assert_uint_eq(c.mem_words, 2048);
    ck_assert_uint_eq(c.war, WF_WAR_INORDER);
    ck_assert_ptr_nonnull(wf_config_apply_options(&c, "# wfsim-options: --bogus 3\n", err, sizeof err));
    ck_assert_str_eq(err, "wfsim-options: unknown parameter 'bogus'");
    ck_assert_ptr_nonnull(wf_config_apply_options(&c, "# wfsim-options: --warps\n", err, sizeof err));
    ck_assert_str_eq(err, "wfsim-options: expected '--name value', got '--warps'");
    ck_assert_ptr_nonnull(wf_config_apply_options(&c, "# wfsim-options: warps 4\n", err, sizeof err));
    ck_assert_str_eq(err, "wfsim-options: expected '--name value', got 'warps'");
    ck_assert_ptr_nonnull(wf_config_apply_options(&c, "# wfsim-options: --warps 65\n", err, sizeof err));
    ck_assert_str_eq(err, "wfsim-options: parameter warps='65': allowed 1..64");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("fastpath");
    TCase *t = tcase_create("fastpath");
    tcase_set_timeout(t, 600);
    tcase_add_test(t, kernels_fast_equals_observed);
    tcase_add_test(t, wfgen_fast_equals_observed);
    tcase_add_test(t, summary_hazard_without_record);
    tcase_add_test(t, options_line);
    suite_add_tcase(s, t);
    return wf_run_suite(s);
}
