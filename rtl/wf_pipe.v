// One execution-unit stage chain (§10.1), used by wf_exec for the ALU, MUL and
// LSU stages 2.. (cmodel/exec.c's pipe[x][], generic code). Stage index k is
// stage k+1 of the contract. n_i stages are in use (the run-time latency);
// stage index n_i-1 is the last. An entry enters at index IN_AT (0 for the
// ALU/MUL, where stage 1 is fed by dispatch; 1 for the LSU, whose stage 1 is
// wf_lsu and whose pieces enter stage 2).
//
// Stage k advances when k+1 is empty or advances; the last stage advances when
// it leaves (leave_i, from wf_writeback). The entry stage accepts when it is
// empty or advances.
//
// Synchronous-RAM data (§6.2, §10.2): KIND 0 (ALU, MUL): the entry stage holds
// the operands, some of which may be `late` (read from a bank in the dispatch
// cycle, on the bank's output register now); the result is computed from the
// resolved operands while the entry is in stage 1, and stored when it moves
// on. KIND 1 (LSU): a ld piece's words are on the scratchpad output register
// while the piece is in stage 2 (`late`); they are picked per lane by the word
// offset. Whenever an entry stays, its resolved values are latched.
`include "wf_defs.vh"    // instruction fields, opcodes, trace layout (generated)
`include "wf_mutant.vh"  // `WF_MUT_<NAME>: the mutation self-check (scripts/mutants.py)
module wf_pipe #(
    parameter integer DEPTH    = 4,
    parameter integer LANES    = 8,
    parameter integer BANKS    = 4,
    parameter integer MEM_LINE = 4,
    parameter integer KIND     = 0,  // 0 ALU/MUL, 1 LSU
    parameter integer HAS_MUL  = 0   // KIND 0: the MUL unit (mul, mad)
) (
    input  wire                      clk_i,
    input  wire                      rst_ni,
    input  wire                      launch_i,
    input  wire [5:0]                n_i,         // stages in use, IN_AT+1..DEPTH
    input  wire                      leave_i,     // the last stage leaves this cycle
    output reg                       accept_o,    // the entry stage accepts
    // the entering entry
    input  wire                      in_valid_i,
    input  wire [5:0]                in_warp_i,
    input  wire [15:0]               in_pc_i,
    input  wire [6:0]                in_rd_i,
    input  wire [4:0]                in_bank_i,   // bank(w, rd) (§6.1), carried to writeback
    input  wire                      in_writes_i,
    input  wire                      in_final_i,
    input  wire                      in_end_i,
    input  wire                      in_sbv_i,
    input  wire [2:0]                in_sbe_i,
    input  wire [LANES-1:0]          in_lanes_i,
    input  wire [63:0]               in_wd_i,     // KIND 0: the instruction
    input  wire [3*LANES*32-1:0]     in_opnd_i,   // KIND 0: operands a, b, c
    input  wire [2:0]                in_late_i,
    input  wire [3*5-1:0]            in_lbank_i,
    input  wire [LANES*5-1:0]        in_off_i,    // KIND 1: word offset of each lane in its line
    input  wire [BANKS*LANES*32-1:0] rdata_i,     // bank output registers
    input  wire [MEM_LINE*32-1:0]    rdline_i,    // scratchpad output register
    // the last stage
    output reg                       l_valid_o,
    output reg  [5:0]                l_warp_o,
    output reg  [15:0]               l_pc_o,
    output reg  [6:0]                l_rd_o,
    output reg  [4:0]                l_bank_o,
    output reg                       l_writes_o,
    output reg                       l_final_o,
    output reg                       l_end_o,
    output reg                       l_sbv_o,
    output reg  [2:0]                l_sbe_o,
    output reg  [LANES-1:0]          l_lanes_o,
    output reg  [LANES*32-1:0]       l_data_o,
    output reg                       l_bnz_o,
    output reg                       l_taken_o,
    output reg  [15:0]               l_target_o
);
  localparam integer LW = LANES * 32;
  localparam integer IN_AT = KIND == 1 ? 1 : 0;
  `include "wf_sel.vh"   // run-time-index part selects without a multiplier
  // Fields that are constant for a unit are not carried down the chain as
  // flops (Yosys would otherwise peel a constant chain one stage per opt
  // iteration): only the ALU has bnz; ALU/MUL entries are all-lane final
  // results; only the LSU has pieces and late scratchpad data.
  localparam integer BR  = (KIND == 0 && HAS_MUL == 0) ? 1 : 0;
  localparam integer ALL = (KIND == 0) ? 1 : 0;

  reg [DEPTH-1:0]       valid_q, valid_d;
  reg [DEPTH*6-1:0]     warp_q, warp_d;
  reg [DEPTH*16-1:0]    pc_q, pc_d, target_q, target_d;
  reg [DEPTH*7-1:0]     rd_q, rd_d;
  reg [DEPTH*5-1:0]     bank_q, bank_d;
  reg [DEPTH-1:0]       writes_q, writes_d, final_q, final_d, end_q, end_d, sbv_q, sbv_d;
  reg [DEPTH-1:0]       bnz_q, bnz_d, taken_q, taken_d;
  reg [DEPTH*3-1:0]     sbe_q, sbe_d;
  reg [DEPTH*LANES-1:0] lanes_q, lanes_d;
  reg [DEPTH*LW-1:0]    data_q, data_d;
  // entry-stage extras
  reg [63:0]            wd_q, wd_d;
  reg [3*LW-1:0]        opnd_q, opnd_d;
  reg [2:0]             late_q, late_d;
  reg [3*5-1:0]         lbank_q, lbank_d;
  reg [LANES*5-1:0]     off_q, off_d;
  reg                   llate_q, llate_d;

  // The MUL unit is dispatched only mul and mad (f_unit, §7.1): its lanes
  // carry no ALU datapath (one 32 x 32 product and an adder per lane).
  function automatic [31:0] f_mul(input [63:0] wd, input [31:0] a, input [31:0] b, input [31:0] c);
    f_mul = a * b + (wd[`WF_INSN_OP] == `WF_OP_MAD ? c : 32'd0);
  endfunction
  function automatic [31:0] f_imm(input [63:0] wd);
    f_imm = {{(32-`WF_INSN_IMM_W){wd[`WF_INSN_IMM_LSB + `WF_INSN_IMM_W - 1]}}, wd[`WF_INSN_IMM]};
  endfunction
  // The ALU results that need no carry chain (add, sub, addi, min, max do).
  function automatic [31:0] f_alu_early(input [63:0] wd, input [31:0] a, input [31:0] b,
                                        input [5:0] w, input integer l);
    case (wd[`WF_INSN_OP])
      `WF_OP_AND: f_alu_early = a & b;
      `WF_OP_OR: f_alu_early = a | b;
      `WF_OP_XOR: f_alu_early = a ^ b;
      `WF_OP_SHL: f_alu_early = a << b[4:0];
      `WF_OP_SHR: f_alu_early = a >> b[4:0];
      `WF_OP_MOV: f_alu_early = a;
      `WF_OP_MOVI: f_alu_early = f_imm(wd);
      `WF_OP_TID: f_alu_early = {26'd0, w} * LANES + l;
      `WF_OP_WID: f_alu_early = {26'd0, w};
      `WF_OP_LANE: f_alu_early = l;
      default: f_alu_early = 32'd0;
    endcase
  endfunction

  // ---- the entry stage's resolved operands / data ------------------------------
  reg [3*LW-1:0] ropnd;
  reg [LW-1:0]   rdata1;     // KIND 1: stage-2 data
  reg [LW-1:0]   res0;       // KIND 0: stage-1 result
  // ALU (§10.1): the results without a carry chain are a net of their own
  // (`keep`: synthesis maps them apart), so the chains' late outputs (the
  // add/sub/addi sum and the signed compare of min/max, min = a < b ? a : b,
  // max = a < b ? b : a) meet only the final select, not the whole result
  // mux (docs/critpath.md 4l). The same results as the contract's ops.
  (* keep *) reg [LW-1:0] alu_early;
  always @* begin : p_resolve
    integer s, l, o_ix, sel;
    reg [`WF_INSN_OP_W-1:0] op;
    reg [31:0] a, b, bx, sum;
    reg is_sub, lt;
    ropnd = opnd_q; sel = 0;
    for (s = 0; s < 3; s = s + 1)
      if (late_q[s]) `WF_GET(ropnd[s*LW +: LW], rdata_i, {27'd0, lbank_q[s*5 +: 5]}, BANKS, LW, 0, LW, sel);
    res0 = '0;
    alu_early = '0;
    op = wd_q[`WF_INSN_OP];
    is_sub = op == `WF_OP_SUB;
    for (l = 0; l < LANES; l = l + 1) begin
      a = ropnd[l*32 +: 32];
      b = ropnd[LW + l*32 +: 32];
      if (HAS_MUL != 0) res0[l*32 +: 32] = f_mul(wd_q, a, b, ropnd[2*LW + l*32 +: 32]);
      else if (KIND == 0) begin                          // the ALU (the LSU has no result here)
        alu_early[l*32 +: 32] = f_alu_early(wd_q, a, b, warp_q[IN_AT*6 +: 6], l);
        bx = is_sub ? ~b : op == `WF_OP_ADDI ? f_imm(wd_q) : b;
        sum = a + bx + {31'd0, is_sub};                  // add, addi; sub = a + ~b + 1
        lt = $signed(a) < $signed(b);
        if (op == `WF_OP_ADD || op == `WF_OP_SUB || op == `WF_OP_ADDI) res0[l*32 +: 32] = sum;
        else if (op == `WF_OP_MIN || op == `WF_OP_MAX)
          res0[l*32 +: 32] = (lt ^ (op == `WF_OP_MIN)) ? b : a;
        else res0[l*32 +: 32] = alu_early[l*32 +: 32];
      end
    end
    rdata1 = data_q[IN_AT*LW +: LW];
    o_ix = 0;
    if (llate_q)
      for (l = 0; l < LANES; l = l + 1) begin
        o_ix = {27'd0, off_q[l*5 +: 5]};
        rdata1[l*32 +: 32] = lanes_q[IN_AT*LANES + l] ? rdline_i[o_ix*32 +: 32] : 32'd0;
      end
  end

  // the entry stage's effective data
  wire [LW-1:0] data_in_at = KIND == 0 ? res0 : rdata1;
  // mutant BNZ_STALE: the branch tests the latched operand, not a late (just read) one
  wire taken0 = (`WF_MUT_BNZ_STALE ? opnd_q[31:0] : ropnd[31:0]) != 32'd0;   // §10.4: lane 0 of ra

  // ---- advances (§10.1) and the last stage ------------------------------------
  reg [DEPTH-1:0] adv;
  always @* begin : p_adv
    integer k, n;
    n = {26'd0, n_i};
    adv = '0;
    // the top physical stage can only leave (it is the last when n = DEPTH)
    adv[DEPTH-1] = valid_q[DEPTH-1] && n == DEPTH && leave_i;
    for (k = DEPTH - 2; k >= IN_AT; k = k - 1)
      if (k < n && valid_q[k])
        // mutant PIPE_BUBBLE: a stage moves only into an empty stage
        adv[k] = (k == n - 1) ? leave_i : (!valid_q[k+1] || (adv[k+1] && !`WF_MUT_PIPE_BUBBLE));
    accept_o = !valid_q[IN_AT] || adv[IN_AT];
  end

  always @* begin : p_last
    integer k, sel;
    k = {26'd0, n_i} - 1;
    l_warp_o = 6'd0; l_rd_o = 7'd0; l_bank_o = 5'd0; l_sbe_o = 3'd0; l_lanes_o = '0; l_data_o = '0;
    l_valid_o  = valid_q[k];
    `WF_GET(l_warp_o, warp_q, k, DEPTH, 6, 0, 6, sel);
    l_pc_o     = pc_q[k*16 +: 16];
    `WF_GET(l_rd_o, rd_q, k, DEPTH, 7, 0, 7, sel);
    `WF_GET(l_bank_o, bank_q, k, DEPTH, 5, 0, 5, sel);
    l_writes_o = writes_q[k];
    l_final_o  = final_q[k];
    l_end_o    = end_q[k];
    l_sbv_o    = sbv_q[k];
    `WF_GET(l_sbe_o, sbe_q, k, DEPTH, 3, 0, 3, sel);
    `WF_GET(l_lanes_o, lanes_q, k, DEPTH, LANES, 0, LANES, sel);
    `WF_GET(l_data_o, data_q, k, DEPTH, LW, 0, LW, sel);
    l_data_o   = (k == IN_AT) ? data_in_at : l_data_o;
    l_bnz_o    = bnz_q[k];
    l_taken_o  = (k == 0 && KIND == 0) ? taken0 : taken_q[k];
    l_target_o = target_q[k*16 +: 16];
  end

  // ---- next state --------------------------------------------------------------
  always @* begin : p_next
    integer k, n;
    n = {26'd0, n_i};
    valid_d = valid_q; warp_d = warp_q; pc_d = pc_q; target_d = target_q; rd_d = rd_q; bank_d = bank_q;
    writes_d = writes_q; final_d = final_q; end_d = end_q; sbv_d = sbv_q; bnz_d = bnz_q;
    taken_d = taken_q; sbe_d = sbe_q; lanes_d = lanes_q; data_d = data_q;
    wd_d = KIND == 0 ? wd_q : 64'd0;
    // mutant PIPE_STAY_STALE: an entry that stays does not latch its late operands
    opnd_d = KIND == 0 ? (`WF_MUT_PIPE_STAY_STALE ? opnd_q : ropnd) : '0;
    late_d = 3'd0;
    lbank_d = KIND == 0 ? lbank_q : 15'd0;
    off_d = KIND == 1 ? off_q : '0;
    llate_d = 1'b0;
    // an entry that stays in the entry stage keeps its resolved values
    data_d[IN_AT*LW +: LW] = KIND == 0 ? data_q[IN_AT*LW +: LW] : rdata1;
    if (adv[DEPTH-1]) valid_d[DEPTH-1] = 1'b0;          // leaves
    for (k = DEPTH - 2; k >= IN_AT; k = k - 1)
      if (adv[k]) begin
        if (k + 1 < n) begin
          valid_d[k+1] = 1'b1;
          warp_d[(k+1)*6 +: 6] = warp_q[k*6 +: 6];
          pc_d[(k+1)*16 +: 16] = pc_q[k*16 +: 16];
          rd_d[(k+1)*7 +: 7] = rd_q[k*7 +: 7];
          bank_d[(k+1)*5 +: 5] = bank_q[k*5 +: 5];
          writes_d[k+1] = HAS_MUL != 0 ? 1'b1 : writes_q[k];
          final_d[k+1] = ALL != 0 ? 1'b1 : final_q[k];
          end_d[k+1] = ALL != 0 ? 1'b1 : end_q[k];
          sbv_d[k+1] = sbv_q[k];
          bnz_d[k+1] = BR != 0 ? bnz_q[k] : 1'b0;
          taken_d[k+1] = BR == 0 ? 1'b0 : (k == 0) ? taken0 : taken_q[k];
          target_d[(k+1)*16 +: 16] = BR != 0 ? target_q[k*16 +: 16] : 16'd0;
          sbe_d[(k+1)*3 +: 3] = sbe_q[k*3 +: 3];
          lanes_d[(k+1)*LANES +: LANES] = ALL != 0 ? {LANES{1'b1}} : lanes_q[k*LANES +: LANES];
          data_d[(k+1)*LW +: LW] = (k == IN_AT) ? data_in_at : data_q[k*LW +: LW];
        end
        valid_d[k] = 1'b0;
      end
    if (in_valid_i) begin
      valid_d[IN_AT] = 1'b1;
      warp_d[IN_AT*6 +: 6] = in_warp_i;
      pc_d[IN_AT*16 +: 16] = in_pc_i;
      rd_d[IN_AT*7 +: 7] = in_rd_i;
      bank_d[IN_AT*5 +: 5] = in_bank_i;
      writes_d[IN_AT] = HAS_MUL != 0 ? 1'b1 : in_writes_i;
      final_d[IN_AT] = ALL != 0 ? 1'b1 : in_final_i;
      end_d[IN_AT] = ALL != 0 ? 1'b1 : in_end_i;
      sbv_d[IN_AT] = in_sbv_i;
      sbe_d[IN_AT*3 +: 3] = in_sbe_i;
      lanes_d[IN_AT*LANES +: LANES] = ALL != 0 ? {LANES{1'b1}} : in_lanes_i;
      bnz_d[IN_AT] = BR != 0 && in_wd_i[`WF_INSN_OP] == `WF_OP_BNZ;
      taken_d[IN_AT] = 1'b0;
      target_d[IN_AT*16 +: 16] = BR != 0 ? in_wd_i[15:0] : 16'd0;
      wd_d = KIND == 0 ? in_wd_i : 64'd0;
      opnd_d = KIND == 0 ? in_opnd_i : {3*LW{1'b0}};
      late_d = KIND == 0 ? in_late_i : 3'd0;
      lbank_d = KIND == 0 ? in_lbank_i : 15'd0;
      off_d = KIND == 1 ? in_off_i : {LANES*5{1'b0}};
      llate_d = KIND == 1 && in_writes_i;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0; late_q <= 3'd0; llate_q <= 1'b0;
    end else if (launch_i) begin
      valid_q <= '0; late_q <= 3'd0; llate_q <= 1'b0;
    end else begin
      valid_q <= valid_d; late_q <= late_d; llate_q <= llate_d;
    end
  end
  always @(posedge clk_i) begin
    warp_q <= warp_d; pc_q <= pc_d; target_q <= target_d; rd_q <= rd_d; bank_q <= bank_d; writes_q <= writes_d;
    final_q <= final_d; end_q <= end_d; sbv_q <= sbv_d; bnz_q <= bnz_d; taken_q <= taken_d;
    sbe_q <= sbe_d; lanes_q <= lanes_d; data_q <= data_d; wd_q <= wd_d; opnd_q <= opnd_d;
    lbank_q <= lbank_d; off_q <= off_d;
  end
`ifdef WF_ASSERT
  // simulation-only: the MUL unit's lanes compute only mul and mad (f_mul)
  always @(posedge clk_i)
    if (HAS_MUL != 0 && in_valid_i && in_wd_i[`WF_INSN_OP] != `WF_OP_MUL && in_wd_i[`WF_INSN_OP] != `WF_OP_MAD) begin
      $error("WF_ASSERT wf_pipe: MUL unit dispatched opcode %02x", in_wd_i[`WF_INSN_OP]);
      $fatal(1, "WF_ASSERT wf_pipe");
    end
`endif
endmodule
