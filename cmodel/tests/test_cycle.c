/* The cycle model (docs/microarch.md): the §13 worked examples row by row,
 * hand-derived scenarios asserting exact cycles and observation fields for
 * each mechanism, and a randomized sweep against the functional interpreter.
 * Every expected cycle below is derived from the rules of §1-§12 in the
 * comment next to it. */
#define _POSIX_C_SOURCE 200809L /* open_memstream, strtok_r */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpfront.h"
#include "wf_check.h"

/* ---- helpers -------------------------------------------------------------- */

static wf_config base_cfg(void)
{
    wf_config c;
    wf_config_default(&c); /* lanes 8, regs 32, banks 4, collectors 4, sb 4, ibuf 2, swizzle,
                              bloom, lrr, loops 3, replay, alu 1, mul 4, lsu 2, icache 16x4,
                              imiss 8, imshrs 2, mem 1024, mem_line 4 */
    c.warps = 1;
    c.icache_line = 8;
    return c;
}

/* The options of a source text's `# wfsim-options:` line (it must have one). */
static void options_of_source(wf_config *c, const char *src)
{
    char err[256];
    ck_assert_ptr_nonnull(strstr(src, "# wfsim-options:"));
    ck_assert_msg(wf_config_apply_options(c, src, err, sizeof err) == NULL, "%s", err);
}

typedef struct {
    wf_config cfg;
    wf_program prog;
    wf_model *m;
    wf_obs *rec; /* rec[c]: the record of cycle c */
    uint64_t n;  /* cycles stepped (the run's cycle count when done) */
    const uint32_t *mem;
} run_t;

/* Runs prog (the run takes it over: run_free frees it) to done, keeping every record. */
static void run_prog(run_t *r, const wf_config *cfg, wf_program *prog, const uint32_t *mem)
{
    char err[512];
    memset(r, 0, sizeof *r);
    r->cfg = *cfg;
    r->mem = mem;
    r->prog = *prog;
    memset(prog, 0, sizeof *prog);
    r->m = wf_model_create(cfg, err, sizeof err);
    ck_assert_msg(r->m != NULL, "%s", err);
    ck_assert_msg(wf_model_load(r->m, &r->prog, mem, err, sizeof err) == 0, "%s", err);
    size_t cap = 256;
    r->rec = malloc(cap * sizeof *r->rec);
    while (!wf_model_done(r->m)) {
        ck_assert_msg(r->n < 20000, "not done after 20000 cycles");
        wf_model_step(r->m);
        if (r->n == cap) r->rec = realloc(r->rec, (cap *= 2) * sizeof *r->rec);
        r->rec[r->n++] = *wf_model_obs(r->m);
        ck_assert_uint_eq(r->rec[r->n - 1].cycle, r->n - 1);
    }
    ck_assert_uint_eq(wf_model_cycle(r->m), r->n);
    ck_assert_uint_eq(wf_model_stats(r->m)->cycles, r->n);
}

static void run_src(run_t *r, const wf_config *cfg, const char *src, const uint32_t *mem)
{
    char err[512];
    wf_program p;
    ck_assert_msg(wf_assemble("t.s", src, cfg->regs, &p, err, sizeof err) == 0, "%s", err);
    run_prog(r, cfg, &p, mem);
}

static void run_free(run_t *r)
{
    wf_model_destroy(r->m);
    wf_program_free(&r->prog);
    free(r->rec);
    memset(r, 0, sizeof *r);
}

/* Compares the final state with the functional interpreter's; returns 1 when
 * equal (registers, scratchpad and per-warp retired counts). */
static int matches_functional(const run_t *r, char *diff, size_t len)
{
    wf_arch_state a, b;
    char err[256];
    ck_assert_int_eq(wf_model_final_state(r->m, &a), 0);
    ck_assert_msg(wf_functional_run(&r->cfg, &r->prog, r->mem, 1000000, &b, err, sizeof err) == 0,
                  "%s", err);
    wf_arch_diff(&a, &b, diff, len);
    int eq = diff[0] == 0;
    for (unsigned w = 0; w < a.warps && eq; w++)
        if (a.retired[w] != b.retired[w]) {
            snprintf(diff, len, "warp %u retired %llu vs %llu", w, (unsigned long long)a.retired[w],
                     (unsigned long long)b.retired[w]);
            eq = 0;
        }
    wf_arch_free(&a);
    wf_arch_free(&b);
    return eq;
}

static void assert_functional(const run_t *r)
{
    char diff[256];
    ck_assert_msg(matches_functional(r, diff, sizeof diff), "final state differs: %s", diff);
}

static uint32_t final_reg(const run_t *r, unsigned w, unsigned reg, unsigned lane)
{
    wf_arch_state a;
    ck_assert_int_eq(wf_model_final_state(r->m, &a), 0);
    uint32_t v = *wf_arch_reg(&a, w, reg, lane);
    wf_arch_free(&a);
    return v;
}

/* The nth (0-based) cycle in which warp w issued pc (replays included), or -1. */
static long issue_cycle(const run_t *r, unsigned w, unsigned pc, unsigned nth)
{
    for (uint64_t c = 0; c < r->n; c++) {
        const wf_obs *o = &r->rec[c];
        if (o->issue.valid && o->issue.warp == w && o->issue.pc == pc && nth-- == 0) return (long)c;
    }
    return -1;
}

static unsigned issue_count(const run_t *r, unsigned w, unsigned pc)
{
    unsigned n = 0;
    for (uint64_t c = 0; c < r->n; c++)
        n += r->rec[c].issue.valid && r->rec[c].issue.warp == w && r->rec[c].issue.pc == pc;
    return n;
}

static const wf_obs *at(const run_t *r, uint64_t c)
{
    ck_assert_msg(c < r->n, "cycle %llu beyond the run (%llu cycles)", (unsigned long long)c,
                  (unsigned long long)r->n);
    return &r->rec[c];
}

static void fmt_issue(const wf_obs *o, char *buf, size_t len)
{
    if (o->issue.valid)
        snprintf(buf, len, "w%u:pc%u%s", o->issue.warp, o->issue.pc, o->issue.replay ? "*" : "");
    else
        buf[0] = 0;
}

static void fmt_bank(const wf_obs *o, unsigned b, char *buf, size_t len)
{
    const wf_obs_bank *k = &o->bank[b];
    if (k->kind == WF_BANK_IDLE) buf[0] = 0;
    else snprintf(buf, len, "%c w%u.r%u", k->kind == WF_BANK_READ ? 'R' : 'W', k->warp, k->reg);
}

static void assert_bank(const run_t *r, uint64_t c, unsigned b, const char *want)
{
    char got[32];
    fmt_bank(at(r, c), b, got, sizeof got);
    ck_assert_msg(strcmp(got, want) == 0, "cycle %llu bank %u: got '%s', want '%s'",
                  (unsigned long long)c, b, got, want);
}

static void assert_hazard(const run_t *r, unsigned w, uint64_t from, uint64_t to, unsigned hz)
{
    for (uint64_t c = from; c <= to; c++)
        ck_assert_msg(at(r, c)->warp[w].hazard == hz, "cycle %llu warp %u: hazard %u, want %u",
                      (unsigned long long)c, w, at(r, c)->warp[w].hazard, hz);
}

/* ---- §13: the worked examples ------------------------------------------- */

/* The example programs themselves (tests run from the repository root, as
 * `make test` does), so the file a user runs is the file asserted here. */
static char *seed_naive_s, *seed_swizzle_s;

static char *read_example(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "test_cycle: cannot open %s (run from the repository root)\n", path);
        exit(EXIT_FAILURE);
    }
    char *buf = calloc(1, 1 << 16);
    size_t n = buf ? fread(buf, 1, (1 << 16) - 1, f) : 0;
    fclose(f);
    if (!buf || n == 0) exit(EXIT_FAILURE);
    return buf;
}

typedef struct {
    int cycle;
    const char *issue, *bank[4];
} row_t;

static void check_rows(const run_t *r, const row_t *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const wf_obs *o = at(r, (uint64_t)rows[i].cycle);
        char got[32];
        fmt_issue(o, got, sizeof got);
        ck_assert_msg(strcmp(got, rows[i].issue) == 0, "cycle %d issue: got '%s', want '%s'",
                      rows[i].cycle, got, rows[i].issue);
        for (unsigned b = 0; b < 4; b++) assert_bank(r, (uint64_t)rows[i].cycle, b, rows[i].bank[b]);
    }
}

/* Cycles 0..9, common to both examples (§13): w0 misses line 0 in cycle 0
 * (MSHR 0), w1..w3 merge in cycles 1..3, the fill is at the end of cycle 8,
 * with refill priority w0 fetches pc 0 in cycle 9, then w1, w2, w3, w0. */
static void check_seed_fetch(const run_t *r)
{
    static const unsigned kind[4] = {WF_FEV_MISS, WF_FEV_MERGE, WF_FEV_MERGE, WF_FEV_MERGE};
    for (unsigned c = 0; c < 4; c++) {
        ck_assert(at(r, c)->fetch.valid);
        ck_assert_uint_eq(at(r, c)->fetch.warp, c);
        ck_assert_uint_eq(at(r, c)->fetch.kind, kind[c]);
        ck_assert_uint_eq(at(r, c)->fetch.pc, 0);
    }
    for (unsigned c = 4; c < 9; c++) ck_assert(!at(r, c)->fetch.valid);
    for (unsigned c = 0; c < 9; c++) ck_assert_uint_eq(at(r, c)->fill.valid, c == 8);
    ck_assert_uint_eq(at(r, 8)->fill.mshr, 0);
    ck_assert_uint_eq(at(r, 8)->fill.line, 0);
    ck_assert_uint_eq(at(r, 4)->warp[2].fetch_state, WF_FETCH_WAIT_MISS);
    for (unsigned c = 9; c < 13; c++) {
        ck_assert(at(r, c)->fetch.valid);
        ck_assert_uint_eq(at(r, c)->fetch.warp, c - 9);
        ck_assert_uint_eq(at(r, c)->fetch.kind, WF_FEV_HIT);
    }
    ck_assert_uint_eq(at(r, 13)->fetch.warp, 0);
    ck_assert_uint_eq(at(r, 13)->fetch.pc, 1);
    const wf_stats *st = wf_model_stats(r->m);
    ck_assert_uint_eq(st->icache_misses, 1);
    ck_assert_uint_eq(st->icache_merges, 3);
    ck_assert_uint_eq(st->icache_fills, 1);
}

START_TEST(seed_naive_table)
{
    wf_config c;
    wf_config_default(&c);
    options_of_source(&c, seed_naive_s);
    run_t r;
    run_src(&r, &c, seed_naive_s, NULL);
    check_seed_fetch(&r);
    /* The §13.1 table, plus cycles 10 and 20. Rows 18 and 19 differ from the
     * table's blank issue column: by §3.2/§5.4 w0 fetches its exit in cycle 17
     * and w1 in 18, and exit needs no SR, so they issue in 18 and 19. */
    static const row_t rows[] = {
        {10, "w0:pc0", {"", "", "", ""}},
        {11, "w1:pc0", {"R w0.r4", "R w0.r5", "R w0.r6", ""}},
        {12, "w2:pc0", {"R w1.r4", "R w1.r5", "R w1.r6", ""}},
        {13, "w3:pc0", {"R w2.r4", "R w2.r5", "R w2.r6", ""}},
        {14, "w0:pc1", {"R w3.r4", "R w3.r5", "R w3.r6", ""}},
        {15, "", {"", "R w0.r5", "W w0.r2", ""}},
        {16, "", {"", "R w0.r1", "W w1.r2", ""}},
        {17, "w1:pc1", {"", "W w0.r5", "W w2.r2", ""}},
        {18, "w0:pc2", {"", "R w1.r5", "W w3.r2", ""}},
        {19, "w1:pc2", {"", "R w1.r1", "", ""}},
        {20, "w2:pc1", {"", "W w1.r5", "", ""}},
    };
    check_rows(&r, rows, sizeof rows / sizeof rows[0]);
    /* the SR: w0:i2 sits in it in 15 and 16, w1:i2 is ready from 15 */
    ck_assert(at(&r, 15)->sr.valid);
    ck_assert_uint_eq(at(&r, 15)->sr.pending, 3);
    ck_assert_uint_eq(at(&r, 16)->sr.pending, 2);
    assert_hazard(&r, 1, 15, 16, WF_HZ_STAGING);
    ck_assert_uint_eq(at(&r, 15)->issue.valid, 0);
    /* w2:i2 at 20 as §13.1 says; the mads write in 15..18 */
    ck_assert_int_eq(issue_cycle(&r, 2, 1, 0), 20);
    ck_assert_uint_eq(at(&r, 15)->wb[WF_UNIT_MUL - 1].valid, 1);
    ck_assert_uint_eq(at(&r, 17)->wb[WF_UNIT_ALU - 1].reg, 5);
    assert_functional(&r);
    run_free(&r);
}
END_TEST

START_TEST(seed_swizzle_table)
{
    wf_config c;
    wf_config_default(&c);
    options_of_source(&c, seed_swizzle_s);
    run_t r;
    run_src(&r, &c, seed_swizzle_s, NULL);
    check_seed_fetch(&r);
    static const row_t rows[] = { /* the §13.2 table, plus cycles 10, 18..20 */
        {10, "w0:pc0", {"", "", "", ""}},
        {11, "w1:pc0", {"", "R w0.r5", "R w0.r2", ""}},
        {12, "w2:pc0", {"", "", "R w1.r5", "R w1.r2"}},
        {13, "w3:pc0", {"R w2.r2", "W w0.r1", "", "R w2.r5"}},
        {14, "w0:pc1", {"R w3.r5", "R w3.r2", "W w1.r1", ""}},
        {15, "w1:pc1", {"", "R w0.r1", "", "W w2.r1"}},
        {16, "w2:pc1", {"W w3.r1", "", "R w1.r1", "R w0.r3"}},
        {17, "w3:pc1", {"R w1.r3", "R w2.r3", "", "R w0.r7"}},
        {18, "w0:pc2", {"R w1.r7", "R w2.r7", "R w3.r3", "R w2.r1"}},
        {19, "w1:pc2", {"R w3.r1", "", "R w3.r7", ""}},
        {20, "w2:pc2", {"", "", "", ""}},
    };
    check_rows(&r, rows, sizeof rows / sizeof rows[0]);
    /* CU assignment of §13.2: CU0, CU1, CU2, CU0, CU1, CU2, CU0, CU3 */
    static const unsigned cu[8] = {0, 1, 2, 0, 1, 2, 0, 3};
    for (unsigned i = 0; i < 8; i++) ck_assert_uint_eq(at(&r, 10 + i)->issue.unit, cu[i]);
    /* dispatches to the ALU in 12..15; w0:i2 to the MUL in 18 */
    for (unsigned c = 12; c <= 15; c++) {
        ck_assert(at(&r, c)->dispatch[WF_UNIT_ALU - 1].valid);
        ck_assert_uint_eq(at(&r, c)->dispatch[WF_UNIT_ALU - 1].warp, c - 12);
    }
    ck_assert(at(&r, 18)->dispatch[WF_UNIT_MUL - 1].valid);
    ck_assert_uint_eq(at(&r, 18)->dispatch[WF_UNIT_MUL - 1].warp, 0);
    ck_assert_uint_eq(at(&r, 18)->dispatch[WF_UNIT_MUL - 1].cu, 1);
    /* w0:i2 was decoded in 13, the cycle w0:i1 released its entry: no dep bit */
    ck_assert_uint_eq(at(&r, 13)->wb[WF_UNIT_ALU - 1].release, 0);
    ck_assert_uint_eq(at(&r, 14)->warp[0].ibuf[0].pc, 1);
    ck_assert_uint_eq(at(&r, 14)->warp[0].ibuf[0].dep, 0);
    /* cycle 17: CU0 (w2:i2) wants bank 3 for r1 and loses to the older CU1 */
    ck_assert_uint_eq(at(&r, 17)->bank[3].cu, 1);
    ck_assert_uint_eq(at(&r, 17)->cu[0].pending, 7);
    ck_assert_uint_eq(at(&r, 18)->cu[0].pending, 6);
    ck_assert_uint_ge(wf_model_stats(r.m)->bank_conflicts[3], 1);
    assert_functional(&r);
    run_free(&r);
}
END_TEST

