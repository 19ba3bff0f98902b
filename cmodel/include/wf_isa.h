/* warpfront ISA: opcodes, the 64-bit instruction word, decode/encode.
 * docs/isa.md is the contract; this header is its C form. */
#ifndef WF_ISA_H
#define WF_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Architectural limits (docs/isa.md "Limits"). */
#define WF_MAX_WARPS 64
#define WF_MAX_LANES 32
#define WF_MAX_REGS 128
#define WF_MAX_PROGRAM 65536 /* instructions; pc is 16 bits */
#define WF_IMM_MIN (-8388608) /* 24-bit two's complement immediate */
#define WF_IMM_MAX 8388607

/* wf_opcode (WF_OP_*), WF_SHIFT_*, wf_unit (WF_UNIT_*), WF_NUNITS: generated
 * from the field table */
#include "wf_opcodes.h"

/* Operand shape of an opcode: which fields it uses. */
enum {
    WF_F_RD = 1u << 0,  /* writes register rd */
    WF_F_RA = 1u << 1,  /* reads register ra */
    WF_F_RB = 1u << 2,  /* reads register rb */
    WF_F_RC = 1u << 3,  /* reads register rc */
    WF_F_IMM = 1u << 4, /* signed 24-bit immediate */
    WF_F_TGT = 1u << 5  /* branch target pc in the immediate field */
};

typedef struct {
    const char *mnemonic;
    unsigned fields; /* WF_F_* */
    wf_unit unit;
} wf_opinfo;

/* Decoded instruction. Unused register fields are 0. */
typedef struct {
    wf_opcode op;
    uint8_t rd, ra, rb, rc;
    int32_t imm; /* sign-extended immediate, or branch target pc */
} wf_insn;


const wf_opinfo *wf_op_info(wf_opcode op); /* NULL for an undefined opcode */
int wf_op_by_name(const char *name, size_t len); /* opcode, or -1 */

uint64_t wf_encode(const wf_insn *insn);
/* Decodes and validates one word against the register count. Returns NULL on
 * success or a static message naming the offending field. */
const char *wf_decode(uint64_t word, unsigned regs, wf_insn *out);

/* Number of source registers (0..3) and their numbers in operand-slot order
 * a, b, c; the collector, scoreboard and functional interpreter all use this. */
unsigned wf_sources(const wf_insn *insn, uint8_t src[3]);
bool wf_writes_reg(const wf_insn *insn);
static inline bool wf_is_branch(wf_opcode op) { return op == WF_OP_BRA || op == WF_OP_BNZ; }

/* Disassembles into buf in the canonical ASCII form ("mad r2 <- r5, r4, r6").
 * Branch targets print as "@N" (absolute pc), which the assembler accepts. */
void wf_disasm(const wf_insn *insn, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
