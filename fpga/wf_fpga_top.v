// warpfront FPGA top (docs/fpga.md): wf_core + a block-RAM instruction memory
// initialised from a `wfsim --emit-hex` file + a launch/done controller.
//
// After the reset button is released the controller
//   1. clears the scratchpad through the host port (MEM_WORDS writes of 0:
//      the C model starts from an all-zero scratchpad),
//   2. pulses launch_i with the run-time configuration given by the CFG_*
//      parameters (constants, so synthesis prunes the modes not used),
//   3. waits for done_o,
//   4. reads the whole scratchpad (host port), then every register of every
//      warp (host register port, all lanes), folding each 32-bit word w into
//      the checksum c <- rotl(c, 5) + w (order: mem[0..MEM_WORDS-1], then for
//      each warp, each register, each lane; one word per cycle, so a register
//      is read on LANES cycles: one rotate-add per cycle, not LANES in series;
//      a read's data is registered, its lane selected and registered, then
//      folded: three cycles, so no readout path is longer than the core's),
//      and
//   5. shows done on done_led_o and byte sel_i of the checksum on led_o.
// fpga/checksum.py computes the same checksum from `wfsim --dump-state`.
// The §11 observation outputs of wf_core are left unconnected, so synthesis
// removes the trace logic.
//
// Instruction memory: wf_imem (below, shared with wf_fpga_uart_top): block
// RAM from $readmemh(IMEM_HEX) with the C model's --imiss-lat timing, so with
// IMSHRS=1 the run takes exactly the cycles of `wfsim --imiss-lat IMISS_LAT`.
// Programs start at pc 0 in every warp (a hex image carries no .start).
`include "wf_defs.vh"  // `WF_CORE_PASS_* (generated)
module wf_fpga_top #(
    // wf_core's shape parameters (docs/rtl.md) with small FPGA defaults
