/* Lockstep comparator (verif/include/wf_compare.h): one comparison of two
 * observation records for every harness, the history ring and the
 * first-divergence report. */
#include "wf_compare.h"

#include "wf_layout.h"
#include "wf_txcheck.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define HEAD_BYTES offsetof(wf_obs, warp)
#define TAIL_OFF offsetof(wf_obs, issue)
#define TAIL_BYTES (sizeof(wf_obs) - TAIL_OFF)
_Static_assert(offsetof(wf_obs, warp) + sizeof(((wf_obs *)0)->warp) == offsetof(wf_obs, issue),
               "wf_obs: warp[] is directly followed by issue");

static unsigned lo_mask32(unsigned bits) { return bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1u; }
static uint64_t lo_mask64(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1ull; }

/* ---- the field walk ---------------------------------------------------------- */

/* Records the difference (path built only here, on a mismatch). */
static int differ(wf_cmp_diff *out, uint64_t e, uint64_t a, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int differ(wf_cmp_diff *out, uint64_t e, uint64_t a, const char *fmt, ...)
{
    if (out) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(out->path, sizeof out->path, fmt, ap);
        va_end(ap);
        out->differs = 1;
        out->expected = e;
        out->actual = a;
    }
    return 1;
}

/* Compares one field of compare group g (WF_G_<RECORD>_<FIELD>, wf_layout.h:
 * the field table's group) when `groups` (a parameter of the enclosing
 * function) selects it: returns 1 from the enclosing function on a mismatch. */
#define CMP(g, ev, av, ...)                                                       \
    do {                                                                          \
        uint64_t e_ = (uint64_t)(ev), a_ = (uint64_t)(av);                        \
        if (((groups) & (g)) && e_ != a_) return differ(out, e_, a_, __VA_ARGS__); \
    } while (0)
#define CMPF(g, field, ...) CMP(g, E->field, A->field, __VA_ARGS__)

static int walk_head(const wf_obs *E, const wf_obs *A, unsigned groups, wf_cmp_diff *out)
{
    CMPF(WF_G_OBS_CYCLE, cycle, "cycle");
    CMPF(WF_G_OBS_FETCH_VALID, fetch.valid, "fetch.valid");
    CMPF(WF_G_OBS_FETCH_WARP, fetch.warp, "fetch.warp");
    CMPF(WF_G_OBS_FETCH_KIND, fetch.kind, "fetch.kind");
    CMPF(WF_G_OBS_FETCH_PC, fetch.pc, "fetch.pc");
    CMPF(WF_G_OBS_FILL_VALID, fill.valid, "fill.valid");
    CMPF(WF_G_OBS_FILL_MSHR, fill.mshr, "fill.mshr");
    CMPF(WF_G_OBS_FILL_LINE, fill.line, "fill.line");
    return 0;
}

static int walk_warp(const wf_config *cfg, unsigned w, const wf_obs_warp *E, const wf_obs_warp *A,
                     unsigned groups, wf_cmp_diff *out)
{
    const unsigned lanes = lo_mask32(cfg->lanes), dep = lo_mask32(cfg->sb_entries);
    CMPF(WF_G_OBS_WARP_FETCH_PC, fetch_pc, "warp[%u].fetch_pc", w);
    CMPF(WF_G_OBS_WARP_FETCH_STATE, fetch_state, "warp[%u].fetch_state", w);
    CMPF(WF_G_OBS_WARP_EXITED, exited, "warp[%u].exited", w);
    CMPF(WF_G_OBS_WARP_INFLIGHT, inflight, "warp[%u].inflight", w);
    CMPF(WF_G_OBS_WARP_MEM_INFLIGHT, mem_inflight, "warp[%u].mem_inflight", w);
    if (cfg->war == WF_WAR_WB_READ) CMPF(WF_G_OBS_WARP_COLLECTING, collecting, "warp[%u].collecting", w);
    if (cfg->war == WF_WAR_BLOOM) {
        uint64_t m = lo_mask64(cfg->bloom_bits);
        CMP(WF_G_OBS_WARP_FILTER, E->filter & m, A->filter & m, "warp[%u].filter", w);
    }
    for (unsigned e = 0; e < cfg->sb_entries && e < WF_MAX_SB; e++) {
        CMPF(WF_G_OBS_WARP_SB_VALID, sb[e].valid, "warp[%u].sb[%u].valid", w, e);
        CMPF(WF_G_OBS_WARP_SB_REG, sb[e].reg, "warp[%u].sb[%u].reg", w, e);
    }
    for (unsigned i = 0; i < cfg->ibuf && i < WF_MAX_IBUF; i++) {
        CMPF(WF_G_OBS_WARP_IBUF_VALID, ibuf[i].valid, "warp[%u].ibuf[%u].valid", w, i);
        CMPF(WF_G_OBS_WARP_IBUF_PC, ibuf[i].pc, "warp[%u].ibuf[%u].pc", w, i);
        CMP(WF_G_OBS_WARP_IBUF_DEP, E->ibuf[i].dep & dep, A->ibuf[i].dep & dep, "warp[%u].ibuf[%u].dep", w, i);
        CMPF(WF_G_OBS_WARP_IBUF_ISSUED, ibuf[i].issued, "warp[%u].ibuf[%u].issued", w, i);
        CMP(WF_G_OBS_WARP_IBUF_LANES_LEFT, E->ibuf[i].lanes_left & lanes, A->ibuf[i].lanes_left & lanes,
            "warp[%u].ibuf[%u].lanes_left", w, i);
    }
    CMPF(WF_G_OBS_WARP_HAZARD, hazard, "warp[%u].hazard", w);
    CMPF(WF_G_OBS_WARP_HAZARD_MASK, hazard_mask, "warp[%u].hazard_mask", w);
    return 0;
}