/* §13 with decode_stage = 1 (§3.4): the tables docs/microarch.md shows for
 * the pipelined setting. The fetches of cycles 0..12 are those of
 * decode_stage = 0 (the fetch cycle is unchanged); each hit reaches the
 * I-buffer one cycle later, so every issue of these runs moves by one. */
START_TEST(seed_naive_table_decode_stage)
{
    wf_config c;
    wf_config_default(&c);
    options_of_source(&c, seed_naive_s);
    c.decode_stage = 1;
    run_t r;
    run_src(&r, &c, seed_naive_s, NULL);
    check_seed_fetch(&r);
    static const row_t rows[] = {
        {10, "", {"", "", "", ""}},
        {11, "w0:pc0", {"", "", "", ""}},
        {12, "w1:pc0", {"R w0.r4", "R w0.r5", "R w0.r6", ""}},
        {13, "w2:pc0", {"R w1.r4", "R w1.r5", "R w1.r6", ""}},
        {14, "w3:pc0", {"R w2.r4", "R w2.r5", "R w2.r6", ""}},
        {15, "w0:pc1", {"R w3.r4", "R w3.r5", "R w3.r6", ""}},
        {16, "", {"", "R w0.r5", "W w0.r2", ""}},
        {17, "", {"", "R w0.r1", "W w1.r2", ""}},
        {18, "w1:pc1", {"", "W w0.r5", "W w2.r2", ""}},
        {19, "w0:pc2", {"", "R w1.r5", "W w3.r2", ""}},
        {20, "w1:pc2", {"", "R w1.r1", "", ""}},
        {21, "w2:pc1", {"", "W w1.r5", "", ""}},
    };
    check_rows(&r, rows, sizeof rows / sizeof rows[0]);
    assert_functional(&r);
    run_free(&r);
}
END_TEST

START_TEST(seed_swizzle_table_decode_stage)
{
    wf_config c;
    wf_config_default(&c);
    options_of_source(&c, seed_swizzle_s);
    c.decode_stage = 1;
    run_t r;
    run_src(&r, &c, seed_swizzle_s, NULL);
    check_seed_fetch(&r);
    static const row_t rows[] = {
        {10, "", {"", "", "", ""}},
        {11, "w0:pc0", {"", "", "", ""}},
        {12, "w1:pc0", {"", "R w0.r5", "R w0.r2", ""}},
        {13, "w2:pc0", {"", "", "R w1.r5", "R w1.r2"}},
        {14, "w3:pc0", {"R w2.r2", "W w0.r1", "", "R w2.r5"}},
        {15, "w0:pc1", {"R w3.r5", "R w3.r2", "W w1.r1", ""}},
        {16, "w1:pc1", {"", "R w0.r1", "", "W w2.r1"}},
        {17, "w2:pc1", {"W w3.r1", "", "R w1.r1", "R w0.r3"}},
        {18, "w3:pc1", {"R w1.r3", "R w2.r3", "", "R w0.r7"}},
        {19, "w0:pc2", {"R w1.r7", "R w2.r7", "R w3.r3", "R w2.r1"}},
    };
    check_rows(&r, rows, sizeof rows / sizeof rows[0]);
    /* w0's pc 0 is fetched in 9 and decoded in 10: in the I-buffer from 11 */
    ck_assert_uint_eq(at(&r, 10)->warp[0].ibuf[0].valid, 0);
    ck_assert_uint_eq(at(&r, 10)->warp[0].fetch_pc, 0);
    ck_assert_uint_eq(at(&r, 11)->warp[0].ibuf[0].valid, 1);
    ck_assert_uint_eq(at(&r, 11)->warp[0].fetch_pc, 1);
    /* w0:i2 (fetched 13, decoded 14, the cycle w0:i1 releases r1): no dep bit */
    ck_assert_uint_eq(at(&r, 14)->wb[WF_UNIT_ALU - 1].release, 0);
    ck_assert_uint_eq(at(&r, 15)->warp[0].ibuf[0].pc, 1);
    ck_assert_uint_eq(at(&r, 15)->warp[0].ibuf[0].dep, 0);
    assert_functional(&r);
    run_free(&r);
}
END_TEST

/* §4.4: alloc_stage = 1 is a retiming. Steps the program with alloc_stage 0
 * and 1 side by side: every record field but the slots' `dep` is equal in
 * every cycle, a `dep` of alloc_stage 1 is a subset of alloc_stage 0's and
 * misses bits only in the cycle after an allocation; returns the number of
 * cycles whose `dep` fields differ. */
static unsigned alloc_stage_compare(const wf_config *cfg, const wf_program *p, const uint32_t *mem,
                                    const char *what)
{
    char err[512];
    wf_model *m[2];
    for (unsigned k = 0; k < 2; k++) {
        wf_config c = *cfg;
        c.alloc_stage = k;
        m[k] = wf_model_create(&c, err, sizeof err);
        ck_assert_msg(m[k] != NULL, "%s", err);
        ck_assert_msg(wf_model_load(m[k], p, mem, err, sizeof err) == 0, "%s", err);
    }
    static wf_obs o[2]; /* ~40 KB each: not on the stack */
    unsigned differ = 0, alloc_before = 0;
    while (!wf_model_done(m[0]) || !wf_model_done(m[1])) {
        ck_assert_msg(wf_model_done(m[0]) == wf_model_done(m[1]), "%s: done differs", what);
        ck_assert_msg(wf_model_cycle(m[0]) < 2000000, "%s: not done", what);
        wf_model_step(m[0]);
        wf_model_step(m[1]);
        o[0] = *wf_model_obs(m[0]);
        o[1] = *wf_model_obs(m[1]);
        unsigned d = 0;
        for (unsigned w = 0; w < cfg->warps; w++)
            for (unsigned i = 0; i < WF_MAX_IBUF; i++) {
                const uint8_t d0 = o[0].warp[w].ibuf[i].dep, d1 = o[1].warp[w].ibuf[i].dep;
                ck_assert_msg((d1 & ~d0) == 0, "%s: cycle %llu warp %u slot %u: dep %#x with alloc_stage 1, "
                              "%#x with 0", what, (unsigned long long)o[0].cycle, w, i, d1, d0);
                d |= d0 != d1;
                o[0].warp[w].ibuf[i].dep = o[1].warp[w].ibuf[i].dep = 0;
            }
        ck_assert_msg(!d || alloc_before, "%s: cycle %llu: dep differs without an allocation in the cycle "
                      "before", what, (unsigned long long)o[0].cycle);
        differ += d;
        ck_assert_msg(memcmp(&o[0], &o[1], sizeof o[0]) == 0, "%s: cycle %llu: the records differ beyond dep",
                      what, (unsigned long long)o[0].cycle);
        alloc_before = o[0].issue.valid && !o[0].issue.replay && o[0].issue.sb_entry != WF_OBS_NONE;
    }
    wf_model_destroy(m[0]);
    wf_model_destroy(m[1]);
    return differ;
}

/* §4.4 on the §13 examples (with and without decode_stage): the tables are
 * unchanged (no instruction of them is buffered behind an allocation of its
 * own warp, so here not even `dep` differs). */
START_TEST(alloc_stage_tables)
{
    const char *src[2] = {seed_naive_s, seed_swizzle_s};
    for (unsigned k = 0; k < 4; k++) {
        wf_config c;
        wf_config_default(&c);
        options_of_source(&c, src[k & 1]);
        c.decode_stage = k >> 1;
        wf_program p;
        char err[512];
        ck_assert_msg(wf_assemble("t.s", src[k & 1], c.regs, &p, err, sizeof err) == 0, "%s", err);
        ck_assert_uint_eq(alloc_stage_compare(&c, &p, NULL, k & 1 ? "seed_swizzle" : "seed_naive"), 0);
        wf_program_free(&p);
    }
}
END_TEST

/* §4.4 on one warp. pc 0 allocates an entry for r1 in its issue cycle c
 * while pc 1 (reads r1) is being decoded: the decode omits the allocation;
 * pc 1 waits for r1, so pc 2 (reads r2) is buffered when pc 1 allocates.
 * Either way the next head is in c+1 without the bit, not ready through AR
 * (hazard 3 alone), and has the bit from c+2. */
START_TEST(alloc_stage_gap_closing)
{
    wf_config c = base_cfg();
    c.alloc_stage = 1;
    c.ibuf = 4;
    run_t r;
    run_src(&r, &c, "movi r1 <- 5\naddi r2 <- r1, 1\naddi r3 <- r2, 1\nexit\n", NULL);
    for (unsigned pc = 0; pc < 2; pc++) {
        uint64_t iss = 0;
        for (uint64_t cy = 0; cy < r.n && !iss; cy++)
            if (r.rec[cy].issue.valid && r.rec[cy].issue.pc == pc) iss = cy;
        ck_assert_uint_gt(iss, 0);
        const unsigned e = r.rec[iss].issue.sb_entry;
        ck_assert_uint_lt(e, 4);
        if (pc == 1) { /* pc 2 was buffered behind the issuing head */
            ck_assert_uint_eq(at(&r, iss)->warp[0].ibuf[1].valid, 1);
            ck_assert_uint_eq(at(&r, iss)->warp[0].ibuf[1].pc, 2);
        }
        const wf_obs *n = at(&r, iss + 1), *n2 = at(&r, iss + 2);
        ck_assert_uint_eq(n->warp[0].ibuf[0].pc, pc + 1);
        ck_assert_uint_eq(n->warp[0].ibuf[0].dep, 0);
        ck_assert_uint_eq(n->warp[0].sb[e].valid, 1);
        ck_assert_uint_eq(n->warp[0].hazard, WF_HZ_DEPENDENCY);
        ck_assert_uint_eq(n->warp[0].hazard_mask, 1u << WF_HZ_DEPENDENCY);
        ck_assert_uint_eq(n2->warp[0].ibuf[0].pc, pc + 1);
        ck_assert_uint_eq(n2->warp[0].ibuf[0].dep, 1u << e);
    }
    assert_functional(&r);
    run_free(&r);
}
END_TEST

/* §5.6: every issue into CU u in cycle c writes u at the end of c+1: u is
 * not valid in c+1 and holds the issued instruction from c+2 (with all its
 * source slots pending). Returns the number of such issues. */
static unsigned check_handoff_cus(const run_t *r, unsigned collectors)
{
    unsigned n = 0;
    for (uint64_t c = 0; c + 2 < r->n; c++) {
        const wf_obs *o = at(r, c);
        if (!o->issue.valid || o->issue.unit >= collectors) continue;
        const unsigned u = o->issue.unit;
        ck_assert_msg(!at(r, c + 1)->cu[u].valid, "cycle %llu: CU %u valid the cycle after its issue",
                      (unsigned long long)c + 1, u);
        const wf_obs_cu *v = &at(r, c + 2)->cu[u];
        ck_assert_msg(v->valid && v->warp == o->issue.warp && v->pc == o->issue.pc,
                      "cycle %llu: CU %u does not hold w%u:pc%u issued in %llu", (unsigned long long)c + 2,
                      u, o->issue.warp, o->issue.pc, (unsigned long long)c);
        n++;
    }
    return n;
}

/* §5.6 on §13.2: the table of §13.4. Each CU is written a cycle after its
 * issue, so every read, dispatch and write of the first four instructions
 * moves by one; w0:i2, decoded in 13, now sees w0:i1's entry (released in
 * 14) and issues in 15. */
START_TEST(seed_swizzle_table_handoff_stage)
{
    wf_config c;
    wf_config_default(&c);
    options_of_source(&c, seed_swizzle_s);
    c.handoff_stage = 1;
    run_t r;
    run_src(&r, &c, seed_swizzle_s, NULL);
    check_seed_fetch(&r);
    static const row_t rows[] = {
        {10, "w0:pc0", {"", "", "", ""}},
        {11, "w1:pc0", {"", "", "", ""}},
        {12, "w2:pc0", {"", "R w0.r5", "R w0.r2", ""}},
        {13, "w3:pc0", {"", "", "R w1.r5", "R w1.r2"}},
        {14, "", {"R w2.r2", "W w0.r1", "", "R w2.r5"}},
        {15, "w0:pc1", {"R w3.r5", "R w3.r2", "W w1.r1", ""}},
        {16, "w1:pc1", {"", "", "", "W w2.r1"}},
        {17, "w2:pc1", {"W w3.r1", "R w0.r1", "", "R w0.r3"}},
        {18, "w3:pc1", {"R w1.r3", "", "R w1.r1", "R w0.r7"}},
        {19, "w0:pc2", {"R w1.r7", "R w2.r3", "", "R w2.r1"}},
        {20, "w1:pc2", {"R w3.r1", "R w2.r7", "R w3.r3", ""}},
        {21, "w2:pc2", {"", "", "R w3.r7", ""}},
        {22, "w3:pc2", {"", "", "", ""}},
    };
    check_rows(&r, rows, sizeof rows / sizeof rows[0]);
    /* CU u reserved by IH is not free: w3:i1 (13) takes CU3, CU2 being in IH */
    static const struct { unsigned cycle, cu; } iss[8] = {{10, 0}, {11, 1}, {12, 2}, {13, 3},
                                                           {15, 0}, {16, 1}, {17, 2}, {18, 3}};
    for (unsigned i = 0; i < 8; i++) ck_assert_uint_eq(at(&r, iss[i].cycle)->issue.unit, iss[i].cu);
    ck_assert_uint_eq(check_handoff_cus(&r, c.collectors), 8);
    /* w0:i2 decoded in 13 gets w0:i1's entry, released by its write in 14 */
    ck_assert_uint_eq(at(&r, 14)->warp[0].ibuf[0].pc, 1);
    ck_assert_uint_ne(at(&r, 14)->warp[0].ibuf[0].dep, 0);
    ck_assert_uint_eq(at(&r, 14)->warp[0].hazard, WF_HZ_DEPENDENCY);
    ck_assert_uint_eq(at(&r, 15)->warp[0].ibuf[0].dep, 0);
    assert_functional(&r);
    run_free(&r);
}
END_TEST

