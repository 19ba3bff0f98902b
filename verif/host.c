/* Host side of wf_core shared by the harnesses (verif/include/wf_host.h). */
#include "wf_host.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wf_compare.h"
#include "wf_gen.h"

void wf_imem_init(wf_imem *m, const wf_config *cfg, const wf_program *prog)
{
    memset(m, 0, sizeof *m);
    m->cfg = cfg;
    m->prog = prog;
    m->st.min_lat = UINT64_MAX;
}

void wf_imem_jitter(wf_imem *m, uint64_t seed)
{
    m->jitter = 1;
    m->rng = seed;
}

/* 0..n-1 from the jitter PRNG */
static unsigned jrand(wf_imem *m, unsigned n)
{
    wf_rng r = {m->rng};
    unsigned v = wf_rng_below(&r, n);
    m->rng = r.s;
    return v;
}

int wf_imem_ready(wf_imem *m, uint64_t cycle)
{
    (void)cycle;
    if (!m->jitter) return 1;
    int ready;
    if (m->low_left) {
        m->low_left--;
        ready = 0;
    } else if (jrand(m, 256) == 0) {
        m->low_left = 4 + jrand(m, 37); /* a stretch of 5..41 cycles */
        ready = 0;
    } else {
        ready = jrand(m, 4) != 0; /* else low in a quarter of the cycles */
    }
    m->st.ready_low += !ready;
    return ready;
}

int wf_imem_request(wf_imem *m, uint64_t cycle, unsigned mshr, unsigned line)
{
    if (m->n >= WF_HOST_IMEM_QUEUE) return -1;
    wf_imem_req *r = &m->q[m->n];
    /* fixed: imiss_lat >= 2 (cmodel/config.c); jitter: 1 .. 2*imiss_lat+8 */
    r->due = cycle + (m->jitter ? 1 + jrand(m, 2 * m->cfg->imiss_lat + 8) : m->cfg->imiss_lat - 1);
    r->sent = cycle;
    r->mshr = mshr;
    r->line = line;
    m->n++;
    m->st.requests++;
    return 0;
}

int wf_imem_response(wf_imem *m, uint64_t cycle, unsigned *mshr, uint32_t *data)
{
    unsigned pick = 0;
    if (m->jitter) {
        /* a random one of the due requests; sometimes none */
        unsigned due[WF_HOST_IMEM_QUEUE], nd = 0;
        for (unsigned i = 0; i < m->n; i++)
            if (m->q[i].due <= cycle) due[nd++] = i;
        if (!nd || jrand(m, 5) == 0) return 0;
        pick = due[jrand(m, nd)];
        m->st.out_of_order += pick != 0;
    } else {
        /* requests come in cycle order with one latency, so the queue is in due order */
        if (!m->n || m->q[0].due != cycle) return 0;
    }
    const wf_imem_req r = m->q[pick];
    const unsigned L = m->cfg->icache_line;
    *mshr = r.mshr;
    for (unsigned k = 0; k < L; k++) {
        unsigned a = r.line * L + k;
        uint64_t w = a < m->prog->len ? m->prog->words[a] : 0;
        data[2 * k] = (uint32_t)w;
        data[2 * k + 1] = (uint32_t)(w >> 32);
    }
    memmove(&m->q[pick], &m->q[pick + 1], (m->n - pick - 1) * sizeof m->q[0]);
    m->n--;
    const uint64_t lat = cycle - r.sent;
    m->st.responses++;
    if (lat < m->st.min_lat) m->st.min_lat = lat;
    if (lat > m->st.max_lat) m->st.max_lat = lat;
    return 1;
}

void wf_host_launch_inputs(const wf_config *cfg, wf_launch_inputs *o)
{
#define WF_SET(name, value) o->name = (unsigned)(value);
    WF_LAUNCH_INPUTS(WF_SET)
#undef WF_SET
}

