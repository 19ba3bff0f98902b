/* Transaction-level checker (verif/include/wf_txcheck.h): a monitor's events
 * taken from a model run (the ideal DUT) pass at every tolerance, also
 * regrouped (lanes one by one, warps in reverse order); each divergence kind
 * and each tolerance is shown failing on a changed event (value, pc, branch,
 * store, a dropped or an extra event, a shifted cycle, bad input, the model's
 * cycle limit); feed mode; the JSON writer. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpfront.h"
#include "wf_check.h"
#include "wf_txcheck.h"

/* a product loop (mul, bnz), loads and stores, four warps of four lanes */
static const char *const PROG =
    "        tid  r1\n"
    "        lane r2\n"
    "        addi r3, r2, 1\n"
    "        wid  r4\n"
    "        addi r4, r4, 2\n"
    "loop:   mul  r3, r3, r4\n"
    "        addi r4, r4, -1\n"
    "        bnz  r4, loop\n"
    "        st   [r1 + 0], r3\n"
    "        ld   r5, [r1 + 0]\n"
    "        add  r6, r5, r1\n"
    "        st   [r1 + 64], r6\n"
    "        exit\n";

typedef struct {
    unsigned kind; /* WF_TX_EV_*, 0: done */
    uint64_t cycle;
    unsigned warp, pc, reg, taken, target;
    uint32_t mask;
    uint32_t data[WF_MAX_LANES], addr[WF_MAX_LANES];
} dev;

typedef struct {
    wf_config cfg;
    wf_program prog;
    dev *ev;
    unsigned n, cap;
    uint64_t done_cycle;
} trace_t;

static dev *add(trace_t *t)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 256;
        t->ev = realloc(t->ev, t->cap * sizeof *t->ev);
        ck_assert_ptr_nonnull(t->ev);
    }
    dev *e = &t->ev[t->n++];
    memset(e, 0, sizeof *e);
    return e;
}

static void setup_cfg(wf_config *c)
{
    wf_config_default(c);
    c->warps = 4;
    c->lanes = 4;
    c->active_warps = 0;
}

/* The ideal DUT's monitor: the model's own events, written here from the
 * records by their documented meaning (not by the checker's code). */
static void model_trace(trace_t *t, const char *src)
{
    char err[512];
    memset(t, 0, sizeof *t);
    setup_cfg(&t->cfg);
    ck_assert_msg(wf_assemble("t.s", src, t->cfg.regs, &t->prog, err, sizeof err) == 0, "%s", err);
    wf_model *m = wf_model_create(&t->cfg, err, sizeof err);
    ck_assert_msg(m && wf_model_load(m, &t->prog, NULL, err, sizeof err) == 0, "%s", err);
    unsigned bnz[WF_MAX_WARPS] = {0};
    while (!wf_model_done(m)) {
        ck_assert(wf_model_cycle(m) < 100000);
        wf_lsu_view lv;
        const int st = wf_model_lsu_inst(m, &lv) && lv.is_st;
        wf_model_step(m);
        const wf_obs *ob = wf_model_obs(m);
        if (ob->issue.valid && !ob->issue.replay) {
            dev *e = add(t);
            e->kind = WF_TX_EV_RETIRE, e->cycle = ob->cycle, e->warp = ob->issue.warp, e->pc = ob->issue.pc;
            wf_insn in;
            ck_assert(wf_decode(t->prog.words[e->pc], t->cfg.regs, &in) == NULL);
            if (in.op == WF_OP_BNZ) bnz[e->warp] = e->pc;
        }
        for (unsigned x = 0; x < WF_NUNITS; x++)
            if (ob->wb[x].valid) {
                dev *e = add(t);
                e->kind = WF_TX_EV_WRITE, e->cycle = ob->cycle, e->warp = ob->wb[x].warp, e->reg = ob->wb[x].reg;
                e->mask = ob->wb[x].lanes;
                memcpy(e->data, ob->wb[x].data, sizeof e->data);
            }
        if (ob->branch.valid) {
            dev *e = add(t);
            e->kind = WF_TX_EV_BRANCH, e->cycle = ob->cycle, e->warp = ob->branch.warp;
            e->pc = bnz[e->warp], e->taken = ob->branch.taken, e->target = ob->branch.target;
        }
        if (ob->piece.valid && st) {
            dev *e = add(t);
            e->kind = WF_TX_EV_STORE, e->cycle = ob->cycle, e->warp = ob->piece.warp, e->mask = ob->piece.lanes;
            memcpy(e->addr, lv.addr, sizeof e->addr);
            memcpy(e->data, lv.data, sizeof e->data);
        }
    }
    t->done_cycle = wf_model_cycle(m);
    wf_model_destroy(m);
}

static void free_trace(trace_t *t)
{
    free(t->ev);
    wf_program_free(&t->prog);
}

static int send(wf_txcheck *tx, const dev *e)
{
    switch (e->kind) {
    case WF_TX_EV_RETIRE: return wf_tx_retire(tx, e->cycle, e->warp, e->pc);
    case WF_TX_EV_WRITE: return wf_tx_write(tx, e->cycle, e->warp, e->reg, e->mask, e->data);
    case WF_TX_EV_BRANCH: return wf_tx_branch(tx, e->cycle, e->warp, e->pc, (int)e->taken, e->target);
    case WF_TX_EV_STORE: return wf_tx_store(tx, e->cycle, e->warp, e->mask, e->addr, e->data);
    default: return wf_tx_done(tx, e->cycle);
    }
}

