/* The aimed scenarios of the regression's draws (verif/include/wf_gen.h:
 * wf_random_aim*): run-time knobs and a program template per row, on top of
 * a seed's configuration (verif/randcfg.c). */
#include "wf_gen.h"
#include "randcfg.h"

/* ---- the aimed scenarios (docs/verification.md "Stimulus aimed at the holes") ----
 * Rules that need two mechanisms at once (a stall mode with a WAR policy and
 * back-to-back memory accesses, one warp with its scoreboard full, a WAR policy
 * with the same warp's CUs still collecting, ...) are reached by a random
 * configuration and a random program only when both happen to fit. Each row
 * below sets the few run-time knobs its rules need and the program template
 * that exercises them; every other knob keeps its random draw. The seeds go
 * in blocks of ten (1..10, 11..20, ...): in the even blocks (1..10, 21..30,
 * ...) seed N runs row N mod 10, so those ten seeds run every row once
 * whatever their size sets, in variant 0 or 1 by turns (blocks 1..10, 41..50,
 * ...: 0; 21..30, 61..70, ...: 1; a variant changes the loop mode of row 1,
 * IH of rows 3 and 5 and the scheduler or hazard mode of rows 6 and 7, where either
 * serves their rules); the odd blocks keep
 * the base draws and the general templates: the configurations' full cross
 * product, as before the rows. */
enum {
    AIM_GENERAL,   /* no override: one of the general templates, or none */
    AIM_SB_FULL,   /* 2 warps, replay, long latencies, bursts: scoreboard full, held entries (mode 3 | 2) */
    AIM_MODE2,     /* loop mode 2 (half of them alu_lat 1), general templates */
    AIM_STALL_MEM, /* stall, mode 3: back-to-back ld/st and bursts under a blocking policy */
    AIM_STAGING,   /* mode 2, stall: bank collisions and WAW pairs behind the staging register */
    AIM_STALL_READ,/* as AIM_STALL_MEM under warpboard-read */
    AIM_SB_BLOOM,  /* as AIM_SB_FULL under bloom */
    AIM_WAR,       /* mode 3, WAR patterns and bursts under inorder / commit */
    AIM_WAR_READ,  /* mode 3, 1-3 warps, WAR patterns under warpboard-read */
    AIM_MODE1      /* loop mode 1 (half of them alu_lat 1), general templates */
};
static const char *const aim_names[WF_AIM_ROWS + 1] = {
    "mode 2 (half of them alu_lat 1), general templates, loops and bnz",     /* seed mod 10 = 0 */
    "2 warps, replay, lrr, inorder, mode 3 | 2, scoreboard full",            /* 1 */
    "mode 1 (half of them alu_lat 1), general templates, loops and bnz",     /* 2 */
    "stall, mode 3, lrr, bloom, IH and all warps | drawn, ld/st runs, bursts, WAR patterns", /* 3 */
    "mode 2, stall, gto, alu_lat 1, bank collisions, WAW pairs, ld/st runs", /* 4 */
    "stall, mode 3, lrr, warpboard-read, IH | drawn, ld/st runs, bursts",    /* 5 */
    "2 warps, replay, bloom, gto | lrr, scoreboard full, WAR patterns",      /* 6 */
    "mode 3, replay+lrr+inorder | stall+gto+inorder, WAR patterns, bursts",  /* 7 */
    "stall, mode 3, 1-3 warps, warpboard-read, WAR patterns, deep pipes",    /* 8 */
    "mode 1 (half of them alu_lat 1), general templates, loops and bnz",     /* 9 */
    "none (a base block): the base draws, general templates",                /* WF_AIM_ROWS */
};
static const unsigned aim_rows[WF_AIM_ROWS + 1] = {
    AIM_MODE2,  AIM_SB_FULL,  AIM_MODE1, AIM_STALL_MEM, AIM_STAGING, AIM_STALL_READ,
    AIM_SB_BLOOM, AIM_WAR,    AIM_WAR_READ, AIM_MODE1, AIM_GENERAL};

static uint64_t aim_block(uint64_t seed) { return seed ? (seed - 1) / 10 : 0; }
unsigned wf_random_aim_row(uint64_t seed)
{
    return aim_block(seed) % 2 ? WF_AIM_ROWS : (unsigned)(seed % 10);
}
unsigned wf_random_aim_variant(uint64_t seed) { return (unsigned)(aim_block(seed) / 2 % 2); }
const char *wf_random_aim_name(unsigned row) { return row <= WF_AIM_ROWS ? aim_names[row] : "?"; }

