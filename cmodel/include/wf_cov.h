/* Functional coverage: counters ("bins") computed from the
 * §11 observation record alone (docs/microarch.md §11, wf_obs), so the same
 * code measures a C-model run (wfsim --cov) and a co-simulation run (the RTL
 * trace decoded into wf_obs). No global state: one wf_cov per run or per
 * regression shard; wf_cov_write_json writes it, scripts/covreport.py merges
 * many files and lists the bins that never fired.
 *
 * Use: wf_cov_init once, then wf_cov_sample(cov, cfg, record) for every cycle
 * of a run in cycle order (cycles 0, 1, 2, ...). A record with cycle 0 starts
 * a new run (several runs, even of different configurations, may be sampled
 * into one wf_cov). Sampling from a later cycle is allowed, and a record whose
 * cycle is not the previous one + 1 restarts the per-run tracking the same way
 * (without counting a run); a holder already valid in such a first record is
 * taken to have started there. The struct is ~115 KB: allocate it, or keep it
 * off small stacks.
 *
 * Every bin has two counts: `hits` and `applicable`, the number of samples
 * (cycles, or runs for the run.* bins) whose configuration makes the bin
 * possible under the contract. A bin with applicable > 0 and hits = 0 is a
 * coverage hole; applicable = 0 means "not applicable to anything sampled".
 * Unless said otherwise a bin counts cycles, and a "warp-cycle" bin counts
 * (warp < cfg->warps, cycle) pairs.
 *
 * The bins (name in the JSON):
 *   run.loops=N, run.layout=X, run.war=X, run.sched=X, run.hazard=X
 *                       runs (records with cycle 0) under each run-time knob
 *   fetch.hit, fetch.miss, fetch.merge, fetch.mshr_full
 *                       fetch events by kind (§3.2; merge = MSHR merge)
 *   fetch.merge_fill    merges in a fill cycle into the filling MSHR (§3.3: a
 *                       fetch event of kind merge whose line, pc / icache_line,
 *                       is the line of that cycle's fill event)
 *   fetch.fill          fill events (§3.3)
 *   warp.wait_miss, warp.wait_branch   warp-cycles in that fetch state
 *   ibuf.full           warp-cycles with all `ibuf` slots valid
 *   sb.full             warp-cycles with all sb_entries scoreboard entries
 *                       valid while the head slot is valid and not `issued`
 *                       (the head waits; it is blocked by the full board only
 *                       if it needs an entry: see hazard.sb_full)
 *   sb.full_held        split re-issues (§9.2: replay set, a CU or the SR) that
 *                       keep their held entry (sb_entry not none) while all
 *                       sb_entries entries of the warp are valid (§4.3: the
 *                       held entry exempts the head from the full board)
 *   sb.ar_dep           warp-cycles in which the head waits for a dependency
 *                       through the allocation record only (alloc_stage = 1:
 *                       hazard 3 while the head's dep = 0, §4.4; not in loop
 *                       mode 1, like hazard.dependency)
 *   war.handoff         warp-cycles in which the head is blocked by the WAR
 *                       policy through the issue handoff register only
 *                       (handoff_stage = 1, §5.6: hazard 7 under
 *                       warpboard-read with collecting = 0, or under bloom
 *                       with an empty filter)
 *   sb.release          writebacks that release a scoreboard entry
 *   hazard.<code>       warp-cycles with hazard code 0..9 (ready, no_head,
 *                       wait_lsu, dependency, sb_full, inflight, staging,
 *                       war, mem_order, lsu_stall; wf_hazard)
 *   hazard_nf.<code>    warp-cycles in which the item of code 3..9 (dependency,
 *                       sb_full, inflight, staging, war, mem_order, lsu_stall)
 *                       fails but is not the first failing item: its bit is set
 *                       in `hazard_mask` and `hazard` is another code (§11).
 *                       Codes 0..2 are never non-first (nothing fails before
 *                       item 1); hazard_nf.dependency is never applicable
 *                       either: only `issued` (code 2) precedes it, and an
 *                       issued head has dep = 0 (it issued with dep = 0, and
 *                       gap closing skips the issuing slot, §4.3)
 *   war.block.warpboard-commit, war.block.warpboard-read, war.block.bloom
 *                       warp-cycles with hazard code 7 (the policy blocks an
 *                       issue) under that policy
 *   war.block.inorder   CU-cycles a CU is `ready` (all operands collected)
 *                       while its `older` mask is nonzero (§8.2 blocks its
 *                       dispatch; inorder never blocks an issue)
 *   issue.cu, issue.sr, issue.no_unit
 *                       successful issues (first issues and split re-issues)
 *                       that obtained a CU / the staging register / nothing
 *                       (nop, bra, exit)
 *   replay.collector    replay issues with no free CU (§9.1: replay set,
 *                       unit none)
 *   replay.memory       re-issues of a split ld/st (§9.2: replay set, a CU)
 *   stall.collector, stall.lsu   stall events by kind (§9)
 *   sched.not_eligible  ready_stage = 1: cycles without an issue event or a
 *                       stall in which some head is ready (§5.7: ready but
 *                       not yet eligible)
 *   sched.gto_switch    under gto, issues or replay issues of a warp other
 *                       than the previous one to issue (gto_last, reset 0)
 *   cu.exhausted        loop mode 3 cycles with all `collectors` CUs valid
 *   read.multi_bank     holder-cycles in which one CU/SR is granted reads in
 *                       two or more banks
 *   read.merge          holder-cycles in which a granted read filled more
 *                       than one slot (§6.3: equal registers share a read);
 *                       counted from the next record's pending masks (with
 *                       fill_stage = 1, §6.5: from the record after it)
 *   read.fill_overlap   CU-cycles in which a CU is granted a read while a
 *                       slot of it granted in the previous cycle is still
 *                       being read (fill_stage = 1, §6.5: the arbiter passes
 *                       over the `reading` slot)
 *   bank[b].read, bank[b].write   bank events (b < banks)
 *   bank[b].conflict    BANK CONFLICT at bank b: cycles c in which at least
 *                       one operand slot that maps to bank b was pending in a
 *                       valid CU/SR at the start of c (and, with fill_stage
 *                       = 1, not `reading`, §6.5) and was not granted in c
 *                       (the bank served another holder's or slot's read, or
 *                       was written). Every pending slot requests its bank
 *                       every cycle (§6.4, §7.2), so this is exactly "two or
 *                       more requesters for bank b (a write counts as one), or
 *                       a holder waiting while its bank serves another" and
 *                       equals wf_stats.bank_conflicts[b]. The record does not
 *                       name a pending slot's register, so the bank is learnt
 *                       when the slot is finally granted (bank[b] read event,
 *                       cu, slot): its wait, the cycles from the holder's
 *                       allocation (the issue event that gave it the holder,
 *                       + 1) to the grant - 1, is then attributed to bank b.
 *                       Waits are tracked over the last WF_COV_WINDOW cycles;
 *                       a longer wait is clamped and counted in
 *                       window_overflow (never expected; reported).
 *   bank[b].conflict_read     conflict cycles in which bank b served a read
 *   bank[b].write_beats_read  conflict cycles in which bank b was written (a
 *                       write beating a read, §6.2)
 *   bank.oldest_wins    bank-cycles (loop mode 3) in which a bank granted a CU
 *                       while a CU of lower index, younger, waited for it (§6.4:
 *                       oldest first, not lowest index). Learnt like a conflict:
 *                       when the waiting slot is granted at bank b, each cycle of
 *                       its wait in which b served a higher-index CU counts once
 *   dispatch.alu, dispatch.mul, dispatch.lsu, dispatch.multi (two or more
 *                       units in one cycle)
 *   dispatch.busy.alu, dispatch.busy.mul, dispatch.busy.lsu
 *                       holder-cycles in which a CU/SR ready to dispatch (mode 3:
 *                       `ready` and, under inorder, `older` = 0; modes 1, 2: no
 *                       pending slot left at the end of the cycle) did not,
 *                       because its unit's stage 1 did not accept (§7.1, §7.2,
 *                       §10.1): no holder dispatched to that unit in the cycle.
 *                       The unit is learnt at the holder's dispatch event, which
 *                       then counts its waiting cycles
 *   dispatch.oldest_wins  CU-cycles (mode 3) in which a CU ready to dispatch lost
 *                       its unit to a CU of higher index, older (§7.1)
 *   wb.alu, wb.mul, wb.lsu, wb.multi   writeback events likewise
 *   wb.loss.mul_lsu, wb.loss.alu_lsu, wb.loss.alu_mul
 *                       cycles in which the first unit's last stage held a result
 *                       and lost its bank to the second unit's write (§10.3:
 *                       LSU > MUL > ALU). The record shows only the winners; the
 *                       losses are reconstructed from the ALU and MUL pipelines:
 *                       an instance dispatched in cycle d reaches the last stage
 *                       in max(d + lat, the cycle after the previous instance of
 *                       the unit left it) and leaves it at its writeback event (a
 *                       bnz: at its branch event); the cycles between are losses,
 *                       to the unit that wrote its bank then. Only for runs
 *                       sampled from cycle 0
 *   bank[b].write_loss  cycles in which a write to bank b lost (the same
 *                       reconstruction; equals wf_stats.bank_write_conflicts[b])
 *   lsu.piece           LSU piece events
 *   lsu.split=K         ld/st instructions served in K pieces (K = 1, 2, 3,
 *                       4, 5-8, 9-16, 17-32), counted at the piece with `last`
 *   lsu.stall_flag      cycles with lsu_stall set
 *   branch.taken, branch.not_taken   branch events
 *   branch.miss_pending branch events (§10.4) while another warp waits on a fetch
 *                       miss (fetch_state WAIT_MISS at the start of the cycle).
 *                       The branch's own warp never waits on a miss then: it is
 *                       WAIT_BRANCH (§3.1, one state per warp)
 *   branch.to_pending_line  branch events whose warp's next fetch pc (the target
 *                       if taken, else the bnz's pc + 1: `fetch_pc` still points
 *                       at the bnz, §3.2) lies in a line an MSHR is filling (a
 *                       miss event allocated it, no fill event has freed it by
 *                       the end of the cycle): the warp's next fetch merges */
