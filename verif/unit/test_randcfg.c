/* The regression's configuration draws (verif/randcfg.c): size sets,
 * run-time knobs within a build's RTL maxima, generator knobs. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
#include <stdlib.h>
#include <string.h>

#include "wf_check.h"
#include "wf_gen.h"

/* the size parameters: what a Verilated build fixes */
static void sizes_equal(const wf_config *a, const wf_config *b, const char *set)
{
    ck_assert_msg(a->warps == b->warps && a->lanes == b->lanes && a->regs == b->regs &&
                      a->banks == b->banks && a->collectors == b->collectors &&
                      a->sb_entries == b->sb_entries && a->ibuf == b->ibuf &&
                      a->icache_lines == b->icache_lines && a->icache_line == b->icache_line &&
                      a->imshrs == b->imshrs && a->imem_words == b->imem_words &&
                      a->mem_words == b->mem_words && a->mem_line == b->mem_line &&
                      a->bloom_bits == b->bloom_bits,
                  "set %s: a size parameter was drawn", set);
}

START_TEST(size_sets_valid_and_distinct)
{
    char err[256];
    unsigned n = 0;
    for (; wf_size_set_at(n); n++) {
        const wf_size_set *s = wf_size_set_at(n);
        ck_assert_msg(wf_config_check(&s->sizes, err, sizeof err) == NULL, "%s: %s", s->name, err);
        ck_assert_ptr_eq(wf_size_set_find(s->name, 0), s);
        for (unsigned j = 0; j < n; j++) {
            ck_assert_str_ne(wf_size_set_at(j)->name, s->name);
            ck_assert_msg(memcmp(&wf_size_set_at(j)->sizes, &s->sizes, sizeof s->sizes),
                          "%s and %s are the same build", s->name, wf_size_set_at(j)->name);
        }
    }
    ck_assert_uint_eq(n, 5);
    ck_assert_ptr_null(wf_size_set_find("bogus", 0));
    /* the named shapes */
    const wf_size_set *sm = wf_size_set_find("smallest", 0), *big = wf_size_set_find("64x128", 0);
    ck_assert_uint_eq(sm->sizes.warps + sm->sizes.lanes + sm->sizes.regs + sm->sizes.banks, 4);
    ck_assert_uint_eq(sm->sizes.mem_words, 16);
    ck_assert_uint_eq(big->sizes.warps, 64);
    ck_assert_uint_eq(big->sizes.regs, 128);
    wf_config d;
    wf_config_default(&d);
    sizes_equal(&wf_size_set_find("default", 0)->sizes, &d, "default");
    /* "any": every set over seeds, deterministic per seed */
    unsigned hits[8] = {0};
    for (uint64_t seed = 0; seed < 500; seed++) {
        const wf_size_set *s = wf_size_set_find("any", seed);
        ck_assert_ptr_eq(s, wf_size_set_find("any", seed));
        hits[s - wf_size_set_at(0)]++;
    }
    for (unsigned i = 0; i < n; i++)
        ck_assert_msg(hits[i] > 50, "set %s picked %u of 500 times", wf_size_set_at(i)->name, hits[i]);
    /* a list: only its sets, each of them */
    unsigned lh[8] = {0};
    for (uint64_t seed = 0; seed < 200; seed++) {
        const wf_size_set *s = wf_size_set_find("odd2,smallest", seed);
        ck_assert_msg(s == wf_size_set_find("odd2", 0) || s == wf_size_set_find("smallest", 0),
                      "list picked %s", s ? s->name : "NULL");
        lh[s - wf_size_set_at(0)]++;
    }
    ck_assert_uint_gt(lh[wf_size_set_find("odd2", 0) - wf_size_set_at(0)], 50);
    ck_assert_uint_gt(lh[wf_size_set_find("smallest", 0) - wf_size_set_at(0)], 50);
    ck_assert_ptr_eq(wf_size_set_find("odd1,odd1", 7), wf_size_set_find("odd1", 0));
    ck_assert_ptr_null(wf_size_set_find("odd1,bogus", 0));
    ck_assert_ptr_null(wf_size_set_find("", 0));
}
END_TEST

