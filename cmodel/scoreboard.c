/* The Coon scoreboard: per-warp entries {valid, reg}, allocation at issue,
 * release at the final writeback, and the per-slot dependency-bit updates
 * (release clearing and gap closing) of §4.3. Mirrors rtl/wf_scoreboard.v.
 * The dependency vector of a newly decoded instruction (§4.2) is computed in
 * ibuffer.c from the same signals. */
#include "wf_model_impl.h"

int wf_insn_touches(const wf_insn *in, unsigned reg)
{
    uint8_t src[3];
    unsigned n = wf_sources(in, src);
    for (unsigned i = 0; i < n; i++)
        if (src[i] == reg) return 1;
    return wf_writes_reg(in) && in->rd == reg;
}

/* wf_sb_free_entry (lowest free entry at the start of the cycle) is inline
 * in wf_model_impl.h. */

/* Entries of warp w released by a final writeback in this cycle (§10.3). */
uint8_t wf_sb_released(const wf_cyc *cy, unsigned w)
{
    uint8_t mask = 0;
    for (unsigned i = 0; i < cy->nrel; i++)
        if (cy->rel_warp[i] == w) mask |= (uint8_t)(1u << cy->rel_entry[i]);
    return mask;
}

/* Next-state dep of the existing slots 0..nslots-1 of warp w into dep[]
 * (§4.3): released entries are cleared; an issue of warp w that allocates
 * entry e for register d sets bit e in every other valid slot (all younger
 * than the issuing head) that reads or writes d. */
void wf_sb_next_dep(const wf_model *m, const wf_cyc *cy, unsigned w, uint8_t dep[WF_MAX_IBUF])
{
    const wf_warp *wp = &m->warp[w];
    const uint8_t keep = (uint8_t)~wf_sb_released(cy, w);
    for (unsigned i = 0; i < wp->nslots; i++) dep[i] = wp->slot[i].dep & keep;
    if (cy->iss.kind == WF_ISS_ISSUE && cy->iss.warp == w && cy->iss.sb_new)
        for (unsigned i = 1; i < wp->nslots; i++)
            if (wf_insn_touches(&wp->slot[i].insn, cy->iss.slot.insn.rd))
                dep[i] |= (uint8_t)(1u << cy->iss.sb_entry);
}

void wf_sb_commit(wf_model *m, const wf_cyc *cy)
{
    for (unsigned i = 0; i < cy->nrel; i++)
        m->warp[cy->rel_warp[i]].sb_valid &= (uint8_t)~(1u << cy->rel_entry[i]);
    if (cy->iss.kind == WF_ISS_ISSUE && cy->iss.sb_new) {
        wf_warp *wp = &m->warp[cy->iss.warp];
        wp->sb_valid |= (uint8_t)(1u << cy->iss.sb_entry);
        wp->sb_reg[cy->iss.sb_entry] = cy->iss.slot.insn.rd;
    }
}