#ifndef WF_COV_H
#define WF_COV_H

#include <stdint.h>
#include <stdio.h>

#include "warpfront.h"
#include "wf_isacov.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WF_COV_WINDOW 2048u /* cycles of bank history kept for wait attribution (power of 2) */
#define WF_COV_HOLDERS (WF_MAX_CUS + 1) /* CUs 0..15, then the staging register */
#define WF_COV_HIST WF_COV_WINDOW /* cycles of grant/dispatch/write history (arbitration bins) */
#define WF_COV_NF_FIRST 3u /* hazard_nf bins: codes 3..9 (WF_HZ_DEPENDENCY..) */
#define WF_COV_PIPE 32u    /* instances kept per unit pipeline (>= the longest latency) */

/* Bin indices. Array bins take consecutive indices (base + i). */
enum {
    WF_COV_RUN_LOOPS = 0,                                /* + loops-1, 3 */
    WF_COV_RUN_LAYOUT = WF_COV_RUN_LOOPS + 3,            /* + layout, 2 */
    WF_COV_RUN_WAR = WF_COV_RUN_LAYOUT + 2,              /* + war, 5 */
    WF_COV_RUN_SCHED = WF_COV_RUN_WAR + 5,               /* + sched, 2 */
    WF_COV_RUN_HAZARD = WF_COV_RUN_SCHED + 2,            /* + hazard mode, 2 */
    WF_COV_FETCH = WF_COV_RUN_HAZARD + 2,                /* + wf_fetch_kind, 4 */
    WF_COV_FETCH_MERGE_FILL = WF_COV_FETCH + 4,
    WF_COV_FILL,
    WF_COV_WAIT_MISS,
    WF_COV_WAIT_BRANCH,
    WF_COV_IBUF_FULL,
    WF_COV_SB_FULL,
    WF_COV_SB_FULL_HELD,
    WF_COV_SB_AR_DEP,
    WF_COV_WAR_HANDOFF,
    WF_COV_SB_RELEASE,
    WF_COV_HAZARD,                                       /* + wf_hazard, WF_HZ_COUNT */
    WF_COV_HAZARD_NF = WF_COV_HAZARD + WF_HZ_COUNT,      /* + wf_hazard - WF_COV_NF_FIRST */
    WF_COV_WAR_BLOCK = WF_COV_HAZARD_NF + WF_HZ_COUNT - WF_COV_NF_FIRST, /* + war policy (1..4 used), 5 */
    WF_COV_ISSUE_CU = WF_COV_WAR_BLOCK + 5,
    WF_COV_ISSUE_SR,
    WF_COV_ISSUE_NO_UNIT,
    WF_COV_REPLAY_COLLECTOR,
    WF_COV_REPLAY_MEMORY,
    WF_COV_STALL_COLLECTOR,
    WF_COV_STALL_LSU,
    WF_COV_GTO_SWITCH,
    WF_COV_NOT_ELIGIBLE,
    WF_COV_CU_EXHAUSTED,
    WF_COV_READ_MULTI_BANK,
    WF_COV_READ_MERGE,
    WF_COV_READ_FILL_OVERLAP,
    WF_COV_BANK_READ,                                    /* + bank, WF_MAX_BANKS */
    WF_COV_BANK_WRITE = WF_COV_BANK_READ + WF_MAX_BANKS,
    WF_COV_BANK_CONFLICT = WF_COV_BANK_WRITE + WF_MAX_BANKS,
    WF_COV_BANK_CONFLICT_READ = WF_COV_BANK_CONFLICT + WF_MAX_BANKS,
    WF_COV_BANK_WRITE_BEATS_READ = WF_COV_BANK_CONFLICT_READ + WF_MAX_BANKS,
    WF_COV_BANK_WRITE_LOSS = WF_COV_BANK_WRITE_BEATS_READ + WF_MAX_BANKS,
    WF_COV_BANK_OLDEST_WINS = WF_COV_BANK_WRITE_LOSS + WF_MAX_BANKS,
    WF_COV_DISPATCH,                                     /* + unit-1, 3 */
    WF_COV_DISPATCH_MULTI = WF_COV_DISPATCH + WF_NUNITS,
    WF_COV_DISPATCH_BUSY,                                /* + unit-1, 3 */
    WF_COV_DISPATCH_OLDEST_WINS = WF_COV_DISPATCH_BUSY + WF_NUNITS,
    WF_COV_WB,                                           /* + unit-1, 3 */
    WF_COV_WB_MULTI = WF_COV_WB + WF_NUNITS,
    WF_COV_WB_LOSS,                                      /* + wf_cov_loss, 3 */
    WF_COV_WB_LOSS_END = WF_COV_WB_LOSS + 3,
    WF_COV_LSU_PIECE = WF_COV_WB_LOSS_END,
    WF_COV_LSU_SPLIT,                                    /* + bucket, 7 (K 1,2,3,4,5-8,9-16,17-32) */
    WF_COV_LSU_STALL_FLAG = WF_COV_LSU_SPLIT + 7,
    WF_COV_BRANCH_TAKEN,
    WF_COV_BRANCH_NOT_TAKEN,
    WF_COV_BRANCH_MISS_PENDING,
    WF_COV_BRANCH_TO_PENDING_LINE,
    WF_COV_NBINS
};
/* wb.loss.<loser>_<winner> (§10.3: LSU > MUL > ALU) */
enum { WF_COV_LOSS_MUL_LSU = 0, WF_COV_LOSS_ALU_LSU, WF_COV_LOSS_ALU_MUL };

