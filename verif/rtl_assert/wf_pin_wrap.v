// Test wrapper for the pinned run-time knobs (rtl/wf_core.v PIN_*): the same
// ports as wf_core; it passes its PIN_* parameters to wf_core and drives
// every pinned knob's cfg input with a value that differs from the pin, so a
// lockstep pass against the C model configured with the pinned values shows
// that the input is ignored. Built by verif/rtl_assert/pins.sh as the
// co-simulation harness's model (verilator --prefix Vwf_core). It also
// passes BANK_RAM_STYLE, whose "distributed" form (wf_spram READ_ADDR_REG)
// is other RTL with the same behaviour.
`include "wf_defs.vh"  // the trace layout (generated)
module wf_pin_wrap #(
`include "wf_core_sizes.vh"  // wf_core's parameters (generated), all passed through
    ,
`include "wf_core_knobs.vh"
) (
`include "wf_core_ports.vh"  // wf_core's ports (generated)
);
`include "wf_enums.vh"  // WAR_*, LOOPS_* (generated)
  // the conflicting inputs: another legal value than the pin
  wire       swz   = PIN_LAYOUT >= 0 ? ~cfg_swizzle_i : cfg_swizzle_i;
  wire [2:0] war   = PIN_WAR >= 0 ? (cfg_war_i == WAR_BLOOM ? WAR_NONE : cfg_war_i + 3'd1) : cfg_war_i;
  wire       gto   = PIN_SCHED >= 0 ? ~cfg_gto_i : cfg_gto_i;
  wire [1:0] loops = PIN_LOOPS >= 0 ? (cfg_loops_i == LOOPS_COLLECTOR ? LOOPS_ONE : cfg_loops_i + 2'd1) : cfg_loops_i;
  wire       stall = PIN_HAZARD >= 0 ? ~cfg_stall_i : cfg_stall_i;
  wire       dstage = PIN_DECODE_STAGE >= 0 ? ~cfg_decode_stage_i : cfg_decode_stage_i;
  wire       astage = PIN_ALLOC_STAGE >= 0 ? ~cfg_alloc_stage_i : cfg_alloc_stage_i;
  wire       hstage = PIN_HANDOFF_STAGE >= 0 ? ~cfg_handoff_stage_i : cfg_handoff_stage_i;
  wire       fstage = PIN_FILL_STAGE >= 0 ? ~cfg_fill_stage_i : cfg_fill_stage_i;
  wire       rstage = PIN_READY_STAGE >= 0 ? ~cfg_ready_stage_i : cfg_ready_stage_i;
  // latencies: one more (the defaults' maxima 16/32/32 leave room)
  wire [5:0] alu_lat = PIN_ALU_LAT >= 0 ? cfg_alu_lat_i + 6'd1 : cfg_alu_lat_i;
  wire [5:0] mul_lat = PIN_MUL_LAT >= 0 ? cfg_mul_lat_i + 6'd1 : cfg_mul_lat_i;
  wire [5:0] lsu_lat = PIN_LSU_LAT >= 0 ? cfg_lsu_lat_i + 6'd1 : cfg_lsu_lat_i;

  wf_core #(
    `WF_CORE_PASS_SIZES, `WF_CORE_PASS_LAT, `WF_CORE_PASS_PINS
  ) u_core (
    `WF_CORE_CONN_CLOCK, .launch_i(launch_i), .cfg_swizzle_i(swz), .cfg_war_i(war),
    .cfg_gto_i(gto), .cfg_loops_i(loops), .cfg_stall_i(stall), .cfg_alu_lat_i(alu_lat),
    .cfg_mul_lat_i(mul_lat), .cfg_lsu_lat_i(lsu_lat),
    .cfg_active_warps_i(cfg_active_warps_i), .cfg_decode_stage_i(dstage), .cfg_alloc_stage_i(astage),
    .cfg_handoff_stage_i(hstage), .cfg_fill_stage_i(fstage),
    .cfg_ready_stage_i(rstage), .start_pc_i(start_pc_i),
    `WF_CORE_CONN_STATUS, `WF_CORE_CONN_IMEM, `WF_CORE_CONN_HOST, `WF_CORE_CONN_OBS
  );
endmodule
