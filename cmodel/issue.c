/* Loop 2: issue (§5). Readiness of each warp's head (§5.1), the LRR and GTO
 * schedulers (§5.3), what an issue does (§5.4) and the structural hazard of a
 * missing collector unit (§9.1: replay or stall). Mirrors rtl/wf_issue.v. */
#include "wf_model_impl.h"

#include <string.h>

static int is_mem(wf_opcode op) { return op == WF_OP_LD || op == WF_OP_ST; }

/* §5.1: WF_HZ_READY or the first failing readiness item, from start-of-cycle
 * state plus, in loop modes 1 and 2, the SR issue rule's signals (§12.6),
 * sr_ok = wf_sr_issue_ok (the same for every warp). */
static unsigned readiness(const wf_model *m, const wf_cyc *cy, unsigned w, int sr_ok, int war_gate)
{
    const wf_warp *wp = &m->warp[w];
    if (!wp->active || wp->exited || wp->nslots == 0) return WF_HZ_NO_HEAD; /* item 1 */
    const wf_slot *s = &wp->slot[0];
    if (s->issued) return WF_HZ_WAIT_LSU;                                   /* item 1 */
    if (s->dep) return WF_HZ_DEPENDENCY;                                    /* item 2 */
    if (s->writes && !s->sb_held && wf_sb_free_entry(m, w) < 0) return WF_HZ_SB_FULL; /* 3 */
    const int needs_holder = s->unit != WF_UNIT_NONE;
    if (m->cfg.loops == 1 && wp->inflight) return WF_HZ_INFLIGHT;           /* item 4, §7.3 */
    if (m->cfg.loops != 3 && needs_holder && !sr_ok) return WF_HZ_STAGING;
    if (needs_holder && war_gate && !wf_war_allows(m, cy, w, s)) return WF_HZ_WAR; /* item 5 */
    if (is_mem(s->insn.op) && wp->mem_inflight) return WF_HZ_MEM_ORDER;    /* item 6 */
    if (m->lsu_stall) return WF_HZ_LSU_STALL;                               /* item 7 */
    return WF_HZ_READY;
}

void wf_issue_decide(const wf_model *m, wf_cyc *cy)
{
    wf_obs *ob = cy->ob;
    const unsigned W = m->W;
    const int sr_ok = m->cfg.loops != 3 && wf_sr_issue_ok(m, cy);
    /* item 5 can fail only for the policies that gate issue (§8.3-§8.5) */
    const int war_gate = m->cfg.loops == 3 && (m->cfg.war == WF_WAR_WB_COMMIT ||
                                               m->cfg.war == WF_WAR_WB_READ || m->cfg.war == WF_WAR_BLOOM);
    uint64_t ready = 0;
    for (unsigned w = 0; w < W; w++) {
        unsigned hz = readiness(m, cy, w, sr_ok, war_gate);
        cy->hz[w] = (uint8_t)hz;
        if (hz == WF_HZ_READY) ready |= (uint64_t)1 << w;
    }
    if (ob)
        for (unsigned w = 0; w < W; w++) ob->warp[w].hazard = cy->hz[w];
    cy->iss.kind = WF_ISS_NONE;
    cy->iss.holder = WF_NONE;
    cy->iss.sb_entry = WF_NONE;
    if (m->lsu_stall) {
        cy->iss.kind = WF_ISS_STALL_LSU;
        if (ob) ob->stall = WF_STALL_LSU;
        return;
    }
    if (!ready) return;

    unsigned w = WF_NONE;
    if (m->cfg.sched == WF_SCHED_GTO) {
        if (ready >> m->gto_last & 1u) w = m->gto_last;
        else w = wf_lowest_bit(ready); /* oldest = lowest index */
    } else {
        w = wf_rr_pick(ready, m->issue_rr); /* the first ready warp from issue_rr on */
    }
    const wf_slot *s = &m->warp[w].slot[0];
    cy->iss.warp = (uint8_t)w;
    cy->iss.slot = *s;

    if (s->unit != WF_UNIT_NONE) {
        if (m->cfg.loops == 3) {
            int cu = wf_cu_lowest_free(m, cy);
            if (cu < 0) { /* §9.1 */
                if (m->cfg.hazard == WF_HAZARD_REPLAY) {
                    cy->iss.kind = WF_ISS_REPLAY;
                    if (ob) {
                        ob->issue.valid = 1;
                        ob->issue.warp = (uint8_t)w;
                        ob->issue.pc = s->pc;
                        ob->issue.replay = 1;
                        ob->issue.unit = WF_OBS_NONE;
                        ob->issue.sb_entry = WF_OBS_NONE;
                    }
                } else {
                    cy->iss.kind = WF_ISS_STALL_COLLECTOR;
                    if (ob) ob->stall = WF_STALL_COLLECTOR;
                }
                return;
            }
            cy->iss.holder = (uint8_t)cu;
            cy->iss.older = wf_war_older(m, cy, w);
        } else {
            cy->iss.holder = WF_HOLDER_SR;
        }
        if (s->writes) {
            if (s->sb_held) {
                cy->iss.sb_entry = s->sb_entry;
            } else {
                cy->iss.sb_entry = (uint8_t)wf_sb_free_entry(m, w); /* readiness item 3 */
                cy->iss.sb_new = 1;
            }
        }
        if (is_mem(s->insn.op)) {
            cy->iss.stays = m->cfg.hazard == WF_HAZARD_REPLAY;
            cy->iss.mem_replay = s->lanes_left != m->lane_mask;
        }
    }
    cy->iss.kind = WF_ISS_ISSUE;
    if (!ob) return;
    ob->issue.valid = 1;
    ob->issue.warp = (uint8_t)w;
    ob->issue.pc = s->pc;
    ob->issue.replay = cy->iss.mem_replay;
    ob->issue.unit = cy->iss.holder == WF_NONE ? (uint8_t)WF_OBS_NONE
                     : cy->iss.holder == WF_HOLDER_SR ? (uint8_t)WF_OBS_SR
                                                      : cy->iss.holder;
    ob->issue.sb_entry = cy->iss.sb_entry;
}

/* Scheduler state (§5.3): updated by an issue or a replay issue only. */
void wf_issue_commit(wf_model *m, const wf_cyc *cy)
{
    memcpy(m->hazard, cy->hz, m->W); /* for wf_model_summary */
    if (cy->iss.kind != WF_ISS_ISSUE && cy->iss.kind != WF_ISS_REPLAY) return;
    m->issue_rr = wf_next_mod(cy->iss.warp, m->W);
    m->gto_last = cy->iss.warp;
}
