/* Constrained-random program generator and random configurations.
 *
 * wf_gen_program: same seed + same knobs -> the same program, word for word
 * (all state in a wf_rng on the stack; no globals). Guarantees, for the
 * target configuration (regs, lanes, warps, mem_words, mem_line, banks,
 * layout):
 *   - the program passes wf_program_check and ends with `exit`;
 *   - it terminates: the only backward branches are the `bnz` closing a
 *     counted loop, whose counter (a reserved register, one per nesting
 *     level) is set by `movi` from 1..loop_iters right before the loop and
 *     written by nothing but the loop's own `addi -1`; every other branch
 *     goes forward, and no branch enters a loop body from outside;
 *   - every warp accesses only its own slice of the scratchpad: slice =
 *     mem_words / warps rounded down to a power of two, address =
 *     ((lane_pattern + (x & line_mask)) & (slice - 1)) | (wid << log2 slice)
 *     with imm 0, so there are no inter-warp races (docs/isa.md).
 * Register use (regs >= 8): r0 slice base, r1 slice mask, r2 line-aligned
 * offset mask, r3 lane pattern, r4/r5 loop counters (levels 0/1), r6.. data.
 * With regs < 8 there are no ld/st, loops or bnz (every register is data);
 * with mem_words < warps no ld/st. */
