/* RTL trace-bus decoder: the §11 observation record as rtl/wf_core.v packs it
 * on its six trace ports (obs_o, obs_wb_o, obs_wb_data_o, obs_bank_o,
 * obs_warp_o, obs_cu_o; the layout is generated from the field table
 * scripts/wf/layout.py into verif/include/wf_layout.h and rtl/wf_defs.vh),
 * decoded into a wf_obs so that every harness (Verilator C++, SystemC,
 * SystemVerilog DPI-C) compares it with the C model through verif/compare.c.
 *
 * A port is an LSB-first array of 32-bit words: bit k of the port is bit
 * k % 32 of word k / 32 (Verilator's VlWide<N> storage and SystemVerilog's
 * svBitVecVal both are). Narrow ports (at most 64 bits, e.g. obs_cu_o at one
 * collector) are passed the same way: the harness copies a Verilator
 * QData/IData into a small uint32_t array first.
 *
 * wf_rtl_trace_decode writes every field of *out: what the bus carries, as it
 * carries it (event fields are not masked by their valid bit, so stale values
 * in an invalid event reach the comparator, which checks them against the 0
 * §11 prescribes), and 0 in everything the bus does not carry at cfg's sizes
 * (warps >= cfg->warps, unused scoreboard entries and slots, ...). cfg must
 * pass wf_config_check and carry the sizes the RTL was elaborated with.
 *
 * Version: wf_core reports the layout version it packs on obs_version_o; the
 * harness passes it in wf_rtl_trace.version, and the decoder refuses a trace
 * of any version but WF_TRACE_VERSION (wf_layout.h): wf_rtl_trace_decode
 * returns 1 with *out zeroed, wf_rtl_trace_check_version says why. */
#ifndef WF_RTLOBS_H
#define WF_RTLOBS_H

#include <stddef.h>
#include <stdint.h>

#include "warpfront.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {            /* each: LSB-first array of 32-bit words, as Verilator VlWide / SV svBitVecVal */
    const uint32_t *obs;      /* wf_core obs_o       (WF_OBS_W bits)                        */
    const uint32_t *wb;       /* obs_wb_o            (3 * WF_OBS_WB_W)                      */
    const uint32_t *wb_data;  /* obs_wb_data_o       (3 * WF_OBS_WB_DATA_W(LANES))          */
    const uint32_t *bank;     /* obs_bank_o          (BANKS * WF_OBS_BANK_W)                */
    const uint32_t *warp;     /* obs_warp_o          (WARPS * WF_OBS_WARP_W(SB_ENTRIES, IBUF)) */
    const uint32_t *cu;       /* obs_cu_o            ((COLLECTORS+1) * WF_OBS_CU_W)         */
    unsigned version;         /* obs_version_o: the layout version the RTL packs            */
} wf_rtl_trace;

enum { WF_RTL_OBS, WF_RTL_WB, WF_RTL_WB_DATA, WF_RTL_BANK, WF_RTL_WARP, WF_RTL_CU, WF_RTL_PORTS };

/* Width in bits of port `port` (WF_RTL_OBS .. WF_RTL_CU) at cfg's sizes; 0
 * for an unknown port. Words to allocate: (bits + 31) / 32. */
unsigned wf_rtl_trace_bits(const wf_config *cfg, int port);

/* The port's name in rtl/wf_core.v ("obs_o", ...), or "?" */
const char *wf_rtl_trace_port_name(int port);

/* Decodes one cycle's trace into *out (every §11 field, see above): 0, or 1
 * when t->version is not WF_TRACE_VERSION (nothing decoded). */
int wf_rtl_trace_decode(const wf_config *cfg, const wf_rtl_trace *t, wf_obs *out);

/* The inverse of wf_rtl_trace_decode: *o packed into the six ports as the
 * RTL packs them (ports[p]: (wf_rtl_trace_bits(cfg, p) + 31) / 32 words,
 * written in full, unused bits 0). The expected-value waves of a harness
 * (the C model's records on the RTL's port names) are made with it. */
void wf_rtl_trace_encode(const wf_config *cfg, const wf_obs *o, uint32_t *const ports[WF_RTL_PORTS]);

/* Where the field a report names ("issue.pc", "wb[1].data[0]",
 * "warp[2].sb[1].reg"; wf_cmp_field's paths) lies at cfg's sizes: 0 with
 * its port (WF_RTL_OBS ..), lowest bit and width, or -1 (no such field on
 * the ports, or out of memory). */
int wf_rtl_trace_locate(const wf_config *cfg, const char *path, int *port, unsigned *lsb, unsigned *width);

/* 0 when version (obs_version_o) is the layout this decoder reads, else 1
 * with a message naming both versions in buf. */
int wf_rtl_trace_check_version(unsigned version, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
