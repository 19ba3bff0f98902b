/* WAR hazards out of the operand collector (§8, loop mode 3 only): the
 * readiness checks of the five policies, the inorder `older` masks, and the
 * derived per-warp state (collecting, Bloom filter). Mirrors rtl/wf_war.v. */
#include "wf_bits.h"
#include "wf_model_impl.h"

/* §8.5: H(r) sets h0 = r mod m and h1 = (5r + floor(r/16) + 3) mod m
 * (m = bloom_bits, a power of two: mod m is & (m - 1)). */
uint64_t wf_bloom_bits(unsigned m_bits, unsigned reg)
{
    const unsigned mask = m_bits - 1u;
    unsigned h0 = reg & mask, h1 = (5u * reg + reg / 16u + 3u) & mask;
    return ((uint64_t)1 << h0) | ((uint64_t)1 << h1);
}

/* From the start-of-cycle CUs: collecting (§8.4, bit w: warp w has a CU
 * with operands still to read) and, for war=bloom, filter[w] (§8.5), the OR
 * of H(r) over every pending slot register of the warp's valid CUs (warps
 * with no such slot are not in filter_set: their filter is 0). */
void wf_war_derive(const wf_model *m, wf_cyc *cy)
{
    cy->collecting = 0;
    cy->filter_set = 0;
    if (m->cfg.loops != 3) return;
    const int bloom = m->cfg.war == WF_WAR_BLOOM;
    for (uint32_t us = cy->hpending & ((1u << m->C) - 1u); us; us &= us - 1) {
        const wf_holder *h = &m->hold[wf_lowest_bit(us)];
        cy->collecting |= (uint64_t)1 << h->warp;
        if (!bloom) continue;
        uint64_t f = 0;
        for (unsigned s = 0; s < h->nsrc; s++)
            if (h->pending >> s & 1u) f |= h->bloom[s];
        if (!(cy->filter_set >> h->warp & 1u)) cy->filter[h->warp] = 0;
        cy->filter_set |= (uint64_t)1 << h->warp;
        cy->filter[h->warp] |= f;
    }
}

/* handoff_stage = 1 (§5.6): IH holds an instruction that reads reg
 * (reg = WF_NONE: any source). */
static int ih_reads(const wf_model *m, unsigned reg)
{
    if (!m->ih_valid) return 0;
    const wf_slot *s = &m->ih_slot;
    return reg == WF_NONE ? s->nsrc != 0 : (s->src[0] == reg) | (s->src[1] == reg) | (s->src[2] == reg);
}

/* Readiness item 5 (loop mode 3): of the candidate warps cand, whose heads
 * need a CU, those the policy blocks (with IH's terms, §5.6). */
uint64_t wf_war_blocks(const wf_model *m, const wf_cyc *cy, uint64_t cand)
{
    const uint64_t ih_bit = m->ih_valid ? (uint64_t)1 << m->ih_warp : 0;
    switch (m->cfg.war) {
    case WF_WAR_WB_COMMIT: return cand & wf_smask(m, WF_SF_INFLIGHT);
    case WF_WAR_WB_READ:
        return cand & (cy->collecting | (ih_reads(m, WF_NONE) ? ih_bit : 0));
    case WF_WAR_BLOOM: {
        uint64_t blocked = 0;
        if (cand & ih_bit & wf_hmask(m, WF_HF_WRITES) &&
            ih_reads(m, m->warp[m->ih_warp].slot[0].insn.rd))
            blocked = ih_bit;
        for (uint64_t c = cand & wf_hmask(m, WF_HF_WRITES) & cy->filter_set; c; c &= c - 1) {
            const unsigned w = wf_lowest_bit(c);
            const uint64_t h = wf_bloom_bits(m->cfg.bloom_bits, m->warp[w].slot[0].insn.rd);
            if ((cy->filter[w] & h) == h) blocked |= (uint64_t)1 << w;
        }
        return blocked;
    }
    default: return 0; /* none; inorder restricts dispatch, not issue */
    }
}

/* §8.2: a CU may dispatch only when older[u] = 0. */
int wf_war_dispatch_ok(const wf_model *m, unsigned u)
{
    return m->cfg.war != WF_WAR_INORDER || m->hold[u].older == 0;
}

/* war=inorder: the older mask of a CU allocated this cycle for warp w: the valid CUs of the
 * warp at its allocation, minus those freed (dispatched) at the end of this
 * cycle, whose bits are cleared in every mask. */
uint16_t wf_war_older(const wf_model *m, const wf_cyc *cy, unsigned w)
{
    uint16_t mask = 0;
    if (m->cfg.war != WF_WAR_INORDER) return 0; /* read by inorder only (dispatch, §11) */
    for (uint32_t us = cy->hvalid & ((1u << m->C) - 1u); us; us &= us - 1) {
        const unsigned u = wf_lowest_bit(us);
        if (m->hold[u].warp == w) mask |= (uint16_t)(1u << u);
    }
    for (unsigned x = 0; x < WF_NUNITS; x++)
        if (cy->disp[x] != WF_NONE && cy->disp[x] < WF_MAX_CUS) mask &= (uint16_t)~(1u << cy->disp[x]);
    return mask;
}