static int walk_cu(const wf_config *cfg, const char *name, const wf_obs_cu *E, const wf_obs_cu *A,
                   int with_older, unsigned groups, wf_cmp_diff *out)
{
    CMPF(WF_G_OBS_CU_VALID, valid, "%s.valid", name);
    CMPF(WF_G_OBS_CU_WARP, warp, "%s.warp", name);
    CMPF(WF_G_OBS_CU_PC, pc, "%s.pc", name);
    CMP(WF_G_OBS_CU_PENDING, E->pending & 7u, A->pending & 7u, "%s.pending", name);
    CMPF(WF_G_OBS_CU_READY, ready, "%s.ready", name);
    if (with_older) {
        unsigned m = lo_mask32(cfg->collectors);
        CMP(WF_G_OBS_CU_OLDER, E->older & m, A->older & m, "%s.older", name);
    }
    return 0;
}

static int walk_tail(const wf_config *cfg, const wf_obs *E, const wf_obs *A, unsigned groups,
                     wf_cmp_diff *out)
{
    const unsigned lanes = lo_mask32(cfg->lanes);
    CMPF(WF_G_OBS_ISSUE_VALID, issue.valid, "issue.valid");
    CMPF(WF_G_OBS_ISSUE_WARP, issue.warp, "issue.warp");
    CMPF(WF_G_OBS_ISSUE_PC, issue.pc, "issue.pc");
    CMPF(WF_G_OBS_ISSUE_REPLAY, issue.replay, "issue.replay");
    CMPF(WF_G_OBS_ISSUE_UNIT, issue.unit, "issue.unit");
    CMPF(WF_G_OBS_ISSUE_SB_ENTRY, issue.sb_entry, "issue.sb_entry");
    CMPF(WF_G_OBS_STALL, stall, "stall");
    for (unsigned b = 0; b < cfg->banks && b < WF_MAX_BANKS; b++) {
        CMPF(WF_G_OBS_BANK_KIND, bank[b].kind, "bank[%u].kind", b);
        CMPF(WF_G_OBS_BANK_WARP, bank[b].warp, "bank[%u].warp", b);
        CMPF(WF_G_OBS_BANK_REG, bank[b].reg, "bank[%u].reg", b);
        CMPF(WF_G_OBS_BANK_CU, bank[b].cu, "bank[%u].cu", b);
        CMPF(WF_G_OBS_BANK_SLOT, bank[b].slot, "bank[%u].slot", b);
        CMPF(WF_G_OBS_BANK_UNIT, bank[b].unit, "bank[%u].unit", b);
    }
    if (cfg->loops == 3) {
        const int older = cfg->war == WF_WAR_INORDER;
        for (unsigned u = 0; u < cfg->collectors && u < WF_MAX_CUS; u++) {
            char name[16];
            if (memcmp(&E->cu[u], &A->cu[u], sizeof E->cu[u]) == 0) continue;
            snprintf(name, sizeof name, "cu[%u]", u);
            if (walk_cu(cfg, name, &E->cu[u], &A->cu[u], older, groups, out)) return 1;
        }
    } else {
        if (walk_cu(cfg, "sr", &E->sr, &A->sr, 0, groups, out)) return 1;
    }
    for (unsigned x = 0; x < WF_NUNITS; x++) {
        CMPF(WF_G_OBS_DISPATCH_VALID, dispatch[x].valid, "dispatch[%u].valid", x);
        CMPF(WF_G_OBS_DISPATCH_WARP, dispatch[x].warp, "dispatch[%u].warp", x);
        CMPF(WF_G_OBS_DISPATCH_PC, dispatch[x].pc, "dispatch[%u].pc", x);
        CMPF(WF_G_OBS_DISPATCH_CU, dispatch[x].cu, "dispatch[%u].cu", x);
    }
    CMPF(WF_G_OBS_PIECE_VALID, piece.valid, "piece.valid");
    CMPF(WF_G_OBS_PIECE_WARP, piece.warp, "piece.warp");
    CMPF(WF_G_OBS_PIECE_PC, piece.pc, "piece.pc");
    CMPF(WF_G_OBS_PIECE_LINE, piece.line, "piece.line");
    CMP(WF_G_OBS_PIECE_LANES, E->piece.lanes & lanes, A->piece.lanes & lanes, "piece.lanes");
    CMPF(WF_G_OBS_PIECE_LAST, piece.last, "piece.last");
    for (unsigned x = 0; x < WF_NUNITS; x++) {
        const wf_obs_wb *e = &E->wb[x], *a = &A->wb[x];
        CMP(WF_G_OBS_WB_VALID, e->valid, a->valid, "wb[%u].valid", x);
        CMP(WF_G_OBS_WB_WARP, e->warp, a->warp, "wb[%u].warp", x);
        CMP(WF_G_OBS_WB_REG, e->reg, a->reg, "wb[%u].reg", x);
        CMP(WF_G_OBS_WB_BANK, e->bank, a->bank, "wb[%u].bank", x);
        CMP(WF_G_OBS_WB_LANES, e->lanes & lanes, a->lanes & lanes, "wb[%u].lanes", x);
        for (uint32_t m = e->lanes & lanes; m; m &= m - 1) { /* lanes in the (equal) mask */
            unsigned l = (unsigned)__builtin_ctz(m);
            CMP(WF_G_OBS_WB_DATA_DATA, e->data[l], a->data[l], "wb[%u].data[%u]", x, l);
        }
        CMP(WF_G_OBS_WB_RELEASE, e->release, a->release, "wb[%u].release", x);
    }
    CMPF(WF_G_OBS_BRANCH_VALID, branch.valid, "branch.valid");
    CMPF(WF_G_OBS_BRANCH_WARP, branch.warp, "branch.warp");
    CMPF(WF_G_OBS_BRANCH_TAKEN, branch.taken, "branch.taken");
    CMPF(WF_G_OBS_BRANCH_TARGET, branch.target, "branch.target");
    CMPF(WF_G_OBS_LSU_STALL, lsu_stall, "lsu_stall");
    CMPF(WF_G_OBS_DONE, done, "done");
    return 0;
}

