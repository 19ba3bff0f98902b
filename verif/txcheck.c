/* Transaction-level checker (verif/include/wf_txcheck.h): the model's events
 * against the DUT's, per warp and per stream, with a timing tolerance. */
#include "wf_txcheck.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { K_RETIRE, K_WRITE, K_BRANCH, K_STORE };
#define PC_NONE 0xFFFFu
#define QUEUE_MAX 65536u        /* unmatched events of one warp before one side counts as lost */
#define DEFAULT_MAX_CYCLES 10000000ull
#define WRITERS 64              /* issued, not yet fully written register writers per warp */

/* An event of one side not yet matched by the other. key = kind << 16 | reg << 8 | lane.
 * Per warp, an event of side s with key k matches the oldest queued event of
 * the other side with the same key; at most one side has events of a key queued. */
typedef struct {
    uint64_t value; /* retire: pc; write: data; branch: taken << 16 | target; store: addr << 32 | data */
    uint64_t cycle;
    uint32_t key;
    uint16_t pc;    /* the instruction's pc when known (branch: compared), else PC_NONE */
    uint8_t side;   /* 0 model, 1 DUT */
} tx_ev;
typedef struct {
    tx_ev *ev;
    unsigned n, cap;
} tx_queue;

/* a model event of the history ring (one per record event, not per lane) */
typedef struct {
    uint8_t kind;
    uint8_t reg, taken;
    uint16_t pc, target;
    uint32_t lanes;
    uint64_t cycle;
    uint32_t v[2]; /* the first lanes' values (store: addr, data of the lowest lane) */
} tx_hist;

/* per side: what turns records into events (the pcs records do not carry) */
typedef struct {
    uint16_t pc;
    uint8_t reg;
    uint32_t left; /* lanes not yet written */
} tx_writer;
typedef struct {
    uint16_t bnz_pc[WF_MAX_WARPS]; /* the warp's last issued bnz */
    tx_writer wr[WF_MAX_WARPS][WRITERS];
    unsigned nwr[WF_MAX_WARPS];
} tx_side;

struct wf_txcheck {
    wf_config cfg;
    wf_program prog;    /* words copied (prog.len 0 when none) */
    wf_tx_opts o;
    unsigned window;    /* cycles either side (ORDER: unused) */
    uint32_t lane_mask;
    wf_model *m;        /* NULL in feed mode */
    int model_done, dut_done;
    uint64_t model_done_cycle;
    uint64_t idle;      /* model cycles without a first issue or a writeback (§14 watchdog) */
    uint64_t matched;
    unsigned dut_queued; /* DUT events waiting for the model */
    int status;
    wf_tx_divergence div;
    tx_queue q[WF_MAX_WARPS];
    tx_hist hist[WF_MAX_WARPS][WF_TX_HISTORY];
    unsigned hist_next[WF_MAX_WARPS], hist_n[WF_MAX_WARPS];
    tx_side side[2];
    int64_t offset[WF_MAX_WARPS]; /* WF_TX_DRIFT: DUT - model cycle of the warp's last matched event */
};

/* ---- names ---------------------------------------------------------------------------- */
static const char *const kind_names[] = {"none", "mismatch", "unexpected", "missing",
                                         "timing", "bad_input", "model_limit"};
static const char *const status_names[] = {"pass", "fail", "error"};
static const char *const timing_names[] = {"order", "window", "exact", "drift"};

const char *wf_tx_kind_name(int k) { return k >= 0 && k <= WF_TX_MODEL_LIMIT ? kind_names[k] : "?"; }
const char *wf_tx_status_name(int s) { return s >= 0 && s <= WF_TX_ERROR ? status_names[s] : "?"; }
const char *wf_tx_timing_name(int t) { return t >= 0 && t <= WF_TX_DRIFT ? timing_names[t] : "?"; }
int wf_tx_timing_parse(const char *name)
{
    for (int t = 0; name && t <= WF_TX_DRIFT; t++)
        if (strcmp(name, timing_names[t]) == 0) return t;
    return -1;
}

static unsigned ev_bit(unsigned kind) { return 1u << kind; } /* K_* -> WF_TX_EV_* */
_Static_assert(WF_TX_EV_RETIRE == 1u << K_RETIRE && WF_TX_EV_WRITE == 1u << K_WRITE &&
                   WF_TX_EV_BRANCH == 1u << K_BRANCH && WF_TX_EV_STORE == 1u << K_STORE,
               "event bits follow the kinds");

/* ---- the divergence ------------------------------------------------------------------------- */
static void clear_div(wf_tx_divergence *d)
{
    memset(d, 0, sizeof *d);
    d->warp = d->pc = d->reg = d->lane = WF_TX_NA;
    d->model_cycle = d->dut_cycle = WF_TX_NO_CYCLE;
}

