/* ISA coverage: the operand and value classes of docs/isa.md that select
 * different behaviour, one bin each, sampled from the executed instructions
 * of a run (the functional interpreter's execution of the program on the
 * run's configuration: the architectural execution the cycle model and the
 * RTL are compared against). The table below is the one list of classes;
 * cmodel/isacov.c samples it, wf_cov writes it into the coverage JSON as
 * bins "isa.<mnemonic>.<class>" and scripts/covreport.py crosses the ld, st,
 * bnz and bra bins with the loop mode and hazard mode (the plan's ISA rows).
 *
 * Value classes of a 32-bit operand (all lanes; a bin fires when any lane's
 * operand is in the class): zero 0, pos 1..0x7FFFFFFE, max 0x7FFFFFFF,
 * min 0x80000000, neg 0x80000001..0xFFFFFFFE, m1 0xFFFFFFFF.
 * Immediate classes (sext(imm)): zero, spos 1..255, lpos 256..8388606,
 * imax 8388607, sneg -1..-256, lneg -257..-8388607, imin -8388608.
 * "varies": the operand differs between the lanes of the instruction (the
 * result depends on each lane's own value, docs/isa.md "For each lane").
 *
 * Applicability (the `need` column): ANY every configuration; L2 lanes >= 2;
 * W2 warps >= 2; ML2 mem_line >= 2 and mem_words > mem_line (a line has a
 * first and a last word, and there is more than one line). */
#ifndef WF_ISACOV_H
#define WF_ISACOV_H

#include <stdint.h>

#include "wf_config.h"
#include "wf_functional.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { WF_ISA_ANY = 0, WF_ISA_L2, WF_ISA_W2, WF_ISA_ML2 };