static const char *const level_names[WF_CMP_LEVELS] = WF_CMP_LEVEL_NAMES;
static const unsigned level_groups[WF_CMP_LEVELS] = {
    [WF_CMP_LEVEL_FULL] = WF_CMP_LEVEL_FULL_GROUPS,
    [WF_CMP_LEVEL_EVENTS] = WF_CMP_LEVEL_EVENTS_GROUPS,
    [WF_CMP_LEVEL_WINDOW] = WF_CMP_LEVEL_WINDOW_GROUPS,
    [WF_CMP_LEVEL_ARCH] = WF_CMP_LEVEL_ARCH_GROUPS,
};
_Static_assert(WF_CMP_LEVEL_FULL == 0, "flags without a level are the full level");

int wf_cmp_level_parse(const char *name)
{
    for (int l = 0; name && l < WF_CMP_LEVELS; l++)
        if (strcmp(name, level_names[l]) == 0) return l;
    return -1;
}

const char *wf_cmp_level_name(int level)
{
    return level >= 0 && level < WF_CMP_LEVELS ? level_names[level] : "?";
}

const char *wf_cmp_level_list(void) { return WF_CMP_LEVEL_LIST; }

unsigned wf_cmp_groups(unsigned flags)
{
    unsigned l = WF_CMP_FLAGS_GET_LEVEL(flags);
    unsigned g = l < WF_CMP_LEVELS ? level_groups[l] : WF_CMP_G_ALL;
    if (flags & WF_CMP_NO_HAZARD) g &= ~WF_CMP_G_HAZARD;
    return g;
}

int wf_cmp_obs_flags(const wf_config *cfg, const wf_obs *E, const wf_obs *A, unsigned flags,
                     wf_cmp_diff *out)
{
    const unsigned W = cfg->warps < WF_MAX_WARPS ? cfg->warps : WF_MAX_WARPS;
    if (out) out->differs = 0;
    /* fast path: equal bytes in the used portion imply equal fields */
    const unsigned char *e = (const unsigned char *)E, *a = (const unsigned char *)A;
    const int head_eq = memcmp(e, a, HEAD_BYTES) == 0;
    const int warps_eq = memcmp(E->warp, A->warp, W * sizeof E->warp[0]) == 0;
    const int tail_eq = memcmp(e + TAIL_OFF, a + TAIL_OFF, TAIL_BYTES) == 0;
    if (head_eq && warps_eq && tail_eq) return 0;
    /* slow path: typed fields in record order, those of the level's groups */
    const unsigned groups = wf_cmp_groups(flags);
    if (out) out->cycle = E->cycle;
    if (!head_eq && walk_head(E, A, groups, out)) return 1;
    if (!warps_eq)
        for (unsigned w = 0; w < W; w++) {
            if (memcmp(&E->warp[w], &A->warp[w], sizeof E->warp[w]) == 0) continue;
            if (walk_warp(cfg, w, &E->warp[w], &A->warp[w], groups, out)) return 1;
        }
    if (!tail_eq && walk_tail(cfg, E, A, groups, out)) return 1;
    if (out) out->differs = 0;
    return 0; /* the bytes differed only where no compared field lives */
}

