// The §11 observation record: packs the start-of-cycle state and the
// decisions of the cycle that wf_core's blocks produce into the trace ports,
// LSB first at the offsets of the field table scripts/wf/layout.py
// (`WF_OBS_<RECORD>_<FIELD>_LSB / _W of rtl/wf_defs.vh). Purely combinational.
// No C twin: the C model writes its wf_obs record directly (cmodel/core.c
// obs_state, and the blocks their events).
// The inputs carry the names of the wf_core wires they come from (the block
// that drives them: fsel_/fill_/fetch_ wf_fetch, ibuf_ wf_ibuffer, sb_
// wf_scoreboard, iss_ and the per-warp state wf_issue, cu_/grant_/disp_
// wf_collector, war_ wf_war, ex_/br_ wf_exec, piece_/lsu_ wf_lsu, wb_ wf_writeback).
`include "wf_defs.vh"    // the trace layout (generated)
module wf_trace #(
    parameter integer WARPS      = 8,
    parameter integer LANES      = 8,
    parameter integer BANKS      = 4,
    parameter integer COLLECTORS = 4,
    parameter integer SB_ENTRIES = 4,
    parameter integer IBUF       = 2,
    parameter integer OBS_WARP_W = `WF_OBS_WARP_W(SB_ENTRIES, IBUF)  // the port's record width
) (
    input  wire [63:0]                    cycle_i,
    // fetch and fill events (§3)
    input  wire                           fsel_valid_i,
    input  wire [5:0]                     fsel_warp_i,
    input  wire [15:0]                    fsel_pc_i,
    input  wire [1:0]                     fsel_kind_i,
    input  wire                           fill_valid_i,
    input  wire [2:0]                     fill_mshr_i,
    input  wire [15:0]                    fill_line_i,
    // issue event (§5.4), stall (§9)
    input  wire [2:0]                     iss_kind_i,
    input  wire [5:0]                     iss_warp_i,
    input  wire [15:0]                    iss_pc_i,
    input  wire                           iss_mem_replay_i,
    input  wire                           iss_hv_i,
    input  wire [4:0]                     iss_holder_i,
    input  wire                           iss_sbv_i,
    input  wire [2:0]                     iss_sbe_i,
    input  wire                           lsu_stall_i,
    // dispatch events per unit (§7)
    input  wire [2:0]                     disp_valid_i,
    input  wire [3*6-1:0]                 disp_warp_i,
    input  wire [3*16-1:0]                disp_pc_i,
    input  wire [3*5-1:0]                 disp_cu_i,
    // LSU piece (§10.2), branch (§10.4), done (§5.5)
    input  wire                           piece_valid_i,
    input  wire [5:0]                     piece_warp_i,
    input  wire [15:0]                    piece_pc_i,
    input  wire [15:0]                    piece_line_i,
    input  wire [LANES-1:0]               piece_lanes_i,
    input  wire                           piece_final_i,
    input  wire                           br_valid_i,
    input  wire [5:0]                     br_warp_i,
    input  wire                           br_taken_i,
    input  wire [15:0]                    br_target_i,
    input  wire                           done_i,
    // writeback events per unit (§10.3): each unit's last stage and its bank
    input  wire [2:0]                     wb_valid_i,
    input  wire [3*5-1:0]                 wb_bank_i,
    input  wire [2:0]                     wb_rel_valid_i,
    input  wire [3*6-1:0]                 ex_warp_i,
    input  wire [3*7-1:0]                 ex_rd_i,
    input  wire [3*3-1:0]                 ex_sbe_i,
    input  wire [3*LANES-1:0]             ex_lanes_i,
    input  wire [3*LANES*32-1:0]          ex_data_i,
    // bank grants (§6): writes, then the arbiter's reads
    input  wire [BANKS-1:0]               wb_bank_written_i,
    input  wire [BANKS-1:0]               cu_rd_en_i,
    input  wire [BANKS*6-1:0]             grant_warp_i,
    input  wire [BANKS*7-1:0]             grant_reg_i,
    input  wire [BANKS*5-1:0]             grant_cu_i,
    input  wire [BANKS*2-1:0]             grant_slot_i,
    // per-warp state (§3.1, §4.1, §5, §8)
    input  wire [WARPS*16-1:0]            fetch_pc_i,
    input  wire [WARPS*2-1:0]             fetch_state_i,
    input  wire [WARPS-1:0]               exited_i,
    input  wire [WARPS*8-1:0]             inflight_i,
    input  wire [WARPS-1:0]               mem_inflight_i,
    input  wire [2:0]                     war_i,            // the latched WAR policy
    input  wire [WARPS-1:0]               war_collecting_i,
    input  wire [WARPS*64-1:0]            war_filter_i,
    input  wire [WARPS*8-1:0]             sb_valid_i,       // 8 entries per warp, SB_ENTRIES used
    input  wire [WARPS*56-1:0]            sb_reg_i,
    input  wire [WARPS*4-1:0]             ibuf_nslots_i,
    input  wire [WARPS*IBUF-1:0]          ibuf_issued_i,
    input  wire [WARPS*IBUF*16-1:0]       ibuf_pc_i,
    input  wire [WARPS*IBUF*8-1:0]        ibuf_dep_i,
    input  wire [WARPS*IBUF*LANES-1:0]    ibuf_left_i,
    input  wire [WARPS*4-1:0]             hazard_i,
    input  wire [WARPS*10-1:0]            hazard_mask_i,
    // the holders: CU u = 0..COLLECTORS-1, the SR at COLLECTORS (§6.3, §7)
    input  wire                           mode3_i,          // loop mode 3: the CUs, else the SR
    input  wire [COLLECTORS:0]            cu_valid_i,
    input  wire [(COLLECTORS+1)*6-1:0]    cu_warp_i,
    input  wire [(COLLECTORS+1)*16-1:0]   cu_pc_i,
    input  wire [(COLLECTORS+1)*3-1:0]    cu_pending_i,
    input  wire [COLLECTORS*16-1:0]       cu_older_i,
    // the record (wf_core's obs_* ports)
    output reg  [`WF_OBS_W-1:0]           obs_o,
    output reg  [3*`WF_OBS_WB_W-1:0]      obs_wb_o,
    output reg  [3*`WF_OBS_WB_DATA_W(LANES)-1:0] obs_wb_data_o,
    output reg  [BANKS*`WF_OBS_BANK_W-1:0] obs_bank_o,
    output reg  [WARPS*OBS_WARP_W-1:0]    obs_warp_o,
    output reg  [(COLLECTORS+1)*`WF_OBS_CU_W-1:0] obs_cu_o
);
  `include "wf_isa.vh"    // NUNITS and the unit indices U_ALU, U_MUL, U_LSU (generated)
  `include "wf_enums.vh"  // ISS_*, STALL_*, BANK_*, WAR_* shared with the C model (generated)
  localparam integer LW    = LANES * 32;
  localparam integer C     = COLLECTORS;
  localparam [4:0]   SR_IX = COLLECTORS[4:0];
  // the warp record at the elaborated sizes
  localparam integer OWW   = `WF_OBS_WARP_W(SB_ENTRIES, IBUF);
  localparam integer O_IB  = `WF_OBS_WARP_IBUF_LSB(SB_ENTRIES);
  localparam integer O_HZ  = `WF_OBS_WARP_HAZARD_LSB(SB_ENTRIES, IBUF);
  localparam integer O_HZM = `WF_OBS_WARP_HAZARD_MASK_LSB(SB_ENTRIES, IBUF);
  localparam integer DSP_W = `WF_OBS_DISPATCH_W;

  function automatic [7:0] f_unit_ix(input hv, input [4:0] h);   // CU index, SR, none
    f_unit_ix = !hv ? 8'hFF : (h == SR_IX ? 8'hFE : {3'd0, h});
  endfunction

  always @* begin : p_obs
    integer x, b, w, e, i, u, o, k;
    o = 0;
    k = 0;
    obs_o = '0;
    obs_o[`WF_OBS_CYCLE_LSB +: `WF_OBS_CYCLE_W] = cycle_i;
    if (fsel_valid_i) begin
      obs_o[`WF_OBS_FETCH_VALID_LSB] = 1'b1;
      obs_o[`WF_OBS_FETCH_WARP_LSB +: `WF_OBS_FETCH_WARP_W] = fsel_warp_i;
      obs_o[`WF_OBS_FETCH_PC_LSB +: `WF_OBS_FETCH_PC_W] = fsel_pc_i;
      obs_o[`WF_OBS_FETCH_KIND_LSB +: `WF_OBS_FETCH_KIND_W] = fsel_kind_i;
    end
    if (fill_valid_i) begin
      obs_o[`WF_OBS_FILL_VALID_LSB] = 1'b1;
      obs_o[`WF_OBS_FILL_MSHR_LSB +: `WF_OBS_FILL_MSHR_W] = fill_mshr_i;
      obs_o[`WF_OBS_FILL_LINE_LSB +: `WF_OBS_FILL_LINE_W] = fill_line_i;
    end
    if (iss_kind_i == ISS_ISSUE || iss_kind_i == ISS_REPLAY) begin
      obs_o[`WF_OBS_ISSUE_VALID_LSB] = 1'b1;
      obs_o[`WF_OBS_ISSUE_WARP_LSB +: `WF_OBS_ISSUE_WARP_W] = iss_warp_i;
      obs_o[`WF_OBS_ISSUE_PC_LSB +: `WF_OBS_ISSUE_PC_W] = iss_pc_i;
      obs_o[`WF_OBS_ISSUE_REPLAY_LSB] = iss_kind_i == ISS_REPLAY || iss_mem_replay_i;
      obs_o[`WF_OBS_ISSUE_UNIT_LSB +: `WF_OBS_ISSUE_UNIT_W] = f_unit_ix(iss_hv_i, iss_holder_i);
      obs_o[`WF_OBS_ISSUE_SB_ENTRY_LSB +: `WF_OBS_ISSUE_SB_ENTRY_W] = iss_sbv_i ? {5'd0, iss_sbe_i} : 8'hFF;
    end
    obs_o[`WF_OBS_STALL_LSB +: `WF_OBS_STALL_W] =
      iss_kind_i == ISS_STALL_COLLECTOR ? STALL_COLLECTOR : iss_kind_i == ISS_STALL_LSU ? STALL_LSU : STALL_NONE;
    for (x = 0; x < `WF_OBS_DISPATCH_N; x = x + 1)
      if (disp_valid_i[x]) begin
        o = `WF_OBS_DISPATCH_LSB + x * DSP_W;
        obs_o[o + `WF_OBS_DISPATCH_VALID_LSB] = 1'b1;
        obs_o[o + `WF_OBS_DISPATCH_WARP_LSB +: `WF_OBS_DISPATCH_WARP_W] = disp_warp_i[x*6 +: 6];
        obs_o[o + `WF_OBS_DISPATCH_PC_LSB +: `WF_OBS_DISPATCH_PC_W] = disp_pc_i[x*16 +: 16];
        obs_o[o + `WF_OBS_DISPATCH_CU_LSB +: `WF_OBS_DISPATCH_CU_W] = f_unit_ix(1'b1, disp_cu_i[x*5 +: 5]);
      end
    if (piece_valid_i) begin
      obs_o[`WF_OBS_PIECE_VALID_LSB] = 1'b1;
      obs_o[`WF_OBS_PIECE_WARP_LSB +: `WF_OBS_PIECE_WARP_W] = piece_warp_i;
      obs_o[`WF_OBS_PIECE_PC_LSB +: `WF_OBS_PIECE_PC_W] = piece_pc_i;
      obs_o[`WF_OBS_PIECE_LINE_LSB +: `WF_OBS_PIECE_LINE_W] = piece_line_i;
      obs_o[`WF_OBS_PIECE_LANES_LSB +: LANES] = piece_lanes_i;
      obs_o[`WF_OBS_PIECE_LAST_LSB] = piece_final_i;
    end
    if (br_valid_i) begin
      obs_o[`WF_OBS_BRANCH_VALID_LSB] = 1'b1;
      obs_o[`WF_OBS_BRANCH_WARP_LSB +: `WF_OBS_BRANCH_WARP_W] = br_warp_i;
      obs_o[`WF_OBS_BRANCH_TAKEN_LSB] = br_taken_i;
      obs_o[`WF_OBS_BRANCH_TARGET_LSB +: `WF_OBS_BRANCH_TARGET_W] = br_target_i;
    end
    obs_o[`WF_OBS_LSU_STALL_LSB] = lsu_stall_i;
    obs_o[`WF_OBS_DONE_LSB] = done_i;

    obs_wb_o = '0;
    obs_wb_data_o = '0;
    for (x = 0; x < NUNITS; x = x + 1)
      if (wb_valid_i[x]) begin
        o = x * `WF_OBS_WB_W;
        obs_wb_o[o + `WF_OBS_WB_VALID_LSB] = 1'b1;
        obs_wb_o[o + `WF_OBS_WB_WARP_LSB +: `WF_OBS_WB_WARP_W] = ex_warp_i[x*6 +: 6];
        obs_wb_o[o + `WF_OBS_WB_REG_LSB +: `WF_REG_BITS] = ex_rd_i[x*7 +: 7];
        obs_wb_o[o + `WF_OBS_WB_BANK_LSB +: 5] = wb_bank_i[x*5 +: 5];
        obs_wb_o[o + `WF_OBS_WB_LANES_LSB +: LANES] = ex_lanes_i[x*LANES +: LANES];
        obs_wb_o[o + `WF_OBS_WB_RELEASE_LSB +: `WF_OBS_WB_RELEASE_W] =
          wb_rel_valid_i[x] ? {5'd0, ex_sbe_i[x*3 +: 3]} : 8'hFF;
        for (i = 0; i < LANES; i = i + 1)
          if (ex_lanes_i[x*LANES + i])
            obs_wb_data_o[x*LW + i*`WF_OBS_WB_DATA_LANE_W +: 32] = ex_data_i[x*LW + i*32 +: 32];
      end
`ifdef WF_MUTANT_TRACE_SELFTEST
    // verif/cosim/selftest.sh: a trace-only bug (the machine is unchanged;
    // bit 0 of lane 0's data of every ALU writeback is reported flipped),
    // which only the lockstep compare can see
    if (wb_valid_i[U_ALU]) obs_wb_data_o[U_ALU*LW] = ~obs_wb_data_o[U_ALU*LW];
`endif

    obs_bank_o = '0;
    for (b = 0; b < BANKS; b = b + 1) begin
      o = b * `WF_OBS_BANK_W;
      if (wb_bank_written_i[b]) begin
        for (x = 0; x < NUNITS; x = x + 1)
          if (wb_valid_i[x] && {27'd0, wb_bank_i[x*5 +: 5]} == b) begin
            obs_bank_o[o + `WF_OBS_BANK_KIND_LSB +: `WF_OBS_BANK_KIND_W] = BANK_WRITE;
            obs_bank_o[o + `WF_OBS_BANK_WARP_LSB +: `WF_OBS_BANK_WARP_W] = ex_warp_i[x*6 +: 6];
            obs_bank_o[o + `WF_OBS_BANK_REG_LSB +: `WF_REG_BITS] = ex_rd_i[x*7 +: 7];
            obs_bank_o[o + `WF_OBS_BANK_CU_LSB +: `WF_OBS_BANK_CU_W] = 8'd0;
            obs_bank_o[o + `WF_OBS_BANK_SLOT_LSB +: `WF_OBS_BANK_SLOT_W] = 8'd0;
            obs_bank_o[o + `WF_OBS_BANK_UNIT_LSB +: `WF_OBS_BANK_UNIT_W] = x[7:0] + 8'd1;
          end
      end else if (cu_rd_en_i[b]) begin
        obs_bank_o[o + `WF_OBS_BANK_KIND_LSB +: `WF_OBS_BANK_KIND_W] = BANK_READ;
        obs_bank_o[o + `WF_OBS_BANK_WARP_LSB +: `WF_OBS_BANK_WARP_W] = grant_warp_i[b*6 +: 6];
        obs_bank_o[o + `WF_OBS_BANK_REG_LSB +: `WF_REG_BITS] = grant_reg_i[b*7 +: 7];
        obs_bank_o[o + `WF_OBS_BANK_CU_LSB +: `WF_OBS_BANK_CU_W] = f_unit_ix(1'b1, grant_cu_i[b*5 +: 5]);
        obs_bank_o[o + `WF_OBS_BANK_SLOT_LSB +: 2] = grant_slot_i[b*2 +: 2];
      end
    end

    obs_warp_o = '0;
    for (w = 0; w < WARPS; w = w + 1) begin
      o = w * OWW;
      obs_warp_o[o + `WF_OBS_WARP_FETCH_PC_LSB +: `WF_OBS_WARP_FETCH_PC_W] = fetch_pc_i[w*16 +: 16];
      obs_warp_o[o + `WF_OBS_WARP_FETCH_STATE_LSB +: `WF_OBS_WARP_FETCH_STATE_W] = fetch_state_i[w*2 +: 2];
      obs_warp_o[o + `WF_OBS_WARP_EXITED_LSB] = exited_i[w];
      obs_warp_o[o + `WF_OBS_WARP_INFLIGHT_LSB +: 8] = inflight_i[w*8 +: 8];
      obs_warp_o[o + `WF_OBS_WARP_MEM_INFLIGHT_LSB] = mem_inflight_i[w];
      obs_warp_o[o + `WF_OBS_WARP_COLLECTING_LSB] = war_i == WAR_WB_READ && war_collecting_i[w];
      obs_warp_o[o + `WF_OBS_WARP_FILTER_LSB +: `WF_OBS_WARP_FILTER_W] = war_i == WAR_BLOOM ? war_filter_i[w*64 +: 64] : 64'd0;
      for (e = 0; e < SB_ENTRIES; e = e + 1)
        if (sb_valid_i[w*8 + e]) begin
          k = o + `WF_OBS_WARP_SB_LSB + e * `WF_OBS_WARP_SB_W;
          obs_warp_o[k + `WF_OBS_WARP_SB_VALID_LSB] = 1'b1;
          obs_warp_o[k + `WF_OBS_WARP_SB_REG_LSB +: `WF_REG_BITS] = sb_reg_i[(w*8+e)*7 +: 7];
        end
      for (i = 0; i < IBUF; i = i + 1)
        if (i < {28'd0, ibuf_nslots_i[w*4 +: 4]}) begin
          k = o + O_IB + i * `WF_OBS_WARP_IBUF_W;
          obs_warp_o[k + `WF_OBS_WARP_IBUF_VALID_LSB] = 1'b1;
          obs_warp_o[k + `WF_OBS_WARP_IBUF_ISSUED_LSB] = ibuf_issued_i[w*IBUF+i];
          obs_warp_o[k + `WF_OBS_WARP_IBUF_PC_LSB +: `WF_OBS_WARP_IBUF_PC_W] = ibuf_pc_i[(w*IBUF+i)*16 +: 16];
          obs_warp_o[k + `WF_OBS_WARP_IBUF_DEP_LSB +: `WF_OBS_WARP_IBUF_DEP_W] = ibuf_dep_i[(w*IBUF+i)*8 +: 8];
          obs_warp_o[k + `WF_OBS_WARP_IBUF_LANES_LEFT_LSB +: LANES] = ibuf_left_i[(w*IBUF+i)*LANES +: LANES];
        end
      obs_warp_o[o + O_HZ +: `WF_OBS_WARP_HAZARD_W] = hazard_i[w*4 +: 4];
      obs_warp_o[o + O_HZM +: `WF_OBS_WARP_HAZARD_MASK_W] = hazard_mask_i[w*10 +: 10];
    end

    obs_cu_o = '0;
    for (u = 0; u <= C; u = u + 1)
      if (cu_valid_i[u] && (mode3_i ? u < C : u == C)) begin
        o = u * `WF_OBS_CU_W;
        obs_cu_o[o + `WF_OBS_CU_VALID_LSB] = 1'b1;
        obs_cu_o[o + `WF_OBS_CU_WARP_LSB +: `WF_OBS_CU_WARP_W] = cu_warp_i[u*6 +: 6];
        obs_cu_o[o + `WF_OBS_CU_PC_LSB +: `WF_OBS_CU_PC_W] = cu_pc_i[u*16 +: 16];
        obs_cu_o[o + `WF_OBS_CU_PENDING_LSB +: `WF_OBS_CU_PENDING_W] = cu_pending_i[u*3 +: 3];
        obs_cu_o[o + `WF_OBS_CU_READY_LSB] = cu_pending_i[u*3 +: 3] == 3'd0;
        obs_cu_o[o + `WF_OBS_CU_OLDER_LSB +: `WF_OBS_CU_OLDER_W] =
          (u < C && war_i == WAR_INORDER) ? cu_older_i[(u < C ? u : 0)*16 +: 16] : 16'd0;
      end
  end
endmodule