static wf_txcheck *make(const trace_t *t, int timing, unsigned window)
{
    char err[256];
    wf_tx_opts o = {0};
    o.timing = timing;
    o.window = window;
    wf_txcheck *tx = wf_tx_create(&t->cfg, &t->prog, NULL, &o, err, sizeof err);
    ck_assert_msg(tx != NULL, "%s", err);
    return tx;
}

/* every event (shift added to each cycle), then done: the final status */
static int replay(wf_txcheck *tx, const trace_t *t, int64_t shift)
{
    for (unsigned i = 0; i < t->n; i++) {
        dev e = t->ev[i];
        e.cycle = (uint64_t)((int64_t)e.cycle + shift);
        const int rc = send(tx, &e);
        if (rc) return rc;
    }
    return wf_tx_done(tx, (uint64_t)((int64_t)t->done_cycle + shift));
}

static int count(const trace_t *t, unsigned kind)
{
    int n = 0;
    for (unsigned i = 0; i < t->n; i++) n += t->ev[i].kind == kind;
    return n;
}

/* the index of the k-th event of a kind (and warp, unless ~0u) */
static unsigned nth(const trace_t *t, unsigned kind, unsigned warp, unsigned k)
{
    for (unsigned i = 0; i < t->n; i++)
        if (t->ev[i].kind == kind && (warp == ~0u || t->ev[i].warp == warp) && k-- == 0) return i;
    ck_abort_msg("no such event");
    return 0;
}

/* ---- the ideal DUT passes ------------------------------------------------------------- */

START_TEST(test_ideal_passes_every_tolerance)
{
    trace_t t;
    model_trace(&t, PROG);
    ck_assert_int_gt(count(&t, WF_TX_EV_STORE), 0);
    ck_assert_int_gt(count(&t, WF_TX_EV_BRANCH), 0);
    for (int timing = WF_TX_ORDER; timing <= WF_TX_EXACT; timing++) {
        wf_txcheck *tx = make(&t, timing, 0);
        ck_assert_msg(replay(tx, &t, 0) == WF_TX_PASS, "%s: %s", wf_tx_timing_name(timing), wf_tx_result(tx)->message);
        ck_assert_int_eq(wf_tx_result(tx)->kind, WF_TX_NONE_KIND);
        ck_assert_uint_gt(wf_tx_matched(tx), (uint64_t)t.n);
        ck_assert_uint_eq(wf_tx_model_cycles(tx), t.done_cycle);
        char js[256];
        wf_tx_json(wf_tx_result(tx), js, sizeof js);
        ck_assert_str_eq(js, "{\"status\": \"pass\", \"message\": \"no divergence\"}");
        wf_tx_destroy(tx);
    }
    free_trace(&t);
}
END_TEST

/* Lanes one at a time in descending order, warps in reverse order: per-warp,
 * per-stream order is all the checker asks (EXACT too: the cycles are kept). */
START_TEST(test_regrouped_passes)
{
    trace_t t, r;
    model_trace(&t, PROG);
    memset(&r, 0, sizeof r);
    for (int w = (int)t.cfg.warps - 1; w >= 0; w--)
        for (unsigned i = 0; i < t.n; i++) {
            if (t.ev[i].warp != (unsigned)w) continue;
            if (t.ev[i].kind == WF_TX_EV_WRITE || t.ev[i].kind == WF_TX_EV_STORE) {
                for (int l = 31; l >= 0; l--)
                    if (t.ev[i].mask >> l & 1u) {
                        dev *e = add(&r);
                        *e = t.ev[i];
                        e->mask = 1u << l;
                    }
            } else {
                *add(&r) = t.ev[i];
            }
        }
    r.cfg = t.cfg, r.prog = t.prog, r.done_cycle = t.done_cycle;
    wf_txcheck *tx = make(&t, WF_TX_EXACT, 0);
    ck_assert_msg(replay(tx, &r, 0) == WF_TX_PASS, "%s", wf_tx_result(tx)->message);
    wf_tx_destroy(tx);
    free(r.ev);
    free_trace(&t);
}
END_TEST

/* Only the kinds a monitor declares are expected. */
START_TEST(test_declared_kinds_only)
{
    trace_t t;
    model_trace(&t, PROG);
    char err[256];
    wf_tx_opts o = {.events = WF_TX_EV_RETIRE};
    wf_txcheck *tx = wf_tx_create(&t.cfg, &t.prog, NULL, &o, err, sizeof err);
    ck_assert_ptr_nonnull(tx);
    for (unsigned i = 0; i < t.n; i++)
        if (t.ev[i].kind == WF_TX_EV_RETIRE) ck_assert_int_eq(send(tx, &t.ev[i]), 0);
    ck_assert_int_eq(wf_tx_done(tx, t.done_cycle), WF_TX_PASS);
    wf_tx_destroy(tx);
    /* a write from a monitor that declared retires only is bad input */
    tx = wf_tx_create(&t.cfg, &t.prog, NULL, &o, err, sizeof err);
    ck_assert_int_eq(send(tx, &t.ev[nth(&t, WF_TX_EV_WRITE, ~0u, 0)]), WF_TX_ERROR);
    ck_assert_int_eq(wf_tx_result(tx)->kind, WF_TX_BAD_INPUT);
    wf_tx_destroy(tx);
    free_trace(&t);
}
END_TEST

