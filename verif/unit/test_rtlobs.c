/* RTL trace-bus decoder (verif/rtlobs.c): port widths at the wf_core.v
 * declarations, known bit patterns at hand-computed offsets (one per field
 * family and both ends of every port: an independent pin of trace layout
 * version 2, docs/trace-layout.json; a layout change bumps the version and
 * revisits these), the refusal of another version,
 * and a walking one over every bit of every port at two size sets: each bit
 * must land in exactly one compared field bit (wf_cmp_obs sees it, and no two
 * bits give the same field and bit); the encoder as the decoder's inverse
 * and the field locator. Ports are allocated to their exact word
 * count, so an out-of-bounds read shows under ASan. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "warpfront.h"
#include "wf_check.h"
#include "wf_compare.h"
#include "wf_layout.h"
#include "wf_rtlobs.h"

_Static_assert(WF_TRACE_VERSION == 2, "the hand-computed offsets below are layout version 2");

typedef struct {
    wf_config cfg;
    uint32_t *p[WF_RTL_PORTS];
    unsigned bits[WF_RTL_PORTS];
    wf_rtl_trace t;
} bus_t;

static void cfg_set(wf_config *c, const char *name, const char *val)
{
    char err[256];
    ck_assert_msg(wf_config_set(c, name, val, err, sizeof err) == 0, "%s", err);
}

static void bus_init(bus_t *b, const wf_config *cfg)
{
    char err[256];
    memset(b, 0, sizeof *b);
    b->cfg = *cfg;
    ck_assert_msg(wf_config_check(&b->cfg, err, sizeof err) == 0, "%s", err);
    for (int k = 0; k < WF_RTL_PORTS; k++) {
        b->bits[k] = wf_rtl_trace_bits(cfg, k);
        ck_assert_uint_gt(b->bits[k], 0);
        b->p[k] = calloc((b->bits[k] + 31) / 32, sizeof(uint32_t));
        ck_assert_ptr_nonnull(b->p[k]);
    }
    b->t.obs = b->p[WF_RTL_OBS];
    b->t.wb = b->p[WF_RTL_WB];
    b->t.wb_data = b->p[WF_RTL_WB_DATA];
    b->t.bank = b->p[WF_RTL_BANK];
    b->t.warp = b->p[WF_RTL_WARP];
    b->t.cu = b->p[WF_RTL_CU];
    b->t.version = WF_TRACE_VERSION;
}

static void bus_clear(bus_t *b)
{
    for (int k = 0; k < WF_RTL_PORTS; k++) memset(b->p[k], 0, (b->bits[k] + 31) / 32 * 4);
}

static void bus_free(bus_t *b)
{
    for (int k = 0; k < WF_RTL_PORTS; k++) free(b->p[k]);
}

/* the test's own writer: bit by bit */
static void put(bus_t *b, int port, unsigned lsb, unsigned w, uint64_t x)
{
    ck_assert_msg(lsb + w <= b->bits[port], "pattern beyond %s", wf_rtl_trace_port_name(port));
    for (unsigned i = 0; i < w; i++) {
        unsigned k = lsb + i;
        if (x >> i & 1) b->p[port][k / 32] |= 1u << (k % 32);
        else b->p[port][k / 32] &= ~(1u << (k % 32));
    }
}

