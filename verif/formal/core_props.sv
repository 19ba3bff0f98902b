// End-to-end properties of wf_core in loop mode 3 at the smallest shape that
// shows the WAR hazard of §8: one warp (the hazard is within a warp), one
// lane, two registers in one bank (every read of an instruction with two
// sources takes two cycles, and every write blocks a read, §6.2), three
// collector units (an older collecting instruction delays a younger one's
// reads, §6.4, while a third one writes), a four-word program that the solver chooses (any legal
// instruction words but mul/mad, docs/isa.md) in one I-cache line, held in an
// instruction memory that answers after any delay.
// The WAR policy is the parameter WAR (wf_war_policy: 0 none .. 4 bloom).
`include "wf_defs.vh"
module core_props #(
    parameter integer WAR = 4
) (
    input wire clk
);
  localparam integer WARPS = 1, LANES = 1, REGS = 2, BANKS = 1, CUS = 3, SB = 2, IBUF = 2;
  localparam integer IMEM = 4, ICL = 1, ICLINE = 4;
  `include "wf_isa.vh"

  // the structural-hazard mode (§9) is any constant: in replay mode a ld/st
  // stays as head until its LSU verdict, in stall mode it leaves at issue
  (* anyconst *) reg stall;

  // ---- reset, then launch in cycle 1 ---------------------------------------
  reg [1:0] step = 2'd0;
  always @(posedge clk) if (step != 2'd3) step <= step + 2'd1;
  wire rst_n  = step != 2'd0;
  wire launch = step == 2'd1;

  // ---- the program: any legal words (docs/isa.md), fixed for the run --------
  (* anyconst *) reg [IMEM*64-1:0] romv;
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
    // control never runs past the end (docs/isa.md): the last word is exit or bra
    assume (rom[IMEM-1][`WF_INSN_OP] == `WF_OP_EXIT || rom[IMEM-1][`WF_INSN_OP] == `WF_OP_BRA);
  end

  // ---- instruction memory: one request at a time, answered after any delay --
  wire        req_valid, resp_ready;
  wire [2:0]  req_mshr;
  wire [15:0] req_line;
  reg         busy = 1'b0;
  reg [2:0]   b_mshr;
  reg [15:0]  b_line;
  (* anyseq *) reg answer;
  wire        resp_valid = busy && answer;
  always @(posedge clk)
    if (!rst_n || launch) busy <= 1'b0;
    else if (resp_valid) busy <= 1'b0;
    else if (req_valid && !busy) begin busy <= 1'b1; b_mshr <= req_mshr; b_line <= req_line; end

  wire [`WF_OBS_W-1:0]            obs;
  wire [3*`WF_OBS_WB_W-1:0]       obs_wb;
  wire [(CUS+1)*`WF_OBS_CU_W-1:0] obs_cu;
  wire running, done;
  wf_core #(.WARPS(WARPS), .LANES(LANES), .REGS(REGS), .BANKS(BANKS), .COLLECTORS(CUS),
            .SB_ENTRIES(SB), .IBUF(IBUF), .ICACHE_LINES(ICL), .ICACHE_LINE(ICLINE), .IMSHRS(1),
            .IMEM_WORDS(IMEM), .MEM_WORDS(16), .MEM_LINE(1), .BLOOM_BITS(4),
            .ALU_LAT_MAX(1), .MUL_LAT_MAX(1), .LSU_LAT_MAX(2),
            .PIN_LAYOUT(0), .PIN_WAR(WAR), .PIN_SCHED(0), .PIN_LOOPS(3), .PIN_HAZARD(-1),
            .PIN_DECODE_STAGE(0), .PIN_ALLOC_STAGE(0), .PIN_HANDOFF_STAGE(0),
            .PIN_FILL_STAGE(0), .PIN_READY_STAGE(0),
            .PIN_ALU_LAT(1), .PIN_MUL_LAT(1), .PIN_LSU_LAT(2)) dut (
    .clk_i(clk), .rst_ni(rst_n), .launch_i(launch),
    .cfg_swizzle_i(1'b0), .cfg_war_i(WAR[2:0]), .cfg_gto_i(1'b0), .cfg_loops_i(2'd3), .cfg_stall_i(stall),
    .cfg_alu_lat_i(6'd1), .cfg_mul_lat_i(6'd1), .cfg_lsu_lat_i(6'd2), .cfg_active_warps_i(7'd0),
    .cfg_decode_stage_i(1'b0), .cfg_alloc_stage_i(1'b0), .cfg_handoff_stage_i(1'b0),
    .cfg_fill_stage_i(1'b0), .cfg_ready_stage_i(1'b0), .start_pc_i(16'd0),
    .running_o(running), .done_o(done), .cycle_o(),
    .imem_req_valid_o(req_valid), .imem_req_ready_i(!busy), .imem_req_mshr_o(req_mshr),
    .imem_req_line_o(req_line), .imem_resp_valid_i(resp_valid), .imem_resp_ready_o(resp_ready),
    .imem_resp_mshr_i(b_mshr), .imem_resp_data_i(romv),
    .mem_en_i(1'b0), .mem_we_i(1'b0), .mem_addr_i(16'd0), .mem_wdata_i(32'd0), .mem_rdata_o(),
    .reg_en_i(1'b0), .reg_warp_i(6'd0), .reg_idx_i(7'd0), .reg_rdata_o(),
    .obs_o(obs), .obs_wb_o(obs_wb), .obs_wb_data_o(), .obs_bank_o(), .obs_warp_o(), .obs_cu_o(obs_cu),
    .obs_version_o());

  function automatic [6:0] src(input [63:0] wd, input integer s);
    src = s == 0 ? wd[`WF_INSN_RA_LSB +: 7] : s == 1 ? wd[`WF_INSN_RB_LSB +: 7] : wd[`WF_INSN_RC_LSB +: 7];
  endfunction

  // ---- §8: no register is written while an older instruction of its warp
  // that reads it has not read it. An instruction still collecting (a CU
  // with a pending slot naming r) when r of its warp is written is older than
  // the writer: a younger reader of r cannot have issued while the writer
  // holds r's scoreboard entry (§4.2, §4.3), and the writer left the
  // collector first.
  always @* begin : p_war
    integer x, u, s;
    reg [`WF_OBS_CU_W-1:0] cu;
    reg [`WF_OBS_WB_W-1:0] wb;
    if (running)
      for (x = 0; x < 3; x = x + 1) begin
        wb = obs_wb[x*`WF_OBS_WB_W +: `WF_OBS_WB_W];
        for (u = 0; u < CUS; u = u + 1) begin
          cu = obs_cu[u*`WF_OBS_CU_W +: `WF_OBS_CU_W];
          for (s = 0; s < 3; s = s + 1)
            if (wb[`WF_OBS_WB_VALID_LSB] && cu[`WF_OBS_CU_VALID_LSB] &&
                cu[`WF_OBS_CU_WARP_LSB +: 6] == wb[`WF_OBS_WB_WARP_LSB +: 6] &&
                cu[`WF_OBS_CU_PENDING_LSB + s])
              assert (src(rom[cu[`WF_OBS_CU_PC_LSB +: 2]], s) != wb[`WF_OBS_WB_REG_LSB +: 7]); // P: war_end_to_end
        end
      end
  end

  // sanity: the run can reach a write while another instruction collects
  always @* if (running) cover (obs_wb[`WF_OBS_WB_VALID_LSB] && obs_cu[`WF_OBS_CU_VALID_LSB]);
endmodule
