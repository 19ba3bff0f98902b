// A wf_regfile survivor of `make mcy` against rtl/wf_regfile.v (docs/mcy/README.md,
// scripts/wf/mcy_formal.py): both at the default sizes, fed the same inputs of
// the mutated bank BANK (the banks are independent: wf_regfile.v:33-52 connects
// bank b's wf_spram to slice b of every port only; the other banks stay idle),
// one lane CHECK at a time (the lanes are independent too: wf_spram.v:46-67
// gives lane l its own memory, address, write enable wmask_i[l], data and output
// slice; every lane is driven, lane CHECK is observed, the rest optimised away).
// Proven by k-induction with the invariant on lane CHECK's memories (peeked after
// memory_map: pk_gold / pk_gate, row-major, 32 bits a word):
//   gate row pi(r) == gold row r, pi the identity except on lane LANE of a
//   RENAME mutant, whose row address bit KBIT is inverted
//   (CBIT < 0), or inverted when bit CBIT is CPOL (mutate cnot1: 1, cnot0: 0);
// and the property: the bank's output equals gold's in every cycle after a read
// of the bank (en && !we, wf_spram.v:64), the only cycle its readers use it
// (wf_spram.v:2-4, §6.2). Environment, the core's (§6.2, wf_core.v:819-842):
// a bank is read or written in a cycle, never both (WF_ASSERT, wf_regfile.v:58);
// MASK_WE = 1: a lane mask only with the bank's write (wf_writeback.v:99-118).
module regfile_mut #(
    parameter integer MUTSEL = 0,
    parameter integer BANK = 0,
    parameter integer RENAME = 0,
    parameter integer LANE = 0,
    parameter integer KBIT = 0,
    parameter integer CBIT = -1,
    parameter integer CPOL = 1,
    parameter integer MASK_WE = 0,
    parameter integer CHECK = 0
) (
    input wire clk
);
  localparam integer WARPS = 8, LANES = 8, REGS = 32, BANKS = 4, RAW = 6;
  localparam integer DEPTH = WARPS * ((REGS + BANKS - 1) / BANKS);
  (* anyseq *) reg              we, re;
  (* anyseq *) reg [RAW-1:0]    wrow, rrow;
  (* anyseq *) reg [LANES-1:0]  wmask;
  (* anyseq *) reg [LANES*32-1:0] wdata;
  always @* begin
    assume (!(we && re));
    if (MASK_WE != 0) assume (we || wmask == '0);
  end
  wire [BANKS-1:0] we_v = {{(BANKS-1){1'b0}}, we} << BANK;
  wire [BANKS-1:0] re_v = {{(BANKS-1){1'b0}}, re} << BANK;
  wire [BANKS*RAW-1:0] wrow_v = {{(BANKS-1)*RAW{1'b0}}, wrow} << (BANK * RAW);
  wire [BANKS*RAW-1:0] rrow_v = {{(BANKS-1)*RAW{1'b0}}, rrow} << (BANK * RAW);
  wire [BANKS*LANES-1:0] wmask_v = {{(BANKS-1)*LANES{1'b0}}, wmask} << (BANK * LANES);
  wire [BANKS*LANES*32-1:0] wdata_v = {{(BANKS-1)*LANES*32{1'b0}}, wdata} << (BANK * LANES * 32);
  wire [BANKS*LANES*32-1:0] rd_gold, rd_gate;
  wf_regfile #(.WARPS(WARPS), .LANES(LANES), .REGS(REGS), .BANKS(BANKS), .RAW(RAW)) gold (
    .clk_i(clk), .we_i(we_v), .wrow_i(wrow_v), .wmask_i(wmask_v), .wdata_i(wdata_v),
    .re_i(re_v), .rrow_i(rrow_v), .rdata_o(rd_gold));
  wf_regfile_mcy #(.MUTSEL(MUTSEL)) gate (
    .clk_i(clk), .we_i(we_v), .wrow_i(wrow_v), .wmask_i(wmask_v), .wdata_i(wdata_v),
    .re_i(re_v), .rrow_i(rrow_v), .rdata_o(rd_gate));

  // the memories of bank BANK, connected after flatten + memory_map (the runner)
  wire [DEPTH*32-1:0] pk_gold, pk_gate;
  function automatic integer pi(input integer l, input integer r);
    reg [RAW-1:0] a;
    begin
      a = r[RAW-1:0];
      if (RENAME != 0 && l == LANE) begin
        if (CBIT < 0) a[KBIT] = !a[KBIT];
        else if (a[CBIT < 0 ? 0 : CBIT] == CPOL[0]) a[KBIT] = !a[KBIT];
      end
      pi = a;
    end
  endfunction
  // the start: related memories (the claim is "related stays related"; the core
  // relates them at its launch: the clear writes every row, wf_core.v:219-228)
  reg init_q = 1'b1, read_q = 1'b0;
  always @(posedge clk) begin init_q <= 1'b0; read_q <= re && !we; end
  genvar gr;
  generate
    for (gr = 0; gr < DEPTH; gr = gr + 1) begin : g_r
      always @*
        if (init_q) assume (pk_gate[pi(CHECK, gr)*32 +: 32] == pk_gold[gr*32 +: 32]);
        else        assert (pk_gate[pi(CHECK, gr)*32 +: 32] == pk_gold[gr*32 +: 32]);
    end
  endgenerate
  always @* if (read_q) assert (rd_gate[(BANK*LANES + CHECK)*32 +: 32] == rd_gold[(BANK*LANES + CHECK)*32 +: 32]);
endmodule
