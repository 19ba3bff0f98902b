// Worked example of "Verifying your own front end" (docs/verification.md):
// a design with its own top-module name and its own file list that
// implements the trace contract (§11) with wf_core's parameters and ports.
// Here it is only a wrapper around wf_core, so it must pass every harness
// exactly as wf_core does; a front end of your own replaces the instance.
//   WF_RTL_FILES="rtl/wf.vlt rtl/wf_*.v verif/examples/own_rtl/my_front_end.v" \
//   WF_TOP=my_front_end make regress SEEDS=2 CSEEDS=0
// (verif/examples/own_rtl/test.sh runs that, and shows a wrong WF_TOP refused).
// The size parameters are the harness's -G options; the port widths are
// wf_core's, from the generated layout (rtl/wf_defs.vh, the trace contract's
// one field table; obs_version_o reports its version).
`include "wf_defs.vh"
module my_front_end #(
`include "wf_core_sizes.vh"  // wf_core's size parameters (generated)
    ,
    parameter integer OBS_WARP_W   = `WF_OBS_WARP_W(SB_ENTRIES, IBUF)
) (
    input  wire                          clk_i,
    input  wire                          rst_ni,
    input  wire                          launch_i,
    input  wire                          cfg_swizzle_i,
    input  wire [2:0]                    cfg_war_i,
    input  wire                          cfg_gto_i,
    input  wire [1:0]                    cfg_loops_i,
    input  wire                          cfg_stall_i,
    input  wire [5:0]                    cfg_alu_lat_i,
    input  wire [5:0]                    cfg_mul_lat_i,
    input  wire [5:0]                    cfg_lsu_lat_i,
    input  wire [6:0]                    cfg_active_warps_i,
    input  wire                          cfg_decode_stage_i,
    input  wire                          cfg_alloc_stage_i,
    input  wire                          cfg_handoff_stage_i,
    input  wire                          cfg_fill_stage_i,
    input  wire                          cfg_ready_stage_i,
    input  wire [WARPS*16-1:0]           start_pc_i,
    output wire                          running_o,
    output wire                          done_o,
    output wire [63:0]                   cycle_o,
    output wire                          imem_req_valid_o,
    input  wire                          imem_req_ready_i,
    output wire [2:0]                    imem_req_mshr_o,
    output wire [15:0]                   imem_req_line_o,
    input  wire                          imem_resp_valid_i,
    output wire                          imem_resp_ready_o,
    input  wire [2:0]                    imem_resp_mshr_i,
    input  wire [ICACHE_LINE*64-1:0]     imem_resp_data_i,
    input  wire                          mem_en_i,
    input  wire                          mem_we_i,
    input  wire [15:0]                   mem_addr_i,
    input  wire [31:0]                   mem_wdata_i,
    output wire [31:0]                   mem_rdata_o,
    input  wire                          reg_en_i,
    input  wire [5:0]                    reg_warp_i,
    input  wire [6:0]                    reg_idx_i,
    output wire [LANES*32-1:0]           reg_rdata_o,
    output wire [`WF_OBS_W-1:0]          obs_o,
    output wire [3*`WF_OBS_WB_W-1:0]     obs_wb_o,
    output wire [3*`WF_OBS_WB_DATA_W(LANES)-1:0] obs_wb_data_o,
    output wire [BANKS*`WF_OBS_BANK_W-1:0] obs_bank_o,
    output wire [WARPS*OBS_WARP_W-1:0]   obs_warp_o,
    output wire [(COLLECTORS+1)*`WF_OBS_CU_W-1:0] obs_cu_o,
    output wire [`WF_TRACE_VERSION_BITS-1:0] obs_version_o
);
  wf_core #(
      `WF_CORE_PASS_SIZES
  ) u_core (
      .clk_i, .rst_ni, .launch_i,
      .cfg_swizzle_i, .cfg_war_i, .cfg_gto_i, .cfg_loops_i, .cfg_stall_i,
      .cfg_alu_lat_i, .cfg_mul_lat_i, .cfg_lsu_lat_i, .cfg_active_warps_i, .cfg_decode_stage_i, .cfg_alloc_stage_i,
      .cfg_handoff_stage_i, .cfg_fill_stage_i, .cfg_ready_stage_i,
      .start_pc_i, .running_o, .done_o, .cycle_o,
      .imem_req_valid_o, .imem_req_ready_i, .imem_req_mshr_o, .imem_req_line_o,
      .imem_resp_valid_i, .imem_resp_ready_o, .imem_resp_mshr_i, .imem_resp_data_i,
      .mem_en_i, .mem_we_i, .mem_addr_i, .mem_wdata_i, .mem_rdata_o,
      .reg_en_i, .reg_warp_i, .reg_idx_i, .reg_rdata_o,
      .obs_o, .obs_wb_o, .obs_wb_data_o, .obs_bank_o, .obs_warp_o, .obs_cu_o, .obs_version_o
  );
endmodule
