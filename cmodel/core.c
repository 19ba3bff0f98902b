/* The cycle model's top level (docs/microarch.md): the model struct,
 * create/destroy, launch (§14), the per-cycle step that calls every block's
 * decide in the order of §12 and then every block's commit (two-phase, §1),
 * done (§5.5), run control with max-cycles and the watchdog (§14), the
 * observation record (§11), statistics and the final architectural state.
 * Mirrors rtl/wf_core.v. */
#include "wf_bits.h"
#include "wf_model_impl.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static void set_err(char *err, size_t errlen, const char *fmt, const char *a)
{
    if (err && errlen) snprintf(err, errlen, fmt, a);
}

wf_model *wf_model_create(const wf_config *cfg, char *err, size_t errlen)
{
    char scratch[160];
    if (!err || !errlen) {
        err = scratch;
        errlen = sizeof scratch;
    }
    err[0] = 0;
    if (!cfg) {
        set_err(err, errlen, "%s", "no configuration");
        return NULL;
    }
    if (wf_config_check(cfg, err, errlen)) return NULL;
    wf_model *m = calloc(1, sizeof *m);
    if (!m) {
        set_err(err, errlen, "%s", "out of memory");
        return NULL;
    }
    m->cfg = *cfg;
    m->W = cfg->warps;
    m->L = cfg->lanes;
    m->R = cfg->regs;
    m->B = cfg->banks;
    m->C = cfg->collectors;
    m->E = cfg->sb_entries;
    m->I = cfg->ibuf;
    m->M = cfg->mem_words;
    m->nactive = cfg->active_warps ? cfg->active_warps : cfg->warps;
    m->rows = (m->R + m->B - 1) / m->B;
    m->lane_mask = wf_lanes_all(m->L);
    m->lat[WF_U_ALU] = cfg->alu_lat;
    m->lat[WF_U_MUL] = cfg->mul_lat;
    m->lat[WF_U_LSU] = cfg->lsu_lat;
    wf_rf_init_banks(m);
    m->imem = calloc(cfg->imem_words, sizeof *m->imem);
    m->dec = calloc(cfg->imem_words, sizeof *m->dec);
    m->ic_valid = calloc(cfg->icache_lines, sizeof *m->ic_valid);
    m->ic_tag = calloc(cfg->icache_lines, sizeof *m->ic_tag);
    m->rf = calloc((size_t)m->B * m->W * m->rows * m->L, sizeof *m->rf);
    m->mem = calloc(m->M, sizeof *m->mem);
    if (!m->imem || !m->dec || !m->ic_valid || !m->ic_tag || !m->rf || !m->mem) {
        wf_model_destroy(m);
        set_err(err, errlen, "%s", "out of memory");
        return NULL;
    }
    return m;
}

void wf_model_destroy(wf_model *m)
{
    if (!m) return;
    free(m->imem);
    free(m->dec);
    free(m->ic_valid);
    free(m->ic_tag);
    free(m->rf);
    free(m->mem);
    free(m);
}

