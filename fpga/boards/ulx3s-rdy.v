// ULX3S (as ulx3s.v: LFE5U-85F-6BG381C, 25 MHz clock, FT231X UART, pins in
// ulx3s.lpf) with the larger cores of the ecp5-*-rdy netlists:
// wf_fpga_uart_top at WARPS x LANES x 32 registers x 4 banks x 4 collector
// units (the default machine's register file, banks and CUs) with every
// pipeline option built in (IDENTIFY reports them) and LUT-RAM register
// banks. Boards ulx3s-4w4l (4 x 4) and ulx3s-8w8l (8 x 8, the default
// machine's shape) set WARPS and LANES (scripts/wf/boards.py). The policy
// knobs are pinned to wfsim's defaults (swizzle, bloom, lrr, loops 3,
// replay): with them selectable the 4 x 4 does not reach the board's clock
// (docs/fpga.md "Board bring-up"). ALU latency 1..2 and
// MUL/MAD 1..2 at run time; IMSHRS 1, so wfhost --check compares cycle
// counts exactly. 115200 baud (25 MHz / 217). BTN_PWR (btn[0], active low)
// resets; led[0] busy, led[1] done.
module wf_board_ulx3s_rdy #(
    parameter IMEM_HEX = "demo.hex",
    parameter integer WARPS = 4,
    parameter integer LANES = 4
) (
    input  wire       clk_25mhz,
    input  wire [0:0] btn,
    input  wire       ftdi_txd,   // the FT231X's TXD: into the FPGA
    output wire       ftdi_rxd,   // the FT231X's RXD: out of the FPGA
    output wire [1:0] led
);
  wf_fpga_uart_top #(
    .WARPS(WARPS), .LANES(LANES), .REGS(32), .BANKS(4), .COLLECTORS(4), .SB_ENTRIES(4), .IBUF(2),
    .ICACHE_LINES(16), .ICACHE_LINE(4), .IMSHRS(1), .IMEM_WORDS(1024), .MEM_WORDS(1024),
    .MEM_LINE(4), .BLOOM_BITS(16), .ALU_LAT_MAX(2), .MUL_LAT_MAX(2), .LSU_LAT_MAX(2),
    .BANK_RAM_STYLE("distributed"), .PIN_LAYOUT(1), .PIN_WAR(4), .PIN_SCHED(0), .PIN_LOOPS(3),
    .PIN_HAZARD(0), .DECODE_STAGE(1), .ALLOC_STAGE(1), .HANDOFF_STAGE(1), .FILL_STAGE(1),
    .READY_STAGE(1), .IMISS_LAT(8), .BAUD_DIV(217), .TIMEOUT(2500000), .IMEM_HEX(IMEM_HEX)
  ) u_top (
    .clk_i(clk_25mhz), .rst_i(!btn[0]), .uart_rx_i(ftdi_txd), .uart_tx_o(ftdi_rxd),
    .busy_led_o(led[0]), .done_led_o(led[1])
  );
endmodule
