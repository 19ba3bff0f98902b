// Miter of wf_writeback (purely combinational, §10.3): the mcy build's netlist
// with MUTSEL 0 (unmutated) against mutant MUT on the same inputs; every output
// must be equal. CONSTR 1 assumes what reaches writeback in the default build
// (WARPS 8, REGS 32, BANKS 4, SB_ENTRIES 4): a warp, register, bank and
// scoreboard entry inside the configuration. verif/formal/mcy/wb_equiv.sh runs it.
module wb_miter #(parameter MUT = 0, parameter CONSTR = 1) (
  input [2:0] l_valid_i, input [17:0] l_warp_i, input [20:0] l_rd_i, input [14:0] l_bank_i,
  input [2:0] l_writes_i, input [2:0] l_final_i, input [2:0] l_sbv_i, input [8:0] l_sbe_i,
  input [23:0] l_lanes_i, input [767:0] l_data_i);
  wire [3:0] bw0, bw1, we0, we1; wire [2:0] lv0, lv1, wv0, wv1, rv0, rv1;
  wire [14:0] wbb0, wbb1; wire [63:0] rm0, rm1; wire [1023:0] wd0, wd1; wire [31:0] wm0, wm1;
  wire [23:0] wr0, wr1;
  wf_writeback #(.MUTSEL(0)) a (l_valid_i, l_warp_i, l_rd_i, l_bank_i, l_writes_i, l_final_i, l_sbv_i,
    l_sbe_i, l_lanes_i, l_data_i, bw0, lv0, wv0, wbb0, rm0, rv0, we0, wr0, wm0, wd0);
  wf_writeback #(.MUTSEL(MUT)) b (l_valid_i, l_warp_i, l_rd_i, l_bank_i, l_writes_i, l_final_i, l_sbv_i,
    l_sbe_i, l_lanes_i, l_data_i, bw1, lv1, wv1, wbb1, rm1, rv1, we1, wr1, wm1, wd1);
  integer u;
  always @* begin
    if (CONSTR)
      for (u = 0; u < 3; u = u + 1) begin  // the three writeback units' fields
        assume (l_warp_i[u*6 +: 6] < 8);
        assume (l_rd_i[u*7 +: 7] < 32);
        assume (l_bank_i[u*5 +: 5] < 4);
        assume (l_sbe_i[u*3 +: 3] < 4);
      end
    assert ({bw0, lv0, wv0, wbb0, rm0, rv0, we0, wr0, wm0, wd0} == {bw1, lv1, wv1, wbb1, rm1, rv1, we1, wr1, wm1, wd1});
  end
endmodule
