/* Host side of wf_core shared by the lockstep harnesses (verif/cosim C++,
 * verif/sc SystemC; verif/dpi uses the final-state check): what the
 * testbench around the RTL does, independent of how the pins are driven
 * (implementation verif/host.c, in build/libwfverif.a).
 *
 *  - the instruction memory with the fixed latency of §3.3: a request
 *    handshaken in cycle t is answered in cycle t + imiss_lat - 1 (the RTL
 *    sends it the cycle after the MSHR allocation, so the line fills at the
 *    end of allocation cycle + imiss_lat, as in the C model); or, with
 *    wf_imem_jitter, a seeded memory with backpressure, random latency and
 *    out-of-order responses (the RTL port's contract, docs/rtl.md);
 *  - the launch inputs (cfg_*_i, start_pc_i) of a configuration and program;
 *  - the run's oracles (functional interpreter, cycle model run to done) and
 *    the final-state check of the read-back RTL state against them.
 * No globals: every state is in the caller's structs. */
#ifndef WF_HOST_H
#define WF_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "warpfront.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WF_HOST_IMEM_QUEUE 16 /* pending requests (at most IMSHRS <= 8 are outstanding) */

typedef struct {
    uint64_t due, sent;
    unsigned mshr, line;
} wf_imem_req;

typedef struct {
    uint64_t ready_low;    /* cycles with imem_req_ready_i low */
    uint64_t requests, responses;
    uint64_t out_of_order; /* responses that overtook an older pending request */
    uint64_t min_lat, max_lat; /* handshake-to-response cycles */
} wf_imem_stats;

typedef struct {
    const wf_config *cfg;
    const wf_program *prog;
    wf_imem_req q[WF_HOST_IMEM_QUEUE]; /* pending, oldest first */
    unsigned n;
    int jitter;        /* wf_imem_jitter called */
    uint64_t rng;      /* its wf_rng state (verif/include/wf_gen.h) */
    unsigned low_left; /* cycles left of a ready-low stretch */
    wf_imem_stats st;
} wf_imem;

void wf_imem_init(wf_imem *m, const wf_config *cfg, const wf_program *prog);
/* Seeded jitter (the co-simulation harness's --imem-jitter SEED): from now
 * on imem_req_ready_i is low in random cycles and stretches (wf_imem_ready),
 * each request becomes due 1 .. 2*imiss_lat+8 cycles after its handshake (so
 * both faster and slower than §3.3), and each cycle at most one due request
 * is answered, chosen at random (out of order across MSHRs), sometimes none
 * although one is due. The same seed gives the same memory behaviour
 * for the same request sequence. The cycle model assumes the fixed latency:
 * under jitter only the final state can be compared. */
void wf_imem_jitter(wf_imem *m, uint64_t seed);
/* imem_req_ready_i for cycle `cycle`: 1 without jitter. Call once per cycle. */
int wf_imem_ready(wf_imem *m, uint64_t cycle);
/* A request handshaken (valid && ready) in cycle `cycle`. 0, or -1 when more
 * than WF_HOST_IMEM_QUEUE are pending (an RTL bug: it has at most IMSHRS). */
int wf_imem_request(wf_imem *m, uint64_t cycle, unsigned mshr, unsigned line);
/* The response of cycle `cycle`: 1 with *mshr and the line in data
 * (icache_line * 2 words, instruction k in words 2k, 2k+1, LSB first: the
 * imem_resp_data_i packing; words past the program are 0); 0 when none. */
int wf_imem_response(wf_imem *m, uint64_t cycle, unsigned *mshr, uint32_t *data);

/* The run-time configuration inputs latched at launch_i (docs/rtl.md), one
 * line each: X(NAME, its value from wf_config *cfg); the pin is cfg_NAME_i.
 * The harnesses drive the pins from this list (a new input is one line here). */
