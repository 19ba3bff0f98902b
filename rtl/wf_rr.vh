// Round-robin choice shared by the fetch (§3.2) and issue (§5.3) schedulers:
// the first requester at or above the pointer, else the lowest, as a one-hot
// found in parallel rather than a walk over the rotated order
// (docs/critpath.md 4g). Included inside a module with parameter WARPS.
  // the lowest set bit as a one-hot: bit w set when no lower bit is (an OR
  // tree per bit, not x & -x, whose adder maps to a carry chain, 4h)
  function automatic [WARPS-1:0] f_lowest_1h(input [WARPS-1:0] x);
    integer w;
    reg below;
    begin
      below = 1'b0;
      for (w = 0; w < WARPS; w = w + 1) begin
        f_lowest_1h[w] = x[w] && !below;
        below = below || x[w];
      end
    end
  endfunction
  // The pointer is kept as its mask ge (bit w: w >= pointer) beside the
  // index, so the choice starts at flops without a comparator (a carry chain
  // per warp on ECP5, docs/critpath.md 4l): both candidates found in
  // parallel, then one select.
  function automatic [WARPS-1:0] f_rr_first(input [WARPS-1:0] req, input [WARPS-1:0] ge);
    reg [WARPS-1:0] upper;
    begin
      upper = req & ge;
      f_rr_first = upper != {WARPS{1'b0}} ? f_lowest_1h(upper) : f_lowest_1h(req);
    end
  endfunction
  // the mask of the pointer that follows the chosen one-hot c (c + 1 mod
  // WARPS): the warps above c, or every warp when c is the last one
  function automatic [WARPS-1:0] f_rr_ge_after(input [WARPS-1:0] c);
    integer w;
    reg below;
    begin
      below = 1'b0;
      for (w = 0; w < WARPS; w = w + 1) begin
        f_rr_ge_after[w] = below || c[WARPS-1];
        below = below || c[w];
      end
    end
  endfunction
