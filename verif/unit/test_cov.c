/* Functional coverage (cmodel/coverage.c): bins counted from crafted
 * observation records (each scenario asserts the exact counts it produces),
 * the seed examples of docs/microarch.md §13 (bank conflicts where §13.1
 * predicts them, none in the phase §13.2 says the swizzle keeps free), and a
 * cross-check of the record-derived counts against the cycle model's own
 * statistics (computed from its internal signals) over random programs and
 * configurations. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpfront.h"
#include "wf_check.h"
#include "wf_cov.h"
#include "wf_gen.h"

static wf_cov cov; /* test scratch (wf_cov is ~115 KB); each test re-inits it */

static wf_config cfg3(void)
{
    wf_config c;
    wf_config_default(&c); /* loops 3, 4 banks, 4 CUs, bloom, lrr, replay */
    c.warps = 4;
    return c;
}

static wf_obs rec(uint64_t cycle)
{
    wf_obs o;
    memset(&o, 0, sizeof o);
    o.cycle = cycle;
    o.issue.unit = o.issue.sb_entry = WF_OBS_NONE;
    for (unsigned x = 0; x < WF_NUNITS; x++) o.wb[x].release = WF_OBS_NONE;
    for (unsigned w = 0; w < WF_MAX_WARPS; w++) o.warp[w].hazard = WF_HZ_NO_HEAD;
    return o;
}

static void issue(wf_obs *o, unsigned warp, unsigned unit, unsigned replay)
{
    o->issue.valid = 1;
    o->issue.warp = (uint8_t)warp;
    o->issue.unit = (uint8_t)unit;
    o->issue.replay = (uint8_t)replay;
}

static void cu(wf_obs *o, unsigned u, unsigned warp, unsigned pending)
{
    o->cu[u].valid = 1;
    o->cu[u].warp = (uint8_t)warp;
    o->cu[u].pending = (uint8_t)pending;
    o->cu[u].ready = pending == 0;
}

static void bank_read(wf_obs *o, unsigned b, unsigned holder, unsigned slot)
{
    o->bank[b].kind = WF_BANK_READ;
    o->bank[b].cu = (uint8_t)holder;
    o->bank[b].slot = (uint8_t)slot;
}

static void bank_write(wf_obs *o, unsigned b, unsigned unit)
{
    o->bank[b].kind = WF_BANK_WRITE;
    o->bank[b].unit = (uint8_t)unit;
}

#define HIT(bin) cov.hits[bin]

/* ---- crafted records -------------------------------------------------------- */

START_TEST(conflict_read_read)
{
    /* CU0 (warp 0) issued in cycle 0 reads two registers of bank 1: slot a in
     * cycle 1, slot b in cycle 2, so slot b lost in cycle 1. CU1 (warp 1),
     * issued in cycle 1, wants bank 1 in cycle 2 (taken by CU0) and gets it
     * in cycle 3. Conflict cycles of bank 1: 1 and 2. */
    const wf_config c = cfg3();
    wf_cov_init(&cov);
    wf_obs o = rec(0);
    issue(&o, 0, 0, 0);
    wf_cov_sample(&cov, &c, &o);
    o = rec(1);
    issue(&o, 1, 1, 0);
    cu(&o, 0, 0, 3);
    bank_read(&o, 1, 0, 0);
    wf_cov_sample(&cov, &c, &o);
    o = rec(2);
    cu(&o, 0, 0, 2);
    cu(&o, 1, 1, 1);
    bank_read(&o, 1, 0, 1);
    wf_cov_sample(&cov, &c, &o);
    o = rec(3);
    cu(&o, 0, 0, 0);
    cu(&o, 1, 1, 1);
    bank_read(&o, 1, 1, 0);
    wf_cov_sample(&cov, &c, &o);
    ck_assert_uint_eq(HIT(WF_COV_BANK_CONFLICT + 1), 2);
    ck_assert_uint_eq(HIT(WF_COV_BANK_CONFLICT_READ + 1), 2);
    ck_assert_uint_eq(HIT(WF_COV_BANK_WRITE_BEATS_READ + 1), 0);
    ck_assert_uint_eq(HIT(WF_COV_BANK_READ + 1), 3);
    for (unsigned b = 0; b < WF_MAX_BANKS; b++)
        if (b != 1) ck_assert_uint_eq(HIT(WF_COV_BANK_CONFLICT + b), 0);
    ck_assert_uint_eq(HIT(WF_COV_ISSUE_CU), 2);
    ck_assert_uint_eq(HIT(WF_COV_READ_MERGE), 0);
    ck_assert_uint_eq(cov.runs, 1);
    ck_assert_uint_eq(cov.cycles, 4);
    ck_assert_uint_eq(cov.applicable[WF_COV_BANK_CONFLICT + 1], 4);
    ck_assert_uint_eq(cov.applicable[WF_COV_BANK_CONFLICT + 4], 0); /* banks = 4 */
}
END_TEST

START_TEST(conflict_write_beats_read)
{
    /* CU2 waits for bank 3 while it is written in cycles 1 and 2 (a MUL then
     * an LSU result), then reads in 3. */
    const wf_config c = cfg3();
    wf_cov_init(&cov);
    wf_obs o = rec(0);
    issue(&o, 2, 2, 0);
    wf_cov_sample(&cov, &c, &o);
    for (uint64_t t = 1; t <= 2; t++) {
        o = rec(t);
        cu(&o, 2, 2, 1);
        bank_write(&o, 3, t == 1 ? WF_UNIT_MUL : WF_UNIT_LSU);
        wf_cov_sample(&cov, &c, &o);
    }
    o = rec(3);
    cu(&o, 2, 2, 1);
    bank_read(&o, 3, 2, 0);
    wf_cov_sample(&cov, &c, &o);
    ck_assert_uint_eq(HIT(WF_COV_BANK_CONFLICT + 3), 2);
    ck_assert_uint_eq(HIT(WF_COV_BANK_WRITE_BEATS_READ + 3), 2);
    ck_assert_uint_eq(HIT(WF_COV_BANK_CONFLICT_READ + 3), 0);
    ck_assert_uint_eq(HIT(WF_COV_BANK_WRITE + 3), 2);
}
END_TEST

