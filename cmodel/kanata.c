/* Pipeline log in Kanata 0004 format (the Konata viewer) built from the
 * observation records (docs/microarch.md §11) alone, so an RTL trace can be
 * logged the same way. Not part of the machine: a viewer aid.
 *
 * An instance is one issue of an instruction (so the log has one `I` line per
 * issue event): fetched (F, the hit cycle), in the I-buffer (Ib), issued (Is),
 * in its collector unit or the staging register (Rd), in its execution unit
 * (X), writing back (Wb); retired (`R id n 0`) when it leaves its unit, or when
 * it issues if it takes no unit (nop, bra, exit). Flushed (`R id 0 1`): a
 * collector replay issue (§9.1; the instruction stays in the I-buffer as a new
 * instance) and an instance of a split ld/st that did not serve its last
 * lanes (§9.2; the instruction issues again as a new instance, which starts
 * at Is). Where an instance is comes from the events: fetch hits feed a
 * per-warp queue, issues take its head, dispatches move it from its holder to
 * its unit, ALU/MUL instances leave in order with a writeback (or, bnz, with
 * the branch event), and an LSU piece leaves lsu_lat - 1 cycles after it was
 * formed (LSU results never lose writeback arbitration, §10.3). A record that
 * contradicts this tracking is counted as an inconsistency. */
#include "warpfront.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define KN_RING 64 /* > WF_MAX_IBUF, WF_MAX_MUL_LAT, WF_MAX_LSU_LAT */
#define KN_HOLDERS (WF_MAX_CUS + 1) /* CUs, then the staging register */
#define KN_DEFER 32

typedef struct {
    uint64_t id;
    uint16_t pc;
    uint8_t warp;
} kn_inst;

typedef struct {
    kn_inst e[KN_RING];
    unsigned head, n;
} kn_ring;

typedef struct {
    kn_inst in;
    uint64_t due; /* cycle it leaves the LSU's last stage */
    uint8_t is_ld, first, ends, last;
} kn_piece;

enum { KD_STAGE, KD_RETIRE, KD_FLUSH, KD_NEW };

typedef struct {
    uint8_t kind;
    const char *stage; /* KD_STAGE, KD_NEW: the stage; KD_FLUSH: the reason (a tooltip) */
    kn_inst in;
} kn_defer;

struct wf_kanata {
    FILE *f;
    wf_config cfg;
    const wf_program *prog;
    uint64_t cur;   /* the cycle the log is at */
    uint64_t at;    /* the cycle the next line belongs to (C lines written lazily) */
    int started;
    uint64_t next_id, next_retire;
    uint64_t errors;
    char first_error[200];
    kn_ring ibq[WF_MAX_WARPS]; /* fetched, not yet issued, per warp */
    uint8_t hold_valid[KN_HOLDERS];
    kn_inst hold[KN_HOLDERS];
    kn_ring unit[2]; /* ALU, MUL stage chains, oldest first */
    struct {
        uint8_t valid, is_ld;
        unsigned pieces;
        kn_inst in;
    } lsu1;
    kn_piece piece[KN_RING];
    unsigned phead, pn;
    kn_defer def[KN_DEFER];
    unsigned ndef;
};

static void inconsistent(wf_kanata *k, uint64_t cycle, const char *what, unsigned a)
{
    if (!k->errors++)
        snprintf(k->first_error, sizeof k->first_error, "cycle %" PRIu64 ": %s %u", cycle, what, a);
}

static int ring_push(kn_ring *r, kn_inst in)
{
    if (r->n == KN_RING) return -1;
    r->e[(r->head + r->n++) % KN_RING] = in;
    return 0;
}

static kn_inst *ring_front(kn_ring *r) { return r->n ? &r->e[r->head] : NULL; }

static void ring_pop(kn_ring *r)
{
    r->head = (r->head + 1) % KN_RING;
    r->n--;
}

