// warpfront core top (docs/microarch.md): launch and run control (§14), the
// configuration latched at launch, the §12 wiring of the blocks, the host
// ports and the §11 observation trace (packed by wf_trace). Mirrors cmodel/core.c.
//
// Interfaces
//  * launch_i (one cycle): latches cfg_*_i and start_pc_i, clears every
//    I-buffer, scoreboard, CU, pipeline and MSHR, invalidates the I-cache,
//    and sets every register to 0 (§14). The banks are RAMs, so the register
//    clear takes WARPS*ceil(REGS/BANKS) cycles (one row of every bank per
//    cycle, all lanes) after the launch edge, during which the other blocks
//    are held in their launch state; cycle 0 of the run (cycle_o = 0) is the
//    first cycle after the clear. The scratchpad keeps what the host loaded.
//  * running_o is 1 from cycle 0 until the first cycle whose start state is
//    done (§5.5); done_o is a level from then on (until the next launch);
//    cycle_o is the cycle number (at done: the run's cycle count, as
//    wf_model_run reports it).
//  * Instruction memory: see wf_fetch (request/response, valid/ready).
//  * Host scratchpad port (mem_*, while not running): one word per cycle,
//    read data on mem_rdata_o the cycle after a read.
//  * Host register port (reg_*, while not running): reads register
//    reg_idx_i of warp reg_warp_i (all lanes) through the configured layout;
//    read data on reg_rdata_o the cycle after.
//
// Observation record (§11, packed by wf_trace), one per cycle, LSB first; all state fields
// are the start-of-cycle state, events the decisions of the cycle. The bit
// layout of every port is the field table scripts/wf/layout.py, generated into
// rtl/wf_defs.vh (`WF_OBS_<RECORD>_<FIELD>_LSB / _W) and docs/trace-layout.json:
//  obs_o: cycle, the fetch, fill, issue, stall, dispatch (x = 0..2: ALU, MUL,
//   LSU), LSU piece and branch events, lsu_stall, done
//  obs_wb_o: per unit x: valid, warp, reg, bank, lanes, release;
//   obs_wb_data_o: per unit LANES*32 bits (written lanes, others 0)
//  obs_bank_o: per bank: kind, warp, reg, cu, slot, unit
//  obs_warp_o: per warp: fetch_pc, fetch_state, exited, inflight, mem_inflight,
//   collecting, filter, SB_ENTRIES x {valid, reg}, IBUF slots x {valid, issued,
//   pc, dep, lanes_left}, hazard (§11 codes: 0 ready, 1 no head, ... 9 lsu_stall),
//   hazard_mask (bit k: the item of code k fails)
//  obs_cu_o: per CU u = 0..COLLECTORS-1, then the SR: valid, warp, pc, pending,
//   ready, older
//  obs_version_o: `WF_TRACE_VERSION, the version of that layout (a decoder
//   refuses another)
//  "none" in an index field is 8'hFF, the staging register 8'hFE (warpfront.h).
`include "wf_defs.vh"    // the trace layout and instruction fields (generated)
`include "wf_mutant.vh"  // `WF_MUT_<NAME>: the mutation self-check (scripts/mutants.py)
module wf_core #(
    // the sizes (1..64 warps, ...; docs/rtl.md "Parameters"), then the latency
    // maxima, the register banks' RAM (no effect on behaviour) and the pinned
    // run-time knobs (docs/rtl.md "Pinned knobs": -1 = selectable at run time
    // through cfg_*_i; a legal value = that knob is this constant, its cfg input
    // is ignored and the logic of the other values is removed): one table,
    // scripts/wf/layout.py CORE_PARAMS, shared with the wrappers and tops
