// Test wrapper for the pinned run-time knobs (rtl/wf_core.v PIN_*): the same
// ports as wf_core; it passes its PIN_* parameters to wf_core and drives
// every pinned knob's cfg input with a value that differs from the pin, so a
// lockstep pass against the C model configured with the pinned values shows
// that the input is ignored. Built by verif/rtl_assert/pins.sh as the
// co-simulation harness's model (verilator --prefix Vwf_core). It also
// passes BANK_RAM_STYLE, whose "distributed" form (wf_spram READ_ADDR_REG)
// is other RTL with the same behaviour.
`include "wf_defs.vh"  // the trace layout (generated)
module wf_pin_wrap #(
`include "wf_core_sizes.vh"  // wf_core's parameters (generated), all passed through
    ,
`include "wf_core_knobs.vh"
    ,
    parameter integer OBS_WARP_W = `WF_OBS_WARP_W(SB_ENTRIES, IBUF)
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
  // the conflicting inputs: another legal value than the pin
  wire       swz   = PIN_LAYOUT >= 0 ? ~cfg_swizzle_i : cfg_swizzle_i;
  wire [2:0] war   = PIN_WAR >= 0 ? (cfg_war_i == 3'd4 ? 3'd0 : cfg_war_i + 3'd1) : cfg_war_i;
  wire       gto   = PIN_SCHED >= 0 ? ~cfg_gto_i : cfg_gto_i;
  wire [1:0] loops = PIN_LOOPS >= 0 ? (cfg_loops_i == 2'd3 ? 2'd1 : cfg_loops_i + 2'd1) : cfg_loops_i;
  wire       stall = PIN_HAZARD >= 0 ? ~cfg_stall_i : cfg_stall_i;
  wire       dstage = PIN_DECODE_STAGE >= 0 ? ~cfg_decode_stage_i : cfg_decode_stage_i;
  wire       astage = PIN_ALLOC_STAGE >= 0 ? ~cfg_alloc_stage_i : cfg_alloc_stage_i;
  wire       hstage = PIN_HANDOFF_STAGE >= 0 ? ~cfg_handoff_stage_i : cfg_handoff_stage_i;
  wire       fstage = PIN_FILL_STAGE >= 0 ? ~cfg_fill_stage_i : cfg_fill_stage_i;
  wire       rstage = PIN_READY_STAGE >= 0 ? ~cfg_ready_stage_i : cfg_ready_stage_i;
  // latencies: one more (the defaults' maxima 16/32/32 leave room)
  wire [5:0] alu_lat = PIN_ALU_LAT >= 0 ? cfg_alu_lat_i + 6'd1 : cfg_alu_lat_i;
  wire [5:0] mul_lat = PIN_MUL_LAT >= 0 ? cfg_mul_lat_i + 6'd1 : cfg_mul_lat_i;
  wire [5:0] lsu_lat = PIN_LSU_LAT >= 0 ? cfg_lsu_lat_i + 6'd1 : cfg_lsu_lat_i;

  wf_core #(
    `WF_CORE_PASS_SIZES, `WF_CORE_PASS_LAT, `WF_CORE_PASS_PINS
  ) u_core (
    .clk_i(clk_i), .rst_ni(rst_ni), .launch_i(launch_i), .cfg_swizzle_i(swz), .cfg_war_i(war),
    .cfg_gto_i(gto), .cfg_loops_i(loops), .cfg_stall_i(stall), .cfg_alu_lat_i(alu_lat),
    .cfg_mul_lat_i(mul_lat), .cfg_lsu_lat_i(lsu_lat),
    .cfg_active_warps_i(cfg_active_warps_i), .cfg_decode_stage_i(dstage), .cfg_alloc_stage_i(astage),
    .cfg_handoff_stage_i(hstage), .cfg_fill_stage_i(fstage),
    .cfg_ready_stage_i(rstage), .start_pc_i(start_pc_i), .running_o(running_o),
    .done_o(done_o), .cycle_o(cycle_o), .imem_req_valid_o(imem_req_valid_o),
    .imem_req_ready_i(imem_req_ready_i), .imem_req_mshr_o(imem_req_mshr_o),
    .imem_req_line_o(imem_req_line_o), .imem_resp_valid_i(imem_resp_valid_i),
    .imem_resp_ready_o(imem_resp_ready_o), .imem_resp_mshr_i(imem_resp_mshr_i),
    .imem_resp_data_i(imem_resp_data_i), .mem_en_i(mem_en_i), .mem_we_i(mem_we_i),
    .mem_addr_i(mem_addr_i), .mem_wdata_i(mem_wdata_i), .mem_rdata_o(mem_rdata_o),
    .reg_en_i(reg_en_i), .reg_warp_i(reg_warp_i), .reg_idx_i(reg_idx_i),
    .reg_rdata_o(reg_rdata_o), .obs_o(obs_o), .obs_wb_o(obs_wb_o),
    .obs_wb_data_o(obs_wb_data_o), .obs_bank_o(obs_bank_o), .obs_warp_o(obs_warp_o),
    .obs_cu_o(obs_cu_o), .obs_version_o(obs_version_o)
  );
endmodule
