/* RTL trace-bus decoder (verif/include/wf_rtlobs.h): the bit layout of the
 * rtl/wf_core.v trace ports, in one place, for every harness. */
#include "wf_rtlobs.h"

#include <stddef.h>
#include <string.h>

/* per-record widths of the ports (rtl/wf_core.v) */
#define OBS_W 342u
#define WB_W 63u
#define BANK_W 40u
#define CU_W 43u
static unsigned warp_w(const wf_config *cfg) { return 105u + 9u * cfg->sb_entries + 58u * cfg->ibuf; }

unsigned wf_rtl_trace_bits(const wf_config *cfg, int port)
{
    switch (port) {
    case WF_RTL_OBS: return OBS_W;
    case WF_RTL_WB: return WF_NUNITS * WB_W;
    case WF_RTL_WB_DATA: return WF_NUNITS * cfg->lanes * 32u;
    case WF_RTL_BANK: return cfg->banks * BANK_W;
    case WF_RTL_WARP: return cfg->warps * warp_w(cfg);
    case WF_RTL_CU: return (cfg->collectors + 1u) * CU_W;
    default: return 0;
    }
}

const char *wf_rtl_trace_port_name(int port)
{
    static const char *const names[WF_RTL_PORTS] = {"obs_o",      "obs_wb_o",   "obs_wb_data_o",
                                                    "obs_bank_o", "obs_warp_o", "obs_cu_o"};
    return port >= 0 && port < WF_RTL_PORTS ? names[port] : "?";
}

/* Bits [lsb, lsb+w) of an LSB-first word array, 1 <= w <= 64. Reads only the
 * words those bits lie in. */
static uint64_t bits(const uint32_t *v, unsigned lsb, unsigned w)
{
    const uint32_t *p = v + lsb / 32;
    const unsigned s = lsb % 32;
    uint64_t x = p[0] >> s;
    unsigned have = 32 - s;
    if (have < w) {
        x |= (uint64_t)p[1] << have;
        have += 32;
        if (have < w) x |= (uint64_t)p[2] << have;
    }
    return w >= 64 ? x : x & ((1ull << w) - 1);
}

static unsigned min_u(unsigned a, unsigned b) { return a < b ? a : b; }

static void decode_cu(const uint32_t *v, unsigned o, wf_obs_cu *c)
{
    c->valid = (uint8_t)bits(v, o, 1);
    c->warp = (uint8_t)bits(v, o + 1, 6);
    c->pc = (uint16_t)bits(v, o + 7, 16);
    c->pending = (uint8_t)bits(v, o + 23, 3);
    c->ready = (uint8_t)bits(v, o + 26, 1);
    c->older = (uint16_t)bits(v, o + 27, 16);
}

