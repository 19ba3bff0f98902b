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

/* Lowest free entry at the start of the cycle (an entry freed in c is free
 * from c+1), or -1 when all E are valid. */
int wf_sb_free_entry(const wf_model *m, unsigned w)
{
    for (unsigned e = 0; e < m->E; e++)
        if (!(m->warp[w].sb_valid >> e & 1u)) return (int)e;
    return -1;
}

/* Entries of warp w released by a final writeback in this cycle (§10.3). */
uint8_t wf_sb_released(const wf_cyc *cy, unsigned w)
{
    uint8_t mask = 0;
    for (unsigned i = 0; i < cy->nrel; i++)
        if (cy->rel_warp[i] == w) mask |= (uint8_t)(1u << cy->rel_entry[i]);
    return mask;
}

/* Next-state dep of existing slot `slot` of warp w (§4.3): released entries
 * are cleared; an issue of warp w that allocates entry e for register d sets
 * bit e in every other valid slot (all younger than the issuing head) that
 * reads or writes d. */
uint8_t wf_sb_next_dep(const wf_model *m, const wf_cyc *cy, unsigned w, unsigned slot)
{
    const wf_slot *s = &m->warp[w].slot[slot];
    uint8_t dep = (uint8_t)(s->dep & ~wf_sb_released(cy, w));
    if (cy->iss.kind == WF_ISS_ISSUE && cy->iss.warp == w && cy->iss.sb_new && slot != 0 &&
        wf_insn_touches(&s->insn, cy->iss.slot.insn.rd))
        dep |= (uint8_t)(1u << cy->iss.sb_entry);
    return dep;
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