START_TEST(runtime_knobs_within_the_build)
{
    /* a build with small latency maxima: the draw must respect them */
    wf_size_set small = *wf_size_set_find("odd1", 0);
    small.alu_lat_max = 3;
    small.mul_lat_max = 5;
    small.lsu_lat_max = 4;
    const wf_size_set *sets[] = {wf_size_set_find("default", 0), wf_size_set_find("64x128", 0),
                                 &small};
    char err[256];
    for (unsigned si = 0; si < 3; si++) {
        const wf_size_set *set = sets[si];
        unsigned seen_layout = 0, seen_war = 0, seen_sched = 0, seen_loops = 0, seen_hazard = 0;
        unsigned max_alu = 0, max_mul = 0, max_lsu = 0, min_lsu = 99, active = 0, none = 0;
        for (uint64_t seed = 1; seed <= 2000; seed++) {
            wf_config c, again;
            wf_random_runtime(seed, set, 0, &c);
            wf_random_runtime(seed, set, 0, &again);
            ck_assert_int_eq(memcmp(&c, &again, sizeof c), 0);
            ck_assert_msg(wf_config_check(&c, err, sizeof err) == NULL, "seed %u: %s",
                          (unsigned)seed, err);
            sizes_equal(&c, &set->sizes, set->name);
            ck_assert_uint_le(c.alu_lat, set->alu_lat_max);
            ck_assert_uint_le(c.mul_lat, set->mul_lat_max);
            ck_assert_uint_le(c.lsu_lat, set->lsu_lat_max);
            ck_assert_uint_ne(c.war, WF_WAR_NONE);
            seen_layout |= 1u << c.layout;
            seen_war |= 1u << c.war;
            seen_sched |= 1u << c.sched;
            seen_loops |= 1u << c.loops;
            seen_hazard |= 1u << c.hazard;
            if (c.alu_lat > max_alu) max_alu = c.alu_lat;
            if (c.mul_lat > max_mul) max_mul = c.mul_lat;
            if (c.lsu_lat > max_lsu) max_lsu = c.lsu_lat;
            if (c.lsu_lat < min_lsu) min_lsu = c.lsu_lat;
            active += c.active_warps != 0;
            wf_random_runtime(seed, set, WF_RAND_WAR_NONE, &c);
            none += c.war == WF_WAR_NONE;
        }
        /* every value of every knob, the latency maxima reached */
        ck_assert_uint_eq(seen_layout, 3);
        ck_assert_uint_eq(seen_war, 0x1e); /* inorder .. bloom */
        ck_assert_uint_eq(seen_sched, 3);
        ck_assert_uint_eq(seen_loops, 0xe);
        ck_assert_uint_eq(seen_hazard, 3);
        ck_assert_uint_eq(max_alu, set->alu_lat_max);
        ck_assert_uint_eq(max_mul, set->mul_lat_max);
        ck_assert_uint_eq(max_lsu, set->lsu_lat_max);
        ck_assert_uint_eq(min_lsu, 2);
        ck_assert_uint_gt(active, 100);
        ck_assert_uint_gt(none, 100); /* with WF_RAND_WAR_NONE, war=none is drawn too */
    }
    /* different seeds, different configurations */
    wf_config a, b;
    wf_random_runtime(1, sets[0], 0, &a);
    wf_random_runtime(2, sets[0], 0, &b);
    ck_assert_int_ne(memcmp(&a, &b, sizeof a), 0);
}
END_TEST

START_TEST(generator_knobs_fit_the_build)
{
    char err[256];
    for (unsigned i = 0; wf_size_set_at(i); i++) {
        const wf_size_set *set = wf_size_set_at(i);
        const unsigned cap = set->sizes.icache_lines * set->sizes.icache_line;
        unsigned longer = 0, shorter = 0;
        for (uint64_t seed = 1; seed <= 200; seed++) {
            wf_config c;
            wf_random_runtime(seed, set, 0, &c);
            wf_gen_knobs k;
            wf_random_gen_knobs(seed, &c, &k);
            ck_assert_msg(wf_gen_check(&k, err, sizeof err) == NULL, "%s seed %u: %s", set->name,
                          (unsigned)seed, err);
            ck_assert_uint_eq(k.regs, c.regs); /* targets the configuration */
            ck_assert_uint_eq(k.warps, c.warps);
            ck_assert_uint_eq(k.layout, c.layout);
            wf_program p;
            ck_assert_msg(wf_gen_program(seed, &k, &p, NULL, err, sizeof err) == 0, "%s", err);
            ck_assert_msg(p.len <= c.imem_words, "%s seed %u: %u instructions, imem_words %u",
                          set->name, (unsigned)seed, p.len, c.imem_words);
            longer += p.len > cap;
            shorter += p.len <= cap;
            wf_program_free(&p);
        }
        /* programs longer than the I-cache, and ones that fit it (where it can) */
        ck_assert_msg(longer > 20, "%s: %u of 200 programs longer than the I-cache", set->name, longer);
        if (cap >= 64) ck_assert_msg(shorter > 20, "%s: %u of 200 fit the I-cache", set->name, shorter);
    }
}
END_TEST

