/* DPI-C entry points: the lockstep core (verif/lockstep.c, wf_lockstep.h:
 * the golden C model, the trace-bus decoder, the comparator, the reports, the
 * final-state oracles) for any SystemVerilog testbench, which owns time and
 * calls in once per cycle. Declarations: verif/dpi/wf_dpi.svh; example:
 * verif/dpi/tb_dpi.sv (run by verif/dpi/run.sh).
 *
 * One handle (chandle) holds one run: the configuration, the program, its
 * oracles (verif/host.c) and one wf_lockstep. No globals. Per cycle the
 * testbench calls wf_dpi_step (the model's cycle, or "done") and then
 * wf_dpi_compare with the six trace ports of wf_core (svBitVecVal arrays,
 * passed straight to wf_rtl_trace_decode) and obs_version_o (a trace of
 * another layout version is refused); after done it hands the read-back
 * registers and scratchpad to wf_dpi_set_reg / wf_dpi_set_mem and calls
 * wf_dpi_final. The verdict is the lockstep core's: every failure is
 * reported once (wf_ls_print_verdict) on stderr with a reproduce line; a
 * timeout of the testbench's loop goes in through wf_dpi_timeout;
 * wf_dpi_result writes the JSON record (--result FILE in the options) and
 * gives the exit status of the one table (wf_ls_exit_code). */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wf_svdpi.h"
#include "warpfront.h"
#include "wf_lockstep.h"

typedef struct {
    wf_config cfg;
    wf_program prog;
    wf_host_oracle oracle;
    wf_lockstep *ls;
    wf_arch_state state;    /* the read-back RTL state */
    uint64_t seed;
    int cmp;                /* the compare level (--cmp / WF_CMP), WF_CMP_LEVEL_* */
    uint64_t max_cycles;    /* --max-cycles N (default WF_HOST_MAX_CYCLES) */
    uint64_t rtl_cycles;    /* the RTL's cycle count (wf_dpi_final) */
    char result[1024];      /* --result FILE, "" if absent */
    char prog_name[1024];   /* the program's path (the testbench's string lives for one call) */
    wf_ls_opts lo;          /* the lockstep core's options (the record's too) */
    char repro[1024];       /* (the lockstep core's reproduce line) */
} wf_dpi;

/* Prototypes (the SystemVerilog side is verif/dpi/wf_dpi.svh). */
void *wf_dpi_create(const char *program_path, const char *options);
void wf_dpi_destroy(void *h);
void wf_dpi_set_repro(void *h, const char *command);
int wf_dpi_cfg(void *h, const char *name);
int wf_dpi_launch_input(void *h, const char *name);
int wf_dpi_start_pc(void *h, int warp);
int wf_dpi_check_pin(void *h, const char *pin, int value);
long long wf_dpi_imem_word(void *h, int addr);
int wf_dpi_step(void *h);
int wf_dpi_compare(void *h, const svBitVecVal *obs, const svBitVecVal *wb,
                   const svBitVecVal *wb_data, const svBitVecVal *bank, const svBitVecVal *warp,
                   const svBitVecVal *cu, int version);
int wf_dpi_check_done(void *h, int rtl_done);
int wf_dpi_obs_field(void *h, int side, const char *path, long long *value);
void wf_dpi_set_reg(void *h, int warp, int reg, const svBitVecVal *lanes);
void wf_dpi_set_mem(void *h, int addr, int value);
int wf_dpi_final(void *h, long long rtl_cycles);
long long wf_dpi_max_cycles(void *h);
int wf_dpi_timeout(void *h, long long cycle);
int wf_dpi_result(void *h, int rc);
void wf_dpi_exit(int code);

/* The handle, or NULL with a message (a testbench that ignored a failed create). */
static wf_dpi *handle(void *h, const char *fn)
{
    if (!h) fprintf(stderr, "%s: null handle (wf_dpi_create failed)\n", fn);
    return h;
}

/* options: the harness command line's wfsim options "--name value ..." (or
 * --name=value, --wfsim-options) plus "--seed N" (reported only; the
 * testbench passes the simulator's own seed), --cmp LEVEL, --max-cycles N and
 * --result FILE, parsed by wf_host_parse_args. */
static int parse_options(wf_dpi *d, const char *options, char *err, size_t errlen)
{
    char *line = strdup(options ? options : "");
    wf_host_args a;
    a.runs = 1;
    int rc = -1;
    if (!line)
        snprintf(err, errlen, "out of memory");
    else if (wf_host_parse_line(line, &d->cfg, &a, err, errlen) == 0) {
        if (a.prog || a.help || a.bare || a.waves || a.cov || a.jitter || a.selftest || a.runs != 1)
            snprintf(err, errlen, "options '%s': only wfsim options, --seed N, --cmp LEVEL, --max-cycles N and "
                     "--result FILE", options);
        else if (a.result && strlen(a.result) >= sizeof d->result)
            snprintf(err, errlen, "--result: a path of at most %zu characters", sizeof d->result - 1);
        else {
            d->seed = a.seed, d->cmp = a.cmp, d->max_cycles = a.max_cycles, rc = 0;
            snprintf(d->result, sizeof d->result, "%s", a.result ? a.result : "");
        }
    }
    free(line);
    return rc;
}