/* The loader's checks (docs/isa.md "Limits") and launch (§14). */
int wf_model_load(wf_model *m, const wf_program *prog, const uint32_t *mem_image, char *err,
                  size_t errlen)
{
    char scratch[160];
    if (!err || !errlen) {
        err = scratch;
        errlen = sizeof scratch;
    }
    err[0] = 0;
    if (!m || !prog) {
        set_err(err, errlen, "%s", "no model or no program");
        return -1;
    }
    if (prog->len && !prog->words) {
        snprintf(err, errlen, "program has %u instructions but no words", prog->len);
        return -1;
    }
    if (wf_program_check(prog, m->R, err, errlen)) return -1;
    if (prog->len > m->cfg.imem_words) {
        snprintf(err, errlen, "program has %u instructions; imem_words=%u", prog->len,
                 m->cfg.imem_words);
        return -1;
    }
    for (unsigned w = 0; w < WF_MAX_WARPS; w++) {
        if (w < m->nactive && prog->start_pc[w] >= prog->len) {
            snprintf(err, errlen, "warp %u: start pc %u beyond the end of the program (length %u)",
                     w, prog->start_pc[w], prog->len);
            return -1;
        }
        if (w >= m->W && prog->start_pc[w] != 0) {
            snprintf(err, errlen, "warp %u: .start given but the machine has warps=%u", w, m->W);
            return -1;
        }
    }

    /* launch: clear every I-buffer, scoreboard, CU, pipeline and MSHR,
     * invalidate the I-cache, all registers 0; the scratchpad gets the image */
    memset(m->imem, 0, (size_t)m->cfg.imem_words * sizeof *m->imem);
    memcpy(m->imem, prog->words, (size_t)prog->len * sizeof *m->imem);
    m->prog_len = prog->len;
    for (unsigned pc = 0; pc < prog->len; pc++) wf_ibuf_predecode(m, m->imem[pc], &m->dec[pc]);
    wf_ibuf_predecode(m, 0, &m->dec_zero);
    memset(m->ic_valid, 0, m->cfg.icache_lines * sizeof *m->ic_valid);
    memset(m->ic_tag, 0, m->cfg.icache_lines * sizeof *m->ic_tag);
    memset(m->mshr, 0, sizeof m->mshr);
    memset(m->rf, 0, (size_t)m->B * m->W * m->rows * m->L * sizeof *m->rf);
    if (mem_image) memcpy(m->mem, mem_image, (size_t)m->M * sizeof *m->mem);
    else memset(m->mem, 0, (size_t)m->M * sizeof *m->mem);
    memset(m->warp, 0, sizeof m->warp);
    for (unsigned w = 0; w < m->W; w++) {
        wf_warp *wp = &m->warp[w];
        wp->active = w < m->nactive;
        wp->fetch_pc = prog->start_pc[w];
        wp->fetch_state = wp->active ? WF_FETCH_RUN : WF_FETCH_DONE;
    }
    m->fetch_rr = 0;
    m->refill = 0;
    m->fd_valid = 0;
    m->ar_valid = 0;
    m->ih_valid = 0;
    m->fd_warp = 0;
    m->fd_pc = 0;
    m->issue_rr = 0;
    m->gto_last = 0;
    m->ready_q = 0;
    m->lsu_stall = 0;
    memset(m->hold, 0, sizeof m->hold);
    m->hvalid = m->hpending = 0;
    memset(m->pipe, 0, sizeof m->pipe);
    memset(m->pipe_valid, 0, sizeof m->pipe_valid);
    memset(&m->lsu1, 0, sizeof m->lsu1);
    m->cycle = 0;
    m->idle = 0;
    memset(m->retired, 0, sizeof m->retired);
    memset(&m->obs, 0, sizeof m->obs);
    memset(&m->stats, 0, sizeof m->stats);
    m->wm_all = m->W >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << m->W) - 1u;
    m->wm_active = m->nactive >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << m->nactive) - 1u;
    memset(m->hflag, 0, sizeof m->hflag);
    memset(m->sflag, 0, sizeof m->sflag);
    memset(m->hz_last, 0, sizeof m->hz_last);
    for (unsigned w = 0; w < m->W; w++) wf_warp_refresh(m, w);
    m->loaded = 1;
    return 0;
}

/* §5.5: exited, nothing in flight, no head waiting for an LSU verdict. */
static int warp_done(const wf_model *m, unsigned w)
{
    const wf_warp *wp = &m->warp[w];
    if (!wp->exited || wp->inflight) return 0;
    for (unsigned i = 0; i < wp->nslots; i++)
        if (wp->slot[i].issued) return 0;
    return 1;
}

