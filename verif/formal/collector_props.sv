// Formal properties of wf_collector in loop mode 3 (docs/microarch.md §5.4,
// §6.2, §6.3, §6.4, §7.1): the bank arbiter, the same-register merge, the
// free-CU choice and dispatch arbitration, at two warps, one lane, four
// registers in two banks and three collector units (so allocation order and
// index order differ). Everything around the block is free: the written
// banks, the units' accepts, the WAR permission, the issued instructions
// (legal words, docs/isa.md) and the layout (a constant).
module collector_props (
    input wire clk
);
  localparam integer WARPS = 2, LANES = 1, REGS = 4, BANKS = 2, C = 3, RAW = 2, NH = C + 1;
  `include "wf_isa.vh"
  reg [1:0] step = 2'd0;
  always @(posedge clk) if (step != 2'd3) step <= step + 2'd1;
  wire rst_n  = step != 2'd0;
  wire launch = step == 2'd1;
  wire run    = step == 2'd3;

  (* anyconst *) reg swz;
  (* anyseq *) reg [BANKS-1:0] bank_written;
  (* anyseq *) reg [2:0]       accept;
  (* anyseq *) reg [C-1:0]     dispatch_ok;
  (* anyseq *) reg             al_valid;
  (* anyseq *) reg [5:0]       al_warp;
  (* anyseq *) reg [63:0]      al_word;
  (* anyseq *) reg [BANKS*LANES*32-1:0] rdata;
  wire       free_valid;
  wire [4:0] free_cu;
  wire [BANKS-1:0] rd_en;
  wire [BANKS*5-1:0] grant_h;
  wire [BANKS*2-1:0] grant_slot;
  wire [BANKS*7-1:0] grant_reg;
  wire [NH-1:0] h_valid;
  wire [NH*6-1:0] h_warp;
  wire [NH*3-1:0] h_pending;
  wire [NH*64-1:0] h_word;
  wire [2:0] disp_valid;
  wire [3*5-1:0] disp_h;

  // an issue allocates the lowest free CU (§5.4) with a legal instruction
  // that needs one (not nop, bra, exit) of a launched warp
  wire [7:0] op = al_word[`WF_INSN_OP];
  always @* if (al_valid) begin
    assume (run && free_valid);
    assume (al_warp < WARPS);
    assume (op <= `WF_OP_EXIT && f_unit(op) != `WF_UNIT_NONE);
    assume (al_word[`WF_INSN_RA_LSB +: 8] < REGS && al_word[`WF_INSN_RB_LSB +: 8] < REGS &&
            al_word[`WF_INSN_RC_LSB +: 8] < REGS && al_word[`WF_INSN_RD_LSB +: 8] < REGS);
  end

  wf_collector #(.LANES(LANES), .REGS(REGS), .BANKS(BANKS), .COLLECTORS(C), .RAW(RAW)) dut (
    .clk_i(clk), .rst_ni(rst_n), .launch_i(launch), .mode3_i(1'b1), .hstage_i(1'b0), .fstage_i(1'b0),
    .swizzle_i(swz), .bank_written_i(bank_written), .accept_i(accept), .dispatch_ok_i(dispatch_ok),
    .sr_disp_i(1'b0), .al_valid_i(al_valid), .al_holder_i(free_cu), .al_warp_i(al_warp),
    .al_word_i(al_word), .al_pc_i(16'd0), .al_cf_i(1'b0), .al_sbv_i(1'b0), .al_sbe_i(3'd0),
    .al_left_i(1'b1), .al_older_i(16'd0), .rdata_i(rdata), .rd_en_o(rd_en), .rd_row_o(),
    .grant_h_o(grant_h), .grant_slot_o(grant_slot), .grant_reg_o(grant_reg), .grant_warp_o(),
    .fill_sr_o(), .h_valid_o(h_valid), .h_warp_o(h_warp), .h_pending_o(h_pending), .h_word_o(h_word),
    .h_pc_o(), .h_cf_o(), .h_older_o(), .ih_valid_o(), .ih_warp_o(), .ih_word_o(), .alloc_warp_o(),
    .nx_valid_o(), .nx_pending_o(), .al_take_o(), .al_word_o(), .nx_older_o(), .sr_bank_o(),
    .free_valid_o(free_valid), .free_cu_o(free_cu), .disp_valid_o(disp_valid), .disp_h_o(disp_h),
    .d_warp_o(), .d_pc_o(), .d_word_o(), .d_sbv_o(), .d_sbe_o(), .d_left_o(), .d_opnd_o(),
    .d_late_o(), .d_lbank_o());

  // internal state the invariants below name (connected by the runner after
  // flattening: scripts/wf/formal.py peeks), so that induction closes
  wire [NH*15-1:0] pk_bank;    // dut.bank_q: each slot's bank, stored at allocation
  wire [C*C-1:0]   pk_agem;    // dut.agem_q: the age matrix
  wire [2:0]       pk_cnd_v;   // dut.cnd_v_q, cnd_h_q: the registered dispatch candidates
  wire [3*5-1:0]   pk_cnd_h;

  function automatic [6:0] src(input [63:0] wd, input integer s);
    src = s == 0 ? wd[`WF_INSN_RA_LSB +: 7] : s == 1 ? wd[`WF_INSN_RB_LSB +: 7] : wd[`WF_INSN_RC_LSB +: 7];
  endfunction
  // §6.1 bank(w, r)
  function automatic integer bank(input [5:0] w, input [6:0] r);
    bank = ({1'b0, r} + (swz ? {2'b0, w} : 8'd0)) % BANKS;
  endfunction

  // ---- reference age: older[u][v] = CU v was allocated before CU u (§6.4) ---------
  reg [C*C-1:0] older = '0;
  reg [C-1:0]   ok_q = '0;      // §8.2 permission computed for this cycle's state
  reg [NH*3-1:0] pend_q;        // last cycle's pending masks and grants (§6.3 check)
  reg [NH-1:0]  valid_q = '0;
  reg [NH*3-1:0] filled_ref;    // per slot: a granted read of its register (§6.3)
  reg [C-1:0]   was_alloc_q = '0, disp_q = '0;
  always @(posedge clk) begin : p_age
    integer u, v;
    ok_q <= dispatch_ok;
    pend_q <= h_pending;
    valid_q <= h_valid;
    was_alloc_q <= '0;
    disp_q <= '0;
    for (u = 0; u < C; u = u + 1) begin
      if (disp_valid[0] && disp_h[4:0] == u || disp_valid[1] && disp_h[9:5] == u ||
          disp_valid[2] && disp_h[14:10] == u) disp_q[u] <= 1'b1;
      if (al_valid && free_cu == u) begin
        was_alloc_q[u] <= 1'b1;
        for (v = 0; v < C; v = v + 1) older[u*C + v] <= v != u && h_valid[v];
        for (v = 0; v < C; v = v + 1) older[v*C + u] <= 1'b0;
      end
    end
  end

  always @* begin : p_fill_ref
    integer h, s, b;
    filled_ref = '0;
    for (h = 0; h < C; h = h + 1)
      for (s = 0; s < 3; s = s + 1)
        for (b = 0; b < BANKS; b = b + 1)
          if (h_pending[h*3 + s] && rd_en[b] && grant_h[b*5 +: 5] == h &&
              grant_reg[b*7 +: 7] == src(h_word[h*64 +: 64], s) &&
              bank(h_warp[h*6 +: 6], src(h_word[h*64 +: 64], s)) == b)
            filled_ref[h*3 + s] = 1'b1;
  end
  reg [NH*3-1:0] filled_q;
  always @(posedge clk) filled_q <= filled_ref;

  always @* begin : p_props
    integer b, h, s, h2, s2, x, u, v;
    reg req;
    reg [10:0] inv_bad;
    inv_bad = '0;
    b = 0; h = 0; s = 0; h2 = 0; s2 = 0; x = 0; u = 0; v = 0; req = 1'b0;
    if (run) begin
    // invariants (they make the induction step close): the stored banks,
    // the age matrix and the dispatch candidates agree with the reference
    for (h = 0; h < C; h = h + 1)
      if (h_valid[h]) begin
        for (s = 0; s < 3; s = s + 1)
          if (!(pk_bank[(h*3 + s)*5 +: 5] == bank(h_warp[h*6 +: 6], src(h_word[h*64 +: 64], s)))) inv_bad[0] = 1'b1;
        if (!(h_warp[h*6 +: 6] < WARPS)) inv_bad[1] = 1'b1;
        for (s = 0; s < 3; s = s + 1)
          if (h_pending[h*3 + s]) if (!(s < f_nsrc(h_word[h*64 + `WF_INSN_OP_LSB +: 8]))) inv_bad[2] = 1'b1;
        if (!(f_unit(h_word[h*64 + `WF_INSN_OP_LSB +: 8]) != `WF_UNIT_NONE)) inv_bad[3] = 1'b1;
        if (!(h_word[h*64 + `WF_INSN_OP_LSB +: 8] <= `WF_OP_EXIT)) inv_bad[4] = 1'b1;
        for (s = 0; s < 3; s = s + 1) if (!(src(h_word[h*64 +: 64], s) < REGS)) inv_bad[5] = 1'b1;
        for (u = 0; u < C; u = u + 1)
          if (u != h && h_valid[u]) begin
            if (!(pk_agem[h*C + u] == older[h*C + u])) inv_bad[6] = 1'b1;
            if (!(older[h*C + u] != older[u*C + h])) inv_bad[7] = 1'b1;
            for (v = 0; v < C; v = v + 1)   // a total order: transitive
              if (v != h && v != u && h_valid[v] && older[h*C + u] && older[u*C + v])
                if (!(older[h*C + v])) inv_bad[8] = 1'b1;
          end
      end
    for (x = 0; x < 3; x = x + 1) begin
      req = 1'b0;
      for (u = 0; u < C; u = u + 1)
        if (h_valid[u] && h_pending[u*3 +: 3] == 3'd0 && ok_q[u] &&
            f_unit(h_word[u*64 + `WF_INSN_OP_LSB +: 8]) == x + 1) req = 1'b1;
      if (!(pk_cnd_v[x] == req)) inv_bad[9] = 1'b1;
      if (req) begin
        u = pk_cnd_h[x*5 +: 5];
        if (!(u < C && h_valid[u] && h_pending[u*3 +: 3] == 3'd0 && ok_q[u] &&
                f_unit(h_word[u*64 + `WF_INSN_OP_LSB +: 8]) == x + 1)) inv_bad[10] = 1'b1;
      end
    end
    assert (!inv_bad[0]);  // P: invariant
    assert (!inv_bad[1]);  // P: invariant
    assert (!inv_bad[2]);  // P: invariant
    assert (!inv_bad[3]);  // P: invariant
    assert (!inv_bad[4]);  // P: invariant
    assert (!inv_bad[5]);  // P: invariant
    assert (!inv_bad[6]);  // P: invariant
    assert (!inv_bad[7]);  // P: invariant
    assert (!inv_bad[8]);  // P: invariant
    assert (!inv_bad[9]);  // P: invariant
    assert (!inv_bad[10]);  // P: invariant
    // §5.4 the lowest free CU
    for (u = 0; u < C; u = u + 1) begin
      if (free_valid && free_cu == u) assert (!h_valid[u]);                        // P: lowest_free_cu
      if (!h_valid[u]) assert (free_valid && free_cu <= u);                        // P: lowest_free_cu
    end
    for (b = 0; b < BANKS; b = b + 1) begin
      // §6.2 writes win: a written bank grants no read
      if (bank_written[b]) assert (!rd_en[b]);                                     // P: writes_win
      req = 1'b0;
      for (h = 0; h < C; h = h + 1)
        for (s = 0; s < 3; s = s + 1)
          if (h_valid[h] && h_pending[h*3 + s] && bank(h_warp[h*6 +: 6], src(h_word[h*64 +: 64], s)) == b)
            req = 1'b1;
      // a bank not written with a request reads (no lost cycle)
      assert (rd_en[b] == (req && !bank_written[b]));                              // P: bank_grant
      if (rd_en[b]) begin
        h = grant_h[b*5 +: 5]; s = grant_slot[b*2 +: 2];
        // the grant is a pending slot of a valid CU in this bank, for its register
        assert (h < C && h_valid[h] && h_pending[h*3 + s]);                         // P: bank_grant
        assert (bank(h_warp[h*6 +: 6], src(h_word[h*64 +: 64], s)) == b);          // P: bank_grant
        assert (grant_reg[b*7 +: 7] == src(h_word[h*64 +: 64], s));                 // P: bank_grant
        for (h2 = 0; h2 < C; h2 = h2 + 1)
          for (s2 = 0; s2 < 3; s2 = s2 + 1)
            if (h_valid[h2] && h_pending[h2*3 + s2] &&
                bank(h_warp[h2*6 +: 6], src(h_word[h2*64 +: 64], s2)) == b) begin
              // §6.4 the oldest requesting CU wins
              if (h2 != h) assert (!older[h*C + h2]);                                // P: oldest_cu_wins
              // §6.4 within it the lowest slot
              if (h2 == h) assert (s <= s2);                                         // P: lowest_slot_wins
            end
      end
    end
    // §6.3 a grant fills every pending slot of its CU naming the same register
    // (the CU stays valid: a CU with a pending slot cannot dispatch)
    for (h = 0; h < C; h = h + 1)
      if (valid_q[h] && pend_q[h*3 +: 3] != 3'd0 && !was_alloc_q[h]) begin
        assert (h_valid[h]);                                                         // P: merge_fill
        assert (h_pending[h*3 +: 3] == (pend_q[h*3 +: 3] & ~filled_q[h*3 +: 3]));   // P: merge_fill
      end
    // §7.1 per unit the oldest CU with every slot filled (and allowed, §8.2)
    // dispatches when the unit accepts
    for (x = 0; x < 3; x = x + 1) begin
      req = 1'b0;
      for (u = 0; u < C; u = u + 1)
        if (h_valid[u] && h_pending[u*3 +: 3] == 3'd0 && ok_q[u] &&
            f_unit(h_word[u*64 + `WF_INSN_OP_LSB +: 8]) == x + 1) req = 1'b1;
      assert (disp_valid[x] == (req && accept[x]));                                  // P: dispatch_oldest
      if (disp_valid[x]) begin
        u = disp_h[x*5 +: 5];
        assert (u < C && h_valid[u] && h_pending[u*3 +: 3] == 3'd0 && ok_q[u]);        // P: dispatch_oldest
        assert (f_unit(h_word[u*64 + `WF_INSN_OP_LSB +: 8]) == x + 1);               // P: dispatch_oldest
        for (v = 0; v < C; v = v + 1)
          if (v != u && h_valid[v] && h_pending[v*3 +: 3] == 3'd0 && ok_q[v] &&
              f_unit(h_word[v*64 + `WF_INSN_OP_LSB +: 8]) == x + 1)
            assert (!older[u*C + v]);                                                 // P: dispatch_oldest
      end
    end
    // §7.1 a dispatched CU is free the next cycle (unless allocated again)
    for (u = 0; u < C; u = u + 1)
      if (disp_q[u] && !was_alloc_q[u]) assert (!h_valid[u]);                        // P: dispatch_frees
    end
  end
endmodule
