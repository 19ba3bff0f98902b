// Formal properties of wf_staging, the staging register's rules of loop
// modes 1, 2 (docs/microarch.md §7.2), at two banks. Combinational: every
// input is free except the reads, which follow the arbiter's rule for the
// SR (each bank not written grants the SR's lowest pending slot in it and
// fills every pending slot of the same register, §6.3, §7.2); the slots'
// registers are free, their banks bank(w, r) of the naive layout.
module staging_props;
  localparam integer BANKS = 2;
  `include "wf_isa.vh"
  (* anyseq *) reg         sr_valid;
  (* anyseq *) reg [2:0]   sr_pending, accept, bank_written_any;
  (* anyseq *) reg [7:0]   op;
  (* anyseq *) reg [3*7-1:0] sreg;
  wire [BANKS-1:0] bank_written = bank_written_any[BANKS-1:0];
  wire [63:0] wd = {op, 8'd0, 1'b0, sreg[6:0], 1'b0, sreg[13:7], 1'b0, sreg[20:14], 24'd0};
  reg  [3*5-1:0] sbank;
  reg  [2:0] fill;
  reg  cf;          // §7.2 conflict_free: distinct source registers in distinct banks
  wire disp, issue_ok;
  always @* begin : p_env
    integer s, t, b;
    reg taken;
    assume (op <= `WF_OP_EXIT && f_unit(op) != `WF_UNIT_NONE);
    for (s = 0; s < 3; s = s + 1) begin
      assume (sreg[s*7 +: 7] < 4);
      sbank[s*5 +: 5] = sreg[s*7 +: 7] % BANKS;
      if (s >= f_nsrc(op)) assume (!sr_pending[s]);
    end
    cf = 1'b1;
    for (s = 0; s < 3; s = s + 1)
      for (t = s + 1; t < 3; t = t + 1)
        if (s < f_nsrc(op) && t < f_nsrc(op) && sreg[s*7 +: 7] != sreg[t*7 +: 7] &&
            sbank[s*5 +: 5] == sbank[t*5 +: 5]) cf = 1'b0;
    // the reads of this cycle (§7.2): per bank not written, the lowest
    // pending slot, and every pending slot naming its register
    fill = 3'd0;
    for (b = 0; b < BANKS; b = b + 1) begin
      taken = 1'b0;
      for (s = 0; s < 3; s = s + 1)
        if (sr_valid && sr_pending[s] && sbank[s*5 +: 5] == b && !bank_written[b] && !taken) begin
          taken = 1'b1;
          for (t = 0; t < 3; t = t + 1)
            if (sr_pending[t] && sreg[t*7 +: 7] == sreg[s*7 +: 7]) fill[t] = 1'b1;
        end
    end
  end

  wf_staging #(.BANKS(BANKS)) dut (
    .sr_valid_i(sr_valid), .sr_cf_i(cf), .sr_pending_i(sr_pending), .sr_wd_i(wd), .sr_bank_i(sbank),
    .fill_sr_i(fill), .bank_written_i(bank_written), .accept_i(accept), .disp_o(disp),
    .issue_ok_o(issue_ok));

  wire acc = accept[f_unit(op) - 2'd1];
  always @* begin
    // §7.2 dispatch: the last pending slots are read now (or none are left)
    // and the unit accepts
    assert (disp == (sr_valid && (sr_pending & ~fill) == 3'd0 && acc));            // P: sr_dispatch
    // §7.2 issue rule: an empty SR, or one that certainly empties this cycle
    // (conflict-free, no pending slot's bank written, its unit accepts) ...
    if (sr_valid)
      assert (issue_ok == (cf && acc && !(sr_pending[0] && bank_written[sbank[4:0]] ||
                                          sr_pending[1] && bank_written[sbank[9:5]] ||
                                          sr_pending[2] && bank_written[sbank[14:10]]))); // P: sr_issue_rule
    else
      assert (issue_ok);                                                             // P: sr_issue_rule
    // ... so an issue into an occupied SR never finds it still occupied
    if (sr_valid && issue_ok) assert (disp);                                         // P: sr_empties
  end
endmodule
