// Lockstep co-simulation harness: the Verilated wf_core against the C model,
// an adapter of the lockstep core (verif/lockstep.c, wf_lockstep.h), which
// runs the launches, the cycles in lockstep, the reports and the final-state
// and oracle checks; here only what Verilator needs: the pins behind a wf_dut
// (reset, launch, one clock, the trace ports, the host ports), the FST dump,
// this harness's pass lines. Built and run by verif/cosim/run.sh; --help lists
// the options. Two runs on one RTL instance by default (the second launch
// must clear what the first left behind, §14). --imem-jitter: a memory with
// backpressure and random latency (wf_imem_jitter), no lockstep compare (the
// model assumes the fixed latency), the final state against the interpreter.
// --bare: the RTL alone, for speed measurements.
#include <chrono>
#include <cinttypes>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>
#include <unistd.h>

extern "C" {
#include "warpfront.h"
#include "wf_gen.h"
#include "wf_lockstep.h"
}
#include "Vwf_core.h"
#include "verilated.h"
#if VM_TRACE
#include "gtkwave/fstapi.h" // Verilator's FST writer: the expected-value waves
#include "verilated_fst_c.h"
#endif
#if VM_COVERAGE
#include "verilated_cov.h"
#endif
// Under callgrind --collect-atstart=no (make bench, WF_COSIM_PREFIX) only the
// cycle loop is counted (wf_dut.timed), the span the harness times.
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define WF_COLLECT_TOGGLE() CALLGRIND_TOGGLE_COLLECT
#else
#define WF_COLLECT_TOGGLE() ((void)0)
#endif

static void usage(FILE *f, const char *argv0) {
    fprintf(f,
            "usage: %s PROGRAM.s [--PARAM value ...] [harness options] [+verilator+... plusargs]\n"
            "  (through verif/cosim/run.sh, which builds the RTL for the size parameters)\n",
            argv0);
    wf_ls_usage_options(f);
    fprintf(f,
            "  --seed N          1..2147483647 (default 1): +verilator+seed+N, the seed of the\n"
            "                    random initial values of the flops without a reset (built with\n"
            "                    --x-initial unique, run with +verilator+rand+reset+2); printed\n"
            "                    in reports; the run is a function of program, options and seed\n"
            "  --waves FILE.fst  dump an FST waveform from the first launch on (needs the build\n"
            "                    with --trace-fst: run.sh selects it); flushed and closed on every\n"
            "                    exit path\n"
            "  --model-waves FILE.fst  the C model's records on the RTL's trace-port names\n"
            "                    (TOP.obs_o, ...; packed from the records as the RTL packs them,\n"
            "                    not re-simulated), at the RTL waves' times, and FILE.gtkw: a\n"
            "                    GTKWave save file of the first differing field, for both files\n"
            "                    (make waves FST=...); a --waves build. Without it, --waves\n"
            "                    FILE.fst writes them as FILE.model.fst on a mismatch\n"
            "  --bare            the RTL alone: no C model, no compare; prints simulated cycles\n"
            "                    and host cycles/s\n"
            "  --imem-jitter S   seeded instruction-memory backpressure (req_ready low), random\n"
            "                    latency and out-of-order responses; no lockstep compare (the C\n"
            "                    model assumes the fixed imiss_lat): done and the final state\n"
            "                    against the interpreter only\n"
            "  --cov FILE        functional coverage (verif/coverage.c) of the C model's records\n"
            "                    (with --imem-jitter: of the decoded RTL records), JSON to FILE\n"
            "  --runs N          launches on one RTL instance, 1..8 (default 2)\n"
            "  --max-cycles N    per run (default %u); exceeding it is a timeout\n"
            "  --cmp LEVEL       compare level (docs/verification.md \"Compare levels\"): full\n"
            "                    (default: every trace field every cycle), events (issue,\n"
            "                    dispatch, LSU-piece, writeback, branch events every cycle),\n"
            "                    window (arch's events, each within 16 cycles of the model's\n"
            "                    against its warp's pace, done likewise),\n"
            "                    arch (per warp, retirements, register writes and branches in\n"
            "                    order, cycle-independent; done and the cycle count may differ);\n"
            "                    the final state is checked at every level\n"
            "  --result FILE     the verdict as a JSON record (docs/verification.md \"Result\n"
            "                    records\"), written on every exit after the setup\n"
            "  --speed FILE      the cycle loops' host speed as a JSON record (cycles, seconds)\n"
            "  --help            this text\n"
            "  --batch           (as the only argument) many runs in one process, one spec a line\n"
            "                    on stdin: the regression's batch workers (scripts/wf/regress/batch.py)\n"
            "exit status: 0 pass, 1 mismatch (trace, done, final state, RTL assertion),\n"
            "  2 usage or build error, 3 watchdog (no issue and no write for %u cycles, §14)\n"
            "  or timeout (max cycles)\n"
            "environment: WF_CMP=LEVEL (the --cmp default); set by run.sh: WF_COSIM_RUNSH, WF_COSIM_DEFINES, WF_COSIM_WAVES_DIR\n"
            "  (the reproduce line), WF_COSIM_REPRO_FILE (the reproduce command is written there\n"
            "  on a failure, for run.sh's automatic re-run with waves)\n",
            WF_HOST_MAX_CYCLES, WF_LS_WATCHDOG_CYCLES);
}