/* §13.4: with decode_stage (and alloc_stage) as well, the §5.6 run moves by
 * exactly one cycle from cycle 10 on (issues, reads, writes, dispatches). */
START_TEST(seed_swizzle_handoff_pipelined)
{
    run_t r[3];
    for (unsigned k = 0; k < 3; k++) {
        wf_config c;
        wf_config_default(&c);
        options_of_source(&c, seed_swizzle_s);
        c.handoff_stage = 1;
        c.decode_stage = k > 0;
        c.alloc_stage = k > 1;
        run_src(&r[k], &c, seed_swizzle_s, NULL);
    }
    ck_assert_uint_eq(r[1].n, r[0].n + 1);
    ck_assert_uint_eq(r[2].n, r[0].n + 1);
    for (unsigned k = 1; k < 3; k++) {
        ck_assert(!at(&r[k], 10)->issue.valid);
        for (uint64_t c = 10; c < r[0].n; c++) {
            const wf_obs *a = at(&r[0], c), *b = at(&r[k], c + 1);
            char ga[32], gb[32];
            fmt_issue(a, ga, sizeof ga);
            fmt_issue(b, gb, sizeof gb);
            ck_assert_msg(strcmp(ga, gb) == 0, "option set %u cycle %llu: issue '%s', want '%s'", k,
                          (unsigned long long)c + 1, gb, ga);
            for (unsigned bk = 0; bk < 4; bk++) {
                fmt_bank(a, bk, ga, sizeof ga);
                assert_bank(&r[k], c + 1, bk, ga);
            }
            for (unsigned x = 0; x < WF_NUNITS; x++)
                ck_assert_uint_eq(a->dispatch[x].valid, b->dispatch[x].valid);
        }
        ck_assert_uint_eq(check_handoff_cus(&r[k], 4), 8);
    }
    for (unsigned k = 0; k < 3; k++) {
        assert_functional(&r[k]);
        run_free(&r[k]);
    }
}
END_TEST

/* §5.6 readiness item 5: in the cycle after pc 0 (reads r2, r3) issues, it
 * is in IH, in no CU, so neither the filter nor `collecting` shows it; pc 1
 * (writes r2) is blocked by IH alone under bloom and warpboard-read, and
 * issues in that cycle when pc 0 does not read r2 (the control). */
START_TEST(handoff_stage_war_terms)
{
    static const struct { unsigned war; const char *src; int blocked; } cases[] = {
        {WF_WAR_BLOOM, "add r1 <- r2, r3\nadd r2 <- r4, r5\nexit\n", 1},
        {WF_WAR_WB_READ, "add r1 <- r2, r3\nadd r2 <- r4, r5\nexit\n", 1},
        {WF_WAR_BLOOM, "add r1 <- r6, r3\nadd r2 <- r4, r5\nexit\n", 0},
        {WF_WAR_WB_READ, "movi r1 <- 1\nadd r2 <- r4, r5\nexit\n", 0},
    };
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        wf_config c = base_cfg();
        c.handoff_stage = 1;
        c.war = cases[k].war;
        run_t r;
        run_src(&r, &c, cases[k].src, NULL);
        const long i0 = issue_cycle(&r, 0, 0, 0), i1 = issue_cycle(&r, 0, 1, 0);
        ck_assert_int_gt(i0, 0);
        const wf_obs *n = at(&r, (uint64_t)i0 + 1);
        ck_assert_uint_eq(n->warp[0].ibuf[0].pc, 1); /* pc 1 is the head in the IH cycle */
        for (unsigned u = 0; u < c.collectors; u++) ck_assert(!n->cu[u].valid);
        ck_assert_uint_eq(n->warp[0].filter, 0);
        ck_assert_uint_eq(n->warp[0].collecting, 0);
        if (cases[k].blocked) {
            ck_assert_msg(n->warp[0].hazard == WF_HZ_WAR && n->warp[0].hazard_mask == 1u << WF_HZ_WAR,
                          "case %u: hazard %u mask %#x", k, n->warp[0].hazard, n->warp[0].hazard_mask);
            ck_assert_int_gt(i1, i0 + 1);
        } else {
            ck_assert_uint_eq(n->warp[0].hazard, WF_HZ_READY);
            ck_assert_int_eq(i1, i0 + 1);
        }
        assert_functional(&r);
        run_free(&r);
    }
}
END_TEST

/* §3.4 on one warp: a hit in c writes the I-buffer and the fetch update at
 * the end of c+1, and the warp does not fetch in c+1; bra, bnz and exit are
 * applied at decode, so nothing past them is fetched. */
START_TEST(decode_stage_one_warp)
{
    wf_config c = base_cfg();
    c.decode_stage = 1;
    c.ibuf = 4;
    run_t r;
    run_src(&r, &c, "movi r1 <- 2\nbra next\nnop\nnext: addi r1 <- r1, -1\nbnz r1, next\nexit\n", NULL);
    unsigned hits = 0;
    for (uint64_t cy = 0; cy + 2 < r.n; cy++) {
        const wf_obs *o = &r.rec[cy];
        if (!(o->fetch.valid && o->fetch.kind == WF_FEV_HIT)) continue;
        hits++;
        const unsigned pc = o->fetch.pc, n0 = (unsigned)(o->warp[0].ibuf[0].valid + o->warp[0].ibuf[1].valid +
                                                          o->warp[0].ibuf[2].valid + o->warp[0].ibuf[3].valid);
        const wf_obs *d = at(&r, cy + 1), *e = at(&r, cy + 2);
        ck_assert_msg(!d->fetch.valid, "cycle %llu: the warp fetches while FD holds its pc %u",
                      (unsigned long long)cy + 1, pc);
        ck_assert_uint_eq(d->warp[0].fetch_pc, pc); /* unchanged until the decode */
        ck_assert_uint_eq(d->warp[0].fetch_state, WF_FETCH_RUN);
        /* in the I-buffer (behind what is left of the n0 slots) from c+2 */
        unsigned found = 0;
        for (unsigned i = 0; i < 4; i++) found |= e->warp[0].ibuf[i].valid && e->warp[0].ibuf[i].pc == pc;
        ck_assert_msg(found, "cycle %llu: pc %u (fetched in %llu, %u slots then) not in the I-buffer",
                      (unsigned long long)cy + 2, pc, (unsigned long long)cy, n0);
        if (pc == 1) ck_assert_uint_eq(e->warp[0].fetch_pc, 3);                  /* bra */
        if (pc == 4) ck_assert_uint_eq(e->warp[0].fetch_state, WF_FETCH_WAIT_BRANCH); /* bnz */
        if (pc == 5) ck_assert_uint_eq(e->warp[0].fetch_state, WF_FETCH_DONE);        /* exit */
        ck_assert_uint_ne(pc, 2); /* the nop after the bra is never fetched */
    }
    ck_assert_uint_eq(hits, 7); /* pcs 0, 1, 3, 4, then 3, 4 (taken), 5 */
    assert_functional(&r);
    run_free(&r);
}
END_TEST

START_TEST(trace_format)
{
    wf_config c;
    wf_config_default(&c);
    options_of_source(&c, seed_naive_s);
    run_t r;
    run_src(&r, &c, seed_naive_s, NULL);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    wf_trace_header(f, &c);
    wf_trace_row(f, &c, at(&r, 11));
    wf_trace_row(f, &c, at(&r, 16));
    fclose(f);
    ck_assert_str_eq(buf,
                     " cycle  issue        bank0      bank1      bank2      bank3      SR\n"
                     "    11  w1:pc0       R w0.r4    R w0.r5    R w0.r6               SR:w0.pc0[abc]\n"
                     "    16                          R w0.r1    W w1.r2               SR:w0.pc1[b]\n");
    free(buf);
    run_free(&r);
}
END_TEST

/* ---- §4: scoreboard -------------------------------------------------------- */

START_TEST(scoreboard_set_at_decode_cleared_at_writeback)
{
    wf_config c = base_cfg();
    c.alu_lat = 3;
    run_t r;
    run_src(&r, &c, "movi r1 <- 5\nadd r2 <- r1, r1\nexit\n", NULL);
    /* c9 fetch pc0; c10 movi issues into CU0 and allocates entry 0; the add is
     * decoded in the same cycle and gets bit 0 (§4.2 decode/issue gap) */
    ck_assert_int_eq(issue_cycle(&r, 0, 0, 0), 10);
    ck_assert_uint_eq(at(&r, 10)->issue.sb_entry, 0);
    ck_assert_uint_eq(at(&r, 10)->issue.unit, 0);
    ck_assert(at(&r, 10)->fetch.valid && at(&r, 10)->fetch.pc == 1);
    ck_assert_uint_eq(at(&r, 10)->warp[0].sb[0].valid, 0);
    ck_assert_uint_eq(at(&r, 11)->warp[0].sb[0].valid, 1);
    ck_assert_uint_eq(at(&r, 11)->warp[0].sb[0].reg, 1);
    ck_assert_uint_eq(at(&r, 11)->warp[0].ibuf[0].pc, 1);
    ck_assert_uint_eq(at(&r, 11)->warp[0].ibuf[0].dep, 1);
    /* CU0 has no sources: dispatch in 11, ALU stages 12..14, write in 14 */
    ck_assert(at(&r, 11)->cu[0].ready);
    ck_assert(at(&r, 11)->dispatch[WF_UNIT_ALU - 1].valid);
    const wf_obs_wb *wb = &at(&r, 14)->wb[WF_UNIT_ALU - 1];
    ck_assert(wb->valid);
    ck_assert_uint_eq(wb->reg, 1);
    ck_assert_uint_eq(wb->bank, 1);
    ck_assert_uint_eq(wb->lanes, 0xFF);
    ck_assert_uint_eq(wb->data[7], 5);
    ck_assert_uint_eq(wb->release, 0);
    assert_hazard(&r, 0, 11, 14, WF_HZ_DEPENDENCY);
    ck_assert_uint_eq(at(&r, 14)->warp[0].sb[0].valid, 1);
    ck_assert_uint_eq(at(&r, 15)->warp[0].sb[0].valid, 0);
    ck_assert_uint_eq(at(&r, 15)->warp[0].ibuf[0].dep, 0);
    ck_assert_int_eq(issue_cycle(&r, 0, 1, 0), 15);
    /* both slots read r1: one read in 16 (§6.3), none in 17 */
    assert_bank(&r, 16, 1, "R w0.r1");
    assert_bank(&r, 17, 1, "");
    ck_assert_uint_eq(at(&r, 16)->bank[1].slot, 0);
    ck_assert_int_eq(issue_cycle(&r, 0, 2, 0), 16); /* exit: no CU */
    ck_assert_uint_eq(r.n, 21);                      /* add writes in 20, done at 21 */
    ck_assert_uint_eq(final_reg(&r, 0, 2, 3), 10);
    ck_assert_uint_eq(wf_model_stats(r.m)->hazard[WF_HZ_DEPENDENCY], 4);
    assert_functional(&r);
    run_free(&r);
}
END_TEST

START_TEST(scoreboard_gap_closing)
{
    wf_config c = base_cfg();
    run_t r;
    run_src(&r, &c, "mul r1 <- r5, r5\nadd r1 <- r1, r1\nadd r2 <- r1, r1\nexit\n", NULL);
    /* c10 mul (entry 0 = r1); pc1 decoded in 10, pc2 in 11, both get bit 0.
     * mul: read 11, dispatch 12, MUL 13..16, write and release in 16. */
    ck_assert_uint_eq(at(&r, 12)->warp[0].ibuf[0].dep, 1);
    ck_assert_uint_eq(at(&r, 12)->warp[0].ibuf[1].dep, 1);
    ck_assert_uint_eq(at(&r, 16)->wb[WF_UNIT_MUL - 1].release, 0);
    /* c17: both bits clear; pc1 issues and allocates entry 0 again for r1;
     * gap closing sets bit 0 in the buffered pc2 at the end of 17 */
    ck_assert_uint_eq(at(&r, 17)->warp[0].ibuf[1].dep, 0);
    ck_assert_int_eq(issue_cycle(&r, 0, 1, 0), 17);
    ck_assert_uint_eq(at(&r, 17)->issue.sb_entry, 0);
    ck_assert_uint_eq(at(&r, 18)->warp[0].ibuf[0].pc, 2);
    ck_assert_uint_eq(at(&r, 18)->warp[0].ibuf[0].dep, 1);
    /* pc1: read 18, dispatch 19, write 20; pc2 issues in 21 */
    ck_assert_uint_eq(at(&r, 20)->wb[WF_UNIT_ALU - 1].release, 0);
    ck_assert_int_eq(issue_cycle(&r, 0, 2, 0), 21);
    ck_assert_int_eq(issue_cycle(&r, 0, 3, 0), 22);
    assert_functional(&r);
    run_free(&r);
}
END_TEST

START_TEST(scoreboard_full_entry_stall)
{
    wf_config c = base_cfg();
    c.alu_lat = 3;
    c.sb_entries = 1;
    run_t r;
    run_src(&r, &c, "movi r1 <- 1\nmovi r2 <- 2\nexit\n", NULL);
    /* movi r1 issues in 10 with the only entry; movi r2 has no dependency but
     * is not ready while the entry is valid (11..14); release in 14 */
    ck_assert_int_eq(issue_cycle(&r, 0, 0, 0), 10);
    ck_assert_uint_eq(at(&r, 11)->warp[0].ibuf[0].dep, 0);
    assert_hazard(&r, 0, 11, 14, WF_HZ_SB_FULL);
    ck_assert_int_eq(issue_cycle(&r, 0, 1, 0), 15);
    ck_assert_uint_eq(at(&r, 15)->issue.sb_entry, 0);
    ck_assert_uint_eq(wf_model_stats(r.m)->hazard[WF_HZ_SB_FULL], 4);
    ck_assert_uint_eq(r.n, 20);
    assert_functional(&r);
    run_free(&r);

    c.sb_entries = 2; /* the same program with a second entry: no stall */
    run_src(&r, &c, "movi r1 <- 1\nmovi r2 <- 2\nexit\n", NULL);
    ck_assert_int_eq(issue_cycle(&r, 0, 1, 0), 11);
    ck_assert_uint_eq(at(&r, 11)->issue.sb_entry, 1);
    ck_assert_uint_eq(wf_model_stats(r.m)->hazard[WF_HZ_SB_FULL], 0);
    run_free(&r);
}
END_TEST

START_TEST(scoreboard_waw)
{
    wf_config c = base_cfg();
    run_t r;
    /* pc1 mul r1 takes MUL 4 stages; pc3 movi r1 would write first without the
     * destination compare, and the mul's 9 would win. */
    run_src(&r, &c, "movi r5 <- 3\nmul r1 <- r5, r5\nnop\nmovi r1 <- 7\nexit\n", NULL);
    /* c10 movi r5 (entry 0), dispatch 11, write/release 12; c13 mul issues
     * (entry 0 = r1); pc3 is decoded in 14 (the I-buffer was full) and gets
     * bit 0 for its destination (§4.2, WAW) */
    ck_assert_int_eq(issue_cycle(&r, 0, 1, 0), 13);
    ck_assert(at(&r, 14)->fetch.valid && at(&r, 14)->fetch.pc == 3);
    ck_assert_uint_eq(at(&r, 15)->warp[0].ibuf[0].pc, 3);
    ck_assert_uint_eq(at(&r, 15)->warp[0].ibuf[0].dep, 1);
    /* mul: read 14, dispatch 15, write 19; movi r1 issues in 20 */
    ck_assert_uint_eq(at(&r, 19)->wb[WF_UNIT_MUL - 1].data[0], 9);
    ck_assert_int_eq(issue_cycle(&r, 0, 3, 0), 20);
    ck_assert_uint_eq(final_reg(&r, 0, 1, 0), 7);
    assert_functional(&r);
    run_free(&r);
}
END_TEST

