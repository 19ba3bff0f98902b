/* WAR hazards out of the operand collector (§8, loop mode 3 only): the
 * readiness checks of the five policies, the inorder `older` masks, and the
 * derived per-warp state (collecting, Bloom filter). Mirrors rtl/wf_war.v. */
#include "wf_model_impl.h"

/* §8.5: H(r) sets h0 = r mod m and h1 = (5r + floor(r/16) + 3) mod m
 * (m = bloom_bits, a power of two: mod m is & (m - 1)). */
uint64_t wf_bloom_bits(unsigned m_bits, unsigned reg)
{
    const unsigned mask = m_bits - 1u;
    unsigned h0 = reg & mask, h1 = (5u * reg + reg / 16u + 3u) & mask;
    return ((uint64_t)1 << h0) | ((uint64_t)1 << h1);
}

/* From the start-of-cycle CUs: collecting[w] (§8.4) and filter[w] (§8.5), the
 * OR of H(r) over every pending slot register of the warp's valid CUs. */
void wf_war_derive(const wf_model *m, wf_cyc *cy)
{
    for (unsigned w = 0; w < m->W; w++) {
        cy->filter[w] = 0;
        cy->collecting[w] = 0;
    }
    if (m->cfg.loops != 3) return;
    for (uint32_t us = cy->hpending & ((1u << m->C) - 1u); us; us &= us - 1) {
        const wf_holder *h = &m->hold[wf_lowest_bit(us)];
        cy->collecting[h->warp] = 1;
        for (unsigned s = 0; s < h->nsrc; s++)
            if (h->pending >> s & 1u) cy->filter[h->warp] |= wf_bloom_bits(m->cfg.bloom_bits, h->src[s]);
    }
}

/* Readiness item 5 for head slot s of warp w (s needs a CU). */
int wf_war_allows(const wf_model *m, const wf_cyc *cy, unsigned w, const wf_slot *s)
{
    if (m->cfg.loops != 3) return 1; /* §7.2: no WAR hazard through the SR */
    switch (m->cfg.war) {
    case WF_WAR_WB_COMMIT: return m->warp[w].inflight == 0;
    case WF_WAR_WB_READ: return !cy->collecting[w];
    case WF_WAR_BLOOM:
        if (s->writes) {
            uint64_t h = wf_bloom_bits(m->cfg.bloom_bits, s->insn.rd);
            return (cy->filter[w] & h) != h;
        }
        return 1;
    default: return 1; /* none; inorder restricts dispatch, not issue */
    }
}

/* §8.2: a CU may dispatch only when older[u] = 0. */
int wf_war_dispatch_ok(const wf_model *m, unsigned u)
{
    return m->cfg.war != WF_WAR_INORDER || m->hold[u].older == 0;
}

/* older mask of a CU allocated this cycle for warp w: the valid CUs of the
 * warp at its allocation, minus those freed (dispatched) at the end of this
 * cycle, whose bits are cleared in every mask. */
uint16_t wf_war_older(const wf_model *m, const wf_cyc *cy, unsigned w)
{
    uint16_t mask = 0;
    for (uint32_t us = cy->hvalid & ((1u << m->C) - 1u); us; us &= us - 1) {
        const unsigned u = wf_lowest_bit(us);
        if (m->hold[u].warp == w) mask |= (uint16_t)(1u << u);
    }
    for (unsigned x = 0; x < WF_NUNITS; x++)
        if (cy->disp[x] != WF_NONE && cy->disp[x] < WF_MAX_CUS) mask &= (uint16_t)~(1u << cy->disp[x]);
    return mask;
}