/* ---- the tolerances, each shown failing ------------------------------------------------- */

START_TEST(test_tolerances)
{
    trace_t t;
    model_trace(&t, PROG);
    struct {
        int timing;
        unsigned window;
        int64_t shift;
        int want;
    } c[] = {
        {WF_TX_EXACT, 0, 1, WF_TX_FAIL},    {WF_TX_EXACT, 0, -1, WF_TX_FAIL},
        {WF_TX_WINDOW, 3, 3, WF_TX_PASS},   {WF_TX_WINDOW, 3, -3, WF_TX_PASS},
        {WF_TX_WINDOW, 3, 4, WF_TX_FAIL},   {WF_TX_WINDOW, 3, -4, WF_TX_FAIL},
        {WF_TX_ORDER, 0, 500, WF_TX_PASS},  {WF_TX_ORDER, 0, -1, WF_TX_PASS},
    };
    ck_assert_uint_ge(t.ev[0].cycle, 4); /* the shifts below keep cycles >= 0 */
    for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
        wf_txcheck *tx = make(&t, c[k].timing, c[k].window);
        const int64_t shift = c[k].shift;
        const int rc = replay(tx, &t, shift);
        ck_assert_msg(rc == c[k].want, "case %u: %s", k, wf_tx_result(tx)->message);
        if (rc) {
            const wf_tx_divergence *d = wf_tx_result(tx);
            ck_assert_int_eq(d->kind, WF_TX_TIMING);
            ck_assert_uint_eq(d->actual, d->expected + (uint64_t)shift);
            ck_assert_uint_eq(d->dut_cycle, d->model_cycle + (uint64_t)shift);
            ck_assert_msg(strncmp(d->field, "arch warp[", 10) == 0, "%s", d->field);
        }
        wf_tx_destroy(tx);
    }
    free_trace(&t);
}
END_TEST

/* DRIFT: a steady drift (each event later by cycle / 16) passes a window of 2
 * that WINDOW fails; a sudden jump of 10 fails DRIFT at 5. */
START_TEST(test_drift)
{
    trace_t t;
    model_trace(&t, PROG);
    trace_t s = t;
    s.ev = malloc(t.n * sizeof *t.ev);
    for (int jump = 0; jump < 2; jump++) {
        memcpy(s.ev, t.ev, t.n * sizeof *t.ev);
        const uint64_t mid = t.done_cycle / 2;
        for (unsigned i = 0; i < s.n; i++) s.ev[i].cycle += jump ? (t.ev[i].cycle >= mid) * 10 : t.ev[i].cycle / 16;
        s.done_cycle = t.done_cycle + (jump ? 10 : t.done_cycle / 16);
        ck_assert_uint_gt(s.done_cycle - t.done_cycle, 2); /* beyond the window at the end */
        for (int timing = WF_TX_WINDOW; timing <= WF_TX_DRIFT; timing += WF_TX_DRIFT - WF_TX_WINDOW) {
            const unsigned window = jump ? 5 : 2;
            wf_txcheck *tx = make(&t, timing, window);
            const int rc = replay(tx, &s, 0);
            const int want = timing == WF_TX_DRIFT && !jump ? WF_TX_PASS : WF_TX_FAIL;
            ck_assert_msg(rc == want, "jump %d %s: %s", jump, wf_tx_timing_name(timing), wf_tx_result(tx)->message);
            if (rc) {
                const wf_tx_divergence *d = wf_tx_result(tx);
                ck_assert_int_eq(d->kind, WF_TX_TIMING);
                if (jump && timing == WF_TX_DRIFT) { /* the first event after the jump, against the offset 0 before */
                    ck_assert_uint_ge(d->model_cycle, mid);
                    ck_assert_uint_eq(d->expected, d->model_cycle);
                    ck_assert_uint_eq(d->actual, d->model_cycle + 10);
                    ck_assert_msg(strstr(d->message, "offset 0") != NULL, "%s", d->message);
                }
            }
            wf_tx_destroy(tx);
        }
    }
    free(s.ev);
    free_trace(&t);
}
END_TEST

/* ORDER fails on order: two writes of one register lane swapped. */
START_TEST(test_order_fails_on_swap)
{
    trace_t t;
    model_trace(&t, PROG);
    /* r3 of warp 3 is written by the loop several times with different values */
    unsigned a = 0;
    while (!(t.ev[a].kind == WF_TX_EV_WRITE && t.ev[a].warp == 3 && t.ev[a].reg == 3)) a++;
    unsigned b = a + 1;
    while (!(t.ev[b].kind == WF_TX_EV_WRITE && t.ev[b].warp == 3 && t.ev[b].reg == 3)) b++;
    ck_assert(t.ev[a].data[0] != t.ev[b].data[0]);
    const dev tmp = t.ev[a];
    t.ev[a] = t.ev[b], t.ev[b] = tmp;
    wf_txcheck *tx = make(&t, WF_TX_ORDER, 0);
    ck_assert_int_eq(replay(tx, &t, 0), WF_TX_FAIL);
    ck_assert_int_eq(wf_tx_result(tx)->kind, WF_TX_MISMATCH);
    ck_assert_str_eq(wf_tx_result(tx)->field, "arch warp[3].r3.lane[0]");
    wf_tx_destroy(tx);
    free_trace(&t);
}
END_TEST