static void path_of(unsigned w, uint32_t key, const char *sub, char *buf, size_t len)
{
    const unsigned reg = key >> 8 & 0xFFu, lane = key & 0xFFu;
    switch (key >> 16) {
    case K_RETIRE: snprintf(buf, len, "arch warp[%u].retire.pc", w); break;
    case K_WRITE: snprintf(buf, len, "arch warp[%u].r%u.lane[%u]", w, reg, lane); break;
    case K_BRANCH: snprintf(buf, len, "arch warp[%u].branch.%s", w, sub); break;
    default: snprintf(buf, len, "arch warp[%u].store.lane[%u].%s", w, lane, sub); break;
    }
}

static void hist_line(const tx_hist *h, const wf_config *cfg, char *buf, size_t len)
{
    switch (h->kind) {
    case K_RETIRE: snprintf(buf, len, "cycle %" PRIu64 " retire pc %u", h->cycle, h->pc); break;
    case K_WRITE: {
        int k = snprintf(buf, len, "cycle %" PRIu64 " write r%u lanes 0x%" PRIx32 " =", h->cycle, h->reg,
                         h->lanes);
        unsigned shown = 0, n = (unsigned)__builtin_popcount(h->lanes & (cfg->lanes >= 32 ? ~0u : (1u << cfg->lanes) - 1u));
        for (unsigned i = 0; i < 2 && i < n && k > 0 && (size_t)k < len; i++, shown++)
            k += snprintf(buf + k, len - (size_t)k, " 0x%" PRIx32, h->v[i]);
        if (n > shown && k > 0 && (size_t)k < len) snprintf(buf + k, len - (size_t)k, " ...");
        break;
    }
    case K_BRANCH:
        if (h->pc == PC_NONE)
            snprintf(buf, len, "cycle %" PRIu64 " branch %s target %u", h->cycle, h->taken ? "taken" : "not-taken", h->target);
        else
            snprintf(buf, len, "cycle %" PRIu64 " branch pc %u %s target %u", h->cycle, h->pc,
                     h->taken ? "taken" : "not-taken", h->target);
        break;
    default:
        snprintf(buf, len, "cycle %" PRIu64 " store pc %u lanes 0x%" PRIx32 " [%u]=0x%" PRIx32 ":0x%" PRIx32,
                 h->cycle, h->pc, h->lanes, (unsigned)__builtin_ctz(h->lanes | 0x80000000u), h->v[0], h->v[1]);
        break;
    }
}

static void fill_history(wf_txcheck *tx, unsigned w)
{
    if (w >= WF_MAX_WARPS) return;
    const unsigned n = tx->hist_n[w];
    for (unsigned i = 0; i < n; i++) {
        const unsigned k = (tx->hist_next[w] + WF_TX_HISTORY - n + i) % WF_TX_HISTORY;
        hist_line(&tx->hist[w][k], &tx->cfg, tx->div.history[i], WF_TX_LINE);
    }
    tx->div.history_len = n;
}

static int fail(wf_txcheck *tx, int kind, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Completes tx->div (kind, status, history, message) and keeps it: the first divergence. */
static int fail(wf_txcheck *tx, int kind, const char *fmt, ...)
{
    tx->div.kind = kind;
    tx->status = kind == WF_TX_BAD_INPUT || kind == WF_TX_MODEL_LIMIT ? WF_TX_ERROR : WF_TX_FAIL;
    fill_history(tx, tx->div.warp);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tx->div.message, sizeof tx->div.message, fmt, ap);
    va_end(ap);
    return tx->status;
}

static int bad_input(wf_txcheck *tx, unsigned w, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int bad_input(wf_txcheck *tx, unsigned w, const char *fmt, ...)
{
    clear_div(&tx->div);
    tx->div.warp = w < tx->cfg.warps ? w : WF_TX_NA;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tx->div.message, sizeof tx->div.message, fmt, ap);
    va_end(ap);
    snprintf(tx->div.field, sizeof tx->div.field, "input");
    char msg[WF_TX_MESSAGE];
    memcpy(msg, tx->div.message, sizeof msg);
    return fail(tx, WF_TX_BAD_INPUT, "%s", msg);
}

/* ---- the queues ------------------------------------------------------------------------------ */
static int cycle_off(const wf_txcheck *tx, uint64_t a, uint64_t b)
{
    if (tx->o.timing == WF_TX_ORDER) return 0;
    const uint64_t d = a > b ? a - b : b - a;
    return d > tx->window;
}

/* WF_TX_DRIFT: the model's cycle moved by the warp's offset so far */
static uint64_t drift_ref(const wf_txcheck *tx, unsigned w, uint64_t model_cycle)
{
    return tx->o.timing == WF_TX_DRIFT ? (uint64_t)((int64_t)model_cycle + tx->offset[w]) : model_cycle;
}

