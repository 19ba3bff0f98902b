// Loop 1: fetch selection, the direct-mapped I-cache, instruction MSHRs and
// line fills (§3), plus the §10.4 redirect of a resolved bnz. Mirrors
// cmodel/fetch.c (state names: fetch_pc, fetch_state, wait_mshr, fetch_rr,
// refill, ic_valid, ic_tag, mshr_*).
//
// Instruction-memory port (any latency): an allocated MSHR sends one request
// (mshr index + line address) on imem_req_*; the memory answers with one beat
// carrying the whole line on imem_resp_* (the mshr index comes back). The
// line fills at the end of the cycle the response is accepted (always
// accepted: a fill never waits). With a fixed-latency memory that answers
// imiss_lat-1 cycles after the request handshake, the fill lands at the end of
// allocation cycle + imiss_lat, exactly the C model's §3.3 timing: the
// request goes out in the cycle after allocation (the MSHR is a flop).
//
// decode_stage (dstage_i, §3.4): 0: a hit is decoded in the fetch cycle from
// the asynchronously read data array; 1: the hit's line is read into the
// fetch/decode register FD (fd_*: a synchronous read, so the data array can
// be a RAM) and decoded in the next cycle. The decode (dec_*_o: the I-buffer
// write, the bra/bnz/exit fetch update) is of this cycle's hit or of FD.
`include "wf_defs.vh"    // instruction fields, opcodes, trace layout (generated)
`include "wf_mutant.vh"  // `WF_MUT_<NAME>: the mutation self-check (scripts/mutants.py)
module wf_fetch #(
    parameter integer WARPS        = 8,
    parameter integer ICACHE_LINES = 16,
    parameter integer ICACHE_LINE  = 4,
    parameter integer IMSHRS       = 2,
    parameter integer IBUF         = 2
) (
    input  wire                       clk_i,
    input  wire                       rst_ni,
    input  wire                       launch_i,      // §14: clear and start
    input  wire [WARPS-1:0]           active_i,      // latched at launch
    input  wire [WARPS*16-1:0]        start_pc_i,    // sampled at launch
    input  wire                       mode1_i,       // loops == 1
    input  wire                       dstage_i,      // decode_stage (§3.4)
    input  wire [WARPS*4-1:0]         nslots_i,      // I-buffer occupancy, start of cycle
    input  wire [WARPS-1:0]           inflight_nz_i, // inflight[w] != 0
    // §10.4 branch resolution (a bnz leaving the ALU's last stage)
    input  wire                       br_valid_i,
    input  wire [5:0]                 br_warp_i,
    input  wire [15:0]                br_next_pc_i,
    // instruction memory
    output wire                       imem_req_valid_o,
    input  wire                       imem_req_ready_i,
    output wire [2:0]                 imem_req_mshr_o,
    output wire [15:0]                imem_req_line_o,
    input  wire                       imem_resp_valid_i,
    output wire                       imem_resp_ready_o,
    input  wire [2:0]                 imem_resp_mshr_i,
    input  wire [ICACHE_LINE*64-1:0]  imem_resp_data_i,
    // this cycle's fetch (§3.2) and fill (§3.3)
    output reg                        fsel_valid_o,
    output reg  [5:0]                 fsel_warp_o,
    output reg  [15:0]                fsel_pc_o,
    output reg  [1:0]                 fkind_o,       // wf_fetch_kind
    // this cycle's decode (§3.2.4; §3.4): into the I-buffer of dec_warp_o
    output reg                        dec_valid_o,
    output reg  [5:0]                 dec_warp_o,
    output reg  [15:0]                dec_pc_o,
    output reg  [63:0]                dec_word_o,
    output reg                        fill_valid_o,
    output reg  [2:0]                 fill_mshr_o,
    output reg  [15:0]                fill_line_o,
    // state for the observation record
    output wire [WARPS*16-1:0]        fetch_pc_o,
    output wire [WARPS*2-1:0]         fetch_state_o
);
  `include "wf_enums.vh"  // FETCH_* states, FEV_* kinds shared with the C model (generated)
  localparam integer OB = $clog2(ICACHE_LINE);   // pc bits inside a line
  localparam integer IB = $clog2(ICACHE_LINES);  // index bits
  localparam [5:0] W6 = WARPS[5:0] - 6'd1;       // WARPS-1 (WARPS <= 64)
  `include "wf_sel.vh"   // run-time-index part selects without a multiplier
  `include "wf_rr.vh"    // the round-robin one-hot choice, shared with wf_issue

  // ---- state ----------------------------------------------------------------
  reg [WARPS*16-1:0]     fetch_pc_q, fetch_pc_d;
  reg [WARPS*2-1:0]      fetch_state_q, fetch_state_d;
  reg [WARPS*3-1:0]      wait_mshr_q, wait_mshr_d;
  reg [5:0]              fetch_rr_q, fetch_rr_d;
  reg [WARPS-1:0]        fetch_ge_q, fetch_ge_d;   // fetch_rr_q as its mask (wf_rr.vh), what the choice reads
  reg [WARPS-1:0]        refill_q, refill_d;
  reg [ICACHE_LINES-1:0] ic_valid_q, ic_valid_d;
  // tags in flip-flops (small): every warp checks its own pc against them
  // in parallel with the fetch choice; as a RAM, Yosys merges those reads
  // into one port behind the choice (docs/critpath.md 4g)
  reg [ICACHE_LINES*16-1:0] ic_tag_q;
  reg [ICACHE_LINE*64-1:0] ic_data_q [0:ICACHE_LINES-1]; // flops/LUT RAM, async read
  reg [IMSHRS-1:0]       mshr_valid_q, mshr_valid_d;
  reg [IMSHRS-1:0]       mshr_sent_q, mshr_sent_d;     // request handshaken
  reg [IMSHRS*16-1:0]    mshr_line_q, mshr_line_d;
  // §3.4 the fetch/decode register (decode_stage = 1)
  reg                    fd_valid_q, fd_valid_d;
  reg [5:0]              fd_warp_q;
  reg [15:0]             fd_pc_q;
  reg [ICACHE_LINE*64-1:0] fd_line_q;              // the data array's registered read

  assign fetch_pc_o    = fetch_pc_q;
  assign fetch_state_o = fetch_state_q;

  // ---- instruction-memory request: lowest valid MSHR not yet sent -----------
  reg        req_v;
  reg [2:0]  req_m;
  always @* begin : p_req
    integer i;
    req_v = 1'b0;
    req_m = 3'd0;
    for (i = IMSHRS - 1; i >= 0; i = i - 1)
      if (mshr_valid_q[i] && !mshr_sent_q[i]) begin
        req_v = 1'b1;
        req_m = i[2:0];
      end
  end
  assign imem_req_valid_o  = req_v;
  assign imem_req_mshr_o   = req_m;
  assign imem_req_line_o   = mshr_line_q[req_m*16 +: 16];
  assign imem_resp_ready_o = 1'b1;

  // ---- decisions (§3.2, §3.3) -----------------------------------------------
  reg [WARPS-1:0] elig, pool, refill_next, fsel_1h;
  reg [15:0]      pc, la, wla;
  reg [IB > 0 ? IB-1 : 0:0] idx, widx;
  reg             w_hit;           // the selected warp hits: fkind_o == FEV_HIT, one OR after the one-hot
  reg             whm_v, wvalid;
  reg [15:0]      wtag;
  reg [2:0]       whm;
  reg [2:0]       free_m;          // the lowest free MSHR: the one an allocation takes
  reg             free_mv, alloc_v;
  reg [1:0]       dnstate;
  // per warp, had it been selected: outcome, next state and MSHR waited on,
  // allocates, merges into the MSHR filled this cycle
  reg [WARPS*2-1:0] w_kind, w_state;
  reg [WARPS*3-1:0] w_wait;
  reg [WARPS-1:0]   w_alloc, w_mfill;
  reg [15:0]      dnpc;
  reg [63:0]      word;
  reg [ICACHE_LINE*64-1:0] line_data;

  always @* begin : p_decide
    integer w, i, sel;
    // §3.3 fill: the response accepted this cycle
    fill_valid_o = imem_resp_valid_i;
    fill_mshr_o  = imem_resp_mshr_i;
    fill_line_o  = mshr_line_q[imem_resp_mshr_i*16 +: 16];
    refill_next  = '0;
    for (w = 0; w < WARPS; w = w + 1)
      if (imem_resp_valid_i && fetch_state_q[w*2 +: 2] == FETCH_WAIT_MISS &&
          wait_mshr_q[w*3 +: 3] == imem_resp_mshr_i)
        refill_next[w] = 1'b1;

    // §3.2.1 eligibility and selection: refill priority, then rr
    for (w = 0; w < WARPS; w = w + 1)
`ifndef WF_ASSERT_SELFTEST_IBUF   // assertion self-test: fetch ignores a full I-buffer
      elig[w] = fetch_state_q[w*2 +: 2] == FETCH_RUN && nslots_i[w*4 +: 4] < IBUF[3:0] &&
