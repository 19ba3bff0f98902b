/* Functional coverage from the §11 observation record (cmodel/include/wf_cov.h,
 * where every bin is defined). It reads only the model's records, so it sits
 * in the model's layer, below wfsim and the verification library. */
#include "wf_bits.h"
#include "wf_cov.h"

#include <inttypes.h>
#include <string.h>

#define SR_HOLDER WF_MAX_CUS
#define WIN_MASK (WF_COV_WINDOW - 1u)
_Static_assert((WF_COV_WINDOW & (WF_COV_WINDOW - 1u)) == 0 && WF_COV_WINDOW >= 64,
               "WF_COV_WINDOW: a power of two >= 64");

static const char *const hazard_names[WF_HZ_COUNT] = {
    "ready", "no_head", "wait_lsu", "dependency", "sb_full", "inflight",
    "staging", "war", "mem_order", "lsu_stall"};
static const char *const fetch_names[4] = {"hit", "miss", "merge", "mshr_full"};
static const char *const unit_names[WF_NUNITS] = {"alu", "mul", "lsu"};
static const char *const split_names[7] = {"1", "2", "3", "4", "5-8", "9-16", "17-32"};
static const unsigned split_lo[7] = {1, 2, 3, 4, 5, 9, 17};
static const char *const loss_names[3] = {"mul_lsu", "alu_lsu", "alu_mul"};
#define NO_CYCLE UINT64_MAX
#define HIST_MASK (WF_COV_HIST - 1u)
_Static_assert((WF_COV_HIST & (WF_COV_HIST - 1u)) == 0 && WF_COV_HIST >= 64,
               "WF_COV_HIST: a power of two >= 64");
_Static_assert(WF_COV_PIPE >= WF_MAX_ALU_LAT && WF_COV_PIPE >= WF_MAX_MUL_LAT && WF_COV_PIPE <= 255,
               "WF_COV_PIPE holds every instance of a unit");

static unsigned min_u(unsigned a, unsigned b) { return a < b ? a : b; }

/* The name of a value of an enum parameter ("war" 4 -> "bloom"). */
static const char *enum_name(const char *param, unsigned v)
{
    const wf_param *p = wf_param_find(param);
    if (!p || p->kind != WF_PARAM_ENUM || v > p->max || !p->enum_names[v]) return "?";
    return p->enum_names[v];
}

