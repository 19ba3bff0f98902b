/* Seeded random configurations and the regression's size sets
 * (verif/include/wf_gen.h: wf_random_config, wf_size_set_*, wf_random_runtime,
 * wf_random_gen_knobs). The aimed scenarios on top of a draw are verif/aim.c,
 * the coverage-directed choice of one verif/cdg.c. */
#include "wf_gen.h"
#include "randcfg.h"

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
    wf_random_aim_config(seed, full.alu, full.mul, full.lsu, &c);
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

void wf_random_runtime_cdg(uint64_t seed, const wf_size_set *set, unsigned flags,
                           const wf_cdg_bias *b, wf_config *out)
{
    wf_rng r;
    wf_rng_seed(&r, seed ^ 0x4E7C0DE5ull);
    wf_config c = set->sizes;
    const lat_max m = {set->alu_lat_max, set->mul_lat_max, set->lsu_lat_max};
    draw_runtime(&r, &c, &m, flags);
    wf_cdg_aim_config(seed, b, flags, m.alu, m.mul, m.lsu, &c);
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
    /* drawn after the classes above: high pcs (§3), words off the line start (§10.2) */
    k->far = wf_rng_below(&r, 2) ? wf_rng_range(&r, 40, 100) : 0; /* half the seeds: 0 keeps programs that fit the I-cache */
    k->addr_shift = wf_rng_range(&r, 0, 60);
    wf_cdg_aim_program(seed, b, cfg, k);
}