`else
      elig[w] = fetch_state_q[w*2 +: 2] == FETCH_RUN && nslots_i[w*4 +: 4] <= IBUF[3:0] &&
`endif
                // mutant FETCH_MODE1_INFLIGHT: mode 1 forgets the in-flight term
                !(mode1_i && (nslots_i[w*4 +: 4] != 4'd0 || (inflight_nz_i[w] && !`WF_MUT_FETCH_MODE1_INFLIGHT))) &&
                // §3.4; mutant FD_REFETCH: the warp in FD fetches again
                !(dstage_i && fd_valid_q && fd_warp_q == w[5:0] && !`WF_MUT_FD_REFETCH);
    // mutant FETCH_REFILL_PRIO: refilled warps get no priority
    pool = ((refill_q & elig) != {WARPS{1'b0}} && !`WF_MUT_FETCH_REFILL_PRIO) ? (refill_q & elig) : elig;
    // the first warp of pool in rr order from fetch_rr (wf_rr.vh)
    fsel_1h = f_rr_first(pool, fetch_ge_q);
    fsel_valid_o = pool != {WARPS{1'b0}};
    fsel_warp_o  = 6'd0;
    for (w = 0; w < WARPS; w = w + 1)
      fsel_warp_o = fsel_warp_o | (fsel_1h[w] ? w[5:0] : 6'd0);

    // §3.2.3 the access: each warp decides its own outcome (hit, merge,
    // allocate, MSHRs full) and next fetch state from its own pc (state
    // only); the one-hot then picks the selected warp's, so no decision
    // follows the choice (docs/critpath.md 4h)
    free_mv = 1'b0; free_m = 3'd0;
    for (i = IMSHRS - 1; i >= 0; i = i - 1)
      if (!mshr_valid_q[i]) begin free_mv = 1'b1; free_m = i[2:0]; end
    pc = 16'd0; fkind_o = FEV_HIT; alloc_v = 1'b0; w_hit = 1'b0;   // fkind_o: read only with fsel_valid_o
    for (w = 0; w < WARPS; w = w + 1) begin
      wla  = fetch_pc_q[w*16 +: 16] >> OB;
      widx = wla[IB > 0 ? IB-1 : 0:0] & {(IB > 0 ? IB : 1){IB > 0}};
      whm_v = 1'b0; whm = 3'd0; wtag = 16'd0; wvalid = 1'b0;
      `WF_GET(wtag, ic_tag_q, {{(32-(IB > 0 ? IB : 1)){1'b0}}, widx}, ICACHE_LINES, 16, 0, 16, sel);
      `WF_GET(wvalid, ic_valid_q, {{(32-(IB > 0 ? IB : 1)){1'b0}}, widx}, ICACHE_LINES, 1, 0, 1, sel);
      for (i = IMSHRS - 1; i >= 0; i = i - 1)
        if (mshr_valid_q[i] && mshr_line_q[i*16 +: 16] == wla) begin whm_v = 1'b1; whm = i[2:0]; end
      w_kind[w*2 +: 2]  = FEV_HIT;
      w_state[w*2 +: 2] = fetch_state_q[w*2 +: 2];
      w_wait[w*3 +: 3]  = wait_mshr_q[w*3 +: 3];
      w_alloc[w] = 1'b0; w_mfill[w] = 1'b0;
      if (wvalid && wtag == (wla >> IB)) begin                   // §3.2.4 hit
        w_kind[w*2 +: 2] = FEV_HIT;                              // pc, state: the decode's update
      end else if (whm_v) begin                                 // §3.2.5 merge
        w_kind[w*2 +: 2] = FEV_MERGE;
        // mutant FETCH_MERGE_FILL: a merge in the fill cycle waits on the freed MSHR
        if (imem_resp_valid_i && whm == imem_resp_mshr_i && !`WF_MUT_FETCH_MERGE_FILL)
          w_mfill[w] = 1'b1;  // released by this very fill: stays RUN, joins refill
        else begin
          w_state[w*2 +: 2] = FETCH_WAIT_MISS;
          w_wait[w*3 +: 3]  = `WF_MUT_MSHR_MERGE ? free_m : whm;  // mutant: waits on the wrong MSHR
        end
      end else if (free_mv) begin                               // allocate
        w_kind[w*2 +: 2]  = FEV_MISS;
        w_alloc[w] = 1'b1;
        w_state[w*2 +: 2] = FETCH_WAIT_MISS;
        w_wait[w*3 +: 3]  = free_m;
      end else
        w_kind[w*2 +: 2] = FEV_MSHR_FULL;                              // stays RUN
      if (fsel_1h[w]) begin
        pc         = pc | fetch_pc_q[w*16 +: 16];
        fkind_o    = fkind_o | w_kind[w*2 +: 2];
        alloc_v    = alloc_v | w_alloc[w];
        w_hit      = w_hit | (w_kind[w*2 +: 2] == FEV_HIT);
      end
    end
    la  = pc >> OB;
    idx = la[IB > 0 ? IB-1 : 0:0] & {(IB > 0 ? IB : 1){IB > 0}};
    line_data = ic_data_q[idx];
    word = 64'd0;
    `WF_GET(word, line_data, {16'd0, pc} & (ICACHE_LINE - 1), ICACHE_LINE, 64, 0, 64, sel);
    fsel_pc_o = pc;
    fd_valid_d = fsel_valid_o && dstage_i && w_hit;
    refill_next = refill_next | (fsel_1h & w_mfill);

    // §3.2.4 the decode: this cycle's hit, or with decode_stage FD's (§3.4)
    if (dstage_i) begin
      dec_valid_o = fd_valid_q;
      dec_warp_o  = fd_warp_q;
      dec_pc_o    = fd_pc_q;
      dec_word_o  = 64'd0;
      `WF_GET(dec_word_o, fd_line_q, {16'd0, fd_pc_q} & (ICACHE_LINE - 1), ICACHE_LINE, 64, 0, 64, sel);
    end else begin
      dec_valid_o = fsel_valid_o && fkind_o == FEV_HIT;
      dec_warp_o  = fsel_warp_o;
      dec_pc_o    = pc;
      dec_word_o  = word;
    end
    dnpc = dec_pc_o;
    dnstate = FETCH_RUN;
    case (dec_word_o[`WF_INSN_OP])
      `WF_OP_BRA:  dnpc = dec_word_o[`WF_INSN_IMM_LSB +: `WF_PC_BITS];   // bra: the target
      `WF_OP_BNZ:  dnstate = FETCH_WAIT_BRANCH;                             // bnz: pc stays
      `WF_OP_EXIT: dnstate = FETCH_DONE;                                    // exit: pc stays
      default: dnpc = dec_pc_o + 16'd1;
    endcase
  end

  // fill index/tag of the responding MSHR's line
  wire [15:0] fill_la  = mshr_line_q[imem_resp_mshr_i*16 +: 16];
  wire [15:0] fill_tag = fill_la >> IB;
  wire [IB > 0 ? IB-1 : 0:0] fill_idx = fill_la[IB > 0 ? IB-1 : 0:0] & {(IB > 0 ? IB : 1){IB > 0}};

  // ---- next state -----------------------------------------------------------
  always @* begin : p_next
    integer w, i, sel;
    w = 0; sel = 0;
    fetch_pc_d    = fetch_pc_q;
    fetch_state_d = fetch_state_q;
    wait_mshr_d   = wait_mshr_q;
    fetch_rr_d    = fetch_rr_q;
    fetch_ge_d    = fetch_ge_q;
    refill_d      = refill_next;
    ic_valid_d    = ic_valid_q;
    mshr_valid_d  = mshr_valid_q;
    mshr_sent_d   = mshr_sent_q;
    mshr_line_d   = mshr_line_q;
    // A free MSHR's line is read by nobody (every reader is gated by its
    // valid bit), so every free MSHR takes the fetched line each cycle and
    // the one allocated keeps it: the line flops do not wait for the
    // hit/merge/allocate decision (docs/critpath.md 4f).
    for (i = 0; i < IMSHRS; i = i + 1)
      if (!mshr_valid_q[i]) mshr_line_d[i*16 +: 16] = la;
    if (req_v && imem_req_ready_i) mshr_sent_d[req_m +: 1] = 1'b1;
    if (imem_resp_valid_i) begin
      // each line compares its own index (no shifter or index arithmetic)
      for (i = 0; i < ICACHE_LINES; i = i + 1)
        if ({{(32-(IB > 0 ? IB : 1)){1'b0}}, fill_idx} == i) ic_valid_d[i] = 1'b1;
      for (w = 0; w < WARPS; w = w + 1)
        if (refill_next[w]) fetch_state_d[w*2 +: 2] = FETCH_RUN;
      mshr_valid_d[imem_resp_mshr_i +: 1] = 1'b0;
      mshr_sent_d[imem_resp_mshr_i +: 1]  = 1'b0;
    end
    if (fsel_valid_o) begin
      // mutant FETCH_RR_HIT_ONLY: the pointer moves only on a hit
      if (fkind_o == FEV_HIT || !`WF_MUT_FETCH_RR_HIT_ONLY) begin
        fetch_rr_d = (fsel_warp_o == W6) ? 6'd0 : fsel_warp_o + 6'd1;
        fetch_ge_d = f_rr_ge_after(fsel_1h);
      end
      if (alloc_v)
        for (i = 0; i < IMSHRS; i = i + 1)
          if (free_m == i[2:0]) begin
            mshr_valid_d[i] = 1'b1;
            mshr_sent_d[i]  = 1'b0;
          end
      for (w = 0; w < WARPS; w = w + 1)
        if (fsel_1h[w] && !refill_next[w]) begin
          fetch_state_d[w*2 +: 2] = w_state[w*2 +: 2];
          wait_mshr_d[w*3 +: 3] = w_wait[w*3 +: 3];
        end
    end
    if (dec_valid_o) begin                                       // never a refilled warp
      `WF_SET(fetch_pc_d, {26'd0, dec_warp_o}, WARPS, 16, 0, 16, sel, dnpc);
      `WF_SET(fetch_state_d, {26'd0, dec_warp_o}, WARPS, 2, 0, 2, sel, dnstate);
    end
    if (br_valid_i) begin                                        // §10.4
      `WF_SET(fetch_pc_d, {26'd0, br_warp_i}, WARPS, 16, 0, 16, sel, br_next_pc_i);
      `WF_SET(fetch_state_d, {26'd0, br_warp_i}, WARPS, 2, 0, 2, sel, FETCH_RUN);
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin : p_state
    integer w;
    if (!rst_ni) begin
      fetch_pc_q    <= '0;
      fetch_state_q <= {WARPS{FETCH_DONE}};
      wait_mshr_q   <= '0;
      fetch_rr_q    <= 6'd0;
      fetch_ge_q    <= {WARPS{1'b1}};
      refill_q      <= '0;
      ic_valid_q    <= '0;
      mshr_valid_q  <= '0;
      mshr_sent_q   <= '0;
      mshr_line_q   <= '0;
      fd_valid_q    <= 1'b0;
      fd_warp_q     <= 6'd0;
      fd_pc_q       <= 16'd0;
    end else if (launch_i) begin                                 // §3.1, §14
      fetch_pc_q    <= start_pc_i;
      for (w = 0; w < WARPS; w = w + 1)
        fetch_state_q[w*2 +: 2] <= active_i[w] ? FETCH_RUN : FETCH_DONE;
      wait_mshr_q   <= '0;
      fetch_rr_q    <= 6'd0;
      fetch_ge_q    <= {WARPS{1'b1}};
      refill_q      <= '0;
      ic_valid_q    <= '0;
      mshr_valid_q  <= '0;
      mshr_sent_q   <= '0;
      mshr_line_q   <= '0;
      fd_valid_q    <= 1'b0;
      fd_warp_q     <= 6'd0;
      fd_pc_q       <= 16'd0;
    end else begin
      fetch_pc_q    <= fetch_pc_d;
      fetch_state_q <= fetch_state_d;
      wait_mshr_q   <= wait_mshr_d;
      fetch_rr_q    <= fetch_rr_d;
      fetch_ge_q    <= fetch_ge_d;
      refill_q      <= refill_d;
      ic_valid_q    <= ic_valid_d;
      mshr_valid_q  <= mshr_valid_d;
      mshr_sent_q   <= mshr_sent_d;
      mshr_line_q   <= mshr_line_d;
      fd_valid_q    <= fd_valid_d;
      fd_warp_q     <= fsel_warp_o;
      fd_pc_q       <= pc;
    end
  end

  // tag and data arrays: written by a fill, no reset (ic_valid guards them)
  // (a fill in the cycle of a hit: the read sees the old line, §3.3)
  always @(posedge clk_i) begin : p_arrays
    integer t;
    t = 0;
    fd_line_q <= ic_data_q[idx];
    if (imem_resp_valid_i && !launch_i) begin
      for (t = 0; t < ICACHE_LINES; t = t + 1)
        if ({{(32-(IB > 0 ? IB : 1)){1'b0}}, fill_idx} == t) ic_tag_q[t*16 +: 16] <= fill_tag;
      ic_data_q[fill_idx] <= imem_resp_data_i;
    end
  end

`ifdef WF_ASSERT
  // simulation-only: a response answers a valid MSHR whose request was sent;
  // an allocation takes a free MSHR
  always @(posedge clk_i) begin : p_assert
    integer t;
    if (!launch_i) begin
      if (imem_resp_valid_i && ({29'd0, imem_resp_mshr_i} >= IMSHRS ||
                                !mshr_valid_q[imem_resp_mshr_i] || !mshr_sent_q[imem_resp_mshr_i])) begin
        $error("WF_ASSERT wf_fetch: instruction-memory response for MSHR %0d, which has no request outstanding", imem_resp_mshr_i);
        $fatal(1, "WF_ASSERT wf_fetch");
      end
      if (fsel_valid_o && alloc_v && mshr_valid_q[free_m]) begin
        $error("WF_ASSERT wf_fetch: allocation of MSHR %0d, which is busy", free_m);
        $fatal(1, "WF_ASSERT wf_fetch");
      end
      for (t = 0; t < WARPS; t = t + 1)   // the pointer's mask is the pointer (wf_rr.vh)
        if (fetch_ge_q[t] != (t[5:0] >= fetch_rr_q)) begin
          $error("WF_ASSERT wf_fetch: fetch_ge_q[%0d] disagrees with fetch_rr_q %0d", t, fetch_rr_q);
          $fatal(1, "WF_ASSERT wf_fetch");
        end
    end
  end
`endif
endmodule
