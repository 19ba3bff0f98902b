/* Seeded random configurations and the regression's size sets
 * (verif/include/wf_gen.h: wf_random_config, wf_size_set_*, wf_random_runtime,
 * wf_random_gen_knobs). */
#include "wf_gen.h"

#include <string.h>

/* Uniform over lo..hi half of the time, else over the low end (lo..lo+span):
 * the full range is covered, the common small values are frequent. */
static unsigned skewed(wf_rng *r, unsigned lo, unsigned hi, unsigned span)
{
    if (wf_rng_below(r, 2)) return wf_rng_range(r, lo, hi);
    unsigned top = lo + span < hi ? lo + span : hi;
    return wf_rng_range(r, lo, top);
}

static unsigned pow2_in(wf_rng *r, unsigned lo, unsigned hi)
{
    unsigned k = 0;
    while ((lo << (k + 1)) <= hi) k++;
    return lo << wf_rng_below(r, k + 1);
}

typedef struct {
    unsigned alu, mul, lsu; /* latency maxima (RTL ALU_LAT_MAX, MUL_LAT_MAX, LSU_LAT_MAX) */
} lat_max;

/* The run-time knobs, every one over its range (latencies up to *m). */
static void draw_runtime(wf_rng *r, wf_config *c, const lat_max *m, unsigned flags)
{
    c->layout = wf_rng_below(r, 2);
    if ((flags & WF_RAND_WAR_NONE) && wf_rng_below(r, 9) == 0)
        c->war = WF_WAR_NONE;
    else
        c->war = wf_rng_range(r, WF_WAR_INORDER, WF_WAR_BLOOM);
    c->sched = wf_rng_below(r, 2);
    c->loops = wf_rng_range(r, 1, 3);
    c->hazard = wf_rng_below(r, 2);
    c->alu_lat = skewed(r, 1, m->alu, 3);
    c->mul_lat = skewed(r, 1, m->mul, 6);
    c->lsu_lat = skewed(r, 2, m->lsu, 4);
    c->imiss_lat = skewed(r, 2, 256, 16);
    c->active_warps = wf_rng_below(r, 3) ? 0 : wf_rng_range(r, 0, c->warps);
    /* drawn last, so every knob above is what the seed drew before it existed */
    c->decode_stage = wf_rng_below(r, 2);
    c->alloc_stage = wf_rng_below(r, 2);
    c->handoff_stage = wf_rng_below(r, 2);
    c->fill_stage = wf_rng_below(r, 2);
    c->ready_stage = wf_rng_below(r, 2);
}

void wf_random_config(uint64_t seed, const wf_config *sizes, wf_config *out)
{
    wf_rng r;
    wf_rng_seed(&r, seed ^ 0xC0F1C0F1D00Dull);
    /* the parameter table's maxima (cmodel/config.c) */
    const lat_max full = {wf_param_find("alu_lat")->max, wf_param_find("mul_lat")->max,
                          wf_param_find("lsu_lat")->max};
    wf_config c;
    wf_config_default(&c);
    if (sizes) {
        c = *sizes;
    } else {
        static const unsigned warp_pick[] = {1, 2, 3, 4, 5, 8, 8, 16, 32, 64};
        c.warps = wf_rng_below(&r, 3) ? warp_pick[wf_rng_below(&r, 10)] : wf_rng_range(&r, 1, 64);
        c.lanes = skewed(&r, 1, 32, 8);
        c.regs = skewed(&r, 1, 128, 32);
        c.banks = skewed(&r, 1, 32, 8);
        c.collectors = wf_rng_range(&r, 1, 16);
        c.sb_entries = wf_rng_range(&r, 1, 8);
        c.ibuf = wf_rng_range(&r, 1, 8);
        c.icache_lines = pow2_in(&r, 1, 256);
        c.icache_line = pow2_in(&r, 1, 16);
        c.imshrs = wf_rng_range(&r, 1, 8);
        c.imem_words = pow2_in(&r, c.icache_line, 65536);
        c.mem_words = pow2_in(&r, 16, 65536);
        c.mem_line = pow2_in(&r, 1, 32);
        if (c.mem_line > c.mem_words) c.mem_line = c.mem_words;
        c.bloom_bits = pow2_in(&r, 4, 64);
    }
    draw_runtime(&r, &c, &full, 0);
    wf_random_aim_config(seed, full.mul, full.lsu, &c);
    *out = c;
}

