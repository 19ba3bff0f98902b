// The coverage plan's unreachable cells (scripts/covreport.py --plan, the
// reasons of its REASON and UNREACHABLE tables) as properties of wf_core:
// each assert states one reason class: under the configurations it names, the
// §11 record never shows the event the bin counts (cmodel/coverage.c). The
// map from each unreachable cell to its property is scripts/wf/covproof.py.
// Shape: two warps (another warp's miss, lsu_stall and scheduling), two lanes
// (a ld/st split into two pieces: replays, lsu_stall, a held entry), two
// registers in one bank, two CUs (a younger CU waits), two scoreboard
// entries (full, held), a four-word program the solver chooses (any legal
// words but mul/mad, tid and ld/st included), an instruction memory that
// answers after any delay; every run-time knob (loop mode, hazard mode, WAR
// policy, scheduler, layout, the pipeline options) any legal constant.
`include "wf_defs.vh"
module cov_props #(
    // 0: the plan's cells; 1: progress (§5.3, §9): the instruction memory
    // answers within IMEM_DELAY cycles, and every warp not exited issues
    // within PROGRESS_N cycles (lrr; gto: some warp)
    parameter integer PROGRESS = 0,
    parameter integer PROGRESS_N = 12,
    // 1: every cell property checked in the complementary configurations
    // instead, where simulation hits its bin: each must fail there (so each
    // can fail)
    parameter integer NEGATE = 0
) (
    input wire clk
);
  // the wf_core parameters rtl/wf_core_nets.vh sizes its nets by
  localparam integer WARPS = 2, LANES = 2, REGS = 2, BANKS = 1, COLLECTORS = 2, SB_ENTRIES = 2, IBUF = 2;
  localparam integer IMEM = 4, ICACHE_LINE = 4, SB = SB_ENTRIES;
  localparam integer WW = `WF_OBS_WARP_W(SB, IBUF);
  `include "wf_enums.vh"

  (* anyconst *) reg stall, swz, gto, dst, ast, hst, fst, rst;
  (* anyconst *) reg [2:0] war;
  (* anyconst *) reg [1:0] loops;
  always @* begin
    assume (war <= 3'd4);
    assume (loops >= 2'd1);
  end

  // reset, launch, the program (any legal words but mul/mad), the
  // instruction memory (any delay; progress: within 2 cycles), the host
  // ports idle: wf_formal_env.sv
  `include "wf_core_nets.vh"
  wire [1:0] step;
  wf_formal_env #(.IMEM(IMEM), .REGS(REGS), .LANES(LANES), .ANSWER_WITHIN(PROGRESS != 0 ? 2 : 0)) env (
    .clk(clk), .step(step), .romv(), .launch_i(launch_i),
    `WF_CORE_CONN_CLOCK, `WF_CORE_CONN_IMEM, `WF_CORE_CONN_HOST);

  assign {cfg_swizzle_i, cfg_war_i, cfg_gto_i, cfg_loops_i, cfg_stall_i} = {swz, war, gto, loops, stall};
  assign {cfg_alu_lat_i, cfg_mul_lat_i, cfg_lsu_lat_i, cfg_active_warps_i} = {6'd1, 6'd1, 6'd2, 7'd0};
  assign {cfg_decode_stage_i, cfg_alloc_stage_i, cfg_handoff_stage_i, cfg_fill_stage_i,
          cfg_ready_stage_i} = {dst, ast, hst, fst, rst};
  assign start_pc_i = 0;
  wf_core #(.WARPS(WARPS), .LANES(LANES), .REGS(REGS), .BANKS(BANKS), .COLLECTORS(COLLECTORS),
            .SB_ENTRIES(SB_ENTRIES), .IBUF(IBUF), .ICACHE_LINES(1), .ICACHE_LINE(ICACHE_LINE), .IMSHRS(1),
            .IMEM_WORDS(IMEM), .MEM_WORDS(16), .MEM_LINE(1), .BLOOM_BITS(4),
            .ALU_LAT_MAX(1), .MUL_LAT_MAX(1), .LSU_LAT_MAX(2)) dut (`WF_CORE_CONN_ALL);
  wire running = running_o;
  wire [`WF_OBS_W-1:0]            obs = obs_o;
  wire [BANKS*`WF_OBS_BANK_W-1:0] obs_bank = obs_bank_o;
  wire [WARPS*WW-1:0]             obs_warp = obs_warp_o;
  genvar gi;

  // LSU stage 1 accepts (wf_core's lsu_accept, connected by the runner's peek)
  wire pk_lsu_accept;

  // ---- the record's fields ---------------------------------------------------
  localparam [7:0] OBS_NONE = 8'hFF, OBS_SR = 8'hFE;
  wire       replay = !stall;
  wire       NEG = NEGATE != 0;
  wire       m1 = loops == 2'd1, m3 = loops == 2'd3;
  wire       iss_v = obs[`WF_OBS_ISSUE_VALID_LSB];
  wire       iss_replay = obs[`WF_OBS_ISSUE_REPLAY_LSB];
  wire [5:0] iss_warp = obs[`WF_OBS_ISSUE_WARP_LSB +: 6];
  wire [7:0] iss_unit = obs[`WF_OBS_ISSUE_UNIT_LSB +: 8];
  wire [7:0] iss_sbe = obs[`WF_OBS_ISSUE_SB_ENTRY_LSB +: 8];
  wire [1:0] stall_kind = obs[`WF_OBS_STALL_LSB +: 2];
  wire [1:0] bank_kind = obs_bank[`WF_OBS_BANK_KIND_LSB +: 2];
  wire [7:0] bank_cu = obs_bank[`WF_OBS_BANK_CU_LSB +: 8];
  // per warp: its hazard code and mask, a full scoreboard, a waiting head, inflight
  wire [3:0] hz [0:WARPS-1];
  wire [9:0] hm [0:WARPS-1];
  wire [WARPS-1:0] sbfull, headw;
  wire [15:0] infl [0:WARPS-1];
  generate for (gi = 0; gi < WARPS; gi = gi + 1) begin : g_w
    wire [WW-1:0] o = obs_warp[gi*WW +: WW];
    wire [SB-1:0] sbv;
    genvar ge;
    for (ge = 0; ge < SB; ge = ge + 1) begin : g_e
      assign sbv[ge] = o[`WF_OBS_WARP_SB_LSB + ge*`WF_OBS_WARP_SB_W];
    end
    assign hz[gi] = o[`WF_OBS_WARP_HAZARD_LSB(SB, IBUF) +: 4];
    assign hm[gi] = o[`WF_OBS_WARP_HAZARD_MASK_LSB(SB, IBUF) +: 10];
    assign sbfull[gi] = &sbv;
    assign headw[gi] = o[`WF_OBS_WARP_IBUF_LSB(SB) + `WF_OBS_WARP_IBUF_VALID_LSB] &&
                       !o[`WF_OBS_WARP_IBUF_LSB(SB) + `WF_OBS_WARP_IBUF_ISSUED_LSB];
    assign infl[gi] = o[`WF_OBS_WARP_INFLIGHT_LSB +: 16];
    // item k fails (first or not); fails but is not the first (a hazard_nf bin)
    wire [9:0] fl = hm[gi] | (10'd1 << hz[gi]);
    wire [9:0] nf = hm[gi] & ~(10'd1 << hz[gi]);
    always @* if (step == 2'd3 && PROGRESS == 0) begin
      // §9.2: only replay mode keeps an issued ld/st as head
      if (stall != NEG) assert (hz[gi] != HZ_WAIT_LSU);                                        // P: wait_lsu_replay_only
      // §7.3: a mode-1 warp fetches only with nothing in flight: no dependency,
      // never a full scoreboard
      if (m1 != NEG) assert (!fl[HZ_DEPENDENCY] && !fl[HZ_SB_FULL] && !(sbfull[gi] && headw[gi])); // P: mode1_nothing_in_flight
      // §7.3: loop mode 1 alone checks inflight (item 4)
      if (!m1 != NEG) assert (!fl[HZ_INFLIGHT]);                                               // P: inflight_mode1_only
      // §7.3, §10.5: a mode-1 head in stall mode meets nothing in flight
      if ((m1 && stall) != NEG) assert (!fl[HZ_INFLIGHT] && !fl[HZ_MEM_ORDER] && !nf[HZ_STAGING]); // P: mode1_stall_nothing_in_flight
      // §7.2: only loop modes 1, 2 have the staging register
      if (m3 != NEG) assert (!fl[HZ_STAGING]);                                                 // P: staging_modes12
      // §8: only warpboard-commit, warpboard-read and bloom block, in mode 3
      if (!(m3 && (war == WAR_WB_COMMIT || war == WAR_WB_READ || war == WAR_BLOOM)) != NEG)
        assert (!fl[HZ_WAR]);                                                           // P: war_mode3_wb
      // §8.3: warpboard-commit blocks only on inflight (the handoff register is not read)
      if ((m3 && war == WAR_WB_COMMIT) != NEG && hz[gi] == HZ_WAR) assert (infl[gi] != 16'd0);   // P: commit_blocks_inflight
      // §10.5: in replay mode mem_order is never the first failing item
      if (replay != NEG) assert (hz[gi] != HZ_MEM_ORDER);                                      // P: mem_order_replay
      // §8.3, §10.5: mem_inflight implies inflight > 0: warpboard-commit fails first
      if ((m3 && war == WAR_WB_COMMIT) != NEG) assert (hz[gi] != HZ_MEM_ORDER);                  // P: mem_order_wbcommit
      // §9.3: lsu_stall only in stall mode
      if (replay != NEG) assert (!fl[HZ_LSU_STALL]);                                           // P: lsu_stall_stall_only
      // §4.3: only `issued` precedes item 2, and an issued head has dep = 0
      if (!NEG) assert (!nf[HZ_DEPENDENCY]);                                                       // P: nf_dependency_never
    end
  end endgenerate

  always @* if (step == 2'd3 && PROGRESS == 0) begin : p_cells
    integer d;
    // §9.2, §7.3: a re-issue holding its entry with the board full: replay
    // mode only, and never in mode 1 with two entries
    if ((stall || m1) != NEG) assert (!(iss_v && iss_replay && iss_sbe != OBS_NONE && sbfull[iss_warp[0]])); // P: sb_full_held
    // §9.1, §9.2: stall mode issues no replay (neither collector nor memory)
    if (stall != NEG) assert (!(iss_v && iss_replay));                                      // P: no_replay_in_stall
    // §9.1, §9.3: replay mode never stalls issue
    if (replay != NEG) assert (stall_kind == STALL_NONE);                                   // P: no_stall_in_replay
    // §7.2: loop modes 1, 2 hold instructions only in the SR: issues, reads
    // and dispatches name the SR, never a CU
    if (!m3 != NEG) begin
      assert (!(iss_v && iss_unit != OBS_NONE && iss_unit != OBS_SR));               // P: sr_only_modes12
      assert (!(bank_kind == BANK_READ && bank_cu != OBS_SR));                        // P: sr_only_modes12
      for (d = 0; d < 3; d = d + 1)
        assert (!(obs[`WF_OBS_DISPATCH_LSB + d*`WF_OBS_DISPATCH_W] &&
                  obs[`WF_OBS_DISPATCH_LSB + d*`WF_OBS_DISPATCH_W + `WF_OBS_DISPATCH_CU_LSB +: 8] != OBS_SR)); // P: sr_only_modes12
    end
    // §7.1: loop mode 3 has no SR
    if (m3 != NEG) assert (!(iss_v && iss_unit == OBS_SR) && !(bank_kind == BANK_READ && bank_cu == OBS_SR)); // P: cu_only_mode3
    // §9.2, §10.2: in replay mode LSU stage 1 always accepts (its instance ends there)
    if (replay != NEG) assert (pk_lsu_accept);                                              // P: lsu_accepts_replay
  end

  // ---- progress: cycles since each warp's last issue (counted while running) --
  wire [WARPS-1:0] exited;
  reg  [4:0] since [0:WARPS-1];
  reg  [4:0] since_any = 5'd0;
  generate for (gi = 0; gi < WARPS; gi = gi + 1) begin : g_p
    assign exited[gi] = obs_warp[gi*WW + `WF_OBS_WARP_EXITED_LSB];
    initial since[gi] = 5'd0;
    always @(posedge clk)
      if (!running || (iss_v && iss_warp == gi) || exited[gi]) since[gi] <= 5'd0;
      else if (since[gi] != 5'd31) since[gi] <= since[gi] + 5'd1;
    always @* if (PROGRESS != 0 && step == 2'd3 && !gto && running)
      assert (since[gi] <= PROGRESS_N);                                                  // P: every_warp_progresses
  end endgenerate
  always @(posedge clk)
    if (!running || iss_v) since_any <= 5'd0;
    else if (since_any != 5'd31) since_any <= since_any + 5'd1;
  always @* if (PROGRESS != 0 && step == 2'd3 && running) assert (since_any <= PROGRESS_N); // P: no_deadlock

  // sanity: the run reaches a replay issue and an lsu stall within the bound
  always @* if (step == 2'd3) cover (running);
  always @* if (step == 2'd3) cover (obs[`WF_OBS_FETCH_VALID_LSB]);
  always @* if (step == 2'd3) cover (iss_v);
  always @* if (step == 2'd3) cover (iss_v && iss_replay);
  always @* if (step == 2'd3) cover (obs[`WF_OBS_LSU_STALL_LSB]);
endmodule