int wf_cmp_obs(const wf_config *cfg, const wf_obs *expected, const wf_obs *actual,
               wf_cmp_diff *out)
{
    return wf_cmp_obs_flags(cfg, expected, actual, 0, out);
}

/* ---- history ------------------------------------------------------------------- */

void wf_cmp_history_init(wf_cmp_history *h) { memset(h, 0, sizeof *h); }

static void keep(unsigned char *dst, const wf_obs *ob)
{
    memcpy(dst, ob, HEAD_BYTES);
    memcpy(dst + HEAD_BYTES, (const unsigned char *)ob + TAIL_OFF, TAIL_BYTES);
}

void wf_cmp_history_push(wf_cmp_history *h, const wf_obs *expected, const wf_obs *actual)
{
    keep(h->exp[h->next], expected);
    keep(h->act[h->next], actual);
    h->next = (h->next + 1) % WF_CMP_HISTORY;
    h->count++;
}

int wf_cmp_history_get(const wf_cmp_history *h, unsigned k, int actual_side, wf_obs *out)
{
    if (k >= WF_CMP_HISTORY || k >= h->count) return -1;
    unsigned i = (h->next + WF_CMP_HISTORY - 1 - k) % WF_CMP_HISTORY;
    const unsigned char *src = actual_side ? h->act[i] : h->exp[i];
    memset(out, 0, sizeof *out);
    memcpy(out, src, HEAD_BYTES);
    memcpy((unsigned char *)out + TAIL_OFF, src + HEAD_BYTES, TAIL_BYTES);
    return 0;
}


/* ---- the arch level: a client of the transaction-level checker -------------------------- */

/* The levels that compare per-warp event streams instead of records: the
 * transaction-level checker (wf_txcheck.h) in feed mode, both sides' records
 * fed as they come; arch checks order and values only, window also cycles. */
static int tx_level(unsigned level) { return level == WF_CMP_LEVEL_ARCH || level == WF_CMP_LEVEL_WINDOW; }
int wf_cmp_level_streams(int level) { return level >= 0 && tx_level((unsigned)level); }

void wf_cmp_history_release(wf_cmp_history *h)
{
    wf_tx_destroy(h->tx);
    h->tx = NULL;
}

/* the checker's first divergence as the comparator's difference */
static int tx_diff(const wf_txcheck *tx, wf_cmp_diff *out)
{
    if (!out) return 1;
    const wf_tx_divergence *d = wf_tx_result(tx);
    static const char *const suffix[] = {[WF_TX_UNEXPECTED] = " (DUT only)", [WF_TX_MISSING] = " (model only)",
                                         [WF_TX_TIMING] = " (cycle)", [WF_TX_MODEL_LIMIT] = ""};
    out->differs = 1;
    out->cycle = d->model_cycle != WF_TX_NO_CYCLE ? d->model_cycle : d->dut_cycle != WF_TX_NO_CYCLE ? d->dut_cycle : 0;
    /* the arch paths are at most 40 characters with the suffix */
    snprintf(out->path, sizeof out->path, "%.*s%s", (int)(sizeof out->path - 14), d->field,
             d->kind >= 0 && d->kind <= WF_TX_MODEL_LIMIT && suffix[d->kind] ? suffix[d->kind] : "");
    out->expected = d->expected;
    out->actual = d->actual;
    return 1;
}

int wf_cmp_history_setup(wf_cmp_history *h, const wf_config *cfg, const wf_program *prog,
                         unsigned flags, char *err, size_t errlen)
{
    const unsigned level = WF_CMP_FLAGS_GET_LEVEL(flags);
    if (!tx_level(level)) return 0;
    wf_cmp_history_release(h);
    const wf_tx_opts o = {.timing = level == WF_CMP_LEVEL_WINDOW ? WF_TX_DRIFT : WF_TX_ORDER,
                          .window = WF_CMP_WINDOW, .feed = 1};
    h->tx = wf_tx_create(cfg, prog, NULL, &o, err, errlen);
    return h->tx ? 0 : -1;
}

static int tx_step(const wf_config *cfg, wf_cmp_history *h, unsigned flags, const wf_obs *E,
                   const wf_obs *A, wf_cmp_diff *out)
{
    if (out) out->differs = 0;
    if (!h->tx) {
        char err[256];
        if (wf_cmp_history_setup(h, cfg, NULL, flags, err, sizeof err)) {
            fprintf(stderr, "compare: %s\n", err);
            abort(); /* an unchecked configuration or out of memory: a harness bug */
        }
    }
    if (E && wf_tx_model_obs(h->tx, E)) return tx_diff(h->tx, out);
    if (A && wf_tx_dut_obs(h->tx, A)) return tx_diff(h->tx, out);
    return 0;
}

