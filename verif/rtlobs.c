/* RTL trace-bus decoder (verif/include/wf_rtlobs.h): the bit layout of the
 * rtl/wf_core.v trace ports, in one place, for every harness. */
#include "wf_rtlobs.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wf_compare.h"
#include "wf_layout.h"

static unsigned warp_w(const wf_config *cfg) { return WF_OBS_WARP_W(cfg->sb_entries, cfg->ibuf); }

unsigned wf_rtl_trace_bits(const wf_config *cfg, int port)
{
    switch (port) {
    case WF_RTL_OBS: return WF_OBS_W;
    case WF_RTL_WB: return WF_NUNITS * WF_OBS_WB_W;
    case WF_RTL_WB_DATA: return WF_NUNITS * WF_OBS_WB_DATA_W(cfg->lanes);
    case WF_RTL_BANK: return cfg->banks * WF_OBS_BANK_W;
    case WF_RTL_WARP: return cfg->warps * warp_w(cfg);
    case WF_RTL_CU: return (cfg->collectors + 1u) * WF_OBS_CU_W;
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

/* The writer of the encoders: bits appended LSB first, a word stored when full. */
typedef struct {
    uint32_t *next;
    uint64_t buf;
    unsigned have;
} bitwriter;

static inline bitwriter writer(uint32_t *v) { return (bitwriter){v, 0, 0}; }

static inline void put(bitwriter *w, unsigned n, uint64_t v) /* 1 <= n <= 64 */
{
    if (n > 32) {
        put(w, 32, v & 0xFFFFFFFFu);
        put(w, n - 32, v >> 32);
        return;
    }
    w->buf |= (v & ((1ull << n) - 1)) << w->have;
    w->have += n;
    if (w->have >= 32) {
        *w->next++ = (uint32_t)w->buf;
        w->buf >>= 32;
        w->have -= 32;
    }
}

static inline void put_flush(bitwriter *w)
{
    if (w->have) *w->next++ = (uint32_t)w->buf;
    w->buf = 0, w->have = 0;
}

static unsigned min_u(unsigned a, unsigned b) { return a < b ? a : b; }

/* decode_obs, decode_wb, decode_bank, decode_warp, decode_cu: the records'
 * fields in layout order, generated from scripts/wf/layout.py */
#include "rtlobs_layout.h"

int wf_rtl_trace_check_version(unsigned version, char *buf, size_t len)
{
    if (version == WF_TRACE_VERSION) {
        if (len) buf[0] = 0;
        return 0;
    }
    snprintf(buf, len,
             "trace layout version mismatch: the RTL reports version %u on obs_version_o, this "
             "decoder reads version %u (verif/include/wf_layout.h); regenerate and rebuild both "
             "from one field table (make gen) or use the decoder of the RTL's release",
             version, WF_TRACE_VERSION);
    return 1;
}

int wf_rtl_trace_decode(const wf_config *cfg, const wf_rtl_trace *t, wf_obs *out)
{
    /* Zero what the configuration uses (the bytes before warp[], warps
     * 0..warps-1, issue to the end), not the whole ~9.5 KB record: the record
     * of warps >= cfg->warps is never compared, and this memset was most of
     * the decoder's cost. Used bytes stay zeroed so padding matches the C
     * model's record and wf_cmp_obs keeps its memcmp fast path. */
    memset(out, 0, offsetof(wf_obs, warp));
    memset(out->warp, 0, (size_t)cfg->warps * sizeof out->warp[0]);
    memset(&out->issue, 0, sizeof *out - offsetof(wf_obs, issue));

    if (t->version != WF_TRACE_VERSION) return 1; /* the rest is not this layout */

    bitreader r = reader(t->obs);
    decode_obs(&r, out);

    /* obs_wb_o (per unit), obs_wb_data_o (per unit, lanes words) */
    const unsigned L = min_u(cfg->lanes, WF_MAX_LANES);
    r = reader(t->wb);
    for (unsigned x = 0; x < WF_NUNITS; x++) {
        decode_wb(&r, &out->wb[x]);
        memcpy(out->wb[x].data, &t->wb_data[x * cfg->lanes], L * sizeof out->wb[x].data[0]);
    }

    r = reader(t->bank);
    for (unsigned b = 0; b < min_u(cfg->banks, WF_MAX_BANKS); b++) decode_bank(&r, &out->bank[b]);

    const unsigned E = min_u(cfg->sb_entries, WF_MAX_SB), I = min_u(cfg->ibuf, WF_MAX_IBUF);
    r = reader(t->warp);
    for (unsigned w = 0; w < min_u(cfg->warps, WF_MAX_WARPS); w++) decode_warp(&r, &out->warp[w], E, I);

    /* obs_cu_o: the CUs, then the staging register */
    r = reader(t->cu);
    for (unsigned u = 0; u < min_u(cfg->collectors, WF_MAX_CUS); u++) decode_cu(&r, &out->cu[u]);
    decode_cu(&r, &out->sr);
    return 0;
}

void wf_rtl_trace_encode(const wf_config *cfg, const wf_obs *o, uint32_t *const ports[WF_RTL_PORTS])
{
    for (int p = 0; p < WF_RTL_PORTS; p++) memset(ports[p], 0, (wf_rtl_trace_bits(cfg, p) + 31) / 32 * 4);
    bitwriter w = writer(ports[WF_RTL_OBS]);
    encode_obs(&w, o);
    put_flush(&w);
    const unsigned L = min_u(cfg->lanes, WF_MAX_LANES);
    w = writer(ports[WF_RTL_WB]);
    for (unsigned x = 0; x < WF_NUNITS; x++) {
        encode_wb(&w, &o->wb[x]);
        memcpy(&ports[WF_RTL_WB_DATA][x * cfg->lanes], o->wb[x].data, L * sizeof o->wb[x].data[0]);
    }
    put_flush(&w);
    w = writer(ports[WF_RTL_BANK]);
    for (unsigned b = 0; b < min_u(cfg->banks, WF_MAX_BANKS); b++) encode_bank(&w, &o->bank[b]);
    put_flush(&w);
    const unsigned E = min_u(cfg->sb_entries, WF_MAX_SB), I = min_u(cfg->ibuf, WF_MAX_IBUF);
    w = writer(ports[WF_RTL_WARP]);
    for (unsigned k = 0; k < min_u(cfg->warps, WF_MAX_WARPS); k++) encode_warp(&w, &o->warp[k], E, I);
    put_flush(&w);
    w = writer(ports[WF_RTL_CU]);
    for (unsigned u = 0; u < min_u(cfg->collectors, WF_MAX_CUS); u++) encode_cu(&w, &o->cu[u]);
    encode_cu(&w, &o->sr);
    put_flush(&w);
}

int wf_rtl_trace_locate(const wf_config *cfg, const char *path, int *port, unsigned *lsb, unsigned *width)
{
    /* the decoder is the one definition of where a field lies: one bit set at
     * a time, decoded, and the field read back by its report path */
    uint32_t *words[WF_RTL_PORTS];
    unsigned bits[WF_RTL_PORTS], total = 0;
    for (int p = 0; p < WF_RTL_PORTS; p++) total += (bits[p] = wf_rtl_trace_bits(cfg, p)) / 32 + 1;
    uint32_t *buf = calloc(total, sizeof *buf);
    wf_obs *ob = malloc(sizeof *ob);
    int found = -1;
    if (buf && ob) {
        uint32_t *at = buf;
        for (int p = 0; p < WF_RTL_PORTS; p++) words[p] = at, at += bits[p] / 32 + 1;
        wf_rtl_trace t = {words[0], words[1], words[2], words[3], words[4], words[5], WF_TRACE_VERSION};
        unsigned lo = 0, hi = 0;
        for (int p = 0; p < WF_RTL_PORTS && found < 0; p++) {
            int in = 0;
            for (unsigned k = 0; k < bits[p]; k++) {
                words[p][k / 32] = 1u << (k % 32);
                uint64_t v = 0;
                const int hit = !wf_rtl_trace_decode(cfg, &t, ob) && !wf_cmp_field(ob, path, &v) && v;
                words[p][k / 32] = 0;
                if (hit && !in) in = 1, lo = k;
                if (hit) hi = k;
                if (!hit && in) break; /* a field's bits are contiguous */
            }
            if (in) found = p;
        }
        if (found >= 0) *port = found, *lsb = lo, *width = hi - lo + 1;
    }
    free(buf);
    free(ob);
    return found >= 0 ? 0 : -1;
}
