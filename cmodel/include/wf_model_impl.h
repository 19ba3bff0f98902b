/* Internal to the cycle model (cmodel/<block>.c <-> rtl/wf_<block>.v); not a
 * public interface. Users include warpfront.h.
 *
 * Two-phase update (§1, §12): every block has a *_decide function that takes
 * `const wf_model *` (it cannot change state) and records its decisions of the
 * cycle in the per-cycle record wf_cyc (the same-cycle signals of §12, plus
 * the values the commit needs), and a *_commit function that writes its own
 * block's next state from wf_cyc only. wf_model_step (core.c) calls the
 * decides in the order of §12 and then the commits; the commits touch
 * disjoint state and read only wf_cyc, so their order does not matter. */
#ifndef WF_MODEL_IMPL_H
#define WF_MODEL_IMPL_H

#include "warpfront.h"
#include "wf_bits.h"

#define WF_NONE 0xFFu
#define WF_HOLDER_SR WF_MAX_CUS /* the staging register's index in hold[] */
#define WF_NHOLDERS (WF_MAX_CUS + 1)
#define WF_U_ALU 0 /* unit array indices (wf_unit - 1) */
#define WF_U_MUL 1
#define WF_U_LSU 2

/* ---- state ---------------------------------------------------------------- */

typedef struct { /* I-buffer slot, §4.1 */
    uint8_t valid;
    uint8_t dep;           /* E bits */
    uint8_t conflict_free; /* §7.2 */
    uint8_t issued;        /* §9.2 */
    uint8_t sb_held;       /* holds sb_entry across its replays */
    uint8_t sb_entry;
    uint8_t unit;          /* wf_unit of the opcode */
    uint8_t writes;        /* writes register rd */
    uint8_t mem;           /* ld or st */
    uint8_t nsrc;          /* source registers (wf_sources) */
    uint8_t src[3];        /* slot order a, b, c; unused ones WF_NONE (matches no register) */
    uint8_t hstatic;       /* the WF_HF_* bits fixed by the opcode (holder, writes, mem, exit) */
    uint16_t pc;
    uint32_t lanes_left;
    wf_insn insn;
} wf_slot;

typedef struct {
    uint8_t active;      /* launched (w < active_warps) */
    uint8_t exited;      /* issued exit */
    uint8_t fetch_state; /* wf_fetch_state */
    uint8_t wait_mshr;
    uint16_t fetch_pc;
    uint16_t inflight;   /* §5.5 */
    uint8_t mem_inflight;/* §10.5 */
    uint8_t nslots;      /* I-buffer occupancy; slots 0..nslots-1 valid, 0 = head */
    wf_slot slot[WF_MAX_IBUF];
    uint8_t sb_valid;    /* bit e: scoreboard entry e valid */
    uint8_t sb_reg[WF_MAX_SB];
} wf_warp;

typedef struct { /* a collector unit (mode 3) or the staging register (modes 1, 2) */
    uint8_t valid, warp, unit, nsrc;
    uint8_t src[3];        /* source registers, slot order a, b, c */
    uint8_t bank[3];       /* bank of src[s] for the holder's warp (wf_rf_bank) */
    uint8_t pending;       /* slot mask not yet read */
    uint8_t reading;       /* fill_stage = 1: pending slots granted last cycle, filled this one (§6.5) */
    uint8_t conflict_free;
    uint8_t sb_entry;      /* held scoreboard entry or WF_NONE */
    uint16_t pc;
    uint16_t older;        /* §8.2, war=inorder (0 under the other policies: nobody reads it) */
    uint64_t bloom[3];     /* war=bloom: H(src[s]) (§8.5) */
    uint64_t age;          /* allocation cycle */
    uint32_t lanes_left;   /* ld/st: lanes this instance serves */
    wf_insn insn;
    uint32_t opnd[3][WF_MAX_LANES];
} wf_holder;

typedef struct { /* one stage of a pipeline (ALU, MUL, LSU stages 2..) */
    uint8_t valid, warp, rd;
    uint8_t writes;    /* writes register rd (lanes) */
    uint8_t final;     /* the instruction's final result: releases sb_entry, retires */
    uint8_t inst_end;  /* the last entry of its instance: inflight -= 1 when it leaves */
    uint8_t sb_entry;
    uint8_t bnz, taken;
    uint16_t pc, target;
    uint32_t lanes;
    uint32_t data[WF_MAX_LANES];
} wf_stage;

