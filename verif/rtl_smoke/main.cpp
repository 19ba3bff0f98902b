// RTL smoke test: runs one program on the Verilated wf_core and checks it
// against the C models. C++ only where Verilator needs it; the C model is
// used through its C headers (build/libwarpfront.a).
//
//   rtl_smoke PROGRAM.s [--name value ...]     (wfsim option names)
//
// * assembles PROGRAM with wf_assemble_file, runs wf_functional_run (the
//   final-state oracle) and steps the cycle model wf_model_step alongside the
//   RTL, comparing the §11 observation record field by field every cycle;
// * models the instruction memory with the fixed latency imiss_lat of §3.3:
//   a request handshaken in cycle t is answered in cycle t + imiss_lat - 1
//   (the RTL sends it the cycle after the MSHR allocation, so the line fills
//   at the end of allocation cycle + imiss_lat, as in the C model);
// * launches, runs to done, reads back every register (host register port)
//   and the scratchpad (host scratchpad port) and compares with the
//   interpreter (unless war=none, §8.1) and with the cycle model; compares
//   the cycle count with wf_model_run's.
// The size parameters are compiled in (-G..., mirrored as WF_P_* macros); the
// harness refuses a configuration whose sizes differ.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>

extern "C" {
#include "warpfront.h"
}
#include "Vwf_core.h"
#include "verilated.h"

// ---- bit access on Verilator ports of any width --------------------------------
template <std::size_t N> static void put(VlWide<N> &v, unsigned lsb, unsigned w, uint64_t x) {
    for (unsigned i = 0; i < w; i++) {
        unsigned b = lsb + i;
        uint32_t m = 1u << (b % 32);
        if (x >> i & 1) v[b / 32] |= m; else v[b / 32] &= ~m;
    }
}
template <typename T> static void put(T &v, unsigned lsb, unsigned w, uint64_t x) {
    for (unsigned i = 0; i < w; i++) {
        T m = (T)((T)1 << (lsb + i));
        if (x >> i & 1) v |= m; else v &= (T)~m;
    }
}
template <std::size_t N> static uint64_t get(const VlWide<N> &v, unsigned lsb, unsigned w) {
    uint64_t x = 0;
    for (unsigned i = 0; i < w; i++) {
        unsigned b = lsb + i;
        x |= (uint64_t)(v[b / 32] >> (b % 32) & 1u) << i;
    }
    return x;
}
template <typename T> static uint64_t get(const T &v, unsigned lsb, unsigned w) {
    return (uint64_t)(v >> lsb) & (w >= 64 ? ~0ull : ((1ull << w) - 1));
}

static Vwf_core *top;
static unsigned long errors;
static uint64_t cyc;

static void tick() {
    top->clk_i = 1;
    top->eval();
    top->clk_i = 0;
    top->eval();
}

#define CHECK(what, rtl, model)                                                                    \
    do {                                                                                           \
        uint64_t r_ = (uint64_t)(rtl), m_ = (uint64_t)(model);                                     \
        if (r_ != m_ && errors++ < 20)                                                             \
            fprintf(stderr, "cycle %llu: %s: rtl %llu (0x%llx), model %llu (0x%llx)\n",            \
                    (unsigned long long)cyc, what, (unsigned long long)r_, (unsigned long long)r_, \
                    (unsigned long long)m_, (unsigned long long)m_);                               \
    } while (0)

