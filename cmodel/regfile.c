/* Register file: bank mapping and the single-ported bank RAMs (§6.1, §6.2).
 * Mirrors rtl/wf_regfile.v. Each bank holds W * rows rows of L lanes; a write
 * has one enable per lane. Reads are granted by the arbiter (collector.c,
 * staging.c); writes come from writeback.c. */
#include "wf_model_impl.h"

#include <string.h>

unsigned wf_rf_bank(const wf_model *m, unsigned w, unsigned r)
{
    return m->cfg.layout == WF_LAYOUT_SWIZZLE ? (r + w) % m->B : r % m->B;
}

unsigned wf_rf_row(const wf_model *m, unsigned w, unsigned r) { return w * m->rows + r / m->B; }

const uint32_t *wf_rf_read_row(const wf_model *m, unsigned bank, unsigned row)
{
    return &m->rf[((size_t)bank * m->W * m->rows + row) * m->L];
}

/* §7.2: the instruction's distinct source registers map to pairwise distinct
 * banks for its warp. */
int wf_rf_conflict_free(const wf_model *m, unsigned w, const wf_insn *in)
{
    uint8_t src[3];
    unsigned n = wf_sources(in, src);
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = i + 1; j < n; j++)
            if (src[i] != src[j] && wf_rf_bank(m, w, src[i]) == wf_rf_bank(m, w, src[j]))
                return 0;
    return 1;
}

/* The writes granted in this cycle (§10.3): per-lane write enables. */
void wf_rf_commit(wf_model *m, const wf_cyc *cy)
{
    for (unsigned u = 0; u < WF_NUNITS; u++) {
        const wf_obs_wb *wb = &cy->ob->wb[u];
        if (!wb->valid) continue;
        uint32_t *row = &m->rf[((size_t)wb->bank * m->W * m->rows + wf_rf_row(m, wb->warp, wb->reg)) *
                               m->L];
        for (unsigned l = 0; l < m->L; l++)
            if (wb->lanes >> l & 1u) row[l] = wb->data[l];
    }
}
