// The core of the hosted FPGA tops (wf_fpga_uart_top, wf_wb_top; docs/fpga.md,
// docs/soc.md): wf_core + its instruction memory (wf_imem, in
// fpga/wf_fpga_top.v: IMISS_LAT gives the C model's --imiss-lat timing, so with
// IMSHRS=1 a run takes exactly wfsim's cycles), driven by a host controller
// (wf_host_bridge, wf_wb_ctrl) through the generated host ports. The pipeline
// options are pinned (build-time); a latency with one legal value is pinned
// by the top (PIN_*_LAT). The §11 observation outputs of wf_core are left
// unconnected: synthesis removes the trace logic.
`include "wf_defs.vh"  // `WF_CORE_PASS_* (generated)
module wf_host_core #(
`include "wf_core_params_fpga.vh"  // generated from scripts/wf/layout.py CORE_PARAMS
    ,
`include "wf_host_params.vh"
    ,
    parameter integer PIN_ALU_LAT  = -1,
    parameter integer PIN_MUL_LAT  = -1,
    parameter integer PIN_LSU_LAT  = -1,
    parameter        IMEM_HEX      = "demo.hex"      // the power-on image
) (
    input  wire clk_i,
    input  wire rst_ni,
`include "wf_host_core_ports.vh"  // generated from scripts/wf/layout.py PORTS
);
  generate
    if (IMISS_LAT < ICACHE_LINE + 3 || IMISS_LAT > 256)
      begin : g_chk_lat IMISS_LAT_out_of_range_ICACHE_LINE_plus_3_to_256 u_err(); end
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

  wire         req_valid, req_ready, resp_valid, resp_ready;
  wire [2:0]   req_mshr, resp_mshr;
  wire [15:0]  req_line;
  wire [ICACHE_LINE*64-1:0] resp_data;
  wf_imem #(.IMEM_WORDS(IMEM_WORDS), .ICACHE_LINE(ICACHE_LINE), .IMISS_LAT(IMISS_LAT),
            .IMEM_HEX(IMEM_HEX)) u_imem (
    .clk_i(clk_i), .rst_ni(rst_ni), .flush_i(launch_i),
    .req_valid_i(req_valid), .req_ready_o(req_ready), .req_mshr_i(req_mshr),
    .req_line_i(req_line), .resp_valid_o(resp_valid), .resp_mshr_o(resp_mshr),
    .resp_data_o(resp_data),
    .host_en_i(imem_en_i), .host_we_i(imem_we_i), .host_addr_i(imem_addr_i),
    .host_wdata_i(imem_wdata_i), .host_rdata_o(imem_rdata_o)
  );

  wf_core #(
    `WF_CORE_PASS_SIZES, `WF_CORE_PASS_LAT,
    .PIN_LAYOUT(PIN_LAYOUT), .PIN_WAR(PIN_WAR), .PIN_SCHED(PIN_SCHED),
    .PIN_LOOPS(PIN_LOOPS), .PIN_HAZARD(PIN_HAZARD), .PIN_DECODE_STAGE(DECODE_STAGE),
    .PIN_ALLOC_STAGE(ALLOC_STAGE), .PIN_HANDOFF_STAGE(HANDOFF_STAGE), .PIN_FILL_STAGE(FILL_STAGE),
    .PIN_READY_STAGE(READY_STAGE),
    .PIN_ALU_LAT(PIN_ALU_LAT), .PIN_MUL_LAT(PIN_MUL_LAT), .PIN_LSU_LAT(PIN_LSU_LAT)
  ) u_core (
    `WF_CORE_CONN_CLOCK, `WF_CORE_CONN_STATUS, `WF_CORE_CONN_HOST,
    .launch_i(launch_i),
    .cfg_swizzle_i(cfg_swizzle_i), .cfg_war_i(cfg_war_i), .cfg_gto_i(cfg_gto_i),
    .cfg_loops_i(cfg_loops_i), .cfg_stall_i(cfg_stall_i),
    .cfg_alu_lat_i(cfg_alu_lat_i), .cfg_mul_lat_i(cfg_mul_lat_i),
    .cfg_lsu_lat_i(cfg_lsu_lat_i), .cfg_active_warps_i(cfg_active_warps_i),
    .cfg_decode_stage_i(DECODE_STAGE != 0), .cfg_alloc_stage_i(ALLOC_STAGE != 0),
    .cfg_handoff_stage_i(HANDOFF_STAGE != 0), .cfg_fill_stage_i(FILL_STAGE != 0),
    .cfg_ready_stage_i(READY_STAGE != 0),
    .start_pc_i(start_pc_i),
    .imem_req_valid_o(req_valid), .imem_req_ready_i(req_ready),
    .imem_req_mshr_o(req_mshr), .imem_req_line_o(req_line),
    .imem_resp_valid_i(resp_valid), .imem_resp_ready_o(resp_ready),
    .imem_resp_mshr_i(resp_mshr), .imem_resp_data_i(resp_data),
    .obs_o(), .obs_wb_o(), .obs_wb_data_o(), .obs_bank_o(), .obs_warp_o(), .obs_cu_o(),
    .obs_version_o()
  );
  wire unused_ok = &{1'b0, resp_ready};
endmodule