void wf_cov_bin_name(unsigned bin, char *buf, size_t len)
{
    unsigned i;
    if (bin < WF_COV_RUN_LAYOUT) snprintf(buf, len, "run.loops=%u", bin - WF_COV_RUN_LOOPS + 1);
    else if (bin < WF_COV_RUN_WAR)
        snprintf(buf, len, "run.layout=%s", enum_name("layout", bin - WF_COV_RUN_LAYOUT));
    else if (bin < WF_COV_RUN_SCHED)
        snprintf(buf, len, "run.war=%s", enum_name("war", bin - WF_COV_RUN_WAR));
    else if (bin < WF_COV_RUN_HAZARD)
        snprintf(buf, len, "run.sched=%s", enum_name("sched", bin - WF_COV_RUN_SCHED));
    else if (bin < WF_COV_FETCH)
        snprintf(buf, len, "run.hazard=%s", enum_name("hazard", bin - WF_COV_RUN_HAZARD));
    else if (bin < WF_COV_FETCH_MERGE_FILL) snprintf(buf, len, "fetch.%s", fetch_names[bin - WF_COV_FETCH]);
    else if (bin >= WF_COV_HAZARD && bin < WF_COV_HAZARD_NF)
        snprintf(buf, len, "hazard.%s", hazard_names[bin - WF_COV_HAZARD]);
    else if (bin >= WF_COV_HAZARD_NF && bin < WF_COV_WAR_BLOCK)
        snprintf(buf, len, "hazard_nf.%s", hazard_names[bin - WF_COV_HAZARD_NF + WF_COV_NF_FIRST]);
    else if (bin >= WF_COV_WAR_BLOCK && bin < WF_COV_ISSUE_CU)
        snprintf(buf, len, "war.block.%s", enum_name("war", bin - WF_COV_WAR_BLOCK));
    else if (bin >= WF_COV_BANK_READ && bin < WF_COV_BANK_OLDEST_WINS) {
        static const char *const what[6] = {"read", "write", "conflict", "conflict_read",
                                            "write_beats_read", "write_loss"};
        i = bin - WF_COV_BANK_READ;
        snprintf(buf, len, "bank[%u].%s", i % WF_MAX_BANKS, what[i / WF_MAX_BANKS]);
    } else if (bin >= WF_COV_DISPATCH && bin < WF_COV_DISPATCH_MULTI)
        snprintf(buf, len, "dispatch.%s", unit_names[bin - WF_COV_DISPATCH]);
    else if (bin >= WF_COV_DISPATCH_BUSY && bin < WF_COV_DISPATCH_OLDEST_WINS)
        snprintf(buf, len, "dispatch.busy.%s", unit_names[bin - WF_COV_DISPATCH_BUSY]);
    else if (bin >= WF_COV_WB && bin < WF_COV_WB_MULTI)
        snprintf(buf, len, "wb.%s", unit_names[bin - WF_COV_WB]);
    else if (bin >= WF_COV_WB_LOSS && bin < WF_COV_WB_LOSS_END)
        snprintf(buf, len, "wb.loss.%s", loss_names[bin - WF_COV_WB_LOSS]);
    else if (bin >= WF_COV_LSU_SPLIT && bin < WF_COV_LSU_STALL_FLAG)
        snprintf(buf, len, "lsu.split=%s", split_names[bin - WF_COV_LSU_SPLIT]);
    else {
        const char *n;
        switch (bin) {
        case WF_COV_FETCH_MERGE_FILL: n = "fetch.merge_fill"; break;
        case WF_COV_FILL: n = "fetch.fill"; break;
        case WF_COV_WAIT_MISS: n = "warp.wait_miss"; break;
        case WF_COV_WAIT_BRANCH: n = "warp.wait_branch"; break;
        case WF_COV_IBUF_FULL: n = "ibuf.full"; break;
        case WF_COV_SB_FULL: n = "sb.full"; break;
        case WF_COV_SB_FULL_HELD: n = "sb.full_held"; break;
        case WF_COV_SB_AR_DEP: n = "sb.ar_dep"; break;
        case WF_COV_WAR_HANDOFF: n = "war.handoff"; break;
        case WF_COV_SB_RELEASE: n = "sb.release"; break;
        case WF_COV_ISSUE_CU: n = "issue.cu"; break;
        case WF_COV_ISSUE_SR: n = "issue.sr"; break;
        case WF_COV_ISSUE_NO_UNIT: n = "issue.no_unit"; break;
        case WF_COV_REPLAY_COLLECTOR: n = "replay.collector"; break;
        case WF_COV_REPLAY_MEMORY: n = "replay.memory"; break;
        case WF_COV_STALL_COLLECTOR: n = "stall.collector"; break;
        case WF_COV_STALL_LSU: n = "stall.lsu"; break;
        case WF_COV_GTO_SWITCH: n = "sched.gto_switch"; break;
        case WF_COV_NOT_ELIGIBLE: n = "sched.not_eligible"; break;
        case WF_COV_CU_EXHAUSTED: n = "cu.exhausted"; break;
        case WF_COV_READ_MULTI_BANK: n = "read.multi_bank"; break;
        case WF_COV_READ_MERGE: n = "read.merge"; break;
        case WF_COV_READ_FILL_OVERLAP: n = "read.fill_overlap"; break;
        case WF_COV_BANK_OLDEST_WINS: n = "bank.oldest_wins"; break;
        case WF_COV_DISPATCH_MULTI: n = "dispatch.multi"; break;
        case WF_COV_DISPATCH_OLDEST_WINS: n = "dispatch.oldest_wins"; break;
        case WF_COV_WB_MULTI: n = "wb.multi"; break;
        case WF_COV_LSU_PIECE: n = "lsu.piece"; break;
        case WF_COV_LSU_STALL_FLAG: n = "lsu.stall_flag"; break;
        case WF_COV_BRANCH_TAKEN: n = "branch.taken"; break;
        case WF_COV_BRANCH_NOT_TAKEN: n = "branch.not_taken"; break;
        case WF_COV_BRANCH_MISS_PENDING: n = "branch.miss_pending"; break;
        case WF_COV_BRANCH_TO_PENDING_LINE: n = "branch.to_pending_line"; break;
        default: n = "?"; break;
        }
        snprintf(buf, len, "%s", n);
    }
}