int wf_host_launch_input(const wf_launch_inputs *li, const char *name, unsigned *v)
{
#define WF_GET(n, value)        \
    if (!strcmp(name, #n)) {    \
        *v = li->n;             \
        return 0;               \
    }
    WF_LAUNCH_INPUTS(WF_GET)
#undef WF_GET
    return -1;
}

void wf_host_start_pcs(const wf_config *cfg, const wf_program *prog, uint32_t *words)
{
    memset(words, 0, ((cfg->warps * 16 + 31) / 32) * sizeof *words);
    for (unsigned w = 0; w < cfg->warps; w++)
        words[w / 2] |= (uint32_t)prog->start_pc[w] << (16 * (w % 2));
}

void wf_host_pins_none(wf_launch_pins *p)
{
#define WF_UNSET_PIN(input, pin, option) p->input = -1;
    WF_LAUNCH_PINS(WF_UNSET_PIN)
#undef WF_UNSET_PIN
}

int wf_host_set_pin(wf_launch_pins *p, const char *pin, int value)
{
#define WF_SET_PIN(input, name, option) \
    if (!strcmp(pin, #name)) {          \
        p->input = value;               \
        return 0;                       \
    }
    WF_LAUNCH_PINS(WF_SET_PIN)
#undef WF_SET_PIN
    return -1;
}

int wf_host_check_pins(const wf_config *cfg, const wf_launch_pins *pins, char *err, size_t errlen)
{
    if (!pins) return 0;
    wf_launch_inputs li;
    wf_host_launch_inputs(cfg, &li);
#define WF_PIN_ROW(input, pin, option) {#input, #pin, option, li.input, pins->input},
    const struct {
        const char *input, *pin, *option;
        unsigned driven; /* the value the options drive the input to */
        int pinned;      /* the pin's value, -1: not pinned */
    } rows[] = {WF_LAUNCH_PINS(WF_PIN_ROW)};
#undef WF_PIN_ROW
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (rows[i].pinned < 0 || rows[i].driven == (unsigned)rows[i].pinned) continue;
        /* the option's value as given: an enum's name, else the number */
        const wf_param *p = wf_param_find(rows[i].option);
        const unsigned v = p ? wf_config_get(cfg, p) : 0;
        char vbuf[16];
        snprintf(vbuf, sizeof vbuf, "%u", v);
        const char *shown = p && p->kind == WF_PARAM_ENUM && v <= p->max && p->enum_names[v] &&
                                    *p->enum_names[v]
                                ? p->enum_names[v]
                                : vbuf;
        snprintf(err, errlen,
                 "option --%s %s drives cfg_%s_i to %u, but the RTL build pins it: PIN_%s=%d "
                 "(WF_RTL_PARAMS); run with the option at the pinned value or use a build "
                 "without the pin",
                 rows[i].option, shown, rows[i].input, rows[i].driven, rows[i].pin, rows[i].pinned);
        return -1;
    }
    return 0;
}

int wf_host_check_sizes(const wf_config *cfg, const wf_config *built, char *err, size_t errlen)
{
    static const char *const size_params[] = {
        "warps", "lanes", "regs", "banks", "collectors", "sb_entries", "ibuf", "icache_lines",
        "icache_line", "imshrs", "imem_words", "mem_words", "mem_line", "bloom_bits"};
    for (size_t i = 0; i < sizeof size_params / sizeof size_params[0]; i++) {
        const wf_param *p = wf_param_find(size_params[i]);
        if (!p) continue;
        unsigned v = wf_config_get(cfg, p), b = wf_config_get(built, p);
        if (v != b) {
            snprintf(err, errlen,
                     "parameter %s=%u does not match the RTL build (%s=%u): size parameters "
                     "are compiled in, pass --%s %u or use a build for %u",
                     p->name, v, p->name, b, p->name, b, v);
            return -1;
        }
    }
    return 0;
}

static int parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (!*s || *s == '-' || *end || errno || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

/* " --name value" onto buf, the value shell-quoted when it needs it */
static void append(char *buf, size_t len, const char *name, const char *value)
{
    size_t n = strlen(buf);
    const int quote = !*value || strpbrk(value, " \t\n'\"$\\;&|<>()*?`~#!{}[]") != NULL;
    n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s--%s %s", n ? " " : "", name,
                          quote ? "'" : "");
    for (const char *c = value; *c && n + 5 < len; c++) {
        if (*c == '\'') {
            memcpy(buf + n, "'\\''", 4);
            n += 4;
        } else {
            buf[n++] = *c;
        }
    }
    if (n + 2 < len) {
        if (quote) buf[n++] = '\'';
        buf[n] = 0;
    } else if (len) {
        buf[len - 1] = 0;
    }
}

int wf_host_cmp_level(const char *what, const char *name, char *err, size_t errlen)
{
    const int l = wf_cmp_level_parse(name);
    if (l < 0) snprintf(err, errlen, "%s: '%s' is not a compare level (%s)", what, name, wf_cmp_level_list());
    return l;
}

int wf_host_cmp_env(char *err, size_t errlen)
{
    const char *v = getenv("WF_CMP");
    return v && *v ? wf_host_cmp_level("WF_CMP", v, err, errlen) : WF_CMP_LEVEL_FULL;
}

int wf_host_parse_args(int argc, char **argv, wf_config *cfg, wf_host_args *a, char *err,
                       size_t errlen)
{
    const unsigned runs = a->runs;
    memset(a, 0, sizeof *a);
    a->runs = runs;
    a->seed = 1;
    a->max_cycles = WF_HOST_MAX_CYCLES;
    if ((a->cmp = wf_host_cmp_env(err, errlen)) < 0) return -1;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (arg[0] == '+') {
            /* Verilator's plusargs; the run-time mutant switches (+WF_MUTANT_<NAME>,
             * rtl/wf_mutant.vh) change the machine, so the reproduce line keeps them */
            if (!strncmp(arg, "+WF_MUTANT_", 11) && strspn(arg + 11, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == strlen(arg + 11)) {
                size_t n = strlen(a->options);
                snprintf(a->options + n, sizeof a->options - n, "%s%s", n ? " " : "", arg);
            }
            continue;
        }
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            a->help = 1;
            continue;
        }
        if (strncmp(arg, "--", 2) != 0) {
            if (a->prog) {
                snprintf(err, errlen, "'%s': a second program (options are --name value; --help)", arg);
                return -1;
            }
            a->prog = arg;
            continue;
        }
        char name[64];
        const char *eq = strchr(arg, '=');
        size_t len = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
        if (len >= sizeof name) len = sizeof name - 1;
        memcpy(name, arg + 2, len);
        name[len] = 0;
        for (char *c = name; *c; c++)
            if (*c == '_') *c = '-';
        if (!strcmp(name, "bare")) {
            a->bare = 1;
            size_t n = strlen(a->options);
            snprintf(a->options + n, sizeof a->options - n, "%s--bare", n ? " " : "");
            continue;
        }
        if (!eq && i + 1 >= argc) {
            snprintf(err, errlen, "option '%s' needs a value (--help)", arg);
            return -1;
        }
        const char *v = eq ? eq + 1 : argv[++i];
        uint64_t n;
        if (!strcmp(name, "program")) {
            a->prog = v;
        } else if (!strcmp(name, "wfsim-options")) {
            char line[2048];
            snprintf(line, sizeof line, "# wfsim-options: %s", v);
            if (wf_config_apply_options(cfg, line, err, errlen)) return -1;
            if (*v) append(a->options, sizeof a->options, name, v);
        } else if (!strcmp(name, "seed")) {
            /* 0 would make Verilator pick a seed itself: not reproducible */
            if (parse_u64(v, 1, 2147483647, &a->seed)) {
                snprintf(err, errlen, "--seed: '%s' is not in 1..2147483647", v);
                return -1;
            }
        } else if (!strcmp(name, "waves")) {
            a->waves = v;
        } else if (!strcmp(name, "cov")) {
            a->cov = v;
        } else if (!strcmp(name, "result")) {
            a->result = v;
        } else if (!strcmp(name, "speed")) {
            a->speed = v;
        } else if (!strcmp(name, "imem-jitter")) {
            if (parse_u64(v, 0, UINT64_MAX, &a->jitter_seed)) {
                snprintf(err, errlen, "--imem-jitter: '%s' is not a seed (0..2^64-1)", v);
                return -1;
            }
            a->jitter = 1;
            append(a->options, sizeof a->options, name, v);
        } else if (!strcmp(name, "runs")) {
            if (parse_u64(v, 1, 8, &n)) {
                snprintf(err, errlen, "--runs: '%s' is not in 1..8", v);
                return -1;
            }
            a->runs = (unsigned)n;
            append(a->options, sizeof a->options, name, v);
        } else if (!strcmp(name, "max-cycles")) {
            if (parse_u64(v, 1, UINT64_MAX / 2, &a->max_cycles)) {
                snprintf(err, errlen, "--max-cycles: '%s' is not in 1..2^63-1", v);
                return -1;
            }
            append(a->options, sizeof a->options, name, v);
        } else if (!strcmp(name, "cmp")) {
            if ((a->cmp = wf_host_cmp_level("--cmp", v, err, errlen)) < 0) return -1;
        } else if (!strcmp(name, "selftest-flip")) {
            a->selftest = v;
            append(a->options, sizeof a->options, name, v);
        } else {
            if (wf_config_set(cfg, name, v, err, errlen)) return -1;
            append(a->options, sizeof a->options, name, v);
        }
    }
    /* the level of the run (option or WF_CMP) in the reproduce line; full is the default */
    if (a->cmp != WF_CMP_LEVEL_FULL) append(a->options, sizeof a->options, "cmp", wf_cmp_level_name(a->cmp));
    return 0;
}