START_TEST(widths_at_the_port_declarations)
{
    bus_t b;
    wf_config c;
    wf_config_default(&c); /* 8 warps, 8 lanes, 4 banks, 4 CUs, 4 sb entries, 2 slots */
    bus_init(&b, &c);
    ck_assert_uint_eq(b.bits[WF_RTL_OBS], 342);
    ck_assert_uint_eq(b.bits[WF_RTL_WB], 189);
    ck_assert_uint_eq(b.bits[WF_RTL_WB_DATA], 768);
    ck_assert_uint_eq(b.bits[WF_RTL_BANK], 160);
    ck_assert_uint_eq(b.bits[WF_RTL_WARP], 8 * 267);
    ck_assert_uint_eq(b.bits[WF_RTL_CU], 215);
    ck_assert_uint_eq(wf_rtl_trace_bits(&c, WF_RTL_PORTS), 0);
    ck_assert_str_eq(wf_rtl_trace_port_name(WF_RTL_WARP), "obs_warp_o");
    bus_free(&b);
    cfg_set(&c, "warps", "64");
    cfg_set(&c, "lanes", "32");
    cfg_set(&c, "sb_entries", "8");
    cfg_set(&c, "ibuf", "8");
    cfg_set(&c, "collectors", "16");
    cfg_set(&c, "banks", "32");
    cfg_set(&c, "regs", "128");
    bus_init(&b, &c);
    ck_assert_uint_eq(b.bits[WF_RTL_WB_DATA], 3 * 32 * 32);
    ck_assert_uint_eq(b.bits[WF_RTL_BANK], 32 * 40);
    ck_assert_uint_eq(b.bits[WF_RTL_WARP], 64 * (115 + 72 + 464));
    ck_assert_uint_eq(b.bits[WF_RTL_CU], 17 * 43);
    bus_free(&b);
}
END_TEST

START_TEST(another_version_is_refused)
{
    bus_t b;
    wf_config c;
    wf_config_default(&c);
    bus_init(&b, &c);
    wf_obs *got = calloc(1, sizeof *got);
    ck_assert_ptr_nonnull(got);
    put(&b, WF_RTL_OBS, 0, 64, 77); /* a cycle number that must not be decoded */
    ck_assert_int_eq(wf_rtl_trace_decode(&c, &b.t, got), 0);
    ck_assert_uint_eq(got->cycle, 77);
    b.t.version = WF_TRACE_VERSION + 1;
    ck_assert_int_eq(wf_rtl_trace_decode(&c, &b.t, got), 1);
    ck_assert_uint_eq(got->cycle, 0);
    char msg[512];
    ck_assert_int_eq(wf_rtl_trace_check_version(WF_TRACE_VERSION, msg, sizeof msg), 0);
    ck_assert_str_eq(msg, "");
    ck_assert_int_eq(wf_rtl_trace_check_version(WF_TRACE_VERSION + 1, msg, sizeof msg), 1);
    char want[64];
    snprintf(want, sizeof want, "version %u on obs_version_o", WF_TRACE_VERSION + 1);
    ck_assert_msg(strstr(msg, want) && strstr(msg, "mismatch"), "message: %s", msg);
    free(got);
    bus_free(&b);
}
END_TEST

START_TEST(zero_bus_zero_record)
{
    bus_t b;
    wf_config c;
    wf_config_default(&c);
    bus_init(&b, &c);
    wf_obs *got = malloc(sizeof *got), *zero = calloc(1, sizeof *zero);
    ck_assert_ptr_nonnull(got);
    ck_assert_ptr_nonnull(zero);
    /* every byte the configuration uses is written, padding included (the
     * warps past cfg.warps are left alone: never compared) */
    memset(got, 0x5a, sizeof *got);
    wf_rtl_trace_decode(&c, &b.t, got);
    ck_assert_int_eq(memcmp(got, zero, offsetof(wf_obs, warp)), 0);
    ck_assert_int_eq(memcmp(got->warp, zero->warp, c.warps * sizeof got->warp[0]), 0);
    ck_assert_int_eq(memcmp(&got->issue, &zero->issue, sizeof *got - offsetof(wf_obs, issue)), 0);
    free(got);
    free(zero);
    bus_free(&b);
}
END_TEST

/* One field at a time: the pattern at its hand-computed offset decodes into
 * exactly that field (the whole record is compared). Default sizes: warp
 * record 267 bits (115 + 9*4 + 58*2), CU record 43 bits, bank 40, wb 63. */
