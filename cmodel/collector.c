/* Operand collector (loop mode 3): collector units, the bank arbiter (§6.3,
 * §6.4) and dispatch arbitration (§7.1). The arbiter and the holder commit
 * are shared with the staging register of modes 1, 2 (staging.c), which is
 * holder WF_HOLDER_SR. Mirrors rtl/wf_collector.v. */
#include "wf_bits.h"
#include "wf_model_impl.h"

#include <string.h>

/* Bank arbitration over holders first..first+count-1 (§6.4, §7.2). For every
 * bank not written this cycle, the pending slot of the oldest holder (lowest
 * slot within it) is granted; every other pending slot of that holder naming
 * the same register is filled by the same read (§6.3). With fill_stage = 1
 * a slot granted last cycle (`reading`, §6.5) requests nothing. */
void wf_arbiter(const wf_model *m, wf_cyc *cy, unsigned first, unsigned count)
{
    /* the requesting holders first..first+count-1, in index order */
    const uint32_t range = (uint32_t)(((uint64_t)1 << (first + count)) - ((uint64_t)1 << first));
    const uint32_t requesting = cy->hpending & range;
    wf_obs *ob = cy->ob;
    uint8_t best_h[WF_MAX_BANKS], best_s[WF_MAX_BANKS]; /* valid for the banks in req */
    uint32_t req = 0;                                   /* banks with a pending request */
    for (uint32_t hs = requesting; hs; hs &= hs - 1) {
        const unsigned h = wf_lowest_bit(hs);
        const wf_holder *hd = &m->hold[h];
        const unsigned want = hd->pending & ~hd->reading;
        for (unsigned s = 0; s < hd->nsrc; s++) {
            if (!(want >> s & 1u)) continue;
            const unsigned b = hd->bank[s];
            if (!(req >> b & 1u) || (best_h[b] != h && hd->age < m->hold[best_h[b]].age)) {
                req |= 1u << b;
                best_h[b] = (uint8_t)h;
                best_s[b] = (uint8_t)s;
            }
        }
    }
    /* §6.2: a bank written in this cycle serves no read (the read retries) */
    for (uint32_t rq = req & ~cy->bank_written; rq; rq &= rq - 1) {
        const unsigned b = wf_lowest_bit(rq);
        const unsigned h = best_h[b];
        const wf_holder *hd = &m->hold[h];
        const unsigned reg = hd->src[best_s[b]];
        const unsigned want = hd->pending & ~hd->reading;
        uint8_t mask = 0;
        for (unsigned s = 0; s < hd->nsrc; s++)
            if ((want >> s & 1u) && hd->src[s] == reg) mask |= (uint8_t)(1u << s);
        cy->fill[h] |= mask;
        cy->granted |= 1u << b;
        cy->grant_holder[b] = (uint8_t)h;
        cy->rrow[b] = wf_rf_read_row(m, b, wf_rf_row(m, hd->warp, reg));
        if (ob) {
            ob->bank[b].kind = WF_BANK_READ;
            ob->bank[b].warp = hd->warp;
            ob->bank[b].reg = (uint8_t)reg;
            ob->bank[b].cu = h == WF_HOLDER_SR ? (uint8_t)WF_OBS_SR : (uint8_t)h;
            ob->bank[b].slot = best_s[b];
        }
    }
    /* statistics: a bank with a request that got no data this cycle */
    for (uint32_t hs = requesting; hs; hs &= hs - 1) {
        const unsigned h = wf_lowest_bit(hs);
        const wf_holder *hd = &m->hold[h];
        const unsigned want = hd->pending & ~hd->reading;
        if (!(want & ~cy->fill[h])) continue;
        for (unsigned s = 0; s < hd->nsrc; s++)
            if ((want >> s & 1u) && !(cy->fill[h] >> s & 1u))
                cy->read_conflict |= 1u << hd->bank[s];
    }
}

void wf_cu_grants(const wf_model *m, wf_cyc *cy) { wf_arbiter(m, cy, 0, m->C); }

/* §5.4, §5.6: not valid and not named by IH */
int wf_cu_lowest_free(const wf_model *m, const wf_cyc *cy)
{
    const uint32_t free_cu = ~(cy->hvalid | cy->ih_cu) & ((1u << m->C) - 1u);
    return free_cu ? (int)wf_lowest_bit(free_cu) : -1;
}

/* The holder written at the end of this cycle (after (5) and (6)): with
 * handoff_stage = 1 in loop mode 3 the CU IH names (§5.6), else the
 * holder this cycle's issue obtained (§5.4). */
void wf_alloc_decide(const wf_model *m, wf_cyc *cy)
{
    if (m->cfg.handoff_stage && m->cfg.loops == 3) {
        if (!m->ih_valid) return;
        cy->alloc.valid = 1;
        cy->alloc.holder = m->ih_cu;
        cy->alloc.warp = m->ih_warp;
        cy->alloc.sb_entry = m->ih_sb_entry;
        cy->alloc.slot = &m->ih_slot;
    } else {
        if (cy->iss.kind != WF_ISS_ISSUE || cy->iss.holder == WF_NONE) return;
        cy->alloc.valid = 1;
        cy->alloc.holder = cy->iss.holder;
        cy->alloc.warp = cy->iss.warp;
        cy->alloc.sb_entry = cy->iss.sb_entry;
        cy->alloc.slot = &cy->iss_slot;
    }
    if (cy->alloc.holder != WF_HOLDER_SR) cy->alloc.older = wf_war_older(m, cy, cy->alloc.warp);
}

