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

/* The ports are read field by field in bit order (LSB first), each port
 * once from its first bit: a reader keeps the bits fetched but not yet taken,
 * so a field costs a mask and a shift, and no word past the last field is
 * read. */
typedef struct {
    const uint32_t *next; /* the next word to fetch */
    uint64_t buf;         /* `have` fetched bits, LSB first */
    unsigned have;
} bitreader;

static inline bitreader reader(const uint32_t *v) { return (bitreader){v, 0, 0}; }

static inline uint64_t take(bitreader *r, unsigned w) /* 1 <= w <= 32 */
{
    if (r->have < w) {
        r->buf |= (uint64_t)*r->next++ << r->have;
        r->have += 32;
    }
    const uint64_t x = r->buf & ((1ull << w) - 1);
    r->buf >>= w;
    r->have -= w;
    return x;
}

static inline uint64_t take64(bitreader *r)
{
    const uint64_t lo = take(r, 32);
    return lo | take(r, 32) << 32;
}

static unsigned min_u(unsigned a, unsigned b) { return a < b ? a : b; }

static void decode_cu(bitreader *r, wf_obs_cu *c)
{
    c->valid = (uint8_t)take(r, 1);
    c->warp = (uint8_t)take(r, 6);
    c->pc = (uint16_t)take(r, 16);
    c->pending = (uint8_t)take(r, 3);
    c->ready = (uint8_t)take(r, 1);
    c->older = (uint16_t)take(r, 16);
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

    /* obs_o (OBS_W bits) */
    bitreader r = reader(t->obs);
    out->cycle = take64(&r);
    out->fetch.valid = (uint8_t)take(&r, 1);
    out->fetch.warp = (uint8_t)take(&r, 6);
    out->fetch.pc = (uint16_t)take(&r, 16);
    out->fetch.kind = (uint8_t)take(&r, 2);
    out->fill.valid = (uint8_t)take(&r, 1);
    out->fill.mshr = (uint8_t)take(&r, 3);
    out->fill.line = (uint32_t)take(&r, 16);
    out->issue.valid = (uint8_t)take(&r, 1);
    out->issue.warp = (uint8_t)take(&r, 6);
    out->issue.pc = (uint16_t)take(&r, 16);
    out->issue.replay = (uint8_t)take(&r, 1);
    out->issue.unit = (uint8_t)take(&r, 8);
    out->issue.sb_entry = (uint8_t)take(&r, 8);
    out->stall = (uint8_t)take(&r, 2);
    for (unsigned x = 0; x < WF_NUNITS; x++) { /* 31 bits each from bit 151 */
        out->dispatch[x].valid = (uint8_t)take(&r, 1);
        out->dispatch[x].warp = (uint8_t)take(&r, 6);
        out->dispatch[x].pc = (uint16_t)take(&r, 16);
        out->dispatch[x].cu = (uint8_t)take(&r, 8);
    }
    out->piece.valid = (uint8_t)take(&r, 1); /* bit 244 */
    out->piece.warp = (uint8_t)take(&r, 6);
    out->piece.pc = (uint16_t)take(&r, 16);
    out->piece.line = (uint32_t)take(&r, 16);
    out->piece.lanes = (uint32_t)take(&r, 32);
    out->piece.last = (uint8_t)take(&r, 1);
    out->branch.valid = (uint8_t)take(&r, 1); /* bit 316 */
    out->branch.warp = (uint8_t)take(&r, 6);
    out->branch.taken = (uint8_t)take(&r, 1);
    out->branch.target = (uint16_t)take(&r, 16);
    out->lsu_stall = (uint8_t)take(&r, 1); /* bit 340 */
    out->done = (uint8_t)take(&r, 1);

    /* obs_wb_o (WB_W bits per unit), obs_wb_data_o */
    const unsigned L = min_u(cfg->lanes, WF_MAX_LANES);
    r = reader(t->wb);
    for (unsigned x = 0; x < WF_NUNITS; x++) {
        wf_obs_wb *wb = &out->wb[x];
        wb->valid = (uint8_t)take(&r, 1);
        wb->warp = (uint8_t)take(&r, 6);
        wb->reg = (uint8_t)take(&r, 8);
        wb->bank = (uint8_t)take(&r, 8);
        wb->lanes = (uint32_t)take(&r, 32);
        wb->release = (uint8_t)take(&r, 8);
        memcpy(wb->data, &t->wb_data[x * cfg->lanes], L * sizeof wb->data[0]);
    }

    /* obs_bank_o (BANK_W bits per bank) */
    r = reader(t->bank);
    for (unsigned b = 0; b < min_u(cfg->banks, WF_MAX_BANKS); b++) {
        wf_obs_bank *k = &out->bank[b];
        k->kind = (uint8_t)take(&r, 2);
        k->warp = (uint8_t)take(&r, 6);
        k->reg = (uint8_t)take(&r, 8);
        k->cu = (uint8_t)take(&r, 8);
        k->slot = (uint8_t)take(&r, 8);
        k->unit = (uint8_t)take(&r, 8);
    }

    /* obs_warp_o (warp_w bits per warp) */
    const unsigned E = min_u(cfg->sb_entries, WF_MAX_SB), I = min_u(cfg->ibuf, WF_MAX_IBUF);
    r = reader(t->warp);
    for (unsigned w = 0; w < min_u(cfg->warps, WF_MAX_WARPS); w++) {
        wf_obs_warp *p = &out->warp[w];
        p->fetch_pc = (uint16_t)take(&r, 16);
        p->fetch_state = (uint8_t)take(&r, 2);
        p->exited = (uint8_t)take(&r, 1);
        p->inflight = (uint16_t)take(&r, 16);
        p->mem_inflight = (uint8_t)take(&r, 1);
        p->collecting = (uint8_t)take(&r, 1);
        p->filter = take64(&r);
        for (unsigned e = 0; e < E; e++) { /* 9 bits each from bit 101 */
            p->sb[e].valid = (uint8_t)take(&r, 1);
            p->sb[e].reg = (uint8_t)take(&r, 8);
        }
        for (unsigned i = 0; i < I; i++) { /* 58 bits each */
            p->ibuf[i].valid = (uint8_t)take(&r, 1);
            p->ibuf[i].issued = (uint8_t)take(&r, 1);
            p->ibuf[i].pc = (uint16_t)take(&r, 16);
            p->ibuf[i].dep = (uint8_t)take(&r, 8);
            p->ibuf[i].lanes_left = (uint32_t)take(&r, 32);
        }
        p->hazard = (uint8_t)take(&r, 4);
    }

    /* obs_cu_o (CU_W bits each): the CUs, then the staging register */
    r = reader(t->cu);
    for (unsigned u = 0; u < min_u(cfg->collectors, WF_MAX_CUS); u++) decode_cu(&r, &out->cu[u]);
    decode_cu(&r, &out->sr);
}