/* ---- the regression's Verilated builds --------------------------------------------- */

/* Run-time knobs at their defaults (docs/microarch.md "Parameters"); only the
 * sizes differ between sets. */
#define RUNTIME_DEFAULTS                                                                  \
    .layout = WF_LAYOUT_SWIZZLE, .war = WF_WAR_BLOOM, .sched = WF_SCHED_LRR, .loops = 3, \
    .hazard = WF_HAZARD_REPLAY, .alu_lat = 1, .mul_lat = 4, .lsu_lat = 2, .imiss_lat = 8, \
    .active_warps = 0
#define SIZES(W, L, R, B, C, E, I, ICL, ICW, MS, IM, M, ML, BB)                              \
    {.warps = W, .lanes = L, .regs = R, .banks = B, .collectors = C, .sb_entries = E,      \
     .ibuf = I, .icache_lines = ICL, .icache_line = ICW, .imshrs = MS, .imem_words = IM,     \
     .mem_words = M, .mem_line = ML, .bloom_bits = BB, RUNTIME_DEFAULTS}

static const wf_size_set size_sets[] = {
    {"default", "the default configuration (cmodel/config.c defaults)",
     SIZES(8, 8, 32, 4, 4, 4, 2, 16, 4, 2, 1024, 1024, 4, 16), 16, 32, 32},
    /* imem_words is the one size not at its minimum (1): the program must fit */
    {"smallest", "every size at its minimum (imem_words 256 so that programs fit)",
     SIZES(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 256, 16, 1, 4), 16, 32, 32},
    /* 64 warps x 128 registers (the issue-4 scale point) with 4 lanes so a run stays short */
    {"64x128", "64 warps x 128 registers x 4 lanes, 8 banks, 6 collectors",
     SIZES(64, 4, 128, 8, 6, 4, 2, 16, 4, 4, 1024, 4096, 4, 16), 16, 32, 32},
    /* 23 registers in 3 banks: like odd2, R mod B != 0 (rows = ceil(R / B), §6.1) */
    {"odd1", "5 warps x 3 lanes x 23 regs, 3 banks, 3 CUs, 3 sb, 3 ibuf, mem_line 8",
     SIZES(5, 3, 23, 3, 3, 3, 3, 4, 2, 3, 512, 512, 8, 8), 16, 32, 32},
    {"odd2", "13 warps x 7 lanes x 19 regs, 5 banks, 7 CUs, 7 sb, 5 ibuf, 8-word I-lines",
     SIZES(13, 7, 19, 5, 7, 7, 5, 2, 8, 5, 256, 2048, 2, 32), 16, 32, 32},
};
#undef SIZES
#undef RUNTIME_DEFAULTS

const wf_size_set *wf_size_set_at(unsigned i)
{
    return i < sizeof size_sets / sizeof size_sets[0] ? &size_sets[i] : NULL;
}

const wf_size_set *wf_size_set_find(const char *names, uint64_t seed)
{
    const unsigned n = sizeof size_sets / sizeof size_sets[0];
    const wf_size_set *pick[sizeof size_sets / sizeof size_sets[0]];
    unsigned k = 0;
    if (!strcmp(names, "any")) {
        for (; k < n; k++) pick[k] = &size_sets[k];
    } else {
        for (const char *p = names; *p;) { /* a comma list of names */
            size_t len = strcspn(p, ",");
            unsigned i = 0;
            while (i < n && !(strlen(size_sets[i].name) == len && !strncmp(size_sets[i].name, p, len)))
                i++;
            if (i == n) return NULL;
            unsigned j = 0;
            while (j < k && pick[j] != &size_sets[i]) j++;
            if (j == k) pick[k++] = &size_sets[i]; /* each set once */
            p += len;
            if (*p) p++;
        }
        if (!k) return NULL;
    }
    if (k == 1) return pick[0];
    wf_rng r;
    wf_rng_seed(&r, seed ^ 0x5123E55E7ull);
    return pick[wf_rng_below(&r, k)];
}

/* the aimed row of a seed, or of its CDG target (below) */
static void cdg_aim_config(uint64_t seed, const wf_cdg_bias *b, unsigned flags, unsigned mul_max,
                           unsigned lsu_max, wf_config *c);
static void cdg_aim_program(uint64_t seed, const wf_cdg_bias *b, const wf_config *cfg,
                            wf_gen_knobs *k);

