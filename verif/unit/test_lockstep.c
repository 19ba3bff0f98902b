/* The lockstep core (verif/lockstep.c, wf_lockstep.h) without a simulator:
 * the pull loop on a fake DUT (launches, host ports, the final state, the
 * §14 watchdog, max cycles, the imem protocol checks, an RTL assertion, a
 * trace of another layout version) and the push calls with the C model
 * against an all-zero trace (trace, done and arch-level reports, one report
 * per instance), and the result record of each kind (pass, a trace and an
 * arch-level mismatch with the full field path, final state, timeout, an RTL
 * assertion) as valid JSON. The harnesses run it on the RTL in rtl-smoke,
 * sc-smoke, dpi-smoke and mutants. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, close */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wf_check.h"
#include "wf_layout.h"
#include "wf_lockstep.h"

static const char *const PROG = "tid r1\nmovi r2 <- 5\naddi r3 <- r1, 7\nst [r1] <- r3\nexit\n";

typedef struct {
    const wf_config *cfg;
    wf_arch_state *state;       /* what the host ports read */
    uint32_t w[WF_RTL_PORTS][4096];
    uint64_t done_at, finish_at; /* UINT64_MAX: never */
    int busy, resp_ready, req_every, req_first;
    unsigned version, launches, mem_writes, runs_passed;
    int bad_word; /* >= 0: this scratchpad word reads back with bit 0 inverted */
    const char *finish_text; /* what the simulator printed when it finished */
    wf_ls_result last;
} fake;

static fake *F(void *c) { return c; }
static int f_reset(void *c) { (void)c; return 0; }
static int f_launch(void *c, const wf_launch_inputs *li, const uint32_t *pcs)
{
    (void)li, (void)pcs;
    F(c)->launches++;
    return 0;
}
static void f_drive(void *c, const wf_dut_in *in) { (void)c, (void)in; }
static void f_sample(void *c, uint64_t k, wf_dut_out *o)
{
    fake *f = c;
    memset(f->w, 0, sizeof f->w);
    if (f->busy) f->w[WF_RTL_OBS][WF_OBS_ISSUE_VALID_LSB / 32] |= 1u << (WF_OBS_ISSUE_VALID_LSB % 32);
    o->finished = k >= f->finish_at;
    o->finish_text = f->finish_text;
    o->done = k >= f->done_at;
    o->cycle = k;
    o->req_valid = f->req_every || (f->req_first && k == 0);
    o->resp_ready = f->resp_ready;
    o->trace = (wf_rtl_trace){f->w[0], f->w[1], f->w[2], f->w[3], f->w[4], f->w[5], f->version};
}
static void f_clock(void *c) { (void)c; }
static void f_mem_write(void *c, unsigned a, uint32_t v) { (void)a, (void)v, F(c)->mem_writes++; }
static uint32_t f_mem_read(void *c, unsigned a) { return F(c)->state->mem[a] ^ ((int)a == F(c)->bad_word); }
static void f_reg_read(void *c, unsigned w, unsigned r, uint32_t *lanes)
{
    fake *f = c;
    for (unsigned l = 0; l < f->cfg->lanes; l++) lanes[l] = *wf_arch_reg(f->state, w, r, l);
}
static void f_on_run(void *c, const wf_ls_result *r)
{
    F(c)->runs_passed++;
    F(c)->last = *r;
}

typedef struct {
    wf_config cfg;
    wf_program prog;
    wf_host_oracle oracle;
    wf_ls_opts lo;
    fake f;
    wf_dut dut;
    FILE *out;
    char text[16384];
} bench;

