// UART, 8N1, of the host bridge (docs/fpga.md "Host bridge"): DIV clock
// cycles per bit (clock / baud: 12 MHz / 115200 -> 104, 12 MHz / 1 Mbaud ->
// 12; the simulated board uses a small DIV for speed).
//  * Receive: rx_i is synchronised (two flops); a falling edge starts a byte,
//    every bit is sampled in its middle; a byte whose stop bit is 0 is
//    dropped (framing error: the frame's CRC or the bridge's timeout then
//    reports the loss). rx_valid_o is a one-cycle pulse with rx_data_o.
//  * Transmit: tx_ready_o = idle; tx_valid_i & tx_ready_o starts a byte
//    (start bit, 8 data bits LSB first, stop bit); tx_o idles high.
module wf_uart #(
    parameter integer DIV = 104
) (
    input  wire       clk_i,
    input  wire       rst_ni,
    input  wire       rx_i,
    output reg        rx_valid_o,
    output reg  [7:0] rx_data_o,
    output wire       tx_o,
    input  wire       tx_valid_i,
    input  wire [7:0] tx_data_i,
    output wire       tx_ready_o
);
  generate
    if (DIV < 4 || DIV > 65535) begin : g_chk_div BAUD_DIV_out_of_range_4_to_65535 u_err(); end
  endgenerate
  localparam [15:0] D    = DIV[15:0];
  localparam [15:0] HALF = D >> 1;

  // ---- receive -------------------------------------------------------------------
  reg  [2:0]  rx_sync_q;     // two synchroniser flops and the previous level
  reg         rx_busy_q;
  reg  [15:0] rx_cnt_q;      // cycles to the next sample point
  reg  [3:0]  rx_bit_q;      // 0 start, 1..8 data, 9 stop
  reg  [7:0]  rx_sh_q;
  wire        rx_s = rx_sync_q[1];
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rx_sync_q <= 3'b111; rx_busy_q <= 1'b0; rx_cnt_q <= 16'd0; rx_bit_q <= 4'd0;
      rx_sh_q <= 8'd0; rx_valid_o <= 1'b0; rx_data_o <= 8'd0;
    end else begin
      rx_sync_q  <= {rx_sync_q[1:0], rx_i};
      rx_valid_o <= 1'b0;
      if (!rx_busy_q) begin
        if (rx_sync_q[2] && !rx_s) begin           // falling edge: a start bit
          rx_busy_q <= 1'b1; rx_bit_q <= 4'd0; rx_cnt_q <= HALF - 16'd1;
        end
      end else if (rx_cnt_q != 16'd0) begin
        rx_cnt_q <= rx_cnt_q - 16'd1;
      end else begin                                // a sample point
        rx_cnt_q <= D - 16'd1;
        rx_bit_q <= rx_bit_q + 4'd1;
        if (rx_bit_q == 4'd0) begin
          if (rx_s) rx_busy_q <= 1'b0;              // a glitch, not a start bit
        end else if (rx_bit_q == 4'd9) begin
          rx_busy_q <= 1'b0;
          if (rx_s) begin rx_valid_o <= 1'b1; rx_data_o <= rx_sh_q; end
        end else begin
          rx_sh_q <= {rx_s, rx_sh_q[7:1]};
        end
      end
    end
  end

  // ---- transmit ------------------------------------------------------------------
  reg  [9:0]  tx_sh_q;       // stop, data[7:0], start; shifted out LSB first
  reg  [3:0]  tx_left_q;     // bits still to send (0 = idle)
  reg  [15:0] tx_cnt_q;
  assign tx_ready_o = tx_left_q == 4'd0;
  assign tx_o       = tx_left_q == 4'd0 ? 1'b1 : tx_sh_q[0];
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tx_sh_q <= 10'h3FF; tx_left_q <= 4'd0; tx_cnt_q <= 16'd0;
    end else if (tx_left_q == 4'd0) begin
      if (tx_valid_i) begin
        tx_sh_q <= {1'b1, tx_data_i, 1'b0}; tx_left_q <= 4'd10; tx_cnt_q <= D - 16'd1;
      end
    end else if (tx_cnt_q != 16'd0) begin
      tx_cnt_q <= tx_cnt_q - 16'd1;
    end else begin
      tx_sh_q <= {1'b1, tx_sh_q[9:1]}; tx_left_q <= tx_left_q - 4'd1; tx_cnt_q <= D - 16'd1;
    end
  end
endmodule
