// The Coon scoreboard (§4.1, §4.3): per warp SB_ENTRIES entries {valid, reg};
// the lowest free entry is allocated at issue, an entry is released by its
// instruction's final writeback. Mirrors cmodel/scoreboard.c (the per-slot
// dependency-bit updates live with the slots in wf_ibuffer).
module wf_scoreboard #(
    parameter integer WARPS      = 8,
    parameter integer SB_ENTRIES = 4
) (
    input  wire                 clk_i,
    input  wire                 rst_ni,
    input  wire                 launch_i,
    input  wire [WARPS*8-1:0]   rel_mask_i,   // entries released this cycle
    input  wire                 alloc_valid_i,
    input  wire [5:0]           alloc_warp_i,
    input  wire [2:0]           alloc_entry_i,
    input  wire [6:0]           alloc_reg_i,
    output wire [WARPS*8-1:0]   sb_valid_o,   // bit e of warp w at w*8+e
    output wire [WARPS*56-1:0]  sb_reg_o,     // 7 bits per entry
    output reg  [WARPS*3-1:0]   free_entry_o, // lowest free entry at the start of the cycle
    output reg  [WARPS-1:0]     full_o        // all SB_ENTRIES valid
);
  reg [WARPS*8-1:0]  sb_valid_q, sb_valid_d;
  reg [WARPS*56-1:0] sb_reg_q, sb_reg_d;
  assign sb_valid_o = sb_valid_q;
  assign sb_reg_o   = sb_reg_q;

  always @* begin : p_free
    integer w, e;
    for (w = 0; w < WARPS; w = w + 1) begin
      full_o[w] = 1'b1;
      free_entry_o[w*3 +: 3] = 3'd0;
      for (e = SB_ENTRIES - 1; e >= 0; e = e - 1)
        if (!sb_valid_q[w*8 + e]) begin
          full_o[w] = 1'b0;
          free_entry_o[w*3 +: 3] = e[2:0];
        end
    end
  end

  always @* begin
    sb_valid_d = sb_valid_q & ~rel_mask_i;
    sb_reg_d   = sb_reg_q;
    if (alloc_valid_i) begin
      sb_valid_d[alloc_warp_i*8 + {29'd0, alloc_entry_i}] = 1'b1;
      sb_reg_d[(alloc_warp_i*8 + {29'd0, alloc_entry_i})*7 +: 7] = alloc_reg_i;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sb_valid_q <= '0;
      sb_reg_q   <= '0;
    end else if (launch_i) begin
      sb_valid_q <= '0;
      sb_reg_q   <= '0;
    end else begin
      sb_valid_q <= sb_valid_d;
      sb_reg_q   <= sb_reg_d;
    end
  end
endmodule
