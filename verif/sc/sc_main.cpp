// SystemC lockstep harness (issue 5 item 2): the Verilated wf_core (built
// with `verilator --sc`), the golden C model and the comparator as SystemC
// modules on one sc_clock. C++ only where SystemC needs it: the C model is
// used through its C headers (build/libwarpfront.a), the comparison through
// verif/compare.c, the trace-bus decoding through verif/rtlobs.c and the
// host side (instruction memory, launch inputs, final-state oracles) through
// verif/cosim/host.c (build/libwfverif.a) -- the same code as the C++ harness.
//
//   verif/sc/run.sh PROGRAM.s [--wfsim-option value ...] [--seed N] [--bare] [--runs N]
//
// The command line is the C++ harness's (wf_host_parse_args in host.c); of its
// harness options --waves, --cov and --imem-jitter are the C++ harness's only,
// --selftest-flip is this harness's (a trace bit inverted before decoding).
//
// Clocking discipline: every module drives its inputs at the falling edge and
// samples the DUT at the rising edge, so a value sampled at the rising edge
// that ends cycle k is the settled value of cycle k. Per cycle k:
//   negedge k   Host drives the instruction-memory response of cycle k
//               (wf_imem_response); Golden steps the C model (cycle k's
//               record), or notes that the model is done;
//   posedge k+1 Host takes the imem request of cycle k (wf_imem_request),
//               Checker decodes the trace bus (wf_rtl_trace_decode) and
//               compares it with Golden's record (wf_cmp_step), and done_o
//               with the model's done.
// Golden implements wf_golden_if; Checker reaches it through an sc_port.
// After done the Host reads back every register and the scratchpad through
// the host ports and checks them with wf_host_final_check (wf_cmp_arch
// against the functional interpreter and the cycle model; cycle count).
//
// Exit status: 0 pass, 1 mismatch (trace or final state), 2 usage error,
// 3 timeout (max cycles) or the C model's watchdog. On a mismatch the first-divergence report of
// wf_cmp_report with a one-line reproduce command.
// --bare: the RTL alone (no golden model, no comparator; the host still
// drives the instruction memory), printing simulated cycles per second.
#include <cctype>
#include <cerrno>
#include <chrono>
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
#include "wf_compare.h"
#include "wf_host.h"
#include "wf_rtlobs.h"
}
#include "Vwf_core.h"
#include "verilated.h"

// ---- the DUT's pins as signals (types taken from the Verilated ports) ---------
template <class P> using port_data_t = typename std::remove_reference<P>::type::data_type;
#define WF_PORT_T(p) port_data_t<decltype(std::declval<Vwf_core &>().p)>
#define WF_PINS(X)                                                                              \
    X(rst_ni) X(launch_i) X(cfg_swizzle_i) X(cfg_war_i) X(cfg_gto_i) X(cfg_loops_i)            \
    X(cfg_stall_i) X(cfg_alu_lat_i) X(cfg_mul_lat_i) X(cfg_lsu_lat_i) X(cfg_active_warps_i) X(cfg_decode_stage_i)   \
    X(start_pc_i) X(running_o) X(done_o) X(cycle_o) X(imem_req_valid_o) X(imem_req_ready_i)   \
    X(imem_req_mshr_o) X(imem_req_line_o) X(imem_resp_valid_i) X(imem_resp_ready_o)           \
    X(imem_resp_mshr_i) X(imem_resp_data_i) X(mem_en_i) X(mem_we_i) X(mem_addr_i)             \
    X(mem_wdata_i) X(mem_rdata_o) X(reg_en_i) X(reg_warp_i) X(reg_idx_i) X(reg_rdata_o)       \
    X(obs_o) X(obs_wb_o) X(obs_wb_data_o) X(obs_bank_o) X(obs_warp_o) X(obs_cu_o)          \
    X(obs_version_o)