// ---- ports of any width as LSB-first 32-bit words (the decoder's form) ----------------
template <std::size_t N> static const uint32_t *words(const VlWide<N> &v, uint32_t *) { return v.data(); }
template <typename T> static const uint32_t *words(const T &v, uint32_t *tmp) {
    const uint64_t x = (uint64_t)v;
    tmp[0] = (uint32_t)x;
    tmp[1] = (uint32_t)(x >> 32);
    return tmp;
}
template <std::size_t N> static void set_words(VlWide<N> &v, const uint32_t *w) {
    for (std::size_t i = 0; i < N; i++) v[i] = w[i];
}
template <typename T> static void set_words(T &v, const uint32_t *w) {
    v = (T)(sizeof(T) > 4 ? (uint64_t)w[0] | (uint64_t)w[1] << 32 : (uint64_t)w[0]);
}

// shell single-quoting for the reproduce line
static std::string shq(const std::string &s) {
    std::vector<char> q(4 * s.size() + 3);
    wf_host_shell_quote(s.c_str(), q.data(), q.size());
    return q.data();
}

// The expected-value waves: each model record packed onto the trace ports
// (wf_rtl_trace_encode) and written at the dump time of the RTL cycle it is
// compared with, under the RTL's names (TOP.obs_o ...), so one save file
// shows the same signals in both files.
struct ModelWaves {
    std::string path, gtkw; // FILE.fst, FILE.gtkw ("" : none)
    bool keep = false;      // --model-waves: kept on a pass too
    void *fst = nullptr;
    uint32_t h[WF_RTL_PORTS + 1] = {}; // fstHandle (without --trace-fst no FST header)
    unsigned bits[WF_RTL_PORTS] = {};
    std::vector<uint32_t> cur[WF_RTL_PORTS], prev[WF_RTL_PORTS];
    std::string val;
    bool first = true, diff = false;
    wf_cmp_diff d = {};
    uint64_t diff_time = 0;
    unsigned diff_run = 0;
};