void wf_warp_refresh(wf_model *m, unsigned w)
{
    const wf_warp *wp = &m->warp[w];
    const wf_slot *s = &wp->slot[0];
    unsigned h = 0;
    if (wp->nslots)
        h = s->hstatic | (unsigned)(wp->active & !wp->exited) << WF_HF_HEAD |
            (unsigned)s->issued << WF_HF_ISSUED | (unsigned)(s->dep != 0) << WF_HF_DEP |
            (unsigned)(s->writes & !s->sb_held) << WF_HF_NEEDS_SB;
    m->hflag[w] = (uint8_t)h;
    /* §3.2.1; loop mode 1 fetches only into an empty warp with nothing in flight */
    const unsigned fetch = wp->fetch_state == WF_FETCH_RUN && wp->nslots < m->I &&
                           (m->cfg.loops != 1 || (wp->nslots == 0 && wp->inflight == 0));
    m->sflag[w] = (uint8_t)((unsigned)(wp->sb_valid == (1u << m->E) - 1u) << WF_SF_SB_FULL |
                            (unsigned)(wp->inflight != 0) << WF_SF_INFLIGHT |
                            (unsigned)wp->mem_inflight << WF_SF_MEM_INFLIGHT |
                            (unsigned)wp->exited << WF_SF_EXITED | fetch << WF_SF_FETCH |
                            (unsigned)!warp_done(m, w) << WF_SF_NOT_DONE);
}

int wf_model_done(const wf_model *m)
{
    if (!m || !m->loaded) return 0;
    return (wf_flag_mask(m->sflag, m->nactive, WF_SF_NOT_DONE) & m->wm_active) == 0;
}

uint64_t wf_model_cycle(const wf_model *m) { return m->cycle; }

const wf_obs *wf_model_obs(const wf_model *m) { return &m->obs; }

const wf_stats *wf_model_stats(const wf_model *m) { return &m->stats; }

int wf_model_lsu_inst(const wf_model *m, wf_lsu_view *out)
{
    memset(out, 0, sizeof *out);
    if (!m || !m->loaded || !m->lsu1.valid) return 0;
    const wf_lsu_inst *li = &m->lsu1;
    out->warp = li->warp;
    out->is_st = !li->is_ld;
    out->pc = li->pc;
    out->lanes_left = li->lanes_left;
    memcpy(out->addr, li->addr, m->L * sizeof out->addr[0]);
    if (!li->is_ld) memcpy(out->data, li->sdata, m->L * sizeof out->data[0]);
    return 1;
}

/* The state fields of the record: the state at the start of the cycle. */
static void obs_state(const wf_model *m, wf_obs *ob)
{
    /* Clear only what this configuration uses: warps >= W are never written
     * and stay zero from launch (about 9 KB a cycle at 64 warps otherwise). */
    memset(ob, 0, offsetof(wf_obs, warp));
    memset(ob->warp, 0, m->W * sizeof ob->warp[0]);
    memset((char *)ob + offsetof(wf_obs, issue), 0, sizeof *ob - offsetof(wf_obs, issue));
    ob->cycle = m->cycle;
    for (unsigned w = 0; w < m->W; w++) {
        const wf_warp *wp = &m->warp[w];
        wf_obs_warp *o = &ob->warp[w];
        o->fetch_pc = wp->fetch_pc;
        o->fetch_state = wp->fetch_state;
        o->exited = wp->exited;
        o->inflight = wp->inflight;
        o->mem_inflight = wp->mem_inflight;
        for (uint32_t v = wp->sb_valid; v; v &= v - 1) { /* invalid entries stay 0 */
            const unsigned e = wf_lowest_bit(v);
            o->sb[e].valid = 1;
            o->sb[e].reg = wp->sb_reg[e];
        }
        for (unsigned i = 0; i < wp->nslots; i++) {
            const wf_slot *s = &wp->slot[i];
            o->ibuf[i].valid = 1;
            o->ibuf[i].issued = s->issued;
            o->ibuf[i].pc = s->pc;
            o->ibuf[i].dep = s->dep;
            o->ibuf[i].lanes_left = s->lanes_left;
        }
    }
    if (m->cfg.loops == 3) {
        for (unsigned u = 0; u < m->C; u++) {
            const wf_holder *h = &m->hold[u];
            if (!h->valid) continue;
            wf_obs_cu *o = &ob->cu[u];
            o->valid = 1;
            o->warp = h->warp;
            o->pc = h->pc;
            o->pending = h->pending;
            o->ready = h->pending == 0;
            o->older = m->cfg.war == WF_WAR_INORDER ? h->older : 0;
        }
    } else if (m->hold[WF_HOLDER_SR].valid) {
        const wf_holder *h = &m->hold[WF_HOLDER_SR];
        ob->sr.valid = 1;
        ob->sr.warp = h->warp;
        ob->sr.pc = h->pc;
        ob->sr.pending = h->pending;
        ob->sr.ready = h->pending == 0;
    }
    ob->lsu_stall = m->lsu_stall;
    ob->done = (uint8_t)wf_model_done(m);
}