struct Pins {
#define WF_DECL(p) sc_signal<WF_PORT_T(p)> p{#p};
    WF_PINS(WF_DECL)
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

// ---- what the modules share ------------------------------------------------------
struct Run {
    wf_config cfg;
    wf_program prog;
    wf_host_oracle oracle;
    uint64_t seed = 1, max_cycles = 2000000;
    bool bare = false;
    int cmp = WF_CMP_LEVEL_FULL; // --cmp / WF_CMP (docs/verification.md "Compare levels")
    int flip_port = -1; // --selftest-flip: invert one trace bit in one cycle
    unsigned flip_bit = 0;
    uint64_t flip_cycle = 0;
    std::string repro, waves_repro;
    int rc = -1; // exit status once decided
    unsigned runs = 1;      // --runs: launches on one instance
    unsigned launch_no = 0; // the Host's current launch (1, 2, ...): Golden and Checker restart on a change
    uint64_t rtl_cycles = 0, total_cycles = 0, total_compared = 0;
    double run_seconds = 0;
};

static void finish(Run &r, int rc) {
    if (r.rc < 0) r.rc = rc;
    sc_stop();
}

// ---- Golden: the C model, stepped on the falling edge ------------------------------
struct wf_golden_if : virtual sc_interface {
    // Cycle k's state as of the rising edge that ends it: run = cycle k is a
    // run cycle; done = the model is done at its start (no record); else
    // obs() is cycle k's record.
    virtual bool run_cycle() const = 0;
    virtual bool model_done() const = 0;
    virtual const wf_obs *obs() const = 0;
    // the compare level arch (each side to its own done): the model has run to
    // done in this launch; drain() steps it once more and returns the record,
    // or nullptr once it is done
    virtual bool model_ended() const = 0;
    virtual const wf_obs *drain() = 0;
};

SC_MODULE(Golden), wf_golden_if {
    sc_in<bool> clk;
    sc_in<WF_PORT_T(running_o)> running;
    Run &run;
    wf_model *m = nullptr;
    bool started = false, ended = false, cur_run = false, cur_done = false;

    unsigned launch_seen = 0;

    SC_HAS_PROCESS(Golden);
    Golden(sc_module_name n, Run &r) : sc_module(n), run(r) {
        SC_METHOD(on_negedge);
        sensitive << clk.neg();
        dont_initialize();
    }
    ~Golden() { wf_model_destroy(m); }
    void on_negedge() {
        cur_run = false;
        if (launch_seen != run.launch_no) { // a new launch: a fresh model (launched, §14)
            char err[512];
            launch_seen = run.launch_no;
            wf_model_destroy(m);
            m = wf_model_create(&run.cfg, err, sizeof err);
            if (!m || wf_model_load(m, &run.prog, NULL, err, sizeof err)) {
                fprintf(stderr, "model: %s\n", err);
                return finish(run, 2);
            }
            started = ended = false;
        }
        if (!m || ended) return;
        if (!started && !running.read()) return;
        started = true;
        cur_run = true;
        cur_done = wf_model_done(m) != 0;
        if (cur_done) ended = true;
        else wf_model_step(m);
    }
    bool run_cycle() const override { return cur_run; }
    bool model_done() const override { return cur_done; }
    const wf_obs *obs() const override { return wf_model_obs(m); }
    // (of the Host's current launch: the Checker may see a new launch_no before
    // this module's falling edge has replaced the model)
    bool model_ended() const override { return started && ended && launch_seen == run.launch_no; }
    const wf_obs *drain() override {
        if (!m || !started || wf_model_done(m)) return nullptr;
        wf_model_step(m);
        return wf_model_obs(m);
    }
};

// ---- Checker: decode the trace bus, compare, on the rising edge ---------------------
SC_MODULE(Checker) {
    sc_in<bool> clk;
    sc_port<wf_golden_if> golden;
    Pins &pins;
    Run &run;
    wf_cmp_history hist;
    std::vector<uint32_t> words[WF_RTL_PORTS];
    wf_obs *rtl_obs;
    uint64_t compared = 0; // cycles compared in this launch
    unsigned launch_seen = 0;
    bool arch_finished = false; // arch level: this launch's queues checked at the RTL's done

    SC_HAS_PROCESS(Checker);
    Checker(sc_module_name n, Pins &p, Run &r) : sc_module(n), pins(p), run(r) {
        wf_cmp_history_init(&hist);
        for (int k = 0; k < WF_RTL_PORTS; k++)
            words[k].assign((wf_rtl_trace_bits(&run.cfg, k) + 31) / 32 + 2, 0);
        rtl_obs = (wf_obs *)calloc(1, sizeof *rtl_obs);
        SC_METHOD(on_posedge);
        sensitive << clk.pos();
        dont_initialize();
    }
    ~Checker() {
        wf_cmp_history_release(&hist);
        free(rtl_obs);
    }
    void mismatch(const wf_cmp_diff &d) {
        wf_cmp_report(stderr, &run.cfg, &d, &hist, run.seed, run.repro.c_str());
        fprintf(stderr, "  waves:    %s\n", run.waves_repro.c_str());
        finish(run, 1);
    }
    void on_posedge() {
        const bool arch = run.cmp == WF_CMP_LEVEL_ARCH;
        if (run.rc >= 0 || !(golden->run_cycle() || (arch && golden->model_ended()))) return;
        if (launch_seen != run.launch_no) {
            launch_seen = run.launch_no;
            wf_cmp_history_release(&hist);
            wf_cmp_history_init(&hist);
            compared = 0;
            arch_finished = false;
        }
        const bool rtl_done = pins.done_o.read();
        const unsigned flags = WF_CMP_FLAGS_LEVEL(run.cmp);
        if (arch) { // cycle-independent: each side to its own done
            if (arch_finished) return;
            wf_cmp_diff d;
            if (rtl_done) { // the model's rest without a DUT record, then nothing left unmatched
                arch_finished = true;
                int bad = 0;
                if (golden->run_cycle() && !golden->model_done())
                    bad = wf_cmp_step(&run.cfg, &hist, golden->obs(), nullptr, flags, &d);
                for (const wf_obs *o; !bad && (o = golden->drain());)
                    bad = wf_cmp_step(&run.cfg, &hist, o, nullptr, flags, &d);
                if (bad || wf_cmp_finish(&run.cfg, &hist, &d)) mismatch(d);
                return;
            }
            if (!decode()) return;
            const wf_obs *mo = golden->run_cycle() && !golden->model_done() ? golden->obs() : nullptr;
            if (wf_cmp_step(&run.cfg, &hist, mo, rtl_obs, flags, &d)) mismatch(d);
            compared++;
            run.total_compared++;
            return;
        }
        if (golden->model_done() || rtl_done) {
            if (golden->model_done() != rtl_done) {
                wf_cmp_diff d{};
                d.differs = 1;
                d.cycle = compared;
                snprintf(d.path, sizeof d.path, "done_o");
                d.expected = golden->model_done();
                d.actual = rtl_done;
                mismatch(d);
            }
            return; // both done: the Host reads back the final state
        }
        if (!decode()) return;
        wf_cmp_diff d;
        if (wf_cmp_step(&run.cfg, &hist, golden->obs(), rtl_obs, flags, &d)) mismatch(d);
        compared++;
        run.total_compared++;
    }
    // the trace bus into rtl_obs (with --selftest-flip's inverted bit); false after a version error
    bool decode() {
        rd_words(pins.obs_o, words[WF_RTL_OBS].data());
        rd_words(pins.obs_wb_o, words[WF_RTL_WB].data());
        rd_words(pins.obs_wb_data_o, words[WF_RTL_WB_DATA].data());
        rd_words(pins.obs_bank_o, words[WF_RTL_BANK].data());
        rd_words(pins.obs_warp_o, words[WF_RTL_WARP].data());
        rd_words(pins.obs_cu_o, words[WF_RTL_CU].data());
        if (run.flip_port >= 0 && compared == run.flip_cycle)
            words[run.flip_port][run.flip_bit / 32] ^= 1u << (run.flip_bit % 32);
        const wf_rtl_trace t = {words[WF_RTL_OBS].data(), words[WF_RTL_WB].data(),
                                words[WF_RTL_WB_DATA].data(), words[WF_RTL_BANK].data(),
                                words[WF_RTL_WARP].data(), words[WF_RTL_CU].data(),
                                (unsigned)pins.obs_version_o.read()};
        if (wf_rtl_trace_decode(&run.cfg, &t, rtl_obs)) {
            char msg[512];
            wf_rtl_trace_check_version(t.version, msg, sizeof msg);
            fprintf(stderr, "sc: %s\n", msg);
            finish(run, 2);
            return false;
        }
        return true;
    }
};

// ---- Host: reset, scratchpad image, launch, instruction memory, read-back ----------
SC_MODULE(Host) {
    sc_in<bool> clk;
    Pins &p;
    Run &run;
    wf_imem imem;

    SC_HAS_PROCESS(Host);
    Host(sc_module_name n, Pins &pins, Run &r) : sc_module(n), p(pins), run(r) {
        wf_imem_init(&imem, &run.cfg, &run.prog);
        SC_THREAD(main);
    }
    void negedge() { wait(clk.negedge_event()); }
    void posedge() { wait(clk.posedge_event()); }
    void main() {
        // asynchronous reset: a real falling edge, held over two rising edges
        wr(p.rst_ni, 1);
        wait(1, SC_NS);
        wr(p.rst_ni, 0);
        posedge();
        posedge();
        negedge();
        wr(p.rst_ni, 1);
        // Several launches on one instance (--runs): each must clear what the one
        // before left behind (registers, I-cache, ...; §14) and give the same result.
        for (unsigned r = 0; r < run.runs; r++)
            if (!one_run()) return;
        finish(run, 0);
    }
    bool fail(int rc) {
        finish(run, rc);
        return false;
    }
    // one launch: false once the run has failed (finish called)
    bool one_run() {
        const wf_config &cfg = run.cfg;
        wf_imem_init(&imem, &run.cfg, &run.prog);
        // the scratchpad image (all 0) through the host port (registers: launch clears them, §14)
        wr(p.mem_en_i, 1);
        wr(p.mem_we_i, 1);
        for (unsigned a = 0; a < cfg.mem_words; a++) {
            wr(p.mem_addr_i, a);
            wr(p.mem_wdata_i, 0);
            negedge();
        }
        wr(p.mem_en_i, 0);
        wr(p.mem_we_i, 0);
        // launch
        wf_launch_inputs li;
        wf_host_launch_inputs(&cfg, &li);
        wr(p.cfg_swizzle_i, li.swizzle);
        wr(p.cfg_war_i, li.war);
        wr(p.cfg_gto_i, li.gto);
        wr(p.cfg_loops_i, li.loops);
        wr(p.cfg_stall_i, li.stall);
        wr(p.cfg_alu_lat_i, li.alu_lat);
        wr(p.cfg_mul_lat_i, li.mul_lat);
        wr(p.cfg_lsu_lat_i, li.lsu_lat);
        wr(p.cfg_active_warps_i, li.active_warps);
        wr(p.cfg_decode_stage_i, li.decode_stage);
        std::vector<uint32_t> pcs((cfg.warps * 16 + 31) / 32 + 2, 0);
        wf_host_start_pcs(&cfg, &run.prog, pcs.data());
        wr_words(p.start_pc_i, pcs.data());
        wr(p.imem_req_ready_i, 1);
        wr(p.launch_i, 1);
        run.launch_no++;
        negedge();
        wr(p.launch_i, 0);
        for (unsigned clear = 0; !p.running_o.read(); clear++) {
            if (clear > 1000000) {
                fprintf(stderr, "FAIL: running_o never rose after launch\n");
                return fail(3);
            }
            negedge();
        }
        // the run: cycle k from negedge k to negedge k+1
        std::vector<uint32_t> line(2 * cfg.icache_line + 2, 0);
        const auto t0 = std::chrono::steady_clock::now();
        for (uint64_t k = 0;; k++) {
            unsigned mshr;
            if (wf_imem_response(&imem, k, &mshr, line.data())) {
                wr(p.imem_resp_valid_i, 1);
                wr(p.imem_resp_mshr_i, mshr);
                wr_words(p.imem_resp_data_i, line.data());
            } else {
                wr(p.imem_resp_valid_i, 0);
            }
            posedge(); // samples of cycle k
            if (p.imem_req_valid_o.read() &&
                wf_imem_request(&imem, k, (unsigned)rd(p.imem_req_mshr_o), (unsigned)rd(p.imem_req_line_o))) {
                fprintf(stderr, "FAIL: more than %d instruction-memory requests pending at cycle %" PRIu64 "\n",
                        WF_HOST_IMEM_QUEUE, k);
                return fail(1);
            }
            if (p.done_o.read()) break;
            if (k >= run.max_cycles) {
                fprintf(stderr, "FAIL: not done after %" PRIu64 " cycles (timeout)\n", run.max_cycles);
                return fail(3);
            }
            negedge();
        }
        run.run_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        run.rtl_cycles = rd(p.cycle_o);
        run.total_cycles += run.rtl_cycles;
        negedge(); // leave the done cycle: running_o drops, the host ports open
        wr(p.imem_resp_valid_i, 0);
        if (run.bare) return true;

        // read back every register (host register port) and the scratchpad; one
        // request per falling edge, its data on the next falling edge
        wf_arch_state rtl;
        if (wf_arch_alloc(&rtl, cfg.warps, cfg.lanes, cfg.regs, cfg.mem_words)) {
            fprintf(stderr, "out of memory\n");
            return fail(2);
        }
        std::vector<uint32_t> lanes(cfg.lanes + 2, 0);
        for (unsigned w = 0; w < cfg.warps; w++)
            for (unsigned r = 0; r < cfg.regs; r++) {
                wr(p.reg_en_i, 1);
                wr(p.reg_warp_i, w);
                wr(p.reg_idx_i, r);
                negedge();
                wr(p.reg_en_i, 0);
                rd_words(p.reg_rdata_o, lanes.data());
                for (unsigned l = 0; l < cfg.lanes; l++) *wf_arch_reg(&rtl, w, r, l) = lanes[l];
            }
        for (unsigned a = 0; a < cfg.mem_words; a++) {
            wr(p.mem_en_i, 1);
            wr(p.mem_we_i, 0);
            wr(p.mem_addr_i, a);
            negedge();
            wr(p.mem_en_i, 0);
            rtl.mem[a] = (uint32_t)rd(p.mem_rdata_o);
        }
        char why[512];
        const int bad = wf_host_final_check(&run.oracle, &rtl, run.rtl_cycles, run.cmp, why, sizeof why);
        wf_arch_free(&rtl);
        if (bad) {
            fprintf(stderr, "FINAL STATE MISMATCH: %s\n  seed:     %" PRIu64 "\n  reproduce: %s\n  waves:    %s\n",
                    why, run.seed, run.repro.c_str(), run.waves_repro.c_str());
            return fail(1);
        }
        return true;
    }
};

static std::string quote(const char *s) {
    std::string r;
    bool plain = *s != 0;
    for (const char *c = s; *c; c++)
        if (!(isalnum((unsigned char)*c) || strchr("+-_./=:,@%", *c))) plain = false;
    if (plain) return s;
    r = "'";
    for (const char *c = s; *c; c++) r += *c == '\'' ? std::string("'\\''") : std::string(1, *c);
    return r + "'";
}

static void usage(FILE *f, const char *argv0) {
    fprintf(f,
            "usage: %s PROGRAM.s [--PARAM value ...] [harness options] [+verilator+... plusargs]\n"
            "  (through verif/sc/run.sh, which builds the RTL for the size parameters)\n"
            "  SystemC lockstep co-simulation of the Verilated wf_core against the C model\n"
            "  every cycle (verif/compare.c), then the final state against the functional\n"
            "  interpreter and the cycle model. The command line is the C++ harness's\n"
            "  (verif/cosim/run.sh --help; parsed by wf_host_parse_args):\n"
            "--PARAM value       any wfsim parameter (build/wfsim --help); size parameters\n"
            "                    must match the build\n"
            "--wfsim-options S   a whole option string (\"--war inorder --loops 2\")\n"
            "--program FILE      the program, instead of the first argument\n"
            "every option also as --name=value, '_' for '-' (FuseSoC cmdlinearg parameters)\n"
            "harness options:\n"
            "  --seed N          1..2147483647 (default 1): +verilator+seed+N (random initial\n"
            "                    flop values, +verilator+rand+reset+2), printed in reports\n"
            "  --bare            the RTL alone: no C model, no compare; simulated cycles/s\n"
            "  --max-cycles N    give up after N cycles (exit 3), default 2000000\n"
            "  --runs N          launches on one RTL instance, 1..8 (default 1 here, 2 in the\n"
            "                    C++ harness): each must clear what the one before left\n"
            "  --selftest-flip PORT:BIT:CYCLE  invert bit BIT of trace port PORT (obs_o,\n"
            "                    obs_wb_o, obs_wb_data_o, obs_bank_o, obs_warp_o, obs_cu_o) in\n"
            "                    cycle CYCLE before decoding it: a trace difference must be\n"
            "                    reported (exit 1)\n"
            "  --cmp LEVEL       compare level full (default), events or arch (the C++\n"
            "                    harness's --help; env WF_CMP)\n"
            "  (--waves, --cov, --imem-jitter: the C++ harness only)\n"
            "exit status: 0 pass, 1 mismatch (trace or final state), 2 usage error,\n"
            "  3 timeout (max cycles) or the C model's watchdog\n",
            argv0);
}

int sc_main(int argc, char **argv) {
    char err[1024];
    Run run; // outlives the modules (the block below)
    wf_config_default(&run.cfg);
    wf_host_args args;
    args.runs = 1;
    if (wf_host_parse_args(argc, argv, &run.cfg, &args, err, sizeof err)) {
        fprintf(stderr, "wf_sc: %s\n", err);
        return 2;
    }
    if (args.help) {
        usage(stdout, argv[0]);
        return 0;
    }
    if (!args.prog) {
        usage(stderr, argv[0]);
        return 2;
    }
    const char *unsupported = args.waves ? "--waves" : args.cov ? "--cov" : args.jitter ? "--imem-jitter" : nullptr;
    if (unsupported) {
        fprintf(stderr, "%s: not an option of the SystemC harness (verif/cosim/run.sh has it)\n", unsupported);
        return 2;
    }
    run.seed = args.seed;
    run.max_cycles = args.max_cycles;
    run.bare = args.bare;
    run.cmp = args.cmp;
    if (run.bare && run.cmp != WF_CMP_LEVEL_FULL) {
        fprintf(stderr, "--cmp %s: --bare runs no compare\n", wf_cmp_level_name(run.cmp));
        return 2;
    }
    run.runs = args.runs;
    if (args.selftest) {
        char name[32];
        unsigned bit;
        unsigned long long cyc;
        int n = 0;
        if (sscanf(args.selftest, "%31[a-z_]:%u:%llu%n", name, &bit, &cyc, &n) != 3 || args.selftest[n]) {
            fprintf(stderr, "--selftest-flip %s: expected PORT:BIT:CYCLE\n", args.selftest);
            return 2;
        }
        for (int k = 0; k < WF_RTL_PORTS; k++)
            if (!strcmp(name, wf_rtl_trace_port_name(k))) run.flip_port = k;
        if (run.flip_port < 0) {
            fprintf(stderr, "--selftest-flip %s: unknown port '%s' (obs_o, obs_wb_o, obs_wb_data_o, "
                    "obs_bank_o, obs_warp_o, obs_cu_o)\n", args.selftest, name);
            return 2;
        }
        run.flip_bit = bit, run.flip_cycle = cyc;
    }
    if (wf_config_check(&run.cfg, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    // the compiled-in sizes: WF_P_* from run.sh (-G... mirrored), else the
    // defaults (a build at the default sizes, e.g. FuseSoC's sim_sc target)
    wf_config built;
    wf_config_default(&built);
#ifdef WF_P_WARPS
    built.warps = WF_P_WARPS, built.lanes = WF_P_LANES, built.regs = WF_P_REGS, built.banks = WF_P_BANKS;
    built.collectors = WF_P_COLLECTORS, built.sb_entries = WF_P_SB_ENTRIES, built.ibuf = WF_P_IBUF;
    built.icache_lines = WF_P_ICACHE_LINES, built.icache_line = WF_P_ICACHE_LINE;
    built.imshrs = WF_P_IMSHRS, built.imem_words = WF_P_IMEM_WORDS, built.mem_words = WF_P_MEM_WORDS;
    built.mem_line = WF_P_MEM_LINE, built.bloom_bits = WF_P_BLOOM_BITS;
#endif
    if (wf_host_check_sizes(&run.cfg, &built, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    if (run.flip_port >= 0 && run.flip_bit >= wf_rtl_trace_bits(&run.cfg, run.flip_port)) {
        fprintf(stderr, "--selftest-flip: bit %u: allowed 0..%u for %s\n", run.flip_bit,
                wf_rtl_trace_bits(&run.cfg, run.flip_port) - 1, wf_rtl_trace_port_name(run.flip_port));
        return 2;
    }
    const char *prog = args.prog;
    if (wf_assemble_file(prog, run.cfg.regs, &run.prog, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    const char *defs = getenv("WF_DEFINES");
    std::string env = defs ? "WF_DEFINES=" + quote(defs) + " " : "";
    for (const char *v : {"WF_RTL_FILES", "WF_TOP"}) // the design under test (verif/sc/run.sh)
        if (const char *x = getenv(v)) env += std::string(v) + "=" + quote(x) + " ";
    const std::string opts = args.options[0] ? std::string(" ") + args.options : std::string();
    run.repro = env + "verif/sc/run.sh " + quote(prog) + opts + " --seed " + std::to_string(run.seed);
    {   // the C++ harness takes the same options except the self-test
        std::string o = opts;
        size_t at = o.find(" --selftest-flip ");
        if (at != std::string::npos) {
            size_t next = o.find(" --", at + 17);
            o.erase(at, next == std::string::npos ? std::string::npos : next - at);
        }
        run.waves_repro = env + "verif/cosim/run.sh " + quote(prog) + o + " --seed " +
                          std::to_string(run.seed) + " --waves out/sc-repro.fst   (the C++ harness, with waves)";
    }
    if (run.bare) { // no oracle: still the loader's checks of the program against the configuration
        wf_model *m = wf_model_create(&run.cfg, err, sizeof err);
        const int bad = !m || wf_model_load(m, &run.prog, NULL, err, sizeof err);
        wf_model_destroy(m);
        if (bad) {
            fprintf(stderr, "%s: %s\n", prog, err);
            return 2;
        }
    }
    if (!run.bare && wf_host_oracle_run(&run.cfg, &run.prog, run.max_cycles, &run.oracle, err, sizeof err)) {
        fprintf(stderr, "FAIL %s: C model / interpreter: %s\n", prog, err);
        return 3;
    }
    std::vector<std::string> vargs = {argv[0], "+verilator+rand+reset+2"};
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '+') vargs.push_back(argv[i]);
    vargs.push_back("+verilator+seed+" + std::to_string(run.seed));
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
        WF_PINS(WF_BIND)
#undef WF_BIND
        Host host("host", pins, run);
        host.clk(clk);
        Golden *golden = nullptr;
        Checker *checker = nullptr;
        if (!run.bare) {
            golden = new Golden("golden", run);
            golden->clk(clk);
            golden->running(pins.running_o);
            checker = new Checker("checker", pins, run);
            checker->clk(clk);
            checker->golden(*golden);
        }
        sc_start();
        if (run.rc < 0) run.rc = 3; // the simulation ran out of events
        dut.final();
        const double cps = run.run_seconds > 0 ? (double)run.total_cycles / run.run_seconds : 0;
        if (run.bare)
            printf("%s %s: bare RTL (SystemC), %" PRIu64 " cycles in %.3f s, %.0f cycles/s\n",
                   run.rc == 0 ? "DONE" : "FAIL", prog, run.total_cycles, run.run_seconds, cps);
        else if (run.rc != 0)
            printf("FAIL %s: SystemC lockstep, exit %d after %" PRIu64 " cycles compared\n", prog,
                   run.rc, run.total_compared);
        else
            printf("%s %s: SystemC lockstep, rtl cycles %" PRIu64 ", model cycles %" PRIu64
                   ", %" PRIu64 " cycles compared in %u run%s, final state %s, %.0f cycles/s\n",
                   "PASS", prog, run.rtl_cycles, run.oracle.model_cycles, run.total_compared, run.runs,
                   run.runs > 1 ? "s" : "",
                   run.oracle.check_interp ? "vs interpreter and cycle model"
                                           : (std::string("vs cycle model (interpreter skipped: ") +
                                              run.oracle.why_not + ")").c_str(),
                   cps);
        delete checker;
        delete golden;
    }
    if (!run.bare) wf_host_oracle_free(&run.oracle);
    wf_program_free(&run.prog);
    return run.rc;
}