void wf_rtl_trace_decode(const wf_config *cfg, const wf_rtl_trace *t, wf_obs *out)
{
    /* Zero what the configuration uses (the bytes before warp[], warps
     * 0..warps-1, issue to the end), not the whole ~9.5 KB record: the record
     * of warps >= cfg->warps is never compared, and this memset was most of
     * the decoder's cost. Used bytes stay zeroed so padding matches the C
     * model's record and wf_cmp_obs keeps its memcmp fast path. */
    memset(out, 0, offsetof(wf_obs, warp));
    memset(out->warp, 0, (size_t)cfg->warps * sizeof out->warp[0]);
    memset(&out->issue, 0, sizeof *out - offsetof(wf_obs, issue));
    const uint32_t *v = t->obs;
    /* obs_o */
    out->cycle = bits(v, 0, 64);
    out->fetch.valid = (uint8_t)bits(v, 64, 1);
    out->fetch.warp = (uint8_t)bits(v, 65, 6);
    out->fetch.pc = (uint16_t)bits(v, 71, 16);
    out->fetch.kind = (uint8_t)bits(v, 87, 2);
    out->fill.valid = (uint8_t)bits(v, 89, 1);
    out->fill.mshr = (uint8_t)bits(v, 90, 3);
    out->fill.line = (uint32_t)bits(v, 93, 16);
    out->issue.valid = (uint8_t)bits(v, 109, 1);
    out->issue.warp = (uint8_t)bits(v, 110, 6);
    out->issue.pc = (uint16_t)bits(v, 116, 16);
    out->issue.replay = (uint8_t)bits(v, 132, 1);
    out->issue.unit = (uint8_t)bits(v, 133, 8);
    out->issue.sb_entry = (uint8_t)bits(v, 141, 8);
    out->stall = (uint8_t)bits(v, 149, 2);
    for (unsigned x = 0; x < WF_NUNITS; x++) {
        const unsigned o = 151 + 31 * x;
        out->dispatch[x].valid = (uint8_t)bits(v, o, 1);
        out->dispatch[x].warp = (uint8_t)bits(v, o + 1, 6);
        out->dispatch[x].pc = (uint16_t)bits(v, o + 7, 16);
        out->dispatch[x].cu = (uint8_t)bits(v, o + 23, 8);
    }
    out->piece.valid = (uint8_t)bits(v, 244, 1);
    out->piece.warp = (uint8_t)bits(v, 245, 6);
    out->piece.pc = (uint16_t)bits(v, 251, 16);
    out->piece.line = (uint32_t)bits(v, 267, 16);
    out->piece.lanes = (uint32_t)bits(v, 283, 32);
    out->piece.last = (uint8_t)bits(v, 315, 1);
    out->branch.valid = (uint8_t)bits(v, 316, 1);
    out->branch.warp = (uint8_t)bits(v, 317, 6);
    out->branch.taken = (uint8_t)bits(v, 323, 1);
    out->branch.target = (uint16_t)bits(v, 324, 16);
    out->lsu_stall = (uint8_t)bits(v, 340, 1);
    out->done = (uint8_t)bits(v, 341, 1);

    /* obs_wb_o, obs_wb_data_o */
    const unsigned L = min_u(cfg->lanes, WF_MAX_LANES);
    for (unsigned x = 0; x < WF_NUNITS; x++) {
        const unsigned o = WB_W * x;
        wf_obs_wb *wb = &out->wb[x];
        wb->valid = (uint8_t)bits(t->wb, o, 1);
        wb->warp = (uint8_t)bits(t->wb, o + 1, 6);
        wb->reg = (uint8_t)bits(t->wb, o + 7, 8);
        wb->bank = (uint8_t)bits(t->wb, o + 15, 8);
        wb->lanes = (uint32_t)bits(t->wb, o + 23, 32);
        wb->release = (uint8_t)bits(t->wb, o + 55, 8);
        for (unsigned l = 0; l < L; l++) wb->data[l] = t->wb_data[x * cfg->lanes + l];
    }

    /* obs_bank_o */
    for (unsigned b = 0; b < min_u(cfg->banks, WF_MAX_BANKS); b++) {
        const unsigned o = BANK_W * b;
        wf_obs_bank *k = &out->bank[b];
        k->kind = (uint8_t)bits(t->bank, o, 2);
        k->warp = (uint8_t)bits(t->bank, o + 2, 6);
        k->reg = (uint8_t)bits(t->bank, o + 8, 8);
        k->cu = (uint8_t)bits(t->bank, o + 16, 8);
        k->slot = (uint8_t)bits(t->bank, o + 24, 8);
        k->unit = (uint8_t)bits(t->bank, o + 32, 8);
    }

    /* obs_warp_o */
    const unsigned WW = warp_w(cfg), E = min_u(cfg->sb_entries, WF_MAX_SB),
                   I = min_u(cfg->ibuf, WF_MAX_IBUF);
    for (unsigned w = 0; w < min_u(cfg->warps, WF_MAX_WARPS); w++) {
        const unsigned o = WW * w;
        wf_obs_warp *p = &out->warp[w];
        p->fetch_pc = (uint16_t)bits(t->warp, o, 16);
        p->fetch_state = (uint8_t)bits(t->warp, o + 16, 2);
        p->exited = (uint8_t)bits(t->warp, o + 18, 1);
        p->inflight = (uint16_t)bits(t->warp, o + 19, 16);
        p->mem_inflight = (uint8_t)bits(t->warp, o + 35, 1);
        p->collecting = (uint8_t)bits(t->warp, o + 36, 1);
        p->filter = bits(t->warp, o + 37, 64);
        for (unsigned e = 0; e < E; e++) {
            p->sb[e].valid = (uint8_t)bits(t->warp, o + 101 + 9 * e, 1);
            p->sb[e].reg = (uint8_t)bits(t->warp, o + 102 + 9 * e, 8);
        }
        for (unsigned i = 0; i < I; i++) {
            const unsigned s = o + 101 + 9 * cfg->sb_entries + 58 * i;
            p->ibuf[i].valid = (uint8_t)bits(t->warp, s, 1);
            p->ibuf[i].issued = (uint8_t)bits(t->warp, s + 1, 1);
            p->ibuf[i].pc = (uint16_t)bits(t->warp, s + 2, 16);
            p->ibuf[i].dep = (uint8_t)bits(t->warp, s + 18, 8);
            p->ibuf[i].lanes_left = (uint32_t)bits(t->warp, s + 26, 32);
        }
        p->hazard = (uint8_t)bits(t->warp, o + 101 + 9 * cfg->sb_entries + 58 * cfg->ibuf, 4);
    }

    /* obs_cu_o: the CUs, then the staging register */
    for (unsigned u = 0; u < min_u(cfg->collectors, WF_MAX_CUS); u++) decode_cu(t->cu, CU_W * u, &out->cu[u]);
    decode_cu(t->cu, CU_W * cfg->collectors, &out->sr);
}
