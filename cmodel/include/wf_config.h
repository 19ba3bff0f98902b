/* warpfront configuration: every parameter of docs/microarch.md "Parameters",
 * with its range and default, shared by wfsim, the models and the harnesses. */
#ifndef WF_CONFIG_H
#define WF_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "wf_enums.h" /* generated from scripts/wf/layout.py ENUMS, shared with the RTL */

#ifdef __cplusplus
extern "C" {
#endif

/* wf_layout, wf_war_policy, wf_sched, wf_hazard_mode, wf_loop_mode: wf_enums.h */

typedef struct {
    unsigned warps;        /* warps in the core */
    unsigned lanes;        /* lanes per warp */
    unsigned regs;         /* registers per thread */
    unsigned banks;        /* single-ported register banks */
    unsigned collectors;   /* collector units (loop mode 3) */
    unsigned sb_entries;   /* scoreboard entries per warp */
    unsigned ibuf;         /* I-buffer slots per warp */
    unsigned layout;       /* wf_layout */
    unsigned war;          /* wf_war_policy */
    unsigned sched;        /* wf_sched */
    unsigned loops;        /* 1, 2 or 3 */
    unsigned hazard;       /* wf_hazard_mode: replay or stall */
    unsigned alu_lat;      /* ALU execute cycles */
    unsigned mul_lat;      /* MUL/MAD execute cycles */
    unsigned lsu_lat;      /* LSU execute cycles per memory line */
    unsigned icache_lines; /* direct-mapped I-cache lines */
    unsigned icache_line;  /* instructions per I-cache line */
    unsigned imiss_lat;    /* instruction-memory latency in cycles */
    unsigned imshrs;       /* instruction MSHRs */
    unsigned imem_words;   /* instruction memory (max program length) */
    unsigned mem_words;    /* data scratchpad words */
    unsigned mem_line;     /* words per scratchpad line */
    unsigned bloom_bits;   /* bits in each warp's Bloom filter */
    unsigned active_warps; /* warps launched, 1..warps (0 in a config = all) */
    unsigned decode_stage; /* 1: fetch/decode register, decode one cycle after fetch (§3.4) */
    unsigned alloc_stage;  /* 1: the allocation record AR, gap closing one cycle after issue (§4.4) */
    unsigned handoff_stage; /* 1: the issue handoff IH, the CU written one cycle after issue (§5.6) */
    unsigned fill_stage;    /* 1: a bank read fills its slots one cycle after the grant (§6.5) */
    unsigned ready_stage;   /* 1: the scheduler chooses among last cycle's ready heads (§5.7) */
} wf_config;

typedef enum { WF_PARAM_INT, WF_PARAM_ENUM } wf_param_kind;

typedef struct {
    const char *name;        /* wfsim option is "--" + name with '_' -> '-' */
    size_t offset;           /* offsetof(wf_config, field) */
    wf_param_kind kind;
    unsigned min, max, dflt;
    unsigned pow2;           /* 1: value must be a power of two */
    const char *const *enum_names; /* WF_PARAM_ENUM: names indexed by value, NULL-terminated */
    const char *help;
} wf_param;

const wf_param *wf_params(size_t *count);
const wf_param *wf_param_find(const char *name); /* accepts '-' or '_' */
void wf_config_default(wf_config *cfg);
/* Checks every parameter and the cross-parameter rules. Returns NULL when the
 * config is valid, else writes "parameter NAME=V: allowed ..." into err. */
const char *wf_config_check(const wf_config *cfg, char *err, size_t errlen);
/* Sets one parameter from text ("swizzle", "12"): integers are decimal only,
 * without sign, spaces or leading zeros. NULL on success, else
 * "parameter NAME='VALUE': allowed RANGE (decimal)" (VALUE cut by
 * wf_quote_value, so the range always fits). */
const char *wf_config_set(wf_config *cfg, const char *name, const char *value, char *err,
                          size_t errlen);
/* The one number syntax of options (wfsim, `# wfsim-options:`): decimal digits,
 * no sign, spaces or leading zeros ("0" itself allowed), at most max. 0 or -1. */
int wf_parse_decimal(const char *s, uint64_t max, uint64_t *out);
/* A value for a one-line message: the first 32 bytes, bytes that cannot be
 * printed as \xNN, "..." when cut. */
void wf_quote_value(const char *v, char *buf, size_t len);
unsigned wf_config_get(const wf_config *cfg, const wf_param *p);
/* Applies the `# wfsim-options: --name value ...` line of a program text, if
 * it has one (machine parameters; sim/kernels). NULL on success, else err
 * ("wfsim-options: " and the wf_config_set message). */
const char *wf_config_apply_options(wf_config *cfg, const char *text, char *err, size_t errlen);
/* Human-readable range, e.g. "1..64" or "naive|swizzle" or "power of two in 16..65536". */
void wf_param_range(const wf_param *p, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
