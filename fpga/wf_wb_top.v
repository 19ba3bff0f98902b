// warpfront on a Wishbone bus (docs/soc.md): wf_core + the instruction
// memory (wf_imem, as the UART top's; IMISS_LAT gives the C model's
// --imiss-lat timing, so with IMSHRS=1 a run takes exactly wfsim's cycles)
// + wf_wb_ctrl (the Wishbone B4 classic slave with the control registers, and
// the DMA master). The §11 observation outputs of wf_core are left
// unconnected (synthesis removes the trace logic), as in the FPGA tops.
`include "wf_defs.vh"  // `WF_CORE_PASS_* (generated)
module wf_wb_top #(
    // wf_core's shape parameters (docs/rtl.md) with small FPGA defaults, as the FPGA tops
`include "wf_core_params_fpga.vh"  // generated from scripts/wf/layout.py CORE_PARAMS
    ,
    // pinned run-time knobs (wf_core's PIN_*; -1 = selectable through CFG0/CFG1)
    parameter integer PIN_LAYOUT   = -1,
    parameter integer PIN_WAR      = -1,
    parameter integer PIN_SCHED    = -1,
    parameter integer PIN_LOOPS    = -1,
    parameter integer PIN_HAZARD   = -1,
    // the pipeline options (§3.4, §4.4, §5.6, §6.5, §5.7): build-time choices, 0 or 1
    parameter integer DECODE_STAGE = 0,
    parameter integer ALLOC_STAGE  = 0,
    parameter integer HANDOFF_STAGE = 0,
    parameter integer FILL_STAGE   = 0,
    parameter integer READY_STAGE  = 0,
    parameter integer IMISS_LAT    = 8,      // wfsim --imiss-lat, >= ICACHE_LINE + 3
    parameter [31:0]  SYS_BASE     = 32'h4000_0000,  // the system memory the DMA may reach
    parameter [31:0]  SYS_SIZE     = 32'h0100_0000,
    parameter        IMEM_HEX      = "demo.hex"      // the power-on image
) (
    input  wire        clk_i,
    input  wire        rst_ni,       // synchronous to clk_i (the SoC's reset)
    input  wire        wbs_cyc_i,
    input  wire        wbs_stb_i,
    input  wire        wbs_we_i,
    input  wire [18:0] wbs_adr_i,    // word address
    input  wire [31:0] wbs_dat_i,
    input  wire [3:0]  wbs_sel_i,
    output wire [31:0] wbs_dat_o,
    output wire        wbs_ack_o,
    output wire        wbm_cyc_o,
    output wire        wbm_stb_o,
    output wire        wbm_we_o,
    output wire [29:0] wbm_adr_o,    // word address
    output wire [31:0] wbm_dat_o,
    output wire [3:0]  wbm_sel_o,
    input  wire [31:0] wbm_dat_i,
    input  wire        wbm_ack_i,
    input  wire        wbm_err_i,
    output wire        irq_o         // IRQ_PENDING & IRQ_ENABLE
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
  wf_wb_ctrl #(
    .WARPS(WARPS), .LANES(LANES), .REGS(REGS), .BANKS(BANKS), .COLLECTORS(COLLECTORS),
    .SB_ENTRIES(SB_ENTRIES), .IBUF(IBUF), .ICACHE_LINES(ICACHE_LINES),
    .ICACHE_LINE(ICACHE_LINE), .IMSHRS(IMSHRS), .IMEM_WORDS(IMEM_WORDS),
    .MEM_WORDS(MEM_WORDS), .MEM_LINE(MEM_LINE), .BLOOM_BITS(BLOOM_BITS),
    .ALU_LAT_MAX(ALU_LAT_MAX), .MUL_LAT_MAX(MUL_LAT_MAX), .LSU_LAT_MAX(LSU_LAT_MAX),
    .IMISS_LAT(IMISS_LAT), .PIN_LAYOUT(PIN_LAYOUT), .PIN_WAR(PIN_WAR),
    .PIN_SCHED(PIN_SCHED), .PIN_LOOPS(PIN_LOOPS), .PIN_HAZARD(PIN_HAZARD),
    .DECODE_STAGE(DECODE_STAGE), .ALLOC_STAGE(ALLOC_STAGE), .HANDOFF_STAGE(HANDOFF_STAGE),
    .FILL_STAGE(FILL_STAGE), .READY_STAGE(READY_STAGE), .SYS_BASE(SYS_BASE), .SYS_SIZE(SYS_SIZE)
  ) u_ctrl (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .wbs_cyc_i(wbs_cyc_i), .wbs_stb_i(wbs_stb_i), .wbs_we_i(wbs_we_i), .wbs_adr_i(wbs_adr_i),
    .wbs_dat_i(wbs_dat_i), .wbs_sel_i(wbs_sel_i), .wbs_dat_o(wbs_dat_o), .wbs_ack_o(wbs_ack_o),
    .wbm_cyc_o(wbm_cyc_o), .wbm_stb_o(wbm_stb_o), .wbm_we_o(wbm_we_o), .wbm_adr_o(wbm_adr_o),
    .wbm_dat_o(wbm_dat_o), .wbm_sel_o(wbm_sel_o), .wbm_dat_i(wbm_dat_i), .wbm_ack_i(wbm_ack_i),
    .wbm_err_i(wbm_err_i), .irq_o(irq_o),
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

  wire         req_valid, req_ready, resp_valid, resp_ready;
  wire [2:0]   req_mshr, resp_mshr;
  wire [15:0]  req_line;
  wire [ICACHE_LINE*64-1:0] resp_data;
  wf_imem #(.IMEM_WORDS(IMEM_WORDS), .ICACHE_LINE(ICACHE_LINE), .IMISS_LAT(IMISS_LAT),
            .IMEM_HEX(IMEM_HEX)) u_imem (
    .clk_i(clk_i), .rst_ni(rst_ni), .flush_i(launch),
    .req_valid_i(req_valid), .req_ready_o(req_ready), .req_mshr_i(req_mshr),
    .req_line_i(req_line), .resp_valid_o(resp_valid), .resp_mshr_o(resp_mshr),
    .resp_data_o(resp_data),
    .host_en_i(imem_en), .host_we_i(imem_we), .host_addr_i(imem_addr),
    .host_wdata_i(imem_wdata), .host_rdata_o(imem_rdata)
  );

  // a latency with one legal value is pinned (no logic for the others in wf_core)
  wf_core #(
    `WF_CORE_PASS_SIZES, `WF_CORE_PASS_LAT,
    .PIN_LAYOUT(PIN_LAYOUT), .PIN_WAR(PIN_WAR), .PIN_SCHED(PIN_SCHED),
    .PIN_LOOPS(PIN_LOOPS), .PIN_HAZARD(PIN_HAZARD), .PIN_DECODE_STAGE(DECODE_STAGE),
    .PIN_ALLOC_STAGE(ALLOC_STAGE), .PIN_HANDOFF_STAGE(HANDOFF_STAGE), .PIN_FILL_STAGE(FILL_STAGE),
    .PIN_READY_STAGE(READY_STAGE),
    .PIN_ALU_LAT(ALU_LAT_MAX == 1 ? 1 : -1), .PIN_MUL_LAT(MUL_LAT_MAX == 1 ? 1 : -1),
    .PIN_LSU_LAT(LSU_LAT_MAX == 2 ? 2 : -1)
  ) u_core (
    .clk_i(clk_i), .rst_ni(rst_ni),
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
