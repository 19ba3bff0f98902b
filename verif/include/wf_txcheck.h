/* Transaction-level checker: the golden model (the cycle model of
 * docs/microarch.md, wf_model_* in warpfront.h; no second model) checks the
 * events another front end's monitor reports, with a declared timing
 * tolerance. Errors are data: the first divergence is a wf_tx_divergence
 * (and JSON), never a print or an exit. In build/libwfverif.a; installed with
 * the model's headers (make install, wfverif.pc). Guide: docs/txcheck.md.
 *
 * The events (one call each, every one with the DUT's own cycle number):
 *   retire  an instruction of warp w at pc p: reported once per instruction,
 *           when it issues for good (a collector replay or the re-issue of a
 *           split ld/st is not reported again). Nothing issued is squashed in
 *           this ISA's front ends (a warp fetches past a bnz only after it
 *           resolves, §3.1), so "issued" and "retired" are the same set of
 *           instructions; the model's cycle of the event is its §11 issue
 *           event (replay = 0). A design that reports at completion instead
 *           declares a window wide enough for its latency.
 *   write   a register write: warp, register, lane mask, one value per
 *           masked lane. Checked per lane: lane l of register r of warp w
 *           takes the values of the model's §11 writeback events to that
 *           lane in the same order, however the DUT groups lanes into writes.
 *   branch  a bnz outcome: warp, pc of the bnz, taken, target (§11 branch
 *           event; the model's pc is that of the warp's last issued bnz).
 *   store   warp, lane mask, per-lane address (scratchpad word) and data.
 *           Checked per lane in order, however the DUT splits a store into
 *           pieces. The model's store events are its §11 LSU-piece events of
 *           st instructions (warp, pc, lanes); a piece has no addresses or
 *           data in the trace contract, so each lane's address and data are
 *           read from the model's LSU stage-1 instance at the start of the
 *           piece's cycle (§10.2: the values that piece writes), through
 *           wf_model_lsu_inst (warpfront.h): the record and the field table
 *           are unchanged.
 *   done    the DUT's run is over: every model event left unmatched is a
 *           missing event; with a timing tolerance, the done cycle is checked
 *           against the model's (§5.5 cycle count).
 *
 * Ordering: per warp and per stream (the warp's instructions; each register
 * lane's writes; its branches; each lane's stores) in program order; nothing
 * is assumed across warps or across streams (a design may complete a mul
 * after a younger add, or serve warps in any order). A DUT event is matched
 * with the oldest unmatched model event of its stream; the model is stepped
 * only as far as that needs (the checker owns it). Cycle numbers count from
 * the launch: the first cycle after launch is cycle 0 on both sides (§14).
 *
 * Timing tolerance (wf_tx_opts.timing):
 *   WF_TX_ORDER   order and values only; cycles are recorded, not checked.
 *   WF_TX_WINDOW  each matched DUT event within +-window cycles of the
 *                 model's cycle for the same event; done as well.
 *   WF_TX_EXACT   window 0: for designs that implement this contract's timing.
 *   WF_TX_DRIFT   each matched DUT event within +-window cycles of the model's
 *                 cycle moved by the warp's offset so far (DUT minus model
 *                 cycle of its previous matched event; 0 before the first):
 *                 a warp's own spacing of events, so a steady drift (a unit
 *                 a cycle slower, which adds up over a dependent chain) is
 *                 allowed and a sudden slip is not; done within +-window of
 *                 the model's done moved by the largest warp offset.
 *
 * Calls return 0 (the event is consistent so far) or nonzero once a
 * divergence is known (WF_TX_FAIL, or WF_TX_ERROR for bad input or a model
 * limit); the first divergence is kept (wf_tx_result) and every later call
 * returns the same status without checking. No global state: any number of
 * checkers in a process; one checker is not thread-safe. The boundary uses
 * only plain types (integers, uint32_t arrays, char buffers, one fixed-size
 * struct), for C, C++, a DPI-C shim and Python (cffi/ctypes). */
#ifndef WF_TXCHECK_H
#define WF_TXCHECK_H

#include <stddef.h>
#include <stdint.h>

#include "warpfront.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- options ------------------------------------------------------------------ */
typedef enum { WF_TX_ORDER = 0, WF_TX_WINDOW = 1, WF_TX_EXACT = 2, WF_TX_DRIFT = 3 } wf_tx_timing;