static void compare_obs(const wf_config *cfg, const wf_obs *ob) {
    char n[96];
    const unsigned W = cfg->warps, L = cfg->lanes, E = cfg->sb_entries, I = cfg->ibuf,
                   C = cfg->collectors;
    CHECK("cycle", get(top->obs_o, 0, 64), ob->cycle);
    CHECK("fetch.valid", get(top->obs_o, 64, 1), ob->fetch.valid);
    if (ob->fetch.valid) {
        CHECK("fetch.warp", get(top->obs_o, 65, 6), ob->fetch.warp);
        CHECK("fetch.pc", get(top->obs_o, 71, 16), ob->fetch.pc);
        CHECK("fetch.kind", get(top->obs_o, 87, 2), ob->fetch.kind);
    }
    CHECK("fill.valid", get(top->obs_o, 89, 1), ob->fill.valid);
    if (ob->fill.valid) {
        CHECK("fill.mshr", get(top->obs_o, 90, 3), ob->fill.mshr);
        CHECK("fill.line", get(top->obs_o, 93, 16), ob->fill.line);
    }
    CHECK("issue.valid", get(top->obs_o, 109, 1), ob->issue.valid);
    if (ob->issue.valid) {
        CHECK("issue.warp", get(top->obs_o, 110, 6), ob->issue.warp);
        CHECK("issue.pc", get(top->obs_o, 116, 16), ob->issue.pc);
        CHECK("issue.replay", get(top->obs_o, 132, 1), ob->issue.replay);
        CHECK("issue.unit", get(top->obs_o, 133, 8), ob->issue.unit);
        CHECK("issue.sb_entry", get(top->obs_o, 141, 8), ob->issue.sb_entry);
    }
    CHECK("stall", get(top->obs_o, 149, 2), ob->stall);
    for (unsigned x = 0; x < 3; x++) {
        unsigned o = 151 + x * 31;
        snprintf(n, sizeof n, "dispatch[%u]", x);
        CHECK(n, get(top->obs_o, o, 1), ob->dispatch[x].valid);
        if (ob->dispatch[x].valid) {
            CHECK(n, get(top->obs_o, o + 1, 6), ob->dispatch[x].warp);
            CHECK(n, get(top->obs_o, o + 7, 16), ob->dispatch[x].pc);
            CHECK(n, get(top->obs_o, o + 23, 8), ob->dispatch[x].cu);
        }
    }
    CHECK("piece.valid", get(top->obs_o, 244, 1), ob->piece.valid);
    if (ob->piece.valid) {
        CHECK("piece.warp", get(top->obs_o, 245, 6), ob->piece.warp);
        CHECK("piece.pc", get(top->obs_o, 251, 16), ob->piece.pc);
        CHECK("piece.line", get(top->obs_o, 267, 16), ob->piece.line);
        CHECK("piece.lanes", get(top->obs_o, 283, 32), ob->piece.lanes);
        CHECK("piece.last", get(top->obs_o, 315, 1), ob->piece.last);
    }
    CHECK("branch.valid", get(top->obs_o, 316, 1), ob->branch.valid);
    if (ob->branch.valid) {
        CHECK("branch.warp", get(top->obs_o, 317, 6), ob->branch.warp);
        CHECK("branch.taken", get(top->obs_o, 323, 1), ob->branch.taken);
        CHECK("branch.target", get(top->obs_o, 324, 16), ob->branch.target);
    }
    CHECK("lsu_stall", get(top->obs_o, 340, 1), ob->lsu_stall);
    CHECK("done", get(top->obs_o, 341, 1), ob->done);
    for (unsigned x = 0; x < 3; x++) {
        unsigned o = x * 63;
        const wf_obs_wb *wb = &ob->wb[x];
        snprintf(n, sizeof n, "wb[%u]", x);
        CHECK(n, get(top->obs_wb_o, o, 1), wb->valid);
        if (!wb->valid) continue;
        snprintf(n, sizeof n, "wb[%u].warp", x);
        CHECK(n, get(top->obs_wb_o, o + 1, 6), wb->warp);
        snprintf(n, sizeof n, "wb[%u].reg", x);
        CHECK(n, get(top->obs_wb_o, o + 7, 8), wb->reg);
        snprintf(n, sizeof n, "wb[%u].bank", x);
        CHECK(n, get(top->obs_wb_o, o + 15, 8), wb->bank);
        snprintf(n, sizeof n, "wb[%u].lanes", x);
        CHECK(n, get(top->obs_wb_o, o + 23, 32), wb->lanes);
        snprintf(n, sizeof n, "wb[%u].release", x);
        CHECK(n, get(top->obs_wb_o, o + 55, 8), wb->release);
        for (unsigned l = 0; l < L; l++) {
            snprintf(n, sizeof n, "wb[%u].data[%u]", x, l);
            CHECK(n, get(top->obs_wb_data_o, (x * L + l) * 32, 32), wb->data[l]);
        }
    }
    for (unsigned b = 0; b < cfg->banks; b++) {
        const wf_obs_bank *ob_b = &ob->bank[b];
        unsigned o = b * 40;
        snprintf(n, sizeof n, "bank[%u].kind", b);
        CHECK(n, get(top->obs_bank_o, o, 2), ob_b->kind);
        snprintf(n, sizeof n, "bank[%u].warp", b);
        CHECK(n, get(top->obs_bank_o, o + 2, 6), ob_b->warp);
        snprintf(n, sizeof n, "bank[%u].reg", b);
        CHECK(n, get(top->obs_bank_o, o + 8, 8), ob_b->reg);
        snprintf(n, sizeof n, "bank[%u].cu", b);
        CHECK(n, get(top->obs_bank_o, o + 16, 8), ob_b->cu);
        snprintf(n, sizeof n, "bank[%u].slot", b);
        CHECK(n, get(top->obs_bank_o, o + 24, 8), ob_b->slot);
        snprintf(n, sizeof n, "bank[%u].unit", b);
        CHECK(n, get(top->obs_bank_o, o + 32, 8), ob_b->unit);
    }
    const unsigned WW = 105 + 9 * E + 58 * I;
    for (unsigned w = 0; w < W; w++) {
        const wf_obs_warp *o = &ob->warp[w];
        const unsigned b = w * WW;
#define WCHK(field, off, width, val)                       \
        snprintf(n, sizeof n, "warp[%u].%s", w, field);     \
        CHECK(n, get(top->obs_warp_o, b + (off), width), val)
        WCHK("fetch_pc", 0, 16, o->fetch_pc);
        WCHK("fetch_state", 16, 2, o->fetch_state);
        WCHK("exited", 18, 1, o->exited);
        WCHK("inflight", 19, 16, o->inflight);
        WCHK("mem_inflight", 35, 1, o->mem_inflight);
        WCHK("collecting", 36, 1, o->collecting);
        WCHK("filter", 37, 64, o->filter);
        for (unsigned e = 0; e < E; e++) {
            WCHK("sb.valid", 101 + e * 9, 1, o->sb[e].valid);
            WCHK("sb.reg", 102 + e * 9, 8, o->sb[e].reg);
        }
        for (unsigned i = 0; i < I; i++) {
            unsigned s = 101 + 9 * E + i * 58;
            WCHK("ibuf.valid", s, 1, o->ibuf[i].valid);
            WCHK("ibuf.issued", s + 1, 1, o->ibuf[i].issued);
            WCHK("ibuf.pc", s + 2, 16, o->ibuf[i].pc);
            WCHK("ibuf.dep", s + 18, 8, o->ibuf[i].dep);
            WCHK("ibuf.lanes_left", s + 26, 32, o->ibuf[i].lanes_left);
        }
        WCHK("hazard", 101 + 9 * E + 58 * I, 4, o->hazard);
#undef WCHK
    }
    for (unsigned u = 0; u <= C; u++) {
        const wf_obs_cu *o = u < C ? &ob->cu[u] : &ob->sr;
        const unsigned b = u * 43;
        snprintf(n, sizeof n, "cu[%u].valid", u);
        CHECK(n, get(top->obs_cu_o, b, 1), o->valid);
        snprintf(n, sizeof n, "cu[%u].warp", u);
        CHECK(n, get(top->obs_cu_o, b + 1, 6), o->warp);
        snprintf(n, sizeof n, "cu[%u].pc", u);
        CHECK(n, get(top->obs_cu_o, b + 7, 16), o->pc);
        snprintf(n, sizeof n, "cu[%u].pending", u);
        CHECK(n, get(top->obs_cu_o, b + 23, 3), o->pending);
        snprintf(n, sizeof n, "cu[%u].ready", u);
        CHECK(n, get(top->obs_cu_o, b + 26, 1), o->ready);
        snprintf(n, sizeof n, "cu[%u].older", u);
        CHECK(n, get(top->obs_cu_o, b + 27, 16), o->older);
    }
}

