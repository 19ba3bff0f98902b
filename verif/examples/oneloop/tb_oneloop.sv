// SystemVerilog route of the one-loop example: oneloop_core with its own
// memories, and a monitor of its ports feeding the checker class of
// verif/dpi/wf_txcheck_pkg.sv (the golden model over DPI-C). Verilator
// --binary --timing (verif/examples/oneloop/run.sh sv) or any simulator with
// DPI-C (README.md). Plusargs: +program=FILE (required), +options="--warps 4"
// (wfsim machine parameters), +timing=order|window|exact|drift, +window=N,
// +bug=none|value|skip|store|branch, +imem_lat=N (default 2),
// +max_cycles=N. Exit status: 0 pass, 1 divergence, 2 usage, 3 timeout.
module tb_oneloop #(
  parameter int WARPS = 8,
  parameter int LANES = 8,
  parameter int REGS = 32,
  parameter int MEM_AW = 10
);
  import wf_txcheck_pkg::*;

  bit clk = 0, rst_n = 0, start = 0;  // (initialised: Verilator --x-initial unique randomises the rest)
  bit [WARPS*16-1:0] start_pc;
  bit [WARPS-1:0] warp_en;
  bit [2:0] bug;
  logic imem_req, imem_rvalid, dmem_req, dmem_we;
  logic [15:0] imem_addr;
  logic [63:0] imem_rdata;
  logic [MEM_AW-1:0] dmem_addr;
  logic [31:0] dmem_wdata, dmem_rdata;
  logic [5:0] dmem_warp, ret_warp;
  logic [4:0] dmem_lane;
  logic ret_valid, ret_taken, ret_rd_we, busy, done;
  logic [15:0] ret_pc, ret_next_pc;
  logic [63:0] ret_insn;
  logic [6:0] ret_rd;
  logic [LANES*32-1:0] ret_rd_data;

  oneloop_core #(.WARPS(WARPS), .LANES(LANES), .REGS(REGS), .MEM_AW(MEM_AW)) u_dut (
    .clk_i(clk), .rst_ni(rst_n), .start_i(start), .start_pc_i(start_pc), .warp_en_i(warp_en),
    .bug_i(bug),
    .imem_req_o(imem_req), .imem_addr_o(imem_addr), .imem_rvalid_i(imem_rvalid),
    .imem_rdata_i(imem_rdata),
    .dmem_req_o(dmem_req), .dmem_we_o(dmem_we), .dmem_addr_o(dmem_addr), .dmem_wdata_o(dmem_wdata),
    .dmem_warp_o(dmem_warp), .dmem_lane_o(dmem_lane), .dmem_rdata_i(dmem_rdata),
    .ret_valid_o(ret_valid), .ret_warp_o(ret_warp), .ret_pc_o(ret_pc), .ret_insn_o(ret_insn),
    .ret_next_pc_o(ret_next_pc), .ret_taken_o(ret_taken), .ret_rd_we_o(ret_rd_we), .ret_rd_o(ret_rd),
    .ret_rd_data_o(ret_rd_data), .busy_o(busy), .done_o(done));

  wf_txcheck chk;
  bit [63:0] imem [0:65535];         // a program has at most 65536 words (docs/isa.md)
  logic [31:0] dmem [0:(1<<MEM_AW)-1];
  int imem_lat = 2, imem_wait = 0, window = 0;
  longint cycle = -1, max_cycles = 50000000;
  string bug_name = "none", prog_path, options = "", timing = "order";

  // instruction memory: answers a request after imem_lat cycles
  assign imem_rvalid = imem_req && imem_wait >= imem_lat;
  assign imem_rdata = imem[imem_addr];
  always @(posedge clk) begin
    imem_wait <= (imem_req && !imem_rvalid) ? imem_wait + 1 : 0;
    // data memory: a write lands, a read's data follows in the next cycle
    if (dmem_req && dmem_we) dmem[dmem_addr] <= dmem_wdata;
    if (dmem_req && !dmem_we) dmem_rdata <= dmem[dmem_addr];
  end

  // the monitor: port activity as checker events (cycle 0: the first after
  // start), one store event per lane written (a store in pieces is checked
  // per lane, wf_txcheck.h); the checker keeps its first divergence and every
  // later call returns that status. Before it, the launch sequence: reset
  // (phases 0, 1), start (2), running from the edge after start (3).
  function automatic wf_tx_lanes_t at_lane(int lane, logic [31:0] v);
    at_lane = '0;
    at_lane[32*lane +: 32] = v;
  endfunction
  bit ready = 0; // the initial block has loaded the memories
  int phase = 0;
  always @(posedge clk) if (ready && phase < 3) begin
    phase <= phase + 1;
    rst_n <= phase >= 1;
    start <= phase == 2;
  end else if (phase == 3) begin
    start <= 0;
    cycle <= 0;
    phase <= 4;
  end else if (cycle >= 0 && !done) begin
    if (dmem_req && dmem_we)
      void'(chk.store(cycle, int'(dmem_warp), 1 << dmem_lane, at_lane(int'(dmem_lane), 32'(dmem_addr)),
                      at_lane(int'(dmem_lane), dmem_wdata)));
    if (ret_valid) begin
      void'(chk.retire(cycle, int'(ret_warp), int'(ret_pc)));
      if (ret_rd_we)
        void'(chk.write(cycle, int'(ret_warp), int'(ret_rd), int'((64'd1 << LANES) - 1),
                        wf_tx_lanes_t'(ret_rd_data)));
      if (ret_insn[63:56] == 8'h15)  // bnz (rtl/wf_defs.vh WF_OP_BNZ)
        void'(chk.branch(cycle, int'(ret_warp), int'(ret_pc), ret_taken, int'(ret_insn[15:0])));
    end
    if (chk.status() != WF_TX_PASS) finish(chk.status());
    cycle <= cycle + 1;
  end
  always @(posedge clk) if (done && cycle >= 0) finish(chk.done(cycle));
  always @(posedge clk) if (cycle >= max_cycles) begin
    $display("TIMEOUT %s: not done after %0d cycles (+max_cycles)", prog_path, cycle);
    wf_txdpi_exit(3);
  end

  task automatic finish(int st);
    if (st == WF_TX_PASS)
      $display("PASS %s +bug=%s timing %s: %0d events matched, %0d cycles (model %0d)", prog_path,
               bug_name, timing, chk.matched(), cycle, chk.model_cycles());
    else
      $display("DIVERGENCE %s +bug=%s timing %s: %s\n%s", prog_path, bug_name, timing, chk.field(),
               chk.report());
    chk.destroy();
    wf_txdpi_exit(st);
  endtask

  initial begin
    if (!$value$plusargs("program=%s", prog_path)) begin
      $display("tb_oneloop: +program=FILE missing");
      wf_txdpi_exit(2);
    end
    void'($value$plusargs("options=%s", options));
    void'($value$plusargs("timing=%s", timing));
    void'($value$plusargs("window=%d", window));
    void'($value$plusargs("imem_lat=%d", imem_lat));
    void'($value$plusargs("max_cycles=%d", max_cycles));
    void'($value$plusargs("bug=%s", bug_name));
    case (bug_name)
      "none": bug = 3'd0;
      "value": bug = 3'd1;
      "skip": bug = 3'd2;
      "store": bug = 3'd3;
      "branch": bug = 3'd4;
      default: begin
        $display("tb_oneloop: +bug=%s: allowed none|value|skip|store|branch", bug_name);
        wf_txdpi_exit(2);
      end
    endcase
    // the build's sizes below the program's own options line, as main.cpp
    chk = new(prog_path, options, timing, window, $sformatf("--warps %0d --lanes %0d --regs %0d --mem-words %0d",
                                                            WARPS, LANES, REGS, 1 << MEM_AW));
    if (!chk.ok()) wf_txdpi_exit(2);  // the reason is on stderr
    if (chk.cfg("warps") > WARPS || chk.cfg("lanes") != LANES || chk.cfg("regs") != REGS ||
        chk.cfg("mem_words") != (1 << MEM_AW)) begin
      $display("%s: the program needs warps=%0d lanes=%0d regs=%0d mem_words=%0d; this build has WARPS=%0d (at most) LANES=%0d REGS=%0d MEM_AW=%0d (rebuild: run.sh's OL_* variables)",
               prog_path, chk.cfg("warps"), chk.cfg("lanes"), chk.cfg("regs"), chk.cfg("mem_words"),
               WARPS, LANES, REGS, MEM_AW);
      wf_txdpi_exit(2);
    end
    for (int i = 0; i < chk.prog_len(); i++) imem[i] = chk.imem_word(i);
    for (int i = 0; i < (1 << MEM_AW); i++) dmem[i] = '0;
    for (int i = 0; i < WARPS; i++) begin
      start_pc[16*i +: 16] = 16'(chk.start_pc(i));
      warp_en[i] = i < chk.cfg("warps");
    end
    ready = 1;
  end
  initial forever #5 clk = ~clk;
endmodule
