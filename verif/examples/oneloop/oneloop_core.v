// oneloop_core: a second, deliberately different front end for the warpfront
// ISA (docs/isa.md): the seed's one-loop machine. One loop picks a warp round
// robin, fetches its instruction, reads its operands, executes and writes it
// back; the warp (and here the whole machine) issues again only when that
// instruction has completed. No I-buffer, no scoreboard, no operand collector.
// It shares nothing with rtl/wf_core.v but the opcode table (rtl/wf_defs.vh).
//
// Own interfaces (not wf_core's):
// * instruction memory: imem_req_o/imem_addr_o held until imem_rvalid_i
//   returns imem_rdata_i (any latency, 0 included);
// * data memory: one lane per request, dmem_req_o with dmem_we_o, the word
//   address, write data and a lane/warp tag; a read's data is on dmem_rdata_i
//   the cycle after its request;
// * a retire port (ret_*): one pulse per completed instruction with its
//   warp, pc, word, next pc and the register write (all lanes: branches are
//   warp-uniform, docs/isa.md);
// * start_i launches the warps of warp_en_i at their pcs in start_pc_i;
//   done_o when all have exited.
// Timing: register file single ported (one lane-vector read or write per
// cycle), cleared after start_i (WARPS*REGS cycles); operands read one per
// cycle; MUL/MAD one lane per cycle; LD/ST one lane per two cycles.
//
// bug_i selects a deliberate bug (0 none; tie to 0 outside verification):
// 1 wrong value (add: last lane's result bit 4 flipped), 2 skipped
// instruction (warp 0's pc 1 advances without executing or retiring),
// 3 lost store (warp 0's st loses its last lane's write), 4 wrong branch
// (bnz with lane 0 equal to 1 is not taken).
module oneloop_core #(
  parameter integer WARPS = 8,        // 1..64
  parameter integer LANES = 8,        // 1..32
  parameter integer REGS = 32,        // 1..128
  parameter integer MEM_AW = 10       // data memory words = 2**MEM_AW (4..16)
) (
  input  wire                      clk_i,
  input  wire                      rst_ni,
  input  wire                      start_i,
  input  wire [WARPS*16-1:0]       start_pc_i,
  input  wire [WARPS-1:0]          warp_en_i,    // the warps start_i launches
  input  wire [2:0]                bug_i,
  // instruction memory
  output wire                      imem_req_o,
  output wire [15:0]               imem_addr_o,
  input  wire                      imem_rvalid_i,
  input  wire [63:0]               imem_rdata_i,
  // data memory (one lane per request)
  output wire                      dmem_req_o,
  output wire                      dmem_we_o,
  output wire [MEM_AW-1:0]         dmem_addr_o,
  output wire [31:0]               dmem_wdata_o,
  output wire [5:0]                dmem_warp_o,
  output wire [4:0]                dmem_lane_o,
  input  wire [31:0]               dmem_rdata_i,
  // retire port
  output wire                      ret_valid_o,
  output wire [5:0]                ret_warp_o,
  output wire [15:0]               ret_pc_o,
  output wire [63:0]               ret_insn_o,
  output wire [15:0]               ret_next_pc_o,
  output wire                      ret_taken_o,  // bnz: taken (lane 0 nonzero)
  output wire                      ret_rd_we_o,
  output wire [6:0]                ret_rd_o,
  output wire [LANES*32-1:0]       ret_rd_data_o,
  output wire                      busy_o,
  output wire                      done_o
);
`include "wf_defs.vh"

`ifndef SYNTHESIS
  initial begin
    if (WARPS < 1 || WARPS > 64) $fatal(1, "oneloop_core: WARPS=%0d out of range 1..64", WARPS);
    if (LANES < 1 || LANES > 32) $fatal(1, "oneloop_core: LANES=%0d out of range 1..32", LANES);
    if (REGS < 1 || REGS > 128) $fatal(1, "oneloop_core: REGS=%0d out of range 1..128", REGS);
    if (MEM_AW < 4 || MEM_AW > 16) $fatal(1, "oneloop_core: MEM_AW=%0d out of range 4..16", MEM_AW);
  end
