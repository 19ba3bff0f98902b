/* The lockstep core shared by every harness (verif/include/wf_lockstep.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "wf_lockstep.h"

#include <stdio_ext.h> /* __fpending */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wf_layout.h"
#include "wf_txcheck.h"

_Static_assert(WF_LS_HISTORY == 2 * WF_CMP_HISTORY + WF_TX_HISTORY, "wf_ls_verdict.history: one E/A pair per kept cycle, then the model events");

struct wf_lockstep {
    wf_ls_opts o;
    wf_model *m;
    wf_cmp_history hist;
    wf_obs rtl;         /* the last decoded RTL record */
    uint64_t compared;  /* cycles compared in this launch */
    uint64_t total;     /* in all launches */
    int pending;        /* the model stepped; its record not yet compared */
    int model_done;
    int failed;         /* a failure was reported: later ones are not */
    unsigned launches;
    wf_ls_result res;   /* the first failure's status, run, cycle and verdict */
};

wf_lockstep *wf_ls_create(const wf_ls_opts *opts, char *err, size_t errlen)
{
    wf_lockstep *ls = calloc(1, sizeof *ls);
    if (!ls) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    ls->o = *opts;
    wf_cmp_history_init(&ls->hist);
    return ls;
}

void wf_ls_destroy(wf_lockstep *ls)
{
    if (!ls) return;
    wf_model_destroy(ls->m);
    wf_cmp_history_release(&ls->hist);
    free(ls);
}

int wf_ls_launch(wf_lockstep *ls)
{
    char err[512];
    wf_model_destroy(ls->m);
    ls->m = NULL;
    ls->launches++;
    ls->compared = 0;
    ls->pending = ls->model_done = 0;
    if (!ls->o.model) return 0;
    ls->m = wf_model_create(ls->o.cfg, err, sizeof err);
    if (!ls->m || wf_model_load(ls->m, ls->o.prog, NULL, err, sizeof err)) {
        fprintf(stderr, "model: %s\n", err);
        return -1;
    }
    wf_cmp_history_release(&ls->hist); /* the arch level's checker of the previous launch */
    wf_cmp_history_init(&ls->hist);
    if (wf_cmp_history_setup(&ls->hist, ls->o.cfg, ls->o.prog, WF_CMP_FLAGS_LEVEL(ls->o.cmp), err, sizeof err)) {
        fprintf(stderr, "compare: %s\n", err);
        return -1;
    }
    return 0;
}

int wf_ls_failed(const wf_lockstep *ls) { return ls->failed; }
void wf_ls_mark_failed(wf_lockstep *ls) { ls->failed = 1; }
const wf_obs *wf_ls_model_obs(const wf_lockstep *ls) { return wf_model_obs(ls->m); }
const wf_obs *wf_ls_rtl_obs(const wf_lockstep *ls) { return &ls->rtl; }
uint64_t wf_ls_compared(const wf_lockstep *ls) { return ls->compared; }

/* window, arch: per-warp event streams, each side to its own done */
static int arch_level(const wf_lockstep *ls) { return wf_cmp_level_streams(ls->o.cmp); }

/* the first failure's verdict as data, printed from it, then the harness's lines */
static int report(wf_lockstep *ls, const wf_cmp_diff *d, int kind)
{
    if (!ls->failed++) {
        if (ls->o.on_diff) ls->o.on_diff(ls->o.ctx, d);
        wf_ls_result *r = &ls->res;
        wf_ls_verdict *v = &r->v;
        r->status = WF_LS_MISMATCH, r->run = ls->launches ? ls->launches - 1 : 0, r->cycle = d->cycle;
        v->report = kind, v->has_diff = 1;
        snprintf(v->field, sizeof v->field, "%s", d->differs ? d->path : "(none: records equal)");
        v->expected = d->expected, v->actual = d->actual;
        v->level = (int)WF_CMP_FLAGS_GET_LEVEL(ls->hist.flags);
        v->nhistory = wf_cmp_history_lines(ls->o.cfg, &ls->hist, v->history[0], sizeof v->history[0], WF_LS_HISTORY);
        snprintf(v->message, sizeof v->message, "cycle %" PRIu64 ", field %s: expected %" PRIu64 " (0x%" PRIx64
                 "), actual %" PRIu64 " (0x%" PRIx64 ")", d->cycle, v->field, d->expected, d->expected, d->actual,
                 d->actual);
        wf_ls_print_verdict(ls->o.report, r, &ls->o);
        r->reported = 1;
        if (ls->o.on_report) ls->o.on_report(ls->o.ctx, kind, d->cycle);
    }
    return WF_LS_MISMATCH;
}

