/* The harness's instruction memory (verif/host.c, wf_imem): the fixed
 * latency of §3.3, and the seeded jitter of --imem-jitter: every request is
 * answered exactly once with its own line, 1 .. 2*imiss_lat+8 cycles after
 * its handshake, at most one response per cycle; ready is low in some cycles;
 * responses overtake older requests; the same seed repeats itself and another
 * seed does not. A driver stands in for the RTL: it keeps up to `mshrs`
 * requests outstanding, one new request per cycle when ready. */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "warpfront.h"
#include "wf_check.h"
#include "wf_host.h"

#define LINES 64
#define MSHRS 4

typedef struct {
    uint64_t ready_low, responses, out_of_order, min_lat, max_lat;
    uint64_t trace; /* hash of (cycle, mshr) of every response */
} drive_t;

static void drive(int jitter, uint64_t seed, unsigned cycles, drive_t *out)
{
    wf_config cfg;
    wf_config_default(&cfg); /* imiss_lat 8, icache_line 4 */
    static uint64_t words[LINES * 4];
    for (unsigned i = 0; i < LINES * 4; i++) words[i] = 0x1000000000ull * i + i;
    wf_program prog;
    memset(&prog, 0, sizeof prog);
    prog.words = words;
    prog.len = LINES * 4;
    wf_imem m;
    wf_imem_init(&m, &cfg, &prog);
    if (jitter) wf_imem_jitter(&m, seed);
    int busy[MSHRS] = {0};
    unsigned line_of[MSHRS] = {0};
    uint64_t sent_at[MSHRS] = {0};
    unsigned next_line = 0;
    memset(out, 0, sizeof *out);
    out->min_lat = UINT64_MAX;
    uint32_t data[2 * 16];
    for (uint64_t c = 0; c < cycles; c++) {
        unsigned mshr;
        if (wf_imem_response(&m, c, &mshr, data)) {
            ck_assert_uint_lt(mshr, MSHRS);
            ck_assert_msg(busy[mshr], "cycle %u: response for idle mshr %u", (unsigned)c, mshr);
            for (unsigned k = 0; k < 4; k++) {
                uint64_t w = (uint64_t)data[2 * k] | (uint64_t)data[2 * k + 1] << 32;
                ck_assert_msg(w == words[line_of[mshr] * 4 + k], "mshr %u: wrong line data", mshr);
            }
            uint64_t lat = c - sent_at[mshr];
            if (jitter) { /* due after 1..2*imiss_lat+8, then answered in a due cycle */
                ck_assert_uint_ge(lat, 1);
                ck_assert_uint_le(lat, 2 * cfg.imiss_lat + 8 + 64);
                if (lat < out->min_lat) out->min_lat = lat;
                if (lat > out->max_lat) out->max_lat = lat;
            } else {
                ck_assert_uint_eq(lat, cfg.imiss_lat - 1);
            }
            for (unsigned j = 0; j < MSHRS; j++) /* an older request still waiting */
                if (busy[j] && j != mshr && sent_at[j] < sent_at[mshr]) {
                    out->out_of_order++;
                    break;
                }
            busy[mshr] = 0;
            out->responses++;
            out->trace = out->trace * 1000003u + c * 8 + mshr;
        }
        int ready = wf_imem_ready(&m, c);
        out->ready_low += !ready;
        for (unsigned j = 0; j < MSHRS && ready; j++)
            if (!busy[j]) {
                busy[j] = 1;
                line_of[j] = next_line++ % LINES;
                sent_at[j] = c;
                ck_assert_int_eq(wf_imem_request(&m, c, j, line_of[j]), 0);
                break;
            }
    }
    ck_assert_uint_eq(m.st.responses, out->responses);
    ck_assert_uint_eq(m.st.ready_low, out->ready_low);
}

START_TEST(fixed_latency)
{
    drive_t d;
    drive(0, 0, 2000, &d);
    ck_assert_uint_gt(d.responses, 100);
    ck_assert_uint_eq(d.ready_low, 0);
    ck_assert_uint_eq(d.out_of_order, 0);
}
END_TEST

START_TEST(jitter_properties)
{
    drive_t a, b, c;
    drive(1, 42, 20000, &a);
    ck_assert_uint_gt(a.responses, 1000);
    ck_assert_uint_gt(a.ready_low, 20000 / 10); /* low in a quarter of the cycles and more */
    ck_assert_uint_lt(a.ready_low, 20000 / 2);
    ck_assert_uint_gt(a.out_of_order, 50);
    ck_assert_uint_lt(a.min_lat, 8 - 1); /* both faster and slower than §3.3's imiss_lat - 1 */
    ck_assert_uint_gt(a.max_lat, 2 * 8);
    drive(1, 42, 20000, &b);
    ck_assert_uint_eq(a.trace, b.trace); /* the seed reproduces the memory */
    ck_assert_uint_eq(a.ready_low, b.ready_low);
    drive(1, 43, 20000, &c);
    ck_assert_uint_ne(a.trace, c.trace);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("imem");
    TCase *t = tcase_create("imem");
    tcase_add_test(t, fixed_latency);
    tcase_add_test(t, jitter_properties);
    tcase_set_timeout(t, 60); /* 20000-cycle drives under ASan on a loaded machine */
    suite_add_tcase(s, t);
    return wf_run_suite(s);
}