#ifndef WF_GEN_H
#define WF_GEN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "warpfront.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- PRNG (splitmix64), shared by the generator and wf_random_config ---- */
typedef struct {
    uint64_t s;
} wf_rng;
static inline void wf_rng_seed(wf_rng *r, uint64_t seed) { r->s = seed; }
static inline uint64_t wf_rng_next(wf_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
/* 0..n-1 (n >= 1) */
static inline unsigned wf_rng_below(wf_rng *r, unsigned n)
{
    return (unsigned)(((wf_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}
static inline unsigned wf_rng_range(wf_rng *r, unsigned lo, unsigned hi)
{
    return lo + wf_rng_below(r, hi - lo + 1);
}

/* ---- knobs ---------------------------------------------------------------- */
typedef struct {
    unsigned length;      /* instructions in the program, exit included (raised to the prologue + 1) */
    unsigned w_alu, w_mul, w_ld, w_st, w_nop, w_bra; /* instruction mix weights (mul: mul or mad) */
    unsigned reuse;       /* sources come from the last `reuse` written data registers (0: any register) */
    unsigned bank_bias;   /* % of instructions whose sources share one bank (and the previous one's;
                           * half of them write to the previous destination's bank) */
    unsigned war_bias;    /* % of 2+-source instructions followed by a WAR pattern */
    unsigned split;       /* distinct scratchpad lines a ld/st's lanes touch (clamped to lanes, slice lines) */
    unsigned loop_density;   /* per mille of positions that open a counted loop */
    unsigned branch_density; /* per mille of positions that open a forward bnz region */
    unsigned loop_iters;  /* loop counts are drawn from 1..loop_iters */
    unsigned loop_body;   /* at most this many instructions in a loop / bnz region body */
    /* stimulus aimed at rare situations (0 = off: the generator then draws
     * exactly what it drew without them) */
    unsigned burst;       /* per mille of positions opening a burst of independent writers + a ld */
    unsigned burst_len;   /* writers in a burst: 2..burst_len */
    unsigned mem_run;     /* per mille of positions opening a run of back-to-back ld/st */
    unsigned waw;         /* % of ALU/MUL picks that become a WAW pair (a MUL writer, then an
                           * ALU write of the same register that reads neither) */
    /* the ISA's operand classes (cmodel/include/wf_isacov.h; 0 = off, as above) */
    unsigned isa_vals;    /* per mille of positions opening an extreme/special value and ops reading it */
    unsigned mem_off;     /* % of ld/st with a nonzero offset, the address register rebased (wraps) */
    unsigned lane_addr;   /* % of addresses with another lane pattern (one word, reversed, masked, permuted) */
    unsigned pred;        /* % of bnz regions on a lane-varying or high-bit predicate (a quarter with
                           * an empty body) and of loops closed through a backward bra */
    unsigned addr_shift;  /* % of ld/st addresses moved 1..mem_line-1 words off the line start (a lane's
                           * word in its line no longer follows its lane number; lanes straddle lines) */
    unsigned far;         /* % of programs whose end jumps to a tail in the upper half of the
                           * instruction memory (high pc bits: I-cache tags, MSHR lines, §3) */
    /* the configuration the program targets */
    unsigned regs, lanes, warps, mem_words, mem_line, banks, layout;
    unsigned imem_words;  /* the program, set-up included, never has more instructions */
} wf_gen_knobs;

/* What the generator did (for tests and wfgen's summary). */
typedef struct {
    unsigned len;          /* program length */
    unsigned slice;        /* scratchpad words per warp (0: no ld/st) */
    unsigned split;        /* effective split factor */
    unsigned n_alu, n_mul, n_ld, n_st, n_nop, n_bra, n_bnz, n_loops, n_war, n_conflict;
    unsigned n_burst, n_mem_run, n_waw; /* bursts, ld/st runs and WAW pairs emitted */
} wf_gen_info;

void wf_gen_default(wf_gen_knobs *k);
/* Copies the target fields (regs, lanes, warps, mem_words, mem_line, banks, layout,
 * imem_words) from cfg. */
void wf_gen_target(wf_gen_knobs *k, const wf_config *cfg);
/* Sets one knob from "name=value" (or name and value separately with wf_gen_set2).
 * NULL on success, else an error naming the knob and its range in err. */
const char *wf_gen_set(wf_gen_knobs *k, const char *assign, char *err, size_t errlen);
const char *wf_gen_set2(wf_gen_knobs *k, const char *name, const char *value, char *err,
                        size_t errlen);
/* Checks every knob's range and the cross rules (mem_line <= mem_words,
 * length <= imem_words, some weight > 0). */
const char *wf_gen_check(const wf_gen_knobs *k, char *err, size_t errlen);
/* Lists the knobs with ranges, defaults and help. */
void wf_gen_help(FILE *f);

/* Generates a program; out is heap-owned (wf_program_free). 0, or -1 and err
 * (invalid knobs). info may be NULL. */
int wf_gen_program(uint64_t seed, const wf_gen_knobs *k, wf_program *out, wf_gen_info *info,
                   char *err, size_t errlen);

/* ---- random configurations (verif/randcfg.c) ------------------------------ */
/* Draws every run-time knob (layout, war except none, sched, loops, hazard,
 * alu/mul/lsu/imiss latencies, active_warps, decode_stage, alloc_stage,
 * handoff_stage, fill_stage, ready_stage) from its full range, seeded.
 * sizes != NULL: the size parameters are taken from *sizes; NULL: they are
 * drawn too, within their ranges and the cross-parameter rules (imem_words
 * is drawn as well; callers raise it to fit their program). The result
 * passes wf_config_check. */
void wf_random_config(uint64_t seed, const wf_config *sizes, wf_config *out);

/* ---- the regression's Verilated builds (scripts/regress.py) --------------- */
/* A size set: the elaboration parameters of one Verilated build of wf_core
 * (every size parameter of wf_params() plus the RTL latency maxima
 * ALU_LAT_MAX / MUL_LAT_MAX / LSU_LAT_MAX). The run-time knobs of the sizes
 * config are the defaults. */
typedef struct {
    const char *name; /* "default", "smallest", "64x128", "odd1", "odd2" */
    const char *what; /* one line for --list-sizes */
    wf_config sizes;
    unsigned alu_lat_max, mul_lat_max, lsu_lat_max;
} wf_size_set;

/* The i-th size set (i = 0..), NULL past the last one. */
const wf_size_set *wf_size_set_at(unsigned i);
/* By name, or one of a comma list of names ("default,odd1") or of all
 * ("any") picked from seed, every listed set equally often over seeds.
 * NULL when a name is unknown (or the list is empty). */
const wf_size_set *wf_size_set_find(const char *names, uint64_t seed);

enum {
    WF_RAND_WAR_NONE = 1u << 0 /* war=none may be drawn (default: never, §8.1) */
};
/* Draws only the run-time knobs (layout, war, sched, loops, hazard,
 * alu/mul/lsu latencies within the set's RTL maxima, imiss_lat,
 * active_warps, decode_stage, alloc_stage,
 * handoff_stage, fill_stage, ready_stage) for the sizes of set; the size parameters are copied from
 * set->sizes. The result passes wf_config_check. */
void wf_random_runtime(uint64_t seed, const wf_size_set *set, unsigned flags, wf_config *out);

/* Draws the generator knobs (length, mix weights, reuse, biases, split,
 * densities, loop shape) from seed, targeting cfg (wf_gen_target); the
 * length is at most cfg->imem_words, and a quarter of the programs are longer
 * than the I-cache (icache_lines x icache_line) when imem_words allows. */
void wf_random_gen_knobs(uint64_t seed, const wf_config *cfg, wf_gen_knobs *k);
/* The aimed scenarios (verif/aim.c; docs/verification.md "Stimulus aimed at the holes"):
 * seeds in blocks of ten (1..10, 11..20, ...); in the even blocks seed N runs
 * row N mod 10 of a table of ten (every row once per block), in variant 0 or 1
 * by turns (wf_random_aim_variant: blocks 1..10, 41..50, ...: 0); the odd
 * blocks run no row (wf_random_aim_row = WF_AIM_ROWS). A row sets a few
 * run-time knobs of the configuration (wf_random_aim_config: wf_random_runtime
 * and wf_random_config call it last; alu_max, mul_max, lsu_max: the latency maxima) and
 * the program template that meets them (wf_random_aim: wf_random_gen_knobs
 * calls it last, given the seed's configuration); the rows without a template
 * of their own and the base blocks draw one of the general templates (burst,
 * mem_run, bank collisions, WAR patterns) or none from a stream of their own. */
#define WF_AIM_ROWS 10
void wf_random_aim_config(uint64_t seed, unsigned alu_max, unsigned mul_max, unsigned lsu_max,
                          wf_config *c);
void wf_random_aim(uint64_t seed, const wf_config *cfg, wf_gen_knobs *k);
/* The row of a seed (0..9, WF_AIM_ROWS: none), its variant, and a row's one-line name. */
unsigned wf_random_aim_row(uint64_t seed);
unsigned wf_random_aim_variant(uint64_t seed);
const char *wf_random_aim_name(unsigned row);

/* ---- coverage-directed generation (verif/cdg.c; docs/verification.md
 * "Coverage-directed generation") -----------------------------------------------
 * A bias file names coverage targets with weights (scripts/wf/cdg.py writes it
 * from a coverage report's holes and weakly hit bins and plan cells):
 *   # warpfront-cdg-bias 1
 *   <weight> <bin>[@<axis>=<value>[,<axis>=<value>...]]
 * (further '#' lines are comments). An axis is a run-time knob the plan crosses
 * (loops, hazard, war, layout, sched, decode_stage). Under a bias, a quarter of
 * the seeds keep their own stimulus; the others draw a target by weight, run the
 * aimed row and template that the bin table of verif/cdg.c names for its bin
 * (the general templates when it names none), and set the target's axes. A seed's
 * configuration and program are a pure function of (seed, bias file). */
#define WF_CDG_MAX_TARGETS 4096
#define WF_CDG_MAX_AXES 6
#define WF_CDG_BIN_LEN 48
typedef struct {
    unsigned weight;
    char bin[WF_CDG_BIN_LEN];
    unsigned naxes;
    struct {
        const char *name; /* a static string: the axis as wf_config_set takes it */
        char value[24];
    } axis[WF_CDG_MAX_AXES];
    int entry; /* the bin table's entry of the bin (-1: none; the axes alone aim) */
} wf_cdg_target;
typedef struct {
    unsigned n;
    uint64_t total; /* the weights' sum */
    wf_cdg_target t[WF_CDG_MAX_TARGETS];
} wf_cdg_bias;
/* Reads a bias file into *b (about 400 KiB: allocate it). 0, or -1 and err
 * ("PATH: ..." or "PATH:LINE: ..."). */
int wf_cdg_load(const char *path, wf_cdg_bias *b, char *err, size_t errlen);
/* A seed's choice under a bias: target -1 = the seed's own stimulus (b NULL or
 * empty, or the undirected quarter); else the target, its aimed row (0..9,
 * WF_AIM_ROWS: the general templates), variant and general template (-1: drawn). */
typedef struct {
    int target;
    unsigned row, variant;
    int tmpl;
} wf_cdg_pick;
void wf_cdg_choose(uint64_t seed, const wf_cdg_bias *b, wf_cdg_pick *p);
/* wf_random_runtime and wf_random_gen_knobs under a bias (b NULL: exactly those). */
void wf_random_runtime_cdg(uint64_t seed, const wf_size_set *set, unsigned flags,
                           const wf_cdg_bias *b, wf_config *out);
void wf_random_gen_knobs_cdg(uint64_t seed, const wf_config *cfg, const wf_cdg_bias *b,
                             wf_gen_knobs *k);
/* The bin table's rows for a bin (bit r: row r, bit WF_AIM_ROWS: the general
 * templates) and its general template (-1: drawn); 0 when the table has no entry. */
unsigned wf_cdg_rows(const char *bin, int *tmpl);

/* wfgen's command line (wfgen --help) on the given streams: the listings and
 * the program without -o to out, the messages to err; returns wfgen's exit
 * status. The wfgen tool is this on stdout/stderr (verif/gen_cli.c). */
int wf_gen_cli(int argc, char **argv, FILE *out, FILE *err);

#ifdef __cplusplus
}
#endif
#endif