#define WF_LAUNCH_INPUTS(X)                     \
    X(swizzle, cfg->layout == WF_LAYOUT_SWIZZLE) \
    X(war, cfg->war)                             \
    X(gto, cfg->sched == WF_SCHED_GTO)           \
    X(loops, cfg->loops)                         \
    X(stall, cfg->hazard == WF_HAZARD_STALL)     \
    X(alu_lat, cfg->alu_lat)                     \
    X(mul_lat, cfg->mul_lat)                     \
    X(lsu_lat, cfg->lsu_lat)                     \
    X(active_warps, cfg->active_warps)           \
    X(decode_stage, cfg->decode_stage)           \
    X(alloc_stage, cfg->alloc_stage)             \
    X(handoff_stage, cfg->handoff_stage)         \
    X(fill_stage, cfg->fill_stage)               \
    X(ready_stage, cfg->ready_stage)
typedef struct {
#define WF_LAUNCH_INPUT_FIELD(name, value) unsigned name;
    WF_LAUNCH_INPUTS(WF_LAUNCH_INPUT_FIELD)
#undef WF_LAUNCH_INPUT_FIELD
} wf_launch_inputs;
void wf_host_launch_inputs(const wf_config *cfg, wf_launch_inputs *out);

/* The launch inputs a wf_core parameter can pin (rtl/wf_core.v PIN_*,
 * docs/rtl.md "Pinned knobs"), one line each: X(the launch input it fixes,
 * the PIN name without "PIN_", the wfsim option that sets that input). A
 * pinned build ignores the input; the harnesses refuse options that drive it
 * to another value (wf_host_check_pins). tests/scripts/test_regress.py
 * checks the list against wf_core's parameters. */
#define WF_LAUNCH_PINS(X)                                  \
    X(swizzle, LAYOUT, "layout")                           \
    X(war, WAR, "war")                                     \
    X(gto, SCHED, "sched")                                 \
    X(loops, LOOPS, "loops")                               \
    X(stall, HAZARD, "hazard")                             \
    X(decode_stage, DECODE_STAGE, "decode-stage")          \
    X(alloc_stage, ALLOC_STAGE, "alloc-stage")             \
    X(handoff_stage, HANDOFF_STAGE, "handoff-stage")       \
    X(fill_stage, FILL_STAGE, "fill-stage")                \
    X(ready_stage, READY_STAGE, "ready-stage")             \
    X(alu_lat, ALU_LAT, "alu-lat")                         \
    X(mul_lat, MUL_LAT, "mul-lat")                         \
    X(lsu_lat, LSU_LAT, "lsu-lat")
/* The value each pin fixes its input to, -1 where the input is not pinned. */
typedef struct {
#define WF_LAUNCH_PIN_FIELD(input, pin, option) int input;
    WF_LAUNCH_PINS(WF_LAUNCH_PIN_FIELD)
#undef WF_LAUNCH_PIN_FIELD
} wf_launch_pins;
/* 0 when cfg drives every pinned input to its pin's value (pins NULL: none
 * pinned), else -1 and "option --OPTION V drives cfg_INPUT_i to X, but the
 * RTL build pins it: PIN_NAME=P ..." in err (the first contradiction). */
int wf_host_check_pins(const wf_config *cfg, const wf_launch_pins *pins, char *err, size_t errlen);
/* Every input unpinned (-1). */
void wf_host_pins_none(wf_launch_pins *p);
/* Pins the input of PIN_<pin> ("HAZARD") to value (-1: unpinned): 0, or -1
 * when no pin has that name. */
int wf_host_set_pin(wf_launch_pins *p, const char *pin, int value);
/* The input called NAME (as in WF_LAUNCH_INPUTS) into *v: 0, or -1 when no
 * input has that name. */
int wf_host_launch_input(const wf_launch_inputs *li, const char *name, unsigned *v);
/* start_pc_i (16 bits per warp, LSB first) into ceil(warps*16/32) words. */
void wf_host_start_pcs(const wf_config *cfg, const wf_program *prog, uint32_t *words);

/* 0 when the configuration's size parameters equal the compiled-in RTL
 * sizes `built` (a wf_config with only the size fields used), else -1 and
 * "parameter NAME=V does not match the RTL build (NAME=B)" in err. */
int wf_host_check_sizes(const wf_config *cfg, const wf_config *built, char *err, size_t errlen);

