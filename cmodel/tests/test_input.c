/* Hostile input (docs/isa.md "Limits the loader enforces", wfsim --help):
 * the one number syntax of options, messages that keep their range whatever
 * the value, NUL bytes refused with file:line:col, the text size cap, and
 * `.start` on pc 0 remembered through image and disassembly. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, unlink */
#include <check.h>

#include "wf_check.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "warpfront.h"

START_TEST(decimal_only)
{
    uint64_t v = 77;
    static const char *const good[] = {"0", "1", "8", "64", "18446744073709551615"};
    static const uint64_t gv[] = {0, 1, 8, 64, UINT64_MAX};
    for (unsigned i = 0; i < 5; i++) {
        ck_assert_int_eq(wf_parse_decimal(good[i], UINT64_MAX, &v), 0);
        ck_assert_uint_eq(v, gv[i]);
    }
    static const char *const bad[] = {"",   "010", "08",  "00", "0x10", "+8", " 8", "8 ",
                                      "-0", "-8",  "1e3", "8\n", "18446744073709551616",
                                      "99999999999999999999"};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(wf_parse_decimal(bad[i], UINT64_MAX, &v) == -1, "'%s' accepted", bad[i]);
    ck_assert_int_eq(wf_parse_decimal("65", 64, &v), -1);
    ck_assert_int_eq(wf_parse_decimal("64", 64, &v), 0);
    ck_assert_int_eq(wf_parse_decimal("8", 5, &v), -1); /* one digit above a max below 9 */
    ck_assert_int_eq(wf_parse_decimal("5", 5, &v), 0);
}
END_TEST

START_TEST(config_numbers)
{
    wf_config c;
    char err[256];
    wf_config_default(&c);
    ck_assert_ptr_null(wf_config_set(&c, "warps", "9", err, sizeof err));
    ck_assert_uint_eq(c.warps, 9);
    static const char *const bad[] = {"010", "08", "0x10", "+8", " 8", "-0", "8 ", ""};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(wf_config_set(&c, "warps", bad[i], err, sizeof err) != NULL, "'%s' accepted",
                      bad[i]);
        ck_assert_msg(strstr(err, "parameter warps='") && strstr(err, "allowed 1..64"), "%s", err);
        ck_assert_uint_eq(c.warps, 9);
    }
    /* the same syntax in a program's options line */
    ck_assert_ptr_nonnull(wf_config_apply_options(&c, "# wfsim-options: --ibuf 08\n", err, sizeof err));
    ck_assert_str_eq(err, "wfsim-options: parameter ibuf='08': allowed 1..8, decimal without sign "
                          "or leading zeros");
    ck_assert_ptr_nonnull(wf_config_apply_options(&c, "# wfsim-options: --warps 0x10\n", err, sizeof err));
    ck_assert_ptr_null(wf_config_apply_options(&c, "# wfsim-options: --warps 16\n", err, sizeof err));
    ck_assert_uint_eq(c.warps, 16);
}
END_TEST

/* A value of any length leaves the range in a 256-byte message. */
START_TEST(long_values_keep_the_range)
{
    wf_config c;
    char err[256], val[1000];
    wf_config_default(&c);
    memset(val, '9', sizeof val - 1);
    val[sizeof val - 1] = 0;
    ck_assert_ptr_nonnull(wf_config_set(&c, "warps", val, err, sizeof err));
    ck_assert_msg(strstr(err, "...': allowed 1..64"), "%s", err);
    memset(val, '\x01', sizeof val - 1);
    ck_assert_ptr_nonnull(wf_config_set(&c, "layout", val, err, sizeof err));
    ck_assert_msg(strstr(err, "\\x01...': allowed naive|swizzle"), "%s", err);
    ck_assert_ptr_nonnull(wf_config_set(&c, val, "1", err, sizeof err));
    ck_assert_msg(strlen(err) < 200, "%s", err);
}
END_TEST

static void write_file(const char *path, const char *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, n, f), n);
    ck_assert_int_eq(fclose(f), 0);
}

/* NUL anywhere (a comment too) is refused at its line and column. */
START_TEST(nul_bytes)
{
    char path[] = "/tmp/test_input_XXXXXX", want[128], err[256];
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    wf_program p;
    static const char src[] = "nop\nnop # a\0b\nexit\n";
    write_file(path, src, sizeof src - 1);
    ck_assert_int_eq(wf_assemble_file(path, 32, &p, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:2:8: NUL byte in the source", path);
    ck_assert_str_eq(err, want);
    unlink(path);
}
END_TEST

/* wf_read_text: at most cap bytes; the text is NUL-terminated after them. */
START_TEST(size_cap)
{
    char path[] = "/tmp/test_input_XXXXXX", want[160], err[256];
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    char *t;
    size_t n;
    write_file(path, "exit\n", 5);
    ck_assert_int_eq(wf_read_text(path, 5, &t, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 5);
    ck_assert_str_eq(t, "exit\n");
    free(t);
    ck_assert_int_eq(wf_read_text(path, 4, &t, &n, err, sizeof err), -1);
    ck_assert_ptr_null(t);
    snprintf(want, sizeof want, "%s: larger than 4 bytes (the input size limit, docs/isa.md)", path);
    ck_assert_str_eq(err, want);
    /* an endless input stops at the cap */
    ck_assert_int_eq(wf_read_text("/dev/zero", 1u << 20, &t, &n, err, sizeof err), -1);
    ck_assert_str_eq(err, "/dev/zero: larger than 1048576 bytes (the input size limit, docs/isa.md)");
    wf_program p;
    ck_assert_int_eq(wf_assemble_file("/dev/zero", 32, &p, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "larger than 16777216 bytes"), "%s", err);
    unlink(path);
}
END_TEST

/* `.start wN, @0` is a start entry although its pc is the default. */
START_TEST(start_on_pc0)
{
    wf_program p, q;
    char err[256];
    ck_assert_int_eq(wf_assemble("t.s", ".start w5, top\ntop: exit\n", 32, &p, err, sizeof err), 0);
    ck_assert_uint_eq(p.start_pc[5], 0);
    ck_assert(p.start_given == 1ull << 5);
    FILE *f = tmpfile();
    ck_assert_int_eq(wf_write_image(&p, f), 0);
    rewind(f);
    ck_assert_int_eq(wf_read_image(f, "t.wfb", 32, &q, err, sizeof err), 0);
    fclose(f);
    ck_assert(q.start_given == 1ull << 5);
    wf_program_free(&q);
    char buf[256] = "";
    f = tmpfile();
    ck_assert_int_eq(wf_write_disasm(&p, f), 0);
    rewind(f);
    size_t k = fread(buf, 1, sizeof buf - 1, f);
    buf[k] = 0;
    fclose(f);
    ck_assert_str_eq(buf, ".start w5, @0\nexit\n");
    wf_program_free(&p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("input");
    TCase *t = tcase_create("input");
    tcase_add_test(t, decimal_only);
    tcase_add_test(t, config_numbers);
    tcase_add_test(t, long_values_keep_the_range);
    tcase_add_test(t, nul_bytes);
    tcase_add_test(t, size_cap);
    tcase_add_test(t, start_on_pc0);
    suite_add_tcase(s, t);
    return wf_run_suite(s);
}
