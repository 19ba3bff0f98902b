/* The host side shared by the harnesses (verif/host.c, wf_host.h):
 * the fixed-latency instruction memory, the launch inputs, the size check,
 * the command line, the oracles and the final-state check. */
#define _POSIX_C_SOURCE 200809L /* setenv, unsetenv */
#include <stdlib.h>
#include <string.h>

#include "wf_check.h"
#include "wf_compare.h"
#include "wf_host.h"

static const char *const PROG = "tid r1\nmovi r2 <- 5\naddi r3 <- r1, 7\nst [r1] <- r3\nexit\n";

static void assemble(const wf_config *cfg, wf_program *p)
{
    char err[256];
    ck_assert_msg(wf_assemble("t.s", PROG, cfg->regs, p, err, sizeof err) == 0, "%s", err);
}

START_TEST(imem_answers_after_imiss_lat_minus_one)
{
    wf_config cfg;
    wf_config_default(&cfg);
    cfg.imiss_lat = 5;
    cfg.icache_line = 2;
    wf_program p;
    assemble(&cfg, &p);
    wf_imem m;
    wf_imem_init(&m, &cfg, &p);
    uint32_t d[4];
    unsigned mshr = 99;
    ck_assert_int_eq(wf_imem_request(&m, 10, 1, 1), 0); /* words 2, 3 */
    ck_assert_int_eq(wf_imem_request(&m, 11, 0, 0), 0); /* words 0, 1 */
    for (uint64_t c = 10; c < 14; c++) ck_assert_int_eq(wf_imem_response(&m, c, &mshr, d), 0);
    ck_assert_int_eq(wf_imem_response(&m, 14, &mshr, d), 1);
    ck_assert_uint_eq(mshr, 1);
    ck_assert_uint_eq(d[0], (uint32_t)p.words[2]);
    ck_assert_uint_eq(d[1], (uint32_t)(p.words[2] >> 32));
    ck_assert_uint_eq(d[2], (uint32_t)p.words[3]);
    ck_assert_uint_eq(d[3], (uint32_t)(p.words[3] >> 32));
    ck_assert_int_eq(wf_imem_response(&m, 15, &mshr, d), 1);
    ck_assert_uint_eq(mshr, 0);
    ck_assert_uint_eq(d[0], (uint32_t)p.words[0]);
    ck_assert_int_eq(wf_imem_response(&m, 16, &mshr, d), 0);
    /* past the program: zeros */
    ck_assert_int_eq(wf_imem_request(&m, 20, 2, 7), 0);
    d[0] = d[1] = 0xdead;
    ck_assert_int_eq(wf_imem_response(&m, 24, &mshr, d), 1);
    ck_assert_uint_eq(d[0], 0);
    ck_assert_uint_eq(d[1], 0);
    /* a full queue is refused, not overwritten */
    for (unsigned i = 0; i < WF_HOST_IMEM_QUEUE; i++) ck_assert_int_eq(wf_imem_request(&m, 30, 0, 0), 0);
    ck_assert_int_eq(wf_imem_request(&m, 30, 0, 0), -1);
    wf_program_free(&p);
}
END_TEST

START_TEST(launch_inputs_and_start_pcs)
{
    wf_config cfg;
    wf_config_default(&cfg);
    char err[256];
    ck_assert_ptr_null(wf_config_set(&cfg, "layout", "naive", err, sizeof err));
    ck_assert_ptr_null(wf_config_set(&cfg, "war", "warpboard-read", err, sizeof err));
    ck_assert_ptr_null(wf_config_set(&cfg, "sched", "gto", err, sizeof err));
    ck_assert_ptr_null(wf_config_set(&cfg, "hazard", "stall", err, sizeof err));
    ck_assert_ptr_null(wf_config_set(&cfg, "loops", "2", err, sizeof err));
    ck_assert_ptr_null(wf_config_set(&cfg, "mul_lat", "9", err, sizeof err));
    wf_launch_inputs li;
    wf_host_launch_inputs(&cfg, &li);
    ck_assert_uint_eq(li.swizzle, 0);
    ck_assert_uint_eq(li.war, WF_WAR_WB_READ);
    ck_assert_uint_eq(li.gto, 1);
    ck_assert_uint_eq(li.stall, 1);
    ck_assert_uint_eq(li.loops, 2);
    ck_assert_uint_eq(li.mul_lat, 9);
    unsigned v = 0;
    ck_assert_int_eq(wf_host_launch_input(&li, "war", &v), 0); /* by name (the DPI-C side) */
    ck_assert_uint_eq(v, WF_WAR_WB_READ);
    ck_assert_int_eq(wf_host_launch_input(&li, "alloc_stage", &v), 0);
    ck_assert_uint_eq(v, li.alloc_stage);
    ck_assert_int_eq(wf_host_launch_input(&li, "cfg_war_i", &v), -1);
    wf_program p;
    memset(&p, 0, sizeof p);
    cfg.warps = 3;
    p.start_pc[0] = 0x1234;
    p.start_pc[1] = 0xabcd;
    p.start_pc[2] = 7;
    uint32_t w[3] = {1, 1, 0xffffffff};
    wf_host_start_pcs(&cfg, &p, w);
    ck_assert_uint_eq(w[0], 0xabcd1234u);
    ck_assert_uint_eq(w[1], 7);
    ck_assert_uint_eq(w[2], 0xffffffff); /* past ceil(3*16/32) words: untouched */
}
END_TEST

