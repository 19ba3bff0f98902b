// Formal properties of wf_writeback (docs/microarch.md §6.1, §6.2, §10.3,
// §4.3) at the smallest shape with two banks and a row count that rounds
// (REGS = 3, BANKS = 2: ceil 2 rows per warp, floor 1). Combinational: every
// input is free, so the proof is for every cycle.
module wb_props;
  localparam integer WARPS = 2, LANES = 1, REGS = 3, BANKS = 2, RAW = 2;
  localparam integer ROWS = (REGS + BANKS - 1) / BANKS;
  (* anyseq *) reg [2:0]            l_valid, l_writes, l_final, l_sbv;
  (* anyseq *) reg [3*6-1:0]        l_warp;
  (* anyseq *) reg [3*7-1:0]        l_rd;
  (* anyseq *) reg [3*3-1:0]        l_sbe;
  (* anyseq *) reg [3*LANES-1:0]    l_lanes;
  (* anyseq *) reg [3*LANES*32-1:0] l_data;
  wire [3*5-1:0] l_bank;
  wire [BANKS-1:0] bank_written, we;
  wire [2:0] leaves, wb_valid, rel_valid;
  wire [3*5-1:0] wb_bank;
  wire [WARPS*8-1:0] rel_mask;
  wire [BANKS*RAW-1:0] wrow;
  wire [BANKS*LANES-1:0] wmask;
  wire [BANKS*LANES*32-1:0] wdata;

  // the environment: each unit's entry belongs to a launched warp and names a
  // register of the shape; its bank is bank(w, rd) (naive layout, §6.1, as
  // wf_exec stores it)
  genvar x;
  generate for (x = 0; x < 3; x = x + 1) begin : g_env
    assign l_bank[x*5 +: 5] = {4'd0, l_rd[x*7 +: 7]} % BANKS;
    always @* begin
      assume (l_warp[x*6 +: 6] < WARPS);
      assume (l_rd[x*7 +: 7] < REGS);
      assume (l_sbe[x*3 +: 3] < 4);
    end
  end endgenerate

  wf_writeback #(.WARPS(WARPS), .LANES(LANES), .REGS(REGS), .BANKS(BANKS), .RAW(RAW)) dut (
    .l_valid_i(l_valid), .l_warp_i(l_warp), .l_rd_i(l_rd), .l_bank_i(l_bank), .l_writes_i(l_writes),
    .l_final_i(l_final), .l_sbv_i(l_sbv), .l_sbe_i(l_sbe), .l_lanes_i(l_lanes), .l_data_i(l_data),
    .bank_written_o(bank_written), .leaves_o(leaves), .wb_valid_o(wb_valid), .wb_bank_o(wb_bank),
    .rel_mask_o(rel_mask), .rel_valid_o(rel_valid), .we_o(we), .wrow_o(wrow), .wmask_o(wmask),
    .wdata_o(wdata));

  // priority position of unit u (0 ALU, 1 MUL, 2 LSU; §10.3: LSU > MUL > ALU)
  function automatic integer prio(input integer u);
    prio = 2 - u;
  endfunction

  always @* begin : p_props
    integer u, v, b, n, w;
    reg want_u, beaten;
    reg [WARPS*8-1:0] rel_ref;
    rel_ref = '0;
    for (b = 0; b < BANKS; b = b + 1) begin
      n = 0;
      for (u = 0; u < 3; u = u + 1)
        if (wb_valid[u] && l_bank[u*5 +: 5] == b) n = n + 1;
      // one_write_per_bank (§6.2): one access per bank per cycle
      assert (n <= 1);  // P: one_write_per_bank
      // a bank is reported written exactly when a unit wants to write it
      assert (bank_written[b] == (l_valid[0] && l_writes[0] && l_bank[4:0] == b ||
                                  l_valid[1] && l_writes[1] && l_bank[9:5] == b ||
                                  l_valid[2] && l_writes[2] && l_bank[14:10] == b));  // P: one_write_per_bank
    end
    for (u = 0; u < 3; u = u + 1) begin
      want_u = l_valid[u] && l_writes[u];
      beaten = 1'b0;
      for (v = 0; v < 3; v = v + 1)
        if (v != u && prio(v) < prio(u) && l_valid[v] && l_writes[v] && l_bank[v*5 +: 5] == l_bank[u*5 +: 5])
          beaten = 1'b1;
      // prio_lsu_mul_alu (§10.3)
      assert (wb_valid[u] == (want_u && !beaten));  // P: prio_lsu_mul_alu
      // loser_holds (§10.3): a loser stays, an entry without a write leaves
      assert (leaves[u] == (l_valid[u] && (!l_writes[u] || !beaten)));  // P: loser_holds
      // release_final (§4.3, §10.3): the final result releases its entry
      assert (rel_valid[u] == (wb_valid[u] && l_final[u] && l_sbv[u]));  // P: release_final
      if (rel_valid[u])
        for (w = 0; w < WARPS; w = w + 1)
          if (l_warp[u*6 +: 6] == w) rel_ref[w*8 + l_sbe[u*3 +: 3]] = 1'b1;
      // write_row (§6.1): row(w, r) = w * ceil(R/B) + floor(r/B)
      if (wb_valid[u]) begin
        assert (we[l_bank[u*5 +: 5]]);  // P: write_row
        assert (wrow[l_bank[u*5 +: 5]*RAW +: RAW] == l_warp[u*6 +: 6] * ROWS + l_rd[u*7 +: 7] / BANKS);  // P: write_row
        assert (wmask[l_bank[u*5 +: 5]*LANES +: LANES] == l_lanes[u*LANES +: LANES]);  // P: write_row
        assert (wdata[l_bank[u*5 +: 5]*LANES*32 +: LANES*32] == l_data[u*LANES*32 +: LANES*32]);  // P: write_row
      end
    end
    assert (rel_mask == rel_ref);  // P: release_final
    assert (we == bank_written);  // P: one_write_per_bank
  end
endmodule
