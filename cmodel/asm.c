/* Assembler (docs/isa.md "Assembly language"). Pass 1 parses every line into
 * a list of instructions and records labels; pass 2 resolves branch targets
 * and `.start` targets, then encodes with wf_encode. All state lives in one
 * context on the caller's stack, so concurrent calls are safe. */
#include "wf_program.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARROW "\xe2\x86\x90" /* U+2190, the seed's destination arrow */
#define NUM_CAP 1000000000000LL /* numbers saturate here; far beyond every range */

typedef struct { /* a branch or .start target: a label use or @N */
    size_t off, len; /* the token in the text (for messages and label lookup) */
    unsigned line;
    size_t col;
    int absolute;   /* @N */
    long long pc;   /* N when absolute */
} target;

typedef struct {
    wf_insn in;
    unsigned line;
    size_t col; /* of the mnemonic */
    target tgt; /* used when the opcode has WF_F_TGT */
} parsed;

typedef struct {
    const char *name; /* points into the text */
    size_t len;
    unsigned pc, line;
} label;

typedef struct {
    const char *file, *text;
    unsigned regs;
    char *err;
    size_t errlen;
    /* current line */
    const char *ls;
    size_t ll, p;
    unsigned line;
    /* results of pass 1 */
    parsed *ins;
    size_t n, cap;
    label *lab; /* open-addressing hash table, lcap a power of two */
    size_t nlab, lcap;
    int has_start[WF_MAX_WARPS];
    unsigned start_line[WF_MAX_WARPS];
    target start[WF_MAX_WARPS];
} actx;

static int fail_at(actx *a, unsigned line, size_t col, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (a->errlen) snprintf(a->err, a->errlen, "%s:%u:%zu: %s", a->file, line, col, msg);
    return -1;
}
#define FAIL(a, pos, ...) fail_at((a), (a)->line, (pos) + 1, __VA_ARGS__)

/* Quotes source bytes for a message: printable ASCII and the arrow as is,
 * other bytes as \xNN (so NULs and stray bytes cannot break the one-line
 * message), long tokens cut after 48 bytes. */
static const char *quote(const char *s, size_t n, char *buf, size_t size)
{
    size_t o = 0, lim = n > 48 ? 48 : n;
    for (size_t i = 0; i < lim && o + 8 < size; i++) {
        unsigned char c = (unsigned char)s[i];
        if (i + 2 < n && memcmp(s + i, ARROW, 3) == 0) {
            memcpy(buf + o, ARROW, 3);
            o += 3;
            i += 2;
        } else if (c >= 0x20 && c < 0x7f) {
            buf[o++] = (char)c;
        } else {
            o += (size_t)snprintf(buf + o, size - o, "\\x%02x", c);
        }
    }
    if (lim < n && o + 4 < size) o += (size_t)snprintf(buf + o, size - o, "...");
    buf[o] = 0;
    return buf;
}

static int is_arrow(const actx *a, size_t p)
{
    return p + 3 <= a->ll && memcmp(a->ls + p, ARROW, 3) == 0;
}

/* Token boundaries: whitespace, punctuation, the arrow and end of line. */
static int is_delim(const actx *a, size_t p)
{
    if (p >= a->ll || is_arrow(a, p)) return 1;
    switch (a->ls[p]) {
    case ' ': case '\t': case '\r': /* \r: CRLF line ends */
    case ',': case '[': case ']': case '+': case '-': case '#': case ':': case '@': case '<':
        return 1;
    default: return 0;
    }
}

static size_t run_end(const actx *a, size_t p)
{
    while (!is_delim(a, p)) p++;
    return p;
}

/* End of the token starting at p (p is not whitespace, not end of line). */
static size_t tok_end(const actx *a, size_t p)
{
    if (is_arrow(a, p)) return p + 3;
    char c = a->ls[p];
    if (c == '<' && p + 1 < a->ll && a->ls[p + 1] == '-') return p + 2;
    if (c == '-' || c == '@') return run_end(a, p + 1);
    if (is_delim(a, p)) return p + 1;
    return run_end(a, p);
}