static unsigned clamp_range(wf_rng *r, unsigned lo, unsigned hi, unsigned max)
{
    if (hi > max) hi = max;
    if (lo > hi) lo = hi;
    return wf_rng_range(r, lo, hi);
}

/* Every stage of each unit in use (§10.1): the latencies at their maxima, so
 * the top physical stage, which can only leave, is the last one, and a stage's
 * fields are read where a shorter chain never reaches them. */
static void aim_deep_pipes(wf_config *c, unsigned alu_max, unsigned mul_max, unsigned lsu_max)
{
    c->alu_lat = alu_max;
    c->mul_lat = mul_max;
    c->lsu_lat = lsu_max;
}

/* Row ri (0..WF_AIM_ROWS) in variant v on seed's stream: wf_random_aim_config
 * with the seed's row, wf_random_runtime_cdg with a target's. */
void wf_aim_config_row(uint64_t seed, unsigned ri, unsigned v, unsigned alu_max, unsigned mul_max,
                       unsigned lsu_max, wf_config *c)
{
    wf_rng r;
    wf_rng_seed(&r, seed ^ 0xA1C0F16ull);
    const unsigned row = aim_rows[ri];
    if (row == AIM_GENERAL) return;
    /* war=none, when the caller allows it and it was drawn, stays (§8.1) */
    const int war_drawn = c->war != WF_WAR_NONE;
    /* "few" warps: two where the size set has them (a second warp shows the
     * per-warp row and bank of §6.1 and the schedulers' choice; one warp alone
     * comes from the base draws and row 8). The 1-or-2 draw of an earlier
     * version stays, so that the rows' later draws are unchanged. */
    if (c->warps > 1) (void)wf_rng_range(&r, 1, 2);
    const unsigned few = c->warps > 1 ? 2 : 0;
    /* the rows that need a warp's instructions back to back: a short
     * instruction-miss latency, so fetch does not space them out */
    if (row != AIM_MODE1 && row != AIM_MODE2) c->imiss_lat = wf_rng_range(&r, 2, 8);
    switch (row) {
    case AIM_SB_FULL:
    case AIM_SB_BLOOM:
        /* E-1 writers of one warp in flight: one or two warps, MULs and lds
         * that take long (§4.3 scoreboard full, entries held across replays);
         * replay issues under lrr (§5.3 issue_rr moves), gto's choice of warp */
        c->hazard = WF_HAZARD_REPLAY;
        /* row 1's variant 1 in loop mode 2: the held entry behind the staging
         * register (§4.3 with §7.2), which mode 3 alone never shows */
        c->loops = row == AIM_SB_FULL && v ? 2 : 3;
        c->sched = row == AIM_SB_BLOOM && v == 0 ? WF_SCHED_GTO : WF_SCHED_LRR;
        if (war_drawn) c->war = row == AIM_SB_BLOOM ? WF_WAR_BLOOM : WF_WAR_INORDER;
        c->active_warps = few;
        c->mul_lat = clamp_range(&r, 8, 20, mul_max);
        c->lsu_lat = clamp_range(&r, 4, 12, lsu_max);
        break;
    case AIM_STALL_MEM:
    case AIM_STALL_READ:
        /* §5.1 items 5 and 6 together, §9.1 collector stalls (under lrr they
         * must not move issue_rr), §9.3 */
        c->hazard = WF_HAZARD_STALL;
        c->loops = 3;
        c->sched = WF_SCHED_LRR;
        if (war_drawn) c->war = row == AIM_STALL_READ ? WF_WAR_WB_READ : WF_WAR_BLOOM;
        /* variant 0 with IH, whose instruction the policy counts (§5.6), and
         * bloom on every warp (the filter of each, §8.5) */
        if (!v) c->handoff_stage = 1;
        if (!v && row == AIM_STALL_MEM) c->active_warps = 0;
        break;
    case AIM_WAR:
    case AIM_WAR_READ:
        /* a warp's next instruction meets its own CUs still collecting (§8):
         * the policy is the point of the row, so it replaces a drawn none */
        c->loops = 3;
        c->war = row == AIM_WAR_READ ? WF_WAR_WB_READ : WF_WAR_INORDER;
        if (row == AIM_WAR_READ) {
            c->hazard = WF_HAZARD_STALL; /* with §10.5 binding */
            if (wf_rng_below(&r, 2)) c->active_warps = c->warps > 3 ? wf_rng_range(&r, 1, 3) : few;
        } else {
            /* every warp: collector replays (no free CU) moving issue_rr (§9.1,
             * §5.3); or collector stalls under gto */
            c->hazard = v ? WF_HAZARD_STALL : WF_HAZARD_REPLAY;
            c->sched = v ? WF_SCHED_GTO : WF_SCHED_LRR;
        }
        if (row == AIM_WAR_READ) aim_deep_pipes(c, alu_max, mul_max, lsu_max);
        break;
    case AIM_STAGING:
        /* the staging register's instruction refused by a unit whose write
         * lost (§6.2: its operands arrive in the refusal cycle, §10.1), and
         * §10.5 binding under stall */
        c->loops = 2;
        c->hazard = WF_HAZARD_STALL;
        c->sched = WF_SCHED_GTO;
        c->alu_lat = 1;
        if (wf_rng_below(&r, 2)) c->active_warps = few; /* few warps: writes back to back */
        c->mul_lat = clamp_range(&r, 2, 4, mul_max);
        c->lsu_lat = clamp_range(&r, 2, 4, lsu_max);
        /* half of them a one-stage MUL: a result that loses its bank to the LSU
         * (§10.3) holds stage 1, so the SR's next MUL is refused (§7.2, §10.1) */
        if (wf_rng_below(&r, 2)) c->mul_lat = 1;
        break;
    case AIM_MODE2:
    case AIM_MODE1:
        c->loops = row == AIM_MODE1 ? 1 : 2;
        if (wf_rng_below(&r, 2)) c->alu_lat = 1; /* its write can lose on arrival (§10.3) */
        if (wf_rng_below(&r, 3) == 0) c->mul_lat = 1; /* so can a MUL's, holding stage 1 (§10.1) */
        break;
    default:
        break;
    }
}

