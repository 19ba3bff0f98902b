/* Register file: bank mapping and the single-ported bank RAMs (§6.1, §6.2).
 * Mirrors rtl/wf_regfile.v. Each bank holds W * rows rows of L lanes; a write
 * has one enable per lane. Reads are granted by the arbiter (collector.c,
 * staging.c); writes come from writeback.c. */
#include "wf_model_impl.h"

#include <string.h>

/* The bank of register r of warp w: naive r mod B, swizzle (r + w) mod B;
 * its row in the bank: w * rows + floor(r / B). Tabulated once at create for
 * the inline wf_rf_bank and wf_rf_row (wf_model_impl.h): bank_of[r + w * swz],
 * swz = 1 for swizzle, and row_of[r]. */
void wf_rf_init_banks(wf_model *m)
{
    m->swz = m->cfg.layout == WF_LAYOUT_SWIZZLE;
    for (unsigned i = 0; i < WF_MAX_REGS + WF_MAX_WARPS; i++) m->bank_of[i] = (uint8_t)(i % m->B);
    for (unsigned r = 0; r < WF_MAX_REGS; r++) m->row_of[r] = (uint8_t)(r / m->B);
}


/* §7.2: the instruction's distinct source registers map to pairwise distinct
 * banks for its warp. */
int wf_rf_conflict_free(const wf_model *m, unsigned w, const wf_slot *s)
{
    for (unsigned i = 0; i < s->nsrc; i++)
        for (unsigned j = i + 1; j < s->nsrc; j++)
            if (s->src[i] != s->src[j] && wf_rf_bank(m, w, s->src[i]) == wf_rf_bank(m, w, s->src[j]))
                return 0;
    return 1;
}

/* The writes granted in this cycle (§10.3): per-lane write enables. */
void wf_rf_commit(wf_model *m, const wf_cyc *cy)
{
    for (unsigned u = 0; u < WF_NUNITS; u++) {
        if (!cy->wb[u].valid) continue;
        const unsigned bank = cy->wb[u].bank, lanes = cy->wb[u].lanes;
        uint32_t *row =
            &m->rf[((size_t)bank * m->W * m->rows + wf_rf_row(m, cy->wb[u].warp, cy->wb[u].reg)) * m->L];
        const uint32_t *data = cy->wb[u].data;
        if (lanes == m->lane_mask) {
            memcpy(row, data, m->L * sizeof *row);
        } else {
            for (unsigned l = 0; l < m->L; l++)
                if (lanes >> l & 1u) row[l] = data[l];
        }
    }
}