/* Whether the contract allows bin to fire under cfg (run.* bins: always). */
static int applicable(const wf_config *c, unsigned bin)
{
    const unsigned active = c->active_warps ? c->active_warps : c->warps;
    const int m3 = c->loops == 3, replay = c->hazard == WF_HAZARD_REPLAY;
    if (bin < WF_COV_FETCH) return 1;
    if (bin >= WF_COV_HAZARD && bin < WF_COV_HAZARD_NF) {
        switch (bin - WF_COV_HAZARD) {
        case WF_HZ_WAIT_LSU: return replay;
        case WF_HZ_DEPENDENCY: /* mode 1 fetches only with nothing in flight */
        case WF_HZ_SB_FULL: return c->loops != 1;
        case WF_HZ_INFLIGHT: return c->loops == 1;
        case WF_HZ_STAGING: return c->loops != 3;
        case WF_HZ_WAR:
            return m3 && (c->war == WF_WAR_WB_COMMIT || c->war == WF_WAR_WB_READ ||
                          c->war == WF_WAR_BLOOM);
        case WF_HZ_MEM_ORDER: /* §10.5: never binds on its own in replay mode */
        case WF_HZ_LSU_STALL: return !replay;
        default: return 1;
        }
    }
    if (bin >= WF_COV_HAZARD_NF && bin < WF_COV_WAR_BLOCK) {
        switch (bin - WF_COV_HAZARD_NF + WF_COV_NF_FIRST) {
        case WF_HZ_DEPENDENCY: return 0; /* only `issued` precedes it, and an issued head has dep 0 */
        case WF_HZ_INFLIGHT: return c->loops == 1 && replay; /* behind an issued ld/st (§9.2) */
        /* mode 1 in stall mode: a head meets no earlier failing item, nor mem_inflight (§7.3) */
        case WF_HZ_STAGING: return c->loops == 2 || (c->loops == 1 && replay);
        case WF_HZ_MEM_ORDER: return c->loops != 1 || replay;
        default: return applicable(c, bin - WF_COV_HAZARD_NF + WF_COV_NF_FIRST + WF_COV_HAZARD);
        }
    }
    if (bin >= WF_COV_WAR_BLOCK && bin < WF_COV_ISSUE_CU)
        return m3 && bin - WF_COV_WAR_BLOCK == c->war && c->war != WF_WAR_NONE;
    if (bin >= WF_COV_BANK_READ && bin < WF_COV_BANK_OLDEST_WINS)
        return (bin - WF_COV_BANK_READ) % WF_MAX_BANKS < c->banks;
    if (bin >= WF_COV_LSU_SPLIT && bin < WF_COV_LSU_STALL_FLAG)
        return c->lanes >= split_lo[bin - WF_COV_LSU_SPLIT];
    switch (bin) {
    case WF_COV_FETCH + WF_FEV_MERGE:
    case WF_COV_FETCH_MERGE_FILL:
    case WF_COV_BRANCH_MISS_PENDING:
    case WF_COV_BRANCH_TO_PENDING_LINE: return active >= 2; /* another warp's miss */
    case WF_COV_FETCH + WF_FEV_MSHR_FULL: return active > c->imshrs;
    case WF_COV_SB_FULL: return c->loops != 1;
    case WF_COV_SB_FULL_HELD: /* mode 1: the held entry is the only valid one (§7.3) */
        return replay && c->lanes >= 2 && (c->loops != 1 || c->sb_entries == 1);
    case WF_COV_SB_AR_DEP: return c->alloc_stage && c->loops != 1; /* §4.4; §7.3 as hazard.dependency */
    case WF_COV_WAR_HANDOFF: /* §5.6 */
        return m3 && c->handoff_stage && (c->war == WF_WAR_WB_READ || c->war == WF_WAR_BLOOM);
    case WF_COV_ISSUE_CU:
    case WF_COV_CU_EXHAUSTED: return m3;
    case WF_COV_ISSUE_SR: return !m3;
    case WF_COV_REPLAY_COLLECTOR: return m3 && replay;
    case WF_COV_STALL_COLLECTOR: return m3 && !replay;
    case WF_COV_REPLAY_MEMORY: return replay && c->lanes >= 2;
    case WF_COV_STALL_LSU:
    case WF_COV_LSU_STALL_FLAG: return !replay && c->lanes >= 2;
    case WF_COV_GTO_SWITCH: return c->sched == WF_SCHED_GTO && active >= 2;
    case WF_COV_NOT_ELIGIBLE: return c->ready_stage; /* §5.7 */
    case WF_COV_READ_MULTI_BANK: return c->banks >= 2;
    case WF_COV_READ_FILL_OVERLAP: return m3 && c->fill_stage; /* §6.5 */
    case WF_COV_DISPATCH_MULTI: return m3;
    case WF_COV_BANK_OLDEST_WINS:
    case WF_COV_DISPATCH_OLDEST_WINS: return m3 && c->collectors >= 2;
    case WF_COV_DISPATCH_BUSY + WF_UNIT_LSU - 1: /* replay: the LSU never holds an instance */
        return !replay && c->lanes >= 2;
    default: return 1;
    }
}

void wf_cov_init(wf_cov *cov) { memset(cov, 0, sizeof *cov); }

/* the interpreter's step limit: a generated or example program runs far fewer */
#define ISA_MAX_STEPS 10000000u