static int report_done(wf_lockstep *ls, const char *path, int expected, int actual)
{
    wf_cmp_diff d;
    memset(&d, 0, sizeof d);
    d.differs = 1;
    d.cycle = ls->compared;
    snprintf(d.path, sizeof d.path, "%s", path);
    d.expected = (uint64_t)expected;
    d.actual = (uint64_t)actual;
    return report(ls, &d, WF_LS_REPORT_DONE);
}

int wf_ls_model_step(wf_lockstep *ls)
{
    if (ls->model_done || wf_model_done(ls->m)) {
        ls->model_done = 1;
        ls->pending = 0;
        return 1;
    }
    wf_model_step(ls->m);
    ls->pending = 1;
    return 0;
}

int wf_ls_compare(wf_lockstep *ls, const wf_rtl_trace *t)
{
    if (wf_rtl_trace_decode(ls->o.cfg, t, &ls->rtl)) {
        ls->res.version = t->version;
        return WF_LS_VERSION;
    }
    const int arch = arch_level(ls);
    if (!arch && !ls->pending) /* nothing to compare with: a harness bug */
        return report_done(ls, "done (compare after the model is done)", 1, 0);
    const wf_obs *mo = ls->pending ? wf_model_obs(ls->m) : NULL;
    ls->pending = 0;
    if (mo && ls->o.on_model) ls->o.on_model(ls->o.ctx, mo);
    wf_cmp_diff d;
    const int bad = wf_cmp_step(ls->o.cfg, &ls->hist, mo, &ls->rtl, WF_CMP_FLAGS_LEVEL(ls->o.cmp), &d);
    ls->compared++;
    ls->total++;
    /* coverage of the compared records (arch: every model record the RTL's cycle saw) */
    if (ls->o.cov && mo && (arch || !bad)) wf_cov_sample(ls->o.cov, ls->o.cfg, mo);
    return bad ? report(ls, &d, arch ? WF_LS_REPORT_ARCH : WF_LS_REPORT_TRACE) : WF_LS_PASS;
}

int wf_ls_check_done(wf_lockstep *ls, int rtl_done)
{
    if (!arch_level(ls)) {
        ls->pending = 0;
        if (!!rtl_done == ls->model_done) return WF_LS_PASS;
        return report_done(ls, "done_o", ls->model_done, !!rtl_done);
    }
    if (!rtl_done) return WF_LS_PASS; /* the model is done first: the RTL runs on */
    /* cycle-independent: the model's records after the RTL's done without one
     * (ends: the oracle ran this model to done), then nothing left unmatched */
    const unsigned flags = WF_CMP_FLAGS_LEVEL(ls->o.cmp);
    wf_cmp_diff d;
    int bad = 0;
    if (ls->pending) bad = wf_cmp_step(ls->o.cfg, &ls->hist, wf_model_obs(ls->m), NULL, flags, &d);
    ls->pending = 0;
    while (!bad && !wf_ls_model_step(ls)) {
        ls->pending = 0;
        bad = wf_cmp_step(ls->o.cfg, &ls->hist, wf_model_obs(ls->m), NULL, flags, &d);
    }
    ls->model_done = 1;
    if (!bad) bad = wf_cmp_finish_cycles(ls->o.cfg, &ls->hist, wf_model_cycle(ls->m), ls->compared, &d);
    return bad ? report(ls, &d, WF_LS_REPORT_ARCH) : WF_LS_PASS;
}

int wf_ls_cycle(wf_lockstep *ls, const wf_rtl_trace *t, int rtl_done, int *done)
{
    const int mdone = wf_ls_model_step(ls);
    *done = arch_level(ls) ? rtl_done : mdone || rtl_done;
    return *done ? wf_ls_check_done(ls, rtl_done) : wf_ls_compare(ls, t);
}