/* ---- §6: banks ----------------------------------------------------------------- */

START_TEST(bank_mappings)
{
    static const char src[] = "movi r5 <- 1\nmovi r6 <- 2\nadd r7 <- r5, r6\nexit\n";
    static const unsigned banks[] = {4, 3, 1, 5};
    for (unsigned layout = 0; layout < 2; layout++)
        for (unsigned bi = 0; bi < 4; bi++) {
            wf_config c = base_cfg();
            c.warps = 4;
            c.layout = layout;
            c.banks = banks[bi];
            run_t r;
            run_src(&r, &c, src, NULL);
            unsigned seen[4][8] = {{0}}; /* [warp][reg]: 1 read, 2 written */
            for (uint64_t cy = 0; cy < r.n; cy++)
                for (unsigned b = 0; b < c.banks; b++) {
                    const wf_obs_bank *k = &r.rec[cy].bank[b];
                    if (k->kind == WF_BANK_IDLE) continue;
                    unsigned want = layout == WF_LAYOUT_NAIVE ? k->reg % c.banks
                                                              : (k->reg + k->warp) % c.banks;
                    ck_assert_msg(b == want, "layout %u banks %u: w%u.r%u in bank %u, want %u",
                                  layout, c.banks, k->warp, k->reg, b, want);
                    seen[k->warp][k->reg] |= k->kind == WF_BANK_READ ? 1u : 2u;
                }
            for (unsigned w = 0; w < 4; w++) {
                ck_assert_uint_eq(seen[w][5], 3);
                ck_assert_uint_eq(seen[w][6], 3);
                ck_assert_uint_eq(seen[w][7], 2);
            }
            ck_assert_uint_eq(final_reg(&r, 3, 7, 7), 3);
            assert_functional(&r);
            run_free(&r);
        }
}
END_TEST

START_TEST(bank_conflict_serializes)
{
    /* naive, one warp: r2 and r6 share bank 2; r3 is bank 3 */
    wf_config c = base_cfg();
    c.layout = WF_LAYOUT_NAIVE;
    run_t r;
    run_src(&r, &c, "add r1 <- r2, r6\nexit\n", NULL);
    /* issue 10; r2 (slot a) read in 11, r6 in 12; dispatch 13; write 14 */
    assert_bank(&r, 11, 2, "R w0.r2");
    assert_bank(&r, 12, 2, "R w0.r6");
    ck_assert_uint_eq(at(&r, 12)->bank[2].slot, 1);
    ck_assert_uint_eq(at(&r, 12)->cu[0].pending, 2);
    ck_assert(at(&r, 13)->dispatch[WF_UNIT_ALU - 1].valid);
    assert_bank(&r, 14, 1, "W w0.r1");
    ck_assert_uint_eq(wf_model_stats(r.m)->bank_conflicts[2], 1);
    run_free(&r);

    run_src(&r, &c, "add r1 <- r2, r3\nexit\n", NULL);
    assert_bank(&r, 11, 2, "R w0.r2");
    assert_bank(&r, 11, 3, "R w0.r3");
    ck_assert(at(&r, 12)->dispatch[WF_UNIT_ALU - 1].valid);
    assert_bank(&r, 13, 1, "W w0.r1");
    ck_assert_uint_eq(wf_model_stats(r.m)->bank_conflicts[2], 0);
    run_free(&r);

    run_src(&r, &c, "add r1 <- r2, r2\nexit\n", NULL); /* one read serves both slots */
    assert_bank(&r, 11, 2, "R w0.r2");
    assert_bank(&r, 12, 2, "");
    ck_assert(at(&r, 12)->dispatch[WF_UNIT_ALU - 1].valid);
    ck_assert_uint_eq(wf_model_stats(r.m)->bank_reads[2], 1);
    run_free(&r);
}
END_TEST

START_TEST(writes_beat_reads)
{
    wf_config c = base_cfg();
    c.layout = WF_LAYOUT_NAIVE;
    run_t r;
    run_src(&r, &c, "movi r1 <- 1\nadd r2 <- r5, r6\nexit\n", NULL);
    /* movi: issue 10 (CU0), dispatch 11, write r1 into bank 1 in 12.
     * add: issue 11 (CU1), wants r5 (bank 1) and r6 (bank 2) from 12:
     * bank 1 is written in 12, so r5 is read in 13; dispatch 14, write 15 */
    ck_assert_uint_eq(at(&r, 11)->issue.unit, 1);
    assert_bank(&r, 12, 1, "W w0.r1");
    ck_assert_uint_eq(at(&r, 12)->bank[1].unit, WF_UNIT_ALU);
    assert_bank(&r, 12, 2, "R w0.r6");
    assert_bank(&r, 13, 1, "R w0.r5");
    ck_assert(at(&r, 14)->dispatch[WF_UNIT_ALU - 1].valid);
    assert_bank(&r, 15, 2, "W w0.r2");
    ck_assert_uint_eq(wf_model_stats(r.m)->bank_conflicts[1], 1);
    assert_functional(&r);
    run_free(&r);
}
END_TEST

START_TEST(writeback_priority)
{
    /* MUL and ALU results for the same bank in the same cycle: MUL wins, the
     * ALU result holds its last stage one cycle (§10.3). One warp, naive:
     * r1 and r5 are bank 1. mul issues 10 (read r2 11, dispatch 12, write 16);
     * the movi r5 issues 11... its ALU write is timed by alu_lat = 4:
     * dispatch 12, stages 13..16, write 16: conflict with the MUL. */
    wf_config c = base_cfg();
    c.layout = WF_LAYOUT_NAIVE;
    c.alu_lat = 4;
    run_t r;
    run_src(&r, &c, "mul r1 <- r2, r2\nmovi r5 <- 9\nexit\n", NULL);
    ck_assert(at(&r, 12)->dispatch[WF_UNIT_MUL - 1].valid);
    ck_assert(at(&r, 12)->dispatch[WF_UNIT_ALU - 1].valid);
    ck_assert(at(&r, 16)->wb[WF_UNIT_MUL - 1].valid);
    ck_assert(!at(&r, 16)->wb[WF_UNIT_ALU - 1].valid);
    assert_bank(&r, 16, 1, "W w0.r1");
    assert_bank(&r, 17, 1, "W w0.r5");
    ck_assert(at(&r, 17)->wb[WF_UNIT_ALU - 1].valid);
    ck_assert_uint_eq(wf_model_stats(r.m)->bank_write_conflicts[1], 1);
    assert_functional(&r);
    run_free(&r);
}
END_TEST

/* ---- §9: structural hazards -------------------------------------------------- */

START_TEST(collector_exhaustion_replay_and_stall)
{
    static const char src[] = "add r1 <- r2, r3\nadd r4 <- r5, r6\nexit\n";
    wf_config c = base_cfg();
    c.collectors = 1;
    run_t r;
    run_src(&r, &c, src, NULL);
    /* pc0 takes CU0 in 10, reads in 11, dispatches in 12 (CU0 free from 13);
     * pc1 is chosen in 11 and 12 and replays (slot used, nothing obtained) */
    for (unsigned cy = 11; cy <= 12; cy++) {
        const wf_obs *o = at(&r, cy);
        ck_assert(o->issue.valid && o->issue.replay);
        ck_assert_uint_eq(o->issue.pc, 1);
        ck_assert_uint_eq(o->issue.unit, WF_OBS_NONE);
        ck_assert_uint_eq(o->issue.sb_entry, WF_OBS_NONE);
        ck_assert_uint_eq(o->warp[0].sb[1].valid, 0);
    }
    ck_assert_int_eq(issue_cycle(&r, 0, 1, 2), 13);
    ck_assert(!at(&r, 13)->issue.replay);
    ck_assert_uint_eq(at(&r, 13)->issue.unit, 0);
    const wf_stats *st = wf_model_stats(r.m);
    ck_assert_uint_eq(st->replays_collector, 2);
    ck_assert_uint_eq(st->slot_replayed, 2);
    ck_assert_uint_eq(st->instructions, 3);
    uint64_t cycles_replay = r.n;
    assert_functional(&r);
    run_free(&r);

    c.hazard = WF_HAZARD_STALL;
    run_src(&r, &c, src, NULL);
    for (unsigned cy = 11; cy <= 12; cy++) {
        ck_assert(!at(&r, cy)->issue.valid);
        ck_assert_uint_eq(at(&r, cy)->stall, WF_STALL_COLLECTOR);
    }
    ck_assert_int_eq(issue_cycle(&r, 0, 1, 0), 13);
    st = wf_model_stats(r.m);
    ck_assert_uint_eq(st->slot_collector_stall, 2);
    ck_assert_uint_eq(st->replays_collector, 0);
    ck_assert_uint_eq(r.n, cycles_replay);
    assert_functional(&r);
    run_free(&r);
}
END_TEST

/* lanes 0..7 read words 16 + 2l: 4 lines of 4 words (k = 4 pieces) */
static const char split_ld_s[] = "lane r1\nadd r1 <- r1, r1\nld r3 <- [r1 + 16]\nexit\n";

static uint32_t *mem_pattern(unsigned words)
{
    uint32_t *m = malloc(words * sizeof *m);
    for (unsigned i = 0; i < words; i++) m[i] = 1000 + i;
    return m;
}

START_TEST(split_load_replay)
{
    wf_config c = base_cfg();
    uint32_t *mem = mem_pattern(c.mem_words);
    run_t r;
    run_src(&r, &c, split_ld_s, mem);
    /* lane 10; add 13 (waits for r1); ld issues 17 (read r1 18, dispatch 19),
     * then every 4 cycles: each instance serves one line in LSU stage 1
     * (20, 24, 28, 32), the verdict re-arms the head, it issues again */
    static const long iss[4] = {17, 21, 25, 29};
    static const unsigned lanes[4] = {0x03, 0x0C, 0x30, 0xC0};
    ck_assert_uint_eq(issue_count(&r, 0, 2), 4);
    for (unsigned k = 0; k < 4; k++) {
        ck_assert_int_eq(issue_cycle(&r, 0, 2, k), iss[k]);
        ck_assert_uint_eq(at(&r, (uint64_t)iss[k])->issue.replay, k > 0);
        ck_assert_uint_eq(at(&r, (uint64_t)iss[k])->issue.sb_entry, 0);
        const wf_obs_piece *p = &at(&r, (uint64_t)iss[k] + 3)->piece;
        ck_assert(p->valid);
        ck_assert_uint_eq(p->lanes, lanes[k]);
        ck_assert_uint_eq(p->line, 4 + k);
        ck_assert_uint_eq(p->last, k == 3);
        /* the piece writes its lanes the next cycle; only the last releases */
        const wf_obs_wb *wb = &at(&r, (uint64_t)iss[k] + 4)->wb[WF_UNIT_LSU - 1];
        ck_assert(wb->valid);
        ck_assert_uint_eq(wb->lanes, lanes[k]);
        ck_assert_uint_eq(wb->release, k == 3 ? 0 : WF_OBS_NONE);
    }
    /* the head stays, `issued`, with the lanes not yet served */
    ck_assert_uint_eq(at(&r, 18)->warp[0].ibuf[0].issued, 1);
    ck_assert_uint_eq(at(&r, 18)->warp[0].mem_inflight, 1);
    ck_assert_uint_eq(at(&r, 21)->warp[0].ibuf[0].issued, 0);
    ck_assert_uint_eq(at(&r, 21)->warp[0].ibuf[0].lanes_left, 0xFC);
    ck_assert_uint_eq(at(&r, 21)->warp[0].mem_inflight, 0);
    assert_hazard(&r, 0, 18, 20, WF_HZ_WAIT_LSU);
    ck_assert_int_eq(issue_cycle(&r, 0, 3, 0), 33); /* exit behind the ld */
    ck_assert_uint_eq(r.n, 34);
    const wf_stats *st = wf_model_stats(r.m);
    ck_assert_uint_eq(st->replays_memory, 3);
    ck_assert_uint_eq(st->lsu_pieces, 4);
    ck_assert_uint_eq(st->instructions, 4);
    for (unsigned l = 0; l < 8; l++) ck_assert_uint_eq(final_reg(&r, 0, 3, l), 1016 + 2 * l);
    assert_functional(&r);
    run_free(&r);
    free(mem);
}
END_TEST

START_TEST(split_load_stall)
{
    wf_config c = base_cfg();
    c.hazard = WF_HAZARD_STALL;
    uint32_t *mem = mem_pattern(c.mem_words);
    run_t r;
    run_src(&r, &c, split_ld_s, mem);
    /* ld issues once in 17 and leaves the I-buffer; dispatch 19; the instance
     * serves one line per cycle in LSU stage 1 in 20..23; lsu_stall is set
     * after 20, 21, 22 (k - 1 = 3 cycles) */
    ck_assert_uint_eq(issue_count(&r, 0, 2), 1);
    ck_assert_int_eq(issue_cycle(&r, 0, 2, 0), 17);
    ck_assert_int_eq(issue_cycle(&r, 0, 3, 0), 18); /* exit: before the stall */
    for (unsigned k = 0; k < 4; k++) {
        const wf_obs_piece *p = &at(&r, 20 + k)->piece;
        ck_assert(p->valid);
        ck_assert_uint_eq(p->lanes, 3u << (2 * k));
        ck_assert_uint_eq(p->last, k == 3);
    }
    for (unsigned cy = 19; cy <= 24; cy++) {
        int stalled = cy >= 21 && cy <= 23;
        ck_assert_uint_eq(at(&r, cy)->lsu_stall, stalled);
        ck_assert_uint_eq(at(&r, cy)->stall, stalled ? WF_STALL_LSU : WF_STALL_NONE);
    }
    ck_assert_uint_eq(at(&r, 23)->warp[0].mem_inflight, 1);
    ck_assert_uint_eq(at(&r, 24)->warp[0].mem_inflight, 0);
    ck_assert_uint_eq(at(&r, 24)->wb[WF_UNIT_LSU - 1].release, 0);
    ck_assert_uint_eq(r.n, 25);
    const wf_stats *st = wf_model_stats(r.m);
    ck_assert_uint_eq(st->slot_lsu_stall, 3);
    ck_assert_uint_eq(st->replays_memory, 0);
    ck_assert_uint_eq(st->lsu_pieces, 4);
    for (unsigned l = 0; l < 8; l++) ck_assert_uint_eq(final_reg(&r, 0, 3, l), 1016 + 2 * l);
    assert_functional(&r);
    run_free(&r);
    free(mem);
}
END_TEST