void *wf_dpi_create(const char *program_path, const char *options)
{
    char err[1024];
    wf_dpi *d = calloc(1, sizeof *d);
    if (!d) {
        fprintf(stderr, "wf_dpi_create: out of memory\n");
        return NULL;
    }
    wf_config_default(&d->cfg);
    if (parse_options(d, options, err, sizeof err) || wf_config_check(&d->cfg, err, sizeof err) ||
        wf_assemble_file(program_path, d->cfg.regs, &d->prog, err, sizeof err)) {
        fprintf(stderr, "wf_dpi_create: %s\n", err);
        free(d);
        return NULL;
    }
    snprintf(d->prog_name, sizeof d->prog_name, "%s", program_path);
    wf_ls_repro_line(d->repro, sizeof d->repro, NULL, "verif/dpi/run.sh", program_path, options, 0, NULL, NULL);
    const wf_ls_opts lo = {.cfg = &d->cfg, .prog = &d->prog, .prog_name = d->prog_name, .oracle = &d->oracle,
                           .cmp = d->cmp, .model = 1, .final = 1, .seed = d->seed, .repro = d->repro,
                           .report = stderr, .runs = 1, .max_cycles = d->max_cycles};
    d->lo = lo;
    wf_ls_result r;
    if (wf_ls_oracle(&d->cfg, &d->prog, program_path, d->max_cycles, &d->oracle, &r) != WF_LS_PASS) {
        fprintf(stderr, "wf_dpi_create: %s\n", r.v.message);
        if (d->result[0]) wf_ls_write_result_file(d->result, "dpi", &r, &d->lo);
        wf_program_free(&d->prog);
        free(d);
        return NULL;
    }
    d->ls = wf_ls_create(&d->lo, err, sizeof err);
    if (!d->ls || wf_ls_launch(d->ls) ||
        wf_arch_alloc(&d->state, d->cfg.warps, d->cfg.lanes, d->cfg.regs, d->cfg.mem_words)) {
        fprintf(stderr, "wf_dpi_create: %s\n", d->ls ? "the model (above) or out of memory" : err);
        wf_dpi_destroy(d);
        return NULL;
    }
    return d;
}

void wf_dpi_destroy(void *h)
{
    wf_dpi *d = h;
    if (!d) return;
    wf_ls_destroy(d->ls);
    wf_host_oracle_free(&d->oracle);
    wf_arch_free(&d->state);
    wf_program_free(&d->prog);
    free(d);
}

void wf_dpi_set_repro(void *h, const char *command)
{
    wf_dpi *d = handle(h, __func__);
    if (!d) return;
    snprintf(d->repro, sizeof d->repro, "%s", command);
}

int wf_dpi_cfg(void *h, const char *name)
{
    const wf_dpi *d = handle(h, __func__);
    const wf_param *p = wf_param_find(name);
    if (!d) return -1;
    if (!p) {
        fprintf(stderr, "wf_dpi_cfg: unknown parameter '%s'\n", name);
        return -1;
    }
    return (int)wf_config_get(&d->cfg, p);
}

int wf_dpi_launch_input(void *h, const char *name)
{
    const wf_dpi *d = handle(h, __func__);
    if (!d) return -1;
    wf_launch_inputs li;
    unsigned v;
    wf_host_launch_inputs(&d->cfg, &li);
    if (!wf_host_launch_input(&li, name, &v)) return (int)v;
    fprintf(stderr, "wf_dpi_launch_input: unknown input '%s'\n", name);
    return -1;
}

int wf_dpi_check_pin(void *h, const char *pin, int value)
{
    const wf_dpi *d = handle(h, __func__);
    if (!d) return -1;
    wf_launch_pins pins;
    char err[512];
    wf_host_pins_none(&pins);
    if (wf_host_set_pin(&pins, pin, value)) {
        fprintf(stderr, "wf_dpi_check_pin: unknown pin 'PIN_%s'\n", pin);
        return -1;
    }
    if (!wf_host_check_pins(&d->cfg, &pins, err, sizeof err)) return 0;
    fprintf(stderr, "%s\n", err);
    return 1;
}

int wf_dpi_start_pc(void *h, int warp)
{
    const wf_dpi *d = handle(h, __func__);
    if (!d) return 0;
    return warp >= 0 && (unsigned)warp < d->cfg.warps ? d->prog.start_pc[warp] : 0;
}

long long wf_dpi_imem_word(void *h, int addr)
{
    const wf_dpi *d = handle(h, __func__);
    if (!d) return 0;
    return addr >= 0 && (unsigned)addr < d->prog.len ? (long long)d->prog.words[addr] : 0;
}

