// The per-warp I-buffer (§4.1): slots in program order, 0 = head. Decode
// writes the tail with its dependency vector (§4.2) and conflict_free flag
// (§7.2); issue removes the head or marks it `issued` (§5.4); the LSU verdict
// of a split access removes it or re-arms it (§9.2); the scoreboard's release
// and gap-closing updates (§4.3) apply to every buffered slot, with
// alloc_stage from the allocation record AR a cycle after the issue (§4.4),
// which also gives readiness its AR term (ar_dep_o). Mirrors
// cmodel/ibuffer.c and the dependency half of cmodel/scoreboard.c.
// Instruction words are kept whole (64 bits, docs/isa.md field layout).
`include "wf_defs.vh"    // instruction fields, opcodes, trace layout (generated)
`include "wf_mutant.vh"  // `WF_MUT_<NAME>: the mutation self-check (scripts/mutants.py)
module wf_ibuffer #(
    parameter integer WARPS      = 8,
    parameter integer LANES      = 8,
    parameter integer BANKS      = 4,
    parameter integer SB_ENTRIES = 4,
    parameter integer IBUF       = 2
) (
    input  wire                       clk_i,
    input  wire                       rst_ni,
    input  wire                       launch_i,
    input  wire                       swizzle_i,      // layout (§6.1)
    input  wire                       astage_i,       // alloc_stage (§4.4)
    // decode of this cycle's fetch hit
    input  wire                       fh_valid_i,
    input  wire [5:0]                 fh_warp_i,
    input  wire [15:0]                fh_pc_i,
    input  wire [63:0]                fh_word_i,
    // scoreboard state and this cycle's releases (§4.2, §4.3)
    input  wire [WARPS*8-1:0]         sb_valid_i,     // bit e of warp w at w*8+e
    input  wire [WARPS*56-1:0]        sb_reg_i,       // 7 bits per entry, 8 entries per warp
    input  wire [WARPS*8-1:0]         rel_mask_i,
    // this cycle's successful issue (§5.4)
    input  wire                       iss_valid_i,    // iss_valid_i, iss_warp_i: for the WF_ASSERT check only
    input  wire [5:0]                 iss_warp_i,
    input  wire [WARPS-1:0]           iss_move_1h_i,  // the issuing warp: its head leaves
    input  wire [WARPS-1:0]           iss_stay_1h_i,  // the issuing warp: its head stays issued
    input  wire [WARPS-1:0]           iss_new_1h_i,   // the issuing warp: a new entry iss_sbe_i
    input  wire                       iss_sbv_i,      // holds/allocates an entry
    input  wire [2:0]                 iss_sbe_i,
    input  wire [6:0]                 iss_rd_i,
    // §4.4 the allocation record (start-of-cycle state of wf_scoreboard)
    input  wire                       ar_valid_i,
    input  wire [5:0]                 ar_warp_i,
    input  wire [2:0]                 ar_entry_i,
    input  wire [6:0]                 ar_reg_i,
    // LSU verdict on a split access (§9.2)
    input  wire                       vd_valid_i,
    input  wire [5:0]                 vd_warp_i,
    input  wire                       vd_done_i,
    input  wire [LANES-1:0]           vd_rest_i,
    // state
    output wire [WARPS*4-1:0]         nslots_o,
    output wire [WARPS*IBUF*64-1:0]   word_o,
    output wire [WARPS*IBUF*16-1:0]   pc_o,
    output wire [WARPS*IBUF*8-1:0]    dep_o,
    output wire [WARPS*IBUF-1:0]      cf_o,
    output wire [WARPS*IBUF-1:0]      issued_o,
    output wire [WARPS*IBUF-1:0]      held_o,
    output wire [WARPS*IBUF*3-1:0]    sbe_o,
    output wire [WARPS*IBUF*LANES-1:0] left_o,
    output reg  [WARPS-1:0]           ar_dep_o        // §4.4: AR names the warp's head (readiness item 2)
);
  localparam integer N = WARPS * IBUF;

  reg [WARPS*4-1:0]   nslots_q, nslots_d;
  reg [N*64-1:0]      word_q, word_d;
  reg [N*16-1:0]      pc_q, pc_d;
  reg [N*8-1:0]       dep_q, dep_d;
  reg [N-1:0]         cf_q, cf_d, issued_q, issued_d, held_q, held_d;
  reg [N*3-1:0]       sbe_q, sbe_d;
  reg [N*LANES-1:0]   left_q, left_d;

  assign nslots_o = nslots_q;
  assign word_o   = word_q;
  assign pc_o     = pc_q;
  assign dep_o    = dep_q;
  assign cf_o     = cf_q;
  assign issued_o = issued_q;
  assign held_o   = held_q;
  assign sbe_o    = sbe_q;
  assign left_o   = left_q;

  `include "wf_isa.vh"   // opcode decode functions shared by the blocks
  `include "wf_bank.vh"  // bank(w, r) of §6.1, needs parameter BANKS
  `include "wf_sel.vh"   // run-time-index part selects without a multiplier
  // reads or writes register r (scoreboard.c wf_insn_touches)
  function automatic f_touches(input [63:0] wd, input [6:0] r, input dst);
    reg [1:0] n;
    begin
      n = f_nsrc(wd[`WF_INSN_OP]);
      f_touches = (n >= 2'd1 && wd[`WF_INSN_RA_LSB +: `WF_REG_BITS] == r) || (n >= 2'd2 && wd[`WF_INSN_RB_LSB +: `WF_REG_BITS] == r) ||
                  (n == 2'd3 && wd[`WF_INSN_RC_LSB +: `WF_REG_BITS] == r) || (dst && f_writes(wd[`WF_INSN_OP]) && wd[`WF_INSN_RD_LSB +: `WF_REG_BITS] == r);
    end
  endfunction
  // §7.2: distinct source registers map to pairwise distinct banks
  function automatic f_conflict_free(input [5:0] w, input [63:0] wd, input sw);
    reg [1:0] n;
    reg [6:0] a, b, c;
    begin
      n = f_nsrc(wd[`WF_INSN_OP]);
      a = wd[`WF_INSN_RA_LSB +: `WF_REG_BITS]; b = wd[`WF_INSN_RB_LSB +: `WF_REG_BITS]; c = wd[`WF_INSN_RC_LSB +: `WF_REG_BITS];
      f_conflict_free = 1'b1;
      // mutant CF_EQUAL: equal registers a = b counted as a conflict (they share one read, §6.3)
      if (n >= 2'd2 && (a != b || `WF_MUT_CF_EQUAL) && f_bank(w, a, sw) == f_bank(w, b, sw)) f_conflict_free = 1'b0;
      if (n == 2'd3 && a != c && f_bank(w, a, sw) == f_bank(w, c, sw)) f_conflict_free = 1'b0;
      if (n == 2'd3 && b != c && f_bank(w, b, sw) == f_bank(w, c, sw)) f_conflict_free = 1'b0;
    end
  endfunction

  // §4.2: dependency vector of the instruction decoded this cycle
  reg [7:0] new_dep, vnext, rel;
  reg [55:0] regs;
  always @* begin : p_newdep
    integer e, sel;
    vnext = 8'd0; rel = 8'd0;
    `WF_GET(vnext, sb_valid_i, {26'd0, fh_warp_i}, WARPS, 8, 0, 8, sel);
    `WF_GET(rel, rel_mask_i, {26'd0, fh_warp_i}, WARPS, 8, 0, 8, sel);
    vnext = vnext & ~rel;
    regs  = 56'd0;
    `WF_GET(regs, sb_reg_i, {26'd0, fh_warp_i}, WARPS, 56, 0, 56, sel);
    // mutant DEP_BYPASS: this cycle's allocation is missed (with alloc_stage
    // the allocation reaches the slot through AR instead, §4.4)
    if (!astage_i && iss_new_1h_i[fh_warp_i] && !`WF_MUT_DEP_BYPASS) begin
      vnext[iss_sbe_i] = 1'b1;
      `WF_SET(regs, {29'd0, iss_sbe_i}, 8, 7, 0, 7, sel, iss_rd_i);
    end
    new_dep = 8'd0;
    for (e = 0; e < SB_ENTRIES; e = e + 1)
      // mutant DEP_NO_WAW: decode compares the sources only, not the destination
      if (vnext[e] && f_touches(fh_word_i, regs[e*7 +: 7], !`WF_MUT_DEP_NO_WAW)) new_dep[e] = 1'b1;
  end

  // §4.4 readiness item 2's AR term, from start-of-cycle state only
  always @* begin : p_ar_dep
    integer w;
    for (w = 0; w < WARPS; w = w + 1)
      // mutant AR_READY_OFF: readiness ignores the allocation record
      ar_dep_o[w] = astage_i && !`WF_MUT_AR_READY_OFF && ar_valid_i && ar_warp_i == w[5:0] && nslots_q[w*4 +: 4] != 4'd0 &&
                    !(held_q[w*IBUF] && sbe_q[w*IBUF*3 +: 3] == ar_entry_i) &&
                    f_touches(word_q[w*IBUF*64 +: 64], ar_reg_i, 1'b1);
  end

  // Timing (docs/critpath.md 4.): the occupancy and the tail are 4-bit, and
  // the tail slot is found by comparing each slot number with the
  // start-of-cycle occupancy, so this cycle's issue (`remove`, late in §12)
  // only selects between two precomputed slot masks: no index arithmetic
  // between issue and the slot registers.
  always @* begin : p_next
    integer w, i, j;
    reg remove, dec;
    reg [3:0] n;
    nslots_d = nslots_q; word_d = word_q; pc_d = pc_q; dep_d = dep_q; cf_d = cf_q;
    issued_d = issued_q; held_d = held_q; sbe_d = sbe_q; left_d = left_q;
    for (w = 0; w < WARPS; w = w + 1) begin
      n = nslots_q[w*4 +: 4];
      // §4.3 release clearing and gap closing on every buffered slot
      for (i = 0; i < IBUF; i = i + 1) begin
        j = w * IBUF + i;
        if (i[3:0] < n) begin
          dep_d[j*8 +: 8] = dep_q[j*8 +: 8] & ~rel_mask_i[w*8 +: 8];
          // mutant GAP_SKIP_SLOT1: gap closing skips the slot right behind the head
          if (!astage_i && iss_new_1h_i[w] && i > (`WF_MUT_GAP_SKIP_SLOT1 ? 1 : 0) &&
              f_touches(word_q[j*64 +: 64], iss_rd_i, 1'b1))
            dep_d[j*8 +: 8] = dep_d[j*8 +: 8] | (8'd1 << iss_sbe_i);
          // §4.4: from AR, every slot but the one holding the entry (GAP_SKIP_SLOT1
          // here: the slot that was right behind the issuing head, now slot 0)
          if (astage_i && ar_valid_i && ar_warp_i == w[5:0] && !(held_q[j] && sbe_q[j*3 +: 3] == ar_entry_i) &&
              !(`WF_MUT_GAP_SKIP_SLOT1 && i == 0) &&
              f_touches(word_q[j*64 +: 64], ar_reg_i, 1'b1))
            dep_d[j*8 +: 8] = dep_d[j*8 +: 8] | (8'd1 << ar_entry_i);
        end
      end
      // the head: issue (§5.4) or LSU verdict (§9.2), never both
      remove = iss_move_1h_i[w];
      if (iss_stay_1h_i[w]) begin
        issued_d[w*IBUF] = 1'b1;
        if (iss_sbv_i) begin
          held_d[w*IBUF] = 1'b1;
          sbe_d[w*IBUF*3 +: 3] = iss_sbe_i;
        end
      end
      if (vd_valid_i && vd_warp_i == w[5:0]) begin
        if (vd_done_i) remove = 1'b1;
        else begin
          left_d[w*IBUF*LANES +: LANES] = vd_rest_i;
          issued_d[w*IBUF] = 1'b0;
        end
      end
      if (remove) begin
        for (i = 0; i + 1 < IBUF; i = i + 1) begin
          j = w * IBUF + i;
          word_d[j*64 +: 64] = word_d[(j+1)*64 +: 64];
          pc_d[j*16 +: 16]   = pc_d[(j+1)*16 +: 16];
          dep_d[j*8 +: 8]    = dep_d[(j+1)*8 +: 8];
          cf_d[j]            = cf_d[j+1];
          issued_d[j]        = issued_d[j+1];
          held_d[j]          = held_d[j+1];
          sbe_d[j*3 +: 3]    = sbe_d[(j+1)*3 +: 3];
          left_d[j*LANES +: LANES] = left_d[(j+1)*LANES +: LANES];
        end
        n = n - 4'd1;
      end
      // the tail: this cycle's decode (§3.2.4) writes slot nslots - remove
      // (decode never writes a full I-buffer, see the WF_ASSERT below)
      dec = fh_valid_i && fh_warp_i == w[5:0];
      for (i = 0; i < IBUF; i = i + 1) begin
        j = w * IBUF + i;
        if (dec && (remove ? nslots_q[w*4 +: 4] == i[3:0] + 4'd1 : nslots_q[w*4 +: 4] == i[3:0])) begin
          word_d[j*64 +: 64] = fh_word_i;
          pc_d[j*16 +: 16]   = fh_pc_i;
          dep_d[j*8 +: 8]    = new_dep;
          cf_d[j]            = f_conflict_free(w[5:0], fh_word_i, swizzle_i);
          issued_d[j]        = 1'b0;
          held_d[j]          = 1'b0;
          sbe_d[j*3 +: 3]    = 3'd0;
          left_d[j*LANES +: LANES] = {LANES{1'b1}};
        end
      end
      if (dec) n = n + 4'd1;
      nslots_d[w*4 +: 4] = n;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      nslots_q <= '0;
    end else if (launch_i) begin
      nslots_q <= '0;
    end else begin
      nslots_q <= nslots_d;
    end
  end
  // slot payload: meaningful only below nslots, so no reset needed
  always @(posedge clk_i) begin
    word_q <= word_d; pc_q <= pc_d; dep_q <= dep_d; cf_q <= cf_d; issued_q <= issued_d;
    held_q <= held_d; sbe_q <= sbe_d; left_q <= left_d;
  end

`ifdef WF_ASSERT
  // simulation-only: decode never writes a full I-buffer (fetch eligibility
  // §3.2.1 requires a free slot), and only a warp with a head issues
  always @(posedge clk_i)
    if (!launch_i) begin
      if (fh_valid_i && nslots_q[fh_warp_i*4 +: 4] >= IBUF[3:0] &&
          !iss_move_1h_i[fh_warp_i] &&
          !(vd_valid_i && vd_warp_i == fh_warp_i && vd_done_i)) begin
        $error("WF_ASSERT wf_ibuffer: decode into the full I-buffer of warp %0d (%0d slots)", fh_warp_i, IBUF);
        $fatal(1, "WF_ASSERT wf_ibuffer");
      end
      if (iss_valid_i && nslots_q[iss_warp_i*4 +: 4] == 4'd0) begin
        $error("WF_ASSERT wf_ibuffer: issue from the empty I-buffer of warp %0d", iss_warp_i);
        $fatal(1, "WF_ASSERT wf_ibuffer");
      end
    end
`else
  wire unused_isschk = ^{iss_valid_i, iss_warp_i};
`endif
endmodule