/* 10,000 random configurations (wf_random_config), half of them with an
 * instruction memory of 1..32 words (below the generator's 20-instruction
 * set-up), with the regression's knob draw and one in eight with a length of
 * the caller's choosing: every program, set-up included, fits imem_words and
 * loads, or the knobs are refused naming the limit. */
START_TEST(programs_fit_imem_words)
{
    char err[256];
    wf_rng r;
    wf_rng_seed(&r, 4242);
    unsigned refused = 0, tiny = 0, mem_setup = 0;
    for (unsigned s = 0; s < 10000; s++) {
        wf_config c;
        wf_random_config(s, NULL, &c);
        if (wf_rng_below(&r, 2)) c.imem_words = 1u << wf_rng_below(&r, 6);
        if (c.icache_line > c.imem_words) c.icache_line = c.imem_words;
        ck_assert_msg(wf_config_check(&c, err, sizeof err) == NULL, "seed %u: %s", s, err);
        wf_gen_knobs k;
        wf_random_gen_knobs(s, &c, &k);
        ck_assert_uint_eq(k.imem_words, c.imem_words);
        if (wf_rng_below(&r, 8) == 0)
            k.length = wf_rng_range(&r, 1, c.imem_words < 32768 ? 2 * c.imem_words : 65536);
        wf_program p;
        wf_gen_info info;
        if (wf_gen_program(s, &k, &p, &info, err, sizeof err)) {
            ck_assert_msg(k.length > c.imem_words, "seed %u refused: %s", s, err);
            ck_assert_msg(strstr(err, "allowed at most imem_words="), "seed %u: %s", s, err);
            refused++;
            continue;
        }
        ck_assert_msg(p.len <= c.imem_words, "seed %u: %u instructions, imem_words %u", s, p.len,
                      c.imem_words);
        ck_assert_msg(wf_program_check(&p, c.regs, err, sizeof err) == NULL, "seed %u: %s", s, err);
        tiny += c.imem_words < 21;
        mem_setup += info.slice > 0 && c.imem_words < 64;
        wf_program_free(&p);
    }
    /* the draw reaches the cases that matter */
    ck_assert_uint_gt(refused, 100);
    ck_assert_uint_gt(tiny, 1500);
    ck_assert_uint_gt(mem_setup, 100);
}
END_TEST

/* The aimed scenarios (wf_random_aim_config, wf_random_aim): in the even
 * blocks of ten seeds, row seed mod 10 sets its run-time knobs and its template
 * on every size set, in variant 0 and 1 by turns; the odd blocks keep the base
 * draws (the same configuration as without the rows); the rows and blocks with
 * the general templates draw each of them; every program decodes, and knobs at
 * 0 emit no construct. */