/* The value classes of one operand, for an opcode's slot (X: ID, name suffix). */
#define WF_ISA_VALS(X, OP, P, S)                                                                      \
    X(OP##_##S##_ZERO, P #S "=zero", ANY, "operand " #S " is 0")                                   \
    X(OP##_##S##_POS, P #S "=pos", ANY, "operand " #S " is positive, below 0x7FFFFFFF")           \
    X(OP##_##S##_MAX, P #S "=max", ANY, "operand " #S " is 0x7FFFFFFF")                            \
    X(OP##_##S##_MIN, P #S "=min", ANY, "operand " #S " is 0x80000000")                            \
    X(OP##_##S##_NEG, P #S "=neg", ANY, "operand " #S " is negative, above 0x80000000, not -1")    \
    X(OP##_##S##_M1, P #S "=m1", ANY, "operand " #S " is 0xFFFFFFFF")                              \
    X(OP##_##S##_VARIES, P #S "_varies", L2, "operand " #S " differs between lanes")

/* A two-source ALU/MUL opcode: both operands' classes. */
#define WF_ISA_AB(X, OP, P) WF_ISA_VALS(X, OP, P, a) WF_ISA_VALS(X, OP, P, b)

/* Immediate classes (movi, addi, ld, st). */
#define WF_ISA_IMMS(X, OP, P)                                                                         \
    X(OP##_IMM_ZERO, P "imm=zero", ANY, "immediate 0")                                              \
    X(OP##_IMM_SPOS, P "imm=spos", ANY, "immediate 1..255")                                         \
    X(OP##_IMM_LPOS, P "imm=lpos", ANY, "immediate 256..8388606")                                   \
    X(OP##_IMM_IMAX, P "imm=imax", ANY, "immediate 8388607 (the largest)")                          \
    X(OP##_IMM_SNEG, P "imm=sneg", ANY, "immediate -1..-256")                                       \
    X(OP##_IMM_LNEG, P "imm=lneg", ANY, "immediate -8388607..-257")                                 \
    X(OP##_IMM_IMIN, P "imm=imin", ANY, "immediate -8388608 (sign extension of bit 23 only)")

/* Address classes of ld/st (docs/isa.md: (a + sext(imm)) mod M, per lane). */
#define WF_ISA_MEM(X, OP, P)                                                                          \
    WF_ISA_IMMS(X, OP, P)                                                                          \
    X(OP##_A_HIGH, P "a_ge_m", ANY, "a lane's address register is >= M (bits above log2 M dropped)") \
    X(OP##_WRAP32, P "wrap32", ANY, "a lane's a + sext(imm) leaves 0..2^32-1 (wraps)")               \
    X(OP##_REDUCED, P "reduced", ANY, "a lane's 32-bit sum a + sext(imm) is >= M (reduced mod M)") \
    X(OP##_ADDR_ZERO, P "addr=0", ANY, "a lane's address is word 0")                               \
    X(OP##_ADDR_TOP, P "addr=top", ANY, "a lane's address is word M-1")                            \
    X(OP##_LINE_FIRST, P "line_first", ML2, "a lane's address is the first word of its line")      \
    X(OP##_LINE_LAST, P "line_last", ML2, "a lane's address is the last word of its line")         \
    X(OP##_ONE_WORD, P "lanes_one_word", L2, "every lane addresses one word")                      \
    X(OP##_COLLIDE, P "lanes_collide", L2, "two lanes meet on a word, not all lanes on one")       \
    X(OP##_DISTINCT, P "lanes_distinct", L2, "every lane addresses its own word")                  \
    X(OP##_ONE_LINE, P "lines=1", L2, "lanes on two or more words, all in one line")               \
    X(OP##_LINES, P "lines>=2", L2, "the lanes touch two or more lines (pieces, §9.2)")            \
    X(OP##_DESC, P "descending", L2, "a lane's address is below its lower neighbour's")            \
    X(OP##_ALIAS, P "alias", ANY,                                                                   \
      "the word the warp's previous ld/st (lane 0) reached, from another register value or offset")

/* The table: ID, bin name after "isa.", need, the class. */
#define WF_ISA_BINS(X)                                                                             \
    X(NOP_EXEC, "nop.exec", ANY, "nop executed")                                                  \
    WF_ISA_AB(X, ADD, "add.")                                                                              \
    X(ADD_CARRY, "add.carry", ANY, "a + b carries out of 32 bits")                                \
    X(ADD_OVF, "add.ovf", ANY, "a + b overflows as signed")                                       \
    X(ADD_RZERO, "add.result=zero", ANY, "a + b is 0")                                             \
    WF_ISA_AB(X, SUB, "sub.")                                                                              \
    X(SUB_BORROW, "sub.borrow", ANY, "a < b unsigned (borrow)")                                   \
    X(SUB_OVF, "sub.ovf", ANY, "a - b overflows as signed")                                       \
    X(SUB_EQ, "sub.equal", ANY, "a = b (result 0)")                                               \
    WF_ISA_AB(X, AND, "and.")                                                                              \
    X(AND_RZERO, "and.result=zero", ANY, "a & b is 0 with a and b nonzero")                       \
    WF_ISA_AB(X, OR, "or.")                                                                               \
    X(OR_RONES, "or.result=m1", ANY, "a | b is 0xFFFFFFFF with neither operand -1")               \
    WF_ISA_AB(X, XOR, "xor.")                                                                              \
    X(XOR_EQ, "xor.equal", ANY, "a = b (result 0)")                                               \
    WF_ISA_VALS(X, SHL, "shl.", a)                                                                         \
    X(SHL_AMT0, "shl.amt=0", ANY, "b & 31 = 0, b < 32")                                          \
    X(SHL_AMT31, "shl.amt=31", ANY, "b = 31")                                                     \
    X(SHL_AMTMID, "shl.amt=1..30", ANY, "b = 1..30")                                              \
    X(SHL_B32, "shl.b>=32", ANY, "b >= 32 with b & 31 nonzero (only the low 5 bits count)")       \
    X(SHL_B32Z, "shl.b=32k", ANY, "b a nonzero multiple of 32 (shift by 0)")                      \
    X(SHL_LOST, "shl.lost", ANY, "bits shifted out are nonzero")                                  \
    X(SHL_BVAR, "shl.b_varies", L2, "shift amounts differ between lanes")                         \
    WF_ISA_VALS(X, SHR, "shr.", a)                                                                         \
    X(SHR_AMT0, "shr.amt=0", ANY, "b & 31 = 0, b < 32")                                          \
    X(SHR_AMT31, "shr.amt=31", ANY, "b = 31")                                                     \
    X(SHR_AMTMID, "shr.amt=1..30", ANY, "b = 1..30")                                              \
    X(SHR_B32, "shr.b>=32", ANY, "b >= 32 with b & 31 nonzero")                                   \
    X(SHR_B32Z, "shr.b=32k", ANY, "b a nonzero multiple of 32 (shift by 0)")                      \
    X(SHR_ZFILL, "shr.zero_fill", ANY, "a negative and amount nonzero (logical: zeros come in)")  \
    X(SHR_BVAR, "shr.b_varies", L2, "shift amounts differ between lanes")                         \
    WF_ISA_AB(X, MIN, "min.")                                                                              \
    X(MIN_SIGNS, "min.signs_differ", ANY, "a and b of different signs (signed and unsigned order disagree)") \
    X(MIN_EQ, "min.equal", ANY, "a = b")                                                          \
    X(MIN_ALT, "min.a_lt_b", ANY, "a < b signed, same sign")                                      \
    X(MIN_AGT, "min.a_gt_b", ANY, "a > b signed, same sign")                                      \
    X(MIN_PICKVAR, "min.pick_varies", L2, "some lanes take a, others b")                          \
    WF_ISA_AB(X, MAX, "max.")                                                                              \
    X(MAX_SIGNS, "max.signs_differ", ANY, "a and b of different signs")                           \
    X(MAX_EQ, "max.equal", ANY, "a = b")                                                          \
    X(MAX_ALT, "max.a_lt_b", ANY, "a < b signed, same sign")                                      \
    X(MAX_AGT, "max.a_gt_b", ANY, "a > b signed, same sign")                                      \
    X(MAX_PICKVAR, "max.pick_varies", L2, "some lanes take a, others b")                          \
    WF_ISA_VALS(X, MOV, "mov.", a)                                                                         \
    WF_ISA_IMMS(X, MOVI, "movi.")                                                                           \
    WF_ISA_VALS(X, ADDI, "addi.", a)                                                                        \
    WF_ISA_IMMS(X, ADDI, "addi.")                                                                           \
    X(ADDI_CARRY, "addi.carry", ANY, "a + sext(imm) leaves 0..2^32-1 (wraps)")                     \
    X(ADDI_RZERO, "addi.result=zero", ANY, "a + sext(imm) is 0")                                   \
    WF_ISA_AB(X, MUL, "mul.")                                                                              \
    X(MUL_HIGH, "mul.high", ANY, "the product is >= 2^32 (high bits dropped)")                    \
    X(MUL_RNEG, "mul.result_neg", ANY, "the low 32 bits have bit 31 set")                          \
    WF_ISA_AB(X, MAD, "mad.")                                                                              \
    WF_ISA_VALS(X, MAD, "mad.", c)                                                                         \
    X(MAD_HIGH, "mad.high", ANY, "the product is >= 2^32")                                        \
    X(MAD_CARRY, "mad.carry", ANY, "low 32 bits of a * b plus c carries out of 32 bits")          \
    WF_ISA_MEM(X, LD, "ld.")                                                                              \
    X(LD_AFTER_ST, "ld.after_st", ANY, "a lane reads a word the warp's own st wrote within 4 instructions") \
    WF_ISA_MEM(X, ST, "st.")                                                                              \
    X(ST_COLLIDE_DIFF, "st.collide_values_differ", L2, "lanes meeting on a word store different values (the highest lane wins)") \
    X(ST_B_VARIES, "st.b_varies", L2, "the stored values differ between lanes")                   \
    X(TID_W, "tid.warp>0", W2, "tid in a warp other than 0 (w * L + l)")                          \
    X(WID_W, "wid.warp>0", W2, "wid in a warp other than 0")                                      \
    X(LANE_VAR, "lane.varies", L2, "lane with two or more lanes")                                 \
    X(BRA_FWD, "bra.forward", ANY, "bra to a later pc")                                           \
    X(BRA_BACK, "bra.backward", ANY, "bra to an earlier pc")                                      \
    X(BRA_NEXT, "bra.to_next", ANY, "bra to pc + 1")                                              \
    X(BNZ_TAKEN_FWD, "bnz.taken_forward", ANY, "bnz taken to a later pc")                         \
    X(BNZ_TAKEN_BACK, "bnz.taken_backward", ANY, "bnz taken to an earlier pc")                    \
    X(BNZ_NOT_FWD, "bnz.not_taken_forward", ANY, "bnz not taken, its target later")               \
    X(BNZ_NOT_BACK, "bnz.not_taken_backward", ANY, "bnz not taken, its target earlier")           \
    X(BNZ_NEXT, "bnz.to_next", ANY, "bnz whose target is pc + 1")                                 \
    X(BNZ_L0Z, "bnz.lane0_zero_others_not", L2, "lane 0 is 0 while another lane is not: not taken") \
    X(BNZ_L0NZ, "bnz.lane0_set_other_zero", L2, "lane 0 nonzero while another lane is 0: taken")   \
    X(BNZ_HIGH, "bnz.high_bits_only", ANY, "lane 0 nonzero with its low 16 bits 0")               \
    X(BNZ_NEG, "bnz.negative", ANY, "lane 0 has bit 31 set")                                      \
    X(EXIT_EXEC, "exit.exec", ANY, "exit executed")

#define WF_ISA_ID(ID, NAME, NEED, WHAT) WF_ISA_##ID,
enum { WF_ISA_BINS(WF_ISA_ID) WF_ISA_NBINS };
#undef WF_ISA_ID

typedef struct {
    uint64_t hits[WF_ISA_NBINS];
    uint64_t applicable[WF_ISA_NBINS]; /* runs whose configuration makes the class possible */
    uint64_t runs;
} wf_isacov;

/* Bin i's name after "isa." and its class, or NULL beyond the table. */
const char *wf_isacov_name(unsigned i);
const char *wf_isacov_what(unsigned i);
/* 1 if configuration cfg makes bin i possible (the need column). */
int wf_isacov_applicable(unsigned i, const wf_config *cfg);

/* Runs prog on cfg with the functional interpreter (mem_init as there) and
 * samples every executed instruction into cov (one run). 0, or -1 with the
 * interpreter's message in err. */
int wf_isacov_run(wf_isacov *cov, const wf_config *cfg, const wf_program *prog,
                  const uint32_t *mem_init, uint64_t max_steps, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
