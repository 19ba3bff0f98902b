/* DPI-C shim over the transaction-level checker (verif/include/wf_txcheck.h)
 * for any SystemVerilog testbench: the SV side is verif/dpi/wf_txcheck_pkg.sv
 * (the import declarations, the class wf_txcheck and, under `UVM, a UVM
 * scoreboard). One chandle holds one run: the configuration, the assembled
 * program and the checker. No globals. Link with build/libwfverif.a and
 * build/libwarpfront.a (or -lwfverif -lwarpfront); simulators load it as a
 * shared library with -sv_lib (verif/examples/oneloop/README.md).
 *
 * Lane vectors cross as packed bit [32*32-1:0] (svBitVecVal, lane l in bits
 * 32l+31..32l); lane masks as int; cycles as longint. Strings returned to SV
 * live in the handle until the next call that returns a string. */
#define _POSIX_C_SOURCE 200809L /* strdup, strtok_r */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wf_svdpi.h"
#include "warpfront.h"
#include "wf_txcheck.h"

typedef struct {
    wf_config cfg;
    wf_program prog;
    wf_txcheck *tx;
    char *text; /* the last string handed to SV */
} wf_txdpi;

/* Prototypes (the SystemVerilog side is verif/dpi/wf_txcheck_pkg.sv). */
void *wf_txdpi_create(const char *program_path, const char *base, const char *options,
                      const char *timing, int window);
void wf_txdpi_destroy(void *h);
int wf_txdpi_cfg(void *h, const char *name);
int wf_txdpi_prog_len(void *h);
long long wf_txdpi_imem_word(void *h, int addr);
int wf_txdpi_start_pc(void *h, int warp);
int wf_txdpi_retire(void *h, long long cycle, int warp, int pc);
int wf_txdpi_write(void *h, long long cycle, int warp, int reg, int lane_mask,
                   const svBitVecVal *data);
int wf_txdpi_branch(void *h, long long cycle, int warp, int pc, int taken, int target);
int wf_txdpi_store(void *h, long long cycle, int warp, int lane_mask, const svBitVecVal *addr,
                   const svBitVecVal *data);
int wf_txdpi_done(void *h, long long cycle);
int wf_txdpi_status(void *h);
long long wf_txdpi_matched(void *h);
long long wf_txdpi_model_cycles(void *h);
const char *wf_txdpi_field(void *h);
const char *wf_txdpi_report(void *h);
const char *wf_txdpi_json(void *h);
void wf_txdpi_exit(int code);

static wf_txdpi *handle(void *h, const char *fn)
{
    if (!h) fprintf(stderr, "%s: null handle (wf_txdpi_create failed)\n", fn);
    return h;
}

/* options: wfsim's machine parameters, "--name value" or "--name=value",
 * blank separated (docs/isa.md configuration; wf_config_set messages). */
static int parse_options(wf_config *cfg, const char *options, char *err, size_t errlen)
{
    char *line = strdup(options ? options : ""), *save = NULL;
    if (!line) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = 0;
    for (char *w = strtok_r(line, " \t", &save); w && !rc; w = strtok_r(NULL, " \t", &save)) {
        if (strncmp(w, "--", 2) != 0) {
            snprintf(err, errlen, "options: '%.48s': expected --name value", w);
            rc = -1;
            break;
        }
        char *eq = strchr(w, '='), *v;
        if (eq) {
            *eq = '\0';
            v = eq + 1;
        } else if (!(v = strtok_r(NULL, " \t", &save))) {
            snprintf(err, errlen, "options: %.48s needs a value", w);
            rc = -1;
            break;
        }
        if (wf_config_set(cfg, w + 2, v, err, errlen)) rc = -1;
    }
    free(line);
    return rc;
}

/* The configuration (the defaults, base: the design's own sizes, then the
 * program's `# wfsim-options:` line, then options: the user's), the program,
 * a checker at timing ("order", "window", "exact", "drift") and window; NULL with the
 * reason on stderr. */
void *wf_txdpi_create(const char *program_path, const char *base, const char *options,
                      const char *timing, int window)
{
    char err[512];
    char *text = NULL;
    size_t len = 0;
    wf_txdpi *d = calloc(1, sizeof *d);
    wf_tx_opts o = {0};
    o.timing = wf_tx_timing_parse(timing && timing[0] ? timing : "order");
    o.window = window < 0 ? 0 : (unsigned)window;
    if (!d) {
        fprintf(stderr, "wf_txdpi_create: out of memory\n");
        return NULL;
    }
    wf_config_default(&d->cfg);
    if (o.timing < 0 || window < 0) {
        fprintf(stderr, "wf_txdpi_create: timing '%s' window %d: allowed order|window|exact|drift, window >= 0\n",
                timing, window);
    } else if (wf_read_text(program_path, WF_MAX_TEXT_BYTES, &text, &len, err, sizeof err) ||
               parse_options(&d->cfg, base, err, sizeof err) ||
               wf_config_apply_options(&d->cfg, text, err, sizeof err) ||
               parse_options(&d->cfg, options, err, sizeof err) ||
               wf_config_check(&d->cfg, err, sizeof err) ||
               wf_assemble(program_path, text, d->cfg.regs, &d->prog, err, sizeof err) ||
               !(d->tx = wf_tx_create(&d->cfg, &d->prog, NULL, &o, err, sizeof err))) {
        size_t n = strlen(program_path); /* assembler messages start with it */
        if (strncmp(err, program_path, n) == 0 && err[n] == ':')
            fprintf(stderr, "wf_txdpi_create: %s\n", err);
        else
            fprintf(stderr, "wf_txdpi_create: %s: %s\n", program_path, err);
    }
    free(text);
    if (!d->tx) {
        wf_txdpi_destroy(d);
        return NULL;
    }
    return d;
}

