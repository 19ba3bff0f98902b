// DPI-C entry points of the warpfront golden model (verif/dpi/wf_dpi.c):
// drive the C cycle model from any SystemVerilog testbench, compare wf_core's
// trace ports with it every cycle (verif/compare.c, the one comparator), read
// a field of either side's observation record, check the final state.
// Link verif/dpi/wf_dpi.c with build/libwfverif.a and build/libwarpfront.a.
//
//   `include "wf_dpi.svh"   then   import wf_dpi_pkg::*;
//
// Per run: h = wf_dpi_create(program, "--wfsim-option value ...") (null on a
// bad program / option, message on stderr); the launch inputs from
// wf_dpi_launch_input / wf_dpi_start_pc, the instruction memory from
// wf_dpi_imem_word and wf_dpi_cfg(h, "imiss_lat"); per cycle (from cycle 0,
// the first with running_o) wf_dpi_step (1: the model is done: then
// wf_dpi_check_done(h, done_o); 2, only at compare level arch (option --cmp
// arch or env WF_CMP=arch): the model is done, keep comparing the RTL until
// done_o, then wf_dpi_check_done), else wf_dpi_compare with the six trace ports
// (1: mismatch, reported once with the field path and a reproduce line);
// after done wf_dpi_set_reg / wf_dpi_set_mem with the read-back state and
// wf_dpi_final(h, cycle_o) (0 pass, 1 mismatch); wf_dpi_destroy(h).
// The trace arguments are sized for the largest configuration; pass the
// ports zero-extended with the casts, e.g. wf_dpi_warp_t'(obs_warp_o).
`ifndef WF_DPI_SVH
`define WF_DPI_SVH
`include "wf_defs.vh"  // the trace layout (generated from scripts/wf/layout.py)
// the package is named for what it holds, not after this include file
/* verilator lint_off DECLFILENAME */
package wf_dpi_pkg;
  // the trace ports at the largest configuration (layout: rtl/wf_defs.vh, generated)
  localparam int WF_DPI_OBS_BITS     = `WF_OBS_W;                          // obs_o
  localparam int WF_DPI_WB_BITS      = 3 * `WF_OBS_WB_W;                   // obs_wb_o
  localparam int WF_DPI_WB_DATA_BITS = 3 * `WF_OBS_WB_DATA_W(32);          // obs_wb_data_o at LANES = 32
  localparam int WF_DPI_BANK_BITS    = 32 * `WF_OBS_BANK_W;                // obs_bank_o at BANKS = 32
  localparam int WF_DPI_WARP_BITS    = 64 * `WF_OBS_WARP_W(8, 8);          // obs_warp_o at the maxima
  localparam int WF_DPI_CU_BITS      = 17 * `WF_OBS_CU_W;                  // obs_cu_o at COLLECTORS = 16
  localparam int WF_DPI_LANES_BITS   = 32 * 32;         // reg_rdata_o at LANES = 32
  typedef bit [WF_DPI_OBS_BITS-1:0]     wf_dpi_obs_t;
  typedef bit [WF_DPI_WB_BITS-1:0]      wf_dpi_wb_t;
  typedef bit [WF_DPI_WB_DATA_BITS-1:0] wf_dpi_wb_data_t;
  typedef bit [WF_DPI_BANK_BITS-1:0]    wf_dpi_bank_t;
  typedef bit [WF_DPI_WARP_BITS-1:0]    wf_dpi_warp_t;
  typedef bit [WF_DPI_CU_BITS-1:0]      wf_dpi_cu_t;
  typedef bit [WF_DPI_LANES_BITS-1:0]   wf_dpi_lanes_t;

  // program: assembly file; options: wfsim options ("--warps 4 --layout naive"),
  // plus "--seed N" (only printed in reports)
  import "DPI-C" function chandle wf_dpi_create(input string program_path, input string options);
  import "DPI-C" function void wf_dpi_destroy(input chandle h);
  // the reproduce command printed in mismatch reports (default: verif/dpi/run.sh PROGRAM OPTIONS)
  import "DPI-C" function void wf_dpi_set_repro(input chandle h, input string command);
  // a configuration parameter by wfsim name ("imiss_lat", "warps"); -1 if unknown
  import "DPI-C" function int wf_dpi_cfg(input chandle h, input string name);
  // launch inputs: "swizzle" "war" "gto" "loops" "stall" "alu_lat" "mul_lat" "lsu_lat" "active_warps"
  import "DPI-C" function int wf_dpi_launch_input(input chandle h, input string name);
  import "DPI-C" function int wf_dpi_start_pc(input chandle h, input int warp);
  // a wf_core pin (PIN_<pin> = value, -1 unpinned) against the options: 0
  // agree, 1 the options drive its input to another value (reported), -1 an
  // unknown pin name
  import "DPI-C" function int wf_dpi_check_pin(input chandle h, input string pin, input int value);
  // instruction word at addr (0 past the program)
  import "DPI-C" function longint wf_dpi_imem_word(input chandle h, input int addr);
  // one model cycle: 0 stepped, 1 the model is done (not stepped)
  import "DPI-C" function int wf_dpi_step(input chandle h);
  import "DPI-C" function int wf_dpi_compare(input chandle h, input wf_dpi_obs_t obs,
      input wf_dpi_wb_t wb, input wf_dpi_wb_data_t wb_data, input wf_dpi_bank_t bank,
      input wf_dpi_warp_t warp, input wf_dpi_cu_t cu, input int version);
  // done_o against the model's done: 0 equal, 1 mismatch (reported)
  import "DPI-C" function int wf_dpi_check_done(input chandle h, input int rtl_done);
  // a field of the current record by its report path ("issue.pc", "bank[2].warp",
  // "warp[1].ibuf[0].dep", "wb[0].data[3]"); side 0 the C model, 1 the last
  // decoded RTL trace. 0, or -1 for an unknown path.
  import "DPI-C" function int wf_dpi_obs_field(input chandle h, input int side, input string path,
      output longint value);
  import "DPI-C" function void wf_dpi_set_reg(input chandle h, input int warp, input int regidx,
      input wf_dpi_lanes_t lanes);
  import "DPI-C" function void wf_dpi_set_mem(input chandle h, input int addr, input int value);
  // final state vs the interpreter and the cycle model, and the cycle count
  import "DPI-C" function int wf_dpi_final(input chandle h, input longint rtl_cycles);
  // the per-run cycle limit (--max-cycles in the options, default WF_HOST_MAX_CYCLES of wf_host.h)
  import "DPI-C" function longint wf_dpi_max_cycles(input chandle h);
  // the testbench's loop ran out of cycles: the timeout verdict; the exit status (3)
  import "DPI-C" function int wf_dpi_timeout(input chandle h, input longint cycle);
  // the verdict's JSON record (--result FILE in the options); the exit status of
  // the verdict (rc: the testbench's own, for its checks outside the lockstep core)
  import "DPI-C" function int wf_dpi_result(input chandle h, input int rc);
  // flush and exit the simulator with this status
  import "DPI-C" function void wf_dpi_exit(input int code);
endpackage
/* verilator lint_on DECLFILENAME */
`endif