START_TEST(aimed_templates_drawn_and_valid)
{
    char err[256];
    unsigned burst = 0, mem_run = 0, bank = 0, none = 0, general = 0, n_burst = 0, n_run = 0,
             n_waw = 0, base = 0, rows[WF_AIM_ROWS + 1] = {0};
    for (unsigned si = 0; wf_size_set_at(si); si++) {
        const wf_size_set *set = wf_size_set_at(si);
        for (uint64_t seed = 1; seed <= 400; seed++) {
            wf_config c;
            wf_random_runtime(seed, set, WF_RAND_WAR_NONE, &c);
            ck_assert_msg(wf_config_check(&c, err, sizeof err) == NULL, "seed %u: %s", (unsigned)seed, err);
            wf_gen_knobs k;
            wf_random_gen_knobs(seed, &c, &k);
            ck_assert_msg(wf_gen_check(&k, err, sizeof err) == NULL, "seed %u: %s", (unsigned)seed, err);
            const unsigned row = wf_random_aim_row(seed), v = wf_random_aim_variant(seed);
            const unsigned block = (unsigned)(seed - 1) / 10;
            ck_assert_uint_eq(row, block % 2 ? WF_AIM_ROWS : seed % 10);
            ck_assert_uint_eq(v, block / 2 % 2);
            ck_assert_ptr_nonnull(wf_random_aim_name(row));
            rows[row]++;
            const int war = c.war != WF_WAR_NONE; /* a drawn none stays */
            switch (row) {
            case 1: case 6: /* 1-2 warps, replay, mode 3 (row 1 variant 1: mode 2), long latencies, bursts */
                ck_assert_uint_eq(c.hazard, WF_HAZARD_REPLAY);
                ck_assert_uint_eq(c.loops, row == 1 && v == 1 ? 2 : 3);
                ck_assert_uint_eq(c.sched, row == 6 && v == 0 ? WF_SCHED_GTO : WF_SCHED_LRR);
                if (war) ck_assert_uint_eq(c.war, row == 6 ? WF_WAR_BLOOM : WF_WAR_INORDER);
                ck_assert_uint_eq(c.active_warps, c.warps == 1 ? 0 : 2);
                ck_assert_uint_ge(c.mul_lat, set->mul_lat_max < 8 ? set->mul_lat_max : 8);
                ck_assert_uint_gt(k.burst, 0);
                ck_assert_uint_gt(k.burst_len, c.sb_entries < 16 ? c.sb_entries : 15);
                ck_assert_uint_gt(k.waw, 0);
                if (row == 6) ck_assert_uint_ge(k.war_bias, 40); /* bloom: WAR patterns (§8.5) */
                break;
            case 3: case 5: /* stall, mode 3, ld/st runs and bursts */
                ck_assert_uint_eq(c.hazard, WF_HAZARD_STALL);
                ck_assert_uint_eq(c.loops, 3);
                ck_assert_uint_eq(c.sched, WF_SCHED_LRR);
                if (war) ck_assert_uint_eq(c.war, row == 5 ? WF_WAR_WB_READ : WF_WAR_BLOOM);
                ck_assert_uint_gt(k.mem_run, 0);
                ck_assert_uint_gt(k.burst, 0);
                if (v == 0) ck_assert_uint_eq(c.handoff_stage, 1); /* variant 0 with IH (§5.6) */
                if (row == 3) { /* bloom: WAR patterns (§8.5), variant 0 on every warp */
                    if (v == 0) ck_assert_uint_eq(c.active_warps, 0);
                    ck_assert_uint_ge(k.war_bias, 40);
                }
                break;
            case 7: case 8: /* mode 3, WAR patterns, the policy even over a drawn none */
                ck_assert_uint_eq(c.loops, 3);
                ck_assert_uint_eq(c.war, row == 8 ? WF_WAR_WB_READ : WF_WAR_INORDER);
                ck_assert_uint_eq(c.hazard, row == 8 || v == 1 ? WF_HAZARD_STALL : WF_HAZARD_REPLAY);
                if (row == 7) ck_assert_uint_eq(c.sched, v ? WF_SCHED_GTO : WF_SCHED_LRR);
                ck_assert_uint_ge(k.war_bias, 40);
                if (row == 8) { /* every stage of each unit in use (§10.1) */
                    ck_assert_uint_eq(c.alu_lat, set->alu_lat_max);
                    ck_assert_uint_eq(c.mul_lat, set->mul_lat_max);
                    ck_assert_uint_eq(c.lsu_lat, set->lsu_lat_max);
                }
                break;
            case 0: case 4:
                ck_assert_uint_eq(c.loops, 2);
                if (row == 4) {
                    ck_assert_uint_ge(k.bank_bias, 70);
                    ck_assert_uint_eq(c.hazard, WF_HAZARD_STALL);
                    ck_assert_uint_eq(c.sched, WF_SCHED_GTO);
                    ck_assert_uint_eq(c.alu_lat, 1);
                    ck_assert_uint_gt(k.mem_run, 0);
                }
                break;
            case 2: case 9:
                ck_assert_uint_eq(c.loops, 1);
                break;
            default: { /* a base block: the configuration without the rows */
                wf_config plain = set->sizes, same;
                ck_assert_uint_eq(row, WF_AIM_ROWS);
                plain.imiss_lat = 200; /* no row would keep it */
                same = plain;
                wf_random_aim_config(seed, set->alu_lat_max, set->mul_lat_max, set->lsu_lat_max, &plain);
                ck_assert_int_eq(memcmp(&plain, &same, sizeof plain), 0);
                base++;
                break;
            }
            }
            if (row != 0 && row != 2 && row != 9 && row != WF_AIM_ROWS) ck_assert_uint_le(c.imiss_lat, 8);
            if ((row == 0 || row == 2 || row == 9) && c.regs >= 8) { /* loops and bnz regions */
                ck_assert_uint_ge(k.loop_density, 30);
                ck_assert_uint_ge(k.branch_density, 30);
                ck_assert_uint_ge(k.length, c.imem_words < 100 ? c.imem_words : 100);
            }
            if (row == 0 || row == 2 || row == 9 || row == WF_AIM_ROWS) { /* the general templates */
                general++;
                burst += k.burst > 0 && k.mem_run == 0;
                mem_run += k.mem_run > 0 && k.burst == 0;
                bank += k.bank_bias >= 70 && !k.burst && !k.mem_run;
                none += !k.burst && !k.mem_run;
                ck_assert_uint_eq(k.waw, 0);
            }
            wf_program p;
            wf_gen_info info;
            ck_assert_msg(wf_gen_program(seed, &k, &p, &info, err, sizeof err) == 0, "%s", err);
            for (unsigned i = 0; i < p.len; i++) {
                wf_insn in;
                ck_assert_msg(wf_decode(p.words[i], c.regs, &in) == NULL, "seed %u: word %u does not decode",
                              (unsigned)seed, i);
            }
            if (!k.burst) ck_assert_uint_eq(info.n_burst, 0);
            if (!k.mem_run) ck_assert_uint_eq(info.n_mem_run, 0);
            if (!k.waw) ck_assert_uint_eq(info.n_waw, 0);
            n_burst += info.n_burst;
            n_run += info.n_mem_run;
            n_waw += info.n_waw;
            wf_program_free(&p);
        }
    }
    /* every row, half of the seeds in base blocks */
    for (unsigned i = 0; i < WF_AIM_ROWS; i++) ck_assert_uint_eq(rows[i], 5 * 20);
    ck_assert_uint_eq(base, 5 * 200);
    /* the general templates: an eighth each for burst / mem_run / bank collisions
     * (a sixteenth more each from the WAR template), about half without one */
    ck_assert_msg(burst > general / 16 && mem_run > general / 16 && bank > general / 16,
                  "templates: burst %u, mem_run %u, bank %u of %u", burst, mem_run, bank, general);
    ck_assert_msg(none > general / 3 && none < general * 3 / 4, "%u of %u seeds without burst/mem_run",
                  none, general);
    ck_assert_msg(n_burst > 500 && n_run > 500 && n_waw > 500,
                  "constructs emitted: %u bursts, %u ld/st runs, %u WAW pairs", n_burst, n_run, n_waw);
}
END_TEST