int wf_ls_final(wf_lockstep *ls, const wf_arch_state *rtl, uint64_t rtl_cycles)
{
    char why[256] = "";
    const wf_host_oracle *or = ls->o.oracle;
    const char *vs = "interpreter";
    if (ls->failed) return WF_LS_MISMATCH;
    int bad;
    if (ls->o.model) {
        bad = wf_host_final_diff(or, rtl, rtl_cycles, ls->o.cmp, &vs, why, sizeof why);
    } else { /* the timing is not the model's: registers and scratchpad against the interpreter */
        wf_arch_state r = *rtl;
        r.retired = NULL; /* the RTL has no retired counters */
        bad = or->check_interp && wf_cmp_arch(&or->interp, &r, why, sizeof why);
    }
    if (!bad) return WF_LS_PASS;
    ls->failed++;
    wf_ls_result *r = &ls->res;
    wf_ls_verdict *v = &r->v;
    r->status = WF_LS_MISMATCH, r->run = ls->launches ? ls->launches - 1 : 0, r->cycle = rtl_cycles;
    v->report = WF_LS_REPORT_FINAL, v->level = ls->o.cmp;
    snprintf(v->oracle, sizeof v->oracle, "%s", vs);
    /* what differs: wf_cmp_arch's "WHERE: a vs b" up to the colon, or the cycle count */
    if (*vs)
        snprintf(v->element, sizeof v->element, "%.*s", (int)strcspn(why, ":"), why);
    else
        snprintf(v->element, sizeof v->element, "cycle count");
    char run[256] = "";
    if (ls->o.final_names_run) snprintf(run, sizeof run, " (%s run %u)", ls->o.prog_name, ls->launches);
    if (!ls->o.model) /* the interpreter only: its difference as it is */
        snprintf(v->message, sizeof v->message, "FINAL STATE MISMATCH: %s%s", why, run);
    else if (*vs)
        snprintf(v->message, sizeof v->message, "FINAL STATE MISMATCH: vs %s: %s (%s vs rtl)%s", vs, why, vs, run);
    else
        snprintf(v->message, sizeof v->message, "FINAL STATE MISMATCH: cycle count: %s%s", why, run);
    wf_ls_print_verdict(ls->o.report, r, &ls->o);
    r->reported = 1;
    if (ls->o.on_report) ls->o.on_report(ls->o.ctx, WF_LS_REPORT_FINAL, rtl_cycles);
    return WF_LS_MISMATCH;
}

static void status_message(wf_ls_result *r, const wf_ls_opts *o);

void wf_ls_set_status(wf_lockstep *ls, int status, uint64_t cycle)
{
    if (status == WF_LS_PASS || ls->failed++) return;
    wf_ls_result *r = &ls->res;
    r->status = status, r->cycle = cycle, r->run = ls->launches ? ls->launches - 1 : 0;
    status_message(r, &ls->o);
    wf_ls_print_verdict(ls->o.report, r, &ls->o);
    r->reported = 1;
}

void wf_ls_get_result(const wf_lockstep *ls, wf_ls_result *r)
{
    *r = ls->res;
    r->compared = ls->total;
}

/* ---- pull ---------------------------------------------------------------------------- */
static int bit(const uint32_t *w, unsigned k) { return w[k / 32] >> (k % 32) & 1; }

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* An RTL assertion's line "WF_ASSERT <block>: <text>" (rtl/, $error) in the
 * simulator's output as data: the block, the text, the RTL's cycle when the
 * text names one ("(cycle N"). */
static void assertion(wf_ls_verdict *v, const char *out)
{
    const char *a = out ? strstr(out, "WF_ASSERT ") : NULL; /* the first: the one that stopped it */
    v->assert_cycle = -1;
    if (!a) return;
    a += strlen("WF_ASSERT ");
    const size_t nb = strcspn(a, ": \n");
    snprintf(v->block, sizeof v->block, "%.*s", (int)nb, a);
    const char *t = a + nb + (a[nb] == ':');
    t += strspn(t, " ");
    const size_t line = strcspn(t, "\n");
    size_t n = strcspn(t, "(\n"); /* the text up to its details in parentheses */
    while (n && t[n - 1] == ' ') n--;
    snprintf(v->assertion, sizeof v->assertion, "%.*s", (int)n, t);
    const char *c = strstr(t, "(cycle ");
    if (c && c < t + line) v->assert_cycle = strtoll(c + 7, NULL, 10);
}

