// Gate-level simulation model of the ECP5 DP16KD block RAM (scripts/fpga-gls.py).
// Yosys 0.23's ecp5/cells_sim.v declares DP16KD without any behaviour (its
// outputs float), so fpga-gls drops that declaration and uses this model. It
// models the uses Yosys' memory mapping makes of the cell (ecp5/brams_map.v):
// the true dual-port form ($__ECP5_DP16KD_: each port 9 or 18 bits wide, the
// three WRITEMODEs, byte enables on ADx1..0 at 18 bits) and the pseudo dual-port
// 36-bit form ($__ECP5_PDPW16KD_: port A writes 36 bits with byte enables on
// ADA3..0, port B reads 36 bits, DOA = low half, DOB = high half). Storage is
// 1024 entries of 18 bits, loaded from INITVAL_00..3F as Yosys writes them (16
// entries of 18 bits in 20-bit fields per INITVAL). Addresses are bit addresses
// of the 16K x 1 view (a 9-bit word counts as 8 bits). A read on one port of
// an entry written in the same clock edge on the other returns the old data.
// Widths 1, 2, 4, output registers and chip-select decoding other than 0b000
// stop the simulation instead of being modelled wrongly.
module DP16KD (
    input  DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0,
    input  ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0,
    input  CEA, OCEA, CLKA, WEA, RSTA, CSA2, CSA1, CSA0,
    output DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0,
    input  DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0,
    input  ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0,
    input  CEB, OCEB, CLKB, WEB, RSTB, CSB2, CSB1, CSB0,
    output DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0
);
  parameter DATA_WIDTH_A = 18;
  parameter DATA_WIDTH_B = 18;
  parameter REGMODE_A = "NOREG";
  parameter REGMODE_B = "NOREG";
  parameter RESETMODE = "SYNC";
  parameter ASYNC_RESET_RELEASE = "SYNC";
  parameter CSDECODE_A = "0b000";
  parameter CSDECODE_B = "0b000";
  parameter WRITEMODE_A = "NORMAL";
  parameter WRITEMODE_B = "NORMAL";
  parameter CLKAMUX = "CLKA";
  parameter CLKBMUX = "CLKB";
  parameter GSR = "ENABLED";
  parameter WID = 0;
  parameter INIT_DATA = "STATIC";
  parameter INITVAL_00 = 320'h0;
  parameter INITVAL_01 = 320'h0;
  parameter INITVAL_02 = 320'h0;
  parameter INITVAL_03 = 320'h0;
  parameter INITVAL_04 = 320'h0;
  parameter INITVAL_05 = 320'h0;
  parameter INITVAL_06 = 320'h0;
  parameter INITVAL_07 = 320'h0;
  parameter INITVAL_08 = 320'h0;
  parameter INITVAL_09 = 320'h0;
  parameter INITVAL_0A = 320'h0;
  parameter INITVAL_0B = 320'h0;
  parameter INITVAL_0C = 320'h0;
  parameter INITVAL_0D = 320'h0;
  parameter INITVAL_0E = 320'h0;
  parameter INITVAL_0F = 320'h0;
  parameter INITVAL_10 = 320'h0;
  parameter INITVAL_11 = 320'h0;
  parameter INITVAL_12 = 320'h0;
  parameter INITVAL_13 = 320'h0;
  parameter INITVAL_14 = 320'h0;
  parameter INITVAL_15 = 320'h0;
  parameter INITVAL_16 = 320'h0;
  parameter INITVAL_17 = 320'h0;
  parameter INITVAL_18 = 320'h0;
  parameter INITVAL_19 = 320'h0;
  parameter INITVAL_1A = 320'h0;
  parameter INITVAL_1B = 320'h0;
  parameter INITVAL_1C = 320'h0;
  parameter INITVAL_1D = 320'h0;
  parameter INITVAL_1E = 320'h0;
  parameter INITVAL_1F = 320'h0;
  parameter INITVAL_20 = 320'h0;
  parameter INITVAL_21 = 320'h0;
  parameter INITVAL_22 = 320'h0;
  parameter INITVAL_23 = 320'h0;
  parameter INITVAL_24 = 320'h0;
  parameter INITVAL_25 = 320'h0;
  parameter INITVAL_26 = 320'h0;
  parameter INITVAL_27 = 320'h0;
  parameter INITVAL_28 = 320'h0;
  parameter INITVAL_29 = 320'h0;
  parameter INITVAL_2A = 320'h0;
  parameter INITVAL_2B = 320'h0;
  parameter INITVAL_2C = 320'h0;
  parameter INITVAL_2D = 320'h0;
  parameter INITVAL_2E = 320'h0;
  parameter INITVAL_2F = 320'h0;
  parameter INITVAL_30 = 320'h0;
  parameter INITVAL_31 = 320'h0;
  parameter INITVAL_32 = 320'h0;
  parameter INITVAL_33 = 320'h0;
  parameter INITVAL_34 = 320'h0;
  parameter INITVAL_35 = 320'h0;
  parameter INITVAL_36 = 320'h0;
  parameter INITVAL_37 = 320'h0;
  parameter INITVAL_38 = 320'h0;
  parameter INITVAL_39 = 320'h0;
  parameter INITVAL_3A = 320'h0;
  parameter INITVAL_3B = 320'h0;
  parameter INITVAL_3C = 320'h0;
  parameter INITVAL_3D = 320'h0;
  parameter INITVAL_3E = 320'h0;
  parameter INITVAL_3F = 320'h0;

  wire [17:0] dia = {DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0};
  wire [17:0] dib = {DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0};
  wire [13:0] ada = {ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0};
  wire [13:0] adb = {ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0};
  wire clka = (CLKAMUX == "INV") ? ~CLKA : CLKA;
  wire clkb = (CLKBMUX == "INV") ? ~CLKB : CLKB;
  wire csa = {CSA2, CSA1, CSA0} == 3'b000;
  wire csb = {CSB2, CSB1, CSB0} == 3'b000;
  localparam PDP = DATA_WIDTH_A == 36 || DATA_WIDTH_B == 36;

  reg [17:0] mem [0:1023];
  reg [17:0] doa, dob;
  assign {DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0} = doa;
  assign {DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0} = dob;

  task automatic init_row(input integer k, input [319:0] v);
    integer i;
    for (i = 0; i < 16; i = i + 1) mem[k * 16 + i] = v[i * 20 +: 18];
  endtask

  function automatic ok_width(input integer w, input integer pdp_ok);
    ok_width = w == 9 || w == 18 || (pdp_ok != 0 && w == 36);
  endfunction

  initial begin
    init_row(0, INITVAL_00);
    init_row(1, INITVAL_01);
    init_row(2, INITVAL_02);
    init_row(3, INITVAL_03);
    init_row(4, INITVAL_04);
    init_row(5, INITVAL_05);
    init_row(6, INITVAL_06);
    init_row(7, INITVAL_07);
    init_row(8, INITVAL_08);
    init_row(9, INITVAL_09);
    init_row(10, INITVAL_0A);
    init_row(11, INITVAL_0B);
    init_row(12, INITVAL_0C);
    init_row(13, INITVAL_0D);
    init_row(14, INITVAL_0E);
    init_row(15, INITVAL_0F);
    init_row(16, INITVAL_10);
    init_row(17, INITVAL_11);
    init_row(18, INITVAL_12);
    init_row(19, INITVAL_13);
    init_row(20, INITVAL_14);
    init_row(21, INITVAL_15);
    init_row(22, INITVAL_16);
    init_row(23, INITVAL_17);
    init_row(24, INITVAL_18);
    init_row(25, INITVAL_19);
    init_row(26, INITVAL_1A);
    init_row(27, INITVAL_1B);
    init_row(28, INITVAL_1C);
    init_row(29, INITVAL_1D);
    init_row(30, INITVAL_1E);
    init_row(31, INITVAL_1F);
    init_row(32, INITVAL_20);
    init_row(33, INITVAL_21);
    init_row(34, INITVAL_22);
    init_row(35, INITVAL_23);
    init_row(36, INITVAL_24);
    init_row(37, INITVAL_25);
    init_row(38, INITVAL_26);
    init_row(39, INITVAL_27);
    init_row(40, INITVAL_28);
    init_row(41, INITVAL_29);
    init_row(42, INITVAL_2A);
    init_row(43, INITVAL_2B);
    init_row(44, INITVAL_2C);
    init_row(45, INITVAL_2D);
    init_row(46, INITVAL_2E);
    init_row(47, INITVAL_2F);
    init_row(48, INITVAL_30);
    init_row(49, INITVAL_31);
    init_row(50, INITVAL_32);
    init_row(51, INITVAL_33);
    init_row(52, INITVAL_34);
    init_row(53, INITVAL_35);
    init_row(54, INITVAL_36);
    init_row(55, INITVAL_37);
    init_row(56, INITVAL_38);
    init_row(57, INITVAL_39);
    init_row(58, INITVAL_3A);
    init_row(59, INITVAL_3B);
    init_row(60, INITVAL_3C);
    init_row(61, INITVAL_3D);
    init_row(62, INITVAL_3E);
    init_row(63, INITVAL_3F);
    doa = 18'd0;
    dob = 18'd0;
    if (!ok_width(DATA_WIDTH_A, 1) || !ok_width(DATA_WIDTH_B, 1) ||
        (PDP && (DATA_WIDTH_A != 36 || DATA_WIDTH_B != 36)) ||
        REGMODE_A != "NOREG" || REGMODE_B != "NOREG" ||
        CSDECODE_A != "0b000" || CSDECODE_B != "0b000") begin
      $display("DP16KD model (%m): unsupported use: widths %0d/%0d, REGMODE %s/%s, CSDECODE %s/%s",
               DATA_WIDTH_A, DATA_WIDTH_B, REGMODE_A, REGMODE_B, CSDECODE_A, CSDECODE_B);
      $finish(2);
    end
  end

  // a true dual-port side at width w (9 or 18): the entry after a write of di
  // at bit address ad, and what the port outputs from entry v
  function automatic [17:0] tdp_write(input integer w, input [13:0] ad, input [17:0] di,
                                      input [17:0] v);
    begin
      tdp_write = v;
      if (w == 18) begin
        if (ad[0]) tdp_write[8:0] = di[8:0];
        if (ad[1]) tdp_write[17:9] = di[17:9];
      end else if (ad[3]) tdp_write[17:9] = di[8:0];
      else tdp_write[8:0] = di[8:0];
    end
  endfunction
  function automatic [17:0] tdp_out(input integer w, input [13:0] ad, input [17:0] v);
    tdp_out = w == 18 ? v : {9'd0, ad[3] ? v[17:9] : v[8:0]};
  endfunction

  // the write-mode choice of the read data during a write (brams.txt: NORMAL
  // keeps the output, WRITETHROUGH shows the new data, READBEFOREWRITE the old)
  reg [17:0] olda, nwa, oldb, nwb;
  always @(posedge clka) begin
    if (RSTA && RESETMODE == "SYNC") doa <= 18'd0;
    if (CEA && csa) begin
      if (PDP) begin
        if (WEA) begin
          if (ada[0]) mem[{ada[13:5], 1'b0}][8:0] <= dia[8:0];
          if (ada[1]) mem[{ada[13:5], 1'b0}][17:9] <= dia[17:9];
          if (ada[2]) mem[{ada[13:5], 1'b1}][8:0] <= dib[8:0];
          if (ada[3]) mem[{ada[13:5], 1'b1}][17:9] <= dib[17:9];
        end
      end else begin
        olda = mem[ada[13:4]];
        nwa = tdp_write(DATA_WIDTH_A, ada, dia, olda);
        if (WEA) mem[ada[13:4]] <= nwa;
        if (!RSTA) begin
          if (!WEA || WRITEMODE_A == "READBEFOREWRITE") doa <= tdp_out(DATA_WIDTH_A, ada, olda);
          else if (WRITEMODE_A == "WRITETHROUGH") doa <= tdp_out(DATA_WIDTH_A, ada, nwa);
        end
      end
    end
  end
  always @(posedge clkb) begin
    if (RSTB && RESETMODE == "SYNC") begin
      dob <= 18'd0;
      if (PDP) doa <= 18'd0;
    end
    if (CEB && csb) begin
      if (PDP) begin
        if (!RSTB) begin
          doa <= mem[{adb[13:5], 1'b0}];
          dob <= mem[{adb[13:5], 1'b1}];
        end
      end else begin
        oldb = mem[adb[13:4]];
        nwb = tdp_write(DATA_WIDTH_B, adb, dib, oldb);
        if (WEB) mem[adb[13:4]] <= nwb;
        if (!RSTB) begin
          if (!WEB || WRITEMODE_B == "READBEFOREWRITE") dob <= tdp_out(DATA_WIDTH_B, adb, oldb);
          else if (WRITEMODE_B == "WRITETHROUGH") dob <= tdp_out(DATA_WIDTH_B, adb, nwb);
        end
      end
    end
  end
  // asynchronous reset of the outputs (RESETMODE ASYNC)
  always @(posedge RSTA) if (RESETMODE == "ASYNC" && !PDP) doa <= 18'd0;
  always @(posedge RSTB) if (RESETMODE == "ASYNC") begin
    dob <= 18'd0;
    if (PDP) doa <= 18'd0;
  end
endmodule
