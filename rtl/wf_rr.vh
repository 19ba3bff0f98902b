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
  // both candidates found in parallel, then one select
  function automatic [WARPS-1:0] f_rr_first(input [WARPS-1:0] req, input [5:0] ptr);
    integer w;
    reg [WARPS-1:0] upper;
    begin
      for (w = 0; w < WARPS; w = w + 1)
        upper[w] = req[w] && w[5:0] >= ptr;
      f_rr_first = upper != {WARPS{1'b0}} ? f_lowest_1h(upper) : f_lowest_1h(req);
    end
  endfunction
