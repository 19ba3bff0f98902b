// bank(w, r) and row(w, r) of docs/microarch.md §6.1, naive or swizzled: the
// one copy every block and the host register port include (inside the module;
// it uses the module's parameter BANKS).
  function automatic [4:0] f_bank(input [5:0] w, input [6:0] r, input sw);
    integer t;
    begin
      // mutant SWIZZLE_OFF1: the swizzle adds w + 1
      t = {25'd0, r} + (sw ? {26'd0, w} + (`WF_MUT_SWIZZLE_OFF1 ? 32'd1 : 32'd0) : 32'd0);
      t = t % BANKS;
      f_bank = t[4:0];
    end
  endfunction
  // the row of register r of warp w in its bank, at `rows` rows per warp
  // (ceil(REGS / BANKS)); the caller keeps the low RAW bits
  function automatic integer f_bank_row(input [5:0] w, input [6:0] r, input integer rows);
    f_bank_row = {26'd0, w} * rows + {25'd0, r} / BANKS;
  endfunction