START_TEST(conflict_cycles_counted_once)
{
    /* Three CUs, valid from the first sampled record (cycle 5, mid-run), all
     * want bank 0: served in cycles 5, 6, 7. CU1 lost in 5, CU2 in 5 and 6:
     * conflict cycles {5, 6} = 2, not 3. */
    const wf_config c = cfg3();
    wf_cov_init(&cov);
    for (uint64_t t = 5; t <= 7; t++) {
        wf_obs o = rec(t);
        for (unsigned u = 0; u < 3; u++)
            if (u >= t - 5) cu(&o, u, u, 1);
        bank_read(&o, 0, (unsigned)(t - 5), 0);
        wf_cov_sample(&cov, &c, &o);
    }
    ck_assert_uint_eq(HIT(WF_COV_BANK_CONFLICT + 0), 2);
    ck_assert_uint_eq(cov.runs, 0); /* no cycle-0 record */
    ck_assert_uint_eq(cov.cycles, 3);
}
END_TEST

START_TEST(staging_register_conflict)
{
    /* Loop mode 2: `add r5 <- r5, r1` in SR, both in bank 1 (§13.1): slot a
     * in cycle 15, slot b in 16; an SR issue in 16 (conflict-free successor)
     * starts a new instance that reads bank 2 at once in 17. */
    wf_config c = cfg3();
    c.loops = 2;
    wf_cov_init(&cov);
    wf_obs o = rec(14);
    issue(&o, 0, WF_OBS_SR, 0);
    wf_cov_sample(&cov, &c, &o);
    o = rec(15);
    o.sr.valid = 1, o.sr.pending = 3;
    bank_read(&o, 1, WF_OBS_SR, 0);
    wf_cov_sample(&cov, &c, &o);
    o = rec(16);
    o.sr.valid = 1, o.sr.pending = 2;
    bank_read(&o, 1, WF_OBS_SR, 1);
    issue(&o, 1, WF_OBS_SR, 0);
    wf_cov_sample(&cov, &c, &o);
    o = rec(17);
    o.sr.valid = 1, o.sr.pending = 1;
    bank_read(&o, 2, WF_OBS_SR, 0);
    wf_cov_sample(&cov, &c, &o);
    ck_assert_uint_eq(HIT(WF_COV_BANK_CONFLICT + 1), 1);
    ck_assert_uint_eq(HIT(WF_COV_BANK_CONFLICT + 2), 0);
    ck_assert_uint_eq(HIT(WF_COV_ISSUE_SR), 2);
    ck_assert_uint_eq(cov.applicable[WF_COV_ISSUE_SR], 4);
    ck_assert_uint_eq(cov.applicable[WF_COV_ISSUE_CU], 0);
}
END_TEST

START_TEST(merge_and_multi_bank)
{
    /* CU0: `mad r4 <- r2, r2, r3`: cycle 1 grants bank 2 (slot a, r2, also
     * fills slot b) and bank 3 (slot c): one merge, one multi-bank cycle. */
    const wf_config c = cfg3();
    wf_cov_init(&cov);
    wf_obs o = rec(0);
    issue(&o, 0, 0, 0);
    wf_cov_sample(&cov, &c, &o);
    o = rec(1);
    cu(&o, 0, 0, 7);
    bank_read(&o, 2, 0, 0);
    bank_read(&o, 3, 0, 2);
    wf_cov_sample(&cov, &c, &o);
    ck_assert_uint_eq(HIT(WF_COV_READ_MULTI_BANK), 1);
    ck_assert_uint_eq(HIT(WF_COV_READ_MERGE), 0); /* known only from the next record */
    o = rec(2);
    cu(&o, 0, 0, 0);
    wf_cov_sample(&cov, &c, &o);
    ck_assert_uint_eq(HIT(WF_COV_READ_MERGE), 1);
    /* the same two grants filling only two slots: no merge */
    wf_cov_init(&cov);
    o = rec(0);
    issue(&o, 0, 0, 0);
    wf_cov_sample(&cov, &c, &o);
    o = rec(1);
    cu(&o, 0, 0, 7);
    bank_read(&o, 2, 0, 0);
    bank_read(&o, 3, 0, 2);
    wf_cov_sample(&cov, &c, &o);
    o = rec(2);
    cu(&o, 0, 0, 2);
    wf_cov_sample(&cov, &c, &o);
    ck_assert_uint_eq(HIT(WF_COV_READ_MERGE), 0);
    ck_assert_uint_eq(HIT(WF_COV_BANK_CONFLICT + 2) + HIT(WF_COV_BANK_CONFLICT + 3), 0);
}
END_TEST