int main(int argc, char **argv) {
    char err[1024];
    if (argc < 2) {
        fprintf(stderr, "usage: %s PROGRAM.s [--name value ...]\n", argv[0]);
        return 2;
    }
    wf_config cfg;
    wf_config_default(&cfg);
    Verilated::commandArgs(argc, argv); // +verilator+... options (e.g. +verilator+rand+reset+2)
    for (int i = 2; i < argc; i++) {
        if (argv[i][0] == '+') continue;
        if (strncmp(argv[i], "--", 2) != 0 || i + 1 >= argc) {
            fprintf(stderr, "bad option '%s'\n", argv[i]);
            return 2;
        }
        if (wf_config_set(&cfg, argv[i] + 2, argv[i + 1], err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
        i++;
    }
    if (wf_config_check(&cfg, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    // the compiled-in sizes
    const unsigned built[][2] = {
        {cfg.warps, WF_P_WARPS}, {cfg.lanes, WF_P_LANES}, {cfg.regs, WF_P_REGS},
        {cfg.banks, WF_P_BANKS}, {cfg.collectors, WF_P_COLLECTORS},
        {cfg.sb_entries, WF_P_SB_ENTRIES}, {cfg.ibuf, WF_P_IBUF},
        {cfg.icache_lines, WF_P_ICACHE_LINES}, {cfg.icache_line, WF_P_ICACHE_LINE},
        {cfg.imshrs, WF_P_IMSHRS}, {cfg.imem_words, WF_P_IMEM_WORDS},
        {cfg.mem_words, WF_P_MEM_WORDS}, {cfg.mem_line, WF_P_MEM_LINE},
        {cfg.bloom_bits, WF_P_BLOOM_BITS}};
    for (auto &p : built)
        if (p[0] != p[1]) {
            fprintf(stderr, "configuration does not match the compiled RTL parameters\n");
            return 2;
        }

    wf_program prog;
    if (wf_assemble_file(argv[1], cfg.regs, &prog, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    wf_arch_state fs;
    memset(&fs, 0, sizeof fs);
    if (wf_functional_run(&cfg, &prog, NULL, 10000000, &fs, err, sizeof err)) {
        fprintf(stderr, "functional: %s\n", err);
        return 2;
    }

    top = new Vwf_core;
    // asynchronous reset: a real falling edge (the input may start at 0), held
    // over two clock edges
    top->clk_i = 0;
    top->rst_ni = 1;
    top->eval();
    top->rst_ni = 0;
    top->eval();
    tick();
    tick();
    top->rst_ni = 1;
    top->eval();
    // Two runs on the same RTL instance: the second launch must clear what the
    // first left behind (registers, I-cache, ...; §14) and give the same result.
    int all_ok = 1;
    for (int run = 0; run < 2; run++) {
        errors = 0;
        wf_arch_state ms;
        memset(&ms, 0, sizeof ms);
        wf_model *m = wf_model_create(&cfg, err, sizeof err);
        if (!m || wf_model_load(m, &prog, NULL, err, sizeof err)) {
            fprintf(stderr, "model: %s\n", err);
            return 2;
        }
        // the scratchpad image (all 0) through the host port; registers are cleared by launch (§14)
        top->mem_en_i = 1;
        top->mem_we_i = 1;
        for (unsigned a = 0; a < cfg.mem_words; a++) {
            top->mem_addr_i = a;
            top->mem_wdata_i = 0;
            tick();
        }
        top->mem_en_i = 0;
        top->mem_we_i = 0;

        // launch
        top->cfg_swizzle_i = cfg.layout == WF_LAYOUT_SWIZZLE;
        top->cfg_war_i = cfg.war;
        top->cfg_gto_i = cfg.sched == WF_SCHED_GTO;
        top->cfg_loops_i = cfg.loops;
        top->cfg_stall_i = cfg.hazard == WF_HAZARD_STALL;
        top->cfg_alu_lat_i = cfg.alu_lat;
        top->cfg_mul_lat_i = cfg.mul_lat;
        top->cfg_lsu_lat_i = cfg.lsu_lat;
        top->cfg_active_warps_i = cfg.active_warps;
        for (unsigned w = 0; w < cfg.warps; w++) put(top->start_pc_i, w * 16, 16, prog.start_pc[w]);
        top->imem_req_ready_i = 1;
        top->launch_i = 1;
        tick();
        top->launch_i = 0;
        unsigned clear_cycles = 0; // the register clear after launch (rtl/wf_core.v)
        while (!top->running_o && clear_cycles < 100000) {
            tick();
            clear_cycles++;
        }

        struct req { uint64_t due; unsigned mshr, line; };
        std::deque<req> q;
        const uint64_t max_cycles = 2000000;
        cyc = 0;
        for (;;) {
            top->imem_resp_valid_i = 0;
            if (!q.empty() && q.front().due == cyc) {
                req r = q.front();
                q.pop_front();
                top->imem_resp_valid_i = 1;
                top->imem_resp_mshr_i = r.mshr;
                for (unsigned k = 0; k < cfg.icache_line; k++) {
                    unsigned a = r.line * cfg.icache_line + k;
                    uint64_t wd = a < prog.len ? prog.words[a] : 0;
                    put(top->imem_resp_data_i, k * 64, 64, wd);
                }
            }
            top->eval();
            if (top->imem_req_valid_o)
                q.push_back(req{cyc + cfg.imiss_lat - 1, top->imem_req_mshr_o, top->imem_req_line_o});
            int mdone = wf_model_done(m);
            CHECK("done_o", top->done_o, mdone);
            if (top->done_o || mdone) break;
            wf_model_step(m);
            compare_obs(&cfg, wf_model_obs(m));
            if (errors > 20 || cyc >= max_cycles) break;
            tick();
            cyc++;
        }
        const uint64_t rtl_cycles = get(top->cycle_o, 0, 64);
        tick(); // leave the done cycle: running_o drops, the host ports open

        // C model run to completion for the cycle count (fresh instance)
        wf_model *m2 = wf_model_create(&cfg, err, sizeof err);
        uint64_t model_cycles = 0;
        if (m2 && !wf_model_load(m2, &prog, NULL, err, sizeof err) &&
            !wf_model_run(m2, max_cycles, err, sizeof err))
            model_cycles = wf_model_cycle(m2);
        else
            fprintf(stderr, "wf_model_run: %s\n", err);
        wf_model_final_state(m2 ? m2 : m, &ms);

        // read back registers and the scratchpad
        unsigned long final_diffs = 0, model_diffs = 0;
        // The interpreter is the oracle unless war=none (§8.1) or the program has
        // inter-warp races in this configuration (docs/isa.md: outside what
        // co-simulation compares), which shows as the cycle model disagreeing too.
        char why[256];
        wf_arch_diff(&fs, &ms, why, sizeof why);
        const int model_vs_interp = why[0] != 0;
        const int check_interp = cfg.war != WF_WAR_NONE && !model_vs_interp;
        for (unsigned w = 0; w < cfg.warps; w++)
            for (unsigned r = 0; r < cfg.regs; r++) {
                top->reg_en_i = 1;
                top->reg_warp_i = w;
                top->reg_idx_i = r;
                tick();
                top->reg_en_i = 0;
                top->eval();
                for (unsigned l = 0; l < cfg.lanes; l++) {
                    uint32_t v = (uint32_t)get(top->reg_rdata_o, l * 32, 32);
                    if (check_interp && v != *wf_arch_reg(&fs, w, r, l) && final_diffs++ < 10)
                        fprintf(stderr, "w%u r%u lane %u: rtl %u, interpreter %u\n", w, r, l, v,
                                *wf_arch_reg(&fs, w, r, l));
                    if (v != *wf_arch_reg(&ms, w, r, l) && model_diffs++ < 10)
                        fprintf(stderr, "w%u r%u lane %u: rtl %u, cycle model %u\n", w, r, l, v,
                                *wf_arch_reg(&ms, w, r, l));
                }
            }
        for (unsigned a = 0; a < cfg.mem_words; a++) {
            top->mem_en_i = 1;
            top->mem_we_i = 0;
            top->mem_addr_i = a;
            tick();
            top->mem_en_i = 0;
            top->eval();
            uint32_t v = top->mem_rdata_o;
            if (check_interp && v != fs.mem[a] && final_diffs++ < 10)
                fprintf(stderr, "mem[%u]: rtl %u, interpreter %u\n", a, v, fs.mem[a]);
            if (v != ms.mem[a] && model_diffs++ < 10)
                fprintf(stderr, "mem[%u]: rtl %u, cycle model %u\n", a, v, ms.mem[a]);
        }
        const int ok = errors == 0 && final_diffs == 0 && model_diffs == 0 && model_cycles == rtl_cycles;
        (void)clear_cycles;
        printf("%s %s (run %d): rtl cycles %llu, model cycles %llu, trace mismatches %lu, final-state "
               "diffs %lu (interpreter%s) %lu (cycle model)\n",
               ok ? "PASS" : "FAIL", argv[1], run + 1, (unsigned long long)rtl_cycles,
               (unsigned long long)model_cycles, errors, final_diffs,
               check_interp ? "" : cfg.war == WF_WAR_NONE ? ", skipped: war=none"
                                    : ", skipped: the cycle model differs from it too (inter-warp race)",
               model_diffs);
        wf_arch_free(&ms);
        wf_model_destroy(m);
        wf_model_destroy(m2);
        all_ok &= ok;
    }
    wf_arch_free(&fs);
    wf_program_free(&prog);
    top->final();
    delete top;
    return all_ok ? 0 : 1;
}
