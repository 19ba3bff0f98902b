/* The per-warp I-buffer (§4.1): slots in program order, 0 = head. Decode
 * writes the tail with its dependency vector (§4.2) and conflict_free flag
 * (§7.2); issue removes the head or marks it `issued` (§5.4); the LSU verdict
 * of a split access removes it or re-arms it (§9.2). Mirrors rtl/wf_ibuffer.v. */
#include "wf_model_impl.h"

#include <string.h>

/* Decodes imem[pc] for warp w in this cycle. dep[e] = 1 exactly when entry e
 * will be valid at the start of c+1 (valid now and not released in c, or
 * allocated by this cycle's issue of warp w) and its register is a source or
 * the destination of the instruction. */
void wf_ibuf_decode(const wf_model *m, const wf_cyc *cy, unsigned w, unsigned pc, wf_slot *out)
{
    const wf_warp *wp = &m->warp[w];
    memset(out, 0, sizeof *out);
    /* The loader checked every word (wf_program_check), so this decodes. */
    (void)wf_decode(m->imem[pc], m->R, &out->insn);
    const wf_opinfo *info = wf_op_info(out->insn.op);
    out->valid = 1;
    out->pc = (uint16_t)pc;
    out->unit = (uint8_t)info->unit;
    out->writes = wf_writes_reg(&out->insn);
    out->lanes_left = m->lane_mask;
    out->sb_entry = WF_NONE;
    out->conflict_free = (uint8_t)wf_rf_conflict_free(m, w, &out->insn);

    uint8_t valid_next = (uint8_t)(wp->sb_valid & ~wf_sb_released(cy, w));
    uint8_t regs_of[WF_MAX_SB];
    memcpy(regs_of, wp->sb_reg, sizeof regs_of);
    if (cy->iss.kind == WF_ISS_ISSUE && cy->iss.warp == w && cy->iss.sb_new) {
        valid_next |= (uint8_t)(1u << cy->iss.sb_entry);
        regs_of[cy->iss.sb_entry] = cy->iss.slot.insn.rd;
    }
    for (unsigned e = 0; e < m->E; e++)
        if ((valid_next >> e & 1u) && wf_insn_touches(&out->insn, regs_of[e]))
            out->dep |= (uint8_t)(1u << e);
}

void wf_ibuf_commit(wf_model *m, const wf_cyc *cy)
{
    /* Only warps with a release, an issue, a verdict or a fetch change: the
     * others' slots and dependency bits stay as they are. */
    uint64_t touched = 0;
    for (unsigned i = 0; i < cy->nrel; i++) touched |= (uint64_t)1 << cy->rel_warp[i];
    if (cy->iss.kind == WF_ISS_ISSUE) touched |= (uint64_t)1 << cy->iss.warp;
    if (cy->verdict_valid) touched |= (uint64_t)1 << cy->verdict_warp;
    if (cy->fsel != WF_NONE) touched |= (uint64_t)1 << cy->fsel;
    for (; touched; touched &= touched - 1) {
        const unsigned w = wf_lowest_bit(touched);
        wf_warp *wp = &m->warp[w];
        int issue_here = cy->iss.kind == WF_ISS_ISSUE && cy->iss.warp == w;
        int verdict_here = cy->verdict_valid && cy->verdict_warp == w;
        int fetch_here = cy->fsel == w && cy->fkind == WF_FEV_HIT;
        if (!wp->nslots && !fetch_here) continue;

        /* dependency bits of the buffered slots (§4.3) */
        uint8_t dep[WF_MAX_IBUF];
        wf_sb_next_dep(m, cy, w, dep);
        for (unsigned i = 0; i < wp->nslots; i++) wp->slot[i].dep = dep[i];

        /* the head: issue (§5.4) or LSU verdict (§9.2); never both in one cycle,
         * since an issue needs a head that is not `issued` and a verdict one that is */
        int remove = 0;
        if (issue_here) {
            if (cy->iss.stays) {
                wp->slot[0].issued = 1;
                if (cy->iss.sb_entry != WF_NONE) {
                    wp->slot[0].sb_held = 1;
                    wp->slot[0].sb_entry = cy->iss.sb_entry;
                }
            } else {
                remove = 1;
            }
        }
        if (verdict_here) {
            if (cy->verdict_done) {
                remove = 1;
            } else {
                wp->slot[0].lanes_left = cy->verdict_rest;
                wp->slot[0].issued = 0;
            }
        }
        if (remove) {
            for (unsigned i = 1; i < wp->nslots; i++) wp->slot[i - 1] = wp->slot[i];
            wp->nslots--;
            wp->slot[wp->nslots].valid = 0;
        }
        /* the tail: the instruction decoded this cycle (§3.2) */
        if (fetch_here) wp->slot[wp->nslots++] = cy->fslot;
    }
}
