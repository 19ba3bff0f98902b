/* A loaded program: instruction words plus the start state the spec allows
 * (per-warp start pc). Produced by the assembler or read from an image. */
#ifndef WF_PROGRAM_H
#define WF_PROGRAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "wf_isa.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint64_t *words;   /* len instruction words, heap-owned */
    unsigned *line;    /* source line of each word (0 when read from an image) */
    unsigned len;
    uint16_t start_pc[WF_MAX_WARPS]; /* `.start wN, label` directives; default 0 */
    uint64_t start_given;            /* bit w: warp w has a `.start` (its pc may be 0) */
} wf_program;

/* The largest text input a tool reads (assembler source, wfsim --mem-init):
 * docs/isa.md "Limits the loader enforces". */
#define WF_MAX_TEXT_BYTES (16u << 20)

void wf_program_free(wf_program *p);

/* Assembles text (named `file` in messages) for a machine with `regs`
 * registers per thread. On error returns -1 and writes exactly one line
 * "file:line:col: message" into err; out is then left empty. */
int wf_assemble(const char *file, const char *text, unsigned regs, wf_program *out, char *err,
                size_t errlen);
/* Reads a whole file of at most cap bytes into *text (heap-owned, NUL added
 * after the last byte; the file's own NULs stay input). On error returns -1
 * with "path: cannot open: ...", "path: larger than N bytes ..." or "path: ...". */
int wf_read_text(const char *path, size_t cap, char **text, size_t *len, char *err,
                 size_t errlen);
int wf_assemble_file(const char *path, unsigned regs, wf_program *out, char *err, size_t errlen);

/* Static checks every loader applies (also to binary images): every word
 * decodes for `regs`, every branch target < len, the last instruction is
 * `exit` or `bra`, start pcs < len. NULL or a message "word N: ...". */
const char *wf_program_check(const wf_program *p, unsigned regs, char *err, size_t errlen);

/* Output formats (docs/isa.md "Images"). */
int wf_write_hex(const wf_program *p, FILE *f);   /* $readmemh: one 16-digit word per line */
int wf_write_image(const wf_program *p, FILE *f); /* binary image the models load */
int wf_read_image(FILE *f, const char *name, unsigned regs, wf_program *out, char *err,
                  size_t errlen);
/* Disassembles the whole program to assembler source that reassembles to the
 * same words and start pcs (branch targets are emitted as @pc). */
int wf_write_disasm(const wf_program *p, FILE *f);

#ifdef __cplusplus
}
#endif
#endif
