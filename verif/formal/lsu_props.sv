// Formal properties of wf_lsu, the LSU's first stage (docs/microarch.md
// §9.2, §9.3, §10.2, §10.5), at three lanes and two-word lines (so one
// instance can need one, two or three pieces). The dispatch into stage 1 is
// free, within its rules (§10.1: only when stage 1 accepts; at least one
// lane left); stage 2 always accepts (the LSU's last stage wins every write,
// §10.3, so the LSU pipeline never holds). The hazard mode is any constant.
module lsu_props (
    input wire clk
);
  localparam integer LANES = 3, BANKS = 1, MW = 16, ML = 2;
  localparam integer LW = LANES * 32;
  reg [1:0] step = 2'd0;
  always @(posedge clk) if (step != 2'd3) step <= step + 2'd1;
  wire rst_n  = step != 2'd0;
  wire launch = step == 2'd1;
  wire run    = step == 2'd3;

  (* anyconst *) reg stall_mode;
  (* anyseq *) reg              d_valid, d_sbv;
  (* anyseq *) reg [5:0]        d_warp;
  (* anyseq *) reg [15:0]       d_pc;
  (* anyseq *) reg              d_is_ld;
  (* anyseq *) reg [6:0]        d_rd;
  (* anyseq *) reg [23:0]       d_imm;
  (* anyseq *) reg [2:0]        d_sbe;
  (* anyseq *) reg [LANES-1:0]  d_left;
  (* anyseq *) reg [2*LW-1:0]   d_opnd;
  wire [63:0] d_wd = {d_is_ld ? 8'h0F : 8'h10, d_is_ld ? {1'b0, d_rd} : 8'd0, 16'd0, 8'd0, d_imm};

  wire p_valid, p_writes, p_final, p_end, p_sbv, vd_valid, vd_done, mem_clear, accept, lsu_stall;
  wire [5:0] p_warp;
  wire [15:0] p_pc, p_line;
  wire [6:0] p_rd;
  wire [2:0] p_sbe;
  wire [LANES-1:0] p_lanes, vd_rest;
  wire [LANES*5-1:0] p_off;
  wf_lsu #(.LANES(LANES), .BANKS(BANKS), .MEM_WORDS(MW), .MEM_LINE(ML)) dut (
    .clk_i(clk), .rst_ni(rst_n), .launch_i(launch), .running_i(run), .stall_mode_i(stall_mode),
    .s2_accept_i(1'b1), .d_valid_i(d_valid && run), .d_warp_i(d_warp), .d_pc_i(d_pc), .d_wd_i(d_wd),
    .d_sbv_i(d_sbv), .d_sbe_i(d_sbe), .d_left_i(d_left), .d_opnd_i(d_opnd), .d_late_i(2'b00),
    .d_lbank_i(10'd0), .rdata_i({LW{1'b0}}), .host_en_i(1'b0), .host_we_i(1'b0), .host_addr_i(16'd0),
    .host_wdata_i(32'd0), .host_rdata_o(),
    .p_valid_o(p_valid), .p_warp_o(p_warp), .p_pc_o(p_pc), .p_rd_o(p_rd), .p_writes_o(p_writes),
    .p_final_o(p_final), .p_end_o(p_end), .p_sbv_o(p_sbv), .p_sbe_o(p_sbe), .p_lanes_o(p_lanes),
    .p_off_o(p_off), .p_line_o(p_line), .vd_valid_o(vd_valid), .vd_done_o(vd_done), .vd_rest_o(vd_rest),
    .mem_clear_o(mem_clear), .accept_o(accept), .lsu_stall_o(lsu_stall), .rdline_o());

  // dispatch rules (§10.1): into an accepting stage 1, with lanes left
  always @* if (run && d_valid) begin
    assume (accept);
    assume (d_left != '0);
  end

  // ---- reference: the instance in stage 1, its lanes and their lines ------------
  reg              r_valid = 1'b0;
  reg [LANES-1:0]  r_orig, r_left;
  reg [LANES*16-1:0] r_line;   // per lane the line of (a + sext(imm)) mod M (§10.2)
  reg              r_ld;
  reg [6:0]        r_rd;
  reg              r_stall = 1'b0;   // §9.3 reference flag
  function automatic [LANES*16-1:0] lines(input [LW-1:0] a, input [23:0] imm);
    integer l;
    reg [31:0] ad;
    for (l = 0; l < LANES; l = l + 1) begin
      ad = a[l*32 +: 32] + {{8{imm[23]}}, imm};
      lines[l*16 +: 16] = (ad % MW) / ML;
    end
  endfunction
  reg [LANES-1:0] piece_ref;
  reg [15:0]      low_line;
  always @* begin : p_ref
    integer l;
    reg seen;
    seen = 1'b0; low_line = 16'd0; piece_ref = '0;
    for (l = 0; l < LANES; l = l + 1)
      if (r_left[l] && !seen) begin seen = 1'b1; low_line = r_line[l*16 +: 16]; end
    for (l = 0; l < LANES; l = l + 1)
      piece_ref[l] = r_left[l] && r_line[l*16 +: 16] == low_line;
  end
  always @(posedge clk) begin
    if (!rst_n || launch) begin
      r_valid <= 1'b0; r_stall <= 1'b0;
    end else begin
      // §9.3: set after a cycle whose stage-1 instance served a piece and stays
      r_stall <= stall_mode && p_valid && (r_left & ~p_lanes) != '0;
      if (p_valid) begin
        r_left <= r_left & ~p_lanes;
        if (!stall_mode || (r_left & ~p_lanes) == '0) r_valid <= 1'b0;
      end
      if (run && d_valid) begin
        r_valid <= 1'b1; r_orig <= d_left; r_left <= d_left; r_ld <= d_is_ld; r_rd <= d_rd;
        r_line <= lines(d_opnd[LW-1:0], d_imm);
      end
    end
  end

  always @* if (run) begin
    // a piece is served exactly when an instance is in stage 1 (stage 2 accepts)
    assert (p_valid == r_valid);                                      // P: piece_each_cycle
    if (p_valid) begin
      // §10.2: the piece is the lanes left in the lowest lane's line: no
      // lane served twice, none skipped
      assert (p_lanes == piece_ref);                                  // P: piece_lanes
      assert (p_line == low_line);                                    // P: piece_lanes
      assert (p_writes == r_ld && (!r_ld || p_rd == r_rd));           // P: piece_lanes
      // §10.3: the last lanes make the final result
      assert (p_final == ((r_left & ~p_lanes) == '0));                // P: verdict
      // §9.2 replay: every piece ends its instance; the verdict hands the
      // rest back to the I-buffer slot: never drops a lane
      if (!stall_mode) begin
        assert (p_end && vd_valid);                                   // P: verdict
        assert (vd_rest == (r_left & ~p_lanes));                      // P: verdict
        assert (vd_done == (vd_rest == '0));                          // P: verdict
      end else begin
        assert (!vd_valid);                                           // P: verdict
        assert (p_end == ((r_left & ~p_lanes) == '0));                // P: verdict
      end
      // §10.5: the instance leaves stage 1 (mem_inflight clears) exactly then
      assert (mem_clear == (!stall_mode || (r_left & ~p_lanes) == '0)); // P: verdict
    end else
      assert (!mem_clear);                                            // P: verdict
    // §9.3 the stall flag
    assert (lsu_stall == r_stall);                                    // P: stall_flag
    // stage 1 accepts when empty or its instance leaves (§10.1)
    assert (accept == (!r_valid || mem_clear));                       // P: verdict
  end
endmodule
