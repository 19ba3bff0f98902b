/* Seeded random configurations (verif/include/wf_gen.h, wf_random_config). */
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

void wf_random_config(uint64_t seed, const wf_config *sizes, wf_config *out)
{
    wf_rng r;
    wf_rng_seed(&r, seed ^ 0xC0F1C0F1D00Dull);
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
    /* run-time knobs: every one, full range */
    c.layout = wf_rng_below(&r, 2);
    c.war = wf_rng_range(&r, WF_WAR_INORDER, WF_WAR_BLOOM); /* never none */
    c.sched = wf_rng_below(&r, 2);
    c.loops = wf_rng_range(&r, 1, 3);
    c.hazard = wf_rng_below(&r, 2);
    c.alu_lat = skewed(&r, 1, 16, 3);
    c.mul_lat = skewed(&r, 1, 32, 6);
    c.lsu_lat = skewed(&r, 2, 32, 4);
    c.imiss_lat = skewed(&r, 2, 256, 16);
    c.active_warps = wf_rng_below(&r, 3) ? 0 : wf_rng_range(&r, 0, c.warps);
    *out = c;
}