/* ---- each divergence kind ------------------------------------------------------------------------ */

START_TEST(test_write_mismatch)
{
    trace_t t;
    model_trace(&t, PROG);
    const unsigned i = nth(&t, WF_TX_EV_WRITE, 2, 3);
    const dev e = t.ev[i];
    t.ev[i].data[2] ^= 0x40;
    wf_txcheck *tx = make(&t, WF_TX_EXACT, 0);
    ck_assert_int_eq(replay(tx, &t, 0), WF_TX_FAIL);
    const wf_tx_divergence *d = wf_tx_result(tx);
    char want[64];
    snprintf(want, sizeof want, "arch warp[2].r%u.lane[2]", e.reg);
    ck_assert_str_eq(d->field, want);
    ck_assert_int_eq(d->kind, WF_TX_MISMATCH);
    ck_assert_int_eq(d->event, WF_TX_EV_WRITE);
    ck_assert_uint_eq(d->warp, 2);
    ck_assert_uint_eq(d->reg, e.reg);
    ck_assert_uint_eq(d->lane, 2);
    ck_assert_uint_eq(d->expected, e.data[2]);
    ck_assert_uint_eq(d->actual, e.data[2] ^ 0x40);
    ck_assert_uint_eq(d->model_cycle, e.cycle);
    ck_assert_uint_eq(d->dut_cycle, e.cycle);
    ck_assert_uint_lt(d->pc, t.prog.len); /* the writer's pc is known */
    ck_assert_uint_gt(d->history_len, 0);
    ck_assert_msg(strstr(d->history[d->history_len - 1], "cycle ") != NULL, "%s", d->history[0]);
    /* sticky: later calls return the first divergence's status, unchanged */
    ck_assert_int_eq(wf_tx_retire(tx, 0, 0, 0), WF_TX_FAIL);
    ck_assert_str_eq(wf_tx_result(tx)->field, want);
    ck_assert_int_eq(wf_tx_status(tx), WF_TX_FAIL);
    wf_tx_destroy(tx);
    free_trace(&t);
}
END_TEST

START_TEST(test_retire_and_branch_mismatch)
{
    trace_t t;
    model_trace(&t, PROG);
    struct {
        unsigned kind, which;
        const char *field;
    } c[] = {{WF_TX_EV_RETIRE, 0, "arch warp[1].retire.pc"},
             {WF_TX_EV_BRANCH, 0, "arch warp[1].branch.taken"},
             {WF_TX_EV_BRANCH, 1, "arch warp[1].branch.target"},
             {WF_TX_EV_BRANCH, 2, "arch warp[1].branch.pc"}};
    for (unsigned k = 0; k < 4; k++) {
        trace_t s = t;
        s.ev = malloc(t.n * sizeof *t.ev);
        memcpy(s.ev, t.ev, t.n * sizeof *t.ev);
        dev *e = &s.ev[nth(&s, c[k].kind, 1, 2)];
        if (c[k].kind == WF_TX_EV_RETIRE) e->pc += 1;
        else if (c[k].which == 0) e->taken ^= 1;
        else if (c[k].which == 1) e->target += 1;
        else e->pc += 1;
        wf_txcheck *tx = make(&t, WF_TX_ORDER, 0);
        ck_assert_int_eq(replay(tx, &s, 0), WF_TX_FAIL);
        ck_assert_int_eq(wf_tx_result(tx)->kind, WF_TX_MISMATCH);
        ck_assert_str_eq(wf_tx_result(tx)->field, c[k].field);
        ck_assert_uint_eq(wf_tx_result(tx)->warp, 1);
        wf_tx_destroy(tx);
        free(s.ev);
    }
    free_trace(&t);
}
END_TEST

START_TEST(test_store_mismatch)
{
    trace_t t;
    model_trace(&t, PROG);
    for (int addr = 0; addr < 2; addr++) {
        trace_t s = t;
        s.ev = malloc(t.n * sizeof *t.ev);
        memcpy(s.ev, t.ev, t.n * sizeof *t.ev);
        dev *e = &s.ev[nth(&s, WF_TX_EV_STORE, 0, 1)]; /* the second store of warp 0 */
        const unsigned l = (unsigned)__builtin_ctz(e->mask);
        const uint32_t ea = e->addr[l], ed = e->data[l];
        if (addr) e->addr[l] += 1;
        else e->data[l] += 7;
        wf_txcheck *tx = make(&t, WF_TX_EXACT, 0);
        ck_assert_int_eq(replay(tx, &s, 0), WF_TX_FAIL);
        const wf_tx_divergence *d = wf_tx_result(tx);
        char want[64];
        snprintf(want, sizeof want, "arch warp[0].store.lane[%u].%s", l, addr ? "addr" : "data");
        ck_assert_str_eq(d->field, want);
        ck_assert_uint_eq(d->expected, addr ? ea : ed);
        ck_assert_uint_eq(d->actual, addr ? ea + 1 : ed + 7);
        ck_assert_uint_eq(d->pc, 11); /* the second st */
        ck_assert_uint_eq(d->lane, l);
        wf_tx_destroy(tx);
        free(s.ev);
    }
    free_trace(&t);
}
END_TEST

