/* ALU and MUL pipelines (§10.1), the stage chains of all three units with
 * their back-pressure, the results of the lane operations (docs/isa.md) and
 * bnz resolution data (§10.4). LSU stage 1 itself is lsu.c. Mirrors
 * rtl/wf_exec.v. */
#include "wf_bits.h"
#include "wf_model_impl.h"

#include <stddef.h>
#include <string.h>

/* Signed 32-bit comparison without a conversion to int32_t. */
static int lt_signed(uint32_t a, uint32_t b) { return (a ^ 0x80000000u) < (b ^ 0x80000000u); }

/* The lane operation of every lane l < L (one switch per instruction, the
 * lanes in the inner loops): out[l] from a[l], b[l], c[l]. */
static void lane_results(const wf_insn *in, const uint32_t *a, const uint32_t *b, const uint32_t *c,
                         unsigned w, unsigned L, uint32_t *out)
{
    const uint32_t imm = (uint32_t)in->imm;
#define LANES(expr)                                  \
    do {                                             \
        for (unsigned l = 0; l < L; l++) out[l] = (expr); \
    } while (0)
    switch (in->op) {
    case WF_OP_ADD: LANES(a[l] + b[l]); break;
    case WF_OP_SUB: LANES(a[l] - b[l]); break;
    case WF_OP_AND: LANES(a[l] & b[l]); break;
    case WF_OP_OR: LANES(a[l] | b[l]); break;
    case WF_OP_XOR: LANES(a[l] ^ b[l]); break;
    case WF_OP_SHL: LANES(a[l] << (b[l] & 31u)); break;
    case WF_OP_SHR: LANES(a[l] >> (b[l] & 31u)); break;
    case WF_OP_MIN: LANES(lt_signed(b[l], a[l]) ? b[l] : a[l]); break;
    case WF_OP_MAX: LANES(lt_signed(a[l], b[l]) ? b[l] : a[l]); break;
    case WF_OP_MOV: LANES(a[l]); break;
    case WF_OP_MOVI: LANES(imm); break;
    case WF_OP_ADDI: LANES(a[l] + imm); break;
    case WF_OP_MUL: LANES((uint32_t)((uint64_t)a[l] * b[l])); break;
    case WF_OP_MAD: LANES((uint32_t)((uint64_t)a[l] * b[l] + c[l])); break;
    case WF_OP_TID: LANES((uint32_t)(w * L + l)); break;
    case WF_OP_WID: LANES((uint32_t)w); break;
    case WF_OP_LANE: LANES((uint32_t)l); break;
    default: LANES(0u); break;
    }
#undef LANES
}

/* §10.1, signal 2 of §12: stage k advances when k+1 is empty or advances;
 * the last stage advances when it leaves (decided by writeback.c). */
void wf_exec_advance_decide(const wf_model *m, wf_cyc *cy)
{
    for (unsigned x = 0; x < WF_NUNITS; x++) {
        /* On the valid mask v: every valid stage advances, except, when the
         * last stage is valid and does not leave, the run of valid stages
         * from the last one down to the first empty stage. */
        const unsigned n = m->lat[x];
        const uint64_t v = m->pipe_valid[x];
        const uint64_t range = (((uint64_t)2 << (n - 1)) - 1u) & ~(uint64_t)(x == WF_U_LSU ? 1u : 0u);
        uint64_t adv = v;
        if ((v >> (n - 1) & 1u) && !cy->leaves[x]) {
            const uint64_t empty = ~v & range; /* LSU index 0 is lsu1 (lsu.c), not a stage */
            adv = empty ? v & (((uint64_t)2 << wf_highest_bit(empty)) - 1u) : 0;
        }
        cy->adv[x] = adv;
        if (x != WF_U_LSU) cy->accept[x] = !(v & 1u) || (adv & 1u);
        /* LSU stage 1 accepts per lsu.c (it depends on the piece) */
    }
    /* §10.4: a bnz leaving the ALU's last stage redirects its warp's fetch
     * (lane 0 of ra was captured at dispatch), applied by fetch.c */
    const wf_stage *e = &m->pipe[WF_U_ALU][m->lat[WF_U_ALU] - 1];
    if (e->valid && e->bnz && cy->leaves[WF_U_ALU]) {
        cy->br.valid = 1;
        cy->br.warp = e->warp;
        cy->br.taken = e->taken;
        cy->br.next_pc = e->taken ? e->target : (uint16_t)(e->pc + 1);
        if (cy->ob) {
            cy->ob->branch.valid = 1;
            cy->ob->branch.warp = e->warp;
            cy->ob->branch.taken = e->taken;
            cy->ob->branch.target = e->target;
        }
    }
}

