// bank(w, r) of docs/microarch.md §6.1, naive or swizzled: the one copy every
// block includes (inside its module; it uses the module's parameter BANKS).
  function automatic [4:0] f_bank(input [5:0] w, input [6:0] r, input sw);
    integer t;
    begin
      // mutant SWIZZLE_OFF1: the swizzle adds w + 1
      t = {25'd0, r} + (sw ? {26'd0, w} + (`WF_MUT_SWIZZLE_OFF1 ? 32'd1 : 32'd0) : 32'd0);
      t = t % BANKS;
      f_bank = t[4:0];
    end
  endfunction