typedef struct { /* LSU stage 1: the instance being served (§10.2) */
    uint8_t valid, warp, rd, is_ld, sb_entry;
    uint16_t pc;
    uint32_t lanes_left;
    uint32_t addr[WF_MAX_LANES];  /* (a + sext(imm)) mod M */
    uint32_t sdata[WF_MAX_LANES]; /* st: b */
} wf_lsu_inst;

typedef struct {
    uint8_t valid;
    uint32_t line;
    uint64_t fill_cycle; /* allocation cycle + imiss_lat */
} wf_mshr;

struct wf_model {
    wf_config cfg;
    unsigned W, L, R, B, C, E, I, M, nactive, rows;
    uint32_t lane_mask;
    int loaded;

    /* instruction memory */
    uint64_t *imem; /* imem_words words */
    unsigned prog_len;
    /* imem decoded once at load (the decoder is combinational in the RTL):
     * dec[pc] for pc < prog_len, the zero word (nop) beyond; the per-warp and
     * per-cycle slot fields (conflict_free, dep, lanes_left, sb_*) are filled
     * at fetch (wf_ibuf_decode) */
    wf_slot *dec;
    wf_slot dec_zero;

    /* fetch, §3 */
    unsigned fetch_rr;
    uint64_t refill;
    uint8_t *ic_valid; /* icache_lines */
    uint32_t *ic_tag;
    wf_mshr mshr[WF_MAX_MSHRS];
    /* decode_stage = 1: the fetch/decode register FD (§3.4) */
    uint8_t fd_valid, fd_warp;
    uint16_t fd_pc;

    wf_warp warp[WF_MAX_WARPS];
    /* alloc_stage = 1: the allocation record AR of the last cycle's issue (§4.4) */
    uint8_t ar_valid, ar_warp, ar_entry, ar_reg;

    /* Per-warp conditions, derived from warp[w] and refreshed by
     * wf_warp_refresh (core.c) for every warp whose state a cycle changed:
     * one flag byte per warp (WF_HF_* in hflag, WF_SF_* in sflag), turned into
     * masks over all warps (bit w) eight warps per operation (wf_flag_mask).
     * The RTL evaluates these conditions for all warps in parallel; the model
     * reads readiness (§5.1), fetch eligibility (§3.2.1) and done (§5.5) with
     * a few mask operations instead of a loop over warps. Bytes of warps >= W
     * stay 0. */
    uint8_t hflag[WF_MAX_WARPS];
    uint8_t sflag[WF_MAX_WARPS];
    uint64_t wm_all;    /* warps 0..W-1 */
    uint64_t wm_active; /* warps 0..nactive-1 */
    uint64_t hz_last[WF_HZ_COUNT]; /* the last stepped cycle's hazard masks (summary) */

    /* issue, §5 */
    unsigned issue_rr, gto_last;
    uint64_t ready_q; /* ready_stage = 1: last cycle's per-warp readiness minus its issuer (§5.7) */
    uint8_t lsu_stall; /* §9.3 */

    /* collector units 0..C-1 and the staging register */
    wf_holder hold[WF_NHOLDERS];
    /* handoff_stage = 1: the issue handoff IH, the CU to write this cycle (§5.6) */
    uint8_t ih_valid, ih_cu, ih_warp, ih_sb_entry;
    wf_slot ih_slot;
    uint32_t hvalid, hpending; /* bit h: hold[h] valid / valid with slots still to read
                                  (kept by wf_collector_commit) */

    /* register file: bank b, row, lane at rf[((b * W * rows) + row) * L + lane] */
    uint32_t *rf;

    /* execution units */
    wf_stage pipe[WF_NUNITS][WF_MAX_MUL_LAT]; /* stage k+1 at index k; LSU index 0 unused */
    uint64_t pipe_valid[WF_NUNITS]; /* bit k: pipe[x][k].valid (kept by wf_exec_commit) */
    unsigned lat[WF_NUNITS];
    wf_lsu_inst lsu1;

    uint32_t *mem; /* scratchpad */

    uint64_t cycle;
    uint64_t idle; /* consecutive cycles without an issue or a writeback */
    uint64_t retired[WF_MAX_WARPS];
    wf_obs obs;
    wf_stats stats;

    /* constant after create: bank_of[r + w * swz] = wf_rf_bank (regfile.c, §6.1) */
    unsigned swz; /* 1 for layout=swizzle, else 0 */
    uint8_t bank_of[WF_MAX_REGS + WF_MAX_WARPS];
    uint8_t row_of[WF_MAX_REGS]; /* r / B: wf_rf_row = w * rows + row_of[r] */
};