START_TEST(hazards_war_replay_stall)
{
    wf_config c = cfg3(); /* bloom */
    wf_cov_init(&cov);
    wf_obs o = rec(0);
    o.warp[0].hazard = WF_HZ_WAR;
    o.warp[1].hazard = WF_HZ_SB_FULL;
    o.warp[2].hazard = WF_HZ_DEPENDENCY;
    o.warp[3].hazard = WF_HZ_READY;
    o.warp[4].hazard = WF_HZ_WAR; /* warp 4 >= warps: not sampled */
    issue(&o, 3, WF_OBS_NONE, 1); /* collector replay */
    wf_cov_sample(&cov, &c, &o);
    o = rec(1);
    issue(&o, 3, 1, 1); /* split ld/st re-issue into CU1 */
    o.stall = WF_STALL_NONE;
    for (unsigned w = 0; w < 4; w++) o.warp[w].hazard = WF_HZ_WAR;
    wf_cov_sample(&cov, &c, &o);
    ck_assert_uint_eq(HIT(WF_COV_HAZARD + WF_HZ_WAR), 5);
    ck_assert_uint_eq(HIT(WF_COV_WAR_BLOCK + WF_WAR_BLOOM), 5);
    ck_assert_uint_eq(HIT(WF_COV_WAR_BLOCK + WF_WAR_WB_READ), 0);
    ck_assert_uint_eq(HIT(WF_COV_HAZARD + WF_HZ_SB_FULL), 1);
    ck_assert_uint_eq(HIT(WF_COV_HAZARD + WF_HZ_DEPENDENCY), 1);
    ck_assert_uint_eq(HIT(WF_COV_HAZARD + WF_HZ_READY), 1);
    ck_assert_uint_eq(HIT(WF_COV_REPLAY_COLLECTOR), 1);
    ck_assert_uint_eq(HIT(WF_COV_REPLAY_MEMORY), 1);
    ck_assert_uint_eq(HIT(WF_COV_ISSUE_CU), 1);
    ck_assert_uint_eq(HIT(WF_COV_ISSUE_NO_UNIT), 0);
    ck_assert_uint_eq(HIT(WF_COV_RUN_WAR + WF_WAR_BLOOM), 1);
    ck_assert_uint_eq(HIT(WF_COV_RUN_LOOPS + 2), 1);
    ck_assert_uint_eq(cov.applicable[WF_COV_WAR_BLOCK + WF_WAR_BLOOM], 2);
    ck_assert_uint_eq(cov.applicable[WF_COV_WAR_BLOCK + WF_WAR_WB_READ], 0);
    ck_assert_uint_eq(cov.applicable[WF_COV_STALL_COLLECTOR], 0); /* replay mode */
    ck_assert_uint_eq(cov.applicable[WF_COV_HAZARD + WF_HZ_INFLIGHT], 0); /* loops 3 */

    /* stall mode, inorder: stall events and the inorder dispatch block */
    c.hazard = WF_HAZARD_STALL;
    c.war = WF_WAR_INORDER;
    wf_cov_init(&cov);
    o = rec(0);
    o.stall = WF_STALL_COLLECTOR;
    cu(&o, 0, 1, 0);
    o.cu[0].older = 2; /* ready but CU1 of the same warp is older */
    cu(&o, 1, 1, 1);
    cu(&o, 2, 0, 0);   /* ready, nothing older */
    cu(&o, 3, 2, 1);
    wf_cov_sample(&cov, &c, &o);
    o = rec(1);
    o.stall = WF_STALL_LSU;
    o.lsu_stall = 1;
    wf_cov_sample(&cov, &c, &o);
    ck_assert_uint_eq(HIT(WF_COV_STALL_COLLECTOR), 1);
    ck_assert_uint_eq(HIT(WF_COV_STALL_LSU), 1);
    ck_assert_uint_eq(HIT(WF_COV_LSU_STALL_FLAG), 1);
    ck_assert_uint_eq(HIT(WF_COV_WAR_BLOCK + WF_WAR_INORDER), 1);
    ck_assert_uint_eq(HIT(WF_COV_CU_EXHAUSTED), 1); /* all 4 CUs valid in cycle 0 only */
    ck_assert_uint_eq(HIT(WF_COV_RUN_HAZARD + WF_HAZARD_STALL), 1);
    ck_assert_uint_eq(cov.applicable[WF_COV_REPLAY_COLLECTOR], 0);
}
END_TEST

START_TEST(gto_switches)
{
    wf_config c = cfg3();
    c.sched = WF_SCHED_GTO;
    wf_cov_init(&cov);
    const unsigned warps[] = {0, 0, 2, 2, 1, 1};
    for (unsigned t = 0; t < 6; t++) {
        wf_obs o = rec(t);
        issue(&o, warps[t], t == 3 ? WF_OBS_NONE : 0, t == 3); /* a replay issue counts too */
        wf_cov_sample(&cov, &c, &o);
    }
    ck_assert_uint_eq(HIT(WF_COV_GTO_SWITCH), 2); /* 0 -> 2, 2 -> 1; gto_last starts at 0 */
    /* a new run (cycle 0) resets gto_last */
    wf_obs o = rec(0);
    issue(&o, 0, 0, 0);
    wf_cov_sample(&cov, &c, &o);
    ck_assert_uint_eq(HIT(WF_COV_GTO_SWITCH), 2);
    ck_assert_uint_eq(cov.runs, 2);
    c.sched = WF_SCHED_LRR;
    o = rec(1);
    issue(&o, 3, 0, 0);
    wf_cov_sample(&cov, &c, &o);
    ck_assert_uint_eq(HIT(WF_COV_GTO_SWITCH), 2); /* lrr: never a GTO switch */
}
END_TEST

START_TEST(fetch_units_lsu_branch_sb)
{
    wf_config c = cfg3();
    c.sb_entries = 2;
    wf_cov_init(&cov);
    const struct {
        unsigned warp, last;
    } pieces[] = {{1, 0}, {1, 0}, {1, 1}, {0, 1}, {2, 0}, {2, 1}};
    for (unsigned t = 0; t < 6; t++) {
        wf_obs o = rec(t);
        o.piece.valid = 1;
        o.piece.warp = (uint8_t)pieces[t].warp;
        o.piece.last = (uint8_t)pieces[t].last;
        o.fetch.valid = 1;
        o.fetch.kind = (uint8_t)(t % 4);
        o.dispatch[t % 3].valid = 1;
        if (t == 5) o.dispatch[0].valid = 1; /* ALU and LSU in one cycle */
        o.wb[1].valid = t < 2;
        o.wb[1].release = t == 0 ? 1 : WF_OBS_NONE;
        o.branch.valid = t >= 4;
        o.branch.taken = t == 5;
        o.warp[0].sb[0].valid = o.warp[0].sb[1].valid = 1;
        o.warp[0].sb[2].valid = 0;
        o.warp[0].ibuf[0].valid = 1;
        o.warp[0].ibuf[0].issued = t >= 3; /* waiting head in cycles 0..2 only */
        o.warp[1].sb[0].valid = 1;         /* not full */
        o.warp[1].ibuf[0].valid = 1;
        wf_cov_sample(&cov, &c, &o);
    }
    ck_assert_uint_eq(HIT(WF_COV_LSU_PIECE), 6);
    ck_assert_uint_eq(HIT(WF_COV_LSU_SPLIT + 0), 1); /* warp 0: 1 piece */
    ck_assert_uint_eq(HIT(WF_COV_LSU_SPLIT + 1), 1); /* warp 2: 2 */
    ck_assert_uint_eq(HIT(WF_COV_LSU_SPLIT + 2), 1); /* warp 1: 3 */
    ck_assert_uint_eq(HIT(WF_COV_LSU_SPLIT + 3), 0);
    ck_assert_uint_eq(HIT(WF_COV_FETCH + WF_FEV_HIT), 2);
    ck_assert_uint_eq(HIT(WF_COV_FETCH + WF_FEV_MERGE), 1);
    ck_assert_uint_eq(HIT(WF_COV_FETCH + WF_FEV_MSHR_FULL), 1);
    ck_assert_uint_eq(HIT(WF_COV_DISPATCH + 0), 3);
    ck_assert_uint_eq(HIT(WF_COV_DISPATCH + 2), 2);
    ck_assert_uint_eq(HIT(WF_COV_DISPATCH_MULTI), 1);
    ck_assert_uint_eq(HIT(WF_COV_WB + 1), 2);
    ck_assert_uint_eq(HIT(WF_COV_WB_MULTI), 0);
    ck_assert_uint_eq(HIT(WF_COV_SB_RELEASE), 1);
    ck_assert_uint_eq(HIT(WF_COV_BRANCH_TAKEN), 1);
    ck_assert_uint_eq(HIT(WF_COV_BRANCH_NOT_TAKEN), 1);
    ck_assert_uint_eq(HIT(WF_COV_SB_FULL), 3);
    ck_assert_uint_eq(HIT(WF_COV_IBUF_FULL), 0); /* ibuf 2, one slot valid */
}
END_TEST

