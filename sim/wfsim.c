/* wfsim: the warpfront command-line tool. Loads a program (assembler source,
 * or a binary image when the name ends in .wfb), optionally writes it out as
 * hex, image or disassembly, and runs it on the cycle model (the default:
 * statistics, per-cycle trace, Kanata pipeline log) or, with --functional, on
 * the functional interpreter.
 *
 * Exit status: 0 success, 1 runtime error (a program that does not
 * terminate: --max-steps or --max-cycles exceeded, or the cycle model's
 * watchdog), 2 usage, configuration, load or file error. */
#define _POSIX_C_SOURCE 200809L /* fileno */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "warpfront.h"
#include "wf_cov.h"

#define WFSIM_VERSION "0.1.0"
#define DEFAULT_MAX_STEPS 10000000ull
#define DEFAULT_MAX_CYCLES 10000000ull
#define RANGE_1 "1..18446744073709551615"
#define RANGE_0 "0..18446744073709551615"

/* The output files, all opened before anything is written or run, so a bad
 * path fails first; an output never written (a failed run) is removed. */
enum { OUT_HEX, OUT_IMAGE, OUT_STATE, OUT_KANATA, OUT_COV, N_OUT };
typedef struct {
    const char *opt, *path, *mode;
    FILE *f;
    int to_stdout, regular, done;
    dev_t dev;
    ino_t ino;
} outfile;

typedef struct {
    wf_config cfg;
    int functional, quiet, disasm, json, trace;
    int max_steps_given, max_cycles_given, trace_from_given, trace_to_given;
    uint64_t max_steps, max_cycles, trace_from, trace_to;
    const char *mem_init, *dump_state, *emit_hex, *emit_image, *kanata, *cov, *program;
    outfile *out; /* N_OUT, indexed by OUT_* */
} options;

/* Options that are not machine parameters. */
enum { O_FUNCTIONAL, O_QUIET, O_DISASM, O_HELP, O_VERSION, O_MAX_CYCLES, O_JSON, O_TRACE,
       O_TRACE_FROM, O_TRACE_TO, O_KANATA, O_MAX_STEPS, O_MEM_INIT, O_DUMP_STATE, O_EMIT_HEX,
       O_EMIT_IMAGE, O_REPLAY, O_STALL, O_COV };
static const struct {
    const char *name, *arg, *help;
    int takes_value;
} tool_opts[] = {
    [O_FUNCTIONAL] = {"functional", NULL,
                      "run the functional reference interpreter instead of the cycle model", 0},
    [O_QUIET] = {"quiet", NULL, "do not print the summary line", 0},
    [O_DISASM] = {"disasm", NULL, "print the program's disassembly to stdout", 0},
    [O_HELP] = {"help", NULL, "print this help and exit", 0},
    [O_VERSION] = {"version", NULL, "print the version and exit", 0},
    [O_MAX_CYCLES] = {"max-cycles", "N",
                      "cycle model: cycles the run may take before it is an error "
                      "(" RANGE_1 ", default 10000000)", 1},
    [O_JSON] = {"json", NULL, "cycle model: print the run's statistics as one JSON object "
                              "on stdout", 0},
    [O_TRACE] = {"trace", NULL, "cycle model: print the per-cycle table "
                                "(docs/microarch.md §13) on stdout", 0},
    [O_TRACE_FROM] = {"trace-from", "A", "cycle model: first cycle --trace prints, implies "
                                          "--trace (" RANGE_0 ", default 0)", 1},
    [O_TRACE_TO] = {"trace-to", "B", "cycle model: last cycle --trace prints, implies "
                                      "--trace (" RANGE_0 ", default: the last)", 1},
    [O_KANATA] = {"kanata", "FILE", "cycle model: write a pipeline log in Kanata 0004 format "
                                    "(the Konata viewer; '-' = stdout)", 1},
    [O_MAX_STEPS] = {"max-steps", "N",
                     "--functional: instructions one warp may execute before the run is an "
                     "error (" RANGE_1 ", default 10000000)", 1},
    [O_MEM_INIT] = {"mem-init", "FILE",
                    "initial scratchpad: one hex word per line (optional 0x), '#' comments, at most "
                    "mem_words words (default all 0)", 1},
    [O_DUMP_STATE] = {"dump-state", "FILE", "write the final state as JSON ('-' = stdout)", 1},
    [O_EMIT_HEX] = {"emit-hex", "FILE", "write the program as $readmemh hex ('-' = stdout)", 1},
    [O_EMIT_IMAGE] = {"emit-image", "FILE", "write the program as a binary image (.wfb)", 1},
    [O_REPLAY] = {"replay", NULL, "same as --hazard replay", 0},
    [O_STALL] = {"stall", NULL, "same as --hazard stall", 0},
    [O_COV] = {"cov", "FILE", "cycle model: write the run's functional coverage counters as JSON "
                              "(cmodel/include/wf_cov.h; scripts/covreport.py merges them; "
                              "'-' = stdout)", 1},
};
#define N_TOOL_OPTS (sizeof tool_opts / sizeof tool_opts[0])

