/* warpfront cycle model: the bit-exact, cycle-exact golden model of
 * docs/microarch.md (the contract; § numbers below refer to it).
 *
 * One wf_model holds the whole machine state (no globals): create it from a
 * configuration, load a program (which launches, §14), then step it one cycle
 * at a time or run it to `done`. After every step the observation record of
 * that cycle (§11) is available; co-simulation compares it with the RTL trace
 * bus field by field. */
#ifndef WARPFRONT_H
#define WARPFRONT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "wf_config.h"
#include "wf_functional.h"
#include "wf_isa.h"
#include "wf_program.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bounds of the size parameters (§2); the observation record is sized by them. */
#define WF_MAX_BANKS 32
#define WF_MAX_CUS 16
#define WF_MAX_SB 8
#define WF_MAX_IBUF 8
#define WF_MAX_MSHRS 8
#define WF_MAX_ALU_LAT 16
#define WF_MAX_MUL_LAT 32
#define WF_MAX_LSU_LAT 32
/* WF_NUNITS, wf_unit: wf_opcodes.h (generated from scripts/wf/layout.py) */

#define WF_OBS_NONE 0xFFu /* "none" in an index field (unit, cu, sb_entry, release) */
#define WF_OBS_SR 0xFEu   /* the staging register of loop modes 1, 2 in a cu/unit field */

#define WF_WATCHDOG_CYCLES 10000u /* §14 */

/* wf_fetch_state, wf_fetch_kind, wf_stall_kind, wf_bank_kind, wf_hazard: wf_enums.h */

/* ---- observation record (§11) -------------------------------------------
 * One per cycle. State fields are the state at the start of the cycle, event
 * fields the decisions of the cycle. Fields beyond the configured sizes, and
 * fields that do not exist in a configuration (CU fields in loop modes 1, 2,
 * the SR in mode 3), are 0. */

typedef struct {
    uint8_t valid;
    uint8_t issued;      /* an instance is in flight; waits for the LSU verdict */
    uint16_t pc;
    uint8_t dep;         /* bit e: waits for scoreboard entry e */
    uint32_t lanes_left; /* lanes a split memory access has not yet served */
} wf_obs_slot;

typedef struct {
    uint16_t fetch_pc;
    uint8_t fetch_state; /* wf_fetch_state */
    uint8_t exited;
    uint16_t inflight;   /* §5.5; also the warpboard-commit WAR state */
    uint8_t mem_inflight;
    uint8_t collecting;  /* warpboard-read WAR state (§8.4), derived */
    uint64_t filter;     /* bloom WAR state (§8.5), derived; bit i = filter bit i */
    struct {
        uint8_t valid, reg;
    } sb[WF_MAX_SB];
    wf_obs_slot ibuf[WF_MAX_IBUF]; /* 0 = head */
    uint8_t hazard;      /* wf_hazard (§11), compared by co-simulation */
    uint16_t hazard_mask; /* bit k: the §5.1 item of wf_hazard k fails (every one, §11) */
} wf_obs_warp;

typedef struct {
    uint8_t kind; /* wf_bank_kind */
    uint8_t warp, reg;
    uint8_t cu;   /* read: CU index or WF_OBS_SR */
    uint8_t slot; /* read: lowest operand slot granted (0 a, 1 b, 2 c) */
    uint8_t unit; /* write: wf_unit of the writer */
} wf_obs_bank;

typedef struct {
    uint8_t valid, warp;
    uint16_t pc;
    uint8_t pending; /* operand slots still to be read, bit 0 = a */
    uint8_t ready;   /* all operands collected at the start of the cycle */
    uint16_t older;  /* inorder WAR state (§8.2): older CUs of the same warp */
} wf_obs_cu;

typedef struct {
    uint8_t valid, warp;
    uint16_t pc;
    uint8_t cu; /* CU index or WF_OBS_SR */
} wf_obs_dispatch;

typedef struct {
    uint8_t valid, warp;
    uint16_t pc;
    uint32_t line;  /* scratchpad line (addr / mem_line) */
    uint32_t lanes; /* lanes served by this piece */
    uint8_t last;   /* the piece serves the instruction's last lanes */
} wf_obs_piece;