START_TEST(store_highest_lane_wins_and_memory_order)
{
    /* all lanes store to word 5 (one piece, the highest lane wins), then a
     * load of word 5 must see it. st: issue 14 (waits for lane's r2), read
     * 15, dispatch 16, LSU stage 1 in 17. In stall mode the st leaves the
     * I-buffer and the ld waits for mem_inflight (§10.5) in 15..17; in replay
     * mode the st stays as the `issued` head until its verdict in 17. Both
     * issue the ld in 18. */
    static const char src[] = "movi r1 <- 5\nlane r2\nst [r1 + 0] <- r2\nld r3 <- [r1 + 0]\nexit\n";
    for (unsigned hz = 0; hz < 2; hz++) {
        wf_config c = base_cfg();
        c.hazard = hz;
        run_t r;
        run_src(&r, &c, src, NULL);
        ck_assert_int_eq(issue_cycle(&r, 0, 2, 0), 14);
        ck_assert_int_eq(issue_cycle(&r, 0, 3, 0), 18);
        ck_assert_uint_eq(at(&r, 17)->piece.lanes, 0xFF);
        assert_hazard(&r, 0, 15, 17, hz == WF_HAZARD_STALL ? WF_HZ_MEM_ORDER : WF_HZ_WAIT_LSU);
        ck_assert_uint_eq(at(&r, 17)->warp[0].mem_inflight, 1);
        ck_assert_uint_eq(at(&r, 18)->warp[0].mem_inflight, 0);
        ck_assert_uint_eq(final_reg(&r, 0, 3, 0), 7);
        assert_functional(&r);
        run_free(&r);
    }
}
END_TEST

/* ---- §3: fetch ------------------------------------------------------------------ */

START_TEST(mshr_full_and_refill)
{
    wf_config c = base_cfg();
    c.warps = 2;
    c.imshrs = 1;
    c.icache_line = 4;
    run_t r;
    run_src(&r, &c, ".start w1, far\nexit\nnop\nnop\nnop\nnop\nnop\nnop\nnop\nfar: exit\n", NULL);
    /* c0 w0 misses line 0 (MSHR 0, fills at the end of 8); w1 (line 2) finds no
     * MSHR in 1..8 and stays RUN; c9 refill priority w0; c10 w1 allocates */
    ck_assert_uint_eq(at(&r, 0)->fetch.kind, WF_FEV_MISS);
    for (unsigned cy = 1; cy <= 8; cy++) {
        ck_assert_uint_eq(at(&r, cy)->fetch.warp, 1);
        ck_assert_uint_eq(at(&r, cy)->fetch.kind, WF_FEV_MSHR_FULL);
        ck_assert_uint_eq(at(&r, cy)->warp[1].fetch_state, WF_FETCH_RUN);
    }
    ck_assert_uint_eq(at(&r, 9)->fetch.warp, 0);
    ck_assert_uint_eq(at(&r, 9)->fetch.kind, WF_FEV_HIT);
    ck_assert_uint_eq(at(&r, 10)->fetch.warp, 1);
    ck_assert_uint_eq(at(&r, 10)->fetch.kind, WF_FEV_MISS);
    ck_assert(at(&r, 18)->fill.valid);
    ck_assert_uint_eq(at(&r, 18)->fill.line, 2);
    ck_assert_uint_eq(at(&r, 19)->fetch.warp, 1);
    ck_assert_uint_eq(at(&r, 19)->fetch.kind, WF_FEV_HIT);
    ck_assert_uint_eq(at(&r, 19)->fetch.pc, 8);
    ck_assert_uint_eq(wf_model_stats(r.m)->icache_mshr_full, 8);
    assert_functional(&r);
    run_free(&r);
}
END_TEST

START_TEST(branch_resolution)
{
    wf_config c = base_cfg();
    run_t r;
    run_src(&r, &c, "movi r1 <- 2\nloop: addi r1 <- r1, -1\nbnz r1, loop\nexit\n", NULL);
    /* the bnz is decoded (fetch stops, WAIT_BRANCH) and resolves when it leaves
     * the ALU; the warp refetches at the target or at pc+1 the next cycle */
    unsigned taken = 0, not_taken = 0;
    for (uint64_t cy = 0; cy < r.n; cy++) {
        const wf_obs *o = &r.rec[cy];
        if (o->fetch.valid && o->fetch.kind == WF_FEV_HIT && o->fetch.pc == 2) {
            ck_assert_uint_eq(at(&r, cy + 1)->warp[0].fetch_state, WF_FETCH_WAIT_BRANCH);
        }
        if (o->branch.valid) {
            ck_assert_uint_eq(o->branch.target, 1);
            const wf_obs *n = at(&r, cy + 1);
            ck_assert_uint_eq(n->warp[0].fetch_state, WF_FETCH_RUN);
            ck_assert_uint_eq(n->warp[0].fetch_pc, o->branch.taken ? 1 : 3);
            ck_assert(n->fetch.valid && n->fetch.pc == n->warp[0].fetch_pc);
            if (o->branch.taken) taken++;
            else not_taken++;
        }
    }
    ck_assert_uint_eq(taken, 1);
    ck_assert_uint_eq(not_taken, 1);
    ck_assert_uint_eq(wf_model_stats(r.m)->instructions, 6);
    assert_functional(&r);
    run_free(&r);

    /* only lane 0 decides: lane 0 of `lane` is 0 (not taken though the other
     * lanes are nonzero); lane 0 of lane-1 is -1 (taken though lane 1 is 0) */
    c.lanes = 4;
    run_src(&r, &c, "lane r1\nbnz r1, skip\nmovi r2 <- 1\nskip: exit\n", NULL);
    ck_assert_uint_eq(final_reg(&r, 0, 2, 3), 1);
    assert_functional(&r);
    run_free(&r);
    run_src(&r, &c, "lane r1\naddi r1 <- r1, -1\nbnz r1, skip\nmovi r2 <- 1\nskip: exit\n", NULL);
    ck_assert_uint_eq(final_reg(&r, 0, 2, 1), 0);
    assert_functional(&r);
    run_free(&r);
}
END_TEST

START_TEST(refill_priority)
{
    /* 3 warps, 1 MSHR, line 0 = pc 0..15, w2 starts in line 1. c0 w0 misses
     * line 0 (fill at the end of 9), c1 w1 merges, c2..c9 w2 finds no MSHR;
     * c10 w0 (refill), c11 w1, c12 w2 allocates (fill at the end of 21);
     * c13..c21 w0 and w1 alternate, ending with w0, so fetch_rr = 1 in c22:
     * refill priority selects w2 over the eligible w1. */
    wf_config c = base_cfg();
    c.warps = 3;
    c.imshrs = 1;
    c.imiss_lat = 9;
    c.icache_line = 16;
    char src[512] = ".start w2, far\n";
    for (unsigned i = 0; i < 15; i++) strcat(src, "nop\n");
    strcat(src, "exit\nfar: exit\n");
    run_t r;
    run_src(&r, &c, src, NULL);
    for (unsigned cy = 2; cy <= 9; cy++) ck_assert_uint_eq(at(&r, cy)->fetch.kind, WF_FEV_MSHR_FULL);
    ck_assert_uint_eq(at(&r, 12)->fetch.warp, 2);
    ck_assert_uint_eq(at(&r, 12)->fetch.kind, WF_FEV_MISS);
    for (unsigned cy = 13; cy <= 21; cy++) ck_assert_uint_eq(at(&r, cy)->fetch.warp, (cy - 13) % 2);
    ck_assert(at(&r, 21)->fill.valid);
    ck_assert_uint_eq(at(&r, 22)->fetch.warp, 2);
    ck_assert_uint_eq(at(&r, 22)->fetch.kind, WF_FEV_HIT);
    ck_assert_uint_eq(at(&r, 23)->fetch.warp, 0); /* fetch_rr = 2 + 1 mod 3 */
    assert_functional(&r);
    run_free(&r);
}
END_TEST

/* ---- §5.3: schedulers --------------------------------------------------------- */

/* §5.3 checked every cycle from the hazard field: LRR picks the first ready
 * warp in rr order from issue_rr, GTO gto_last if ready, else the lowest. */
static void sched_property(const run_t *r, unsigned gto, unsigned *switches)
{
    const unsigned W = r->cfg.warps;
    unsigned rr = 0, last = 0;
    *switches = 0;
    for (uint64_t cy = 0; cy < r->n; cy++) {
        const wf_obs *o = &r->rec[cy];
        unsigned want = WF_OBS_NONE;
        if (gto) {
            if (o->warp[last].hazard == WF_HZ_READY) want = last;
            else
                for (unsigned w = W; w-- > 0;)
                    if (o->warp[w].hazard == WF_HZ_READY) want = w;
        } else {
            for (unsigned k = W; k-- > 0;)
                if (o->warp[(rr + k) % W].hazard == WF_HZ_READY) want = (rr + k) % W;
        }
        if (want == WF_OBS_NONE) {
            ck_assert(!o->issue.valid);
            continue;
        }
        ck_assert_msg(o->issue.valid && o->issue.warp == want, "%s cycle %llu: issued w%u, want w%u",
                      gto ? "gto" : "lrr", (unsigned long long)cy, o->issue.warp, want);
        *switches += gto && want != last;
        rr = (want + 1) % W;
        last = want;
    }
}

START_TEST(lrr_vs_gto)
{
    static const char src[] = "mul r1 <- r2, r2\nadd r3 <- r1, r1\nmovi r4 <- 1\nmovi r5 <- 2\n"
                              "movi r6 <- 3\nmovi r7 <- 4\nexit\n";
    wf_config c = base_cfg();
    c.warps = 2;
    c.ibuf = 8;
    /* w0's add is ready in 17, w1's in 18 (their muls write in 16 and 17);
     * from 18 LRR alternates, GTO stays with w0 until it runs out */
    static const char *const want_lrr[] = {"w0:pc1", "w1:pc1", "w0:pc2", "w1:pc2", "w0:pc3",
                                           "w1:pc3", "w0:pc4", "w1:pc4"};
    static const char *const want_gto[] = {"w0:pc1", "w0:pc2", "w0:pc3", "w0:pc4", "w0:pc5",
                                           "w0:pc6", "w1:pc1", "w1:pc2"};
    uint64_t cycles[2];
    for (unsigned s = 0; s < 2; s++) {
        c.sched = s;
        run_t r;
        unsigned switches;
        run_src(&r, &c, src, NULL);
        for (unsigned i = 0; i < 8; i++) {
            char got[32];
            fmt_issue(at(&r, 17 + i), got, sizeof got);
            const char *want = s ? want_gto[i] : want_lrr[i];
            ck_assert_msg(strcmp(got, want) == 0, "%s cycle %u: got '%s', want '%s'",
                          s ? "gto" : "lrr", 17 + i, got, want);
        }
        sched_property(&r, s, &switches);
        ck_assert_uint_eq(wf_model_stats(r.m)->gto_switches, switches);
        cycles[s] = r.n;
        assert_functional(&r);
        run_free(&r);
        /* the rule with four warps (where "oldest" matters) */
        c.warps = 4;
        run_src(&r, &c, src, NULL);
        sched_property(&r, s, &switches);
        ck_assert_uint_eq(wf_model_stats(r.m)->gto_switches, switches);
        if (s) ck_assert_uint_gt(switches, 0);
        assert_functional(&r);
        run_free(&r);
        c.warps = 2;
    }
    ck_assert_uint_ne(cycles[0], 0);
}
END_TEST

/* ---- §7: loop modes ---------------------------------------------------------------- */

static const char kernel_s[] =
    "        wid r1\n"
    "        movi r2 <- 6\n"
    "        shl r1 <- r1, r2\n" /* base = wid * 64: words base..base+39 */
    "        lane r3\n"
    "        add r4 <- r1, r3\n"
    "        st [r4 + 0] <- r3\n"
    "        movi r5 <- 3\n"
    "loop:   ld r6 <- [r4 + 0]\n"
    "        mad r7 <- r6, r5, r7\n"
    "        add r8 <- r7, r3\n"
    "        st [r4 + 8] <- r8\n"
    "        addi r5 <- r5, -1\n"
    "        bnz r5, loop\n"
    "        ld r9 <- [r4 + 8]\n"
    "        exit\n";

START_TEST(loop_modes_same_state_different_cycles)
{
    wf_config c = base_cfg();
    c.warps = 4;
    c.icache_line = 4;
    uint64_t cycles[4];
    for (unsigned mode = 1; mode <= 3; mode++) {
        c.loops = mode;
        run_t r;
        run_src(&r, &c, kernel_s, NULL);
        cycles[mode] = r.n;
        /* mode 1: one instruction in flight per warp, so never two issued
         * instances of a warp; modes 1, 2: no CU fields */
        for (uint64_t cy = 0; cy < r.n; cy++) {
            if (mode == 1) ck_assert_uint_le(r.rec[cy].warp[0].inflight, 1);
            if (mode != 3) ck_assert(!r.rec[cy].cu[0].valid);
            else ck_assert(!r.rec[cy].sr.valid);
        }
        ck_assert_uint_eq(wf_model_stats(r.m)->instructions, 4 * (7 + 3 * 6 + 2));
        if (mode == 1) { /* §7.3: the scoreboard allocates but never blocks */
            ck_assert_uint_eq(wf_model_stats(r.m)->hazard[WF_HZ_DEPENDENCY], 0);
            ck_assert_uint_eq(wf_model_stats(r.m)->hazard[WF_HZ_SB_FULL], 0);
            ck_assert_uint_gt(wf_model_stats(r.m)->hazard[WF_HZ_INFLIGHT], 0);
        } else {
            ck_assert_uint_gt(wf_model_stats(r.m)->hazard[WF_HZ_DEPENDENCY], 0);
        }
        assert_functional(&r);
        run_free(&r);
    }
    ck_assert_uint_gt(cycles[1], cycles[2]);
    ck_assert_uint_gt(cycles[2], cycles[3]);
}
END_TEST

/* ---- §8: WAR policies ------------------------------------------------------------- */

/* naive, one warp: r4, r20, r8 are all bank 0, so the mad reads them in 11,
 * 12, 13 (slot order a, b, c). The movi r8 (younger, no RAW/WAW dependency)
 * issues in 11 with no policy, dispatches in 12 and writes r8 in 13: the
 * write beats the mad's read of r8, which reads 99 in 14 instead of 0. */
static const char war_s[] = "mad r1 <- r4, r20, r8\nmovi r8 <- 99\nexit\n";

static void war_run(run_t *r, unsigned policy)
{
    wf_config c = base_cfg();
    c.layout = WF_LAYOUT_NAIVE;
    c.war = policy;
    run_src(r, &c, war_s, NULL);
}

START_TEST(war_none_breaks)
{
    run_t r;
    war_run(&r, WF_WAR_NONE);
    ck_assert_int_eq(issue_cycle(&r, 0, 1, 0), 11);
    assert_bank(&r, 13, 0, "W w0.r8");
    assert_bank(&r, 14, 0, "R w0.r8");
    ck_assert_uint_eq(final_reg(&r, 0, 1, 0), 99); /* the interpreter says 0 */
    char diff[256];
    ck_assert(!matches_functional(&r, diff, sizeof diff));
    ck_assert_str_eq(diff, "warp 0 r1 lane 0: 99 vs 0");
    ck_assert_uint_eq(wf_model_stats(r.m)->hazard[WF_HZ_WAR], 0);
    run_free(&r);
}
END_TEST

