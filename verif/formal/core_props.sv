// End-to-end properties of wf_core in loop mode 3 at the smallest shape that
// shows the WAR hazard of §8: one warp (the hazard is within a warp), one
// lane, two registers in one bank (every read of an instruction with two
// sources takes two cycles, and every write blocks a read, §6.2), three
// collector units (an older collecting instruction delays a younger one's
// reads, §6.4, while a third one writes), a four-word program that the solver chooses (any legal
// instruction words but mul/mad, docs/isa.md) in one I-cache line, held in an
// instruction memory that answers after any delay.
// The WAR policy is the parameter WAR (wf_war_policy: 0 none .. 4 bloom).
`include "wf_defs.vh"
module core_props #(
    parameter integer WAR = 4
) (
    input wire clk
);
  // the wf_core parameters rtl/wf_core_nets.vh sizes its nets by
  localparam integer WARPS = 1, LANES = 1, REGS = 2, BANKS = 1, COLLECTORS = 3, SB_ENTRIES = 2, IBUF = 2;
  localparam integer IMEM = 4, ICACHE_LINE = 4, CUS = COLLECTORS;

  // the structural-hazard mode (§9) is any constant: in replay mode a ld/st
  // stays as head until its LSU verdict, in stall mode it leaves at issue
  (* anyconst *) reg stall;

  // reset, launch, the program (any legal words but mul/mad), the
  // instruction memory (any delay), the host ports idle: wf_formal_env.sv
  `include "wf_core_nets.vh"
  wire [IMEM*64-1:0] romv;
  wf_formal_env #(.IMEM(IMEM), .REGS(REGS), .LANES(LANES)) env (
    .clk(clk), .step(), .romv(romv), .launch_i(launch_i),
    `WF_CORE_CONN_CLOCK, `WF_CORE_CONN_IMEM, `WF_CORE_CONN_HOST);
  wire [63:0] rom [0:IMEM-1];
  genvar gi;
  generate for (gi = 0; gi < IMEM; gi = gi + 1) begin : g_rom
    assign rom[gi] = romv[gi*64 +: 64];
  end endgenerate

  assign {cfg_swizzle_i, cfg_war_i, cfg_gto_i, cfg_loops_i, cfg_stall_i} = {1'b0, WAR[2:0], 1'b0, 2'd3, stall};
  assign {cfg_alu_lat_i, cfg_mul_lat_i, cfg_lsu_lat_i, cfg_active_warps_i} = {6'd1, 6'd1, 6'd2, 7'd0};
  assign {cfg_decode_stage_i, cfg_alloc_stage_i, cfg_handoff_stage_i, cfg_fill_stage_i,
          cfg_ready_stage_i} = 5'd0;
  assign start_pc_i = 0;
  wf_core #(.WARPS(WARPS), .LANES(LANES), .REGS(REGS), .BANKS(BANKS), .COLLECTORS(COLLECTORS),
            .SB_ENTRIES(SB_ENTRIES), .IBUF(IBUF), .ICACHE_LINES(1), .ICACHE_LINE(ICACHE_LINE), .IMSHRS(1),
            .IMEM_WORDS(IMEM), .MEM_WORDS(16), .MEM_LINE(1), .BLOOM_BITS(4),
            .ALU_LAT_MAX(1), .MUL_LAT_MAX(1), .LSU_LAT_MAX(2),
            .PIN_LAYOUT(0), .PIN_WAR(WAR), .PIN_SCHED(0), .PIN_LOOPS(3), .PIN_HAZARD(-1),
            .PIN_DECODE_STAGE(0), .PIN_ALLOC_STAGE(0), .PIN_HANDOFF_STAGE(0),
            .PIN_FILL_STAGE(0), .PIN_READY_STAGE(0),
            .PIN_ALU_LAT(1), .PIN_MUL_LAT(1), .PIN_LSU_LAT(2)) dut (`WF_CORE_CONN_ALL);
  wire running = running_o;
  wire [3*`WF_OBS_WB_W-1:0]       obs_wb = obs_wb_o;
  wire [(CUS+1)*`WF_OBS_CU_W-1:0] obs_cu = obs_cu_o;

  function automatic [6:0] src(input [63:0] wd, input integer s);
    src = s == 0 ? wd[`WF_INSN_RA_LSB +: 7] : s == 1 ? wd[`WF_INSN_RB_LSB +: 7] : wd[`WF_INSN_RC_LSB +: 7];
  endfunction

  // ---- §8: no register is written while an older instruction of its warp
  // that reads it has not read it. An instruction still collecting (a CU
  // with a pending slot naming r) when r of its warp is written is older than
  // the writer: a younger reader of r cannot have issued while the writer
  // holds r's scoreboard entry (§4.2, §4.3), and the writer left the
  // collector first.
  always @* begin : p_war
    integer x, u, s;
    reg [`WF_OBS_CU_W-1:0] cu;
    reg [`WF_OBS_WB_W-1:0] wb;
    if (running)
      for (x = 0; x < 3; x = x + 1) begin
        wb = obs_wb[x*`WF_OBS_WB_W +: `WF_OBS_WB_W];
        for (u = 0; u < CUS; u = u + 1) begin
          cu = obs_cu[u*`WF_OBS_CU_W +: `WF_OBS_CU_W];
          for (s = 0; s < 3; s = s + 1)
            if (wb[`WF_OBS_WB_VALID_LSB] && cu[`WF_OBS_CU_VALID_LSB] &&
                cu[`WF_OBS_CU_WARP_LSB +: 6] == wb[`WF_OBS_WB_WARP_LSB +: 6] &&
                cu[`WF_OBS_CU_PENDING_LSB + s])
              assert (src(rom[cu[`WF_OBS_CU_PC_LSB +: 2]], s) != wb[`WF_OBS_WB_REG_LSB +: 7]); // P: war_end_to_end
        end
      end
  end

  // §10.5, §5.5: a warp's ld/st is counted in flight at least as long as its
  // mem_inflight flag is set (it clears the flag when it leaves LSU stage 1,
  // no later than it leaves the LSU): the environment issue_props assumes
  always @* if (running)
    assert (!obs_warp_o[`WF_OBS_WARP_MEM_INFLIGHT_LSB] ||
            obs_warp_o[`WF_OBS_WARP_INFLIGHT_LSB +: `WF_OBS_WARP_INFLIGHT_W] != '0);       // P: mem_inflight_counted

  // sanity: the run can reach a write while another instruction collects
  always @* if (running) cover (obs_wb[`WF_OBS_WB_VALID_LSB] && obs_cu[`WF_OBS_CU_VALID_LSB]);
endmodule
