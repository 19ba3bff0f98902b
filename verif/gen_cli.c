/* wfgen's command line as a library function (wf_gen_cli, wf_gen.h): the wfgen
 * tool (verif/wfgen.c) is this function on stdout/stderr, and the batch
 * harness (verif/cosim/main.cpp --batch) generates each seed's program with it
 * in-process, so both write the same bytes for the same arguments.
 *
 * wfgen: writes one constrained-random program (verif/gen.c) as assembler
 * source (wf_write_disasm form), or as hex / binary image.
 *
 *   wfgen --seed N [--knob name=value]... [--PARAM value]... [-o FILE.s]
 *         [--hex] [--image] [--config-seed S]
 *
 * --PARAM is any wfsim parameter (--regs 16, --mem-line 8, ...): the target
 * configuration knobs (regs, lanes, warps, mem_words, mem_line, banks,
 * layout, imem_words) are taken from it; the others are accepted so that a wfsim option
 * line can be passed unchanged. --config-seed S draws the configuration
 * with wf_random_config(S, NULL) first (options after it override).
 * --random-knobs draws the generator knobs from the seed
 * (wf_random_gen_knobs; --knob after it overrides).
 *
 * The regression's configurations (scripts/regress.py):
 *   wfgen --config-only --seed N [--sizes NAME[,NAME...]|any] [--war-none]
 * prints the seed's configuration as one line of wfsim options (every
 * parameter) and then "# sizes NAME": with --sizes, the size parameters of
 * that Verilated build (wf_size_set_find: a list or "any" picks one from the
 * seed) and only the run-time knobs drawn (wf_random_runtime; --war-none
 * lets war=none be drawn); without --sizes, every parameter drawn
 * (wf_random_config).
 *   wfgen --list-sizes
 * prints each size set: name, its size parameters as wfsim options, a note.
 *
 * Coverage-directed generation (docs/verification.md): --cdg BIAS, given to
 * both the --config-only and the --random-knobs call of a seed, draws both
 * under the bias file (wf_cdg_load; wf_random_runtime_cdg,
 * wf_random_gen_knobs_cdg); the program header names the seed's target.
 *   wfgen --cdg-check BIAS
 * reads a bias file and prints its targets' summary (exit 2 when malformed). */
#include <inttypes.h>
#include <stdio.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wf_compare.h"
#include "wf_gen.h"

/* a CDG target's general template (wf_cdg_pick.tmpl) in the program header */
static const char *const tmpl_names[] = {" template burst", " template mem_run", " template bank",
                                         " template war"};

/* --cdg-check: the bias file's targets, by how they are aimed */
static int cdg_check(const char *path, FILE *out, FILE *ferr)
{
    char err[512];
    wf_cdg_bias *b = malloc(sizeof *b);
    if (!b || wf_cdg_load(path, b, err, sizeof err)) {
        fprintf(ferr, "wfgen: --cdg-check %s\n", b ? err : "out of memory");
        free(b);
        return 2;
    }
    unsigned by_row = 0, axes_only = 0;
    for (unsigned i = 0; i < b->n; i++) {
        if (b->t[i].entry >= 0) by_row++;
        else if (b->t[i].naxes) axes_only++;
    }
    fprintf(out, "%s: %u targets, weight %" PRIu64 ": %u aimed by the bin table's rows, %u by their "
           "configuration axes alone, %u by the general templates alone\n",
           path, b->n, b->total, by_row, axes_only, b->n - by_row - axes_only);
    free(b);
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: wfgen --seed N [--knob name=value]... [--PARAM value]... [-o FILE.s]\n"
            "             [--hex | --image] [--config-seed S] [--random-knobs] [--info]\n"
            "       wfgen --config-only --seed N [--sizes NAME[,NAME...]|any] [--war-none]\n"
            "       wfgen --list-sizes\n"
            "       wfgen --cdg-check BIAS\n"
            "--cdg BIAS: (with --config-only and with --random-knobs) draw under a bias file of\n"
            "  coverage targets (coverage-directed generation, docs/verification.md)\n"
            "--config-only: print the seed's configuration as wfsim options, then '# sizes NAME'\n"
            "  (--sizes: that Verilated build's sizes (a list or any: one picked by the seed),\n"
            "  only run-time knobs drawn; without: every parameter drawn; --war-none:\n"
            "  war=none may be drawn)\n"
            "--random-knobs: draw the generator knobs from the seed (--knob overrides)\n"
            "knobs (--knob name=value):\n");
    wf_gen_help(f);
    fprintf(f, "size sets (--sizes):");
    for (unsigned i = 0; wf_size_set_at(i); i++) fprintf(f, " %s", wf_size_set_at(i)->name);
    fprintf(f, " any (wfgen --list-sizes)\n");
    fprintf(f, "--PARAM: any wfsim parameter (see wfsim --help); regs, lanes, warps, mem-words,\n"
               "mem-line, banks, layout, imem-words set the generator's target (the program,\n"
               "set-up code included, has at most imem-words instructions; a longer --knob\n"
               "length is refused).\n");
}