/* The bins of §3.3, §4.3, §5.1 non-first reasons, §6.4, §7.1, §7.2, §10.3, §10.4
 * added for the plan's former "not measured" list, each fired and each left
 * alone by a near miss. */
START_TEST(fetch_branch_sb_hazard_nf)
{
    wf_config c = cfg3(); /* icache_line 4 */
    c.sb_entries = 2;
    wf_cov_init(&cov);
    wf_obs o = rec(0);
    o.fetch.valid = 1; /* warp 1 misses on line 10 */
    o.fetch.warp = 1;
    o.fetch.pc = 40;
    o.fetch.kind = WF_FEV_MISS;
    o.warp[0].hazard = WF_HZ_DEPENDENCY; /* dependency first; sb_full, mem_order also fail */
    o.warp[0].hazard_mask = 1u << WF_HZ_DEPENDENCY | 1u << WF_HZ_SB_FULL | 1u << WF_HZ_MEM_ORDER;
    o.warp[1].hazard = WF_HZ_DEPENDENCY; /* only the first fails */
    o.warp[1].hazard_mask = 1u << WF_HZ_DEPENDENCY;
    wf_cov_sample(&cov, &c, &o);
    o = rec(1);
    o.warp[1].fetch_state = WF_FETCH_WAIT_MISS;
    o.branch.valid = 1; /* warp 0 jumps into the line being filled */
    o.branch.taken = 1;
    o.branch.target = 41;
    o.fetch.valid = 1; /* a merge, but no fill this cycle */
    o.fetch.kind = WF_FEV_MERGE;
    o.fetch.pc = 42;
    o.warp[0].sb[0].valid = o.warp[0].sb[1].valid = 1;
    issue(&o, 0, 1, 1); /* a split ld re-issued with its held entry, the board full */
    o.issue.sb_entry = 1;
    wf_cov_sample(&cov, &c, &o);
    o = rec(2);
    o.warp[1].fetch_state = WF_FETCH_WAIT_MISS;
    o.fill.valid = 1; /* line 10 fills; a merge into it in the fill cycle */
    o.fill.line = 10;
    o.fetch.valid = 1;
    o.fetch.warp = 2;
    o.fetch.kind = WF_FEV_MERGE;
    o.fetch.pc = 43;
    o.branch.valid = 1; /* not taken: next pc 40, in the line filled at the end of this cycle */
    o.warp[0].fetch_pc = 39;
    o.warp[0].sb[0].valid = 1; /* not full */
    issue(&o, 0, 1, 1);
    o.issue.sb_entry = 1;
    wf_cov_sample(&cov, &c, &o);
    o = rec(3);
    o.warp[1].fetch_state = WF_FETCH_WAIT_MISS; /* the branch's own warp: not counted */
    o.branch.valid = 1;
    o.branch.warp = 1;
    o.fill.valid = 1; /* a merge into another line than the fill's */
    o.fill.line = 11;
    o.fetch.valid = 1;
    o.fetch.kind = WF_FEV_MERGE;
    o.fetch.pc = 40;
    o.warp[0].sb[0].valid = o.warp[0].sb[1].valid = 1;
    issue(&o, 0, 1, 1); /* a st re-issue: holds no entry */
    wf_cov_sample(&cov, &c, &o);
    ck_assert_uint_eq(HIT(WF_COV_FETCH_MERGE_FILL), 1);
    ck_assert_uint_eq(HIT(WF_COV_BRANCH_MISS_PENDING), 2);
    ck_assert_uint_eq(HIT(WF_COV_BRANCH_TO_PENDING_LINE), 1);
    ck_assert_uint_eq(HIT(WF_COV_SB_FULL_HELD), 1);
    ck_assert_uint_eq(HIT(WF_COV_HAZARD_NF + WF_HZ_SB_FULL - WF_COV_NF_FIRST), 1);
    ck_assert_uint_eq(HIT(WF_COV_HAZARD_NF + WF_HZ_MEM_ORDER - WF_COV_NF_FIRST), 1);
    ck_assert_uint_eq(HIT(WF_COV_HAZARD_NF + WF_HZ_DEPENDENCY - WF_COV_NF_FIRST), 0);
}
END_TEST

