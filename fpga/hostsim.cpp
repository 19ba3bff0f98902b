// The simulated board (docs/fpga.md "Without a board"): wf_fpga_uart_top
// under Verilator with its UART pins driven and decoded bit by bit here, the
// bytes carried over a TCP socket on 127.0.0.1 (pyserial: socket://HOST:PORT),
// so `wfhost --port sim:...` sends exactly what a board's UART would receive.
//
//   hostsim [--port N] [--corrupt-tx K]
//     --port N        listen on port N (0, the default: any free port); prints
//                     "WFHOSTSIM PORT <n>" on stdout when listening
//     --corrupt-tx K  flip bit 0 of the K-th byte the board sends (1-based):
//                     the host must see a bad reply CRC (the checks can fail)
// One connection; the simulation ends when the host closes it. The clock
// runs while bytes are in flight or busy_led_o is 1 (a frame is handled or
// a launched run is not done); otherwise the harness sleeps in poll(). The
// board's bytes are sent in one write per reply (see below).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <string>

#include "Vwf_fpga_uart_top.h"
#include "verilated.h"

#ifndef BAUD_DIV
#error "build with -DBAUD_DIV=<the top's BAUD_DIV>"
#endif

namespace {

int die(const char *what)
{
    std::fprintf(stderr, "hostsim: %s: %s\n", what, std::strerror(errno));
    return 2;
}

// Drives the board's rx pin: start bit, 8 data bits LSB first, stop bit.
struct UartDriver {
    std::deque<unsigned char> q;
    int bit = -1;      // -1 idle, 0 start, 1..8 data, 9 stop
    int cnt = 0;
    unsigned char cur = 0;
    int level() const
    {
        if (bit < 0 || bit == 9) return 1;
        if (bit == 0) return 0;
        return (cur >> (bit - 1)) & 1;
    }
    void tick()
    {
        if (bit < 0) {
            if (q.empty()) return;
            cur = q.front();
            q.pop_front();
            bit = 0;
            cnt = 0;
            return;
        }
        if (++cnt == BAUD_DIV) {
            cnt = 0;
            if (++bit == 10) bit = -1;
        }
    }
    bool idle() const { return bit < 0 && q.empty(); }
};

// Decodes the board's tx pin, sampling each bit in its middle.
struct UartMonitor {
    int bit = -1, cnt = 0, prev = 1;
    unsigned sh = 0;
    // returns a byte (0..255) when one completes, -1 otherwise; -2 on a framing error
    int tick(int tx)
    {
        int r = -1;
        if (bit < 0) {
            if (prev == 1 && tx == 0) {
                bit = 0;
                cnt = BAUD_DIV / 2;
            }
        } else if (--cnt == 0) {
            cnt = BAUD_DIV;
            if (bit == 0 && tx != 0) bit = -1;          // not a start bit
            else if (bit >= 1 && bit <= 8) sh |= (unsigned)tx << (bit - 1);
            if (bit == 9) {
                r = tx ? (int)(sh & 0xFF) : -2;
                bit = -1;
                sh = 0;
            } else if (bit >= 0) {
                bit++;
            }
        }
        prev = tx;
        return r;
    }
    bool idle() const { return bit < 0; }
};

}  // namespace

int main(int argc, char **argv)
{
    int port = 0;
    long corrupt = 0;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if ((a == "--port" || a == "--corrupt-tx") && i + 1 < argc) {
            char *end;
            long v = std::strtol(argv[++i], &end, 10);
            if (*end || v < 0 || (a == "--port" && v > 65535)) {
                std::fprintf(stderr, "hostsim: %s %s: not a valid number\n", a.c_str(), argv[i]);
                return 2;
            }
            if (a == "--port") port = (int)v;
            else corrupt = v;
        } else {
            std::fprintf(stderr, "usage: hostsim [--port N] [--corrupt-tx K]\n");
            return 2;
        }
    }

    int ls = socket(AF_INET, SOCK_STREAM, 0);
    if (ls < 0) return die("socket");
    int one = 1;
    setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in sa{};
    sa.sin_family = AF_INET;
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    sa.sin_port = htons((unsigned short)port);
    if (bind(ls, (sockaddr *)&sa, sizeof sa) < 0) return die("bind");
    if (listen(ls, 1) < 0) return die("listen");
    socklen_t sl = sizeof sa;
    if (getsockname(ls, (sockaddr *)&sa, &sl) < 0) return die("getsockname");
    std::printf("WFHOSTSIM PORT %d\n", ntohs(sa.sin_port));
    std::fflush(stdout);
    int s = accept(ls, nullptr, nullptr);
    if (s < 0) return die("accept");
    close(ls);
    setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);

    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<Vwf_fpga_uart_top>(ctx.get());
    UartDriver drv;
    UartMonitor mon;
    long sent = 0;
    top->clk_i = 0;
    top->rst_i = 1;
    top->uart_rx_i = 1;
    top->eval();
    for (int i = 0; i < 4; i++) {
        top->clk_i = !top->clk_i;
        top->eval();
    }
    top->rst_i = 0;

    unsigned long long cyc = 0;
    unsigned char buf[4096];
    std::string out;          // decoded bytes not yet written to the socket
    long quiet = 0;           // cycles since the last decoded byte
    for (;;) {
        bool active = !drv.idle() || !mon.idle() || top->busy_led_o || !top->uart_tx_o ||
                      !out.empty();
        if (!active || (cyc & 63) == 0) {
            pollfd p{s, POLLIN, 0};
            int n = poll(&p, 1, active ? 0 : -1);
            if (n < 0 && errno != EINTR) return die("poll");
            if (n > 0) {
                ssize_t r = read(s, buf, sizeof buf);
                if (r <= 0) break;                       // the host closed the connection
                drv.q.insert(drv.q.end(), buf, buf + r);
            }
        }
        // one clock cycle: inputs change after the falling edge
        top->uart_rx_i = drv.level();
        top->clk_i = 1;
        top->eval();
        top->clk_i = 0;
        top->eval();
        drv.tick();
        int b = mon.tick(top->uart_tx_o);
        if (b >= 0) {
            unsigned char c = (unsigned char)b;
            if (++sent == corrupt) c ^= 1;
            out.push_back((char)c);
            quiet = 0;
        } else if (b == -2) {
            std::fprintf(stderr, "hostsim: framing error on the board's tx pin\n");
            return 1;
        }
        // the board's bytes go out when its tx line has been quiet for two
        // byte times (the end of a reply): one write per reply, not per byte
        if (!out.empty() && (++quiet >= 20 * BAUD_DIV || out.size() >= 4096)) {
            if (write(s, out.data(), out.size()) != (ssize_t)out.size()) break;
            out.clear();
        }
        cyc++;
    }
    top->final();
    close(s);
    return 0;
}