/* Per-warp counters fed by several blocks: inflight (§5.5), mem_inflight
 * (§10.5), exited (§5.4), and the retired-instruction count. */
static void warp_counters_commit(wf_model *m, const wf_cyc *cy)
{
    if (cy->iss.kind == WF_ISS_ISSUE) {
        wf_warp *wp = &m->warp[cy->iss.warp];
        if (cy->iss.holder != WF_NONE) {
            wp->inflight++;
            if (cy->iss_slot.insn.op == WF_OP_LD || cy->iss_slot.insn.op == WF_OP_ST)
                wp->mem_inflight = 1;
        } else {
            m->retired[cy->iss.warp]++; /* nop, bra, exit complete at issue */
            m->stats.instructions++;
            if (cy->iss_slot.insn.op == WF_OP_EXIT) wp->exited = 1;
        }
    }
    for (unsigned i = 0; i < cy->nleft; i++) {
        if (cy->left_inst_end[i]) m->warp[cy->left_warp[i]].inflight--;
        if (cy->left_final[i]) {
            m->retired[cy->left_warp[i]]++;
            m->stats.instructions++;
        }
    }
    if (cy->mem_clear_valid) m->warp[cy->mem_clear_warp].mem_inflight = 0;
}

static void stats_update(wf_model *m, const wf_cyc *cy)
{
    wf_stats *st = &m->stats;
    st->cycles++;
    switch (cy->iss.kind) {
    case WF_ISS_ISSUE:
        if (cy->iss.mem_replay) {
            st->slot_replayed++;
            st->replays_memory++;
        } else {
            st->slot_issued++;
        }
        break;
    case WF_ISS_REPLAY:
        st->slot_replayed++;
        st->replays_collector++;
        break;
    case WF_ISS_STALL_COLLECTOR: st->slot_collector_stall++; break;
    case WF_ISS_STALL_LSU: st->slot_lsu_stall++; break;
    default: st->slot_no_ready++; break;
    }
    if (m->cfg.sched == WF_SCHED_GTO &&
        (cy->iss.kind == WF_ISS_ISSUE || cy->iss.kind == WF_ISS_REPLAY) && cy->iss.warp != m->gto_last)
        st->gto_switches++;
    if (m->W <= 8)
        for (unsigned k = WF_HZ_WAIT_LSU; k < WF_HZ_COUNT; k++) /* not-ready heads only */
            st->hazard[k] += wf_popcount8((uint8_t)cy->hzm[k]);
    else
        for (unsigned k = WF_HZ_WAIT_LSU; k < WF_HZ_COUNT; k++)
            st->hazard[k] += wf_popcount(cy->hzm[k]);
    /* a bank is read (granted) or written (bank_written) or idle in a cycle, §6.2 */
    for (uint32_t b = cy->granted; b; b &= b - 1) st->bank_reads[wf_lowest_bit(b)]++;
    for (uint32_t b = cy->bank_written; b; b &= b - 1) st->bank_writes[wf_lowest_bit(b)]++;
    for (uint32_t b = cy->read_conflict; b; b &= b - 1) st->bank_conflicts[wf_lowest_bit(b)]++;
    for (uint32_t b = cy->write_conflict; b; b &= b - 1) st->bank_write_conflicts[wf_lowest_bit(b)]++;
    if (m->cfg.loops == 3) {
        st->collector_occupancy += wf_popcount(cy->hvalid & ((1u << m->C) - 1u));
    } else {
        st->collector_occupancy += cy->hvalid >> WF_HOLDER_SR & 1u;
    }
    for (unsigned x = 0; x < WF_NUNITS; x++) st->dispatches[x] += cy->disp[x] != WF_NONE;
    st->lsu_pieces += cy->piece_valid;
    if (cy->fsel != WF_NONE) {
        switch (cy->fkind) {
        case WF_FEV_HIT: st->icache_hits++; break;
        case WF_FEV_MISS: st->icache_misses++; break;
        case WF_FEV_MERGE: st->icache_merges++; break;
        default: st->icache_mshr_full++; break;
        }
    }
    st->icache_fills += cy->fill_mshr != WF_NONE;
    if (cy->br.valid) {
        st->branches++;
        st->branches_taken += cy->br.taken;
    }
}

