/* The lockstep core shared by every harness (verif/lockstep.c, in
 * build/libwfverif.a): the C model stepped beside an RTL, each cycle's trace
 * decoded (wf_rtlobs.h) and compared (wf_compare.h), the first divergence
 * reported with the history, the done cycle checked, the final state read
 * back and checked against the oracles (wf_host.h), the §14 watchdog.
 *
 * Two ways in, one piece of code behind them:
 *  - push (the testbench owns time, e.g. the DPI-C entry points): per cycle
 *    wf_ls_model_step, then wf_ls_check_done when either side is done, else
 *    wf_ls_compare with the RTL's trace; after done wf_ls_final;
 *  - pull (the harness owns the clock: verif/cosim C++, verif/sc SystemC):
 *    wf_lockstep_run drives a wf_dut (reset, launch, the instruction memory
 *    of wf_host.h, one clock at a time, the host ports) over opts->runs
 *    launches and calls the push functions itself.
 * Reports go to opts->report: wf_cmp_report for a trace or done difference,
 * "FINAL STATE MISMATCH: ..." for the final state, each with the seed and
 * opts->repro; only the first failure of an instance is reported. The
 * harness prints its own pass lines (wf_dut.on_run) and, for the failures
 * that are not mismatch reports, the library's lines (wf_ls_print_status)
 * or its own. Before that, wf_ls_setup_args takes a harness's command line
 * to the assembled program (with the harness's help text and option rules)
 * and wf_ls_opts_init fills the options from it. No globals: the state is
 * the wf_lockstep instance. */
#ifndef WF_LOCKSTEP_H
#define WF_LOCKSTEP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "warpfront.h"
#include "wf_compare.h"
#include "wf_cov.h"
#include "wf_host.h"
#include "wf_rtlobs.h"

