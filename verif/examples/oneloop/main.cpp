// C++/Verilator route of the one-loop example: drives the Verilated
// oneloop_core (its own instruction and data memories, here), and a monitor
// of its ports reports every retire, register write, bnz outcome, store lane
// and done to the transaction-level checker (verif/include/wf_txcheck.h) at
// a declared timing tolerance. At done the final scratchpad and the registers
// (as written on the retire port) are also compared with the functional
// interpreter. Built and run by verif/examples/oneloop/run.sh cpp.
//   Voneloop PROGRAM.s [--timing order|window|exact|drift] [--window N] [--warps N]
//            [--imem-lat N] [--max-cycles N] [--json FILE] [+bug=NAME]
// --json FILE: the checker's result (wf_tx_json), or kind "final_state" when
// only the final-state check failed.
// Exit status: 0 pass, 1 divergence, 2 usage/program/build mismatch, 3 timeout.
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

extern "C" {
#include "warpfront.h"
#include "wf_functional.h"
#include "wf_txcheck.h"
}
#include "Voneloop_core.h"
#include "verilated.h"

// the build's parameters (run.sh passes the same values to -G and -D)
#ifndef OL_WARPS
#error "build with -DOL_WARPS=.. -DOL_LANES=.. -DOL_REGS=.. -DOL_MEM_AW=.. (run.sh)"
#endif

static const char *const bug_names[] = {"none", "value", "skip", "store", "branch"};

// 32-bit word i of a Verilated port of any width
template <typename T> static uint32_t word_of(const T &p, unsigned i) {
    return i < sizeof(T) / 4 + (sizeof(T) < 4) ? (uint32_t)((uint64_t)p >> (32 * i)) : 0;
}
template <std::size_t N> static uint32_t word_of(const VlWide<N> &p, unsigned i) { return p[i]; }
template <typename T> static void set_bits(T &p, unsigned lsb, unsigned w, uint32_t v) {
    uint64_t m = ((1ull << w) - 1) << lsb;
    p = (T)(((uint64_t)p & ~m) | (((uint64_t)v << lsb) & m));
}
template <std::size_t N> static void set_bits(VlWide<N> &p, unsigned lsb, unsigned w, uint32_t v) {
    for (unsigned b = 0; b < w; b++) {  // (widths here are 16-bit fields)
        unsigned i = lsb + b;
        p[i / 32] = (p[i / 32] & ~(1u << (i % 32))) | (((v >> b) & 1u) << (i % 32));
    }
}

static int usage(const char *msg) {
    if (msg) fprintf(stderr, "Voneloop: %s\n", msg);
    fprintf(stderr,
            "usage: Voneloop PROGRAM.s [--timing order|window|exact|drift] [--window N] [--warps N]\n"
            "                [--imem-lat N] [--max-cycles N] [--json FILE] [+bug=none|value|skip|store|branch]\n");
    return 2;
}

static bool parse_num(const char *s, uint64_t max, uint64_t *out) {
    return s && wf_parse_decimal(s, max, out) == 0;
}

