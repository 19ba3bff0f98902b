// The build-time parameters of the hosted FPGA tops (wf_fpga_uart_top,
// wf_wb_top), of their host controllers (wf_host_bridge, wf_wb_ctrl: IDENTIFY
// and the configuration check report and honour them) and of wf_host_core;
// included in their parameter lists after wf_core_params_fpga.vh and a comma,
// no comma after the last. Pass them on with `WF_HOST_PASS.
`ifndef WF_HOST_PASS
`define WF_HOST_PASS .PIN_LAYOUT(PIN_LAYOUT), .PIN_WAR(PIN_WAR), .PIN_SCHED(PIN_SCHED), .PIN_LOOPS(PIN_LOOPS), .PIN_HAZARD(PIN_HAZARD), .DECODE_STAGE(DECODE_STAGE), .ALLOC_STAGE(ALLOC_STAGE), .HANDOFF_STAGE(HANDOFF_STAGE), .FILL_STAGE(FILL_STAGE), .READY_STAGE(READY_STAGE), .IMISS_LAT(IMISS_LAT)
`endif
    // pinned run-time knobs (wf_core's PIN_*; -1 = selectable by the host:
    // SET_CFG on the UART, CFG0/CFG1 on the Wishbone bus)
    parameter integer PIN_LAYOUT   = -1,
    parameter integer PIN_WAR      = -1,
    parameter integer PIN_SCHED    = -1,
    parameter integer PIN_LOOPS    = -1,
    parameter integer PIN_HAZARD   = -1,
    // the pipeline options (§3.4, §4.4, §5.6, §6.5, §5.7): build-time choices
    // here, 0 or 1 (wf_core's PIN_*_STAGE; the host's configuration does not
    // carry them), reported by IDENTIFY
    parameter integer DECODE_STAGE = 0,
    parameter integer ALLOC_STAGE  = 0,
    parameter integer HANDOFF_STAGE = 0,
    parameter integer FILL_STAGE   = 0,
    parameter integer READY_STAGE  = 0,
    parameter integer IMISS_LAT    = 8       // wfsim --imiss-lat, >= ICACHE_LINE + 3