`include "wf_core_params_fpga.vh"  // generated from scripts/wf/layout.py CORE_PARAMS
    ,
    // run-time configuration driven at launch (wfsim option in brackets)
    parameter integer CFG_SWIZZLE  = 1,   // --layout: 0 naive, 1 swizzle
    parameter integer CFG_WAR      = 4,   // --war: 0 none, 1 inorder, 2 warpboard-commit, 3 warpboard-read, 4 bloom
    parameter integer CFG_GTO      = 0,   // --sched: 0 lrr, 1 gto
    parameter integer CFG_LOOPS    = 3,   // --loops 1..3
    parameter integer CFG_STALL    = 0,   // --hazard: 0 replay, 1 stall
    parameter integer CFG_ALU_LAT  = 1,   // --alu-lat 1..ALU_LAT_MAX
    parameter integer CFG_MUL_LAT  = 2,   // --mul-lat 1..MUL_LAT_MAX
    parameter integer CFG_LSU_LAT  = 2,   // --lsu-lat 2..LSU_LAT_MAX
    parameter integer CFG_ACTIVE_WARPS = 0, // --active-warps, 0 = all
    parameter integer CFG_DECODE_STAGE = 0, // --decode-stage 0, 1 (1: the fetch/decode register, §3.4)
    parameter integer CFG_ALLOC_STAGE = 0,  // --alloc-stage 0, 1 (1: the allocation record, §4.4)
    parameter integer CFG_HANDOFF_STAGE = 0, // --handoff-stage 0, 1 (1: the issue handoff register, §5.6)
    parameter integer CFG_FILL_STAGE = 0,    // --fill-stage 0, 1 (1: the registered bank grant, §6.5)
    parameter integer CFG_READY_STAGE = 0,   // --ready-stage 0, 1 (1: the registered readiness, §5.7)
    parameter integer IMISS_LAT    = 8,   // --imiss-lat, >= ICACHE_LINE + 3
    parameter integer PIN_CFG      = 1,   // 1: wf_core's PIN_* = the CFG_* above (the logic
                                          // of the other modes is removed), 0: run-time knobs
    parameter        IMEM_HEX      = "demo.hex"  // $readmemh image (wfsim --emit-hex); fpga/demo.hex = sim/examples/fact.s
) (
    input  wire       clk_i,
    input  wire       rst_i,        // reset button, active high, asynchronous
    input  wire [1:0] sel_i,        // which checksum byte led_o shows
    output wire       done_led_o,   // program finished and checksum complete
    output wire [7:0] led_o         // checksum byte sel_i (0 until done)
);
  // ---- parameter checks of the wrapper itself (wf_core checks its own) ----------
  generate
    if (IMISS_LAT < ICACHE_LINE + 3 || IMISS_LAT > 256)
      begin : g_chk_lat IMISS_LAT_out_of_range_ICACHE_LINE_plus_3_to_256 u_err(); end
    if (PIN_CFG < 0 || PIN_CFG > 1) begin : g_chk_pin PIN_CFG_out_of_range_0_to_1 u_err(); end
    if (CFG_SWIZZLE < 0 || CFG_SWIZZLE > 1) begin : g_chk_swz CFG_SWIZZLE_out_of_range_0_to_1 u_err(); end
    if (CFG_GTO < 0 || CFG_GTO > 1) begin : g_chk_gto CFG_GTO_out_of_range_0_to_1 u_err(); end
    if (CFG_STALL < 0 || CFG_STALL > 1) begin : g_chk_stall CFG_STALL_out_of_range_0_to_1 u_err(); end
    if (CFG_LOOPS < 1 || CFG_LOOPS > 3) begin : g_chk_loops CFG_LOOPS_out_of_range_1_to_3 u_err(); end
    if (CFG_WAR < 0 || CFG_WAR > 4) begin : g_chk_war CFG_WAR_out_of_range_0_to_4 u_err(); end
    if (CFG_ALU_LAT < 1 || CFG_ALU_LAT > ALU_LAT_MAX)
      begin : g_chk_alu CFG_ALU_LAT_out_of_range_1_to_ALU_LAT_MAX u_err(); end
    if (CFG_MUL_LAT < 1 || CFG_MUL_LAT > MUL_LAT_MAX)
      begin : g_chk_mul CFG_MUL_LAT_out_of_range_1_to_MUL_LAT_MAX u_err(); end
    if (CFG_LSU_LAT < 2 || CFG_LSU_LAT > LSU_LAT_MAX)
      begin : g_chk_lsu CFG_LSU_LAT_out_of_range_2_to_LSU_LAT_MAX u_err(); end
    if (CFG_ACTIVE_WARPS < 0 || CFG_ACTIVE_WARPS > WARPS)
      begin : g_chk_act CFG_ACTIVE_WARPS_out_of_range_0_to_WARPS u_err(); end
    if (CFG_DECODE_STAGE < 0 || CFG_DECODE_STAGE > 1)
      begin : g_chk_ds CFG_DECODE_STAGE_out_of_range_0_to_1 u_err(); end
    if (CFG_ALLOC_STAGE < 0 || CFG_ALLOC_STAGE > 1)
      begin : g_chk_as CFG_ALLOC_STAGE_out_of_range_0_to_1 u_err(); end
    if (CFG_HANDOFF_STAGE < 0 || CFG_HANDOFF_STAGE > 1)
      begin : g_chk_hs CFG_HANDOFF_STAGE_out_of_range_0_to_1 u_err(); end
    if (CFG_FILL_STAGE < 0 || CFG_FILL_STAGE > 1)
      begin : g_chk_fs CFG_FILL_STAGE_out_of_range_0_to_1 u_err(); end
    if (CFG_READY_STAGE < 0 || CFG_READY_STAGE > 1)
      begin : g_chk_rs CFG_READY_STAGE_out_of_range_0_to_1 u_err(); end
  endgenerate

  localparam integer LA = MEM_WORDS - 1, LR = REGS - 1, LWP = WARPS - 1;
  localparam [15:0] LAST_ADDR = LA[15:0];   // host-port counters at full port width
  localparam [6:0]  LAST_REG  = LR[6:0];
  localparam [5:0]  LAST_WARP = LWP[5:0];
  localparam integer LL = LANES - 1;
  localparam [5:0]  LAST_LANE = LL[5:0];

  // ---- reset: asynchronous assert, synchronous release --------------------------
  reg [1:0] rst_sync_q;
  always @(posedge clk_i or posedge rst_i) begin
    if (rst_i) rst_sync_q <= 2'b00;
    else       rst_sync_q <= {rst_sync_q[0], 1'b1};
  end
  wire rst_n = rst_sync_q[1];

  // ---- instruction memory (wf_imem below; read only here) -----------------------
  wire         req_valid, resp_ready, resp_valid, req_ready;
  wire [2:0]   req_mshr, imshr;
  wire [15:0]  req_line;
  wire [ICACHE_LINE*64-1:0] resp_data;
  wire [63:0]  imem_host_rdata;
  wf_imem #(.IMEM_WORDS(IMEM_WORDS), .ICACHE_LINE(ICACHE_LINE), .IMISS_LAT(IMISS_LAT),
            .IMEM_HEX(IMEM_HEX)) u_imem (
    .clk_i(clk_i), .rst_ni(rst_n), .flush_i(1'b0),
    .req_valid_i(req_valid), .req_ready_o(req_ready), .req_mshr_i(req_mshr),
    .req_line_i(req_line), .resp_valid_o(resp_valid), .resp_mshr_o(imshr),
    .resp_data_o(resp_data),
    .host_en_i(1'b0), .host_we_i(1'b0), .host_addr_i(16'd0), .host_wdata_i(64'd0),
    .host_rdata_o(imem_host_rdata)
  );

  // ---- launch / done controller --------------------------------------------------
  localparam [2:0] S_CLEAR = 3'd0, S_LAUNCH = 3'd1, S_RUN = 3'd2, S_MEM = 3'd3,
                   S_REG = 3'd4, S_DRAIN = 3'd5, S_DONE = 3'd6;
  reg  [2:0]     st_q;
  reg  [15:0]    addr_q;
  reg  [5:0]     warp_q;
  reg  [6:0]     ridx_q;
  reg  [5:0]     lane_q;               // the lane folded from this register read
  reg  [5:0]     rd_lane_q;            // lane_q of last cycle's read
  reg            mem_rd_q, reg_rd_q;   // a host read was issued last cycle
  reg  [LANES*32-1:0] row_q;           // last cycle's read data (every lane of a register)
  reg  [5:0]     row_lane_q;           // the lane of row_q to fold
  reg            row_v_q;
  reg  [31:0]    fold_q;               // that lane, folded this cycle
  reg            fold_v_q;
  reg  [31:0]    chk_q;
  reg  [63:0]    cycles_q;             // the run's cycle count (for the testbench)
  wire           core_done;
  wire [63:0]    core_cycle;
  wire [31:0]    mem_rdata;
  wire [LANES*32-1:0] reg_rdata;

  wire mem_en = st_q == S_CLEAR || st_q == S_MEM;
  wire mem_we = st_q == S_CLEAR;
  wire reg_en = st_q == S_REG;
  wire launch = st_q == S_LAUNCH;
  wire last_addr = addr_q == LAST_ADDR;
  wire last_reg  = ridx_q == LAST_REG;
  wire last_warp = warp_q == LAST_WARP;
  wire last_lane = lane_q == LAST_LANE;

  // the readout pipeline: the host read data of this cycle is registered in
  // row_q (the bank RAM -> bank select path ends at a flop), its lane is
  // selected into fold_q the next cycle and folded the cycle after
  reg  [31:0] chk_next, fold_w;
  reg  [LANES*32-1:0] row_d;
  always @* begin : p_fold
    integer l;
    l = 0;
    row_d = '0;
    row_d[31:0] = mem_rdata;
    if (reg_rd_q) row_d = reg_rdata;
    fold_w = row_q[31:0];
    for (l = 1; l < LANES; l = l + 1)
      if (row_lane_q == l[5:0]) fold_w = row_q[l*32 +: 32];
    chk_next = chk_q;
    if (fold_v_q) chk_next = {chk_q[26:0], chk_q[31:27]} + fold_q;
  end
  // S_DRAIN ends when the last read is folded into chk_q
  wire readout_busy = mem_rd_q || reg_rd_q || row_v_q || fold_v_q;

  always @(posedge clk_i or negedge rst_n) begin
    if (!rst_n) begin
      st_q <= S_CLEAR; addr_q <= '0; warp_q <= '0; ridx_q <= '0; lane_q <= '0; rd_lane_q <= '0;
      mem_rd_q <= 1'b0; reg_rd_q <= 1'b0; chk_q <= 32'd0; cycles_q <= 64'd0;
      row_q <= '0; row_lane_q <= '0; row_v_q <= 1'b0; fold_q <= 32'd0; fold_v_q <= 1'b0;
    end else begin
      mem_rd_q <= st_q == S_MEM;
      reg_rd_q <= st_q == S_REG;
      rd_lane_q <= lane_q;
      row_q      <= row_d;
      row_lane_q <= reg_rd_q ? rd_lane_q : 6'd0;
      row_v_q    <= mem_rd_q || reg_rd_q;
      fold_q     <= fold_w;
      fold_v_q   <= row_v_q;
      chk_q    <= chk_next;
      case (st_q)
        S_CLEAR: begin
          addr_q <= last_addr ? 16'd0 : addr_q + 16'd1;
          if (last_addr) st_q <= S_LAUNCH;
        end
        S_LAUNCH: st_q <= S_RUN;
        S_RUN: if (core_done) begin
          st_q <= S_MEM; cycles_q <= core_cycle;
        end
        S_MEM: begin
          addr_q <= addr_q + 16'd1;
          if (last_addr) st_q <= S_REG;
        end
        S_REG: begin                     // the same register read on LANES cycles
          lane_q <= last_lane ? 6'd0 : lane_q + 6'd1;
          if (last_lane) begin
            ridx_q <= last_reg ? 7'd0 : ridx_q + 7'd1;
            if (last_reg) begin
              warp_q <= warp_q + 6'd1;
              if (last_warp) st_q <= S_DRAIN;
            end
          end
        end
        S_DRAIN: if (!readout_busy) st_q <= S_DONE;
        default: ;                       // S_DONE: hold until reset
      endcase
    end
  end

  assign done_led_o = st_q == S_DONE;
  assign led_o      = done_led_o ? chk_q[sel_i*8 +: 8] : 8'd0;

  // ---- the core ----------------------------------------------------------------------
  wf_core #(
    `WF_CORE_PASS_SIZES, `WF_CORE_PASS_LAT,
    .PIN_LAYOUT(PIN_CFG != 0 ? CFG_SWIZZLE : -1), .PIN_WAR(PIN_CFG != 0 ? CFG_WAR : -1),
    .PIN_SCHED(PIN_CFG != 0 ? CFG_GTO : -1), .PIN_LOOPS(PIN_CFG != 0 ? CFG_LOOPS : -1),
    .PIN_HAZARD(PIN_CFG != 0 ? CFG_STALL : -1),
    .PIN_DECODE_STAGE(PIN_CFG != 0 ? CFG_DECODE_STAGE : -1),
    .PIN_ALLOC_STAGE(PIN_CFG != 0 ? CFG_ALLOC_STAGE : -1),
    .PIN_HANDOFF_STAGE(PIN_CFG != 0 ? CFG_HANDOFF_STAGE : -1),
    .PIN_FILL_STAGE(PIN_CFG != 0 ? CFG_FILL_STAGE : -1),
    .PIN_READY_STAGE(PIN_CFG != 0 ? CFG_READY_STAGE : -1),
    .PIN_ALU_LAT(PIN_CFG != 0 ? CFG_ALU_LAT : -1), .PIN_MUL_LAT(PIN_CFG != 0 ? CFG_MUL_LAT : -1),
    .PIN_LSU_LAT(PIN_CFG != 0 ? CFG_LSU_LAT : -1)
  ) u_core (
    .clk_i(clk_i), .rst_ni(rst_n),
    .launch_i(launch),
    .cfg_swizzle_i(CFG_SWIZZLE != 0), .cfg_war_i(CFG_WAR[2:0]), .cfg_gto_i(CFG_GTO != 0),
    .cfg_loops_i(CFG_LOOPS[1:0]), .cfg_stall_i(CFG_STALL != 0),
    .cfg_alu_lat_i(CFG_ALU_LAT[5:0]), .cfg_mul_lat_i(CFG_MUL_LAT[5:0]),
    .cfg_lsu_lat_i(CFG_LSU_LAT[5:0]), .cfg_active_warps_i(CFG_ACTIVE_WARPS[6:0]),
    .cfg_decode_stage_i(CFG_DECODE_STAGE != 0), .cfg_alloc_stage_i(CFG_ALLOC_STAGE != 0),
    .cfg_handoff_stage_i(CFG_HANDOFF_STAGE != 0), .cfg_fill_stage_i(CFG_FILL_STAGE != 0),
    .cfg_ready_stage_i(CFG_READY_STAGE != 0),
    .start_pc_i({(WARPS*16){1'b0}}),
    .running_o(), .done_o(core_done), .cycle_o(core_cycle),
    .imem_req_valid_o(req_valid), .imem_req_ready_i(req_ready),
    .imem_req_mshr_o(req_mshr), .imem_req_line_o(req_line),
    .imem_resp_valid_i(resp_valid), .imem_resp_ready_o(resp_ready),
    .imem_resp_mshr_i(imshr), .imem_resp_data_i(resp_data),
    .mem_en_i(mem_en), .mem_we_i(mem_we), .mem_addr_i(addr_q),
    .mem_wdata_i(32'd0), .mem_rdata_o(mem_rdata),
    .reg_en_i(reg_en), .reg_warp_i(warp_q), .reg_idx_i(ridx_q),
    .reg_rdata_o(reg_rdata),
    .obs_o(), .obs_wb_o(), .obs_wb_data_o(), .obs_bank_o(), .obs_warp_o(), .obs_cu_o(),
    .obs_version_o()
  );
  wire unused_ok = &{1'b0, resp_ready, imem_host_rdata};
endmodule


// Instruction memory of the FPGA tops (wf_fpga_top, wf_fpga_uart_top):
// IMEM_WORDS x 64 bits, one synchronous read port (one block-RAM word per
// cycle), initialised from IMEM_HEX ($readmemh: the power-on image). Serves
// wf_core's instruction-memory port (docs/rtl.md) one request at a time
// (req_ready = 0 while busy): it reads the line's ICACHE_LINE words one per
// cycle into a line register and answers exactly IMISS_LAT-1 cycles after the
// request handshake, so the fill lands at allocation + IMISS_LAT, the C
// model's --imiss-lat timing. Needs IMISS_LAT >= ICACHE_LINE + 3 (the tops
// check it). flush_i (at launch) drops a request still in flight from the
// previous run. The host port (host_en_i, while the core is not running)
// reads (data on host_rdata_o the cycle after) or writes one word; its read
// takes the fetch's read port, so it must not be used during a run.
module wf_imem #(
    parameter integer IMEM_WORDS  = 256,
    parameter integer ICACHE_LINE = 1,
    parameter integer IMISS_LAT   = 8,
    parameter        IMEM_HEX     = "demo.hex"
) (
    input  wire                      clk_i,
    input  wire                      rst_ni,
    input  wire                      flush_i,
    input  wire                      req_valid_i,
    output wire                      req_ready_o,
    input  wire [2:0]                req_mshr_i,
    input  wire [15:0]               req_line_i,
    output wire                      resp_valid_o,
    output wire [2:0]                resp_mshr_o,
    output wire [ICACHE_LINE*64-1:0] resp_data_o,
    input  wire                      host_en_i,
    input  wire                      host_we_i,
    input  wire [15:0]               host_addr_i,
    input  wire [63:0]               host_wdata_i,
    output wire [63:0]               host_rdata_o
);
  localparam integer IAW = IMEM_WORDS > 1 ? $clog2(IMEM_WORDS) : 1;
  localparam integer LW  = ICACHE_LINE * 64;
  localparam integer LIW = ICACHE_LINE > 1 ? $clog2(ICACHE_LINE) : 0;   // word-in-line bits

  reg [63:0] imem_q [0:IMEM_WORDS-1];
  integer k;
  initial begin
`ifndef SYNTHESIS
    // words past the program are 0, as in the C model (simulators start at X;
    // block RAM starts at 0). Not for Yosys: 0.23 lets this loop's writes
    // override the $readmemh image (an all-zero ROM; scripts/synth.py checks)
    for (k = 0; k < IMEM_WORDS; k = k + 1) imem_q[k] = 64'd0;