START_TEST(war_inorder)
{
    run_t r;
    war_run(&r, WF_WAR_INORDER);
    /* issue is not restricted: movi in 11 into CU1 with older = {CU0}; CU1 is
     * ready from 12 but may not dispatch until CU0 has: mad reads r8 in 13,
     * dispatches in 14 (clearing bit 0), movi dispatches in 15 */
    ck_assert_int_eq(issue_cycle(&r, 0, 1, 0), 11);
    for (unsigned cy = 12; cy <= 14; cy++) {
        ck_assert(at(&r, cy)->cu[1].ready);
        ck_assert_uint_eq(at(&r, cy)->cu[1].older, 1);
        ck_assert(!at(&r, cy)->dispatch[WF_UNIT_ALU - 1].valid);
    }
    assert_bank(&r, 13, 0, "R w0.r8");
    ck_assert(at(&r, 14)->dispatch[WF_UNIT_MUL - 1].valid);
    ck_assert_uint_eq(at(&r, 15)->cu[1].older, 0);
    ck_assert(at(&r, 15)->dispatch[WF_UNIT_ALU - 1].valid);
    ck_assert_uint_eq(at(&r, 15)->dispatch[WF_UNIT_ALU - 1].pc, 1);
    assert_functional(&r);
    run_free(&r);
}
END_TEST

START_TEST(war_warpboard_commit)
{
    run_t r;
    war_run(&r, WF_WAR_WB_COMMIT);
    /* movi waits for inflight[0] = 0: the mad dispatches in 14 (reads 11..13),
     * MUL stages 15..18, leaves in 18; movi issues in 19 */
    assert_hazard(&r, 0, 11, 18, WF_HZ_WAR);
    ck_assert_uint_eq(at(&r, 18)->warp[0].inflight, 1);
    ck_assert_uint_eq(at(&r, 19)->warp[0].inflight, 0);
    ck_assert_int_eq(issue_cycle(&r, 0, 1, 0), 19);
    ck_assert_uint_eq(wf_model_stats(r.m)->hazard[WF_HZ_WAR], 8);
    assert_functional(&r);
    run_free(&r);
}
END_TEST

START_TEST(war_warpboard_read)
{
    run_t r;
    war_run(&r, WF_WAR_WB_READ);
    /* collecting[0] while CU0 has pending slots (11, 12, 13); movi issues in 14 */
    for (unsigned cy = 11; cy <= 13; cy++) ck_assert_uint_eq(at(&r, cy)->warp[0].collecting, 1);
    ck_assert_uint_eq(at(&r, 14)->warp[0].collecting, 0);
    assert_hazard(&r, 0, 11, 13, WF_HZ_WAR);
    ck_assert_int_eq(issue_cycle(&r, 0, 1, 0), 14);
    ck_assert_uint_eq(wf_model_stats(r.m)->hazard[WF_HZ_WAR], 3);
    assert_functional(&r);
    run_free(&r);
}
END_TEST

START_TEST(war_bloom)
{
    run_t r;
    war_run(&r, WF_WAR_BLOOM);
    /* m = 16: H(4) = {4, 7}, H(20) = {4, (100 + 1 + 3) mod 16 = 8}, H(8) =
     * {8, 11}. The filter holds the pending registers: 11 {4,20,8}, 12 {20,8},
     * 13 {8}, 14 {} */
    static const uint64_t want[4] = {0x990, 0x910, 0x900, 0};
    for (unsigned i = 0; i < 4; i++) ck_assert_uint_eq(at(&r, 11 + i)->warp[0].filter, want[i]);
    assert_hazard(&r, 0, 11, 13, WF_HZ_WAR);
    ck_assert_int_eq(issue_cycle(&r, 0, 1, 0), 14);
    ck_assert_uint_eq(wf_model_stats(r.m)->hazard[WF_HZ_WAR], 3);
    assert_functional(&r);
    run_free(&r);

    /* a writer of r16, which nobody reads. m = 16: H(16) = {0, 4}, bit 0 is
     * never set, so it issues in 11. m = 4: H(4) = H(8) = {0, 3}, H(20) = {0},
     * H(16) = {0}: a false positive blocks it while the mad collects. */
    wf_config c = base_cfg();
    c.layout = WF_LAYOUT_NAIVE;
    static const char fp_s[] = "mad r1 <- r4, r20, r8\nmovi r16 <- 99\nexit\n";
    run_src(&r, &c, fp_s, NULL);
    ck_assert_int_eq(issue_cycle(&r, 0, 1, 0), 11);
    assert_functional(&r);
    run_free(&r);
    c.bloom_bits = 4;
    run_src(&r, &c, fp_s, NULL);
    for (unsigned cy = 11; cy <= 13; cy++) ck_assert_uint_eq(at(&r, cy)->warp[0].filter, 0x9);
    assert_hazard(&r, 0, 11, 13, WF_HZ_WAR);
    ck_assert_int_eq(issue_cycle(&r, 0, 1, 0), 14);
    assert_functional(&r);
    run_free(&r);
}
END_TEST

/* ---- API --------------------------------------------------------------------------- */

START_TEST(api_errors)
{
    char err[256];
    wf_config c = base_cfg();
    c.banks = 0;
    ck_assert_ptr_null(wf_model_create(&c, err, sizeof err));
    ck_assert_str_eq(err, "parameter banks=0: allowed 1..32");
    c = base_cfg();
    c.loops = 4;
    ck_assert_ptr_null(wf_model_create(&c, err, sizeof err));
    ck_assert_str_eq(err, "parameter loops=4: allowed 1|2|3");
    c = base_cfg();
    c.decode_stage = 2;
    ck_assert_ptr_null(wf_model_create(&c, err, sizeof err));
    ck_assert_str_eq(err, "parameter decode_stage=2: allowed 0..1");
    c = base_cfg();
    c.imem_words = 2;
    c.icache_line = 2;
    wf_model *m = wf_model_create(&c, err, sizeof err);
    ck_assert_ptr_nonnull(m);
    wf_program p;
    ck_assert_int_eq(wf_assemble("t.s", "nop\nnop\nexit\n", 32, &p, err, sizeof err), 0);
    ck_assert_int_eq(wf_model_load(m, &p, NULL, err, sizeof err), -1);
    ck_assert_str_eq(err, "program has 3 instructions; imem_words=2");
    ck_assert_int_eq(wf_model_run(m, 100, err, sizeof err), -1);
    ck_assert_str_eq(err, "no program loaded");
    wf_program_free(&p);
    ck_assert_int_eq(wf_assemble("t.s", ".start w3, x\nnop\nx: exit\n", 32, &p, err, sizeof err), 0);
    ck_assert_int_eq(wf_model_load(m, &p, NULL, err, sizeof err), -1);
    ck_assert_str_eq(err, "warp 3: .start given but the machine has warps=1");
    wf_program_free(&p);
    ck_assert_int_eq(wf_assemble("t.s", "loop: bra loop\n", 32, &p, err, sizeof err), 0);
    ck_assert_int_eq(wf_model_load(m, &p, NULL, err, sizeof err), 0);
    ck_assert_int_eq(wf_model_run(m, 500, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "max_cycles=500") && strstr(err, "cycle 500"), "%s", err);
    wf_program_free(&p);
    wf_model_destroy(m);
    wf_model_destroy(NULL);
}
END_TEST

START_TEST(models_are_independent)
{
    /* two models stepped alternately give the same records as each alone */
    wf_config c = base_cfg();
    c.warps = 4;
    run_t alone;
    run_src(&alone, &c, kernel_s, NULL);
    char err[256];
    wf_program p;
    ck_assert_int_eq(wf_assemble("t.s", kernel_s, c.regs, &p, err, sizeof err), 0);
    wf_config c2 = c;
    c2.loops = 1;
    wf_model *a = wf_model_create(&c, err, sizeof err), *b = wf_model_create(&c2, err, sizeof err);
    ck_assert_int_eq(wf_model_load(a, &p, NULL, err, sizeof err), 0);
    ck_assert_int_eq(wf_model_load(b, &p, NULL, err, sizeof err), 0);
    for (uint64_t cy = 0; cy < alone.n; cy++) {
        wf_model_step(a);
        wf_model_step(b);
        ck_assert(memcmp(wf_model_obs(a), &alone.rec[cy], sizeof(wf_obs)) == 0);
    }
    ck_assert(wf_model_done(a));
    ck_assert_int_eq(wf_model_run(b, 100000, err, sizeof err), 0);
    /* a relaunch starts over */
    ck_assert_int_eq(wf_model_load(a, &p, NULL, err, sizeof err), 0);
    ck_assert_int_eq(wf_model_run(a, 100000, err, sizeof err), 0);
    ck_assert_uint_eq(wf_model_cycle(a), alone.n);
    ck_assert(memcmp(wf_model_obs(a), &alone.rec[alone.n - 1], sizeof(wf_obs)) == 0);
    wf_model_destroy(a);
    wf_model_destroy(b);
    wf_program_free(&p);
    run_free(&alone);
}
END_TEST

START_TEST(large_config)
{
    /* the largest machine: 64 warps x 128 registers x 32 lanes, 32 banks */
    wf_config c = base_cfg();
    c.warps = 64;
    c.lanes = 32;
    c.regs = 128;
    c.banks = 32;
    c.collectors = 16;
    c.sb_entries = 8;
    c.ibuf = 8;
    c.mem_words = 4096;
    run_t r;
    run_src(&r, &c, kernel_s, NULL);
    assert_functional(&r);
    run_free(&r);
}
END_TEST

/* ---- randomized sweep against the interpreter ------------------------------------------ */

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}
static unsigned rnd(uint64_t *s, unsigned n) { return (unsigned)(rng_next(s) % n); }
static unsigned rnd_range(uint64_t *s, unsigned lo, unsigned hi) { return lo + rnd(s, hi - lo + 1); }
static unsigned rnd_pow2(uint64_t *s, unsigned lo, unsigned hi)
{
    unsigned k = 0, v = lo;
    while ((lo << (k + 1)) <= hi) k++;
    v = lo << rnd(s, k + 1);
    return v;
}
static unsigned log2u(unsigned v)
{
    unsigned k = 0;
    while ((1u << k) < v) k++;
    return k;
}

typedef struct {
    uint64_t w[512];
    unsigned n;
} gen_t;

static void emit(gen_t *g, wf_opcode op, unsigned rd, unsigned ra, unsigned rb, unsigned rc, int imm)
{
    wf_insn in = {.op = op, .rd = (uint8_t)rd, .ra = (uint8_t)ra, .rb = (uint8_t)rb,
                  .rc = (uint8_t)rc, .imm = imm};
    ck_assert_uint_lt(g->n, 512);
    g->w[g->n++] = wf_encode(&in);
}

/* Reserved registers: r0 = wid * S (the warp's region of S words), r1 = S/2 - 1
 * (address mask), r2 = loop counter, r3 = r0 + S/2. Data registers r4..R-1.
 * Addresses stay inside the warp's region, so warps never share a word. */
static void gen_body(uint64_t *s, gen_t *g, unsigned R, unsigned S, unsigned n)
{
    static const wf_opcode alu[] = {WF_OP_ADD, WF_OP_SUB, WF_OP_AND, WF_OP_OR,  WF_OP_XOR,
                                    WF_OP_SHL, WF_OP_SHR, WF_OP_MIN, WF_OP_MAX, WF_OP_MOV,
                                    WF_OP_MOVI, WF_OP_ADDI, WF_OP_TID, WF_OP_WID, WF_OP_LANE,
                                    WF_OP_NOP};
#define DREG() (4 + rnd(s, R - 4))
    for (unsigned i = 0; i < n; i++) {
        unsigned k = rnd(s, 10);
        if (k < 5) {
            wf_opcode op = alu[rnd(s, sizeof alu / sizeof alu[0])];
            const wf_opinfo *info = wf_op_info(op);
            unsigned f = info->fields;
            int imm = (f & WF_F_IMM) ? (int)rnd(s, 2001) - 1000 : 0;
            if (op == WF_OP_MOVI && rnd(s, 4) == 0) imm = (int)(rng_next(s) % 16777216) - 8388608;
            emit(g, op, (f & WF_F_RD) ? DREG() : 0, (f & WF_F_RA) ? rnd(s, R) : 0,
                 (f & WF_F_RB) ? rnd(s, R) : 0, 0, imm);
        } else if (k < 7) {
            if (rnd(s, 2)) emit(g, WF_OP_MUL, DREG(), rnd(s, R), rnd(s, R), 0, 0);
            else emit(g, WF_OP_MAD, DREG(), rnd(s, R), rnd(s, R), rnd(s, R), 0);
        } else {
            /* address register t = (x & mask) + base, offset within the region */
            unsigned t = DREG(), x = rnd(s, R);
            int neg = rnd(s, 2);
            emit(g, WF_OP_AND, t, x, 1, 0, 0);
            emit(g, WF_OP_ADD, t, t, neg ? 3 : 0, 0, 0);
            int off = neg ? -(int)rnd(s, S / 2) : (int)rnd(s, S / 2);
            if (rnd(s, 2)) emit(g, WF_OP_LD, DREG(), t, 0, 0, off);
            else emit(g, WF_OP_ST, 0, t, rnd(s, R), 0, off);
        }
    }
#undef DREG
}

static void gen_program(uint64_t *s, wf_program *p, unsigned R, unsigned S)
{
    gen_t g = {.n = 0};
    emit(&g, WF_OP_WID, 0, 0, 0, 0, 0);
    emit(&g, WF_OP_MOVI, 1, 0, 0, 0, (int)log2u(S));
    emit(&g, WF_OP_SHL, 0, 0, 1, 0, 0);
    emit(&g, WF_OP_MOVI, 1, 0, 0, 0, (int)(S / 2 - 1));
    emit(&g, WF_OP_ADDI, 3, 0, 0, 0, (int)(S / 2));
    for (unsigned i = 0, k = rnd_range(s, 1, 4); i < k; i++)
        emit(&g, rnd(s, 2) ? WF_OP_TID : WF_OP_LANE, 4 + rnd(s, R - 4), 0, 0, 0, 0);
    gen_body(s, &g, R, S, rnd_range(s, 4, 24));
    if (rnd(s, 2)) { /* a counted loop */
        emit(&g, WF_OP_MOVI, 2, 0, 0, 0, (int)rnd_range(s, 1, 3));
        unsigned top = g.n;
        gen_body(s, &g, R, S, rnd_range(s, 2, 10));
        emit(&g, WF_OP_ADDI, 2, 2, 0, 0, -1);
        emit(&g, WF_OP_BNZ, 0, 2, 0, 0, (int)top);
    }
    if (rnd(s, 3) == 0) { /* a forward bra over one instruction */
        emit(&g, WF_OP_BRA, 0, 0, 0, 0, (int)g.n + 2);
        emit(&g, WF_OP_MOVI, 4, 0, 0, 0, 12345);
    }
    gen_body(s, &g, R, S, rnd_range(s, 0, 8));
    emit(&g, WF_OP_EXIT, 0, 0, 0, 0, 0);
    memset(p, 0, sizeof *p);
    p->len = g.n;
    p->words = malloc(g.n * sizeof *p->words);
    memcpy(p->words, g.w, g.n * sizeof *p->words);
}