int wf_host_parse_line(char *line, wf_config *cfg, wf_host_args *a, char *err, size_t errlen)
{
    char **argv = calloc(strlen(line) / 2 + 2, sizeof *argv);
    int argc = 0;
    if (!argv) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    argv[argc++] = "wf_dpi";
    for (char *t = line; *t;) {
        t += strspn(t, " \t");
        if (!*t) break;
        argv[argc++] = t;
        t += strcspn(t, " \t");
        if (*t) *t++ = 0;
    }
    const int rc = wf_host_parse_args(argc, argv, cfg, a, err, errlen);
    free(argv);
    return rc;
}

void wf_host_shell_quote(const char *s, char *buf, size_t len)
{
    size_t n = 0;
    int plain = *s != 0;
    for (const char *c = s; *c; c++)
        if (!(isalnum((unsigned char)*c) || strchr("-_./=+,:@%", *c))) plain = 0;
    if (plain) {
        snprintf(buf, len, "%s", s);
        return;
    }
    if (len < 3) {
        if (len) buf[0] = 0;
        return;
    }
    buf[n++] = '\'';
    for (const char *c = s; *c && n + 6 <= len; c++) { /* room for 4 characters, the closing quote, NUL */
        if (*c == '\'') {
            memcpy(buf + n, "'\\''", 4);
            n += 4;
        } else {
            buf[n++] = *c;
        }
    }
    buf[n++] = '\'';
    buf[n] = 0;
}