/* a dropped event: missing at done; an extra one: DUT-only */
START_TEST(test_missing_and_unexpected)
{
    const unsigned kinds[] = {WF_TX_EV_RETIRE, WF_TX_EV_WRITE, WF_TX_EV_BRANCH, WF_TX_EV_STORE};
    const char *paths[] = {"arch warp[2].retire.pc", "arch warp[2].r", "arch warp[2].branch.", "arch warp[2].store.lane["};
    trace_t t;
    model_trace(&t, PROG);
    for (unsigned k = 0; k < 4; k++) {
        trace_t s = t;
        s.ev = malloc(t.n * sizeof *t.ev);
        memcpy(s.ev, t.ev, t.n * sizeof *t.ev);
        const unsigned i = nth(&s, kinds[k], 2, 0);
        memmove(&s.ev[i], &s.ev[i + 1], (s.n - i - 1) * sizeof *s.ev);
        s.n--;
        wf_txcheck *tx = make(&t, WF_TX_ORDER, 0);
        int rc = replay(tx, &s, 0);
        const wf_tx_divergence *d = wf_tx_result(tx);
        /* a dropped write or store of a lane shifts the stream: the next one differs,
         * or at done one is missing; a dropped retire or branch likewise */
        ck_assert_int_eq(rc, WF_TX_FAIL);
        ck_assert_msg(d->kind == WF_TX_MISSING || d->kind == WF_TX_MISMATCH, "%s", d->message);
        ck_assert_msg(strncmp(d->field, paths[k], strlen(paths[k])) == 0, "%s", d->field);
        wf_tx_destroy(tx);
        free(s.ev);
    }
    /* the last store of warp 2 dropped: nothing follows in its lanes, so it is missing at done */
    {
        trace_t s = t;
        s.ev = malloc(t.n * sizeof *t.ev);
        memcpy(s.ev, t.ev, t.n * sizeof *t.ev);
        unsigned i = 0, last = ~0u;
        for (i = 0; i < s.n; i++)
            if (s.ev[i].kind == WF_TX_EV_STORE && s.ev[i].warp == 2) last = i;
        const dev e = s.ev[last];
        memmove(&s.ev[last], &s.ev[last + 1], (s.n - last - 1) * sizeof *s.ev);
        s.n--;
        wf_txcheck *tx = make(&t, WF_TX_EXACT, 0);
        ck_assert_int_eq(replay(tx, &s, 0), WF_TX_FAIL);
        const wf_tx_divergence *d = wf_tx_result(tx);
        ck_assert_int_eq(d->kind, WF_TX_MISSING);
        char want[64];
        snprintf(want, sizeof want, "arch warp[2].store.lane[%u].data", (unsigned)__builtin_ctz(e.mask));
        ck_assert_str_eq(d->field, want);
        ck_assert_uint_eq(d->model_cycle, e.cycle);
        ck_assert_uint_eq(d->dut_cycle, WF_TX_NO_CYCLE);
        ck_assert_uint_eq(d->expected, e.data[__builtin_ctz(e.mask)]);
        wf_tx_destroy(tx);
        free(s.ev);
    }
    /* an extra write after the run's last one: the model never produces it */
    {
        wf_txcheck *tx = make(&t, WF_TX_ORDER, 0);
        for (unsigned i = 0; i < t.n; i++) ck_assert_int_eq(send(tx, &t.ev[i]), 0);
        const uint32_t data[4] = {1, 2, 3, 4};
        ck_assert_int_eq(wf_tx_write(tx, t.done_cycle, 1, 7, 0x2, data), WF_TX_FAIL);
        const wf_tx_divergence *d = wf_tx_result(tx);
        ck_assert_int_eq(d->kind, WF_TX_UNEXPECTED);
        ck_assert_str_eq(d->field, "arch warp[1].r7.lane[1]");
        ck_assert_uint_eq(d->actual, 2);
        ck_assert_uint_eq(d->dut_cycle, t.done_cycle);
        ck_assert_uint_eq(d->model_cycle, WF_TX_NO_CYCLE);
        wf_tx_destroy(tx);
    }
    free_trace(&t);
}
END_TEST

START_TEST(test_done_timing)
{
    trace_t t;
    model_trace(&t, PROG);
    wf_txcheck *tx = make(&t, WF_TX_WINDOW, 2);
    for (unsigned i = 0; i < t.n; i++) ck_assert_int_eq(send(tx, &t.ev[i]), 0);
    ck_assert_int_eq(wf_tx_done(tx, t.done_cycle + 3), WF_TX_FAIL);
    ck_assert_int_eq(wf_tx_result(tx)->kind, WF_TX_TIMING);
    ck_assert_str_eq(wf_tx_result(tx)->field, "arch done");
    ck_assert_uint_eq(wf_tx_result(tx)->expected, t.done_cycle);
    wf_tx_destroy(tx);
    tx = make(&t, WF_TX_WINDOW, 2);
    for (unsigned i = 0; i < t.n; i++) ck_assert_int_eq(send(tx, &t.ev[i]), 0);
    ck_assert_int_eq(wf_tx_done(tx, t.done_cycle + 2), WF_TX_PASS);
    wf_tx_destroy(tx);
    free_trace(&t);
}
END_TEST