/* The compiled-in RTL sizes of the harness being compiled: WF_P_* from
 * verif/cosim/run.sh and verif/sc/run.sh (the -G... parameters mirrored as
 * defines), else the defaults (a build at the default sizes, e.g. FuseSoC's
 * sim and sim_sc targets). Inline: the defines belong to the harness's build. */
static inline void wf_host_built_sizes(wf_config *built)
{
    wf_config_default(built);
#ifdef WF_P_WARPS
    built->warps = WF_P_WARPS, built->lanes = WF_P_LANES, built->regs = WF_P_REGS;
    built->banks = WF_P_BANKS, built->collectors = WF_P_COLLECTORS;
    built->sb_entries = WF_P_SB_ENTRIES, built->ibuf = WF_P_IBUF;
    built->icache_lines = WF_P_ICACHE_LINES, built->icache_line = WF_P_ICACHE_LINE;
    built->imshrs = WF_P_IMSHRS, built->imem_words = WF_P_IMEM_WORDS;
    built->mem_words = WF_P_MEM_WORDS, built->mem_line = WF_P_MEM_LINE;
    built->bloom_bits = WF_P_BLOOM_BITS;
#endif
}

/* The compiled-in pins of the harness being compiled: WF_P_PIN_* from
 * verif/build.sh (the PIN_* words of WF_RTL_PARAMS mirrored as
 * defines), -1 for each pin not defined. Inline, as wf_host_built_sizes. */
static inline void wf_host_built_pins(wf_launch_pins *p)
{
    wf_host_pins_none(p);
#ifdef WF_P_PIN_LAYOUT
    p->swizzle = WF_P_PIN_LAYOUT;
#endif
#ifdef WF_P_PIN_WAR
    p->war = WF_P_PIN_WAR;
#endif
#ifdef WF_P_PIN_SCHED
    p->gto = WF_P_PIN_SCHED;
#endif
#ifdef WF_P_PIN_LOOPS
    p->loops = WF_P_PIN_LOOPS;
#endif
#ifdef WF_P_PIN_HAZARD
    p->stall = WF_P_PIN_HAZARD;
#endif
#ifdef WF_P_PIN_DECODE_STAGE
    p->decode_stage = WF_P_PIN_DECODE_STAGE;
#endif
#ifdef WF_P_PIN_ALLOC_STAGE
    p->alloc_stage = WF_P_PIN_ALLOC_STAGE;
#endif
#ifdef WF_P_PIN_HANDOFF_STAGE
    p->handoff_stage = WF_P_PIN_HANDOFF_STAGE;
#endif
#ifdef WF_P_PIN_FILL_STAGE
    p->fill_stage = WF_P_PIN_FILL_STAGE;
#endif
#ifdef WF_P_PIN_READY_STAGE
    p->ready_stage = WF_P_PIN_READY_STAGE;
#endif
#ifdef WF_P_PIN_ALU_LAT
    p->alu_lat = WF_P_PIN_ALU_LAT;
#endif
#ifdef WF_P_PIN_MUL_LAT
    p->mul_lat = WF_P_PIN_MUL_LAT;
#endif
#ifdef WF_P_PIN_LSU_LAT
    p->lsu_lat = WF_P_PIN_LSU_LAT;
#endif
}

/* the default per-run cycle limit of every harness (--max-cycles) */
#define WF_HOST_MAX_CYCLES 2000000u

/* The harness command line (verif/cosim, verif/sc): the program (first
 * non-option argument or --program FILE), wfsim options (--name value, into
 * *cfg), --wfsim-options "S" (a whole option string), the harness options
 * below; every option also as --name=value with '_' for '-' (FuseSoC's
 * cmdlinearg parameters); +plusargs are skipped (Verilated::commandArgs).
 * `options` collects the wfsim and run options as given, for reproduce
 * lines (not --seed, --waves, --cov, --result, --speed). */