/* The warps whose wf_warp state the commits of this cycle may change (their
 * flag bytes are refreshed after the commits). */
static uint64_t touched_warps(const wf_model *m, const wf_cyc *cy)
{
    uint64_t t = 0;
    if (m->ar_valid) t |= (uint64_t)1 << m->ar_warp; /* §4.4 gap closing from AR */
    for (unsigned i = 0; i < cy->nrel; i++) t |= (uint64_t)1 << cy->rel_warp[i];   /* sb, dep */
    for (unsigned i = 0; i < cy->nleft; i++) t |= (uint64_t)1 << cy->left_warp[i]; /* inflight */
    if (cy->iss.kind == WF_ISS_ISSUE) t |= (uint64_t)1 << cy->iss.warp;
    if (cy->verdict_valid) t |= (uint64_t)1 << cy->verdict_warp;
    if (cy->mem_clear_valid) t |= (uint64_t)1 << cy->mem_clear_warp;
    if (cy->fsel != WF_NONE) t |= (uint64_t)1 << cy->fsel;
    if (cy->dsel != WF_NONE) t |= (uint64_t)1 << cy->dsel;
    if (cy->fill_mshr != WF_NONE) t |= cy->refill_next; /* fetch_state back to RUN */
    if (cy->br.valid) t |= (uint64_t)1 << cy->br.warp;
    return t;
}

/* One cycle. With observe, the record m->obs is built (state fields here,
 * event fields by the decides); without, the decides skip every record write
 * and all they and the commits and statistics need is in wf_cyc, so the
 * cycle's next state and statistics are the same either way
 * (verif/unit/test_fastpath.c checks it). */