/* One run's cycle loop from the cycle running_o rose to done (WF_LS_PASS) or a failure. */
static int cycles(const wf_dut *dut, wf_lockstep *ls, wf_imem *im, wf_ls_result *r)
{
    const wf_ls_opts *o = &ls->o;
    uint32_t line[2 * 16];
    unsigned idle = 0;
    wf_dut_out out;
    for (uint64_t k = 0;; k++) {
        r->cycle = k;
        wf_dut_in in = {0, 0, line, 1};
        in.resp_valid = wf_imem_response(im, k, &in.resp_mshr, line);
        in.req_ready = wf_imem_ready(im, k);
        dut->drive(dut->ctx, &in);
        memset(&out, 0, sizeof out);
        dut->sample(dut->ctx, k, &out);
        r->rtl_cycles = out.cycle;
        if (out.finished) {
            assertion(&r->v, out.finish_text);
            return idle >= 1000 ? WF_LS_ASSERT_STALL : WF_LS_ASSERTION;
        }
        if (in.resp_valid && !out.resp_ready) return WF_LS_RESP_READY;
        if (out.req_valid && in.req_ready && wf_imem_request(im, k, out.req_mshr, out.req_line))
            return WF_LS_IMEM_QUEUE;
        if (o->model) {
            int done;
            const int st = wf_ls_cycle(ls, &out.trace, out.done, &done);
            if (st == WF_LS_VERSION) r->version = out.trace.version;
            if (st != WF_LS_PASS || done) return st;
        } else {
            if (out.done) return WF_LS_PASS;
            if (o->cov) {
                if (wf_rtl_trace_decode(o->cfg, &out.trace, &ls->rtl)) {
                    r->version = out.trace.version;
                    return WF_LS_VERSION;
                }
                wf_cov_sample(o->cov, o->cfg, &ls->rtl);
            }
        }
        /* §14 watchdog on the RTL's trace: a successful issue (valid, not replay) or a write */
        int busy = bit(out.trace.obs, WF_OBS_ISSUE_VALID_LSB) && !bit(out.trace.obs, WF_OBS_ISSUE_REPLAY_LSB);
        for (unsigned x = 0; x < WF_NUNITS; x++) busy |= bit(out.trace.wb, x * WF_OBS_WB_W + WF_OBS_WB_VALID_LSB);
        idle = busy ? 0 : idle + 1;
        if (o->watchdog && idle >= o->watchdog) return WF_LS_WATCHDOG;
        if (k >= o->max_cycles) return WF_LS_TIMEOUT;
        dut->clock(dut->ctx);
    }
}

/* The registers (host register port) and the scratchpad (host scratchpad port) read back, checked. */
static int final_state(const wf_dut *dut, wf_lockstep *ls, uint64_t rtl_cycles)
{
    const wf_config *cfg = ls->o.cfg;
    wf_arch_state rs;
    uint32_t lanes[32 + 2];
    if (wf_arch_alloc(&rs, cfg->warps, cfg->lanes, cfg->regs, cfg->mem_words)) {
        fprintf(stderr, "out of memory\n");
        return WF_LS_ERROR;
    }
    for (unsigned w = 0; w < cfg->warps; w++)
        for (unsigned g = 0; g < cfg->regs; g++) {
            dut->reg_read(dut->ctx, w, g, lanes);
            for (unsigned l = 0; l < cfg->lanes; l++) *wf_arch_reg(&rs, w, g, l) = lanes[l];
        }
    for (unsigned a = 0; a < cfg->mem_words; a++) rs.mem[a] = dut->mem_read(dut->ctx, a);
    const int st = wf_ls_final(ls, &rs, rtl_cycles);
    wf_arch_free(&rs);
    return st;
}