START_TEST(arbitration_and_losses)
{
    wf_config c = cfg3();
    c.alu_lat = 1;
    c.mul_lat = 2;
    wf_cov_init(&cov);
    /* §6.4: CU 2 allocated in 0, CU 0 in 1; both wait on bank 1, which serves the older CU 2 in 2 */
    wf_obs o = rec(0);
    issue(&o, 0, 2, 0);
    o.dispatch[0].valid = 1; /* ALU (d 0, last stage from 1) and MUL (d 0, from 2), from CU 3 */
    o.dispatch[0].cu = o.dispatch[1].cu = 3;
    o.dispatch[1].valid = 1;
    wf_cov_sample(&cov, &c, &o);
    o = rec(1);
    cu(&o, 2, 0, 1);
    issue(&o, 1, 0, 0);
    o.wb[2].valid = 1; /* the LSU writes bank 2: the ALU result for bank 2 loses */
    o.wb[2].bank = 2;
    bank_write(&o, 2, WF_UNIT_LSU);
    wf_cov_sample(&cov, &c, &o);
    o = rec(2);
    cu(&o, 2, 0, 1);
    cu(&o, 0, 1, 1);
    bank_read(&o, 1, 2, 0);
    o.wb[1].valid = 1; /* the MUL writes bank 2: the ALU loses again */
    o.wb[1].bank = 2;
    bank_write(&o, 2, WF_UNIT_MUL);
    wf_cov_sample(&cov, &c, &o);
    o = rec(3);
    cu(&o, 2, 0, 1);
    cu(&o, 0, 1, 1);
    bank_read(&o, 1, 0, 0); /* CU 0 waited in 2 while bank 1 served CU 2 */
    o.wb[0].valid = 1;      /* the ALU result is written at last */
    o.wb[0].bank = 2;
    bank_write(&o, 2, WF_UNIT_ALU);
    o.dispatch[1].valid = 1; /* MUL d 3: last stage from 5 */
    o.dispatch[1].cu = 3;
    wf_cov_sample(&cov, &c, &o);
    /* §7.1: CU 2 and CU 0 ready from 4; CU 2 (older) takes the ALU in 4, nobody in 5 (busy) */
    o = rec(4);
    cu(&o, 2, 0, 0);
    cu(&o, 0, 1, 0);
    o.dispatch[0].valid = 1;
    o.dispatch[0].cu = 2;
    wf_cov_sample(&cov, &c, &o);
    o = rec(5);
    cu(&o, 0, 1, 0);
    o.wb[2].valid = 1; /* the LSU beats the MUL at bank 0 */
    o.wb[2].bank = 0;
    bank_write(&o, 0, WF_UNIT_LSU);
    o.wb[0].valid = 1; /* the ALU instance of 4 (alu_lat 1) */
    o.wb[0].bank = 3;
    bank_write(&o, 3, WF_UNIT_ALU);
    wf_cov_sample(&cov, &c, &o);
    o = rec(6);
    cu(&o, 0, 1, 0);
    o.dispatch[0].valid = 1;
    o.dispatch[0].cu = 0;
    o.wb[1].valid = 1;
    o.wb[1].bank = 0;
    bank_write(&o, 0, WF_UNIT_MUL);
    wf_cov_sample(&cov, &c, &o);
    ck_assert_uint_eq(HIT(WF_COV_BANK_OLDEST_WINS), 1);
    ck_assert_uint_eq(HIT(WF_COV_DISPATCH_OLDEST_WINS), 1);
    ck_assert_uint_eq(HIT(WF_COV_DISPATCH_BUSY + 0), 1);
    ck_assert_uint_eq(HIT(WF_COV_DISPATCH_BUSY + 1), 0);
    ck_assert_uint_eq(HIT(WF_COV_WB_LOSS + WF_COV_LOSS_ALU_LSU), 1);
    ck_assert_uint_eq(HIT(WF_COV_WB_LOSS + WF_COV_LOSS_ALU_MUL), 1);
    ck_assert_uint_eq(HIT(WF_COV_WB_LOSS + WF_COV_LOSS_MUL_LSU), 1);
    ck_assert_uint_eq(HIT(WF_COV_BANK_WRITE_LOSS + 2), 2);
    ck_assert_uint_eq(HIT(WF_COV_BANK_WRITE_LOSS + 0), 1);
    ck_assert_uint_eq(cov.derive_errors, 0);

    /* §7.2: the SR's last read granted in 0, refused in 0 and 1, dispatched to the MUL in 2 */
    c.loops = 2;
    wf_cov_init(&cov);
    for (unsigned t = 0; t < 3; t++) {
        o = rec(t);
        o.sr.valid = 1;
        o.sr.pending = t == 0;
        o.sr.ready = t > 0;
        if (t == 0) bank_read(&o, 1, WF_OBS_SR, 0);
        if (t == 2) {
            o.dispatch[1].valid = 1;
            o.dispatch[1].cu = WF_OBS_SR;
        }
        wf_cov_sample(&cov, &c, &o);
    }
    ck_assert_uint_eq(HIT(WF_COV_DISPATCH_BUSY + 1), 2);
    ck_assert_uint_eq(HIT(WF_COV_DISPATCH_OLDEST_WINS), 0);
}
END_TEST

START_TEST(json_names)
{
    const wf_config c = cfg3();
    wf_cov_init(&cov);
    wf_obs o = rec(0);
    issue(&o, 0, 0, 0);
    wf_cov_sample(&cov, &c, &o);
    o = rec(1);
    cu(&o, 0, 0, 3);
    bank_read(&o, 2, 0, 0);
    wf_cov_sample(&cov, &c, &o);
    o = rec(2);
    cu(&o, 0, 0, 2);
    bank_read(&o, 2, 0, 1);
    wf_cov_sample(&cov, &c, &o);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(wf_cov_write_json(&cov, f), 0);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(buf, "{\"format\":\"warpfront-cov-1\",\"runs\":1,\"cycles\":3,"));
    ck_assert_ptr_nonnull(strstr(buf, "\"bank[2].conflict\":[1,3]"));
    ck_assert_ptr_nonnull(strstr(buf, "\"bank[2].read\":[2,3]"));
    ck_assert_ptr_nonnull(strstr(buf, "\"run.war=bloom\":[1,1]"));
    ck_assert_ptr_nonnull(strstr(buf, "\"war.block.warpboard-read\":[0,0]"));
    ck_assert_ptr_nonnull(strstr(buf, "\"hazard.mem_order\":[0,0]"));
    ck_assert_ptr_nonnull(strstr(buf, "\"lsu.split=17-32\":[0,0]")); /* lanes 8 */
    free(buf);
    /* every bin has a distinct, known name */
    char a[48], b[48];
    for (unsigned i = 0; i < WF_COV_NBINS; i++) {
        wf_cov_bin_name(i, a, sizeof a);
        ck_assert_msg(strchr(a, '?') == NULL, "bin %u: %s", i, a);
        for (unsigned j = i + 1; j < WF_COV_NBINS; j++) {
            wf_cov_bin_name(j, b, sizeof b);
            ck_assert_msg(strcmp(a, b) != 0, "bins %u and %u: %s", i, j, a);
        }
    }
}
END_TEST