int main(int argc, char **argv) {
    Verilated::commandArgs(argc, argv);
    const char *path = nullptr, *json = nullptr;
    int timing = WF_TX_ORDER, bug = 0;
    uint64_t window = 0, warps = 0, imem_lat = 2, max_cycles = 50000000;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : nullptr;
        if (!strncmp(a, "+bug=", 5)) {
            bug = -1;
            for (int b = 0; b < 5; b++)
                if (!strcmp(a + 5, bug_names[b])) bug = b;
            if (bug < 0) return usage("+bug: allowed none|value|skip|store|branch");
        } else if (a[0] == '+') {
            continue;  // +verilator+... plusargs
        } else if (!strcmp(a, "--timing")) {
            if (!v || (timing = wf_tx_timing_parse(v)) < 0) return usage("--timing: allowed order|window|exact|drift");
            i++;
        } else if (!strcmp(a, "--window")) {
            if (!parse_num(v, 1000000000, &window)) return usage("--window: allowed 0..1000000000");
            i++;
        } else if (!strcmp(a, "--warps")) {
            if (!parse_num(v, 64, &warps) || warps < 1 || warps > OL_WARPS) {
                char m[64];
                snprintf(m, sizeof m, "--warps: allowed 1..%d (this build's WARPS)", OL_WARPS);
                return usage(m);
            }
            i++;
        } else if (!strcmp(a, "--imem-lat")) {
            if (!parse_num(v, 256, &imem_lat)) return usage("--imem-lat: allowed 0..256");
            i++;
        } else if (!strcmp(a, "--max-cycles")) {
            if (!parse_num(v, UINT64_MAX, &max_cycles) || !max_cycles) return usage("--max-cycles: allowed 1..");
            i++;
        } else if (!strcmp(a, "--json")) {
            if (!v) return usage("--json needs a file");
            json = v;
            i++;
        } else if (a[0] == '-' || path) {
            std::string m = std::string("unknown argument '") + a + "'";
            return usage(m.c_str());
        } else {
            path = a;
        }
    }
    if (!path) return usage("no program");

    // the configuration: the build's sizes, then the program's wfsim-options
    // line (its warps may be fewer: the others are not launched), then --warps
    char err[1024];
    wf_config cfg;
    wf_config_default(&cfg);
    cfg.warps = OL_WARPS;
    cfg.lanes = OL_LANES;
    cfg.regs = OL_REGS;
    cfg.mem_words = 1u << OL_MEM_AW;
    char *text = nullptr;
    size_t len = 0;
    if (wf_read_text(path, WF_MAX_TEXT_BYTES, &text, &len, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    if (wf_config_apply_options(&cfg, text, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", path, err);
        free(text);
        return 2;
    }
    if (warps) cfg.warps = (unsigned)warps;
    if (cfg.warps > OL_WARPS || cfg.lanes != OL_LANES || cfg.regs != OL_REGS ||
        cfg.mem_words != (1u << OL_MEM_AW)) {
        fprintf(stderr,
                "%s: the program needs warps=%u lanes=%u regs=%u mem_words=%u; this build has "
                "WARPS=%d (at most) LANES=%d REGS=%d MEM_AW=%d (rebuild: run.sh's OL_* variables)\n",
                path, cfg.warps, cfg.lanes, cfg.regs, cfg.mem_words, OL_WARPS, OL_LANES, OL_REGS,
                OL_MEM_AW);
        free(text);
        return 2;
    }
    wf_program prog;
    if (wf_config_check(&cfg, err, sizeof err) ||
        wf_assemble(path, text, cfg.regs, &prog, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        free(text);
        return 2;
    }
    free(text);
    wf_tx_opts opts = {};
    opts.timing = timing;
    opts.window = (unsigned)window;
    opts.events = WF_TX_EV_ALL;
    wf_txcheck *tx = wf_tx_create(&cfg, &prog, nullptr, &opts, err, sizeof err);
    if (!tx) {
        fprintf(stderr, "%s: %s\n", path, err);
        return 2;
    }

    const unsigned L = cfg.lanes;
    std::vector<uint32_t> mem(cfg.mem_words, 0), regs((size_t)cfg.warps * cfg.regs * L, 0);
    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    Voneloop_core dut(&ctx);
    dut.bug_i = (uint8_t)bug;
    dut.rst_ni = 0;
    dut.start_i = 0;
    dut.imem_rvalid_i = 0;
    dut.clk_i = 0;
    dut.eval();
    for (unsigned w = 0; w < OL_WARPS; w++) set_bits(dut.start_pc_i, 16 * w, 16, prog.start_pc[w]);
    for (unsigned w = 0; w < OL_WARPS; w++) set_bits(dut.warp_en_i, w, 1, w < cfg.warps);
    auto tick = [&]() {
        dut.clk_i = 1;
        dut.eval();
        dut.clk_i = 0;
        dut.eval();
    };
    tick();
    dut.rst_ni = 1;
    dut.eval();
    dut.start_i = 1;
    tick();
    dut.start_i = 0;
    dut.eval();

    // cycle 0 is the first cycle after the launch (wf_txcheck.h)
    uint64_t cycle = 0, imem_wait = 0;
    int st = WF_TX_PASS;
    uint32_t addr[32], data[32];
    for (; !dut.done_o && cycle < max_cycles && st == WF_TX_PASS; cycle++) {
        // the memories answer (inputs before the edge)
        dut.imem_rvalid_i = 0;
        if (dut.imem_req_o) {
            if (imem_wait++ >= imem_lat) {
                dut.imem_rvalid_i = 1;
                dut.imem_rdata_i = dut.imem_addr_o < prog.len ? prog.words[dut.imem_addr_o] : 0;
                imem_wait = 0;
            }
        }
        dut.eval();
        // the monitor: this cycle's port activity as checker events
        if (dut.dmem_req_o && dut.dmem_we_o) {
            unsigned lane = dut.dmem_lane_o;
            addr[lane] = dut.dmem_addr_o;
            data[lane] = dut.dmem_wdata_o;
            st = wf_tx_store(tx, cycle, dut.dmem_warp_o, 1u << lane, addr, data);
            mem[dut.dmem_addr_o] = dut.dmem_wdata_o;
        }
        if (dut.ret_valid_o && st == WF_TX_PASS) {
            unsigned w = dut.ret_warp_o, pc = dut.ret_pc_o;
            uint64_t insn = dut.ret_insn_o;
            unsigned op = (unsigned)(insn >> 56);
            st = wf_tx_retire(tx, cycle, w, pc);
            if (st == WF_TX_PASS && dut.ret_rd_we_o) {
                for (unsigned l = 0; l < L; l++) {
                    data[l] = word_of(dut.ret_rd_data_o, l);
                    regs[((size_t)w * cfg.regs + dut.ret_rd_o) * L + l] = data[l];
                }
                st = wf_tx_write(tx, cycle, w, dut.ret_rd_o, L == 32 ? ~0u : (1u << L) - 1, data);
            }
            if (st == WF_TX_PASS && op == WF_OP_BNZ) {
                unsigned target = (unsigned)(insn & 0xFFFF);
                st = wf_tx_branch(tx, cycle, w, pc, dut.ret_taken_o, target);
            }
        }
        // the edge; a read's data is on dmem_rdata_i the cycle after its request
        bool rd = dut.dmem_req_o && !dut.dmem_we_o;
        uint32_t raddr = dut.dmem_addr_o;
        tick();
        if (rd) dut.dmem_rdata_i = mem[raddr];
    }
    int rc = 0;
    std::string final_diff;  // the final-state check's difference, "" when none
    if (st == WF_TX_PASS && !dut.done_o) {
        printf("TIMEOUT %s: not done after %" PRIu64 " cycles (--max-cycles)\n", path, cycle);
        rc = 3;
    } else if (st == WF_TX_PASS) {
        st = wf_tx_done(tx, cycle);
    }
    const wf_tx_divergence *d = wf_tx_result(tx);
    if (st != WF_TX_PASS) {
        std::vector<char> buf(wf_tx_format(d, nullptr, 0) + 1);
        wf_tx_format(d, buf.data(), buf.size());
        printf("DIVERGENCE %s +bug=%s timing %s: %s\n%s\n", path, bug_names[bug],
               wf_tx_timing_name(timing), d->field, buf.data());
        rc = st == WF_TX_FAIL ? 1 : 2;
    } else if (rc == 0) {
        // the final state against the functional interpreter (the checker saw
        // the stores leave the core; this sees them land in the memory)
        wf_arch_state ref = {}, got = {};
        if (wf_functional_run(&cfg, &prog, nullptr, 10000000, &ref, err, sizeof err) ||
            wf_arch_alloc(&got, cfg.warps, cfg.lanes, cfg.regs, cfg.mem_words)) {
            fprintf(stderr, "%s: functional interpreter: %s\n", path, err);
            rc = 2;
        } else {
            memcpy(got.reg, regs.data(), regs.size() * 4);
            memcpy(got.mem, mem.data(), mem.size() * 4);
            char diff[512];
            wf_arch_diff(&ref, &got, diff, sizeof diff);
            if (diff[0]) {
                printf("FINAL STATE MISMATCH %s +bug=%s: %s\n", path, bug_names[bug], diff);
                final_diff = diff;
                rc = 1;
            } else {
                printf("PASS %s +bug=%s timing %s: %" PRIu64 " events matched, %" PRIu64
                       " cycles (model %" PRIu64 ")\n",
                       path, bug_names[bug], wf_tx_timing_name(timing), wf_tx_matched(tx), cycle,
                       wf_tx_model_cycles(tx));
            }
        }
        wf_arch_free(&ref);
        wf_arch_free(&got);
    }
    if (json) {
        FILE *f = fopen(json, "w");
        std::vector<char> buf(wf_tx_json(d, nullptr, 0) + 1);
        wf_tx_json(d, buf.data(), buf.size());
        std::string text = buf.data();
        if (!final_diff.empty()) {  // the checker passed; the final state did not
            std::string m;
            for (char c : final_diff) {
                if (c == '"' || c == '\\') m += '\\';
                m += c;
            }
            text = "{\"status\": \"fail\", \"kind\": \"final_state\", \"field\": \"final state\", "
                   "\"message\": \"" + m + "\"}";
        }
        if (!f || fprintf(f, "%s\n", text.c_str()) < 0 || fclose(f)) {
            fprintf(stderr, "%s: cannot write\n", json);
            rc = rc ? rc : 2;
        }
    }
    dut.final();
    wf_tx_destroy(tx);
    wf_program_free(&prog);
    return rc;
}
