/* Coverage-directed generation (verif/include/wf_gen.h: wf_cdg_*): the bias file
 * of coverage targets, the table from bins to the aimed rows of verif/aim.c
 * that reach them, and each seed's choice of a target. */
#include "wf_gen.h"
#include "randcfg.h"

#include <string.h>

/* ---- coverage-directed generation (docs/verification.md "Coverage-directed
 * generation"; verif/include/wf_gen.h) ----------------------------------------------
 * The one table from coverage bins to the stimulus that reaches them: the aimed
 * rows of verif/aim.c (bit r: row r, the seeds' row numbers of aim_names) and the
 * general templates of its wf_aim_program_row (bit WF_AIM_ROWS; tmpl: which one,
 * -1 drawn). The rows
 * are those of the table in "Stimulus aimed at the holes"; a bin matches the
 * first entry that is its name or a prefix of it ending in '.', '=' or '['. A
 * target's axes set the plan's configuration cell on top of the row. */
#define ROW(x) (1u << (x))
#define GEN ROW(WF_AIM_ROWS)
static const struct {
    const char *bin;
    unsigned rows;
    int tmpl; /* 0 burst, 1 mem_run, 2 bank collisions, 3 WAR patterns, 4 ISA classes (wf_aim_program_row) */
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

void wf_cdg_aim_config(uint64_t seed, const wf_cdg_bias *b, unsigned flags, unsigned alu_max,
                           unsigned mul_max, unsigned lsu_max, wf_config *c)
{
    wf_cdg_pick p;
    wf_cdg_choose(seed, b, &p);
    wf_aim_config_row(seed, p.row, p.variant, alu_max, mul_max, lsu_max, c);
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

void wf_cdg_aim_program(uint64_t seed, const wf_cdg_bias *b, const wf_config *cfg,
                            wf_gen_knobs *k)
{
    wf_cdg_pick p;
    wf_cdg_choose(seed, b, &p);
    wf_aim_program_row(seed, p.row, p.tmpl, cfg, k);
}
