// The bounded check from reset of a `make mcy` mutant (docs/mcy/README.md,
// scripts/wf/mcy_formal.py bounded): wf_core at the default sizes (the sizes the
// mutants were made at) against the same core with one block replaced by its
// mutated netlist (the runner swaps core b's instance after elaboration), fed the
// same inputs; every output compared every cycle from launch on. The inputs are
// those of the whole-core formal wrappers (wf_formal_env.sv): reset, launch in
// cycle 1, a one-line program (ICACHE_LINE words; every line fetched holds it) of
// any legal words but mul/mad (and ld: the two scratchpads start with
// independent unknown contents, the host port that loads them is idle), an
// instruction memory answering after any delay, the host ports idle; every
// run-time knob any legal constant (§2), the latencies at their minima.
// Bounded: "no difference within N cycles" is a check, not an equivalence proof.
`include "wf_defs.vh"
module core_bmc (
    input wire clk
);
  localparam integer LANES = 8, ICLINE = 4;
  (* anyconst *) reg swz, gto, dst, ast, hst, fst, rst, stall;
  (* anyconst *) reg [2:0] war;
  (* anyconst *) reg [1:0] loops;
  always @* begin
    assume (war <= 3'd4);
    assume (loops >= 2'd1);
  end
  wire run_a, run_b, done_a, done_b, rq_a, rq_b, rr_a, rr_b;
  wire [2:0] rm_a, rm_b;
  wire [15:0] rl_a, rl_b;
  wire [1:0] step;
  wire [ICLINE*64-1:0] romv;
  wire clk_w, rst_n, launch, req_ready, resp_valid;
  wire [2:0] b_mshr;
  wf_formal_env #(.IMEM(ICLINE), .REGS(32), .LANES(LANES), .NO_LD(1)) env (
    .clk(clk), .step(step), .romv(romv), .clk_i(clk_w), .rst_ni(rst_n), .launch_i(launch),
    .imem_req_valid_o(rq_a), .imem_req_ready_i(req_ready), .imem_req_mshr_o(rm_a),
    .imem_req_line_o(rl_a), .imem_resp_valid_i(resp_valid), .imem_resp_ready_o(rr_a),
    .imem_resp_mshr_i(b_mshr), .imem_resp_data_i());
  wire [`WF_OBS_W-1:0] obs_a, obs_b;
  wire [3*`WF_OBS_WB_W-1:0] wb_a, wb_b;
  wire [3*`WF_OBS_WB_DATA_W(LANES)-1:0] wbd_a, wbd_b;
  wire [4*`WF_OBS_BANK_W-1:0] bk_a, bk_b;
  wire [5*`WF_OBS_CU_W-1:0] cu_a, cu_b;
  wire [8*`WF_OBS_WARP_W(4, 2)-1:0] wp_a, wp_b;
  wire [63:0] cyc_a, cyc_b;
`define WF_BMC_CORE(SFX) \
  wf_core core_``SFX ( \
    .clk_i(clk_w), .rst_ni(rst_n), .launch_i(launch), \
    .cfg_swizzle_i(swz), .cfg_war_i(war), .cfg_gto_i(gto), .cfg_loops_i(loops), .cfg_stall_i(stall), \
    .cfg_alu_lat_i(6'd1), .cfg_mul_lat_i(6'd1), .cfg_lsu_lat_i(6'd2), .cfg_active_warps_i(7'd0), \
    .cfg_decode_stage_i(dst), .cfg_alloc_stage_i(ast), .cfg_handoff_stage_i(hst), \
    .cfg_fill_stage_i(fst), .cfg_ready_stage_i(rst), .start_pc_i(128'd0), \
    .running_o(run_``SFX), .done_o(done_``SFX), .cycle_o(cyc_``SFX), \
    .imem_req_valid_o(rq_``SFX), .imem_req_ready_i(req_ready), .imem_req_mshr_o(rm_``SFX), \
    .imem_req_line_o(rl_``SFX), .imem_resp_valid_i(resp_valid), .imem_resp_ready_o(rr_``SFX), \
    .imem_resp_mshr_i(b_mshr), .imem_resp_data_i(romv), \
    .mem_en_i(1'b0), .mem_we_i(1'b0), .mem_addr_i(16'd0), .mem_wdata_i(32'd0), .mem_rdata_o(), \
    .reg_en_i(1'b0), .reg_warp_i(6'd0), .reg_idx_i(7'd0), .reg_rdata_o(), \
    .obs_o(obs_``SFX), .obs_wb_o(wb_``SFX), .obs_wb_data_o(wbd_``SFX), .obs_bank_o(bk_``SFX), \
    .obs_warp_o(wp_``SFX), .obs_cu_o(cu_``SFX), .obs_version_o());
  `WF_BMC_CORE(a)
  `WF_BMC_CORE(b)
  always @* if (step == 2'd3) begin
    assert (obs_a == obs_b && wb_a == wb_b && wbd_a == wbd_b && bk_a == bk_b);   // P: outputs_equal
    assert (cu_a == cu_b && wp_a == wp_b && cyc_a == cyc_b);                      // P: outputs_equal
    assert (run_a == run_b && done_a == done_b && rq_a == rq_b && rm_a == rm_b && rl_a == rl_b && rr_a == rr_b); // P: outputs_equal
  end
endmodule
