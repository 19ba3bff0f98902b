// SystemC lockstep harness: the Verilated wf_core (built with `verilator
// --sc`) on an sc_clock, an adapter of the lockstep core (verif/lockstep.c,
// wf_lockstep.h: the C model in lockstep, the comparator, the reports, the
// final-state and oracle checks, the instruction memory of wf_host.h). C++
// only where SystemC needs it: the Host thread drives the pins behind a
// wf_dut and runs wf_lockstep_run.
//
//   verif/sc/run.sh PROGRAM.s [--wfsim-option value ...] [--seed N] [--bare] [--runs N]
//
// The command line is the C++ harness's (wf_host_parse_args); of its harness
// options --waves, --cov and --imem-jitter are the C++ harness's only,
// --selftest-flip is this harness's (a trace bit inverted before decoding).
//
// Clocking discipline: inputs are driven at the falling edge, the DUT is
// sampled at the rising edge, so a value sampled at the rising edge that ends
// cycle k is the settled value of cycle k. Cycle k: negedge k drive (the
// instruction-memory response), posedge k+1 sample (trace, done, imem
// request), negedge k+1 clock. A host-port access takes one falling edge.
//
// Exit status: the lockstep core's table (wf_ls_exit_code): 0 pass, 1 mismatch
// (trace or final state), 2 usage error, 3 timeout (max cycles) or a watchdog.
// The verdict is printed by the lockstep core (wf_ls_print_verdict) and, with
// --result FILE, written as its JSON record.
// --bare: the RTL alone (no golden model, no comparator; the host still
// drives the instruction memory), printing simulated cycles per second.
#include <cctype>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <systemc.h>

extern "C" {
#include "warpfront.h"
#include "wf_lockstep.h"
}
#include "Vwf_core.h"
#include "verilated.h"

// ---- the DUT's pins as signals (types taken from the Verilated ports) ---------
template <class P> using port_data_t = typename std::remove_reference<P>::type::data_type;
#define WF_PORT_T(p) port_data_t<decltype(std::declval<Vwf_core &>().p)>
// (the launch inputs cfg_NAME_i: WF_LAUNCH_INPUTS, wf_host.h)
#define WF_PINS(X)                                                                              \
    X(rst_ni) X(launch_i)                                                                      \
    X(start_pc_i) X(running_o) X(done_o) X(cycle_o) X(imem_req_valid_o) X(imem_req_ready_i)   \
    X(imem_req_mshr_o) X(imem_req_line_o) X(imem_resp_valid_i) X(imem_resp_ready_o)           \
    X(imem_resp_mshr_i) X(imem_resp_data_i) X(mem_en_i) X(mem_we_i) X(mem_addr_i)             \
    X(mem_wdata_i) X(mem_rdata_o) X(reg_en_i) X(reg_warp_i) X(reg_idx_i) X(reg_rdata_o)       \
    X(obs_o) X(obs_wb_o) X(obs_wb_data_o) X(obs_bank_o) X(obs_warp_o) X(obs_cu_o)          \
    X(obs_version_o)

struct Pins {
#define WF_DECL(p) sc_signal<WF_PORT_T(p)> p{#p};
#define WF_DECL_CFG(name, value) WF_DECL(cfg_##name##_i)
    WF_PINS(WF_DECL)
    WF_LAUNCH_INPUTS(WF_DECL_CFG)
#undef WF_DECL_CFG
#undef WF_DECL
};