`include "wf_core_sizes.vh"
    ,
`include "wf_core_knobs.vh"
    ,
    // derived, not to be overridden
    parameter integer OBS_WARP_W   = `WF_OBS_WARP_W(SB_ENTRIES, IBUF)
) (
    // one table, scripts/wf/layout.py PORTS, shared with the wrappers of the same ports
`include "wf_core_ports.vh"
);
  // ---- elaboration checks (§2): a bad value names itself ---------------------
  // An out-of-range parameter instantiates a module that does not exist, so
  // all three tools (Verilator, Yosys, Icarus) stop with its name.
  generate
    if (WARPS < 1 || WARPS > 64) begin : g_chk_warps WARPS_out_of_range_1_to_64 u_err(); end
    if (LANES < 1 || LANES > 32) begin : g_chk_lanes LANES_out_of_range_1_to_32 u_err(); end
    if (REGS < 1 || REGS > 128) begin : g_chk_regs REGS_out_of_range_1_to_128 u_err(); end
    if (BANKS < 1 || BANKS > 32) begin : g_chk_banks BANKS_out_of_range_1_to_32 u_err(); end
    if (BANK_RAM_STYLE != "auto" && BANK_RAM_STYLE != "block" && BANK_RAM_STYLE != "distributed")
      begin : g_chk_ramstyle BANK_RAM_STYLE_not_auto_block_or_distributed u_err(); end
    if (COLLECTORS < 1 || COLLECTORS > 16) begin : g_chk_cus COLLECTORS_out_of_range_1_to_16 u_err(); end
    if (SB_ENTRIES < 1 || SB_ENTRIES > 8) begin : g_chk_sb SB_ENTRIES_out_of_range_1_to_8 u_err(); end
    if (IBUF < 1 || IBUF > 8) begin : g_chk_ibuf IBUF_out_of_range_1_to_8 u_err(); end
    if (ICACHE_LINES < 1 || ICACHE_LINES > 256 || (ICACHE_LINES & (ICACHE_LINES - 1)) != 0)
      begin : g_chk_icl ICACHE_LINES_out_of_range_power_of_two_1_to_256 u_err(); end
    if (ICACHE_LINE < 1 || ICACHE_LINE > 16 || (ICACHE_LINE & (ICACHE_LINE - 1)) != 0)
      begin : g_chk_icw ICACHE_LINE_out_of_range_power_of_two_1_to_16 u_err(); end
    if (IMSHRS < 1 || IMSHRS > 8) begin : g_chk_mshr IMSHRS_out_of_range_1_to_8 u_err(); end
    if (IMEM_WORDS < 1 || IMEM_WORDS > 65536 || (IMEM_WORDS & (IMEM_WORDS - 1)) != 0)
      begin : g_chk_imem IMEM_WORDS_out_of_range_power_of_two_1_to_65536 u_err(); end
    if (MEM_WORDS < 16 || MEM_WORDS > 65536 || (MEM_WORDS & (MEM_WORDS - 1)) != 0)
      begin : g_chk_mem MEM_WORDS_out_of_range_power_of_two_16_to_65536 u_err(); end
    if (MEM_LINE < 1 || MEM_LINE > 32 || (MEM_LINE & (MEM_LINE - 1)) != 0)
      begin : g_chk_ml MEM_LINE_out_of_range_power_of_two_1_to_32 u_err(); end
    if (BLOOM_BITS < 4 || BLOOM_BITS > 64 || (BLOOM_BITS & (BLOOM_BITS - 1)) != 0)
      begin : g_chk_bloom BLOOM_BITS_out_of_range_power_of_two_4_to_64 u_err(); end
    if (ALU_LAT_MAX < 1 || ALU_LAT_MAX > 16) begin : g_chk_alu ALU_LAT_MAX_out_of_range_1_to_16 u_err(); end
    if (MUL_LAT_MAX < 1 || MUL_LAT_MAX > 32) begin : g_chk_mul MUL_LAT_MAX_out_of_range_1_to_32 u_err(); end
    if (LSU_LAT_MAX < 2 || LSU_LAT_MAX > 32) begin : g_chk_lsu LSU_LAT_MAX_out_of_range_2_to_32 u_err(); end
    if (ICACHE_LINE > IMEM_WORDS) begin : g_chk_x1 ICACHE_LINE_must_be_at_most_IMEM_WORDS u_err(); end
    if (MEM_LINE > MEM_WORDS) begin : g_chk_x2 MEM_LINE_must_be_at_most_MEM_WORDS u_err(); end
    if (PIN_LAYOUT < -1 || PIN_LAYOUT > 1) begin : g_chk_pl PIN_LAYOUT_out_of_range_minus1_or_0_to_1 u_err(); end
    if (PIN_WAR < -1 || PIN_WAR > 4) begin : g_chk_pw PIN_WAR_out_of_range_minus1_or_0_to_4 u_err(); end
    if (PIN_SCHED < -1 || PIN_SCHED > 1) begin : g_chk_ps PIN_SCHED_out_of_range_minus1_or_0_to_1 u_err(); end
    if (PIN_LOOPS != -1 && (PIN_LOOPS < 1 || PIN_LOOPS > 3))
      begin : g_chk_plo PIN_LOOPS_out_of_range_minus1_or_1_to_3 u_err(); end
    if (PIN_HAZARD < -1 || PIN_HAZARD > 1) begin : g_chk_ph PIN_HAZARD_out_of_range_minus1_or_0_to_1 u_err(); end
    if (PIN_DECODE_STAGE < -1 || PIN_DECODE_STAGE > 1)
      begin : g_chk_pds PIN_DECODE_STAGE_out_of_range_minus1_or_0_to_1 u_err(); end
    if (PIN_ALLOC_STAGE < -1 || PIN_ALLOC_STAGE > 1)
      begin : g_chk_pas PIN_ALLOC_STAGE_out_of_range_minus1_or_0_to_1 u_err(); end
    if (PIN_HANDOFF_STAGE < -1 || PIN_HANDOFF_STAGE > 1)
      begin : g_chk_phs PIN_HANDOFF_STAGE_out_of_range_minus1_or_0_to_1 u_err(); end
    if (PIN_FILL_STAGE < -1 || PIN_FILL_STAGE > 1)
      begin : g_chk_pfs PIN_FILL_STAGE_out_of_range_minus1_or_0_to_1 u_err(); end
    if (PIN_READY_STAGE < -1 || PIN_READY_STAGE > 1)
      begin : g_chk_prs PIN_READY_STAGE_out_of_range_minus1_or_0_to_1 u_err(); end
    if (PIN_ALU_LAT != -1 && (PIN_ALU_LAT < 1 || PIN_ALU_LAT > ALU_LAT_MAX))
      begin : g_chk_pal PIN_ALU_LAT_out_of_range_minus1_or_1_to_ALU_LAT_MAX u_err(); end
    if (PIN_MUL_LAT != -1 && (PIN_MUL_LAT < 1 || PIN_MUL_LAT > MUL_LAT_MAX))
      begin : g_chk_pml PIN_MUL_LAT_out_of_range_minus1_or_1_to_MUL_LAT_MAX u_err(); end
    if (PIN_LSU_LAT != -1 && (PIN_LSU_LAT < 2 || PIN_LSU_LAT > LSU_LAT_MAX))
      begin : g_chk_psl PIN_LSU_LAT_out_of_range_minus1_or_2_to_LSU_LAT_MAX u_err(); end
  endgenerate

  `include "wf_enums.vh"  // LAYOUT_*, WAR_*, LOOPS_*, ISS_*, STALL_*, BANK_*, FEV_*: shared with the C model (generated)

  // The sizes used inside: an out-of-range value is replaced by its default so
  // that the only elaboration error is the named one above.
  localparam integer P_WARPS        = (WARPS >= 1 && WARPS <= 64) ? WARPS : 8;
  localparam integer P_LANES        = (LANES >= 1 && LANES <= 32) ? LANES : 8;
  localparam integer P_REGS         = (REGS >= 1 && REGS <= 128) ? REGS : 32;
  localparam integer P_BANKS        = (BANKS >= 1 && BANKS <= 32) ? BANKS : 4;
  localparam integer P_COLLECTORS   = (COLLECTORS >= 1 && COLLECTORS <= 16) ? COLLECTORS : 4;
  localparam integer P_SB_ENTRIES   = (SB_ENTRIES >= 1 && SB_ENTRIES <= 8) ? SB_ENTRIES : 4;
  localparam integer P_IBUF         = (IBUF >= 1 && IBUF <= 8) ? IBUF : 2;
  localparam integer P_ICACHE_LINES = (ICACHE_LINES >= 1 && ICACHE_LINES <= 256 &&
                                       (ICACHE_LINES & (ICACHE_LINES - 1)) == 0) ? ICACHE_LINES : 16;
  localparam integer P_ICACHE_LINE  = (ICACHE_LINE >= 1 && ICACHE_LINE <= 16 &&
                                       (ICACHE_LINE & (ICACHE_LINE - 1)) == 0) ? ICACHE_LINE : 4;
  localparam integer P_IMSHRS       = (IMSHRS >= 1 && IMSHRS <= 8) ? IMSHRS : 2;
  localparam integer P_MEM_WORDS    = (MEM_WORDS >= 16 && MEM_WORDS <= 65536 &&
                                       (MEM_WORDS & (MEM_WORDS - 1)) == 0) ? MEM_WORDS : 1024;
  localparam integer P_MEM_LINE     = (MEM_LINE >= 1 && MEM_LINE <= 32 && MEM_LINE <= P_MEM_WORDS &&
                                       (MEM_LINE & (MEM_LINE - 1)) == 0) ? MEM_LINE : 4;
  localparam integer P_BLOOM_BITS   = (BLOOM_BITS >= 4 && BLOOM_BITS <= 64 &&
                                       (BLOOM_BITS & (BLOOM_BITS - 1)) == 0) ? BLOOM_BITS : 16;
  localparam integer P_ALU_LAT_MAX  = (ALU_LAT_MAX >= 1 && ALU_LAT_MAX <= 16) ? ALU_LAT_MAX : 16;
  localparam integer P_MUL_LAT_MAX  = (MUL_LAT_MAX >= 1 && MUL_LAT_MAX <= 32) ? MUL_LAT_MAX : 32;
  localparam integer P_LSU_LAT_MAX  = (LSU_LAT_MAX >= 2 && LSU_LAT_MAX <= 32) ? LSU_LAT_MAX : 32;
  // IMEM_WORDS only bounds the program (checked above and by the loader)
  // pinned knobs: 1 = pinned; the value (an out-of-range pin counts as not pinned)
  localparam integer PN_LAYOUT = (PIN_LAYOUT == 0 || PIN_LAYOUT == 1) ? 1 : 0;
  localparam integer PN_WAR    = (PIN_WAR >= 0 && PIN_WAR <= 4) ? 1 : 0;
  localparam integer PN_SCHED  = (PIN_SCHED == 0 || PIN_SCHED == 1) ? 1 : 0;
  localparam integer PN_LOOPS  = (PIN_LOOPS >= 1 && PIN_LOOPS <= 3) ? 1 : 0;
  localparam integer PN_HAZARD = (PIN_HAZARD == 0 || PIN_HAZARD == 1) ? 1 : 0;
  localparam integer PN_DSTAGE = (PIN_DECODE_STAGE == 0 || PIN_DECODE_STAGE == 1) ? 1 : 0;
  localparam integer PN_ASTAGE = (PIN_ALLOC_STAGE == 0 || PIN_ALLOC_STAGE == 1) ? 1 : 0;
  localparam integer PN_HSTAGE = (PIN_HANDOFF_STAGE == 0 || PIN_HANDOFF_STAGE == 1) ? 1 : 0;
  localparam integer PN_FSTAGE = (PIN_FILL_STAGE == 0 || PIN_FILL_STAGE == 1) ? 1 : 0;
  localparam integer PN_RSTAGE = (PIN_READY_STAGE == 0 || PIN_READY_STAGE == 1) ? 1 : 0;
  localparam integer PN_ALU_LAT = (PIN_ALU_LAT >= 1 && PIN_ALU_LAT <= P_ALU_LAT_MAX) ? 1 : 0;
  localparam integer PN_MUL_LAT = (PIN_MUL_LAT >= 1 && PIN_MUL_LAT <= P_MUL_LAT_MAX) ? 1 : 0;
  localparam integer PN_LSU_LAT = (PIN_LSU_LAT >= 2 && PIN_LSU_LAT <= P_LSU_LAT_MAX) ? 1 : 0;
  localparam [0:0] PV_LAYOUT = PN_LAYOUT != 0 ? PIN_LAYOUT[0] : LAYOUT_SWIZZLE;   // else: the reset values
  localparam [2:0] PV_WAR    = PN_WAR != 0 ? PIN_WAR[2:0] : WAR_BLOOM;
  localparam [0:0] PV_SCHED  = PN_SCHED != 0 ? PIN_SCHED[0] : SCHED_LRR;
  localparam [1:0] PV_LOOPS  = PN_LOOPS != 0 ? PIN_LOOPS[1:0] : LOOPS_COLLECTOR;
  localparam [0:0] PV_HAZARD = PN_HAZARD != 0 ? PIN_HAZARD[0] : HAZARD_REPLAY;
  localparam [0:0] PV_DSTAGE = PN_DSTAGE != 0 ? PIN_DECODE_STAGE[0] : 1'b0;
  localparam [0:0] PV_ASTAGE = PN_ASTAGE != 0 ? PIN_ALLOC_STAGE[0] : 1'b0;
  localparam [0:0] PV_HSTAGE = PN_HSTAGE != 0 ? PIN_HANDOFF_STAGE[0] : 1'b0;
  localparam [0:0] PV_FSTAGE = PN_FSTAGE != 0 ? PIN_FILL_STAGE[0] : 1'b0;
  localparam [0:0] PV_RSTAGE = PN_RSTAGE != 0 ? PIN_READY_STAGE[0] : 1'b0;
  localparam [5:0] PV_ALU_LAT = PN_ALU_LAT != 0 ? PIN_ALU_LAT[5:0] : 6'd1;
  localparam [5:0] PV_MUL_LAT = PN_MUL_LAT != 0 ? PIN_MUL_LAT[5:0] : 6'd4;
  localparam [5:0] PV_LSU_LAT = PN_LSU_LAT != 0 ? PIN_LSU_LAT[5:0] : 6'd2;

  localparam integer ROWS = (P_REGS + P_BANKS - 1) / P_BANKS;
  localparam integer RAW  = (P_WARPS * ROWS) > 1 ? $clog2(P_WARPS * ROWS) : 1;
  localparam integer LW   = P_LANES * 32;
  localparam integer C    = P_COLLECTORS;
  localparam [4:0]   SR_IX = P_COLLECTORS[4:0];

  // ---- configuration latched at launch; run control ---------------------------
  localparam integer DEPTH = P_WARPS * ((P_REGS + P_BANKS - 1) / P_BANKS);
  reg              swz_q, gto_q, stall_q, dstage_q, astage_q, hstage_q, fstage_q, rstage_q, running_q, clearing_q, launched_q;
  reg [31:0]       clr_row_q;
  reg [P_WARPS*16-1:0] start_pc_q;
  reg [2:0]        war_q;
  reg [1:0]        loops_q;
  reg [5:0]        alu_lat_q, mul_lat_q, lsu_lat_q;
  reg [P_WARPS-1:0]  active_q;
  reg [63:0]       cycle_q;
  wire             all_done;
  reg  [P_WARPS-1:0] active_in;
  always @* begin : p_active
    integer w;
    for (w = 0; w < P_WARPS; w = w + 1)
      // mutant ACTIVE_OFF1: one warp more than active_warps is launched
      active_in[w] = cfg_active_warps_i == 7'd0 || w < {25'd0, cfg_active_warps_i} + (`WF_MUT_ACTIVE_OFF1 ? 1 : 0);
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      // a pinned knob's flop has its pinned value as both reset value and D
      // input, so synthesis replaces it by that constant
      swz_q <= PV_LAYOUT; gto_q <= PV_SCHED; stall_q <= PV_HAZARD; war_q <= PV_WAR; loops_q <= PV_LOOPS;
      dstage_q <= PV_DSTAGE; astage_q <= PV_ASTAGE; hstage_q <= PV_HSTAGE; fstage_q <= PV_FSTAGE;
      rstage_q <= PV_RSTAGE;
      alu_lat_q <= PV_ALU_LAT; mul_lat_q <= PV_MUL_LAT; lsu_lat_q <= PV_LSU_LAT; active_q <= '0;
      running_q <= 1'b0; cycle_q <= 64'd0; clearing_q <= 1'b0; launched_q <= 1'b0;
      clr_row_q <= 32'd0; start_pc_q <= '0;
    end else if (launch_i) begin
      swz_q   <= PN_LAYOUT != 0 ? PV_LAYOUT : cfg_swizzle_i;
      gto_q   <= PN_SCHED  != 0 ? PV_SCHED  : cfg_gto_i;
      stall_q <= PN_HAZARD != 0 ? PV_HAZARD : cfg_stall_i;
      war_q   <= PN_WAR    != 0 ? PV_WAR    : cfg_war_i;
      loops_q <= PN_LOOPS  != 0 ? PV_LOOPS  : cfg_loops_i;
      dstage_q <= PN_DSTAGE != 0 ? PV_DSTAGE : cfg_decode_stage_i;
      astage_q <= PN_ASTAGE != 0 ? PV_ASTAGE : cfg_alloc_stage_i;
      hstage_q <= PN_HSTAGE != 0 ? PV_HSTAGE : cfg_handoff_stage_i;
      fstage_q <= PN_FSTAGE != 0 ? PV_FSTAGE : cfg_fill_stage_i;
      rstage_q <= PN_RSTAGE != 0 ? PV_RSTAGE : cfg_ready_stage_i;
      alu_lat_q <= PN_ALU_LAT != 0 ? PV_ALU_LAT : cfg_alu_lat_i;
      mul_lat_q <= PN_MUL_LAT != 0 ? PV_MUL_LAT : cfg_mul_lat_i;
      lsu_lat_q <= PN_LSU_LAT != 0 ? PV_LSU_LAT : cfg_lsu_lat_i;
      active_q <= active_in; start_pc_q <= start_pc_i;
      running_q <= 1'b0; cycle_q <= 64'd0; clearing_q <= 1'b1; launched_q <= 1'b1;
      clr_row_q <= 32'd0;
    end else if (clearing_q) begin                  // §14 register clear, one row a cycle
      clr_row_q <= clr_row_q + 32'd1;
      // mutant CLEAR_SHORT: the register clear stops one row early
      if (clr_row_q == DEPTH[31:0] - (`WF_MUT_CLEAR_SHORT ? 32'd2 : 32'd1)) begin
        clearing_q <= 1'b0;
        running_q  <= 1'b1;
      end
    end else if (running_q) begin
      if (all_done) running_q <= 1'b0;
      else cycle_q <= cycle_q + 64'd1;
    end
  end
  assign running_o = running_q && !all_done;
  assign done_o    = launched_q && !clearing_q && all_done;
  // the blocks stay in their launch state until the register clear is over
  wire   blk_launch = launch_i || clearing_q;
  assign cycle_o   = cycle_q;
  // mutant MODE3_DECODE: loop mode decoded from its high bit (mode 2 taken as 3)
  wire mode3 = `WF_MUT_MODE3_DECODE ? loops_q[1] : loops_q == LOOPS_COLLECTOR;
  wire hstage = hstage_q && mode3;   // §5.6: loop mode 3 only
  wire fstage = fstage_q && mode3;   // §6.5: loop mode 3 only

  // ---- block interconnect ---------------------------------------------------------
  `include "wf_isa.vh"   // NUNITS and the unit indices U_ALU, U_MUL, U_LSU (generated)
  // A wire is named by the block that drives it: fsel_/dec_/fill_/fetch_ wf_fetch,
  // ibuf_ wf_ibuffer, sb_ wf_scoreboard, iss_ wf_issue, cu_/grant_/disp_ wf_collector,
  // sr_ wf_staging, war_ wf_war, ex_/br_ wf_exec, piece_/lsu_ wf_lsu, wb_ wf_writeback,
  // rf_ wf_regfile; wf_issue's per-warp state (hazard, inflight, mem_inflight, exited,
  // inflight_nz) and all_done keep the names of §5 and §11.
  // Per-unit vectors hold unit x at [x*W +: W] (x = U_ALU, U_MUL, U_LSU).
  // fetch
  wire             fsel_valid, fill_valid;
  wire [5:0]       fsel_warp;
  wire [15:0]      fsel_pc, fill_line;
  wire [1:0]       fsel_kind;
  wire             dec_valid;
  wire [5:0]       dec_warp;
  wire [15:0]      dec_pc;
  wire [63:0]      dec_word;
  wire [2:0]       fill_mshr;
  wire [P_WARPS*16-1:0] fetch_pc;
  wire [P_WARPS*2-1:0]  fetch_state;
  // I-buffer slots
  wire [P_WARPS*4-1:0]              ibuf_nslots;
  wire [P_WARPS*P_IBUF*64-1:0]      ibuf_word;
  wire [P_WARPS*P_IBUF*16-1:0]      ibuf_pc;
  wire [P_WARPS*P_IBUF*8-1:0]       ibuf_dep;
  wire [P_WARPS*P_IBUF-1:0]         ibuf_cf, ibuf_issued, ibuf_held;
  wire [P_WARPS*P_IBUF*3-1:0]       ibuf_sbe;
  wire [P_WARPS*P_IBUF*P_LANES-1:0] ibuf_left;
  wire [P_WARPS-1:0]    ibuf_ar_dep;
  // scoreboard
  wire [P_WARPS*8-1:0]  sb_valid;
  wire [P_WARPS*56-1:0] sb_reg;
  wire [P_WARPS*3-1:0]  sb_free;
  wire [P_WARPS-1:0]    sb_full;
  wire                  sb_ar_valid;
  wire [5:0]            sb_ar_warp;
  wire [2:0]            sb_ar_entry;
  wire [6:0]            sb_ar_reg;
  // issue
  wire [2:0]       iss_kind;
  wire [5:0]       iss_warp;
  wire [P_WARPS-1:0] iss_move_1h, iss_stay_1h, iss_new_1h;
  wire             iss_hv, iss_sbv, iss_sb_new, iss_mem_replay, iss_cf;
  wire [4:0]       iss_holder;
  wire [2:0]       iss_sbe;
  wire [63:0]      iss_word;
  wire [15:0]      iss_pc;
  wire [P_LANES-1:0] iss_left;
  wire [P_WARPS*4-1:0] hazard;
  wire [P_WARPS*10-1:0] hazard_mask;
  wire [P_WARPS*8-1:0] inflight;
  wire [P_WARPS-1:0]   mem_inflight, exited, inflight_nz;
  wire             iss_ok = iss_kind == ISS_ISSUE;
  // collector: the holders (CU u at u, the SR at C), bank reads, dispatch per unit
  wire [P_BANKS-1:0]       cu_rd_en;
  wire [P_BANKS*RAW-1:0]   cu_rd_row;
  wire [P_BANKS*5-1:0]     grant_cu;
  wire [P_BANKS*2-1:0]     grant_slot;
  wire [P_BANKS*7-1:0]     grant_reg;
  wire [P_BANKS*6-1:0]     grant_warp;
  wire [2:0]               cu_fill_sr;
  wire [C:0]               cu_valid, cu_cf;
  wire [(C+1)*6-1:0]       cu_warp;
  wire [(C+1)*3-1:0]       cu_pending;
  wire [(C+1)*64-1:0]      cu_word;
  wire [(C+1)*16-1:0]      cu_pc;
  wire [C*16-1:0]          cu_older;
  wire                     cu_ih_valid;     // IH (§5.6)
  wire [5:0]               cu_ih_warp, cu_alloc_warp;
  wire [63:0]              cu_ih_word;
  wire                     cu_free_valid;
  wire [4:0]               cu_free;
  wire [NUNITS-1:0]        disp_valid;
  wire [NUNITS*5-1:0]      disp_cu;
  wire [NUNITS*6-1:0]      disp_warp;
  wire [NUNITS*16-1:0]     disp_pc;
  wire [NUNITS*64-1:0]     disp_word;
  wire [NUNITS-1:0]        disp_sbv;
  wire [NUNITS*3-1:0]      disp_sbe;
  wire [NUNITS*P_LANES-1:0] disp_left;
  wire [NUNITS*3*LW-1:0]   disp_opnd;   // unit x, slot s at (x*3+s)*LW
  wire [NUNITS*3-1:0]      disp_late;
  wire [NUNITS*3*5-1:0]    disp_lbank;
  // staging register, WAR policy
  wire                     sr_disp, sr_ok;
  wire [P_WARPS-1:0]       war_allows, war_collecting;
  wire [C-1:0]             war_dispatch_ok;
  wire [15:0]              war_older_new;
  wire [P_WARPS*64-1:0]    war_filter;
  wire [C-1:0]             cu_nx_valid;     // wf_collector's next state, for wf_war
  wire [C*3-1:0]           cu_nx_pending;
  wire [C-1:0]             cu_al_take;      // the CU written this cycle, and its word
  wire [63:0]              cu_al_word;
  wire [C*16-1:0]          cu_nx_older;
  wire [3*5-1:0]           cu_sr_bank;
  // execution units: each unit's last stage, the branch event
  wire [NUNITS-1:0]        ex_accept;
  wire [NUNITS-1:0]        ex_valid, ex_writes, ex_final, ex_end, ex_sbv;
  wire [NUNITS*6-1:0]      ex_warp;
  wire [NUNITS*7-1:0]      ex_rd;
  wire [NUNITS*5-1:0]      ex_bank;
  wire [NUNITS*3-1:0]      ex_sbe;
  wire [NUNITS*P_LANES-1:0] ex_lanes;
  wire [NUNITS*LW-1:0]     ex_data;
  wire                     br_valid, br_taken;
  wire [5:0]               br_warp;
  wire [15:0]              br_target, br_next_pc;
  // LSU stage 1: the piece entering stage 2 (§10.2), the verdict (§9.2)
  wire                     piece_valid, piece_writes, piece_final, piece_end, piece_sbv;
  wire [5:0]               piece_warp;
  wire [15:0]              piece_pc, piece_line;
  wire [6:0]               piece_rd;
  wire [2:0]               piece_sbe;
  wire [P_LANES-1:0]       piece_lanes;
  wire [P_LANES*5-1:0]     piece_off;
  wire                     lsu_verdict_valid, lsu_verdict_done, lsu_mem_clear, lsu_accept, lsu_stall;
  wire [P_LANES-1:0]       lsu_verdict_rest;
  wire [P_MEM_LINE*32-1:0] lsu_rdline;
  // writeback, register file
  wire [P_BANKS-1:0]       wb_bank_written, wb_we;
  wire [NUNITS-1:0]        wb_leaves, wb_valid, wb_rel_valid;
  wire [NUNITS*5-1:0]      wb_bank;
  wire [P_WARPS*8-1:0]     wb_rel_mask;
  wire [P_BANKS*RAW-1:0]   wb_row;
  wire [P_BANKS*P_LANES-1:0] wb_mask;
  wire [P_BANKS*LW-1:0]    wb_data;
  wire [P_BANKS*LW-1:0]    rf_rdata;
  // stage 1 of each unit accepts (§12 signal 2): the LSU's is wf_lsu's
  wire [NUNITS-1:0]        unit_accept;
  assign unit_accept[U_ALU] = ex_accept[U_ALU];
  assign unit_accept[U_MUL] = ex_accept[U_MUL];
  assign unit_accept[U_LSU] = lsu_accept;

  // §12 order: 1 wf_writeback, 2 wf_exec advances, 3 wf_lsu piece, 4 arbiter,
  // 5 dispatch, 6 wf_issue, 7 wf_fetch + decode (wf_ibuffer).
  wf_fetch #(
    .WARPS(P_WARPS),
    .ICACHE_LINES(P_ICACHE_LINES),
    .ICACHE_LINE(P_ICACHE_LINE),
    .IMSHRS(P_IMSHRS),
    .IBUF(P_IBUF)
  ) u_fetch (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .launch_i(blk_launch),
    .active_i(active_q),
    .start_pc_i(start_pc_q),
    .mode1_i(loops_q == LOOPS_ONE),
    .dstage_i(dstage_q),
    .nslots_i(ibuf_nslots),
    .inflight_nz_i(inflight_nz),
    .br_valid_i(br_valid),
    .br_warp_i(br_warp),
    .br_next_pc_i(br_next_pc),
    .imem_req_valid_o(imem_req_valid_o),
    .imem_req_ready_i(imem_req_ready_i),
    .imem_req_mshr_o(imem_req_mshr_o),
    .imem_req_line_o(imem_req_line_o),
    .imem_resp_valid_i(imem_resp_valid_i && running_q),
    .imem_resp_ready_o(imem_resp_ready_o),
    .imem_resp_mshr_i(imem_resp_mshr_i),
    .imem_resp_data_i(imem_resp_data_i),
    .fsel_valid_o(fsel_valid),
    .fsel_warp_o(fsel_warp),
    .fsel_pc_o(fsel_pc),
    .fkind_o(fsel_kind),
    .dec_valid_o(dec_valid),
    .dec_warp_o(dec_warp),
    .dec_pc_o(dec_pc),
    .dec_word_o(dec_word),
    .fill_valid_o(fill_valid),
    .fill_mshr_o(fill_mshr),
    .fill_line_o(fill_line),
    .fetch_pc_o(fetch_pc),
    .fetch_state_o(fetch_state)
  );

  wf_ibuffer #(
    .WARPS(P_WARPS),
    .LANES(P_LANES),
    .BANKS(P_BANKS),
    .SB_ENTRIES(P_SB_ENTRIES),
    .IBUF(P_IBUF)
  ) u_ibuffer (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .launch_i(blk_launch),
    .swizzle_i(swz_q),
    .astage_i(astage_q),
    .fh_valid_i(dec_valid),
    .fh_warp_i(dec_warp),
    .fh_pc_i(dec_pc),
    .fh_word_i(dec_word),
    .sb_valid_i(sb_valid),
    .sb_reg_i(sb_reg),
    .rel_mask_i(wb_rel_mask),
    .iss_valid_i(iss_ok),
    .iss_warp_i(iss_warp),
    .iss_move_1h_i(iss_move_1h),
    .iss_stay_1h_i(iss_stay_1h),
    .iss_new_1h_i(iss_new_1h),
    .iss_sbv_i(iss_sbv),
    .iss_sbe_i(iss_sbe),
    .iss_rd_i(iss_word[`WF_INSN_RD_LSB +: `WF_REG_BITS]),
    .ar_valid_i(sb_ar_valid),
    .ar_warp_i(sb_ar_warp),
    .ar_entry_i(sb_ar_entry),
    .ar_reg_i(sb_ar_reg),
    .vd_valid_i(lsu_verdict_valid),
    .vd_warp_i(piece_warp),
    .vd_done_i(lsu_verdict_done),
    .vd_rest_i(lsu_verdict_rest),
    .nslots_o(ibuf_nslots),
    .word_o(ibuf_word),
    .pc_o(ibuf_pc),
    .dep_o(ibuf_dep),
    .cf_o(ibuf_cf),
    .issued_o(ibuf_issued),
    .held_o(ibuf_held),
    .sbe_o(ibuf_sbe),
    .left_o(ibuf_left),
    .ar_dep_o(ibuf_ar_dep)
  );

  wf_scoreboard #(
    .WARPS(P_WARPS),
    .SB_ENTRIES(P_SB_ENTRIES)
  ) u_scoreboard (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .launch_i(blk_launch),
    .astage_i(astage_q),
    .rel_mask_i(wb_rel_mask),
    .alloc_valid_i(iss_ok && iss_sb_new),
    .alloc_1h_i(iss_new_1h),
    .alloc_warp_i(iss_warp),
    .alloc_entry_i(iss_sbe),
    .alloc_reg_i(iss_word[`WF_INSN_RD_LSB +: `WF_REG_BITS]),
    .sb_valid_o(sb_valid),
    .sb_reg_o(sb_reg),
    .free_entry_o(sb_free),
    .full_o(sb_full),
    .ar_valid_o(sb_ar_valid),
    .ar_warp_o(sb_ar_warp),
    .ar_entry_o(sb_ar_entry),
    .ar_reg_o(sb_ar_reg),
    .wb_valid_i(wb_valid),
    .wb_warp_i(ex_warp),
    .wb_rd_i(ex_rd),
    .wb_sbv_i(ex_sbv),
    .wb_sbe_i(ex_sbe)
  );

  wf_issue #(
    .WARPS(P_WARPS),
    .LANES(P_LANES),
    .IBUF(P_IBUF)
  ) u_issue (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .launch_i(blk_launch),
    .active_i(active_q),
    .loops_i(loops_q),
    .gto_i(gto_q),
    .stall_mode_i(stall_q),
    .nslots_i(ibuf_nslots),
    .slot_word_i(ibuf_word),
    .slot_pc_i(ibuf_pc),
    .slot_dep_i(ibuf_dep),
    .slot_cf_i(ibuf_cf),
    .slot_issued_i(ibuf_issued),
    .slot_held_i(ibuf_held),
    .slot_sbe_i(ibuf_sbe),
    .slot_left_i(ibuf_left),
    .sb_full_i(sb_full),
    .sb_free_i(sb_free),
    .ar_dep_i(ibuf_ar_dep),
    .sr_ok_i(sr_ok),
    .war_allows_i(war_allows),
    .lsu_stall_i(lsu_stall),
    .rstage_i(rstage_q),
    .ih_valid_i(cu_ih_valid),
    .ih_warp_i(cu_ih_warp),
    .cu_free_valid_i(cu_free_valid),
    .cu_free_i(cu_free),
    .sr_index_i(SR_IX),
    .left_valid_i(wb_leaves & ex_valid),
    .left_warp_i(ex_warp),
    .left_end_i(ex_end),
    .mem_clear_valid_i(lsu_mem_clear),
    .mem_clear_warp_i(piece_warp),
    .iss_kind_o(iss_kind),
    .iss_warp_o(iss_warp),
    .iss_move_1h_o(iss_move_1h),
    .iss_stay_1h_o(iss_stay_1h),
    .iss_new_1h_o(iss_new_1h),
    .iss_hv_o(iss_hv),
    .iss_holder_o(iss_holder),
    .iss_sbv_o(iss_sbv),
    .iss_sbe_o(iss_sbe),
    .iss_sb_new_o(iss_sb_new),
    .iss_mem_replay_o(iss_mem_replay),
    .iss_word_o(iss_word),
    .iss_pc_o(iss_pc),
    .iss_cf_o(iss_cf),
    .iss_left_o(iss_left),
    .hazard_o(hazard),
    .hazard_mask_o(hazard_mask),
    .inflight_o(inflight),
    .mem_inflight_o(mem_inflight),
    .exited_o(exited),
    .inflight_nz_o(inflight_nz),
    .done_o(all_done)
  );

  wf_collector #(
    .LANES(P_LANES),
    .REGS(P_REGS),
    .BANKS(P_BANKS),
    .COLLECTORS(P_COLLECTORS),
    .RAW(RAW)
  ) u_collector (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .launch_i(blk_launch),
    .mode3_i(mode3),
    .hstage_i(hstage),
    .fstage_i(fstage),
    .swizzle_i(swz_q),
    .bank_written_i(wb_bank_written),
    .accept_i(unit_accept),
    .dispatch_ok_i(war_dispatch_ok),
    .sr_disp_i(sr_disp),
    .al_valid_i(iss_ok && iss_hv),
    .al_holder_i(iss_holder),
    .al_warp_i(iss_warp),
    .al_word_i(iss_word),
    .al_pc_i(iss_pc),
    .al_cf_i(iss_cf),
    .al_sbv_i(iss_sbv),
    .al_sbe_i(iss_sbe),
    .al_left_i(iss_left),
    .al_older_i(war_older_new),
    .rdata_i(rf_rdata),
    .rd_en_o(cu_rd_en),
    .rd_row_o(cu_rd_row),
    .grant_h_o(grant_cu),
    .grant_slot_o(grant_slot),
    .grant_reg_o(grant_reg),
    .grant_warp_o(grant_warp),
    .fill_sr_o(cu_fill_sr),
    .h_valid_o(cu_valid),
    .h_warp_o(cu_warp),
    .h_pending_o(cu_pending),
    .h_word_o(cu_word),
    .h_pc_o(cu_pc),
    .h_cf_o(cu_cf),
    .h_older_o(cu_older),
    .ih_valid_o(cu_ih_valid),
    .ih_warp_o(cu_ih_warp),
    .ih_word_o(cu_ih_word),
    .alloc_warp_o(cu_alloc_warp),
    .nx_valid_o(cu_nx_valid),
    .nx_pending_o(cu_nx_pending),
    .al_take_o(cu_al_take),
    .al_word_o(cu_al_word),
    .nx_older_o(cu_nx_older),
    .sr_bank_o(cu_sr_bank),
    .free_valid_o(cu_free_valid),
    .free_cu_o(cu_free),
    .disp_valid_o(disp_valid),
    .disp_h_o(disp_cu),
    .d_warp_o(disp_warp),
    .d_pc_o(disp_pc),
    .d_word_o(disp_word),
    .d_sbv_o(disp_sbv),
    .d_sbe_o(disp_sbe),
    .d_left_o(disp_left),
    .d_opnd_o(disp_opnd),
    .d_late_o(disp_late),
    .d_lbank_o(disp_lbank)
  );

  wf_staging #(
    .BANKS(P_BANKS)
  ) u_staging (
    .sr_valid_i(cu_valid[C]),
    .sr_cf_i(cu_cf[C]),
    .sr_pending_i(cu_pending[C*3 +: 3]),
    .sr_wd_i(cu_word[C*64 +: 64]),
    .sr_bank_i(cu_sr_bank),
    .fill_sr_i(cu_fill_sr),
    .bank_written_i(wb_bank_written),
    .accept_i(unit_accept),
    .disp_o(sr_disp),
    .issue_ok_o(sr_ok)
  );

  wf_war #(
    .WARPS(P_WARPS),
    .IBUF(P_IBUF),
    .COLLECTORS(P_COLLECTORS),
    .REGS(P_REGS),
    .BLOOM_BITS(P_BLOOM_BITS)
  ) u_war (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .launch_i(blk_launch),
    .war_i(war_q),
    .mode3_i(mode3),
    .cu_valid_i(cu_valid[C-1:0]),
    .cu_warp_i(cu_warp[C*6-1:0]),
    .nx_older_i(cu_nx_older),
    .nx_valid_i(cu_nx_valid),
    .nx_pending_i(cu_nx_pending),
    .cu_word_i(cu_word[C*64-1:0]),
    .al_take_i(cu_al_take),
    .al_word_i(cu_al_word),
    .slot_word_i(ibuf_word),
    .inflight_nz_i(inflight_nz),
    .disp_valid_i(disp_valid),
    .disp_h_i(disp_cu),
    .al_warp_i(cu_alloc_warp),
    .ih_valid_i(cu_ih_valid),
    .ih_warp_i(cu_ih_warp),
    .ih_wd_i(cu_ih_word),
    .allows_o(war_allows),
    .dispatch_ok_o(war_dispatch_ok),
    .older_new_o(war_older_new),
    .collecting_o(war_collecting),
    .filter_o(war_filter)
  );

  wf_exec #(
    .LANES(P_LANES),
    .BANKS(P_BANKS),
    .MEM_LINE(P_MEM_LINE),
    .ALU_LAT_MAX(P_ALU_LAT_MAX),
    .MUL_LAT_MAX(P_MUL_LAT_MAX),
    .LSU_LAT_MAX(P_LSU_LAT_MAX)
  ) u_exec (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .launch_i(blk_launch),
    .swizzle_i(swz_q),
    .alu_lat_i(alu_lat_q),
    .mul_lat_i(mul_lat_q),
    .lsu_lat_i(lsu_lat_q),
    .leaves_i(wb_leaves),
    .accept_o(ex_accept),
    .disp_valid_i(disp_valid),
    .d_warp_i(disp_warp),
    .d_pc_i(disp_pc),
    .d_wd_i(disp_word),
    .d_sbv_i(disp_sbv),
    .d_sbe_i(disp_sbe),
    .d_opnd_i(disp_opnd),
    .d_late_i(disp_late),
    .d_lbank_i(disp_lbank),
    .p_valid_i(piece_valid),
    .p_warp_i(piece_warp),
    .p_pc_i(piece_pc),
    .p_rd_i(piece_rd),
    .p_writes_i(piece_writes),
    .p_final_i(piece_final),
    .p_end_i(piece_end),
    .p_sbv_i(piece_sbv),
    .p_sbe_i(piece_sbe),
    .p_lanes_i(piece_lanes),
    .p_off_i(piece_off),
    .rdata_i(rf_rdata),
    .rdline_i(lsu_rdline),
    .l_valid_o(ex_valid),
    .l_warp_o(ex_warp),
    .l_rd_o(ex_rd),
    .l_bank_o(ex_bank),
    .l_writes_o(ex_writes),
    .l_final_o(ex_final),
    .l_end_o(ex_end),
    .l_sbv_o(ex_sbv),
    .l_sbe_o(ex_sbe),
    .l_lanes_o(ex_lanes),
    .l_data_o(ex_data),
    .br_valid_o(br_valid),
    .br_warp_o(br_warp),
    .br_taken_o(br_taken),
    .br_target_o(br_target),
    .br_next_pc_o(br_next_pc)
  );

  wf_lsu #(
    .LANES(P_LANES),
    .BANKS(P_BANKS),
    .MEM_WORDS(P_MEM_WORDS),
    .MEM_LINE(P_MEM_LINE)
  ) u_lsu (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .launch_i(blk_launch),
    .running_i(running_q),
    .stall_mode_i(stall_q),
    .s2_accept_i(ex_accept[U_LSU]),
    .d_valid_i(disp_valid[U_LSU]),
    .d_warp_i(disp_warp[U_LSU*6 +: 6]),
    .d_pc_i(disp_pc[U_LSU*16 +: 16]),
    .d_wd_i(disp_word[U_LSU*64 +: 64]),
    .d_sbv_i(disp_sbv[U_LSU]),
    .d_sbe_i(disp_sbe[U_LSU*3 +: 3]),
    .d_left_i(disp_left[U_LSU*P_LANES +: P_LANES]),
    .d_opnd_i(disp_opnd[U_LSU*3*LW +: 2*LW]),
    .d_late_i(disp_late[U_LSU*3 +: 2]),  // slots a, b
    .d_lbank_i(disp_lbank[U_LSU*3*5 +: 2*5]),
    .rdata_i(rf_rdata),
    .host_en_i(mem_en_i),
    .host_we_i(mem_we_i),
    .host_addr_i(mem_addr_i),
    .host_wdata_i(mem_wdata_i),
    .host_rdata_o(mem_rdata_o),
    .p_valid_o(piece_valid),
    .p_warp_o(piece_warp),
    .p_pc_o(piece_pc),
    .p_rd_o(piece_rd),
    .p_writes_o(piece_writes),
    .p_final_o(piece_final),
    .p_end_o(piece_end),
    .p_sbv_o(piece_sbv),
    .p_sbe_o(piece_sbe),
    .p_lanes_o(piece_lanes),
    .p_off_o(piece_off),
    .p_line_o(piece_line),
    .vd_valid_o(lsu_verdict_valid),
    .vd_done_o(lsu_verdict_done),
    .vd_rest_o(lsu_verdict_rest),
    .mem_clear_o(lsu_mem_clear),
    .accept_o(lsu_accept),
    .lsu_stall_o(lsu_stall),
    .rdline_o(lsu_rdline)
  );

  wf_writeback #(
    .WARPS(P_WARPS),
    .LANES(P_LANES),
    .REGS(P_REGS),
    .BANKS(P_BANKS),
    .RAW(RAW)
  ) u_writeback (
    .l_valid_i(ex_valid),
    .l_warp_i(ex_warp),
    .l_rd_i(ex_rd),
    .l_bank_i(ex_bank),
    .l_writes_i(ex_writes),
    .l_final_i(ex_final),
    .l_sbv_i(ex_sbv),
    .l_sbe_i(ex_sbe),
    .l_lanes_i(ex_lanes),
    .l_data_i(ex_data),
    .bank_written_o(wb_bank_written),
    .leaves_o(wb_leaves),
    .wb_valid_o(wb_valid),
    .wb_bank_o(wb_bank),
    .rel_mask_o(wb_rel_mask),
    .rel_valid_o(wb_rel_valid),
    .we_o(wb_we),
    .wrow_o(wb_row),
    .wmask_o(wb_mask),
    .wdata_o(wb_data)
  );

  // ---- register file, with the host register port while not running -----------
  `include "wf_bank.vh"  // bank(w, r) and row(w, r) of §6.1, needs parameter BANKS
  reg [P_BANKS-1:0]       rf_we, rf_re;
  reg [P_BANKS*RAW-1:0]   rf_wrow, rf_rrow;
  reg [P_BANKS*P_LANES-1:0] rf_mask;
  reg [P_BANKS*LW-1:0]    rf_wdata;
  reg [4:0]             host_bank;
  reg [4:0]             host_bank_q;
  always @* begin : p_rfport
    integer t, b;
    reg [RAW-1:0] row;
    b = 0;
    host_bank = f_bank(reg_warp_i, reg_idx_i, swz_q);   // §6.1, wf_bank.vh
    t = f_bank_row(reg_warp_i, reg_idx_i, ROWS);
    row = t[RAW-1:0];
    if (clearing_q) begin
      rf_we = {P_BANKS{1'b1}}; rf_re = '0; rf_mask = '1; rf_wdata = '0;
      rf_wrow = {P_BANKS{clr_row_q[RAW-1:0]}}; rf_rrow = '0;
    end else if (running_q) begin
      rf_we = wb_we; rf_wrow = wb_row; rf_mask = wb_mask; rf_wdata = wb_data;
      rf_re = cu_rd_en; rf_rrow = cu_rd_row;
    end else begin
      rf_we = '0; rf_re = '0;
      rf_wrow = '0; rf_rrow = '0;
      rf_mask = '0; rf_wdata = '0;
      for (b = 0; b < P_BANKS; b = b + 1)
        if (reg_en_i && {27'd0, host_bank} == b) begin
          rf_re[b] = 1'b1;
          rf_rrow[b*RAW +: RAW] = row;
        end
    end
  end
  always @(posedge clk_i) if (reg_en_i && !running_q && !clearing_q) host_bank_q <= host_bank;
  assign reg_rdata_o = rf_rdata[{27'd0, host_bank_q}*LW +: LW];

  wf_regfile #(
    .WARPS(P_WARPS),
    .LANES(P_LANES),
    .REGS(P_REGS),
    .BANKS(P_BANKS),
    .RAW(RAW),
    .RAM_STYLE(BANK_RAM_STYLE)
  ) u_regfile (
    .clk_i(clk_i),
    .we_i(rf_we),
    .wrow_i(rf_wrow),
    .wmask_i(rf_mask),
    .wdata_i(rf_wdata),
    .re_i(rf_re),
    .rrow_i(rf_rrow),
    .rdata_o(rf_rdata)
  );

  // ---- observation record (§11) -----------------------------------------------------
  wf_trace #(
    .WARPS(P_WARPS),
    .LANES(P_LANES),
    .BANKS(P_BANKS),
    .COLLECTORS(P_COLLECTORS),
    .SB_ENTRIES(P_SB_ENTRIES),
    .IBUF(P_IBUF),
    .OBS_WARP_W(OBS_WARP_W)
  ) u_trace (
    .cycle_i(cycle_q),
    .fsel_valid_i(fsel_valid),
    .fsel_warp_i(fsel_warp),
    .fsel_pc_i(fsel_pc),
    .fsel_kind_i(fsel_kind),
    .fill_valid_i(fill_valid),
    .fill_mshr_i(fill_mshr),
    .fill_line_i(fill_line),
    .iss_kind_i(iss_kind),
    .iss_warp_i(iss_warp),
    .iss_pc_i(iss_pc),
    .iss_mem_replay_i(iss_mem_replay),
    .iss_hv_i(iss_hv),
    .iss_holder_i(iss_holder),
    .iss_sbv_i(iss_sbv),
    .iss_sbe_i(iss_sbe),
    .lsu_stall_i(lsu_stall),
    .disp_valid_i(disp_valid),
    .disp_warp_i(disp_warp),
    .disp_pc_i(disp_pc),
    .disp_cu_i(disp_cu),
    .piece_valid_i(piece_valid),
    .piece_warp_i(piece_warp),
    .piece_pc_i(piece_pc),
    .piece_line_i(piece_line),
    .piece_lanes_i(piece_lanes),
    .piece_final_i(piece_final),
    .br_valid_i(br_valid),
    .br_warp_i(br_warp),
    .br_taken_i(br_taken),
    .br_target_i(br_target),
    .done_i(all_done),
    .wb_valid_i(wb_valid),
    .wb_bank_i(wb_bank),
    .wb_rel_valid_i(wb_rel_valid),
    .ex_warp_i(ex_warp),
    .ex_rd_i(ex_rd),
    .ex_sbe_i(ex_sbe),
    .ex_lanes_i(ex_lanes),
    .ex_data_i(ex_data),
    .wb_bank_written_i(wb_bank_written),
    .cu_rd_en_i(cu_rd_en),
    .grant_warp_i(grant_warp),
    .grant_reg_i(grant_reg),
    .grant_cu_i(grant_cu),
    .grant_slot_i(grant_slot),
    .fetch_pc_i(fetch_pc),
    .fetch_state_i(fetch_state),
    .exited_i(exited),
    .inflight_i(inflight),
    .mem_inflight_i(mem_inflight),
    .war_i(war_q),
    .war_collecting_i(war_collecting),
    .war_filter_i(war_filter),
    .sb_valid_i(sb_valid),
    .sb_reg_i(sb_reg),
    .ibuf_nslots_i(ibuf_nslots),
    .ibuf_issued_i(ibuf_issued),
    .ibuf_pc_i(ibuf_pc),
    .ibuf_dep_i(ibuf_dep),
    .ibuf_left_i(ibuf_left),
    .hazard_i(hazard),
    .hazard_mask_i(hazard_mask),
    .mode3_i(mode3),
    .cu_valid_i(cu_valid),
    .cu_warp_i(cu_warp),
    .cu_pc_i(cu_pc),
    .cu_pending_i(cu_pending),
    .cu_older_i(cu_older),
    .obs_o(obs_o),
    .obs_wb_o(obs_wb_o),
    .obs_wb_data_o(obs_wb_data_o),
    .obs_bank_o(obs_bank_o),
    .obs_warp_o(obs_warp_o),
    .obs_cu_o(obs_cu_o)
  );
  assign obs_version_o = `WF_TRACE_VERSION;

  // diagnostics and fields the trace does not carry
  // (ALU and MUL serve all lanes; the LSU has no slot c)
  wire unused_core = ^{cu_word[C*64 +: 64] & 64'd0, disp_left[U_ALU*P_LANES +: P_LANES],
                       disp_left[U_MUL*P_LANES +: P_LANES], disp_late[U_LSU*3 + 2],
                       disp_lbank[(U_LSU*3 + 2)*5 +: 5], disp_opnd[(U_LSU*3 + 2)*LW +: LW],
                       ex_end & 3'd0};

`ifdef WF_ASSERT
  // ---- simulation-only assertions (docs/rtl.md "Assertions") -----------------
  // Stall watchdog: while running and not done, some progress every
  // WF_WATCHDOG_CYCLES cycles (an issue, a dispatch, an LSU piece, an entry
  // leaving a unit, a fetch hit or an I-cache fill). imiss_lat <= 256 and
  // the unit latencies <= 32 bound every legal gap far below the default.
`ifndef WF_WATCHDOG_CYCLES
`define WF_WATCHDOG_CYCLES 1024
`endif
  reg [31:0] wd_idle_q;
  wire       wd_progress = iss_ok || disp_valid != '0 || piece_valid || wb_leaves != '0 ||
                           fill_valid || (fsel_valid && fsel_kind == FEV_HIT);
  always @(posedge clk_i) begin
    if (launch_i || !running_q || all_done || wd_progress) wd_idle_q <= 32'd0;
    else wd_idle_q <= wd_idle_q + 32'd1;
    if (running_q && !all_done && !wd_progress && wd_idle_q >= `WF_WATCHDOG_CYCLES - 1) begin
      $error("WF_ASSERT wf_core: stall watchdog: no issue, dispatch, LSU piece, unit leave, fetch hit or fill for %0d cycles (cycle %0d; holders valid %b, imem request pending %b, lsu_stall %b)",
             `WF_WATCHDOG_CYCLES, cycle_q, cu_valid, imem_req_valid_o, lsu_stall);
      $fatal(1, "WF_ASSERT wf_core: stall watchdog");
    end
  end
`endif
endmodule