static void gen_config(uint64_t *s, wf_config *c, unsigned *S)
{
    wf_config_default(c);
    static const unsigned wsel[] = {1, 2, 3, 4, 5, 8, 8, 16};
    c->warps = wsel[rnd(s, 8)];
    c->lanes = rnd(s, 3) ? rnd_range(s, 1, 8) : rnd_range(s, 1, 32);
    c->regs = rnd(s, 3) ? rnd_range(s, 6, 16) : rnd_range(s, 6, 128);
    c->banks = rnd(s, 3) ? rnd_range(s, 1, 8) : rnd_range(s, 1, 32);
    c->collectors = rnd_range(s, 1, 16);
    c->sb_entries = rnd_range(s, 1, 8);
    c->ibuf = rnd_range(s, 1, 8);
    c->layout = rnd(s, 2);
    c->sched = rnd(s, 2);
    c->loops = rnd_range(s, 1, 3);
    c->hazard = rnd(s, 2);
    c->alu_lat = rnd(s, 2) ? rnd_range(s, 1, 4) : rnd_range(s, 1, 16);
    c->mul_lat = rnd(s, 2) ? rnd_range(s, 1, 6) : rnd_range(s, 1, 32);
    c->lsu_lat = rnd(s, 2) ? rnd_range(s, 2, 4) : rnd_range(s, 2, 32);
    c->icache_lines = rnd_pow2(s, 1, 256);
    c->icache_line = rnd_pow2(s, 1, 16);
    c->imiss_lat = rnd(s, 4) ? rnd_range(s, 2, 20) : rnd_range(s, 2, 256);
    c->imshrs = rnd_range(s, 1, 8);
    c->imem_words = 1024;
    *S = rnd_pow2(s, 16, 64);
    unsigned need = *S, mw;
    while (need < c->warps * *S) need *= 2;
    mw = need << rnd(s, 2);
    c->mem_words = mw;
    c->mem_line = rnd_pow2(s, 1, 32);
    if (c->mem_line > mw) c->mem_line = mw;
    c->bloom_bits = rnd_pow2(s, 4, 64);
    c->active_warps = rnd(s, 3) ? 0 : rnd_range(s, 0, c->warps);
    c->decode_stage = rnd(s, 2);
    c->alloc_stage = rnd(s, 2);
    c->handoff_stage = rnd(s, 2);
    c->fill_stage = rnd(s, 2);
    c->ready_stage = rnd(s, 2);
}

START_TEST(random_sweep)
{
    /* WF_CYCLE_SWEEP=N runs N programs instead of 200, WF_CYCLE_SEED=S another seed */
    const char *ns = getenv("WF_CYCLE_SWEEP"), *ss = getenv("WF_CYCLE_SEED");
    unsigned programs = ns && atoi(ns) > 0 ? (unsigned)atoi(ns) : 200;
    uint64_t seed = 0x9E3779B97F4A7C15ull ^ (ss ? strtoull(ss, NULL, 0) : 0);
    if (!seed) seed = 1;
    unsigned runs = 0, differ_none = 0;
    for (unsigned t = 0; t < programs; t++) {
        wf_config c;
        unsigned S;
        gen_config(&seed, &c, &S);
        wf_program p;
        gen_program(&seed, &p, c.regs, S);
        char err[2048];
        ck_assert_msg(wf_program_check(&p, c.regs, err, sizeof err) == NULL, "%s", err);
        uint32_t *mem = malloc(c.mem_words * sizeof *mem);
        for (unsigned i = 0; i < c.mem_words; i++) mem[i] = (uint32_t)rng_next(&seed);
        wf_arch_state want;
        ck_assert_msg(wf_functional_run(&c, &p, mem, 100000, &want, err, sizeof err) == 0, "%s", err);
        for (unsigned war = 0; war <= WF_WAR_BLOOM; war++) {
            c.war = war;
            wf_model *m = wf_model_create(&c, err, sizeof err);
            ck_assert_msg(m != NULL, "%s", err);
            ck_assert_int_eq(wf_model_load(m, &p, mem, err, sizeof err), 0);
            ck_assert_msg(wf_model_run(m, 2000000, err, sizeof err) == 0, "program %u war %u: %s", t,
                          war, err);
            wf_arch_state got;
            ck_assert_int_eq(wf_model_final_state(m, &got), 0);
            char diff[256];
            wf_arch_diff(&got, &want, diff, sizeof diff);
            if (war == WF_WAR_NONE) {
                differ_none += diff[0] != 0;
            } else {
                ck_assert_msg(diff[0] == 0,
                              "program %u war %u (warps %u lanes %u regs %u banks %u cus %u sb %u "
                              "ibuf %u layout %u sched %u loops %u hazard %u lat %u/%u/%u): %s",
                              t, war, c.warps, c.lanes, c.regs, c.banks, c.collectors,
                              c.sb_entries, c.ibuf, c.layout, c.sched, c.loops, c.hazard,
                              c.alu_lat, c.mul_lat, c.lsu_lat, diff);
                for (unsigned w = 0; w < c.warps; w++)
                    ck_assert_uint_eq(got.retired[w], want.retired[w]);
                uint64_t sum = 0;
                for (unsigned w = 0; w < c.warps; w++) sum += want.retired[w];
                ck_assert_uint_eq(wf_model_stats(m)->instructions, sum);
            }
            wf_arch_free(&got);
            wf_model_destroy(m);
            runs++;
        }
        wf_arch_free(&want);
        free(mem);
        wf_program_free(&p);
    }
    ck_assert_uint_eq(runs, 5 * programs);
    /* war=none is allowed to differ; that it ever does shows the sweep can see it */
    fprintf(stderr, "random_sweep: %u runs, war=none differed in %u programs\n", runs, differ_none);
}
END_TEST

/* §4.4 on random programs and configurations (those of random_sweep). */
START_TEST(alloc_stage_random)
{
    uint64_t seed = 0x5DEECE66Dull;
    unsigned differ = 0;
    for (unsigned t = 0; t < 60; t++) {
        wf_config c;
        unsigned S;
        gen_config(&seed, &c, &S);
        wf_program p;
        gen_program(&seed, &p, c.regs, S);
        uint32_t *mem = malloc(c.mem_words * sizeof *mem);
        for (unsigned i = 0; i < c.mem_words; i++) mem[i] = (uint32_t)rng_next(&seed);
        char what[64];
        snprintf(what, sizeof what, "random program %u", t);
        differ += alloc_stage_compare(&c, &p, mem, what) > 0;
        free(mem);
        wf_program_free(&p);
    }
    ck_assert_uint_gt(differ, 10); /* the option is exercised, not idle (23 of 60 when written) */
}
END_TEST


static void set_handoff_stage(wf_config *c, unsigned v) { c->handoff_stage = v; }
static void set_fill_stage(wf_config *c, unsigned v) { c->fill_stage = v; }

/* §5.6, §6.5: in loop modes 1 and 2 the option set changes nothing: every
 * record of the §13.1 run and of random programs is equal with 0 and 1. */
static void no_effect_modes_1_2(void (*set)(wf_config *, unsigned))
{
    uint64_t seed = 0xA5A5F00Dull;
    unsigned cycles = 0;
    for (unsigned t = 0; t < 21; t++) {
        wf_config c;
        wf_program p;
        char err[512];
        uint32_t *mem = NULL;
        if (t == 0) {
            wf_config_default(&c);
            options_of_source(&c, seed_naive_s);
            ck_assert_msg(wf_assemble("t.s", seed_naive_s, c.regs, &p, err, sizeof err) == 0, "%s", err);
        } else {
            unsigned S;
            gen_config(&seed, &c, &S);
            c.loops = 1 + t % 2;
            gen_program(&seed, &p, c.regs, S);
            mem = malloc(c.mem_words * sizeof *mem);
            for (unsigned i = 0; i < c.mem_words; i++) mem[i] = (uint32_t)rng_next(&seed);
        }
        wf_model *m[2];
        for (unsigned k = 0; k < 2; k++) {
            wf_config ck = c;
            set(&ck, k);
            m[k] = wf_model_create(&ck, err, sizeof err);
            ck_assert_msg(m[k] != NULL, "%s", err);
            ck_assert_msg(wf_model_load(m[k], &p, mem, err, sizeof err) == 0, "%s", err);
        }
        while (!wf_model_done(m[0]) || !wf_model_done(m[1])) {
            ck_assert_msg(wf_model_cycle(m[0]) < 2000000, "program %u: not done", t);
            wf_model_step(m[0]);
            wf_model_step(m[1]);
            ck_assert_msg(memcmp(wf_model_obs(m[0]), wf_model_obs(m[1]), sizeof(wf_obs)) == 0,
                          "program %u (loops %u) cycle %llu: the records differ", t, c.loops,
                          (unsigned long long)wf_model_cycle(m[0]));
            cycles++;
        }
        wf_model_destroy(m[0]);
        wf_model_destroy(m[1]);
        wf_program_free(&p);
        free(mem);
    }
    ck_assert_uint_gt(cycles, 1000);
}

START_TEST(handoff_stage_modes_1_2) { no_effect_modes_1_2(set_handoff_stage); }
END_TEST

START_TEST(fill_stage_modes_1_2) { no_effect_modes_1_2(set_fill_stage); }
END_TEST


/* §6.5: every CU read granted in cycle c (bank event: cu u, slot s) keeps
 * slot s pending in c+1 and no bank reads it again in c+1; it is filled at
 * the end of c+1 (clear in c+2 while u still holds the instruction). With
 * fill_stage = 0 (lag 0) the slot is clear in c+1 already. Returns the
 * number of CU reads seen. */
static unsigned check_fill_reads(const run_t *r, unsigned banks, unsigned collectors, unsigned lag)
{
    unsigned n = 0;
    for (uint64_t c = 0; c + 2 < r->n; c++)
        for (unsigned b = 0; b < banks; b++) {
            const wf_obs_bank *k = &at(r, c)->bank[b];
            if (k->kind != WF_BANK_READ || k->cu >= collectors) continue;
            const unsigned u = k->cu, s = k->slot;
            const wf_obs_cu *now = &at(r, c)->cu[u];
            ck_assert_msg(now->valid && now->warp == k->warp && (now->pending >> s & 1u),
                          "cycle %llu: read for CU %u slot %u, which is not pending", (unsigned long long)c, u, s);
            const wf_obs_cu *nx = &at(r, c + 1 + lag)->cu[u];
            const int same = nx->valid && nx->warp == now->warp && nx->pc == now->pc;
            ck_assert_msg(!same || !(nx->pending >> s & 1u), "cycle %llu: CU %u slot %u still pending",
                          (unsigned long long)c + 1 + lag, u, s);
            if (lag) {
                ck_assert_msg(at(r, c + 1)->cu[u].pending >> s & 1u,
                              "cycle %llu: CU %u slot %u filled a cycle early", (unsigned long long)c + 1, u, s);
                for (unsigned b2 = 0; b2 < banks; b2++) {
                    const wf_obs_bank *k2 = &at(r, c + 1)->bank[b2];
                    ck_assert_msg(!(k2->kind == WF_BANK_READ && k2->cu == u && k2->slot == s),
                                  "cycle %llu: CU %u slot %u granted twice", (unsigned long long)c + 1, u, s);
                }
            }
            n++;
        }
    return n;
}

/* §6.5 on §13.2: the table of §13.5. Each read fills its slots a cycle after
 * the grant, so the first four adds dispatch and write back a cycle later;
 * w0:i2, decoded in 13, sees w0:i1's entry (released in 14) and issues in 15. */
START_TEST(seed_swizzle_table_fill_stage)
{
    wf_config c;
    wf_config_default(&c);
    options_of_source(&c, seed_swizzle_s);
    c.fill_stage = 1;
    run_t r;
    run_src(&r, &c, seed_swizzle_s, NULL);
    check_seed_fetch(&r);
    static const row_t rows[] = {
        {10, "w0:pc0", {"", "", "", ""}},
        {11, "w1:pc0", {"", "R w0.r5", "R w0.r2", ""}},
        {12, "w2:pc0", {"", "", "R w1.r5", "R w1.r2"}},
        {13, "w3:pc0", {"R w2.r2", "", "", "R w2.r5"}},
        {14, "", {"R w3.r5", "W w0.r1", "", ""}},
        {15, "w0:pc1", {"", "R w3.r2", "W w1.r1", ""}},
        {16, "w1:pc1", {"", "R w0.r1", "", "W w2.r1"}},
        {17, "w2:pc1", {"R w1.r3", "", "R w1.r1", "R w0.r3"}},
        {18, "w0:pc2", {"W w3.r1", "R w2.r3", "", "R w0.r7"}},
        {19, "w1:pc2", {"R w1.r7", "R w2.r7", "", "R w2.r1"}},
        {20, "w2:pc2", {"", "", "", ""}},
        {21, "w3:pc1", {"", "", "", ""}},
        {22, "w3:pc2", {"R w3.r1", "", "R w3.r3", ""}},
        {23, "", {"", "", "R w3.r7", ""}},
    };
    check_rows(&r, rows, sizeof rows / sizeof rows[0]);
    ck_assert_uint_eq(check_fill_reads(&r, 4, c.collectors, 1), 20);
    /* the first add of w0 (reads granted in 11) dispatches in 13, not 12 */
    ck_assert_uint_eq(at(&r, 12)->dispatch[WF_UNIT_ALU - 1].valid, 0);
    ck_assert_uint_eq(at(&r, 13)->dispatch[WF_UNIT_ALU - 1].valid, 1);
    ck_assert_uint_eq(at(&r, 13)->dispatch[WF_UNIT_ALU - 1].warp, 0);
    ck_assert_uint_eq(at(&r, 14)->warp[0].hazard, WF_HZ_DEPENDENCY);
    assert_functional(&r);
    ck_assert_uint_eq(r.n, 30);
    run_free(&r);
    /* with every pipeline option (the FPGA builds' setting), the second §13.5 table */
    c.decode_stage = c.alloc_stage = c.handoff_stage = 1;
    run_src(&r, &c, seed_swizzle_s, NULL);
    static const row_t piped[] = {
        {11, "w0:pc0", {"", "", "", ""}},
        {12, "w1:pc0", {"", "", "", ""}},
        {13, "w2:pc0", {"", "R w0.r5", "R w0.r2", ""}},
        {14, "w3:pc0", {"", "", "R w1.r5", "R w1.r2"}},
        {15, "", {"R w2.r2", "", "", "R w2.r5"}},
        {16, "", {"R w3.r5", "W w0.r1", "", ""}},
        {17, "w0:pc1", {"", "R w3.r2", "W w1.r1", ""}},
        {18, "w1:pc1", {"", "", "", "W w2.r1"}},
        {19, "w2:pc1", {"", "R w0.r1", "", "R w0.r3"}},
        {20, "w0:pc2", {"W w3.r1", "", "R w1.r1", "R w0.r7"}},
        {21, "w1:pc2", {"R w1.r3", "R w2.r3", "", "R w2.r1"}},
        {22, "w2:pc2", {"R w1.r7", "R w2.r7", "", ""}},
        {23, "w3:pc1", {"", "", "", ""}},
        {24, "w3:pc2", {"", "", "", ""}},
        {25, "", {"R w3.r1", "", "R w3.r3", ""}},
        {26, "", {"W w0.r4", "", "R w3.r7", ""}},
    };
    check_rows(&r, piped, sizeof piped / sizeof piped[0]);
    ck_assert_uint_eq(check_fill_reads(&r, 4, c.collectors, 1), 20);
    ck_assert_uint_eq(r.n, 33);
    assert_functional(&r);
    run_free(&r);
    /* the same check sees fill_stage = 0's timing as lag 0 */
    c.decode_stage = c.alloc_stage = c.handoff_stage = 0;
    c.fill_stage = 0;
    run_src(&r, &c, seed_swizzle_s, NULL);
    ck_assert_uint_eq(check_fill_reads(&r, 4, c.collectors, 0), 20);
    run_free(&r);
}
END_TEST