START_TEST(known_patterns)
{
    bus_t b;
    wf_config c;
    wf_config_default(&c);
    bus_init(&b, &c);
    wf_obs *got = calloc(1, sizeof *got), *exp = malloc(sizeof *exp); /* calloc: warps past cfg.warps are never written */
    ck_assert_ptr_nonnull(got);
    ck_assert_ptr_nonnull(exp);
    unsigned n = 0;
#define CASE(port, lsb, w, val, field)                                                            \
    do {                                                                                          \
        bus_clear(&b);                                                                            \
        put(&b, port, lsb, w, val);                                                               \
        memset(exp, 0, sizeof *exp);                                                              \
        exp->field = val;                                                                         \
        wf_rtl_trace_decode(&c, &b.t, got);                                                       \
        ck_assert_msg(memcmp(got, exp, sizeof *got) == 0, "%s bit %u: " #field " not decoded",    \
                      wf_rtl_trace_port_name(port), (unsigned)(lsb));                            \
        n++;                                                                                      \
    } while (0)
    CASE(WF_RTL_OBS, 0, 64, 0x0123456789abcdefull, cycle);
    CASE(WF_RTL_OBS, 64, 1, 1, fetch.valid);
    CASE(WF_RTL_OBS, 65, 6, 0x2a, fetch.warp);
    CASE(WF_RTL_OBS, 71, 16, 0xbeef, fetch.pc);
    CASE(WF_RTL_OBS, 87, 2, 3, fetch.kind);
    CASE(WF_RTL_OBS, 89, 1, 1, fill.valid);
    CASE(WF_RTL_OBS, 90, 3, 5, fill.mshr);
    CASE(WF_RTL_OBS, 93, 16, 0x1234, fill.line);
    CASE(WF_RTL_OBS, 109, 1, 1, issue.valid);
    CASE(WF_RTL_OBS, 110, 6, 0x15, issue.warp);
    CASE(WF_RTL_OBS, 116, 16, 0xcafe, issue.pc);
    CASE(WF_RTL_OBS, 132, 1, 1, issue.replay);
    CASE(WF_RTL_OBS, 133, 8, 0xfe, issue.unit);
    CASE(WF_RTL_OBS, 141, 8, 0xff, issue.sb_entry);
    CASE(WF_RTL_OBS, 149, 2, 2, stall);
    CASE(WF_RTL_OBS, 151, 1, 1, dispatch[0].valid);
    CASE(WF_RTL_OBS, 182 + 23, 8, 0xfe, dispatch[1].cu);
    CASE(WF_RTL_OBS, 214, 6, 0x33, dispatch[2].warp);
    CASE(WF_RTL_OBS, 220, 16, 0x8001, dispatch[2].pc);
    CASE(WF_RTL_OBS, 236, 8, 0x03, dispatch[2].cu);
    CASE(WF_RTL_OBS, 244, 1, 1, piece.valid);
    CASE(WF_RTL_OBS, 245, 6, 0x3f, piece.warp);
    CASE(WF_RTL_OBS, 251, 16, 0x7777, piece.pc);
    CASE(WF_RTL_OBS, 267, 16, 0xa5a5, piece.line);
    CASE(WF_RTL_OBS, 283, 32, 0x80000001u, piece.lanes);
    CASE(WF_RTL_OBS, 315, 1, 1, piece.last);
    CASE(WF_RTL_OBS, 316, 1, 1, branch.valid);
    CASE(WF_RTL_OBS, 317, 6, 0x21, branch.warp);
    CASE(WF_RTL_OBS, 323, 1, 1, branch.taken);
    CASE(WF_RTL_OBS, 324, 16, 0xfedc, branch.target);
    CASE(WF_RTL_OBS, 340, 1, 1, lsu_stall);
    CASE(WF_RTL_OBS, 341, 1, 1, done);
    CASE(WF_RTL_WB, 0, 1, 1, wb[0].valid);
    CASE(WF_RTL_WB, 64, 6, 0x2d, wb[1].warp);
    CASE(WF_RTL_WB, 70, 8, 0x7f, wb[1].reg);
    CASE(WF_RTL_WB, 78, 8, 0x1f, wb[1].bank);
    CASE(WF_RTL_WB, 86, 32, 0xc0000003u, wb[1].lanes);
    CASE(WF_RTL_WB, 118, 8, 0x06, wb[1].release);
    CASE(WF_RTL_WB, 181, 8, 0xff, wb[2].release);
    CASE(WF_RTL_WB_DATA, 0, 32, 0x11223344u, wb[0].data[0]);
    CASE(WF_RTL_WB_DATA, 8 * 32 + 5 * 32, 32, 0x55667788u, wb[1].data[5]);
    CASE(WF_RTL_WB_DATA, 736, 32, 0xdeadbeefu, wb[2].data[7]);
    CASE(WF_RTL_BANK, 0, 2, 1, bank[0].kind);
    CASE(WF_RTL_BANK, 120, 2, 2, bank[3].kind);
    CASE(WF_RTL_BANK, 122, 6, 0x3e, bank[3].warp);
    CASE(WF_RTL_BANK, 128, 8, 0x7d, bank[3].reg);
    CASE(WF_RTL_BANK, 136, 8, 0xfe, bank[3].cu);
    CASE(WF_RTL_BANK, 144, 8, 0x02, bank[3].slot);
    CASE(WF_RTL_BANK, 152, 8, 0x03, bank[3].unit);
    CASE(WF_RTL_WARP, 0, 16, 0x0102, warp[0].fetch_pc);
    CASE(WF_RTL_WARP, 1335, 16, 0xf00d, warp[5].fetch_pc);
    CASE(WF_RTL_WARP, 1351, 2, 3, warp[5].fetch_state);
    CASE(WF_RTL_WARP, 1353, 1, 1, warp[5].exited);
    CASE(WF_RTL_WARP, 1354, 16, 0x00c3, warp[5].inflight);
    CASE(WF_RTL_WARP, 1370, 1, 1, warp[5].mem_inflight);
    CASE(WF_RTL_WARP, 1371, 1, 1, warp[5].collecting);
    CASE(WF_RTL_WARP, 1372, 64, 0x8000000000000001ull, warp[5].filter);
    CASE(WF_RTL_WARP, 1335 + 101, 1, 1, warp[5].sb[0].valid);
    CASE(WF_RTL_WARP, 1463, 1, 1, warp[5].sb[3].valid);
    CASE(WF_RTL_WARP, 1464, 8, 0x5c, warp[5].sb[3].reg);
    CASE(WF_RTL_WARP, 1335 + 137, 1, 1, warp[5].ibuf[0].valid);
    CASE(WF_RTL_WARP, 1530, 1, 1, warp[5].ibuf[1].valid);
    CASE(WF_RTL_WARP, 1531, 1, 1, warp[5].ibuf[1].issued);
    CASE(WF_RTL_WARP, 1532, 16, 0x4321, warp[5].ibuf[1].pc);
    CASE(WF_RTL_WARP, 1548, 8, 0x0a, warp[5].ibuf[1].dep);
    CASE(WF_RTL_WARP, 1556, 32, 0x000000f1u, warp[5].ibuf[1].lanes_left);
    CASE(WF_RTL_WARP, 1588, 4, 9, warp[5].hazard);
    CASE(WF_RTL_WARP, 1592, 10, 0x2a5, warp[5].hazard_mask);
    CASE(WF_RTL_WARP, 2122, 4, 0xf, warp[7].hazard);
    CASE(WF_RTL_WARP, 2126, 10, 0x3ff, warp[7].hazard_mask);
    CASE(WF_RTL_CU, 0, 1, 1, cu[0].valid);
    CASE(WF_RTL_CU, 86, 1, 1, cu[2].valid);
    CASE(WF_RTL_CU, 87, 6, 0x11, cu[2].warp);
    CASE(WF_RTL_CU, 93, 16, 0x2468, cu[2].pc);
    CASE(WF_RTL_CU, 109, 3, 5, cu[2].pending);
    CASE(WF_RTL_CU, 112, 1, 1, cu[2].ready);
    CASE(WF_RTL_CU, 113, 16, 0x000b, cu[2].older);
    CASE(WF_RTL_CU, 172, 1, 1, sr.valid);
    CASE(WF_RTL_CU, 179, 16, 0x1357, sr.pc);
    CASE(WF_RTL_CU, 199, 16, 0xffff, sr.older);
#undef CASE
    ck_assert_uint_eq(n, 80);
    free(got);
    free(exp);
    bus_free(&b);
}
END_TEST

