// SystemVerilog testbench of the DPI-C entry points (verif/dpi/wf_dpi.svh):
// wf_core with a fixed-latency instruction memory written in SV, launch, run
// to done, and the golden C model stepped and compared through DPI every
// cycle; then the read-back registers and scratchpad against the
// interpreter and the cycle model. Built and run by verif/dpi/run.sh
// (Verilator --binary --timing); the size parameters come in as -G options.
//
// Plusargs: +program=FILE.s  +options=<wfsim options, e.g. "--warps 4 --layout naive";
//   --result FILE: the verdict as a JSON record (wf_dpi_result)>
//           +flip_bit=N +flip_cycle=C   self-test: invert bit N of obs_o in cycle C
//                                        before handing it to wf_dpi_compare
// Exit status (wf_dpi_exit): 0 pass, 1 mismatch, 2 usage, 3 timeout.
//
// Timing: inputs change 1 time unit after the rising edge, outputs are
// sampled at the falling edge, so there is no race with the DUT's flops.
`include "wf_dpi.svh"
// the module under test: wf_core, or a design of your own with its
// parameters and ports (verif/dpi/run.sh passes WF_TOP as +define+WF_DUT=...)
`ifndef WF_DUT
`define WF_DUT wf_core
`endif
// WF_DUT_RTL_PARAMS (verif/dpi/run.sh, when WF_RTL_PARAMS is set): wf_core's
// other parameters are the testbench's too and are passed on
module tb_dpi #(
`include "wf_core_sizes.vh"  // wf_core's size parameters (generated)
`ifdef WF_DUT_RTL_PARAMS
    // wf_core's other parameters (WF_RTL_PARAMS; wf_core's defaults): the
    // latency maxima, the banks' RAM form and the pins (docs/rtl.md)
    ,
`include "wf_core_knobs.vh"  // (generated)
`endif
);
  import wf_dpi_pkg::*;
  localparam integer OBS_WARP_W = `WF_OBS_WARP_W(SB_ENTRIES, IBUF);

  bit clk = 1'b0;
  always #5 clk <= ~clk;

  // one net a DUT port, named as the port (generated from scripts/wf/layout.py PORTS)
`define WF_CORE_NET logic
`include "wf_core_nets.vh"
  assign clk_i = clk;

  `WF_DUT #(
      `WF_CORE_PASS_SIZES
`ifdef WF_DUT_RTL_PARAMS
      , `WF_CORE_PASS_LAT, `WF_CORE_PASS_PINS
