// Operand collector (§6.3, §6.4, §7.1): the holders — collector units
// 0..COLLECTORS-1 (loop mode 3) and the staging register SR at index
// COLLECTORS (loop modes 1, 2) — the bank read arbiter shared by both, CU
// dispatch arbitration, and the holder next state. Mirrors cmodel/collector.c
// (the SR's own rules are wf_staging, like cmodel/staging.c).
//
// Age (§6.4 "oldest CU"): instead of the C model's allocation cycle, an age
// matrix: agem_q[u*C+v] = 1 when CU v was allocated before CU u. A new CU is
// younger than every CU valid at its allocation; only valid CUs are compared,
// and at most one CU is allocated per cycle, so this is the same order.
//
// Issue handoff (§5.6): with hstage_i (handoff_stage = 1, loop mode 3) the
// issue's allocation is registered in IH and written into its CU one cycle
// later; the CU IH names is not free. Without it the issue writes its holder
// directly.
//
// Registered bank grant (§6.5): with fstage_i (fill_stage = 1, loop mode 3) a
// slot granted in cycle c stays pending through c+1 and is filled at its
// end; the `reading` bit of the contract is late_q (the slot's read is on
// the bank output), which keeps it out of the arbiter in c+1. The pending
// masks of the next state then depend on state only, not on the writeback
// and bank grants of the cycle.
//
// Operand data (§6.2): the banks are synchronous RAMs, so a row granted in
// cycle c is on the bank's output register during c+1. A filled slot is marked
// `late` (with its bank) for one cycle; its value is then taken from the bank
// output ("resolved") and latched into opnd_q at the end of that cycle. A
// dispatch passes resolved values, and for slots granted in the dispatch cycle
// itself (SR, §7.2) the late flag and bank, which the unit's stage 1 resolves
// the same way. The C model copies the data at the grant; the values and
// cycles are the same.
`include "wf_defs.vh"    // instruction fields, opcodes, trace layout (generated)
`include "wf_mutant.vh"  // `WF_MUT_<NAME>: the mutation self-check (scripts/mutants.py)
module wf_collector #(
    parameter integer LANES      = 8,
    parameter integer REGS       = 32,
    parameter integer BANKS      = 4,
    parameter integer COLLECTORS = 4,
    parameter integer RAW        = 6     // bank row address bits
) (
    input  wire                         clk_i,
    input  wire                         rst_ni,
    input  wire                         launch_i,
    input  wire                         mode3_i,        // loops == 3
    input  wire                         hstage_i,       // handoff_stage = 1 and loops == 3 (§5.6)
    input  wire                         fstage_i,       // fill_stage = 1 and loops == 3 (§6.5)
    input  wire                         swizzle_i,
    input  wire [BANKS-1:0]             bank_written_i, // §12 signal 1
    input  wire [2:0]                   accept_i,       // §12 signal 2, per unit
    input  wire [COLLECTORS-1:0]        dispatch_ok_i,  // §8.2 (wf_war), for the CUs' next state
    input  wire                         sr_disp_i,      // §7.2 (wf_staging)
    // this cycle's issue into a holder (§5.4)
    input  wire                         al_valid_i,
    input  wire [4:0]                   al_holder_i,
    input  wire [5:0]                   al_warp_i,
    input  wire [63:0]                  al_word_i,
    input  wire [15:0]                  al_pc_i,
    input  wire                         al_cf_i,
    input  wire                         al_sbv_i,
    input  wire [2:0]                   al_sbe_i,
    input  wire [LANES-1:0]             al_left_i,
    input  wire [15:0]                  al_older_i,     // the written CU's older mask (wf_war, §8.2)
    // bank read ports
    input  wire [BANKS*LANES*32-1:0]    rdata_i,
    output reg  [BANKS-1:0]             rd_en_o,
    output reg  [BANKS*RAW-1:0]         rd_row_o,
    // grants, for the observation record
    output reg  [BANKS*5-1:0]           grant_h_o,
    output reg  [BANKS*2-1:0]           grant_slot_o,
    output reg  [BANKS*7-1:0]           grant_reg_o,
    output reg  [BANKS*6-1:0]           grant_warp_o,
    output wire [2:0]                   fill_sr_o,      // SR slots filled this cycle
    // holder state (start of cycle)
    output wire [COLLECTORS:0]          h_valid_o,
    output wire [(COLLECTORS+1)*6-1:0]  h_warp_o,
    output wire [(COLLECTORS+1)*3-1:0]  h_pending_o,
    output wire [(COLLECTORS+1)*64-1:0] h_word_o,
    output wire [(COLLECTORS+1)*16-1:0] h_pc_o,
    output wire [COLLECTORS:0]          h_cf_o,
    output wire [COLLECTORS*16-1:0]     h_older_o,
    // IH (§5.6; ih_valid_o is 0 without hstage_i) and the warp of the CU
    // written this cycle (the issue's, or IH's), for wf_war
    output wire                         ih_valid_o,
    output wire [5:0]                   ih_warp_o,
    output wire [63:0]                  ih_word_o,
    output wire [5:0]                   alloc_warp_o,
    // the CUs' next state (valid and pending at the end of this cycle; their
    // next warp and word follow from al_take_o below): wf_war keeps the
    // derived WAR state in a register from it
    output wire [COLLECTORS-1:0]        nx_valid_o,
    output wire [COLLECTORS*3-1:0]      nx_pending_o,
    // the CU written this cycle (one-hot; none for the SR) and its word: the
    // next word of CU u is al_word_o if al_take_o[u], else its present word
    output reg  [COLLECTORS-1:0]        al_take_o,
    output wire [63:0]                  al_word_o,
    output wire [COLLECTORS*16-1:0]     nx_older_o,
    output wire [3*5-1:0]               sr_bank_o,      // the SR slots' banks (bank_q, §6.1)
    output reg                          free_valid_o,   // a CU is free
    output reg  [4:0]                   free_cu_o,      // the lowest free CU
    // dispatch (§7.1, §7.2), per unit x = U_ALU, U_MUL, U_LSU (wf_isa.vh)
    output reg  [2:0]                   disp_valid_o,
    output reg  [3*5-1:0]               disp_h_o,
    output reg  [3*6-1:0]               d_warp_o,
    output reg  [3*16-1:0]              d_pc_o,
    output reg  [3*64-1:0]              d_word_o,
    output reg  [2:0]                   d_sbv_o,
    output reg  [3*3-1:0]               d_sbe_o,
    output reg  [3*LANES-1:0]           d_left_o,
    output reg  [3*3*LANES*32-1:0]      d_opnd_o,       // unit x, slot s at (x*3+s)*L*32
    output reg  [3*3-1:0]               d_late_o,
    output reg  [3*3*5-1:0]             d_lbank_o
);
  localparam integer C  = COLLECTORS;
  localparam integer NH = COLLECTORS + 1;
  localparam integer SR = COLLECTORS;
  localparam integer LW = LANES * 32;
  localparam integer ROWS = (REGS + BANKS - 1) / BANKS;

  reg [NH-1:0]     valid_q, valid_d;
  reg [NH*6-1:0]   warp_q, warp_d;
  reg [NH*64-1:0]  word_q, word_d;
  reg [NH*16-1:0]  pc_q, pc_d;
  reg [NH*3-1:0]   pending_q, pending_d;
  reg [NH-1:0]     cf_q, cf_d, sbv_q, sbv_d;
  reg [NH*3-1:0]   sbe_q, sbe_d;
  reg [NH*LANES-1:0] left_q, left_d;
  reg [NH*3-1:0]   late_q, late_d;
  reg [NH*3*5-1:0] bank_q, bank_d;   // each slot's bank (§6.1), set at allocation
  reg [NH*3*LW-1:0] opnd_q, opnd_d;
  reg [C*16-1:0]   older_q, older_d;
  reg [C*C-1:0]    agem_q, agem_d;

  // ---- the holder written this cycle: the issue's, or IH's (§5.6) ----------------
  reg              ih_valid_q;
  reg [4:0]        ih_holder_q;
  reg [5:0]        ih_warp_q;
  reg [63:0]       ih_word_q;
  reg [15:0]       ih_pc_q;
  reg              ih_cf_q, ih_sbv_q;
  reg [2:0]        ih_sbe_q;
  reg [LANES-1:0]  ih_left_q;
  wire             a_valid  = hstage_i ? ih_valid_q  : al_valid_i;
  wire [4:0]       a_holder = hstage_i ? ih_holder_q : al_holder_i;
  wire [5:0]       a_warp   = hstage_i ? ih_warp_q   : al_warp_i;
  wire [63:0]      a_word   = hstage_i ? ih_word_q   : al_word_i;
  wire [15:0]      a_pc     = hstage_i ? ih_pc_q     : al_pc_i;
  wire             a_cf     = hstage_i ? ih_cf_q     : al_cf_i;
  wire             a_sbv    = hstage_i ? ih_sbv_q    : al_sbv_i;
  wire [2:0]       a_sbe    = hstage_i ? ih_sbe_q    : al_sbe_i;
  wire [LANES-1:0] a_left   = hstage_i ? ih_left_q   : al_left_i;
  assign ih_valid_o   = hstage_i && ih_valid_q;
  assign ih_warp_o    = ih_warp_q;
  assign ih_word_o    = ih_word_q;
  assign alloc_warp_o = a_warp;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) ih_valid_q <= 1'b0;
    else if (launch_i) ih_valid_q <= 1'b0;
    else ih_valid_q <= hstage_i && al_valid_i;
  end
  always @(posedge clk_i) begin    // payload: meaningful only while ih_valid_q
    ih_holder_q <= al_holder_i; ih_warp_q <= al_warp_i; ih_word_q <= al_word_i; ih_pc_q <= al_pc_i;
    ih_cf_q <= al_cf_i; ih_sbv_q <= al_sbv_i; ih_sbe_q <= al_sbe_i; ih_left_q <= al_left_i;
  end

  // launch clears valid (valid_q) whatever valid_d says; wf_war clears its register likewise
  assign nx_valid_o   = valid_d[COLLECTORS-1:0];
  assign nx_pending_o = pending_d[COLLECTORS*3-1:0];
  assign al_word_o    = a_word;
  always @* begin : p_take
    integer u;
    for (u = 0; u < COLLECTORS; u = u + 1) al_take_o[u] = a_valid && a_holder == u[4:0];
  end
  assign nx_older_o   = older_d;
  assign sr_bank_o    = bank_q[SR*15 +: 15];
  assign h_valid_o   = valid_q;
  assign h_warp_o    = warp_q;
  assign h_pending_o = pending_q;
  assign h_word_o    = word_q;
  assign h_pc_o      = pc_q;
  assign h_cf_o      = cf_q;
  assign h_older_o   = older_q;

  `include "wf_isa.vh"   // opcode decode functions shared by the blocks
  `include "wf_bank.vh"  // bank(w, r) of §6.1, needs parameter BANKS
  `include "wf_sel.vh"   // run-time-index part selects without a multiplier
  function automatic [6:0] f_src(input [63:0] wd, input integer s);
    f_src = s == 0 ? wd[`WF_INSN_RA_LSB +: `WF_REG_BITS] : s == 1 ? wd[`WF_INSN_RB_LSB +: `WF_REG_BITS] : wd[`WF_INSN_RC_LSB +: `WF_REG_BITS];
  endfunction
  function automatic [RAW-1:0] f_row(input [5:0] w, input [6:0] r);
    integer t;
    begin
      t = f_bank_row(w, r, ROWS);
      f_row = t[RAW-1:0];
    end
  endfunction

  // holder h is allowed to request: the CUs in mode 3, the SR otherwise
  function automatic f_in_range(input integer h, input m3);
    f_in_range = m3 ? (h < C) : (h == SR);
  endfunction

  // ---- bank arbiter (§6.4, §7.2 reads) --------------------------------------
  reg [NH*3-1:0] fill;
  reg [4:0]      best_h [0:BANKS-1];
  reg [1:0]      best_s [0:BANKS-1];
  reg [BANKS-1:0] best_v;
  reg [6:0]      breg;
  reg [5:0]      bw;
  reg [63:0]     hw;

  // Each pending slot requests a read of its bank (bank_q, §6.1: stored at
  // allocation, like the C model's, so no adder lies between holder state and
  // the arbiter, docs/critpath.md 4h); then per slot "no other request to its
  // bank beats it" (an older CU, §6.4, or a lower slot of the same holder),
  // all slots at once: the same winner as a walk over the holders in order,
  // without its serial chain of replacements (docs/critpath.md 4e).
  reg [NH*3-1:0]   req_v, win;
  // §6.5: the pending slots that may request: not `reading` (late_q) under fill_stage
  // (mutant FS_REGRANT: a reading slot requests again)
  wire [NH*3-1:0]  want = pending_q & ~(fstage_i && !`WF_MUT_FS_REGRANT ? late_q : {NH*3{1'b0}});
  always @* begin : p_arb
    integer h, s, h2, s2, b, hb, sel;
    reg beaten;
    s = 0; s2 = 0; hb = 0; sel = 0; breg = 7'd0; bw = 6'd0; hw = 64'd0;
    for (h = 0; h < NH; h = h + 1)
      for (s = 0; s < 3; s = s + 1)
        req_v[h*3 + s] = valid_q[h] && f_in_range(h, mode3_i) && want[h*3 + s];
    for (b = 0; b < BANKS; b = b + 1) begin
      best_v[b] = 1'b0; best_h[b] = 5'd0; best_s[b] = 2'd0;
    end
    for (h = 0; h < NH; h = h + 1)
      for (s = 0; s < 3; s = s + 1) begin
        beaten = 1'b0;
        for (h2 = 0; h2 < NH; h2 = h2 + 1)
          for (s2 = 0; s2 < 3; s2 = s2 + 1)
            if (req_v[h2*3 + s2] && bank_q[(h2*3 + s2)*5 +: 5] == bank_q[(h*3 + s)*5 +: 5]) begin
              // mutant ARB_SLOT_HIGH: within a holder the highest slot wins
              if (h2 == h) begin
                if (`WF_MUT_ARB_SLOT_HIGH ? s2 > s : s2 < s) beaten = 1'b1;
              end
              // mutant ARB_LOWEST_CU: the lowest-index CU wins, not the oldest
              // (agem_q[h*C + h2]: CU h2 was allocated before CU h)
              else if (`WF_MUT_ARB_LOWEST_CU ? h2 < h : (h < C && h2 < C && agem_q[(h < C ? h : 0)*C + (h2 < C ? h2 : 0)]))
                beaten = 1'b1;
            end
        win[h*3 + s] = req_v[h*3 + s] && !beaten;
        for (b = 0; b < BANKS; b = b + 1)
          if (win[h*3 + s] && bank_q[(h*3 + s)*5 +: 5] == b[4:0]) begin
            best_v[b] = 1'b1;
            best_h[b] = h[4:0];
            best_s[b] = s[1:0];
          end
      end
    // §6.3 fills, per slot from the winners of its own holder: a slot is
    // filled by a granted read of the same register (the same row of the same
    // bank). No index of the winning holder is formed on the way from the
    // grants to the pending bits (docs/critpath.md 4g).
    fill = '0;
    for (h = 0; h < NH; h = h + 1)
      for (s2 = 0; s2 < 3; s2 = s2 + 1)
        for (s = 0; s < 3; s = s + 1)
          // §6.2: writes win (mutant WRITE_PRIORITY, also the wf_regfile assertion's self-test: lost)
          // mutant NO_MERGE: a read fills only the granted slot
          if (want[h*3 + s2] && win[h*3 + s] &&
              (!bank_written_i[bank_q[(h*3 + s)*5 +: 5]] || `WF_MUT_WRITE_PRIORITY) &&
              f_src(word_q[h*64 +: 64], s2) == f_src(word_q[h*64 +: 64], s) &&
              (!`WF_MUT_NO_MERGE || s2 == s))
            fill[h*3 + s2] = 1'b1;
    // each bank's read row: the winning slot's, from a per-slot row computed
    // from state (no adder after the choice)
    rd_row_o = '0;
    for (h = 0; h < NH; h = h + 1)
      for (s = 0; s < 3; s = s + 1)
        for (b = 0; b < BANKS; b = b + 1)
          if (win[h*3 + s] && bank_q[(h*3 + s)*5 +: 5] == b[4:0])
            rd_row_o[b*RAW +: RAW] = rd_row_o[b*RAW +: RAW] | f_row(warp_q[h*6 +: 6], f_src(word_q[h*64 +: 64], s));
    rd_en_o = '0;
    grant_h_o = '0;
    grant_slot_o = '0;
    grant_reg_o = '0;
    grant_warp_o = '0;
    for (b = 0; b < BANKS; b = b + 1)
      // §6.2: writes win (mutant WRITE_PRIORITY, also the wf_regfile assertion's self-test: lost)
      if (best_v[b] && (!bank_written_i[b] || `WF_MUT_WRITE_PRIORITY)) begin
        hb   = {27'd0, best_h[b]};
        hw   = 64'd0;
        `WF_GET(hw, word_q, hb, NH, 64, 0, 64, sel);
        breg = f_src(hw, {30'd0, best_s[b]});
        `WF_GET(bw, warp_q, hb, NH, 6, 0, 6, sel);
        rd_en_o[b] = 1'b1;
        grant_h_o[b*5 +: 5] = best_h[b];
        grant_slot_o[b*2 +: 2] = best_s[b];
        grant_reg_o[b*7 +: 7] = breg;
        grant_warp_o[b*6 +: 6] = bw;
      end
`ifdef WF_ASSERT_SELFTEST_BANK   // assertion self-test: every request to a granted bank is filled
    for (h = 0; h < NH*3; h = h + 1)
      if (req_v[h] && rd_en_o[bank_q[h*5 +: 5]]) fill[h] = 1'b1;
`endif
  end
  assign fill_sr_o = fill[SR*3 +: 3];

  // ---- lowest free CU (§5.4): not valid and not named by IH (§5.6) ----------------

  always @* begin : p_free
    integer u;
    free_valid_o = 1'b0;
    free_cu_o = 5'd0;
    for (u = C - 1; u >= 0; u = u - 1)
      // mutant IH_NOT_RESERVED: the CU IH names counts as free
      if (!valid_q[u] && !(ih_valid_o && ih_holder_q == u[4:0] && !`WF_MUT_IH_NOT_RESERVED)) begin
        free_valid_o = 1'b1;
        free_cu_o = u[4:0];
      end
  end

  // ---- dispatch (§7.1; the SR's decision comes from wf_staging) --------------

  // cand_h: per unit the holder that wins if the unit accepts. It depends on
  // holder state only, so the dispatched bundle below is selected before the
  // writeback grants and stage advances (§12 steps 1, 2) are known; they only
  // gate disp_valid_o, which the units use as a load enable. In loop mode 3
  // the CU candidates (cnd_*_q) are kept in a register computed from the
  // CUs' next state at the end of the previous cycle: the same value, so the
  // wide operand selects of the bundle start at flops (docs/critpath.md 4i).
  reg [3*5-1:0] cand_h;
  reg [2:0]     cnd_v_q, cnd_v_d;
  reg [3*5-1:0] cnd_h_q, cnd_h_d;
  always @* begin : p_disp
    integer x;
    reg [4:0] bu;
    reg bv;
    disp_valid_o = 3'd0;
    disp_h_o = 15'd0;
    cand_h = 15'd0;
    for (x = 0; x < NUNITS; x = x + 1) begin
      if (mode3_i) begin
        bv = cnd_v_q[x];
        bu = cnd_h_q[x*5 +: 5];
      end else begin
        bv = sr_disp_i && {30'd0, f_unit(word_q[SR*64 + `WF_INSN_OP_LSB +: `WF_INSN_OP_W])} == x + 1;
        bu = SR[4:0];
      end
      cand_h[x*5 +: 5] = bu;
      if (bv && accept_i[x]) begin
        disp_valid_o[x] = 1'b1;
        disp_h_o[x*5 +: 5] = bu;
      end
    end
  end

  // ---- dispatched bundles -------------------------------------------------------

  // Each holder's operands with last cycle's reads resolved from the bank
  // outputs (§6.2): the next state of opnd_q, and what a dispatch passes on.
  // Slots beyond the instruction's sources pass 0.
  reg [NH*3*LW-1:0] opnd_r;
  reg [NH*3-1:0]    src_m;
  always @* begin : p_resolve
    integer h, s, sel;
    sel = 0;
    opnd_r = opnd_q;
    for (h = 0; h < NH; h = h + 1)
      for (s = 0; s < 3; s = s + 1) begin
        src_m[h*3 + s] = s < {30'd0, f_nsrc(word_q[h*64 + `WF_INSN_OP_LSB +: `WF_INSN_OP_W])};
        if (late_q[h*3 + s])                          // last cycle's read is on the bank output
          `WF_GET(opnd_r[(h*3+s)*LW +: LW], rdata_i, {27'd0, bank_q[(h*3 + s)*5 +: 5]}, BANKS, LW, 0, LW, sel);
      end
  end

  always @* begin : p_bundle
    integer x, s, hx, sel;
    reg [2:0] sm, sf;
    reg [LW-1:0] so;
    reg [4:0] sb;
    hx = 0; sm = 3'd0; sf = 3'd0; so = '0; sb = 5'd0; sel = 0;
    d_warp_o = '0; d_pc_o = '0; d_word_o = '0;
    d_sbv_o = 3'd0; d_sbe_o = 9'd0; d_left_o = '0;
    d_opnd_o = '0; d_late_o = 9'd0; d_lbank_o = 45'd0;
    for (x = 0; x < NUNITS; x = x + 1) begin
      hx = {27'd0, cand_h[x*5 +: 5]};
      `WF_GET(d_warp_o[x*6 +: 6], warp_q, hx, NH, 6, 0, 6, sel);
      `WF_GET(d_pc_o[x*16 +: 16], pc_q, hx, NH, 16, 0, 16, sel);
      `WF_GET(d_word_o[x*64 +: 64], word_q, hx, NH, 64, 0, 64, sel);
      `WF_GET(d_sbv_o[x], sbv_q, hx, NH, 1, 0, 1, sel);
      `WF_GET(d_sbe_o[x*3 +: 3], sbe_q, hx, NH, 3, 0, 3, sel);
      `WF_GET(d_left_o[x*LANES +: LANES], left_q, hx, NH, LANES, 0, LANES, sel);
      sm = 3'd0; sf = 3'd0;
      `WF_GET(sm, src_m, hx, NH, 3, 0, 3, sel);
      `WF_GET(sf, fill, hx, NH, 3, 0, 3, sel);
      for (s = 0; s < 3; s = s + 1) begin
        so = '0; sb = 5'd0;
        // §6.5: under fill_stage a dispatching CU has no slot read last
        // cycle, so its operands come from opnd_q, not through the bank outputs
        if (fstage_i) `WF_GET(so, opnd_q, hx, NH, 3*LW, s*LW, LW, sel);
        else          `WF_GET(so, opnd_r, hx, NH, 3*LW, s*LW, LW, sel);
        `WF_GET(sb, bank_q, hx, NH, 15, s*5, 5, sel);
        // Only the SR dispatches a slot read in the dispatch cycle: a CU
        // dispatches with every slot filled at the start of the cycle (§7.1),
        // so in loop mode 3 sf is 0 for the chosen CU. Saying so lets a build
        // that pins mode 3 drop the units' late-operand selects.
        if (sm[s] && sf[s] && !mode3_i) begin
          d_late_o[x*3 + s] = 1'b1;                   // read this cycle (SR): resolved in stage 1
          d_lbank_o[(x*3+s)*5 +: 5] = sb;
        end else if (sm[s])
          d_opnd_o[(x*3+s)*LW +: LW] = so;
      end
    end
  end

  // ---- next state ------------------------------------------------------------------
  reg [15:0] freed;

  always @* begin : p_next
    integer x, u, v, ha, sel;
    v = 0;
    valid_d = valid_q; warp_d = warp_q; word_d = word_q; pc_d = pc_q; pending_d = pending_q;
    cf_d = cf_q; sbv_d = sbv_q; sbe_d = sbe_q; left_d = left_q; bank_d = bank_q;
    opnd_d = opnd_r; older_d = older_q; agem_d = agem_q;
    ha = 0; sel = 0;
    late_d = fill;
    // §6.5: under fill_stage last cycle's grants (late_q) fill now
    // (mutant FS_FILL_EARLY: a grant fills at once, as without the option)
    pending_d = pending_q & ~(fstage_i && !`WF_MUT_FS_FILL_EARLY ? late_q : fill);
    freed = 16'd0;
    for (x = 0; x < NUNITS; x = x + 1)
      if (disp_valid_o[x]) begin
`ifndef WF_ASSERT_SELFTEST_CU_TWICE   // assertion self-test: a dispatched CU stays valid
        `WF_SET(valid_d, {27'd0, disp_h_o[x*5 +: 5]}, NH, 1, 0, 1, sel, 1'b0);
`else
        if (disp_h_o[x*5 +: 5] == SR[4:0]) valid_d[SR] = 1'b0;
`endif
        if (disp_h_o[x*5 +: 5] < C[4:0]) `WF_SET(freed, {28'd0, disp_h_o[x*5 +: 4]}, C, 1, 0, 1, sel, 1'b1);
      end
    for (u = 0; u < C; u = u + 1) older_d[u*16 +: 16] = older_q[u*16 +: 16] & ~freed;
    if (a_valid) begin
      ha = {27'd0, a_holder};
      `WF_SET(valid_d, ha, NH, 1, 0, 1, sel, 1'b1);
      `WF_SET(warp_d, ha, NH, 6, 0, 6, sel, a_warp);
      `WF_SET(word_d, ha, NH, 64, 0, 64, sel, a_word);
      `WF_SET(pc_d, ha, NH, 16, 0, 16, sel, a_pc);
      case (f_nsrc(a_word[`WF_INSN_OP]))
        2'd0: `WF_SET(pending_d, ha, NH, 3, 0, 3, sel, 3'b000);
        2'd1: `WF_SET(pending_d, ha, NH, 3, 0, 3, sel, 3'b001);
        2'd2: `WF_SET(pending_d, ha, NH, 3, 0, 3, sel, 3'b011);
        default: `WF_SET(pending_d, ha, NH, 3, 0, 3, sel, 3'b111);
      endcase
      `WF_SET(cf_d, ha, NH, 1, 0, 1, sel, a_cf);
      `WF_SET(sbv_d, ha, NH, 1, 0, 1, sel, a_sbv);
      `WF_SET(sbe_d, ha, NH, 3, 0, 3, sel, a_sbe);
      `WF_SET(left_d, ha, NH, LANES, 0, LANES, sel, a_left);
      `WF_SET(late_d, ha, NH, 3, 0, 3, sel, 3'b000);
      `WF_SET(bank_d, ha, NH, 15, 0, 15, sel, {f_bank(a_warp, f_src(a_word, 2), swizzle_i),
                                               f_bank(a_warp, f_src(a_word, 1), swizzle_i),
                                               f_bank(a_warp, f_src(a_word, 0), swizzle_i)});
      if (a_holder < C[4:0]) begin
        `WF_SET(older_d, ha, C, 16, 0, 16, sel, al_older_i);
        for (v = 0; v < C; v = v + 1) begin
          `WF_SET(agem_d, ha, C, C, v, 1, sel, valid_q[v] && v != ha);  // every valid CU is older
          `WF_SET(agem_d, ha, C, 1, v*C, 1, sel, 1'b0);
        end
      end
    end
  end

  // §7.1 the CU candidates of the next state: per unit the oldest CU with
  // every slot filled, of that unit, which §8.2 allows. Written as a one-hot
  // pick (a ready CU with no ready CU older than it) rather than a scan: the
  // valid CUs' ages are a total order (above), so exactly the oldest ready CU
  // is picked, in two levels instead of a chain through every CU.
  always @* begin : p_cand
    integer x, u, v;
    reg [C-1:0] rdy, pick;
    cnd_v_d = 3'd0;
    cnd_h_d = 15'd0;
    for (x = 0; x < NUNITS; x = x + 1) begin
      for (u = 0; u < C; u = u + 1)
        rdy[u] = valid_d[u] && pending_d[u*3 +: 3] == 3'd0 && dispatch_ok_i[u] &&
                 {30'd0, f_unit(word_d[u*64 + `WF_INSN_OP_LSB +: `WF_INSN_OP_W])} == x + 1;
      for (u = 0; u < C; u = u + 1) begin
        pick[u] = rdy[u];
        for (v = 0; v < C; v = v + 1)
          // mutant DISP_LOWEST: dispatch picks the lowest-index ready CU, not the oldest
          if (v != u && rdy[v] && (`WF_MUT_DISP_LOWEST ? v < u : agem_d[u*C + v])) pick[u] = 1'b0;
        if (pick[u]) cnd_h_d[x*5 +: 5] = cnd_h_d[x*5 +: 5] | u[4:0];
      end
      cnd_v_d[x] = |rdy;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0;
      late_q  <= '0;
      cnd_v_q <= 3'd0;
    end else if (launch_i) begin
      valid_q <= '0;
      late_q  <= '0;
      cnd_v_q <= 3'd0;
    end else begin
      valid_q <= valid_d;
      late_q  <= late_d;
      cnd_v_q <= cnd_v_d;
    end
  end
  // payload: meaningful only while valid
  always @(posedge clk_i) begin
    warp_q <= warp_d; word_q <= word_d; pc_q <= pc_d; pending_q <= pending_d; cf_q <= cf_d;
    sbv_q <= sbv_d; sbe_q <= sbe_d; left_q <= left_d; opnd_q <= opnd_d; older_q <= older_d;
    agem_q <= agem_d; bank_q <= bank_d; cnd_h_q <= cnd_h_d;
  end

`ifdef WF_ASSERT
  // ---- simulation-only assertions -------------------------------------------
  // one grant per bank per cycle: every slot filled in a bank this cycle
  // belongs to the one granted holder and names the one granted register
  // (§6.3, §6.4); a holder is dispatched once per allocation, to one unit,
  // and only while valid; an allocation takes a free holder (the SR may be
  // emptying by its dispatch this cycle).
  reg [NH-1:0] disp_once_q;   // dispatched since its allocation
  reg          a_bad;
  reg [7:0]    a_msg;
  reg [4:0]    a_b, a_h;
  always @* begin : p_assert
    integer h, s, x, y, b;
    a_bad = 1'b0; a_msg = 8'd0; a_b = 5'd0; a_h = 5'd0; b = 0;
    for (h = 0; h < NH; h = h + 1)
      for (s = 0; s < 3; s = s + 1)
        if (fill[h*3 + s]) begin
          b = {27'd0, f_bank(warp_q[h*6 +: 6], f_src(word_q[h*64 +: 64], s), swizzle_i)};
          if (!rd_en_o[b] || {27'd0, grant_h_o[b*5 +: 5]} != h ||
              grant_reg_o[b*7 +: 7] != f_src(word_q[h*64 +: 64], s)) begin
            a_bad = 1'b1; a_msg = 8'd1; a_b = b[4:0]; a_h = h[4:0];
          end
        end
    for (x = 0; x < NUNITS; x = x + 1)
      if (disp_valid_o[x]) begin
        if (!valid_q[disp_h_o[x*5 +: 5]] || disp_once_q[disp_h_o[x*5 +: 5]]) begin
          a_bad = 1'b1; a_msg = 8'd2; a_h = disp_h_o[x*5 +: 5];
        end
        for (y = x + 1; y < NUNITS; y = y + 1)
          if (disp_valid_o[y] && disp_h_o[y*5 +: 5] == disp_h_o[x*5 +: 5]) begin
            a_bad = 1'b1; a_msg = 8'd2; a_h = disp_h_o[x*5 +: 5];
          end
      end
    if (a_valid && valid_q[a_holder] &&
        !(a_holder == SR[4:0] &&
          ((disp_valid_o[U_ALU] && disp_h_o[U_ALU*5 +: 5] == SR[4:0]) ||
           (disp_valid_o[U_MUL] && disp_h_o[U_MUL*5 +: 5] == SR[4:0]) ||
           (disp_valid_o[U_LSU] && disp_h_o[U_LSU*5 +: 5] == SR[4:0])))) begin
      a_bad = 1'b1; a_msg = 8'd3; a_h = a_holder;
    end
  end
  always @(posedge clk_i) begin : p_assert_q
    integer x;
    if (launch_i) disp_once_q <= '0;
    else begin
      for (x = 0; x < NUNITS; x = x + 1)
        if (disp_valid_o[x]) disp_once_q[disp_h_o[x*5 +: 5]] <= 1'b1;
      if (a_valid) disp_once_q[a_holder] <= 1'b0;
    end
    if (!launch_i && a_bad) begin
      case (a_msg)
        8'd1: $error("WF_ASSERT wf_collector: two grants to bank %0d in one cycle (holder %0d filled without the bank's grant)", a_b, a_h);
        8'd2: $error("WF_ASSERT wf_collector: collector unit %0d dispatched twice (again without a new allocation, or to two units)", a_h);
        default: $error("WF_ASSERT wf_collector: allocation into holder %0d, which is still valid", a_h);
      endcase
      $fatal(1, "WF_ASSERT wf_collector");
    end
  end
`endif
endmodule