/* Every bit of every port lands in exactly one compared field bit. The sizes
 * make every field fully compared (32 lanes, 8 scoreboard entries, 16 CUs,
 * 64 bloom bits); the three run-time settings between them compare every
 * WAR-state field and both the CUs and the SR. The wb lane masks are all set
 * in the base pattern so that wb data is compared. The one field the bus
 * carries that no configuration compares is the SR's `older` (the RTL packs
 * 0 there, §11: the SR has no inorder state; compare.c skips it). */
static void walk(const char *warps, const char *banks, const char *ibuf)
{
    static const char *const rt[3][2] = {{"3", "inorder"}, {"2", "bloom"}, {"1", "warpboard-read"}};
    wf_config c[3];
    bus_t b;
    for (int k = 0; k < 3; k++) {
        wf_config_default(&c[k]);
        cfg_set(&c[k], "lanes", "32");
        cfg_set(&c[k], "sb_entries", "8");
        cfg_set(&c[k], "collectors", "16");
        cfg_set(&c[k], "bloom_bits", "64");
        cfg_set(&c[k], "warps", warps);
        cfg_set(&c[k], "banks", banks);
        cfg_set(&c[k], "ibuf", ibuf);
        cfg_set(&c[k], "loops", rt[k][0]);
        cfg_set(&c[k], "war", rt[k][1]);
    }
    bus_init(&b, &c[0]);
    for (unsigned x = 0; x < 3; x++) put(&b, WF_RTL_WB, x * 63 + 23, 32, 0xffffffffu);
    wf_obs *base = malloc(3 * sizeof *base), *got = malloc(sizeof *got);
    ck_assert_ptr_nonnull(base);
    ck_assert_ptr_nonnull(got);
    for (int k = 0; k < 3; k++) wf_rtl_trace_decode(&c[k], &b.t, &base[k]);
    unsigned total = 0;
    for (int k = 0; k < WF_RTL_PORTS; k++) total += b.bits[k];
    char(*sig)[WF_CMP_PATH + 24] = malloc(total * sizeof *sig);
    ck_assert_ptr_nonnull(sig);
    const unsigned sr_older = 16 * 43 + 27; /* obs_cu_o: SR record after 16 CUs, older at +27 */
    unsigned n = 0, skipped = 0;
    for (int port = 0; port < WF_RTL_PORTS; port++)
        for (unsigned bit = 0; bit < b.bits[port]; bit++) {
            if (port == WF_RTL_CU && bit >= sr_older && bit < sr_older + 16) {
                skipped++;
                continue;
            }
            b.p[port][bit / 32] ^= 1u << (bit % 32);
            int seen = 0;
            for (int k = 0; k < 3 && !seen; k++) {
                wf_cmp_diff d;
                wf_rtl_trace_decode(&c[k], &b.t, got);
                if (!wf_cmp_obs(&c[k], &base[k], got, &d)) continue;
                seen = 1;
                snprintf(sig[n], sizeof sig[n], "%s^%llx", d.path,
                         (unsigned long long)(d.expected ^ d.actual));
            }
            /* plain ifs: a passing ck_assert costs a system call (Check's location mark) */
            if (!seen)
                ck_abort_msg("%s bit %u (warps %s): no compared field changes",
                             wf_rtl_trace_port_name(port), bit, warps);
            for (unsigned j = 0; j < n; j++)
                if (strcmp(sig[j], sig[n]) == 0)
                    ck_abort_msg("%s bit %u: field bit %s seen twice", wf_rtl_trace_port_name(port),
                                 bit, sig[n]);
            n++;
            b.p[port][bit / 32] ^= 1u << (bit % 32);
        }
    ck_assert_uint_eq(skipped, 16);
    ck_assert_uint_eq(n + skipped, total);
    free(sig);
    free(base);
    free(got);
    bus_free(&b);
}