/* ---- per-cycle decisions (§12) -------------------------------------------- */

/* wf_iss_kind: wf_enums.h */

/* wf_model_step clears wf_cyc up to `hzm` (the first field that every
 * cycle writes before it reads it); keep fields that need a 0 start above it. */
typedef struct {
    wf_obs *ob; /* the record of this cycle: decides write its event fields;
                   NULL when nobody observes the cycle (wf_model_run) */

    /* (0) start-of-cycle holder masks (copies of wf_model hvalid, hpending) */
    uint32_t hvalid;   /* valid */
    uint32_t ih_cu;    /* bit u: IH names CU u (§5.6), so it is not free */
    uint32_t hpending; /* valid with operand slots still to read */
    uint64_t touched;  /* warps whose per-warp state this cycle's commits change */
    struct {           /* start-of-cycle allocation record (§4.4; wf_sb_commit rewrites m's) */
        uint8_t valid, warp, entry, reg;
    } ar;

    /* (1) writeback grants, §10.3 */
    uint32_t bank_written;
    uint8_t leaves[WF_NUNITS]; /* the unit's last stage leaves */
    unsigned nrel;
    uint8_t rel_warp[WF_NUNITS], rel_entry[WF_NUNITS];

    /* (2) stage advances, §10.1 */
    uint8_t accept[WF_NUNITS];

    /* (3) LSU stage 1, §10.2 */
    uint8_t piece_valid, lsu_leaves;
    uint32_t piece_rest; /* lanes_left after the piece */

    /* (4) bank read grants, §6.4 / §7.2 */
    uint8_t fill[WF_NHOLDERS]; /* slots each holder receives */
    uint32_t granted;          /* banks read */
    uint32_t read_conflict;    /* banks with a losing read request (statistics) */

    /* (5) dispatch, §7 */
    uint8_t disp[WF_NUNITS]; /* holder index, or WF_NONE */

    /* (6) issue, §5 */
    struct {
        uint8_t kind;      /* wf_iss_kind */
        uint8_t warp;
        uint8_t holder;    /* CU index / WF_HOLDER_SR / WF_NONE */
        uint8_t sb_entry;  /* allocated or held, WF_NONE */
        uint8_t sb_new;    /* entry newly allocated this cycle */
        uint8_t stays;     /* ld/st in replay mode: stays as head with issued = 1 */
        uint8_t mem_replay;/* re-issue of a split ld/st */
    } iss;
    struct {               /* the holder written this cycle: from (6), or from IH (§5.6) */
        uint8_t valid, holder, warp, sb_entry;
        uint16_t older;    /* a new CU's older mask (§8.2) */
        const wf_slot *slot;
    } alloc;

    /* (7) fetch, §3 */
    uint8_t fill_mshr; /* MSHR filling this cycle, or WF_NONE */
    uint64_t refill_next;
    uint8_t fsel;      /* selected warp or WF_NONE */
    uint8_t fkind;     /* wf_fetch_kind */
    uint8_t fnext_state, fwait_mshr, falloc;
    uint16_t fnext_pc;
    uint8_t fd_next;   /* decode_stage = 1: this cycle's hit goes into FD (§3.4) */
    /* the decode of this cycle (§3.2.4): the warp written into its I-buffer
     * tail (fslot) or WF_NONE, and its fetch update */
    uint8_t dsel, dnext_state;
    uint16_t dnext_pc;

    /* execution results that change per-warp state */
    struct {
        uint8_t valid, warp, taken;
        uint16_t next_pc;
    } br;
    uint8_t verdict_valid, verdict_warp, verdict_done; /* §9.2 replay verdict */
    uint32_t verdict_rest;
    uint8_t mem_clear_valid, mem_clear_warp;            /* §10.5 */
    unsigned nleft;
    uint8_t left_warp[WF_NUNITS], left_inst_end[WF_NUNITS], left_final[WF_NUNITS];
    unsigned writes;        /* granted writebacks this cycle */
    uint32_t write_conflict; /* banks with a losing write (statistics) */
    struct {                 /* (1) the granted write of each unit (§10.3) */
        uint8_t valid, warp, reg, bank;
        uint32_t lanes;
        const uint32_t *data; /* lanes 0..L-1: the unit's last stage, unchanged until
                                 wf_exec_commit, which runs after wf_rf_commit */
    } wb[WF_NUNITS];
    uint64_t collecting; /* (WAR) bit w: warp w has a CU still collecting (§8.4) */
    uint64_t filter_set; /* (WAR) bit w: filter[w] written this cycle (else 0) */

    /* ---- not cleared: each of these is written before it is read ---- */
    wf_slot iss_slot;        /* (6) the head that issued (start-of-cycle copy), when iss.kind
                                is an issue or a replay */
    uint64_t adv[WF_NUNITS]; /* (2) bit k: the entry at stage index k advances (or leaves) */
    uint8_t grant_holder[WF_MAX_BANKS]; /* (4) for the granted banks */
    /* (6) readiness of warps 0..W-1 as masks: hzm[k] bit w = warp w's wf_hazard is k */
    uint64_t hzm[WF_HZ_COUNT];
    uint64_t ready_part; /* the heads meeting the per-warp items of §5.1, IH's warp excluded (§5.7) */
    /* (4) the row read, for granted banks: a granted bank is not written in the
     * cycle (§6.2), so the row is unchanged until the commits end */
    const uint32_t *rrow[WF_MAX_BANKS];
    wf_stage disp_stage[2];  /* (5) ALU, MUL stage-1 entries built from the holder */
    wf_lsu_inst disp_lsu;    /* (5) LSU stage-1 entry */
    wf_stage piece;          /* (3) the piece entering LSU stage 2, when piece_valid */
    wf_slot fslot;           /* (7) the decoded instruction (dsel) */
    /* bloom WAR state derived from the start-of-cycle CUs, §8.5 (warps in filter_set) */
    uint64_t filter[WF_MAX_WARPS];
} wf_cyc;

