// The surroundings of wf_core in the whole-core formal wrappers (core_props,
// cov_props, core_equiv): reset, then launch in cycle 1; a program of any
// legal words (docs/isa.md) fixed for the run; an instruction memory that
// takes one request at a time and answers it after any delay; the host ports
// idle. The ports are named as the wf_core nets they drive or read
// (rtl/wf_core_nets.vh), so a wrapper connects them with `WF_CORE_CONN_CLOCK,
// `WF_CORE_CONN_IMEM and `WF_CORE_CONN_HOST.
`include "wf_defs.vh"
module wf_formal_env #(
    parameter integer IMEM = 4,           // program words, one I-cache line (ICACHE_LINE = IMEM)
    parameter integer REGS = 2,           // registers per warp a legal word names
    parameter integer LANES = 1,
    parameter integer NO_LD = 0,          // 1: no ld in the program
    parameter integer ANSWER_WITHIN = 0   // 1 to 3: the memory answers within this many cycles
) (
    input  wire                 clk,
    output reg  [1:0]           step = 2'd0,   // 0 reset, 1 launch, 3 from then on
    output wire [IMEM*64-1:0]   romv,          // the program, word i at [i*64 +: 64]
    // CLOCK, launch_i
    output wire                 clk_i,
    output wire                 rst_ni,
    output wire                 launch_i,
    // IMEM
    input  wire                 imem_req_valid_o,
    output wire                 imem_req_ready_i,
    input  wire [2:0]           imem_req_mshr_o,
    input  wire [15:0]          imem_req_line_o,
    output wire                 imem_resp_valid_i,
    input  wire                 imem_resp_ready_o,
    output wire [2:0]           imem_resp_mshr_i,
    output wire [IMEM*64-1:0]   imem_resp_data_i,
    // HOST: idle
    output wire                 mem_en_i,
    output wire                 mem_we_i,
    output wire [15:0]          mem_addr_i,
    output wire [31:0]          mem_wdata_i,
    input  wire [31:0]          mem_rdata_o,
    output wire                 reg_en_i,
    output wire [5:0]           reg_warp_i,
    output wire [6:0]           reg_idx_i,
    input  wire [LANES*32-1:0]  reg_rdata_o
);
  `include "wf_isa.vh"

  // ---- reset, then launch in cycle 1 ---------------------------------------
  always @(posedge clk) if (step != 2'd3) step <= step + 2'd1;
  assign clk_i    = clk;
  assign rst_ni   = step != 2'd0;
  assign launch_i = step == 2'd1;

  // ---- the program: any legal words (docs/isa.md), fixed for the run --------
  (* anyconst *) reg [IMEM*64-1:0] rom_q;
  assign romv = rom_q;
  wire [63:0] rom [0:IMEM-1];
  genvar gi;
  generate for (gi = 0; gi < IMEM; gi = gi + 1) begin : g_rom
    assign rom[gi] = romv[gi*64 +: 64];
  end endgenerate
  function automatic legal(input [63:0] wd);
    reg [7:0] op;
    reg [1:0] ns;
    begin
      op = wd[`WF_INSN_OP];
      ns = f_nsrc(op);
      legal = op <= `WF_OP_EXIT &&
              (f_writes(op) ? wd[`WF_INSN_RD] < REGS : wd[`WF_INSN_RD] == 8'd0) &&
              (ns >= 2'd1 ? wd[`WF_INSN_RA] < REGS : wd[`WF_INSN_RA] == 8'd0) &&
              (ns >= 2'd2 ? wd[`WF_INSN_RB] < REGS : wd[`WF_INSN_RB] == 8'd0) &&
              (ns >= 2'd3 ? wd[`WF_INSN_RC] < REGS : wd[`WF_INSN_RC] == 8'd0) &&
              (op == `WF_OP_BRA || op == `WF_OP_BNZ ? wd[`WF_INSN_IMM] < IMEM :
               op == `WF_OP_MOVI || op == `WF_OP_ADDI || op == `WF_OP_LD || op == `WF_OP_ST ? 1'b1 :
               wd[`WF_INSN_IMM] == 24'd0);
    end
  endfunction
  always @* begin : p_prog
    integer i;
    for (i = 0; i < IMEM; i = i + 1) assume (legal(rom[i]));
    // no mul/mad: the multiplier's datapath decides no timing (MUL_LAT 1 like
    // the ALU) and would dominate the solver's time
    for (i = 0; i < IMEM; i = i + 1)
      assume (rom[i][`WF_INSN_OP] != `WF_OP_MUL && rom[i][`WF_INSN_OP] != `WF_OP_MAD);
    for (i = 0; i < IMEM; i = i + 1)
      if (NO_LD != 0) assume (rom[i][`WF_INSN_OP] != `WF_OP_LD);
    // control never runs past the end (docs/isa.md): the last word is exit or bra
    assume (rom[IMEM-1][`WF_INSN_OP] == `WF_OP_EXIT || rom[IMEM-1][`WF_INSN_OP] == `WF_OP_BRA);
  end

  // ---- instruction memory: one request at a time, answered after any delay --
  reg         busy = 1'b0;
  reg [2:0]   b_mshr;
  (* anyseq *) reg answer;
  assign imem_req_ready_i  = !busy;
  assign imem_resp_valid_i = busy && answer;
  assign imem_resp_mshr_i  = b_mshr;
  assign imem_resp_data_i  = romv;   // the one line
  reg [1:0] waited = 2'd0;
  always @(posedge clk) waited <= busy && !imem_resp_valid_i ? waited + (waited != 2'd3) : 2'd0;
  always @* if (ANSWER_WITHIN != 0 && waited == ANSWER_WITHIN) assume (answer);
  always @(posedge clk)
    if (!rst_ni || launch_i) busy <= 1'b0;
    else if (imem_resp_valid_i) busy <= 1'b0;
    else if (imem_req_valid_o && !busy) begin busy <= 1'b1; b_mshr <= imem_req_mshr_o; end

  assign {mem_en_i, mem_we_i, mem_addr_i, mem_wdata_i} = 50'd0;
  assign {reg_en_i, reg_warp_i, reg_idx_i} = 14'd0;
endmodule