START_TEST(test_bad_input)
{
    trace_t t;
    model_trace(&t, PROG);
    const uint32_t d[4] = {0};
    struct {
        int call;
        const char *says;
    } c[] = {{0, "warp 4 out of range 0..3"}, {1, "register"}, {2, "lane mask 0x10"},
             {3, "empty lane mask"},          {4, "NULL lane array"}, {5, "after done"},
             {6, "done reported twice"},      {7, "target"}};
    for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
        wf_txcheck *tx = make(&t, WF_TX_ORDER, 0);
        int rc = 0;
        switch (c[k].call) {
        case 0: rc = wf_tx_retire(tx, 0, 4, 0); break;
        case 1: rc = wf_tx_write(tx, 0, 0, t.cfg.regs, 1, d); break;
        case 2: rc = wf_tx_write(tx, 0, 0, 1, 0x10, d); break;
        case 3: rc = wf_tx_store(tx, 0, 0, 0, d, d); break;
        case 4: rc = wf_tx_store(tx, 0, 0, 1, d, NULL); break;
        case 5: ck_assert_int_eq(replay(tx, &t, 0), 0); rc = wf_tx_retire(tx, 0, 0, 0); break;
        case 6: ck_assert_int_eq(replay(tx, &t, 0), 0); rc = wf_tx_done(tx, 0); break;
        case 7: rc = wf_tx_branch(tx, 0, 0, 7, 1, 0x10000); break;
        }
        ck_assert_int_eq(rc, WF_TX_ERROR);
        ck_assert_int_eq(wf_tx_result(tx)->kind, WF_TX_BAD_INPUT);
        ck_assert_msg(strstr(wf_tx_result(tx)->message, c[k].says) != NULL, "%s", wf_tx_result(tx)->message);
        char js[512];
        wf_tx_json(wf_tx_result(tx), js, sizeof js);
        ck_assert_msg(strstr(js, "\"status\": \"error\", \"kind\": \"bad_input\"") != NULL, "%s", js);
        wf_tx_destroy(tx);
    }
    free_trace(&t);
}
END_TEST

/* A program that never ends and a write it never makes: the model's limit, an error. */
START_TEST(test_model_limit)
{
    wf_config cfg;
    wf_program p;
    char err[256];
    setup_cfg(&cfg);
    ck_assert_int_eq(wf_assemble("t.s", "l: movi r1, 5\n bra l\n", cfg.regs, &p, err, sizeof err), 0);
    wf_tx_opts o = {.max_cycles = 2000};
    wf_txcheck *tx = wf_tx_create(&cfg, &p, NULL, &o, err, sizeof err);
    ck_assert_ptr_nonnull(tx);
    const uint32_t d[4] = {5, 5, 5, 5};
    ck_assert_int_eq(wf_tx_write(tx, 3, 0, 1, 0xF, d), WF_TX_PASS); /* the first movi */
    ck_assert_int_eq(wf_tx_write(tx, 9, 0, 2, 0xF, d), WF_TX_ERROR);
    ck_assert_int_eq(wf_tx_result(tx)->kind, WF_TX_MODEL_LIMIT);
    ck_assert_msg(strstr(wf_tx_result(tx)->message, "max_cycles") != NULL, "%s", wf_tx_result(tx)->message);
    ck_assert_uint_eq(wf_tx_model_cycles(tx), 2000);
    wf_tx_destroy(tx);
    wf_program_free(&p);
}
END_TEST

START_TEST(test_create_errors)
{
    trace_t t;
    model_trace(&t, PROG);
    char err[256];
    wf_config bad = t.cfg;
    bad.lanes = 99;
    ck_assert_ptr_null(wf_tx_create(&bad, &t.prog, NULL, NULL, err, sizeof err));
    ck_assert_msg(strstr(err, "lanes") != NULL, "%s", err);
    wf_tx_opts o = {.timing = 4};
    ck_assert_ptr_null(wf_tx_create(&t.cfg, &t.prog, NULL, &o, err, sizeof err));
    ck_assert_msg(strstr(err, "timing 4") != NULL, "%s", err);
    o = (wf_tx_opts){.events = 0x10};
    ck_assert_ptr_null(wf_tx_create(&t.cfg, &t.prog, NULL, &o, err, sizeof err));
    ck_assert_ptr_null(wf_tx_create(&t.cfg, NULL, NULL, NULL, err, sizeof err));
    ck_assert_msg(strstr(err, "no program") != NULL, "%s", err);
    o = (wf_tx_opts){.feed = 1, .events = WF_TX_EV_STORE};
    ck_assert_ptr_null(wf_tx_create(&t.cfg, &t.prog, NULL, &o, err, sizeof err));
    ck_assert_msg(strstr(err, "stores") != NULL, "%s", err);
    wf_program p = t.prog;
    p.start_pc[0] = (uint16_t)p.len; /* the model's load check */
    ck_assert_ptr_null(wf_tx_create(&t.cfg, &p, NULL, NULL, err, sizeof err));
    ck_assert_int_eq(wf_tx_timing_parse("window"), WF_TX_WINDOW);
    ck_assert_int_eq(wf_tx_timing_parse("nope"), -1);
    ck_assert_str_eq(wf_tx_kind_name(WF_TX_TIMING), "timing");
    free_trace(&t);
}
END_TEST