/* A stage entry up to its lane L-1: the lanes >= L are never read. */
static inline size_t wf_stage_bytes(const wf_model *m)
{
    return offsetof(wf_stage, data) + m->L * sizeof(uint32_t);
}

/* regfile.c, §6.1. The bank mapping is called in every block's inner loops,
 * so it is inline here: a lookup in the table wf_rf_init_banks fills from the
 * mapping's one definition (regfile.c). */
void wf_rf_init_banks(wf_model *m);
static inline unsigned wf_rf_bank(const wf_model *m, unsigned w, unsigned r)
{
    return m->bank_of[r + w * m->swz];
}
static inline unsigned wf_rf_row(const wf_model *m, unsigned w, unsigned r)
{
    return w * m->rows + m->row_of[r];
}

static inline const uint32_t *wf_rf_read_row(const wf_model *m, unsigned bank, unsigned row)
{
    return &m->rf[((size_t)bank * m->W * m->rows + row) * m->L];
}
int wf_rf_conflict_free(const wf_model *m, unsigned w, const wf_slot *s);
void wf_rf_commit(wf_model *m, const wf_cyc *cy);

/* scoreboard.c, §4.3. Lowest free entry of warp w at the start of the cycle
 * (an entry freed in c is free from c+1), or -1 when all E are valid; inline
 * (readiness item 3 asks it for every warp every cycle). */
static inline int wf_sb_free_entry(const wf_model *m, unsigned w)
{
    const uint32_t free_e = ~(uint32_t)m->warp[w].sb_valid & ((1u << m->E) - 1u);
    return free_e ? (int)wf_lowest_bit(free_e) : -1;
}
/* Entries of warp w released by a final writeback in this cycle (§10.3). */
static inline uint8_t wf_sb_released(const wf_cyc *cy, unsigned w)
{
    uint8_t mask = 0;
    for (unsigned i = 0; i < cy->nrel; i++)
        if (cy->rel_warp[i] == w) mask |= (uint8_t)(1u << cy->rel_entry[i]);
    return mask;
}
/* The slot's instruction reads or writes reg (unused src[] hold WF_NONE). */
static inline int wf_slot_touches(const wf_slot *s, unsigned reg)
{
    return (s->src[0] == reg) | (s->src[1] == reg) | (s->src[2] == reg) |
           (s->writes & (s->insn.rd == reg));
}
void wf_sb_update_dep(const wf_model *m, const wf_cyc *cy, unsigned w, wf_slot *slot, unsigned n);
uint64_t wf_sb_ar_blocks(const wf_model *m);
void wf_sb_commit(wf_model *m, const wf_cyc *cy);

