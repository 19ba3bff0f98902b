// Formal properties of wf_ibuffer with wf_scoreboard (docs/microarch.md
// §4.2, §4.3, §7.2) at one warp, two slots, two entries, four registers in
// two banks, alloc_stage = 0, no ld/st (so no slot stays issued): a
// buffered instruction's dependency bit e is set exactly while entry e is
// valid for one of its registers, gap closing and the decode-cycle term
// included. Free: decode (legal words into a slot that is free), the issue
// of a ready head (dep = 0, a free entry when it writes), the releases of
// valid entries (their holders have left the buffer), the layout.
module ibuf_props (
    input wire clk
);
  localparam integer WARPS = 1, LANES = 1, BANKS = 2, E = 2, IBUF = 2, REGS = 4;
  `include "wf_isa.vh"
  reg [1:0] step = 2'd0;
  always @(posedge clk) if (step != 2'd3) step <= step + 2'd1;
  wire rst_n  = step != 2'd0;
  wire launch = step == 2'd1;
  wire run    = step == 2'd3;

  (* anyconst *) reg swz;
  (* anyseq *) reg fh_valid, iss, rel0, rel1;
  (* anyseq *) reg [63:0] fh_word;
  wire [7:0] rel = {6'd0, rel1, rel0};

  wire [3:0]  nslots;
  wire [IBUF*64-1:0] word;
  wire [IBUF*8-1:0] dep;
  wire [IBUF-1:0] cf, issued, held;
  wire [7:0] sb_valid;
  wire [55:0] sb_reg;
  wire [2:0] free_entry;
  wire full;
  wire [63:0] head = word[63:0];
  wire writes = f_writes(head[`WF_INSN_OP]);
  wire iss_new = iss && writes;

  function automatic legal(input [63:0] wd);
    reg [7:0] op;
    begin
      op = wd[`WF_INSN_OP];
      legal = op <= `WF_OP_EXIT && op != `WF_OP_LD && op != `WF_OP_ST &&
              (f_writes(op) ? wd[`WF_INSN_RD] < REGS : wd[`WF_INSN_RD] == 0) &&
              (f_nsrc(op) >= 1 ? wd[`WF_INSN_RA] < REGS : wd[`WF_INSN_RA] == 0) &&
              (f_nsrc(op) >= 2 ? wd[`WF_INSN_RB] < REGS : wd[`WF_INSN_RB] == 0) &&
              (f_nsrc(op) >= 3 ? wd[`WF_INSN_RC] < REGS : wd[`WF_INSN_RC] == 0);
    end
  endfunction
  always @* begin
    if (!run) assume (!fh_valid && !iss && rel == 8'd0);
    if (fh_valid) assume (legal(fh_word) && (nslots < IBUF || (nslots == IBUF && iss)));
    // an issue of the ready head (§5.1 items 1-3)
    if (iss) assume (nslots != 0 && !issued[0] && dep[7:0] == 8'd0 && (!writes || !full));
    assume ((rel & ~sb_valid) == 8'd0);
  end

  wf_scoreboard #(.WARPS(WARPS), .SB_ENTRIES(E)) sb (
    .clk_i(clk), .rst_ni(rst_n), .launch_i(launch), .astage_i(1'b0), .rel_mask_i(rel),
    .alloc_valid_i(iss_new), .alloc_1h_i(iss_new), .alloc_warp_i(6'd0), .alloc_entry_i(free_entry),
    .alloc_reg_i(head[`WF_INSN_RD_LSB +: 7]), .sb_valid_o(sb_valid), .sb_reg_o(sb_reg),
    .free_entry_o(free_entry), .full_o(full), .ar_valid_o(), .ar_warp_o(), .ar_entry_o(), .ar_reg_o(),
    .wb_valid_i(3'd0), .wb_warp_i(18'd0), .wb_rd_i(21'd0), .wb_sbv_i(3'd0), .wb_sbe_i(9'd0));

  wf_ibuffer #(.WARPS(WARPS), .LANES(LANES), .BANKS(BANKS), .SB_ENTRIES(E), .IBUF(IBUF)) dut (
    .clk_i(clk), .rst_ni(rst_n), .launch_i(launch), .swizzle_i(swz), .astage_i(1'b0),
    .fh_valid_i(fh_valid), .fh_warp_i(6'd0), .fh_pc_i(16'd0), .fh_word_i(fh_word),
    .sb_valid_i(sb_valid), .sb_reg_i(sb_reg), .rel_mask_i(rel),
    .iss_valid_i(iss), .iss_warp_i(6'd0), .iss_move_1h_i(iss), .iss_stay_1h_i(1'b0), .iss_new_1h_i(iss_new),
    .iss_sbv_i(iss_new), .iss_sbe_i(free_entry), .iss_rd_i(head[`WF_INSN_RD_LSB +: 7]),
    .ar_valid_i(1'b0), .ar_warp_i(6'd0), .ar_entry_i(3'd0), .ar_reg_i(7'd0),
    .vd_valid_i(1'b0), .vd_warp_i(6'd0), .vd_done_i(1'b0), .vd_rest_i(1'b0),
    .nslots_o(nslots), .word_o(word), .pc_o(), .dep_o(dep), .cf_o(cf), .issued_o(issued), .held_o(held),
    .sbe_o(), .left_o(), .ar_dep_o());

  function automatic touches(input [63:0] wd, input [6:0] r);
    reg [1:0] n;
    begin
      n = f_nsrc(wd[`WF_INSN_OP]);
      touches = (f_writes(wd[`WF_INSN_OP]) && wd[`WF_INSN_RD_LSB +: 7] == r) ||
                (n >= 1 && wd[`WF_INSN_RA_LSB +: 7] == r) || (n >= 2 && wd[`WF_INSN_RB_LSB +: 7] == r) ||
                (n >= 3 && wd[`WF_INSN_RC_LSB +: 7] == r);
    end
  endfunction
  function automatic [6:0] src(input [63:0] wd, input integer s);
    src = s == 0 ? wd[`WF_INSN_RA_LSB +: 7] : s == 1 ? wd[`WF_INSN_RB_LSB +: 7] : wd[`WF_INSN_RC_LSB +: 7];
  endfunction

  always @* begin : p_props
    integer i, e, s, t;
    reg c;
    c = 1'b0;
    i = 0; e = 0; s = 0; t = 0;
    if (run) begin
      assert (nslots <= IBUF && sb_valid[7:E] == '0);                                  // P: invariant
      for (e = 0; e < E; e = e + 1) if (sb_valid[e]) assert (sb_reg[e*7 +: 7] < REGS);     // P: invariant
      for (i = 0; i < IBUF; i = i + 1)
        if (i < nslots) begin
          assert (legal(word[i*64 +: 64]) && !issued[i] && !held[i]);                     // P: invariant
          for (e = 0; e < E; e = e + 1)
            // §4.2, §4.3: the bit is set exactly while the entry is valid for
            // one of the instruction's registers (RAW and WAW)
            assert (dep[i*8 + e] == (sb_valid[e] && touches(word[i*64 +: 64], sb_reg[e*7 +: 7]))); // P: dep_exact
          for (e = E; e < 8; e = e + 1) assert (!dep[i*8 + e]);                          // P: dep_exact
          // §7.2 conflict_free: distinct source registers in distinct banks
          c = 1'b1;
          for (s = 0; s < 3; s = s + 1)
            for (t = s + 1; t < 3; t = t + 1)
              if (t < f_nsrc(word[i*64 + 56 +: 8]) && src(word[i*64 +: 64], s) != src(word[i*64 +: 64], t) &&
                  src(word[i*64 +: 64], s) % BANKS == src(word[i*64 +: 64], t) % BANKS)   // one warp: swizzle adds 0
                c = 1'b0;
          assert (cf[i] == c);                                                          // P: conflict_free
        end
      // §4.3 one entry per register (the property of sb_props, here with the
      // allocations the dependency rule lets through)
      if (sb_valid[0] && sb_valid[1]) assert (sb_reg[6:0] != sb_reg[13:7]);              // P: one_entry_per_reg
    end
  end
endmodule