/* Runs n random programs and configurations (those of random_sweep, then
 * set), each checked by check and against the functional interpreter;
 * returns the sum of what check returned. */
static unsigned random_option_runs(uint64_t seed, unsigned n, void (*set)(wf_config *),
                                   unsigned (*check)(const run_t *))
{
    unsigned sum = 0;
    for (unsigned t = 0; t < n; t++) {
        wf_config c;
        unsigned S;
        gen_config(&seed, &c, &S);
        set(&c);
        if (c.war == WF_WAR_NONE) c.war = WF_WAR_BLOOM;
        wf_program p;
        gen_program(&seed, &p, c.regs, S);
        uint32_t *mem = malloc(c.mem_words * sizeof *mem);
        for (unsigned i = 0; i < c.mem_words; i++) mem[i] = (uint32_t)rng_next(&seed);
        run_t r;
        run_prog(&r, &c, &p, mem);
        sum += check(&r);
        assert_functional(&r);
        run_free(&r);
        free(mem);
    }
    return sum;
}

static void fill_stage_mode3(wf_config *c)
{
    c->loops = 3;
    c->fill_stage = 1;
}
static unsigned fill_reads_lag1(const run_t *r) { return check_fill_reads(r, r->cfg.banks, r->cfg.collectors, 1); }

/* §6.5 on random programs and configurations in loop mode 3: the read/fill
 * lag holds in every run, and the final state is the functional one. */
START_TEST(fill_stage_random)
{
    ck_assert_uint_gt(random_option_runs(0xF111574Eull, 40, fill_stage_mode3, fill_reads_lag1), 1000);
}
END_TEST

/* §5.7 on a run with ready_stage = 1: every warp whose head met the
 * per-warp items of §5.1 in cycle c-1 (hazard_mask without them), did not
 * issue in c-1 and, with handoff_stage in loop mode 3, was not in IH in c-1
 * (did not issue into a CU in c-2, §5.6) meets them in c (every eligible
 * head is ready); an issued head is ready; no warp issues in two consecutive
 * cycles. Returns the cycles in which a ready head was passed over for not
 * being eligible. */
static unsigned check_ready_stage(const run_t *r, unsigned warps)
{
    const unsigned pw = 1u << WF_HZ_NO_HEAD | 1u << WF_HZ_WAIT_LSU | 1u << WF_HZ_DEPENDENCY |
                        1u << WF_HZ_SB_FULL | 1u << WF_HZ_INFLIGHT | 1u << WF_HZ_WAR |
                        1u << WF_HZ_MEM_ORDER;
    const int handoff = r->cfg.handoff_stage && r->cfg.loops == 3;
    unsigned passed = 0;
    int last = -1, last_cu = -1, ih = -1; /* issued in c-1; into a CU in c-1; IH in c-1 */
    for (uint64_t c = 0; c < r->n; c++) {
        const wf_obs *o = at(r, c);
        const int own = o->issue.valid && !(o->issue.replay && o->issue.unit == WF_OBS_NONE);
        if (o->issue.valid) {
            ck_assert_msg(o->warp[o->issue.warp].hazard == WF_HZ_READY,
                          "cycle %llu: warp %u issued with hazard %u", (unsigned long long)c,
                          o->issue.warp, o->warp[o->issue.warp].hazard);
            ck_assert_msg((int)o->issue.warp != last || !own, "cycle %llu: warp %u issued twice in a row",
                          (unsigned long long)c, o->issue.warp);
        }
        if (c > 0)
            for (unsigned w = 0; w < warps; w++)
                if (!(at(r, c - 1)->warp[w].hazard_mask & pw) && (int)w != last && (int)w != ih)
                    ck_assert_msg(!(o->warp[w].hazard_mask & pw),
                                  "cycle %llu: warp %u eligible but its head fails (mask 0x%x)",
                                  (unsigned long long)c, w, o->warp[w].hazard_mask);
        if (!o->issue.valid && !o->stall)
            for (unsigned w = 0; w < warps; w++) passed += o->warp[w].hazard == WF_HZ_READY;
        ih = handoff ? last_cu : -1; /* for cycle c+1: IH in c held the CU issue of c-1 */
        last = own ? (int)o->issue.warp : -1;
        last_cu = own && o->issue.unit < r->cfg.collectors ? (int)o->issue.warp : -1;
    }
    return passed;
}

/* §5.7 on §13.2: the first table of §13.6. Every head issues a cycle after
 * it is ready: w0:i1 in 11, w0:i2 (ready in 15, after the release of 14) in
 * 16. */
START_TEST(seed_swizzle_table_ready_stage)
{
    wf_config c;
    wf_config_default(&c);
    options_of_source(&c, seed_swizzle_s);
    c.ready_stage = 1;
    run_t r;
    run_src(&r, &c, seed_swizzle_s, NULL);
    check_seed_fetch(&r);
    static const row_t rows[] = {
        {10, "", {"", "", "", ""}},
        {11, "w0:pc0", {"", "", "", ""}},
        {12, "w1:pc0", {"", "R w0.r5", "R w0.r2", ""}},
        {13, "w2:pc0", {"", "", "R w1.r5", "R w1.r2"}},
        {14, "w3:pc0", {"R w2.r2", "W w0.r1", "", "R w2.r5"}},
        {15, "", {"R w3.r5", "R w3.r2", "W w1.r1", ""}},
        {16, "w0:pc1", {"", "", "", "W w2.r1"}},
        {17, "w1:pc1", {"W w3.r1", "R w0.r1", "", "R w0.r3"}},
        {18, "w2:pc1", {"R w1.r3", "", "R w1.r1", "R w0.r7"}},
        {19, "w3:pc1", {"R w1.r7", "R w2.r3", "", "R w2.r1"}},
        {20, "w0:pc2", {"R w3.r1", "R w2.r7", "R w3.r3", ""}},
        {21, "w1:pc2", {"", "", "R w3.r7", ""}},
        {22, "w2:pc2", {"", "", "", ""}},
        {23, "w3:pc2", {"W w0.r4", "", "", ""}},
    };
    check_rows(&r, rows, sizeof rows / sizeof rows[0]);
    ck_assert_uint_eq(r.n, 27);
    ck_assert_uint_eq(at(&r, 10)->warp[0].hazard, WF_HZ_READY); /* ready, not yet eligible */
    ck_assert_uint_eq(at(&r, 15)->warp[0].hazard, WF_HZ_READY);
    ck_assert_uint_gt(check_ready_stage(&r, c.warps), 0);
    assert_functional(&r);
    run_free(&r);
    /* with every pipeline option, the second §13.6 table */
    c.decode_stage = c.alloc_stage = c.handoff_stage = c.fill_stage = 1;
    run_src(&r, &c, seed_swizzle_s, NULL);
    static const row_t piped[] = {
        {12, "w0:pc0", {"", "", "", ""}},
        {13, "w1:pc0", {"", "", "", ""}},
        {14, "w2:pc0", {"", "R w0.r5", "R w0.r2", ""}},
        {15, "w3:pc0", {"", "", "R w1.r5", "R w1.r2"}},
        {16, "", {"R w2.r2", "", "", "R w2.r5"}},
        {17, "", {"R w3.r5", "W w0.r1", "", ""}},
        {18, "", {"", "R w3.r2", "W w1.r1", ""}},
        {19, "w0:pc1", {"", "", "", "W w2.r1"}},
        {20, "w1:pc1", {"", "", "", ""}},
        {21, "w2:pc1", {"W w3.r1", "R w0.r1", "", "R w0.r3"}},
        {22, "w0:pc2", {"R w1.r3", "", "R w1.r1", "R w0.r7"}},
        {23, "w1:pc2", {"R w1.r7", "R w2.r3", "", "R w2.r1"}},
        {24, "w2:pc2", {"", "R w2.r7", "", ""}},
        {25, "w3:pc1", {"", "", "", ""}},
        {26, "", {"", "", "", ""}},
        {27, "", {"R w3.r1", "", "R w3.r3", ""}},
        {28, "w3:pc2", {"W w0.r4", "", "R w3.r7", ""}},
    };
    check_rows(&r, piped, sizeof piped / sizeof piped[0]);
    ck_assert_uint_eq(r.n, 35);
    /* w3:exit waits for w3:i2 to leave IH (§5.7 condition 2): ready in 27, eligible in 28 */
    ck_assert_uint_eq(at(&r, 27)->warp[3].hazard, WF_HZ_READY);
    check_ready_stage(&r, c.warps);
    assert_functional(&r);
    run_free(&r);
    /* §13.6 on §13.1: one cycle later from the first issue, 28 cycles */
    wf_config cn;
    wf_config_default(&cn);
    options_of_source(&cn, seed_naive_s);
    cn.ready_stage = 1;
    run_src(&r, &cn, seed_naive_s, NULL);
    ck_assert_uint_eq(r.n, 28);
    ck_assert_int_eq(issue_cycle(&r, 0, 0, 0), 11);
    ck_assert_uint_eq(at(&r, 10)->warp[0].hazard, WF_HZ_READY);
    check_ready_stage(&r, cn.warps);
    assert_functional(&r);
    run_free(&r);
    /* the check sees ready_stage = 0 issue a warp twice in a row (one warp) */
    wf_config one = base_cfg();
    run_src(&r, &one, "movi r1 <- 1\nmovi r2 <- 2\nexit\n", NULL);
    ck_assert_int_eq(issue_cycle(&r, 0, 1, 0), issue_cycle(&r, 0, 0, 0) + 1);
    run_free(&r);
    one.ready_stage = 1;
    run_src(&r, &one, "movi r1 <- 1\nmovi r2 <- 2\nexit\n", NULL);
    ck_assert_int_eq(issue_cycle(&r, 0, 1, 0), issue_cycle(&r, 0, 0, 0) + 2);
    check_ready_stage(&r, one.warps);
    run_free(&r);
}
END_TEST

static void ready_stage_on(wf_config *c) { c->ready_stage = 1; }
static unsigned ready_stage_passed(const run_t *r) { return check_ready_stage(r, r->cfg.warps); }

/* §5.7 on random programs and configurations (every loop mode): the
 * eligibility invariants hold every cycle and the final state is the
 * functional one; some ready heads are passed over. */
START_TEST(ready_stage_random)
{
    ck_assert_uint_gt(random_option_runs(0x4EAD57A6Eull, 40, ready_stage_on, ready_stage_passed), 100);
}
END_TEST

int main(void)
{
    seed_naive_s = read_example("sim/examples/seed_naive.s");
    seed_swizzle_s = read_example("sim/examples/seed_swizzle.s");
    Suite *s = suite_create("cycle");
    TCase *ex = tcase_create("examples"), *sb = tcase_create("scoreboard"),
          *bk = tcase_create("banks"), *hz = tcase_create("hazards"), *fe = tcase_create("fetch"),
          *mo = tcase_create("modes"), *wr = tcase_create("war"), *api = tcase_create("api"),
          *rnd_tc = tcase_create("random");
    tcase_add_test(ex, seed_naive_table);
    tcase_add_test(ex, seed_swizzle_table);
    tcase_add_test(ex, seed_naive_table_decode_stage);
    tcase_add_test(ex, seed_swizzle_table_decode_stage);
    tcase_add_test(fe, decode_stage_one_warp);
    tcase_add_test(ex, alloc_stage_tables);
    tcase_add_test(sb, alloc_stage_gap_closing);
    tcase_add_test(rnd_tc, alloc_stage_random);
    tcase_add_test(ex, seed_swizzle_table_handoff_stage);
    tcase_add_test(ex, seed_swizzle_handoff_pipelined);
    tcase_add_test(mo, handoff_stage_modes_1_2);
    tcase_add_test(wr, handoff_stage_war_terms);
    tcase_add_test(ex, seed_swizzle_table_fill_stage);
    tcase_add_test(mo, fill_stage_modes_1_2);
    tcase_add_test(rnd_tc, fill_stage_random);
    tcase_add_test(ex, seed_swizzle_table_ready_stage);
    tcase_add_test(rnd_tc, ready_stage_random);
    tcase_add_test(ex, trace_format);
    tcase_add_test(sb, scoreboard_set_at_decode_cleared_at_writeback);
    tcase_add_test(sb, scoreboard_gap_closing);
    tcase_add_test(sb, scoreboard_full_entry_stall);
    tcase_add_test(sb, scoreboard_waw);
    tcase_add_test(bk, bank_mappings);
    tcase_add_test(bk, bank_conflict_serializes);
    tcase_add_test(bk, writes_beat_reads);
    tcase_add_test(bk, writeback_priority);
    tcase_add_test(hz, collector_exhaustion_replay_and_stall);
    tcase_add_test(hz, split_load_replay);
    tcase_add_test(hz, split_load_stall);
    tcase_add_test(hz, store_highest_lane_wins_and_memory_order);
    tcase_add_test(fe, mshr_full_and_refill);
    tcase_add_test(fe, branch_resolution);
    tcase_add_test(fe, refill_priority);
    tcase_add_test(mo, lrr_vs_gto);
    tcase_add_test(mo, loop_modes_same_state_different_cycles);
    tcase_add_test(wr, war_none_breaks);
    tcase_add_test(wr, war_inorder);
    tcase_add_test(wr, war_warpboard_commit);
    tcase_add_test(wr, war_warpboard_read);
    tcase_add_test(wr, war_bloom);
    tcase_add_test(api, api_errors);
    tcase_add_test(api, models_are_independent);
    tcase_add_test(api, large_config);
    tcase_add_test(rnd_tc, random_sweep);
    tcase_set_timeout(api, 120);
    tcase_set_timeout(rnd_tc, 600);
    suite_add_tcase(s, ex);
    suite_add_tcase(s, sb);
    suite_add_tcase(s, bk);
    suite_add_tcase(s, hz);
    suite_add_tcase(s, fe);
    suite_add_tcase(s, mo);
    suite_add_tcase(s, wr);
    suite_add_tcase(s, api);
    suite_add_tcase(s, rnd_tc);
    return wf_run_suite(s);
}
