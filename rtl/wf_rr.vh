// Round-robin choice shared by the fetch (§3.2) and issue (§5.3) schedulers:
// the first requester at or above the pointer, else the lowest, as a one-hot
// found in parallel (x & -x) rather than a walk over the rotated order
// (docs/critpath.md 4g). Included inside a module with parameter WARPS.
  function automatic [WARPS-1:0] f_rr_first(input [WARPS-1:0] req, input [5:0] ptr);
    integer w;
    reg [WARPS-1:0] upper, first;
    begin
      for (w = 0; w < WARPS; w = w + 1)
        upper[w] = req[w] && w[5:0] >= ptr;
      first = upper != {WARPS{1'b0}} ? upper : req;
      f_rr_first = first & (~first + {{(WARPS-1){1'b0}}, 1'b1});
    end
  endfunction