typedef struct {
    /* the result */
    uint64_t hits[WF_COV_NBINS];
    uint64_t applicable[WF_COV_NBINS];
    uint64_t runs, cycles;   /* records with cycle 0; records sampled */
    uint64_t window_overflow; /* waits longer than WF_COV_WINDOW (clamped; bank, dispatch, wb.loss) */
    /* per-run tracking state (reset by a record with cycle 0) */
    int started;
    uint64_t last_cycle;
    uint8_t gto_last;
    uint64_t holder_start[WF_COV_HOLDERS]; /* first cycle the holder's instance is valid */
    uint8_t prev_valid[WF_COV_HOLDERS], prev_pending[WF_COV_HOLDERS];
    uint8_t prev_grants[WF_COV_HOLDERS], prev_issued_into[WF_COV_HOLDERS];
    uint8_t prev2_grants[WF_COV_HOLDERS]; /* the grants of two records ago (fill_stage merges) */
    int prev_consecutive;                 /* the previous record followed the one before */
    uint8_t pieces[WF_MAX_WARPS];          /* pieces served so far of the warp's ld/st */
    uint8_t app[WF_COV_NBINS];             /* applicability under the run's configuration */
    uint64_t written[WF_MAX_BANKS][WF_COV_WINDOW / 64]; /* bit c % WINDOW: bank written in c */
    uint64_t marked[WF_MAX_BANKS][WF_COV_WINDOW / 64];  /* bit: conflict already counted in c */
    /* arbitration history, index c % WF_COV_HIST (0xFF: none) */
    uint8_t grant_h[WF_MAX_BANKS][WF_COV_HIST]; /* the holder bank b granted a read in c */
    uint8_t disp_h[WF_NUNITS][WF_COV_HIST];     /* the holder that dispatched to unit x in c */
    uint8_t wb_bank[WF_NUNITS][WF_COV_HIST];    /* the bank unit x wrote in c */
    uint64_t age_marked[WF_MAX_BANKS][WF_COV_HIST / 64];  /* bank.oldest_wins counted in c */
    uint64_t loss_marked[WF_MAX_BANKS][WF_COV_HIST / 64]; /* bank[b].write_loss counted in c */
    uint64_t req_since[WF_COV_HOLDERS]; /* first cycle the holder requested dispatch, or UINT64_MAX */
    /* ALU and MUL pipelines (wb.loss): dispatch cycles of the instances in them, oldest first */
    uint64_t pipe_d[2][WF_COV_PIPE], pipe_left[2]; /* pipe_left: the last leave cycle */
    uint8_t pipe_head[2], pipe_n[2];
    int pipes_known;                       /* the run was sampled from cycle 0 */
    uint32_t mshr_line[WF_MAX_MSHRS];      /* lines being filled (branch.to_pending_line) */
    uint8_t mshr_n;
    uint64_t derive_errors; /* a loss with no winning write (never expected; test_cov checks 0) */
    wf_isacov isa; /* the ISA classes (wf_isacov.h), written as bins "isa.<name>" */
} wf_cov;

void wf_cov_init(wf_cov *cov);
/* Samples one cycle's record of a run on configuration cfg (see above). */
void wf_cov_sample(wf_cov *cov, const wf_config *cfg, const wf_obs *ob);
/* The ISA classes (wf_isacov.h) of one run of prog on cfg: wf_isacov_run into
 * cov->isa. 0, or -1 with the interpreter's message in err. */
int wf_cov_sample_program(wf_cov *cov, const wf_config *cfg, const wf_program *prog,
                          const uint32_t *mem_init, char *err, size_t errlen);
/* The name of bin i ("bank[2].conflict"), into buf. */
void wf_cov_bin_name(unsigned bin, char *buf, size_t len);
/* Writes the counters as one JSON object:
 *   {"format":"warpfront-cov-1","runs":R,"cycles":N,"window_overflow":0,
 *    "bins":{"fetch.hit":[hits,applicable], ...}}
 * every bin, in index order, then the ISA bins "isa.<name>" (wf_isacov.h).
 * 0, or -1 on a write error. */
int wf_cov_write_json(const wf_cov *cov, FILE *f);

#ifdef __cplusplus
}
#endif
#endif