START_TEST(walking_one_every_bit_once) { walk("2", "3", "3"); }
END_TEST
START_TEST(walking_one_odd_sizes) { walk("3", "1", "1"); }
END_TEST

/* wf_rtl_trace_encode is the decoder's inverse: every one-bit bus decodes and
 * encodes back to itself, bit for bit, at two size sets; wf_rtl_trace_locate
 * finds report paths at their ports and bits */
static void round_trip(const char *warps, const char *lanes, const char *ibuf)
{
    wf_config c;
    wf_config_default(&c);
    cfg_set(&c, "warps", warps);
    cfg_set(&c, "lanes", lanes);
    cfg_set(&c, "ibuf", ibuf);
    bus_t b, e;
    bus_init(&b, &c);
    bus_init(&e, &c);
    wf_obs *o = malloc(sizeof *o);
    ck_assert_ptr_nonnull(o);
    for (int port = 0; port < WF_RTL_PORTS; port++)
        for (unsigned bit = 0; bit < b.bits[port]; bit++) {
            b.p[port][bit / 32] ^= 1u << (bit % 32);
            wf_rtl_trace_decode(&c, &b.t, o);
            wf_rtl_trace_encode(&c, o, e.p);
            for (int q = 0; q < WF_RTL_PORTS; q++)
                if (memcmp(b.p[q], e.p[q], (b.bits[q] + 31) / 32 * 4))
                    ck_abort_msg("%s bit %u: encoded back, %s differs", wf_rtl_trace_port_name(port), bit,
                                 wf_rtl_trace_port_name(q));
            b.p[port][bit / 32] ^= 1u << (bit % 32);
        }
    int port;
    unsigned lsb, width;
    ck_assert_int_eq(wf_rtl_trace_locate(&c, "issue.pc", &port, &lsb, &width), 0);
    ck_assert_int_eq(port, WF_RTL_OBS);
    ck_assert_uint_eq(lsb, 116); /* scripts/gen-layout.py --lsb obs.issue.pc */
    ck_assert_uint_eq(width, 16);
    ck_assert_int_eq(wf_rtl_trace_locate(&c, "wb[1].data[0]", &port, &lsb, &width), 0);
    ck_assert_int_eq(port, WF_RTL_WB_DATA);
    ck_assert_uint_eq(lsb, 32 * c.lanes);
    ck_assert_uint_eq(width, 32);
    ck_assert_int_eq(wf_rtl_trace_locate(&c, "no.such", &port, &lsb, &width), -1);
    free(o);
    bus_free(&b);
    bus_free(&e);
}

START_TEST(encode_is_the_inverse) { round_trip("2", "3", "3"); }
END_TEST
START_TEST(encode_is_the_inverse_odd_sizes) { round_trip("3", "1", "1"); }
END_TEST

int main(void)
{
    Suite *s = suite_create("rtlobs");
    TCase *t = tcase_create("decode");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, widths_at_the_port_declarations);
    tcase_add_test(t, another_version_is_refused);
    tcase_add_test(t, zero_bus_zero_record);
    tcase_add_test(t, known_patterns);
    tcase_add_test(t, walking_one_every_bit_once);
    tcase_add_test(t, walking_one_odd_sizes);
    tcase_add_test(t, encode_is_the_inverse);
    tcase_add_test(t, encode_is_the_inverse_odd_sizes);
    suite_add_tcase(s, t);
    return wf_run_suite(s);
}
