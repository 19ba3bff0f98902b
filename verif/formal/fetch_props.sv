// Formal properties of wf_fetch (docs/microarch.md §3.2, §3.3, §3.4) at three
// warps, two one-word I-cache lines and two MSHRs. The environment is free
// within its contract: the instruction memory answers each sent request
// once, after any delay, with legal words (docs/isa.md; branch targets in a
// four-word program); I-buffer occupancies are 0..IBUF; a bnz resolves only
// for a warp waiting on one; loop mode 1 and decode_stage are constants.
module fetch_props (
    input wire clk
);
  localparam integer WARPS = 3, ICL = 2, ICLINE = 1, M = 2, IBUF = 2;
  localparam [1:0] S_RUN = 2'd0, S_WAIT_MISS = 2'd1, S_WAIT_BRANCH = 2'd2, S_DONE = 2'd3;
  localparam [1:0] K_HIT = 2'd0, K_MISS = 2'd1, K_MERGE = 2'd2, K_FULL = 2'd3;
  `include "wf_isa.vh"
  reg [1:0] step = 2'd0;
  always @(posedge clk) if (step != 2'd3) step <= step + 2'd1;
  wire rst_n  = step != 2'd0;
  wire launch = step == 2'd1;
  wire run    = step == 2'd3;

  (* anyconst *) reg mode1, dstage;
  (* anyconst *) reg [WARPS*16-1:0] start_pc;
  (* anyseq *) reg [WARPS*4-1:0] nslots;
  (* anyseq *) reg [WARPS-1:0]   inflight_nz;
  (* anyseq *) reg               br_valid, req_ready, resp_valid;
  (* anyseq *) reg [5:0]         br_warp;
  (* anyseq *) reg [15:0]        br_pc;
  (* anyseq *) reg [2:0]         resp_mshr;
  (* anyseq *) reg [63:0]        resp_data;
  wire        req_valid, resp_ready, fsel_valid, dec_valid, fill_valid;
  wire [2:0]  req_mshr, fill_mshr;
  wire [15:0] req_line, fsel_pc, fill_line;
  wire [5:0]  fsel_warp;
  wire [1:0]  fkind;
  wire [WARPS*16-1:0] fetch_pc;
  wire [WARPS*2-1:0]  fstate;
  // internal state the properties name (runner peeks)
  wire [M-1:0]      pk_mv;      // dut.mshr_valid_q
  wire [M*16-1:0]   pk_ml;      // dut.mshr_line_q
  wire [WARPS*3-1:0] pk_wait;   // dut.wait_mshr_q
  wire [WARPS-1:0]  pk_ge;      // dut.fetch_ge_q: fetch_rr as a mask, bit w = (w >= fetch_rr)
  reg  [5:0]        pk_rr;      // fetch_rr: the mask's lowest set bit
  always @* begin : p_rr
    integer w;
    pk_rr = 6'd0;
    for (w = WARPS - 1; w >= 0; w = w - 1) if (pk_ge[w]) pk_rr = w;
  end
  wire [WARPS-1:0]  pk_refill;  // dut.refill_q
  wire              pk_fdv;     // dut.fd_valid_q, fd_warp_q
  wire [5:0]        pk_fdw;

  reg [M-1:0] outst = '0;       // requests sent, not answered
  always @(posedge clk)
    if (!rst_n || launch) outst <= '0;
    else outst <= (outst | (req_valid && req_ready ? (M'(1) << req_mshr) : '0)) &
                  ~(resp_valid ? (M'(1) << resp_mshr) : '0);
  always @* begin : p_env
    integer w;
    if (resp_valid) assume (resp_mshr < M && outst[resp_mshr]);
    assume (resp_data[`WF_INSN_OP] <= `WF_OP_EXIT);
    if (resp_data[`WF_INSN_OP] == `WF_OP_BRA || resp_data[`WF_INSN_OP] == `WF_OP_BNZ)
      assume (resp_data[`WF_INSN_IMM] < 4);
    for (w = 0; w < WARPS; w = w + 1) begin
      assume (nslots[w*4 +: 4] <= IBUF);
      assume (start_pc[w*16 +: 16] < 4);
    end
    if (br_valid) assume (br_warp < WARPS && fstate[br_warp*2 +: 2] == S_WAIT_BRANCH && br_pc < 4);
    if (!run) assume (!br_valid && !resp_valid);
  end

  wf_fetch #(.WARPS(WARPS), .ICACHE_LINES(ICL), .ICACHE_LINE(ICLINE), .IMSHRS(M), .IBUF(IBUF)) dut (
    .clk_i(clk), .rst_ni(rst_n), .launch_i(launch), .active_i({WARPS{1'b1}}), .start_pc_i(start_pc),
    .mode1_i(mode1), .dstage_i(dstage), .nslots_i(nslots), .inflight_nz_i(inflight_nz),
    .br_valid_i(br_valid), .br_warp_i(br_warp), .br_next_pc_i(br_pc),
    .imem_req_valid_o(req_valid), .imem_req_ready_i(req_ready), .imem_req_mshr_o(req_mshr),
    .imem_req_line_o(req_line), .imem_resp_valid_i(resp_valid), .imem_resp_ready_o(resp_ready),
    .imem_resp_mshr_i(resp_mshr), .imem_resp_data_i(resp_data),
    .fsel_valid_o(fsel_valid), .fsel_warp_o(fsel_warp), .fsel_pc_o(fsel_pc), .fkind_o(fkind),
    .dec_valid_o(dec_valid), .dec_warp_o(), .dec_pc_o(), .dec_word_o(), .fill_valid_o(fill_valid),
    .fill_mshr_o(fill_mshr), .fill_line_o(fill_line), .fetch_pc_o(fetch_pc), .fetch_state_o(fstate));

  // fetch-eligible (§3.2, §3.4)
  function automatic elig(input integer w);
    elig = fstate[w*2 +: 2] == S_RUN && nslots[w*4 +: 4] < IBUF &&
           (!mode1 || (nslots[w*4 +: 4] == 0 && !inflight_nz[w])) &&
           !(dstage && pk_fdv && pk_fdw == w);
  endfunction

  reg [WARPS-1:0] waiting_q = '0;   // warps waiting on the MSHR filled last cycle
  reg             was_run = 1'b0;
  always @(posedge clk) begin : p_track
    integer w;
    was_run <= run;
    for (w = 0; w < WARPS; w = w + 1)
      waiting_q[w] <= fill_valid && fstate[w*2 +: 2] == S_WAIT_MISS && pk_wait[w*3 +: 3] == fill_mshr;
  end

  always @* begin : p_props
    integer i, j, w, k, v;
    reg [WARPS-1:0] e, r;
    reg found;
    i = 0; j = 0; w = 0; k = 0; v = 0; found = 1'b0; e = '0; r = '0;
    if (run) begin
      // §3.3 an MSHR is never allocated twice for one line
      for (i = 0; i < M; i = i + 1)
        for (j = i + 1; j < M; j = j + 1)
          if (pk_mv[i] && pk_mv[j]) assert (pk_ml[i*16 +: 16] != pk_ml[j*16 +: 16]);  // P: mshr_unique_line
      // §3.2, §3.3 a merge never loses a warp: a waiting warp waits on a
      // valid MSHR that holds its line, and the fill releases it
      for (w = 0; w < WARPS; w = w + 1) begin
        if (fstate[w*2 +: 2] == S_WAIT_MISS) begin
          assert (pk_wait[w*3 +: 3] < M && pk_mv[pk_wait[w*3 +: 3]]);                    // P: merge_keeps_warp
          assert (pk_ml[pk_wait[w*3 +: 3]*16 +: 16] == fetch_pc[w*16 +: 16] / ICLINE);   // P: merge_keeps_warp
        end
        if (was_run && waiting_q[w]) assert (fstate[w*2 +: 2] == S_RUN);                 // P: fill_releases
      end
      // §3.2 the selection: refill warps first, then rr order from fetch_rr
      for (w = 0; w < WARPS; w = w + 1) begin
        e[w] = elig(w);
        r[w] = e[w] && pk_refill[w];
      end
      assert (fsel_valid == (e != '0));                                                 // P: fetch_select
      if (fsel_valid) begin
        assert (fsel_warp < WARPS && e[fsel_warp]);                                     // P: fetch_select
        assert (fsel_pc == fetch_pc[fsel_warp*16 +: 16]);                               // P: fetch_select
        // no warp of the pool (refill, else all eligible) comes before it in rr order
        for (k = 0; k < WARPS; k = k + 1) begin
          v = (pk_rr + k) % WARPS;
          if (v == fsel_warp) found = 1'b1;
          if (!found) assert (!(r != '0 ? r[v] : e[v]));                                // P: fetch_select
        end
        assert (r == '0 || r[fsel_warp]);                                               // P: refill_first
      end
      assert (pk_ge != '0 && pk_ge == ~((WARPS'(1) << pk_rr) - WARPS'(1)));               // P: fetch_rr
    end
  end
  // §3.2 item 2: fetch_rr moves past the selected warp, hit or miss
  reg        sel_q = 1'b0;
  reg [5:0]  selw_q, rr_q;
  always @(posedge clk) begin sel_q <= fsel_valid && run; selw_q <= fsel_warp; rr_q <= pk_rr; end
  always @* if (run && was_run)
    assert (pk_rr == (sel_q ? (selw_q + 6'd1) % WARPS : rr_q));                           // P: fetch_rr
endmodule