void wf_random_aim_config(uint64_t seed, unsigned alu_max, unsigned mul_max, unsigned lsu_max,
                          wf_config *c)
{
    wf_aim_config_row(seed, wf_random_aim_row(seed), wf_random_aim_variant(seed), alu_max, mul_max,
                      lsu_max, c);
}

/* The bloom rows' WAR patterns (§8.5): a writer of a register that the same
 * warp's mad still has pending (the filter test of H(d), both bits), also with
 * that mad in IH (§5.6); from a stream of their own, so the rows' other draws
 * stay as they were. */
static void aim_bloom_war(uint64_t seed, wf_gen_knobs *k)
{
    wf_rng b;
    wf_rng_seed(&b, seed ^ 0xB100DA57ull);
    k->war_bias = wf_rng_range(&b, 40, 90);
}

/* The program template of row ri (0..WF_AIM_ROWS), for the configuration cfg it
 * runs on; tmpl >= 0 replaces the draw of the general template (a CDG target's). */
void wf_aim_program_row(uint64_t seed, unsigned ri, int tmpl, const wf_config *cfg, wf_gen_knobs *k)
{
    wf_rng t;
    wf_rng_seed(&t, seed ^ 0xA11D5EEDull);
    const unsigned row = aim_rows[ri];
    if (row != AIM_GENERAL && row != AIM_MODE1 && row != AIM_MODE2) {
        /* room for the template behind the set-up (the base length may leave none) */
        if (k->length < 100) k->length = wf_rng_range(&t, 100, 200);
        if (k->length > cfg->imem_words) k->length = cfg->imem_words;
    }
    switch (row) {
    case AIM_SB_FULL:
    case AIM_SB_BLOOM: {
        /* bursts of more independent writers than the warp has entries, then
         * a split ld that replays while they hold them; WAW pairs */
        unsigned e = cfg->sb_entries + 1 + wf_rng_below(&t, 4);
        k->burst = wf_rng_range(&t, 200, 400);
        k->burst_len = e < 2 ? 2 : e > 16 ? 16 : e;
        k->split = wf_rng_range(&t, 2, 4);
        k->w_ld += wf_rng_range(&t, 5, 20);
        k->waw = wf_rng_range(&t, 5, 20);
        /* one or two warps: a longer program (the run stays shorter than all warps') */
        if (k->length < 200) k->length = wf_rng_range(&t, 200, 400);
        if (k->length > cfg->imem_words) k->length = cfg->imem_words;
        if (row == AIM_SB_BLOOM) aim_bloom_war(seed, k);
        return;
    }
    case AIM_STALL_MEM:
    case AIM_STALL_READ:
        /* ld/st runs (memory order, lsu_stall) and bursts that take every CU */
        k->mem_run = wf_rng_range(&t, 150, 300);
        k->burst = wf_rng_range(&t, 50, 150);
        k->burst_len = wf_rng_range(&t, 4, 12);
        k->split = wf_rng_range(&t, 1, 4);
        k->waw = wf_rng_range(&t, 0, 10);
        if (row == AIM_STALL_MEM) aim_bloom_war(seed, k);
        return;
    case AIM_STAGING:
        /* sources in one bank (the staging register holds, §7.2), destinations
         * in one bank too (writeback losses: a unit refuses, §6.2), WAW pairs */
        k->bank_bias = wf_rng_range(&t, 70, 100);
        k->reuse = wf_rng_range(&t, 0, 3);
        k->w_mul += wf_rng_range(&t, 10, 30);
        k->w_ld += wf_rng_range(&t, 0, 10);
        k->waw = wf_rng_range(&t, 5, 20);
        k->mem_run = wf_rng_range(&t, 50, 150);
        /* bursts of independent MUL/MAD writers behind the staging register: the
         * MUL pipeline full when an LSU write beats its result (§10.3), so its
         * stage 1 refuses the next one (§7.2 dispatch.busy.mul in mode 2) */
        k->burst = wf_rng_range(&t, 50, 200);
        k->burst_len = wf_rng_range(&t, 4, 12);
        return;
    case AIM_WAR:
    case AIM_WAR_READ:
        k->war_bias = wf_rng_range(&t, 40, 100);
        k->bank_bias = wf_rng_range(&t, 50, 100);
        k->burst = row == AIM_WAR ? wf_rng_range(&t, 100, 250) : wf_rng_range(&t, 20, 80);
        k->mem_run = wf_rng_range(&t, 20, 80);
        k->split = wf_rng_range(&t, 2, 4);
        k->w_ld += wf_rng_range(&t, 5, 15);
        k->w_st += wf_rng_range(&t, 5, 15);
        return;
    default:
        break;
    }
    /* the general templates: about half of these seeds get one */
    const unsigned drawn = wf_rng_below(&t, 8);
    switch (tmpl >= 0 ? (unsigned)tmpl : drawn) {
    case 0: /* scoreboard full and every CU busy, a replayed ld holding its entry */
        k->burst = wf_rng_range(&t, 60, 250);
        k->burst_len = wf_rng_range(&t, 4, 12);
        k->split = wf_rng_range(&t, 2, 8);
        k->w_ld += wf_rng_range(&t, 5, 20);
        break;
    case 1: /* back-to-back ld/st: memory order, lsu_stall, pieces of every count */
        k->mem_run = wf_rng_range(&t, 60, 250);
        k->split = wf_rng_range(&t, 1, 32);
        break;
    case 2: /* register choices colliding in one bank (either layout: same relation per warp) */
        k->bank_bias = wf_rng_range(&t, 70, 100);
        k->reuse = wf_rng_range(&t, 1, 3);
        k->w_mul += wf_rng_range(&t, 10, 30);
        break;
    case 3: /* WAR patterns behind long reads, both aimed knobs at a low rate */
        k->war_bias = wf_rng_range(&t, 40, 100);
        k->burst = wf_rng_range(&t, 20, 80);
        k->mem_run = wf_rng_range(&t, 20, 80);
        break;
    case 4: /* the ISA's operand classes: extreme values, offsets, lane patterns, predicates */
        k->isa_vals = wf_rng_range(&t, 100, 250);
        k->mem_off = wf_rng_range(&t, 50, 100);
        k->lane_addr = wf_rng_range(&t, 30, 70);
        k->pred = wf_rng_range(&t, 40, 90);
        break;
    default: /* no template: the base draws alone */
        break;
    }
    /* the mode-1/2 rows: loops and bnz regions, whose bnz reads its operand in
     * its dispatch cycle (§10.4 with §7.2), drawn after the general template;
     * only where the generator emits control flow (8 registers or more) */
    if ((row == AIM_MODE1 || row == AIM_MODE2) && cfg->regs >= 8) {
        const unsigned ld = wf_rng_range(&t, 30, 80), bd = wf_rng_range(&t, 30, 80);
        if (k->loop_density < ld) k->loop_density = ld;
        if (k->branch_density < bd) k->branch_density = bd;
        if (k->length < 100) k->length = wf_rng_range(&t, 100, 200);
        if (k->length > cfg->imem_words) k->length = cfg->imem_words;
    }
}

void wf_random_aim(uint64_t seed, const wf_config *cfg, wf_gen_knobs *k)
{
    wf_aim_program_row(seed, wf_random_aim_row(seed), -1, cfg, k);
}