void wf_random_runtime_cdg(uint64_t seed, const wf_size_set *set, unsigned flags,
                           const wf_cdg_bias *b, wf_config *out)
{
    wf_rng r;
    wf_rng_seed(&r, seed ^ 0x4E7C0DE5ull);
    wf_config c = set->sizes;
    const lat_max m = {set->alu_lat_max, set->mul_lat_max, set->lsu_lat_max};
    draw_runtime(&r, &c, &m, flags);
    cdg_aim_config(seed, b, flags, m.mul, m.lsu, &c);
    *out = c;
}

void wf_random_runtime(uint64_t seed, const wf_size_set *set, unsigned flags, wf_config *out)
{
    wf_random_runtime_cdg(seed, set, flags, NULL, out);
}

void wf_random_gen_knobs(uint64_t seed, const wf_config *cfg, wf_gen_knobs *k)
{
    wf_random_gen_knobs_cdg(seed, cfg, NULL, k);
}

void wf_random_gen_knobs_cdg(uint64_t seed, const wf_config *cfg, const wf_cdg_bias *b,
                             wf_gen_knobs *k)
{
    wf_rng r;
    wf_rng_seed(&r, seed ^ 0x6E4B0B5ull);
    wf_gen_default(k);
    wf_gen_target(k, cfg);
    const unsigned cap = cfg->icache_lines * cfg->icache_line, imem = cfg->imem_words;
    unsigned len;
    if (wf_rng_below(&r, 4) == 0 && cap < imem) /* longer than the I-cache */
        len = wf_rng_range(&r, cap + 1, cap * 4 + 64 < imem ? cap * 4 + 64 : imem);
    else
        len = wf_rng_range(&r, 8, 120);
    k->length = len < imem ? len : imem;
    k->w_alu = wf_rng_range(&r, 0, 60);
    k->w_mul = wf_rng_range(&r, 0, 30);
    k->w_ld = wf_rng_range(&r, 0, 20);
    k->w_st = wf_rng_range(&r, 0, 20);
    k->w_nop = wf_rng_range(&r, 0, 5);
    k->w_bra = wf_rng_range(&r, 0, 5);
    if (!(k->w_alu + k->w_mul + k->w_ld + k->w_st + k->w_nop + k->w_bra)) k->w_alu = 1;
    k->reuse = wf_rng_range(&r, 0, 8);
    k->bank_bias = wf_rng_range(&r, 0, 100);
    k->war_bias = wf_rng_range(&r, 0, 50);
    k->split = wf_rng_range(&r, 1, 8);
    k->loop_density = wf_rng_range(&r, 0, 60);
    k->branch_density = wf_rng_range(&r, 0, 60);
    k->loop_iters = wf_rng_range(&r, 1, 4);
    k->loop_body = wf_rng_range(&r, 1, 20);
    /* the ISA's operand classes (wf_isacov.h), drawn after the knobs above */
    k->isa_vals = wf_rng_range(&r, 0, 100);
    k->mem_off = wf_rng_range(&r, 0, 60);
    k->lane_addr = wf_rng_range(&r, 0, 40);
    k->pred = wf_rng_range(&r, 0, 50);
    cdg_aim_program(seed, b, cfg, k);
}

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
 * ...: 0; 21..30, 61..70, ...: 1; a variant changes the loop mode of row 1
 * and the scheduler or hazard mode of rows 6 and 7, where either serves
 * their rules); the odd blocks keep
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
    "stall, mode 3, lrr, bloom, ld/st runs, bursts",                         /* 3 */
    "mode 2, stall, gto, alu_lat 1, bank collisions, WAW pairs, ld/st runs", /* 4 */
    "stall, mode 3, lrr, warpboard-read, ld/st runs, bursts",                /* 5 */
    "2 warps, replay, bloom, gto | lrr, scoreboard full",                    /* 6 */
    "mode 3, replay+lrr+inorder | stall+gto+inorder, WAR patterns, bursts",  /* 7 */
    "stall, mode 3, 1-3 warps, warpboard-read, WAR patterns",                /* 8 */
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

/* Row ri (0..WF_AIM_ROWS) in variant v on seed's stream: wf_random_aim_config
 * with the seed's row, wf_random_runtime_cdg with a target's. */
static void aim_config(uint64_t seed, unsigned ri, unsigned v, unsigned mul_max, unsigned lsu_max,
                       wf_config *c)
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

void wf_random_aim_config(uint64_t seed, unsigned mul_max, unsigned lsu_max, wf_config *c)
{
    aim_config(seed, wf_random_aim_row(seed), wf_random_aim_variant(seed), mul_max, lsu_max, c);
}