// Values as LSB-first 32-bit words, whatever type Verilator chose for a port
// (bool, uint32_t, uint64_t, sc_bv<N>).
static void get_words(const bool &v, uint32_t *w) { w[0] = v; }
static void get_words(const uint32_t &v, uint32_t *w) { w[0] = v; }
static void get_words(const uint64_t &v, uint32_t *w) {
    w[0] = (uint32_t)v;
    w[1] = (uint32_t)(v >> 32);
}
template <int N> static void get_words(const sc_bv<N> &v, uint32_t *w) {
    for (int i = 0; i < (N + 31) / 32; i++) w[i] = (uint32_t)v.get_word(i);
}
static void make_value(bool &v, const uint32_t *w) { v = w[0] & 1; }
static void make_value(uint32_t &v, const uint32_t *w) { v = w[0]; }
static void make_value(uint64_t &v, const uint32_t *w) { v = w[0] | (uint64_t)w[1] << 32; }
template <int N> static void make_value(sc_bv<N> &v, const uint32_t *w) {
    for (int i = 0; i < (N + 31) / 32; i++) {
        uint32_t x = w[i];
        if (i == (N - 1) / 32 && N % 32) x &= (1u << (N % 32)) - 1u;
        v.set_word(i, x);
    }
}
template <class T> static uint64_t rd(const sc_signal<T> &s) { // ports of at most 64 bits
    static_assert(std::is_integral<T>::value, "rd: a narrow port");
    uint32_t w[2] = {0, 0};
    get_words(s.read(), w);
    return w[0] | (uint64_t)w[1] << 32;
}
template <class T> static void wr(sc_signal<T> &s, uint64_t x) {
    uint32_t w[2] = {(uint32_t)x, (uint32_t)(x >> 32)};
    T v{};
    make_value(v, w);
    s.write(v);
}
template <int N> static void wr(sc_signal<sc_bv<N>> &s, uint64_t x) {
    std::vector<uint32_t> w((N + 31) / 32 + 1, 0);
    w[0] = (uint32_t)x, w[1] = (uint32_t)(x >> 32);
    sc_bv<N> v;
    make_value(v, w.data());
    s.write(v);
}
template <class T> static void wr_words(sc_signal<T> &s, const uint32_t *w) {
    T v{};
    make_value(v, w);
    s.write(v);
}
template <class T> static void rd_words(const sc_signal<T> &s, uint32_t *w) { get_words(s.read(), w); }

// stdout's buffer: what the RTL prints stays readable until Verilator flushes it (on_flush)
static char g_stdout_buf[1 << 20];

// ---- the run's settings, and the Host thread: the pins behind a wf_dut -----------------
struct Run {
    wf_ls_setup su; // the configuration, the options, the program
    wf_host_oracle oracle;
    wf_ls_opts lo;
    wf_ls_result res;
    int flip_port = -1; // --selftest-flip: invert one trace bit in one cycle
    unsigned flip_bit = 0;
    uint64_t flip_cycle = 0;
    std::string repro, waves_repro;
    int rc = -1; // exit status once decided
    char finish_text[4096] = ""; // what the RTL printed before it finished the simulation
};

