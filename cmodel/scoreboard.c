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
 * issuing head) that reads or writes d -- with alloc_stage = 1 (§4.4) one
 * cycle later, from the start-of-cycle allocation record AR (cy->ar), in
 * every slot but the one holding e. Called by wf_ibuf_commit before it removes or appends a slot. */
void wf_sb_update_dep(const wf_model *m, const wf_cyc *cy, unsigned w, wf_slot *slot, unsigned n)
{
    const uint8_t released = wf_sb_released(cy, w);
    if (released)
        for (unsigned i = 0; i < n; i++) slot[i].dep &= (uint8_t)~released;
    if (m->cfg.alloc_stage) {
        if (cy->ar.valid && cy->ar.warp == w) {
            const uint8_t bit = (uint8_t)(1u << cy->ar.entry);
            for (unsigned i = 0; i < n; i++)
                if (!(slot[i].sb_held && slot[i].sb_entry == cy->ar.entry) && wf_slot_touches(&slot[i], cy->ar.reg))
                    slot[i].dep |= bit;
        }
    } else if (cy->iss.kind == WF_ISS_ISSUE && cy->iss.warp == w && cy->iss.sb_new) {
        const unsigned d = cy->iss_slot.insn.rd;
        const uint8_t bit = (uint8_t)(1u << cy->iss.sb_entry);
        for (unsigned i = 1; i < n; i++)
            if (wf_slot_touches(&slot[i], d)) slot[i].dep |= bit;
    }
}

/* alloc_stage = 1, readiness item 2 (§4.4): bit ar_warp when AR names that
 * warp's head (reads or writes ar_reg, does not hold ar_entry), else 0. */
uint64_t wf_sb_ar_blocks(const wf_model *m)
{
    if (!m->cfg.alloc_stage || !m->ar_valid) return 0;
    const wf_warp *wp = &m->warp[m->ar_warp];
    if (!wp->nslots) return 0;
    const wf_slot *h = &wp->slot[0];
    if (h->sb_held && h->sb_entry == m->ar_entry) return 0;
    return wf_slot_touches(h, m->ar_reg) ? (uint64_t)1 << m->ar_warp : 0;
}

void wf_sb_commit(wf_model *m, const wf_cyc *cy)
{
    for (unsigned i = 0; i < cy->nrel; i++)
        m->warp[cy->rel_warp[i]].sb_valid &= (uint8_t)~(1u << cy->rel_entry[i]);
    m->ar_valid = 0;
    if (cy->iss.kind == WF_ISS_ISSUE && cy->iss.sb_new) {
        wf_warp *wp = &m->warp[cy->iss.warp];
        wp->sb_valid |= (uint8_t)(1u << cy->iss.sb_entry);
        wp->sb_reg[cy->iss.sb_entry] = cy->iss_slot.insn.rd;
        if (m->cfg.alloc_stage) { /* §4.4 */
            m->ar_valid = 1;
            m->ar_warp = cy->iss.warp;
            m->ar_entry = cy->iss.sb_entry;
            m->ar_reg = cy->iss_slot.insn.rd;
        }
    }
}