/* the line of a status that is not a report, into r->v.message */
static void status_message(wf_ls_result *r, const wf_ls_opts *o)
{
    char msg[WF_LS_LINE / 2];
    char *m = r->v.message;
    const size_t len = sizeof r->v.message;
    const unsigned run = r->run + 1;
    switch (r->status) {
    case WF_LS_ASSERTION:
    case WF_LS_ASSERT_STALL:
        if (r->v.block[0])
            snprintf(msg, sizeof msg, "WF_ASSERT %s: %s", r->v.block, r->v.assertion);
        else
            snprintf(msg, sizeof msg, "see the %%Error line above");
        snprintf(m, len, "%s at cycle %" PRIu64 " (run %u): RTL assertion, %s",
                 r->status == WF_LS_ASSERT_STALL ? "WATCHDOG" : "RTL ASSERTION", r->cycle, run, msg);
        break;
    case WF_LS_RESP_READY:
        snprintf(m, len, "RTL PROTOCOL ERROR at cycle %" PRIu64 ": imem_resp_ready_o low with a response", r->cycle);
        break;
    case WF_LS_IMEM_QUEUE:
        snprintf(m, len, "RTL PROTOCOL ERROR at cycle %" PRIu64 ": more than %d imem requests pending", r->cycle,
                 WF_HOST_IMEM_QUEUE);
        break;
    case WF_LS_VERSION:
        wf_rtl_trace_check_version(r->version, msg, sizeof msg);
        snprintf(m, len, "TRACE VERSION: %s", msg);
        break;
    case WF_LS_WATCHDOG:
        snprintf(m, len, "WATCHDOG at cycle %" PRIu64 " (run %u): no issue and no write for %u cycles", r->cycle, run,
                 o->watchdog);
        break;
    case WF_LS_TIMEOUT:
        snprintf(m, len, "TIMEOUT at cycle %" PRIu64 " (run %u): not done after max-cycles %" PRIu64, r->cycle, run,
                 o->max_cycles);
        break;
    case WF_LS_LAUNCH:
        snprintf(m, len, "LAUNCH FAILED (run %u): running_o never rose after launch_i", run);
        break;
    case WF_LS_ERROR:
        if (!m[0]) snprintf(m, len, "ERROR (run %u): the model or the read-back buffer, see the message above", run);
        break;
    default: break;
    }
}

void wf_lockstep_run(const wf_dut *dut, const wf_ls_opts *opts, wf_ls_result *r)
{
    char err[256];
    memset(r, 0, sizeof *r);
    wf_lockstep *ls = wf_ls_create(opts, err, sizeof err);
    if (!ls) {
        fprintf(stderr, "%s\n", err);
        r->status = WF_LS_ERROR;
        snprintf(r->v.message, sizeof r->v.message, "ERROR: %s", err);
        return;
    }
    const wf_config *cfg = opts->cfg;
    int st = dut->reset(dut->ctx) ? WF_LS_ERROR : WF_LS_PASS;
    for (unsigned run = 0; run < opts->runs && st == WF_LS_PASS; run++) {
        r->run = run;
        /* the scratchpad image (all 0) through the host port; launch clears the registers (§14) */
        for (unsigned a = 0; a < cfg->mem_words; a++) dut->mem_write(dut->ctx, a, 0);
        wf_launch_inputs li;
        uint32_t pcs[(WF_MAX_WARPS * 16 + 31) / 32 + 2] = {0};
        wf_host_launch_inputs(cfg, &li);
        wf_host_start_pcs(cfg, opts->prog, pcs);
        if (dut->launch(dut->ctx, &li, pcs)) {
            st = WF_LS_LAUNCH;
            break;
        }
        if (wf_ls_launch(ls)) {
            st = WF_LS_ERROR;
            break;
        }
        wf_imem im;
        wf_imem_init(&im, cfg, opts->prog);
        if (opts->jitter) wf_imem_jitter(&im, opts->jitter_seed + 0x9E3779B97F4A7C15ull * run);
        const double t0 = now();
        if (dut->timed) dut->timed(dut->ctx, 1);
        st = cycles(dut, ls, &im, r);
        if (dut->timed) dut->timed(dut->ctx, 0);
        r->run_seconds = now() - t0;
        r->imem = im.st;
        if (st != WF_LS_PASS) break;
        r->total_cycles += r->rtl_cycles;
        if (run < WF_LS_MAX_RUNS) r->run_cycles[run] = r->rtl_cycles;
        r->seconds += r->run_seconds;
        dut->clock(dut->ctx); /* leave the done cycle: running_o drops, the host ports open */
        const wf_dut_in idle = {0, 0, NULL, 1};
        dut->drive(dut->ctx, &idle);
        if (opts->final) st = final_state(dut, ls, r->rtl_cycles);
        if (st == WF_LS_PASS && dut->on_run) dut->on_run(dut->ctx, r);
    }
    if (ls->failed && ls->res.reported) { /* a report: its verdict */
        r->run = ls->res.run, r->cycle = ls->res.cycle;
        r->v = ls->res.v;
    }
    r->status = st;
    r->reported = ls->failed;
    r->compared = ls->total;
    if (!r->reported) status_message(r, opts);
    wf_ls_destroy(ls);
}

