/* Program checks and the output formats of docs/isa.md "Images". */
#include "wf_program.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const unsigned char magic[8] = {'W', 'F', 'P', 'R', 'O', 'G', '1', 0};

void wf_program_free(wf_program *p)
{
    if (!p) return;
    free(p->words);
    free(p->line);
    memset(p, 0, sizeof *p);
}

const char *wf_program_check(const wf_program *p, unsigned regs, char *err, size_t errlen)
{
    if (regs > WF_MAX_REGS) regs = WF_MAX_REGS; /* register fields never name more */
    if (p->len < 1 || p->len > WF_MAX_PROGRAM) {
        snprintf(err, errlen, "program length %u out of range 1..65536", p->len);
        return err;
    }
    wf_insn in;
    for (unsigned i = 0; i < p->len; i++) {
        const char *m = wf_decode(p->words[i], regs, &in);
        if (m) {
            snprintf(err, errlen, "word %u: %s", i, m);
            return err;
        }
        if (wf_is_branch(in.op) && (unsigned)in.imm >= p->len) {
            snprintf(err, errlen,
                     "word %u: branch target %d beyond the end of the program (length %u)", i,
                     in.imm, p->len);
            return err;
        }
    }
    /* in is the last instruction now */
    if (in.op != WF_OP_EXIT && in.op != WF_OP_BRA) {
        snprintf(err, errlen,
                 "word %u: last instruction can fall through past the end of the program "
                 "(end with exit or bra)", p->len - 1);
        return err;
    }
    for (unsigned w = 0; w < WF_MAX_WARPS; w++)
        if (p->start_pc[w] >= p->len) {
            snprintf(err, errlen, "warp %u: start pc %u beyond the end of the program (length %u)",
                     w, p->start_pc[w], p->len);
            return err;
        }
    return NULL;
}

int wf_write_hex(const wf_program *p, FILE *f)
{
    for (unsigned i = 0; i < p->len; i++)
        if (fprintf(f, "%016" PRIx64 "\n", p->words[i]) < 0) return -1;
    return ferror(f) ? -1 : 0;
}

/* Byte by byte, least significant first: the image is the same on any host. */
static void put_le(FILE *f, uint64_t v, unsigned bytes)
{
    for (unsigned i = 0; i < bytes; i++) putc((int)((v >> (8 * i)) & 0xFF), f);
}

static int get_le(FILE *f, unsigned bytes, uint64_t *v)
{
    uint64_t x = 0;
    for (unsigned i = 0; i < bytes; i++) {
        int c = getc(f);
        if (c == EOF) return -1;
        x |= (uint64_t)c << (8 * i);
    }
    *v = x;
    return 0;
}

/* Warp w has a start entry: a .start (its pc may be 0) or a nonzero pc. */
static int has_start(const wf_program *p, unsigned w)
{
    return p->start_pc[w] != 0 || ((p->start_given >> w) & 1);
}

int wf_write_image(const wf_program *p, FILE *f)
{
    unsigned s = 0;
    for (unsigned w = 0; w < WF_MAX_WARPS; w++) s += (unsigned)has_start(p, w);
    fwrite(magic, 1, sizeof magic, f);
    put_le(f, p->len, 4);
    put_le(f, s, 4);
    for (unsigned w = 0; w < WF_MAX_WARPS; w++)
        if (has_start(p, w)) {
            put_le(f, w, 4);
            put_le(f, p->start_pc[w], 4);
        }
    for (unsigned i = 0; i < p->len; i++) put_le(f, p->words[i], 8);
    return ferror(f) ? -1 : 0;
}

int wf_read_image(FILE *f, const char *name, unsigned regs, wf_program *out, char *err,
                  size_t errlen)
{
    char msg[256];
    unsigned char m[8];
    uint64_t n, s, w, pc;
    wf_program p = {0};
    int seen[WF_MAX_WARPS] = {0};
    memset(out, 0, sizeof *out);
    size_t got = fread(m, 1, sizeof m, f);
    if (memcmp(m, magic, got) != 0 || (got == sizeof m && memcmp(m, magic, sizeof m) != 0)) {
        snprintf(msg, sizeof msg, "bad magic (not a warpfront program image)");
        goto fail;
    }
    if (got < sizeof m || get_le(f, 4, &n) < 0 || get_le(f, 4, &s) < 0) {
        snprintf(msg, sizeof msg, "truncated image (header)");
        goto fail;
    }
    if (n < 1 || n > WF_MAX_PROGRAM) {
        snprintf(msg, sizeof msg, "instruction count %" PRIu64 " out of range 1..65536", n);
        goto fail;
    }
    if (s > WF_MAX_WARPS) {
        snprintf(msg, sizeof msg, "start entry count %" PRIu64 " out of range 0..64", s);
        goto fail;
    }
    for (unsigned i = 0; i < s; i++) {
        if (get_le(f, 4, &w) < 0 || get_le(f, 4, &pc) < 0) {
            snprintf(msg, sizeof msg, "truncated image (start entry %u of %" PRIu64 ")", i, s);
            goto fail;
        }
        if (w >= WF_MAX_WARPS) {
            snprintf(msg, sizeof msg, "start entry %u: warp %" PRIu64 " out of range 0..63", i, w);
            goto fail;
        }
        if (seen[w]++) {
            snprintf(msg, sizeof msg, "start entry %u: duplicate warp %" PRIu64, i, w);
            goto fail;
        }
        if (pc >= n) { /* checked here: start_pc is only 16 bits wide */
            snprintf(msg, sizeof msg,
                     "start entry %u: pc %" PRIu64 " beyond the end of the program (length %" PRIu64
                     ")", i, pc, n);
            goto fail;
        }
        p.start_pc[w] = (uint16_t)pc;
        p.start_given |= 1ull << w;
    }
    p.len = (unsigned)n;
    p.words = malloc(n * sizeof *p.words);
    p.line = calloc(n, sizeof *p.line); /* no source lines in an image */
    if (!p.words || !p.line) {
        snprintf(msg, sizeof msg, "out of memory");
        goto fail;
    }
    for (unsigned i = 0; i < n; i++)
        if (get_le(f, 8, &p.words[i]) < 0) {
            snprintf(msg, sizeof msg, "truncated image (word %u of %" PRIu64 ")", i, n);
            goto fail;
        }
    if (getc(f) != EOF) {
        snprintf(msg, sizeof msg, "trailing bytes after the last word");
        goto fail;
    }
    if (wf_program_check(&p, regs, msg, sizeof msg)) goto fail;
    *out = p;
    return 0;
fail:
    wf_program_free(&p);
    snprintf(err, errlen, "%s: %s", name, msg);
    return -1;
}

int wf_write_disasm(const wf_program *p, FILE *f)
{
    char buf[96];
    wf_insn in;
    for (unsigned w = 0; w < WF_MAX_WARPS; w++)
        if (has_start(p, w)) fprintf(f, ".start w%u, @%u\n", w, p->start_pc[w]);
    for (unsigned i = 0; i < p->len; i++) {
        if (wf_decode(p->words[i], WF_MAX_REGS, &in)) return -1; /* no source form exists */
        wf_disasm(&in, buf, sizeof buf);
        fprintf(f, "%s\n", buf);
    }
    return ferror(f) ? -1 : 0;
}