int wf_cov_sample_program(wf_cov *cov, const wf_config *cfg, const wf_program *prog,
                          const uint32_t *mem_init, char *err, size_t errlen)
{
    return wf_isacov_run(&cov->isa, cfg, prog, mem_init, ISA_MAX_STEPS, err, errlen);
}

static void new_run(wf_cov *cov, const wf_config *cfg, uint64_t cycle)
{
    cov->started = 1;
    cov->gto_last = 0;
    for (unsigned h = 0; h < WF_COV_HOLDERS; h++) cov->holder_start[h] = cycle;
    memset(cov->prev_valid, 0, sizeof cov->prev_valid);
    memset(cov->prev_issued_into, 0, sizeof cov->prev_issued_into);
    memset(cov->pieces, 0, sizeof cov->pieces);
    memset(cov->written, 0, sizeof cov->written);
    memset(cov->marked, 0, sizeof cov->marked);
    memset(cov->grant_h, 0xFF, sizeof cov->grant_h);
    memset(cov->disp_h, 0xFF, sizeof cov->disp_h);
    memset(cov->wb_bank, 0xFF, sizeof cov->wb_bank);
    memset(cov->age_marked, 0, sizeof cov->age_marked);
    memset(cov->loss_marked, 0, sizeof cov->loss_marked);
    for (unsigned h = 0; h < WF_COV_HOLDERS; h++) cov->req_since[h] = NO_CYCLE;
    memset(cov->pipe_head, 0, sizeof cov->pipe_head);
    memset(cov->pipe_n, 0, sizeof cov->pipe_n);
    cov->pipe_left[0] = cov->pipe_left[1] = 0;
    cov->pipes_known = cycle == 0; /* instances dispatched before the first record are unknown */
    cov->mshr_n = 0;
    for (unsigned b = 0; b < WF_COV_NBINS; b++) cov->app[b] = (uint8_t)applicable(cfg, b);
    if (cycle != 0) return;
    cov->runs++;
    const unsigned run_bins[5][2] = {{WF_COV_RUN_LOOPS, cfg->loops - 1},
                                     {WF_COV_RUN_LAYOUT, cfg->layout},
                                     {WF_COV_RUN_WAR, cfg->war},
                                     {WF_COV_RUN_SCHED, cfg->sched},
                                     {WF_COV_RUN_HAZARD, cfg->hazard}};
    for (unsigned b = 0; b < WF_COV_FETCH; b++) cov->applicable[b]++;
    for (unsigned i = 0; i < 5; i++) cov->hits[run_bins[i][0] + run_bins[i][1]]++;
}

static unsigned holder_of(uint8_t cu) { return cu == WF_OBS_SR ? SR_HOLDER : cu; }

static int get_bit(const uint64_t *v, uint64_t c) { return (int)(v[(c & WIN_MASK) / 64] >> (c % 64) & 1u); }

static void put_bit(uint64_t *v, uint64_t c, int x)
{
    const uint64_t m = (uint64_t)1 << (c % 64);
    if (x) v[(c & WIN_MASK) / 64] |= m;
    else v[(c & WIN_MASK) / 64] &= ~m;
}

/* A slot of holder h granted at bank b in cycle c waited from the holder's
 * allocation to c - 1: each of those cycles is a conflict cycle of bank b. */
static void attribute_wait(wf_cov *cov, unsigned b, unsigned h, uint64_t c)
{
    uint64_t from = cov->holder_start[h];
    if (from >= c) return;
    if (c - from >= WF_COV_WINDOW) {
        cov->window_overflow++;
        from = c - WF_COV_WINDOW + 1;
    }
    for (uint64_t t = from; t < c; t++) {
        if (get_bit(cov->marked[b], t)) continue;
        put_bit(cov->marked[b], t, 1);
        cov->hits[WF_COV_BANK_CONFLICT + b]++;
        if (get_bit(cov->written[b], t)) cov->hits[WF_COV_BANK_WRITE_BEATS_READ + b]++;
        else cov->hits[WF_COV_BANK_CONFLICT_READ + b]++;
    }
}

/* The first cycle of [from, c) the arbitration history still holds. */
static uint64_t hist_from(wf_cov *cov, uint64_t from, uint64_t c)
{
    if (c - from <= WF_COV_HIST) return from;
    cov->window_overflow++;
    return c - WF_COV_HIST;
}

/* A mark in a per-bank history bitmap for cycle t: 1 if it was not set yet. */
static int mark_once(uint64_t *v, uint64_t t)
{
    const uint64_t m = (uint64_t)1 << (t % 64);
    uint64_t *w = &v[(t & HIST_MASK) / 64];
    if (*w & m) return 0;
    *w |= m;
    return 1;
}