static void step(wf_model *m, int observe)
{
    wf_cyc cy;
    memset(&cy, 0, offsetof(wf_cyc, hzm)); /* the rest is written before it is read */
    wf_obs *ob = observe ? &m->obs : NULL;
    if (ob) obs_state(m, ob);
    cy.ob = ob;
    memset(cy.disp, WF_NONE, sizeof cy.disp);
    cy.hvalid = m->hvalid;
    cy.hpending = m->hpending;
    cy.ar.valid = m->ar_valid;
    cy.ar.warp = m->ar_warp;
    cy.ar.entry = m->ar_entry;
    cy.ar.reg = m->ar_reg;
    if (m->ih_valid) cy.ih_cu = 1u << m->ih_cu;
    cy.fsel = WF_NONE;
    cy.dsel = WF_NONE;
    cy.fill_mshr = WF_NONE;

    /* decisions, in the order of §12; each reads only start-of-cycle state and
     * the signals above it */
    wf_wb_decide(m, &cy);           /* 1: writeback grants */
    wf_exec_advance_decide(m, &cy); /* 2: stage advances, accepts */
    wf_lsu_decide(m, &cy);          /* 3: LSU stage-1 piece (and its accept) */
    if (m->cfg.loops == 3) {
        wf_cu_grants(m, &cy);          /* 4: bank read grants */
        wf_cu_dispatch_decide(m, &cy); /* 5: dispatch */
    } else {
        wf_sr_grants(m, &cy);
        wf_sr_dispatch_decide(m, &cy);
    }
    wf_exec_build_dispatch(m, &cy);
    wf_war_derive(m, &cy);
    wf_issue_decide(m, &cy); /* 6: issue */
    wf_alloc_decide(m, &cy); /* the holder written: (6), or IH (§5.6) */
    wf_fetch_decide(m, &cy); /* 7: fetch, dependency vector at decode */
    if (ob) { /* §11: each policy's WAR state (the record's fields start at 0) */
        if (m->cfg.war == WF_WAR_WB_READ)
            for (uint64_t c = cy.collecting; c; c &= c - 1) ob->warp[wf_lowest_bit(c)].collecting = 1;
        for (uint64_t f = cy.filter_set; f; f &= f - 1) /* war=bloom only */
            ob->warp[wf_lowest_bit(f)].filter = cy.filter[wf_lowest_bit(f)];
    }
    stats_update(m, &cy);
    cy.touched = touched_warps(m, &cy);

    /* next state: each commit writes only its own block's state from cy */
    wf_rf_commit(m, &cy);
    wf_sb_commit(m, &cy);
    wf_ibuf_commit(m, &cy);
    wf_collector_commit(m, &cy);
    wf_exec_commit(m, &cy);
    wf_lsu_commit(m, &cy);
    wf_fetch_commit(m, &cy);
    wf_issue_commit(m, &cy);
    warp_counters_commit(m, &cy);
    for (uint64_t t = cy.touched; t; t &= t - 1) wf_warp_refresh(m, wf_lowest_bit(t));
    memcpy(m->hz_last, cy.hzm, sizeof m->hz_last);

    m->idle = (cy.iss.kind == WF_ISS_ISSUE || cy.writes) ? 0 : m->idle + 1;
    m->cycle++;
    /* stats.instructions = the sum of retired[], counted in warp_counters_commit */
    const uint64_t n = m->stats.instructions;
    m->stats.ipc = m->stats.cycles ? (double)n / (double)m->stats.cycles : 0.0;
}

void wf_model_step(wf_model *m)
{
    if (!m || !m->loaded) return;
    step(m, 1);
}

/* 1 when the coming cycle may be the run's last: only a cycle in which every
 * active warp has exited, or all but one whose head issues `exit`, can end
 * with every warp done (a warp exits only by issuing its head's exit, one
 * issue per cycle). wf_model_run observes such cycles, so the record after
 * it is the last cycle's, as with stepping. */
static int may_be_last(const wf_model *m)
{
    const uint64_t running = m->wm_active & ~wf_flag_mask(m->sflag, m->nactive, WF_SF_EXITED);
    return !(running & (running - 1)) &&
           !(running & ~wf_flag_mask(m->hflag, m->nactive, WF_HF_EXIT));
}

/* The hazard of warp w in the last stepped cycle (its bit in hz_last). */
static unsigned last_hazard(const wf_model *m, unsigned w)
{
    for (unsigned k = 0; k < WF_HZ_COUNT; k++)
        if (m->hz_last[k] >> w & 1u) return k;
    return WF_HZ_READY;
}

static const char *const fetch_state_names[] = {"RUN", "WAIT_MISS", "WAIT_BRANCH", "DONE"};
static const char *const hazard_names[WF_HZ_COUNT] = {
    "ready", "no-head", "wait-lsu", "dependency", "sb-full", "inflight",
    "staging-busy", "war", "mem-order", "lsu-stall"};

