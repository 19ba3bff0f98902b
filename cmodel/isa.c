/* Instruction table, encode/decode and disassembly (docs/isa.md). */
#include "wf_isa.h"

#include <stdio.h>
#include <string.h>

static const wf_opinfo op_table[WF_OP_COUNT] = {
#include "wf_optable.inc" /* generated from scripts/wf/layout.py */
};

const wf_opinfo *wf_op_info(wf_opcode op)
{
    if ((unsigned)op >= WF_OP_COUNT) return NULL;
    return &op_table[op];
}

int wf_op_by_name(const char *name, size_t len)
{
    for (int op = 0; op < WF_OP_COUNT; op++) {
        const char *m = op_table[op].mnemonic;
        if (strlen(m) == len && memcmp(m, name, len) == 0) return op;
    }
    return -1;
}

uint64_t wf_encode(const wf_insn *in)
{
    return ((uint64_t)in->op << WF_SHIFT_OP) | ((uint64_t)in->rd << WF_SHIFT_RD) |
           ((uint64_t)in->ra << WF_SHIFT_RA) | ((uint64_t)in->rb << WF_SHIFT_RB) |
           ((uint64_t)in->rc << WF_SHIFT_RC) | ((uint64_t)(uint32_t)in->imm & 0xFFFFFFu);
}

const char *wf_decode(uint64_t word, unsigned regs, wf_insn *out)
{
    unsigned op = (unsigned)(word >> WF_SHIFT_OP) & 0xFF;
    const wf_opinfo *info = wf_op_info((wf_opcode)op);
    if (!info) return "undefined opcode";
    wf_insn in = {
        .op = (wf_opcode)op,
        .rd = (uint8_t)(word >> WF_SHIFT_RD),
        .ra = (uint8_t)(word >> WF_SHIFT_RA),
        .rb = (uint8_t)(word >> WF_SHIFT_RB),
        .rc = (uint8_t)(word >> WF_SHIFT_RC),
    };
    uint32_t imm24 = (uint32_t)word & 0xFFFFFFu;
    unsigned f = info->fields;
    if (!(f & WF_F_RD) && in.rd) return "rd field must be 0 for this opcode";
    if (!(f & WF_F_RA) && in.ra) return "ra field must be 0 for this opcode";
    if (!(f & WF_F_RB) && in.rb) return "rb field must be 0 for this opcode";
    if (!(f & WF_F_RC) && in.rc) return "rc field must be 0 for this opcode";
    if (!(f & (WF_F_IMM | WF_F_TGT)) && imm24) return "imm field must be 0 for this opcode";
    if (in.rd >= regs) return "rd out of range for the register count";
    if (in.ra >= regs) return "ra out of range for the register count";
    if (in.rb >= regs) return "rb out of range for the register count";
    if (in.rc >= regs) return "rc out of range for the register count";
    if (f & WF_F_TGT) {
        if (imm24 >= WF_MAX_PROGRAM) return "branch target beyond the 16-bit pc";
        in.imm = (int32_t)imm24;
    } else {
        in.imm = (int32_t)(imm24 ^ 0x800000u) - 0x800000; /* sign-extend 24 bits */
    }
    *out = in;
    return NULL;
}

unsigned wf_sources(const wf_insn *in, uint8_t src[3])
{
    unsigned f = op_table[in->op].fields, n = 0;
    if (f & WF_F_RA) src[n++] = in->ra;
    if (f & WF_F_RB) src[n++] = in->rb;
    if (f & WF_F_RC) src[n++] = in->rc;
    return n;
}

bool wf_writes_reg(const wf_insn *in) { return (op_table[in->op].fields & WF_F_RD) != 0; }

void wf_disasm(const wf_insn *in, char *buf, size_t len)
{
    const char *m = op_table[in->op].mnemonic;
    switch (in->op) {
    case WF_OP_NOP:
    case WF_OP_EXIT: snprintf(buf, len, "%s", m); break;
    case WF_OP_MOV: snprintf(buf, len, "%s r%u <- r%u", m, in->rd, in->ra); break;
    case WF_OP_MOVI: snprintf(buf, len, "%s r%u <- %d", m, in->rd, in->imm); break;
    case WF_OP_ADDI: snprintf(buf, len, "%s r%u <- r%u, %d", m, in->rd, in->ra, in->imm); break;
    case WF_OP_MAD:
        snprintf(buf, len, "%s r%u <- r%u, r%u, r%u", m, in->rd, in->ra, in->rb, in->rc);
        break;
    case WF_OP_LD: snprintf(buf, len, "%s r%u <- [r%u + %d]", m, in->rd, in->ra, in->imm); break;
    case WF_OP_ST: snprintf(buf, len, "%s [r%u + %d] <- r%u", m, in->ra, in->imm, in->rb); break;
    case WF_OP_TID:
    case WF_OP_WID:
    case WF_OP_LANE: snprintf(buf, len, "%s r%u", m, in->rd); break;
    case WF_OP_BRA: snprintf(buf, len, "%s @%d", m, in->imm); break;
    case WF_OP_BNZ: snprintf(buf, len, "%s r%u, @%d", m, in->ra, in->imm); break;
    default: snprintf(buf, len, "%s r%u <- r%u, r%u", m, in->rd, in->ra, in->rb); break;
    }
}
