// Lockstep co-simulation harness: the Verilated wf_core against the C model,
// every cycle, through the one comparator (verif/compare.c). C++ only where
// Verilator needs it; everything else is the C library: the trace-bus decoder
// (verif/rtlobs.c), the host side (verif/cosim/host.c: imem model, launch
// inputs, oracles, final-state check) and the coverage counters
// (verif/coverage.c). Built and run by verif/cosim/run.sh; --help lists the
// options.
//
// Per run (two runs on one RTL instance by default: the second launch must
// clear what the first left behind, §14):
//  * the scratchpad is cleared through the host port, wf_core is launched
//    with the configuration's run-time inputs, and after the register clear
//    the RTL and wf_model_step run in lockstep; each cycle the trace ports
//    are decoded (wf_rtl_trace_decode) and compared with the model's record
//    (wf_cmp_step); the first difference prints wf_cmp_report
//    ("LOCKSTEP MISMATCH at cycle N", "  field: PATH", ..., "  reproduce:");
//  * at done the registers (host register port) and the scratchpad (host
//    scratchpad port) are read back and checked against the interpreter and
//    the cycle model, and the cycle count against wf_model_run's
//    (wf_host_final_check); a difference prints "FINAL STATE MISMATCH: ...".
// --imem-jitter: the memory has backpressure and random latency
// (wf_imem_jitter); the C model assumes the fixed latency, so there is no
// lockstep compare, only done and the final state against the interpreter.
// --bare: the RTL alone (no model, no compare), for speed measurements.
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

extern "C" {
#include "warpfront.h"
#include "wf_compare.h"
#include "wf_host.h"
#include "wf_layout.h"
#include "wf_rtlobs.h"
#if __has_include("wf_cov.h")
#include "wf_cov.h"
#define WF_HAVE_COV 1
#endif
}
#include "Vwf_core.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif
#if VM_COVERAGE
#include "verilated_cov.h"
#endif
// Under callgrind --collect-atstart=no (make bench, WF_COSIM_PREFIX) only the
// cycle loop is counted, the span the harness times: repeatable instruction
// counts for the lockstep / bare ratio. Outside valgrind the toggle is a few
// instructions per run.
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define WF_COLLECT_TOGGLE() CALLGRIND_TOGGLE_COLLECT
#else
#define WF_COLLECT_TOGGLE() ((void)0)
#endif

enum { EXIT_PASS = 0, EXIT_MISMATCH = 1, EXIT_USAGE = 2, EXIT_WATCHDOG = 3 };
static const unsigned WATCHDOG_CYCLES = 10000; // §14

