/* Loop 1: fetch selection, the direct-mapped I-cache, instruction MSHRs and
 * line fills (§3). Mirrors rtl/wf_fetch.v. Also applies branch resolution to
 * the fetch state (§10.4), decided in writeback.c when a bnz leaves the ALU. */
#include "wf_bits.h"
#include "wf_model_impl.h"

#include <string.h>

/* §3.2.4: the decode of warp w's instruction at pc in this cycle: the
 * I-buffer slot with its dependency vector (§4.2), and the fetch update of
 * a bra (target), bnz (wait for the branch), exit (done), else pc+1. */
static void decode(const wf_model *m, wf_cyc *cy, unsigned w, unsigned pc)
{
    cy->dsel = (uint8_t)w;
    wf_ibuf_decode(m, cy, w, pc, &cy->fslot);
    cy->dnext_pc = (uint16_t)pc; /* bnz and exit: fetch_pc stays */
    cy->dnext_state = WF_FETCH_RUN;
    switch (cy->fslot.insn.op) {
    case WF_OP_BRA: cy->dnext_pc = (uint16_t)cy->fslot.insn.imm; break;
    case WF_OP_BNZ: cy->dnext_state = WF_FETCH_WAIT_BRANCH; break;
    case WF_OP_EXIT: cy->dnext_state = WF_FETCH_DONE; break;
    default: cy->dnext_pc = (uint16_t)(pc + 1); break;
    }
}

void wf_fetch_decide(const wf_model *m, wf_cyc *cy)
{
    wf_obs *ob = cy->ob;
    const unsigned W = m->W;

    /* §3.3: the MSHR allocated imiss_lat cycles ago fills at the end of this
     * cycle (at most one: at most one allocation per cycle) */
    cy->fill_mshr = WF_NONE;
    cy->refill_next = 0;
    for (unsigned i = 0; i < m->cfg.imshrs; i++)
        if (m->mshr[i].valid && m->mshr[i].fill_cycle == m->cycle) {
            cy->fill_mshr = (uint8_t)i;
            if (ob) {
                ob->fill.valid = 1;
                ob->fill.mshr = (uint8_t)i;
                ob->fill.line = m->mshr[i].line;
            }
            for (unsigned w = 0; w < W; w++)
                if (m->warp[w].fetch_state == WF_FETCH_WAIT_MISS && m->warp[w].wait_mshr == i)
                    cy->refill_next |= (uint64_t)1 << w;
            break;
        }

    /* §3.2.1: refill priority, then rr from fetch_rr (eligible: RUN with
     * I-buffer space; loop mode 1: empty with nothing in flight) */
    uint64_t elig = wf_smask(m, WF_SF_FETCH);
    /* §3.4: FD's instruction is decoded now; its warp does not fetch */
    if (m->cfg.decode_stage && m->fd_valid) {
        decode(m, cy, m->fd_warp, m->fd_pc);
        elig &= ~((uint64_t)1 << m->fd_warp);
    }
    uint64_t pool = (m->refill & elig) ? (m->refill & elig) : elig;
    cy->fsel = pool ? (uint8_t)wf_rr_pick(pool, m->fetch_rr) : (uint8_t)WF_NONE;
    if (cy->fsel == WF_NONE) return;

    const unsigned w = cy->fsel;
    const wf_warp *wp = &m->warp[w];
    const unsigned pc = wp->fetch_pc;
    /* icache_line and icache_lines are powers of two: / and mod as shifts, masks */
    const unsigned la = pc >> wf_lowest_bit(m->cfg.icache_line);
    const unsigned idx = la & (m->cfg.icache_lines - 1u), tag = la >> wf_lowest_bit(m->cfg.icache_lines);
    cy->fnext_pc = wp->fetch_pc;
    cy->fnext_state = wp->fetch_state;
    cy->fwait_mshr = wp->wait_mshr;
    cy->falloc = WF_NONE;

    if (m->ic_valid[idx] && m->ic_tag[idx] == tag) { /* §3.2.4 hit */
        cy->fkind = WF_FEV_HIT; /* fetch_pc, fetch_state: the decode's update */
        if (m->cfg.decode_stage) cy->fd_next = 1; /* decoded next cycle (§3.4) */
        else decode(m, cy, w, pc);
    } else { /* §3.2.5 miss */
        unsigned hit_mshr = WF_NONE, free_mshr = WF_NONE;
        for (unsigned i = 0; i < m->cfg.imshrs; i++) {
            if (m->mshr[i].valid && m->mshr[i].line == la && hit_mshr == WF_NONE) hit_mshr = i;
            if (!m->mshr[i].valid && free_mshr == WF_NONE) free_mshr = i;
        }
        if (hit_mshr != WF_NONE) {
            cy->fkind = WF_FEV_MERGE;
            if (hit_mshr == cy->fill_mshr) {
                /* merging into the MSHR that fills at the end of this very cycle:
                 * the fill releases the merging warp with the others (it stays
                 * RUN and is in the refill mask), otherwise it would wait on a
                 * freed MSHR forever */
                cy->refill_next |= (uint64_t)1 << w;
            } else {
                cy->fnext_state = WF_FETCH_WAIT_MISS;
                cy->fwait_mshr = (uint8_t)hit_mshr;
            }
        } else if (free_mshr != WF_NONE) {
            cy->fkind = WF_FEV_MISS;
            cy->falloc = (uint8_t)free_mshr;
            cy->fnext_state = WF_FETCH_WAIT_MISS;
            cy->fwait_mshr = (uint8_t)free_mshr;
        } else {
            cy->fkind = WF_FEV_MSHR_FULL; /* stays RUN, retries when next selected */
        }
    }
    if (ob) {
        ob->fetch.valid = 1;
        ob->fetch.warp = (uint8_t)w;
        ob->fetch.pc = (uint16_t)pc;
        ob->fetch.kind = cy->fkind;
    }
}

