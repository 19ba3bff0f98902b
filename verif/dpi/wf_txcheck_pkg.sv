// The transaction-level checker (verif/include/wf_txcheck.h) for any
// SystemVerilog testbench, over the DPI-C shim verif/dpi/wf_txcheck_dpi.c:
// the golden model runs the same program and checks the events a monitor of
// the design's own ports reports (retire, register write, bnz outcome, store,
// done), per warp in program order, at a timing tolerance (order, window,
// exact, drift). Compile this file before the testbench; link or -sv_lib the shim
// with libwfverif and libwarpfront (verif/examples/oneloop/README.md).
//
//   import wf_txcheck_pkg::*;
//   wf_txcheck chk = new("prog.s", "--warps 4", "order", 0, "--lanes 8 --mem-words 1024");
//   if (!chk.ok()) ...                       // bad program/options: on stderr
//   chk.retire(cycle, warp, pc);  chk.write(cycle, warp, rd, mask, data);
//   chk.branch(cycle, warp, pc, taken, target);  chk.store(cycle, warp, mask, addr, data);
//   chk.done(cycle);  if (chk.status() != WF_TX_PASS) $display("%s", chk.report());
//
// Each event returns WF_TX_PASS (0), WF_TX_FAIL (1) or WF_TX_ERROR (2); the
// first divergence is kept: field() ("arch warp[0].r3.lane[2]"), report()
// (one line per field), json(). Lane vectors are packed, lane l in bits
// [32*l +: 32], at most 32 lanes.
//
// Under `define UVM (simulators with UVM; Verilator 5.006 has none) the
// package also has wf_tx_item and the scoreboard wf_txcheck_scoreboard.
`ifndef WF_TXCHECK_PKG_SV
`define WF_TXCHECK_PKG_SV
package wf_txcheck_pkg;
`ifdef UVM
  import uvm_pkg::*;
  `include "uvm_macros.svh"