/* The program template of row ri (0..WF_AIM_ROWS), for the configuration cfg it
 * runs on; tmpl >= 0 replaces the draw of the general template (a CDG target's). */
static void aim_program(uint64_t seed, unsigned ri, int tmpl, const wf_config *cfg, wf_gen_knobs *k)
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
    aim_program(seed, wf_random_aim_row(seed), -1, cfg, k);
}

/* ---- coverage-directed generation (docs/verification.md "Coverage-directed
 * generation"; verif/include/wf_gen.h) ----------------------------------------------
 * The one table from coverage bins to the stimulus that reaches them: the aimed
 * rows above (bit r: row r, the seeds' row numbers of aim_names) and the general
 * templates of aim_program (bit WF_AIM_ROWS; tmpl: which one, -1 drawn). The rows
 * are those of the table in "Stimulus aimed at the holes"; a bin matches the
 * first entry that is its name or a prefix of it ending in '.', '=' or '['. A
 * target's axes set the plan's configuration cell on top of the row. */
#define ROW(x) (1u << (x))
#define GEN ROW(WF_AIM_ROWS)
static const struct {
    const char *bin;
    unsigned rows;
    int tmpl; /* 0 burst, 1 mem_run, 2 bank collisions, 3 WAR patterns, 4 ISA classes (aim_program) */
} cdg_table[] = {
    {"sb.", ROW(1) | ROW(6), -1},                 /* §4.3 full, held entries, releases */
    {"hazard.sb_full", ROW(1) | ROW(6), -1},
    {"hazard_nf.sb_full", ROW(1) | ROW(6), -1},
    {"hazard.wait_lsu", ROW(1) | ROW(6), -1},     /* §9.2 a split ld/st issued as head */
    {"replay.memory", ROW(1) | ROW(6) | GEN, 1},
    {"hazard.mem_order", ROW(3) | ROW(5), -1},    /* §5.1 items 5/6, §10.5 */
    {"hazard_nf.mem_order", ROW(3) | ROW(5), -1},
    {"hazard.lsu_stall", ROW(3) | ROW(5), -1},    /* §9.3 */
    {"hazard_nf.lsu_stall", ROW(3) | ROW(5), -1},
    {"lsu.stall_flag", ROW(3) | ROW(5), -1},
    {"stall.lsu", ROW(3) | ROW(5), -1},
    {"lsu.", GEN, 1},                             /* §9.2 pieces of every count */
    {"hazard.war", ROW(7) | ROW(8), -1},          /* §8 */
    {"hazard_nf.war", ROW(7) | ROW(8), -1},
    {"war.block.", ROW(7) | ROW(8) | GEN, 3},
    {"hazard.staging", ROW(0) | ROW(4), 2},       /* §7.2 */
    {"hazard_nf.staging", ROW(0) | ROW(4), 2},
    {"issue.sr", ROW(0) | ROW(2) | ROW(4) | ROW(9), -1},
    {"hazard.inflight", ROW(2) | ROW(9), 1},      /* §7.3 mode 1 */
    {"hazard_nf.inflight", ROW(2) | ROW(9), 1},
    {"dispatch.busy.", ROW(4) | GEN, 2},          /* §6.2, §7.1, §10.3 */
    {"wb.loss.", ROW(4) | GEN, 2},
    {"bank[", ROW(4) | GEN, 2},                   /* §6.2, §6.4 */
    {"read.", ROW(4) | GEN, 2},
    {"bank.oldest_wins", ROW(7) | GEN, 2},
    {"cu.exhausted", ROW(7) | GEN, 0},            /* §7.1, §9.1 */
    {"dispatch.", ROW(7) | GEN, 0},
    {"replay.collector", ROW(7) | GEN, 0},
    {"stall.collector", ROW(3) | ROW(7), 0},
    {"branch.", ROW(0) | ROW(2) | ROW(9), -1},    /* §10.4 */
    {"warp.wait_branch", ROW(0) | ROW(2) | ROW(9), -1},
    {"fetch.", ROW(0) | ROW(2) | ROW(9) | GEN, -1}, /* §3.2, §3.3 */
    {"warp.wait_miss", ROW(0) | ROW(2) | ROW(9) | GEN, -1},
    {"sched.gto_switch", ROW(6) | GEN, -1},       /* §5.3 */
    {"isa.", GEN, 4},                             /* docs/isa.md operand classes */
};
#define CDG_TABLE_N (sizeof cdg_table / sizeof cdg_table[0])
/* the run-time knobs a target may set: the plan's axes (no latency: their maxima
 * are a build's, no size: the build's) */
