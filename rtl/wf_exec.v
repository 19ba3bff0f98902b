// Execution units (§10.1): the ALU and MUL pipelines fed by dispatch, the LSU
// stages 2.. fed by wf_lsu's pieces, each a wf_pipe stage chain with its
// run-time latency, and the §10.4 branch event of a bnz leaving the ALU's last
// stage. Lane results (docs/isa.md) are computed in stage 1 (wf_pipe).
// Mirrors cmodel/exec.c. Per-unit vectors hold unit x at [x*W +: W], x = U_ALU,
// U_MUL, U_LSU (wf_isa.vh).
`include "wf_defs.vh"    // instruction fields, opcodes, trace layout (generated)
`include "wf_mutant.vh"  // `WF_MUT_<NAME>: the mutation self-check (scripts/mutants.py)
module wf_exec #(
    parameter integer LANES       = 8,
    parameter integer BANKS       = 4,
    parameter integer MEM_LINE    = 4,
    parameter integer ALU_LAT_MAX = 16,
    parameter integer MUL_LAT_MAX = 32,
    parameter integer LSU_LAT_MAX = 32
) (
    input  wire                      clk_i,
    input  wire                      rst_ni,
    input  wire                      launch_i,
    input  wire                      swizzle_i,
    input  wire [5:0]                alu_lat_i,
    input  wire [5:0]                mul_lat_i,
    input  wire [5:0]                lsu_lat_i,
    input  wire [2:0]                leaves_i,      // §12 signal 1, per unit
    output wire [2:0]                accept_o,      // ALU, MUL stage 1; LSU: stage 2 (for wf_lsu)
    // dispatch (wf_collector bundles; the LSU's goes to wf_lsu)
    input  wire [2:0]                disp_valid_i,
    input  wire [3*6-1:0]            d_warp_i,
    input  wire [3*16-1:0]           d_pc_i,
    input  wire [3*64-1:0]           d_wd_i,
    input  wire [2:0]                d_sbv_i,
    input  wire [3*3-1:0]            d_sbe_i,
    input  wire [3*3*LANES*32-1:0]   d_opnd_i,
    input  wire [3*3-1:0]            d_late_i,
    input  wire [3*3*5-1:0]          d_lbank_i,
    // the LSU piece entering stage 2
    input  wire                      p_valid_i,
    input  wire [5:0]                p_warp_i,
    input  wire [15:0]               p_pc_i,
    input  wire [6:0]                p_rd_i,
    input  wire                      p_writes_i,
    input  wire                      p_final_i,
    input  wire                      p_end_i,
    input  wire                      p_sbv_i,
    input  wire [2:0]                p_sbe_i,
    input  wire [LANES-1:0]          p_lanes_i,
    input  wire [LANES*5-1:0]        p_off_i,
    input  wire [BANKS*LANES*32-1:0] rdata_i,
    input  wire [MEM_LINE*32-1:0]    rdline_i,
    // last stages, per unit
    output wire [2:0]                l_valid_o,
    output wire [3*6-1:0]            l_warp_o,
    output wire [3*7-1:0]            l_rd_o,
    output wire [3*5-1:0]            l_bank_o,      // bank(w, rd), §6.1
    output wire [2:0]                l_writes_o,
    output wire [2:0]                l_final_o,
    output wire [2:0]                l_end_o,
    output wire [2:0]                l_sbv_o,
    output wire [3*3-1:0]            l_sbe_o,
    output wire [3*LANES-1:0]        l_lanes_o,
    output wire [3*LANES*32-1:0]     l_data_o,
    // §10.4
    output wire                      br_valid_o,
    output wire [5:0]                br_warp_o,
    output wire                      br_taken_o,
    output wire [15:0]               br_target_o,
    output wire [15:0]               br_next_pc_o
);
  `include "wf_isa.vh"   // NUNITS and the unit indices U_ALU, U_MUL, U_LSU (generated)
  `include "wf_bank.vh"  // bank(w, r) of §6.1, needs parameter BANKS
  localparam integer LW = LANES * 32;
  // each entry's register bank, worked out where it enters its unit and
  // carried down the stages, so no adder lies between a last stage and the
  // writeback arbitration (docs/critpath.md 4i)
  wire [4:0] alu_bank = f_bank(d_warp_i[U_ALU*6 +: 6], d_wd_i[U_ALU*64 + `WF_INSN_RD_LSB +: `WF_REG_BITS], swizzle_i);
  wire [4:0] mul_bank = f_bank(d_warp_i[U_MUL*6 +: 6], d_wd_i[U_MUL*64 + `WF_INSN_RD_LSB +: `WF_REG_BITS], swizzle_i);
  wire [4:0] lsu_bank = f_bank(p_warp_i, p_rd_i, swizzle_i);
  wire [NUNITS-1:0]    l_bnz;
  wire [NUNITS-1:0]    l_taken;
  wire [NUNITS*16-1:0] l_pc, l_target;

  // ALU and MUL: stage 1 is fed by dispatch
  wf_pipe #(.DEPTH(ALU_LAT_MAX), .LANES(LANES), .BANKS(BANKS), .MEM_LINE(MEM_LINE),
            .KIND(0), .HAS_MUL(0)) u_alu (
    .clk_i(clk_i), .rst_ni(rst_ni), .launch_i(launch_i), .n_i(alu_lat_i), .leave_i(leaves_i[U_ALU]),
    .accept_o(accept_o[U_ALU]),
    .in_valid_i(disp_valid_i[U_ALU]), .in_warp_i(d_warp_i[U_ALU*6 +: 6]),
    .in_pc_i(d_pc_i[U_ALU*16 +: 16]),
    .in_rd_i(d_wd_i[U_ALU*64 + `WF_INSN_RD_LSB +: `WF_REG_BITS]), .in_bank_i(alu_bank),
    .in_writes_i(d_wd_i[U_ALU*64 + `WF_INSN_OP_LSB +: `WF_INSN_OP_W] != `WF_OP_BNZ), .in_final_i(1'b1),
    .in_end_i(1'b1), .in_sbv_i(d_sbv_i[U_ALU]), .in_sbe_i(d_sbe_i[U_ALU*3 +: 3]),
    .in_lanes_i({LANES{1'b1}}), .in_wd_i(d_wd_i[U_ALU*64 +: 64]),
    .in_opnd_i(d_opnd_i[U_ALU*3*LW +: 3*LW]), .in_late_i(d_late_i[U_ALU*3 +: 3]),
    .in_lbank_i(d_lbank_i[U_ALU*3*5 +: 3*5]), .in_off_i({LANES*5{1'b0}}),
    .rdata_i(rdata_i), .rdline_i(rdline_i),
    .l_valid_o(l_valid_o[U_ALU]), .l_warp_o(l_warp_o[U_ALU*6 +: 6]), .l_pc_o(l_pc[U_ALU*16 +: 16]),
    .l_rd_o(l_rd_o[U_ALU*7 +: 7]), .l_bank_o(l_bank_o[U_ALU*5 +: 5]), .l_writes_o(l_writes_o[U_ALU]), .l_final_o(l_final_o[U_ALU]),
    .l_end_o(l_end_o[U_ALU]), .l_sbv_o(l_sbv_o[U_ALU]), .l_sbe_o(l_sbe_o[U_ALU*3 +: 3]),
    .l_lanes_o(l_lanes_o[U_ALU*LANES +: LANES]), .l_data_o(l_data_o[U_ALU*LW +: LW]),
    .l_bnz_o(l_bnz[U_ALU]), .l_taken_o(l_taken[U_ALU]), .l_target_o(l_target[U_ALU*16 +: 16])
  );

  // mutant MUL_LAT: the MUL takes one cycle more (up to its maximum)
  wire [5:0] mul_n = (`WF_MUT_MUL_LAT && mul_lat_i < MUL_LAT_MAX[5:0]) ? mul_lat_i + 6'd1 : mul_lat_i;
  wf_pipe #(.DEPTH(MUL_LAT_MAX), .LANES(LANES), .BANKS(BANKS), .MEM_LINE(MEM_LINE),
            .KIND(0), .HAS_MUL(1)) u_mul (
    .clk_i(clk_i), .rst_ni(rst_ni), .launch_i(launch_i), .n_i(mul_n), .leave_i(leaves_i[U_MUL]),
    .accept_o(accept_o[U_MUL]),
    .in_valid_i(disp_valid_i[U_MUL]), .in_warp_i(d_warp_i[U_MUL*6 +: 6]),
    .in_pc_i(d_pc_i[U_MUL*16 +: 16]),
    .in_rd_i(d_wd_i[U_MUL*64 + `WF_INSN_RD_LSB +: `WF_REG_BITS]), .in_bank_i(mul_bank), .in_writes_i(1'b1), .in_final_i(1'b1),
    .in_end_i(1'b1), .in_sbv_i(d_sbv_i[U_MUL]), .in_sbe_i(d_sbe_i[U_MUL*3 +: 3]),
    .in_lanes_i({LANES{1'b1}}), .in_wd_i(d_wd_i[U_MUL*64 +: 64]),
    .in_opnd_i(d_opnd_i[U_MUL*3*LW +: 3*LW]), .in_late_i(d_late_i[U_MUL*3 +: 3]),
    .in_lbank_i(d_lbank_i[U_MUL*3*5 +: 3*5]), .in_off_i({LANES*5{1'b0}}),
    .rdata_i(rdata_i), .rdline_i(rdline_i),
    .l_valid_o(l_valid_o[U_MUL]), .l_warp_o(l_warp_o[U_MUL*6 +: 6]), .l_pc_o(l_pc[U_MUL*16 +: 16]),
    .l_rd_o(l_rd_o[U_MUL*7 +: 7]), .l_bank_o(l_bank_o[U_MUL*5 +: 5]), .l_writes_o(l_writes_o[U_MUL]), .l_final_o(l_final_o[U_MUL]),
    .l_end_o(l_end_o[U_MUL]), .l_sbv_o(l_sbv_o[U_MUL]), .l_sbe_o(l_sbe_o[U_MUL*3 +: 3]),
    .l_lanes_o(l_lanes_o[U_MUL*LANES +: LANES]), .l_data_o(l_data_o[U_MUL*LW +: LW]),
    .l_bnz_o(l_bnz[U_MUL]), .l_taken_o(l_taken[U_MUL]), .l_target_o(l_target[U_MUL*16 +: 16])
  );

  // LSU stages 2..lsu_lat: pieces enter stage 2 (index 1)
  wf_pipe #(.DEPTH(LSU_LAT_MAX), .LANES(LANES), .BANKS(BANKS), .MEM_LINE(MEM_LINE),
            .KIND(1), .HAS_MUL(0)) u_lsu (
    .clk_i(clk_i), .rst_ni(rst_ni), .launch_i(launch_i), .n_i(lsu_lat_i), .leave_i(leaves_i[U_LSU]),
    .accept_o(accept_o[U_LSU]),
    .in_valid_i(p_valid_i), .in_warp_i(p_warp_i), .in_pc_i(p_pc_i),
    .in_rd_i(p_rd_i), .in_bank_i(lsu_bank), .in_writes_i(p_writes_i), .in_final_i(p_final_i),
    .in_end_i(p_end_i), .in_sbv_i(p_sbv_i), .in_sbe_i(p_sbe_i),
    .in_lanes_i(p_lanes_i), .in_wd_i(64'd0), .in_opnd_i({3*LW{1'b0}}),
    .in_late_i(3'd0), .in_lbank_i(15'd0), .in_off_i(p_off_i),
    .rdata_i(rdata_i), .rdline_i(rdline_i),
    .l_valid_o(l_valid_o[U_LSU]), .l_warp_o(l_warp_o[U_LSU*6 +: 6]), .l_pc_o(l_pc[U_LSU*16 +: 16]),
    .l_rd_o(l_rd_o[U_LSU*7 +: 7]), .l_bank_o(l_bank_o[U_LSU*5 +: 5]), .l_writes_o(l_writes_o[U_LSU]), .l_final_o(l_final_o[U_LSU]),
    .l_end_o(l_end_o[U_LSU]), .l_sbv_o(l_sbv_o[U_LSU]), .l_sbe_o(l_sbe_o[U_LSU*3 +: 3]),
    .l_lanes_o(l_lanes_o[U_LSU*LANES +: LANES]), .l_data_o(l_data_o[U_LSU*LW +: LW]),
    .l_bnz_o(l_bnz[U_LSU]), .l_taken_o(l_taken[U_LSU]), .l_target_o(l_target[U_LSU*16 +: 16])
  );

  // §10.4: a bnz leaving the ALU's last stage (lane 0 of ra was read at stage 1)
  assign br_valid_o   = l_valid_o[U_ALU] && l_bnz[U_ALU] && leaves_i[U_ALU];
  assign br_warp_o    = l_warp_o[U_ALU*6 +: 6];
  assign br_taken_o   = l_taken[U_ALU];
  assign br_target_o  = l_target[U_ALU*16 +: 16];
  assign br_next_pc_o = l_taken[U_ALU] ? l_target[U_ALU*16 +: 16] : l_pc[U_ALU*16 +: 16] + 16'd1;

  // the LSU bundle from the collector goes to wf_lsu; MUL/LSU never branch
  wire unused_exec = ^{disp_valid_i[U_LSU], d_warp_i[U_LSU*6 +: 6], d_pc_i[U_LSU*16 +: 16],
                       d_wd_i[U_LSU*64 +: 64], d_sbv_i[U_LSU], d_sbe_i[U_LSU*3 +: 3],
                       d_opnd_i[U_LSU*3*LW +: 3*LW], d_late_i[U_LSU*3 +: 3],
                       d_lbank_i[U_LSU*3*5 +: 3*5],
                       d_wd_i[U_ALU*64 +: 48], d_wd_i[U_ALU*64 + 55],
                       d_wd_i[U_MUL*64 +: 48], d_wd_i[U_MUL*64 + 55 +: 9],
                       l_bnz[U_MUL], l_bnz[U_LSU], l_taken[U_MUL], l_taken[U_LSU],
                       l_pc[U_MUL*16 +: 16], l_pc[U_LSU*16 +: 16],
                       l_target[U_MUL*16 +: 16], l_target[U_LSU*16 +: 16]};
endmodule