/* Fills the divergence's event part from the model's event m and the DUT's event d. */
static void div_event(wf_txcheck *tx, unsigned w, const tx_ev *m, const tx_ev *d)
{
    const tx_ev *e = m ? m : d;
    clear_div(&tx->div);
    tx->div.event = ev_bit(e->key >> 16);
    tx->div.warp = w;
    const unsigned kind = e->key >> 16;
    if (kind == K_WRITE) tx->div.reg = e->key >> 8 & 0xFFu;
    if (kind == K_WRITE || kind == K_STORE) tx->div.lane = e->key & 0xFFu;
    const uint16_t pc = m && m->pc != PC_NONE ? m->pc : d ? d->pc : PC_NONE;
    if (pc != PC_NONE) tx->div.pc = pc;
    if (m) tx->div.model_cycle = m->cycle;
    if (d) tx->div.dut_cycle = d->cycle;
}

/* Model event m against DUT event d of the same key: 0, or the divergence. */
static int compare(wf_txcheck *tx, unsigned w, const tx_ev *m, const tx_ev *d)
{
    const unsigned kind = m->key >> 16;
    const char *sub = "";
    uint64_t ev = m->value, av = d->value;
    int differs = 0;
    switch (kind) {
    case K_BRANCH:
        if (m->pc != PC_NONE && d->pc != PC_NONE && m->pc != d->pc) sub = "pc", ev = m->pc, av = d->pc, differs = 1;
        else if ((m->value >> 16) != (d->value >> 16)) sub = "taken", ev = m->value >> 16, av = d->value >> 16, differs = 1;
        else if ((m->value & 0xFFFFu) != (d->value & 0xFFFFu)) sub = "target", ev = m->value & 0xFFFFu, av = d->value & 0xFFFFu, differs = 1;
        break;
    case K_STORE:
        if ((m->value >> 32) != (d->value >> 32)) sub = "addr", ev = m->value >> 32, av = d->value >> 32, differs = 1;
        else if ((uint32_t)m->value != (uint32_t)d->value) sub = "data", ev = (uint32_t)m->value, av = (uint32_t)d->value, differs = 1;
        break;
    default: differs = m->value != d->value; break;
    }
    if (differs) {
        div_event(tx, w, m, d);
        path_of(w, m->key, sub, tx->div.field, sizeof tx->div.field);
        tx->div.expected = ev;
        tx->div.actual = av;
        return fail(tx, WF_TX_MISMATCH, "%s: expected 0x%" PRIx64 ", DUT 0x%" PRIx64 " (model cycle %" PRIu64 ", DUT cycle %" PRIu64 ")",
                    tx->div.field, ev, av, m->cycle, d->cycle);
    }
    const uint64_t ref = drift_ref(tx, w, m->cycle);
    if (cycle_off(tx, ref, d->cycle)) {
        div_event(tx, w, m, d);
        path_of(w, m->key, kind == K_BRANCH ? "taken" : "data", tx->div.field, sizeof tx->div.field);
        tx->div.expected = ref;
        tx->div.actual = d->cycle;
        if (tx->o.timing == WF_TX_DRIFT)
            return fail(tx, WF_TX_TIMING, "%s: DUT cycle %" PRIu64 ", model cycle %" PRIu64 " + the warp's offset %" PRId64
                        " so far = %" PRIu64 ", outside +-%u", tx->div.field, d->cycle, m->cycle, tx->offset[w], ref, tx->window);
        return fail(tx, WF_TX_TIMING, "%s: DUT cycle %" PRIu64 ", model cycle %" PRIu64 ", outside +-%u",
                    tx->div.field, d->cycle, m->cycle, tx->window);
    }
    tx->offset[w] = (int64_t)(d->cycle - m->cycle);
    tx->matched++;
    return 0;
}

static int push(wf_txcheck *tx, unsigned w, unsigned side, uint32_t key, uint64_t value, uint16_t pc,
                uint64_t cycle)
{
    tx_queue *q = &tx->q[w];
    const tx_ev ev = {value, cycle, key, pc, (uint8_t)side};
    for (unsigned i = 0; i < q->n; i++) {
        tx_ev *e = &q->ev[i];
        if (e->key != key || e->side == side) continue;
        const tx_ev other = *e;
        memmove(e, e + 1, (q->n - i - 1) * sizeof *e);
        q->n--;
        if (other.side) tx->dut_queued--;
        return side ? compare(tx, w, &other, &ev) : compare(tx, w, &ev, &other);
    }
    if (q->n >= QUEUE_MAX) {
        clear_div(&tx->div);
        tx->div.warp = w;
        tx->div.model_cycle = side ? WF_TX_NO_CYCLE : cycle;
        tx->div.dut_cycle = side ? cycle : WF_TX_NO_CYCLE;
        snprintf(tx->div.field, sizeof tx->div.field, "arch warp[%u]: %u events unmatched", w, q->n);
        tx->div.expected = side ? q->n : 0;
        tx->div.actual = side ? 0 : q->n;
        return fail(tx, side ? WF_TX_UNEXPECTED : WF_TX_MISSING, "warp %u: %u events of the %s not matched by the %s",
                    w, q->n, side ? "DUT" : "model", side ? "model" : "DUT");
    }
    if (q->n == q->cap) {
        const unsigned cap = q->cap ? 2 * q->cap : 64;
        tx_ev *n = realloc(q->ev, cap * sizeof *n);
        if (!n) abort(); /* out of memory: nothing sensible to report */
        q->ev = n;
        q->cap = cap;
    }
    q->ev[q->n++] = ev;
    if (side) tx->dut_queued++;
    return 0;
}