/* Quote of the token at p, for messages. */
#define TOK(a, p, q) quote((a)->ls + (p), tok_end((a), (p)) - (p), (q), sizeof(q))

static void skip_ws(actx *a)
{
    while (a->p < a->ll && (a->ls[a->p] == ' ' || a->ls[a->p] == '\t' || a->ls[a->p] == '\r'))
        a->p++;
}

static int at_end(actx *a)
{
    skip_ws(a);
    return a->p >= a->ll || a->ls[a->p] == '#';
}

static int is_alpha(char c) { return c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/* [A-Za-z_][A-Za-z0-9_]* */
static int is_ident(const char *s, size_t n)
{
    if (n == 0 || !is_alpha(s[0])) return 0;
    for (size_t i = 1; i < n; i++)
        if (!is_alpha(s[i]) && !(s[i] >= '0' && s[i] <= '9')) return 0;
    return 1;
}

/* Unsigned decimal or 0x hex, the whole of s[0..n). Saturates at NUM_CAP. */
static int scan_uint(const char *s, size_t n, long long *v)
{
    unsigned base = 10;
    if (n > 2 && s[0] == '0' && s[1] == 'x') {
        base = 16;
        s += 2;
        n -= 2;
    }
    if (n == 0) return -1;
    long long x = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9' ? c - '0'
              : base == 16 && c >= 'a' && c <= 'f' ? c - 'a' + 10
              : base == 16 && c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0) return -1;
        x = x * base + d;
        if (x > NUM_CAP) x = NUM_CAP;
    }
    *v = x;
    return 0;
}

static int parse_reg(actx *a, uint8_t *r)
{
    char q[256];
    if (at_end(a)) return FAIL(a, a->p, "missing operand");
    size_t s = a->p, e = run_end(a, s);
    if (e == s) return FAIL(a, s, "expected a register, found '%s'", TOK(a, s, q));
    const char *t = a->ls + s;
    size_t n = e - s;
    long long v = 0;
    /* r, then decimal digits without a leading zero */
    if (n < 2 || t[0] != 'r' || (t[1] == '0' && n > 2) ||
        scan_uint(t + 1, n - 1, &v) < 0)
        return FAIL(a, s, "bad register '%s'", quote(t, n, q, sizeof q));
    if (v >= a->regs)
        return FAIL(a, s, "register %s out of range (regs=%u)", quote(t, n, q, sizeof q), a->regs);
    *r = (uint8_t)v;
    a->p = e;
    return 0;
}

/* A number with an optional leading '-'. *s gets the token start. */
static int parse_num(actx *a, long long *v, size_t *s)
{
    char q[256];
    if (at_end(a)) return FAIL(a, a->p, "missing operand");
    *s = a->p;
    size_t d = a->p + (a->ls[a->p] == '-'), e = run_end(a, d);
    if (e == d && d == a->p) return FAIL(a, a->p, "expected a number, found '%s'", TOK(a, a->p, q));
    if (scan_uint(a->ls + d, e - d, v) < 0)
        return FAIL(a, *s, "bad number '%s'", quote(a->ls + *s, e - *s, q, sizeof q));
    if (d > *s) *v = -*v;
    a->p = e;
    return 0;
}

static int check_imm(actx *a, long long v, size_t s)
{
    char q[256];
    if (v >= WF_IMM_MIN && v <= WF_IMM_MAX) return 0;
    if (v >= NUM_CAP || v <= -NUM_CAP) /* saturated: show what was written */
        return FAIL(a, s, "immediate %s out of range -8388608..8388607", TOK(a, s, q));
    return FAIL(a, s, "immediate %lld out of range -8388608..8388607", v);
}