typedef struct {
    uint8_t valid, warp, reg, bank;
    uint32_t lanes; /* lanes written */
    uint32_t data[WF_MAX_LANES]; /* values of the written lanes (others 0) */
    uint8_t release; /* scoreboard entry released, or WF_OBS_NONE */
} wf_obs_wb;

typedef struct {
    uint8_t valid, warp, taken;
    uint16_t target; /* the bnz target pc; the warp continues there when taken, else at pc+1 */
} wf_obs_branch;

typedef struct {
    uint64_t cycle;
    struct {
        uint8_t valid, warp, kind; /* kind: wf_fetch_kind */
        uint16_t pc;
    } fetch;
    struct {
        uint8_t valid, mshr;
        uint32_t line;
    } fill;
    wf_obs_warp warp[WF_MAX_WARPS];
    struct {
        uint8_t valid, warp;
        uint16_t pc;
        uint8_t replay;   /* 1: collector replay issue (§9.1, obtains nothing) or a split
                             ld/st issued again for its remaining lanes (§9.2) */
        uint8_t unit;     /* CU index, WF_OBS_SR, or WF_OBS_NONE */
        uint8_t sb_entry; /* entry allocated or held, or WF_OBS_NONE */
    } issue;
    uint8_t stall; /* wf_stall_kind */
    wf_obs_bank bank[WF_MAX_BANKS];
    wf_obs_cu cu[WF_MAX_CUS]; /* loop mode 3 */
    wf_obs_cu sr;             /* loop modes 1, 2 (older is 0) */
    wf_obs_dispatch dispatch[WF_NUNITS];
    wf_obs_piece piece;
    wf_obs_wb wb[WF_NUNITS];
    wf_obs_branch branch;
    uint8_t lsu_stall, done;
} wf_obs;

/* ---- statistics ---------------------------------------------------------- */
typedef struct {
    uint64_t cycles;       /* cycles stepped; at done, the run's cycle count (§5.5) */
    uint64_t instructions; /* instructions completed (each counted once, however often replayed) */
    double ipc;            /* instructions / cycles */
    /* Issue slots: every cycle is exactly one of these five. */
    uint64_t slot_issued;          /* an instruction issued (first issue) */
    uint64_t slot_replayed;        /* a replay issue (collector) or a split ld/st re-issue */
    uint64_t slot_collector_stall; /* §9.1 stall mode: chosen instruction found no CU */
    uint64_t slot_lsu_stall;       /* §9.3: lsu_stall was set */
    uint64_t slot_no_ready;        /* no ready warp */
    /* Warp-cycles a valid, unissued head was not ready, by first failing item (wf_hazard). */
    uint64_t hazard[WF_HZ_COUNT];
    uint64_t replays_collector, replays_memory;
    uint64_t bank_reads[WF_MAX_BANKS], bank_writes[WF_MAX_BANKS];
    uint64_t bank_conflicts[WF_MAX_BANKS];       /* cycles with a losing read request */
    uint64_t bank_write_conflicts[WF_MAX_BANKS]; /* cycles with a losing write (§10.3) */
    uint64_t collector_occupancy;                /* sum over cycles of valid CUs (or SR) */
    uint64_t dispatches[WF_NUNITS];
    uint64_t lsu_pieces;
    uint64_t icache_hits, icache_misses, icache_merges, icache_mshr_full, icache_fills;
    uint64_t gto_switches;
    uint64_t branches, branches_taken;
} wf_stats;

typedef struct wf_model wf_model;

/* Invalid config: NULL and the message of wf_config_check in err. */
wf_model *wf_model_create(const wf_config *cfg, char *err, size_t errlen);
void wf_model_destroy(wf_model *m);
/* Checks the program against the configuration and launches it (§14). mem_image
 * is NULL (scratchpad all 0) or cfg->mem_words words. 0, or -1 and err. */
int wf_model_load(wf_model *m, const wf_program *prog, const uint32_t *mem_image, char *err,
                  size_t errlen);