SC_MODULE(Host) {
    sc_in<bool> clk;
    Pins &p;
    Run &run;
    std::vector<uint32_t> words[WF_RTL_PORTS];

    SC_HAS_PROCESS(Host);
    Host(sc_module_name n, Pins &pins, Run &r) : sc_module(n), p(pins), run(r) {
        for (int k = 0; k < WF_RTL_PORTS; k++) words[k].assign((wf_rtl_trace_bits(&run.su.cfg, k) + 31) / 32 + 2, 0);
        SC_THREAD(main);
    }
    void negedge() { wait(clk.negedge_event()); }
    void posedge() { wait(clk.posedge_event()); }
    static Host &H(void *c) { return *(Host *)c; }
    static int reset(void *c) { // asynchronous: a real falling edge, held over two rising edges
        Host &h = H(c);
        wr(h.p.rst_ni, 1);
        h.wait(1, SC_NS);
        wr(h.p.rst_ni, 0);
        h.posedge();
        h.posedge();
        h.negedge();
        wr(h.p.rst_ni, 1);
        return 0;
    }
    static int launch(void *c, const wf_launch_inputs *li, const uint32_t *pcs) {
        Host &h = H(c);
        Pins &p = h.p;
#define WF_DRIVE(name, value) wr(p.cfg_##name##_i, li->name);
        WF_LAUNCH_INPUTS(WF_DRIVE)
#undef WF_DRIVE
        wr_words(p.start_pc_i, pcs);
        wr(p.imem_req_ready_i, 1);
        wr(p.launch_i, 1);
        h.negedge();
        wr(p.launch_i, 0);
        for (unsigned clear = 0; !p.running_o.read(); clear++) {
            if (clear > 1000000) {
                fprintf(stderr, "FAIL: running_o never rose after launch\n");
                return 1;
            }
            h.negedge();
        }
        return 0;
    }
    static void drive(void *c, const wf_dut_in *in) {
        Pins &p = H(c).p;
        wr(p.imem_resp_valid_i, in->resp_valid);
        if (in->resp_valid) {
            wr(p.imem_resp_mshr_i, in->resp_mshr);
            wr_words(p.imem_resp_data_i, in->resp_data);
        }
        wr(p.imem_req_ready_i, in->req_ready);
    }
    static void sample(void *c, uint64_t k, wf_dut_out *out) {
        Host &h = H(c);
        Pins &p = h.p;
        h.posedge();
        out->finished = Verilated::gotFinish();
        if (out->finished && !h.run.finish_text[0]) // printed after Verilator's flush (its message queue)
            wf_ls_stdout_pending(g_stdout_buf, h.run.finish_text, sizeof h.run.finish_text);
        out->finish_text = h.run.finish_text;
        out->done = p.done_o.read(), out->cycle = rd(p.cycle_o);
        out->req_valid = p.imem_req_valid_o.read(), out->req_mshr = (unsigned)rd(p.imem_req_mshr_o);
        out->req_line = (unsigned)rd(p.imem_req_line_o), out->resp_ready = p.imem_resp_ready_o.read();
        auto *w = h.words;
        rd_words(p.obs_o, w[WF_RTL_OBS].data());
        rd_words(p.obs_wb_o, w[WF_RTL_WB].data());
        rd_words(p.obs_wb_data_o, w[WF_RTL_WB_DATA].data());
        rd_words(p.obs_bank_o, w[WF_RTL_BANK].data());
        rd_words(p.obs_warp_o, w[WF_RTL_WARP].data());
        rd_words(p.obs_cu_o, w[WF_RTL_CU].data());
        const Run &r = h.run;
        if (r.flip_port >= 0 && k == r.flip_cycle) w[r.flip_port][r.flip_bit / 32] ^= 1u << (r.flip_bit % 32);
        out->trace = {w[WF_RTL_OBS].data(),  w[WF_RTL_WB].data(),   w[WF_RTL_WB_DATA].data(),
                      w[WF_RTL_BANK].data(), w[WF_RTL_WARP].data(), w[WF_RTL_CU].data(),
                      (unsigned)p.obs_version_o.read()};
    }
    static void clock(void *c) { H(c).negedge(); }
    static void mem_write(void *c, unsigned a, uint32_t v) {
        Host &h = H(c);
        wr(h.p.mem_en_i, 1), wr(h.p.mem_we_i, 1), wr(h.p.mem_addr_i, a), wr(h.p.mem_wdata_i, v);
        h.negedge();
        wr(h.p.mem_en_i, 0), wr(h.p.mem_we_i, 0);
    }
    static uint32_t mem_read(void *c, unsigned a) { // the data one falling edge after the request
        Host &h = H(c);
        wr(h.p.mem_en_i, 1), wr(h.p.mem_we_i, 0), wr(h.p.mem_addr_i, a);
        h.negedge();
        wr(h.p.mem_en_i, 0);
        return (uint32_t)rd(h.p.mem_rdata_o);
    }
    static void reg_read(void *c, unsigned w, unsigned r, uint32_t *lanes) {
        Host &h = H(c);
        std::vector<uint32_t> v(h.run.su.cfg.lanes + 2, 0);
        wr(h.p.reg_en_i, 1), wr(h.p.reg_warp_i, w), wr(h.p.reg_idx_i, r);
        h.negedge();
        wr(h.p.reg_en_i, 0);
        rd_words(h.p.reg_rdata_o, v.data());
        memcpy(lanes, v.data(), h.run.su.cfg.lanes * sizeof *lanes);
    }
    void main() {
        const wf_dut dut = {this,      reset,    launch,   drive,   sample, clock,
                            mem_write, mem_read, reg_read, nullptr, nullptr};
        wf_ls_result &r = run.res;
        wf_lockstep_run(&dut, &run.lo, &r);
        wf_ls_print_status(stderr, &r, &run.lo);
        run.rc = wf_ls_exit_code(r.status);
        sc_stop();
    }
};
// Verilator's flush callback, before it flushes stdout: an assertion's output
static void on_flush(void *c) {
    if (Verilated::gotFinish() && !((Run *)c)->finish_text[0]) // the first: the assertion that stopped it
        wf_ls_stdout_pending(g_stdout_buf, ((Run *)c)->finish_text, sizeof((Run *)c)->finish_text);
}
static void waves_line(void *c, int, uint64_t) { fprintf(stderr, "  waves:    %s\n", ((Run *)c)->waves_repro.c_str()); }