/* event kinds (wf_tx_opts.events, wf_tx_divergence.event) */
enum {
    WF_TX_EV_RETIRE = 1u << 0,
    WF_TX_EV_WRITE = 1u << 1,
    WF_TX_EV_BRANCH = 1u << 2,
    WF_TX_EV_STORE = 1u << 3,
    WF_TX_EV_ALL = 0xFu
};

typedef struct {
    int timing;          /* wf_tx_timing */
    unsigned window;     /* WF_TX_WINDOW, WF_TX_DRIFT: cycles either side (EXACT: 0) */
    unsigned events;     /* the kinds the DUT's monitor reports (WF_TX_EV_*); 0: all.
                            The model's events of other kinds are not expected. */
    uint64_t max_cycles; /* the model is not stepped past this cycle; 0: 10,000,000 */
    int feed;            /* 1: no model of the checker's own; the caller feeds both
                            sides as observation records (wf_tx_model_obs,
                            wf_tx_dut_obs; the lockstep harnesses' arch and window
                            levels). prog may then be NULL (branch pcs are not
                            known, not compared); stores cannot be checked. */
} wf_tx_opts;

/* ---- the first divergence ------------------------------------------------------- */
typedef enum {
    WF_TX_NONE_KIND = 0, /* no divergence (so far, or the run passed) */
    WF_TX_MISMATCH,      /* a value differs: expected (model) vs actual (DUT)          */
    WF_TX_UNEXPECTED,    /* a DUT event the model never produces (DUT-only)             */
    WF_TX_MISSING,       /* a model event the DUT never reported (at done, or too many
                            model events of one warp left unmatched)                    */
    WF_TX_TIMING,        /* values agree, cycles do not: expected/actual are the model's
                            and the DUT's cycle                                          */
    WF_TX_BAD_INPUT,     /* the report itself is invalid: warp, register or lane out of
                            range, empty lane mask, NULL data, event after done           */
    WF_TX_MODEL_LIMIT    /* the model hit max_cycles or the §14 watchdog before the
                            event it was stepped for                                      */
} wf_tx_kind;

/* call results and wf_tx_status: the JSON "status" */
enum { WF_TX_PASS = 0, WF_TX_FAIL = 1, WF_TX_ERROR = 2 };

#define WF_TX_NA 0xFFFFFFFFu           /* warp, pc, reg, lane: does not apply */
#define WF_TX_NO_CYCLE UINT64_MAX      /* model_cycle, dut_cycle: does not apply */
#define WF_TX_PATH 64
#define WF_TX_HISTORY 8                /* model events kept per warp */
#define WF_TX_LINE 112
#define WF_TX_MESSAGE 256

typedef struct {
    int kind;              /* wf_tx_kind; WF_TX_NONE_KIND: the rest is zero / NA */
    unsigned event;        /* WF_TX_EV_* of the event concerned, 0: none (done, input) */
    unsigned warp, pc;     /* pc: of the instruction (retire, branch, store; a write's
                              pc when the model's event is known), else WF_TX_NA   */
    unsigned reg, lane;    /* write: register and lane; store: lane; else WF_TX_NA     */
    uint64_t expected;     /* the model's value (TIMING: the model's cycle)            */
    uint64_t actual;       /* the DUT's value (TIMING: the DUT's cycle)                */
    uint64_t model_cycle;  /* the model's cycle of the event, or WF_TX_NO_CYCLE        */
    uint64_t dut_cycle;    /* the DUT's cycle of the event, or WF_TX_NO_CYCLE          */
    /* Field path in the style of the arch compare level:
     *   "arch warp[1].retire.pc"            retire
     *   "arch warp[0].r3.lane[2]"           write
     *   "arch warp[0].branch.taken" / ".target" / ".pc"
     *   "arch warp[2].store.lane[5].addr" / ".data"
     *   "arch done"                         done cycle (TIMING)
     * the same for every kind (the kind says whether value, order or cycle). */
    char field[WF_TX_PATH];
    /* the model's last events of that warp (oldest first), one line each, e.g.
     * "cycle 12 retire pc 3", "cycle 15 write r3 lanes 0x3 = 0x1 0x2",
     * "cycle 17 branch pc 5 taken target 2", "cycle 20 store pc 6 lanes 0x1 [0]=0x10:0x5" */
    unsigned history_len;
    char history[WF_TX_HISTORY][WF_TX_LINE];
    char message[WF_TX_MESSAGE]; /* one human sentence with the above */
} wf_tx_divergence;