typedef struct {
    const char *prog;
    uint64_t seed;          /* --seed N, 1..2147483647 (default 1) */
    const char *waves;      /* --waves FILE.fst, NULL if absent */
    const char *cov;        /* --cov FILE.json, NULL if absent */
    int bare;               /* --bare */
    int jitter;             /* --imem-jitter S given */
    uint64_t jitter_seed;
    unsigned runs;          /* --runs N, 1..8 (default: the caller's) */
    uint64_t max_cycles;    /* --max-cycles N (default WF_HOST_MAX_CYCLES) */
    const char *result;     /* --result FILE.json: the result record, NULL if absent */
    const char *speed;      /* --speed FILE.json: the host speed record, NULL if absent */
    const char *selftest;   /* --selftest-flip PORT:BIT:CYCLE (verif/sc), NULL if absent */
    int cmp;                /* --cmp LEVEL, else the environment's WF_CMP, else full:
                               WF_CMP_LEVEL_* (wf_compare.h, docs/verification.md
                               "Compare levels"); in options unless full */
    int help;               /* --help / -h */
    char options[2048];
} wf_host_args;
/* a->runs must be preset to the caller's default. 0, or -1 with the message
 * (naming the option and its allowed values) in err; a bad WF_CMP too. */
int wf_host_parse_args(int argc, char **argv, wf_config *cfg, wf_host_args *a, char *err,
                       size_t errlen);
/* The same for a command line in one string, split in place into words at
 * blanks (no quoting; the DPI-C testbench's options; argv[0] "wf_dpi"): the
 * strings of *a point into line. */
int wf_host_parse_line(char *line, wf_config *cfg, wf_host_args *a, char *err, size_t errlen);
/* s for a shell command line into buf: as it is when it is not empty and every
 * character is a letter, a digit or one of -_./=+,:@%, else in single quotes. */
void wf_host_shell_quote(const char *s, char *buf, size_t len);

/* The oracles of one run: the interpreter's final state, the cycle model's
 * (run to done in a fresh instance) and its cycle count. */
typedef struct {
    wf_arch_state interp, model;
    uint64_t model_cycles;
    int check_interp;     /* 0: the interpreter is not the oracle (see why_not) */
    const char *why_not;  /* "war=none" or "inter-warp race" when check_interp = 0 */
} wf_host_oracle;
/* 0, or with the reason in err: -2 the model did not finish (max_cycles or
 * its §14 watchdog), -1 any other error (interpreter, loader). */
int wf_host_oracle_run(const wf_config *cfg, const wf_program *prog, uint64_t max_cycles,
                       wf_host_oracle *o, char *err, size_t errlen);
void wf_host_oracle_free(wf_host_oracle *o);
/* The compare level named by the environment variable WF_CMP: full when it
 * is unset or empty; -1 with "WF_CMP: ..." in err when it names no level. */
int wf_host_cmp_env(char *err, size_t errlen);
/* The compare level named `name` for option `what` ("--cmp"): its
 * WF_CMP_LEVEL_*, or -1 with "WHAT: 'NAME' is not a compare level (full,
 * events, window, arch)" in err. */
int wf_host_cmp_level(const char *what, const char *name, char *err, size_t errlen);

/* The read-back RTL state (registers through the host register port, the
 * scratchpad through the host scratchpad port) and the RTL's cycle count
 * against the oracles: the interpreter (unless check_interp = 0: war=none,
 * §8.1, or a program with inter-warp races in this configuration, which shows
 * as the cycle model disagreeing with it too), the cycle model, the cycle
 * count (not at the stream levels, wf_cmp_level_streams: arch is
 * cycle-independent, window checks the done cycle in its own window).
 * 0, or 1 with "vs interpreter: ...", "vs cycle model: ..." or "cycle
 * count: ..." in buf. */
int wf_host_final_check(const wf_host_oracle *o, const wf_arch_state *rtl, uint64_t rtl_cycles,
                        int cmp_level, char *buf, size_t len);
/* The same with the parts as data: *oracle "interpreter", "cycle model" or ""
 * (the cycle count), diff the first difference (wf_cmp_arch: "warp 7 r28
 * lane 0: 1 vs 0", "mem[64]: ...", or the cycle counts). */
int wf_host_final_diff(const wf_host_oracle *o, const wf_arch_state *rtl, uint64_t rtl_cycles, int cmp_level,
                       const char **oracle, char *diff, size_t len);

#ifdef __cplusplus
}
#endif
#endif