void wf_fetch_commit(wf_model *m, const wf_cyc *cy)
{
    if (cy->fill_mshr != WF_NONE) {
        const wf_mshr *ms = &m->mshr[cy->fill_mshr];
        unsigned idx = ms->line % m->cfg.icache_lines;
        m->ic_valid[idx] = 1;
        m->ic_tag[idx] = ms->line / m->cfg.icache_lines;
        for (unsigned w = 0; w < m->W; w++)
            if (cy->refill_next >> w & 1u) m->warp[w].fetch_state = WF_FETCH_RUN;
        m->mshr[cy->fill_mshr].valid = 0;
    }
    m->refill = cy->refill_next;
    if (cy->fsel != WF_NONE) {
        wf_warp *wp = &m->warp[cy->fsel];
        m->fetch_rr = wf_next_mod(cy->fsel, m->W);
        if (cy->falloc != WF_NONE) {
            wf_mshr *ms = &m->mshr[cy->falloc];
            ms->valid = 1;
            ms->line = wp->fetch_pc / m->cfg.icache_line;
            ms->fill_cycle = m->cycle + m->cfg.imiss_lat;
        }
        /* a merge into the filling MSHR keeps RUN (set above or unchanged) */
        if (!(cy->refill_next >> cy->fsel & 1u)) {
            wp->fetch_state = cy->fnext_state;
            wp->wait_mshr = cy->fwait_mshr;
        }
        wp->fetch_pc = cy->fnext_pc;
    }
    if (cy->dsel != WF_NONE) { /* a hit of this cycle, or FD's (§3.4): never a refilled warp */
        wf_warp *wp = &m->warp[cy->dsel];
        wp->fetch_pc = cy->dnext_pc;
        wp->fetch_state = cy->dnext_state;
    }
    if (m->cfg.decode_stage) {
        m->fd_valid = cy->fd_next;
        m->fd_warp = cy->fd_next ? cy->fsel : 0;
        m->fd_pc = cy->fd_next ? m->warp[cy->fsel].fetch_pc : 0;
    }
    if (cy->br.valid) { /* §10.4 */
        wf_warp *wp = &m->warp[cy->br.warp];
        wp->fetch_pc = cy->br.next_pc;
        wp->fetch_state = WF_FETCH_RUN;
    }
}
