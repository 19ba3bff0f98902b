// Wishbone control of wf_core (docs/soc.md): a Wishbone B4 classic slave
// with the control/status registers and windows onto the scratchpad and
// the register file, and a Wishbone B4 classic master (the DMA) that copies
// between system memory and the instruction memory, the scratchpad or the
// register file, one descriptor at a time. The register map is generated
// from scripts/wf/socmap.py (wf_wb_regs.vh); the configuration's layout,
// its check, IDENTIFY's bytes and the error codes are the UART bridge's
// (wf_host_proto.vh, wf_cfg.vh).
//
// Slave: one access per request; ack (registered) the cycle after stb, so a
// classic master sees a two-cycle access. 32-bit accesses only (a write with
// sel != 4'hF is refused). A refused command or access sets ERROR and is
// otherwise ignored (reads give 0); nothing is written.
// Master: one word per bus cycle (cyc = stb until ack or err); 32-bit
// accesses, word addresses (wbm_adr_o = byte address >> 2), as LiteX's bus.
// The core runs untouched: launch_o is one pulse, and nothing reaches the
// core's host ports while a run is on (§14), so a run takes wfsim's cycles.
module wf_wb_ctrl #(
`include "wf_core_params_fpga.vh"  // wf_core's shape (generated), as the tops'
    ,
`include "wf_host_params.vh"  // the pins, the pipeline options, IMISS_LAT
    ,
    // the system memory the DMA may reach: [SYS_BASE, SYS_BASE + SYS_SIZE) bytes
    parameter [31:0]  SYS_BASE     = 32'h4000_0000,
    parameter [31:0]  SYS_SIZE     = 32'h0100_0000
) (
    input  wire                 clk_i,
    input  wire                 rst_ni,
`include "wf_wb_ports.vh"  // the bus ports (generated from scripts/wf/socmap.py)
    ,
    // wf_core's launch, configuration, status and host ports, wf_imem's host port
`include "wf_host_ports.vh"  // generated from scripts/wf/layout.py PORTS
);
  localparam integer BAUD_DIV = 0;   // IDENTIFY's baud_div: no UART on this top