static const char *const KINDS[] = {"pass",     "mismatch", "assertion", "assertion", "protocol",
                                    "protocol", "version",  "error",     "watchdog",  "timeout",
                                    "launch",   "timeout",  "error",     "testbench"};

const char *wf_ls_kind(const wf_ls_result *r)
{
    if (r->status == WF_LS_MISMATCH && r->v.report == WF_LS_REPORT_FINAL) return "final-state";
    return r->status >= 0 && (size_t)r->status < sizeof KINDS / sizeof *KINDS ? KINDS[r->status] : "error";
}

const char *wf_ls_status_name(int status)
{
    const int rc = wf_ls_exit_code(status);
    return rc == WF_EXIT_PASS ? "pass" : rc == WF_EXIT_USAGE ? "error" : "fail";
}

void wf_ls_print_verdict(FILE *f, const wf_ls_result *r, const wf_ls_opts *o)
{
    const wf_ls_verdict *v = &r->v;
    if (r->status == WF_LS_PASS) return;
    if (r->status == WF_LS_MISMATCH && v->report != WF_LS_REPORT_FINAL) {
        wf_cmp_print_report(f, r->cycle, v->field, v->expected, v->actual, (unsigned)v->level, v->history[0],
                            sizeof v->history[0], v->nhistory, o->cfg, o->seed, o->repro);
        return;
    }
    fprintf(f, "%s\n  seed:     %" PRIu64 "\n  reproduce: %s\n", v->message, o->seed, o->repro ? o->repro : "");
    fflush(f);
}

void wf_ls_print_status(FILE *f, const wf_ls_result *r, const wf_ls_opts *o)
{
    if (!r->reported) wf_ls_print_verdict(f, r, o);
}

int wf_ls_exit_code(int status)
{
    switch (status) {
    case WF_LS_PASS: return WF_EXIT_PASS;
    case WF_LS_VERSION:
    case WF_LS_ERROR:
    case WF_LS_ORACLE_ERROR: return WF_EXIT_USAGE;
    case WF_LS_ASSERT_STALL:
    case WF_LS_WATCHDOG:
    case WF_LS_TIMEOUT:
    case WF_LS_LAUNCH:
    case WF_LS_ORACLE_TIMEOUT: return WF_EXIT_TIMEOUT;
    default: return WF_EXIT_FAIL;
    }
}

/* ---- the result record -------------------------------------------------------------- */
static void jstr(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *c = (const unsigned char *)(s ? s : ""); *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(f, "\\%c", *c);
        else if (*c == '\n')
            fputs("\\n", f);
        else if (*c < 0x20 || *c == 0x7F)
            fprintf(f, "\\u%04x", *c);
        else
            fputc(*c, f);
    }
    fputc('"', f);
}
static void jkey(FILE *f, const char *k)
{
    fputs(",\n  ", f);
    jstr(f, k);
    fputs(": ", f);
}
static void jkv(FILE *f, const char *k, const char *v)
{
    jkey(f, k);
    jstr(f, v);
}
static void jnum(FILE *f, const char *k, uint64_t v)
{
    jkey(f, k);
    fprintf(f, "%" PRIu64, v);
}

