// Execution units (§10.1): the ALU and MUL pipelines fed by dispatch, the LSU
// stages 2.. fed by wf_lsu's pieces, each a wf_pipe stage chain with its
// run-time latency, and the §10.4 branch event of a bnz leaving the ALU's last
// stage. Lane results (docs/isa.md) are computed in stage 1 (wf_pipe).
// Mirrors cmodel/exec.c. Unit index x: 0 ALU, 1 MUL, 2 LSU.
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
  localparam integer LW = LANES * 32;
  wire [2:0]      l_bnz;
  wire [2:0]      l_taken;
  wire [3*16-1:0] l_pc, l_target;

  // ALU (x=0) and MUL (x=1): stage 1 is fed by dispatch
  wf_pipe #(.DEPTH(ALU_LAT_MAX), .LANES(LANES), .BANKS(BANKS), .MEM_LINE(MEM_LINE),
            .KIND(0), .HAS_MUL(0)) u_alu (
    .clk_i(clk_i), .rst_ni(rst_ni), .launch_i(launch_i), .n_i(alu_lat_i), .leave_i(leaves_i[0]),
    .accept_o(accept_o[0]),
    .in_valid_i(disp_valid_i[0]), .in_warp_i(d_warp_i[0 +: 6]), .in_pc_i(d_pc_i[0 +: 16]),
    .in_rd_i(d_wd_i[`WF_INSN_RD_LSB +: `WF_REG_BITS]), .in_writes_i(d_wd_i[`WF_INSN_OP] != `WF_OP_BNZ), .in_final_i(1'b1),
    .in_end_i(1'b1), .in_sbv_i(d_sbv_i[0]), .in_sbe_i(d_sbe_i[0 +: 3]),
    .in_lanes_i({LANES{1'b1}}), .in_wd_i(d_wd_i[0 +: 64]), .in_opnd_i(d_opnd_i[0 +: 3*LW]),
    .in_late_i(d_late_i[0 +: 3]), .in_lbank_i(d_lbank_i[0 +: 15]), .in_off_i({LANES*5{1'b0}}),
    .rdata_i(rdata_i), .rdline_i(rdline_i),
    .l_valid_o(l_valid_o[0]), .l_warp_o(l_warp_o[0 +: 6]), .l_pc_o(l_pc[0 +: 16]),
    .l_rd_o(l_rd_o[0 +: 7]), .l_writes_o(l_writes_o[0]), .l_final_o(l_final_o[0]),
    .l_end_o(l_end_o[0]), .l_sbv_o(l_sbv_o[0]), .l_sbe_o(l_sbe_o[0 +: 3]),
    .l_lanes_o(l_lanes_o[0 +: LANES]), .l_data_o(l_data_o[0 +: LW]), .l_bnz_o(l_bnz[0]),
    .l_taken_o(l_taken[0]), .l_target_o(l_target[0 +: 16])
  );

  // mutant MUL_LAT: the MUL takes one cycle more (up to its maximum)
  wire [5:0] mul_n = (`WF_MUT_MUL_LAT && mul_lat_i < MUL_LAT_MAX[5:0]) ? mul_lat_i + 6'd1 : mul_lat_i;
  wf_pipe #(.DEPTH(MUL_LAT_MAX), .LANES(LANES), .BANKS(BANKS), .MEM_LINE(MEM_LINE),
            .KIND(0), .HAS_MUL(1)) u_mul (
    .clk_i(clk_i), .rst_ni(rst_ni), .launch_i(launch_i), .n_i(mul_n), .leave_i(leaves_i[1]),
    .accept_o(accept_o[1]),
    .in_valid_i(disp_valid_i[1]), .in_warp_i(d_warp_i[6 +: 6]), .in_pc_i(d_pc_i[16 +: 16]),
    .in_rd_i(d_wd_i[`WF_INSN_BITS + `WF_INSN_RD_LSB +: `WF_REG_BITS]), .in_writes_i(1'b1), .in_final_i(1'b1),
    .in_end_i(1'b1), .in_sbv_i(d_sbv_i[1]), .in_sbe_i(d_sbe_i[3 +: 3]),
    .in_lanes_i({LANES{1'b1}}), .in_wd_i(d_wd_i[64 +: 64]), .in_opnd_i(d_opnd_i[3*LW +: 3*LW]),
    .in_late_i(d_late_i[3 +: 3]), .in_lbank_i(d_lbank_i[15 +: 15]), .in_off_i({LANES*5{1'b0}}),
    .rdata_i(rdata_i), .rdline_i(rdline_i),
    .l_valid_o(l_valid_o[1]), .l_warp_o(l_warp_o[6 +: 6]), .l_pc_o(l_pc[16 +: 16]),
    .l_rd_o(l_rd_o[7 +: 7]), .l_writes_o(l_writes_o[1]), .l_final_o(l_final_o[1]),
    .l_end_o(l_end_o[1]), .l_sbv_o(l_sbv_o[1]), .l_sbe_o(l_sbe_o[3 +: 3]),
    .l_lanes_o(l_lanes_o[LANES +: LANES]), .l_data_o(l_data_o[LW +: LW]), .l_bnz_o(l_bnz[1]),
    .l_taken_o(l_taken[1]), .l_target_o(l_target[16 +: 16])
  );

  // LSU stages 2..lsu_lat: pieces enter stage 2 (index 1)
  wf_pipe #(.DEPTH(LSU_LAT_MAX), .LANES(LANES), .BANKS(BANKS), .MEM_LINE(MEM_LINE),
            .KIND(1), .HAS_MUL(0)) u_lsu (
    .clk_i(clk_i), .rst_ni(rst_ni), .launch_i(launch_i), .n_i(lsu_lat_i), .leave_i(leaves_i[2]),
    .accept_o(accept_o[2]),
    .in_valid_i(p_valid_i), .in_warp_i(p_warp_i), .in_pc_i(p_pc_i),
    .in_rd_i(p_rd_i), .in_writes_i(p_writes_i), .in_final_i(p_final_i),
    .in_end_i(p_end_i), .in_sbv_i(p_sbv_i), .in_sbe_i(p_sbe_i),
    .in_lanes_i(p_lanes_i), .in_wd_i(64'd0), .in_opnd_i({3*LW{1'b0}}),
    .in_late_i(3'd0), .in_lbank_i(15'd0), .in_off_i(p_off_i),
    .rdata_i(rdata_i), .rdline_i(rdline_i),
    .l_valid_o(l_valid_o[2]), .l_warp_o(l_warp_o[12 +: 6]), .l_pc_o(l_pc[32 +: 16]),
    .l_rd_o(l_rd_o[14 +: 7]), .l_writes_o(l_writes_o[2]), .l_final_o(l_final_o[2]),
    .l_end_o(l_end_o[2]), .l_sbv_o(l_sbv_o[2]), .l_sbe_o(l_sbe_o[6 +: 3]),
    .l_lanes_o(l_lanes_o[2*LANES +: LANES]), .l_data_o(l_data_o[2*LW +: LW]), .l_bnz_o(l_bnz[2]),
    .l_taken_o(l_taken[2]), .l_target_o(l_target[32 +: 16])
  );

  // §10.4: a bnz leaving the ALU's last stage (lane 0 of ra was read at stage 1)
  assign br_valid_o   = l_valid_o[0] && l_bnz[0] && leaves_i[0];
  assign br_warp_o    = l_warp_o[0 +: 6];
  assign br_taken_o   = l_taken[0];
  assign br_target_o  = l_target[0 +: 16];
  assign br_next_pc_o = l_taken[0] ? l_target[0 +: 16] : l_pc[0 +: 16] + 16'd1;

  // the LSU bundle from the collector goes to wf_lsu; MUL/LSU never branch
  wire unused_exec = ^{disp_valid_i[2], d_warp_i[12 +: 6], d_pc_i[32 +: 16], d_wd_i[128 +: 64],
                       d_wd_i[0 +: 48], d_wd_i[55], d_wd_i[64 +: 48], d_wd_i[64 + 55 +: 9],
                       d_sbv_i[2], d_sbe_i[6 +: 3], d_opnd_i[6*LW +: 3*LW], d_late_i[6 +: 3],
                       d_lbank_i[30 +: 15], l_bnz[2:1], l_taken[2:1], l_pc[16 +: 32],
                       l_target[16 +: 32]};
endmodule