int wf_cmp_finish(const wf_config *cfg, wf_cmp_history *h, wf_cmp_diff *out)
{
    (void)cfg;
    if (out) out->differs = 0;
    if (!tx_level(WF_CMP_FLAGS_GET_LEVEL(h->flags)) || !h->tx) return 0;
    return wf_tx_done(h->tx, 0) ? tx_diff(h->tx, out) : 0; /* no model done cycle: not checked */
}

int wf_cmp_finish_cycles(const wf_config *cfg, wf_cmp_history *h, uint64_t model_cycles,
                         uint64_t dut_cycles, wf_cmp_diff *out)
{
    (void)cfg;
    if (out) out->differs = 0;
    if (!tx_level(WF_CMP_FLAGS_GET_LEVEL(h->flags)) || !h->tx) return 0;
    if (wf_tx_model_done(h->tx, model_cycles) || wf_tx_done(h->tx, dut_cycles)) return tx_diff(h->tx, out);
    return 0;
}

int wf_cmp_step(const wf_config *cfg, wf_cmp_history *h, const wf_obs *expected,
                const wf_obs *actual, unsigned flags, wf_cmp_diff *out)
{
    h->flags = flags;
    if (tx_level(WF_CMP_FLAGS_GET_LEVEL(flags))) {
        if (expected && actual) wf_cmp_history_push(h, expected, actual);
        return tx_step(cfg, h, flags, expected, actual, out);
    }
    wf_cmp_history_push(h, expected, actual);
    return wf_cmp_obs_flags(cfg, expected, actual, flags, out);
}

/* ---- summaries and the report ------------------------------------------------------ */

typedef struct {
    char *p;
    size_t left;
} sbuf;