static int parse_imm(actx *a, int32_t *imm)
{
    long long v;
    size_t s;
    if (parse_num(a, &v, &s) < 0 || check_imm(a, v, s) < 0) return -1;
    *imm = (int32_t)v;
    return 0;
}

/* Destination separator: the arrow, "<-" or ",". */
static int parse_dsep(actx *a)
{
    if (at_end(a)) return FAIL(a, a->p, "missing operand");
    if (is_arrow(a, a->p)) a->p += 3;
    else if (a->ls[a->p] == '<' && a->p + 1 < a->ll && a->ls[a->p + 1] == '-') a->p += 2;
    else if (a->ls[a->p] == ',') a->p++;
    else return FAIL(a, a->p, "expected '<-', '" ARROW "' or ','");
    return 0;
}

static int parse_comma(actx *a)
{
    if (at_end(a)) return FAIL(a, a->p, "missing operand");
    if (a->ls[a->p] != ',') return FAIL(a, a->p, "expected ','");
    a->p++;
    return 0;
}

/* [rA], [rA + N], [rA - N]; N may carry its own sign ("[r1 + -4]", the
 * disassembler's form). */
static int parse_mem(actx *a, uint8_t *ra, int32_t *imm)
{
    if (at_end(a)) return FAIL(a, a->p, "missing operand");
    if (a->ls[a->p] != '[') return FAIL(a, a->p, "expected '['");
    a->p++;
    if (parse_reg(a, ra) < 0) return -1;
    *imm = 0;
    skip_ws(a);
    if (a->p < a->ll && (a->ls[a->p] == '+' || a->ls[a->p] == '-')) {
        int neg = a->ls[a->p++] == '-';
        long long v;
        size_t s;
        if (parse_num(a, &v, &s) < 0 || check_imm(a, neg ? -v : v, s) < 0) return -1;
        *imm = (int32_t)(neg ? -v : v);
        skip_ws(a);
    }
    if (a->p >= a->ll || a->ls[a->p] != ']') return FAIL(a, a->p, "expected ']'");
    a->p++;
    return 0;
}

/* A label or @N; resolved in pass 2. */
static int parse_target(actx *a, target *t)
{
    char q[256];
    if (at_end(a)) return FAIL(a, a->p, "missing operand");
    size_t s = a->p, e = tok_end(a, s);
    *t = (target){.off = (size_t)(a->ls - a->text) + s, .len = e - s, .line = a->line,
                  .col = s + 1};
    if (a->ls[s] == '@') {
        t->absolute = 1;
        if (scan_uint(a->ls + s + 1, e - s - 1, &t->pc) < 0)
            return FAIL(a, s, "bad branch target '%s'", TOK(a, s, q));
    } else if (!is_ident(a->ls + s, e - s)) {
        return FAIL(a, s, "bad branch target '%s'", TOK(a, s, q));
    }
    a->p = e;
    return 0;
}

/* Nothing but whitespace or a comment may follow the last operand. */
static int parse_eol(actx *a)
{
    char q[256];
    if (at_end(a)) return 0;
    size_t s = a->p;
    if (a->ls[s] == ',') {
        a->p++;
        if (at_end(a)) return FAIL(a, s, "trailing ','");
    }
    return FAIL(a, a->p, "extra operand '%s'", TOK(a, a->p, q));
}