static std::string quote(const char *s) {
    std::vector<char> q(4 * strlen(s) + 3);
    wf_host_shell_quote(s, q.data(), q.size());
    return q.data();
}

#define WF_STR_(x) #x
#define WF_STR(x) WF_STR_(x)
static void usage(FILE *f, const char *argv0) {
    fprintf(f,
            "usage: %s PROGRAM.s [--PARAM value ...] [harness options] [+verilator+... plusargs]\n"
            "  (through verif/sc/run.sh, which builds the RTL for the size parameters)\n"
            "  SystemC lockstep co-simulation of the Verilated wf_core against the C model\n"
            "  every cycle (verif/compare.c), then the final state against the functional\n"
            "  interpreter and the cycle model. The command line is the C++ harness's\n"
            "  (verif/cosim/run.sh --help; parsed by wf_host_parse_args):\n",
            argv0);
    wf_ls_usage_options(f);
    fputs("  --seed N          1..2147483647 (default 1): +verilator+seed+N (random initial\n"
          "                    flop values, +verilator+rand+reset+2), printed in reports\n"
          "  --bare            the RTL alone: no C model, no compare; simulated cycles/s\n"
          "  --max-cycles N    give up after N cycles (exit 3), default " WF_STR(WF_HOST_MAX_CYCLES) "\n"
          "  --runs N          launches on one RTL instance, 1..8 (default 1 here, 2 in the\n"
          "                    C++ harness): each must clear what the one before left\n"
          "  --selftest-flip PORT:BIT:CYCLE  invert bit BIT of trace port PORT (obs_o,\n"
          "                    obs_wb_o, obs_wb_data_o, obs_bank_o, obs_warp_o, obs_cu_o) in\n"
          "                    cycle CYCLE before decoding it: a trace difference must be\n"
          "                    reported (exit 1)\n"
          "  --cmp LEVEL       compare level full (default), events, window or arch (C++\n"
          "                    harness's --help; env WF_CMP)\n"
          "  --result FILE     the verdict as a JSON record (docs/verification.md \"Result\n"
          "                    records\"), written on every exit after the setup\n"
          "  --speed FILE      the cycle loops' host speed as a JSON record (cycles, seconds)\n"
          "  (--waves, --cov, --imem-jitter: the C++ harness only)\n"
          "exit status: 0 pass, 1 mismatch (trace or final state), 2 usage error,\n"
          "  3 timeout (max cycles) or the C model's watchdog\n",
          f);
}

