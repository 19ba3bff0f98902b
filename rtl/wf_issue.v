// Loop 2: issue (§5). Readiness of each warp's head (§5.1), the LRR and GTO
// schedulers (§5.3), what an issue does (§5.4), the missing-CU structural
// hazard (§9.1: replay or stall), and the per-warp counters the C model keeps
// in core.c (inflight §5.5, mem_inflight §10.5, exited) with warp done.
// With rstage_i (ready_stage, §5.7) the choice is among the eligible warps:
// last cycle's per-warp readiness (part_q) minus last cycle's issuer
// (own_q) and IH's warp, and this cycle's global items. Mirrors
// cmodel/issue.c.
`include "wf_defs.vh"    // instruction fields, opcodes, trace layout (generated)
`include "wf_mutant.vh"  // `WF_MUT_<NAME>: the mutation self-check (scripts/mutants.py)
module wf_issue #(
    parameter integer WARPS = 8,
    parameter integer LANES = 8,
    parameter integer IBUF  = 2
) (
    input  wire                        clk_i,
    input  wire                        rst_ni,
    input  wire                        launch_i,
    input  wire [WARPS-1:0]            active_i,     // latched at launch
    input  wire [1:0]                  loops_i,
    input  wire                        gto_i,        // sched == gto
    input  wire                        stall_mode_i, // hazard == stall
    // I-buffer (slot 0 = head) and scoreboard
    input  wire [WARPS*4-1:0]          nslots_i,
    input  wire [WARPS*IBUF*64-1:0]    slot_word_i,
    input  wire [WARPS*IBUF*16-1:0]    slot_pc_i,
    input  wire [WARPS*IBUF*8-1:0]     slot_dep_i,
    input  wire [WARPS*IBUF-1:0]       slot_cf_i,
    input  wire [WARPS*IBUF-1:0]       slot_issued_i,
    input  wire [WARPS*IBUF-1:0]       slot_held_i,
    input  wire [WARPS*IBUF*3-1:0]     slot_sbe_i,
    input  wire [WARPS*IBUF*LANES-1:0] slot_left_i,
    input  wire [WARPS-1:0]            sb_full_i,
    input  wire [WARPS*3-1:0]          sb_free_i,
    input  wire [WARPS-1:0]            ar_dep_i,     // §4.4 AR names the head
    // same-cycle and other blocks' signals
    input  wire                        sr_ok_i,      // §7.2 issue rule
    input  wire [WARPS-1:0]            war_allows_i, // §8
    input  wire                        lsu_stall_i,  // §9.3
    input  wire                        rstage_i,     // ready_stage (§5.7)
    input  wire                        ih_valid_i,   // IH (§5.6): its warp is not eligible next cycle
    input  wire [5:0]                  ih_warp_i,
    input  wire                        cu_free_valid_i,
    input  wire [4:0]                  cu_free_i,
    input  wire [4:0]                  sr_index_i,   // COLLECTORS
    // instances leaving their unit's last stage (§5.5) and §10.5 clears
    input  wire [2:0]                  left_valid_i,
    input  wire [3*6-1:0]              left_warp_i,
    input  wire [2:0]                  left_end_i,   // inst_end
    input  wire                        mem_clear_valid_i,
    input  wire [5:0]                  mem_clear_warp_i,
    // this cycle's issue
    output reg  [2:0]                  iss_kind_o,   // wf_iss_kind: 0 none 1 issue 2 replay 3 stall-cu 4 stall-lsu
    output reg  [5:0]                  iss_warp_o,
    // what the issue does to the chosen warp, as one-hots (0 without an
    // issue): its head leaves the I-buffer, its head stays issued (ld/st
    // under replay, §9.2), it allocates a new scoreboard entry (§4.3)
    output reg  [WARPS-1:0]            iss_move_1h_o,
    output reg  [WARPS-1:0]            iss_stay_1h_o,
    output reg  [WARPS-1:0]            iss_new_1h_o,
    output reg                         iss_hv_o,     // obtains a holder (CU or SR)
    output reg  [4:0]                  iss_holder_o,
    output reg                         iss_sbv_o,
    output reg  [2:0]                  iss_sbe_o,
    output reg                         iss_sb_new_o,
    output reg                         iss_mem_replay_o,
    output reg  [63:0]                 iss_word_o,
    output reg  [15:0]                 iss_pc_o,
    output reg                         iss_cf_o,
    output reg  [LANES-1:0]            iss_left_o,
    output reg  [WARPS*4-1:0]          hazard_o,     // wf_hazard per warp (diagnostic)
    output reg  [WARPS*10-1:0]         hazard_mask_o, // every failing §5.1 item per warp (§11)
    // counters
    output wire [WARPS*8-1:0]          inflight_o,
    output wire [WARPS-1:0]            mem_inflight_o,
    output wire [WARPS-1:0]            exited_o,
    output reg  [WARPS-1:0]            inflight_nz_o,
    output reg                         done_o        // §5.5: every active warp done
);
  `include "wf_enums.vh"  // ISS_*, HZ_*, LOOPS_* shared with the C model (generated)
  localparam [5:0] W6 = WARPS[5:0] - 6'd1;

  reg [5:0]        issue_rr_q, issue_rr_d, gto_last_q, gto_last_d;
  reg [WARPS-1:0]  issue_ge_q, issue_ge_d;   // issue_rr_q as its mask (wf_rr.vh), what the choice reads
  reg [WARPS*8-1:0] inflight_q, inflight_d;
  reg [WARPS-1:0]  mem_inflight_q, mem_inflight_d, exited_q, exited_d;
  assign inflight_o     = inflight_q;
  assign mem_inflight_o = mem_inflight_q;
  assign exited_o       = exited_q;

  `include "wf_isa.vh"   // opcode decode functions shared by the blocks, NUNITS
  `include "wf_sel.vh"   // run-time-index part selects without a multiplier
  `include "wf_rr.vh"    // the round-robin one-hot choice, shared with wf_fetch

  // ---- counters-derived flags and done ---------------------------------------
  always @* begin : p_done
    integer w, i;
    reg wd_done;
    done_o = 1'b1;
    for (w = 0; w < WARPS; w = w + 1) begin
      inflight_nz_o[w] = inflight_q[w*8 +: 8] != 8'd0;
      wd_done = exited_q[w] && !inflight_nz_o[w];
      for (i = 0; i < IBUF; i = i + 1)
        if (i < {28'd0, nslots_i[w*4 +: 4]} && slot_issued_i[w*IBUF + i]) wd_done = 1'b0;
      if (active_i[w] && !wd_done) done_o = 1'b0;
    end
  end

  // ---- §5.1 readiness ---------------------------------------------------------
  // f[k]: the item of hazard code k fails, each item tested alone (§11
  // hazard_mask); hazard is the first failing item, ready is "none fails".
  reg [WARPS-1:0] ready;
  reg [WARPS-1:0] part_d, staging;   // §5.7: the per-warp items hold (IH's warp excluded); item 4's SR rule fails
  always @* begin : p_ready
    integer w;
    reg [63:0] hwd;
    reg [3:0] hz;
    reg [9:0] f;
    reg needs, head, ldst;
    for (w = 0; w < WARPS; w = w + 1) begin
      hwd = slot_word_i[w*IBUF*64 +: 64];
      needs = f_unit(hwd[`WF_INSN_OP]) != 2'd0;
      ldst = hwd[`WF_INSN_OP] == `WF_OP_LD || hwd[`WF_INSN_OP] == `WF_OP_ST;
      head = active_i[w] && !exited_q[w] && nslots_i[w*4 +: 4] != 4'd0;
      f = 10'd0;
      f[HZ_NO_HEAD] = !head;
      f[HZ_WAIT_LSU] = head && slot_issued_i[w*IBUF];
      f[HZ_DEPENDENCY] = head && (slot_dep_i[w*IBUF*8 +: 8] != 8'd0 || ar_dep_i[w]);
      // mutant SB_FULL_HELD: an entry held across replays does not exempt from full
      f[HZ_SB_FULL] = head && f_writes(hwd[`WF_INSN_OP]) && (!slot_held_i[w*IBUF] || `WF_MUT_SB_FULL_HELD) && sb_full_i[w];
      // mutant INFLIGHT_MODE2: the mode-1 in-flight rule also applied in mode 2
      f[HZ_INFLIGHT] = head && (loops_i == LOOPS_ONE || (`WF_MUT_INFLIGHT_MODE2 && loops_i == LOOPS_STAGING)) && inflight_nz_o[w];
      f[HZ_STAGING] = head && loops_i != LOOPS_COLLECTOR && needs && !sr_ok_i;
      f[HZ_WAR] = head && needs && !war_allows_i[w];
      // mutant MEM_ORDER: a ld/st does not wait for the warp's previous memory instance
      f[HZ_MEM_ORDER] = head && ldst && mem_inflight_q[w] && !`WF_MUT_MEM_ORDER;
      f[HZ_LSU_STALL] = head && lsu_stall_i;
      if (f[HZ_NO_HEAD]) hz = HZ_NO_HEAD;
      else if (f[HZ_WAIT_LSU]) hz = HZ_WAIT_LSU;
      else if (f[HZ_DEPENDENCY]) hz = HZ_DEPENDENCY;
      else if (f[HZ_SB_FULL]) hz = HZ_SB_FULL;
      else if (f[HZ_INFLIGHT]) hz = HZ_INFLIGHT;
      else if (f[HZ_STAGING]) hz = HZ_STAGING;
      // mutant HAZARD_ORDER: memory order reported before the WAR policy
      else if (`WF_MUT_HAZARD_ORDER && f[HZ_MEM_ORDER]) hz = HZ_MEM_ORDER;
      else if (f[HZ_WAR]) hz = HZ_WAR;
      else if (f[HZ_MEM_ORDER]) hz = HZ_MEM_ORDER;
      else if (f[HZ_LSU_STALL]) hz = HZ_LSU_STALL;
      else hz = HZ_READY;
      hazard_o[w*4 +: 4] = hz;
      hazard_mask_o[w*10 +: 10] = f;
      ready[w] = f == 10'd0;
      staging[w] = f[HZ_STAGING];
      // mutant RS_IH_KEEP: IH's warp stays eligible
      part_d[w] = head && !f[HZ_WAIT_LSU] && !f[HZ_DEPENDENCY] && !f[HZ_SB_FULL] && !f[HZ_INFLIGHT] &&
                  !f[HZ_WAR] && !f[HZ_MEM_ORDER] && !(ih_valid_i && ih_warp_i == w[5:0] && !`WF_MUT_RS_IH_KEEP);
    end
  end

  // ---- §5.2-§5.4 choice and what the issue does -------------------------------
  // The choice is a one-hot, found in parallel (wf_rr.vh for lrr), and everything the issue
  // takes from the chosen warp is an AND-OR over per-warp values computed
  // from state, not a walk over the rotated order followed by index muxes
  // (docs/critpath.md 4g). What the issue would do to each warp were it
  // chosen (wr_issue, wr_stays, wr_new) is known from state too, so the
  // I-buffer and scoreboard updates are the one-hot ANDed with it
  // (iss_*_1h_o, docs/critpath.md 4h).
  reg [WARPS-1:0] wr_ldst, wr_exit;   // per warp: its head is a ld/st, an exit
  reg [WARPS-1:0] iss_1h;             // the chosen warp as a one-hot (0 when none is ready)
  reg [WARPS-1:0] part_q, own_q;      // §5.7 eligibility register: per-warp readiness, last issuer
  // mutant RS_OWN_KEEP: last cycle's issuer stays eligible
  wire [WARPS-1:0] cand = rstage_i ? part_q & ~(`WF_MUT_RS_OWN_KEEP ? {WARPS{1'b0}} : own_q) & ~staging &
                                     {WARPS{!lsu_stall_i}}
                                   : ready;
  always @* begin : p_issue
    integer k;
    reg [WARPS-1:0] low1h, high1h, last1h, wr_unit, wr_writes, wr_issue, wr_stays, wr_new;
    reg found, held, gto_rdy, seen, c_unit, c_writes, c_ldst;
    reg [63:0] hwd;
    reg [2:0] sbe_held, sbe_free;
    seen = 1'b0; hwd = 64'd0;
    for (k = 0; k < WARPS; k = k + 1) begin
      last1h[k] = gto_last_q == k[5:0];
      hwd = slot_word_i[k*IBUF*64 +: 64];
      wr_unit[k]   = f_unit(hwd[`WF_INSN_OP]) != 2'd0;
      wr_writes[k] = f_writes(hwd[`WF_INSN_OP]);
      wr_ldst[k]   = hwd[`WF_INSN_OP] == `WF_OP_LD || hwd[`WF_INSN_OP] == `WF_OP_ST;
      wr_exit[k]   = hwd[`WF_INSN_OP] == `WF_OP_EXIT;
      // chosen, warp k issues (not a replay or stall, §9.1); its head stays
      // (a ld/st under replay); it takes a new entry (not one held, §9.2)
      wr_issue[k]  = !lsu_stall_i && !(wr_unit[k] && loops_i == LOOPS_COLLECTOR && !cu_free_valid_i);
      wr_stays[k]  = wr_unit[k] && wr_ldst[k] && !stall_mode_i;
      wr_new[k]    = wr_unit[k] && wr_writes[k] && !slot_held_i[k*IBUF];
    end
    for (k = WARPS - 1; k >= 0; k = k - 1) begin
      high1h[k] = cand[k] && !seen;
      seen = seen || cand[k];
    end
    low1h = f_lowest_1h(cand);
    gto_rdy = (cand & last1h) != {WARPS{1'b0}};
    found = cand != {WARPS{1'b0}};
    if (gto_i)
      // mutant GTO_OLDEST_HIGH: "oldest" taken as the highest index
      iss_1h = gto_rdy ? cand & last1h : `WF_MUT_GTO_OLDEST_HIGH ? high1h : low1h;
    else
      iss_1h = f_rr_first(cand, issue_ge_q);
    iss_warp_o = 6'd0; iss_word_o = 64'd0; iss_pc_o = 16'd0; iss_cf_o = 1'b0; iss_left_o = {LANES{1'b0}};
    held = 1'b0; sbe_held = 3'd0; sbe_free = 3'd0; c_unit = 1'b0; c_writes = 1'b0; c_ldst = 1'b0;
    for (k = 0; k < WARPS; k = k + 1)
      if (iss_1h[k]) begin
        iss_warp_o = iss_warp_o | k[5:0];
        iss_word_o = iss_word_o | slot_word_i[k*IBUF*64 +: 64];
        iss_pc_o   = iss_pc_o | slot_pc_i[k*IBUF*16 +: 16];
        iss_cf_o   = iss_cf_o | slot_cf_i[k*IBUF];
        iss_left_o = iss_left_o | slot_left_i[k*IBUF*LANES +: LANES];
        held       = held | slot_held_i[k*IBUF];
        sbe_held   = sbe_held | slot_sbe_i[k*IBUF*3 +: 3];
        sbe_free   = sbe_free | sb_free_i[k*3 +: 3];
        c_unit     = c_unit | wr_unit[k];
        c_writes   = c_writes | wr_writes[k];
        c_ldst     = c_ldst | wr_ldst[k];
      end
    iss_move_1h_o = iss_1h & wr_issue & ~wr_stays;
    iss_stay_1h_o = iss_1h & wr_issue & wr_stays;
    iss_new_1h_o  = iss_1h & wr_issue & wr_new;
    iss_kind_o = ISS_NONE;
    iss_hv_o = 1'b0;
    iss_holder_o = 5'd0;
    iss_sbv_o = 1'b0;
    iss_sbe_o = 3'd0;
    iss_sb_new_o = 1'b0;
    iss_mem_replay_o = 1'b0;
    if (lsu_stall_i) iss_kind_o = ISS_STALL_LSU;
    else if (found) begin
      iss_kind_o = ISS_ISSUE;
      if (c_unit) begin
        if (loops_i == LOOPS_COLLECTOR && !cu_free_valid_i)
          iss_kind_o = stall_mode_i ? ISS_STALL_COLLECTOR : ISS_REPLAY;            // §9.1
        else begin
          iss_hv_o = 1'b1;
          iss_holder_o = loops_i == LOOPS_COLLECTOR ? cu_free_i : sr_index_i;
          if (c_writes) begin
            iss_sbv_o = 1'b1;
`ifndef WF_ASSERT_SELFTEST_SB_ALLOC   // assertion self-test: the issue names another entry than the one allocated
            iss_sbe_o = held ? sbe_held : sbe_free;
`else
            iss_sbe_o = held ? sbe_held : sbe_free + 3'd1;
`endif
            iss_sb_new_o = !held;
          end
          if (c_ldst) iss_mem_replay_o = iss_left_o != {LANES{1'b1}};
        end
      end
    end
  end

  // ---- next state ------------------------------------------------------------
  always @* begin : p_next
    integer x, w;
    reg [7:0] left, left_inc;
    reg [1:0] gone;   // departures of the warp this cycle (at most NUNITS = 3)
    issue_rr_d = issue_rr_q;
    issue_ge_d = issue_ge_q;
    gto_last_d = gto_last_q;
    inflight_d = inflight_q;
    mem_inflight_d = mem_inflight_q;
    exited_d = exited_q;
    // mutant LRR_REPLAY: a replay issue does not move the rr pointer;
    // mutant STALL_ADVANCES: a collector stall moves it
    if ((iss_kind_o == ISS_ISSUE || (iss_kind_o == ISS_REPLAY && !`WF_MUT_LRR_REPLAY)) ||
        (iss_kind_o == ISS_STALL_COLLECTOR && `WF_MUT_STALL_ADVANCES))
    begin
      issue_rr_d = iss_warp_o == W6 ? 6'd0 : iss_warp_o + 6'd1;
      issue_ge_d = f_rr_ge_after(iss_1h);
    end
    if (iss_kind_o == ISS_ISSUE || iss_kind_o == ISS_REPLAY) begin
      if (!`WF_MUT_GTO_NOT_STICKY) gto_last_d = iss_warp_o;  // mutant: GTO forgets its warp
    end
    // per warp, the warp numbers compared with w: constant-offset updates
    // (no index arithmetic after the issue choice, docs/critpath.md 4.).
    // inflight: the departures (§12 step 2, early) are counted and
    // subtracted in one adder, beside the one that also adds the issue; the
    // issue (step 6, late) only selects between `left` and `left + 1`, so no
    // adder follows the issue choice (docs/critpath.md 4e, 4g)
    for (w = 0; w < WARPS; w = w + 1) begin
      gone = 2'd0;
      for (x = 0; x < NUNITS; x = x + 1)
        if (left_valid_i[x] && left_end_i[x] && left_warp_i[x*6 +: 6] == w[5:0])
          gone = gone + 2'd1;
      left = inflight_q[w*8 +: 8] - {6'd0, gone};
      left_inc = inflight_q[w*8 +: 8] + (8'd1 - {6'd0, gone});
      inflight_d[w*8 +: 8] = left;
      if (iss_kind_o == ISS_ISSUE && iss_1h[w]) begin
        if (iss_hv_o) begin
          inflight_d[w*8 +: 8] = left_inc;
          if (wr_ldst[w]) mem_inflight_d[w] = 1'b1;
        end else if (wr_exit[w]) exited_d[w] = 1'b1;
      end
      if (mem_clear_valid_i && mem_clear_warp_i == w[5:0]) mem_inflight_d[w] = 1'b0;
    end
  end

  // §5.7: the eligibility register; launch makes no warp eligible in cycle 0
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      part_q <= '0; own_q <= '0;
    end else if (launch_i) begin
      part_q <= '0; own_q <= '0;
    end else begin
      part_q <= part_d; own_q <= iss_move_1h_o | iss_stay_1h_o;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      issue_rr_q <= 6'd0; issue_ge_q <= {WARPS{1'b1}}; gto_last_q <= 6'd0;
      inflight_q <= '0; mem_inflight_q <= '0; exited_q <= '0;
    end else if (launch_i) begin
      issue_rr_q <= 6'd0; issue_ge_q <= {WARPS{1'b1}}; gto_last_q <= 6'd0;
      inflight_q <= '0; mem_inflight_q <= '0; exited_q <= '0;
    end else begin
      issue_rr_q <= issue_rr_d; issue_ge_q <= issue_ge_d; gto_last_q <= gto_last_d;
      inflight_q <= inflight_d; mem_inflight_q <= mem_inflight_d; exited_q <= exited_d;
    end
  end
`ifdef WF_ASSERT
  // simulation-only: the pointer's mask is the pointer (wf_rr.vh)
  always @(posedge clk_i) begin : p_assert_ge
    integer w;
    if (!launch_i)
      for (w = 0; w < WARPS; w = w + 1)
        if (issue_ge_q[w] != (w[5:0] >= issue_rr_q)) begin
          $error("WF_ASSERT wf_issue: issue_ge_q[%0d] disagrees with issue_rr_q %0d", w, issue_rr_q);
          $fatal(1, "WF_ASSERT wf_issue");
        end
  end
`endif
endmodule
