/* The DPI-C entry points (verif/dpi/wf_dpi.c) from C, without a simulator:
 * create's errors, the configuration and launch queries, the record-field
 * reader (wf_cmp_field, verif/compare.c: every table entry at its offset),
 * a trace that differs, done, the final state, a timeout and the result
 * records (wf_dpi_result, --result), null handles. The SV side
 * runs in `make dpi-smoke`. wf_dpi.c is included so the tests reach its
 * handle's lockstep core (verif/verif.mk: the dependency). */
#include "../dpi/wf_dpi.c"

#include <unistd.h>

#include "wf_check.h"
#include "wf_layout.h"

static const char *const PROG = "tid r1\nmovi r2 <- 5\naddi r3 <- r1, 7\nst [r1] <- r3\nexit\n";

/* the program into a fresh temporary file named in path[64] */
static void write_prog(char *path)
{
    snprintf(path, 64, "/tmp/wf_test_dpi_XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, PROG, strlen(PROG)), (int)strlen(PROG));
    close(fd);
}

START_TEST(create_refuses_bad_input)
{
    char path[64];
    write_prog(path);
    ck_assert_ptr_null(wf_dpi_create("/nonexistent/p.s", ""));
    ck_assert_ptr_null(wf_dpi_create(path, "--banks 99"));
    ck_assert_ptr_null(wf_dpi_create(path, "--warps"));
    ck_assert_ptr_null(wf_dpi_create(path, "--bare"));   /* a harness option, not for DPI */
    ck_assert_ptr_null(wf_dpi_create(path, "--seed 0"));
    ck_assert_ptr_null(wf_dpi_create(path, "stray"));
    void *h = wf_dpi_create(path, "--warps 2 --imiss-lat 5 --layout naive --seed 9");
    ck_assert_ptr_nonnull(h);
    wf_dpi_destroy(h);
    unlink(path);
}
END_TEST

START_TEST(queries)
{
    char path[64];
    write_prog(path);
    void *h = wf_dpi_create(path, "--warps 2 --imiss-lat 5 --layout naive --war inorder");
    ck_assert_ptr_nonnull(h);
    ck_assert_int_eq(wf_dpi_cfg(h, "imiss_lat"), 5);
    ck_assert_int_eq(wf_dpi_cfg(h, "warps"), 2);
    ck_assert_int_eq(wf_dpi_cfg(h, "nonsense"), -1);
    ck_assert_int_eq(wf_dpi_launch_input(h, "swizzle"), 0);
    ck_assert_int_eq(wf_dpi_launch_input(h, "war"), WF_WAR_INORDER);
    ck_assert_int_eq(wf_dpi_launch_input(h, "nonsense"), -1);
    ck_assert_int_eq(wf_dpi_start_pc(h, 0), 0);
    ck_assert_int_eq(wf_dpi_start_pc(h, 5), 0); /* outside: 0 */
    const wf_dpi *d = h;
    ck_assert(wf_dpi_imem_word(h, 1) == (long long)d->prog.words[1]);
    ck_assert(wf_dpi_imem_word(h, 5) == 0);
    ck_assert(wf_dpi_imem_word(h, -1) == 0);
    wf_dpi_destroy(h);
    unlink(path);
}
END_TEST

START_TEST(field_reader)
{
    char path[64];
    write_prog(path);
    void *h = wf_dpi_create(path, "--warps 2");
    long long v;
    ck_assert_int_eq(wf_dpi_step(h), 0); /* cycle 0: warp 0 misses line 0 */
    const wf_obs *ob = wf_ls_model_obs(((wf_dpi *)h)->ls);
    ck_assert_int_eq(wf_dpi_obs_field(h, 0, "cycle", &v), 0);
    ck_assert(v == 0);
    ck_assert_int_eq(wf_dpi_obs_field(h, 0, "fetch.valid", &v), 0);
    ck_assert(v == ob->fetch.valid && v == 1);
    ck_assert_int_eq(wf_dpi_obs_field(h, 0, "fetch.kind", &v), 0);
    ck_assert(v == WF_FEV_MISS);
    ck_assert_int_eq(wf_dpi_obs_field(h, 0, "warp[0].fetch_state", &v), 0);
    ck_assert(v == ob->warp[0].fetch_state);
    ck_assert_int_eq(wf_dpi_obs_field(h, 0, "warp[1].ibuf[0].pc", &v), 0);
    ck_assert_int_eq(wf_dpi_obs_field(h, 0, "warp[1].sb[3].reg", &v), 0);
    ck_assert_int_eq(wf_dpi_obs_field(h, 0, "issue.sb_entry", &v), 0);
    ck_assert(v == ob->issue.sb_entry);
    ck_assert_int_eq(wf_dpi_obs_field(h, 0, "wb[2].data[31]", &v), 0);
    ck_assert_int_eq(wf_dpi_obs_field(h, 0, "sr.pending", &v), 0);
    /* every field of the table at its offset: set a distinct value in the RTL side, read it */
    wf_obs *rtl = (wf_obs *)wf_ls_rtl_obs(((wf_dpi *)h)->ls); /* (the core's own, not const) */
    rtl->bank[3].slot = 2;
    rtl->wb[1].data[7] = 0xdeadbeef;
    rtl->warp[1].filter = 0x8000000000000001ull;
    rtl->warp[1].ibuf[1].lanes_left = 0x55;
    rtl->cu[2].older = 0x1234;
    rtl->issue.pc = 77;
    rtl->piece.last = 1;
    ck_assert_int_eq(wf_dpi_obs_field(h, 1, "bank[3].slot", &v), 0);
    ck_assert(v == 2);
    ck_assert_int_eq(wf_dpi_obs_field(h, 1, "wb[1].data[7]", &v), 0);
    ck_assert(v == 0xdeadbeef);
    ck_assert_int_eq(wf_dpi_obs_field(h, 1, "warp[1].filter", &v), 0);
    ck_assert(v == (long long)0x8000000000000001ull);
    ck_assert_int_eq(wf_dpi_obs_field(h, 1, "warp[1].ibuf[1].lanes_left", &v), 0);
    ck_assert(v == 0x55);
    ck_assert_int_eq(wf_dpi_obs_field(h, 1, "cu[2].older", &v), 0);
    ck_assert(v == 0x1234);
    ck_assert_int_eq(wf_dpi_obs_field(h, 1, "issue.pc", &v), 0);
    ck_assert(v == 77);
    ck_assert_int_eq(wf_dpi_obs_field(h, 1, "piece.last", &v), 0);
    ck_assert(v == 1);
    /* not fields: -1 */
    const char *bad[] = {"", "bogus", "bank", "bank[1]", "bank[32].warp", "bank[-1].warp", "bank[1].",
                         "issue.pc.x", "wb[0].data[32]", "wb[0].data", "warp[64].exited", "cycle[0]",
                         "fetch", "fetch.", "bank[1x].kind", "warp[0].sb[8].valid"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        v = 5;
        ck_assert_msg(wf_dpi_obs_field(h, 0, bad[i], &v) == -1 && v == -1, "'%s' read as a field", bad[i]);
    }
    wf_dpi_destroy(h);
    unlink(path);
}
END_TEST

START_TEST(a_trace_of_another_layout_version_is_refused)
{
    char path[64];
    write_prog(path);
    void *h = wf_dpi_create(path, "--warps 2");
    svBitVecVal zero[2048];
    memset(zero, 0, sizeof zero);
    ck_assert_int_eq(wf_dpi_step(h), 0);
    ck_assert_int_eq(wf_dpi_compare(h, zero, zero, zero, zero, zero, zero, WF_TRACE_VERSION + 1), 1);
    ck_assert_int_eq(wf_ls_failed(((wf_dpi *)h)->ls), 1);
    ck_assert_int_eq(wf_dpi_final(h, 0), 1);
    wf_dpi_destroy(h);
    unlink(path);
}
END_TEST

START_TEST(a_differing_trace_and_done_are_reported)
{
    char path[64];
    write_prog(path);
    void *h = wf_dpi_create(path, "--warps 2");
    svBitVecVal zero[2048];
    memset(zero, 0, sizeof zero);
    ck_assert_int_eq(wf_dpi_step(h), 0);
    /* the model fetches (a miss) in cycle 0; an all-zero trace does not */
    ck_assert_int_eq(wf_dpi_compare(h, zero, zero, zero, zero, zero, zero, WF_TRACE_VERSION), 1);
    ck_assert_int_eq(wf_ls_failed(((wf_dpi *)h)->ls), 1);
    ck_assert_int_eq(wf_dpi_check_done(h, 1), 1); /* the model is not done */
    ck_assert_int_eq(wf_dpi_check_done(h, 0), 0);
    ck_assert_int_eq(wf_dpi_final(h, 0), 1); /* a reported mismatch fails the run */
    wf_dpi_destroy(h);
    unlink(path);
}
END_TEST

START_TEST(final_state)
{
    char path[64];
    write_prog(path);
    void *h = wf_dpi_create(path, "--warps 2");
    wf_dpi *d = h;
    int steps = 0;
    while (wf_dpi_step(h) == 0) steps++;
    ck_assert_int_gt(steps, 0);
    ck_assert_int_eq(wf_dpi_check_done(h, 1), 0);
    /* the right state (the oracle's cycle model's) through the setters: pass; then one word off: fail */
    wf_arch_state ms = d->oracle.model; /* (a view: the oracle frees it) */
    for (unsigned w = 0; w < d->cfg.warps; w++)
        for (unsigned r = 0; r < d->cfg.regs; r++) wf_dpi_set_reg(h, (int)w, (int)r, wf_arch_reg(&ms, w, r, 0));
    for (unsigned a = 0; a < d->cfg.mem_words; a++) wf_dpi_set_mem(h, (int)a, (int)ms.mem[a]);
    wf_dpi_set_reg(h, 99, 0, ms.reg); /* out of range: ignored */
    wf_dpi_set_mem(h, -1, 5);
    ck_assert_int_eq(wf_dpi_final(h, (long long)d->oracle.model_cycles), 0);
    ck_assert_int_eq(wf_dpi_final(h, (long long)d->oracle.model_cycles + 1), 1); /* cycle count */
    wf_dpi_destroy(h);
    h = wf_dpi_create(path, "--warps 2");
    d = h;
    while (wf_dpi_step(h) == 0) {}
    wf_arch_state ms2 = d->oracle.model;
    for (unsigned a = 0; a < d->cfg.mem_words; a++) wf_dpi_set_mem(h, (int)a, (int)(ms2.mem[a] ^ (a == 3)));
    for (unsigned w = 0; w < d->cfg.warps; w++)
        for (unsigned r = 0; r < d->cfg.regs; r++) wf_dpi_set_reg(h, (int)w, (int)r, wf_arch_reg(&ms2, w, r, 0));
    ck_assert_int_eq(wf_dpi_final(h, (long long)d->oracle.model_cycles), 1);
    wf_dpi_destroy(h);
    unlink(path);
}
END_TEST

/* the record at path, its text in buf */
static const char *slurp(const char *path, char *buf, size_t len)
{
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    size_t n = fread(buf, 1, len - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

START_TEST(timeout_and_result_records)
{
    char path[64], res[80], opts[192], buf[16384];
    write_prog(path);
    snprintf(res, sizeof res, "%s.json", path);
    /* the oracle's model not done within --max-cycles: no handle, a timeout record */
    snprintf(opts, sizeof opts, "--warps 2 --max-cycles 7 --result %s", res);
    ck_assert_ptr_null(wf_dpi_create(path, opts));
    const char *t = slurp(res, buf, sizeof buf);
    ck_assert_msg(strstr(t, "\"kind\": \"timeout\"") && strstr(t, "oracle: ") && strstr(t, "\"exit_code\": 3"), "%s",
                  t);
    snprintf(opts, sizeof opts, "--warps 2 --max-cycles 500 --result %s", res);
    void *h = wf_dpi_create(path, opts);
    ck_assert_ptr_nonnull(h);
    ck_assert_int_eq(wf_dpi_max_cycles(h), 500);
    /* the testbench's loop ran out of cycles: exit 3, a timeout record */
    ck_assert_int_eq(wf_dpi_result(h, wf_dpi_timeout(h, 500)), 3);
    t = slurp(res, buf, sizeof buf);
    ck_assert_msg(strstr(t, "\"harness\": \"dpi\"") && strstr(t, "\"kind\": \"timeout\"") &&
                  strstr(t, "\"cycle\": 500") && strstr(t, "\"exit_code\": 3"), "%s", t);
    wf_dpi_destroy(h);
    /* a mismatch: exit 1 and its field path */
    h = wf_dpi_create(path, opts);
    svBitVecVal zero[2048];
    memset(zero, 0, sizeof zero);
    ck_assert_int_eq(wf_dpi_step(h), 0);
    ck_assert_int_eq(wf_dpi_compare(h, zero, zero, zero, zero, zero, zero, WF_TRACE_VERSION), 1);
    ck_assert_int_eq(wf_dpi_result(h, 1), 1);
    t = slurp(res, buf, sizeof buf);
    ck_assert_msg(strstr(t, "\"kind\": \"mismatch\"") && strstr(t, "\"field\": \"fetch.valid\""), "%s", t);
    wf_dpi_destroy(h);
    /* the testbench's own failure (no lockstep verdict): its record with its exit status */
    h = wf_dpi_create(path, opts);
    ck_assert_int_eq(wf_dpi_result(h, 1), 1);
    t = slurp(res, buf, sizeof buf);
    ck_assert_msg(strstr(t, "\"kind\": \"testbench\"") && strstr(t, "\"exit_code\": 1") &&
                  strstr(t, "the testbench failed (exit 1)"), "%s", t);
    wf_dpi_destroy(h);
    unlink(res);
    unlink(path);
}
END_TEST

START_TEST(null_handles)
{
    long long v = 0;
    svBitVecVal z[1] = {0};
    wf_dpi_destroy(NULL);
    wf_dpi_set_repro(NULL, "x");
    ck_assert_int_eq(wf_dpi_cfg(NULL, "warps"), -1);
    ck_assert_int_eq(wf_dpi_launch_input(NULL, "war"), -1);
    ck_assert_int_eq(wf_dpi_step(NULL), -1);
    ck_assert_int_eq(wf_dpi_compare(NULL, z, z, z, z, z, z, WF_TRACE_VERSION), 1);
    ck_assert_int_eq(wf_dpi_check_done(NULL, 0), 1);
    ck_assert_int_eq(wf_dpi_obs_field(NULL, 0, "cycle", &v), -1);
    ck_assert_int_eq(wf_dpi_final(NULL, 0), 1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("dpi");
    TCase *t = tcase_create("dpi");
    tcase_add_test(t, create_refuses_bad_input);
    tcase_add_test(t, queries);
    tcase_add_test(t, field_reader);
    tcase_add_test(t, a_trace_of_another_layout_version_is_refused);
    tcase_add_test(t, a_differing_trace_and_done_are_reported);
    tcase_add_test(t, final_state);
    tcase_add_test(t, timeout_and_result_records);
    tcase_add_test(t, null_handles);
    suite_add_tcase(s, t);
    return wf_run_suite(s);
}