static void param_option_name(const char *param, char *buf, size_t len)
{
    size_t i = 0;
    for (; param[i] && i + 1 < len; i++) buf[i] = param[i] == '_' ? '-' : param[i];
    buf[i] = 0;
}

static void usage(FILE *f)
{
    size_t n;
    const wf_param *p = wf_params(&n);
    char name[64], range[96], left[160];
    fprintf(f, "usage: wfsim [options] PROGRAM\n"
               "PROGRAM is assembler source (docs/isa.md), or a binary image if its name ends "
               "in .wfb.\n"
               "--emit-hex, --emit-image and --disasm work without running; any other use "
               "runs the program\n"
               "on the cycle model (docs/microarch.md), or with --functional on the functional "
               "interpreter.\n"
               "Exit status: 0 success, 1 run-time error (--max-cycles/--max-steps exceeded, "
               "watchdog), 2 usage,\nconfiguration, load or file error.\n"
               "Options take their value as '--opt VALUE' or '--opt=VALUE'. Numbers are decimal:\n"
               "no sign, spaces, leading zeros or 0x (also in a program's '# wfsim-options:' line).\n"
               "At most one option writes to stdout. PROGRAM and --mem-init are at most 16777216 "
               "bytes,\nwithout NUL bytes; no output may be an input. Every output file is "
               "opened before the run,\nand removed when the run fails before writing it.\n\n"
               "Tool options:\n");
    for (size_t i = 0; i < N_TOOL_OPTS; i++) {
        snprintf(left, sizeof left, "--%s%s%s", tool_opts[i].name, tool_opts[i].arg ? " " : "",
                 tool_opts[i].arg ? tool_opts[i].arg : "");
        fprintf(f, "  %-22s %s\n", left, tool_opts[i].help);
    }
    fprintf(f, "\nMachine parameters (docs/microarch.md \"Parameters\"):\n");
    for (size_t i = 0; i < n; i++) {
        param_option_name(p[i].name, name, sizeof name);
        wf_param_range(&p[i], range, sizeof range);
        snprintf(left, sizeof left, "--%s %s", name, p[i].kind == WF_PARAM_ENUM ? "NAME" : "N");
        if (p[i].kind == WF_PARAM_ENUM)
            fprintf(f, "  %-22s %s (%s, default %s)\n", left, p[i].help, range,
                    p[i].enum_names[p[i].dflt]);
        else
            fprintf(f, "  %-22s %s (%s, default %u)\n", left, p[i].help, range, p[i].dflt);
    }
}

