/* The per-warp I-buffer (§4.1): slots in program order, 0 = head. Decode
 * writes the tail with its dependency vector (§4.2) and conflict_free flag
 * (§7.2); issue removes the head or marks it `issued` (§5.4); the LSU verdict
 * of a split access removes it or re-arms it (§9.2). Mirrors rtl/wf_ibuffer.v. */
#include "wf_bits.h"
#include "wf_model_impl.h"

#include <string.h>

/* The warp- and cycle-independent part of a slot: the instruction word
 * decoded (wf_model_load does it once per word of the program). */
void wf_ibuf_predecode(const wf_model *m, uint64_t word, wf_slot *out)
{
    memset(out, 0, sizeof *out);
    /* The loader checked every word (wf_program_check), so this decodes. */
    (void)wf_decode(word, m->R, &out->insn);
    out->valid = 1;
    out->unit = (uint8_t)wf_op_info(out->insn.op)->unit;
    out->writes = wf_writes_reg(&out->insn);
    out->mem = out->insn.op == WF_OP_LD || out->insn.op == WF_OP_ST;
    memset(out->src, WF_NONE, sizeof out->src);
    out->nsrc = (uint8_t)wf_sources(&out->insn, out->src);
    out->hstatic = (uint8_t)((unsigned)(out->unit != WF_UNIT_NONE) << WF_HF_HOLDER |
                             (unsigned)out->writes << WF_HF_WRITES | (unsigned)out->mem << WF_HF_MEM |
                             (unsigned)(out->insn.op == WF_OP_EXIT) << WF_HF_EXIT);
    out->lanes_left = m->lane_mask;
    out->sb_entry = WF_NONE;
}

/* Decodes imem[pc] for warp w in this cycle. dep[e] = 1 exactly when entry e
 * will be valid at the start of c+1 (valid now and not released in c, or
 * allocated by this cycle's issue of warp w, unless alloc_stage = 1, §4.4) and
 * its register is a source or the destination of the instruction. */
void wf_ibuf_decode(const wf_model *m, const wf_cyc *cy, unsigned w, unsigned pc, wf_slot *out)
{
    const wf_warp *wp = &m->warp[w];
    *out = pc < m->prog_len ? m->dec[pc] : m->dec_zero;
    out->pc = (uint16_t)pc;
    out->conflict_free = (uint8_t)wf_rf_conflict_free(m, w, out);

    uint8_t valid_next = (uint8_t)(wp->sb_valid & ~wf_sb_released(cy, w));
    uint8_t regs_of[WF_MAX_SB];
    memcpy(regs_of, wp->sb_reg, sizeof regs_of);
    if (!m->cfg.alloc_stage && cy->iss.kind == WF_ISS_ISSUE && cy->iss.warp == w && cy->iss.sb_new) {
        valid_next |= (uint8_t)(1u << cy->iss.sb_entry);
        regs_of[cy->iss.sb_entry] = cy->iss_slot.insn.rd;
    }
    for (uint32_t v = valid_next; v; v &= v - 1) {
        const unsigned e = wf_lowest_bit(v);
        if (wf_slot_touches(out, regs_of[e])) out->dep |= (uint8_t)(1u << e);
    }
}

void wf_ibuf_commit(wf_model *m, const wf_cyc *cy)
{
    /* Only warps with a release, an issue, a verdict or a fetch change: the
     * others' slots and dependency bits stay as they are. cy->touched
     * (core.c) holds all of those warps, and a few more, for which nothing
     * below changes anything. */
    for (uint64_t touched = cy->touched; touched; touched &= touched - 1) {
        const unsigned w = wf_lowest_bit(touched);
        wf_warp *wp = &m->warp[w];
        int issue_here = cy->iss.kind == WF_ISS_ISSUE && cy->iss.warp == w;
        int verdict_here = cy->verdict_valid && cy->verdict_warp == w;
        int fetch_here = cy->dsel == w; /* a decode (§3.2.4, §3.4) */
        if (!wp->nslots && !fetch_here) continue;

        /* dependency bits of the buffered slots (§4.3) */
        wf_sb_update_dep(m, cy, w, wp->slot, wp->nslots);

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