/* ibuffer.c, §4.1, §4.2 */
void wf_ibuf_predecode(const wf_model *m, uint64_t word, wf_slot *out);
void wf_ibuf_decode(const wf_model *m, const wf_cyc *cy, unsigned w, unsigned pc, wf_slot *out);
void wf_ibuf_commit(wf_model *m, const wf_cyc *cy);

/* fetch.c, §3 */
void wf_fetch_decide(const wf_model *m, wf_cyc *cy);
void wf_fetch_commit(wf_model *m, const wf_cyc *cy);

/* war.c, §8 */
void wf_war_derive(const wf_model *m, wf_cyc *cy);
uint64_t wf_war_blocks(const wf_model *m, const wf_cyc *cy, uint64_t cand);
int wf_war_dispatch_ok(const wf_model *m, unsigned u);
uint16_t wf_war_older(const wf_model *m, const wf_cyc *cy, unsigned w);
uint64_t wf_bloom_bits(unsigned m_bits, unsigned reg);

/* collector.c, §6.3, §6.4, §7.1 (and the holder logic the SR shares) */
void wf_arbiter(const wf_model *m, wf_cyc *cy, unsigned first, unsigned count);
void wf_cu_grants(const wf_model *m, wf_cyc *cy);
void wf_cu_dispatch_decide(const wf_model *m, wf_cyc *cy);
int wf_cu_lowest_free(const wf_model *m, const wf_cyc *cy);
void wf_alloc_decide(const wf_model *m, wf_cyc *cy);
void wf_collector_commit(wf_model *m, const wf_cyc *cy); /* CUs and SR */

/* staging.c, §7.2, §7.3 */
void wf_sr_grants(const wf_model *m, wf_cyc *cy);
void wf_sr_dispatch_decide(const wf_model *m, wf_cyc *cy);
int wf_sr_issue_ok(const wf_model *m, const wf_cyc *cy);

/* issue.c, §5, §9.1 */
void wf_issue_decide(const wf_model *m, wf_cyc *cy);
void wf_issue_commit(wf_model *m, const wf_cyc *cy);

/* exec.c, §10.1, §10.4 */
void wf_exec_advance_decide(const wf_model *m, wf_cyc *cy);
void wf_exec_build_dispatch(const wf_model *m, wf_cyc *cy);
void wf_exec_commit(wf_model *m, const wf_cyc *cy);

/* lsu.c, §9.2, §9.3, §10.2, §10.5 */
void wf_lsu_decide(const wf_model *m, wf_cyc *cy);
void wf_lsu_commit(wf_model *m, const wf_cyc *cy);

/* writeback.c, §10.3 */
void wf_wb_decide(const wf_model *m, wf_cyc *cy);

/* core.c: per-warp flags (hflag, sflag bits) and their masks */
enum { /* hflag: the I-buffer head */
    WF_HF_HEAD = 0,     /* active, not exited, I-buffer not empty (§5.1 item 1) */
    WF_HF_ISSUED = 1,   /* head `issued` (item 1) */
    WF_HF_DEP = 2,      /* head dep != 0 (item 2) */
    WF_HF_NEEDS_SB = 3, /* head writes and holds no scoreboard entry (item 3) */
    WF_HF_HOLDER = 4,   /* head needs a CU / the SR (unit != none) */
    WF_HF_WRITES = 5,   /* head writes a register (bloom, §8.5) */
    WF_HF_MEM = 6,      /* head is ld/st (item 6) */
    WF_HF_EXIT = 7      /* head is exit (wf_model_run's last-cycle test) */
};
enum { /* sflag: the rest of the warp */
    WF_SF_SB_FULL = 0,      /* all E scoreboard entries valid (item 3) */
    WF_SF_INFLIGHT = 1,     /* inflight != 0 (item 4, warpboard-commit) */
    WF_SF_MEM_INFLIGHT = 2, /* mem_inflight (item 6) */
    WF_SF_EXITED = 3,
    WF_SF_FETCH = 4,        /* fetch-eligible (§3.2.1) */
    WF_SF_NOT_DONE = 5      /* not done (§5.5) */
};
void wf_warp_refresh(wf_model *m, unsigned w);
/* The mask over warps 0..W-1 of flag bit k (wf_bits.h gathers it). */
static inline uint64_t wf_hmask(const wf_model *m, unsigned k) { return wf_flag_mask(m->hflag, m->W, k); }
static inline uint64_t wf_smask(const wf_model *m, unsigned k) { return wf_flag_mask(m->sflag, m->W, k); }

#endif
