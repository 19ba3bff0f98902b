// Run-time-index part selects as explicit muxes: the one copy every block
// includes. `x[i*K + OFF +: W]` with a run-time index i elaborates to a
// multiplier i*K (Yosys 0.23 maps it to an ECP5 MULT18X18D, or to LUTs on
// iCE40, on the §12 same-cycle chain). These loops compare i with each
// element number j instead, so every part select has a constant offset.
//   x: N elements of K bits; the W bits at OFF (a constant, or a loop index
//   of the caller) in element i; j: an integer loop variable of the caller,
//   not used by an enclosing loop. A statement ended by the caller's `;`,
//   with no `if` of its own (safe before an `else`). An i >= N selects
//   nothing: WF_GET leaves y as it was (callers assign y a default first),
//   WF_SET writes nothing.
`ifndef WF_SEL_VH
`define WF_SEL_VH
`define WF_GET(y, x, i, N, K, OFF, W, j) \
  for (j = 0; j < (N); j = j + 1) y = (i) == j ? x[j*(K) + (OFF) +: (W)] : y
`define WF_SET(x, i, N, K, OFF, W, j, v) \
  for (j = 0; j < (N); j = j + 1) x[j*(K) + (OFF) +: (W)] = (i) == j ? (v) : x[j*(K) + (OFF) +: (W)]
`endif
