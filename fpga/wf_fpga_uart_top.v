// warpfront FPGA top with the UART host bridge (docs/fpga.md "Host bridge"):
// wf_core + the instruction memory (wf_imem: $readmemh(IMEM_HEX) at power
// on, writable through the bridge) + wf_host_bridge + wf_uart. The host
// (scripts/wfhost) loads programs and scratchpad data, sets the run-time
// configuration and the start pcs, launches, polls and reads the final state.
// The §11 observation outputs of wf_core are left unconnected (synthesis
// removes the trace logic), as in wf_fpga_top.
`include "wf_defs.vh"  // `WF_CORE_PASS_* (generated)
module wf_fpga_uart_top #(
    // wf_core's shape parameters (docs/rtl.md) with small FPGA defaults, as wf_fpga_top
`include "wf_core_params_fpga.vh"  // generated from scripts/wf/layout.py CORE_PARAMS
    ,
    // pinned run-time knobs (wf_core's PIN_*; -1 = selectable through SET_CFG)
    parameter integer PIN_LAYOUT   = -1,
    parameter integer PIN_WAR      = -1,
    parameter integer PIN_SCHED    = -1,
    parameter integer PIN_LOOPS    = -1,
    parameter integer PIN_HAZARD   = -1,
    // the fetch/decode register (docs/microarch.md §3.4): a build-time choice
    // here (pinned; the protocol's SET_CFG does not carry it), wfsim --decode-stage
    parameter integer DECODE_STAGE = 0,
    parameter integer ALLOC_STAGE  = 0,      // the allocation record (§4.4), pinned likewise
    parameter integer HANDOFF_STAGE = 0,     // the issue handoff register (§5.6), pinned likewise
    parameter integer FILL_STAGE   = 0,      // the registered bank grant (§6.5), pinned likewise
    parameter integer READY_STAGE  = 0,      // the registered readiness (§5.7), pinned likewise
    parameter integer IMISS_LAT    = 8,      // wfsim --imiss-lat, >= ICACHE_LINE + 3
    parameter integer BAUD_DIV     = 104,    // clock cycles per UART bit (12 MHz: 104 = 115200 baud)
    parameter integer TIMEOUT      = 1200000, // cycles a frame may pause (12 MHz: 0.1 s)
    parameter integer RST_ACTIVE_LOW = 0,    // 1: rst_i is an active-low button
    parameter        IMEM_HEX      = "demo.hex"
) (
    input  wire clk_i,
    input  wire rst_i,        // reset button (polarity RST_ACTIVE_LOW), asynchronous
    input  wire uart_rx_i,    // from the host
    output wire uart_tx_o,    // to the host
    output wire busy_led_o,   // the bridge is handling a frame or a launched run is not done
    output wire done_led_o    // the last launched run is done
);
  generate
    if (IMISS_LAT < ICACHE_LINE + 3 || IMISS_LAT > 256)
      begin : g_chk_lat IMISS_LAT_out_of_range_ICACHE_LINE_plus_3_to_256 u_err(); end
    if (RST_ACTIVE_LOW < 0 || RST_ACTIVE_LOW > 1)
      begin : g_chk_rst RST_ACTIVE_LOW_out_of_range_0_to_1 u_err(); end
    // the pipeline options are pinned here and reported by IDENTIFY as one bit each
    if (DECODE_STAGE < 0 || DECODE_STAGE > 1)
      begin : g_chk_ds DECODE_STAGE_out_of_range_0_to_1 u_err(); end
    if (ALLOC_STAGE < 0 || ALLOC_STAGE > 1)
      begin : g_chk_as ALLOC_STAGE_out_of_range_0_to_1 u_err(); end
    if (HANDOFF_STAGE < 0 || HANDOFF_STAGE > 1)
      begin : g_chk_hs HANDOFF_STAGE_out_of_range_0_to_1 u_err(); end
    if (FILL_STAGE < 0 || FILL_STAGE > 1)
      begin : g_chk_fs FILL_STAGE_out_of_range_0_to_1 u_err(); end
    if (READY_STAGE < 0 || READY_STAGE > 1)
      begin : g_chk_rs READY_STAGE_out_of_range_0_to_1 u_err(); end
  endgenerate

  // ---- reset: asynchronous assert, synchronous release --------------------------
  wire rst = RST_ACTIVE_LOW != 0 ? !rst_i : rst_i;
  reg [1:0] rst_sync_q;
  always @(posedge clk_i or posedge rst) begin
    if (rst) rst_sync_q <= 2'b00;
    else     rst_sync_q <= {rst_sync_q[0], 1'b1};
  end
  wire rst_n = rst_sync_q[1];

  // ---- UART and bridge -------------------------------------------------------------
  wire       rx_valid, tx_valid, tx_ready, busy;
  wire [7:0] rx_data, tx_data;
  wf_uart #(.DIV(BAUD_DIV)) u_uart (
    .clk_i(clk_i), .rst_ni(rst_n), .rx_i(uart_rx_i), .rx_valid_o(rx_valid), .rx_data_o(rx_data),
    .tx_o(uart_tx_o), .tx_valid_i(tx_valid), .tx_data_i(tx_data), .tx_ready_o(tx_ready)
  );

  wire        launch, cfg_swizzle, cfg_gto, cfg_stall, running, done;
  wire [2:0]  cfg_war;
  wire [1:0]  cfg_loops;
  wire [5:0]  cfg_alu_lat, cfg_mul_lat, cfg_lsu_lat;
  wire [6:0]  cfg_active_warps;
  wire [WARPS*16-1:0] start_pc;
  wire [63:0] cycle;
  wire        mem_en, mem_we, reg_en, imem_en, imem_we;
  wire [15:0] mem_addr, imem_addr;
  wire [31:0] mem_wdata, mem_rdata;
  wire [5:0]  reg_warp;
  wire [6:0]  reg_idx;
  wire [LANES*32-1:0] reg_rdata;
  wire [63:0] imem_wdata, imem_rdata;
  wf_host_bridge #(
    .WARPS(WARPS), .LANES(LANES), .REGS(REGS), .BANKS(BANKS), .COLLECTORS(COLLECTORS),
    .SB_ENTRIES(SB_ENTRIES), .IBUF(IBUF), .ICACHE_LINES(ICACHE_LINES),
    .ICACHE_LINE(ICACHE_LINE), .IMSHRS(IMSHRS), .IMEM_WORDS(IMEM_WORDS),
    .MEM_WORDS(MEM_WORDS), .MEM_LINE(MEM_LINE), .BLOOM_BITS(BLOOM_BITS),
    .ALU_LAT_MAX(ALU_LAT_MAX), .MUL_LAT_MAX(MUL_LAT_MAX), .LSU_LAT_MAX(LSU_LAT_MAX),
    .IMISS_LAT(IMISS_LAT), .PIN_LAYOUT(PIN_LAYOUT), .PIN_WAR(PIN_WAR),
    .PIN_SCHED(PIN_SCHED), .PIN_LOOPS(PIN_LOOPS), .PIN_HAZARD(PIN_HAZARD),
    .DECODE_STAGE(DECODE_STAGE), .ALLOC_STAGE(ALLOC_STAGE), .HANDOFF_STAGE(HANDOFF_STAGE),
    .FILL_STAGE(FILL_STAGE), .READY_STAGE(READY_STAGE),
    .BAUD_DIV(BAUD_DIV), .TIMEOUT(TIMEOUT)
  ) u_bridge (
    .clk_i(clk_i), .rst_ni(rst_n),
    .rx_valid_i(rx_valid), .rx_data_i(rx_data),
    .tx_valid_o(tx_valid), .tx_data_o(tx_data), .tx_ready_i(tx_ready), .busy_o(busy),
    .launch_o(launch), .cfg_swizzle_o(cfg_swizzle), .cfg_war_o(cfg_war), .cfg_gto_o(cfg_gto),
    .cfg_loops_o(cfg_loops), .cfg_stall_o(cfg_stall), .cfg_alu_lat_o(cfg_alu_lat),
    .cfg_mul_lat_o(cfg_mul_lat), .cfg_lsu_lat_o(cfg_lsu_lat),
    .cfg_active_warps_o(cfg_active_warps), .start_pc_o(start_pc),
    .running_i(running), .done_i(done), .cycle_i(cycle),
    .mem_en_o(mem_en), .mem_we_o(mem_we), .mem_addr_o(mem_addr), .mem_wdata_o(mem_wdata),
    .mem_rdata_i(mem_rdata),
    .reg_en_o(reg_en), .reg_warp_o(reg_warp), .reg_idx_o(reg_idx), .reg_rdata_i(reg_rdata),
    .imem_en_o(imem_en), .imem_we_o(imem_we), .imem_addr_o(imem_addr),
    .imem_wdata_o(imem_wdata), .imem_rdata_i(imem_rdata)
  );
  assign busy_led_o = busy;
  assign done_led_o = done;

  // ---- instruction memory ------------------------------------------------------------
  wire         req_valid, req_ready, resp_valid, resp_ready;
  wire [2:0]   req_mshr, resp_mshr;
  wire [15:0]  req_line;
  wire [ICACHE_LINE*64-1:0] resp_data;
  wf_imem #(.IMEM_WORDS(IMEM_WORDS), .ICACHE_LINE(ICACHE_LINE), .IMISS_LAT(IMISS_LAT),
            .IMEM_HEX(IMEM_HEX)) u_imem (
    .clk_i(clk_i), .rst_ni(rst_n), .flush_i(launch),
    .req_valid_i(req_valid), .req_ready_o(req_ready), .req_mshr_i(req_mshr),
    .req_line_i(req_line), .resp_valid_o(resp_valid), .resp_mshr_o(resp_mshr),
    .resp_data_o(resp_data),
    .host_en_i(imem_en), .host_we_i(imem_we), .host_addr_i(imem_addr),
    .host_wdata_i(imem_wdata), .host_rdata_o(imem_rdata)
  );

  // ---- the core ------------------------------------------------------------------------
  wf_core #(
    `WF_CORE_PASS_SIZES, `WF_CORE_PASS_LAT,
    .PIN_LAYOUT(PIN_LAYOUT), .PIN_WAR(PIN_WAR), .PIN_SCHED(PIN_SCHED),
    .PIN_LOOPS(PIN_LOOPS), .PIN_HAZARD(PIN_HAZARD), .PIN_DECODE_STAGE(DECODE_STAGE),
    .PIN_ALLOC_STAGE(ALLOC_STAGE), .PIN_HANDOFF_STAGE(HANDOFF_STAGE), .PIN_FILL_STAGE(FILL_STAGE),
    .PIN_READY_STAGE(READY_STAGE)
  ) u_core (
    .clk_i(clk_i), .rst_ni(rst_n),
    .launch_i(launch),
    .cfg_swizzle_i(cfg_swizzle), .cfg_war_i(cfg_war), .cfg_gto_i(cfg_gto),
    .cfg_loops_i(cfg_loops), .cfg_stall_i(cfg_stall),
    .cfg_alu_lat_i(cfg_alu_lat), .cfg_mul_lat_i(cfg_mul_lat),
    .cfg_lsu_lat_i(cfg_lsu_lat), .cfg_active_warps_i(cfg_active_warps),
    .cfg_decode_stage_i(DECODE_STAGE != 0), .cfg_alloc_stage_i(ALLOC_STAGE != 0),
    .cfg_handoff_stage_i(HANDOFF_STAGE != 0), .cfg_fill_stage_i(FILL_STAGE != 0),
    .cfg_ready_stage_i(READY_STAGE != 0),
    .start_pc_i(start_pc),
    .running_o(running), .done_o(done), .cycle_o(cycle),
    .imem_req_valid_o(req_valid), .imem_req_ready_i(req_ready),
    .imem_req_mshr_o(req_mshr), .imem_req_line_o(req_line),
    .imem_resp_valid_i(resp_valid), .imem_resp_ready_o(resp_ready),
    .imem_resp_mshr_i(resp_mshr), .imem_resp_data_i(resp_data),
    .mem_en_i(mem_en), .mem_we_i(mem_we), .mem_addr_i(mem_addr),
    .mem_wdata_i(mem_wdata), .mem_rdata_o(mem_rdata),
    .reg_en_i(reg_en), .reg_warp_i(reg_warp), .reg_idx_i(reg_idx),
    .reg_rdata_o(reg_rdata),
    .obs_o(), .obs_wb_o(), .obs_wb_data_o(), .obs_bank_o(), .obs_warp_o(), .obs_cu_o(),
    .obs_version_o()
  );
  wire unused_ok = &{1'b0, resp_ready};
endmodule