static void put(sbuf *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(sbuf *s, const char *fmt, ...)
{
    if (s->left <= 1) return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(s->p, s->left, fmt, ap);
    va_end(ap);
    if (k < 0) return;
    size_t n = (size_t)k < s->left ? (size_t)k : s->left - 1;
    s->p += n;
    s->left -= n;
}

static const char *const unit_names[] = {"-", "alu", "mul", "lsu"};
static const char *const fetch_kinds[] = {"hit", "miss", "merge", "full"};

static void holder_name(unsigned cu, char *buf, size_t len)
{
    if (cu == WF_OBS_SR) snprintf(buf, len, "SR");
    else if (cu == WF_OBS_NONE) snprintf(buf, len, "-");
    else snprintf(buf, len, "u%u", cu);
}

void wf_cmp_summary(const wf_config *cfg, const wf_obs *ob, char *buf, size_t len)
{
    sbuf s = {buf, len};
    char h[8];
    if (len) buf[0] = 0;
    put(&s, "%5" PRIu64, ob->cycle);
    if (ob->fetch.valid)
        put(&s, " F w%u.pc%u %s", ob->fetch.warp, ob->fetch.pc, fetch_kinds[ob->fetch.kind & 3]);
    if (ob->fill.valid) put(&s, " FILL m%u l%" PRIu32, ob->fill.mshr, ob->fill.line);
    if (ob->issue.valid) {
        holder_name(ob->issue.unit, h, sizeof h);
        put(&s, " I w%u.pc%u%s %s", ob->issue.warp, ob->issue.pc, ob->issue.replay ? "*" : "", h);
        if (ob->issue.sb_entry != WF_OBS_NONE) put(&s, " e%u", ob->issue.sb_entry);
    }
    if (ob->stall == WF_STALL_COLLECTOR) put(&s, " (stall cu)");
    if (ob->stall == WF_STALL_LSU) put(&s, " (stall lsu)");
    put(&s, " |");
    for (unsigned b = 0; b < cfg->banks && b < WF_MAX_BANKS; b++) {
        const wf_obs_bank *k = &ob->bank[b];
        if (k->kind == WF_BANK_READ) {
            holder_name(k->cu, h, sizeof h);
            put(&s, " b%u:R w%u.r%u %s%c", b, k->warp, k->reg, h, 'a' + (k->slot % 3));
        } else if (k->kind == WF_BANK_WRITE) {
            put(&s, " b%u:W w%u.r%u %s", b, k->warp, k->reg, unit_names[k->unit & 3]);
        }
    }
    put(&s, " |");
    const wf_obs_cu *cu = cfg->loops == 3 ? ob->cu : &ob->sr;
    unsigned ncu = cfg->loops == 3 ? (cfg->collectors < WF_MAX_CUS ? cfg->collectors : WF_MAX_CUS) : 1;
    for (unsigned u = 0; u < ncu; u++) {
        if (!cu[u].valid) continue;
        char pend[4];
        unsigned n = 0;
        for (unsigned k = 0; k < 3; k++)
            if (cu[u].pending >> k & 1u) pend[n++] = (char)('a' + k);
        pend[n] = 0;
        if (cfg->loops == 3) put(&s, " u%u:w%u.pc%u[%s]", u, cu[u].warp, cu[u].pc, pend);
        else put(&s, " SR:w%u.pc%u[%s]", cu[u].warp, cu[u].pc, pend);
    }
    for (unsigned x = 0; x < WF_NUNITS; x++)
        if (ob->dispatch[x].valid) {
            holder_name(ob->dispatch[x].cu, h, sizeof h);
            put(&s, " D%s w%u.pc%u<%s", unit_names[x + 1], ob->dispatch[x].warp,
                ob->dispatch[x].pc, h);
        }
    if (ob->piece.valid)
        put(&s, " P w%u.pc%u l%" PRIu32 " m%" PRIx32 "%s", ob->piece.warp, ob->piece.pc,
            ob->piece.line, ob->piece.lanes, ob->piece.last ? " last" : "");
    for (unsigned x = 0; x < WF_NUNITS; x++) {
        const wf_obs_wb *wb = &ob->wb[x];
        if (!wb->valid) continue;
        put(&s, " WB%s w%u.r%u b%u m%" PRIx32, unit_names[x + 1], wb->warp, wb->reg, wb->bank,
            wb->lanes);
        if (wb->lanes) put(&s, " d0x%" PRIx32, wb->data[__builtin_ctz(wb->lanes)]);
        if (wb->release != WF_OBS_NONE) put(&s, " rel%u", wb->release);
    }
    if (ob->branch.valid)
        put(&s, " BR w%u %s @%u", ob->branch.warp, ob->branch.taken ? "taken" : "not", ob->branch.target);
    if (ob->lsu_stall) put(&s, " lsu_stall");
    if (ob->done) put(&s, " done");
}

void wf_cmp_config_options(const wf_config *cfg, char *buf, size_t len)
{
    sbuf s = {buf, len};
    size_t n;
    const wf_param *p = wf_params(&n);
    if (len) buf[0] = 0;
    for (size_t i = 0; i < n; i++) {
        char name[32];
        size_t k = 0;
        for (const char *c = p[i].name; *c && k + 1 < sizeof name; c++) name[k++] = *c == '_' ? '-' : *c;
        name[k] = 0;
        unsigned v = wf_config_get(cfg, &p[i]);
        if (p[i].kind == WF_PARAM_ENUM && v <= p[i].max && p[i].enum_names[v] && *p[i].enum_names[v])
            put(&s, "%s--%s %s", i ? " " : "", name, p[i].enum_names[v]);
        else
            put(&s, "%s--%s %u", i ? " " : "", name, v);
    }
}

unsigned wf_cmp_history_lines(const wf_config *cfg, const wf_cmp_history *history, char *lines, size_t linelen,
                              unsigned max)
{
    if (!history || !history->count || max < 2) return 0;
    unsigned kept = history->count < WF_CMP_HISTORY ? (unsigned)history->count : WF_CMP_HISTORY;
    if (kept > max / 2) kept = max / 2;
    char line[1024];
    unsigned n = 0;
    wf_obs *e = malloc(sizeof *e), *a = malloc(sizeof *a);
    for (unsigned k = kept; e && a && k-- > 0;) {
        wf_cmp_history_get(history, k, 0, e);
        wf_cmp_history_get(history, k, 1, a);
        /* warp[] is not kept (zero on both sides): compares the rest */
        int dif = wf_cmp_obs_flags(cfg, e, a, history->flags | WF_CMP_NO_HAZARD, NULL);
        wf_cmp_summary(cfg, e, line, sizeof line);
        snprintf(lines + n++ * linelen, linelen, "%cE%s", dif ? '!' : ' ', line);
        wf_cmp_summary(cfg, a, line, sizeof line);
        snprintf(lines + n++ * linelen, linelen, "%cA%s", dif ? '!' : ' ', line);
    }
    free(e);
    free(a);
    if (history->tx && wf_tx_status(history->tx)) { /* arch: the model's side of the warp */
        const wf_tx_divergence *t = wf_tx_result(history->tx);
        for (unsigned i = 0; i < t->history_len && i < WF_TX_HISTORY && n < max; i++)
            snprintf(lines + n++ * linelen, linelen, "M %s", t->history[i]);
    }
    return n;
}

void wf_cmp_print_report(FILE *f, uint64_t cycle, const char *field, uint64_t expected, uint64_t actual,
                         unsigned level, const char *lines, size_t linelen, unsigned nlines, const wf_config *cfg,
                         uint64_t seed, const char *repro)
{
    fprintf(f, "LOCKSTEP MISMATCH at cycle %" PRIu64 "\n", cycle);
    fprintf(f, "  field:    %s\n", field);
    fprintf(f, "  expected: %" PRIu64 " (0x%" PRIx64 ")  [C model]\n", expected, expected);
    fprintf(f, "  actual:   %" PRIu64 " (0x%" PRIx64 ")  [DUT]\n", actual, actual);
    if (level != WF_CMP_LEVEL_FULL) /* full, the default, prints what it always did */
        fprintf(f, "  compare:  %s level (docs/verification.md \"Compare levels\")\n", wf_cmp_level_name((int)level));
    unsigned cycles = 0; /* E/A pairs; the lines after them are the model's events (arch) */
    while (cycles < nlines && lines[cycles * linelen] != 'M') cycles++;
    if (cycles) fprintf(f, "  last %u cycles (E = expected, A = actual, ! = records differ):\n", cycles / 2);
    for (unsigned k = 0; k < cycles; k++) fprintf(f, "  %s\n", lines + k * linelen);
    if (cycles < nlines) fprintf(f, "  model events of the warp (oldest first):\n");
    for (unsigned k = cycles; k < nlines; k++) fprintf(f, "    %s\n", lines + k * linelen + 2);
    fprintf(f, "  seed:     %" PRIu64 " (0x%" PRIx64 ")\n", seed, seed);
    char opts[2048];
    wf_cmp_config_options(cfg, opts, sizeof opts);
    fprintf(f, "  config:   %s\n", opts);
    if (repro) fprintf(f, "  reproduce: %s\n", repro);
    fflush(f);
}

void wf_cmp_report(FILE *f, const wf_config *cfg, const wf_cmp_diff *d,
                   const wf_cmp_history *history, uint64_t seed, const char *repro)
{
    static const size_t linelen = 1024;
    const unsigned level = history ? WF_CMP_FLAGS_GET_LEVEL(history->flags) : WF_CMP_LEVEL_FULL;
    char *lines = malloc((2 * WF_CMP_HISTORY + WF_TX_HISTORY) * linelen);
    const unsigned n = lines ? wf_cmp_history_lines(cfg, history, lines, linelen, 2 * WF_CMP_HISTORY + WF_TX_HISTORY) : 0;
    wf_cmp_print_report(f, d->cycle, d->differs ? d->path : "(none: records equal)", d->expected, d->actual, level,
                        lines, linelen, n, cfg, seed, repro);
    free(lines);
}

/* ---- final state -------------------------------------------------------------------- */

int wf_cmp_arch(const wf_arch_state *e, const wf_arch_state *a, char *buf, size_t len)
{
    char tmp[256];
    if (!buf || !len) {
        buf = tmp;
        len = sizeof tmp;
    }
    wf_arch_diff(e, a, buf, len);
    if (buf[0]) return 1;
    if (e->retired && a->retired)
        for (unsigned w = 0; w < e->warps; w++)
            if (e->retired[w] != a->retired[w]) {
                snprintf(buf, len, "warp %u retired: %" PRIu64 " vs %" PRIu64, w, e->retired[w],
                         a->retired[w]);
                return 1;
            }
    return 0;
}

/* ---- field read by path ("issue.pc", "bank[2].warp", "warp[1].ibuf[0].dep",
 * "wb[2].data[5]": the paths of the comparator's reports) ---------------------- */
typedef struct fdesc fdesc;
struct fdesc {
    const char *name;
    size_t off;        /* in the enclosing struct */
    unsigned size;     /* scalar bytes (1, 2, 4, 8); 0: a struct described by sub */
    unsigned count;    /* 0: not an array; n: [0..n-1] with stride */
    size_t stride;
    const fdesc *sub;  /* NULL-name terminated */
};
/* scalar member f of struct T; member f of T's member `in` (an anonymous struct) */
#define S(T, f) {#f, offsetof(T, f), sizeof(((T *)0)->f), 0, 0, NULL}
#define M(T, in, f) {#f, offsetof(T, in.f) - offsetof(T, in), sizeof(((T *)0)->in.f), 0, 0, NULL}
/* array of scalars; struct member (n = 0) or array of structs, described by sub */
#define A(T, f) {#f, offsetof(T, f), sizeof(((T *)0)->f[0]), sizeof(((T *)0)->f) / sizeof(((T *)0)->f[0]), sizeof(((T *)0)->f[0]), NULL}
#define G(T, f, sub) {#f, offsetof(T, f), 0, 0, 0, sub}
#define GA(T, f, sub) {#f, offsetof(T, f), 0, sizeof(((T *)0)->f) / sizeof(((T *)0)->f[0]), sizeof(((T *)0)->f[0]), sub}
#define END {NULL, 0, 0, 0, 0, NULL}
static const fdesc d_sb[] = {M(wf_obs_warp, sb[0], valid), M(wf_obs_warp, sb[0], reg), END};
static const fdesc d_slot[] = {S(wf_obs_slot, valid), S(wf_obs_slot, issued), S(wf_obs_slot, pc),
                               S(wf_obs_slot, dep), S(wf_obs_slot, lanes_left), END};
static const fdesc d_warp[] = {S(wf_obs_warp, fetch_pc), S(wf_obs_warp, fetch_state),
                               S(wf_obs_warp, exited), S(wf_obs_warp, inflight),
                               S(wf_obs_warp, mem_inflight), S(wf_obs_warp, collecting),
                               S(wf_obs_warp, filter), GA(wf_obs_warp, sb, d_sb),
                               GA(wf_obs_warp, ibuf, d_slot), S(wf_obs_warp, hazard),
                               S(wf_obs_warp, hazard_mask), END};
static const fdesc d_bank[] = {S(wf_obs_bank, kind), S(wf_obs_bank, warp), S(wf_obs_bank, reg),
                               S(wf_obs_bank, cu),   S(wf_obs_bank, slot), S(wf_obs_bank, unit), END};
static const fdesc d_cu[] = {S(wf_obs_cu, valid),   S(wf_obs_cu, warp),  S(wf_obs_cu, pc),
                             S(wf_obs_cu, pending), S(wf_obs_cu, ready), S(wf_obs_cu, older), END};
static const fdesc d_disp[] = {S(wf_obs_dispatch, valid), S(wf_obs_dispatch, warp),
                               S(wf_obs_dispatch, pc), S(wf_obs_dispatch, cu), END};
static const fdesc d_piece[] = {S(wf_obs_piece, valid), S(wf_obs_piece, warp),  S(wf_obs_piece, pc),
                                S(wf_obs_piece, line),  S(wf_obs_piece, lanes), S(wf_obs_piece, last), END};
static const fdesc d_wb[] = {S(wf_obs_wb, valid), S(wf_obs_wb, warp),  S(wf_obs_wb, reg),
                             S(wf_obs_wb, bank),  S(wf_obs_wb, lanes), A(wf_obs_wb, data),
                             S(wf_obs_wb, release), END};
static const fdesc d_branch[] = {S(wf_obs_branch, valid), S(wf_obs_branch, warp),
                                 S(wf_obs_branch, taken), S(wf_obs_branch, target), END};
static const fdesc d_fetch[] = {M(wf_obs, fetch, valid), M(wf_obs, fetch, warp), M(wf_obs, fetch, kind),
                                M(wf_obs, fetch, pc), END};
static const fdesc d_fill[] = {M(wf_obs, fill, valid), M(wf_obs, fill, mshr), M(wf_obs, fill, line), END};
static const fdesc d_issue[] = {M(wf_obs, issue, valid),  M(wf_obs, issue, warp), M(wf_obs, issue, pc),
                                M(wf_obs, issue, replay), M(wf_obs, issue, unit), M(wf_obs, issue, sb_entry),
                                END};
static const fdesc d_obs[] = {S(wf_obs, cycle),          G(wf_obs, fetch, d_fetch),
                              G(wf_obs, fill, d_fill),   GA(wf_obs, warp, d_warp),
                              G(wf_obs, issue, d_issue), S(wf_obs, stall),
                              GA(wf_obs, bank, d_bank),  GA(wf_obs, cu, d_cu),
                              G(wf_obs, sr, d_cu),       GA(wf_obs, dispatch, d_disp),
                              G(wf_obs, piece, d_piece), GA(wf_obs, wb, d_wb),
                              G(wf_obs, branch, d_branch), S(wf_obs, lsu_stall),
                              S(wf_obs, done),           END};
#undef END
#undef GA
#undef G
#undef A
#undef M
#undef S

/* 0 and the value, or -1 (unknown name, index out of range, a struct not a field) */
static int field_read(const fdesc *t, const unsigned char *base, const char *p, uint64_t *v)
{
    for (;;) {
        size_t n = strcspn(p, ".[");
        const fdesc *f = t;
        while (f->name && (strlen(f->name) != n || strncmp(f->name, p, n))) f++;
        if (!f->name) return -1;
        p += n;
        base += f->off;
        if (f->count) {
            char *end;
            if (*p != '[') return -1;
            unsigned long i = strtoul(p + 1, &end, 10);
            if (end == p + 1 || *end != ']' || i >= f->count) return -1;
            base += i * f->stride;
            p = end + 1;
        }
        if (!f->sub) {
            if (*p) return -1;
            uint8_t u8;
            uint16_t u16;
            uint32_t u32;
            switch (f->size) {
            case 1: memcpy(&u8, base, 1); *v = u8; break;
            case 2: memcpy(&u16, base, 2); *v = u16; break;
            case 4: memcpy(&u32, base, 4); *v = u32; break;
            default: memcpy(v, base, 8); break;
            }
            return 0;
        }
        if (*p != '.') return -1;
        p++;
        t = f->sub;
    }
}

int wf_cmp_field(const wf_obs *ob, const char *path, uint64_t *value)
{
    *value = 0;
    return field_read(d_obs, (const unsigned char *)ob, path, value);
}
