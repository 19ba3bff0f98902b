// bank(w, r) and row(w, r) of docs/microarch.md §6.1, naive or swizzled: the
// one copy every block and the host register port include (inside the module;
// it uses the module's parameter BANKS).
  // Unsigned and 8 bits wide (r + w + 1 <= 191): a signed 32-bit sum made
  // synthesis keep a 32-bit adder and the sign logic of a signed modulo in
  // every bank index (docs/critpath.md 4g); with BANKS a power of two the
  // modulo is the low bits.
  function automatic [4:0] f_bank(input [5:0] w, input [6:0] r, input sw);
    reg [7:0] t;
    begin
      // mutant SWIZZLE_OFF1: the swizzle adds w + 1
      t = {1'b0, r} + (sw ? {2'b0, w} + (`WF_MUT_SWIZZLE_OFF1 ? 8'd1 : 8'd0) : 8'd0);
      t = t % BANKS[7:0];
      f_bank = t[4:0];
    end
  endfunction
  // the row of register r of warp w in its bank, at `rows` rows per warp
  // (ceil(REGS / BANKS)); the caller keeps the low RAW bits
  function automatic integer f_bank_row(input [5:0] w, input [6:0] r, input integer rows);
    f_bank_row = {26'd0, w} * rows + {25'd0, r} / BANKS;
  endfunction
