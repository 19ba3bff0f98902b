// Icarus testbench for the simulation-only assertions (rtl/*.v, `ifdef
// WF_ASSERT): runs one program (a $readmemh image from `wfsim --emit-hex`)
// on a small wf_core with a fixed-latency instruction memory, to done.
// verif/rtl_assert/run.sh builds it with +define+WF_ASSERT plus one
// WF_ASSERT_SELFTEST_* define (a deliberate fault in the RTL) or one of the
// testbench faults below, and checks that the expected assertion fires.
//   TB_NO_IMEM    the instruction memory never answers (stall watchdog)
//   TB_DUP_RESP   every instruction-memory response is sent twice
// Plusargs: +hex=FILE +warps=N (active) +swizzle=0|1 +loops=1..3 +war=0..4
//           +gto=0|1 +stall=0|1 +imiss=2..16
// Ends with "TB DONE cycles N" and $finish on done, $fatal on a timeout.
`timescale 1ns / 1ps
`include "wf_defs.vh"  // the trace layout (generated)
module tb_assert;
`include "wf_enums.vh"  // WAR_*, LOOPS_* (generated)
  localparam integer WARPS = 4, LANES = 4, REGS = 32, BANKS = 4, COLLECTORS = 4;
  localparam integer SB_ENTRIES = 4, IBUF = 2, ICACHE_LINES = 16, ICACHE_LINE = 4, IMSHRS = 2;
  localparam integer IMEM_WORDS = 1024, MEM_WORDS = 64, MEM_LINE = 4, BLOOM_BITS = 16;

  reg clk = 1'b0, rst_n = 1'b0, launch = 1'b0;
  reg swz = 1'b0, gto = 1'b0, stall = 1'b0;
  reg [2:0] war = WAR_BLOOM;
  reg [1:0] loops = LOOPS_COLLECTOR;
  reg [6:0] active = 7'h7f;
  integer imiss = 8;
  reg mem_en = 1'b0, mem_we = 1'b0;
  reg [15:0] mem_addr = 16'd0;
  reg resp_valid = 1'b0;
  reg [2:0] resp_mshr = 3'd0;
  reg [ICACHE_LINE*64-1:0] resp_data = '0;

  // one net per wf_core port, named as the port (generated with the port list)
  `include "wf_core_nets.vh"
  assign clk_i = clk;
  assign rst_ni = rst_n;
  assign launch_i = launch;
  assign cfg_swizzle_i = swz;
  assign cfg_war_i = war;
  assign cfg_gto_i = gto;
  assign cfg_loops_i = loops;
  assign cfg_stall_i = stall;
  assign cfg_alu_lat_i = 6'd1;
  assign cfg_mul_lat_i = 6'd4;
  assign cfg_lsu_lat_i = 6'd2;
  assign cfg_active_warps_i = active;
  assign {cfg_decode_stage_i, cfg_alloc_stage_i, cfg_handoff_stage_i, cfg_fill_stage_i, cfg_ready_stage_i} = 5'd0;
  assign start_pc_i = {WARPS*16{1'b0}};
  assign imem_req_ready_i = 1'b1;
  assign imem_resp_valid_i = resp_valid;
  assign imem_resp_mshr_i = resp_mshr;
  assign imem_resp_data_i = resp_data;
  assign mem_en_i = mem_en;
  assign mem_we_i = mem_we;
  assign mem_addr_i = mem_addr;
  assign mem_wdata_i = 32'd0;
  assign reg_en_i = 1'b0;
  assign reg_warp_i = 6'd0;
  assign reg_idx_i = 7'd0;

  wf_core #(
    .WARPS(WARPS), .LANES(LANES), .REGS(REGS), .BANKS(BANKS), .COLLECTORS(COLLECTORS),
    .SB_ENTRIES(SB_ENTRIES), .IBUF(IBUF), .ICACHE_LINES(ICACHE_LINES), .ICACHE_LINE(ICACHE_LINE),
    .IMSHRS(IMSHRS), .IMEM_WORDS(IMEM_WORDS), .MEM_WORDS(MEM_WORDS), .MEM_LINE(MEM_LINE),
    .BLOOM_BITS(BLOOM_BITS), .ALU_LAT_MAX(2), .MUL_LAT_MAX(4), .LSU_LAT_MAX(2)
  ) dut (`WF_CORE_CONN_ALL);

  always #5 clk = ~clk;

  // instruction memory: a request handshaken in cycle t is answered in cycle
  // t + imiss - 1 (one outstanding request per cycle, a delay line)
  reg [63:0] imem [0:IMEM_WORDS-1];
  reg [15:0] due_line [0:31];
  reg [2:0]  due_mshr [0:31];
  reg        due_v    [0:31];
  integer    tnow = 0, k;
  always @(posedge clk) begin : p_imem
    integer slot, i;
    tnow <= tnow + 1;
    resp_valid <= 1'b0;
    slot = tnow % 32;
    if (due_v[slot]) begin
      due_v[slot] <= 1'b0;
`ifndef TB_NO_IMEM
      resp_valid <= 1'b1;
      resp_mshr  <= due_mshr[slot];
      for (i = 0; i < ICACHE_LINE; i = i + 1)
        resp_data[i*64 +: 64] <= imem[(due_line[slot] * ICACHE_LINE + i) % IMEM_WORDS];
`endif
`ifdef TB_DUP_RESP
      due_v[(slot + 1) % 32] <= 1'b1;
      due_mshr[(slot + 1) % 32] <= due_mshr[slot];
      due_line[(slot + 1) % 32] <= due_line[slot];
`endif
    end
    if (running_o && imem_req_valid_o) begin
      due_v[(tnow + imiss - 1) % 32]    <= 1'b1;
      due_mshr[(tnow + imiss - 1) % 32] <= imem_req_mshr_o;
      due_line[(tnow + imiss - 1) % 32] <= imem_req_line_o;
    end
  end

  reg [1023:0] hex;
  integer v, n;
  initial begin
    for (k = 0; k < 32; k = k + 1) due_v[k] = 1'b0;
    for (k = 0; k < IMEM_WORDS; k = k + 1) imem[k] = 64'h1600000000000000;   // exit
    if (!$value$plusargs("hex=%s", hex)) begin
      $display("tb_assert: +hex=FILE missing");
      $fatal(1);
    end
    $readmemh(hex, imem, 0);
    // the configuration inputs change after time 0, so that Icarus evaluates
    // the always @* blocks that read them
    #1 active = 7'd0;
    if ($value$plusargs("warps=%d", v)) active = v[6:0];
    if ($value$plusargs("swizzle=%d", v)) swz = v[0];
    if ($value$plusargs("loops=%d", v)) loops = v[1:0];
    if ($value$plusargs("war=%d", v)) war = v[2:0];
    if ($value$plusargs("gto=%d", v)) gto = v[0];
    if ($value$plusargs("stall=%d", v)) stall = v[0];
    if ($value$plusargs("imiss=%d", v)) imiss = v;
    repeat (2) @(posedge clk);
    rst_n = 1'b1;
    // scratchpad image: all 0
    @(negedge clk);
    mem_en = 1'b1; mem_we = 1'b1;
    for (n = 0; n < MEM_WORDS; n = n + 1) begin
      mem_addr = n[15:0];
      @(negedge clk);
    end
    mem_en = 1'b0; mem_we = 1'b0;
    launch = 1'b1;
    @(negedge clk);
    launch = 1'b0;
    n = 0;
    while (done_o !== 1'b1 && n < 20000) begin
      @(negedge clk);
      n = n + 1;
    end
    if (done_o !== 1'b1) begin
      $display("tb_assert: timeout, not done after %0d cycles", n);
      $fatal(1);
    end
    $display("TB DONE cycles %0d", cycle_o);
    $finish;
  end
endmodule
