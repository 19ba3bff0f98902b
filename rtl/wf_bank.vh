// bank(w, r) of docs/microarch.md §6.1, naive or swizzled: the one copy every
// block includes (inside its module; it uses the module's parameter BANKS).
  function automatic [4:0] f_bank(input [5:0] w, input [6:0] r, input sw);
    integer t;
    begin
`ifndef WF_MUTANT_SWIZZLE_OFF1
      t = {25'd0, r} + (sw ? {26'd0, w} : 32'd0);
`else   // mutant (scripts/mutants.py): the swizzle adds w + 1
      t = {25'd0, r} + (sw ? {26'd0, w} + 32'd1 : 32'd0);
`endif
      t = t % BANKS;
      f_bank = t[4:0];
    end
  endfunction