/* ---- records to events (either side) ------------------------------------------------------- */
static void remember(wf_txcheck *tx, unsigned w, const tx_hist *h)
{
    tx->hist[w][tx->hist_next[w]] = *h;
    tx->hist_next[w] = (tx->hist_next[w] + 1) % WF_TX_HISTORY;
    if (tx->hist_n[w] < WF_TX_HISTORY) tx->hist_n[w]++;
}

/* One record's events of one side; lsu: the model's LSU stage-1 instance at
 * the start of the record's cycle (stores), or NULL. */
static int record(wf_txcheck *tx, unsigned side, const wf_obs *ob, const wf_lsu_view *lsu)
{
    const unsigned W = tx->cfg.warps, ev = tx->o.events;
    tx_side *s = &tx->side[side];
    int rc;
    if (ob->issue.valid && !ob->issue.replay && ob->issue.warp < W) {
        const unsigned w = ob->issue.warp, pc = ob->issue.pc;
        wf_insn in;
        if (pc < tx->prog.len && !wf_decode(tx->prog.words[pc], tx->cfg.regs, &in)) {
            if (in.op == WF_OP_BNZ) s->bnz_pc[w] = (uint16_t)pc;
            if (wf_writes_reg(&in) && s->nwr[w] < WRITERS)
                s->wr[w][s->nwr[w]++] = (tx_writer){(uint16_t)pc, in.rd, tx->lane_mask};
        }
        if (!side) remember(tx, w, &(tx_hist){.kind = K_RETIRE, .pc = (uint16_t)pc, .cycle = ob->cycle});
        if ((ev & WF_TX_EV_RETIRE) && (rc = push(tx, w, side, K_RETIRE << 16, pc, (uint16_t)pc, ob->cycle)))
            return rc;
    }
    for (unsigned x = 0; x < WF_NUNITS; x++) {
        const wf_obs_wb *wb = &ob->wb[x];
        if (!wb->valid || wb->warp >= W) continue;
        const unsigned w = wb->warp;
        const uint32_t lanes = wb->lanes & tx->lane_mask;
        uint16_t pc = PC_NONE; /* the oldest writer of the register with these lanes left */
        for (unsigned i = 0; i < s->nwr[w]; i++)
            if (s->wr[w][i].reg == wb->reg && (s->wr[w][i].left & lanes)) {
                pc = s->wr[w][i].pc;
                if (!(s->wr[w][i].left &= ~lanes)) {
                    memmove(&s->wr[w][i], &s->wr[w][i + 1], (s->nwr[w] - i - 1) * sizeof s->wr[w][0]);
                    s->nwr[w]--;
                }
                break;
            }
        if (!side) {
            tx_hist h = {.kind = K_WRITE, .reg = wb->reg, .pc = pc, .lanes = lanes, .cycle = ob->cycle};
            unsigned k = 0;
            for (uint32_t m = lanes; m && k < 2; m &= m - 1) h.v[k++] = wb->data[__builtin_ctz(m)];
            remember(tx, w, &h);
        }
        if (!(ev & WF_TX_EV_WRITE)) continue;
        for (uint32_t m = lanes; m; m &= m - 1) {
            const unsigned l = (unsigned)__builtin_ctz(m);
            if ((rc = push(tx, w, side, K_WRITE << 16 | (uint32_t)wb->reg << 8 | l, wb->data[l], pc, ob->cycle)))
                return rc;
        }
    }
    if (ob->branch.valid && ob->branch.warp < W) {
        const unsigned w = ob->branch.warp;
        const uint16_t pc = tx->prog.len ? s->bnz_pc[w] : PC_NONE;
        if (!side)
            remember(tx, w, &(tx_hist){.kind = K_BRANCH, .pc = pc, .taken = ob->branch.taken,
                                       .target = ob->branch.target, .cycle = ob->cycle});
        if ((ev & WF_TX_EV_BRANCH) &&
            (rc = push(tx, w, side, K_BRANCH << 16, (uint64_t)(ob->branch.taken != 0) << 16 | ob->branch.target, pc,
                       ob->cycle)))
            return rc;
    }
    if (lsu && ob->piece.valid && lsu->is_st && lsu->warp == ob->piece.warp && lsu->pc == ob->piece.pc &&
        ob->piece.warp < W) {
        const unsigned w = ob->piece.warp;
        const uint32_t lanes = ob->piece.lanes & tx->lane_mask;
        const unsigned l0 = (unsigned)__builtin_ctz(lanes | 0x80000000u);
        remember(tx, w, &(tx_hist){.kind = K_STORE, .pc = ob->piece.pc, .lanes = lanes, .cycle = ob->cycle,
                                   .v = {lsu->addr[l0 & 31], lsu->data[l0 & 31]}});
        for (uint32_t m = lanes; m; m &= m - 1) {
            const unsigned l = (unsigned)__builtin_ctz(m);
            if ((rc = push(tx, w, side, K_STORE << 16 | l, (uint64_t)lsu->addr[l] << 32 | lsu->data[l],
                           ob->piece.pc, ob->cycle)))
                return rc;
        }
    }
    return 0;
}

