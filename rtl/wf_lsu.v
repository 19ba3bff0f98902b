// The load/store unit's first stage (§10.2): one scratchpad line per cycle (a
// piece), the replay verdict of a split access (§9.2), the stall flag (§9.3)
// and the end of a warp's memory instance (§10.5). The scratchpad is a
// single-ported synchronous RAM (wf_spram), one row per line with a write
// enable per word; a ld piece's words are on its output register in stage 2
// (wf_pipe KIND 1 picks them). Stages 2.. are wf_pipe in wf_exec. Mirrors
// cmodel/lsu.c. While the core is not running, the host port loads and reads
// back the scratchpad one word at a time (read data one cycle later).
`include "wf_defs.vh"    // instruction fields, opcodes, trace layout (generated)
`include "wf_mutant.vh"  // `WF_MUT_<NAME>: the mutation self-check (scripts/mutants.py)
module wf_lsu #(
    parameter integer LANES     = 8,
    parameter integer BANKS     = 4,
    parameter integer MEM_WORDS = 1024,
    parameter integer MEM_LINE  = 4
) (
    input  wire                      clk_i,
    input  wire                      rst_ni,
    input  wire                      launch_i,
    input  wire                      running_i,
    input  wire                      stall_mode_i,  // hazard == stall
    input  wire                      s2_accept_i,   // LSU stage 2 accepts (§12 signal 2)
    // dispatch into stage 1 (§7.1)
    input  wire                      d_valid_i,
    input  wire [5:0]                d_warp_i,
    input  wire [15:0]               d_pc_i,
    input  wire [63:0]               d_wd_i,
    input  wire                      d_sbv_i,
    input  wire [2:0]                d_sbe_i,
    input  wire [LANES-1:0]          d_left_i,
    input  wire [2*LANES*32-1:0]     d_opnd_i,      // a (address), b (store data)
    input  wire [1:0]                d_late_i,
    input  wire [2*5-1:0]            d_lbank_i,
    input  wire [BANKS*LANES*32-1:0] rdata_i,
    // host port (not running)
    input  wire                      host_en_i,
    input  wire                      host_we_i,
    input  wire [15:0]               host_addr_i,
    input  wire [31:0]               host_wdata_i,
    output wire [31:0]               host_rdata_o,
    // this cycle's piece (§10.2), entering stage 2
    output reg                       p_valid_o,
    output reg  [5:0]                p_warp_o,
    output reg  [15:0]               p_pc_o,
    output reg  [6:0]                p_rd_o,
    output reg                       p_writes_o,
    output reg                       p_final_o,
    output reg                       p_end_o,
    output reg                       p_sbv_o,
    output reg  [2:0]                p_sbe_o,
    output reg  [LANES-1:0]          p_lanes_o,
    output reg  [LANES*5-1:0]        p_off_o,
    output reg  [15:0]               p_line_o,
    // verdict (§9.2), memory-order clear (§10.5), stage-1 accept, stall flag
    output reg                       vd_valid_o,
    output reg                       vd_done_o,
    output reg  [LANES-1:0]          vd_rest_o,
    output reg                       mem_clear_o,   // with p_warp_o
    output reg                       accept_o,
    output wire                      lsu_stall_o,
    output wire [MEM_LINE*32-1:0]    rdline_o
);
  localparam integer LW    = LANES * 32;
  localparam integer LINES = MEM_WORDS / MEM_LINE;
  localparam integer LOG2L = $clog2(MEM_LINE);
  localparam integer AMASK_I = MEM_WORDS - 1;  // M is a power of two <= 65536
  localparam integer OMASK_I = MEM_LINE - 1;
  localparam [15:0]  AMASK = AMASK_I[15:0];
  localparam [4:0]   OMASK = OMASK_I[4:0];
  localparam integer OFFW  = MEM_LINE > 1 ? $clog2(MEM_LINE) : 1;
  localparam integer LAW   = LINES > 1 ? $clog2(LINES) : 1;
  // per lane the word address (a + imm) mod M: M <= 2^16 keeps only the low
  // 16 bits of the 32-bit sum (§10.2)
  function automatic [LANES*16-1:0] f_addr(input [LW-1:0] a, input [15:0] imm);
    integer l;
    for (l = 0; l < LANES; l = l + 1) f_addr[l*16 +: 16] = (a[l*32 +: 16] + imm) & AMASK;
  endfunction
  `include "wf_sel.vh"   // run-time-index part selects without a multiplier

  // ---- stage-1 state (cmodel lsu1) ---------------------------------------------
  reg              valid_q, valid_d, is_ld_q, is_ld_d, sbv_q, sbv_d;
  reg [5:0]        warp_q, warp_d;
  reg [15:0]       pc_q, pc_d;
  reg [6:0]        rd_q, rd_d;
  reg [2:0]        sbe_q, sbe_d;
  reg [23:0]       imm_q, imm_d;
  reg [LANES-1:0]  left_q, left_d;
  reg [2*LW-1:0]   opnd_q, opnd_d;
  reg [1:0]        late_q, late_d;
  reg [2*5-1:0]    lbank_q, lbank_d;
  reg [LANES*16-1:0] addr_q, addr_d;
  reg              lsu_stall_q, lsu_stall_d;
  assign lsu_stall_o = lsu_stall_q;

  // resolved operands and per-lane word addresses (a + sext(imm)) mod M. The
  // addresses are added where the operands arrive and kept in addr_q, the
  // same value as from opnd_q and imm_q, so the piece logic starts at flops
  // (docs/critpath.md 4j); a late slot a (SR, loop modes 1 and 2) is resolved
  // from the bank in stage 1, and its addresses are added then.
  reg [2*LW-1:0]   ropnd;
  reg [LANES*16-1:0] addr;
  always @* begin : p_addr
    integer s, sel;
    ropnd = opnd_q; sel = 0;
    for (s = 0; s < 2; s = s + 1)
      if (late_q[s]) `WF_GET(ropnd[s*LW +: LW], rdata_i, {27'd0, lbank_q[s*5 +: 5]}, BANKS, LW, 0, LW, sel);
    addr = late_q[0] ? f_addr(ropnd[LW-1:0], imm_q[15:0]) : addr_q;
  end

  // ---- the piece (§12 signal 3) ----------------------------------------------------
  reg [LANES-1:0]    rest;
  reg [MEM_LINE-1:0] wmask;
  reg [MEM_LINE*32-1:0] wdata;
  reg                lsu_leaves;
  // The piece is the lanes left whose line is the lowest lane's line. Written
  // as a one-hot of the lowest lane against a lane-by-lane same-line matrix of
  // the addresses (flops, addr_q), not as a select of the lowest lane's
  // address followed by compares, so lanes left -> piece is two levels.
  always @* begin : p_piece
    integer l, k, j;
    reg found, seen;
    reg [LANES-1:0] lowest;
    reg [LANES*LANES-1:0] same;   // same[l*LANES+k]: lanes l and k in one line
    reg [15:0] line;
    found = |left_q;
    seen = 1'b0;
    j = 0;
    line = 16'd0;
    for (l = 0; l < LANES; l = l + 1) begin
      lowest[l] = left_q[l] && !seen;
      seen = seen || left_q[l];
      if (lowest[l]) line = line | (addr[l*16 +: 16] >> LOG2L);
      for (k = 0; k < LANES; k = k + 1)
        // (only l <= k is used: the lowest lane left is at or below lane k)
        // mutant LSU_SPLIT: the piece boundary is one address bit too high
        same[l*LANES + k] = l <= k && (`WF_MUT_LSU_SPLIT
            ? (addr[l*16 +: 16] >> (LOG2L + 1)) == (addr[k*16 +: 16] >> (LOG2L + 1))
            : (addr[l*16 +: 16] >> LOG2L) == (addr[k*16 +: 16] >> LOG2L));
    end
    p_lanes_o = '0;
    p_off_o = '0;
    for (k = 0; k < LANES; k = k + 1) begin
      for (l = 0; l <= k; l = l + 1)
        if (left_q[k] && lowest[l] && same[l*LANES + k]) p_lanes_o[k] = 1'b1;
      p_off_o[k*5 +: 5] = addr[k*16 +: 5] & OMASK;
    end
    rest = left_q & ~p_lanes_o;
    p_valid_o  = valid_q && s2_accept_i && found;
    p_warp_o   = warp_q;
    p_pc_o     = pc_q;
    p_rd_o     = rd_q;
    p_writes_o = is_ld_q;
    p_final_o  = rest == '0;
    // mutant LSU_END_REPLAY: in replay mode a non-last piece does not end its instance
    p_end_o    = (!stall_mode_i && !`WF_MUT_LSU_END_REPLAY) || rest == '0;
    p_sbv_o    = sbv_q;
    p_sbe_o    = sbe_q;
    p_line_o   = line;
    lsu_leaves = p_valid_o && (!stall_mode_i || rest == {LANES{1'b0}});
    mem_clear_o = lsu_leaves;
    vd_valid_o = p_valid_o && !stall_mode_i;
    vd_done_o  = rest == '0;
    vd_rest_o  = rest;
    accept_o   = !valid_q || lsu_leaves;
    // st: the line's words, ascending lanes so the highest lane wins
    wmask = '0;
    wdata = '0;
    for (l = 0; l < LANES; l = l + 1)
      if (p_lanes_o[l])
        for (j = 0; j < MEM_LINE; j = j + 1)
          // mutant LSU_ST_ORDER: the lowest lane wins a word two lanes store to
          if ({27'd0, p_off_o[l*5 +: 5]} == j && !(`WF_MUT_LSU_ST_ORDER && wmask[j])) begin
            wmask[j] = 1'b1;
            wdata[j*32 +: 32] = ropnd[LW + l*32 +: 32];
          end
  end

  // ---- next state ----------------------------------------------------------------
  always @* begin : p_next
    valid_d = valid_q; is_ld_d = is_ld_q; sbv_d = sbv_q; warp_d = warp_q; pc_d = pc_q;
    rd_d = rd_q; sbe_d = sbe_q; imm_d = imm_q; left_d = left_q; opnd_d = ropnd;
    late_d = 2'd0; lbank_d = lbank_q; addr_d = addr;
    if (p_valid_o) left_d = rest;
    if (valid_q && lsu_leaves) valid_d = 1'b0;
    if (d_valid_i) begin
      valid_d = 1'b1;
      warp_d  = d_warp_i;
      pc_d    = d_pc_i;
      rd_d    = d_wd_i[`WF_INSN_RD_LSB +: `WF_REG_BITS];
      is_ld_d = d_wd_i[`WF_INSN_OP] == `WF_OP_LD;
      sbv_d   = d_sbv_i;
      sbe_d   = d_sbe_i;
      imm_d   = d_wd_i[`WF_INSN_IMM];
      left_d  = d_left_i;
      opnd_d  = d_opnd_i;
      addr_d  = f_addr(d_opnd_i[LW-1:0], d_wd_i[`WF_INSN_IMM_LSB +: 16]);
      late_d  = d_late_i;
      lbank_d = d_lbank_i;
    end
    // §9.3: stage 1 still holds an instance with lanes left after this cycle
    // mutant LSU_STALL_DISPATCH: a dispatch into stage 1 sets the flag too
    lsu_stall_d = stall_mode_i && ((valid_q && !lsu_leaves) || (`WF_MUT_LSU_STALL_DISPATCH && d_valid_i));
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= 1'b0; late_q <= 2'd0; lsu_stall_q <= 1'b0;
    end else if (launch_i) begin
      valid_q <= 1'b0; late_q <= 2'd0; lsu_stall_q <= 1'b0;
    end else begin
      valid_q <= valid_d; late_q <= late_d; lsu_stall_q <= lsu_stall_d;
    end
  end
  always @(posedge clk_i) begin
    is_ld_q <= is_ld_d; sbv_q <= sbv_d; warp_q <= warp_d; pc_q <= pc_d; rd_q <= rd_d;
    sbe_q <= sbe_d; imm_q <= imm_d; left_q <= left_d; opnd_q <= opnd_d; lbank_q <= lbank_d;
    addr_q <= addr_d;
  end

  // ---- the scratchpad: the piece while running, the host port otherwise ---------
  reg                  m_en, m_we;
  reg [LAW-1:0]        m_addr;
  reg [MEM_LINE-1:0]   m_mask;
  reg [MEM_LINE*32-1:0] m_wdata;
  reg [OFFW-1:0]       host_off_q;
  always @* begin : p_mem
    integer j;
    j = 0;
    if (running_i) begin
      m_en    = p_valid_o;
      m_we    = !is_ld_q;
      m_addr  = p_line_o[LAW-1:0];
      m_mask  = wmask;
      m_wdata = wdata;
    end else begin
      m_en    = host_en_i;
      m_we    = host_we_i;
      m_addr  = LINES > 1 ? host_addr_i[LOG2L +: LAW] : {LAW{1'b0}};
      m_mask  = '0;
      m_wdata = {MEM_LINE{host_wdata_i}};
      for (j = 0; j < MEM_LINE; j = j + 1)
        if ({27'd0, host_addr_i[4:0] & OMASK} == j) m_mask[j] = 1'b1;
    end
  end
  // the word's place in its line (none when a line is one word)
  always @(posedge clk_i)
    if (host_en_i && !running_i) host_off_q <= MEM_LINE > 1 ? host_addr_i[OFFW-1:0] : {OFFW{1'b0}};
  assign host_rdata_o = rdline_o[{27'd0, host_off_q}*32 +: 32];

  // the host address is 16 bits for any MEM_WORDS (Ibex-style unused sink)
  wire unused_host_addr = ^host_addr_i;

  wf_spram #(
    .DEPTH (LINES),
    .LANES (MEM_LINE),
    .LW    (32),
    .AW    (LAW)
  ) u_mem (
    .clk_i   (clk_i),
    .en_i    (m_en),
    .we_i    (m_we),
    .waddr_i (m_addr),
    .raddr_i (m_addr),
    .wmask_i (m_mask),
    .wdata_i (m_wdata),
    .rdata_o (rdline_o)
  );
endmodule