START_TEST(sizes_must_match_the_build)
{
    wf_config cfg, built;
    wf_config_default(&cfg);
    built = cfg;
    char err[256];
    ck_assert_int_eq(wf_host_check_sizes(&cfg, &built, err, sizeof err), 0);
    cfg.alu_lat = 3; /* run-time: not a size */
    ck_assert_int_eq(wf_host_check_sizes(&cfg, &built, err, sizeof err), 0);
    cfg.banks = 3;
    ck_assert_int_eq(wf_host_check_sizes(&cfg, &built, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "banks=3") && strstr(err, "banks=4"), "%s", err);
}
END_TEST

START_TEST(options_must_match_the_pins)
{
    wf_config cfg;
    wf_config_default(&cfg);
    wf_launch_pins pins;
    wf_host_built_pins(&pins); /* this file defines no WF_P_PIN_*: nothing pinned */
    char err[512];
    ck_assert_int_eq(pins.stall, -1);
    cfg.hazard = WF_HAZARD_STALL;
    ck_assert_int_eq(wf_host_check_pins(&cfg, &pins, err, sizeof err), 0);
    ck_assert_int_eq(wf_host_check_pins(&cfg, NULL, err, sizeof err), 0);
    pins.stall = 1; /* PIN_HAZARD=1: stall */
    pins.alu_lat = (int)cfg.alu_lat;
    ck_assert_int_eq(wf_host_check_pins(&cfg, &pins, err, sizeof err), 0);
    pins.stall = 0; /* PIN_HAZARD=0: replay, against --hazard stall */
    ck_assert_int_eq(wf_host_check_pins(&cfg, &pins, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "--hazard stall") && strstr(err, "cfg_stall_i to 1") && strstr(err, "PIN_HAZARD=0"),
                  "%s", err);
    cfg.hazard = WF_HAZARD_REPLAY;
    ck_assert_int_eq(wf_host_check_pins(&cfg, &pins, err, sizeof err), 0);
    pins.alu_lat = (int)cfg.alu_lat + 1; /* a number knob */
    ck_assert_int_eq(wf_host_check_pins(&cfg, &pins, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "--alu-lat ") && strstr(err, "PIN_ALU_LAT="), "%s", err);
}
END_TEST