static void bench_init(bench *b, int model)
{
    char err[256];
    memset(b, 0, sizeof *b);
    wf_config_default(&b->cfg);
    b->cfg.warps = 2;
    b->cfg.imiss_lat = 40;
    ck_assert_msg(wf_assemble("t.s", PROG, b->cfg.regs, &b->prog, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(wf_host_oracle_run(&b->cfg, &b->prog, 100000, &b->oracle, err, sizeof err) == 0, "%s", err);
    b->out = tmpfile();
    ck_assert_ptr_nonnull(b->out);
    wf_ls_opts *o = &b->lo;
    o->cfg = &b->cfg, o->prog = &b->prog, o->prog_name = "t.s", o->oracle = &b->oracle;
    o->model = model, o->final = 1, o->final_names_run = 1, o->seed = 7, o->repro = "REPRO", o->report = b->out;
    o->runs = 2, o->max_cycles = 1000, o->watchdog = 100;
    b->f.cfg = &b->cfg, b->f.state = &b->oracle.interp, b->f.resp_ready = 1;
    b->f.done_at = b->f.finish_at = UINT64_MAX;
    b->f.bad_word = -1;
    b->f.version = WF_TRACE_VERSION;
    b->dut = (wf_dut){&b->f,       f_reset,    f_launch,   f_drive, f_sample, f_clock,
                      f_mem_write, f_mem_read, f_reg_read, NULL,    f_on_run};
}
/* everything reported so far */
static const char *bench_text(bench *b)
{
    fflush(b->out);
    rewind(b->out);
    size_t n = fread(b->text, 1, sizeof b->text - 1, b->out);
    b->text[n] = 0;
    return b->text;
}
static void bench_free(bench *b)
{
    fclose(b->out);
    wf_host_oracle_free(&b->oracle);
    wf_program_free(&b->prog);
}
/* the pull loop on the fake DUT: its status */
static int run(bench *b, wf_ls_result *r)
{
    wf_lockstep_run(&b->dut, &b->lo, r);
    wf_ls_print_status(b->out, r, &b->lo);
    return r->status;
}

START_TEST(runs_and_the_final_state)
{
    bench b;
    wf_ls_result r;
    bench_init(&b, 0);
    b.f.done_at = 5;
    ck_assert_int_eq(run(&b, &r), WF_LS_PASS);
    ck_assert_uint_eq(b.f.launches, 2);
    ck_assert_uint_eq(b.f.runs_passed, 2);
    ck_assert_uint_eq(b.f.mem_writes, 2 * b.cfg.mem_words); /* the scratchpad cleared per run */
    ck_assert_uint_eq(r.rtl_cycles, 5);
    ck_assert_uint_eq(r.total_cycles, 10);
    ck_assert_str_eq(bench_text(&b), "");
    bench_free(&b);
    /* one scratchpad word off: the second run's report names it and the run */
    bench_init(&b, 0);
    b.f.done_at = 5;
    b.f.bad_word = 3;
    ck_assert_int_eq(run(&b, &r), WF_LS_MISMATCH);
    ck_assert(r.reported && r.run == 0);
    ck_assert_int_eq(wf_ls_exit_code(r.status), 1);
    const char *t = bench_text(&b);
    ck_assert_msg(strstr(t, "FINAL STATE MISMATCH: ") && strstr(t, "(t.s run 1)\n  seed:     7\n  reproduce: REPRO\n"),
                  "%s", t);
    bench_free(&b);
}
END_TEST

START_TEST(watchdog_and_max_cycles)
{
    bench b;
    wf_ls_result r;
    bench_init(&b, 0);
    ck_assert_int_eq(run(&b, &r), WF_LS_WATCHDOG); /* never done, never busy */
    ck_assert_uint_eq(r.cycle, 99);
    ck_assert_int_eq(wf_ls_exit_code(r.status), 3);
    ck_assert_str_eq(bench_text(&b), "WATCHDOG at cycle 99 (run 1): no issue and no write for 100 cycles\n"
                                     "  seed:     7\n  reproduce: REPRO\n");
    bench_free(&b);
    bench_init(&b, 0);
    b.f.busy = 1;
    ck_assert_int_eq(run(&b, &r), WF_LS_TIMEOUT);
    ck_assert_uint_eq(r.cycle, 1000);
    ck_assert_msg(strstr(bench_text(&b), "TIMEOUT at cycle 1000 (run 1): not done after max-cycles 1000\n"), "%s",
                  b.text);
    bench_free(&b);
    bench_init(&b, 0);
    b.f.finish_at = 3;
    ck_assert_int_eq(run(&b, &r), WF_LS_ASSERTION);
    ck_assert_uint_eq(r.cycle, 3);
    ck_assert_int_eq(wf_ls_exit_code(r.status), 1);
    bench_free(&b);
}
END_TEST

START_TEST(imem_protocol)
{
    bench b;
    wf_ls_result r;
    bench_init(&b, 0);
    b.f.req_first = 1, b.f.resp_ready = 0, b.f.busy = 1;
    ck_assert_int_eq(run(&b, &r), WF_LS_RESP_READY); /* the response of cycle 0's request */
    ck_assert_uint_eq(r.cycle, b.cfg.imiss_lat - 1);
    bench_free(&b);
    bench_init(&b, 0);
    b.f.req_every = 1, b.f.busy = 1;
    ck_assert_int_eq(run(&b, &r), WF_LS_IMEM_QUEUE);
    ck_assert_uint_eq(r.cycle, WF_HOST_IMEM_QUEUE);
    ck_assert_msg(strstr(bench_text(&b), "more than 16 imem requests pending"), "%s", b.text);
    bench_free(&b);
}
END_TEST

START_TEST(trace_version)
{
    bench b;
    wf_ls_result r;
    bench_init(&b, 1);
    b.f.version = WF_TRACE_VERSION + 1;
    ck_assert_int_eq(run(&b, &r), WF_LS_VERSION);
    ck_assert_uint_eq(r.version, WF_TRACE_VERSION + 1);
    ck_assert_int_eq(wf_ls_exit_code(r.status), 2);
    ck_assert_msg(strstr(bench_text(&b), "TRACE VERSION: "), "%s", b.text);
    bench_free(&b);
}
END_TEST

/* the number of times s occurs in t */
static int count(const char *t, const char *s)
{
    int n = 0;
    for (const char *p = t; (p = strstr(p, s)); p++) n++;
    return n;
}

START_TEST(push_reports_once)
{
    bench b;
    char err[64];
    bench_init(&b, 1);
    wf_lockstep *ls = wf_ls_create(&b.lo, err, sizeof err);
    ck_assert_ptr_nonnull(ls);
    ck_assert_int_eq(wf_ls_launch(ls), 0);
    const wf_rtl_trace zero = {b.f.w[0], b.f.w[1], b.f.w[2], b.f.w[3], b.f.w[4], b.f.w[5], WF_TRACE_VERSION};
    ck_assert_int_eq(wf_ls_model_step(ls), 0);
    /* the model fetches (a miss) in cycle 0; an all-zero trace does not */
    ck_assert_int_eq(wf_ls_compare(ls, &zero), WF_LS_MISMATCH);
    ck_assert_int_eq(wf_ls_failed(ls), 1);
    ck_assert_uint_eq(wf_ls_compared(ls), 1);
    ck_assert_int_eq(wf_ls_check_done(ls, 1), WF_LS_MISMATCH); /* the model is not done: not reported again */
    ck_assert_int_eq(wf_ls_final(ls, &b.oracle.model, b.oracle.model_cycles), WF_LS_MISMATCH);
    const char *t = bench_text(&b);
    ck_assert_msg(count(t, "LOCKSTEP MISMATCH at cycle 0\n") == 1 && !strstr(t, "FINAL"), "%s", t);
    wf_ls_destroy(ls);
    bench_free(&b);
}
END_TEST

START_TEST(push_done_and_arch)
{
    bench b;
    char err[64];
    bench_init(&b, 1);
    wf_lockstep *ls = wf_ls_create(&b.lo, err, sizeof err);
    ck_assert_int_eq(wf_ls_launch(ls), 0);
    while (!wf_ls_model_step(ls)) {}
    ck_assert_int_eq(wf_ls_check_done(ls, 0), WF_LS_MISMATCH); /* the model is done, the RTL not */
    ck_assert_msg(strstr(bench_text(&b), "done_o"), "%s", b.text);
    /* a new launch: a fresh model, the final state of its oracle passes */
    wf_ls_destroy(ls);
    ls = wf_ls_create(&b.lo, err, sizeof err);
    ck_assert_int_eq(wf_ls_launch(ls), 0);
    while (!wf_ls_model_step(ls)) {}
    ck_assert_int_eq(wf_ls_check_done(ls, 1), WF_LS_PASS);
    ck_assert_int_eq(wf_ls_final(ls, &b.oracle.model, b.oracle.model_cycles), WF_LS_PASS);
    ck_assert_int_eq(wf_ls_final(ls, &b.oracle.model, b.oracle.model_cycles + 1), WF_LS_MISMATCH);
    ck_assert_msg(strstr(bench_text(&b), "FINAL STATE MISMATCH: cycle count"), "%s", b.text);
    wf_ls_destroy(ls);
    bench_free(&b);
    /* arch: an RTL without events; the model's retirements are left unmatched at the RTL's done */
    bench_init(&b, 1);
    b.lo.cmp = WF_CMP_LEVEL_ARCH;
    ls = wf_ls_create(&b.lo, err, sizeof err);
    ck_assert_int_eq(wf_ls_launch(ls), 0);
    const wf_rtl_trace zero = {b.f.w[0], b.f.w[1], b.f.w[2], b.f.w[3], b.f.w[4], b.f.w[5], WF_TRACE_VERSION};
    int done = 0;
    for (unsigned k = 0; k < 3; k++) ck_assert_int_eq(wf_ls_cycle(ls, &zero, 0, &done), WF_LS_PASS);
    ck_assert_int_eq(wf_ls_cycle(ls, &zero, 1, &done), WF_LS_MISMATCH);
    ck_assert_int_eq(done, 1);
    ck_assert_msg(strstr(bench_text(&b), "LOCKSTEP MISMATCH") && strstr(b.text, "arch"), "%s", b.text);
    wf_ls_destroy(ls);
    bench_free(&b);
}
END_TEST

/* ---- the result record ------------------------------------------------------------
 * A strict JSON reader (RFC 8259 values, nothing after the value): 1 when t is
 * one valid JSON value. */
static const char *j_ws(const char *p) { return p + strspn(p, " \t\n\r"); }
static const char *j_value(const char *p, int depth);
static const char *j_string(const char *p)
{
    if (*p++ != '"') return NULL;
    for (; *p != '"'; p++) {
        if ((unsigned char)*p < 0x20) return NULL; /* NUL (the end) or a raw control character */
        if (*p == '\\') {
            p++;
            if (*p == 'u') {
                for (int k = 1; k <= 4; k++)
                    if (!strchr("0123456789abcdefABCDEF", p[k]) || !p[k]) return NULL;
                p += 4;
            } else if (!*p || !strchr("\"\\/bfnrt", *p)) {
                return NULL;
            }
        }
    }
    return p + 1;
}
static const char *j_number(const char *p)
{
    const char *s = p;
    if (*p == '-') p++;
    if (*p == '0') p++;
    else if (*p >= '1' && *p <= '9') p += strspn(p, "0123456789");
    else return NULL;
    if (*p == '.') {
        const size_t n = strspn(++p, "0123456789");
        if (!n) return NULL;
        p += n;
    }
    if (*p == 'e' || *p == 'E') {
        p += (p[1] == '+' || p[1] == '-') + 1;
        const size_t n = strspn(p, "0123456789");
        if (!n) return NULL;
        p += n;
    }
    return p > s ? p : NULL;
}
static const char *j_items(const char *p, int depth, char close, int keyed)
{
    p = j_ws(p + 1);
    if (*p == close) return p + 1;
    for (;;) {
        if (keyed) {
            if (!(p = j_string(p))) return NULL;
            p = j_ws(p);
            if (*p++ != ':') return NULL;
        }
        if (!(p = j_value(p, depth + 1))) return NULL;
        p = j_ws(p);
        if (*p == close) return p + 1;
        if (*p++ != ',') return NULL;
        p = j_ws(p);
    }
}
static const char *j_value(const char *p, int depth)
{
    p = j_ws(p);
    if (depth > 16) return NULL;
    if (*p == '{') return j_items(p, depth, '}', 1);
    if (*p == '[') return j_items(p, depth, ']', 0);
    if (*p == '"') return j_string(p);
    if (!strncmp(p, "true", 4)) return p + 4;
    if (!strncmp(p, "false", 5)) return p + 5;
    if (!strncmp(p, "null", 4)) return p + 4;
    return j_number(p);
}
static int json_valid(const char *t)
{
    const char *e = j_value(t, 0);
    return e && !*j_ws(e);
}

/* the record of r as text (in b->text) */
static const char *record(bench *b, const wf_ls_result *r)
{
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(wf_ls_write_result(f, "test", r, &b->lo), 0);
    rewind(f);
    size_t n = fread(b->text, 1, sizeof b->text - 1, f);
    b->text[n] = 0;
    fclose(f);
    ck_assert_msg(json_valid(b->text), "not valid JSON:\n%s", b->text);
    ck_assert_msg(strstr(b->text, "\"schema\": {\"name\": \"warpfront.result\", \"version\": 1}"), "%s", b->text);
    return b->text;
}
#define HAS(t, s) ck_assert_msg(strstr((t), (s)), "'%s' not in the record:\n%s", (s), (t))

START_TEST(json_reader_refuses)
{
    /* the reader above can fail: what the writer must never produce */
    static const char *const bad[] = {"{\"a\": 1,}", "{\"a\" 1}", "[1 2]", "\"a\nb\"", "{\"a\": \"\\x\"}",
                                      "01", "{\"a\": 1} x", "", "{\"a\": [}", "\"\\u12\""};
    for (unsigned k = 0; k < sizeof bad / sizeof *bad; k++) ck_assert_msg(!json_valid(bad[k]), "accepted: %s", bad[k]);
    ck_assert(json_valid("{\"a\": [1, -2.5e3, 0, \"x\\n\\u00e9\", null, true, {}], \"b\": {\"c\": []}}"));
}
END_TEST

START_TEST(speed_record)
{
    /* --speed: the passed runs' cycles and seconds, valid JSON, to a file replaced whole */
    bench b;
    wf_ls_result r;
    bench_init(&b, 0);
    b.f.done_at = 5;
    ck_assert_int_eq(run(&b, &r), WF_LS_PASS);
    char path[] = "/tmp/wf_speed_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    ck_assert_int_eq(wf_ls_write_speed_file(path, "test", &r, &b.lo), 0);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    size_t n = fread(b.text, 1, sizeof b.text - 1, f);
    b.text[n] = 0;
    fclose(f);
    remove(path);
    ck_assert_msg(json_valid(b.text), "not valid JSON:\n%s", b.text);
    HAS(b.text, "\"schema\": {\"name\": \"warpfront.speed\", \"version\": 1}");
    HAS(b.text, "\"status\": \"pass\"");
    HAS(b.text, b.lo.model ? "\"bare\": 0" : "\"bare\": 1");
    HAS(b.text, "\"cycles\": 10"); /* two runs of 5 */
    HAS(b.text, "\"seconds\": ");
    /* an unwritable path is an error, not a silent success */
    ck_assert_int_eq(wf_ls_write_speed_file("/nonexistent-dir/x.json", "test", &r, &b.lo), -1);
    bench_free(&b);
}
END_TEST

START_TEST(record_pass_final_timeout_assertion)
{
    bench b;
    wf_ls_result r;
    bench_init(&b, 0);
    b.f.done_at = 5;
    ck_assert_int_eq(run(&b, &r), WF_LS_PASS);
    const char *t = record(&b, &r);
    HAS(t, "\"status\": \"pass\"");
    HAS(t, "\"kind\": \"pass\"");
    HAS(t, "\"exit_code\": 0");
    HAS(t, "\"cycles\": {\"rtl\": [5, 5], \"model\": ");
    HAS(t, "\"reproduce\": \"REPRO\"");
    ck_assert_msg(!strstr(t, "\"field\""), "%s", t);
    bench_free(&b);
    /* a scratchpad word off: final-state, the element and the oracle as data */
    bench_init(&b, 0);
    b.f.done_at = 5;
    b.f.bad_word = 3;
    ck_assert_int_eq(run(&b, &r), WF_LS_MISMATCH);
    t = record(&b, &r);
    HAS(t, "\"status\": \"fail\"");
    HAS(t, "\"kind\": \"final-state\"");
    HAS(t, "\"field\": \"mem[3]\"");
    HAS(t, "\"oracle\": \"interpreter\"");
    HAS(t, "\"message\": \"FINAL STATE MISMATCH: mem[3]");
    HAS(t, "\"exit_code\": 1");
    bench_free(&b);
    /* timeout; a reproduce line with a quote, a backslash and a tab stays valid JSON */
    bench_init(&b, 0);
    b.f.busy = 1;
    b.lo.repro = "run.sh 'a \"b\"' c\\d\te";
    ck_assert_int_eq(run(&b, &r), WF_LS_TIMEOUT);
    t = record(&b, &r);
    HAS(t, "\"reproduce\": \"run.sh 'a \\\"b\\\"' c\\\\d\\u0009e\"");
    HAS(t, "\"kind\": \"timeout\"");
    HAS(t, "\"cycle\": 1000");
    HAS(t, "\"exit_code\": 3");
    HAS(t, "\"message\": \"TIMEOUT at cycle 1000 (run 1): not done after max-cycles 1000\"");
    bench_free(&b);
    /* an RTL assertion: its block, text and the RTL's cycle from the simulator's line */
    bench_init(&b, 0);
    b.f.finish_at = 3;
    b.f.finish_text = "PASS earlier\n[30] %Error: wf_core.v:838: Assertion failed in TOP.wf_core: WF_ASSERT wf_core: "
                      "stall watchdog: no issue for 1024 cycles (cycle 1097; holders valid 1)\n";
    ck_assert_int_eq(run(&b, &r), WF_LS_ASSERTION);
    t = record(&b, &r);
    HAS(t, "\"kind\": \"assertion\"");
    HAS(t, "\"block\": \"wf_core\"");
    HAS(t, "\"assertion\": \"stall watchdog: no issue for 1024 cycles\"");
    HAS(t, "\"rtl_cycle\": 1097");
    HAS(bench_text(&b), "RTL ASSERTION at cycle 3 (run 1): RTL assertion, WF_ASSERT wf_core: stall watchdog");
    bench_free(&b);
}
END_TEST

START_TEST(record_mismatch_field_paths)
{
    bench b;
    char err[64];
    wf_ls_result r;
    /* full: the trace field, expected, actual, the history as strings */
    bench_init(&b, 1);
    wf_lockstep *ls = wf_ls_create(&b.lo, err, sizeof err);
    ck_assert_int_eq(wf_ls_launch(ls), 0);
    const wf_rtl_trace zero = {b.f.w[0], b.f.w[1], b.f.w[2], b.f.w[3], b.f.w[4], b.f.w[5], WF_TRACE_VERSION};
    ck_assert_int_eq(wf_ls_model_step(ls), 0);
    ck_assert_int_eq(wf_ls_compare(ls, &zero), WF_LS_MISMATCH);
    wf_ls_get_result(ls, &r);
    ck_assert_int_eq(r.status, WF_LS_MISMATCH);
    ck_assert_uint_eq(r.v.nhistory, 2);
    char want[128];
    snprintf(want, sizeof want, "\"field\": \"%s\"", r.v.field);
    const char *t = record(&b, &r);
    HAS(t, "\"kind\": \"mismatch\"");
    HAS(t, "\"cycle\": 0");
    HAS(t, want);
    HAS(t, "\"expected\": ");
    HAS(t, "\"history\": [\n    \"!E");
    HAS(t, "\"compare\": \"full\"");
    HAS(bench_text(&b), r.v.field); /* the report printed from the same verdict */
    wf_ls_destroy(ls);
    bench_free(&b);
    /* arch: the whole path, blanks included */
    bench_init(&b, 1);
    b.lo.cmp = WF_CMP_LEVEL_ARCH;
    ls = wf_ls_create(&b.lo, err, sizeof err);
    ck_assert_int_eq(wf_ls_launch(ls), 0);
    int done = 0;
    for (unsigned k = 0; k < 3; k++) ck_assert_int_eq(wf_ls_cycle(ls, &zero, 0, &done), WF_LS_PASS);
    ck_assert_int_eq(wf_ls_cycle(ls, &zero, 1, &done), WF_LS_MISMATCH);
    wf_ls_get_result(ls, &r);
    ck_assert_msg(!strncmp(r.v.field, "arch warp[", 10) && strchr(r.v.field, ' '), "%s", r.v.field);
    snprintf(want, sizeof want, "\"field\": \"%s\"", r.v.field);
    t = record(&b, &r);
    HAS(t, want);
    HAS(t, "\"compare\": \"arch\"");
    wf_ls_destroy(ls);
    bench_free(&b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("lockstep");
    TCase *t = tcase_create("lockstep");
    tcase_add_test(t, runs_and_the_final_state);
    tcase_add_test(t, watchdog_and_max_cycles);
    tcase_add_test(t, imem_protocol);
    tcase_add_test(t, trace_version);
    tcase_add_test(t, push_reports_once);
    tcase_add_test(t, push_done_and_arch);
    tcase_add_test(t, json_reader_refuses);
    tcase_add_test(t, record_pass_final_timeout_assertion);
    tcase_add_test(t, speed_record);
    tcase_add_test(t, record_mismatch_field_paths);
    suite_add_tcase(s, t);
    return wf_run_suite(s);
}