/* ---- the checker's own model ---------------------------------------------------------------------- */
/* One model cycle: 0, 1 when the model is done (nothing stepped), or a status. */
static int model_cycle(wf_txcheck *tx)
{
    if (tx->model_done) return 1;
    if (wf_model_done(tx->m)) {
        tx->model_done = 1;
        tx->model_done_cycle = wf_model_cycle(tx->m);
        return 1;
    }
    const uint64_t c = wf_model_cycle(tx->m);
    if (c >= tx->o.max_cycles || tx->idle >= WF_WATCHDOG_CYCLES) {
        char sum[WF_TX_MESSAGE / 2];
        wf_model_summary(tx->m, sum, sizeof sum);
        clear_div(&tx->div);
        tx->div.model_cycle = c;
        snprintf(tx->div.field, sizeof tx->div.field, "model");
        return fail(tx, WF_TX_MODEL_LIMIT, "the model is not done at cycle %" PRIu64 " (%s): %s", c,
                    c >= tx->o.max_cycles ? "max_cycles" : "watchdog, no issue and no write for 10000 cycles", sum);
    }
    wf_lsu_view lsu;
    const int st = (tx->o.events & WF_TX_EV_STORE) && wf_model_lsu_inst(tx->m, &lsu) && lsu.is_st;
    wf_model_step(tx->m);
    const wf_obs *ob = wf_model_obs(tx->m);
    int busy = ob->issue.valid && !ob->issue.replay;
    for (unsigned x = 0; x < WF_NUNITS; x++) busy |= ob->wb[x].valid;
    tx->idle = busy ? 0 : tx->idle + 1;
    return record(tx, 0, ob, st ? &lsu : NULL);
}

/* After a DUT event was queued: the model stepped until it is matched. */
static int catch_up(wf_txcheck *tx, unsigned w, uint32_t key)
{
    while (tx->dut_queued) {
        const int rc = model_cycle(tx);
        if (rc == 1) break;
        if (rc) return rc;
    }
    if (!tx->dut_queued) return 0;
    /* the model is done without it: a DUT-only event (the one queued) */
    tx_queue *q = &tx->q[w];
    for (unsigned i = 0; i < q->n; i++) {
        const tx_ev *e = &q->ev[i];
        if (!e->side || e->key != key) continue;
        div_event(tx, w, NULL, e);
        path_of(w, key, (key >> 16) == K_BRANCH ? "taken" : "data", tx->div.field, sizeof tx->div.field);
        tx->div.actual = (key >> 16) == K_BRANCH ? e->value >> 16 : (key >> 16) == K_STORE ? (uint32_t)e->value : e->value;
        return fail(tx, WF_TX_UNEXPECTED, "%s: the DUT reports an event at cycle %" PRIu64
                    " that the model never produces (model done at cycle %" PRIu64 ")",
                    tx->div.field, e->cycle, tx->model_done_cycle);
    }
    return 0;
}

/* ---- lifetime ----------------------------------------------------------------------------------- */
wf_txcheck *wf_tx_create(const wf_config *cfg, const wf_program *prog, const uint32_t *mem_image,
                         const wf_tx_opts *opts, char *err, size_t errlen)
{
    char why[512];
    if (!cfg) {
        snprintf(err, errlen, "wf_tx_create: no configuration");
        return NULL;
    }
    if (wf_config_check(cfg, why, sizeof why)) {
        snprintf(err, errlen, "%s", why);
        return NULL;
    }
    wf_tx_opts o = {0};
    if (opts) o = *opts;
    if (o.timing < WF_TX_ORDER || o.timing > WF_TX_DRIFT) {
        snprintf(err, errlen, "wf_tx_create: timing %d out of range 0..3 (order, window, exact, drift)", o.timing);
        return NULL;
    }
    if (o.events & ~WF_TX_EV_ALL) {
        snprintf(err, errlen, "wf_tx_create: events 0x%x: only bits 0x%x (WF_TX_EV_*)", o.events, WF_TX_EV_ALL);
        return NULL;
    }
    if (!o.events) o.events = WF_TX_EV_ALL;
    if (!o.max_cycles) o.max_cycles = DEFAULT_MAX_CYCLES;
    if (o.feed && (o.events & WF_TX_EV_STORE)) {
        if (opts && opts->events) {
            snprintf(err, errlen, "wf_tx_create: feed mode cannot check stores (records carry no store data)");
            return NULL;
        }
        o.events &= ~WF_TX_EV_STORE; /* "all" in feed mode: all a record carries */
    }
    if (!o.feed && !prog) {
        snprintf(err, errlen, "wf_tx_create: no program");
        return NULL;
    }
    wf_txcheck *tx = calloc(1, sizeof *tx);
    if (!tx) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    tx->cfg = *cfg;
    tx->o = o;
    tx->window = o.timing == WF_TX_WINDOW || o.timing == WF_TX_DRIFT ? o.window : 0;
    tx->lane_mask = cfg->lanes >= 32 ? 0xFFFFFFFFu : (1u << cfg->lanes) - 1u;
    clear_div(&tx->div);
    if (prog && prog->len) {
        tx->prog.words = malloc(prog->len * sizeof *prog->words);
        if (!tx->prog.words) {
            free(tx);
            snprintf(err, errlen, "out of memory");
            return NULL;
        }
        memcpy(tx->prog.words, prog->words, prog->len * sizeof *prog->words);
        tx->prog.len = prog->len;
    }
    if (!o.feed) {
        tx->m = wf_model_create(cfg, why, sizeof why);
        if (!tx->m || wf_model_load(tx->m, prog, mem_image, why, sizeof why)) {
            snprintf(err, errlen, "%s", why);
            wf_tx_destroy(tx);
            return NULL;
        }
    }
    return tx;
}