`endif

  localparam integer WW = (WARPS > 1) ? $clog2(WARPS) : 1;
  localparam integer LW = (LANES > 1) ? $clog2(LANES) : 1;
  localparam integer RFN = WARPS * REGS;
  localparam integer RFW = (RFN > 1) ? $clog2(RFN) : 1;
  localparam integer LV = LANES * 32;
  localparam integer WARP_LAST_I = WARPS - 1;
  localparam integer LANE_LAST_I = LANES - 1;
  localparam integer RF_LAST_I = RFN - 1;
  localparam [WW-1:0] WARP_LAST = WARP_LAST_I[WW-1:0];
  localparam [LW:0] LANE_LAST = LANE_LAST_I[LW:0];
  localparam [RFW-1:0] RF_LAST = RF_LAST_I[RFW-1:0];

  localparam [3:0] S_IDLE = 4'd0, S_CLEAR = 4'd1, S_PICK = 4'd2, S_FETCH = 4'd3,
                   S_READ = 4'd4, S_EXEC = 4'd5, S_MUL = 4'd6, S_MEM = 4'd7,
                   S_MEMW = 4'd8, S_WB = 4'd9, S_DONE = 4'd10;

  reg [3:0]       state_q;
  reg [WARPS-1:0] active_q;            // warps not yet exited
  reg [15:0]      pc_q [0:WARPS-1];
  reg [WW-1:0]    warp_q;              // the warp in the loop
  reg [WW-1:0]    last_q;              // round-robin pointer: the last warp served
  reg [63:0]      insn_q;
  reg [1:0]       rd_cnt_q;            // operand read step 0..3
  reg [LW:0]      lane_q;              // lane step of MUL and LD/ST
  reg [RFW-1:0]   clr_q;
  reg [LV-1:0]    a_q, b_q, c_q, res_q;
  reg [15:0]      next_pc_q;
  reg             taken_q;
  reg             ret_q;

  // the instruction's fields (docs/isa.md "Instruction word")
  wire [7:0]  op  = insn_q[`WF_INSN_OP];
  wire [7:0]  rd  = insn_q[`WF_INSN_RD];
  wire [7:0]  ra  = insn_q[`WF_INSN_RA];
  wire [7:0]  rb  = insn_q[`WF_INSN_RB];
  wire [7:0]  rc  = insn_q[`WF_INSN_RC];
  wire [23:0] imm = insn_q[`WF_INSN_IMM];
  wire [31:0] simm = {{8{imm[23]}}, imm};

  function automatic writes_rd(input [7:0] o);
    case (o)
      `WF_OP_NOP, `WF_OP_ST, `WF_OP_BRA, `WF_OP_BNZ, `WF_OP_EXIT: writes_rd = 1'b0;
      default: writes_rd = 1'b1;
    endcase
  endfunction

  // register file: single ported, synchronous read, one lane vector per word
  reg  [LV-1:0]  rf_q [0:RFN-1];
  reg  [LV-1:0]  rf_rdata_q;
  reg            rf_we;
  reg  [RFW-1:0] rf_addr;
  reg  [LV-1:0]  rf_wdata;
  always @(posedge clk_i) begin
    if (rf_we) rf_q[rf_addr] <= rf_wdata;
    else rf_rdata_q <= rf_q[rf_addr];
  end

  function automatic [RFW-1:0] rf_index(input [WW-1:0] w, input [7:0] r);
    integer t;
    begin
      t = w * REGS + {24'd0, r};
      rf_index = t[RFW-1:0];
    end
  endfunction

  // the next warp after last_q (round robin) among active_q
  reg [WW-1:0] pick_w;
  reg          pick_any;
  integer pi, pw;
  always @* begin
    pick_w = last_q;
    pick_any = 1'b0;
    for (pi = WARPS; pi >= 1; pi = pi - 1) begin
      pw = ({{(32 - WW){1'b0}}, last_q} + pi) % WARPS;
      if (active_q[pw]) begin
        pick_w = pw[WW-1:0];
        pick_any = 1'b1;
      end
    end
  end

  // the ALU for every lane at once (one cycle); MUL/MAD lane by lane below
  reg [LV-1:0] alu;
  reg [31:0]   xa, xb, tid_v;
  integer li;
  always @* begin
    alu = {LV{1'b0}};
    for (li = 0; li < LANES; li = li + 1) begin
      xa = a_q[li*32 +: 32];
      xb = b_q[li*32 +: 32];
      tid_v = warp_q * LANES + li;
      case (op)
        `WF_OP_ADD:  alu[li*32 +: 32] = xa + xb;
        `WF_OP_SUB:  alu[li*32 +: 32] = xa - xb;
        `WF_OP_AND:  alu[li*32 +: 32] = xa & xb;
        `WF_OP_OR:   alu[li*32 +: 32] = xa | xb;
        `WF_OP_XOR:  alu[li*32 +: 32] = xa ^ xb;
        `WF_OP_SHL:  alu[li*32 +: 32] = xa << xb[4:0];
        `WF_OP_SHR:  alu[li*32 +: 32] = xa >> xb[4:0];
        `WF_OP_MIN:  alu[li*32 +: 32] = ($signed(xa) < $signed(xb)) ? xa : xb;
        `WF_OP_MAX:  alu[li*32 +: 32] = ($signed(xa) > $signed(xb)) ? xa : xb;
        `WF_OP_MOV:  alu[li*32 +: 32] = xa;
        `WF_OP_MOVI: alu[li*32 +: 32] = simm;
        `WF_OP_ADDI: alu[li*32 +: 32] = xa + simm;
        `WF_OP_TID:  alu[li*32 +: 32] = tid_v;
        `WF_OP_WID:  alu[li*32 +: 32] = {{(32 - WW){1'b0}}, warp_q};
        `WF_OP_LANE: alu[li*32 +: 32] = li;
        default:     alu[li*32 +: 32] = 32'd0;
      endcase
    end
    if (bug_i == 3'd1 && op == `WF_OP_ADD) alu[LV - 28] = ~alu[LV - 28];
  end

  // the lane in the MUL and LD/ST steps
  wire [LW-1:0] lane = lane_q[LW-1:0];
  wire [31:0] la = a_q[lane*32 +: 32];
  wire [31:0] lb = b_q[lane*32 +: 32];
  wire [31:0] lc = c_q[lane*32 +: 32];
  wire [31:0] prod = la * lb + ((op == `WF_OP_MAD) ? lc : 32'd0);
  wire [MEM_AW-1:0] ea = la[MEM_AW-1:0] + simm[MEM_AW-1:0];  // (a + sext(imm)) mod M
  wire lane_last = (lane_q == LANE_LAST);
  wire lost = (bug_i == 3'd3) && (warp_q == 0) && lane_last;

  wire [15:0] pc = pc_q[warp_q];
  wire bnz_taken = (a_q[31:0] != 32'd0) && !(bug_i == 3'd4 && a_q[31:0] == 32'd1);
  wire skip = (bug_i == 3'd2) && (warp_q == 0) && (pc == 16'd1);

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= S_IDLE;
      active_q <= {WARPS{1'b0}};
      warp_q <= {WW{1'b0}};
      last_q <= WARP_LAST;
      insn_q <= 64'd0;
      rd_cnt_q <= 2'd0;
      lane_q <= {(LW + 1){1'b0}};
      clr_q <= {RFW{1'b0}};
      a_q <= {LV{1'b0}};
      b_q <= {LV{1'b0}};
      c_q <= {LV{1'b0}};
      res_q <= {LV{1'b0}};
      next_pc_q <= 16'd0;
      taken_q <= 1'b0;
      ret_q <= 1'b0;
    end else begin
      ret_q <= 1'b0;
      case (state_q)
        S_IDLE: if (start_i) begin
          active_q <= warp_en_i;
          last_q <= WARP_LAST;
          clr_q <= {RFW{1'b0}};
          state_q <= S_CLEAR;
        end
        S_CLEAR: begin                  // registers start at 0 (docs/isa.md)
          clr_q <= clr_q + 1'b1;
          if (clr_q == RF_LAST) state_q <= S_PICK;
        end
        S_PICK: if (pick_any) begin
          warp_q <= pick_w;
          last_q <= pick_w;
          state_q <= S_FETCH;
        end else state_q <= S_DONE;
        S_FETCH: if (imem_rvalid_i) begin
          insn_q <= imem_rdata_i;
          rd_cnt_q <= 2'd0;
          state_q <= S_READ;
        end
        S_READ: begin                   // ra, rb, rc, one per cycle
          rd_cnt_q <= rd_cnt_q + 1'b1;
          case (rd_cnt_q)
            2'd1: a_q <= rf_rdata_q;
            2'd2: b_q <= rf_rdata_q;
            2'd3: c_q <= rf_rdata_q;
            default: ;
          endcase
          if (rd_cnt_q == 2'd3) state_q <= S_EXEC;
        end
        S_EXEC: begin
          lane_q <= {(LW + 1){1'b0}};
          res_q <= alu;
          next_pc_q <= pc + 16'd1;
          taken_q <= (op == `WF_OP_BNZ) && bnz_taken;
          case (op)
            `WF_OP_BRA: next_pc_q <= imm[15:0];
            `WF_OP_BNZ: if (bnz_taken) next_pc_q <= imm[15:0];
            default: ;
          endcase
          if (skip) state_q <= S_PICK;  // bug 2: dropped, never retires
          else if (op == `WF_OP_MUL || op == `WF_OP_MAD) state_q <= S_MUL;
          else if (op == `WF_OP_LD || op == `WF_OP_ST) state_q <= S_MEM;
          else state_q <= S_WB;
        end
        S_MUL: begin
          res_q[lane*32 +: 32] <= prod;
          lane_q <= lane_q + 1'b1;
          if (lane_last) state_q <= S_WB;
        end
        S_MEM: state_q <= S_MEMW;
        S_MEMW: begin                   // the read data of the lane requested last cycle
          res_q[lane*32 +: 32] <= dmem_rdata_i;
          lane_q <= lane_q + 1'b1;
          state_q <= lane_last ? S_WB : S_MEM;
        end
        S_WB: begin
          if (op == `WF_OP_EXIT) active_q[warp_q] <= 1'b0;
          ret_q <= 1'b1;
          state_q <= S_PICK;
        end
        S_DONE: ;
        default: state_q <= S_IDLE;
      endcase
    end
  end

  // the pcs (an array: outside the reset block): start pcs when the machine
  // starts, the next pc at writeback
  integer si;
  always @(posedge clk_i) begin
    if (state_q == S_IDLE && start_i)
      for (si = 0; si < WARPS; si = si + 1) pc_q[si] <= start_pc_i[si*16 +: 16];
    else if (state_q == S_WB) pc_q[warp_q] <= next_pc_q;
    else if (state_q == S_EXEC && skip) pc_q[warp_q] <= pc + 16'd1;
  end

  // register file port: clear, operand reads, writeback
  always @* begin
    rf_we = 1'b0;
    rf_addr = {RFW{1'b0}};
    rf_wdata = res_q;
    case (state_q)
      S_CLEAR: begin
        rf_we = 1'b1;
        rf_addr = clr_q;
        rf_wdata = {LV{1'b0}};
      end
      S_READ: case (rd_cnt_q)
        2'd0: rf_addr = rf_index(warp_q, ra);
        2'd1: rf_addr = rf_index(warp_q, rb);
        2'd2: rf_addr = rf_index(warp_q, rc);
        default: ;
      endcase
      S_WB: begin
        rf_we = writes_rd(op);
        rf_addr = rf_index(warp_q, rd);
      end
      default: ;
    endcase
  end

  assign imem_req_o = (state_q == S_FETCH);
  assign imem_addr_o = pc;
  assign dmem_req_o = (state_q == S_MEM) && !(op == `WF_OP_ST && lost);
  assign dmem_we_o = (op == `WF_OP_ST);
  assign dmem_addr_o = ea;
  assign dmem_wdata_o = lb;
  assign dmem_warp_o = {{(6 - WW){1'b0}}, warp_q};
  assign dmem_lane_o = {{(5 - LW){1'b0}}, lane};
  // the retire port shows the instruction written back in the last cycle
  reg [63:0]   ret_insn_q;
  reg [15:0]   ret_pc_q;
  reg [WW-1:0] ret_warp_q;
  always @(posedge clk_i) begin
    if (state_q == S_WB) begin
      ret_insn_q <= insn_q;
      ret_pc_q <= pc;
      ret_warp_q <= warp_q;
    end
  end
  wire [7:0] ret_op = ret_insn_q[`WF_INSN_OP];
  assign ret_valid_o = ret_q;
  assign ret_warp_o = {{(6 - WW){1'b0}}, ret_warp_q};
  assign ret_pc_o = ret_pc_q;
  assign ret_insn_o = ret_insn_q;
  assign ret_next_pc_o = pc_q[ret_warp_q];
  assign ret_taken_o = taken_q;
  assign ret_rd_we_o = writes_rd(ret_op);
  assign ret_rd_o = ret_insn_q[`WF_INSN_RD_LSB +: 7];
  assign ret_rd_data_o = res_q;
  assign busy_o = (state_q != S_IDLE) && (state_q != S_DONE);
  assign done_o = (state_q == S_DONE);
endmodule
