// The RTL forms compared (docs/verification.md "Formal"): wf_core as
// delivered against its distributed-bank form (BANK_RAM_STYLE) or the FPGA
// build's pinned wf_core (PINNED: core b's PIN_* at the pinned knobs, both
// cores run at those knob values), both fed the same inputs, every output compared every cycle (a miter; bounded, so a
// check rather than an equivalence proof). The environment is core_props.sv's
// (one warp, one lane, two registers in one bank, three CUs, a four-word
// program the solver chooses, an instruction memory answering after any
// delay), with every run-time knob any legal constant and no ld (below).
`include "wf_defs.vh"
module core_equiv #(
    parameter FORM_B = "distributed",
    parameter integer BREAK = 0,  // 1 (2): core b (a) runs with the other decode_stage (a broken assumption: must fail)
    // core b's pins (the FPGA build's pinned wf_core, scripts/wf/forms.py
    // fpga); PINNED = 1: both cores run at the pinned knob values
    parameter integer PINNED = 0,
    parameter integer B_PIN_LAYOUT = -1, B_PIN_WAR = -1, B_PIN_SCHED = -1, B_PIN_LOOPS = -1,
    parameter integer B_PIN_HAZARD = -1, B_PIN_DECODE_STAGE = -1, B_PIN_ALLOC_STAGE = -1,
    parameter integer B_PIN_HANDOFF_STAGE = -1, B_PIN_FILL_STAGE = -1, B_PIN_READY_STAGE = -1,
    parameter integer B_PIN_ALU_LAT = -1, B_PIN_MUL_LAT = -1, B_PIN_LSU_LAT = -1,
    // both cores' latency maxima and run-time latencies
    parameter integer ALU_LAT_MAX = 1, MUL_LAT_MAX = 1, LSU_LAT_MAX = 2,
    parameter integer ALU_LAT = 1, MUL_LAT = 1, LSU_LAT = 2
) (
    input wire clk
);
  localparam integer WARPS = 1, LANES = 1, REGS = 2, BANKS = 1, CUS = 3, SB = 2, IBUF = 2;
  localparam integer IMEM = 4, ICL = 1, ICLINE = 4;

  // the structural-hazard mode (§9): any constant
  (* anyconst *) reg stall;

  // reset, launch, the program (any legal words but mul/mad and ld), the
  // instruction memory answering core a's requests after any delay (the
  // forms' requests are compared below): wf_formal_env.sv (the cores' host
  // ports are tied idle in WF_EQ_CORE).
  // No ld: the two instances' scratchpads start with independent unknown
  // contents (the host port loads them; it is idle here), so a ld of a word
  // not stored first would differ between them (a depth-13 run found exactly
  // that); st still runs
  wire run_a, run_b, done_a, done_b, rq_a, rq_b, rr_a, rr_b;
  wire [2:0] rm_a, rm_b;
  wire [15:0] rl_a, rl_b;
  wire [1:0] step;
  wire [IMEM*64-1:0] romv;
  wire clk_w, rst_n, launch, req_ready, resp_valid;
  wire [2:0] b_mshr;
  wf_formal_env #(.IMEM(IMEM), .REGS(REGS), .LANES(LANES), .NO_LD(1)) env (
    .clk(clk), .step(step), .romv(romv), .clk_i(clk_w), .rst_ni(rst_n), .launch_i(launch),
    .imem_req_valid_o(rq_a), .imem_req_ready_i(req_ready), .imem_req_mshr_o(rm_a),
    .imem_req_line_o(rl_a), .imem_resp_valid_i(resp_valid), .imem_resp_ready_o(rr_a),
    .imem_resp_mshr_i(b_mshr), .imem_resp_data_i());

  // every run-time knob any legal constant (docs/microarch.md §2)
  (* anyconst *) reg swz, gto, dst, ast, hst, fst, rst;
  (* anyconst *) reg [2:0] war;
  (* anyconst *) reg [1:0] loops;
  always @* begin
    assume (war <= 3'd4);
    assume (loops >= 2'd1);
    if (PINNED != 0)
      assume (swz == B_PIN_LAYOUT[0] && war == B_PIN_WAR[2:0] && gto == B_PIN_SCHED[0] &&
              loops == B_PIN_LOOPS[1:0] && stall == B_PIN_HAZARD[0] && dst == B_PIN_DECODE_STAGE[0] &&
              ast == B_PIN_ALLOC_STAGE[0] && hst == B_PIN_HANDOFF_STAGE[0] && fst == B_PIN_FILL_STAGE[0] &&
              rst == B_PIN_READY_STAGE[0]);
  end
  wire [`WF_OBS_W-1:0] obs_a, obs_b;
  wire [3*`WF_OBS_WB_W-1:0] wb_a, wb_b;
  wire [3*32*LANES-1:0] wbd_a, wbd_b;
  wire [BANKS*`WF_OBS_BANK_W-1:0] bk_a, bk_b;
  wire [(CUS+1)*`WF_OBS_CU_W-1:0] cu_a, cu_b;
  wire [WARPS*`WF_OBS_WARP_W(SB, IBUF)-1:0] wp_a, wp_b;
  // core a: wf_core as delivered (every knob selectable at run time)
  localparam integer A_PIN_LAYOUT = -1, A_PIN_WAR = -1, A_PIN_SCHED = -1, A_PIN_LOOPS = -1,
      A_PIN_HAZARD = -1, A_PIN_DECODE_STAGE = -1, A_PIN_ALLOC_STAGE = -1, A_PIN_HANDOFF_STAGE = -1,
      A_PIN_FILL_STAGE = -1, A_PIN_READY_STAGE = -1, A_PIN_ALU_LAT = -1, A_PIN_MUL_LAT = -1,
      A_PIN_LSU_LAT = -1;