// this harness's option rules (wf_ls_harness.check), --selftest-flip into *Run
static int check_options(void *ctx, const wf_host_args *a, const wf_config *cfg) {
    Run &run = *(Run *)ctx;
    const char *unsupported = a->waves ? "--waves" : a->cov ? "--cov" : a->jitter ? "--imem-jitter" : nullptr;
    if (unsupported) {
        fprintf(stderr, "%s: not an option of the SystemC harness (verif/cosim/run.sh has it)\n", unsupported);
        return WF_EXIT_USAGE;
    }
    if (a->bare && a->cmp != WF_CMP_LEVEL_FULL) {
        fprintf(stderr, "--cmp %s: --bare runs no compare\n", wf_cmp_level_name(a->cmp));
        return WF_EXIT_USAGE;
    }
    if (!a->selftest) return 0;
    char name[32];
    unsigned bit;
    unsigned long long cyc;
    int n = 0;
    if (sscanf(a->selftest, "%31[a-z_]:%u:%llu%n", name, &bit, &cyc, &n) != 3 || a->selftest[n]) {
        fprintf(stderr, "--selftest-flip %s: expected PORT:BIT:CYCLE\n", a->selftest);
        return WF_EXIT_USAGE;
    }
    for (int k = 0; k < WF_RTL_PORTS; k++)
        if (!strcmp(name, wf_rtl_trace_port_name(k))) run.flip_port = k;
    if (run.flip_port < 0) {
        fprintf(stderr, "--selftest-flip %s: unknown port '%s' (obs_o, obs_wb_o, obs_wb_data_o, "
                "obs_bank_o, obs_warp_o, obs_cu_o)\n", a->selftest, name);
        return WF_EXIT_USAGE;
    }
    run.flip_bit = bit, run.flip_cycle = cyc;
    if (bit >= wf_rtl_trace_bits(cfg, run.flip_port)) {
        fprintf(stderr, "--selftest-flip: bit %u: allowed 0..%u for %s\n", bit,
                wf_rtl_trace_bits(cfg, run.flip_port) - 1, wf_rtl_trace_port_name(run.flip_port));
        return WF_EXIT_USAGE;
    }
    return 0;
}