`endif
  localparam int WF_TX_MAX_LANES = 32;
  typedef bit [32*WF_TX_MAX_LANES-1:0] wf_tx_lanes_t;
  localparam int WF_TX_PASS = 0;
  localparam int WF_TX_FAIL = 1;
  localparam int WF_TX_ERROR = 2;

  // the shim (verif/dpi/wf_txcheck_dpi.c); options: wfsim machine parameters
  // base: the design's sizes, applied before the program's "# wfsim-options:"
  // line; options: the user's, applied after it
  import "DPI-C" function chandle wf_txdpi_create(input string program_path, input string base,
                                                  input string options, input string timing,
                                                  input int window);
  import "DPI-C" function void wf_txdpi_destroy(input chandle h);
  import "DPI-C" function int wf_txdpi_cfg(input chandle h, input string name);
  import "DPI-C" function int wf_txdpi_prog_len(input chandle h);
  import "DPI-C" function longint wf_txdpi_imem_word(input chandle h, input int addr);
  import "DPI-C" function int wf_txdpi_start_pc(input chandle h, input int warp);
  import "DPI-C" function int wf_txdpi_retire(input chandle h, input longint cycle, input int warp,
                                              input int pc);
  import "DPI-C" function int wf_txdpi_write(input chandle h, input longint cycle, input int warp,
                                             input int rd, input int lane_mask,
                                             input wf_tx_lanes_t data);
  import "DPI-C" function int wf_txdpi_branch(input chandle h, input longint cycle, input int warp,
                                              input int pc, input int taken, input int target);
  import "DPI-C" function int wf_txdpi_store(input chandle h, input longint cycle, input int warp,
                                             input int lane_mask, input wf_tx_lanes_t addr,
                                             input wf_tx_lanes_t data);
  import "DPI-C" function int wf_txdpi_done(input chandle h, input longint cycle);
  import "DPI-C" function int wf_txdpi_status(input chandle h);
  import "DPI-C" function longint wf_txdpi_matched(input chandle h);
  import "DPI-C" function longint wf_txdpi_model_cycles(input chandle h);
  import "DPI-C" function string wf_txdpi_field(input chandle h);
  import "DPI-C" function string wf_txdpi_report(input chandle h);
  import "DPI-C" function string wf_txdpi_json(input chandle h);
  import "DPI-C" function void wf_txdpi_exit(input int code);

  // one checked run; instantiate one per design instance
  class wf_txcheck;
    protected chandle h;

    function new(string program_path, string options = "", string timing = "order",
                 int window = 0, string base = "");
      h = wf_txdpi_create(program_path, base, options, timing, window);
    endfunction
    function bit ok();
      return h != null;
    endfunction
    function int cfg(string name);               // "warps", "lanes", "mem_words", ...
      return wf_txdpi_cfg(h, name);
    endfunction
    function int prog_len();
      return wf_txdpi_prog_len(h);
    endfunction
    function longint imem_word(int addr);         // the program, for the design's memory
      return wf_txdpi_imem_word(h, addr);
    endfunction
    function int start_pc(int warp);
      return wf_txdpi_start_pc(h, warp);
    endfunction
    function int retire(longint cycle, int warp, int pc);
      return wf_txdpi_retire(h, cycle, warp, pc);
    endfunction
    function int write(longint cycle, int warp, int rd, int lane_mask, wf_tx_lanes_t data);
      return wf_txdpi_write(h, cycle, warp, rd, lane_mask, data);
    endfunction
    function int branch(longint cycle, int warp, int pc, bit taken, int target);
      return wf_txdpi_branch(h, cycle, warp, pc, int'(taken), target);
    endfunction
    function int store(longint cycle, int warp, int lane_mask, wf_tx_lanes_t addr,
                       wf_tx_lanes_t data);
      return wf_txdpi_store(h, cycle, warp, lane_mask, addr, data);
    endfunction
    function int done(longint cycle);
      return wf_txdpi_done(h, cycle);
    endfunction
    function int status();
      return wf_txdpi_status(h);
    endfunction
    function longint matched();
      return wf_txdpi_matched(h);
    endfunction
    function longint model_cycles();
      return wf_txdpi_model_cycles(h);
    endfunction
    function string field();
      return wf_txdpi_field(h);
    endfunction
    function string report();
      return wf_txdpi_report(h);
    endfunction
    function string json();
      return wf_txdpi_json(h);
    endfunction
    function void destroy();
      wf_txdpi_destroy(h);
      h = null;
    endfunction
  endclass

`ifdef UVM
  // One monitor event; kind selects the fields that apply.
  typedef enum { WF_TX_RETIRE, WF_TX_WRITE, WF_TX_BRANCH, WF_TX_STORE, WF_TX_DONE } wf_tx_kind_e;

  class wf_tx_item extends uvm_sequence_item;
    wf_tx_kind_e  kind;
    longint       cycle;
    int           warp, pc, rd, target;
    int           lane_mask;
    bit           taken;
    wf_tx_lanes_t addr, data;
    `uvm_object_utils(wf_tx_item)
    function new(string name = "wf_tx_item");
      super.new(name);
    endfunction
    function string convert2string();
      return $sformatf("%s cycle %0d warp %0d pc %0d", kind.name(), cycle, warp, pc);
    endfunction
  endclass

  // The scoreboard: connect the monitors' analysis ports to item_export.
  // Configuration (uvm_config_db under this component, else plusargs):
  // "program" (+wf_program=), "options" (+wf_options=), "timing" (+wf_timing=,
  // default order), "window" (+wf_window=), "base" (+wf_base=: the design's
  // sizes, "--lanes 8 --mem-words 1024", below the program's own line). The first divergence is one
  // uvm_error with the field path; check_phase fails a run that never saw done.
  class wf_txcheck_scoreboard extends uvm_scoreboard;
    `uvm_component_utils(wf_txcheck_scoreboard)
    uvm_analysis_imp #(wf_tx_item, wf_txcheck_scoreboard) item_export;
    wf_txcheck chk;
    protected bit seen_done, reported;

    function new(string name, uvm_component parent);
      super.new(name, parent);
      item_export = new("item_export", this);
    endfunction

    function void build_phase(uvm_phase phase);
      string prog, options = "", timing = "order", base = "";
      int window = 0;
      super.build_phase(phase);
      if (!uvm_config_db#(string)::get(this, "", "program", prog) &&
          !$value$plusargs("wf_program=%s", prog))
        `uvm_fatal("WF_TXCHECK", "no program: set \"program\" in uvm_config_db or +wf_program=")
      if (!uvm_config_db#(string)::get(this, "", "options", options))
        void'($value$plusargs("wf_options=%s", options));
      if (!uvm_config_db#(string)::get(this, "", "timing", timing))
        void'($value$plusargs("wf_timing=%s", timing));
      if (!uvm_config_db#(int)::get(this, "", "window", window))
        void'($value$plusargs("wf_window=%d", window));
      if (!uvm_config_db#(string)::get(this, "", "base", base))
        void'($value$plusargs("wf_base=%s", base));
      chk = new(prog, options, timing, window, base);
      if (!chk.ok())
        `uvm_fatal("WF_TXCHECK", $sformatf("cannot check %s with '%s' (reason on stderr)", prog, options))
    endfunction

    function void write(wf_tx_item t);
      int st;
      case (t.kind)
        WF_TX_RETIRE: st = chk.retire(t.cycle, t.warp, t.pc);
        WF_TX_WRITE:  st = chk.write(t.cycle, t.warp, t.rd, t.lane_mask, t.data);
        WF_TX_BRANCH: st = chk.branch(t.cycle, t.warp, t.pc, t.taken, t.target);
        WF_TX_STORE:  st = chk.store(t.cycle, t.warp, t.lane_mask, t.addr, t.data);
        default: begin
          st = chk.done(t.cycle);
          seen_done = 1;
        end
      endcase
      if (st != WF_TX_PASS && !reported) begin
        reported = 1;
        `uvm_error("WF_TXCHECK", $sformatf("%s\n%s", chk.field(), chk.report()))
      end
    endfunction

    function void check_phase(uvm_phase phase);
      super.check_phase(phase);
      if (!seen_done)
        `uvm_error("WF_TXCHECK", "the run ended without a done event")
    endfunction

    function void report_phase(uvm_phase phase);
      super.report_phase(phase);
      `uvm_info("WF_TXCHECK", $sformatf("%0d events matched; %s", chk.matched(), chk.json()), UVM_LOW)
    endfunction
  endclass
`endif
endpackage
`endif
