/* Loop 2: issue (§5). Readiness of each warp's head (§5.1), the LRR and GTO
 * schedulers (§5.3), what an issue does (§5.4) and the structural hazard of a
 * missing collector unit (§9.1: replay or stall). Mirrors rtl/wf_issue.v. */
#include "wf_bits.h"
#include "wf_model_impl.h"

#include <string.h>

/* §5.1 for every warp at once. fm[k] = the warps with a head whose item coded k fails,
 * each item tested alone (§11 `hazard_mask`; fm[WF_HZ_NO_HEAD]: the warps without a head),
 * from start-of-cycle state, the per-warp flag masks, plus in loop modes 1 and 2 the SR issue
 * rule's signals of §12.6. Then hzm[k] = the warps whose *first* failing item is k (every
 * hzm[k] is written); the rest are ready. cy->ready_part: the heads meeting
 * the per-warp items (all but the SR rule and lsu_stall) and not named by IH,
 * for §5.7. */
static uint64_t readiness(const wf_model *m, wf_cyc *cy, uint64_t fm[WF_HZ_COUNT])
{
    const uint64_t head = wf_hmask(m, WF_HF_HEAD), holder = head & wf_hmask(m, WF_HF_HOLDER);
    fm[WF_HZ_READY] = 0;
    fm[WF_HZ_NO_HEAD] = m->wm_all & ~head;                                      /* item 1 */
    fm[WF_HZ_WAIT_LSU] = head & wf_hmask(m, WF_HF_ISSUED);                      /* item 1 */
    fm[WF_HZ_DEPENDENCY] = head & (wf_hmask(m, WF_HF_DEP) | wf_sb_ar_blocks(m)); /* item 2, §4.4 */
    fm[WF_HZ_SB_FULL] = head & wf_hmask(m, WF_HF_NEEDS_SB) & wf_smask(m, WF_SF_SB_FULL); /* 3 */
    fm[WF_HZ_INFLIGHT] = m->cfg.loops == 1 ? head & wf_smask(m, WF_SF_INFLIGHT) : 0; /* item 4 */
    fm[WF_HZ_STAGING] = m->cfg.loops != 3 && !wf_sr_issue_ok(m, cy) ? holder : 0;  /* item 4 */
    fm[WF_HZ_WAR] = m->cfg.loops == 3 ? wf_war_blocks(m, cy, holder) : 0;         /* item 5 */
    fm[WF_HZ_MEM_ORDER] = head & wf_hmask(m, WF_HF_MEM) & wf_smask(m, WF_SF_MEM_INFLIGHT); /* 6 */
    fm[WF_HZ_LSU_STALL] = m->lsu_stall ? head : 0;                               /* item 7 */
    cy->ready_part = head & ~(fm[WF_HZ_WAIT_LSU] | fm[WF_HZ_DEPENDENCY] | fm[WF_HZ_SB_FULL] |
                              fm[WF_HZ_INFLIGHT] | fm[WF_HZ_WAR] | fm[WF_HZ_MEM_ORDER]);
    if (m->ih_valid) cy->ready_part &= ~((uint64_t)1 << m->ih_warp); /* §5.7 condition 2 */
    uint64_t c = head; /* candidates still ready after the items so far */
    cy->hzm[WF_HZ_NO_HEAD] = fm[WF_HZ_NO_HEAD];
    for (unsigned k = WF_HZ_WAIT_LSU; k < WF_HZ_COUNT; k++) {
        cy->hzm[k] = c & fm[k];
        c &= ~fm[k];
    }
    cy->hzm[WF_HZ_READY] = c;
    return c;
}

void wf_issue_decide(const wf_model *m, wf_cyc *cy)
{
    wf_obs *ob = cy->ob;
    uint64_t fm[WF_HZ_COUNT];
    const uint64_t ready = readiness(m, cy, fm);
    if (ob)
        for (unsigned k = WF_HZ_NO_HEAD; k < WF_HZ_COUNT; k++) {
            for (uint64_t b = cy->hzm[k]; b; b &= b - 1) ob->warp[wf_lowest_bit(b)].hazard = (uint8_t)k;
            for (uint64_t b = fm[k]; b; b &= b - 1)
                ob->warp[wf_lowest_bit(b)].hazard_mask |= (uint16_t)(1u << k);
        }
    cy->iss.kind = WF_ISS_NONE;
    cy->iss.holder = WF_NONE;
    cy->iss.sb_entry = WF_NONE;
    if (m->lsu_stall) {
        cy->iss.kind = WF_ISS_STALL_LSU;
        if (ob) ob->stall = WF_STALL_LSU;
        return;
    }
    /* §5.7: with ready_stage the eligible warps (last cycle's per-warp
     * readiness minus its issuer, and this cycle's SR rule) */
    const uint64_t cand = m->cfg.ready_stage ? m->ready_q & ~fm[WF_HZ_STAGING] : ready;
    if (!cand) return;

    unsigned w = WF_NONE;
    if (m->cfg.sched == WF_SCHED_GTO) {
        if (cand >> m->gto_last & 1u) w = m->gto_last;
        else w = wf_lowest_bit(cand); /* oldest = lowest index */
    } else {
        w = wf_rr_pick(cand, m->issue_rr); /* the first candidate from issue_rr on */
    }
    const wf_slot *s = &m->warp[w].slot[0];
    cy->iss.warp = (uint8_t)w;
    cy->iss_slot = *s;

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
        if (s->mem) {
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

/* Scheduler state (§5.3): updated by an issue or a replay issue only; and
 * with ready_stage the next cycle's eligibility register (§5.7). */
void wf_issue_commit(wf_model *m, const wf_cyc *cy)
{
    if (m->cfg.ready_stage)
        m->ready_q = cy->ready_part & ~(cy->iss.kind == WF_ISS_ISSUE ? (uint64_t)1 << cy->iss.warp : 0);
    if (cy->iss.kind != WF_ISS_ISSUE && cy->iss.kind != WF_ISS_REPLAY) return;
    m->issue_rr = wf_next_mod(cy->iss.warp, m->W);
    m->gto_last = cy->iss.warp;
}
