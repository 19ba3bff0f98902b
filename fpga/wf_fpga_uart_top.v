// warpfront FPGA top with the UART host bridge (docs/fpga.md "Host bridge"):
// wf_host_core (wf_core + the instruction memory, wf_imem: $readmemh(IMEM_HEX)
// at power on, writable through the bridge) + wf_host_bridge + wf_uart. The host
// (scripts/wfhost) loads programs and scratchpad data, sets the run-time
// configuration and the start pcs, launches, polls and reads the final state.
// The §11 observation outputs of wf_core are left unconnected (synthesis
// removes the trace logic), as in wf_fpga_top.
`include "wf_defs.vh"  // `WF_CORE_PASS_* (generated)
module wf_fpga_uart_top #(
    // wf_core's shape parameters (docs/rtl.md) with small FPGA defaults, as wf_fpga_top
`include "wf_core_params_fpga.vh"  // generated from scripts/wf/layout.py CORE_PARAMS
    ,
`include "wf_host_params.vh"  // the pins, the pipeline options, IMISS_LAT
    ,
    parameter integer BAUD_DIV     = 104,    // clock cycles per UART bit (12 MHz: 104 = 115200 baud)
    parameter integer TIMEOUT      = 1200000, // cycles a frame may pause (12 MHz: 0.1 s)
    parameter integer RST_ACTIVE_LOW = 0,    // 1: rst_i is an active-low button
    parameter        IMEM_HEX      = "demo.hex"
) (
    input  wire clk_i,
    input  wire rst_i,        // reset button (polarity RST_ACTIVE_LOW), asynchronous
    input  wire uart_rx_i,    // from the host
    output wire uart_tx_o,    // to the host
    output wire busy_led_o,   // the bridge is handling a frame or a launched run is not done
    output wire done_led_o    // the last launched run is done
);
  // the other parameters are checked by wf_host_core
  generate
    if (RST_ACTIVE_LOW < 0 || RST_ACTIVE_LOW > 1)
      begin : g_chk_rst RST_ACTIVE_LOW_out_of_range_0_to_1 u_err(); end
  endgenerate

  // ---- reset: asynchronous assert, synchronous release --------------------------
  wire rst = RST_ACTIVE_LOW != 0 ? !rst_i : rst_i;
  reg [1:0] rst_sync_q;
  always @(posedge clk_i or posedge rst) begin
    if (rst) rst_sync_q <= 2'b00;
    else     rst_sync_q <= {rst_sync_q[0], 1'b1};
  end
  wire rst_n = rst_sync_q[1];

  // ---- UART and bridge -------------------------------------------------------------
  wire       rx_valid, tx_valid, tx_ready, busy;
  wire [7:0] rx_data, tx_data;
  wf_uart #(.DIV(BAUD_DIV)) u_uart (
    .clk_i(clk_i), .rst_ni(rst_n), .rx_i(uart_rx_i), .rx_valid_o(rx_valid), .rx_data_o(rx_data),
    .tx_o(uart_tx_o), .tx_valid_i(tx_valid), .tx_data_i(tx_data), .tx_ready_o(tx_ready)
  );

`include "wf_host_nets.vh"  // the nets between u_bridge and u_core (generated)
  wf_host_bridge #(
    `WF_CORE_PASS_SIZES, `WF_CORE_PASS_LAT, `WF_HOST_PASS, .BAUD_DIV(BAUD_DIV), .TIMEOUT(TIMEOUT)
  ) u_bridge (
    .clk_i(clk_i), .rst_ni(rst_n),
    .rx_valid_i(rx_valid), .rx_data_i(rx_data),
    .tx_valid_o(tx_valid), .tx_data_o(tx_data), .tx_ready_i(tx_ready), .busy_o(busy),
    `WF_HOST_CONN_CTRL
  );
  assign busy_led_o = busy;
  assign done_led_o = done;

  // ---- the core and its instruction memory -----------------------------------------------
  wf_host_core #(
    `WF_CORE_PASS_SIZES, `WF_CORE_PASS_LAT, `WF_HOST_PASS, .IMEM_HEX(IMEM_HEX)
  ) u_core (
    .clk_i(clk_i), .rst_ni(rst_n),
    `WF_HOST_CONN_CORE
  );
endmodule
