// Formal properties of wf_issue (docs/microarch.md §5.1-§5.5, §9.1, §11) at
// three warps, ready_stage = 0: readiness item by item, the LRR and GTO
// choices and their state, and the replay/stall outcome of a missing CU.
// Everything around it is free (heads: legal words; loop mode, scheduler
// and hazard mode: constants).
module issue_props (
    input wire clk
);
  localparam integer WARPS = 3, LANES = 1, IBUF = 1;
  localparam [2:0] K_NONE = 3'd0, K_ISSUE = 3'd1, K_REPLAY = 3'd2, K_STALL_CU = 3'd3, K_STALL_LSU = 3'd4;
  `include "wf_isa.vh"
  reg [1:0] step = 2'd0;
  always @(posedge clk) if (step != 2'd3) step <= step + 2'd1;
  wire rst_n  = step != 2'd0;
  wire launch = step == 2'd1;
  wire run    = step == 2'd3;

  (* anyconst *) reg [1:0] loops;
  (* anyconst *) reg gto, stall_mode;
  (* anyconst *) reg [WARPS-1:0] active;
  (* anyseq *) reg [WARPS*4-1:0] nslots;
  (* anyseq *) reg [WARPS*64-1:0] word;
  (* anyseq *) reg [WARPS*8-1:0] dep;
  (* anyseq *) reg [WARPS-1:0] issued, held, full, ar_dep, war_allows, cf;
  (* anyseq *) reg [WARPS*3-1:0] sbe, sb_free;
  (* anyseq *) reg sr_ok, lsu_stall, cu_free_valid, mem_clear_valid;
  (* anyseq *) reg [4:0] cu_free;
  (* anyseq *) reg [2:0] left_valid, left_end;
  (* anyseq *) reg [3*6-1:0] left_warp;
  (* anyseq *) reg [5:0] mem_clear_warp;
  always @* begin : p_env
    integer w;
    assume (loops >= 2'd1);
    for (w = 0; w < WARPS; w = w + 1) begin
      assume (nslots[w*4 +: 4] <= IBUF);
      assume (word[w*64 + 56 +: 8] <= `WF_OP_EXIT);
    end
    // departures only of instances in flight (a unit holds what was issued)
    for (w = 0; w < 3; w = w + 1)
      if (left_valid[w] && left_end[w]) assume (left_warp[w*6 +: 6] < WARPS && inflight[left_warp[w*6 +: 6]*8 +: 8] >= 8'd3);
    // §10.5: the ld/st that set mem_inflight[w] clears it when it leaves LSU
    // stage 1, no later than it leaves the LSU's last stage (§5.5): the
    // departures never take a warp's last instance while its flag stays set
    // (the core's own fact, asserted as mem_inflight_counted in core_props)
    for (w = 0; w < WARPS; w = w + 1) begin
      // §5.5: an instance in flight is held by a CU, the SR or a unit's
      // stage, far fewer than the 8-bit counter holds: it never wraps
      assume (inflight[w*8 +: 8] != 8'hFF);
      if (mem_inflight[w] && !(mem_clear_valid && mem_clear_warp == w))
        assume (gone[w] < inflight[w*8 +: 8]);
    end
  end
  // the departures of each warp in the cycle
  reg [7:0] gone [0:WARPS-1];
  always @* begin : p_gone
    integer w, x;
    for (w = 0; w < WARPS; w = w + 1) begin
      gone[w] = 8'd0;
      for (x = 0; x < 3; x = x + 1)
        if (left_valid[x] && run && left_end[x] && left_warp[x*6 +: 6] == w) gone[w] = gone[w] + 8'd1;
    end
  end

  wire [2:0] kind;
  wire [5:0] iw;
  wire [WARPS*10-1:0] mask;
  wire [WARPS*4-1:0] hazard;
  wire [WARPS*8-1:0] inflight;
  wire [WARPS-1:0] mem_inflight, exited, inflight_nz;
  wire [WARPS-1:0] pk_ge;     // dut.issue_ge_q: issue_rr as a mask
  wire [5:0]       pk_last;   // dut.gto_last_q
  wf_issue #(.WARPS(WARPS), .LANES(LANES), .IBUF(IBUF)) dut (
    .clk_i(clk), .rst_ni(rst_n), .launch_i(launch), .active_i(active), .loops_i(loops), .gto_i(gto),
    .stall_mode_i(stall_mode), .nslots_i(nslots), .slot_word_i(word), .slot_pc_i(48'd0),
    .slot_dep_i(dep), .slot_cf_i(cf), .slot_issued_i(issued), .slot_held_i(held), .slot_sbe_i(sbe),
    .slot_left_i(3'b111), .sb_full_i(full), .sb_free_i(sb_free), .ar_dep_i(ar_dep), .sr_ok_i(sr_ok),
    .war_allows_i(war_allows), .lsu_stall_i(lsu_stall), .rstage_i(1'b0), .ih_valid_i(1'b0),
    .ih_warp_i(6'd0), .cu_free_valid_i(cu_free_valid), .cu_free_i(cu_free), .sr_index_i(5'd4),
    .left_valid_i(left_valid & {3{run}}), .left_warp_i(left_warp), .left_end_i(left_end),
    .mem_clear_valid_i(mem_clear_valid && run), .mem_clear_warp_i(mem_clear_warp),
    .iss_kind_o(kind), .iss_warp_o(iw), .iss_move_1h_o(), .iss_stay_1h_o(), .iss_new_1h_o(),
    .iss_hv_o(), .iss_holder_o(), .iss_sbv_o(), .iss_sbe_o(), .iss_sb_new_o(), .iss_mem_replay_o(),
    .iss_word_o(), .iss_pc_o(), .iss_cf_o(), .iss_left_o(), .hazard_o(hazard), .hazard_mask_o(mask),
    .inflight_o(inflight), .mem_inflight_o(mem_inflight), .exited_o(exited), .inflight_nz_o(inflight_nz),
    .done_o());

  reg [5:0] rr;
  always @* begin : p_rr
    integer w;
    rr = 6'd0;
    for (w = WARPS - 1; w >= 0; w = w - 1) if (pk_ge[w]) rr = w;
  end

  // §5.1 readiness, item by item (§11 hazard_mask)
  reg [WARPS*10-1:0] f_ref;
  reg [WARPS-1:0] rdy;
  always @* begin : p_ref
    integer w;
    reg [7:0] op;
    reg hd, needs, ldst;
    f_ref = '0;
    for (w = 0; w < WARPS; w = w + 1) begin
      op = word[w*64 + 56 +: 8];
      needs = f_unit(op) != `WF_UNIT_NONE;
      ldst = op == `WF_OP_LD || op == `WF_OP_ST;
      hd = active[w] && !exited[w] && nslots[w*4 +: 4] != 4'd0;
      f_ref[w*10 + 1] = !hd;
      f_ref[w*10 + 2] = hd && issued[w];
      f_ref[w*10 + 3] = hd && (dep[w*8 +: 8] != 8'd0 || ar_dep[w]);
      f_ref[w*10 + 4] = hd && f_writes(op) && !held[w] && full[w];
      f_ref[w*10 + 5] = hd && loops == 2'd1 && inflight[w*8 +: 8] != 8'd0;
      f_ref[w*10 + 6] = hd && loops != 2'd3 && needs && !sr_ok;
      f_ref[w*10 + 7] = hd && needs && !war_allows[w];
      f_ref[w*10 + 8] = hd && ldst && mem_inflight[w];
      f_ref[w*10 + 9] = hd && lsu_stall;
      rdy[w] = f_ref[w*10 +: 10] == 10'd0;
    end
  end

  reg       was_run = 1'b0;
  reg [2:0] kind_q;
  reg [5:0] iw_q, rr_q, last_q;
  always @(posedge clk) begin was_run <= run; kind_q <= kind; iw_q <= iw; rr_q <= rr; last_q <= pk_last; end

  always @* begin : p_props
    integer w, k, v, lo;
    reg found, seen;
    found = 1'b0; seen = 1'b0; lo = 0; v = 0;
    w = 0; k = 0;
    if (run) begin
      for (w = 0; w < WARPS; w = w + 1) begin
        assert (mask[w*10 +: 10] == f_ref[w*10 +: 10]);                              // P: readiness_items
        // the hazard code is the first failing item
        lo = 0;
        for (k = 9; k >= 1; k = k - 1) if (f_ref[w*10 + k]) lo = k;
        assert (hazard[w*4 +: 4] == lo);                                              // P: hazard_code
      end
      // §5.2 one issue a cycle, when a head is ready; §9.3 the LSU stall blocks
      if (lsu_stall) assert (kind == K_STALL_LSU);                                    // P: issue_kind
      else if (rdy == '0) assert (kind == K_NONE);                                    // P: issue_kind
      else begin
        assert (iw < WARPS && rdy[iw]);                                               // P: issue_kind
        // §9.1 a head needing a CU when none is free: replay or stall
        if (loops == 2'd3 && f_unit(word[iw*64 + 56 +: 8]) != `WF_UNIT_NONE && !cu_free_valid)
          assert (kind == (stall_mode ? K_STALL_CU : K_REPLAY));                       // P: issue_kind
        else assert (kind == K_ISSUE);                                                // P: issue_kind
        // §5.3 the scheduler's choice
        if (gto) begin
          if (pk_last < WARPS && rdy[pk_last]) assert (iw == pk_last);                // P: gto_choice
          else for (w = 0; w < WARPS; w = w + 1) if (w < iw) assert (!rdy[w]);        // P: gto_choice
        end else
          for (k = 0; k < WARPS; k = k + 1) begin
            v = (rr + k) % WARPS;
            if (v == iw) seen = 1'b1;
            if (!seen) assert (!rdy[v]);                                              // P: lrr_choice
          end
      end
      // §10.5/§5.5: a warp with a memory instance in flight has inflight > 0
      for (w = 0; w < WARPS; w = w + 1)
        if (mem_inflight[w]) assert (inflight[w*8 +: 8] != 8'd0);                      // P: mem_inflight_counted
      assert (pk_ge != '0 && pk_ge == ~((WARPS'(1) << rr) - WARPS'(1)));                // P: lrr_state
      assert (pk_last < WARPS);                                                       // P: gto_state
      // §5.3 the state moves after an issue or a replay issue, not after a stall
      if (was_run) begin
        if (kind_q == K_ISSUE || kind_q == K_REPLAY) begin
          assert (rr == (iw_q + 1) % WARPS);                                          // P: lrr_state
          assert (pk_last == iw_q);                                                   // P: gto_state
        end else begin
          assert (rr == rr_q);                                                        // P: lrr_state
          assert (pk_last == last_q);                                                 // P: gto_state
        end
      end
    end
  end
endmodule
