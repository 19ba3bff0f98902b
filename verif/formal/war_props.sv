// Formal properties of wf_war, the WAR policies' rules (docs/microarch.md
// §5.6, §8.2-§8.5) in loop mode 3, at two warps, two CUs, 32 registers and a
// 4-bit Bloom filter (so both hash terms, r/16 included, matter). The CUs are
// modelled here (valid, warp, word, pending slots) and change freely from
// cycle to cycle, as do the heads, the in-flight flags, the dispatches and
// the issue handoff register; the policy is any constant.
module war_props (
    input wire clk
);
  localparam integer WARPS = 2, IBUF = 1, C = 2, REGS = 32, M = 4;
  localparam [2:0] WAR_NONE = 3'd0, WAR_INORDER = 3'd1, WAR_WB_COMMIT = 3'd2, WAR_WB_READ = 3'd3, WAR_BLOOM = 3'd4;
  `include "wf_isa.vh"
  reg [1:0] step = 2'd0;
  always @(posedge clk) if (step != 2'd3) step <= step + 2'd1;
  wire rst_n  = step != 2'd0;
  wire launch = step == 2'd1;
  wire run    = step == 2'd3;

  (* anyconst *) reg [2:0] war;
  (* anyseq *) reg [C-1:0]   nv, take;
  (* anyseq *) reg [C*3-1:0] np;
  (* anyseq *) reg [C*16-1:0] nx_older;
  (* anyseq *) reg [63:0]    al_word;
  (* anyseq *) reg [5:0]     al_warp;
  (* anyseq *) reg [WARPS*IBUF*64-1:0] head;
  (* anyseq *) reg [WARPS-1:0] inflight_nz;
  (* anyseq *) reg [2:0]     disp_valid;
  (* anyseq *) reg [3*5-1:0] disp_h;
  (* anyseq *) reg           ih_valid;
  (* anyseq *) reg [5:0]     ih_warp;
  (* anyseq *) reg [63:0]    ih_wd;

  // the CUs (start-of-cycle state) and their next state
  reg [C-1:0]    v = '0;
  reg [C*6-1:0]  cw;
  reg [C*64-1:0] cwd;
  reg [C*3-1:0]  cp;
  always @(posedge clk) begin : p_cu
    integer u;
    if (!rst_n || launch) v <= '0;
    else v <= nv;
    cp <= np;
    for (u = 0; u < C; u = u + 1)
      if (take[u]) begin cw[u*6 +: 6] <= al_warp; cwd[u*64 +: 64] <= al_word; end
  end
  function automatic legal(input [63:0] wd);
    legal = wd[`WF_INSN_OP] <= `WF_OP_EXIT && wd[`WF_INSN_RD] < REGS && wd[`WF_INSN_RA] < REGS &&
            wd[`WF_INSN_RB] < REGS && wd[`WF_INSN_RC] < REGS;
  endfunction
  always @* begin : p_env
    integer u, w;
    assume (war <= WAR_BLOOM);
    assume (al_warp < WARPS && legal(al_word) && ih_warp < WARPS && legal(ih_wd));
    for (w = 0; w < WARPS; w = w + 1) assume (legal(head[w*IBUF*64 +: 64]));
    for (u = 0; u < C; u = u + 1) begin
      // a CU's next state: allocated (take), or kept with fewer pending slots, or freed
      if (take[u]) assume (nv[u] && (np[u*3 +: 3] & ~((3'd1 << f_nsrc(al_word[`WF_INSN_OP])) - 3'd1)) == 3'd0);
      else begin
        if (nv[u]) assume (v[u] && (np[u*3 +: 3] & ~cp[u*3 +: 3]) == 3'd0);
        if (!nv[u]) assume (np[u*3 +: 3] == 3'd0);
      end
    end
    if (!run) assume (take == '0);
    assume ((take & (take - 1'b1)) == '0);   // at most one allocation a cycle
  end

  wire [WARPS-1:0] allows, collecting;
  wire [C-1:0] dispatch_ok;
  wire [15:0] older_new;
  wire [WARPS*64-1:0] filter;
  wf_war #(.WARPS(WARPS), .IBUF(IBUF), .COLLECTORS(C), .REGS(REGS), .BLOOM_BITS(M)) dut (
    .clk_i(clk), .rst_ni(rst_n), .launch_i(launch), .war_i(war), .mode3_i(1'b1), .cu_valid_i(v),
    .cu_warp_i(cw), .nx_older_i(nx_older), .nx_valid_i(nv), .nx_pending_i(np), .cu_word_i(cwd),
    .al_take_i(take), .al_word_i(al_word), .slot_word_i(head), .inflight_nz_i(inflight_nz),
    .disp_valid_i(disp_valid), .disp_h_i(disp_h), .al_warp_i(al_warp), .ih_valid_i(ih_valid),
    .ih_warp_i(ih_warp), .ih_wd_i(ih_wd), .allows_o(allows), .dispatch_ok_o(dispatch_ok),
    .older_new_o(older_new), .collecting_o(collecting), .filter_o(filter));

  function automatic [6:0] src(input [63:0] wd, input integer s);
    src = s == 0 ? wd[`WF_INSN_RA_LSB +: 7] : s == 1 ? wd[`WF_INSN_RB_LSB +: 7] : wd[`WF_INSN_RC_LSB +: 7];
  endfunction
  // §8.5 H(r): bits r mod m and (5r + floor(r/16) + 3) mod m
  function automatic [M-1:0] hash(input [6:0] r);
    integer h1;
    begin
      h1 = (5 * r + r / 16 + 3) % M;
      hash = (M'(1) << (r % M)) | (M'(1) << h1);
    end
  endfunction

  always @* begin : p_props
    integer u, w, s, x;
    reg [WARPS-1:0] coll;
    reg [WARPS*M-1:0] filt;
    reg reads_rd, ih_reads, ih_w;
    reg [63:0] wd;
    reg [6:0] rd;
    reg [15:0] onew;
    coll = '0; filt = '0; reads_rd = 1'b0; ih_reads = 1'b0; ih_w = 1'b0; wd = 64'd0; rd = 7'd0; onew = '0;
    for (u = 0; u < C; u = u + 1)
      if (v[u] && cp[u*3 +: 3] != 3'd0)
        for (w = 0; w < WARPS; w = w + 1)
          if (cw[u*6 +: 6] == w) begin
            coll[w] = 1'b1;
            for (s = 0; s < 3; s = s + 1)
              if (cp[u*3 + s]) filt[w*M +: M] = filt[w*M +: M] | hash(src(cwd[u*64 +: 64], s));
          end
    u = 0; w = 0; s = 0; x = 0;
    if (run) begin
      // the model's own invariants (for the induction step)
      for (u = 0; u < C; u = u + 1) begin
        if (!v[u]) assert (cp[u*3 +: 3] == 3'd0);                                     // P: invariant
        else assert (cw[u*6 +: 6] < WARPS && legal(cwd[u*64 +: 64]));                 // P: invariant
      end
      for (w = 0; w < WARPS; w = w + 1) begin
        // §8.4, §8.5 the derived state is the function of the CUs
        assert (collecting[w] == coll[w]);                                            // P: derived_state
        assert (filter[w*64 +: 64] == {{(64-M){1'b0}}, filt[w*M +: M]});               // P: derived_state
        wd = head[w*IBUF*64 +: 64];
        rd = wd[`WF_INSN_RD_LSB +: 7];
        reads_rd = 1'b0;
        for (u = 0; u < C; u = u + 1)
          for (s = 0; s < 3; s = s + 1)
            if (v[u] && cw[u*6 +: 6] == w && cp[u*3 + s] && src(cwd[u*64 +: 64], s) == rd) reads_rd = 1'b1;
        ih_w = ih_valid && ih_warp == w;
        ih_reads = 1'b0;
        for (s = 0; s < 3; s = s + 1)
          if (s < f_nsrc(ih_wd[`WF_INSN_OP]) && src(ih_wd, s) == rd) ih_reads = 1'b1;
        case (war)
          WAR_WB_COMMIT: assert (allows[w] == !inflight_nz[w]);                          // P: warpboard_commit
          WAR_WB_READ:   assert (allows[w] == !(coll[w] || ih_w && f_nsrc(ih_wd[`WF_INSN_OP]) != 2'd0)); // P: warpboard_read
          WAR_BLOOM: if (f_writes(wd[`WF_INSN_OP])) begin
            // the rule (§8.5) exactly: ready unless both bits of H(rd) are set
            assert (allows[w] == ((filt[w*M +: M] & hash(rd)) != hash(rd) && !(ih_w && ih_reads))); // P: bloom_rule
            // so no register is written while a collecting instruction reads it
            if (allows[w]) assert (!reads_rd);                                        // P: bloom_no_false_negative
          end else assert (allows[w]);                                                // P: bloom_rule
          default: assert (allows[w]);                                                // P: none_inorder_allow
        endcase
      end
      // §8.2 a new CU's older mask: the valid CUs of its warp not dispatched now
      for (u = 0; u < C; u = u + 1) begin
        onew[u] = v[u] && cw[u*6 +: 6] == al_warp;
        for (x = 0; x < 3; x = x + 1)
          if (disp_valid[x] && disp_h[x*5 +: 5] == u) onew[u] = 1'b0;
        assert (dispatch_ok[u] == (war != WAR_INORDER || nx_older[u*16 +: 16] == 16'd0)); // P: inorder_dispatch
      end
      assert (older_new == onew);                                                     // P: inorder_older
    end
  end
endmodule