static void usage(FILE *f, const char *argv0) {
    fprintf(f,
            "usage: %s PROGRAM.s [--PARAM value ...] [harness options] [+verilator+... plusargs]\n"
            "  (through verif/cosim/run.sh, which builds the RTL for the size parameters)\n"
            "--PARAM value       any wfsim parameter (build/wfsim --help); size parameters\n"
            "                    must match the build\n"
            "--wfsim-options S   a whole option string (\"--war inorder --loops 2\")\n"
            "--program FILE      the program, instead of the first argument\n"
            "every option also as --name=value, '_' for '-' (FuseSoC cmdlinearg parameters)\n"
            "harness options:\n"
            "  --seed N          1..2147483647 (default 1): +verilator+seed+N, the seed of the\n"
            "                    random initial values of the flops without a reset (built with\n"
            "                    --x-initial unique, run with +verilator+rand+reset+2); printed\n"
            "                    in reports; the run is a function of program, options and seed\n"
            "  --waves FILE.fst  dump an FST waveform from the first launch on (needs the build\n"
            "                    with --trace-fst: run.sh selects it); flushed and closed on every\n"
            "                    exit path\n"
            "  --bare            the RTL alone: no C model, no compare; prints simulated cycles\n"
            "                    and host cycles/s\n"
            "  --imem-jitter S   seeded instruction-memory backpressure (req_ready low), random\n"
            "                    latency and out-of-order responses; no lockstep compare (the C\n"
            "                    model assumes the fixed imiss_lat): done and the final state\n"
            "                    against the interpreter only\n"
            "  --cov FILE        functional coverage (verif/coverage.c) of the C model's records\n"
            "                    (with --imem-jitter: of the decoded RTL records), JSON to FILE\n"
            "  --runs N          launches on one RTL instance, 1..8 (default 2)\n"
            "  --max-cycles N    per run (default 2000000); exceeding it is a timeout\n"
            "  --cmp LEVEL       compare level (docs/verification.md \"Compare levels\"): full\n"
            "                    (default: every trace field every cycle), events (issue,\n"
            "                    dispatch, LSU-piece, writeback, branch events every cycle),\n"
            "                    arch (per warp, retirements, register writes and branches in\n"
            "                    order, cycle-independent; done and the cycle count may differ);\n"
            "                    the final state is checked at every level\n"
            "  --help            this text\n"
            "exit status: 0 pass, 1 mismatch (trace, done, final state, RTL assertion),\n"
            "  2 usage or build error, 3 watchdog (no issue and no write for %u cycles, §14)\n"
            "  or timeout (max cycles)\n"
            "environment: WF_CMP=LEVEL (the --cmp default); set by run.sh: WF_COSIM_RUNSH, WF_COSIM_DEFINES, WF_COSIM_WAVES_DIR\n"
            "  (the reproduce line), WF_COSIM_REPRO_FILE (the reproduce command is written there\n"
            "  on a failure, for run.sh's automatic re-run with waves)\n",
            argv0, WATCHDOG_CYCLES);
}

// ---- ports of any width as LSB-first 32-bit words (the decoder's form) ----------------
template <std::size_t N> static const uint32_t *words(const VlWide<N> &v, uint32_t *) { return v.data(); }
template <typename T> static const uint32_t *words(const T &v, uint32_t *tmp) {
    const uint64_t x = (uint64_t)v;
    tmp[0] = (uint32_t)x;
    tmp[1] = (uint32_t)(x >> 32);
    return tmp;
}
static bool bit(const uint32_t *w, unsigned k) { return w[k / 32] >> (k % 32) & 1; }
static void version_error(unsigned version) {
    char msg[512];
    wf_rtl_trace_check_version(version, msg, sizeof msg);
    printf("TRACE VERSION: %s\n", msg);
}
template <std::size_t N> static void set_words(VlWide<N> &v, const uint32_t *w) {
    for (std::size_t i = 0; i < N; i++) v[i] = w[i];
}
template <typename T> static void set_words(T &v, const uint32_t *w) {
    v = (T)(sizeof(T) > 4 ? (uint64_t)w[0] | (uint64_t)w[1] << 32 : (uint64_t)w[0]);
}

// shell single-quoting for the reproduce line
static std::string shq(const std::string &s) {
    bool plain = !s.empty();
    for (char c : s)
        if (!(isalnum((unsigned char)c) || strchr("-_./=+,:@%", c))) plain = false;
    if (plain) return s;
    std::string r = "'";
    for (char c : s) r += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return r + "'";
}

// the command line: the shared parser of verif/cosim/host.c (also verif/sc)
typedef wf_host_args Opts;

// The simulation: the model, the clock, the optional FST dump.
struct Sim {
    Vwf_core *top = nullptr;
#if VM_TRACE
    VerilatedFstC *fst = nullptr;
#endif
    uint64_t t = 0; // dump time: two steps per clock cycle

    void dump() {
#if VM_TRACE
        if (fst) fst->dump(t);
#endif
        t++;
    }
    void settle() { // inputs of this cycle applied
        top->eval();
        dump();
    }
    void edge() { // rising edge; the falling edge comes with the next settle
        top->clk_i = 1;
        top->eval();
        dump();
        top->clk_i = 0;
    }
    void tick() {
        settle();
        edge();
    }
    void close_waves() {
#if VM_TRACE
        if (fst) {
            fst->flush();
            fst->close();
            delete fst;
            fst = nullptr;
        }
#endif
    }
};