START_TEST(command_line)
{
    wf_config cfg;
    wf_config_default(&cfg);
    wf_host_args a;
    char err[256];
    char *argv[] = {"h", "--warps=4", "p.s", "--wfsim_options", "--war inorder --loops 2", "--seed",
                    "7", "+verilator+x", "--bare", "--max-cycles", "99", "--layout", "naive",
                    "--selftest-flip", "obs_o:1:2", NULL};
    a.runs = 2;
    ck_assert_msg(wf_host_parse_args(15, argv, &cfg, &a, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(a.prog, "p.s");
    ck_assert_uint_eq(cfg.warps, 4);
    ck_assert_uint_eq(cfg.war, WF_WAR_INORDER);
    ck_assert_uint_eq(cfg.loops, 2);
    ck_assert_uint_eq(cfg.layout, WF_LAYOUT_NAIVE);
    ck_assert_uint_eq(a.seed, 7);
    ck_assert_uint_eq(a.runs, 2);
    ck_assert_uint_eq(a.max_cycles, 99);
    ck_assert_int_eq(a.bare, 1);
    ck_assert_str_eq(a.selftest, "obs_o:1:2");
    ck_assert_str_eq(a.options, "--warps 4 --wfsim-options '--war inorder --loops 2' --bare "
                                "--max-cycles 99 --layout naive --selftest-flip obs_o:1:2");
    char *bad1[] = {"h", "p.s", "--seed", "0", NULL};
    ck_assert_int_eq(wf_host_parse_args(4, bad1, &cfg, &a, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "--seed") && strstr(err, "1..2147483647"), "%s", err);
    char *bad2[] = {"h", "p.s", "--banks", "99", NULL};
    ck_assert_int_eq(wf_host_parse_args(4, bad2, &cfg, &a, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "banks"), "%s", err);
    char *bad3[] = {"h", "p.s", "q.s", NULL};
    ck_assert_int_eq(wf_host_parse_args(3, bad3, &cfg, &a, err, sizeof err), -1);
    char *bad4[] = {"h", "p.s", "--lanes", NULL};
    ck_assert_int_eq(wf_host_parse_args(3, bad4, &cfg, &a, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "needs a value"), "%s", err);
    char *q[] = {"h", "--program", "p.s", "--wfsim-options", "it's", NULL};
    wf_config_default(&cfg);
    /* a value that is not an option string: refused by wf_config_apply_options */
    ck_assert_int_eq(wf_host_parse_args(5, q, &cfg, &a, err, sizeof err), -1);

    /* the compare level: --cmp, else WF_CMP, else full; in the reproduce options unless full */
    unsetenv("WF_CMP");
    char *c0[] = {"h", "p.s", NULL};
    ck_assert_msg(wf_host_parse_args(2, c0, &cfg, &a, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(a.cmp, WF_CMP_LEVEL_FULL);
    ck_assert_str_eq(a.options, "");
    char *c1[] = {"h", "p.s", "--cmp", "arch", NULL};
    ck_assert_msg(wf_host_parse_args(4, c1, &cfg, &a, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(a.cmp, WF_CMP_LEVEL_ARCH);
    ck_assert_str_eq(a.options, "--cmp arch");
    char *c2[] = {"h", "p.s", "--cmp=full", NULL};
    ck_assert_msg(wf_host_parse_args(3, c2, &cfg, &a, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(a.cmp, WF_CMP_LEVEL_FULL);
    ck_assert_str_eq(a.options, "");
    setenv("WF_CMP", "events", 1);
    ck_assert_msg(wf_host_parse_args(2, c0, &cfg, &a, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(a.cmp, WF_CMP_LEVEL_EVENTS);
    ck_assert_str_eq(a.options, "--cmp events");
    ck_assert_msg(wf_host_parse_args(3, c2, &cfg, &a, err, sizeof err) == 0, "%s", err); /* option wins */
    ck_assert_int_eq(a.cmp, WF_CMP_LEVEL_FULL);
    setenv("WF_CMP", "cycle", 1);
    ck_assert_int_eq(wf_host_parse_args(2, c0, &cfg, &a, err, sizeof err), -1);
    ck_assert_str_eq(err, "WF_CMP: 'cycle' is not a compare level (full, events, window, arch)");
    unsetenv("WF_CMP");
    char *c3[] = {"h", "p.s", "--cmp", "ARCH", NULL};
    ck_assert_int_eq(wf_host_parse_args(4, c3, &cfg, &a, err, sizeof err), -1);
    ck_assert_str_eq(err, "--cmp: 'ARCH' is not a compare level (full, events, window, arch)");
}
END_TEST

/* the DPI-C testbench's option string, and the quoting of reproduce lines */
START_TEST(option_line_and_quoting)
{
    wf_config cfg;
    wf_config_default(&cfg);
    wf_host_args a;
    char err[256], line[] = "  --war\tinorder --seed 9  --cmp events ";
    a.runs = 1;
    ck_assert_msg(wf_host_parse_line(line, &cfg, &a, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(cfg.war, WF_WAR_INORDER);
    ck_assert_uint_eq(a.seed, 9);
    ck_assert_int_eq(a.cmp, WF_CMP_LEVEL_EVENTS);
    ck_assert_ptr_null(a.prog);
    char bad[] = "--war";
    ck_assert_int_eq(wf_host_parse_line(bad, &cfg, &a, err, sizeof err), -1);
    ck_assert_str_eq(err, "option '--war' needs a value (--help)");
    char q[64];
    wf_host_shell_quote("sim/a-b_c.s", q, sizeof q);
    ck_assert_str_eq(q, "sim/a-b_c.s");
    wf_host_shell_quote("a b", q, sizeof q);
    ck_assert_str_eq(q, "'a b'");
    wf_host_shell_quote("", q, sizeof q);
    ck_assert_str_eq(q, "''");
    wf_host_shell_quote("it's", q, sizeof q);
    ck_assert_str_eq(q, "'it'\\''s'");
    char tight[7]; /* 4 * 1 + 3: a lone quote fits exactly */
    wf_host_shell_quote("'", tight, sizeof tight);
    ck_assert_str_eq(tight, "''\\'''");
}
END_TEST

START_TEST(oracle_and_final_check)
{
    wf_config cfg;
    wf_config_default(&cfg);
    cfg.warps = 2;
    wf_program p;
    assemble(&cfg, &p);
    wf_host_oracle o;
    char err[256];
    ck_assert_msg(wf_host_oracle_run(&cfg, &p, 100000, &o, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(o.check_interp, 1);
    ck_assert_uint_gt(o.model_cycles, 0);
    wf_arch_state rtl;
    ck_assert_int_eq(wf_arch_alloc(&rtl, cfg.warps, cfg.lanes, cfg.regs, cfg.mem_words), 0);
    memcpy(rtl.reg, o.model.reg, (size_t)cfg.warps * cfg.regs * cfg.lanes * sizeof *rtl.reg);
    memcpy(rtl.mem, o.model.mem, cfg.mem_words * sizeof *rtl.mem);
    char why[512];
    /* the RTL has no retired counters (zeros here): not compared */
    ck_assert_msg(wf_host_final_check(&o, &rtl, o.model_cycles, WF_CMP_LEVEL_FULL, why, sizeof why) == 0, "%s", why);
    ck_assert_int_eq(wf_host_final_check(&o, &rtl, o.model_cycles + 1, WF_CMP_LEVEL_FULL, why, sizeof why), 1);
    ck_assert_msg(strstr(why, "cycle count"), "%s", why);
    /* the arch level is cycle-independent: another cycle count passes, the state does not */
    ck_assert_msg(wf_host_final_check(&o, &rtl, o.model_cycles + 1, WF_CMP_LEVEL_ARCH, why, sizeof why) == 0,
                  "%s", why);
    ck_assert_int_eq(wf_host_final_check(&o, &rtl, o.model_cycles + 1, WF_CMP_LEVEL_EVENTS, why, sizeof why), 1);
    rtl.mem[1] ^= 2;
    ck_assert_int_eq(wf_host_final_check(&o, &rtl, o.model_cycles + 1, WF_CMP_LEVEL_ARCH, why, sizeof why), 1);
    ck_assert_msg(strstr(why, "mem"), "%s", why);
    rtl.mem[1] ^= 2;
    *wf_arch_reg(&rtl, 1, 2, 3) ^= 1;
    ck_assert_int_eq(wf_host_final_check(&o, &rtl, o.model_cycles, WF_CMP_LEVEL_FULL, why, sizeof why), 1);
    ck_assert_msg(strstr(why, "vs interpreter") && strstr(why, "warp 1 r2 lane 3"), "%s", why);
    *wf_arch_reg(&rtl, 1, 2, 3) ^= 1;
    rtl.mem[0] ^= 4;
    ck_assert_int_eq(wf_host_final_check(&o, &rtl, o.model_cycles, WF_CMP_LEVEL_FULL, why, sizeof why), 1);
    ck_assert_msg(strstr(why, "mem"), "%s", why);
    wf_arch_free(&rtl);
    wf_host_oracle_free(&o);
    /* the model not done within max_cycles: -2, the message, nothing left allocated (ASan) */
    ck_assert_int_eq(wf_host_oracle_run(&cfg, &p, 3, &o, err, sizeof err), -2);
    ck_assert_msg(err[0] != 0, "no message");
    ck_assert_ptr_null(o.interp.reg);
    wf_program_free(&p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("host");
    TCase *t = tcase_create("host");
    tcase_add_test(t, imem_answers_after_imiss_lat_minus_one);
    tcase_add_test(t, launch_inputs_and_start_pcs);
    tcase_add_test(t, sizes_must_match_the_build);
    tcase_add_test(t, options_must_match_the_pins);
    tcase_add_test(t, command_line);
    tcase_add_test(t, option_line_and_quoting);
    tcase_add_test(t, oracle_and_final_check);
    suite_add_tcase(s, t);
    return wf_run_suite(s);
}