/* ---- feed mode: both sides as records ------------------------------------------------------------- */
START_TEST(test_feed)
{
    trace_t t;
    model_trace(&t, PROG);
    char err[256];
    wf_model *m = wf_model_create(&t.cfg, err, sizeof err);
    ck_assert_int_eq(wf_model_load(m, &t.prog, NULL, err, sizeof err), 0);
    wf_obs *rec = NULL;
    unsigned n = 0;
    while (!wf_model_done(m)) {
        wf_model_step(m);
        rec = realloc(rec, (n + 1) * sizeof *rec);
        rec[n++] = *wf_model_obs(m);
    }
    for (int bad = 0; bad < 3; bad++) {
        wf_tx_opts o = {.feed = 1, .timing = WF_TX_WINDOW, .window = 2};
        wf_txcheck *tx = wf_tx_create(&t.cfg, bad == 2 ? NULL : &t.prog, NULL, &o, err, sizeof err);
        ck_assert_msg(tx != NULL, "%s", err);
        /* the DUT's records: the model's one cycle later (bad 1: one value changed) */
        wf_obs *dut = malloc(n * sizeof *dut);
        memcpy(dut, rec, n * sizeof *dut);
        for (unsigned k = 0, hit = 0; k < n; k++) {
            dut[k].cycle += 1;
            if (bad == 1 && !hit && dut[k].wb[0].valid && dut[k].wb[0].warp == 1) dut[k].wb[0].data[1] += 1, hit = 1;
        }
        int rc = 0;
        for (unsigned k = 0; k <= n && !rc; k++) {
            if (k < n) rc = wf_tx_model_obs(tx, &rec[k]);
            if (!rc && k) rc = wf_tx_dut_obs(tx, &dut[k - 1]);
        }
        free(dut);
        if (!rc) rc = wf_tx_model_done(tx, wf_model_cycle(m));
        if (!rc) rc = wf_tx_done(tx, wf_model_cycle(m) + 1);
        if (bad == 1) {
            ck_assert_int_eq(rc, WF_TX_FAIL);
            ck_assert_int_eq(wf_tx_result(tx)->kind, WF_TX_MISMATCH);
            ck_assert_msg(strncmp(wf_tx_result(tx)->field, "arch warp[1].r", 14) == 0, "%s", wf_tx_result(tx)->field);
            ck_assert_uint_eq(wf_tx_result(tx)->dut_cycle, wf_tx_result(tx)->model_cycle + 1);
        } else {
            ck_assert_msg(rc == WF_TX_PASS, "%s", wf_tx_result(tx)->message);
        }
        wf_tx_destroy(tx);
    }
    /* feed calls on a checker with its own model are bad input */
    wf_txcheck *tx = wf_tx_create(&t.cfg, &t.prog, NULL, NULL, err, sizeof err);
    ck_assert_int_eq(wf_tx_model_obs(tx, &rec[0]), WF_TX_ERROR);
    wf_tx_destroy(tx);
    free(rec);
    wf_model_destroy(m);
    free_trace(&t);
}
END_TEST

/* ---- what a cycle window tolerates ------------------------------------------------------------------
 * The model at one unit latency + 1 (a one-cycle-slower ALU, MUL or LSU: a
 * front end that differs inside) against the model, per example program:
 * the smallest window that passes at WINDOW (absolute) and at DRIFT (against
 * the warp's own pace), printed (docs/verification.md "Compare levels"). Both
 * pass at ORDER (neither window bounds the other: a warp whose offset swings
 * from +8 to -8 needs 8 absolute, 16 relative). */
static int passes_at(const wf_config *c, const wf_program *p, const wf_obs *E, unsigned ne, const wf_obs *A,
                     unsigned na, int timing, unsigned window)
{
    char err[256];
    wf_tx_opts o = {.timing = timing, .window = window, .feed = 1};
    wf_txcheck *tx = wf_tx_create(c, p, NULL, &o, err, sizeof err);
    ck_assert_msg(tx != NULL, "%s", err);
    int rc = 0;
    for (unsigned i = 0; (i < ne || i < na) && !rc; i++) { /* side by side, as in lockstep */
        if (i < ne) rc = wf_tx_model_obs(tx, &E[i]);
        if (!rc && i < na) rc = wf_tx_dut_obs(tx, &A[i]);
    }
    if (!rc) rc = wf_tx_model_done(tx, ne);
    if (!rc) rc = wf_tx_done(tx, na);
    if (rc) ck_assert_msg(wf_tx_result(tx)->kind == WF_TX_TIMING, "%s", wf_tx_result(tx)->message);
    wf_tx_destroy(tx);
    return !rc;
}

static wf_obs *records(const wf_config *c, const wf_program *p, unsigned *n)
{
    char err[256];
    wf_model *m = wf_model_create(c, err, sizeof err);
    ck_assert_msg(m && wf_model_load(m, p, NULL, err, sizeof err) == 0, "%s", err);
    wf_obs *r = NULL;
    unsigned cap = 0;
    *n = 0;
    while (!wf_model_done(m)) {
        ck_assert_uint_lt(*n, 200000);
        wf_model_step(m);
        if (*n == cap) {
            cap = cap ? 2 * cap : 1024;
            r = realloc(r, cap * sizeof *r);
            ck_assert_ptr_nonnull(r);
        }
        r[(*n)++] = *wf_model_obs(m);
    }
    wf_model_destroy(m);
    return r;
}