void wf_txdpi_destroy(void *h)
{
    wf_txdpi *d = h;
    if (!d) return;
    if (d->tx) wf_tx_destroy(d->tx);
    wf_program_free(&d->prog);
    free(d->text);
    free(d);
}

/* a configuration parameter by wfsim name ("warps", "mem_words"); -1 if unknown */
int wf_txdpi_cfg(void *h, const char *name)
{
    wf_txdpi *d = handle(h, "wf_txdpi_cfg");
    const wf_param *p = wf_param_find(name);
    return d && p ? (int)wf_config_get(&d->cfg, p) : -1;
}

int wf_txdpi_prog_len(void *h)
{
    wf_txdpi *d = handle(h, "wf_txdpi_prog_len");
    return d ? (int)d->prog.len : 0;
}

/* the instruction word at addr; 0 past the program */
long long wf_txdpi_imem_word(void *h, int addr)
{
    wf_txdpi *d = handle(h, "wf_txdpi_imem_word");
    return d && addr >= 0 && (unsigned)addr < d->prog.len ? (long long)d->prog.words[addr] : 0;
}

int wf_txdpi_start_pc(void *h, int warp)
{
    wf_txdpi *d = handle(h, "wf_txdpi_start_pc");
    return d && warp >= 0 && warp < 64 ? (int)d->prog.start_pc[warp] : 0;
}

/* The events: WF_TX_PASS 0, WF_TX_FAIL 1, WF_TX_ERROR 2 (wf_txcheck.h). A
 * negative cycle or index is passed on as a huge one: the checker refuses it. */
int wf_txdpi_retire(void *h, long long cycle, int warp, int pc)
{
    wf_txdpi *d = handle(h, "wf_txdpi_retire");
    return d ? wf_tx_retire(d->tx, (uint64_t)cycle, (unsigned)warp, (unsigned)pc) : WF_TX_ERROR;
}

int wf_txdpi_write(void *h, long long cycle, int warp, int reg, int lane_mask,
                   const svBitVecVal *data)
{
    wf_txdpi *d = handle(h, "wf_txdpi_write");
    return d ? wf_tx_write(d->tx, (uint64_t)cycle, (unsigned)warp, (unsigned)reg,
                           (uint32_t)lane_mask, (const uint32_t *)data)
             : WF_TX_ERROR;
}

int wf_txdpi_branch(void *h, long long cycle, int warp, int pc, int taken, int target)
{
    wf_txdpi *d = handle(h, "wf_txdpi_branch");
    return d ? wf_tx_branch(d->tx, (uint64_t)cycle, (unsigned)warp, (unsigned)pc, taken != 0,
                            (unsigned)target)
             : WF_TX_ERROR;
}

int wf_txdpi_store(void *h, long long cycle, int warp, int lane_mask, const svBitVecVal *addr,
                   const svBitVecVal *data)
{
    wf_txdpi *d = handle(h, "wf_txdpi_store");
    return d ? wf_tx_store(d->tx, (uint64_t)cycle, (unsigned)warp, (uint32_t)lane_mask,
                           (const uint32_t *)addr, (const uint32_t *)data)
             : WF_TX_ERROR;
}

int wf_txdpi_done(void *h, long long cycle)
{
    wf_txdpi *d = handle(h, "wf_txdpi_done");
    return d ? wf_tx_done(d->tx, (uint64_t)cycle) : WF_TX_ERROR;
}

int wf_txdpi_status(void *h)
{
    wf_txdpi *d = handle(h, "wf_txdpi_status");
    return d ? wf_tx_status(d->tx) : WF_TX_ERROR;
}

long long wf_txdpi_matched(void *h)
{
    wf_txdpi *d = handle(h, "wf_txdpi_matched");
    return d ? (long long)wf_tx_matched(d->tx) : 0;
}

long long wf_txdpi_model_cycles(void *h)
{
    wf_txdpi *d = handle(h, "wf_txdpi_model_cycles");
    return d ? (long long)wf_tx_model_cycles(d->tx) : 0;
}

/* a string result kept in the handle (SV copies it on return) */
static const char *keep(wf_txdpi *d, size_t (*fmt)(const wf_tx_divergence *, char *, size_t))
{
    const wf_tx_divergence *r = wf_tx_result(d->tx);
    size_t n = fmt(r, NULL, 0) + 1;
    char *s = malloc(n);
    if (!s) return "out of memory";
    fmt(r, s, n);
    free(d->text);
    d->text = s;
    return s;
}

/* the first divergence's field path ("arch warp[0].r3.lane[2]"); "" when none */
const char *wf_txdpi_field(void *h)
{
    wf_txdpi *d = handle(h, "wf_txdpi_field");
    return d ? wf_tx_result(d->tx)->field : "";
}

/* the first divergence (or the pass), one line per field (wf_tx_format) */
const char *wf_txdpi_report(void *h)
{
    wf_txdpi *d = handle(h, "wf_txdpi_report");
    return d ? keep(d, wf_tx_format) : "";
}

/* the same as one JSON object (wf_tx_json) */
const char *wf_txdpi_json(void *h)
{
    wf_txdpi *d = handle(h, "wf_txdpi_json");
    return d ? keep(d, wf_tx_json) : "";
}

/* ends the simulation with this exit status (SV's $finish cannot set one) */
void wf_txdpi_exit(int code)
{
    fflush(stdout);
    fflush(stderr);
    exit(code);
}
