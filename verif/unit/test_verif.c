/* Verification library (verif/): the lockstep comparator against real C-model
 * records (every field family mutated, unused fields ignored, identical runs
 * equal, report contents, speed) and the constrained-random generator (300
 * seeds x random configurations against the interpreter, determinism, knob
 * effects measured through wf_stats). */
#define _POSIX_C_SOURCE 200809L /* open_memstream, clock_gettime */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "warpfront.h"
#include "wf_check.h"
#include "wf_compare.h"
#include "wf_gen.h"

/* ---- helpers ---------------------------------------------------------------- */

typedef struct {
    wf_config cfg;
    wf_program prog;
    wf_model *m;
    wf_obs *rec;
    uint64_t n;
} run_t;

static void gen_or_die(uint64_t seed, const wf_gen_knobs *k, wf_program *p, wf_gen_info *info)
{
    char err[256];
    ck_assert_msg(wf_gen_program(seed, k, p, info, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(wf_program_check(p, k->regs, err, sizeof err) == NULL, "seed %" PRIu64 ": %s",
                  seed, err);
}

/* Runs prog on cfg to done, recording every cycle's record when rec != 0. */
static void run_prog(run_t *r, const wf_config *cfg, const wf_program *prog, int rec)
{
    char err[512];
    memset(r, 0, sizeof *r);
    r->cfg = *cfg;
    r->prog = *prog;
    r->m = wf_model_create(cfg, err, sizeof err);
    ck_assert_msg(r->m != NULL, "%s", err);
    ck_assert_msg(wf_model_load(r->m, prog, NULL, err, sizeof err) == 0, "%s", err);
    size_t cap = 0;
    while (!wf_model_done(r->m)) {
        ck_assert_msg(r->n < 200000, "not done after 200000 cycles");
        wf_model_step(r->m);
        if (rec) {
            if (r->n == cap) {
                cap = cap ? cap * 2 : 512;
                r->rec = realloc(r->rec, cap * sizeof *r->rec);
                ck_assert_ptr_nonnull(r->rec);
            }
            r->rec[r->n] = *wf_model_obs(r->m);
        }
        r->n++;
    }
}

static void run_free(run_t *r)
{
    wf_model_destroy(r->m);
    free(r->rec);
    memset(r, 0, sizeof *r);
}

/* A kernel with everything in it, for the comparator tests. */
static void comparator_run(run_t *r, const wf_config *cfg, wf_program *prog, uint64_t seed)
{
    wf_gen_knobs k;
    wf_gen_default(&k);
    wf_gen_target(&k, cfg);
    k.length = 120;
    k.split = 3;
    k.bank_bias = 50;
    k.war_bias = 20;
    k.loop_density = 40;
    k.branch_density = 40;
    gen_or_die(seed, &k, prog, NULL);
    run_prog(r, cfg, prog, 1);
}

static wf_config cmp_cfg(unsigned war, unsigned loops, unsigned hazard)
{
    wf_config c;
    wf_config_default(&c);
    c.warps = 4; /* < 64: unused warp entries exist */
    c.lanes = 8;
    c.sb_entries = 4;
    c.ibuf = 2;
    c.banks = 4;
    c.collectors = 2;
    c.bloom_bits = 16;
    c.war = war;
    c.loops = loops;
    c.hazard = hazard;
    return c;
}

static unsigned ncases;

static void expect_diff(const wf_config *cfg, const wf_obs *e, const wf_obs *a, const char *path,
                        uint64_t ev, uint64_t av)
{
    wf_cmp_diff d;
    memset(&d, 0x5A, sizeof d);
    ck_assert_msg(wf_cmp_obs(cfg, e, a, &d) == 1, "mutation of %s not reported", path);
    ck_assert_int_eq(d.differs, 1);
    ck_assert_str_eq(d.path, path);
    ck_assert_msg(d.expected == ev && d.actual == av, "%s: expected/actual %" PRIu64 "/%" PRIu64
                  ", want %" PRIu64 "/%" PRIu64, path, d.expected, d.actual, ev, av);
    ck_assert_uint_eq(d.cycle, e->cycle);
    ncases++;
}

static void expect_equal(const wf_config *cfg, const wf_obs *e, const wf_obs *a, const char *what)
{
    wf_cmp_diff d;
    int r = wf_cmp_obs(cfg, e, a, &d);
    ck_assert_msg(r == 0 && d.differs == 0, "unused field %s reported as %s", what, d.path);
    ncases++;
}

/* Finds the first record satisfying COND (which may set the index variables it
 * names), copies it to *m, and leaves ob pointing at the original. */
#define FIND(R, COND)                                                   \
    const wf_obs *ob = NULL;                                            \
    for (uint64_t c_ = 0; c_ < (R)->n && !ob; c_++) {                    \
        const wf_obs *o = &(R)->rec[c_];                                \
        if (COND) ob = o;                                               \
    }                                                                   \
    ck_assert_msg(ob != NULL, "no cycle with %s", #COND);               \
    *m = *ob

static char path[64];
#define P(...) (snprintf(path, sizeof path, __VA_ARGS__), path)

static int pick_bank(const wf_obs *o, const wf_config *c, unsigned kind, unsigned *b)
{
    for (*b = 0; *b < c->banks; (*b)++)
        if (o->bank[*b].kind == kind) return 1;
    return 0;
}
static int pick_cu(const wf_obs *o, const wf_config *c, unsigned *u, int want_pending)
{
    for (*u = 0; *u < c->collectors; (*u)++)
        if (o->cu[*u].valid && (!want_pending || o->cu[*u].pending)) return 1;
    return 0;
}
static int pick_sb(const wf_obs *o, const wf_config *c, unsigned *w, unsigned *e)
{
    for (*w = 0; *w < c->warps; (*w)++)
        for (*e = 0; *e < c->sb_entries; (*e)++)
            if (o->warp[*w].sb[*e].valid) return 1;
    return 0;
}
static int pick_dep(const wf_obs *o, const wf_config *c, unsigned *w, unsigned *i)
{
    for (*w = 0; *w < c->warps; (*w)++)
        for (*i = 0; *i < c->ibuf; (*i)++)
            if (o->warp[*w].ibuf[*i].valid && o->warp[*w].ibuf[*i].dep) return 1;
    return 0;
}
static int pick_wb(const wf_obs *o, unsigned *x, int partial, unsigned lanes)
{
    uint32_t full = lanes >= 32 ? 0xFFFFFFFFu : (1u << lanes) - 1;
    for (*x = 0; *x < WF_NUNITS; (*x)++)
        if (o->wb[*x].valid && o->wb[*x].lanes && (!partial || o->wb[*x].lanes != full)) return 1;
    return 0;
}
static int pick_warp(const wf_obs *o, const wf_config *c, unsigned *w, int what)
{
    for (*w = 0; *w < c->warps; (*w)++) {
        const wf_obs_warp *ww = &o->warp[*w];
        if (what == 0 && ww->filter) return 1;
        if (what == 1 && ww->collecting) return 1;
        if (what == 2 && ww->inflight) return 1;
    }
    return 0;
}

/* ---- (a) the comparator ------------------------------------------------------------- */

START_TEST(comparator_field_families)
{
    wf_obs mm, *m = &mm;
    unsigned w = 0, e = 0, i = 0, b = 0, u = 0, x = 0, l = 0;
    wf_program pa, pb, pc, pd;
    run_t A, Bs, C, D;
    ncases = 0;
    /* A: inorder, replay, loop mode 3 */
    wf_config ca = cmp_cfg(WF_WAR_INORDER, 3, WF_HAZARD_REPLAY);
    comparator_run(&A, &ca, &pa, 11);
    {
        FIND(&A, o->cycle == 5);
        m->cycle = 6;
        expect_diff(&ca, ob, m, "cycle", 5, 6);
    }
    {
        FIND(&A, o->fetch.valid && o->fetch.pc > 0);
        m->fetch.pc ^= 1;
        expect_diff(&ca, ob, m, "fetch.pc", ob->fetch.pc, m->fetch.pc);
    }
    {
        FIND(&A, o->fill.valid);
        m->fill.line += 3;
        expect_diff(&ca, ob, m, "fill.line", ob->fill.line, m->fill.line);
    }
    {
        FIND(&A, o->warp[2].fetch_pc);
        m->warp[2].fetch_pc++;
        expect_diff(&ca, ob, m, "warp[2].fetch_pc", ob->warp[2].fetch_pc, m->warp[2].fetch_pc);
    }
    {
        FIND(&A, pick_sb(o, &ca, &w, &e));
        m->warp[w].sb[e].valid = 0;
        expect_diff(&ca, ob, m, P("warp[%u].sb[%u].valid", w, e), 1, 0);
        *m = *ob;
        m->warp[w].sb[e].reg ^= 1;
        expect_diff(&ca, ob, m, P("warp[%u].sb[%u].reg", w, e), ob->warp[w].sb[e].reg,
                    m->warp[w].sb[e].reg);
    }
    {
        FIND(&A, pick_dep(o, &ca, &w, &i));
        m->warp[w].ibuf[i].dep ^= 1;
        expect_diff(&ca, ob, m, P("warp[%u].ibuf[%u].dep", w, i), ob->warp[w].ibuf[i].dep,
                    m->warp[w].ibuf[i].dep);
        *m = *ob;
        m->warp[w].ibuf[i].dep |= 1u << ca.sb_entries; /* beyond sb_entries: unused bit */
        expect_equal(&ca, ob, m, "dep bit >= sb_entries");
    }
    {
        FIND(&A, o->warp[1].ibuf[1].valid);
        m->warp[1].ibuf[1].pc += 2;
        expect_diff(&ca, ob, m, "warp[1].ibuf[1].pc", ob->warp[1].ibuf[1].pc, m->warp[1].ibuf[1].pc);
        *m = *ob;
        m->warp[1].ibuf[1].lanes_left ^= 1u << 3;
        expect_diff(&ca, ob, m, "warp[1].ibuf[1].lanes_left", ob->warp[1].ibuf[1].lanes_left,
                    m->warp[1].ibuf[1].lanes_left);
        *m = *ob;
        m->warp[1].ibuf[1].lanes_left ^= 1u << ca.lanes; /* lane >= lanes */
        expect_equal(&ca, ob, m, "lanes_left bit >= lanes");
        *m = *ob;
        m->warp[1].hazard ^= 3;
        expect_diff(&ca, ob, m, "warp[1].hazard", ob->warp[1].hazard, m->warp[1].hazard);
        ck_assert_int_eq(wf_cmp_obs_flags(&ca, ob, m, WF_CMP_NO_HAZARD, NULL), 0);
    }
    {
        FIND(&A, pick_warp(o, &ca, &w, 2));
        m->warp[w].inflight++;
        expect_diff(&ca, ob, m, P("warp[%u].inflight", w), ob->warp[w].inflight,
                    m->warp[w].inflight);
        *m = *ob;
        m->warp[w].filter = 0xF0F0; /* bloom state under inorder: not compared */
        m->warp[w].collecting = 1;
        expect_equal(&ca, ob, m, "filter/collecting under war=inorder");
    }
    {
        FIND(&A, o->issue.valid && o->issue.unit != WF_OBS_NONE);
        m->issue.replay ^= 1;
        expect_diff(&ca, ob, m, "issue.replay", ob->issue.replay, m->issue.replay);
        *m = *ob;
        m->issue.sb_entry ^= 2;
        expect_diff(&ca, ob, m, "issue.sb_entry", ob->issue.sb_entry, m->issue.sb_entry);
    }
    {
        FIND(&A, o->issue.valid && o->issue.replay);
        m->issue.replay = 0;
        expect_diff(&ca, ob, m, "issue.replay", 1, 0);
    }
    {
        FIND(&A, pick_bank(o, &ca, WF_BANK_READ, &b));
        m->bank[b].kind = WF_BANK_WRITE;
        expect_diff(&ca, ob, m, P("bank[%u].kind", b), WF_BANK_READ, WF_BANK_WRITE);
        *m = *ob;
        m->bank[b].warp ^= 1;
        expect_diff(&ca, ob, m, P("bank[%u].warp", b), ob->bank[b].warp, m->bank[b].warp);
        *m = *ob;
        m->bank[b].reg ^= 4;
        expect_diff(&ca, ob, m, P("bank[%u].reg", b), ob->bank[b].reg, m->bank[b].reg);
        *m = *ob;
        m->bank[b].cu ^= 1;
        expect_diff(&ca, ob, m, P("bank[%u].cu", b), ob->bank[b].cu, m->bank[b].cu);
        *m = *ob;
        m->bank[b].slot ^= 1;
        expect_diff(&ca, ob, m, P("bank[%u].slot", b), ob->bank[b].slot, m->bank[b].slot);
        *m = *ob;
        m->bank[ca.banks].kind = WF_BANK_READ; /* bank >= banks */
        m->bank[ca.banks].warp = 3;
        expect_equal(&ca, ob, m, "bank >= banks");
    }
    {
        FIND(&A, pick_bank(o, &ca, WF_BANK_WRITE, &b));
        m->bank[b].unit = m->bank[b].unit == WF_UNIT_ALU ? WF_UNIT_MUL : WF_UNIT_ALU;
        expect_diff(&ca, ob, m, P("bank[%u].unit", b), ob->bank[b].unit, m->bank[b].unit);
    }
    {
        FIND(&A, pick_cu(o, &ca, &u, 1));
        m->cu[u].valid = 0;
        expect_diff(&ca, ob, m, P("cu[%u].valid", u), 1, 0);
        *m = *ob;
        m->cu[u].pending ^= 1;
        expect_diff(&ca, ob, m, P("cu[%u].pending", u), ob->cu[u].pending, m->cu[u].pending);
        *m = *ob;
        m->cu[u].ready ^= 1;
        expect_diff(&ca, ob, m, P("cu[%u].ready", u), ob->cu[u].ready, m->cu[u].ready);
        *m = *ob;
        m->cu[u].older ^= 1; /* bit 0 < collectors */
        expect_diff(&ca, ob, m, P("cu[%u].older", u), ob->cu[u].older, m->cu[u].older);
        *m = *ob;
        m->cu[u].older ^= 1u << ca.collectors; /* beyond collectors */
        expect_equal(&ca, ob, m, "older bit >= collectors");
        *m = *ob;
        m->cu[ca.collectors].valid = 1; /* CU >= collectors */
        m->cu[ca.collectors].pc = 9;
        m->sr.valid = 1; /* SR in loop mode 3 */
        expect_equal(&ca, ob, m, "cu >= collectors, sr in mode 3");
    }
    {
        FIND(&A, o->dispatch[2].valid);
        m->dispatch[2].cu ^= 1;
        expect_diff(&ca, ob, m, "dispatch[2].cu", ob->dispatch[2].cu, m->dispatch[2].cu);
        *m = *ob;
        m->dispatch[2].valid = 0;
        expect_diff(&ca, ob, m, "dispatch[2].valid", 1, 0);
    }
    {
        FIND(&A, o->piece.valid && !o->piece.last);
        m->piece.lanes ^= 1;
        expect_diff(&ca, ob, m, "piece.lanes", ob->piece.lanes, m->piece.lanes);
        *m = *ob;
        m->piece.last = 1;
        expect_diff(&ca, ob, m, "piece.last", 0, 1);
    }
    {
        FIND(&A, pick_wb(o, &x, 0, ca.lanes));
        l = (unsigned)__builtin_ctz(ob->wb[x].lanes);
        m->wb[x].data[l] ^= 0x80000000u;
        expect_diff(&ca, ob, m, P("wb[%u].data[%u]", x, l), ob->wb[x].data[l], m->wb[x].data[l]);
        *m = *ob;
        m->wb[x].release ^= 1;
        expect_diff(&ca, ob, m, P("wb[%u].release", x), ob->wb[x].release, m->wb[x].release);
        *m = *ob;
        m->wb[x].data[ca.lanes] = 0xDEAD; /* lane >= lanes */
        expect_equal(&ca, ob, m, "wb data of a lane >= lanes");
    }
    {
        FIND(&A, pick_wb(o, &x, 1, ca.lanes)); /* a ld piece: a partial lane mask */
        uint32_t outside = ~ob->wb[x].lanes & ((1u << ca.lanes) - 1);
        l = (unsigned)__builtin_ctz(outside);
        m->wb[x].data[l] = 0xBAD;
        expect_equal(&ca, ob, m, "wb data of a lane outside the mask");
        *m = *ob;
        m->wb[x].lanes |= 1u << l;
        expect_diff(&ca, ob, m, P("wb[%u].lanes", x), ob->wb[x].lanes, m->wb[x].lanes);
    }
    {
        FIND(&A, o->branch.valid);
        m->branch.target++;
        expect_diff(&ca, ob, m, "branch.target", ob->branch.target, m->branch.target);
        *m = *ob;
        m->branch.taken ^= 1;
        expect_diff(&ca, ob, m, "branch.taken", ob->branch.taken, m->branch.taken);
    }
    {
        FIND(&A, !o->done);
        m->done = 1;
        expect_diff(&ca, ob, m, "done", 0, 1);
        /* unused: a warp >= warps, sb entry >= sb_entries, slot >= ibuf, padding */
        *m = *ob;
        m->warp[ca.warps].fetch_pc = 77;
        m->warp[ca.warps].sb[0].valid = 1;
        m->warp[WF_MAX_WARPS - 1].exited = 1;
        m->warp[0].sb[ca.sb_entries].valid = 1;
        m->warp[0].sb[ca.sb_entries].reg = 5;
        m->warp[3].ibuf[ca.ibuf].valid = 1;
        m->warp[3].ibuf[ca.ibuf].pc = 12;
        expect_equal(&ca, ob, m, "warp >= warps, sb >= sb_entries, ibuf >= ibuf");
        *m = *ob;
        size_t pad = offsetof(wf_obs, fetch.kind) + 1;
        ck_assert_uint_lt(pad, offsetof(wf_obs, fetch.pc)); /* a padding byte */
        ((unsigned char *)m)[pad] ^= 0xFF;
        pad = offsetof(wf_obs, warp[1].ibuf[0].dep) + 1; /* padding before lanes_left */
        ck_assert_uint_lt(pad, offsetof(wf_obs, warp[1].ibuf[0].lanes_left));
        ((unsigned char *)m)[pad] ^= 0xFF;
        expect_equal(&ca, ob, m, "padding bytes");
        *m = *ob;
        m->sr.pending = 3;
        expect_equal(&ca, ob, m, "sr in loop mode 3");
    }

    /* B: bloom, stall mode */
    wf_config cb = cmp_cfg(WF_WAR_BLOOM, 3, WF_HAZARD_STALL);
    comparator_run(&Bs, &cb, &pb, 12);
    {
        FIND(&Bs, o->lsu_stall);
        m->lsu_stall = 0;
        expect_diff(&cb, ob, m, "lsu_stall", 1, 0);
    }
    {
        FIND(&Bs, o->stall == WF_STALL_LSU);
        m->stall = WF_STALL_NONE;
        expect_diff(&cb, ob, m, "stall", WF_STALL_LSU, WF_STALL_NONE);
    }
    {
        FIND(&Bs, pick_warp(o, &cb, &w, 0));
        unsigned bit = (unsigned)__builtin_ctzll(ob->warp[w].filter);
        m->warp[w].filter ^= 1ull << bit;
        expect_diff(&cb, ob, m, P("warp[%u].filter", w), ob->warp[w].filter, m->warp[w].filter);
        *m = *ob;
        m->warp[w].filter |= 1ull << 40; /* >= bloom_bits */
        expect_equal(&cb, ob, m, "filter bit >= bloom_bits");
        *m = *ob;
        for (unsigned k = 0; k < cb.collectors; k++) m->cu[k].older = 1; /* inorder state */
        expect_equal(&cb, ob, m, "older under war=bloom");
    }

    /* C: warpboard-read */
    wf_config cc = cmp_cfg(WF_WAR_WB_READ, 3, WF_HAZARD_REPLAY);
    comparator_run(&C, &cc, &pc, 13);
    {
        FIND(&C, pick_warp(o, &cc, &w, 1));
        m->warp[w].collecting = 0;
        expect_diff(&cc, ob, m, P("warp[%u].collecting", w), ob->warp[w].collecting, 0);
    }

    /* D: loop mode 2, the staging register */
    wf_config cd = cmp_cfg(WF_WAR_BLOOM, 2, WF_HAZARD_REPLAY);
    comparator_run(&D, &cd, &pd, 14);
    {
        FIND(&D, o->sr.valid && o->sr.pending);
        m->sr.pending ^= 1;
        expect_diff(&cd, ob, m, "sr.pending", ob->sr.pending, m->sr.pending);
        *m = *ob;
        m->sr.warp ^= 1;
        expect_diff(&cd, ob, m, "sr.warp", ob->sr.warp, m->sr.warp);
        *m = *ob;
        m->cu[0].valid = 1; /* CUs in mode 2 */
        m->cu[1].pending = 5;
        expect_equal(&cd, ob, m, "cu in loop mode 2");
    }
    {
        FIND(&D, pick_bank(o, &cd, WF_BANK_READ, &b));
        ck_assert_uint_eq(ob->bank[b].cu, WF_OBS_SR);
        m->bank[b].cu = 0;
        expect_diff(&cd, ob, m, P("bank[%u].cu", b), WF_OBS_SR, 0);
    }
    fprintf(stderr, "comparator: %u mutation / unused-field cases checked\n", ncases);
    ck_assert_uint_ge(ncases, 45);
    run_free(&A);
    run_free(&Bs);
    run_free(&C);
    run_free(&D);
    wf_program_free(&pa);
    wf_program_free(&pb);
    wf_program_free(&pc);
    wf_program_free(&pd);
}
END_TEST

START_TEST(comparator_identical_runs_and_report)
{
    wf_config c = cmp_cfg(WF_WAR_INORDER, 3, WF_HAZARD_REPLAY);
    wf_program p;
    run_t a, b;
    comparator_run(&a, &c, &p, 21);
    run_prog(&b, &c, &p, 1);
    ck_assert_uint_eq(a.n, b.n);
    wf_cmp_history *h = calloc(1, sizeof *h);
    wf_cmp_diff d;
    for (uint64_t k = 0; k < a.n; k++)
        ck_assert_msg(wf_cmp_step(&c, h, &a.rec[k], &b.rec[k], 0, &d) == 0,
                      "identical runs differ at cycle %" PRIu64 ": %s", k, d.path);
    ck_assert_uint_eq(h->count, a.n);
    /* final state: the model against the interpreter through wf_cmp_arch */
    wf_arch_state ms, fs;
    char err[256], diff[256];
    ck_assert_int_eq(wf_model_final_state(a.m, &ms), 0);
    ck_assert_msg(wf_functional_run(&c, &p, NULL, 1000000, &fs, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(wf_cmp_arch(&fs, &ms, diff, sizeof diff) == 0, "%s", diff);
    ms.reg[5] ^= 1;
    ck_assert_int_eq(wf_cmp_arch(&fs, &ms, diff, sizeof diff), 1);
    ck_assert_ptr_nonnull(strstr(diff, "warp 0 r0 lane 5"));
    ms.reg[5] ^= 1;
    ms.retired[2]++;
    ck_assert_int_eq(wf_cmp_arch(&fs, &ms, diff, sizeof diff), 1);
    ck_assert_ptr_nonnull(strstr(diff, "warp 2 retired"));
    wf_arch_free(&ms);
    wf_arch_free(&fs);

    /* a divergence at cycle k: the report */
    wf_cmp_history_init(h);
    uint64_t k = a.n / 2;
    ck_assert_uint_ge(k, 10);
    for (uint64_t j = k - 9; j < k; j++) wf_cmp_step(&c, h, &a.rec[j], &b.rec[j], 0, &d);
    wf_obs *bad = malloc(sizeof *bad);
    *bad = b.rec[k];
    bad->bank[1].kind = bad->bank[1].kind == WF_BANK_WRITE ? WF_BANK_IDLE : WF_BANK_WRITE;
    ck_assert_int_eq(wf_cmp_step(&c, h, &a.rec[k], bad, 0, &d), 1);
    ck_assert_str_eq(d.path, "bank[1].kind");
    char *txt = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&txt, &len);
    wf_cmp_report(f, &c, &d, h, 0xABCDEF, "build/wfgen --seed 21 -o t.s && wfsim t.s --warps 4");
    fclose(f);
    fprintf(stderr, "---- sample first-divergence report ----\n%s----\n", txt);
    char want[64];
    snprintf(want, sizeof want, "at cycle %" PRIu64 "\n", k);
    ck_assert_ptr_nonnull(strstr(txt, want));
    ck_assert_ptr_nonnull(strstr(txt, "field:    bank[1].kind"));
    ck_assert_ptr_nonnull(strstr(txt, "seed:     11259375"));
    ck_assert_ptr_nonnull(strstr(txt, "--warps 4 --lanes 8 --regs 32"));
    ck_assert_ptr_nonnull(strstr(txt, "--war inorder"));
    ck_assert_ptr_nonnull(strstr(txt, "--active-warps 0"));
    ck_assert_ptr_nonnull(strstr(txt, "reproduce: build/wfgen --seed 21"));
    unsigned lines_e = 0, lines_a = 0, marked = 0;
    for (char *s = txt; (s = strstr(s, "\n  ")); s++) {
        if (s[3] == 'E' || s[4] == 'E') lines_e += (s[3] == ' ' || s[3] == '!') && s[4] == 'E';
        if ((s[3] == ' ' || s[3] == '!') && s[4] == 'A') lines_a++;
        if (s[3] == '!') marked++;
    }
    ck_assert_uint_eq(lines_e, WF_CMP_HISTORY);
    ck_assert_uint_eq(lines_a, WF_CMP_HISTORY);
    ck_assert_uint_eq(marked, 2); /* only the diverging cycle's pair */
    /* every parameter appears as an option */
    size_t np;
    const wf_param *pp = wf_params(&np);
    for (size_t i = 0; i < np; i++) {
        char opt[40];
        snprintf(opt, sizeof opt, "--%s ", pp[i].name);
        for (char *q = opt; *q; q++)
            if (*q == '_') *q = '-';
        ck_assert_msg(strstr(txt, opt), "option %s missing", opt);
    }
    /* the options reproduce the configuration */
    char opts[2048];
    wf_cmp_config_options(&c, opts, sizeof opts);
    wf_config back;
    wf_config_default(&back);
    back.warps = 1;
    back.war = 0;
    char *save = NULL;
    for (char *n = strtok_r(opts, " ", &save); n; n = strtok_r(NULL, " ", &save)) {
        char *v = strtok_r(NULL, " ", &save);
        ck_assert_ptr_null(wf_config_set(&back, n + 2, v, err, sizeof err));
    }
    ck_assert_int_eq(memcmp(&back, &c, sizeof c), 0);
    free(txt);
    free(bad);
    free(h);
    run_free(&a);
    run_free(&b);
    wf_program_free(&p);
}
END_TEST

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* ns per wf_cmp_obs over the records of a run compared with a second run's. */
/* ---- compare levels (docs/verification.md "Compare levels") ------------------------- */

/* Streams e[0..ne) and a[0..na) through wf_cmp_step at `level` (at arch the
 * shorter side is NULL once done; at the other levels the runs are cut to the
 * shorter), then wf_cmp_finish. 1 with *d on a difference. */
static int stream_at(const wf_config *c, int level, const wf_obs *e, uint64_t ne, const wf_obs *a,
                     uint64_t na, wf_cmp_diff *d)
{
    wf_cmp_history *h = calloc(1, sizeof *h);
    ck_assert_ptr_nonnull(h);
    const unsigned flags = WF_CMP_FLAGS_LEVEL(level);
    const uint64_t n = wf_cmp_level_streams(level) ? (ne > na ? ne : na) : (ne < na ? ne : na);
    int bad = 0;
    for (uint64_t k = 0; k < n && !bad; k++)
        bad = wf_cmp_step(c, h, k < ne ? &e[k] : NULL, k < na ? &a[k] : NULL, flags, d);
    if (!bad) bad = wf_cmp_finish_cycles(c, h, ne, na, d);
    wf_cmp_history_release(h);
    free(h);
    return bad;
}

/* expects a difference at exactly the levels marked in fails[level] (1: fails) */
static void expect_levels(const wf_config *c, const wf_obs *e, uint64_t ne, const wf_obs *a, uint64_t na,
                          const int fails[WF_CMP_LEVELS], const char *what, const char *path_part[WF_CMP_LEVELS])
{
    for (int l = 0; l < WF_CMP_LEVELS; l++) {
        wf_cmp_diff d;
        memset(&d, 0, sizeof d);
        const int r = stream_at(c, l, e, ne, a, na, &d);
        ck_assert_msg(r == fails[l], "%s: level %s %s (%s)", what, wf_cmp_level_name(l),
                      r ? "reports a difference" : "passes", r ? d.path : "-");
        if (r) ck_assert_int_eq(d.differs, 1);
        if (r && path_part && path_part[l])
            ck_assert_msg(strstr(d.path, path_part[l]) != NULL, "%s: level %s: path '%s', want '%s'", what,
                          wf_cmp_level_name(l), d.path, path_part[l]);
    }
}

START_TEST(comparator_levels)
{
    /* the level names and their errors */
    ck_assert_int_eq(wf_cmp_level_parse("full"), WF_CMP_LEVEL_FULL);
    ck_assert_int_eq(wf_cmp_level_parse("events"), WF_CMP_LEVEL_EVENTS);
    ck_assert_int_eq(wf_cmp_level_parse("arch"), WF_CMP_LEVEL_ARCH);
    ck_assert_int_eq(wf_cmp_level_parse("Arch"), -1);
    ck_assert_int_eq(wf_cmp_level_parse(""), -1);
    ck_assert_int_eq(wf_cmp_level_parse(NULL), -1);
    ck_assert_int_eq(wf_cmp_level_parse("window"), WF_CMP_LEVEL_WINDOW);
    ck_assert_str_eq(wf_cmp_level_list(), "full, events, window, arch");
    ck_assert(!wf_cmp_level_streams(WF_CMP_LEVEL_EVENTS) && wf_cmp_level_streams(WF_CMP_LEVEL_WINDOW) &&
              wf_cmp_level_streams(WF_CMP_LEVEL_ARCH));
    ck_assert_uint_eq(wf_cmp_groups(0), WF_CMP_G_ALL); /* flags without a level: full */
    ck_assert_uint_eq(wf_cmp_groups(WF_CMP_NO_HAZARD), WF_CMP_G_ALL & ~WF_CMP_G_HAZARD);

    wf_config c = cmp_cfg(WF_WAR_INORDER, 3, WF_HAZARD_REPLAY);
    wf_program p;
    run_t A;
    comparator_run(&A, &c, &p, 21);
    const uint64_t n = A.n;
    wf_obs *b = malloc(n * sizeof *b);
    ck_assert_ptr_nonnull(b);

    /* identical runs pass every level */
    memcpy(b, A.rec, n * sizeof *b);
    expect_levels(&c, A.rec, n, b, n, (const int[]){0, 0, 0, 0}, "identical", NULL);

    /* an internal-only field: the scoreboard entry an issue took, and the entry
     * numbering in the scoreboard state: full only */
    uint64_t k;
    for (k = n / 3; k < n && !(b[k].issue.valid && !b[k].issue.replay); k++) {}
    ck_assert_uint_lt(k, n);
    b[k].issue.sb_entry ^= 1;
    expect_levels(&c, A.rec, n, b, n, (const int[]){1, 0, 0, 0}, "issue.sb_entry",
                  (const char *[]){"issue.sb_entry", NULL, NULL, NULL});
    memcpy(b, A.rec, n * sizeof *b);
    unsigned w, e;
    for (k = n / 3; k < n && !pick_sb(&b[k], &c, &w, &e); k++) {}
    ck_assert_uint_lt(k, n);
    b[k].warp[w].sb[e].reg ^= 1;
    expect_levels(&c, A.rec, n, b, n, (const int[]){1, 0, 0, 0}, "sb[].reg", (const char *[]){".sb[", NULL, NULL, NULL});

    /* a wrong register write value: every level */
    memcpy(b, A.rec, n * sizeof *b);
    unsigned x;
    for (k = n / 3; k < n && !pick_wb(&b[k], &x, 0, c.lanes); k++) {}
    ck_assert_uint_lt(k, n);
    const unsigned lane = (unsigned)__builtin_ctz(b[k].wb[x].lanes);
    b[k].wb[x].data[lane] ^= 0x10;
    char want[64];
    snprintf(want, sizeof want, "arch warp[%u].r%u.lane[%u]", b[k].wb[x].warp, b[k].wb[x].reg, lane);
    expect_levels(&c, A.rec, n, b, n, (const int[]){1, 1, 1, 1}, "wb data",
                  (const char *[]){"wb[", "wb[", want, want});

    /* a missing write (the run's last one): arch sees it at the end */
    memcpy(b, A.rec, n * sizeof *b);
    for (k = n; k-- > 0 && !pick_wb(&b[k], &x, 0, c.lanes);) {}
    ck_assert_uint_lt(k, n);
    b[k].wb[x].valid = 0;
    expect_levels(&c, A.rec, n, b, n, (const int[]){1, 1, 1, 1}, "missing write",
                  (const char *[]){"wb[", "wb[", "(model only)", "(model only)"});
    {   /* and only at the end: every step passes */
        wf_cmp_history *h = calloc(1, sizeof *h);
        wf_cmp_diff d;
        for (uint64_t j = 0; j < n; j++)
            ck_assert_int_eq(wf_cmp_step(&c, h, &A.rec[j], &b[j], WF_CMP_FLAGS_LEVEL(WF_CMP_LEVEL_ARCH), &d), 0);
        ck_assert_int_eq(wf_cmp_finish(&c, h, &d), 1);
        ck_assert_uint_eq(d.expected, A.rec[k].wb[x].data[__builtin_ctz(A.rec[k].wb[x].lanes)]);
        wf_cmp_history_release(h);
        free(h);
    }

    /* the DUT's second half later by a jump of 20 cycles: beyond the window
     * level's drift (WF_CMP_WINDOW = 16); by 10: within it (only
     * full compares the cycle field itself) */
    for (int jump = 10; jump <= 20; jump += 10) {
        memcpy(b, A.rec, n * sizeof *b);
        for (k = n / 2; k < n; k++) b[k].cycle += (uint64_t)jump;
        expect_levels(&c, A.rec, n, b, n, (const int[]){1, 0, jump > WF_CMP_WINDOW, 0}, "a jump of the DUT's cycles",
                      (const char *[]){"cycle", NULL, "(cycle)", NULL});
    }

    /* another timing of the same program (ALU latency 2 vs 5): a different cycle
     * count and schedule, the same per-warp architectural stream (arch passes) */
    wf_config c5 = c;
    c5.alu_lat = c.alu_lat == 5 ? 2 : 5;
    run_t B;
    run_prog(&B, &c5, &p, 1);
    ck_assert_uint_ne(B.n, A.n);
    /* window: a warp's events jump by more than WF_CMP_WINDOW against its own pace */
    expect_levels(&c, A.rec, A.n, B.rec, B.n, (const int[]){1, 1, 1, 0}, "alu_lat 5",
                  (const char *[]){NULL, NULL, "(cycle)", NULL});
    run_free(&B);

    /* synthetic: a write of warp 0 and one of warp 1 to the same register and
     * lane, in the other order on the DUT side: arch passes (the per-warp order
     * is kept); the same register of one warp written twice in the other
     * order: arch fails */
    wf_obs *s = calloc(4, sizeof *s);
    ck_assert_ptr_nonnull(s);
    for (unsigned i = 0; i < 4; i++) {
        s[i].cycle = i & 1;
        s[i].wb[0].valid = 1;
        s[i].wb[0].lanes = 1;
    }
    s[0].wb[0].warp = 0, s[0].wb[0].reg = 1, s[0].wb[0].data[0] = 5; /* expected: w0 then w1 */
    s[1].wb[0].warp = 1, s[1].wb[0].reg = 1, s[1].wb[0].data[0] = 7;
    s[2] = s[1], s[2].cycle = 0;                                       /* actual: w1 then w0 */
    s[3] = s[0], s[3].cycle = 1;
    expect_levels(&c, &s[0], 2, &s[2], 2, (const int[]){1, 1, 0, 0}, "reordered across warps", NULL);
    s[1].wb[0].warp = 0;                                               /* both to w0 r1 */
    s[2].wb[0].warp = 0;
    expect_levels(&c, &s[0], 2, &s[2], 2, (const int[]){1, 1, 1, 1}, "reordered within a register",
                  (const char *[]){NULL, NULL, "arch warp[0].r1.lane[0]", "arch warp[0].r1.lane[0]"});
    /* the DUT's write alone (nothing on the model side): at the end */
    expect_levels(&c, &s[0], 0, &s[2], 1, (const int[]){0, 0, 1, 1}, "DUT only",
                  (const char *[]){NULL, NULL, "(DUT only)", "(DUT only)"});
    free(s);
    free(b);
    run_free(&A);
    wf_program_free(&p);
}
END_TEST

static void speed(unsigned warps, double *eq_ns, double *hot_ns, double *diff_ns, double *push_ns)
{
    wf_config c;
    wf_config_default(&c);
    c.warps = warps;
    wf_gen_knobs k;
    wf_gen_default(&k);
    wf_gen_target(&k, &c);
    k.length = 60;
    wf_program p;
    gen_or_die(5, &k, &p, NULL);
    run_t a, b;
    run_prog(&a, &c, &p, 1);
    run_prog(&b, &c, &p, 1);
    wf_cmp_diff d;
    unsigned reps = 0, bad = 0;
    double t0 = now_ns();
    do {
        for (uint64_t i = 0; i < a.n; i++) bad += (unsigned)wf_cmp_obs(&c, &a.rec[i], &b.rec[i], &d);
        reps++;
    } while (now_ns() - t0 < 2e8);
    *eq_ns = (now_ns() - t0) / ((double)reps * (double)a.n);
    ck_assert_uint_eq(bad, 0);
    for (uint64_t i = 0; i < b.n; i++) b.rec[i].done ^= 1; /* the last field: a full walk */
    reps = 0;
    t0 = now_ns();
    do {
        for (uint64_t i = 0; i < a.n; i++) bad += (unsigned)wf_cmp_obs(&c, &a.rec[i], &b.rec[i], &d);
        reps++;
    } while (now_ns() - t0 < 2e8);
    *diff_ns = (now_ns() - t0) / ((double)reps * (double)a.n);
    ck_assert_uint_eq(bad, reps * a.n);
    ck_assert_str_eq(d.path, "done");
    /* hot: one record pair in cache, as in a harness that reuses its buffers */
    wf_obs *he = malloc(sizeof *he), *ha = malloc(sizeof *ha);
    *he = a.rec[a.n / 2];
    *ha = a.rec[a.n / 2];
    unsigned hotbad = 0;
    reps = 0;
    t0 = now_ns();
    do {
        for (unsigned i = 0; i < 1000; i++) hotbad += (unsigned)wf_cmp_obs(&c, he, ha, &d);
        reps++;
    } while (now_ns() - t0 < 1e8);
    *hot_ns = (now_ns() - t0) / ((double)reps * 1000.0);
    ck_assert_uint_eq(hotbad, 0);
    free(he);
    free(ha);
    wf_cmp_history *h = calloc(1, sizeof *h);
    reps = 0;
    t0 = now_ns();
    do {
        for (uint64_t i = 0; i < a.n; i++) wf_cmp_history_push(h, &a.rec[i], &b.rec[i]);
        reps++;
    } while (now_ns() - t0 < 1e8);
    *push_ns = (now_ns() - t0) / ((double)reps * (double)a.n);
    free(h);
    run_free(&a);
    run_free(&b);
    wf_program_free(&p);
}

START_TEST(comparator_speed)
{
    double e8, h8, d8, p8, e64, h64, d64, p64;
    speed(8, &e8, &h8, &d8, &p8);
    speed(64, &e64, &h64, &d64, &p64);
    fprintf(stderr,
            "comparator speed (sizeof(wf_obs) = %zu bytes):\n"
            "  default config (8 warps): %.0f ns/compare equal (hot cache), %.0f ns streaming "
            "recorded runs, %.0f ns differing in the last field, %.0f ns history push\n"
            "  64 warps:                 %.0f ns/compare equal (hot cache), %.0f ns streaming, "
            "%.0f ns differing, %.0f ns push\n",
            sizeof(wf_obs), h8, e8, d8, p8, h64, e64, d64, p64);
}
END_TEST

/* ---- (b) the generator ---------------------------------------------------------------- */

static unsigned pow2_at_least(unsigned v)
{
    unsigned p = 1;
    while (p < v) p <<= 1;
    return p;
}

START_TEST(generator_random_configs)
{
    const char *ns = getenv("WF_VERIF_SEEDS");
    unsigned seeds = ns && atoi(ns) > 0 ? (unsigned)atoi(ns) : 300, runs = 0, none_differs = 0;
    uint64_t insns = 0, cycles = 0;
    unsigned t_ld = 0, t_st = 0, t_loops = 0, t_bnz = 0, t_bra = 0, t_war = 0, t_long = 0,
             t_small = 0;
    for (unsigned s = 0; s < seeds; s++) {
        wf_config c;
        wf_random_config(1000 + s, NULL, &c);
        char err[512];
        ck_assert_msg(wf_config_check(&c, err, sizeof err) == NULL, "seed %u: %s", s, err);
        wf_rng r;
        wf_rng_seed(&r, 77 + s);
        wf_gen_knobs k;
        wf_random_gen_knobs(77 + s, &c, &k); /* the regression's knob draw */
        wf_program p, q;
        wf_gen_info info;
        gen_or_die(s, &k, &p, &info);
        gen_or_die(s, &k, &q, NULL); /* determinism */
        ck_assert_uint_eq(p.len, q.len);
        ck_assert_int_eq(memcmp(p.words, q.words, p.len * sizeof *p.words), 0);
        wf_program_free(&q);
        ck_assert_uint_eq(p.len, info.len);
        ck_assert_uint_ge(p.len, k.length);
        t_ld += info.n_ld;
        t_st += info.n_st;
        t_loops += info.n_loops;
        t_bnz += info.n_bnz;
        t_bra += info.n_bra;
        t_war += info.n_war;
        t_long += p.len > c.icache_lines * c.icache_line;
        t_small += c.regs < 8;
        wf_insn last;
        ck_assert_ptr_null(wf_decode(p.words[p.len - 1], c.regs, &last));
        ck_assert_int_eq(last.op, WF_OP_EXIT);
        if (c.imem_words < p.len) c.imem_words = pow2_at_least(p.len);
        if (c.icache_line > c.imem_words) c.icache_line = c.imem_words;
        ck_assert_msg(wf_config_check(&c, err, sizeof err) == NULL, "seed %u: %s", s, err);
        uint32_t *mem = malloc(c.mem_words * sizeof *mem);
        for (unsigned i = 0; i < c.mem_words; i++) mem[i] = (uint32_t)wf_rng_next(&r);
        wf_arch_state want;
        ck_assert_msg(wf_functional_run(&c, &p, mem, 1000000, &want, err, sizeof err) == 0,
                      "seed %u: %s", s, err);
        /* every warp stays in its slice: words beyond warps * slice are untouched */
        if (info.slice)
            for (unsigned i = c.warps * info.slice; i < c.mem_words; i++)
                ck_assert_uint_eq(want.mem[i], mem[i]);
        for (unsigned war = WF_WAR_NONE; war <= WF_WAR_BLOOM; war++) {
            c.war = war;
            wf_model *m = wf_model_create(&c, err, sizeof err);
            ck_assert_msg(m != NULL, "%s", err);
            ck_assert_msg(wf_model_load(m, &p, mem, err, sizeof err) == 0, "%s", err);
            ck_assert_msg(wf_model_run(m, 5000000, err, sizeof err) == 0, "seed %u war %u: %s", s,
                          war, err);
            wf_arch_state got;
            ck_assert_int_eq(wf_model_final_state(m, &got), 0);
            char diff[256];
            int d = wf_cmp_arch(&want, &got, diff, sizeof diff);
            if (war == WF_WAR_NONE) {
                none_differs += (unsigned)d;
            } else {
                char opts[2048];
                wf_cmp_config_options(&c, opts, sizeof opts);
                ck_assert_msg(d == 0, "seed %u: model differs from the interpreter: %s\n  %s", s,
                              diff, opts);
                insns += wf_model_stats(m)->instructions;
                cycles += wf_model_stats(m)->cycles;
                runs++;
            }
            wf_arch_free(&got);
            wf_model_destroy(m);
        }
        wf_arch_free(&want);
        free(mem);
        wf_program_free(&p);
    }
    fprintf(stderr,
            "generator: %u seeds x random configs, %u model runs (war != none) equal to the "
            "interpreter, %" PRIu64 " instructions in %" PRIu64 " cycles; war=none differed in %u "
            "seeds\n",
            seeds, runs, insns, cycles, none_differs);
    fprintf(stderr,
            "generator: programs held %u ld, %u st, %u counted loops, %u bnz regions, %u bra, %u "
            "WAR patterns; %u programs longer than their I-cache, %u configs with regs < 8\n",
            t_ld, t_st, t_loops, t_bnz, t_bra, t_war, t_long, t_small);
    ck_assert(t_ld && t_st && t_loops && t_bnz && t_bra && t_war && t_long);
}
END_TEST

START_TEST(generator_knob_errors)
{
    wf_gen_knobs k;
    char err[256];
    wf_gen_default(&k);
    ck_assert_ptr_null(wf_gen_set(&k, "split=4", err, sizeof err));
    ck_assert_uint_eq(k.split, 4);
    ck_assert_ptr_null(wf_gen_set(&k, "bank-bias=0x10", err, sizeof err));
    ck_assert_uint_eq(k.bank_bias, 16);
    ck_assert_ptr_null(wf_gen_set(&k, "layout=naive", err, sizeof err));
    ck_assert_uint_eq(k.layout, WF_LAYOUT_NAIVE);
    ck_assert_ptr_nonnull(wf_gen_set(&k, "split=33", err, sizeof err));
    ck_assert_str_eq(err, "knob split='33': allowed 1..32");
    ck_assert_ptr_nonnull(wf_gen_set(&k, "bank_bias=-1", err, sizeof err));
    ck_assert_str_eq(err, "knob bank_bias='-1': allowed 0..100");
    ck_assert_ptr_nonnull(wf_gen_set(&k, "mem_words=1000", err, sizeof err));
    ck_assert_str_eq(err, "knob mem_words='1000': allowed a power of two in 16..65536");
    ck_assert_ptr_nonnull(wf_gen_set(&k, "layout=diagonal", err, sizeof err));
    ck_assert_str_eq(err, "knob layout='diagonal': allowed naive|swizzle");
    ck_assert_ptr_nonnull(wf_gen_set(&k, "nosuch=1", err, sizeof err));
    ck_assert_str_eq(err, "unknown knob 'nosuch' (wfgen --help lists them)");
    ck_assert_ptr_nonnull(wf_gen_set(&k, "length", err, sizeof err));
    ck_assert_str_eq(err, "knob 'length': expected name=value");
    ck_assert_ptr_nonnull(wf_gen_set(&k, "length=12x", err, sizeof err));
    wf_gen_default(&k);
    k.w_alu = k.w_mul = k.w_ld = k.w_st = k.w_nop = k.w_bra = 0;
    ck_assert_ptr_nonnull(wf_gen_check(&k, err, sizeof err));
    wf_program p;
    ck_assert_int_eq(wf_gen_program(1, &k, &p, NULL, err, sizeof err), -1);
    wf_gen_default(&k);
    k.mem_line = 32;
    k.mem_words = 16;
    ck_assert_ptr_nonnull(wf_gen_check(&k, err, sizeof err));
    ck_assert_str_eq(err, "knob mem_line=32: allowed at most mem_words=16");
    /* different seeds give different programs */
    wf_gen_default(&k);
    wf_program a, b;
    gen_or_die(1, &k, &a, NULL);
    gen_or_die(2, &k, &b, NULL);
    ck_assert(a.len != b.len || memcmp(a.words, b.words, a.len * sizeof *a.words) != 0);
    wf_program_free(&a);
    wf_program_free(&b);
    /* tiny register files: no memory, loops or bnz, still valid */
    for (unsigned regs = 1; regs < 9; regs++) {
        wf_gen_default(&k);
        k.regs = regs;
        k.loop_density = 500;
        gen_or_die(regs, &k, &a, NULL);
        wf_program_free(&a);
    }
}
END_TEST

/* Sums over seeds of one generator setting run on one configuration. */
typedef struct {
    uint64_t conflicts, reads, pieces, lsu_dispatches, misses, fills, insns;
    unsigned differ, seeds;
} knob_stats;

static void knob_run(const wf_config *c0, const wf_gen_knobs *k0, unsigned seeds, knob_stats *ks)
{
    memset(ks, 0, sizeof *ks);
    for (unsigned s = 0; s < seeds; s++) {
        wf_program p;
        gen_or_die(500 + s, k0, &p, NULL);
        wf_config c = *c0;
        if (c.imem_words < p.len) c.imem_words = pow2_at_least(p.len);
        char err[512];
        wf_model *m = wf_model_create(&c, err, sizeof err);
        ck_assert_msg(m != NULL, "%s", err);
        ck_assert_int_eq(wf_model_load(m, &p, NULL, err, sizeof err), 0);
        ck_assert_msg(wf_model_run(m, 5000000, err, sizeof err) == 0, "%s", err);
        const wf_stats *st = wf_model_stats(m);
        for (unsigned b = 0; b < c.banks; b++) {
            ks->conflicts += st->bank_conflicts[b];
            ks->reads += st->bank_reads[b];
        }
        ks->pieces += st->lsu_pieces;
        ks->lsu_dispatches += st->dispatches[WF_UNIT_LSU - 1];
        ks->misses += st->icache_misses;
        ks->fills += st->icache_fills;
        ks->insns += st->instructions;
        wf_arch_state got, want;
        ck_assert_int_eq(wf_model_final_state(m, &got), 0);
        ck_assert_int_eq(wf_functional_run(&c, &p, NULL, 1000000, &want, err, sizeof err), 0);
        ks->differ += (unsigned)wf_cmp_arch(&want, &got, NULL, 0);
        ks->seeds++;
        wf_arch_free(&got);
        wf_arch_free(&want);
        wf_model_destroy(m);
        wf_program_free(&p);
    }
}

START_TEST(generator_knob_effects)
{
    wf_config c;
    wf_config_default(&c); /* 8 warps, 8 lanes, 4 banks, 4 CUs, 16x4 I-cache, mem 1024/4 */
    wf_gen_knobs k;
    wf_gen_default(&k);
    wf_gen_target(&k, &c);
    k.length = 100;
    k.war_bias = 0;
    const unsigned N = 40;
    knob_stats lo, hi;

    /* bank-conflict bias */
    k.bank_bias = 0;
    knob_run(&c, &k, N, &lo);
    k.bank_bias = 100;
    knob_run(&c, &k, N, &hi);
    fprintf(stderr,
            "knob bank_bias: 0 -> %" PRIu64 " bank-conflict cycles (%.3f per instruction), "
            "100 -> %" PRIu64 " (%.3f per instruction)\n",
            lo.conflicts, (double)lo.conflicts / (double)lo.insns, hi.conflicts,
            (double)hi.conflicts / (double)hi.insns);
    ck_assert_uint_gt(hi.conflicts * 10, lo.conflicts * 15); /* clearly more: > 1.5x */

    /* memory split factor (stall mode: one LSU dispatch per ld/st, one piece per line) */
    wf_config cs = c;
    cs.hazard = WF_HAZARD_STALL;
    k.bank_bias = 20;
    k.w_ld = k.w_st = 20;
    k.split = 1;
    knob_run(&cs, &k, N, &lo);
    k.split = 4;
    knob_run(&cs, &k, N, &hi);
    double p1 = (double)lo.pieces / (double)lo.lsu_dispatches,
           p4 = (double)hi.pieces / (double)hi.lsu_dispatches;
    fprintf(stderr,
            "knob split: 1 -> %.3f lsu_pieces per ld/st (%" PRIu64 "/%" PRIu64 "), 4 -> %.3f (%" PRIu64
            "/%" PRIu64 "), ratio %.2f\n",
            p1, lo.pieces, lo.lsu_dispatches, p4, hi.pieces, hi.lsu_dispatches, p4 / p1);
    ck_assert(p4 / p1 > 3.5 && p4 / p1 < 4.5);

    /* WAR bias: war=none against the interpreter */
    wf_config cn = c;
    cn.war = WF_WAR_NONE;
    wf_gen_default(&k);
    wf_gen_target(&k, &c);
    k.length = 100;
    knob_stats glo, ghi;
    k.war_bias = 0;
    knob_run(&cn, &k, N, &lo);
    k.war_bias = 60;
    knob_run(&cn, &k, N, &hi);
    cn.sched = WF_SCHED_GTO; /* the warp keeps issuing: Y follows X at once */
    k.war_bias = 0;
    knob_run(&cn, &k, N, &glo);
    k.war_bias = 60;
    knob_run(&cn, &k, N, &ghi);
    fprintf(stderr,
            "knob war_bias: war=none differs from the interpreter in: lrr: bias 0 -> %u/%u seeds, "
            "bias 60 -> %u/%u; gto: bias 0 -> %u/%u, bias 60 -> %u/%u\n",
            lo.differ, lo.seeds, hi.differ, hi.seeds, glo.differ, glo.seeds, ghi.differ, ghi.seeds);
    /* a clear fraction: >= 20% under gto; under lrr the other warps' issues
     * usually separate X and Y, about a fifth of the seeds (7-10 of 40 with
     * the generator's draws of 2026-12), so >= 12.5% */
    ck_assert_uint_ge(hi.differ * 8, N);
    ck_assert_uint_ge(ghi.differ * 5, N);
    ck_assert_uint_gt(hi.differ, lo.differ);
    ck_assert_uint_gt(ghi.differ, glo.differ);

    /* program length against the I-cache (icache_lines * icache_line = 64) */
    wf_gen_default(&k);
    wf_gen_target(&k, &c);
    k.length = 48;
    knob_run(&c, &k, 10, &lo);
    k.length = 4 * c.icache_lines * c.icache_line;
    knob_run(&c, &k, 10, &hi);
    fprintf(stderr,
            "knob length: %u -> %.1f I-cache misses per run, %u -> %.1f per run (I-cache %u lines)\n",
            48, (double)lo.misses / 10, k.length, (double)hi.misses / 10, c.icache_lines);
    ck_assert_uint_gt(hi.misses / 10, c.icache_lines);
    ck_assert_uint_le(lo.misses / 10, c.icache_lines);

    /* far tail: the program reaches the upper half of the instruction memory
     * (a bra over exit words, never executed: the final state stays the
     * interpreter's) */
    wf_gen_default(&k);
    wf_gen_target(&k, &c);
    k.length = 48;
    k.far = 100;
    wf_program fp;
    gen_or_die(7, &k, &fp, NULL);
    fprintf(stderr, "knob far: 100 -> %u instructions (length 48, imem_words %u)\n", fp.len, c.imem_words);
    ck_assert_uint_gt(fp.len, c.imem_words / 2);
    ck_assert_uint_le(fp.len, c.imem_words);
    wf_program_free(&fp);
    knob_run(&c, &k, 10, &hi);
    ck_assert_uint_eq(hi.differ, 0);

    /* addresses off the line start: the lanes straddle lines, more pieces per ld/st */
    k.far = 0;
    k.w_ld = k.w_st = 20;
    k.split = 1;
    knob_run(&cs, &k, N, &lo);
    k.addr_shift = 100;
    knob_run(&cs, &k, N, &hi);
    p1 = (double)lo.pieces / (double)lo.lsu_dispatches;
    p4 = (double)hi.pieces / (double)hi.lsu_dispatches;
    fprintf(stderr, "knob addr_shift: 0 -> %.3f lsu_pieces per ld/st, 100 -> %.3f\n", p1, p4);
    ck_assert(p4 > p1 * 1.3);
    ck_assert_uint_eq(hi.differ, 0);

    /* bursts with 8 registers (two data registers): the writers never take the
     * burst ld's address register, so every warp stays in its slice and the
     * model equals the interpreter */
    wf_config c8 = c;
    c8.regs = 8;
    c8.warps = 3;
    c8.mem_words = 256;
    wf_gen_default(&k);
    wf_gen_target(&k, &c8);
    k.length = 100;
    k.burst = 300;
    k.burst_len = 16;
    k.w_st = 40;
    knob_run(&c8, &k, 40, &hi);
    fprintf(stderr, "knob burst at regs 8: %u of %u seeds differ from the interpreter\n", hi.differ,
            hi.seeds);
    ck_assert_uint_eq(hi.differ, 0);
}
END_TEST

/* wfgen's command line in-process (wf_gen_cli, what the batch harness calls): the
 * program to the given stream, equal to wf_gen_program + the header; messages to
 * the error stream with wfgen's exit status; every path without a leak (ASan) */
static int cli(char *out, size_t outlen, char *err, size_t errlen, int argc, const char **argv)
{
    FILE *o = fmemopen(out, outlen, "w"), *e = fmemopen(err, errlen, "w");
    ck_assert_ptr_nonnull(o);
    ck_assert_ptr_nonnull(e);
    const int rc = wf_gen_cli(argc, (char **)argv, o, e);
    fclose(o);
    fclose(e);
    return rc;
}

START_TEST(generator_cli)
{
    static char out[1 << 16], err[1024], ref[1 << 16];
    const char *run[] = {"wfgen", "--seed", "3", "--knob", "length=40", "--warps", "4"};
    ck_assert_int_eq(cli(out, sizeof out, err, sizeof err, 7, run), 0);
    ck_assert_str_eq(err, "");
    wf_config c;
    wf_config_default(&c);
    c.warps = 4;
    wf_gen_knobs k;
    wf_gen_default(&k);
    wf_gen_target(&k, &c);
    k.length = 40;
    wf_program p;
    wf_gen_info info;
    char e[256];
    ck_assert_int_eq(wf_gen_program(3, &k, &p, &info, e, sizeof e), 0);
    FILE *f = fmemopen(ref, sizeof ref, "w");
    ck_assert_int_eq(wf_write_disasm(&p, f), 0);
    fclose(f);
    wf_program_free(&p);
    const char *body = strchr(strchr(out, '\n') + 1, '\n') + 1; /* after the two header lines */
    ck_assert_msg(!strncmp(out, "# wfgen --seed 3: ", 18), "header: %.60s", out);
    ck_assert_str_eq(body, ref);

    const char *bad[] = {"wfgen", "--seed", "3", "--bogus", "1"};
    ck_assert_int_eq(cli(out, sizeof out, err, sizeof err, 5, bad), 2);
    ck_assert_str_eq(err, "wfgen: unknown option '--bogus' (wfgen --help)\n");
    const char *knob[] = {"wfgen", "--seed", "3", "--knob", "nope=1"};
    ck_assert_int_eq(cli(out, sizeof out, err, sizeof err, 5, knob), 2);
    ck_assert_msg(strstr(err, "nope") != NULL, "knob error: %s", err);
    const char *cfg[] = {"wfgen", "--config-only", "--sizes", "default", "--seed", "9"};
    ck_assert_int_eq(cli(out, sizeof out, err, sizeof err, 6, cfg), 0);
    ck_assert_msg(strstr(out, "\n# sizes default\n") != NULL, "config-only: %s", out);
    const char *nofile[] = {"wfgen", "--seed", "1", "-o", "/nonexistent-dir/x.s"};
    ck_assert_int_eq(cli(out, sizeof out, err, sizeof err, 5, nofile), 1);
    ck_assert_str_eq(err, "/nonexistent-dir/x.s: No such file or directory\n");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("verif");
    TCase *cmp = tcase_create("comparator"), *gen = tcase_create("generator");
    tcase_add_test(cmp, comparator_field_families);
    tcase_add_test(cmp, comparator_identical_runs_and_report);
    tcase_add_test(cmp, comparator_levels);
    tcase_add_test(cmp, comparator_speed);
    tcase_add_test(gen, generator_knob_errors);
    tcase_add_test(gen, generator_random_configs);
    tcase_add_test(gen, generator_knob_effects);
    tcase_add_test(gen, generator_cli);
    tcase_set_timeout(cmp, 300);
    tcase_set_timeout(gen, 1200);
    suite_add_tcase(s, cmp);
    suite_add_tcase(s, gen);
    return wf_run_suite(s);
}