int wf_gen_cli(int argc, char **argv, FILE *out, FILE *ferr)
{
    wf_config cfg;
    wf_config_default(&cfg);
    uint64_t seed = 0;
    int have_seed = 0, hex = 0, image = 0, show_info = 0;
    int config_only = 0, war_none = 0, random_knobs = 0, nparam = 0;
    const char *outpath = NULL, *sizes_name = NULL, *cdg_path = NULL;
    char err[512];
    /* knobs are applied after the configuration, so collect them first */
    const char **knob_args = calloc((size_t)argc, sizeof *knob_args);
    int nknob = 0;
    if (!knob_args) return 2;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(out);
            free(knob_args);
            return 0;
        }
        if (!strcmp(a, "--hex")) { hex = 1; continue; }
        if (!strcmp(a, "--image")) { image = 1; continue; }
        if (!strcmp(a, "--info")) { show_info = 1; continue; }
        if (!strcmp(a, "--config-only")) { config_only = 1; continue; }
        if (!strcmp(a, "--war-none")) { war_none = 1; continue; }
        if (!strcmp(a, "--random-knobs")) { random_knobs = 1; continue; }
        if (!strcmp(a, "--list-sizes")) {
            for (unsigned k = 0; wf_size_set_at(k); k++) {
                const wf_size_set *ss = wf_size_set_at(k);
                char opts[1024];
                wf_cmp_config_options(&ss->sizes, opts, sizeof opts);
                fprintf(out, "%-9s %s   # %s; ALU/MUL/LSU_LAT_MAX %u/%u/%u\n", ss->name, opts, ss->what,
                       ss->alu_lat_max, ss->mul_lat_max, ss->lsu_lat_max);
            }
            free(knob_args);
            return 0;
        }
        if (i + 1 >= argc) {
            fprintf(ferr, "wfgen: %s needs a value\n", a);
            free(knob_args);
            return 2;
        }
        const char *v = argv[++i];
        char *end;
        if (!strcmp(a, "--seed") || !strcmp(a, "--config-seed")) {
            uint64_t s = strtoull(v, &end, 0);
            if (!*v || *end) {
                fprintf(ferr, "wfgen: %s '%s': expected a number\n", a, v);
                free(knob_args);
                return 2;
            }
            if (a[2] == 's') {
                seed = s;
                have_seed = 1;
            } else {
                wf_random_config(s, NULL, &cfg);
            }
        } else if (!strcmp(a, "--sizes")) {
            sizes_name = v;
        } else if (!strcmp(a, "--cdg")) {
            cdg_path = v;
        } else if (!strcmp(a, "--cdg-check")) {
            free(knob_args);
            return cdg_check(v, out, ferr);
        } else if (!strcmp(a, "--knob")) {
            knob_args[nknob++] = v;
        } else if (!strcmp(a, "-o")) {
            outpath = v;
        } else if (a[0] == '-' && a[1] == '-' && wf_param_find(a + 2)) {
            nparam++;
            if (wf_config_set(&cfg, a + 2, v, err, sizeof err)) {
                fprintf(ferr, "wfgen: %s\n", err);
                free(knob_args);
                return 2;
            }
        } else {
            fprintf(ferr, "wfgen: unknown option '%s' (wfgen --help)\n", a);
            free(knob_args);
            return 2;
        }
    }
    if (!have_seed) {
        fprintf(ferr, "wfgen: --seed N is required (wfgen --help)\n");
        free(knob_args);
        return 2;
    }
    wf_cdg_bias *bias = NULL;
    if (cdg_path) {
        if (!config_only && !random_knobs) {
            fprintf(ferr, "wfgen: --cdg goes with --config-only or --random-knobs (wfgen --help)\n");
            free(knob_args);
            return 2;
        }
        bias = malloc(sizeof *bias);
        if (!bias || wf_cdg_load(cdg_path, bias, err, sizeof err)) {
            fprintf(ferr, "wfgen: --cdg %s\n", bias ? err : "out of memory");
            free(bias);
            free(knob_args);
            return 2;
        }
    }
    wf_cdg_pick pick;
    wf_cdg_choose(seed, bias, &pick);
    if (config_only || sizes_name || war_none) {
        free(knob_args);
        if (!config_only || nparam || nknob || outpath || hex || image || random_knobs) {
            fprintf(ferr, "wfgen: --sizes and --war-none go with --config-only, which takes only "
                            "--seed, --sizes, --war-none and --cdg (wfgen --help)\n");
            free(bias);
            return 2;
        }
        const char *name = "random";
        if (sizes_name) {
            const wf_size_set *set = wf_size_set_find(sizes_name, seed);
            if (!set) {
                fprintf(ferr, "wfgen: --sizes '%s': allowed a comma list of", sizes_name);
                for (unsigned k = 0; wf_size_set_at(k); k++)
                    fprintf(ferr, " %s", wf_size_set_at(k)->name);
                fprintf(ferr, " any\n");
                free(bias);
                return 2;
            }
            wf_random_runtime_cdg(seed, set, war_none ? WF_RAND_WAR_NONE : 0, bias, &cfg);
            name = set->name;
        } else if (bias) {
            fprintf(ferr, "wfgen: --cdg with --config-only needs --sizes (the regression's draw)\n");
            free(bias);
            return 2;
        } else {
            wf_random_config(seed, NULL, &cfg);
        }
        free(bias);
        if (wf_config_check(&cfg, err, sizeof err)) { /* a bug in randcfg.c, never the user's */
            fprintf(ferr, "wfgen: internal error: drawn configuration invalid: %s\n", err);
            return 2;
        }
        char opts[1024];
        wf_cmp_config_options(&cfg, opts, sizeof opts);
        fprintf(out, "%s\n# sizes %s\n", opts, name);
        return 0;
    }
    wf_gen_knobs k;
    wf_gen_default(&k);
    wf_gen_target(&k, &cfg);
    if (random_knobs) wf_random_gen_knobs_cdg(seed, &cfg, bias, &k);
    for (int i = 0; i < nknob; i++)
        if (wf_gen_set(&k, knob_args[i], err, sizeof err)) {
            fprintf(ferr, "wfgen: %s\n", err);
            free(knob_args);
            free(bias);
            return 2;
        }
    free(knob_args);
    wf_program p;
    wf_gen_info info;
    if (wf_gen_program(seed, &k, &p, &info, err, sizeof err)) {
        fprintf(ferr, "wfgen: %s\n", err);
        free(bias);
        return 2;
    }
    FILE *f = outpath ? fopen(outpath, image ? "wb" : "w") : out;
    if (!f) {
        fprintf(ferr, "%s: %s\n", outpath, strerror(errno));
        wf_program_free(&p);
        free(bias);
        return 1;
    }
    if (!hex && !image) {
        fprintf(f, "# wfgen --seed %" PRIu64 ": %u instructions, slice %u words, split %u,\n"
                   "# %u ld, %u st, %u loops, %u bnz regions, %u bra, %u WAR patterns\n",
                seed, info.len, info.slice, info.split, info.n_ld, info.n_st, info.n_loops,
                info.n_bnz, info.n_bra, info.n_war);
        if (bias && pick.target >= 0) {
            const wf_cdg_target *t = &bias->t[pick.target];
            fprintf(f, "# cdg target %d (weight %u of %" PRIu64 "): %s", pick.target + 1, t->weight,
                    bias->total, t->bin);
            for (unsigned i = 0; i < t->naxes; i++)
                fprintf(f, "%c%s=%s", i ? ',' : '@', t->axis[i].name, t->axis[i].value);
            fprintf(f, "\n");
        } else if (bias) {
            fprintf(f, "# cdg: none (the seed's own stimulus)\n");
        }
        if (random_knobs)
            fprintf(f, "# aimed row %u variant %u%s: %s\n", pick.row, pick.variant,
                    pick.tmpl >= 0 ? tmpl_names[pick.tmpl] : "",
                    wf_random_aim_name(pick.row));
    }
    int rc = hex ? wf_write_hex(&p, f) : image ? wf_write_image(&p, f) : wf_write_disasm(&p, f);
    if (outpath && fclose(f)) rc = -1;
    if (rc) fprintf(ferr, "wfgen: write error\n");
    if (show_info)
        fprintf(ferr, "wfgen: %u instructions (%u alu, %u mul, %u ld, %u st, %u nop, %u bra, %u bnz, "
                        "%u loops, %u WAR, %u conflict-biased)\n",
                info.len, info.n_alu, info.n_mul, info.n_ld, info.n_st, info.n_nop, info.n_bra,
                info.n_bnz, info.n_loops, info.n_war, info.n_conflict);
    wf_program_free(&p);
    free(bias);
    return rc ? 1 : 0;
}