void wf_tx_destroy(wf_txcheck *tx)
{
    if (!tx) return;
    wf_model_destroy(tx->m);
    for (unsigned w = 0; w < WF_MAX_WARPS; w++) free(tx->q[w].ev);
    free(tx->prog.words);
    free(tx);
}

/* ---- the DUT's events ---------------------------------------------------------------------------- */
/* the checks every event shares: 0, or the status (sticky, or the bad input) */
static int pre(wf_txcheck *tx, unsigned kind, unsigned warp, const char *what)
{
    if (tx->status) return tx->status;
    if (tx->dut_done) return bad_input(tx, warp, "%s event after done", what);
    if (!(tx->o.events & ev_bit(kind)))
        return bad_input(tx, warp, "%s event, but the checker was created without WF_TX_EV_%s", what,
                         kind == K_RETIRE ? "RETIRE" : kind == K_WRITE ? "WRITE" : kind == K_BRANCH ? "BRANCH" : "STORE");
    if (warp >= tx->cfg.warps)
        return bad_input(tx, warp, "%s event: warp %u out of range 0..%u", what, warp, tx->cfg.warps - 1);
    return 0;
}

static int lanes_ok(wf_txcheck *tx, unsigned w, uint32_t mask, const void *a, const void *b, const char *what)
{
    if (!mask) return bad_input(tx, w, "%s event: empty lane mask", what);
    if (mask & ~tx->lane_mask)
        return bad_input(tx, w, "%s event: lane mask 0x%" PRIx32 " has lanes >= %u", what, mask, tx->cfg.lanes);
    if (!a || !b) return bad_input(tx, w, "%s event: NULL lane array", what);
    return 0;
}

/* a DUT event into its queue, then (own model) the model as far as it needs */
static int dut_event(wf_txcheck *tx, unsigned w, uint32_t key, uint64_t value, uint16_t pc, uint64_t cycle)
{
    int rc = push(tx, w, 1, key, value, pc, cycle);
    if (rc || tx->o.feed) return rc;
    return catch_up(tx, w, key);
}

int wf_tx_retire(wf_txcheck *tx, uint64_t cycle, unsigned warp, unsigned pc)
{
    int rc = pre(tx, K_RETIRE, warp, "retire");
    if (rc) return rc;
    return dut_event(tx, warp, K_RETIRE << 16, pc, (uint16_t)(pc > 0xFFFEu ? PC_NONE : pc), cycle);
}

int wf_tx_write(wf_txcheck *tx, uint64_t cycle, unsigned warp, unsigned reg, uint32_t lane_mask,
                const uint32_t *data)
{
    int rc = pre(tx, K_WRITE, warp, "write");
    if (rc || (rc = lanes_ok(tx, warp, lane_mask, data, data, "write"))) return rc;
    if (reg >= tx->cfg.regs)
        return bad_input(tx, warp, "write event: register %u out of range 0..%u", reg, tx->cfg.regs - 1);
    for (uint32_t m = lane_mask; m; m &= m - 1) {
        const unsigned l = (unsigned)__builtin_ctz(m);
        if ((rc = dut_event(tx, warp, K_WRITE << 16 | reg << 8 | l, data[l], PC_NONE, cycle))) return rc;
    }
    return 0;
}

int wf_tx_branch(wf_txcheck *tx, uint64_t cycle, unsigned warp, unsigned pc, int taken, unsigned target)
{
    int rc = pre(tx, K_BRANCH, warp, "branch");
    if (rc) return rc;
    if (target > 0xFFFFu) return bad_input(tx, warp, "branch event: target %u wider than 16 bits", target);
    return dut_event(tx, warp, K_BRANCH << 16, (uint64_t)(taken != 0) << 16 | target,
                     (uint16_t)(pc > 0xFFFEu ? PC_NONE : pc), cycle);
}