/* ---- the model ---------------------------------------------------------------- */

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s (run from the repository root)", path);
    static char buf[8192];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return buf;
}

/* cfg from the `# wfsim-options:` line of the example at path, then overrides. */
static void example_config(const char *path, wf_config *c, const char *extra)
{
    char line[512], err[256];
    const char *src = read_text(path), *p = strstr(src, "# wfsim-options:");
    ck_assert_ptr_nonnull(p);
    p += strlen("# wfsim-options:");
    snprintf(line, sizeof line, "%.*s %s", (int)strcspn(p, "\n"), p, extra);
    wf_config_default(c);
    char *save = NULL;
    for (char *name = strtok_r(line, " ", &save); name; name = strtok_r(NULL, " ", &save)) {
        char *val = strtok_r(NULL, " ", &save);
        ck_assert_msg(name[0] == '-' && name[1] == '-' && val, "bad option list in %s", path);
        ck_assert_msg(wf_config_set(c, name + 2, val, err, sizeof err) == NULL, "%s", err);
    }
}

/* Runs prog on c, sampling every record up to cycle last_cycle; returns stats. */
static const wf_stats *run_cov(const wf_config *c, const wf_program *prog, uint64_t last_cycle,
                               wf_model **mp)
{
    char err[512];
    wf_model *m = wf_model_create(c, err, sizeof err);
    ck_assert_msg(m != NULL, "%s", err);
    ck_assert_msg(wf_model_load(m, prog, NULL, err, sizeof err) == 0, "%s", err);
    while (!wf_model_done(m)) {
        ck_assert_msg(wf_model_cycle(m) < 400000, "not done");
        wf_model_step(m);
        const wf_obs *ob = wf_model_obs(m);
        for (unsigned w = 0; w < c->warps; w++) { /* §11: hazard = the mask's lowest set bit */
            const unsigned mask = ob->warp[w].hazard_mask;
            ck_assert_uint_eq(ob->warp[w].hazard, mask ? (unsigned)__builtin_ctz(mask) : 0u);
            ck_assert_uint_eq(mask & ~0x3FEu, 0);
        }
        if (ob->cycle <= last_cycle) wf_cov_sample(&cov, c, ob);
    }
    *mp = m;
    return wf_model_stats(m);
}

static uint64_t conflicts(void)
{
    uint64_t n = 0;
    for (unsigned b = 0; b < WF_MAX_BANKS; b++) n += cov.hits[WF_COV_BANK_CONFLICT + b];
    return n;
}

START_TEST(seed_naive_hits_bank_conflict)
{
    /* §13.1: `add r5 <- r5, r1` reads two registers of bank 1 through the SR:
     * slot b loses bank 1 to slot a, in every warp. */
    wf_config c;
    example_config("sim/examples/seed_naive.s", &c, "");
    wf_program p;
    char err[256];
    ck_assert_msg(wf_assemble_file("sim/examples/seed_naive.s", c.regs, &p, err, sizeof err) == 0,
                  "%s", err);
    wf_cov_init(&cov);
    wf_model *m;
    const wf_stats *st = run_cov(&c, &p, UINT64_MAX, &m);
    ck_assert_uint_eq(HIT(WF_COV_BANK_CONFLICT + 1), 4); /* one per warp's i2 */
    ck_assert_uint_eq(HIT(WF_COV_BANK_CONFLICT_READ + 1), 4);
    ck_assert_uint_eq(conflicts(), 4);
    ck_assert_uint_eq(HIT(WF_COV_BANK_CONFLICT + 1), st->bank_conflicts[1]);
    ck_assert_uint_eq(HIT(WF_COV_HAZARD + WF_HZ_STAGING), st->hazard[WF_HZ_STAGING]);
    ck_assert_uint_gt(HIT(WF_COV_HAZARD + WF_HZ_STAGING), 0);
    wf_model_destroy(m);
    wf_program_free(&p);
}
END_TEST

START_TEST(seed_swizzle_adds_conflict_free)
{
    /* §13.2: "the swizzle puts each warp's r2, r5 and r1 in different banks,
     * so the three adds read in parallel with the neighbours' writebacks":
     * cycles 0..14 (the four adds issue in 10..13 and have read by 14; the
     * first mad holds a CU from 15) have no bank conflict with --layout swizzle; with --layout naive (r5 and r1 both
     * in bank 1) the writebacks of r1 beat the reads of r5 there. Later, the
     * mads conflict under either layout (§13.2 cycles 15 and 17). */
    wf_program p;
    char err[256];
    wf_config c;
    example_config("sim/examples/seed_swizzle.s", &c, "");
    ck_assert_msg(wf_assemble_file("sim/examples/seed_swizzle.s", c.regs, &p, err, sizeof err) == 0,
                  "%s", err);
    wf_model *m;
    wf_cov_init(&cov);
    run_cov(&c, &p, 14, &m);
    wf_model_destroy(m);
    ck_assert_uint_eq(conflicts(), 0);
    uint64_t reads = 0;
    for (unsigned b = 0; b < 4; b++) reads += HIT(WF_COV_BANK_READ + b);
    ck_assert_uint_eq(reads, 8); /* both operands of all four adds were read */

    /* naive: w2's r5 loses bank 1 to the writes of w0.r1 (13) and w1.r1 (14),
     * w3's r5 to w1.r1 (14) and to w2's read (15); a wait is attributed when
     * the slot is granted, so sample up to 16 (w3's grant) */
    example_config("sim/examples/seed_swizzle.s", &c, "--layout naive");
    wf_cov_init(&cov);
    run_cov(&c, &p, 16, &m);
    wf_model_destroy(m);
    ck_assert_uint_eq(HIT(WF_COV_BANK_WRITE_BEATS_READ + 1), 2);
    ck_assert_uint_eq(HIT(WF_COV_BANK_CONFLICT_READ + 1), 1);

    /* the whole swizzled run: the mads' conflicts, equal to the model's count */
    example_config("sim/examples/seed_swizzle.s", &c, "");
    wf_cov_init(&cov);
    const wf_stats *st = run_cov(&c, &p, UINT64_MAX, &m);
    ck_assert_uint_gt(conflicts(), 0);
    ck_assert_uint_gt(HIT(WF_COV_BANK_WRITE_BEATS_READ + 3), 0); /* cycle 15: W w2.r1 */
    for (unsigned b = 0; b < c.banks; b++)
        ck_assert_uint_eq(HIT(WF_COV_BANK_CONFLICT + b), st->bank_conflicts[b]);
    wf_model_destroy(m);
    wf_program_free(&p);
}
END_TEST

