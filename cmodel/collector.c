/* Operand collector (loop mode 3): collector units, the bank arbiter (§6.3,
 * §6.4) and dispatch arbitration (§7.1). The arbiter and the holder commit
 * are shared with the staging register of modes 1, 2 (staging.c), which is
 * holder WF_HOLDER_SR. Mirrors rtl/wf_collector.v. */
#include "wf_model_impl.h"

#include <string.h>

/* Bank arbitration over holders first..first+count-1 (§6.4, §7.2). For every
 * bank not written this cycle, the pending slot of the oldest holder (lowest
 * slot within it) is granted; every other pending slot of that holder naming
 * the same register is filled by the same read (§6.3). */
void wf_arbiter(const wf_model *m, wf_cyc *cy, unsigned first, unsigned count)
{
    wf_obs *ob = cy->ob;
    uint8_t best_h[WF_MAX_BANKS], best_s[WF_MAX_BANKS];
    memset(best_h, WF_NONE, sizeof best_h);
    for (unsigned h = first; h < first + count; h++) {
        const wf_holder *hd = &m->hold[h];
        if (!hd->valid) continue;
        for (unsigned s = 0; s < hd->nsrc; s++) {
            if (!(hd->pending >> s & 1u)) continue;
            unsigned b = wf_rf_bank(m, hd->warp, hd->src[s]);
            if (best_h[b] == WF_NONE || (best_h[b] != h && hd->age < m->hold[best_h[b]].age)) {
                best_h[b] = (uint8_t)h;
                best_s[b] = (uint8_t)s;
            }
        }
    }
    for (unsigned b = 0; b < m->B; b++) {
        if (best_h[b] == WF_NONE) continue;
        if (cy->bank_written >> b & 1u) continue; /* §6.2: writes win, the read retries */
        const unsigned h = best_h[b];
        const wf_holder *hd = &m->hold[h];
        const unsigned reg = hd->src[best_s[b]];
        uint8_t mask = 0;
        for (unsigned s = 0; s < hd->nsrc; s++)
            if ((hd->pending >> s & 1u) && hd->src[s] == reg) mask |= (uint8_t)(1u << s);
        cy->fill[h] |= mask;
        cy->granted |= 1u << b;
        cy->grant_holder[b] = (uint8_t)h;
        memcpy(cy->rdata[b], wf_rf_read_row(m, b, wf_rf_row(m, hd->warp, reg)),
               m->L * sizeof(uint32_t));
        ob->bank[b].kind = WF_BANK_READ;
        ob->bank[b].warp = hd->warp;
        ob->bank[b].reg = (uint8_t)reg;
        ob->bank[b].cu = h == WF_HOLDER_SR ? (uint8_t)WF_OBS_SR : (uint8_t)h;
        ob->bank[b].slot = best_s[b];
    }
    /* statistics: a bank with a request that got no data this cycle */
    for (unsigned h = first; h < first + count; h++) {
        const wf_holder *hd = &m->hold[h];
        if (!hd->valid) continue;
        for (unsigned s = 0; s < hd->nsrc; s++)
            if ((hd->pending >> s & 1u) && !(cy->fill[h] >> s & 1u))
                cy->read_conflict |= 1u << wf_rf_bank(m, hd->warp, hd->src[s]);
    }
}

void wf_cu_grants(const wf_model *m, wf_cyc *cy) { wf_arbiter(m, cy, 0, m->C); }

int wf_cu_lowest_free(const wf_model *m)
{
    for (unsigned u = 0; u < m->C; u++)
        if (!m->hold[u].valid) return (int)u;
    return -1;
}

/* §7.1: a CU whose slots were all filled at the start of the cycle requests
 * dispatch; per unit the oldest requesting CU (allowed by war=inorder) wins
 * when the unit's stage 1 accepts at the end of the cycle. */
void wf_cu_dispatch_decide(const wf_model *m, wf_cyc *cy)
{
    for (unsigned x = 0; x < WF_NUNITS; x++) {
        unsigned best = WF_NONE;
        for (unsigned u = 0; u < m->C; u++) {
            const wf_holder *hd = &m->hold[u];
            if (!hd->valid || hd->pending || hd->unit != x + 1 || !wf_war_dispatch_ok(m, u)) continue;
            if (best == WF_NONE || hd->age < m->hold[best].age) best = u;
        }
        if (best != WF_NONE && cy->accept[x]) cy->disp[x] = (uint8_t)best;
    }
}

/* Holder next state: operand fills (§6.3), frees at dispatch (with the
 * §8.2 older-bit clearing), and allocation by this cycle's issue. */
void wf_collector_commit(wf_model *m, const wf_cyc *cy)
{
    for (unsigned b = 0; b < m->B; b++) {
        if (!(cy->granted >> b & 1u)) continue;
        wf_holder *hd = &m->hold[cy->grant_holder[b]];
        /* the slots this grant filled: the filled slots mapping to bank b */
        for (unsigned s = 0; s < hd->nsrc; s++)
            if ((cy->fill[cy->grant_holder[b]] >> s & 1u) && wf_rf_bank(m, hd->warp, hd->src[s]) == b)
                memcpy(hd->opnd[s], cy->rdata[b], m->L * sizeof(uint32_t));
    }
    for (unsigned h = 0; h < WF_NHOLDERS; h++)
        if (cy->fill[h]) m->hold[h].pending &= (uint8_t)~cy->fill[h];
    uint16_t freed = 0;
    for (unsigned x = 0; x < WF_NUNITS; x++)
        if (cy->disp[x] != WF_NONE) {
            m->hold[cy->disp[x]].valid = 0;
            if (cy->disp[x] < WF_MAX_CUS) freed |= (uint16_t)(1u << cy->disp[x]);
        }
    if (freed)
        for (unsigned u = 0; u < m->C; u++) m->hold[u].older &= (uint16_t)~freed;

    if (cy->iss.kind == WF_ISS_ISSUE && cy->iss.holder != WF_NONE) {
        wf_holder *hd = &m->hold[cy->iss.holder];
        const wf_slot *s = &cy->iss.slot;
        hd->valid = 1;
        hd->warp = cy->iss.warp;
        hd->unit = s->unit;
        hd->pc = s->pc;
        hd->insn = s->insn;
        hd->nsrc = (uint8_t)wf_sources(&s->insn, hd->src);
        hd->pending = (uint8_t)((1u << hd->nsrc) - 1u);
        hd->conflict_free = s->conflict_free;
        hd->sb_entry = cy->iss.sb_entry;
        hd->age = m->cycle;
        hd->older = cy->iss.older;
        hd->lanes_left = s->lanes_left;
    }
}