int wf_ls_write_result(FILE *f, const char *harness, const wf_ls_result *r, const wf_ls_opts *o)
{
    const wf_ls_verdict *v = &r->v;
    const char *kind = wf_ls_kind(r);
    char config[2048] = "";
    if (o->cfg) wf_cmp_config_options(o->cfg, config, sizeof config);
    fprintf(f, "{\n  \"schema\": {\"name\": \"%s\", \"version\": %d}", WF_LS_SCHEMA, WF_LS_SCHEMA_VERSION);
    jkv(f, "harness", harness);
    jkv(f, "program", o->prog_name);
    jkv(f, "status", wf_ls_status_name(r->status));
    jkv(f, "kind", kind);
    jnum(f, "exit_code", (uint64_t)wf_ls_exit_code(r->status));
    if (r->status != WF_LS_PASS) {
        jnum(f, "run", r->run + 1);
        jnum(f, "cycle", r->cycle);
    }
    if (r->status == WF_LS_MISMATCH && v->has_diff) {
        jkv(f, "field", v->field);
        jnum(f, "expected", v->expected);
        jnum(f, "actual", v->actual);
    }
    if (r->status == WF_LS_MISMATCH && v->report == WF_LS_REPORT_FINAL) {
        jkv(f, "field", v->element);
        jkv(f, "oracle", v->oracle);
    }
    if (v->block[0]) {
        jkv(f, "block", v->block);
        jkv(f, "assertion", v->assertion);
        if (v->assert_cycle >= 0) jnum(f, "rtl_cycle", (uint64_t)v->assert_cycle);
    }
    jkv(f, "compare", wf_cmp_level_name(o->cmp));
    jkey(f, "history");
    fputc('[', f);
    for (unsigned k = 0; k < v->nhistory; k++) {
        fputs(k ? ",\n    " : "\n    ", f);
        jstr(f, v->history[k]);
    }
    fputs(v->nhistory ? "\n  ]" : "]", f);
    jkv(f, "message", r->status == WF_LS_PASS ? "" : v->message);
    jnum(f, "seed", o->seed);
    jkv(f, "config", config);
    jkv(f, "reproduce", o->repro);
    jnum(f, "runs", o->runs);
    jnum(f, "max_cycles", o->max_cycles);
    jkey(f, "cycles");
    fputs("{\"rtl\": [", f);
    const unsigned passed = r->status == WF_LS_PASS ? o->runs : r->run;
    for (unsigned k = 0; k < passed && k < WF_LS_MAX_RUNS; k++) fprintf(f, "%s%" PRIu64, k ? ", " : "", r->run_cycles[k]);
    fputs("], \"model\": ", f);
    if (o->oracle && o->oracle->model_cycles && r->status != WF_LS_ORACLE_TIMEOUT && r->status != WF_LS_ORACLE_ERROR)
        fprintf(f, "%" PRIu64, o->oracle->model_cycles);
    else
        fputs("null", f);
    fprintf(f, ", \"compared\": %" PRIu64 "}\n}\n", r->compared);
    return ferror(f) ? -1 : 0;
}

static int write_speed(FILE *f, const char *harness, const wf_ls_result *r, const wf_ls_opts *o)
{
    fprintf(f, "{\n  \"schema\": {\"name\": \"%s\", \"version\": %d}", WF_LS_SPEED_SCHEMA,
            WF_LS_SPEED_SCHEMA_VERSION);
    jkv(f, "harness", harness);
    jkv(f, "program", o->prog_name);
    jkv(f, "status", wf_ls_status_name(r->status));
    jnum(f, "bare", !o->model);
    jnum(f, "cycles", r->total_cycles);
    fprintf(f, ",\n  \"seconds\": %.9g", r->seconds);
    fprintf(f, ",\n  \"cycles_per_second\": %.9g\n}\n", r->seconds > 0 ? (double)r->total_cycles / r->seconds : 0.0);
    return ferror(f) ? -1 : 0;
}

/* path replaced whole: written to path.tmp, then renamed */
static int write_file(const char *path, const char *opt, const char *harness, const wf_ls_result *r,
                      const wf_ls_opts *o, int (*fn)(FILE *, const char *, const wf_ls_result *, const wf_ls_opts *))
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    int bad = !f || fn(f, harness, r, o);
    if (f && fclose(f)) bad = 1;
    if (!bad && rename(tmp, path)) bad = 1;
    if (bad) {
        fprintf(stderr, "%s %s: cannot write it\n", opt, path);
        remove(tmp);
    }
    return bad ? -1 : 0;
}

int wf_ls_write_result_file(const char *path, const char *harness, const wf_ls_result *r, const wf_ls_opts *o)
{
    return write_file(path, "--result", harness, r, o, wf_ls_write_result);
}

int wf_ls_write_speed_file(const char *path, const char *harness, const wf_ls_result *r, const wf_ls_opts *o)
{
    return write_file(path, "--speed", harness, r, o, write_speed);
}