static void sync(wf_kanata *k)
{
    if (k->at > k->cur) fprintf(k->f, "C\t%" PRIu64 "\n", k->at - k->cur);
    k->cur = k->at;
}

static void stage(wf_kanata *k, const kn_inst *in, const char *name)
{
    sync(k);
    fprintf(k->f, "S\t%" PRIu64 "\t0\t%s\n", in->id, name);
}

/* A new instance gets its id when it is announced: the format wants the ids
 * of the I lines in file order, 0, 1, 2, ... */
static kn_inst new_inst(unsigned warp, unsigned pc)
{
    kn_inst in = {.pc = (uint16_t)pc, .warp = (uint8_t)warp};
    return in;
}

/* The I and L lines of a new instance, at the current cycle; gives it its id. */
static void announce(wf_kanata *k, kn_inst *in)
{
    char text[96] = "?";
    wf_insn insn;
    if (k->prog && in->pc < k->prog->len && !wf_decode(k->prog->words[in->pc], k->cfg.regs, &insn))
        wf_disasm(&insn, text, sizeof text);
    in->id = k->next_id++;
    sync(k);
    fprintf(k->f, "I\t%" PRIu64 "\t%" PRIu64 "\t%u\n", in->id, in->id, in->warp);
    fprintf(k->f, "L\t%" PRIu64 "\t0\tw%u pc%u: %s\n", in->id, in->warp, in->pc, text);
}

static void defer(wf_kanata *k, uint64_t cycle, int kind, const kn_inst *in, const char *name)
{
    if (k->ndef == KN_DEFER) {
        inconsistent(k, cycle, "too many events in cycle, dropped one of instance",
                     (unsigned)in->id);
        return;
    }
    kn_defer *d = &k->def[k->ndef++];
    d->kind = (uint8_t)kind;
    d->stage = name;
    d->in = *in;
}

wf_kanata *wf_kanata_create(FILE *f, const wf_config *cfg, const wf_program *prog)
{
    if (!f || !cfg) return NULL;
    wf_kanata *k = calloc(1, sizeof *k);
    if (!k) return NULL;
    k->f = f;
    k->cfg = *cfg;
    k->prog = prog;
    return k;
}

void wf_kanata_destroy(wf_kanata *k) { free(k); }

static unsigned holder_index(unsigned field) { return field == WF_OBS_SR ? WF_MAX_CUS : field; }