/* §6.4: a slot of CU h granted at bank b in cycle c waited from the CU's
 * allocation: each cycle of it in which b served a CU of higher index (older,
 * since the oldest wins) counts once per bank and cycle. */
static void oldest_wins_bank(wf_cov *cov, unsigned b, unsigned h, uint64_t c)
{
    const uint64_t start = cov->holder_start[h];
    if (h >= WF_MAX_CUS || start >= c) return;
    for (uint64_t t = hist_from(cov, start, c); t < c; t++) {
        const unsigned g = cov->grant_h[b][t & HIST_MASK];
        if (g < WF_MAX_CUS && g > h && mark_once(cov->age_marked[b], t)) cov->hits[WF_COV_BANK_OLDEST_WINS]++;
    }
}

/* §7.1, §7.2: holder h dispatched to unit x in cycle c after requesting since
 * req_since[h]: each waiting cycle either another holder took the unit or the
 * unit's stage 1 did not accept. */
static void dispatch_waits(wf_cov *cov, unsigned x, unsigned h, uint64_t c)
{
    const uint64_t since = cov->req_since[h];
    cov->req_since[h] = NO_CYCLE;
    if (since == NO_CYCLE || since >= c) return;
    for (uint64_t t = hist_from(cov, since, c); t < c; t++) {
        const unsigned g = cov->disp_h[x][t & HIST_MASK];
        if (g == 0xFF) cov->hits[WF_COV_DISPATCH_BUSY + x]++;
        else if (g < WF_MAX_CUS && h < WF_MAX_CUS && g > h) cov->hits[WF_COV_DISPATCH_OLDEST_WINS]++;
    }
}

/* §10.3: the oldest instance of unit p (0 ALU, 1 MUL) left its last stage in
 * cycle c, writing bank b (b = 0xFF: no write, a bnz). It reached the last stage
 * in max(d + lat, the previous leave + 1); every cycle since it lost its bank to
 * the unit that wrote it then (LSU, else MUL for an ALU result). */
static void pipe_leave(wf_cov *cov, const wf_config *cfg, unsigned p, unsigned b, uint64_t c)
{
    if (!cov->pipe_n[p]) return;
    const uint64_t d = cov->pipe_d[p][cov->pipe_head[p]];
    cov->pipe_head[p] = (uint8_t)((cov->pipe_head[p] + 1u) % WF_COV_PIPE);
    cov->pipe_n[p]--;
    const uint64_t lat = p == 0 ? cfg->alu_lat : cfg->mul_lat;
    uint64_t arrive = d + lat;
    if (cov->pipe_left[p] + 1 > arrive) arrive = cov->pipe_left[p] + 1;
    cov->pipe_left[p] = c;
    if (b >= WF_MAX_BANKS || arrive >= c) return;
    for (uint64_t t = hist_from(cov, arrive, c); t < c; t++) {
        const unsigned i = t & HIST_MASK;
        unsigned loss;
        if (cov->wb_bank[WF_UNIT_LSU - 1][i] == b) loss = p == 0 ? WF_COV_LOSS_ALU_LSU : WF_COV_LOSS_MUL_LSU;
        else if (p == 0 && cov->wb_bank[WF_UNIT_MUL - 1][i] == b) loss = WF_COV_LOSS_ALU_MUL;
        else {
            cov->derive_errors++;
            continue;
        }
        cov->hits[WF_COV_WB_LOSS + loss]++;
        if (mark_once(cov->loss_marked[b], t)) cov->hits[WF_COV_BANK_WRITE_LOSS + b]++;
    }
}

