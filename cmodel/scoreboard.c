/* The Coon scoreboard: per-warp entries {valid, reg}, allocation at issue,
 * release at the final writeback, and the per-slot dependency-bit updates
 * (release clearing and gap closing) of §4.3. Mirrors rtl/wf_scoreboard.v.
 * The dependency vector of a newly decoded instruction (§4.2) is computed in
 * ibuffer.c from the same signals. */
#include "wf_model_impl.h"

/* wf_sb_free_entry (lowest free entry at the start of the cycle),
 * wf_sb_released (entries released in this cycle) and wf_slot_touches are
 * inline in wf_model_impl.h. */

/* Next-state dep of warp w's existing slots slot[0..n-1], in place (§4.3):
 * released entries are cleared; an issue of warp w that allocates entry e for
 * register d sets bit e in every other valid slot (all younger than the
 * issuing head) that reads or writes d. Called by wf_ibuf_commit before it
 * removes or appends a slot. */
void wf_sb_update_dep(const wf_cyc *cy, unsigned w, wf_slot *slot, unsigned n)
{
    const uint8_t released = wf_sb_released(cy, w);
    if (released)
        for (unsigned i = 0; i < n; i++) slot[i].dep &= (uint8_t)~released;
    if (cy->iss.kind == WF_ISS_ISSUE && cy->iss.warp == w && cy->iss.sb_new) {
        const unsigned d = cy->iss_slot.insn.rd;
        const uint8_t bit = (uint8_t)(1u << cy->iss.sb_entry);
        for (unsigned i = 1; i < n; i++)
            if (wf_slot_touches(&slot[i], d)) slot[i].dep |= bit;
    }
}

void wf_sb_commit(wf_model *m, const wf_cyc *cy)
{
    for (unsigned i = 0; i < cy->nrel; i++)
        m->warp[cy->rel_warp[i]].sb_valid &= (uint8_t)~(1u << cy->rel_entry[i]);
    if (cy->iss.kind == WF_ISS_ISSUE && cy->iss.sb_new) {
        wf_warp *wp = &m->warp[cy->iss.warp];
        wp->sb_valid |= (uint8_t)(1u << cy->iss.sb_entry);
        wp->sb_reg[cy->iss.sb_entry] = cy->iss_slot.insn.rd;
    }
}