START_TEST(model_read_merge)
{
    /* `add r1 <- r2, r2` (§6.3: one read fills both slots) and `mad` with
     * three distinct registers (no merge), once per warp, in modes 2 and 3 */
    static const char src[] = "add r1 <- r2, r2\nmad r3 <- r4, r5, r6\nexit\n";
    for (unsigned k = 0; k < 3; k++) { /* loop mode 2, 3, and 3 with fill_stage (§6.5) */
        const unsigned loops = k ? 3 : 2;
        wf_config c;
        wf_config_default(&c);
        c.warps = 4;
        c.loops = loops;
        c.fill_stage = k == 2;
        wf_program p;
        char err[256];
        ck_assert_msg(wf_assemble("merge.s", src, c.regs, &p, err, sizeof err) == 0, "%s", err);
        wf_cov_init(&cov);
        wf_model *m;
        run_cov(&c, &p, UINT64_MAX, &m);
        ck_assert_uint_eq(HIT(WF_COV_READ_MERGE), 4);
        wf_model_destroy(m);
        wf_program_free(&p);
    }
}
END_TEST

/* §6.5: under fill_stage a CU whose reads serialize (r4 and r8 share a bank)
 * is granted r8 while r4, granted the cycle before, is still being read; the
 * bin does not apply without the option. */
START_TEST(model_fill_overlap)
{
    static const char src[] = "mad r3 <- r4, r8, r6\nexit\n";
    for (unsigned fs = 0; fs < 2; fs++) {
        wf_config c;
        wf_config_default(&c);
        c.warps = 2;
        c.fill_stage = fs;
        wf_program p;
        char err[256];
        ck_assert_msg(wf_assemble("overlap.s", src, c.regs, &p, err, sizeof err) == 0, "%s", err);
        wf_cov_init(&cov);
        wf_model *m;
        run_cov(&c, &p, UINT64_MAX, &m);
        if (fs) {
            ck_assert_uint_eq(HIT(WF_COV_READ_FILL_OVERLAP), 2); /* once per warp */
            ck_assert_uint_gt(cov.applicable[WF_COV_READ_FILL_OVERLAP], 0);
        } else {
            ck_assert_uint_eq(HIT(WF_COV_READ_FILL_OVERLAP), 0);
            ck_assert_uint_eq(cov.applicable[WF_COV_READ_FILL_OVERLAP], 0);
        }
        wf_model_destroy(m);
        wf_program_free(&p);
    }
}
END_TEST

/* §5.7: one warp's independent instructions issue every other cycle under
 * ready_stage, each ready in the cycle between: the bin counts those
 * cycles; without the option it does not apply and never fires. */
START_TEST(model_not_eligible)
{
    static const char src[] = "movi r1 <- 1\nmovi r2 <- 2\nmovi r3 <- 3\nexit\n";
    for (unsigned rs = 0; rs < 2; rs++) {
        wf_config c;
        wf_config_default(&c);
        c.warps = 1;
        c.ready_stage = rs;
        wf_program p;
        char err[256];
        ck_assert_msg(wf_assemble("ne.s", src, c.regs, &p, err, sizeof err) == 0, "%s", err);
        wf_cov_init(&cov);
        wf_model *m;
        run_cov(&c, &p, UINT64_MAX, &m);
        if (rs) {
            ck_assert_uint_ge(HIT(WF_COV_NOT_ELIGIBLE), 4); /* before each of the four issues */
            ck_assert_uint_gt(cov.applicable[WF_COV_NOT_ELIGIBLE], 0);
        } else {
            ck_assert_uint_eq(HIT(WF_COV_NOT_ELIGIBLE), 0);
            ck_assert_uint_eq(cov.applicable[WF_COV_NOT_ELIGIBLE], 0);
        }
        wf_model_destroy(m);
        wf_program_free(&p);
    }
}
END_TEST

/* Record-derived bins against the model's statistics, which come from its
 * internal signals (bank conflicts from the arbiter's losing requests). */