/* Simulates one cycle (no effect before a successful load). */
void wf_model_step(wf_model *m);
/* The observation record of the last stepped cycle (all 0 before the first). */
const wf_obs *wf_model_obs(const wf_model *m);
/* 1 when the state at the start of the next cycle has every active warp done. */
int wf_model_done(const wf_model *m);
/* Number of the next cycle to be stepped (the run's cycle count once done). */
uint64_t wf_model_cycle(const wf_model *m);
/* Steps until done: 0; or -1 after max_cycles cycles or when the watchdog
 * fires, with the cycle and a state summary in err. */
/* As wf_model_run, calling on_cycle(ctx, record) after every stepped cycle
 * (trace printers, pipeline logs, coverage); the same max-cycles and watchdog
 * rules and messages. */
typedef void (*wf_obs_fn)(void *ctx, const wf_obs *ob);
int wf_model_run_observed(wf_model *m, uint64_t max_cycles, wf_obs_fn on_cycle, void *ctx,
                          char *err, size_t errlen);
/* wf_model_run: the same cycles, state and statistics, faster: it builds the
 * observation record only for cycles that may be the last (so after a
 * successful run wf_model_obs is the last cycle's record, as when stepping);
 * after a failed run the record is that of an earlier cycle. */
int wf_model_run(wf_model *m, uint64_t max_cycles, char *err, size_t errlen);
const wf_stats *wf_model_stats(const wf_model *m);
/* Registers (read from the banks through the layout) and scratchpad, in the
 * interpreter's form; out is allocated here with wf_arch_alloc (free it with
 * wf_arch_free). retired[w] counts completed instructions of warp w. */
int wf_model_final_state(const wf_model *m, wf_arch_state *out);
/* The LSU stage-1 instance (§10.2) at the start of the next cycle: the one
 * the next LSU piece serves, with each lane's scratchpad address and, for a
 * st, the value it stores there. The observation record carries neither (its
 * piece has lines and lanes only); checkers that compare stores read them here
 * before stepping the cycle of the piece (verif/include/wf_txcheck.h).
 * 1 and *out when stage 1 holds an instance, else 0 (*out zeroed). */
typedef struct {
    uint8_t warp, is_st;
    uint16_t pc;
    uint32_t lanes_left;           /* lanes not yet served */
    uint32_t addr[WF_MAX_LANES];   /* scratchpad word of lane l */
    uint32_t data[WF_MAX_LANES];   /* st: the value lane l stores */
} wf_lsu_view;
int wf_model_lsu_inst(const wf_model *m, wf_lsu_view *out);
/* Writes a short state summary (one line per interesting warp) into buf. */
void wf_model_summary(const wf_model *m, char *buf, size_t len);

/* Per-cycle trace table (the layout of docs/microarch.md §13): cycle, issue
 * (`w3:pc0`, `*` marks a replay), one column per bank (`R w3.r5`, `W w0.r5`),
 * then the collector units or SR at the start of the cycle (`u0:w1.pc0[ab]`,
 * pending slots in brackets). */
void wf_trace_header(FILE *f, const wf_config *cfg);
void wf_trace_row(FILE *f, const wf_config *cfg, const wf_obs *ob);

/* Pipeline log in Kanata 0004 format (the Konata viewer), built from the
 * observation records alone (cmodel/kanata.c): one instance per issue event,
 * stages F, Ib, Is, Rd, X, Wb; `R id n 0` at completion, `R id 0 1` for a
 * collector replay or a split ld/st instance that did not serve its last
 * lanes. prog (for the disassembly labels) must outlive the log. */
typedef struct wf_kanata wf_kanata;
wf_kanata *wf_kanata_create(FILE *f, const wf_config *cfg, const wf_program *prog);
/* Logs one cycle's record (records in cycle order). 0, or -1 when the record
 * contradicts the tracked pipeline (counted; the log goes on). */
int wf_kanata_cycle(wf_kanata *k, const wf_obs *ob);
/* Flushes the log. With done set, also checks that every instance has left.
 * 0, or -1 and err (a write error or the first contradiction). */
int wf_kanata_finish(wf_kanata *k, int done, char *err, size_t errlen);
void wf_kanata_destroy(wf_kanata *k);

#ifdef __cplusplus
}
#endif
#endif