`endif
    $readmemh(IMEM_HEX, imem_q);
  end
  reg  [63:0]  imem_rdata_q;
  reg  [IAW-1:0] imem_raddr;
  wire [IAW-1:0] host_addr = host_addr_i[IAW-1:0];
  always @(posedge clk_i) imem_rdata_q <= imem_q[imem_raddr];
  always @(posedge clk_i) if (host_en_i && host_we_i) imem_q[host_addr] <= host_wdata_i;
  assign host_rdata_o = imem_rdata_q;

  reg          busy_q;
  reg  [8:0]   icnt_q;        // cycles since the request handshake
  reg  [2:0]   imshr_q;
  reg  [15:0]  iline_q;
  reg  [LW-1:0] linebuf_q;
  assign req_ready_o  = !busy_q;
  assign resp_valid_o = busy_q && icnt_q == IMISS_LAT[8:0] - 9'd1;
  assign resp_mshr_o  = imshr_q;
  assign resp_data_o  = linebuf_q;
  // word icnt-1 of the line: line * ICACHE_LINE + icnt - 1 (low IAW bits: the
  // addresses wrap at IMEM_WORDS like the C model's)
  wire [31:0]  word_addr  = ({16'd0, iline_q} << LIW) + {23'd0, icnt_q} - 32'd1;
  always @* imem_raddr = host_en_i ? host_addr : word_addr[IAW-1:0];
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0; icnt_q <= 9'd0; imshr_q <= 3'd0; iline_q <= 16'd0;
    end else if (flush_i) begin
      busy_q <= 1'b0;
    end else if (!busy_q) begin
      if (req_valid_i) begin
        busy_q <= 1'b1; icnt_q <= 9'd1; imshr_q <= req_mshr_i; iline_q <= req_line_i;
      end
    end else begin
      icnt_q <= icnt_q + 9'd1;
      if (resp_valid_o) busy_q <= 1'b0;
    end
  end
  // word j of the line is read in cycle icnt = j+1 and on the RAM output in
  // icnt = j+2; shifting it in from the top leaves word 0 at the bottom
  wire shift_in = busy_q && icnt_q >= 9'd2 && icnt_q <= ICACHE_LINE[8:0] + 9'd1;
  generate
    if (ICACHE_LINE == 1) begin : g_line1
      always @(posedge clk_i) if (shift_in) linebuf_q <= imem_rdata_q;
    end else begin : g_linen
      always @(posedge clk_i) if (shift_in) linebuf_q <= {imem_rdata_q, linebuf_q[LW-1:64]};
    end
  endgenerate
endmodule