void wf_ls_repro_line(char *buf, size_t len, const char *env, const char *script, const char *prog,
                      const char *options, uint64_t seed, const char *waves, const char *note)
{
    const size_t qn = 4 * (strlen(prog) + (waves ? strlen(waves) : 0)) + 8;
    char *q = malloc(qn);
    if (!q) {
        snprintf(buf, len, "%s %s", script, prog);
        return;
    }
    size_t n = 0;
    wf_host_shell_quote(prog, q, qn);
    n += (size_t)snprintf(buf, len, "%s%s%s %s", env ? env : "", env && *env ? " " : "", script, q);
    if (options && *options && n < len) n += (size_t)snprintf(buf + n, len - n, " %s", options);
    if (seed && n < len) n += (size_t)snprintf(buf + n, len - n, " --seed %" PRIu64, seed);
    if (waves && *waves && n < len) {
        wf_host_shell_quote(waves, q, qn);
        n += (size_t)snprintf(buf + n, len - n, " --waves %s", q);
    }
    if (note && *note && n < len) snprintf(buf + n, len - n, "   (%s)", note);
    free(q);
}

void wf_ls_stdout_keep(char *buf, size_t len) { setvbuf(stdout, buf, _IOFBF, len); }

void wf_ls_stdout_pending(const char *buf, char *out, size_t outlen)
{
    const size_t n = __fpending(stdout), k = n < outlen ? n : outlen - 1;
    memcpy(out, buf + (n - k), k);
    out[k] = 0;
}

int wf_ls_oracle(const wf_config *cfg, const wf_program *prog, const char *name, uint64_t max_cycles,
                 wf_host_oracle *o, wf_ls_result *r)
{
    char err[WF_LS_LINE / 2];
    memset(r, 0, sizeof *r);
    const int rc = wf_host_oracle_run(cfg, prog, max_cycles, o, err, sizeof err);
    if (!rc) return WF_LS_PASS;
    /* the model's run control (max cycles, §14 watchdog): a timeout; else the program is refused */
    r->status = rc == -2 ? WF_LS_ORACLE_TIMEOUT : WF_LS_ORACLE_ERROR;
    snprintf(r->v.message, sizeof r->v.message, "%s %.256s: oracle: %s", rc == -2 ? "TIMEOUT" : "ERROR", name, err);
    return r->status;
}

int wf_ls_setup_args(const wf_ls_harness *h, int argc, char **argv, wf_ls_setup *s)
{
    char err[1024];
    wf_config_default(&s->cfg);
    s->args.runs = h->runs;
    if (wf_host_parse_args(argc, argv, &s->cfg, &s->args, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", h->name, err);
        return 2;
    }
    if (s->args.help) {
        h->usage(stdout, argv[0]);
        return 0;
    }
    if (!s->args.prog) {
        h->usage(stderr, argv[0]);
        return 2;
    }
    if (wf_config_check(&s->cfg, err, sizeof err) || wf_host_check_sizes(&s->cfg, h->built, err, sizeof err) ||
        wf_host_check_pins(&s->cfg, h->pins, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    const int rc = h->check ? h->check(h->ctx, &s->args, &s->cfg) : 0;
    if (rc) return rc;
    if (wf_assemble_file(s->args.prog, s->cfg.regs, &s->prog, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    return -1;
}

void wf_ls_usage_options(FILE *f)
{
    fputs("--PARAM value       any wfsim parameter (build/wfsim --help); size parameters\n"
          "                    must match the build\n"
          "--wfsim-options S   a whole option string (\"--war inorder --loops 2\")\n"
          "--program FILE      the program, instead of the first argument\n"
          "every option also as --name=value, '_' for '-' (FuseSoC cmdlinearg parameters)\n"
          "harness options:\n",
          f);
}

void wf_ls_opts_init(wf_ls_opts *o, const wf_ls_setup *s, const wf_host_oracle *oracle)
{
    memset(o, 0, sizeof *o);
    o->cfg = &s->cfg, o->prog = &s->prog, o->prog_name = s->args.prog, o->oracle = oracle;
    o->cmp = s->args.cmp, o->seed = s->args.seed;
    o->model = o->final = !s->args.bare;
    o->runs = s->args.runs, o->max_cycles = s->args.max_cycles, o->watchdog = WF_LS_WATCHDOG_CYCLES;
}