/* Coverage-directed generation: the bin table, a seed's choice under a bias,
 * and the configurations it makes (valid on every size set, the target's axes
 * set, the undirected seeds exactly their plain draws). */
START_TEST(cdg_bias_directs_and_keeps_the_rest)
{
    int tmpl;
    ck_assert_uint_eq(wf_cdg_rows("sb.full_held", &tmpl), (1u << 1) | (1u << 6));
    ck_assert_int_eq(tmpl, -1);
    ck_assert_uint_eq(wf_cdg_rows("lsu.split=17-32", &tmpl), 1u << WF_AIM_ROWS);
    ck_assert_int_eq(tmpl, 1);
    ck_assert_uint_eq(wf_cdg_rows("lsu.stall_flag", NULL), (1u << 3) | (1u << 5));
    ck_assert_uint_ne(wf_cdg_rows("bank[3].write_beats_read", NULL), 0);
    ck_assert_uint_eq(wf_cdg_rows("hazard.ready", &tmpl), 0); /* the base mix: no entry */
    ck_assert_int_eq(tmpl, -1);
    ck_assert_uint_eq(wf_cdg_rows("sb", NULL), 0); /* a prefix matches only at its separator */

    char path[] = "/tmp/test_randcfg_cdg.XXXXXX", err[512];
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs("# warpfront-cdg-bias 1\n# comment\n3 hazard.mem_order@loops=3,hazard=stall,war=bloom\n"
          "1 run.sched=gto\n",
          f);
    fclose(f);
    wf_cdg_bias *b = malloc(sizeof *b);
    ck_assert_ptr_nonnull(b);
    ck_assert_msg(wf_cdg_load(path, b, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(b->n, 2);
    ck_assert_uint_eq(b->total, 4);
    ck_assert_uint_eq(b->t[1].naxes, 1); /* run.<axis>=<value> names its axis */
    unsigned picked[2] = {0, 0}, plain = 0;
    for (uint64_t seed = 1; seed <= 400; seed++) {
        const wf_size_set *set = wf_size_set_find("any", seed);
        wf_cdg_pick p;
        wf_cdg_choose(seed, NULL, &p);
        ck_assert_int_eq(p.target, -1);
        ck_assert_uint_eq(p.row, wf_random_aim_row(seed));
        wf_cdg_choose(seed, b, &p);
        wf_config c0, c;
        wf_random_runtime(seed, set, WF_RAND_WAR_NONE, &c0);
        wf_random_runtime_cdg(seed, set, WF_RAND_WAR_NONE, b, &c);
        ck_assert_msg(wf_config_check(&c, err, sizeof err) == NULL, "seed %u: %s", (unsigned)seed, err);
        sizes_equal(&c, &set->sizes, set->name);
        if (p.target < 0) {
            plain++;
            ck_assert_msg(!memcmp(&c, &c0, sizeof c), "seed %u: undirected but not its plain draw",
                          (unsigned)seed);
            continue;
        }
        picked[p.target]++;
        if (p.target == 0) {
            ck_assert_uint_eq(c.loops, 3);
            ck_assert_uint_eq(c.hazard, WF_HAZARD_STALL);
            ck_assert_uint_eq(c.war, WF_WAR_BLOOM);
            ck_assert_msg(p.row == 3 || p.row == 5, "seed %u: row %u", (unsigned)seed, p.row);
        } else {
            ck_assert_uint_eq(c.sched, WF_SCHED_GTO);
            ck_assert_uint_eq(p.row, WF_AIM_ROWS);
        }
        wf_gen_knobs k;
        wf_random_gen_knobs_cdg(seed, &c, b, &k);
        ck_assert_msg(wf_gen_check(&k, err, sizeof err) == NULL, "seed %u: %s", (unsigned)seed, err);
        if (p.row == 3 || p.row == 5) ck_assert_uint_ge(k.mem_run, 150); /* the row's template */
    }
    /* a quarter undirected, the rest 3:1 by weight */
    ck_assert_msg(plain > 60 && plain < 140, "%u of 400 undirected", plain);
    ck_assert_msg(picked[0] > 2 * picked[1] && picked[1] > 30, "targets picked %u, %u", picked[0], picked[1]);
    /* malformed files: the line named */
    f = fopen(path, "w");
    fputs("# warpfront-cdg-bias 1\n1 sb.full@bogus=1\n", f);
    fclose(f);
    ck_assert_int_eq(wf_cdg_load(path, b, err, sizeof err), -1);
    ck_assert_msg(strstr(err, ":2: axis 'bogus'") != NULL, "%s", err);
    f = fopen(path, "w");
    fputs("{\"format\": \"warpfront-cov-1\"}\n", f);
    fclose(f);
    ck_assert_int_eq(wf_cdg_load(path, b, err, sizeof err), -1);
    ck_assert_msg(strstr(err, ":1: not a bias file of version 1") != NULL, "%s", err);
    remove(path);
    ck_assert_int_eq(wf_cdg_load(path, b, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "cannot read") != NULL, "%s", err);
    free(b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("randcfg");
    TCase *t = tcase_create("randcfg");
    tcase_add_test(t, size_sets_valid_and_distinct);
    tcase_add_test(t, runtime_knobs_within_the_build);
    tcase_add_test(t, generator_knobs_fit_the_build);
    tcase_add_test(t, programs_fit_imem_words);
    tcase_add_test(t, aimed_templates_drawn_and_valid);
    tcase_add_test(t, cdg_bias_directs_and_keeps_the_rest);
    tcase_set_timeout(t, 120);
    suite_add_tcase(s, t);
    return wf_run_suite(s);
}
