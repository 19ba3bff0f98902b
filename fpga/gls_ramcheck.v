// Self-check of the ECP5 block-RAM simulation model (fpga/gls_ecp5_dp16kd.v):
// scripts/fpga-gls.py synthesizes this module with the flow's synth_ecp5
// recipe, then simulates the RTL and the netlist with the same pseudo-random
// stimulus; the checksums of all read data must be equal. The memories cover
// the forms Yosys maps to DP16KD: a 36-bit simple dual port with byte enables
// (PDPW16KD), an 18-bit memory with a read-write port (byte enables) and a
// read port, and single ports at 9 bits reading old data and reading new data.
// (Two write ports are not covered: Yosys 0.23 maps them to flip-flops.)
module gls_ramcheck (
    input             clk_i,
    input             rst_i,
    output reg [31:0] sum_o
);
  reg [31:0] x;  // xorshift32 stimulus
  always @(posedge clk_i) x <= rst_i ? 32'h1234_5678 : (x ^ (x << 13)) ^ ((x ^ (x << 13)) >> 17) ^
                                     (((x ^ (x << 13)) ^ ((x ^ (x << 13)) >> 17)) << 5);
  wire [53:0] d = {x[21:0], x} ^ 54'h2a_0f0f_3c3c_a5a5;

  // 512 x 36, one write port with four 9-bit byte enables, one read port
  reg [35:0] m36 [0:511];
  reg [35:0] q36;
  always @(posedge clk_i) begin
    if (!rst_i && x[0]) begin
      if (x[1]) m36[x[12:4]][8:0] <= d[8:0];
      if (x[2]) m36[x[12:4]][17:9] <= d[17:9];
      if (x[3]) m36[x[12:4]][26:18] <= d[26:18];
      if (x[13]) m36[x[12:4]][35:27] <= d[35:27];
    end
    q36 <= m36[x[22:14]];
  end

  // 1024 x 18: port a writes with byte enables and reads, port b reads
  reg [17:0] m18 [0:1023];
  reg [17:0] qa, qb;
  always @(posedge clk_i) begin
    if (!rst_i && x[23]) begin
      if (x[24]) m18[x[9:0]][8:0] <= d[44:36];
      if (x[25]) m18[x[9:0]][17:9] <= d[53:45];
    end
    qa <= m18[x[9:0]];
  end
  always @(posedge clk_i) begin
    qb <= m18[x[19:10]];
  end

  // 2048 x 9 single port: read old data
  reg [8:0] m9o [0:2047];
  reg [8:0] q9o;
  always @(posedge clk_i) begin
    if (!rst_i && x[27]) m9o[x[10:0]] <= d[8:0];
    q9o <= m9o[x[10:0]];
  end

  // 2048 x 9 single port: read new data (write-through)
  reg [8:0] m9n [0:2047];
  reg [8:0] q9n;
  always @(posedge clk_i) begin
    if (!rst_i && x[28]) begin
      m9n[x[21:11]] <= d[17:9];
      q9n <= d[17:9];
    end else q9n <= m9n[x[21:11]];
  end

  integer i;
  initial begin  // known contents (block RAM initial values)
    for (i = 0; i < 512; i = i + 1) m36[i] = {i[8:0], ~i[8:0], i[8:0], ~i[8:0]};
    for (i = 0; i < 1024; i = i + 1) m18[i] = {i[8:0], ~i[8:0]};
    for (i = 0; i < 2048; i = i + 1) begin
      m9o[i] = i[8:0];
      m9n[i] = ~i[8:0];
    end
  end

  always @(posedge clk_i)
    sum_o <= rst_i ? 32'd0 : {sum_o[30:0], sum_o[31]} ^ {q36[31:0]} ^ {q36[35:32], qa, 10'd0} ^
                             {qb, 14'd0} ^ {q9o, q9n, 14'd0};
endmodule
