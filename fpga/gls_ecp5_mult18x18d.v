// Gate-level simulation model of the ECP5 MULT18X18D (scripts/fpga-gls.py):
// Yosys ships only a blackbox of it. Models the use Yosys' synth_ecp5 makes of
// it (ecp5/dsp_map.v): no input, pipeline or output registers, P = A * B
// (36 bits), each operand signed when its SIGNEDA/SIGNEDB pin is 1. Any
// registered mode stops the simulation instead of being modelled wrongly.
module MULT18X18D (
    input  A0, A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, A17,
    input  B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17,
    input  C0, C1, C2, C3, C4, C5, C6, C7, C8, C9, C10, C11, C12, C13, C14, C15, C16, C17,
    input  SIGNEDA, SIGNEDB, SOURCEA, SOURCEB,
    input  CLK0, CLK1, CLK2, CLK3, CE0, CE1, CE2, CE3, RST0, RST1, RST2, RST3,
    input  SRIA0, SRIA1, SRIA2, SRIA3, SRIA4, SRIA5, SRIA6, SRIA7, SRIA8, SRIA9, SRIA10, SRIA11, SRIA12, SRIA13, SRIA14, SRIA15, SRIA16, SRIA17,
    input  SRIB0, SRIB1, SRIB2, SRIB3, SRIB4, SRIB5, SRIB6, SRIB7, SRIB8, SRIB9, SRIB10, SRIB11, SRIB12, SRIB13, SRIB14, SRIB15, SRIB16, SRIB17,
    output SROA0, SROA1, SROA2, SROA3, SROA4, SROA5, SROA6, SROA7, SROA8, SROA9, SROA10, SROA11, SROA12, SROA13, SROA14, SROA15, SROA16, SROA17,
    output SROB0, SROB1, SROB2, SROB3, SROB4, SROB5, SROB6, SROB7, SROB8, SROB9, SROB10, SROB11, SROB12, SROB13, SROB14, SROB15, SROB16, SROB17,
    output ROA0, ROA1, ROA2, ROA3, ROA4, ROA5, ROA6, ROA7, ROA8, ROA9, ROA10, ROA11, ROA12, ROA13, ROA14, ROA15, ROA16, ROA17,
    output ROB0, ROB1, ROB2, ROB3, ROB4, ROB5, ROB6, ROB7, ROB8, ROB9, ROB10, ROB11, ROB12, ROB13, ROB14, ROB15, ROB16, ROB17,
    output ROC0, ROC1, ROC2, ROC3, ROC4, ROC5, ROC6, ROC7, ROC8, ROC9, ROC10, ROC11, ROC12, ROC13, ROC14, ROC15, ROC16, ROC17,
    output P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19, P20, P21, P22, P23, P24, P25, P26, P27, P28, P29, P30, P31, P32, P33, P34, P35,
    output SIGNEDP
);
  parameter REG_INPUTA_CLK = "NONE";
  parameter REG_INPUTA_CE = "CE0";
  parameter REG_INPUTA_RST = "RST0";
  parameter REG_INPUTB_CLK = "NONE";
  parameter REG_INPUTB_CE = "CE0";
  parameter REG_INPUTB_RST = "RST0";
  parameter REG_INPUTC_CLK = "NONE";
  parameter REG_INPUTC_CE = "CE0";
  parameter REG_INPUTC_RST = "RST0";
  parameter REG_PIPELINE_CLK = "NONE";
  parameter REG_PIPELINE_CE = "CE0";
  parameter REG_PIPELINE_RST = "RST0";
  parameter REG_OUTPUT_CLK = "NONE";
  parameter REG_OUTPUT_CE = "CE0";
  parameter REG_OUTPUT_RST = "RST0";
  parameter [127:0] CLK0_DIV = "ENABLED";
  parameter [127:0] CLK1_DIV = "ENABLED";
  parameter [127:0] CLK2_DIV = "ENABLED";
  parameter [127:0] CLK3_DIV = "ENABLED";
  parameter HIGHSPEED_CLK = "NONE";
  parameter [127:0] GSR = "ENABLED";
  parameter CAS_MATCH_REG = "FALSE";
  parameter [127:0] SOURCEB_MODE = "B_SHIFT";
  parameter [127:0] MULT_BYPASS = "DISABLED";
  parameter [127:0] RESETMODE = "SYNC";

  initial
    if (REG_INPUTA_CLK != "NONE" || REG_INPUTB_CLK != "NONE" || REG_PIPELINE_CLK != "NONE" ||
        REG_OUTPUT_CLK != "NONE" || MULT_BYPASS != "DISABLED")
      $fatal(1, "MULT18X18D model: only the unregistered multiply is modelled");

  wire [17:0] a = {A17, A16, A15, A14, A13, A12, A11, A10, A9, A8, A7, A6, A5, A4, A3, A2, A1, A0};
  wire [17:0] b = {B17, B16, B15, B14, B13, B12, B11, B10, B9, B8, B7, B6, B5, B4, B3, B2, B1, B0};
  wire signed [36:0] sa = SIGNEDA ? {{19{a[17]}}, a} : {19'd0, a};
  wire signed [36:0] sb = SIGNEDB ? {{19{b[17]}}, b} : {19'd0, b};
  wire signed [36:0] p = sa * sb;
  assign {P35, P34, P33, P32, P31, P30, P29, P28, P27, P26, P25, P24, P23, P22, P21, P20, P19, P18, P17, P16, P15, P14, P13, P12, P11, P10, P9, P8, P7, P6, P5, P4, P3, P2, P1, P0} = p[35:0];
  assign SIGNEDP = SIGNEDA | SIGNEDB;
  assign {ROA17, ROA16, ROA15, ROA14, ROA13, ROA12, ROA11, ROA10, ROA9, ROA8, ROA7, ROA6, ROA5, ROA4, ROA3, ROA2, ROA1, ROA0} = a;
  assign {ROB17, ROB16, ROB15, ROB14, ROB13, ROB12, ROB11, ROB10, ROB9, ROB8, ROB7, ROB6, ROB5, ROB4, ROB3, ROB2, ROB1, ROB0} = b;
  assign {ROC17, ROC16, ROC15, ROC14, ROC13, ROC12, ROC11, ROC10, ROC9, ROC8, ROC7, ROC6, ROC5, ROC4, ROC3, ROC2, ROC1, ROC0} = 18'd0;
  assign {SROA17, SROA16, SROA15, SROA14, SROA13, SROA12, SROA11, SROA10, SROA9, SROA8, SROA7, SROA6, SROA5, SROA4, SROA3, SROA2, SROA1, SROA0} = a;
  assign {SROB17, SROB16, SROB15, SROB14, SROB13, SROB12, SROB11, SROB10, SROB9, SROB8, SROB7, SROB6, SROB5, SROB4, SROB3, SROB2, SROB1, SROB0} = b;
endmodule