int wf_tx_store(wf_txcheck *tx, uint64_t cycle, unsigned warp, uint32_t lane_mask, const uint32_t *addr,
                const uint32_t *data)
{
    int rc = pre(tx, K_STORE, warp, "store");
    if (rc || (rc = lanes_ok(tx, warp, lane_mask, addr, data, "store"))) return rc;
    for (uint32_t m = lane_mask; m; m &= m - 1) {
        const unsigned l = (unsigned)__builtin_ctz(m);
        if ((rc = dut_event(tx, warp, K_STORE << 16 | l, (uint64_t)addr[l] << 32 | data[l], PC_NONE, cycle)))
            return rc;
    }
    return 0;
}

/* the first event left in the queues (lowest warp, oldest) */
static int leftover(wf_txcheck *tx)
{
    for (unsigned w = 0; w < tx->cfg.warps; w++) {
        const tx_queue *q = &tx->q[w];
        if (!q->n) continue;
        const tx_ev e = q->ev[0];
        const unsigned kind = e.key >> 16;
        div_event(tx, w, e.side ? NULL : &e, e.side ? &e : NULL);
        path_of(w, e.key, kind == K_BRANCH ? "taken" : "data", tx->div.field, sizeof tx->div.field);
        uint64_t v = kind == K_BRANCH ? e.value >> 16 : kind == K_STORE ? (uint32_t)e.value : e.value;
        tx->div.expected = e.side ? 0 : v;
        tx->div.actual = e.side ? v : 0;
        if (e.side)
            return fail(tx, WF_TX_UNEXPECTED, "%s: the DUT reported an event at cycle %" PRIu64 " that the model never produced",
                        tx->div.field, e.cycle);
        return fail(tx, WF_TX_MISSING, "%s: the model's event of cycle %" PRIu64 " was never reported by the DUT",
                    tx->div.field, e.cycle);
    }
    return 0;
}

int wf_tx_done(wf_txcheck *tx, uint64_t cycle)
{
    if (tx->status) return tx->status;
    if (tx->dut_done) return bad_input(tx, WF_TX_NA, "done reported twice");
    tx->dut_done = 1;
    if (!tx->o.feed) {
        int rc;
        while (!(rc = model_cycle(tx))) {}
        if (rc != 1) return rc;
    }
    int rc = leftover(tx);
    if (rc) return rc;
    uint64_t ref = tx->model_done_cycle; /* DRIFT: moved by the largest offset of a warp */
    if (tx->o.timing == WF_TX_DRIFT) {
        int64_t off = tx->offset[0];
        for (unsigned w = 1; w < tx->cfg.warps; w++) off = tx->offset[w] > off ? tx->offset[w] : off;
        ref = (uint64_t)((int64_t)ref + off);
    }
    if (tx->model_done && cycle_off(tx, ref, cycle)) {
        clear_div(&tx->div);
        tx->div.model_cycle = tx->model_done_cycle;
        tx->div.dut_cycle = cycle;
        tx->div.expected = ref;
        tx->div.actual = cycle;
        snprintf(tx->div.field, sizeof tx->div.field, "arch done");
        return fail(tx, WF_TX_TIMING, "done: DUT cycle %" PRIu64 ", model cycle %" PRIu64 " (expected %" PRIu64
                    "), outside +-%u", cycle, tx->model_done_cycle, ref, tx->window);
    }
    return 0;
}

/* ---- feed mode ------------------------------------------------------------------------------------- */
int wf_tx_model_obs(wf_txcheck *tx, const wf_obs *ob)
{
    if (tx->status) return tx->status;
    if (!tx->o.feed) return bad_input(tx, WF_TX_NA, "wf_tx_model_obs: the checker runs its own model (feed = 0)");
    return record(tx, 0, ob, NULL);
}

int wf_tx_dut_obs(wf_txcheck *tx, const wf_obs *ob)
{
    if (tx->status) return tx->status;
    if (!tx->o.feed) return bad_input(tx, WF_TX_NA, "wf_tx_dut_obs: the checker runs its own model (feed = 0)");
    if (tx->dut_done) return bad_input(tx, WF_TX_NA, "DUT record after done");
    return record(tx, 1, ob, NULL);
}

int wf_tx_model_done(wf_txcheck *tx, uint64_t cycle)
{
    if (tx->status) return tx->status;
    if (!tx->o.feed) return bad_input(tx, WF_TX_NA, "wf_tx_model_done: the checker runs its own model (feed = 0)");
    tx->model_done = 1;
    tx->model_done_cycle = cycle;
    return 0;
}