static unsigned min_window(const wf_config *c, const wf_program *p, const wf_obs *E, unsigned ne, const wf_obs *A,
                           unsigned na, int timing)
{
    unsigned lo = 0, hi = 4096; /* passes at hi (checked), the smallest passing in [lo, hi] */
    ck_assert(passes_at(c, p, E, ne, A, na, timing, hi));
    while (lo < hi) {
        const unsigned mid = lo + (hi - lo) / 2;
        if (passes_at(c, p, E, ne, A, na, timing, mid)) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

START_TEST(test_latency_tolerance)
{
    static const char *const progs[] = {"fact", "memwrap", "saxpy", "seed_naive", "seed_swizzle", "sum_loop", "vecadd"};
    static const char *const unit[] = {"alu", "mul", "lsu"};
    printf("window needed by a unit one cycle slower (WINDOW absolute / DRIFT per warp), default configuration:\n");
    for (unsigned k = 0; k < sizeof progs / sizeof progs[0]; k++) {
        wf_config c;
        wf_program p;
        char err[256], path[64];
        wf_config_default(&c);
        snprintf(path, sizeof path, "sim/examples/%s.s", progs[k]);
        ck_assert_msg(wf_assemble_file(path, c.regs, &p, err, sizeof err) == 0, "%s", err);
        unsigned ne;
        wf_obs *E = records(&c, &p, &ne);
        printf("  %-13s", progs[k]);
        for (unsigned u = 0; u < 3; u++) {
            wf_config d = c;
            if (u == 0) d.alu_lat++;
            else if (u == 1) d.mul_lat++;
            else d.lsu_lat++;
            unsigned na;
            wf_obs *A = records(&d, &p, &na);
            ck_assert(passes_at(&c, &p, E, ne, A, na, WF_TX_ORDER, 0));
            const unsigned win = min_window(&c, &p, E, ne, A, na, WF_TX_WINDOW);
            const unsigned dr = min_window(&c, &p, E, ne, A, na, WF_TX_DRIFT);
            printf(" %s+1 %4u / %3u%s", unit[u], win, dr, u < 2 ? "," : "\n");
            fflush(stdout);
            free(A);
        }
        free(E);
        wf_program_free(&p);
    }
}
END_TEST

/* ---- JSON ------------------------------------------------------------------------------------------ */
START_TEST(test_json)
{
    wf_tx_divergence d;
    memset(&d, 0, sizeof d);
    d.kind = WF_TX_MISMATCH;
    d.warp = 0, d.pc = 5, d.reg = 3, d.lane = 2;
    d.expected = 7, d.actual = 9, d.model_cycle = 40, d.dut_cycle = 42;
    snprintf(d.field, sizeof d.field, "arch warp[0].r3.lane[2]");
    d.history_len = 2;
    snprintf(d.history[0], WF_TX_LINE, "cycle 30 retire pc 5");
    snprintf(d.history[1], WF_TX_LINE, "cycle 40 \"write\" r3");
    snprintf(d.message, sizeof d.message, "a\\b\n");
    char js[1024];
    const size_t need = wf_tx_json(&d, js, sizeof js);
    ck_assert_str_eq(js, "{\"status\": \"fail\", \"kind\": \"mismatch\", \"cycle\": 40, "
                         "\"field\": \"arch warp[0].r3.lane[2]\", \"expected\": 7, \"actual\": 9, "
                         "\"warp\": 0, \"pc\": 5, \"dut_cycle\": 42, "
                         "\"history\": [\"cycle 30 retire pc 5\", \"cycle 40 \\\"write\\\" r3\"], "
                         "\"message\": \"a\\\\b\\u000a\"}");
    ck_assert_uint_eq(need, strlen(js));
    char small[16];
    ck_assert_uint_eq(wf_tx_json(&d, small, sizeof small), need);
    ck_assert_uint_eq(strlen(small), sizeof small - 1);
    ck_assert_uint_eq(wf_tx_json(&d, NULL, 0), need);
    char txt[1024];
    wf_tx_format(&d, txt, sizeof txt);
    ck_assert_msg(strstr(txt, "field:     arch warp[0].r3.lane[2]") != NULL, "%s", txt);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("txcheck");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_ideal_passes_every_tolerance);
    tcase_add_test(tc, test_regrouped_passes);
    tcase_add_test(tc, test_declared_kinds_only);
    tcase_add_test(tc, test_tolerances);
    tcase_add_test(tc, test_drift);
    tcase_add_test(tc, test_order_fails_on_swap);
    tcase_add_test(tc, test_write_mismatch);
    tcase_add_test(tc, test_retire_and_branch_mismatch);
    tcase_add_test(tc, test_store_mismatch);
    tcase_add_test(tc, test_missing_and_unexpected);
    tcase_add_test(tc, test_done_timing);
    tcase_add_test(tc, test_bad_input);
    tcase_add_test(tc, test_model_limit);
    tcase_add_test(tc, test_create_errors);
    tcase_add_test(tc, test_feed);
    tcase_add_test(tc, test_json);
    suite_add_tcase(s, tc);
    TCase *lat = tcase_create("latency"); /* seconds alone; minutes under ASAN on a loaded machine */
    tcase_set_timeout(lat, 300);
    tcase_add_test(lat, test_latency_tolerance);
    suite_add_tcase(s, lat);
    return s;
}

int main(void) { return wf_run_suite(suite()); }
