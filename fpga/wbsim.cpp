// The simulated SoC bus (docs/soc.md "Without a SoC"): wf_wb_top under
// Verilator with its Wishbone slave driven by a bus master (the CPU's
// accesses) and its DMA master answered by a system memory, both here. The
// driver (scripts/wf/soc.py, SimBus) sends one command a line on stdin and
// reads one answer a line on stdout:
//   w ADDR VALUE [SEL]   a slave write (byte offset, hex) -> "ok"
//   r ADDR               a slave read -> the value (hex)
//   mw ADDR V...         system memory words at byte address ADDR (the CPU's
//                        stores; no bus cycles) -> "ok"
//   mr ADDR N            N system memory words -> the values (hex)
//   irq N                run until irq_o or N cycles -> "irq C" (C cycles waited) or "noirq"
//   cycles               the clock cycles so far -> the count
// An error (an unknown command, an address outside system memory for mw/mr,
// a slave access not acknowledged within 1000 cycles) -> "error: MESSAGE".
// The memory answers each DMA access after WAIT (0..3, --wait, cycling)
// cycles and with err for an address outside [SYS_BASE, SYS_BASE + SYS_SIZE).
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "Vwf_wb_top.h"
#include "verilated.h"

#ifndef SYS_BASE
#error "build with -DSYS_BASE=<the top's SYS_BASE> -DSYS_SIZE=<its SYS_SIZE>"
#endif

namespace {

struct Sim {
    std::unique_ptr<Vwf_wb_top> top{new Vwf_wb_top};
    std::vector<uint32_t> mem = std::vector<uint32_t>(SYS_SIZE / 4, 0);
    uint64_t cycles = 0;
    int wait = 0, wait_max = 0, waited = 0;

    bool in_mem(uint64_t a) const { return a >= SYS_BASE && a < (uint64_t)SYS_BASE + SYS_SIZE; }

    // one clock: the system memory answers the DMA's request (registered, as a
    // classic slave: ack for one cycle, not again while it is still high)
    void tick()
    {
        bool ack = false, err = false;
        uint32_t rdata = 0;
        if (top->wbm_cyc_o && top->wbm_stb_o && !top->wbm_ack_i && !top->wbm_err_i) {
            if (waited < wait) {
                waited++;
            } else {
                waited = 0;
                wait = wait_max ? (wait + 1) % (wait_max + 1) : 0;
                uint64_t a = (uint64_t)top->wbm_adr_o << 2;
                if (!in_mem(a) || top->wbm_sel_o != 0xF) {
                    err = true;
                } else if (top->wbm_we_o) {
                    mem[(a - SYS_BASE) / 4] = top->wbm_dat_o;
                    ack = true;
                } else {
                    rdata = mem[(a - SYS_BASE) / 4];
                    ack = true;
                }
            }
        }
        top->clk_i = 1;
        top->eval();
        top->wbm_ack_i = ack;
        top->wbm_err_i = err;
        top->wbm_dat_i = rdata;
        top->clk_i = 0;
        top->eval();
        cycles++;
    }

    // one slave access; false when not acknowledged
    bool access(bool we, uint32_t addr, uint32_t wdata, unsigned sel, uint32_t *rdata)
    {
        top->wbs_cyc_i = 1;
        top->wbs_stb_i = 1;
        top->wbs_we_i = we;
        top->wbs_adr_i = addr >> 2;
        top->wbs_dat_i = wdata;
        top->wbs_sel_i = sel;
        top->eval();
        for (int i = 0; i < 1000; i++) {
            tick();
            if (top->wbs_ack_o) {
                *rdata = top->wbs_dat_o;
                top->wbs_cyc_i = 0;
                top->wbs_stb_i = 0;
                top->wbs_we_i = 0;
                top->eval();
                return true;
            }
        }
        top->wbs_cyc_i = 0;
        top->wbs_stb_i = 0;
        top->eval();
        return false;
    }
};

}  // namespace

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    Sim s;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--wait") && i + 1 < argc) s.wait_max = std::atoi(argv[++i]) & 3;
    }
    s.top->rst_ni = 0;
    s.top->clk_i = 0;
    s.top->eval();
    for (int i = 0; i < 4; i++) s.tick();
    s.top->rst_ni = 1;
    s.top->eval();
    s.tick();

    char line[1 << 16];
    while (std::fgets(line, sizeof line, stdin)) {
        char *p = line;
        char *cmd = strtok(p, " \t\r\n");
        if (!cmd) continue;
        std::string c = cmd;
        auto next = [](uint64_t *v) {
            char *t = strtok(nullptr, " \t\r\n");
            if (!t) return false;
            *v = std::strtoull(t, nullptr, 16);
            return true;
        };
        uint64_t a = 0, v = 0, n = 0;
        if (c == "w" && next(&a) && next(&v)) {
            uint64_t sel = 0xF;
            next(&sel);
            uint32_t r;
            if (s.access(true, (uint32_t)a, (uint32_t)v, (unsigned)sel, &r)) std::printf("ok\n");
            else std::printf("error: write 0x%" PRIx64 " not acknowledged\n", a);
        } else if (c == "r" && next(&a)) {
            uint32_t r = 0;
            if (s.access(false, (uint32_t)a, 0, 0xF, &r)) std::printf("%x\n", r);
            else std::printf("error: read 0x%" PRIx64 " not acknowledged\n", a);
        } else if (c == "mw" && next(&a)) {
            bool ok = true;
            for (uint64_t k = 0; next(&v); k++) {
                if (!s.in_mem(a + 4 * k) || (a & 3)) { ok = false; break; }
                s.mem[(a + 4 * k - SYS_BASE) / 4] = (uint32_t)v;
            }
            if (ok) std::printf("ok\n");
            else std::printf("error: mw 0x%" PRIx64 ": outside system memory\n", a);
        } else if (c == "mr" && next(&a) && next(&n)) {
            if ((a & 3) || !s.in_mem(a) || (n && !s.in_mem(a + 4 * n - 4))) {
                std::printf("error: mr 0x%" PRIx64 ": outside system memory\n", a);
            } else {
                std::string out;
                char b[16];
                for (uint64_t k = 0; k < n; k++) {
                    std::snprintf(b, sizeof b, k ? " %x" : "%x", s.mem[(a + 4 * k - SYS_BASE) / 4]);
                    out += b;
                }
                std::printf("%s\n", out.c_str());
            }
        } else if (c == "irq" && next(&n)) {
            uint64_t k = 0;
            while (!s.top->irq_o && k < n) { s.tick(); k++; }
            if (s.top->irq_o) std::printf("irq %" PRIu64 "\n", k);
            else std::printf("noirq\n");
        } else if (c == "cycles") {
            std::printf("%" PRIu64 "\n", s.cycles);
        } else {
            std::printf("error: unknown command or missing operand: %s\n", cmd);
        }
        std::fflush(stdout);
    }
    s.top->final();
    return 0;
}