/* The operand values a holder dispatches with: slots read in earlier cycles
 * plus those granted in this cycle (the SR dispatches with its last reads). */
static const uint32_t *operand(const wf_model *m, const wf_cyc *cy, unsigned h, unsigned s)
{
    const wf_holder *hd = &m->hold[h];
    if (cy->fill[h] >> s & 1u) return cy->rrow[hd->bank[s]];
    return hd->opnd[s];
}

/* Builds the stage-1 entries of this cycle's dispatches (§7.1, §7.2). */
void wf_exec_build_dispatch(const wf_model *m, wf_cyc *cy)
{
    static const uint32_t zero[WF_MAX_LANES];
    wf_obs *ob = cy->ob;
    for (unsigned x = 0; x < WF_NUNITS; x++) {
        const unsigned h = cy->disp[x];
        if (h == WF_NONE) continue;
        const wf_holder *hd = &m->hold[h];
        const uint32_t *a = hd->nsrc > 0 ? operand(m, cy, h, 0) : zero;
        const uint32_t *b = hd->nsrc > 1 ? operand(m, cy, h, 1) : zero;
        const uint32_t *c = hd->nsrc > 2 ? operand(m, cy, h, 2) : zero;
        if (ob) {
            ob->dispatch[x].valid = 1;
            ob->dispatch[x].warp = hd->warp;
            ob->dispatch[x].pc = hd->pc;
            ob->dispatch[x].cu = h == WF_HOLDER_SR ? (uint8_t)WF_OBS_SR : (uint8_t)h;
        }
        if (x == WF_U_LSU) {
            wf_lsu_inst *li = &cy->disp_lsu;
            const uint32_t mask = m->M - 1u, imm = (uint32_t)hd->insn.imm;
            li->valid = 1;
            li->warp = hd->warp;
            li->pc = hd->pc;
            li->rd = hd->insn.rd;
            li->is_ld = hd->insn.op == WF_OP_LD;
            li->sb_entry = hd->sb_entry;
            li->lanes_left = hd->lanes_left;
            for (unsigned l = 0; l < m->L; l++) {
                li->addr[l] = (a[l] + imm) & mask;
                li->sdata[l] = b[l];
            }
            continue;
        }
        wf_stage *e = &cy->disp_stage[x];
        memset(e, 0, offsetof(wf_stage, data)); /* data: only the L lanes below */
        e->valid = 1;
        e->warp = hd->warp;
        e->pc = hd->pc;
        e->final = 1;
        e->inst_end = 1;
        e->sb_entry = hd->sb_entry;
        if (hd->insn.op == WF_OP_BNZ) { /* §10.4: lane 0 of ra decides */
            e->bnz = 1;
            e->taken = a[0] != 0;
            e->target = (uint16_t)hd->insn.imm;
            continue;
        }
        e->writes = 1;
        e->rd = hd->insn.rd;
        e->lanes = m->lane_mask;
        lane_results(&hd->insn, a, b, c, hd->warp, m->L, e->data);
    }
}

/* Stage registers: every advancing entry moves up one stage (the last one
 * leaves), then the dispatched entry enters stage 1 and the LSU piece stage 2. */
void wf_exec_commit(wf_model *m, const wf_cyc *cy)
{
    const size_t bytes = wf_stage_bytes(m); /* lanes >= L are never read */
    for (unsigned x = 0; x < WF_NUNITS; x++) {
        const unsigned n = m->lat[x];
        wf_stage *st = m->pipe[x]; /* adv has no bit for LSU stage index 0 (lsu1) */
        const uint64_t adv = cy->adv[x];
        for (uint64_t a = adv; a;) { /* advancing entries, last stage first */
            const unsigned k = wf_highest_bit(a);
            a &= ~((uint64_t)1 << k);
            if (k + 1 < n) memcpy(&st[k + 1], &st[k], bytes);
            st[k].valid = 0;
        }
        uint64_t v = (m->pipe_valid[x] & ~adv) | ((adv << 1) & (((uint64_t)2 << (n - 1)) - 1u));
        if (x != WF_U_LSU && cy->disp[x] != WF_NONE) {
            memcpy(&st[0], &cy->disp_stage[x], bytes);
            v |= 1u;
        }
        m->pipe_valid[x] = v;
    }
    if (cy->piece_valid) {
        memcpy(&m->pipe[WF_U_LSU][1], &cy->piece, bytes);
        m->pipe_valid[WF_U_LSU] |= 2u;
    }
}