int sc_main(int argc, char **argv) {
    wf_ls_stdout_keep(g_stdout_buf, sizeof g_stdout_buf);
    char err[1024];
    Run run; // outlives the modules (the block below)
    wf_config built; // the compiled-in RTL sizes
    wf_host_built_sizes(&built);
    wf_launch_pins pins; // the compiled-in pins (WF_RTL_PARAMS)
    wf_host_built_pins(&pins);
    const wf_ls_harness h = {"wf_sc", 1, &built, &pins, usage, check_options, &run};
    const int rc = wf_ls_setup_args(&h, argc, argv, &run.su);
    if (rc >= 0) return rc;
    const wf_host_args &args = run.su.args;
    const bool bare = args.bare;
    const char *prog = args.prog;
    const char *defs = getenv("WF_DEFINES");
    std::string env = defs ? "WF_DEFINES=" + quote(defs) : "";
    for (const char *v : {"WF_RTL_FILES", "WF_TOP"}) // the design under test (verif/sc/run.sh)
        if (const char *x = getenv(v)) env += std::string(env.empty() ? "" : " ") + v + "=" + quote(x);
    std::vector<char> line(8192);
    wf_ls_repro_line(line.data(), line.size(), env.c_str(), "verif/sc/run.sh", prog, args.options, args.seed, nullptr,
                     nullptr);
    run.repro = line.data();
    {   // the C++ harness takes the same options except the self-test
        std::string o = std::string(" ") + args.options;
        size_t at = o.find(" --selftest-flip ");
        if (at != std::string::npos) {
            size_t next = o.find(" --", at + 17);
            o.erase(at, next == std::string::npos ? std::string::npos : next - at);
        }
        wf_ls_repro_line(line.data(), line.size(), env.c_str(), "verif/cosim/run.sh", prog, o.c_str() + 1, args.seed,
                         "out/sc-repro.fst", "the C++ harness, with waves");
        run.waves_repro = line.data();
    }
    if (bare) { // no oracle: still the loader's checks of the program against the configuration
        wf_model *m = wf_model_create(&run.su.cfg, err, sizeof err);
        const int bad = !m || wf_model_load(m, &run.su.prog, NULL, err, sizeof err);
        wf_model_destroy(m);
        if (bad) {
            fprintf(stderr, "%s: %s\n", prog, err);
            return WF_EXIT_USAGE;
        }
    }
    wf_ls_opts &lo = run.lo;
    wf_ls_opts_init(&lo, &run.su, &run.oracle);
    lo.repro = run.repro.c_str(), lo.report = stderr, lo.on_report = waves_line, lo.ctx = &run;
    if (!bare && wf_ls_oracle(&run.su.cfg, &run.su.prog, prog, args.max_cycles, &run.oracle, &run.res) != WF_LS_PASS) {
        wf_ls_print_verdict(stderr, &run.res, &lo);
        if (args.result) wf_ls_write_result_file(args.result, "sc", &run.res, &lo);
        wf_program_free(&run.su.prog);
        return wf_ls_exit_code(run.res.status);
    }
    std::vector<std::string> vargs = {argv[0], "+verilator+rand+reset+2"};
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '+') vargs.push_back(argv[i]);
    vargs.push_back("+verilator+seed+" + std::to_string(args.seed));
    std::vector<const char *> vargv;
    for (auto &s : vargs) vargv.push_back(s.c_str());
    Verilated::commandArgs((int)vargv.size(), vargv.data());

    sc_report_handler::set_actions(SC_INFO, SC_DO_NOTHING); // "Simulation stopped by user"
    {
        // starts low (a model that starts with the clock high could take time 0 for a
        // rising edge), rising edges at 10, 20, ... ns, falling edges at 15, 25, ...
        sc_clock clk("clk", 10, SC_NS, 0.5, 10, SC_NS, true);
        Pins pins;
        Vwf_core dut("dut");
        dut.clk_i(clk);
#define WF_BIND(p) dut.p(pins.p);
#define WF_BIND_CFG(name, value) WF_BIND(cfg_##name##_i)
        WF_PINS(WF_BIND)
        WF_LAUNCH_INPUTS(WF_BIND_CFG)
#undef WF_BIND_CFG
#undef WF_BIND
        Host host("host", pins, run);
        host.clk(clk);
        Verilated::addFlushCb(on_flush, &run);
        sc_start();
        if (run.rc < 0) { // the simulation ran out of events
            run.res.status = WF_LS_ERROR;
            snprintf(run.res.v.message, sizeof run.res.v.message, "ERROR: the SystemC simulation ran out of events");
            run.rc = wf_ls_exit_code(run.res.status);
        }
        dut.final();
        const wf_ls_result &r = run.res;
        const double cps = r.seconds > 0 ? (double)r.total_cycles / r.seconds : 0;
        if (bare)
            printf("%s %s: bare RTL (SystemC), %" PRIu64 " cycles in %.3f s, %.0f cycles/s\n",
                   run.rc == 0 ? "DONE" : "FAIL", prog, r.total_cycles, r.seconds, cps);
        else if (run.rc != 0)
            printf("FAIL %s: SystemC lockstep, exit %d after %" PRIu64 " cycles compared\n", prog,
                   run.rc, r.compared);
        else
            printf("%s %s: SystemC lockstep, rtl cycles %" PRIu64 ", model cycles %" PRIu64
                   ", %" PRIu64 " cycles compared in %u run%s, final state %s, %.0f cycles/s\n",
                   "PASS", prog, r.rtl_cycles, run.oracle.model_cycles, r.compared, args.runs,
                   args.runs > 1 ? "s" : "",
                   run.oracle.check_interp ? "vs interpreter and cycle model"
                                           : (std::string("vs cycle model (interpreter skipped: ") +
                                              run.oracle.why_not + ")").c_str(),
                   cps);
    }
    if (args.result && wf_ls_write_result_file(args.result, "sc", &run.res, &run.lo) && run.rc == WF_EXIT_PASS)
        run.rc = WF_EXIT_USAGE;
    if (args.speed && wf_ls_write_speed_file(args.speed, "sc", &run.res, &run.lo) && run.rc == WF_EXIT_PASS)
        run.rc = WF_EXIT_USAGE;
    if (!bare) wf_host_oracle_free(&run.oracle);
    wf_program_free(&run.su.prog);
    fflush(stdout);
    return run.rc;
}