`include "wf_host_proto.vh"
`include "wf_enums.vh"  // LAYOUT_*, WAR_*, SCHED_*, LOOPS_*, HAZARD_* (generated)
`include "wf_cfg.vh"
`include "wf_wb_regs.vh"
  reg  [WARPS*16-1:0] start_pc_q;   // START_PC's words
  assign start_pc_o = start_pc_q;

  localparam integer RB = REGS > 1 ? $clog2(REGS) : 0;     // register bits of a regs index
  localparam integer LB = LANES > 1 ? $clog2(LANES) : 0;   // lane bits
  localparam integer WB = WARPS > 1 ? $clog2(WARPS) : 0;
  generate
    if (RB + LB + WB > ADDR_BITS - REGION_BITS)
      begin : g_chk_regs WARPS_REGS_LANES_too_large_for_the_regs_window u_err(); end
  endgenerate
  localparam [39:0] SYS_LO = {8'd0, SYS_BASE};
  localparam [39:0] SYS_HI = {8'd0, SYS_BASE} + {8'd0, SYS_SIZE};
  localparam [39:0] REG_ITEMS = WARPS * REGS * LANES;
  localparam [39:0] IMEM_N = 40'd1 * IMEM_WORDS, MEM_N = 40'd1 * MEM_WORDS;
  localparam [16:0] RMASK = (17'd1 << RB) - 17'd1, LMASK = (17'd1 << LB) - 17'd1;

  // ---- state ------------------------------------------------------------------------
  localparam [1:0] R_IDLE = 2'd0, R_LAUNCH = 2'd1, R_RUN = 2'd2;
  localparam [2:0] D_IDLE = 3'd0, D_RD = 3'd1, D_WL = 3'd2, D_LR = 3'd3, D_LD = 3'd4,
                   D_WR = 3'd5;
  reg  [1:0]  run_q;
  reg         done_q;                 // the last run is done
  reg  [CFG_BYTES*8-1:0] cfg_q;       // CFG0/CFG1: the CFG_LAYOUT bytes
  reg  [5:0]  pc_sel_q;
  reg  [7:0]  err_q, err_cnt_q;
  reg  [1:0]  irq_en_q, irq_pend_q;
  reg  [31:0] cyc_hi_q;
  reg  [31:0] dma_sys_q, dma_local_q, dma_len_q;
  reg  [2:0]  dma_ctrl_q;
  reg         ack_q;
  reg  [1:0]  src_q;                  // what wbs_dat_o shows: 0 rdat_q, 1 mem, 2 a register lane
  reg  [31:0] rdat_q;
  reg  [5:0]  lane_q;
  // the DMA
  reg  [2:0]  d_st_q;
  reg  [31:0] d_sys_q, d_n_q;
  reg  [15:0] d_addr_q;
  reg  [5:0]  d_w_q, d_l_q;
  reg  [6:0]  d_r_q;
  reg         d_half_q;
  reg  [63:0] d_buf_q;
  reg  [1:0]  d_space_q;

  wire run_busy = run_q != R_IDLE;
  wire dma_busy = d_st_q != D_IDLE;
  wire busy     = run_busy || dma_busy;

  // ---- the configuration (CFG_LAYOUT bytes) to the core ------------------------------
  assign cfg_swizzle_o      = cfg_q[CFG_MODES*8 + MODE_LAYOUT];
  assign cfg_gto_o          = cfg_q[CFG_MODES*8 + MODE_SCHED];
  assign cfg_stall_o        = cfg_q[CFG_MODES*8 + MODE_HAZARD];
  assign cfg_war_o          = cfg_q[CFG_WAR*8 +: 3];
  assign cfg_loops_o        = cfg_q[CFG_LOOPS*8 +: 2];
  assign cfg_alu_lat_o      = cfg_q[CFG_ALU_LAT*8 +: 6];
  assign cfg_mul_lat_o      = cfg_q[CFG_MUL_LAT*8 +: 6];
  assign cfg_lsu_lat_o      = cfg_q[CFG_LSU_LAT*8 +: 6];
  assign cfg_active_warps_o = cfg_q[CFG_ACTIVE_WARPS*8 +: 7];
  // the wfsim defaults where the build allows them (as the bridge's reset)
  function automatic [CFG_BYTES*8-1:0] cfg_default(input [7:0] act);
    reg [CFG_BYTES*8-1:0] c;
    begin
      c = '0;
      c[CFG_MODES*8 + MODE_LAYOUT] = PIN_LAYOUT >= 0 ? PIN_LAYOUT[0] : LAYOUT_SWIZZLE;
      c[CFG_MODES*8 + MODE_SCHED]  = PIN_SCHED >= 0 ? PIN_SCHED[0] : SCHED_LRR;
      c[CFG_MODES*8 + MODE_HAZARD] = PIN_HAZARD >= 0 ? PIN_HAZARD[0] : HAZARD_REPLAY;
      c[CFG_WAR*8 +: 8]     = PIN_WAR >= 0 ? PIN_WAR[7:0] : {5'd0, WAR_BLOOM};
      c[CFG_LOOPS*8 +: 8]   = PIN_LOOPS >= 1 ? PIN_LOOPS[7:0] : {6'd0, LOOPS_COLLECTOR};
      c[CFG_ALU_LAT*8 +: 8] = 8'd1;
      c[CFG_MUL_LAT*8 +: 8] = MUL_LAT_MAX < 4 ? MUL_LAT_MAX[7:0] : 8'd4;
      c[CFG_LSU_LAT*8 +: 8] = 8'd2;
      c[CFG_ACTIVE_WARPS*8 +: 8] = act;
      cfg_default = c;
    end
  endfunction

  // ---- a regs index (w << (RB + LB)) | (r << LB) | l --------------------------------
  function automatic [19:0] ridx_wf(input [19:0] x);  // warp, full width
    ridx_wf = x >> (RB + LB);
  endfunction
  function automatic [16:0] ridx_rf(input [16:0] x);  // register, full width
    ridx_rf = (x >> LB) & RMASK;
  endfunction
  function automatic [16:0] ridx_lf(input [16:0] x);  // lane, full width
    ridx_lf = x & LMASK;
  endfunction
  function automatic [5:0] ridx_w(input [19:0] x);
    reg [19:0] t;
    begin t = ridx_wf(x); ridx_w = t[5:0]; end
  endfunction
  function automatic [6:0] ridx_r(input [16:0] x);
    reg [16:0] t;
    begin t = ridx_rf(x); ridx_r = t[6:0]; end
  endfunction
  function automatic [5:0] ridx_l(input [16:0] x);
    reg [16:0] t;
    begin t = ridx_lf(x); ridx_l = t[5:0]; end
  endfunction
  function automatic ridx_ok(input [31:0] x);
    ridx_ok = x[31:20] == 12'd0 && ridx_wf(x[19:0]) < WARPS[19:0] && ridx_rf(x[16:0]) < REGS[16:0] &&
              ridx_lf(x[16:0]) < LANES[16:0];
  endfunction
  // its position in wfsim --dump-state's order (lane, register, warp)
  function automatic [39:0] ridx_lin(input [19:0] x);
    ridx_lin = ({20'd0, ridx_wf(x)} * REGS + {23'd0, ridx_rf(x[16:0])}) * LANES +
               {23'd0, ridx_lf(x[16:0])};
  endfunction

  // ---- the slave's request ------------------------------------------------------------
  wire        req    = wbs_cyc_i && wbs_stb_i && !ack_q;
  wire [1:0]  region = wbs_adr_i[ADDR_BITS-1 -: REGION_BITS];
  wire [16:0] off    = wbs_adr_i[ADDR_BITS-REGION_BITS-1:0];
  wire        wr_ok  = wbs_sel_i == 4'hF;
  wire        in_mem = off < MEM_WORDS[16:0];
  wire        in_reg = ridx_ok({15'd0, off});
  wire        win_mem = req && region == REGION_MEM && !busy && in_mem && (!wbs_we_i || wr_ok);
  wire        win_reg = req && region == REGION_REGS && !busy && in_reg && !wbs_we_i;

  // ---- the descriptor's check ---------------------------------------------------------
  wire [1:0]  dsp    = dma_ctrl_q[DMA_CTRL_SPACE_LSB +: 2];
  wire        dback  = dma_ctrl_q[DMA_CTRL_TO_SYS_LSB];
  wire [39:0] dlen   = {8'd0, dma_len_q};
  wire [39:0] dbytes = dsp == SPACE_IMEM ? dlen << 3 : dlen << 2;
  wire [39:0] dloc   = {8'd0, dma_local_q};
  wire        dloc_ok =
      dsp == SPACE_IMEM ? dloc + dlen <= IMEM_N :
      dsp == SPACE_MEM  ? dloc + dlen <= MEM_N :
      dsp == SPACE_REGS ? dback && ridx_ok(dma_local_q) && ridx_lin(dma_local_q[19:0]) + dlen <= REG_ITEMS :
      1'b0;
  wire        dsys_ok = dma_sys_q[1:0] == 2'd0 && {8'd0, dma_sys_q} >= SYS_LO &&
                        {8'd0, dma_sys_q} + dbytes <= SYS_HI;
  wire        dma_ok  = dma_len_q != 32'd0 && dloc_ok && dsys_ok;

  // ---- control register reads ---------------------------------------------------------
  reg [31:0] creg;
  always @* begin : p_creg
    integer i;
    creg = 32'd0;
    case (off)
      RW_ID:          creg = {SOC_VERSION, ID_MAGIC};
      RW_STATUS: begin
        creg[STATUS_BUSY_LSB]     = run_busy;
        creg[STATUS_DONE_LSB]     = done_q;
        creg[STATUS_RUNNING_LSB]  = running_i;
        creg[STATUS_DMA_BUSY_LSB] = dma_busy;
      end
      RW_ERROR:       creg = {16'd0, err_cnt_q, err_q};
      RW_IRQ_ENABLE:  creg = {30'd0, irq_en_q};
      RW_IRQ_PENDING: creg = {30'd0, irq_pend_q};
      RW_CYCLE_LO:    creg = cycle_i[31:0];
      RW_CYCLE_HI:    creg = cyc_hi_q;
      RW_CFG0:        creg = cfg_q[31:0];
      RW_CFG1:        creg = {8'd0, cfg_q[CFG_BYTES*8-1:32]};
      RW_PC_SEL:      creg = {26'd0, pc_sel_q};
      RW_START_PC:
        for (i = 0; i < WARPS; i = i + 1) if (pc_sel_q == i[5:0]) creg = {16'd0, start_pc_q[i*16 +: 16]};
      RW_DMA_SYS:     creg = dma_sys_q;
      RW_DMA_LOCAL:   creg = dma_local_q;
      RW_DMA_LEN:     creg = dma_len_q;
      RW_DMA_CTRL:    creg = {29'd0, dma_ctrl_q};
      default:
        for (i = 0; i < ID_BYTES; i = i + 1)
          if (off == ID_BASE_W[16:0] + i[18:2]) creg[(i % 4)*8 +: 8] = ID_VEC[i*8 +: 8];
    endcase
  end
  wire rd_known = off <= RW_DMA_CTRL || (off >= ID_BASE_W[16:0] && off < ID_BASE_W[16:0] + ID_WORDS[16:0]);

  // ---- host ports: the DMA while it runs, else the windows ----------------------------
  wire d_wl = d_st_q == D_WL, d_lr = d_st_q == D_LR;
  assign mem_en_o     = win_mem || ((d_wl || d_lr) && d_space_q == SPACE_MEM);
  assign mem_we_o     = dma_busy ? d_wl : wbs_we_i;
  assign mem_addr_o   = dma_busy ? d_addr_q : off[15:0];
  assign mem_wdata_o  = dma_busy ? d_buf_q[31:0] : wbs_dat_i;
  assign imem_en_o    = (d_wl || d_lr) && d_space_q == SPACE_IMEM;
  assign imem_we_o    = d_wl;
  assign imem_addr_o  = d_addr_q;
  assign imem_wdata_o = d_buf_q;
  assign reg_en_o     = win_reg || (d_lr && d_space_q == SPACE_REGS);
  assign reg_warp_o   = dma_busy ? d_w_q : ridx_w({3'd0, off});
  assign reg_idx_o    = dma_busy ? d_r_q : ridx_r(off);

  function automatic [31:0] lane_of(input [LANES*32-1:0] row, input [5:0] l);
    integer i;
    begin
      lane_of = row[31:0];
      for (i = 1; i < LANES; i = i + 1) if (l == i[5:0]) lane_of = row[i*32 +: 32];
    end
  endfunction

  assign wbs_ack_o = ack_q;
  assign wbs_dat_o = src_q == 2'd1 ? mem_rdata_i : src_q == 2'd2 ? lane_of(reg_rdata_i, lane_q) : rdat_q;

  // ---- the DMA's bus ------------------------------------------------------------------
  wire d_bus = d_st_q == D_RD || d_st_q == D_WR;
  assign wbm_cyc_o = d_bus;
  assign wbm_stb_o = d_bus;
  assign wbm_we_o  = d_st_q == D_WR;
  assign wbm_adr_o = d_sys_q[31:2];
  assign wbm_dat_o = d_half_q ? d_buf_q[63:32] : d_buf_q[31:0];
  assign wbm_sel_o = 4'hF;
  assign irq_o     = |(irq_pend_q & irq_en_q);
  assign launch_o  = run_q == R_LAUNCH;
  wire   d_last_item = d_n_q == 32'd1;
  wire   d_word_done = d_space_q != SPACE_IMEM || d_half_q;   // an item's last bus word

  task automatic refuse(input [7:0] code);
    begin
      err_q <= code;
      if (err_cnt_q != 8'hFF) err_cnt_q <= err_cnt_q + 8'd1;
    end
  endtask

  // the next item of the DMA's local side (regs: lane, register, warp)
  task automatic d_advance;
    begin
      d_addr_q <= d_addr_q + 16'd1;
      d_n_q <= d_n_q - 32'd1;
      if (d_l_q == LANES[5:0] - 6'd1) begin
        d_l_q <= 6'd0;
        if (d_r_q == REGS[6:0] - 7'd1) begin d_r_q <= 7'd0; d_w_q <= d_w_q + 6'd1; end
        else d_r_q <= d_r_q + 7'd1;
      end else d_l_q <= d_l_q + 6'd1;
    end
  endtask

  integer i;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      run_q <= R_IDLE; done_q <= 1'b0; cfg_q <= cfg_default(8'd0); pc_sel_q <= 6'd0;
      err_q <= 8'd0; err_cnt_q <= 8'd0; irq_en_q <= 2'd0; irq_pend_q <= 2'd0; cyc_hi_q <= 32'd0;
      dma_sys_q <= 32'd0; dma_local_q <= 32'd0; dma_len_q <= 32'd0; dma_ctrl_q <= 3'd0;
      ack_q <= 1'b0; src_q <= 2'd0; rdat_q <= 32'd0; lane_q <= 6'd0; start_pc_q <= '0;
      d_st_q <= D_IDLE; d_sys_q <= 32'd0; d_n_q <= 32'd0; d_addr_q <= 16'd0; d_w_q <= 6'd0;
      d_l_q <= 6'd0; d_r_q <= 7'd0; d_half_q <= 1'b0; d_buf_q <= 64'd0; d_space_q <= 2'd0;
    end else begin
      // ---- the run: LAUNCH pulses launch_o, then done_i is the run's (wf_core: done_o
      // falls the cycle after launch_i)
      case (run_q)
        R_LAUNCH: run_q <= R_RUN;
        R_RUN: if (done_i) begin
          run_q <= R_IDLE; done_q <= 1'b1; irq_pend_q[IRQ_DONE] <= 1'b1;
        end
        default: ;
      endcase

      // ---- the slave ----------------------------------------------------------------
      ack_q <= req;
      src_q <= 2'd0;
      rdat_q <= 32'd0;
      if (req) begin
        lane_q <= ridx_l(off);
        if (win_mem && !wbs_we_i) src_q <= 2'd1;
        if (win_reg) src_q <= 2'd2;
        case (region)
          REGION_CTRL:
            if (!wbs_we_i) begin
              rdat_q <= creg;
              if (off == RW_CYCLE_LO) cyc_hi_q <= cycle_i[63:32];
              if (!rd_known) refuse(E_CMD);
            end else if (!wr_ok) refuse(E_CMD);
            else case (off)
              RW_CTRL:
                if (wbs_dat_i[CTRL_LAUNCH_LSB] && wbs_dat_i[CTRL_DMA_LSB]) refuse(E_CMD);
                else if (wbs_dat_i[CTRL_LAUNCH_LSB]) begin
                  if (busy) refuse(E_BUSY);
                  else if (!cfg_valid(cfg_q)) refuse(E_RANGE);
                  else begin run_q <= R_LAUNCH; done_q <= 1'b0; end
                end else if (wbs_dat_i[CTRL_DMA_LSB]) begin
                  if (busy) refuse(E_BUSY);
                  else if (!dma_ok) refuse(E_RANGE);
                  else begin
                    d_space_q <= dsp; d_sys_q <= dma_sys_q; d_n_q <= dma_len_q;
                    d_addr_q <= dma_local_q[15:0]; d_half_q <= 1'b0;
                    d_w_q <= ridx_w(dma_local_q[19:0]); d_r_q <= ridx_r(dma_local_q[16:0]);
                    d_l_q <= ridx_l(dma_local_q[16:0]);
                    d_st_q <= dback ? D_LR : D_RD;
                  end
                end
              RW_ERROR: begin err_q <= 8'd0; err_cnt_q <= 8'd0; end
              RW_IRQ_ENABLE: irq_en_q <= wbs_dat_i[1:0];
              RW_IRQ_PENDING: irq_pend_q <= irq_pend_q & ~wbs_dat_i[1:0];
              RW_CFG0, RW_CFG1, RW_PC_SEL, RW_START_PC, RW_DMA_SYS, RW_DMA_LOCAL, RW_DMA_LEN,
              RW_DMA_CTRL:
                if (busy) refuse(E_BUSY);
                else case (off)
                  RW_CFG0: cfg_q[31:0] <= wbs_dat_i;
                  RW_CFG1: cfg_q[CFG_BYTES*8-1:32] <= wbs_dat_i[CFG_BYTES*8-33:0];
                  RW_PC_SEL:
                    if (wbs_dat_i >= WARPS) refuse(E_RANGE);
                    else pc_sel_q <= wbs_dat_i[5:0];
                  RW_START_PC:
                    if (wbs_dat_i[31:16] != 16'd0) refuse(E_RANGE);
                    else for (i = 0; i < WARPS; i = i + 1)
                      if (pc_sel_q == i[5:0]) start_pc_q[i*16 +: 16] <= wbs_dat_i[15:0];
                  RW_DMA_SYS:   dma_sys_q <= wbs_dat_i;
                  RW_DMA_LOCAL: dma_local_q <= wbs_dat_i;
                  RW_DMA_LEN:   dma_len_q <= wbs_dat_i;
                  default:      dma_ctrl_q <= wbs_dat_i[2:0];
                endcase
              default: refuse(E_CMD);        // read only or not a register
            endcase
          REGION_MEM:
            if (busy) refuse(E_BUSY);
            else if (!in_mem) refuse(E_RANGE);
            else if (wbs_we_i && !wr_ok) refuse(E_CMD);
          REGION_REGS:
            if (busy) refuse(E_BUSY);
            else if (!in_reg) refuse(E_RANGE);
            else if (wbs_we_i) refuse(E_CMD);
          default: refuse(E_RANGE);
        endcase
      end

      // ---- the DMA ------------------------------------------------------------------
      case (d_st_q)
        D_RD: if (wbm_err_i) begin
          d_st_q <= D_IDLE; refuse(E_BUS); irq_pend_q[IRQ_DMA] <= 1'b1;
        end else if (wbm_ack_i) begin
          if (d_half_q) d_buf_q[63:32] <= wbm_dat_i;
          else d_buf_q <= {32'd0, wbm_dat_i};
          d_sys_q <= d_sys_q + 32'd4;
          d_half_q <= !d_word_done;
          if (d_word_done) d_st_q <= D_WL;
        end
        D_WL: begin
          d_advance;
          if (d_last_item) begin d_st_q <= D_IDLE; irq_pend_q[IRQ_DMA] <= 1'b1; end
          else d_st_q <= D_RD;
        end
        D_LR: d_st_q <= D_LD;
        D_LD: begin
          d_buf_q <= d_space_q == SPACE_IMEM ? imem_rdata_i :
                     d_space_q == SPACE_MEM ? {32'd0, mem_rdata_i} : {32'd0, lane_of(reg_rdata_i, d_l_q)};
          d_st_q <= D_WR;
        end
        D_WR: if (wbm_err_i) begin
          d_st_q <= D_IDLE; refuse(E_BUS); irq_pend_q[IRQ_DMA] <= 1'b1;
        end else if (wbm_ack_i) begin
          d_sys_q <= d_sys_q + 32'd4;
          d_half_q <= !d_word_done;
          if (d_word_done) begin
            d_advance;
            if (d_last_item) begin d_st_q <= D_IDLE; irq_pend_q[IRQ_DMA] <= 1'b1; end
            else d_st_q <= D_LR;
          end
        end
        default: ;
      endcase
    end
  end
  wire unused_ok = &{1'b0, wbs_adr_i[18:17] & 2'b00, off[16] & (MEM_WORDS < 65536)};
endmodule