/* ---- results ----------------------------------------------------------------------------------------- */
int wf_tx_status(const wf_txcheck *tx) { return tx->status; }
const wf_tx_divergence *wf_tx_result(const wf_txcheck *tx) { return &tx->div; }
void wf_tx_get_result(const wf_txcheck *tx, wf_tx_divergence *out) { *out = tx->div; }
uint64_t wf_tx_matched(const wf_txcheck *tx) { return tx->matched; }
uint64_t wf_tx_model_cycles(const wf_txcheck *tx)
{
    return tx->m ? wf_model_cycle(tx->m) : tx->model_done ? tx->model_done_cycle : 0;
}

typedef struct {
    char *p;
    size_t left, need;
} obuf;

static void put(obuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(obuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const int k = vsnprintf(b->left ? b->p : NULL, b->left, fmt, ap);
    va_end(ap);
    if (k < 0) return;
    b->need += (size_t)k;
    const size_t n = (size_t)k < b->left ? (size_t)k : (b->left ? b->left - 1 : 0);
    b->p += n;
    b->left -= n;
}

static void put_str(obuf *b, const char *s)
{
    put(b, "\"");
    for (; *s; s++) {
        const unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') put(b, "\\%c", c);
        else if (c < 0x20) put(b, "\\u%04x", c);
        else put(b, "%c", c);
    }
    put(b, "\"");
}

static int status_of(const wf_tx_divergence *d)
{
    if (d->kind == WF_TX_NONE_KIND) return WF_TX_PASS;
    return d->kind == WF_TX_BAD_INPUT || d->kind == WF_TX_MODEL_LIMIT ? WF_TX_ERROR : WF_TX_FAIL;
}

size_t wf_tx_json(const wf_tx_divergence *d, char *buf, size_t len)
{
    obuf b = {buf, len, 0};
    if (len) buf[0] = 0;
    put(&b, "{\"status\": \"%s\"", status_names[status_of(d)]);
    if (d->kind != WF_TX_NONE_KIND) {
        put(&b, ", \"kind\": \"%s\"", wf_tx_kind_name(d->kind));
        if (d->model_cycle != WF_TX_NO_CYCLE) put(&b, ", \"cycle\": %" PRIu64, d->model_cycle);
        if (d->field[0]) {
            put(&b, ", \"field\": ");
            put_str(&b, d->field);
        }
        if (d->kind == WF_TX_MISMATCH || d->kind == WF_TX_TIMING || d->kind == WF_TX_MISSING)
            put(&b, ", \"expected\": %" PRIu64, d->expected);
        if (d->kind == WF_TX_MISMATCH || d->kind == WF_TX_TIMING || d->kind == WF_TX_UNEXPECTED)
            put(&b, ", \"actual\": %" PRIu64, d->actual);
        if (d->warp != WF_TX_NA) put(&b, ", \"warp\": %u", d->warp);
        if (d->pc != WF_TX_NA) put(&b, ", \"pc\": %u", d->pc);
        if (d->dut_cycle != WF_TX_NO_CYCLE) put(&b, ", \"dut_cycle\": %" PRIu64, d->dut_cycle);
        put(&b, ", \"history\": [");
        for (unsigned i = 0; i < d->history_len && i < WF_TX_HISTORY; i++) {
            if (i) put(&b, ", ");
            put_str(&b, d->history[i]);
        }
        put(&b, "]");
    }
    put(&b, ", \"message\": ");
    put_str(&b, d->kind == WF_TX_NONE_KIND ? "no divergence" : d->message);
    put(&b, "}");
    return b.need;
}

size_t wf_tx_format(const wf_tx_divergence *d, char *buf, size_t len)
{
    obuf b = {buf, len, 0};
    if (len) buf[0] = 0;
    if (d->kind == WF_TX_NONE_KIND) {
        put(&b, "TRANSACTION CHECK: pass\n");
        return b.need;
    }
    put(&b, "TRANSACTION CHECK: %s (%s)\n", status_names[status_of(d)], wf_tx_kind_name(d->kind));
    put(&b, "  field:     %s\n", d->field);
    if (d->kind != WF_TX_BAD_INPUT && d->kind != WF_TX_MODEL_LIMIT) {
        put(&b, "  expected:  %" PRIu64 " (0x%" PRIx64 ")  [model]\n", d->expected, d->expected);
        put(&b, "  actual:    %" PRIu64 " (0x%" PRIx64 ")  [DUT]\n", d->actual, d->actual);
    }
    if (d->warp != WF_TX_NA) put(&b, "  warp:      %u\n", d->warp);
    if (d->pc != WF_TX_NA) put(&b, "  pc:        %u\n", d->pc);
    if (d->model_cycle != WF_TX_NO_CYCLE) put(&b, "  cycle:     %" PRIu64 " [model]\n", d->model_cycle);
    if (d->dut_cycle != WF_TX_NO_CYCLE) put(&b, "  dut cycle: %" PRIu64 "\n", d->dut_cycle);
    if (d->history_len) put(&b, "  model history of warp %u (oldest first):\n", d->warp);
    for (unsigned i = 0; i < d->history_len && i < WF_TX_HISTORY; i++) put(&b, "    %s\n", d->history[i]);
    put(&b, "  %s\n", d->message);
    return b.need;
}