void wf_cov_sample(wf_cov *cov, const wf_config *cfg, const wf_obs *ob)
{
    const uint64_t c = ob->cycle;
    const int consecutive = cov->started && c == cov->last_cycle + 1;
    if (c == 0 || !cov->started || !consecutive) new_run(cov, cfg, c);
    cov->last_cycle = c;
    cov->cycles++;
    for (unsigned b = WF_COV_FETCH; b < WF_COV_NBINS; b++) cov->applicable[b] += cov->app[b];
    uint64_t *hit = cov->hits;
    const unsigned W = min_u(cfg->warps, WF_MAX_WARPS), B = min_u(cfg->banks, WF_MAX_BANKS);
    const unsigned C = min_u(cfg->collectors, WF_MAX_CUS), E = min_u(cfg->sb_entries, WF_MAX_SB);
    const unsigned I = min_u(cfg->ibuf, WF_MAX_IBUF);
    const int m3 = cfg->loops == 3;

    /* holders at the start of c: valid and pending */
    uint8_t valid[WF_COV_HOLDERS] = {0}, pending[WF_COV_HOLDERS] = {0};
    if (m3) {
        for (unsigned u = 0; u < C; u++) {
            valid[u] = ob->cu[u].valid;
            pending[u] = ob->cu[u].pending;
        }
    } else {
        valid[SR_HOLDER] = ob->sr.valid;
        pending[SR_HOLDER] = ob->sr.pending;
    }
    /* read merges: slots a grant filled beyond one per grant, seen as the
     * pending bits that cleared between the previous record and this one;
     * they belong to the previous cycle's grants, or with fill_stage (§6.5)
     * to the grants of the cycle before (a CU with a slot being read is not
     * dispatched, so it is the same instance) */
    const int fstage = m3 && cfg->fill_stage;
    if (consecutive && (!fstage || cov->prev_consecutive))
        for (unsigned h = 0; h < WF_COV_HOLDERS; h++) {
            const unsigned g = fstage ? cov->prev2_grants[h] : cov->prev_grants[h];
            if (!cov->prev_valid[h] || !g) continue;
            unsigned filled = cov->prev_pending[h];
            if (!cov->prev_issued_into[h] && valid[h]) filled &= ~(unsigned)pending[h];
            if (wf_popcount8((uint8_t)filled) > g) hit[WF_COV_READ_MERGE]++;
        }

    /* banks: this cycle's writes into the history, then the grants */
    uint8_t grants[WF_COV_HOLDERS] = {0};
    const unsigned hc = (unsigned)(c & HIST_MASK);
    for (unsigned b = 0; b < B; b++) {
        put_bit(cov->written[b], c, ob->bank[b].kind == WF_BANK_WRITE);
        put_bit(cov->marked[b], c, 0);
        cov->age_marked[b][hc / 64] &= ~((uint64_t)1 << (c % 64));
        cov->loss_marked[b][hc / 64] &= ~((uint64_t)1 << (c % 64));
        cov->grant_h[b][hc] = ob->bank[b].kind == WF_BANK_READ ? (uint8_t)holder_of(ob->bank[b].cu) : 0xFF;
    }
    for (unsigned b = 0; b < B; b++) {
        const wf_obs_bank *k = &ob->bank[b];
        if (k->kind == WF_BANK_WRITE) hit[WF_COV_BANK_WRITE + b]++;
        if (k->kind != WF_BANK_READ) continue;
        hit[WF_COV_BANK_READ + b]++;
        const unsigned h = holder_of(k->cu);
        if (h >= WF_COV_HOLDERS) continue;
        grants[h]++;
        attribute_wait(cov, b, h, c);
        if (m3) oldest_wins_bank(cov, b, h, c);
    }
    for (unsigned h = 0; h < WF_COV_HOLDERS; h++) {
        if (grants[h] >= 2) hit[WF_COV_READ_MULTI_BANK]++;
        if (fstage && consecutive && grants[h] && cov->prev_grants[h]) hit[WF_COV_READ_FILL_OVERLAP]++;
    }

    /* fetch */
    if (ob->fetch.valid && ob->fetch.kind < 4) hit[WF_COV_FETCH + ob->fetch.kind]++;
    const uint32_t fetch_line = ob->fetch.pc / cfg->icache_line;
    if (ob->fill.valid) {
        hit[WF_COV_FILL]++;
        if (ob->fetch.valid && ob->fetch.kind == WF_FEV_MERGE && fetch_line == ob->fill.line)
            hit[WF_COV_FETCH_MERGE_FILL]++;
        for (unsigned i = 0; i < cov->mshr_n; i++) /* the fill frees its MSHR at the end of c */
            if (cov->mshr_line[i] == ob->fill.line) {
                cov->mshr_line[i] = cov->mshr_line[--cov->mshr_n];
                break;
            }
    }
    if (ob->fetch.valid && ob->fetch.kind == WF_FEV_MISS && cov->mshr_n < WF_MAX_MSHRS)
        cov->mshr_line[cov->mshr_n++] = fetch_line;

    /* warps */
    for (unsigned w = 0; w < W; w++) {
        const wf_obs_warp *wp = &ob->warp[w];
        if (wp->hazard < WF_HZ_COUNT) hit[WF_COV_HAZARD + wp->hazard]++;
        for (unsigned k = WF_COV_NF_FIRST; k < WF_HZ_COUNT; k++) /* failing, but not first */
            if ((wp->hazard_mask >> k & 1u) && wp->hazard != k) hit[WF_COV_HAZARD_NF + k - WF_COV_NF_FIRST]++;
        if (wp->hazard == WF_HZ_WAR && cfg->war < 5) hit[WF_COV_WAR_BLOCK + cfg->war]++;
        if (wp->hazard == WF_HZ_DEPENDENCY && !wp->ibuf[0].dep) hit[WF_COV_SB_AR_DEP]++;
        if (wp->hazard == WF_HZ_WAR && ((cfg->war == WF_WAR_WB_READ && !wp->collecting) ||
                                        (cfg->war == WF_WAR_BLOOM && !wp->filter)))
            hit[WF_COV_WAR_HANDOFF]++; /* §5.6: neither the CUs nor inflight block it */
        if (wp->fetch_state == WF_FETCH_WAIT_MISS) hit[WF_COV_WAIT_MISS]++;
        if (wp->fetch_state == WF_FETCH_WAIT_BRANCH) hit[WF_COV_WAIT_BRANCH]++;
        unsigned n = 0;
        for (unsigned i = 0; i < I; i++) n += wp->ibuf[i].valid != 0;
        if (I && n == I) hit[WF_COV_IBUF_FULL]++;
        n = 0;
        for (unsigned e = 0; e < E; e++) n += wp->sb[e].valid != 0;
        if (E && n == E && wp->ibuf[0].valid && !wp->ibuf[0].issued) hit[WF_COV_SB_FULL]++;
    }

    /* issue, stall, scheduler */
    uint8_t issued_into[WF_COV_HOLDERS] = {0};
    if (ob->issue.valid) {
        const uint8_t unit = ob->issue.unit;
        if (ob->issue.replay && unit == WF_OBS_NONE) {
            hit[WF_COV_REPLAY_COLLECTOR]++;
        } else {
            if (unit == WF_OBS_NONE) hit[WF_COV_ISSUE_NO_UNIT]++;
            else if (unit == WF_OBS_SR) hit[WF_COV_ISSUE_SR]++;
            else hit[WF_COV_ISSUE_CU]++;
            if (ob->issue.replay) hit[WF_COV_REPLAY_MEMORY]++;
            if (ob->issue.replay && ob->issue.sb_entry != WF_OBS_NONE && ob->issue.warp < W) {
                unsigned n = 0;
                for (unsigned e = 0; e < E; e++) n += ob->warp[ob->issue.warp].sb[e].valid != 0;
                if (E && n == E) hit[WF_COV_SB_FULL_HELD]++;
            }
            const unsigned h = unit == WF_OBS_NONE ? WF_COV_HOLDERS : holder_of(unit);
            if (h < WF_COV_HOLDERS) issued_into[h] = 1;
        }
        if (cfg->sched == WF_SCHED_GTO && ob->issue.warp != cov->gto_last) hit[WF_COV_GTO_SWITCH]++;
        cov->gto_last = ob->issue.warp;
    }
    if (ob->stall == WF_STALL_COLLECTOR) hit[WF_COV_STALL_COLLECTOR]++;
    if (ob->stall == WF_STALL_LSU) hit[WF_COV_STALL_LSU]++;
    if (!ob->issue.valid && ob->stall == WF_STALL_NONE)
        for (unsigned w = 0; w < W; w++)
            if (ob->warp[w].hazard == WF_HZ_READY) { /* §5.7: without the option an issue would follow */
                hit[WF_COV_NOT_ELIGIBLE]++;
                break;
            }

    /* collector units */
    if (m3) {
        unsigned n = 0;
        for (unsigned u = 0; u < C; u++) {
            n += valid[u] != 0;
            if (cfg->war == WF_WAR_INORDER && ob->cu[u].valid && ob->cu[u].ready && ob->cu[u].older)
                hit[WF_COV_WAR_BLOCK + WF_WAR_INORDER]++;
        }
        if (n == C) hit[WF_COV_CU_EXHAUSTED]++;
    }

    /* dispatch requests (§7.1, §7.2): from the first cycle a holder's instance may dispatch */
    for (unsigned h = 0; h < WF_COV_HOLDERS; h++) {
        if (!valid[h] || pending[h] || cov->req_since[h] != NO_CYCLE) continue;
        if (h == SR_HOLDER) /* the SR may dispatch in the cycle its last reads are granted */
            cov->req_since[h] = consecutive && cov->prev_valid[h] && cov->prev_pending[h] &&
                                        !cov->prev_issued_into[h] ? c - 1 : c;
        else if (cfg->war != WF_WAR_INORDER || ob->cu[h].older == 0)
            cov->req_since[h] = c;
    }
    for (unsigned x = 0; x < WF_NUNITS; x++) {
        cov->disp_h[x][hc] = ob->dispatch[x].valid ? (uint8_t)holder_of(ob->dispatch[x].cu) : 0xFF;
        cov->wb_bank[x][hc] = ob->wb[x].valid ? ob->wb[x].bank : 0xFF;
        if (ob->dispatch[x].valid && holder_of(ob->dispatch[x].cu) < WF_COV_HOLDERS)
            dispatch_waits(cov, x, holder_of(ob->dispatch[x].cu), c);
    }
    if (cov->pipes_known) { /* ALU and MUL: leaves, then this cycle's dispatches enter */
        if (ob->wb[0].valid || ob->branch.valid) pipe_leave(cov, cfg, 0, ob->wb[0].valid ? ob->wb[0].bank : 0xFF, c);
        if (ob->wb[1].valid) pipe_leave(cov, cfg, 1, ob->wb[1].bank, c);
        for (unsigned p = 0; p < 2; p++)
            if (ob->dispatch[p].valid && cov->pipe_n[p] < WF_COV_PIPE) {
                cov->pipe_d[p][(cov->pipe_head[p] + cov->pipe_n[p]) % WF_COV_PIPE] = c;
                cov->pipe_n[p]++;
            }
    }

    /* dispatch, writeback */
    unsigned nd = 0, nw = 0;
    for (unsigned x = 0; x < WF_NUNITS; x++) {
        if (ob->dispatch[x].valid) {
            hit[WF_COV_DISPATCH + x]++;
            nd++;
        }
        if (ob->wb[x].valid) {
            hit[WF_COV_WB + x]++;
            nw++;
            if (ob->wb[x].release != WF_OBS_NONE) hit[WF_COV_SB_RELEASE]++;
        }
    }
    if (nd >= 2) hit[WF_COV_DISPATCH_MULTI]++;
    if (nw >= 2) hit[WF_COV_WB_MULTI]++;

    /* LSU pieces: a warp's ld/st instructions reach the LSU one at a time (§10.5) */
    if (ob->piece.valid && ob->piece.warp < WF_MAX_WARPS) {
        hit[WF_COV_LSU_PIECE]++;
        uint8_t *p = &cov->pieces[ob->piece.warp];
        if (*p < 255) (*p)++;
        if (ob->piece.last) {
            unsigned k = 0;
            while (k + 1 < 7 && *p >= split_lo[k + 1]) k++;
            hit[WF_COV_LSU_SPLIT + k]++;
            *p = 0;
        }
    }
    if (ob->lsu_stall) hit[WF_COV_LSU_STALL_FLAG]++;
    if (ob->branch.valid && ob->branch.warp < W) {
        const unsigned bw = ob->branch.warp;
        hit[ob->branch.taken ? WF_COV_BRANCH_TAKEN : WF_COV_BRANCH_NOT_TAKEN]++;
        for (unsigned w = 0; w < W; w++)
            if (w != bw && ob->warp[w].fetch_state == WF_FETCH_WAIT_MISS) {
                hit[WF_COV_BRANCH_MISS_PENDING]++;
                break;
            }
        const unsigned next = ob->branch.taken ? ob->branch.target : (ob->warp[bw].fetch_pc + 1u) & 0xFFFFu;
        for (unsigned i = 0; i < cov->mshr_n; i++)
            if (cov->mshr_line[i] == next / cfg->icache_line) {
                hit[WF_COV_BRANCH_TO_PENDING_LINE]++;
                break;
            }
    }

    /* the new instances start next cycle (a CU after IH, §5.6: the one after);
     * remember this cycle's holders */
    const unsigned handoff = m3 && cfg->handoff_stage;
    cov->prev_consecutive = consecutive;
    for (unsigned h = 0; h < WF_COV_HOLDERS; h++) {
        if (issued_into[h]) cov->holder_start[h] = c + 1 + handoff;
        cov->prev_valid[h] = valid[h];
        cov->prev_pending[h] = pending[h];
        cov->prev2_grants[h] = cov->prev_grants[h];
        cov->prev_grants[h] = grants[h];
        cov->prev_issued_into[h] = issued_into[h];
    }
}

int wf_cov_write_json(const wf_cov *cov, FILE *f)
{
    char name[48];
    fprintf(f, "{\"format\":\"warpfront-cov-1\",\"runs\":%" PRIu64 ",\"cycles\":%" PRIu64
               ",\"window_overflow\":%" PRIu64 ",\"bins\":{",
            cov->runs, cov->cycles, cov->window_overflow);
    for (unsigned b = 0; b < WF_COV_NBINS; b++) {
        wf_cov_bin_name(b, name, sizeof name);
        fprintf(f, "%s\n\"%s\":[%" PRIu64 ",%" PRIu64 "]", b ? "," : "", name, cov->hits[b],
                cov->applicable[b]);
    }
    for (unsigned i = 0; i < WF_ISA_NBINS; i++)
        fprintf(f, ",\n\"isa.%s\":[%" PRIu64 ",%" PRIu64 "]", wf_isacov_name(i), cov->isa.hits[i],
                cov->isa.applicable[i]);
    fprintf(f, "}}\n");
    return fflush(f) != 0 || ferror(f) ? -1 : 0;
}