`endif
  ) dut (
      `WF_CORE_CONN_ALL
  );

  // the compiled-in sizes must be the options' (the C side knows the latter)
  function automatic bit size_ok(chandle h, string name, int built);
    int v = wf_dpi_cfg(h, name);
    if (v != built)
      $display("tb_dpi: parameter %s=%0d does not match the build (%s=%0d): pass --%s %0d",
               name, v, name, built, name, built);
    return v == built;
  endfunction

  // a field of one side's record through wf_dpi_obs_field (fails the run on a bad path)
  function automatic longint field(chandle h, int side, string path);
    longint v;
    if (wf_dpi_obs_field(h, side, path, v) != 0) begin
      $display("tb_dpi: wf_dpi_obs_field(%s) failed", path);
      wf_dpi_exit(1);
    end
    return v;
  endfunction

  initial begin : run
    string      prog, opts, repro;
    chandle     h;
    int         rc, imiss, flip_bit, flip_cycle, mdone;
    longint     k, rtl_cycles, issues;
    longint     q_due[$];
    int         q_mshr[$], q_line[$];
    logic [`WF_OBS_W-1:0] obs_x;
    // the inputs before the reset: 0 but for rst_ni, the loop mode and the latencies
    {launch_i, cfg_swizzle_i, cfg_war_i, cfg_gto_i, cfg_stall_i, cfg_active_warps_i,
     cfg_decode_stage_i, cfg_alloc_stage_i, cfg_handoff_stage_i, cfg_fill_stage_i, cfg_ready_stage_i,
     start_pc_i, imem_req_ready_i, imem_resp_valid_i, imem_resp_mshr_i, imem_resp_data_i,
     mem_en_i, mem_we_i, mem_addr_i, mem_wdata_i, reg_en_i, reg_warp_i, reg_idx_i} = '0;
    rst_ni = 1'b1;
    cfg_loops_i = 2'd3;
    {cfg_alu_lat_i, cfg_mul_lat_i, cfg_lsu_lat_i} = {6'd1, 6'd1, 6'd2};
    rc = 0;
    issues = 0;
    if (!$value$plusargs("program=%s", prog)) begin
      $display("usage: tb_dpi +program=FILE.s [+options=\"--wfsim-option value ...\"] [+flip_bit=N +flip_cycle=C]");
      wf_dpi_exit(2);
    end
    if (!$value$plusargs("options=%s", opts)) opts = "";
    if (!$value$plusargs("flip_bit=%d", flip_bit)) flip_bit = -1;
    if (!$value$plusargs("flip_cycle=%d", flip_cycle)) flip_cycle = 0;
    if (flip_bit > `WF_OBS_W - 1) begin
      $display("tb_dpi: +flip_bit=%0d: allowed 0..%0d (a bit of obs_o)", flip_bit, `WF_OBS_W - 1);
      wf_dpi_exit(2);
    end
    h = wf_dpi_create(prog, opts);
    if (h == null) wf_dpi_exit(2);
    if ($value$plusargs("repro=%s", repro)) wf_dpi_set_repro(h, repro);
    if (!(size_ok(h, "warps", WARPS) && size_ok(h, "lanes", LANES) && size_ok(h, "regs", REGS) &&
          size_ok(h, "banks", BANKS) && size_ok(h, "collectors", COLLECTORS) &&
          size_ok(h, "sb_entries", SB_ENTRIES) && size_ok(h, "ibuf", IBUF) &&
          size_ok(h, "icache_lines", ICACHE_LINES) && size_ok(h, "icache_line", ICACHE_LINE) &&
          size_ok(h, "imshrs", IMSHRS) && size_ok(h, "imem_words", IMEM_WORDS) &&
          size_ok(h, "mem_words", MEM_WORDS) && size_ok(h, "mem_line", MEM_LINE) &&
          size_ok(h, "bloom_bits", BLOOM_BITS)))
      wf_dpi_exit(2);
`ifdef WF_DUT_RTL_PARAMS
    // a pinned input ignores the options: refuse options that contradict a pin
    if (wf_dpi_check_pin(h, "LAYOUT", PIN_LAYOUT) != 0 || wf_dpi_check_pin(h, "WAR", PIN_WAR) != 0 ||
        wf_dpi_check_pin(h, "SCHED", PIN_SCHED) != 0 || wf_dpi_check_pin(h, "LOOPS", PIN_LOOPS) != 0 ||
        wf_dpi_check_pin(h, "HAZARD", PIN_HAZARD) != 0 ||
        wf_dpi_check_pin(h, "DECODE_STAGE", PIN_DECODE_STAGE) != 0 ||
        wf_dpi_check_pin(h, "ALLOC_STAGE", PIN_ALLOC_STAGE) != 0 ||
        wf_dpi_check_pin(h, "HANDOFF_STAGE", PIN_HANDOFF_STAGE) != 0 ||
        wf_dpi_check_pin(h, "FILL_STAGE", PIN_FILL_STAGE) != 0 ||
        wf_dpi_check_pin(h, "READY_STAGE", PIN_READY_STAGE) != 0 ||
        wf_dpi_check_pin(h, "ALU_LAT", PIN_ALU_LAT) != 0 || wf_dpi_check_pin(h, "MUL_LAT", PIN_MUL_LAT) != 0 ||
        wf_dpi_check_pin(h, "LSU_LAT", PIN_LSU_LAT) != 0)
      wf_dpi_exit(2);
`endif
    imiss = wf_dpi_cfg(h, "imiss_lat");

    // asynchronous reset (a real falling edge), held over two rising edges
    #1 rst_ni = 1'b0;
    @(posedge clk);
    @(posedge clk);
    #1 rst_ni = 1'b1;
    // the scratchpad image (all 0); launch clears the registers (§14)
    mem_en_i = 1'b1;
    mem_we_i = 1'b1;
    for (int a = 0; a < MEM_WORDS; a++) begin
      mem_addr_i = 16'(a);
      mem_wdata_i = '0;
      @(posedge clk);
      #1;
    end
    mem_en_i = 1'b0;
    mem_we_i = 1'b0;
    // launch
    cfg_swizzle_i      = 1'(wf_dpi_launch_input(h, "swizzle"));
    cfg_war_i          = 3'(wf_dpi_launch_input(h, "war"));
    cfg_gto_i          = 1'(wf_dpi_launch_input(h, "gto"));
    cfg_loops_i        = 2'(wf_dpi_launch_input(h, "loops"));
    cfg_stall_i        = 1'(wf_dpi_launch_input(h, "stall"));
    cfg_alu_lat_i      = 6'(wf_dpi_launch_input(h, "alu_lat"));
    cfg_mul_lat_i      = 6'(wf_dpi_launch_input(h, "mul_lat"));
    cfg_lsu_lat_i      = 6'(wf_dpi_launch_input(h, "lsu_lat"));
    cfg_active_warps_i = 7'(wf_dpi_launch_input(h, "active_warps"));
    cfg_decode_stage_i = 1'(wf_dpi_launch_input(h, "decode_stage"));
    cfg_alloc_stage_i  = 1'(wf_dpi_launch_input(h, "alloc_stage"));
    cfg_handoff_stage_i = 1'(wf_dpi_launch_input(h, "handoff_stage"));
    cfg_fill_stage_i   = 1'(wf_dpi_launch_input(h, "fill_stage"));
    cfg_ready_stage_i  = 1'(wf_dpi_launch_input(h, "ready_stage"));
    for (int w = 0; w < WARPS; w++) start_pc_i[w*16 +: 16] = 16'(wf_dpi_start_pc(h, w));
    imem_req_ready_i = 1'b1;
    launch_i = 1'b1;
    @(posedge clk);
    #1 launch_i = 1'b0;
    do @(negedge clk); while (!running_o);   // cycle 0

    // the run; cycle k: inputs after rising edge k, samples at the falling edge
    for (k = 0; ; k++) begin
      if (k > 0) begin
        @(posedge clk);
        #1;
        // the instruction memory: a request handshaken in cycle t is answered in t + imiss_lat - 1
        imem_resp_valid_i = 1'b0;
        if (q_due.size() > 0 && q_due[0] == k) begin
          imem_resp_valid_i = 1'b1;
          imem_resp_mshr_i = 3'(q_mshr[0]);
          for (int i = 0; i < ICACHE_LINE; i++)
            imem_resp_data_i[i*64 +: 64] = 64'(wf_dpi_imem_word(h, q_line[0] * ICACHE_LINE + i));
          void'(q_due.pop_front());
          void'(q_mshr.pop_front());
          void'(q_line.pop_front());
        end
        @(negedge clk);
      end
      mdone = wf_dpi_step(h);   // 2: model done, the RTL runs on (compare level arch)
      if (mdone == 1 || done_o) begin
        if (wf_dpi_check_done(h, int'(done_o)) != 0) rc = 1;
        break;
      end
      obs_x = obs_o;
      if (flip_bit >= 0 && k == longint'(flip_cycle)) obs_x[flip_bit] = ~obs_x[flip_bit];
      if (wf_dpi_compare(h, wf_dpi_obs_t'(obs_x), wf_dpi_wb_t'(obs_wb_o), wf_dpi_wb_data_t'(obs_wb_data_o),
                         wf_dpi_bank_t'(obs_bank_o), wf_dpi_warp_t'(obs_warp_o), wf_dpi_cu_t'(obs_cu_o),
                         int'(obs_version_o)) != 0) begin
        rc = 1;
        break;
      end
      // the record fields through wf_dpi_obs_field against the model's cycle and the raw bus
      if ((mdone == 0 && field(h, 0, "cycle") != k) ||
          field(h, 1, "issue.valid") != longint'(obs_o[`WF_OBS_ISSUE_VALID_LSB]) ||
          field(h, 1, "issue.pc") != longint'(obs_o[`WF_OBS_ISSUE_PC_LSB +: `WF_OBS_ISSUE_PC_W]) ||
          field(h, 1, "bank[0].kind") != longint'(obs_bank_o[`WF_OBS_BANK_KIND_LSB +: `WF_OBS_BANK_KIND_W]) ||
          field(h, 1, $sformatf("warp[%0d].fetch_pc", WARPS - 1)) !=
              longint'(obs_warp_o[(WARPS-1)*OBS_WARP_W + `WF_OBS_WARP_FETCH_PC_LSB +: `WF_OBS_WARP_FETCH_PC_W])) begin
        $display("tb_dpi: wf_dpi_obs_field disagrees with the trace bus at cycle %0d", k);
        rc = 1;
        break;
      end
      if (mdone == 0) issues += field(h, 0, "issue.valid");
      if (imem_resp_valid_i && !imem_resp_ready_o) begin   // docs/rtl.md: a fill never waits
        $display("tb_dpi: imem_resp_ready_o low during a response at cycle %0d", k);
        rc = 1;
        break;
      end
      if (imem_req_valid_o) begin
        q_due.push_back(k + longint'(imiss) - 1);
        q_mshr.push_back(int'(imem_req_mshr_o));
        q_line.push_back(int'(imem_req_line_o));
      end
      if (k >= wf_dpi_max_cycles(h)) begin
        $display("FAIL tb_dpi %s: not done after %0d cycles (timeout)", prog, wf_dpi_max_cycles(h));
        wf_dpi_exit(wf_dpi_result(h, wf_dpi_timeout(h, k)));
      end
    end
    rtl_cycles = longint'(cycle_o);
    @(posedge clk);
    #1 imem_resp_valid_i = 1'b0;   // the done cycle is over: the host ports open

    // read back every register and the scratchpad (data one cycle after the request)
    if (rc == 0) begin
      for (int w = 0; w < WARPS; w++)
        for (int r = 0; r < REGS; r++) begin
          reg_en_i = 1'b1;
          reg_warp_i = 6'(w);
          reg_idx_i = 7'(r);
          @(posedge clk);
          #1 reg_en_i = 1'b0;
          wf_dpi_set_reg(h, w, r, wf_dpi_lanes_t'(reg_rdata_o));
        end
      for (int a = 0; a < MEM_WORDS; a++) begin
        mem_en_i = 1'b1;
        mem_we_i = 1'b0;
        mem_addr_i = 16'(a);
        @(posedge clk);
        #1 mem_en_i = 1'b0;
        wf_dpi_set_mem(h, a, int'(mem_rdata_o));
      end
      rc = wf_dpi_final(h, rtl_cycles);
    end
    $display("%s tb_dpi %s: DPI lockstep, %0s %0d, %0d cycles compared, %0d issues",
             rc == 0 ? "PASS" : "FAIL", prog, rc == 0 ? "rtl cycles" : "stopped at cycle",
             rtl_cycles, k, issues);
    rc = wf_dpi_result(h, rc);
    wf_dpi_destroy(h);
    wf_dpi_exit(rc);
  end
endmodule