// for a signal (SIGINT, SIGTERM from a regression timeout): close the dump
static Sim *g_sim_for_signal;
static void on_signal(int sig) {
    if (g_sim_for_signal) g_sim_for_signal->close_waves();
    signal(sig, SIG_DFL);
    raise(sig);
}

static std::string repro_line(const Opts &o) {
    const char *runsh = getenv("WF_COSIM_RUNSH");
    const char *defs = getenv("WF_COSIM_DEFINES");
    const char *wdir = getenv("WF_COSIM_WAVES_DIR");
    std::string base = o.prog;
    size_t sl = base.rfind('/');
    if (sl != std::string::npos) base = base.substr(sl + 1);
    if (base.size() > 2 && base.compare(base.size() - 2, 2, ".s") == 0) base.resize(base.size() - 2);
    std::string waves = o.waves ? std::string(o.waves)
                                : std::string(wdir && *wdir ? wdir : "out/cosim") + "/" + base + "-seed" +
                                      std::to_string(o.seed) + (o.jitter ? "-jitter" + std::to_string(o.jitter_seed) : "") +
                                      ".fst";
    std::string r = "WF_DEFINES=" + shq(defs ? defs : "WF_ASSERT") + " " + (runsh && *runsh ? runsh : "verif/cosim/run.sh") +
                    " " + shq(o.prog);
    if (o.options[0]) r += std::string(" ") + o.options; // already shell-quoted
    r += " --seed " + std::to_string(o.seed) + " --waves " + shq(waves);
    return r;
}

// A failure: the reproduce line (also into WF_COSIM_REPRO_FILE for run.sh's re-run with waves).
static void note_failure(const Opts &o) {
    const std::string r = repro_line(o);
    const char *f = getenv("WF_COSIM_REPRO_FILE");
    if (f && *f) {
        FILE *fp = fopen(f, "w");
        if (fp) {
            fprintf(fp, "%s\n", r.c_str());
            fclose(fp);
        }
    }
}