/* Prints one line to stderr and returns exit status 2. */
static int fail2(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int fail2(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 2;
}

/* A 64-bit count: decimal like every number option (wf_parse_decimal);
 * zero only when allow_zero. */
static int parse_count(const char *v, int allow_zero, uint64_t *out)
{
    if (wf_parse_decimal(v, UINT64_MAX, out) || (*out == 0 && !allow_zero)) return -1;
    return 0;
}

/* Flushes stdout; a write error there (a full disk, a closed pipe) is exit 2. */
static int check_stdout(int rc)
{
    if (fflush(stdout) == 0 && !ferror(stdout)) return rc;
    fprintf(stderr, "wfsim: write error on stdout: %s\n", strerror(errno));
    return rc ? rc : 2;
}

static int is_count_opt(size_t i)
{
    return i == O_MAX_STEPS || i == O_MAX_CYCLES || i == O_TRACE_FROM || i == O_TRACE_TO;
}

/* Applies one option with its value (NULL for flags). Returns 0, or the exit
 * status after printing the message. */
static int apply(options *o, const char *name, const char *value, int have_value)
{
    char err[256], q[160];
    for (size_t i = 0; i < N_TOOL_OPTS; i++) {
        if (strcmp(name, tool_opts[i].name) != 0) continue;
        if (value) wf_quote_value(value, q, sizeof q);
        if (!tool_opts[i].takes_value && have_value)
            return fail2("wfsim: option --%s: takes no value (got '%s')", name, q);
        const int from_zero = i == O_TRACE_FROM || i == O_TRACE_TO;
        if (tool_opts[i].takes_value && !have_value) {
            if (is_count_opt(i))
                return fail2("wfsim: option --%s: missing value (allowed %s)", name,
                             from_zero ? RANGE_0 : RANGE_1);
            return fail2("wfsim: option --%s: missing value (a file name)", name);
        }
        uint64_t count = 0;
        if (is_count_opt(i) && parse_count(value, from_zero, &count))
            return fail2("wfsim: option --%s: '%s' is not allowed (allowed %s)", name, q,
                         from_zero ? RANGE_0 : RANGE_1);
        switch (i) {
        case O_FUNCTIONAL: o->functional = 1; break;
        case O_QUIET: o->quiet = 1; break;
        case O_DISASM: o->disasm = 1; break;
        case O_HELP: usage(stdout); exit(check_stdout(0));
        case O_VERSION: printf("wfsim (warpfront) %s\n", WFSIM_VERSION); exit(check_stdout(0));
        case O_MAX_STEPS:
            o->max_steps = count;
            o->max_steps_given = 1;
            break;
        case O_MAX_CYCLES:
            o->max_cycles = count;
            o->max_cycles_given = 1;
            break;
        case O_JSON: o->json = 1; break;
        case O_TRACE: o->trace = 1; break;
        case O_TRACE_FROM:
            o->trace_from = count;
            o->trace_from_given = o->trace = 1;
            break;
        case O_TRACE_TO:
            o->trace_to = count;
            o->trace_to_given = o->trace = 1;
            break;
        case O_KANATA: o->kanata = value; break;
        case O_COV: o->cov = value; break;
        case O_MEM_INIT: o->mem_init = value; break;
        case O_DUMP_STATE: o->dump_state = value; break;
        case O_EMIT_HEX: o->emit_hex = value; break;
        case O_EMIT_IMAGE: o->emit_image = value; break;
        case O_REPLAY: o->cfg.hazard = WF_HAZARD_REPLAY; break;
        case O_STALL: o->cfg.hazard = WF_HAZARD_STALL; break;
        }
        return 0;
    }
    const wf_param *p = wf_param_find(name);
    if (!p) {
        fprintf(stderr, "wfsim: unknown option '--%s' (see --help)\n", name);
        return 2;
    }
    if (!have_value) {
        char range[96];
        wf_param_range(p, range, sizeof range);
        fprintf(stderr, "wfsim: option --%s: missing value; parameter %s: allowed %s\n", name,
                p->name, range);
        return 2;
    }
    if (wf_config_set(&o->cfg, name, value, err, sizeof err)) {
        fprintf(stderr, "wfsim: option --%s: %s\n", name, err);
        return 2;
    }
    return 0;
}

static int is_stdout(const char *path) { return path && strcmp(path, "-") == 0; }

static int parse_args(int argc, char **argv, options *o)
{
    int only_files = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (only_files || arg[0] != '-' || strcmp(arg, "-") == 0) {
            if (o->program)
                return fail2("wfsim: more than one program given ('%s' and '%s')", o->program,
                             arg);
            o->program = arg;
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            only_files = 1;
            continue;
        }
        if (arg[1] != '-') {
            fprintf(stderr, "wfsim: unknown option '%s' (see --help)\n", arg);
            return 2;
        }
        char name[64];
        const char *eq = strchr(arg + 2, '=');
        size_t nlen = eq ? (size_t)(eq - (arg + 2)) : strlen(arg + 2);
        if (nlen == 0 || nlen >= sizeof name) {
            fprintf(stderr, "wfsim: unknown option '%s' (see --help)\n", arg);
            return 2;
        }
        memcpy(name, arg + 2, nlen);
        name[nlen] = 0;
        const char *value = eq ? eq + 1 : NULL;
        int have_value = eq != NULL;
        int takes_value = 1;
        for (size_t k = 0; k < N_TOOL_OPTS; k++)
            if (strcmp(name, tool_opts[k].name) == 0) takes_value = tool_opts[k].takes_value;
        /* "--opt VALUE": the next argument is the value unless it is another option */
        if (!eq && takes_value && i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0) {
            value = argv[++i];
            have_value = 1;
        }
        int rc = apply(o, name, value, have_value);
        if (rc) return rc;
    }
    char err[256];
    if (wf_config_check(&o->cfg, err, sizeof err)) {
        /* the message starts "parameter NAME": name the option after it */
        char name[64] = "";
        const char *s = strncmp(err, "parameter ", 10) == 0 ? err + 10 : NULL;
        size_t k = s ? strcspn(s, "=:") : 0;
        if (k > 0 && k < sizeof name) {
            memcpy(name, s, k);
            name[k] = 0;
            char opt[64];
            param_option_name(name, opt, sizeof opt);
            return fail2("wfsim: option --%s: %s", opt, err);
        }
        return fail2("wfsim: invalid configuration: %s", err);
    }
    if (!o->program) return fail2("wfsim: no program given (see --help)");
    /* options of the other engine */
    if (o->functional) {
        const char *bad = o->max_cycles_given ? "max-cycles"
                          : o->json               ? "json"
                          : o->trace_from_given   ? "trace-from"
                          : o->trace_to_given     ? "trace-to"
                          : o->trace              ? "trace"
                          : o->kanata             ? "kanata"
                          : o->cov                ? "cov"
                                                  : NULL;
        if (bad)
            return fail2("wfsim: option --%s: needs the cycle model (not with --functional)", bad);
    } else if (o->max_steps_given) {
        return fail2("wfsim: option --max-steps: applies to --functional only (the cycle model "
                     "takes --max-cycles)");
    }
    if (o->trace_from_given && o->trace_to_given && o->trace_from > o->trace_to)
        return fail2("wfsim: option --trace-to: %" PRIu64 " is before --trace-from %" PRIu64,
                     o->trace_to, o->trace_from);
    /* at most one format on stdout */
    int on_stdout = o->json + o->trace + o->disasm + is_stdout(o->dump_state) +
                    is_stdout(o->kanata) + is_stdout(o->cov) + is_stdout(o->emit_hex) +
                    is_stdout(o->emit_image);
    if (on_stdout > 1)
        return fail2("wfsim: --json, --trace, --disasm, --dump-state -, --kanata -, --cov -, "
                     "--emit-hex - and --emit-image - all write to stdout; use at most one of "
                     "them");
    return 0;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static int load_program(const options *o, wf_program *prog)
{
    char err[512];
    if (ends_with(o->program, ".wfb")) {
        FILE *f = fopen(o->program, "rb");
        if (!f) {
            fprintf(stderr, "%s: cannot open: %s\n", o->program, strerror(errno));
            return 2;
        }
        int rc = wf_read_image(f, o->program, o->cfg.regs, prog, err, sizeof err);
        fclose(f);
        if (rc) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
        return 0;
    }
    if (wf_assemble_file(o->program, o->cfg.regs, prog, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    return 0;
}

/* Reads --mem-init: one hex word per line (optional 0x), '#' comments and
 * blank lines allowed, at most mem_words words, at most WF_MAX_TEXT_BYTES
 * bytes, no NUL bytes. Messages "file:line:col: ...". Returns 0 or 2. */
static int read_mem_init(const char *path, unsigned mem_words, uint32_t *mem)
{
    char *buf, err[512], q[160];
    size_t len;
    if (wf_read_text(path, WF_MAX_TEXT_BYTES, &buf, &len, err, sizeof err))
        return fail2("wfsim: --mem-init %s", err);
    unsigned line = 0, n = 0;
    int rc = 0;
    for (size_t pos = 0; pos < len && !rc;) {
        char *ls = buf + pos, *nl = memchr(ls, '\n', len - pos);
        size_t ll = nl ? (size_t)(nl - ls) : len - pos;
        pos += ll + 1;
        line++;
        const char *nul = memchr(ls, 0, ll);
        if (nul) {
            rc = fail2("%s:%u:%zu: NUL byte in the memory image", path, line,
                       (size_t)(nul - ls) + 1);
            break;
        }
        ls[ll] = 0; /* the '\n' or the buffer's final NUL */
        char *hash = strchr(ls, '#');
        if (hash) *hash = 0;
        char *s = ls;
        while (*s == ' ' || *s == '\t' || *s == '\r') s++;
        char *e = s + strlen(s);
        while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r')) e--;
        *e = 0;
        if (!*s) continue;
        const size_t col = (size_t)(s - ls) + 1;
        wf_quote_value(s, q, sizeof q);
        const char *digits = (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? s + 2 : s;
        size_t nd = strspn(digits, "0123456789abcdefABCDEF");
        if (nd == 0 || digits[nd] != 0) {
            rc = fail2("%s:%u:%zu: bad hex word '%s'", path, line, col, q);
        } else {
            while (*digits == '0' && nd > 1) digits++, nd--;
            if (nd > 8)
                rc = fail2("%s:%u:%zu: hex word '%s' does not fit in 32 bits", path, line, col, q);
            else if (n >= mem_words)
                rc = fail2("%s:%u:%zu: more than mem_words=%u words", path, line, col, mem_words);
            else
                mem[n++] = (uint32_t)strtoul(digits, NULL, 16);
        }
    }
    free(buf);
    return rc;
}

typedef int (*writer)(const void *obj, FILE *f);
static int write_prog_hex(const void *p, FILE *f) { return wf_write_hex(p, f); }
static int write_prog_image(const void *p, FILE *f) { return wf_write_image(p, f); }
static int write_state_json(const void *s, FILE *f) { return wf_arch_write_json(s, f); }

static int same_file(const struct stat *st, const outfile *f)
{
    return f->regular && S_ISREG(st->st_mode) && st->st_dev == f->dev && st->st_ino == f->ino;
}

/* Opens every output before the program is written or run. An output that
 * is an input (the program, --mem-init) or another output is refused.
 * Returns 0, or 2 after a message. */
static int open_outputs(const options *o)
{
    const char *inputs[2][2] = {{"the program", o->program}, {"--mem-init", o->mem_init}};
    for (int i = 0; i < N_OUT; i++) {
        outfile *f = &o->out[i];
        if (!f->path) continue;
        if (is_stdout(f->path)) {
            f->f = stdout;
            f->to_stdout = 1;
            continue;
        }
        struct stat st, in;
        int exists = stat(f->path, &st) == 0;
        for (int k = 0; k < 2; k++) {
            const char *ip = inputs[k][1];
            if (ip && (strcmp(ip, f->path) == 0 ||
                       (exists && S_ISREG(st.st_mode) && stat(ip, &in) == 0 &&
                        in.st_dev == st.st_dev && in.st_ino == st.st_ino)))
                return fail2("wfsim: --%s %s: is also %s; refusing to overwrite an input", f->opt,
                             f->path, inputs[k][0]);
        }
        for (int k = 0; k < i; k++)
            if (o->out[k].path && !o->out[k].to_stdout &&
                (strcmp(o->out[k].path, f->path) == 0 || (exists && same_file(&st, &o->out[k]))))
                return fail2("wfsim: --%s %s: same file as --%s", f->opt, f->path, o->out[k].opt);
        f->f = fopen(f->path, f->mode);
        if (!f->f)
            return fail2("wfsim: --%s %s: cannot open: %s", f->opt, f->path, strerror(errno));
        if (fstat(fileno(f->f), &st) == 0 && S_ISREG(st.st_mode)) {
            f->regular = 1;
            f->dev = st.st_dev;
            f->ino = st.st_ino;
            for (int k = 0; k < i; k++) /* two spellings of one new file */
                if (o->out[k].f && same_file(&st, &o->out[k]))
                    return fail2("wfsim: --%s %s: same file as --%s", f->opt, f->path,
                                 o->out[k].opt);
        }
    }
    return 0;
}

/* Closes what is still open; a regular file never written is removed (a
 * failed run leaves no empty or stale output). */
static void close_outputs(const options *o)
{
    for (int i = 0; i < N_OUT; i++) {
        outfile *f = &o->out[i];
        if (!f->f || f->to_stdout) continue;
        fclose(f->f);
        if (!f->done && f->regular) remove(f->path);
        f->f = NULL;
    }
}

/* Finishes output f: fn writes obj, then f is flushed ('-') or closed.
 * Returns 0, or 2 after a message. */
static int write_out(outfile *f, writer fn, const void *obj)
{
    int bad = fn(obj, f->f) != 0;
    bad |= f->to_stdout ? fflush(f->f) != 0 : fclose(f->f) != 0;
    if (!f->to_stdout) f->f = NULL;
    f->done = 1;
    if (bad) return fail2("wfsim: --%s %s: write error", f->opt, f->path);
    return 0;
}

/* The loader limits that depend on the configuration (docs/isa.md "Limits
 * the loader enforces"); wf_functional_run checks them again. */
static int check_load(const options *o, const wf_program *prog)
{
    if (prog->len > o->cfg.imem_words)
        return fail2("wfsim: program has %u instructions; imem_words=%u", prog->len,
                     o->cfg.imem_words);
    for (unsigned w = o->cfg.warps; w < WF_MAX_WARPS; w++)
        if (prog->start_pc[w] || ((prog->start_given >> w) & 1))
            return fail2("wfsim: warp %u: .start given but the machine has warps=%u", w,
                         o->cfg.warps);
    return 0;
}

/* A format other than the summary (and --trace's table) goes to stdout. */
static int machine_stdout(const options *o)
{
    return o->json || o->disasm || is_stdout(o->kanata) || is_stdout(o->dump_state) ||
           is_stdout(o->cov) || is_stdout(o->emit_hex) || is_stdout(o->emit_image);
}

static int run_functional(const options *o, const wf_program *prog)
{
    char err[512];
    uint32_t *mem = NULL;
    if (o->mem_init) {
        mem = calloc(o->cfg.mem_words, sizeof *mem);
        if (!mem) return fail2("wfsim: out of memory");
        int rc = read_mem_init(o->mem_init, o->cfg.mem_words, mem);
        if (rc) {
            free(mem);
            return rc;
        }
    }
    wf_arch_state st;
    int rc = wf_functional_run(&o->cfg, prog, mem, o->max_steps, &st, err, sizeof err);
    free(mem);
    if (rc) {
        fprintf(stderr, "wfsim: %s\n", err);
        return 1;
    }
    rc = o->dump_state ? write_out(&o->out[OUT_STATE], write_state_json, &st) : 0;
    if (!rc && !o->quiet) {
        uint64_t total = 0;
        for (unsigned w = 0; w < st.warps; w++) total += st.retired[w];
        /* keep stdout to the one format when one goes there */
        FILE *f = machine_stdout(o) ? stderr : stdout;
        fprintf(f, "functional: %u warps x %u lanes, %" PRIu64 " instructions retired\n",
                o->cfg.active_warps ? o->cfg.active_warps : o->cfg.warps, st.lanes, total);
    }
    wf_arch_free(&st);
    return rc;
}

/* A double in the shortest form that reads back as the same value. */
static void put_double(FILE *f, double x)
{
    char buf[40];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, x);
        if (strtod(buf, NULL) == x) break;
    }
    fputs(buf, f);
}

static void put_array(FILE *f, const char *name, const uint64_t *v, unsigned n)
{
    fprintf(f, "\"%s\":[", name);
    for (unsigned i = 0; i < n; i++) fprintf(f, "%s%" PRIu64, i ? "," : "", v[i]);
    fputc(']', f);
}

/* The run's statistics (wf_stats) as one JSON object. */
static int write_stats_json(const options *o, const wf_stats *st, uint64_t cycles, FILE *f)
{
    static const char *const hz_names[WF_HZ_COUNT] = {
        [WF_HZ_WAIT_LSU] = "wait_lsu",   [WF_HZ_DEPENDENCY] = "dependency",
        [WF_HZ_SB_FULL] = "sb_full",     [WF_HZ_INFLIGHT] = "inflight",
        [WF_HZ_STAGING] = "staging_busy", [WF_HZ_WAR] = "war",
        [WF_HZ_MEM_ORDER] = "mem_order", [WF_HZ_LSU_STALL] = "lsu_stall"};
    const wf_config *c = &o->cfg;
    const unsigned B = c->banks < WF_MAX_BANKS ? c->banks : WF_MAX_BANKS;
    fprintf(f, "{\"model\":\"cycle\",\"warps\":%u,\"active_warps\":%u,\"lanes\":%u,", c->warps,
            c->active_warps ? c->active_warps : c->warps, c->lanes);
    fprintf(f, "\"cycles\":%" PRIu64 ",\"instructions\":%" PRIu64 ",\"ipc\":", cycles,
            st->instructions);
    put_double(f, st->ipc);
    fprintf(f, ",\"issue_slots\":{\"issued\":%" PRIu64 ",\"replayed\":%" PRIu64
               ",\"collector_stall\":%" PRIu64 ",\"lsu_stall\":%" PRIu64
               ",\"no_ready\":%" PRIu64 "}",
            st->slot_issued, st->slot_replayed, st->slot_collector_stall, st->slot_lsu_stall,
            st->slot_no_ready);
    fprintf(f, ",\"hazard_warp_cycles\":{");
    for (unsigned h = 0, first = 1; h < WF_HZ_COUNT; h++) {
        if (!hz_names[h]) continue; /* ready, no-head: not counted */
        fprintf(f, "%s\"%s\":%" PRIu64, first ? "" : ",", hz_names[h], st->hazard[h]);
        first = 0;
    }
    fprintf(f, "},\"scoreboard_full_stalls\":%" PRIu64 ",\"war_blocks\":%" PRIu64,
            st->hazard[WF_HZ_SB_FULL], st->hazard[WF_HZ_WAR]);
    fprintf(f, ",\"replays\":{\"collector\":%" PRIu64 ",\"memory\":%" PRIu64 "}",
            st->replays_collector, st->replays_memory);
    fprintf(f, ",\"banks\":{");
    put_array(f, "reads", st->bank_reads, B);
    fputc(',', f);
    put_array(f, "writes", st->bank_writes, B);
    fputc(',', f);
    put_array(f, "read_conflict_cycles", st->bank_conflicts, B);
    fputc(',', f);
    put_array(f, "write_conflict_cycles", st->bank_write_conflicts, B);
    fprintf(f, "},\"collector_occupancy\":{\"holders\":%u,\"sum\":%" PRIu64 ",\"mean\":",
            c->loops == 3 ? c->collectors : 1u, st->collector_occupancy);
    put_double(f, cycles ? (double)st->collector_occupancy / (double)cycles : 0.0);
    fprintf(f, "},\"dispatches\":{\"alu\":%" PRIu64 ",\"mul\":%" PRIu64 ",\"lsu\":%" PRIu64 "}",
            st->dispatches[0], st->dispatches[1], st->dispatches[2]);
    fprintf(f, ",\"lsu_pieces\":%" PRIu64, st->lsu_pieces);
    fprintf(f, ",\"icache\":{\"hits\":%" PRIu64 ",\"misses\":%" PRIu64 ",\"merges\":%" PRIu64
               ",\"mshr_full\":%" PRIu64 ",\"fills\":%" PRIu64 "}",
            st->icache_hits, st->icache_misses, st->icache_merges, st->icache_mshr_full,
            st->icache_fills);
    fprintf(f, ",\"gto_switches\":%" PRIu64 ",\"branches\":%" PRIu64 ",\"branches_taken\":%" PRIu64
               "}\n",
            st->gto_switches, st->branches, st->branches_taken);
    return fflush(f) != 0 || ferror(f);
}

/* The per-cycle observer for --trace, --kanata and --cov (wf_model_run_observed). */
typedef struct {
    const options *o;
    wf_kanata *kn;
    wf_cov *cov;
} observer;

static int write_cov_json(const void *cov, FILE *f) { return wf_cov_write_json(cov, f); }

static void on_cycle(void *ctx, const wf_obs *ob)
{
    const observer *v = ctx;
    const options *o = v->o;
    if (o->trace && ob->cycle >= o->trace_from && (!o->trace_to_given || ob->cycle <= o->trace_to))
        wf_trace_row(stdout, &o->cfg, ob);
    if (v->kn) wf_kanata_cycle(v->kn, ob); /* a contradiction is reported by wf_kanata_finish */
    if (v->cov) wf_cov_sample(v->cov, &o->cfg, ob);
}

static int run_cycle(const options *o, const wf_program *prog)
{
    char err[2048];
    uint32_t *mem = NULL;
    if (o->mem_init) {
        mem = calloc(o->cfg.mem_words, sizeof *mem);
        if (!mem) return fail2("wfsim: out of memory");
        int rc = read_mem_init(o->mem_init, o->cfg.mem_words, mem);
        if (rc) {
            free(mem);
            return rc;
        }
    }
    wf_model *m = wf_model_create(&o->cfg, err, sizeof err);
    if (!m) {
        free(mem);
        return fail2("wfsim: %s", err);
    }
    int rc = wf_model_load(m, prog, mem, err, sizeof err);
    observer v = {o, NULL, NULL};
    if (!rc && o->cov) {
        v.cov = malloc(sizeof *v.cov);
        if (v.cov) {
            wf_cov_init(v.cov);
            /* the ISA classes of the executed instructions (wf_isacov.h); a program
             * the interpreter cannot finish leaves them unsampled, said so */
            char ierr[512];
            if (wf_cov_sample_program(v.cov, &o->cfg, prog, mem, ierr, sizeof ierr))
                fprintf(stderr, "wfsim: --cov: ISA classes not sampled: %s\n", ierr);
        } else {
            snprintf(err, sizeof err, "out of memory");
            rc = -1;
        }
    }
    free(mem);
    if (rc) {
        free(v.cov);
        wf_model_destroy(m);
        return fail2("wfsim: %s", err);
    }
    outfile *ko = &o->out[OUT_KANATA];
    FILE *kf = ko->f;
    wf_kanata *kn = NULL;
    if (o->kanata) {
        kn = wf_kanata_create(kf, &o->cfg, prog);
        if (!kn) {
            free(v.cov);
            wf_model_destroy(m);
            return fail2("wfsim: out of memory");
        }
    }
    v.kn = kn;
    if (o->trace) wf_trace_header(stdout, &o->cfg);
    rc = wf_model_run_observed(m, o->max_cycles, o->trace || kn || v.cov ? on_cycle : NULL, &v,
                               err, sizeof err);
    int status = 0;
    if (rc) {
        fflush(stdout);
        fprintf(stderr, "wfsim: %s\n", err);
        status = 1;
    }
    if (v.cov) { /* also after a failed run: what it covered until then */
        int crc = write_out(&o->out[OUT_COV], write_cov_json, v.cov);
        if (crc && !status) status = crc;
        free(v.cov);
    }
    if (kn) {
        char kerr[320];
        if (wf_kanata_finish(kn, !rc, kerr, sizeof kerr)) {
            fprintf(stderr, "wfsim: --kanata %s: %s\n", o->kanata, kerr);
            /* a write error is a file error; a contradiction, a model bug */
            if (!status) status = ferror(kf) ? 2 : 1;
        }
        wf_kanata_destroy(kn);
        ko->done = 1; /* also after a failed run: the cycles until then */
        if (!ko->to_stdout) {
            int bad = fclose(kf);
            ko->f = NULL;
            if (bad && !status) status = fail2("wfsim: --kanata %s: write error", o->kanata);
        }
    }
    if (!status && o->dump_state) {
        wf_arch_state st;
        if (wf_model_final_state(m, &st)) {
            status = fail2("wfsim: out of memory");
        } else {
            status = write_out(&o->out[OUT_STATE], write_state_json, &st);
            wf_arch_free(&st);
        }
    }
    const wf_stats *st = wf_model_stats(m);
    const uint64_t cycles = wf_model_cycle(m);
    if (!status && o->json && write_stats_json(o, st, cycles, stdout)) {
        fprintf(stderr, "wfsim: --json: write error\n");
        status = 2;
    }
    if (!status && !o->quiet) {
        /* keep stdout to the one format when one goes there */
        fprintf(machine_stdout(o) ? stderr : stdout,
                "cycle: %u warps x %u lanes, %" PRIu64 " cycles, %" PRIu64
                " instructions, IPC %.3f\n",
                o->cfg.active_warps ? o->cfg.active_warps : o->cfg.warps, o->cfg.lanes, cycles,
                st->instructions, st->ipc);
    }
    wf_model_destroy(m);
    return status;
}

int main(int argc, char **argv)
{
    outfile out[N_OUT] = {0};
    options o = {.max_steps = DEFAULT_MAX_STEPS, .max_cycles = DEFAULT_MAX_CYCLES, .out = out};
    wf_config_default(&o.cfg);
    int rc = parse_args(argc, argv, &o);
    if (rc) return rc;
    out[OUT_HEX] = (outfile){.opt = "emit-hex", .path = o.emit_hex, .mode = "w"};
    out[OUT_IMAGE] = (outfile){.opt = "emit-image", .path = o.emit_image, .mode = "wb"};
    out[OUT_STATE] = (outfile){.opt = "dump-state", .path = o.dump_state, .mode = "w"};
    out[OUT_KANATA] = (outfile){.opt = "kanata", .path = o.kanata, .mode = "w"};
    out[OUT_COV] = (outfile){.opt = "cov", .path = o.cov, .mode = "w"};
    int run = o.functional || o.dump_state || o.mem_init || o.json || o.trace || o.kanata || o.cov ||
              o.max_cycles_given || !(o.emit_hex || o.emit_image || o.disasm);
    wf_program prog;
    rc = load_program(&o, &prog);
    if (rc) return rc;
    rc = check_load(&o, &prog);
    if (!rc) rc = open_outputs(&o);
    if (!rc && o.emit_hex) rc = write_out(&out[OUT_HEX], write_prog_hex, &prog);
    if (!rc && o.emit_image) rc = write_out(&out[OUT_IMAGE], write_prog_image, &prog);
    if (!rc && o.disasm && wf_write_disasm(&prog, stdout)) {
        fprintf(stderr, "wfsim: --disasm: write error\n");
        rc = 2;
    }
    if (!rc && run) rc = o.functional ? run_functional(&o, &prog) : run_cycle(&o, &prog);
    close_outputs(&o);
    wf_program_free(&prog);
    return check_stdout(rc);
}
