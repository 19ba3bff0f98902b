/* The load/store unit's first stage (§10.2): one scratchpad line per cycle
 * (a *piece*), the replay verdict of a split access (§9.2), the stall flag
 * (§9.3) and the end of a warp's memory instance (§10.5). The scratchpad is a
 * single-ported synchronous RAM. The later LSU stages are the generic stage
 * chain of exec.c. Mirrors rtl/wf_lsu.v. */
#include "wf_bits.h"
#include "wf_model_impl.h"

#include <stddef.h>
#include <string.h>

/* Signal 3 of §12: the stage-1 piece, from the stage advances (2). */
void wf_lsu_decide(const wf_model *m, wf_cyc *cy)
{
    const wf_lsu_inst *li = &m->lsu1;
    const wf_stage *p2 = &m->pipe[WF_U_LSU][1];
    const int s2_accept = !p2->valid || (cy->adv[WF_U_LSU] >> 1 & 1u);
    cy->piece_valid = 0;
    cy->lsu_leaves = 0;
    if (li->valid && s2_accept) {
        const unsigned sh = wf_lowest_bit(m->cfg.mem_line); /* a power of two: / is >> */
        const unsigned line = li->addr[wf_lowest_bit(li->lanes_left)] >> sh;
        uint32_t lanes = 0;
        for (uint32_t left = li->lanes_left; left; left &= left - 1) {
            const unsigned l = wf_lowest_bit(left);
            if (li->addr[l] >> sh == line) lanes |= 1u << l;
        }
        const uint32_t rest = li->lanes_left & ~lanes;
        const int replay = m->cfg.hazard == WF_HAZARD_REPLAY;
        wf_stage *pc = &cy->piece;
        memset(pc, 0, offsetof(wf_stage, data));
        pc->valid = 1;
        pc->warp = li->warp;
        pc->pc = li->pc;
        pc->rd = li->rd;
        pc->writes = li->is_ld;
        pc->final = rest == 0;
        pc->inst_end = replay || rest == 0;
        pc->sb_entry = li->sb_entry;
        pc->lanes = lanes;
        if (li->is_ld)
            for (unsigned l = 0; l < m->L; l++) pc->data[l] = (lanes >> l & 1u) ? m->mem[li->addr[l]] : 0;
        cy->piece_valid = 1;
        cy->piece_rest = rest;
        /* replay mode: the instance ends after its one piece; stall mode: it
         * stays in stage 1 until its last piece */
        cy->lsu_leaves = (uint8_t)(replay || rest == 0);
        if (cy->lsu_leaves) {
            cy->mem_clear_valid = 1; /* §10.5 */
            cy->mem_clear_warp = li->warp;
        }
        if (replay) { /* §9.2 verdict on the head slot */
            cy->verdict_valid = 1;
            cy->verdict_warp = li->warp;
            cy->verdict_done = rest == 0;
            cy->verdict_rest = rest;
        }
        if (cy->ob) {
            wf_obs_piece *ev = &cy->ob->piece;
            ev->valid = 1;
            ev->warp = li->warp;
            ev->pc = li->pc;
            ev->line = line;
            ev->lanes = lanes;
            ev->last = rest == 0;
        }
    }
    cy->accept[WF_U_LSU] = !li->valid || cy->lsu_leaves;
}

void wf_lsu_commit(wf_model *m, const wf_cyc *cy)
{
    wf_lsu_inst *li = &m->lsu1;
    const int held = li->valid && !cy->lsu_leaves; /* the instance stays in stage 1 */
    if (cy->piece_valid && !li->is_ld) /* st: ascending lanes, the highest wins */
        for (unsigned l = 0; l < m->L; l++)
            if (cy->piece.lanes >> l & 1u) m->mem[li->addr[l]] = li->sdata[l];
    if (cy->piece_valid) li->lanes_left = cy->piece_rest;
    if (li->valid && cy->lsu_leaves) li->valid = 0;
    if (cy->disp[WF_U_LSU] != WF_NONE) *li = cy->disp_lsu;
    /* §9.3: stage 1 still holds an instance with lanes left after this cycle */
    m->lsu_stall = (uint8_t)(m->cfg.hazard == WF_HAZARD_STALL && held);
}