// The simulation: the model, the clock, the optional FST dump; the wf_dut calls.
struct Sim {
    Vwf_core *top = nullptr;
#if VM_TRACE
    VerilatedFstC *fst = nullptr;
#endif
    const wf_host_args *o = nullptr;
    const wf_config *cfg = nullptr;
    const wf_host_oracle *oracle = nullptr;
    uint64_t t = 0;        // dump time: two steps per clock cycle
    unsigned launches = 0; // the run a report belongs to
    uint32_t tmp[7][2];    // narrow ports as words
    const char *outbuf = nullptr; // stdout's buffer (wf_ls_stdout_keep)
    char finish_text[4096] = "";  // what the RTL printed before it finished the simulation
    ModelWaves mw;

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
static Sim &S(void *c) { return *(Sim *)c; }

// asynchronous reset: a real falling edge (the input may start at 0), held over two clock edges
static int dut_reset(void *c) {
    Sim &s = S(c);
    s.top->clk_i = 0;
    s.top->rst_ni = 1;
    s.top->eval();
    s.top->rst_ni = 0;
    s.top->eval();
    s.tick();
    s.tick();
    s.top->rst_ni = 1;
    s.top->eval();
#if VM_TRACE
    if (s.o->waves) {
        Verilated::traceEverOn(true);
        s.fst = new VerilatedFstC;
        s.top->trace(s.fst, 99);
        s.fst->open(s.o->waves);
        if (!s.fst->isOpen()) {
            fprintf(stderr, "--waves: cannot open %s\n", s.o->waves);
            return 1;
        }
    }
    if (!s.mw.path.empty() && !s.mw.fst) {
        ModelWaves &m = s.mw;
        if (!(m.fst = fstWriterCreate(m.path.c_str(), 1))) {
            fprintf(stderr, "--model-waves: cannot open %s\n", m.path.c_str());
            return 1;
        }
        fstWriterSetTimescaleFromString(m.fst, Verilated::threadContextp()->timeprecisionString());
        fstWriterSetScope(m.fst, FST_ST_VCD_MODULE, "TOP", nullptr);
        for (int p = 0; p <= WF_RTL_PORTS; p++) {
            const unsigned b = p < WF_RTL_PORTS ? wf_rtl_trace_bits(s.cfg, p) : WF_TRACE_VERSION_BITS;
            const std::string n = std::string(p < WF_RTL_PORTS ? wf_rtl_trace_port_name(p) : "obs_version_o") +
                                  " [" + std::to_string(b - 1) + ":0]";
            m.h[p] = fstWriterCreateVar(m.fst, FST_VT_VCD_WIRE, FST_VD_OUTPUT, b, n.c_str(), 0);
            if (p < WF_RTL_PORTS) {
                m.bits[p] = b;
                m.cur[p].assign(b / 32 + 1, 0);
                m.prev[p].assign(b / 32 + 1, 0);
            }
        }
        fstWriterSetUpscope(m.fst);
    }
#endif
    return 0;
}
static int dut_launch(void *c, const wf_launch_inputs *li, const uint32_t *pcs) {
    Sim &s = S(c);
    Vwf_core *top = s.top;
#define WF_DRIVE(name, value) top->cfg_##name##_i = li->name;
    WF_LAUNCH_INPUTS(WF_DRIVE)
#undef WF_DRIVE
    set_words(top->start_pc_i, pcs);
    top->imem_req_ready_i = 1;
    top->imem_resp_valid_i = 0;
    top->launch_i = 1;
    s.tick();
    top->launch_i = 0;
    for (unsigned k = 0; !top->running_o && k < 100000; k++) s.tick(); // the register clear
    s.launches++;
    return 0;
}
static void dut_drive(void *c, const wf_dut_in *in) {
    Vwf_core *top = S(c).top;
    top->imem_resp_valid_i = in->resp_valid;
    if (in->resp_valid) {
        top->imem_resp_mshr_i = in->resp_mshr;
        set_words(top->imem_resp_data_i, in->resp_data);
    }
    top->imem_req_ready_i = in->req_ready;
}
static void dut_sample(void *c, uint64_t, wf_dut_out *out) {
    Sim &s = S(c);
    Vwf_core *top = s.top;
    s.settle();
    out->finished = Verilated::gotFinish(); // an RTL assertion ($error / $fatal, WF_ASSERT)
    if (out->finished && !s.finish_text[0]) // printed after Verilator's flush (its message queue)
        wf_ls_stdout_pending(s.outbuf, s.finish_text, sizeof s.finish_text);
    out->finish_text = s.finish_text;
    out->done = top->done_o;
    out->cycle = top->cycle_o;
    out->req_valid = top->imem_req_valid_o, out->req_mshr = top->imem_req_mshr_o;
    out->req_line = top->imem_req_line_o, out->resp_ready = top->imem_resp_ready_o;
    out->trace = {words(top->obs_o, s.tmp[0]),      words(top->obs_wb_o, s.tmp[1]),
                  words(top->obs_wb_data_o, s.tmp[2]), words(top->obs_bank_o, s.tmp[3]),
                  words(top->obs_warp_o, s.tmp[4]), words(top->obs_cu_o, s.tmp[5]), top->obs_version_o};
}
static void dut_clock(void *c) { S(c).edge(); }
// Verilator's flush callback, before it flushes stdout: an assertion's output
static void on_flush(void *c) {
    Sim &s = S(c);
    if (Verilated::gotFinish() && !s.finish_text[0]) // the first: the assertion that stopped it
        wf_ls_stdout_pending(s.outbuf, s.finish_text, sizeof s.finish_text);
}
static void dut_mem_write(void *c, unsigned a, uint32_t v) {
    Sim &s = S(c);
    s.top->mem_en_i = 1, s.top->mem_we_i = 1, s.top->mem_addr_i = a, s.top->mem_wdata_i = v;
    s.tick();
    s.top->mem_en_i = 0, s.top->mem_we_i = 0;
}
static uint32_t dut_mem_read(void *c, unsigned a) {
    Sim &s = S(c);
    s.top->mem_en_i = 1, s.top->mem_we_i = 0, s.top->mem_addr_i = a;
    s.tick();
    s.top->eval();
    s.top->mem_en_i = 0;
    return s.top->mem_rdata_o;
}
static void dut_reg_read(void *c, unsigned w, unsigned r, uint32_t *lanes) {
    Sim &s = S(c);
    s.top->reg_en_i = 1, s.top->reg_warp_i = w, s.top->reg_idx_i = r;
    s.tick();
    s.top->reg_en_i = 0;
    s.top->eval();
    uint32_t t[2];
    memcpy(lanes, words(s.top->reg_rdata_o, t), s.cfg->lanes * sizeof *lanes);
}
static void dut_timed(void *, int) { WF_COLLECT_TOGGLE(); }
#if VM_TRACE
// a value as FST wants it: '0'/'1', MSB first
static const char *bitstr(std::string &out, const uint32_t *w, unsigned bits) {
    out.resize(bits);
    for (unsigned k = 0; k < bits; k++) out[bits - 1 - k] = (char)('0' + (w[k / 32] >> (k % 32) & 1));
    return out.c_str();
}
#endif
static void on_model(void *c, const wf_obs *mo) { // the model's record of the RTL cycle just sampled
#if VM_TRACE
    Sim &s = S(c);
    ModelWaves &m = s.mw;
    if (!m.fst) return;
    uint32_t *ports[WF_RTL_PORTS];
    for (int p = 0; p < WF_RTL_PORTS; p++) ports[p] = m.cur[p].data();
    wf_rtl_trace_encode(s.cfg, mo, ports);
    fstWriterEmitTimeChange(m.fst, s.t - 1); // the RTL's settle dump of this cycle
    for (int p = 0; p < WF_RTL_PORTS; p++)
        if (m.first || m.cur[p] != m.prev[p]) {
            fstWriterEmitValueChange(m.fst, m.h[p], bitstr(m.val, m.cur[p].data(), m.bits[p]));
            m.prev[p].swap(m.cur[p]);
        }
    if (m.first) {
        const uint32_t v = WF_TRACE_VERSION;
        fstWriterEmitValueChange(m.fst, m.h[WF_RTL_PORTS], bitstr(m.val, &v, WF_TRACE_VERSION_BITS));
    }
    m.first = false;
#else
    (void)c, (void)mo;
#endif
}
static void on_diff(void *c, const wf_cmp_diff *d) { // the first difference: the save file's field
    Sim &s = S(c);
    if (s.mw.diff) return;
    s.mw.diff = true, s.mw.d = *d, s.mw.diff_time = s.t - 1, s.mw.diff_run = s.launches;
}
#if VM_TRACE
// FILE.gtkw: opens with either file (no [dumpfile]: the command line names it),
// the differing field as a bundle of its port bits, the whole port, the marker
// at the first difference
static void write_gtkw(const Sim &s) {
    const ModelWaves &m = s.mw;
    FILE *f = fopen(m.gtkw.c_str(), "w");
    if (!f) {
        fprintf(stderr, "--model-waves: cannot write %s\n", m.gtkw.c_str());
        return;
    }
    fprintf(f, "[*] warpfront expected-value waves (verif/cosim/main.cpp): open with the RTL's or the\n"
               "[*] model's FST: gtkwave FILE.fst %s\n", m.gtkw.c_str());
    const uint64_t t = m.diff ? m.diff_time : 0;
    fprintf(f, "[timestart] %" PRIu64 "\n", t > 40 ? t - 40 : 0);
    fprintf(f, "*-4.000000 %" PRIu64 " -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n", t);
    fprintf(f, "@28\nTOP.clk_i\n");
    int port;
    unsigned lsb, width;
    if (m.diff && !wf_rtl_trace_locate(s.cfg, m.d.path, &port, &lsb, &width)) {
        const char *pn = wf_rtl_trace_port_name(port);
        fprintf(f, "@22\n#{%s (%s[%u:%u]), cycle %" PRIu64 " run %u}", m.d.path, pn, lsb + width - 1, lsb,
                m.d.cycle, m.diff_run);
        for (unsigned k = lsb + width; k-- > lsb;) fprintf(f, " TOP.%s[%u]", pn, k);
        fprintf(f, "\n@22\nTOP.%s[%u:0]\n", pn, m.bits[port] - 1);
    } else { // an arch or done difference has no one field on the ports: the events
        fprintf(f, "@22\nTOP.obs_o[%u:0]\nTOP.obs_wb_o[%u:0]\nTOP.obs_wb_data_o[%u:0]\n", m.bits[WF_RTL_OBS] - 1,
                m.bits[WF_RTL_WB] - 1, m.bits[WF_RTL_WB_DATA] - 1);
    }
    fclose(f);
}
#endif
// closes the model's waves: kept (with the save file) with --model-waves or on a difference
static void close_model_waves(Sim &s, bool failed) {
#if VM_TRACE
    ModelWaves &m = s.mw;
    if (!m.fst) return;
    fstWriterClose(m.fst);
    m.fst = nullptr;
    if (m.keep || (failed && m.diff)) {
        write_gtkw(s);
        printf("  model waves: %s (the C model's records on the trace ports), GTKWave save file %s"
               " (make waves FST=%s)\n", m.path.c_str(), m.gtkw.c_str(), s.o->waves ? s.o->waves : m.path.c_str());
    } else {
        remove(m.path.c_str());
    }
#else
    (void)s, (void)failed;
#endif
}
static void on_report(void *c, int kind, uint64_t cyc) { // where the failing cycle is in the waves
    Sim &s = S(c);
    if (kind == WF_LS_REPORT_TRACE && s.o->waves)
        printf("  waves:    %s: run %u cycle %" PRIu64 " is dump time %" PRIu64 " (clk_i rises at %" PRIu64 ")\n",
               s.o->waves, s.launches, cyc, s.t - 1, s.t);
}
static void on_run(void *c, const wf_ls_result *r) { // this harness's pass lines
    const Sim &s = S(c);
    const wf_host_args &o = *s.o;
    const wf_host_oracle &orc = *s.oracle;
    const double cps = r->run_seconds > 0 ? r->rtl_cycles / r->run_seconds : 0.0;
    if (o.bare) { // (no oracle)
        printf("BARE %s (run %u): %" PRIu64 " cycles, %.0f cycles/s\n", o.prog, r->run + 1, r->rtl_cycles, cps);
        return;
    }
    const std::string fin = orc.check_interp ? std::string("interpreter = cycle model")
                                             : std::string("cycle model (interpreter skipped: ") + orc.why_not + ")";
    if (o.jitter)
        printf("PASS %s (run %u, imem jitter %" PRIu64 "): %" PRIu64 " cycles (fixed latency: %" PRIu64
               "), final state %s; imem: %" PRIu64 " requests, ready low %" PRIu64 " cycles, %" PRIu64
               " out of order, latency %" PRIu64 "..%" PRIu64 "; %.0f cycles/s\n",
               o.prog, r->run + 1, o.jitter_seed, r->rtl_cycles, orc.model_cycles,
               orc.check_interp ? "= interpreter" : orc.why_not, r->imem.requests, r->imem.ready_low,
               r->imem.out_of_order, r->imem.responses ? r->imem.min_lat : 0, r->imem.max_lat, cps);
    else if (o.cmp != WF_CMP_LEVEL_FULL)
        printf("PASS %s (run %u, compare level %s): %" PRIu64 " cycles (model: %" PRIu64
               "), %s = model, final state = %s; %.0f cycles/s\n",
               o.prog, r->run + 1, wf_cmp_level_name(o.cmp), r->rtl_cycles, orc.model_cycles,
               o.cmp == WF_CMP_LEVEL_ARCH     ? "per-warp retirements, register writes and branches"
               : o.cmp == WF_CMP_LEVEL_WINDOW ? "per-warp retirements, register writes and branches in a cycle window"
                                              : "events every cycle",
               fin.c_str(), cps);
    else
        printf("PASS %s (run %u): %" PRIu64 " cycles in lockstep = model, final state = %s; %.0f cycles/s\n", o.prog,
               r->run + 1, r->rtl_cycles, fin.c_str(), cps);
    fflush(stdout); // (stdout is fully buffered: wf_ls_stdout_keep)
}

// for a signal (SIGINT, SIGTERM from a regression timeout): close the dump
static Sim *g_sim_for_signal;
static void on_signal(int sig) {
    if (g_sim_for_signal) g_sim_for_signal->close_waves();
    signal(sig, SIG_DFL);
    raise(sig);
}

static std::string repro_line(const wf_host_args &o) {
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
    const std::string env = "WF_DEFINES=" + shq(defs ? defs : "WF_ASSERT");
    std::vector<char> r(8192);
    wf_ls_repro_line(r.data(), r.size(), env.c_str(), runsh && *runsh ? runsh : "verif/cosim/run.sh", o.prog, o.options,
                     o.seed, waves.c_str(), nullptr);
    return r.data();
}

// A failure: the reproduce line into WF_COSIM_REPRO_FILE, for run.sh's re-run with waves.
static void note_failure(const std::string &r) {
    const char *f = getenv("WF_COSIM_REPRO_FILE");
    if (f && *f) {
        FILE *fp = fopen(f, "w");
        if (fp) {
            fprintf(fp, "%s\n", r.c_str());
            fclose(fp);
        }
    }
}

// this harness's option rules (wf_ls_harness.check)
static int check_options(void *, const wf_host_args *a, const wf_config *) {
    if (a->selftest)
        fprintf(stderr, "--selftest-flip is an option of the SystemC harness (verif/sc)\n");
    else if (a->bare && (a->jitter || a->cov))
        fprintf(stderr, "--bare runs no model: it does not combine with --imem-jitter or --cov\n");
    else if (a->cmp != WF_CMP_LEVEL_FULL && (a->bare || a->jitter))
        fprintf(stderr, "--cmp %s: --bare and --imem-jitter run no lockstep compare\n", wf_cmp_level_name(a->cmp));
#if !VM_TRACE
    else if (a->waves)
        fprintf(stderr, "--waves: this build has no --trace-fst (verif/cosim/run.sh builds one)\n");
#endif
    else
        return 0;
    return WF_EXIT_USAGE;
}

// The verdict's record (--result), the host speed (--speed), and the reproduce line for run.sh's re-run with waves.
static int finish(const wf_host_args &o, const wf_ls_result &r, const wf_ls_opts &lo, int status) {
    if (o.result && wf_ls_write_result_file(o.result, "cosim", &r, &lo) && status == WF_EXIT_PASS)
        status = WF_EXIT_USAGE;
    if (o.speed && wf_ls_write_speed_file(o.speed, "cosim", &r, &lo) && status == WF_EXIT_PASS)
        status = WF_EXIT_USAGE;
    return status;
}

// stdout's buffer: what the RTL prints stays readable until Verilator flushes it (on_flush)
static char g_stdout_buf[1 << 20];

// this process's CPU seconds (the batch's per-seed cost split)
static double cpu_now() {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}
// where a run's CPU time went: the model and interpreter alone (the final-state
// oracles), the lockstep loop (RTL, model, compare), set-up and reports the rest
struct RunCost {
    double oracle = 0, lockstep = 0;
};

// One run of the harness (argv as on the command line, --model-waves taken out).
static int run_one(int argc, char **argv, const std::string &model_waves, int mw_at, RunCost *cost = nullptr) {
    wf_config built; // the compiled-in RTL sizes
    wf_host_built_sizes(&built);
    wf_launch_pins pins; // the compiled-in pins (WF_RTL_PARAMS)
    wf_host_built_pins(&pins);
    const wf_ls_harness h = {argv[0], 2, &built, &pins, usage, check_options, nullptr};
    wf_ls_setup su;
    const int rc = wf_ls_setup_args(&h, argc, argv, &su);
    if (rc >= 0) return rc;
    const wf_host_args &o = su.args;
    const wf_config &cfg = su.cfg;
    if (mw_at && (o.bare || o.jitter)) {
        fprintf(stderr, "--model-waves: --bare and --imem-jitter run no model in lockstep\n");
        wf_program_free(&su.prog);
        return WF_EXIT_USAGE;
    }
    const std::string repro = repro_line(o);
    wf_host_oracle oracle;
    memset(&oracle, 0, sizeof oracle);
    wf_ls_opts lo;
    wf_ls_opts_init(&lo, &su, &oracle);
    lo.model = !o.bare && !o.jitter, lo.final_names_run = 1;
    lo.repro = repro.c_str(), lo.report = stdout;
    lo.jitter = o.jitter, lo.jitter_seed = o.jitter_seed;
    wf_ls_result r;
    const double t_oracle = cost ? cpu_now() : 0;
    const int oracle_rc = o.bare ? WF_LS_PASS : wf_ls_oracle(&cfg, &su.prog, o.prog, o.max_cycles, &oracle, &r);
    if (cost) cost->oracle = cpu_now() - t_oracle;
    if (oracle_rc != WF_LS_PASS) {
        // the model's run control (max cycles, §14 watchdog) or the interpreter (no exit)
        wf_ls_print_verdict(stdout, &r, &lo);
        const int status = wf_ls_exit_code(r.status);
        if (status == WF_EXIT_TIMEOUT) note_failure(repro);
        return finish(o, r, lo, status);
    }

    // Verilator: plusargs, then the seed of the random initial values
    Verilated::commandArgs(argc, argv);
    Verilated::randReset(2);
    Verilated::randSeed((int)o.seed);
    Verilated::fatalOnError(false); // an RTL $error/$fatal ends the run here, waves closed
    Verilated::gotFinish(false);    // (a batch's previous seed may have ended on an assertion)
    Verilated::gotError(false);
    Verilated::threadContextp()->errorCount(0);
    Sim sim;
    sim.top = new Vwf_core;
    sim.o = &o, sim.cfg = &cfg, sim.oracle = &oracle, sim.outbuf = g_stdout_buf;
    Verilated::addFlushCb(on_flush, &sim);
    struct FlushCbOff { // (a batch runs its next seed with its own Sim)
        Sim *s;
        ~FlushCbOff() { Verilated::removeFlushCb(on_flush, s); }
    } flush_cb_off{&sim};
    g_sim_for_signal = &sim;
    if (!o.bare && !o.jitter && (mw_at || o.waves)) {
        // --model-waves FILE, else beside --waves FILE.fst as FILE.model.fst (kept on a difference)
        std::string base = mw_at ? model_waves : std::string(o.waves);
        base.resize(base.size() - (base.size() > 4 && !base.compare(base.size() - 4, 4, ".fst") ? 4 : 0));
        sim.mw.path = mw_at ? model_waves : base + ".model.fst";
        sim.mw.gtkw = base + ".gtkw";
        sim.mw.keep = mw_at != 0;
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    wf_cov *cov = nullptr;
    if (o.cov && !(cov = (wf_cov *)malloc(sizeof *cov))) {
        delete sim.top;
        return WF_EXIT_USAGE;
    }
    if (cov) wf_cov_init(cov);
    char err[512];
    if (cov && wf_cov_sample_program(cov, &cfg, &su.prog, nullptr, err, sizeof err)) // the ISA classes
        fprintf(stderr, "--cov: ISA classes not sampled: %s\n", err);
    lo.cov = cov, lo.on_report = on_report, lo.ctx = &sim;
    lo.on_model = on_model, lo.on_diff = on_diff;
    const wf_dut dut = {&sim,    dut_reset,     dut_launch,   dut_drive,    dut_sample, dut_clock,
                        dut_mem_write, dut_mem_read, dut_reg_read, dut_timed, on_run};
    const double t_lockstep = cost ? cpu_now() : 0;
    wf_lockstep_run(&dut, &lo, &r);
    if (cost) cost->lockstep = cpu_now() - t_lockstep;
    wf_ls_print_status(stdout, &r, &lo);
    int status = wf_ls_exit_code(r.status);
    if (r.status == WF_LS_PASS && r.seconds > 0)
        printf("host: %" PRIu64 " cycles in %.3f s, %.0f cycles/s (%s, seed %" PRIu64 ")\n", r.total_cycles,
               r.seconds, r.total_cycles / r.seconds, o.bare ? "bare RTL" : o.jitter ? "RTL, imem jitter" : "lockstep",
               o.seed);
    if (status != WF_EXIT_PASS && r.status != WF_LS_ERROR) note_failure(repro);
    if (cov) {
        FILE *f = fopen(o.cov, "w");
        if (!f || wf_cov_write_json(cov, f) || fclose(f)) {
            fprintf(stderr, "--cov: cannot write %s\n", o.cov);
            if (status == WF_EXIT_PASS) status = WF_EXIT_USAGE;
        }
        free(cov);
    }
#if VM_COVERAGE
    // run.sh WF_LINE_COV=FILE (a --coverage build): this run's line/toggle coverage
    if (const char *lc = getenv("WF_LINE_COV"))
        if (*lc) Verilated::threadContextp()->coveragep()->write(lc);
#endif
    sim.close_waves();
    close_model_waves(sim, status != WF_EXIT_PASS);
    g_sim_for_signal = nullptr;
    sim.top->final();
    delete sim.top;
    status = finish(o, r, lo, status);
    wf_host_oracle_free(&oracle);
    wf_program_free(&su.prog);
    fflush(stdout);
    return status;
}

// ---- --batch: many seeds in one process (scripts/wf/regress/batch.py) ---------------------------
// One spec per line on stdin, tab-separated fields: the seed's directory, its gen.log
// header ("$ wfgen ..."), wfgen's arguments, "--run", then this harness's arguments. For
// each: the program generated in-process (wf_gen_cli: wfgen's bytes), gen.log, the run
// on a freshly constructed model (run_one: +verilator+seed, Verilated's finish and error
// state reset), its output in stdout.txt and stderr.txt and its record (--result); each
// file written as a temporary and renamed. The runner reads one line per seed on the
// original stdout: "done STATUS SECONDS GEN ORACLE LOCKSTEP OTHER" (STATUS the exit
// status the run alone would have, SECONDS its wall time, then CPU seconds: the
// program's generation, the final-state oracles, the lockstep loop, the rest) or
// "gen-error" (the runner runs that seed alone). Exit 0 at the end of input, 2 on a
// malformed line.
static bool write_file(const std::string &path, const std::string &text) {
    const std::string tmp = path + ".tmp";
    FILE *f = fopen(tmp.c_str(), "w");
    bool ok = f && fwrite(text.data(), 1, text.size(), f) == text.size();
    if (f && fclose(f)) ok = false;
    if (ok && rename(tmp.c_str(), path.c_str())) ok = false;
    if (!ok) remove(tmp.c_str());
    return ok;
}
static std::vector<char *> cargs(std::vector<std::string> &v) {
    std::vector<char *> a;
    for (std::string &x : v) a.push_back(&x[0]);
    a.push_back(nullptr);
    return a;
}
// wfgen's arguments in-process; gen.log as the runner writes it for a wfgen process
static int batch_generate(const std::string &dir, const std::string &header, std::vector<std::string> gen) {
    std::string prog;
    for (size_t k = 0; k + 1 < gen.size(); k++)
        if (gen[k] == "-o") prog = gen[k + 1], gen[k + 1] += ".tmp";
    char *outp = nullptr, *errp = nullptr;
    size_t outn = 0, errn = 0;
    FILE *out = open_memstream(&outp, &outn), *err = open_memstream(&errp, &errn);
    if (!out || !err) return -1;
    std::vector<char *> a = cargs(gen);
    const int rc = wf_gen_cli((int)gen.size(), a.data(), out, err);
    fclose(out), fclose(err);
    const std::string log = header + "\n" + std::string(outp, outn) + std::string(errp, errn) + "[exit " +
                            std::to_string(rc) + "]\n";
    free(outp), free(errp);
    bool ok = write_file(dir + "/gen.log", log);
    if (!prog.empty()) {
        if (rc == 0 && rename((prog + ".tmp").c_str(), prog.c_str())) ok = false;
        if (rc != 0) remove((prog + ".tmp").c_str());
    }
    return ok ? rc : -1;
}
static int batch(const char *argv0) {
    FILE *ctl = fdopen(dup(1), "w"); // the runner's channel; fd 1 and 2 go to each seed's logs
    const int out0 = dup(1), err0 = dup(2);
    if (!ctl || out0 < 0 || err0 < 0) return WF_EXIT_USAGE;
    char *line = nullptr;
    size_t cap = 0;
    ssize_t n;
    int rc = 0;
    while ((n = getline(&line, &cap, stdin)) > 0) {
        std::vector<std::string> f;
        std::string cur;
        for (ssize_t k = 0; k < n && line[k] != '\n'; k++)
            if (line[k] == '\t') f.push_back(cur), cur.clear();
            else cur += line[k];
        f.push_back(cur);
        size_t run = 2;
        while (run < f.size() && f[run] != "--run") run++;
        if (f.size() < 4 || run >= f.size() - 1) {
            fprintf(stderr, "--batch: malformed spec line (DIR, HEADER, wfgen args, --run, harness args): %.200s\n",
                    line);
            rc = WF_EXIT_USAGE;
            break;
        }
        const std::string &dir = f[0];
        std::vector<std::string> gen(f.begin() + 2, f.begin() + run);
        gen.insert(gen.begin(), "wfgen");
        const double c0 = cpu_now();
        if (batch_generate(dir, f[1], gen)) {
            fprintf(ctl, "gen-error\n");
            fflush(ctl);
            continue;
        }
        std::vector<std::string> args(f.begin() + run + 1, f.end());
        args.insert(args.begin(), argv0);
        std::vector<char *> a = cargs(args);
        const std::string so = dir + "/stdout.txt", se = dir + "/stderr.txt";
        fflush(stdout), fflush(stderr);
        FILE *fo = fopen((so + ".tmp").c_str(), "w"), *fe = fopen((se + ".tmp").c_str(), "w");
        if (!fo || !fe) {
            fprintf(stderr, "--batch: cannot write the logs in %s\n", dir.c_str());
            rc = WF_EXIT_USAGE;
            break;
        }
        dup2(fileno(fo), 1), dup2(fileno(fe), 2);
        setenv("WF_COSIM_WAVES_DIR", dir.c_str(), 1); // the reproduce line's waves: next to the logs
        const auto t0 = std::chrono::steady_clock::now();
        const double c1 = cpu_now();
        RunCost cost;
        const int status = run_one((int)args.size(), a.data(), std::string(), 0, &cost);
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        fflush(stdout), fflush(stderr);
        dup2(out0, 1), dup2(err0, 2);
        fclose(fo), fclose(fe);
        if (rename((so + ".tmp").c_str(), so.c_str()) || rename((se + ".tmp").c_str(), se.c_str())) {
            fprintf(stderr, "--batch: cannot write the logs in %s\n", dir.c_str());
            rc = WF_EXIT_USAGE;
            break;
        }
        const double c2 = cpu_now();
        fprintf(ctl, "done %d %.6f %.6f %.6f %.6f %.6f\n", status, secs, c1 - c0, cost.oracle, cost.lockstep,
                c2 - c1 - cost.oracle - cost.lockstep);
        fflush(ctl);
    }
    free(line);
    fclose(ctl);
    return rc;
}

int main(int argc, char **argv) {
    wf_ls_stdout_keep(g_stdout_buf, sizeof g_stdout_buf);
    if (argc == 2 && !strcmp(argv[1], "--batch")) return batch(argv[0]);
    // --model-waves FILE.fst: this harness's own option, taken out before the shared parser
    std::string model_waves;
    int mw_at = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--model-waves") || !strncmp(a, "--model-waves=", 14)) {
            const int eq = a[13] == '=';
            if (!eq && i + 1 >= argc) {
                fprintf(stderr, "--model-waves needs a file name (FILE.fst)\n");
                return WF_EXIT_USAGE;
            }
            model_waves = eq ? a + 14 : argv[i + 1];
            mw_at = i;
            for (int j = i + (eq ? 1 : 2); j <= argc; j++) argv[j - (eq ? 1 : 2)] = argv[j];
            argc -= eq ? 1 : 2;
            break;
        }
    }
    if (mw_at && (model_waves.size() < 5 || model_waves.compare(model_waves.size() - 4, 4, ".fst"))) {
        fprintf(stderr, "--model-waves %s: a file name ending in .fst\n", model_waves.c_str());
        return WF_EXIT_USAGE;
    }
#if !VM_TRACE
    if (mw_at) {
        fprintf(stderr, "--model-waves: this build has no --trace-fst (verif/cosim/run.sh builds one)\n");
        return WF_EXIT_USAGE;
    }
#endif
    return run_one(argc, argv, model_waves, mw_at);
}