START_TEST(matches_model_statistics)
{
    unsigned runs = 0;
    uint64_t total_conflicts = 0, merges = 0, wbr = 0, wloss = 0;
    for (unsigned s = 0; s < 48; s++) {
        wf_config c;
        wf_random_config(4200 + s, NULL, &c);
        if (c.warps > 16) c.warps = 16; /* keep the test short */
        if (c.active_warps > c.warps) c.active_warps = 0;
        if (s % 4 == 0) c.layout = WF_LAYOUT_NAIVE;
        if (s % 8 == 1) c.sched = WF_SCHED_GTO;
        wf_gen_knobs k;
        wf_random_gen_knobs(4200 + s, &c, &k);
        if (k.length > 150) k.length = 150;
        wf_program p;
        char err[256];
        ck_assert_msg(wf_gen_program(s, &k, &p, NULL, err, sizeof err) == 0, "%s", err);
        if (p.len > c.imem_words) c.imem_words = 1024;
        if (p.len > c.imem_words) {
            wf_program_free(&p);
            continue;
        }
        wf_cov_init(&cov);
        wf_model *m;
        const wf_stats *st = run_cov(&c, &p, UINT64_MAX, &m);
        const unsigned B = c.banks;
        for (unsigned b = 0; b < B; b++) {
            ck_assert_msg(HIT(WF_COV_BANK_CONFLICT + b) == st->bank_conflicts[b],
                          "seed %u bank %u: cov %" PRIu64 " model %" PRIu64, s, b,
                          HIT(WF_COV_BANK_CONFLICT + b), st->bank_conflicts[b]);
            ck_assert_uint_eq(HIT(WF_COV_BANK_CONFLICT_READ + b) + HIT(WF_COV_BANK_WRITE_BEATS_READ + b),
                              st->bank_conflicts[b]);
            ck_assert_uint_eq(HIT(WF_COV_BANK_READ + b), st->bank_reads[b]);
            ck_assert_uint_eq(HIT(WF_COV_BANK_WRITE + b), st->bank_writes[b]);
            ck_assert_msg(HIT(WF_COV_BANK_WRITE_LOSS + b) == st->bank_write_conflicts[b],
                          "seed %u bank %u: write losses: cov %" PRIu64 " model %" PRIu64, s, b,
                          HIT(WF_COV_BANK_WRITE_LOSS + b), st->bank_write_conflicts[b]);
            total_conflicts += st->bank_conflicts[b];
            wbr += HIT(WF_COV_BANK_WRITE_BEATS_READ + b);
            wloss += st->bank_write_conflicts[b];
        }
        for (unsigned h = WF_HZ_WAIT_LSU; h < WF_HZ_COUNT; h++)
            ck_assert_uint_eq(HIT(WF_COV_HAZARD + h), st->hazard[h]);
        ck_assert_uint_eq(HIT(WF_COV_GTO_SWITCH), st->gto_switches);
        ck_assert_uint_eq(HIT(WF_COV_REPLAY_COLLECTOR), st->replays_collector);
        ck_assert_uint_eq(HIT(WF_COV_REPLAY_MEMORY), st->replays_memory);
        ck_assert_uint_eq(HIT(WF_COV_STALL_COLLECTOR), st->slot_collector_stall);
        ck_assert_uint_eq(HIT(WF_COV_STALL_LSU), st->slot_lsu_stall);
        ck_assert_uint_eq(HIT(WF_COV_FETCH + WF_FEV_HIT), st->icache_hits);
        ck_assert_uint_eq(HIT(WF_COV_FETCH + WF_FEV_MISS), st->icache_misses);
        ck_assert_uint_eq(HIT(WF_COV_FETCH + WF_FEV_MERGE), st->icache_merges);
        ck_assert_uint_eq(HIT(WF_COV_FETCH + WF_FEV_MSHR_FULL), st->icache_mshr_full);
        ck_assert_uint_eq(HIT(WF_COV_FILL), st->icache_fills);
        for (unsigned x = 0; x < WF_NUNITS; x++)
            ck_assert_uint_eq(HIT(WF_COV_DISPATCH + x), st->dispatches[x]);
        ck_assert_uint_eq(HIT(WF_COV_LSU_PIECE), st->lsu_pieces);
        ck_assert_uint_eq(HIT(WF_COV_BRANCH_TAKEN) + HIT(WF_COV_BRANCH_NOT_TAKEN), st->branches);
        ck_assert_uint_eq(HIT(WF_COV_BRANCH_TAKEN), st->branches_taken);
        ck_assert_uint_eq(HIT(WF_COV_ISSUE_CU) + HIT(WF_COV_ISSUE_SR) + HIT(WF_COV_ISSUE_NO_UNIT),
                          st->slot_issued + st->replays_memory);
        uint64_t split = 0;
        for (unsigned i = 0; i < 7; i++) split += HIT(WF_COV_LSU_SPLIT + i);
        ck_assert_uint_eq(split, st->dispatches[2] - st->replays_memory); /* one per ld/st */
        ck_assert_uint_eq(cov.window_overflow, 0);
        ck_assert_uint_eq(cov.derive_errors, 0);
        ck_assert_uint_eq(cov.cycles, wf_model_cycle(m));
        merges += HIT(WF_COV_READ_MERGE);
        runs++;
        wf_model_destroy(m);
        wf_program_free(&p);
    }
    ck_assert_uint_ge(runs, 40);
    /* the sweep exercised what it checks */
    ck_assert_uint_gt(total_conflicts, 0);
    ck_assert_uint_gt(wbr, 0);
    ck_assert_uint_gt(wloss, 0);
    fprintf(stderr, "cov cross-check: %u runs, %" PRIu64 " conflict cycles, %" PRIu64
                    " write-beats-read, %" PRIu64 " merges, %" PRIu64 " write losses\n",
            runs, total_conflicts, wbr, merges, wloss);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cov");
    TCase *cr = tcase_create("crafted"), *md = tcase_create("model");
    tcase_add_test(cr, conflict_read_read);
    tcase_add_test(cr, conflict_write_beats_read);
    tcase_add_test(cr, conflict_cycles_counted_once);
    tcase_add_test(cr, staging_register_conflict);
    tcase_add_test(cr, merge_and_multi_bank);
    tcase_add_test(cr, hazards_war_replay_stall);
    tcase_add_test(cr, gto_switches);
    tcase_add_test(cr, fetch_units_lsu_branch_sb);
    tcase_add_test(cr, fetch_branch_sb_hazard_nf);
    tcase_add_test(cr, arbitration_and_losses);
    tcase_add_test(cr, json_names);
    tcase_add_test(md, seed_naive_hits_bank_conflict);
    tcase_add_test(md, seed_swizzle_adds_conflict_free);
    tcase_add_test(md, model_read_merge);
    tcase_add_test(md, model_fill_overlap);
    tcase_add_test(md, model_not_eligible);
    tcase_add_test(md, matches_model_statistics);
    tcase_set_timeout(md, 120);
    suite_add_tcase(s, cr);
    suite_add_tcase(s, md);
    return wf_run_suite(s);
}