void wf_model_summary(const wf_model *m, char *buf, size_t len)
{
    if (!len) return;
    buf[0] = 0;
    size_t used = 0;
#define PUT(...)                                                                      \
    do {                                                                              \
        int k_ = snprintf(buf + used, used < len ? len - used : 0, __VA_ARGS__);      \
        if (k_ > 0) used = used + (size_t)k_ < len ? used + (size_t)k_ : len - 1;     \
    } while (0)
    unsigned cus = 0;
    for (unsigned h = 0; h < WF_NHOLDERS; h++) cus += m->hold[h].valid;
    PUT("cycle %" PRIu64 ": %u holders valid, lsu_stall=%u, lsu1 %s", m->cycle, cus, m->lsu_stall,
        m->lsu1.valid ? "busy" : "idle");
    for (unsigned w = 0; w < m->nactive; w++) {
        if (warp_done(m, w)) continue;
        const wf_warp *wp = &m->warp[w];
        PUT("; w%u fetch %s pc %u, ibuf %u", w, fetch_state_names[wp->fetch_state], wp->fetch_pc,
            wp->nslots);
        if (wp->nslots)
            PUT(" (head pc %u dep %#x%s, %s)", wp->slot[0].pc, wp->slot[0].dep,
                wp->slot[0].issued ? " issued" : "", hazard_names[last_hazard(m, w)]);
        PUT(", inflight %u, mem_inflight %u, sb %#x%s", wp->inflight, wp->mem_inflight, wp->sb_valid,
            wp->exited ? ", exited" : "");
    }
#undef PUT
}

int wf_model_run_observed(wf_model *m, uint64_t max_cycles, wf_obs_fn on_cycle, void *ctx,
                          char *err, size_t errlen)
{
    char scratch[1];
    if (!err || !errlen) {
        err = scratch;
        errlen = sizeof scratch;
    }
    err[0] = 0;
    if (!m || !m->loaded) {
        set_err(err, errlen, "%s", "no program loaded");
        return -1;
    }
    while (!wf_model_done(m)) {
        if (m->cycle >= max_cycles) {
            char sum[1024];
            wf_model_summary(m, sum, sizeof sum);
            snprintf(err, errlen, "not done after max_cycles=%" PRIu64 " cycles: %s", max_cycles, sum);
            return -1;
        }
        if (on_cycle) {
            step(m, 1);
            on_cycle(ctx, &m->obs);
        } else {
            step(m, may_be_last(m)); /* nobody observes: only the last record is built */
        }
        if (m->idle >= WF_WATCHDOG_CYCLES) {
            char sum[1024];
            wf_model_summary(m, sum, sizeof sum);
            snprintf(err, errlen, "watchdog: no issue and no writeback for %u cycles: %s",
                     WF_WATCHDOG_CYCLES, sum);
            return -1;
        }
    }
    return 0;
}

int wf_model_run(wf_model *m, uint64_t max_cycles, char *err, size_t errlen)
{
    return wf_model_run_observed(m, max_cycles, NULL, NULL, err, errlen);
}

int wf_model_final_state(const wf_model *m, wf_arch_state *out)
{
    if (!m || !out) return -1;
    if (wf_arch_alloc(out, m->W, m->L, m->R, m->M)) return -1;
    for (unsigned w = 0; w < m->W; w++) {
        for (unsigned r = 0; r < m->R; r++) {
            const uint32_t *row = wf_rf_read_row(m, wf_rf_bank(m, w, r), wf_rf_row(m, w, r));
            memcpy(wf_arch_reg(out, w, r, 0), row, m->L * sizeof *row);
        }
        out->retired[w] = m->retired[w];
    }
    memcpy(out->mem, m->mem, (size_t)m->M * sizeof *out->mem);
    return 0;
}