static const char *const cdg_axes[] = {"loops", "hazard", "war", "layout", "sched", "decode_stage"};
#define CDG_AXES_N (sizeof cdg_axes / sizeof cdg_axes[0])

static int cdg_entry(const char *bin)
{
    for (unsigned i = 0; i < CDG_TABLE_N; i++) {
        const size_t n = strlen(cdg_table[i].bin);
        const char last = cdg_table[i].bin[n - 1];
        if (!strncmp(bin, cdg_table[i].bin, n) && (!bin[n] || last == '.' || last == '=' || last == '['))
            return (int)i;
    }
    return -1;
}

unsigned wf_cdg_rows(const char *bin, int *tmpl)
{
    const int e = cdg_entry(bin);
    if (tmpl) *tmpl = e < 0 ? -1 : cdg_table[e].tmpl;
    return e < 0 ? 0 : cdg_table[e].rows;
}

/* One axis "name=value" (len bytes) into t; NULL or the error. */
static const char *cdg_axis(wf_cdg_target *t, const char *a, size_t len, char *err, size_t errlen)
{
    const char *eq = memchr(a, '=', len);
    if (!eq) {
        snprintf(err, errlen, "axis '%.*s': expected name=value", (int)len, a);
        return err;
    }
    const size_t nl = (size_t)(eq - a), vl = len - nl - 1;
    const char *name = NULL;
    for (unsigned i = 0; i < CDG_AXES_N; i++)
        if (strlen(cdg_axes[i]) == nl && !strncmp(cdg_axes[i], a, nl)) name = cdg_axes[i];
    if (!name) {
        snprintf(err, errlen, "axis '%.*s': allowed loops, hazard, war, layout, sched, decode_stage",
                 (int)nl, a);
        return err;
    }
    if (t->naxes == WF_CDG_MAX_AXES || vl >= sizeof t->axis[0].value) {
        snprintf(err, errlen, "too many axes or a value too long");
        return err;
    }
    char v[sizeof t->axis[0].value], e2[160];
    memcpy(v, eq + 1, vl);
    v[vl] = 0;
    wf_config scratch;
    wf_config_default(&scratch);
    if (wf_config_set(&scratch, name, v, e2, sizeof e2)) {
        snprintf(err, errlen, "%s", e2);
        return err;
    }
    t->axis[t->naxes].name = name;
    memcpy(t->axis[t->naxes].value, v, vl + 1);
    t->naxes++;
    return NULL;
}

/* One target line "<weight> <bin>[@axes]"; NULL or the error. */
static const char *cdg_line(wf_cdg_target *t, const char *line, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    const char *p = line;
    unsigned long w = 0;
    if (*p < '0' || *p > '9') {
        snprintf(err, errlen, "expected '<weight> <bin>[@axis=value,...]'");
        return err;
    }
    while (*p >= '0' && *p <= '9' && w <= 1000000) w = w * 10 + (unsigned long)(*p++ - '0');
    if (w < 1 || w > 1000000 || *p != ' ') {
        snprintf(err, errlen, "weight: allowed 1..1000000, then one space and the bin");
        return err;
    }
    t->weight = (unsigned)w;
    p++;
    const size_t len = strcspn(p, "@"), total = strlen(p);
    if (!len || len >= sizeof t->bin || strcspn(p, " \t") < total) {
        snprintf(err, errlen, "bin: 1..%u characters without blanks", WF_CDG_BIN_LEN - 1);
        return err;
    }
    memcpy(t->bin, p, len);
    t->bin[len] = 0;
    /* "run.<axis>=<value>" bins (the configuration drawn) name their axis */
    if (!strncmp(t->bin, "run.", 4) && strchr(t->bin, '=')) {
        char e2[160];
        if (cdg_axis(t, t->bin + 4, strlen(t->bin + 4), e2, sizeof e2)) t->naxes = 0;
    }
    for (p += len; *p == '@' || *p == ',';) {
        p++;
        const size_t n = strcspn(p, ",");
        if (cdg_axis(t, p, n, err, errlen)) return err;
        p += n;
    }
    t->entry = cdg_entry(t->bin);
    return NULL;
}

