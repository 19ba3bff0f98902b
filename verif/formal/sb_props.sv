// Formal properties of wf_scoreboard (docs/microarch.md §4.3, §4.4) at two
// warps and three entries. The issue side is free within its contract: it
// allocates for a warp that has a free entry, for a register no valid entry
// of the warp holds (an instruction whose destination is held has that
// entry's dependency bit set and is not ready, §4.2 WAW), and a release
// names valid entries only (a writeback of the instruction holding it).
module sb_props (
    input wire clk
);
  localparam integer WARPS = 2, E = 3, REGS = 4;
  reg [1:0] step = 2'd0;
  always @(posedge clk) if (step != 2'd3) step <= step + 2'd1;
  wire rst_n  = step != 2'd0;
  wire launch = step == 2'd1;
  wire run    = step == 2'd3;

  (* anyconst *) reg astage;
  (* anyseq *) reg [WARPS*8-1:0] rel;
  (* anyseq *) reg             alloc_valid;
  (* anyseq *) reg [5:0]       alloc_warp;
  (* anyseq *) reg [6:0]       alloc_reg;
  wire [WARPS*8-1:0]  sb_valid;
  wire [WARPS*56-1:0] sb_reg;
  wire [WARPS*3-1:0]  free_entry;
  wire [WARPS-1:0]    full;
  wire                ar_valid;
  wire [5:0]          ar_warp;
  wire [2:0]          ar_entry;
  wire [6:0]          ar_reg;
  wire [WARPS-1:0]    alloc_1h = alloc_valid ? (WARPS'(1) << alloc_warp) : '0;
  wire [2:0]          alloc_entry = free_entry[alloc_warp*3 +: 3];

  always @* begin : p_env
    integer w, e;
    if (!run) assume (!alloc_valid && rel == '0);
    if (alloc_valid) begin
      assume (alloc_warp < WARPS && alloc_reg < REGS && !full[alloc_warp]);
      for (e = 0; e < E; e = e + 1)   // §4.2: the destination is not held
        assume (!(sb_valid[alloc_warp*8 + e] && !rel[alloc_warp*8 + e] &&
                  sb_reg[(alloc_warp*8 + e)*7 +: 7] == alloc_reg));
    end
    assume ((rel & ~sb_valid) == '0);
  end

  wf_scoreboard #(.WARPS(WARPS), .SB_ENTRIES(E)) dut (
    .clk_i(clk), .rst_ni(rst_n), .launch_i(launch), .astage_i(astage), .rel_mask_i(rel),
    .alloc_valid_i(alloc_valid), .alloc_1h_i(alloc_1h), .alloc_warp_i(alloc_warp),
    .alloc_entry_i(alloc_entry), .alloc_reg_i(alloc_reg), .sb_valid_o(sb_valid), .sb_reg_o(sb_reg),
    .free_entry_o(free_entry), .full_o(full), .ar_valid_o(ar_valid), .ar_warp_o(ar_warp),
    .ar_entry_o(ar_entry), .ar_reg_o(ar_reg), .wb_valid_i(3'd0), .wb_warp_i(18'd0), .wb_rd_i(21'd0),
    .wb_sbv_i(3'd0), .wb_sbe_i(9'd0));

  // last cycle's decisions, to check this cycle's state against
  reg              was_run = 1'b0, a_q = 1'b0;
  reg [5:0]        aw_q;
  reg [2:0]        ae_q;
  reg [6:0]        ar_q;
  reg [WARPS*8-1:0] v_q, rel_q;
  reg [WARPS*56-1:0] r_q;
  always @(posedge clk) begin
    was_run <= run; a_q <= alloc_valid; aw_q <= alloc_warp; ae_q <= alloc_entry; ar_q <= alloc_reg;
    v_q <= sb_valid; rel_q <= rel; r_q <= sb_reg;
  end

  always @* begin : p_props
    integer w, e, f;
    reg lowest_seen, allfull;
    if (run) for (w = 0; w < WARPS; w = w + 1) begin
      // §4.3 full: all E entries valid; the free entry is the lowest invalid one
      allfull = 1'b1; lowest_seen = 1'b0;
      for (e = 0; e < E; e = e + 1) begin
        if (!sb_valid[w*8 + e]) allfull = 1'b0;
        if (!sb_valid[w*8 + e] && !lowest_seen) begin
          lowest_seen = 1'b1;
          assert (free_entry[w*3 +: 3] == e);                                       // P: lowest_free_entry
        end
      end
      assert (full[w] == allfull);                                                    // P: full
      for (e = E; e < 8; e = e + 1) assert (!sb_valid[w*8 + e]);                      // P: entries_exist
      // §4.3 a warp never holds two entries for one register
      for (e = 0; e < E; e = e + 1)
        for (f = e + 1; f < E; f = f + 1)
          if (sb_valid[w*8 + e] && sb_valid[w*8 + f])
            assert (sb_reg[(w*8 + e)*7 +: 7] != sb_reg[(w*8 + f)*7 +: 7]);             // P: one_entry_per_reg
      // §4.3 an entry becomes valid only by an allocation of a free entry and
      // is freed only by its release; an allocation records rd
      if (was_run)
        for (e = 0; e < E; e = e + 1) begin
          if (a_q && aw_q == w && ae_q == e) begin
            assert (!v_q[w*8 + e] && sb_valid[w*8 + e]);                                // P: alloc_free_only
            assert (sb_reg[(w*8 + e)*7 +: 7] == ar_q);                                  // P: alloc_free_only
          end else begin
            assert (sb_valid[w*8 + e] == (v_q[w*8 + e] && !rel_q[w*8 + e]));            // P: freed_by_release
            if (sb_valid[w*8 + e]) assert (sb_reg[(w*8 + e)*7 +: 7] == r_q[(w*8 + e)*7 +: 7]); // P: freed_by_release
          end
        end
    end
    // §4.4 the allocation record: last cycle's allocation under alloc_stage
    if (run && was_run) begin
      assert (ar_valid == (astage && a_q));                                             // P: alloc_record
      if (ar_valid) assert (ar_warp == aw_q && ar_entry == ae_q && ar_reg == ar_q);     // P: alloc_record
    end
  end
endmodule
