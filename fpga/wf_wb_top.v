// warpfront on a Wishbone bus (docs/soc.md): wf_host_core (wf_core + the
// instruction memory, as the UART top's) + wf_wb_ctrl (the Wishbone B4
// classic slave with the control registers, and the DMA master).
`include "wf_defs.vh"  // `WF_CORE_PASS_* (generated)
module wf_wb_top #(
    // wf_core's shape parameters (docs/rtl.md) with small FPGA defaults, as the FPGA tops
`include "wf_core_params_fpga.vh"  // generated from scripts/wf/layout.py CORE_PARAMS
    ,
`include "wf_host_params.vh"  // the pins, the pipeline options, IMISS_LAT
    ,
    parameter [31:0]  SYS_BASE     = 32'h4000_0000,  // the system memory the DMA may reach
    parameter [31:0]  SYS_SIZE     = 32'h0100_0000,
    parameter        IMEM_HEX      = "demo.hex"      // the power-on image
) (
    input  wire        clk_i,
    input  wire        rst_ni,       // synchronous to clk_i (the SoC's reset)
`include "wf_wb_ports.vh"  // the bus ports (generated from scripts/wf/socmap.py)
);
`include "wf_host_nets.vh"  // the nets between u_ctrl and u_core (generated)
  wf_wb_ctrl #(
    `WF_CORE_PASS_SIZES, `WF_CORE_PASS_LAT, `WF_HOST_PASS, .SYS_BASE(SYS_BASE), .SYS_SIZE(SYS_SIZE)
  ) u_ctrl (
    .clk_i(clk_i), .rst_ni(rst_ni),
    `WF_WB_CONN,
    `WF_HOST_CONN_CTRL
  );

  // a latency with one legal value is pinned (no logic for the others in wf_core)
  wf_host_core #(
    `WF_CORE_PASS_SIZES, `WF_CORE_PASS_LAT, `WF_HOST_PASS, .IMEM_HEX(IMEM_HEX),
    .PIN_ALU_LAT(ALU_LAT_MAX == 1 ? 1 : -1), .PIN_MUL_LAT(MUL_LAT_MAX == 1 ? 1 : -1),
    .PIN_LSU_LAT(LSU_LAT_MAX == 2 ? 2 : -1)
  ) u_core (
    .clk_i(clk_i), .rst_ni(rst_ni),
    `WF_HOST_CONN_CORE
  );
endmodule