#ifdef __cplusplus
extern "C" {
#endif

/* how a run ended (wf_ls_result.status); wf_ls_exit_code maps it, wf_ls_kind names it */
enum {
    WF_LS_PASS = 0,
    WF_LS_MISMATCH,       /* trace, done or final state (reported)                 exit 1 */
    WF_LS_ASSERTION,      /* the RTL finished the simulation ($error, WF_ASSERT)   exit 1 */
    WF_LS_ASSERT_STALL,   /* the same after >= 1000 idle cycles                    exit 3 */
    WF_LS_RESP_READY,     /* imem_resp_ready_o low with a response                 exit 1 */
    WF_LS_IMEM_QUEUE,     /* more than WF_HOST_IMEM_QUEUE imem requests pending    exit 1 */
    WF_LS_VERSION,        /* obs_version_o is not this decoder's layout            exit 2 */
    WF_LS_ERROR,          /* the model or the read-back buffer (message on stderr) exit 2 */
    WF_LS_WATCHDOG,       /* no issue and no write for opts->watchdog cycles (§14) exit 3 */
    WF_LS_TIMEOUT,        /* not done after opts->max_cycles                       exit 3 */
    WF_LS_LAUNCH,         /* wf_dut.launch failed (running_o never rose)           exit 3 */
    WF_LS_ORACLE_TIMEOUT, /* the oracle's C model did not finish (max cycles, §14) exit 3 */
    WF_LS_ORACLE_ERROR,   /* the interpreter or the model refused the program      exit 2 */
    WF_LS_TESTBENCH       /* a check of the testbench's own failed (its message)   exit 1 */
};
/* The one exit-status table of every harness (C++, SystemC, DPI testbench). */
enum { WF_EXIT_PASS = 0, WF_EXIT_FAIL = 1, WF_EXIT_USAGE = 2, WF_EXIT_TIMEOUT = 3 };
/* what wf_ls_opts.on_report is called after */
enum { WF_LS_REPORT_TRACE, WF_LS_REPORT_DONE, WF_LS_REPORT_ARCH, WF_LS_REPORT_FINAL };

typedef struct {
    const wf_config *cfg;          /* the RTL's configuration (sizes as built)         */
    const wf_program *prog;
    const char *prog_name;         /* the program's path, for messages                 */
    const wf_host_oracle *oracle;  /* the final-state oracles (wf_host_oracle_run)     */
    int cmp;                       /* WF_CMP_LEVEL_* (docs/verification.md "Compare levels") */
    int model;                     /* 1: the model in lockstep; 0: the RTL alone, and the
                                      final state against the interpreter only         */
    int final;                     /* pull: read back and check the final state per run */
    int final_names_run;           /* "FINAL STATE MISMATCH: ... (PROGRAM run N)"       */
    uint64_t seed;                 /* reported                                          */
    const char *repro;             /* the reproduce line of the reports                 */
    FILE *report;                  /* where the reports go                              */
    wf_cov *cov;                   /* NULL, or sampled: the model's compared records (the
                                      RTL's without a model)                            */
    /* called right after each report (harness lines such as "  waves: ...") */
    void (*on_report)(void *ctx, int kind, uint64_t cycle);
    void *ctx;
    /* NULL, or called with each model record as it is compared (the
       expected-value waves of verif/cosim), before the compare */
    void (*on_model)(void *ctx, const wf_obs *model);
    /* NULL, or called with the first difference before its report (a trace
       or done difference, not the final state) */
    void (*on_diff)(void *ctx, const wf_cmp_diff *d);
    /* pull only */
    unsigned runs;                 /* launches on one instance (>= 1)                  */
    uint64_t max_cycles;           /* per run                                          */
    unsigned watchdog;             /* §14 idle cycles, 0: none                         */
    int jitter;                    /* wf_imem_jitter with jitter_seed (+ a step per run) */
    uint64_t jitter_seed;
} wf_ls_opts;

/* The verdict as data: what the reports print (wf_ls_print_verdict) and the
 * result record holds (wf_ls_write_result). Filled where a status is decided. */
#define WF_LS_LINE 1024
#define WF_LS_HISTORY 24 /* 2 * WF_CMP_HISTORY E/A line pairs, then up to WF_TX_HISTORY model events (arch) */
typedef struct {
    int report;                    /* WF_LS_REPORT_* of a WF_LS_MISMATCH              */
    int has_diff;                  /* field, expected, actual are set                  */
    char field[WF_CMP_PATH];       /* the full path: "bank[2].warp", "arch warp[0].r7.lane[1]" */
    uint64_t expected, actual;     /* the C model's, the DUT's                         */
    int level;                     /* the compare level of the report (WF_CMP_LEVEL_*) */
    unsigned nhistory;             /* the model's and the DUT's last cycles, oldest first:
                                      "!E..." / " A..." ('!': the records differ)     */
    char history[WF_LS_HISTORY][WF_LS_LINE];
    char message[WF_LS_LINE];      /* one line: the final-state difference, the status's text */
    /* a final-state report: against which oracle ("interpreter", "cycle model",
       "" for the cycle count) and what differs ("warp 7 r28 lane 0", "mem[64]") */
    char oracle[16], element[64];
    /* an RTL assertion (rtl/: $error("WF_ASSERT <block>: <text>"), the RTL's
       cycle when the text names one "(cycle N"), else "" and -1 */
    char block[32], assertion[256];
    int64_t assert_cycle;
} wf_ls_verdict;

#define WF_LS_MAX_RUNS 8
typedef struct {
    int status;                    /* WF_LS_*                                           */
    int reported;                  /* a report with the reproduce line was printed      */
    unsigned run;                  /* the run (0-based) the status belongs to           */
    uint64_t cycle;                /* its cycle in that run                             */
    unsigned version;              /* obs_version_o (WF_LS_VERSION)                     */
    uint64_t rtl_cycles;           /* cycle_o at done of the last run                   */
    uint64_t total_cycles;         /* of the runs that passed                           */
    uint64_t run_cycles[WF_LS_MAX_RUNS]; /* cycle_o at done of each run that passed     */
    uint64_t compared;             /* cycles compared, every run                        */
    double run_seconds, seconds;   /* the last run's cycle loop; all runs'              */
    wf_imem_stats imem;            /* the last run's instruction memory                 */
    wf_ls_verdict v;
} wf_ls_result;

typedef struct wf_lockstep wf_lockstep;

/* NULL with the reason in err (out of memory). Copies *opts (the pointers in
 * it must outlive the instance). */
wf_lockstep *wf_ls_create(const wf_ls_opts *opts, char *err, size_t errlen);
void wf_ls_destroy(wf_lockstep *ls);
/* A launch: a fresh model loaded with the program (opts->model), the
 * history and the per-launch counters cleared. 0, or -1 ("model: ..." on
 * stderr). */
int wf_ls_launch(wf_lockstep *ls);
/* The model's cycle: 0 stepped (its record pending for wf_ls_compare or
 * wf_ls_check_done), 1 the model is done (no record). */
int wf_ls_model_step(wf_lockstep *ls);
/* The RTL's cycle: decode t, compare with the pending record (at the arch
 * level NULL once the model is done). WF_LS_PASS, WF_LS_MISMATCH (reported),
 * or WF_LS_VERSION (not reported; wf_rtl_trace_check_version says why). */
int wf_ls_compare(wf_lockstep *ls, const wf_rtl_trace *t);
/* After wf_ls_model_step when the model or the RTL is done. full, events:
 * WF_LS_MISMATCH (reported) unless both are done. arch: WF_LS_PASS while the
 * RTL runs (the model finished first; go on with wf_ls_compare); at the RTL's
 * done the model's remaining records, then nothing left unmatched. */
int wf_ls_check_done(wf_lockstep *ls, int rtl_done);
/* One cycle, both sides: wf_ls_model_step, then wf_ls_check_done (*done = 1)
 * or wf_ls_compare. */
int wf_ls_cycle(wf_lockstep *ls, const wf_rtl_trace *t, int rtl_done, int *done);
/* The read-back state and cycle_o against the oracles: with the model in
 * lockstep wf_host_final_check, without it the interpreter's registers and
 * scratchpad only (when it is an oracle). WF_LS_PASS or WF_LS_MISMATCH
 * (reported; also when an earlier failure was). */
int wf_ls_final(wf_lockstep *ls, const wf_arch_state *rtl, uint64_t rtl_cycles);
/* a failure has been reported or marked (wf_ls_mark_failed) */
int wf_ls_failed(const wf_lockstep *ls);
void wf_ls_mark_failed(wf_lockstep *ls);
/* the pending model record, the last decoded RTL record (a launch must have run) */
const wf_obs *wf_ls_model_obs(const wf_lockstep *ls);
const wf_obs *wf_ls_rtl_obs(const wf_lockstep *ls);
/* cycles compared in this launch */
uint64_t wf_ls_compared(const wf_lockstep *ls);

/* ---- pull: the harness's DUT behind a few calls -------------------------------------
 * Cycle k of a run: drive (this cycle's imem inputs), sample (the settled
 * outputs of cycle k), clock (the rising edge that ends it). Each host-port
 * access takes one clock. A call returning int fails with nonzero after
 * printing why. */
typedef struct {
    int resp_valid;                /* imem_resp_valid_i                                 */
    unsigned resp_mshr;            /* imem_resp_mshr_i (resp_valid)                     */
    const uint32_t *resp_data;     /* imem_resp_data_i, 2 * icache_line words (resp_valid) */
    int req_ready;                 /* imem_req_ready_i                                  */
} wf_dut_in;
typedef struct {
    int finished;                  /* the simulator stopped (an RTL $error / $fatal)    */
    const char *finish_text;       /* NULL, or the simulator's output of that cycle (its
                                      "WF_ASSERT <block>: <text>" line goes in the verdict) */
    int done;                      /* done_o                                            */
    uint64_t cycle;                /* cycle_o                                           */
    int req_valid;                 /* imem_req_valid_o, with req_mshr, req_line         */
    unsigned req_mshr, req_line;
    int resp_ready;                /* imem_resp_ready_o                                 */
    wf_rtl_trace trace;            /* the six trace ports and obs_version_o             */
} wf_dut_out;
typedef struct {
    void *ctx;
    int (*reset)(void *ctx);                       /* once, before the first launch     */
    /* the launch inputs and start_pc_i (wf_host_start_pcs), launch_i for one
     * clock, then clocks until running_o (the register clear) */
    int (*launch)(void *ctx, const wf_launch_inputs *li, const uint32_t *start_pc);
    void (*drive)(void *ctx, const wf_dut_in *in);
    void (*sample)(void *ctx, uint64_t k, wf_dut_out *out);
    void (*clock)(void *ctx);
    void (*mem_write)(void *ctx, unsigned addr, uint32_t data);   /* scratchpad port   */
    uint32_t (*mem_read)(void *ctx, unsigned addr);
    void (*reg_read)(void *ctx, unsigned warp, unsigned reg, uint32_t *lanes); /* lanes words */
    void (*timed)(void *ctx, int begin);           /* NULL, or around each cycle loop   */
    void (*on_run)(void *ctx, const wf_ls_result *r); /* NULL, or after each passed run */
} wf_dut;

/* opts->runs launches on one DUT: reset; per run the scratchpad cleared
 * through the host port, launch, the cycles in lockstep (opts->model) with
 * the instruction memory answering, the §14 watchdog and opts->max_cycles;
 * after done one clock, then (opts->final) the read-back and wf_ls_final.
 * Stops at the first failure; *r says how it ended. */
void wf_lockstep_run(const wf_dut *dut, const wf_ls_opts *opts, wf_ls_result *r);
/* The verdict's lines, the same in every harness: a report (LOCKSTEP MISMATCH
 * with field, expected, actual, the history; FINAL STATE MISMATCH) or the line
 * of another status (watchdog, timeout, protocol, assertion, version, oracle),
 * then the seed, the configuration (reports) and the reproduce line. Nothing
 * for a pass. The pull and push calls print it at the failure (opts->report);
 * a harness prints it itself only when r->reported is 0. */
void wf_ls_print_verdict(FILE *f, const wf_ls_result *r, const wf_ls_opts *opts);
/* kept for the callers that print a status after wf_lockstep_run */
void wf_ls_print_status(FILE *f, const wf_ls_result *r, const wf_ls_opts *opts);
/* 0 pass, 1 mismatch, 2 usage/version/error, 3 watchdog/timeout (WF_EXIT_*) */
int wf_ls_exit_code(int status);
/* "pass", "mismatch", "final-state", "assertion", "protocol", "version",
 * "error", "watchdog", "timeout", "launch", "testbench" */
const char *wf_ls_kind(const wf_ls_result *r);
/* The result record's status: "pass", "fail" (the DUT is wrong or hangs) or
 * "error" (the run could not decide: version, oracle, harness error). */
const char *wf_ls_status_name(int status);

/* ---- the result record (JSON; docs/verification.md "Result records") ------------------
 * One JSON object per harness run, written by this one writer for every harness
 * (--result FILE; the DPI entry point wf_dpi_result). Keys: schema {name,
 * version}, harness, program, status, kind, exit_code, run (1-based), cycle,
 * field, expected, actual (only with a field), compare, history (list of strings),
 * message, seed, config, reproduce, runs, max_cycles, cycles {rtl (per passed
 * run), model, compared}. */
#define WF_LS_SCHEMA "warpfront.result"
#define WF_LS_SCHEMA_VERSION 1
/* the record to f; 0, or -1 on a write error */
int wf_ls_write_result(FILE *f, const char *harness, const wf_ls_result *r, const wf_ls_opts *opts);
/* the same to path (replaced whole: written to path.tmp, renamed); 0, or -1
 * with "--result PATH: reason" on stderr */
int wf_ls_write_result_file(const char *path, const char *harness, const wf_ls_result *r,
                            const wf_ls_opts *opts);
/* The host speed of the passed runs' cycle loops (--speed): schema
 * warpfront.speed, harness, program, status, bare, cycles, seconds,
 * cycles_per_second; a file apart from the result record, which stays the
 * same from run to run. Written as wf_ls_write_result_file writes (0 or -1). */
#define WF_LS_SPEED_SCHEMA "warpfront.speed"
#define WF_LS_SPEED_SCHEMA_VERSION 1
int wf_ls_write_speed_file(const char *path, const char *harness, const wf_ls_result *r,
                           const wf_ls_opts *opts);
/* The push side's status that is not a report (a timeout, a trace version:
 * the testbench's loop decides it): the verdict printed (opts->report) and
 * kept, unless a failure was already. */
void wf_ls_set_status(wf_lockstep *ls, int status, uint64_t cycle);
/* the push side's result so far (status, run, cycle, verdict; no cycle loop) */
void wf_ls_get_result(const wf_lockstep *ls, wf_ls_result *r);

/* ---- the reproduce line, for every harness ---------------------------------------------
 * "[ENV ]SCRIPT PROG[ OPTIONS][ --seed N][ --waves W][   (NOTE)]": env and
 * options already shell-quoted words (wf_host_args.options), prog and waves
 * quoted here; seed 0 and NULL/"" parts are left out. */
void wf_ls_repro_line(char *buf, size_t len, const char *env, const char *script, const char *prog,
                      const char *options, uint64_t seed, const char *waves, const char *note);

/* What a Verilated RTL prints when its assertion fires ($error, then
 * Verilated::runFlushCallbacks, which calls the flush callbacks before it
 * flushes stdout): wf_ls_stdout_keep makes stdout fully buffered in buf (call
 * it before any output); from a flush callback wf_ls_stdout_pending copies
 * the bytes not yet flushed (NUL-terminated, the newest kept when out is
 * short). The harness passes them as wf_dut_out.finish_text. */
void wf_ls_stdout_keep(char *buf, size_t len);
void wf_ls_stdout_pending(const char *buf, char *out, size_t outlen);

/* The oracles of a harness (wf_host_oracle_run): WF_LS_PASS, or
 * WF_LS_ORACLE_TIMEOUT / WF_LS_ORACLE_ERROR in r (cleared first) with the
 * reason in r->v.message ("TIMEOUT NAME: oracle: ...", "ERROR NAME: ..."). */
int wf_ls_oracle(const wf_config *cfg, const wf_program *prog, const char *name, uint64_t max_cycles,
                 wf_host_oracle *o, wf_ls_result *r);

/* ---- the harness command line (wf_host_parse_args), up to the assembled program ------
 * What the C++ and SystemC harnesses do before their simulators start; each
 * keeps its own help text and its own option rules (h->check). */
#define WF_LS_WATCHDOG_CYCLES 10000u /* §14 */
typedef struct {
    const char *name;               /* a parse error is "NAME: message"                  */
    unsigned runs;                  /* the --runs default                                */
    const wf_config *built;         /* the compiled-in RTL sizes (wf_host_built_sizes)   */
    const wf_launch_pins *pins;     /* its pinned launch inputs (wf_host_built_pins)     */
    void (*usage)(FILE *f, const char *argv0);
    /* the harness's own option rules, with the configuration checked: 0, or
     * its exit status after printing why. NULL: none */
    int (*check)(void *ctx, const wf_host_args *a, const wf_config *cfg);
    void *ctx;
} wf_ls_harness;
typedef struct {
    wf_config cfg;
    wf_host_args args;
    wf_program prog;                /* wf_program_free when set up                       */
} wf_ls_setup;
/* argv parsed (error: "NAME: ..." on stderr), --help (usage on stdout), no
 * program (usage on stderr), wf_config_check, the sizes against h->built, h->check,
 * the program assembled (errors on stderr): -1 when the run is set up, else
 * the exit status (0 after --help, 2 usage, or h->check's). */
int wf_ls_setup_args(const wf_ls_harness *h, int argc, char **argv, wf_ls_setup *s);
/* The lines of usage every harness shares: the wfsim parameters, --wfsim-options,
 * --program, the --name=value form, then "harness options:". */
void wf_ls_usage_options(FILE *f);
/* *o cleared, then what the setup gives: configuration, program, oracle, compare
 * level, seed, runs, max cycles, the §14 watchdog; the model in lockstep and the
 * final state unless --bare. */
void wf_ls_opts_init(wf_ls_opts *o, const wf_ls_setup *s, const wf_host_oracle *oracle);

#ifdef __cplusplus
}
#endif
#endif