int main(int argc, char **argv) {
    char err[1024];
    Opts o;
    memset(&o, 0, sizeof o);
    o.runs = 2;
    wf_config cfg;
    wf_config_default(&cfg);
    if (wf_host_parse_args(argc, argv, &cfg, &o, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", argv[0], err);
        return EXIT_USAGE;
    }
    if (o.help) {
        usage(stdout, argv[0]);
        return EXIT_PASS;
    }
    if (o.selftest) {
        fprintf(stderr, "--selftest-flip is an option of the SystemC harness (verif/sc)\n");
        return EXIT_USAGE;
    }
    if (!o.prog) {
        usage(stderr, argv[0]);
        return EXIT_USAGE;
    }
    if (wf_config_check(&cfg, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return EXIT_USAGE;
    }
    if (o.bare && (o.jitter || o.cov)) {
        fprintf(stderr, "--bare runs no model: it does not combine with --imem-jitter or --cov\n");
        return EXIT_USAGE;
    }
    if (o.cmp != WF_CMP_LEVEL_FULL && (o.bare || o.jitter)) {
        fprintf(stderr, "--cmp %s: --bare and --imem-jitter run no lockstep compare\n", wf_cmp_level_name(o.cmp));
        return EXIT_USAGE;
    }
    const bool arch = o.cmp == WF_CMP_LEVEL_ARCH;
    const unsigned cmp_flags = WF_CMP_FLAGS_LEVEL(o.cmp); // 0 at full, as before the levels
#if !VM_TRACE
    if (o.waves) {
        fprintf(stderr, "--waves: this build has no --trace-fst (verif/cosim/run.sh builds one)\n");
        return EXIT_USAGE;
    }
#endif
#ifndef WF_HAVE_COV
    if (o.cov) {
        fprintf(stderr, "--cov: built without verif/include/wf_cov.h\n");
        return EXIT_USAGE;
    }
#endif
    // the compiled-in sizes: WF_P_* from run.sh (-G... mirrored), else the
    // defaults (the FuseSoC sim target builds the default sizes)
    wf_config built = cfg;
#ifndef WF_P_WARPS
    wf_config defaults;
    wf_config_default(&defaults);
#define WF_P_WARPS defaults.warps
#define WF_P_LANES defaults.lanes
#define WF_P_REGS defaults.regs
#define WF_P_BANKS defaults.banks
#define WF_P_COLLECTORS defaults.collectors
#define WF_P_SB_ENTRIES defaults.sb_entries
#define WF_P_IBUF defaults.ibuf
#define WF_P_ICACHE_LINES defaults.icache_lines
#define WF_P_ICACHE_LINE defaults.icache_line
#define WF_P_IMSHRS defaults.imshrs
#define WF_P_IMEM_WORDS defaults.imem_words
#define WF_P_MEM_WORDS defaults.mem_words
#define WF_P_MEM_LINE defaults.mem_line
#define WF_P_BLOOM_BITS defaults.bloom_bits
#endif
    built.warps = WF_P_WARPS, built.lanes = WF_P_LANES, built.regs = WF_P_REGS;
    built.banks = WF_P_BANKS, built.collectors = WF_P_COLLECTORS, built.sb_entries = WF_P_SB_ENTRIES;
    built.ibuf = WF_P_IBUF, built.icache_lines = WF_P_ICACHE_LINES, built.icache_line = WF_P_ICACHE_LINE;
    built.imshrs = WF_P_IMSHRS, built.imem_words = WF_P_IMEM_WORDS, built.mem_words = WF_P_MEM_WORDS;
    built.mem_line = WF_P_MEM_LINE, built.bloom_bits = WF_P_BLOOM_BITS;
    if (wf_host_check_sizes(&cfg, &built, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return EXIT_USAGE;
    }

    wf_program prog;
    if (wf_assemble_file(o.prog, cfg.regs, &prog, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return EXIT_USAGE;
    }
    wf_host_oracle oracle;
    memset(&oracle, 0, sizeof oracle);
    if (!o.bare && wf_host_oracle_run(&cfg, &prog, o.max_cycles, &oracle, err, sizeof err)) {
        // the model's run control (max cycles, §14 watchdog) or the interpreter (no exit)
        const bool model = strstr(err, "watchdog") || strstr(err, "max_cycles");
        fprintf(stdout, "%s %s: oracle: %s\n", model ? "TIMEOUT" : "ERROR", o.prog, err);
        if (model) note_failure(o);
        return model ? EXIT_WATCHDOG : EXIT_USAGE;
    }

    // Verilator: plusargs, then the seed of the random initial values
    Verilated::commandArgs(argc, argv);
    Verilated::randReset(2);
    Verilated::randSeed((int)o.seed);
    Verilated::fatalOnError(false); // an RTL $error/$fatal ends the run here, waves closed
    Sim sim;
    sim.top = new Vwf_core;
    Vwf_core *top = sim.top;
    g_sim_for_signal = &sim;
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);

#ifdef WF_HAVE_COV
    wf_cov *cov = nullptr;
    if (o.cov) {
        cov = (wf_cov *)malloc(sizeof *cov);
        if (!cov) return EXIT_USAGE;
        wf_cov_init(cov);
    }
#endif
    wf_obs *rtl_obs = (wf_obs *)malloc(sizeof(wf_obs));
    wf_cmp_history *hist = (wf_cmp_history *)calloc(1, sizeof(wf_cmp_history));
    if (!rtl_obs || !hist) return EXIT_USAGE;
    uint32_t t_obs[2], t_wb[2], t_wbd[2], t_bank[2], t_warp[2], t_cu[2], t_rd[2];

    // asynchronous reset: a real falling edge (the input may start at 0), held
    // over two clock edges
    top->clk_i = 0;
    top->rst_ni = 1;
    top->eval();
    top->rst_ni = 0;
    top->eval();
    sim.tick();
    sim.tick();
    top->rst_ni = 1;
    top->eval();
#if VM_TRACE
    if (o.waves) {
        Verilated::traceEverOn(true);
        sim.fst = new VerilatedFstC;
        top->trace(sim.fst, 99);
        sim.fst->open(o.waves);
        if (!sim.fst->isOpen()) {
            fprintf(stderr, "--waves: cannot open %s\n", o.waves);
            return EXIT_USAGE;
        }
    }
#endif

    int status = EXIT_PASS;
    uint64_t total_cycles = 0;
    double total_secs = 0;
    for (unsigned run = 0; run < o.runs && status == EXIT_PASS; run++) {
        // the scratchpad image (all 0) through the host port; registers are cleared by launch (§14)
        top->mem_en_i = 1;
        top->mem_we_i = 1;
        top->mem_wdata_i = 0;
        for (unsigned a = 0; a < cfg.mem_words; a++) {
            top->mem_addr_i = a;
            sim.tick();
        }
        top->mem_en_i = 0;
        top->mem_we_i = 0;

        // launch
        wf_launch_inputs li;
        wf_host_launch_inputs(&cfg, &li);
        top->cfg_swizzle_i = li.swizzle;
        top->cfg_war_i = li.war;
        top->cfg_gto_i = li.gto;
        top->cfg_loops_i = li.loops;
        top->cfg_stall_i = li.stall;
        top->cfg_alu_lat_i = li.alu_lat;
        top->cfg_mul_lat_i = li.mul_lat;
        top->cfg_lsu_lat_i = li.lsu_lat;
        top->cfg_active_warps_i = li.active_warps;
        top->cfg_decode_stage_i = li.decode_stage;
        uint32_t pcs[(WF_MAX_WARPS * 16 + 31) / 32 + 2] = {0};
        wf_host_start_pcs(&cfg, &prog, pcs);
        set_words(top->start_pc_i, pcs);
        top->imem_req_ready_i = 1;
        top->imem_resp_valid_i = 0;
        top->launch_i = 1;
        sim.tick();
        top->launch_i = 0;
        for (unsigned k = 0; !top->running_o && k < 100000; k++) sim.tick(); // the register clear

        wf_model *m = nullptr;
        if (!o.bare && !o.jitter) {
            m = wf_model_create(&cfg, err, sizeof err);
            if (!m || wf_model_load(m, &prog, NULL, err, sizeof err)) {
                fprintf(stderr, "model: %s\n", err);
                return EXIT_USAGE;
            }
        }
        wf_imem im;
        wf_imem_init(&im, &cfg, &prog);
        if (o.jitter) wf_imem_jitter(&im, o.jitter_seed + 0x9E3779B97F4A7C15ull * run);
        wf_cmp_history_release(hist); // the arch level's queues of the previous run
        wf_cmp_history_init(hist);
        uint32_t line[2 * 16];
        uint64_t cyc = 0, idle = 0;
        bool reported = false; // wf_cmp_report printed (with its reproduce line)
        const auto t0 = std::chrono::steady_clock::now();
        WF_COLLECT_TOGGLE();
        for (;;) {
            unsigned mshr;
            top->imem_resp_valid_i = wf_imem_response(&im, cyc, &mshr, line);
            if (top->imem_resp_valid_i) {
                top->imem_resp_mshr_i = mshr;
                set_words(top->imem_resp_data_i, line);
            }
            top->imem_req_ready_i = wf_imem_ready(&im, cyc);
            sim.settle();
            if (Verilated::gotFinish()) { // an RTL assertion ($error / $fatal, WF_ASSERT)
                const bool stall = idle >= 1000;
                printf("%s at cycle %" PRIu64 " (run %u): RTL assertion, see the %%Error line above\n",
                       stall ? "WATCHDOG" : "RTL ASSERTION", cyc, run + 1);
                status = stall ? EXIT_WATCHDOG : EXIT_MISMATCH;
                break;
            }
            if (top->imem_resp_valid_i && !top->imem_resp_ready_o) {
                printf("RTL PROTOCOL ERROR at cycle %" PRIu64 ": imem_resp_ready_o low with a response\n", cyc);
                status = EXIT_MISMATCH;
                break;
            }
            if (top->imem_req_valid_o && top->imem_req_ready_i &&
                wf_imem_request(&im, cyc, top->imem_req_mshr_o, top->imem_req_line_o)) {
                printf("RTL PROTOCOL ERROR at cycle %" PRIu64 ": more than %d imem requests pending\n", cyc,
                       WF_HOST_IMEM_QUEUE);
                status = EXIT_MISMATCH;
                break;
            }
            const uint32_t *ob = words(top->obs_o, t_obs), *wb = words(top->obs_wb_o, t_wb);
            if (m && arch) {
                // cycle-independent: each side runs to its own done; the model's
                // records after the RTL's done are compared without one
                wf_cmp_diff d;
                int bad = 0;
                if (top->done_o) {
                    while (!bad && !wf_model_done(m)) { // ends: the oracle ran this model to done
                        wf_model_step(m);
                        bad = wf_cmp_step(&cfg, hist, wf_model_obs(m), NULL, cmp_flags, &d);
                    }
                    if (!bad) bad = wf_cmp_finish(&cfg, hist, &d);
                } else {
                    const wf_obs *mo = NULL;
                    if (!wf_model_done(m)) {
                        wf_model_step(m);
                        mo = wf_model_obs(m);
                    }
                    wf_rtl_trace t = {ob, wb, words(top->obs_wb_data_o, t_wbd), words(top->obs_bank_o, t_bank),
                                      words(top->obs_warp_o, t_warp), words(top->obs_cu_o, t_cu), top->obs_version_o};
                    if (wf_rtl_trace_decode(&cfg, &t, rtl_obs)) {
                        version_error(top->obs_version_o);
                        status = EXIT_USAGE;
                        break;
                    }
                    bad = wf_cmp_step(&cfg, hist, mo, rtl_obs, cmp_flags, &d);
#ifdef WF_HAVE_COV
                    if (cov && mo) wf_cov_sample(cov, &cfg, mo);
#endif
                }
                if (bad) {
                    wf_cmp_report(stdout, &cfg, &d, hist, o.seed, repro_line(o).c_str());
                    status = EXIT_MISMATCH;
                    reported = true;
                    break;
                }
                if (top->done_o) break;
            } else if (m) {
                const int mdone = wf_model_done(m);
                if (top->done_o || mdone) {
                    if ((int)top->done_o != mdone) {
                        wf_cmp_diff d;
                        memset(&d, 0, sizeof d);
                        d.differs = 1;
                        d.cycle = cyc;
                        snprintf(d.path, sizeof d.path, "done_o");
                        d.expected = (uint64_t)mdone;
                        d.actual = top->done_o;
                        wf_cmp_report(stdout, &cfg, &d, hist, o.seed, repro_line(o).c_str());
                        status = EXIT_MISMATCH;
                        reported = true;
                    }
                    break;
                }
                wf_model_step(m);
                const wf_obs *mo = wf_model_obs(m);
                wf_rtl_trace t = {ob, wb, words(top->obs_wb_data_o, t_wbd), words(top->obs_bank_o, t_bank),
                                  words(top->obs_warp_o, t_warp), words(top->obs_cu_o, t_cu), top->obs_version_o};
                if (wf_rtl_trace_decode(&cfg, &t, rtl_obs)) {
                    version_error(top->obs_version_o);
                    status = EXIT_USAGE;
                    break;
                }
                wf_cmp_diff d;
                if (wf_cmp_step(&cfg, hist, mo, rtl_obs, cmp_flags, &d)) {
                    wf_cmp_report(stdout, &cfg, &d, hist, o.seed, repro_line(o).c_str());
                    if (o.waves)
                        printf("  waves:    %s: run %u cycle %" PRIu64 " is dump time %" PRIu64
                               " (clk_i rises at %" PRIu64 ")\n",
                               o.waves, run + 1, cyc, sim.t - 1, sim.t);
                    status = EXIT_MISMATCH;
                    reported = true;
                    break;
                }
#ifdef WF_HAVE_COV
                if (cov) wf_cov_sample(cov, &cfg, mo);
#endif
            } else {
                if (top->done_o) break;
#ifdef WF_HAVE_COV
                if (cov) {
                    wf_rtl_trace t = {ob, wb, words(top->obs_wb_data_o, t_wbd), words(top->obs_bank_o, t_bank),
                                      words(top->obs_warp_o, t_warp), words(top->obs_cu_o, t_cu), top->obs_version_o};
                    if (wf_rtl_trace_decode(&cfg, &t, rtl_obs)) {
                        version_error(top->obs_version_o);
                        status = EXIT_USAGE;
                        break;
                    }
                    wf_cov_sample(cov, &cfg, rtl_obs);
                }
#endif
            }
            // §14 watchdog on the RTL's trace: a successful issue (valid, not replay) or a write
            const bool issued = bit(ob, WF_OBS_ISSUE_VALID_LSB) && !bit(ob, WF_OBS_ISSUE_REPLAY_LSB);
            bool wrote = false;
            for (unsigned x = 0; x < WF_NUNITS; x++) wrote = wrote || bit(wb, x * WF_OBS_WB_W + WF_OBS_WB_VALID_LSB);
            idle = issued || wrote ? 0 : idle + 1;
            if (idle >= WATCHDOG_CYCLES || cyc >= o.max_cycles) {
                if (idle >= WATCHDOG_CYCLES)
                    printf("WATCHDOG at cycle %" PRIu64 " (run %u): no issue and no write for %u cycles\n", cyc,
                           run + 1, WATCHDOG_CYCLES);
                else
                    printf("TIMEOUT at cycle %" PRIu64 " (run %u): not done after max-cycles %" PRIu64 "\n", cyc,
                           run + 1, o.max_cycles);
                status = EXIT_WATCHDOG;
                break;
            }
            sim.edge();
            cyc++;
        }
        WF_COLLECT_TOGGLE();
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        wf_model_destroy(m);
        if (status != EXIT_PASS) {
            if (!reported) printf("  seed:     %" PRIu64 "\n  reproduce: %s\n", o.seed, repro_line(o).c_str());
            break;
        }
        const uint64_t rtl_cycles = (uint64_t)top->cycle_o;
        total_cycles += rtl_cycles;
        total_secs += secs;
        sim.edge(); // leave the done cycle: running_o drops, the host ports open

        if (o.bare) {
            printf("BARE %s (run %u): %" PRIu64 " cycles, %.0f cycles/s\n", o.prog, run + 1, rtl_cycles,
                   secs > 0 ? rtl_cycles / secs : 0.0);
            continue;
        }
        // read back registers and the scratchpad
        wf_arch_state rs;
        if (wf_arch_alloc(&rs, cfg.warps, cfg.lanes, cfg.regs, cfg.mem_words)) return EXIT_USAGE;
        for (unsigned w = 0; w < cfg.warps; w++)
            for (unsigned r = 0; r < cfg.regs; r++) {
                top->reg_en_i = 1;
                top->reg_warp_i = w;
                top->reg_idx_i = r;
                sim.tick();
                top->reg_en_i = 0;
                top->eval();
                const uint32_t *rd = words(top->reg_rdata_o, t_rd);
                for (unsigned l = 0; l < cfg.lanes; l++) *wf_arch_reg(&rs, w, r, l) = rd[l];
            }
        top->mem_en_i = 1;
        top->mem_we_i = 0;
        for (unsigned a = 0; a < cfg.mem_words; a++) {
            top->mem_addr_i = a;
            sim.tick();
            top->eval();
            rs.mem[a] = top->mem_rdata_o;
        }
        top->mem_en_i = 0;
        char why[512] = "";
        int bad;
        if (o.jitter) { // the timing differs from the model's: registers and scratchpad only
            wf_arch_state r = rs;
            r.retired = NULL; /* the RTL has no retired counters */
            bad = oracle.check_interp && wf_cmp_arch(&oracle.interp, &r, why, sizeof why);
        } else {
            bad = wf_host_final_check(&oracle, &rs, rtl_cycles, o.cmp, why, sizeof why);
        }
        wf_arch_free(&rs);
        if (bad) {
            printf("FINAL STATE MISMATCH: %s (%s run %u)\n  seed:     %" PRIu64 "\n  reproduce: %s\n", why, o.prog,
                   run + 1, o.seed, repro_line(o).c_str());
            status = EXIT_MISMATCH;
            break;
        }
        const double cps = secs > 0 ? rtl_cycles / secs : 0.0;
        if (o.jitter)
            printf("PASS %s (run %u, imem jitter %" PRIu64 "): %" PRIu64 " cycles (fixed latency: %" PRIu64
                   "), final state %s; imem: %" PRIu64 " requests, ready low %" PRIu64 " cycles, %" PRIu64
                   " out of order, latency %" PRIu64 "..%" PRIu64 "; %.0f cycles/s\n",
                   o.prog, run + 1, o.jitter_seed, rtl_cycles, oracle.model_cycles,
                   oracle.check_interp ? "= interpreter" : oracle.why_not, im.st.requests, im.st.ready_low,
                   im.st.out_of_order, im.st.responses ? im.st.min_lat : 0, im.st.max_lat, cps);
        else if (o.cmp != WF_CMP_LEVEL_FULL)
            printf("PASS %s (run %u, compare level %s): %" PRIu64 " cycles (model: %" PRIu64
                   "), %s = model, final state = %s; %.0f cycles/s\n",
                   o.prog, run + 1, wf_cmp_level_name(o.cmp), rtl_cycles, oracle.model_cycles,
                   arch ? "per-warp retirements, register writes and branches" : "events every cycle",
                   oracle.check_interp ? "interpreter = cycle model"
                                       : (std::string("cycle model (interpreter skipped: ") + oracle.why_not + ")").c_str(),
                   cps);
        else
            printf("PASS %s (run %u): %" PRIu64 " cycles in lockstep = model, final state = %s; %.0f cycles/s\n",
                   o.prog, run + 1, rtl_cycles,
                   oracle.check_interp ? "interpreter = cycle model"
                                       : (std::string("cycle model (interpreter skipped: ") + oracle.why_not + ")").c_str(),
                   cps);
    }
    if (status == EXIT_PASS && total_secs > 0)
        printf("host: %" PRIu64 " cycles in %.3f s, %.0f cycles/s (%s, seed %" PRIu64 ")\n", total_cycles,
               total_secs, total_cycles / total_secs, o.bare ? "bare RTL" : o.jitter ? "RTL, imem jitter" : "lockstep",
               o.seed);
    if (status != EXIT_PASS) note_failure(o);
#ifdef WF_HAVE_COV
    if (cov) {
        FILE *f = fopen(o.cov, "w");
        if (!f || wf_cov_write_json(cov, f) || fclose(f)) {
            fprintf(stderr, "--cov: cannot write %s\n", o.cov);
            if (status == EXIT_PASS) status = EXIT_USAGE;
        }
        free(cov);
    }
#endif
#if VM_COVERAGE
    // run.sh WF_LINE_COV=FILE (a --coverage build): this run's line/toggle coverage
    if (const char *lc = getenv("WF_LINE_COV"))
        if (*lc) Verilated::threadContextp()->coveragep()->write(lc);
#endif
    sim.close_waves();
    g_sim_for_signal = nullptr;
    top->final();
    delete top;
    free(rtl_obs);
    wf_cmp_history_release(hist);
    free(hist);
    wf_host_oracle_free(&oracle);
    wf_program_free(&prog);
    fflush(stdout);
    return status;
}
