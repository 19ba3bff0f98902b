// The run-time configuration's check, shared by the UART bridge
// (wf_host_bridge: SET_CFG) and the Wishbone top (wf_wb_ctrl: LAUNCH).
// Included in a module body after wf_host_proto.vh (CFG_*, MODE_*) and
// wf_enums.vh (WAR_*, LOOPS_*), where
// the module's parameters ALU_LAT_MAX, MUL_LAT_MAX, LSU_LAT_MAX, WARPS and
// PIN_* are in scope. c: the CFG_LAYOUT bytes, byte 0 in bits 7:0.
function automatic cfg_valid(input [CFG_BYTES*8-1:0] c);
  reg [7:0] modes, war, loops, alu, mul, lsu, act;
  begin
    modes = c[CFG_MODES*8 +: 8];   war = c[CFG_WAR*8 +: 8];
    loops = c[CFG_LOOPS*8 +: 8];   alu = c[CFG_ALU_LAT*8 +: 8];
    mul   = c[CFG_MUL_LAT*8 +: 8]; lsu = c[CFG_LSU_LAT*8 +: 8];
    act   = c[CFG_ACTIVE_WARPS*8 +: 8];
    cfg_valid =
        modes >> 3 == 8'd0 && war <= {5'd0, WAR_BLOOM} &&
        loops >= {6'd0, LOOPS_ONE} && loops <= {6'd0, LOOPS_COLLECTOR} &&
        alu >= 8'd1 && alu <= ALU_LAT_MAX[7:0] && mul >= 8'd1 && mul <= MUL_LAT_MAX[7:0] &&
        lsu >= 8'd2 && lsu <= LSU_LAT_MAX[7:0] && act <= WARPS[7:0] &&
        (PIN_LAYOUT < 0 || modes[MODE_LAYOUT] == PIN_LAYOUT[0]) &&
        (PIN_SCHED  < 0 || modes[MODE_SCHED] == PIN_SCHED[0]) &&
        (PIN_HAZARD < 0 || modes[MODE_HAZARD] == PIN_HAZARD[0]) &&
        (PIN_WAR    < 0 || war == PIN_WAR[7:0]) &&
        (PIN_LOOPS  < 0 || loops == PIN_LOOPS[7:0]);
  end
endfunction