typedef struct wf_txcheck wf_txcheck;

/* ---- lifetime -------------------------------------------------------------------- */
/* A checker for one run of prog on cfg, the scratchpad initialised from
 * mem_image (NULL: all 0; else cfg->mem_words words). opts NULL: ORDER, all
 * events. NULL with a message in err (the configuration's wf_config_check
 * message, the program's load error, an option out of range). cfg and prog
 * are copied: they need not outlive the call. */
wf_txcheck *wf_tx_create(const wf_config *cfg, const wf_program *prog, const uint32_t *mem_image,
                         const wf_tx_opts *opts, char *err, size_t errlen);
void wf_tx_destroy(wf_txcheck *tx);

/* ---- the DUT's events (each returns WF_TX_PASS, WF_TX_FAIL or WF_TX_ERROR) ---------
 * data, addr: arrays of cfg->lanes words indexed by lane; only the lanes in
 * lane_mask are read (bits >= cfg->lanes set: WF_TX_BAD_INPUT). */
int wf_tx_retire(wf_txcheck *tx, uint64_t cycle, unsigned warp, unsigned pc);
int wf_tx_write(wf_txcheck *tx, uint64_t cycle, unsigned warp, unsigned reg, uint32_t lane_mask,
                const uint32_t *data);
int wf_tx_branch(wf_txcheck *tx, uint64_t cycle, unsigned warp, unsigned pc, int taken,
                 unsigned target);
int wf_tx_store(wf_txcheck *tx, uint64_t cycle, unsigned warp, uint32_t lane_mask,
                const uint32_t *addr, const uint32_t *data);
/* The DUT's run ended at `cycle` (its cycle count, §5.5): the model is run to
 * its done and whatever it produced that the DUT did not report is a missing
 * event. Any later event call is WF_TX_BAD_INPUT. */
int wf_tx_done(wf_txcheck *tx, uint64_t cycle);

/* ---- feed mode (opts->feed): both sides as observation records -------------------
 * One cycle's record of the model, and one decoded DUT trace record (the
 * record's events: non-replay issue, writebacks, branch), each in cycle
 * order per side. wf_tx_model_done marks the model done at `cycle`; then
 * wf_tx_done checks what is left. Store events are never derived here. */
int wf_tx_model_obs(wf_txcheck *tx, const wf_obs *ob);
int wf_tx_dut_obs(wf_txcheck *tx, const wf_obs *ob);
int wf_tx_model_done(wf_txcheck *tx, uint64_t cycle);

/* ---- results ----------------------------------------------------------------------- */
int wf_tx_status(const wf_txcheck *tx); /* WF_TX_PASS (no divergence yet), _FAIL, _ERROR */
/* The first divergence (kind WF_TX_NONE_KIND while there is none); valid until
 * wf_tx_destroy. Copy: wf_tx_get_result (for bindings that prefer a copy). */
const wf_tx_divergence *wf_tx_result(const wf_txcheck *tx);
void wf_tx_get_result(const wf_txcheck *tx, wf_tx_divergence *out);
/* Events matched so far (both sides agreed), and the model's cycle count so far. */
uint64_t wf_tx_matched(const wf_txcheck *tx);
uint64_t wf_tx_model_cycles(const wf_txcheck *tx);

const char *wf_tx_kind_name(int kind);   /* "none", "mismatch", "unexpected", "missing",
                                            "timing", "bad_input", "model_limit"; "?" */
const char *wf_tx_status_name(int status); /* "pass", "fail", "error"; "?" */
const char *wf_tx_timing_name(int timing); /* "order", "window", "exact", "drift"; "?" */
int wf_tx_timing_parse(const char *name);  /* the inverse, or -1 */

/* The divergence as one JSON object (no newline), with the keys that apply:
 *   "status" ("pass" / "fail" / "error"), "kind", "cycle" (the model's),
 *   "field", "expected", "actual", "warp", "pc", "dut_cycle",
 *   "history" (list of strings), "message".
 * A pass is {"status": "pass", "message": "..."}. Writes at most len bytes
 * including the NUL (truncated output is still NUL-terminated); returns the
 * length the whole text needs (as snprintf), so a caller can size a buffer. */
size_t wf_tx_json(const wf_tx_divergence *d, char *buf, size_t len);
/* One line per field (for consoles and logs), same contract as wf_tx_json. */
size_t wf_tx_format(const wf_tx_divergence *d, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