static size_t hash(const char *s, size_t n)
{
    size_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static label *label_slot(label *tab, size_t cap, const char *s, size_t n)
{
    size_t i = hash(s, n) & (cap - 1);
    while (tab[i].name && !(tab[i].len == n && memcmp(tab[i].name, s, n) == 0))
        i = (i + 1) & (cap - 1);
    return &tab[i];
}

static label *label_find(const actx *a, const char *s, size_t n)
{
    if (!a->lcap) return NULL;
    label *l = label_slot(a->lab, a->lcap, s, n);
    return l->name ? l : NULL;
}

static int label_add(actx *a, size_t s, size_t n)
{
    const char *name = a->ls + s;
    char q[256];
    if (!is_ident(name, n)) return FAIL(a, s, "bad label '%s'", quote(name, n, q, sizeof q));
    if (wf_op_by_name(name, n) >= 0)
        return FAIL(a, s, "label '%s' is a mnemonic", quote(name, n, q, sizeof q));
    label *old = label_find(a, name, n);
    if (old)
        return FAIL(a, s, "duplicate label '%s' (first defined at line %u)",
                    quote(name, n, q, sizeof q), old->line);
    if (2 * (a->nlab + 1) > a->lcap) { /* keep the table at most half full */
        size_t cap = a->lcap ? 2 * a->lcap : 64;
        label *tab = calloc(cap, sizeof *tab);
        if (!tab) return FAIL(a, s, "out of memory");
        for (size_t i = 0; i < a->lcap; i++)
            if (a->lab[i].name) *label_slot(tab, cap, a->lab[i].name, a->lab[i].len) = a->lab[i];
        free(a->lab);
        a->lab = tab;
        a->lcap = cap;
    }
    *label_slot(a->lab, a->lcap, name, n) = (label){name, n, (unsigned)a->n, a->line};
    a->nlab++;
    return 0;
}

/* .start wN, target */
static int parse_start(actx *a)
{
    char q[256];
    if (at_end(a)) return FAIL(a, a->p, "missing operand");
    size_t s = a->p, e = tok_end(a, s);
    const char *t = a->ls + s;
    long long w;
    if (e - s < 2 || t[0] != 'w' || (t[1] == '0' && e - s > 2) ||
        scan_uint(t + 1, e - s - 1, &w) < 0)
        return FAIL(a, s, "bad warp '%s' (expected w0..w63)", TOK(a, s, q));
    if (w >= WF_MAX_WARPS) return FAIL(a, s, "warp %s out of range (w0..w63)", TOK(a, s, q));
    if (a->has_start[w])
        return FAIL(a, s, "duplicate .start for w%lld (first at line %u)", w, a->start_line[w]);
    a->p = e;
    if (parse_comma(a) < 0 || parse_target(a, &a->start[w]) < 0 || parse_eol(a) < 0) return -1;
    a->has_start[w] = 1;
    a->start_line[w] = a->line;
    return 0;
}

/* The separator before operand number k: none before the first, the
 * destination separator right after rD, a comma elsewhere. */
static int sep(actx *a, int *k, unsigned fields)
{
    int n = (*k)++;
    if (n == 0) return 0;
    return n == 1 && (fields & WF_F_RD) ? parse_dsep(a) : parse_comma(a);
}

/* Operands in the order of the docs/isa.md form table: rD, then the sources
 * a, b, c, then an immediate or a target. ld and st have memory operands. */
static int parse_operands(actx *a, wf_insn *in, target *t)
{
    unsigned f = wf_op_info(in->op)->fields;
    if (in->op == WF_OP_LD) {
        if (parse_reg(a, &in->rd) < 0 || parse_dsep(a) < 0) return -1;
        return parse_mem(a, &in->ra, &in->imm);
    }
    if (in->op == WF_OP_ST) {
        if (parse_mem(a, &in->ra, &in->imm) < 0 || parse_dsep(a) < 0) return -1;
        return parse_reg(a, &in->rb);
    }
    int k = 0;
    if ((f & WF_F_RD) && (sep(a, &k, f) < 0 || parse_reg(a, &in->rd) < 0)) return -1;
    if ((f & WF_F_RA) && (sep(a, &k, f) < 0 || parse_reg(a, &in->ra) < 0)) return -1;
    if ((f & WF_F_RB) && (sep(a, &k, f) < 0 || parse_reg(a, &in->rb) < 0)) return -1;
    if ((f & WF_F_RC) && (sep(a, &k, f) < 0 || parse_reg(a, &in->rc) < 0)) return -1;
    if ((f & WF_F_IMM) && (sep(a, &k, f) < 0 || parse_imm(a, &in->imm) < 0)) return -1;
    if ((f & WF_F_TGT) && (sep(a, &k, f) < 0 || parse_target(a, t) < 0)) return -1;
    return 0;
}

static int parse_line(actx *a)
{
    char q[256];
    size_t s, e;
    for (;;) { /* labels */
        if (at_end(a)) return 0;
        s = a->p;
        e = run_end(a, s);
        if (e == s || e >= a->ll || a->ls[e] != ':') break;
        if (label_add(a, s, e - s) < 0) return -1;
        a->p = e + 1;
    }
    if (a->ls[s] == '.') {
        a->p = e;
        if (e - s == 6 && memcmp(a->ls + s, ".start", 6) == 0) return parse_start(a);
        return FAIL(a, s, "unknown directive '%s'", TOK(a, s, q));
    }
    if (e == s) return FAIL(a, s, "expected a mnemonic, found '%s'", TOK(a, s, q));
    int op = wf_op_by_name(a->ls + s, e - s);
    if (op < 0) return FAIL(a, s, "unknown mnemonic '%s'", TOK(a, s, q));
    if (a->n == WF_MAX_PROGRAM) return FAIL(a, s, "program longer than 65536 instructions");
    if (a->n == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 256;
        parsed *ins = realloc(a->ins, cap * sizeof *ins);
        if (!ins) return FAIL(a, s, "out of memory");
        a->ins = ins;
        a->cap = cap;
    }
    parsed *pi = &a->ins[a->n];
    *pi = (parsed){.in = {.op = (wf_opcode)op}, .line = a->line, .col = s + 1};
    a->p = e;
    if (parse_operands(a, &pi->in, &pi->tgt) < 0 || parse_eol(a) < 0) return -1;
    a->n++;
    return 0;
}

/* Pass 2: a target's pc, which must name an instruction. */
static int resolve(actx *a, const target *t, const char *what, int32_t *pc)
{
    char q[256];
    const char *tok = quote(a->text + t->off, t->len, q, sizeof q);
    unsigned len = (unsigned)a->n;
    long long v = t->pc;
    if (!t->absolute) {
        const label *l = label_find(a, a->text + t->off, t->len);
        if (!l) return fail_at(a, t->line, t->col, "undefined label '%s'", tok);
        if (l->pc >= len)
            return fail_at(a, t->line, t->col,
                           "label '%s' does not name an instruction (nothing follows it)", tok);
        v = l->pc;
    } else if (v >= len) {
        return fail_at(a, t->line, t->col, "%s %s beyond the end of the program (length %u)",
                       what, tok, len);
    }
    *pc = (int32_t)v;
    return 0;
}

static int assemble(actx *a, size_t textlen, wf_program *out)
{
    /* pass 1 */
    for (size_t pos = 0; pos <= textlen;) {
        const char *nl = memchr(a->text + pos, '\n', textlen - pos);
        size_t end = nl ? (size_t)(nl - a->text) : textlen;
        a->ls = a->text + pos;
        a->ll = end - pos;
        a->p = 0;
        a->line++;
        const char *nul = memchr(a->ls, 0, a->ll); /* input, not an end: refused (docs/isa.md) */
        if (nul) return FAIL(a, (size_t)(nul - a->ls), "NUL byte in the source");
        if (parse_line(a) < 0) return -1;
        pos = end + 1;
    }
    if (a->n == 0) return fail_at(a, 1, 1, "empty program");
    /* pass 2 */
    for (size_t i = 0; i < a->n; i++)
        if ((wf_op_info(a->ins[i].in.op)->fields & WF_F_TGT) &&
            resolve(a, &a->ins[i].tgt, "branch target", &a->ins[i].in.imm) < 0)
            return -1;
    uint16_t start_pc[WF_MAX_WARPS] = {0};
    uint64_t start_given = 0;
    for (unsigned w = 0; w < WF_MAX_WARPS; w++) {
        int32_t pc = 0;
        if (a->has_start[w] && resolve(a, &a->start[w], "start pc", &pc) < 0) return -1;
        start_pc[w] = (uint16_t)pc;
        if (a->has_start[w]) start_given |= 1ull << w;
    }
    const parsed *last = &a->ins[a->n - 1];
    if (last->in.op != WF_OP_EXIT && last->in.op != WF_OP_BRA)
        return fail_at(a, last->line, last->col,
                       "last instruction can fall through past the end of the program "
                       "(end with exit or bra)");
    uint64_t *words = malloc(a->n * sizeof *words);
    unsigned *lines = malloc(a->n * sizeof *lines);
    if (!words || !lines) {
        free(words);
        free(lines);
        return fail_at(a, 1, 1, "out of memory");
    }
    for (size_t i = 0; i < a->n; i++) {
        words[i] = wf_encode(&a->ins[i].in);
        lines[i] = a->ins[i].line;
    }
    out->words = words;
    out->line = lines;
    out->len = (unsigned)a->n;
    memcpy(out->start_pc, start_pc, sizeof start_pc);
    out->start_given = start_given;
    return 0;
}

/* The text is (text, len) so that a file's NUL bytes are input, not its end. */
static int assemble_n(const char *file, const char *text, size_t len, unsigned regs,
                      wf_program *out, char *err, size_t errlen)
{
    actx a = {.file = file, .text = text, .err = err, .errlen = err ? errlen : 0,
              .regs = regs > WF_MAX_REGS ? WF_MAX_REGS : regs};
    memset(out, 0, sizeof *out);
    int rc = assemble(&a, len, out);
    free(a.ins);
    free(a.lab);
    return rc;
}

int wf_assemble(const char *file, const char *text, unsigned regs, wf_program *out, char *err,
                size_t errlen)
{
    return assemble_n(file, text, strlen(text), regs, out, err, errlen);
}

int wf_read_text(const char *path, size_t cap, char **text, size_t *len, char *err,
                 size_t errlen)
{
    *text = NULL;
    *len = 0;
    if (!err) errlen = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (errlen) snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    char *buf = NULL;
    size_t n = 0, size = 0;
    const char *why = NULL; /* or a read error */
    int too_large = 0;
    for (;;) {
        if (n + 1 >= size) { /* room for one byte past the cap, and the terminating NUL */
            size_t want = size ? 2 * size : 65536;
            if (want > cap + 2) want = cap + 2;
            char *nb = want > size ? realloc(buf, want) : NULL;
            if (!nb) {
                why = "out of memory";
                break;
            }
            buf = nb;
            size = want;
        }
        size_t k = fread(buf + n, 1, size - 1 - n, f);
        n += k;
        if (n > cap) {
            too_large = 1;
            break;
        }
        if (k == 0) break;
    }
    int bad = !why && !too_large && ferror(f), e = errno;
    fclose(f);
    if (why || too_large || bad) {
        if (errlen && too_large)
            snprintf(err, errlen, "%s: larger than %zu bytes (the input size limit, docs/isa.md)",
                     path, cap);
        else if (errlen)
            snprintf(err, errlen, "%s: %s", path, why ? why : strerror(e));
        free(buf);
        return -1;
    }
    buf[n] = 0;
    *text = buf;
    *len = n;
    return 0;
}

int wf_assemble_file(const char *path, unsigned regs, wf_program *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (!err) errlen = 0;
    char *buf;
    size_t len;
    if (wf_read_text(path, WF_MAX_TEXT_BYTES, &buf, &len, err, errlen)) return -1;
    int rc = assemble_n(path, buf, len, regs, out, err, errlen);
    free(buf);
    return rc;
}