int wf_host_oracle_run(const wf_config *cfg, const wf_program *prog, uint64_t max_cycles,
                       wf_host_oracle *o, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    if (wf_functional_run(cfg, prog, NULL, 10000000, &o->interp, err, errlen)) return -1;
    wf_model *m = wf_model_create(cfg, err, errlen);
    const int rc = !m || wf_model_load(m, prog, NULL, err, errlen) ? -1
                   : wf_model_run(m, max_cycles, err, errlen)    ? -2 /* its run control */
                                                                 : 0;
    if (rc) {
        wf_model_destroy(m);
        wf_arch_free(&o->interp); /* nothing is left allocated on failure */
        return rc;
    }
    o->model_cycles = wf_model_cycle(m);
    wf_model_final_state(m, &o->model);
    wf_model_destroy(m);
    char why[256];
    wf_arch_diff(&o->interp, &o->model, why, sizeof why);
    o->check_interp = cfg->war != WF_WAR_NONE && !why[0];
    o->why_not = o->check_interp ? "" : cfg->war == WF_WAR_NONE ? "war=none" : "inter-warp race";
    return 0;
}

void wf_host_oracle_free(wf_host_oracle *o)
{
    wf_arch_free(&o->interp);
    wf_arch_free(&o->model);
}

int wf_host_final_diff(const wf_host_oracle *o, const wf_arch_state *rtl, uint64_t rtl_cycles, int cmp_level,
                       const char **oracle, char *diff, size_t len)
{
    wf_arch_state r = *rtl;
    r.retired = NULL; /* the RTL has no retired counters: registers and scratchpad only */
    *oracle = "";
    if (o->check_interp && wf_cmp_arch(&o->interp, &r, diff, len)) {
        *oracle = "interpreter";
        return 1;
    }
    if (wf_cmp_arch(&o->model, &r, diff, len)) {
        *oracle = "cycle model";
        return 1;
    }
    if (!wf_cmp_level_streams(cmp_level) && rtl_cycles != o->model_cycles) {
        snprintf(diff, len, "rtl %" PRIu64 ", cycle model %" PRIu64, rtl_cycles, o->model_cycles);
        return 1;
    }
    if (len) diff[0] = 0;
    return 0;
}

int wf_host_final_check(const wf_host_oracle *o, const wf_arch_state *rtl, uint64_t rtl_cycles,
                        int cmp_level, char *buf, size_t len)
{
    char d[256];
    const char *vs;
    if (!wf_host_final_diff(o, rtl, rtl_cycles, cmp_level, &vs, d, sizeof d)) {
        if (len) buf[0] = 0;
        return 0;
    }
    if (*vs)
        snprintf(buf, len, "vs %s: %s (%s vs rtl)", vs, d, vs);
    else
        snprintf(buf, len, "cycle count: %s", d);
    return 1;
}