/* §7.1: a CU whose slots were all filled at the start of the cycle requests
 * dispatch; per unit the oldest requesting CU (allowed by war=inorder) wins
 * when the unit's stage 1 accepts at the end of the cycle. */
void wf_cu_dispatch_decide(const wf_model *m, wf_cyc *cy)
{
    unsigned best[WF_NUNITS] = {WF_NONE, WF_NONE, WF_NONE};
    const uint32_t collected = cy->hvalid & ~cy->hpending & ((1u << m->C) - 1u);
    for (uint32_t us = collected; us; us &= us - 1) { /* one pass: the oldest requester per unit */
        const unsigned u = wf_lowest_bit(us);
        const wf_holder *hd = &m->hold[u];
        if (!wf_war_dispatch_ok(m, u)) continue;
        const unsigned x = hd->unit - 1u;
        if (best[x] == WF_NONE || hd->age < m->hold[best[x]].age) best[x] = u;
    }
    for (unsigned x = 0; x < WF_NUNITS; x++)
        if (best[x] != WF_NONE && cy->accept[x]) cy->disp[x] = (uint8_t)best[x];
}

/* Holder next state: operand fills (§6.3; with fill_stage = 1 in loop mode
 * 3 the slots granted last cycle, §6.5), frees at dispatch (with the §8.2
 * older-bit clearing), the allocation of wf_alloc_decide, and IH. */
void wf_collector_commit(wf_model *m, const wf_cyc *cy)
{
    const int fstage = m->cfg.fill_stage && m->cfg.loops == 3;
    for (uint32_t g = cy->granted; g; g &= g - 1) {
        const unsigned b = wf_lowest_bit(g);
        wf_holder *hd = &m->hold[cy->grant_holder[b]];
        /* the slots this grant filled: the filled slots mapping to bank b */
        for (unsigned s = 0; s < hd->nsrc; s++)
            if ((cy->fill[cy->grant_holder[b]] >> s & 1u) && hd->bank[s] == b)
                memcpy(hd->opnd[s], cy->rrow[b], m->L * sizeof(uint32_t));
    }
    if (fstage) { /* §6.5: last cycle's grants fill now, this cycle's become `reading` */
        for (uint32_t hs = m->hpending & ((1u << m->C) - 1u); hs; hs &= hs - 1) {
            wf_holder *hd = &m->hold[wf_lowest_bit(hs)];
            hd->pending &= (uint8_t)~hd->reading;
            hd->reading = 0;
            if (!hd->pending) m->hpending &= ~(1u << wf_lowest_bit(hs));
        }
        for (uint32_t g = cy->granted; g; g &= g - 1) {
            const unsigned h = cy->grant_holder[wf_lowest_bit(g)];
            m->hold[h].reading |= cy->fill[h];
        }
    } else {
        for (uint32_t g = cy->granted; g; g &= g - 1) { /* fill[h] != 0 only for a granted holder */
            const unsigned h = cy->grant_holder[wf_lowest_bit(g)];
            m->hold[h].pending &= (uint8_t)~cy->fill[h];
            if (!m->hold[h].pending) m->hpending &= ~(1u << h);
        }
    }
    uint16_t freed = 0;
    for (unsigned x = 0; x < WF_NUNITS; x++)
        if (cy->disp[x] != WF_NONE) {
            m->hold[cy->disp[x]].valid = 0;
            m->hvalid &= ~(1u << cy->disp[x]);
            m->hpending &= ~(1u << cy->disp[x]);
            if (cy->disp[x] < WF_MAX_CUS) freed |= (uint16_t)(1u << cy->disp[x]);
        }
    if (freed && m->cfg.war == WF_WAR_INORDER)
        for (uint32_t us = m->hvalid & ((1u << m->C) - 1u); us; us &= us - 1)
            m->hold[wf_lowest_bit(us)].older &= (uint16_t)~freed;

    if (cy->alloc.valid) {
        wf_holder *hd = &m->hold[cy->alloc.holder];
        const wf_slot *s = cy->alloc.slot; /* may be m->ih_slot: read before IH is rewritten */
        hd->valid = 1;
        hd->warp = cy->alloc.warp;
        hd->unit = s->unit;
        hd->pc = s->pc;
        hd->insn = s->insn;
        hd->nsrc = s->nsrc;
        memcpy(hd->src, s->src, sizeof hd->src);
        for (unsigned k = 0; k < hd->nsrc; k++) {
            hd->bank[k] = (uint8_t)wf_rf_bank(m, hd->warp, hd->src[k]);
            if (m->cfg.war == WF_WAR_BLOOM) hd->bloom[k] = wf_bloom_bits(m->cfg.bloom_bits, hd->src[k]);
        }
        hd->pending = (uint8_t)((1u << hd->nsrc) - 1u);
        hd->reading = 0;
        m->hvalid |= 1u << cy->alloc.holder;
        if (hd->pending) m->hpending |= 1u << cy->alloc.holder;
        hd->conflict_free = s->conflict_free;
        hd->sb_entry = cy->alloc.sb_entry;
        hd->age = m->cycle;
        hd->older = cy->alloc.older;
        hd->lanes_left = s->lanes_left;
    }
    /* §5.6: IH holds this cycle's issue into a CU until the next cycle writes it */
    m->ih_valid = 0;
    if (m->cfg.handoff_stage && m->cfg.loops == 3 && cy->iss.kind == WF_ISS_ISSUE &&
        cy->iss.holder != WF_NONE) {
        m->ih_valid = 1;
        m->ih_cu = cy->iss.holder;
        m->ih_warp = cy->iss.warp;
        m->ih_sb_entry = cy->iss.sb_entry;
        m->ih_slot = cy->iss_slot;
    }
}