int wf_dpi_step(void *h)
{
    wf_dpi *d = handle(h, __func__);
    if (!d) return -1;
    if (!wf_ls_model_step(d->ls)) return 0;
    /* the window and arch levels: the RTL runs on to its own done */
    return wf_cmp_level_streams(d->cmp) ? 2 : 1;
}

int wf_dpi_compare(void *h, const svBitVecVal *obs, const svBitVecVal *wb,
                   const svBitVecVal *wb_data, const svBitVecVal *bank, const svBitVecVal *warp,
                   const svBitVecVal *cu, int version)
{
    wf_dpi *d = handle(h, __func__);
    if (!d) return 1;
    const wf_rtl_trace t = {obs, wb, wb_data, bank, warp, cu, (unsigned)version};
    const int st = wf_ls_compare(d->ls, &t);
    if (st == WF_LS_VERSION) wf_ls_set_status(d->ls, WF_LS_VERSION, wf_ls_compared(d->ls));
    return st != WF_LS_PASS;
}

int wf_dpi_check_done(void *h, int rtl_done)
{
    wf_dpi *d = handle(h, __func__);
    return !d || wf_ls_check_done(d->ls, rtl_done) != WF_LS_PASS;
}

int wf_dpi_obs_field(void *h, int side, const char *path, long long *value)
{
    const wf_dpi *d = handle(h, __func__);
    *value = -1;
    if (!d) return -1;
    const wf_obs *ob = side ? wf_ls_rtl_obs(d->ls) : wf_ls_model_obs(d->ls);
    uint64_t v = 0;
    if (wf_cmp_field(ob, path, &v)) {
        fprintf(stderr, "wf_dpi_obs_field: '%s' is not a field of the observation record "
                        "(e.g. issue.pc, bank[2].warp, warp[1].ibuf[0].dep, wb[0].data[3])\n", path);
        *value = -1;
        return -1;
    }
    *value = (long long)v;
    return 0;
}

/* ---- final state ----------------------------------------------------------------- */
void wf_dpi_set_reg(void *h, int warp, int reg, const svBitVecVal *lanes)
{
    wf_dpi *d = handle(h, __func__);
    if (!d || warp < 0 || reg < 0 || (unsigned)warp >= d->cfg.warps || (unsigned)reg >= d->cfg.regs) return;
    for (unsigned l = 0; l < d->cfg.lanes; l++) *wf_arch_reg(&d->state, (unsigned)warp, (unsigned)reg, l) = lanes[l];
}

void wf_dpi_set_mem(void *h, int addr, int value)
{
    wf_dpi *d = handle(h, __func__);
    if (d && addr >= 0 && (unsigned)addr < d->cfg.mem_words) d->state.mem[addr] = (uint32_t)value;
}

int wf_dpi_final(void *h, long long rtl_cycles)
{
    wf_dpi *d = handle(h, __func__);
    if (!d) return 1;
    d->rtl_cycles = (uint64_t)rtl_cycles;
    return wf_ls_final(d->ls, &d->state, (uint64_t)rtl_cycles) != WF_LS_PASS;
}

long long wf_dpi_max_cycles(void *h)
{
    const wf_dpi *d = handle(h, __func__);
    return d ? (long long)d->max_cycles : 0;
}

int wf_dpi_timeout(void *h, long long cycle)
{
    wf_dpi *d = handle(h, __func__);
    if (!d) return WF_EXIT_USAGE;
    wf_ls_set_status(d->ls, WF_LS_TIMEOUT, (uint64_t)cycle);
    return WF_EXIT_TIMEOUT;
}

int wf_dpi_result(void *h, int rc)
{
    wf_dpi *d = handle(h, __func__);
    if (!d) return WF_EXIT_USAGE;
    wf_ls_result r;
    wf_ls_get_result(d->ls, &r);
    if (r.status == WF_LS_PASS && rc != WF_EXIT_PASS) { /* the testbench's own check (its message above) */
        r.status = rc == WF_EXIT_FAIL ? WF_LS_TESTBENCH : rc == WF_EXIT_TIMEOUT ? WF_LS_TIMEOUT : WF_LS_ERROR;
        snprintf(r.v.message, sizeof r.v.message, "the testbench failed (exit %d), see its message", rc);
    }
    if (r.status == WF_LS_PASS) r.run_cycles[0] = r.rtl_cycles = r.total_cycles = d->rtl_cycles;
    if (d->result[0] && wf_ls_write_result_file(d->result, "dpi", &r, &d->lo) && rc == WF_EXIT_PASS)
        return WF_EXIT_USAGE;
    return r.status == WF_LS_PASS ? rc : wf_ls_exit_code(r.status);
}

void wf_dpi_exit(int code)
{
    fflush(stdout);
    fflush(stderr);
    exit(code);
}