int wf_kanata_cycle(wf_kanata *k, const wf_obs *ob)
{
    const uint64_t c = ob->cycle;
    const uint64_t errors_before = k->errors;
    if (!k->started) {
        fprintf(k->f, "Kanata\t0004\nC=\t%" PRIu64 "\n", c);
        k->cur = k->at = c;
        k->started = 1;
    }
    if (c < k->cur) {
        inconsistent(k, c, "cycle goes backwards; log is at", (unsigned)k->cur);
        return -1;
    }
    k->at = c;
    k->ndef = 0;

    /* 1. leaving the units' last stages */
    for (unsigned x = 0; x < 2; x++) {
        const int bnz = x == 0 && ob->branch.valid;
        if (!ob->wb[x].valid && !bnz) continue;
        const unsigned warp = bnz ? ob->branch.warp : ob->wb[x].warp;
        kn_inst *in = ring_front(&k->unit[x]);
        if (!in || in->warp != warp) {
            inconsistent(k, c, x ? "MUL leave without a tracked instance of warp"
                                 : "ALU leave without a tracked instance of warp", warp);
            continue;
        }
        if (!bnz) stage(k, in, "Wb");
        defer(k, c, KD_RETIRE, in, NULL);
        ring_pop(&k->unit[x]);
    }
    int lsu_wb_used = 0;
    while (k->pn && k->piece[k->phead].due <= c) {
        kn_piece *p = &k->piece[k->phead];
        if (p->due < c) inconsistent(k, c, "LSU piece overdue; instance", (unsigned)p->in.id);
        if (p->is_ld) {
            if (!ob->wb[2].valid || ob->wb[2].warp != p->in.warp)
                inconsistent(k, c, "ld piece without its LSU writeback; warp", p->in.warp);
            lsu_wb_used = 1;
            if (p->first) stage(k, &p->in, "Wb");
        }
        if (p->ends)
            defer(k, c, p->last ? KD_RETIRE : KD_FLUSH, &p->in,
                  p->last ? NULL : "split ld/st with lanes left: issues again (microarch 9.2)");
        k->phead = (k->phead + 1) % KN_RING;
        k->pn--;
    }
    if (ob->wb[2].valid && !lsu_wb_used)
        inconsistent(k, c, "LSU writeback without a tracked piece; warp", ob->wb[2].warp);

    /* 2. the LSU stage-1 piece */
    if (ob->piece.valid) {
        if (!k->lsu1.valid || k->lsu1.in.warp != ob->piece.warp || k->lsu1.in.pc != ob->piece.pc) {
            inconsistent(k, c, "LSU piece without a stage-1 instance; warp", ob->piece.warp);
        } else if (k->pn == KN_RING) {
            inconsistent(k, c, "too many LSU pieces; warp", ob->piece.warp);
        } else {
            kn_piece *p = &k->piece[(k->phead + k->pn++) % KN_RING];
            p->in = k->lsu1.in;
            p->due = c + k->cfg.lsu_lat - 1;
            p->is_ld = k->lsu1.is_ld;
            p->first = k->lsu1.pieces++ == 0;
            p->last = ob->piece.last;
            p->ends = k->cfg.hazard == WF_HAZARD_REPLAY || ob->piece.last;
            if (p->ends) k->lsu1.valid = 0;
        }
    }

    /* 3. dispatch: holder -> unit stage 1 */
    for (unsigned x = 0; x < WF_NUNITS; x++) {
        const wf_obs_dispatch *d = &ob->dispatch[x];
        if (!d->valid) continue;
        const unsigned h = holder_index(d->cu);
        if (h >= KN_HOLDERS || !k->hold_valid[h] || k->hold[h].warp != d->warp ||
            k->hold[h].pc != d->pc) {
            inconsistent(k, c, "dispatch from an untracked holder; warp", d->warp);
            continue;
        }
        kn_inst in = k->hold[h];
        k->hold_valid[h] = 0;
        defer(k, c, KD_STAGE, &in, "X");
        if (x == 2) {
            if (k->lsu1.valid)
                inconsistent(k, c, "dispatch into a busy LSU stage 1; warp", d->warp);
            wf_insn insn;
            k->lsu1.valid = 1;
            k->lsu1.in = in;
            k->lsu1.pieces = 0;
            k->lsu1.is_ld = k->prog && in.pc < k->prog->len &&
                            !wf_decode(k->prog->words[in.pc], k->cfg.regs, &insn) &&
                            insn.op == WF_OP_LD;
        } else if (ring_push(&k->unit[x], in)) {
            inconsistent(k, c, "too many instances in a unit; warp", d->warp);
        }
    }

    /* 4. issue */
    if (ob->issue.valid) {
        const unsigned w = ob->issue.warp, u = ob->issue.unit;
        const wf_obs_slot *head = &ob->warp[w % WF_MAX_WARPS].ibuf[0];
        const uint32_t all = k->cfg.lanes >= 32 ? 0xFFFFFFFFu : (1u << k->cfg.lanes) - 1u;
        /* a split ld/st issued again for its remaining lanes: a new instance */
        const int again = head->valid && head->lanes_left != all;
        kn_inst in = {0};
        int ok = 1;
        if (w >= WF_MAX_WARPS) {
            inconsistent(k, c, "issue of a warp out of range", w);
            ok = 0;
        } else if (again) {
            in = new_inst(w, ob->issue.pc);
            announce(k, &in);
        } else {
            kn_inst *front = ring_front(&k->ibq[w]);
            if (!front || front->pc != ob->issue.pc) {
                inconsistent(k, c, "issue without a tracked I-buffer head; warp", w);
                ok = 0;
            } else {
                in = *front;
                if (u == WF_OBS_NONE && ob->issue.replay) {
                    /* stays, as a new instance announced (and numbered) in the
                     * next cycle, after this cycle's fetch: KD_NEW below */
                    *front = new_inst(w, ob->issue.pc);
                    defer(k, c, KD_NEW, front, "Ib");
                } else {
                    ring_pop(&k->ibq[w]);
                }
            }
        }
        if (ok) {
            stage(k, &in, "Is");
            if (u == WF_OBS_NONE) {
                defer(k, c, ob->issue.replay ? KD_FLUSH : KD_RETIRE, &in,
                      ob->issue.replay ? "collector replay: no free CU (microarch 9.1)" : NULL);
            } else {
                const unsigned h = holder_index(u);
                if (h >= KN_HOLDERS || k->hold_valid[h]) {
                    inconsistent(k, c, "issue into a busy or unknown holder; warp", w);
                } else {
                    k->hold[h] = in;
                    k->hold_valid[h] = 1;
                    defer(k, c, KD_STAGE, &in, "Rd");
                }
            }
        }
    }

    /* 5. fetch hit: into the I-buffer at the end of the cycle */
    if (ob->fetch.valid && ob->fetch.kind == WF_FEV_HIT) {
        const unsigned w = ob->fetch.warp;
        if (w >= WF_MAX_WARPS) {
            inconsistent(k, c, "fetch of a warp out of range", w);
        } else {
            kn_inst in = new_inst(w, ob->fetch.pc);
            announce(k, &in);
            stage(k, &in, "F");
            if (ring_push(&k->ibq[w], in)) inconsistent(k, c, "I-buffer overflow; warp", w);
            else defer(k, c, KD_STAGE, &in, "Ib");
        }
    }

    /* what starts in (or ends at the start of) the next cycle */
    k->at = c + 1;
    for (unsigned i = 0; i < k->ndef; i++) {
        const kn_defer *d = &k->def[i];
        switch (d->kind) {
        case KD_NEW: { /* the replayed head of warp d->in.warp's I-buffer */
            kn_inst *front = ring_front(&k->ibq[d->in.warp]);
            announce(k, front);
            stage(k, front, d->stage);
            break;
        }
        case KD_STAGE: stage(k, &d->in, d->stage); break;
        case KD_RETIRE:
            sync(k);
            fprintf(k->f, "R\t%" PRIu64 "\t%" PRIu64 "\t0\n", d->in.id, k->next_retire++);
            break;
        default:
            sync(k);
            if (d->stage) fprintf(k->f, "L\t%" PRIu64 "\t1\t%s\n", d->in.id, d->stage);
            fprintf(k->f, "R\t%" PRIu64 "\t0\t1\n", d->in.id);
            break;
        }
    }
    return k->errors == errors_before ? 0 : -1;
}

int wf_kanata_finish(wf_kanata *k, int done, char *err, size_t errlen)
{
    if (done) { /* every instance has left */
        unsigned left = 0;
        for (unsigned w = 0; w < WF_MAX_WARPS; w++) left += k->ibq[w].n;
        for (unsigned h = 0; h < KN_HOLDERS; h++) left += k->hold_valid[h];
        left += k->unit[0].n + k->unit[1].n + k->pn + k->lsu1.valid;
        if (left) inconsistent(k, k->cur, "instances still in flight at done:", left);
    }
    if (!k->started) fprintf(k->f, "Kanata\t0004\nC=\t0\n");
    int rc = 0;
    if (fflush(k->f) || ferror(k->f)) {
        if (err && errlen) snprintf(err, errlen, "write error");
        rc = -1;
    } else if (k->errors) {
        if (err && errlen)
            snprintf(err, errlen, "%" PRIu64 " records contradict the tracked pipeline; first: %s",
                     k->errors, k->first_error);
        rc = -1;
    }
    return rc;
}