int wf_cdg_load(const char *path, wf_cdg_bias *b, char *err, size_t errlen)
{
    b->n = 0;
    b->total = 0;
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot read the bias file", path);
        return -1;
    }
    char line[512], e2[256];
    unsigned no = 0;
    int rc = 0;
    while (fgets(line, sizeof line, f)) {
        no++;
        size_t n = strlen(line);
        if (n && line[n - 1] == '\n') line[--n] = 0;
        else if (!feof(f)) {
            snprintf(err, errlen, "%s:%u: line longer than %zu bytes", path, no, sizeof line - 2);
            rc = -1;
            break;
        }
        if (no == 1) {
            if (strcmp(line, "# warpfront-cdg-bias 1")) {
                snprintf(err, errlen, "%s:1: not a bias file of version 1 (first line '# warpfront-cdg-bias 1')",
                         path);
                rc = -1;
                break;
            }
            continue;
        }
        if (!n || line[0] == '#') continue;
        if (b->n == WF_CDG_MAX_TARGETS) {
            snprintf(err, errlen, "%s:%u: more than %u targets", path, no, WF_CDG_MAX_TARGETS);
            rc = -1;
            break;
        }
        if (cdg_line(&b->t[b->n], line, e2, sizeof e2)) {
            snprintf(err, errlen, "%s:%u: %s", path, no, e2);
            rc = -1;
            break;
        }
        b->total += b->t[b->n++].weight;
    }
    if (!rc && ferror(f)) {
        snprintf(err, errlen, "%s: read error", path);
        rc = -1;
    }
    if (!rc && no == 0) {
        snprintf(err, errlen, "%s: empty (not a bias file)", path);
        rc = -1;
    }
    fclose(f);
    return rc;
}

void wf_cdg_choose(uint64_t seed, const wf_cdg_bias *b, wf_cdg_pick *p)
{
    p->target = -1;
    p->row = wf_random_aim_row(seed);
    p->variant = wf_random_aim_variant(seed);
    p->tmpl = -1;
    if (!b || !b->n) return;
    wf_rng r;
    wf_rng_seed(&r, seed ^ 0xCD6B1A5EDull);
    if (wf_rng_below(&r, 4) == 0) return; /* a quarter keep their own stimulus: the base spread */
    /* the target at the seed's point of a Weyl sequence over the weights: consecutive
     * seeds spread over the targets instead of repeating the heavy ones by chance */
    const uint64_t frac = (seed * 0x9E3779B97F4A7C15ull) >> 32;
    uint64_t x = b->total < (1ull << 32) ? (frac * b->total) >> 32 : wf_rng_next(&r) % b->total;
    unsigned i = 0;
    while (x >= b->t[i].weight) x -= b->t[i++].weight;
    const wf_cdg_target *t = &b->t[i];
    const unsigned rows = t->entry < 0 ? GEN : cdg_table[t->entry].rows;
    unsigned k = wf_rng_below(&r, (unsigned)__builtin_popcount(rows)), row = 0;
    for (;; row++)
        if ((rows >> row & 1) && k-- == 0) break;
    p->target = (int)i;
    p->row = row;
    p->variant = wf_rng_below(&r, 2);
    p->tmpl = t->entry < 0 ? -1 : cdg_table[t->entry].tmpl;
}

static void cdg_aim_config(uint64_t seed, const wf_cdg_bias *b, unsigned flags, unsigned mul_max,
                           unsigned lsu_max, wf_config *c)
{
    wf_cdg_pick p;
    wf_cdg_choose(seed, b, &p);
    aim_config(seed, p.row, p.variant, mul_max, lsu_max, c);
    if (p.target < 0) return;
    const wf_cdg_target *t = &b->t[p.target];
    char err[160];
    for (unsigned i = 0; i < t->naxes; i++) {
        /* war=none only where the caller lets it be drawn (§8.1) */
        if (!(flags & WF_RAND_WAR_NONE) && !strcmp(t->axis[i].name, "war") && !strcmp(t->axis[i].value, "none"))
            continue;
        (void)wf_config_set(c, t->axis[i].name, t->axis[i].value, err, sizeof err); /* checked at load */
    }
}

static void cdg_aim_program(uint64_t seed, const wf_cdg_bias *b, const wf_config *cfg,
                            wf_gen_knobs *k)
{
    wf_cdg_pick p;
    wf_cdg_choose(seed, b, &p);
    aim_program(seed, p.row, p.tmpl, cfg, k);
}