`define WF_EQ_CORE(SFX, P, STYLE, DST) \
  wf_core #(.WARPS(WARPS), .LANES(LANES), .REGS(REGS), .BANKS(BANKS), .COLLECTORS(CUS), \
            .SB_ENTRIES(SB), .IBUF(IBUF), .ICACHE_LINES(ICL), .ICACHE_LINE(ICLINE), .IMSHRS(1), \
            .IMEM_WORDS(IMEM), .MEM_WORDS(16), .MEM_LINE(1), .BLOOM_BITS(4), \
            .ALU_LAT_MAX(ALU_LAT_MAX), .MUL_LAT_MAX(MUL_LAT_MAX), .LSU_LAT_MAX(LSU_LAT_MAX), \
            .BANK_RAM_STYLE(STYLE), .PIN_LAYOUT(P``_PIN_LAYOUT), .PIN_WAR(P``_PIN_WAR), \
            .PIN_SCHED(P``_PIN_SCHED), .PIN_LOOPS(P``_PIN_LOOPS), .PIN_HAZARD(P``_PIN_HAZARD), \
            .PIN_DECODE_STAGE(P``_PIN_DECODE_STAGE), .PIN_ALLOC_STAGE(P``_PIN_ALLOC_STAGE), \
            .PIN_HANDOFF_STAGE(P``_PIN_HANDOFF_STAGE), .PIN_FILL_STAGE(P``_PIN_FILL_STAGE), \
            .PIN_READY_STAGE(P``_PIN_READY_STAGE), .PIN_ALU_LAT(P``_PIN_ALU_LAT), \
            .PIN_MUL_LAT(P``_PIN_MUL_LAT), .PIN_LSU_LAT(P``_PIN_LSU_LAT)) core_``SFX ( \
    .clk_i(clk_w), .rst_ni(rst_n), .launch_i(launch), \
    .cfg_swizzle_i(swz), .cfg_war_i(war), .cfg_gto_i(gto), .cfg_loops_i(loops), .cfg_stall_i(stall), \
    .cfg_alu_lat_i(ALU_LAT[5:0]), .cfg_mul_lat_i(MUL_LAT[5:0]), .cfg_lsu_lat_i(LSU_LAT[5:0]), .cfg_active_warps_i(7'd0), \
    .cfg_decode_stage_i(DST), .cfg_alloc_stage_i(ast), .cfg_handoff_stage_i(hst), \
    .cfg_fill_stage_i(fst), .cfg_ready_stage_i(rst), .start_pc_i(16'd0), \
    .running_o(run_``SFX), .done_o(done_``SFX), .cycle_o(), \
    .imem_req_valid_o(rq_``SFX), .imem_req_ready_i(req_ready), .imem_req_mshr_o(rm_``SFX), \
    .imem_req_line_o(rl_``SFX), .imem_resp_valid_i(resp_valid), .imem_resp_ready_o(rr_``SFX), \
    .imem_resp_mshr_i(b_mshr), .imem_resp_data_i(romv), \
    .mem_en_i(1'b0), .mem_we_i(1'b0), .mem_addr_i(16'd0), .mem_wdata_i(32'd0), .mem_rdata_o(), \
    .reg_en_i(1'b0), .reg_warp_i(6'd0), .reg_idx_i(7'd0), .reg_rdata_o(), \
    .obs_o(obs_``SFX), .obs_wb_o(wb_``SFX), .obs_wb_data_o(wbd_``SFX), .obs_bank_o(bk_``SFX), \
    .obs_warp_o(wp_``SFX), .obs_cu_o(cu_``SFX), .obs_version_o());
  `WF_EQ_CORE(a, A, "auto", dst ^ (BREAK == 2))
  `WF_EQ_CORE(b, B, FORM_B, dst ^ (BREAK == 1))
  always @* if (step == 2'd3) begin
    assert (obs_a == obs_b && wb_a == wb_b && wbd_a == wbd_b && bk_a == bk_b);   // P: forms_equal
    assert (cu_a == cu_b && wp_a == wp_b);                                        // P: forms_equal
    assert (run_a == run_b && done_a == done_b && rq_a == rq_b && rm_a == rm_b && rl_a == rl_b && rr_a == rr_b); // P: forms_equal
  end
endmodule
