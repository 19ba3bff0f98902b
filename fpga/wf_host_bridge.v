// Host bridge (docs/fpga.md "Host protocol"): framed commands from a byte
// stream (wf_uart) to wf_core's host ports, the run-time configuration, the
// start pcs, launch and the instruction memory's host port.
//
// Request  : 0xA5, CMD, LEN, LEN payload bytes, CRC
// Reply    : 0x5A, STATUS, LEN, LEN payload bytes, CRC
// CRC-8, polynomial 0x07, initial value 0, over CMD (STATUS), LEN and the
// payload. Multi-byte fields are little endian. One command at a time: bytes
// that arrive while a command executes or its reply is sent are dropped;
// between frames every byte other than 0xA5 is ignored (resynchronisation).
// A frame whose next byte does not come within TIMEOUT cycles is answered
// with ERR_TIMEOUT. Commands, errors and IDENTIFY: wf_host_proto.vh (docs/fpga.md).
//
// The payload of a request is stored in a 256-byte buffer (one block RAM) and
// checked (CRC) before anything executes; a reply's payload is built in the
// same buffer and then sent. The first HDR_BYTES payload bytes are also kept in flops
// (hdr_q): the commands' fixed fields.
module wf_host_bridge #(
`include "wf_core_params_fpga.vh"  // wf_core's shape (generated), as the tops'
    ,
`include "wf_host_params.vh"  // the pins, the pipeline options, IMISS_LAT
    ,
    parameter integer BAUD_DIV     = 104,       // reported by IDENTIFY
    parameter integer TIMEOUT      = 1000000    // cycles between two bytes of a frame
) (
    input  wire                 clk_i,
    input  wire                 rst_ni,
    // byte stream (wf_uart)
    input  wire                 rx_valid_i,
    input  wire [7:0]           rx_data_i,
    output wire                 tx_valid_o,
    output wire [7:0]           tx_data_o,
    input  wire                 tx_ready_i,
    output wire                 busy_o,      // a frame is handled, or a launched run is not done
    // wf_core's launch, configuration, status and host ports, wf_imem's host port
`include "wf_host_ports.vh"  // generated from scripts/wf/layout.py PORTS
);
  generate
    if (TIMEOUT < 16) begin : g_chk_tmo TIMEOUT_out_of_range_at_least_16 u_err(); end
  endgenerate

  // ---- protocol constants and IDENTIFY's reply: generated from scripts/wf/hostproto.py ----
`include "wf_host_proto.vh"
  `include "wf_enums.vh"  // LAYOUT_*, WAR_*, SCHED_*, LOOPS_*, HAZARD_*: shared with the C model (generated)
`include "wf_cfg.vh"
  // the configuration and the start pcs as SET_CFG and SET_PC leave them
  reg                 cfg_swizzle_q, cfg_gto_q, cfg_stall_q;
  reg  [2:0]          cfg_war_q;
  reg  [1:0]          cfg_loops_q;
  reg  [WARPS*16-1:0] start_pc_q;
  assign cfg_swizzle_o = cfg_swizzle_q;
  assign cfg_war_o     = cfg_war_q;
  assign cfg_gto_o     = cfg_gto_q;
  assign cfg_loops_o   = cfg_loops_q;
  assign cfg_stall_o   = cfg_stall_q;
  assign start_pc_o    = start_pc_q;

  localparam integer DW = LANES * 32 > STATUS_BYTES * 8 ? LANES * 32 : STATUS_BYTES * 8;  // widest item
  localparam integer TW = $clog2(TIMEOUT + 1);                  // the timeout counter's width
  localparam [16:0] IMEM_N = IMEM_WORDS[16:0];
  localparam [16:0] MEM_N  = MEM_WORDS[16:0];
  localparam [7:0]  REG_BYTES = LANES[5:0] * 8'd4;
  localparam [31:0] TMO = TIMEOUT[31:0];

  // ---- states -------------------------------------------------------------------------
  localparam [4:0] S_IDLE = 5'd0, S_CMD = 5'd1, S_LEN = 5'd2, S_PAY = 5'd3, S_CRC = 5'd4,
                   S_EXEC = 5'd5, S_LD_A = 5'd6, S_LD_D = 5'd7, S_WR = 5'd8, S_RD = 5'd9,
                   S_RDW = 5'd10, S_ST = 5'd11, S_TXH = 5'd12, S_TXS = 5'd13, S_TXL = 5'd14,
                   S_TXA = 5'd15, S_TXD = 5'd16, S_TXC = 5'd17;
  reg  [4:0]    st_q;
  reg  [7:0]    cmd_q, len_q, idx_q, crc_q, status_q, rlen_q;
  localparam integer HDR_BYTES = CFG_BYTES;   // the longest fixed part of a request: SET_CFG's
  reg  [HDR_BYTES*8-1:0] hdr_q;  // payload bytes 0..HDR_BYTES-1
  reg  [TW-1:0] tmo_q;
  reg  [16:0]   addr_q;          // word address of a read/write loop
  reg  [7:0]    cnt_q;           // items left in the loop
  reg  [7:0]    sz_q;            // bytes per item
  reg  [7:0]    bc_q;            // byte within the item
  reg  [7:0]    ptr_q;           // buffer index of a loop
  // the item: a right shift register; a write loads bytes at the top (the
  // item ends in the top sz bytes), a reply sends dw_q[7:0] and shifts
  reg  [DW-1:0] dw_q;
  reg           launched_q, launch_q;
  reg  [7:0]    last_err_q, err_cnt_q;
  reg  [5:0]    alu_lat_q, mul_lat_q, lsu_lat_q;
  reg  [6:0]    active_q;
  // a value with one legal setting is a constant (no logic in wf_core for the others)
  assign cfg_alu_lat_o      = ALU_LAT_MAX == 1 ? 6'd1 : alu_lat_q;
  assign cfg_mul_lat_o      = MUL_LAT_MAX == 1 ? 6'd1 : mul_lat_q;
  assign cfg_lsu_lat_o      = LSU_LAT_MAX == 2 ? 6'd2 : lsu_lat_q;
  assign cfg_active_warps_o = WARPS == 1 ? 7'd0 : active_q;

  // ---- the frame buffer (block RAM, one read and one write port) ---------------------
  reg  [7:0] buf_q [0:255];
  reg  [7:0] buf_rdata_q;
  reg  [7:0] buf_raddr, buf_waddr, buf_wdata;
  reg        buf_we;
  always @(posedge clk_i) begin
    buf_rdata_q <= buf_q[buf_raddr];
    if (buf_we) buf_q[buf_waddr] <= buf_wdata;
  end

  // CRC-8 (0x07) of c updated with byte b
  function automatic [7:0] crc8(input [7:0] c, input [7:0] b);
    integer i;
    reg [7:0] x;
    begin
      x = c ^ b;
      for (i = 0; i < 8; i = i + 1) x = x[7] ? {x[6:0], 1'b0} ^ 8'h07 : {x[6:0], 1'b0};
      crc8 = x;
    end
  endfunction

  // ---- decode of a received frame (hdr_q fields) ------------------------------------
  wire        core_busy = launched_q && !done_i;
  wire [16:0] h_addr    = {1'b0, hdr_q[15:0]};
  wire [7:0]  h_n       = hdr_q[23:16];
  wire [7:0]  wpay      = len_q - 8'd2;                // the data bytes of a write
  wire        is_imem   = cmd_q == C_WRITE_IMEM || cmd_q == C_READ_IMEM;
  wire [16:0] words     = is_imem ? IMEM_N : MEM_N;
  wire [7:0]  wsz       = is_imem ? 8'd8 : 8'd4;
  wire [7:0]  wn        = is_imem ? {3'd0, wpay[7:3]} : {2'd0, wpay[7:2]};
  wire        wlen_ok   = len_q >= 8'd2 + wsz && (is_imem ? wpay[2:0] == 3'd0 : wpay[1:0] == 2'd0);
  wire [16:0] w_end     = h_addr + {9'd0, wn};
  wire [16:0] r_end     = h_addr + {9'd0, h_n};
  wire        rn_ok     = h_n != 8'd0 && (is_imem ? h_n <= 8'd31 : h_n <= 8'd63);
  // SET_CFG's fields (wf_host_proto.vh), at the widths wf_core takes (cfg_valid checked the rest)
  wire [2:0]  c_modes = hdr_q[CFG_MODES*8 +: 3],   c_war = hdr_q[CFG_WAR*8 +: 3];
  wire [1:0]  c_loops = hdr_q[CFG_LOOPS*8 +: 2];
  wire [5:0]  c_alu = hdr_q[CFG_ALU_LAT*8 +: 6], c_mul = hdr_q[CFG_MUL_LAT*8 +: 6];
  wire [5:0]  c_lsu = hdr_q[CFG_LSU_LAT*8 +: 6];
  wire [6:0]  c_act   = hdr_q[CFG_ACTIVE_WARPS*8 +: 7];
  wire        cfg_ok = cfg_valid(hdr_q);   // wf_cfg.vh, shared with wf_wb_ctrl
  wire        in_frame = st_q == S_CMD || st_q == S_LEN || st_q == S_PAY || st_q == S_CRC;
  reg  [7:0]  id_byte;
  always @* begin : p_id
    integer i;
    id_byte = 8'd0;
    for (i = 0; i < ID_BYTES; i = i + 1) if (bc_q[5:0] == i[5:0]) id_byte = ID_VEC[i*8 +: 8];
  end

  // ---- buffer ports ------------------------------------------------------------------
  always @* begin
    buf_raddr = st_q == S_LD_A ? ptr_q : idx_q;
    buf_we    = 1'b0;
    buf_waddr = idx_q;
    buf_wdata = rx_data_i;
    if (st_q == S_PAY && rx_valid_i) buf_we = 1'b1;
    if (st_q == S_ST) begin
      buf_we = 1'b1; buf_waddr = ptr_q; buf_wdata = cmd_q == C_IDENTIFY ? id_byte : dw_q[7:0];
    end
  end

  // ---- host ports ----------------------------------------------------------------------
  wire wr_mem  = st_q == S_WR && cmd_q == C_WRITE_MEM;
  wire wr_imem = st_q == S_WR && cmd_q == C_WRITE_IMEM;
  assign mem_en_o     = wr_mem || (st_q == S_RD && cmd_q == C_READ_MEM);
  assign mem_we_o     = wr_mem;
  assign mem_addr_o   = addr_q[15:0];
  assign mem_wdata_o  = dw_q[DW-1 -: 32];
  assign imem_en_o    = wr_imem || (st_q == S_RD && cmd_q == C_READ_IMEM);
  assign imem_we_o    = wr_imem;
  assign imem_addr_o  = addr_q[15:0];
  assign imem_wdata_o = dw_q[DW-1 -: 64];
  assign reg_en_o     = st_q == S_RD && cmd_q == C_READ_REG;
  assign reg_warp_o   = hdr_q[5:0];
  assign reg_idx_o    = hdr_q[14:8];
  assign launch_o     = launch_q;
  assign busy_o       = st_q != S_IDLE || core_busy;

  // ---- transmit --------------------------------------------------------------------------
  reg [7:0] tx_byte;
  always @* begin
    case (st_q)
      S_TXH:   tx_byte = SYNC_REP;
      S_TXS:   tx_byte = status_q;
      S_TXL:   tx_byte = rlen_q;
      S_TXD:   tx_byte = buf_rdata_q;
      default: tx_byte = crc_q;
    endcase
  end
  assign tx_valid_o = st_q == S_TXH || st_q == S_TXS || st_q == S_TXL || st_q == S_TXD ||
                      st_q == S_TXC;
  assign tx_data_o  = tx_byte;
  wire tx_go = tx_valid_o && tx_ready_i;
  // one CRC update for both directions: the received byte in a frame, else the sent one
  wire [7:0] crc_next = crc8(crc_q, in_frame ? rx_data_i : tx_byte);

  // ---- the sequencer -------------------------------------------------------------------
  task automatic reply(input [7:0] status, input [7:0] rlen);
    begin
      status_q <= status; rlen_q <= rlen; st_q <= S_TXH;
      if (status != E_OK) begin
        last_err_q <= status;
        if (err_cnt_q != 8'hFF) err_cnt_q <= err_cnt_q + 8'd1;
      end
    end
  endtask

  integer i;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q <= S_IDLE; cmd_q <= 8'd0; len_q <= 8'd0; idx_q <= 8'd0; crc_q <= 8'd0;
      status_q <= 8'd0; rlen_q <= 8'd0; hdr_q <= 56'd0; tmo_q <= '0; addr_q <= 17'd0;
      cnt_q <= 8'd0; sz_q <= 8'd0; bc_q <= 8'd0; ptr_q <= 8'd0; dw_q <= '0;
      launched_q <= 1'b0; launch_q <= 1'b0; last_err_q <= 8'd0; err_cnt_q <= 8'd0;
      // the wfsim defaults where the build allows them
      cfg_swizzle_q <= PIN_LAYOUT >= 0 ? PIN_LAYOUT[0] : LAYOUT_SWIZZLE;
      cfg_war_q     <= PIN_WAR >= 0 ? PIN_WAR[2:0] : WAR_BLOOM;
      cfg_gto_q     <= PIN_SCHED >= 0 ? PIN_SCHED[0] : SCHED_LRR;
      cfg_loops_q   <= PIN_LOOPS >= 1 ? PIN_LOOPS[1:0] : LOOPS_COLLECTOR;
      cfg_stall_q   <= PIN_HAZARD >= 0 ? PIN_HAZARD[0] : HAZARD_REPLAY;
      alu_lat_q <= 6'd1;
      mul_lat_q <= MUL_LAT_MAX < 4 ? MUL_LAT_MAX[5:0] : 6'd4;
      lsu_lat_q <= 6'd2;
      active_q  <= 7'd0;
      start_pc_q <= '0;
    end else begin
      launch_q <= 1'b0;
      if (launch_q) launched_q <= 1'b1;
      // a frame that stops arriving is answered and forgotten (resynchronisation)
      if (in_frame && !rx_valid_i) tmo_q <= tmo_q + 1'b1;
      else tmo_q <= '0;
      case (st_q)
        S_IDLE: if (rx_valid_i && rx_data_i == SYNC_REQ) begin
          st_q <= S_CMD; crc_q <= 8'd0;
        end
        S_CMD, S_LEN, S_PAY, S_CRC: begin
          if (rx_valid_i) begin
            crc_q <= crc_next;
            case (st_q)
              S_CMD: begin cmd_q <= rx_data_i; st_q <= S_LEN; end
              S_LEN: begin
                len_q <= rx_data_i; idx_q <= 8'd0; hdr_q <= '0;
                st_q <= rx_data_i == 8'd0 ? S_CRC : S_PAY;
              end
              S_PAY: begin
                for (i = 0; i < HDR_BYTES; i = i + 1)
                  if (idx_q == i[7:0]) hdr_q[i*8 +: 8] <= rx_data_i;
                idx_q <= idx_q + 8'd1;
                if (idx_q == len_q - 8'd1) st_q <= S_CRC;
              end
              default: begin   // S_CRC
                if (rx_data_i != crc_q) reply(E_CRC, 8'd0);
                else st_q <= S_EXEC;
              end
            endcase
          end else if (tmo_q == TMO[TW-1:0] - 1'b1) begin
            reply(E_TIMEOUT, 8'd0);
          end
        end
        S_EXEC: begin
          bc_q <= 8'd0; ptr_q <= 8'd0; addr_q <= h_addr;
          case (cmd_q)
            C_IDENTIFY:
              if (len_q != 8'd0) reply(E_LEN, 8'd0);
              else begin sz_q <= ID_BYTES[7:0]; cnt_q <= 8'd1; rlen_q <= ID_BYTES[7:0]; st_q <= S_ST; end
            C_STATUS:
              if (len_q != 8'd0) reply(E_LEN, 8'd0);
              else begin
                dw_q <= '0;
                dw_q[STATUS_BYTES*8-1:0] <= status_vec(core_busy, done_i && launched_q, running_i,
                                                       last_err_q, err_cnt_q, cycle_i);
                sz_q <= STATUS_BYTES[7:0]; cnt_q <= 8'd1; rlen_q <= STATUS_BYTES[7:0]; st_q <= S_ST;
              end
            C_SET_CFG:
              if (len_q != CFG_BYTES[7:0]) reply(E_LEN, 8'd0);
              else if (!cfg_ok) reply(E_RANGE, 8'd0);
              else begin
                cfg_swizzle_q <= c_modes[MODE_LAYOUT]; cfg_gto_q <= c_modes[MODE_SCHED];
                cfg_stall_q <= c_modes[MODE_HAZARD];
                cfg_war_q <= c_war; cfg_loops_q <= c_loops;
                alu_lat_q <= c_alu; mul_lat_q <= c_mul;
                lsu_lat_q <= c_lsu; active_q <= c_act;
                reply(E_OK, 8'd0);
              end
            C_SET_PC:
              if (len_q != 8'd3) reply(E_LEN, 8'd0);
              else if (hdr_q[7:0] >= WARPS[7:0]) reply(E_RANGE, 8'd0);
              else begin
                for (i = 0; i < WARPS; i = i + 1)
                  if (hdr_q[5:0] == i[5:0]) start_pc_q[i*16 +: 16] <= hdr_q[23:8];
                reply(E_OK, 8'd0);
              end
            C_LAUNCH:
              if (len_q != 8'd0) reply(E_LEN, 8'd0);
              else if (core_busy) reply(E_BUSY, 8'd0);
              else begin launch_q <= 1'b1; reply(E_OK, 8'd0); end
            C_WRITE_IMEM, C_WRITE_MEM:
              if (!wlen_ok) reply(E_LEN, 8'd0);
              else if (w_end > words) reply(E_RANGE, 8'd0);
              else if (core_busy) reply(E_BUSY, 8'd0);
              else begin sz_q <= wsz; cnt_q <= wn; ptr_q <= 8'd2; st_q <= S_LD_A; end
            C_READ_IMEM, C_READ_MEM:
              if (len_q != 8'd3) reply(E_LEN, 8'd0);
              else if (!rn_ok || r_end > words) reply(E_RANGE, 8'd0);
              else if (core_busy) reply(E_BUSY, 8'd0);
              else begin
                sz_q <= wsz; cnt_q <= h_n; st_q <= S_RD;
                rlen_q <= is_imem ? {h_n[4:0], 3'd0} : {h_n[5:0], 2'd0};
              end
            C_READ_REG:
              if (len_q != 8'd2) reply(E_LEN, 8'd0);
              else if (hdr_q[7:0] >= WARPS[7:0] || hdr_q[15:8] >= REGS[7:0]) reply(E_RANGE, 8'd0);
              else if (core_busy) reply(E_BUSY, 8'd0);
              else begin sz_q <= REG_BYTES; cnt_q <= 8'd1; rlen_q <= REG_BYTES; st_q <= S_RD; end
            default: reply(E_CMD, 8'd0);
          endcase
        end
        // a write: load sz bytes of the buffer into the item, then write it
        S_LD_A: st_q <= S_LD_D;
        S_LD_D: begin
          dw_q <= {buf_rdata_q, dw_q[DW-1:8]};
          ptr_q <= ptr_q + 8'd1;
          bc_q  <= bc_q + 8'd1;
          st_q  <= bc_q == sz_q - 8'd1 ? S_WR : S_LD_A;
        end
        S_WR: begin
          addr_q <= addr_q + 17'd1; cnt_q <= cnt_q - 8'd1; bc_q <= 8'd0;
          if (cnt_q == 8'd1) reply(E_OK, 8'd0);
          else st_q <= S_LD_A;
        end
        // a read: read the item (data the cycle after), then store its bytes
        S_RD: st_q <= S_RDW;
        S_RDW: begin
          dw_q <= '0;
          case (cmd_q)
            C_READ_MEM:  dw_q[31:0] <= mem_rdata_i;
            C_READ_IMEM: dw_q[63:0] <= imem_rdata_i;
            default:     dw_q[LANES*32-1:0] <= reg_rdata_i;
          endcase
          bc_q <= 8'd0; st_q <= S_ST;
        end
        S_ST: begin
          dw_q  <= dw_q >> 8;
          ptr_q <= ptr_q + 8'd1;
          bc_q  <= bc_q + 8'd1;
          if (bc_q == sz_q - 8'd1) begin
            addr_q <= addr_q + 17'd1; cnt_q <= cnt_q - 8'd1;
            if (cnt_q == 8'd1) begin status_q <= E_OK; st_q <= S_TXH; end
            else st_q <= S_RD;
          end
        end
        // the reply: header, payload from the buffer, CRC
        S_TXH: if (tx_go) begin crc_q <= 8'd0; st_q <= S_TXS; end
        S_TXS: if (tx_go) begin crc_q <= crc_next; st_q <= S_TXL; end
        S_TXL: if (tx_go) begin
          crc_q <= crc_next; idx_q <= 8'd0;
          st_q <= rlen_q == 8'd0 ? S_TXC : S_TXA;
        end
        S_TXA: st_q <= S_TXD;                    // the buffer's read address settles
        S_TXD: if (tx_go) begin
          crc_q <= crc_next; idx_q <= idx_q + 8'd1;
          st_q <= idx_q == rlen_q - 8'd1 ? S_TXC : S_TXA;
        end
        S_TXC: if (tx_go) st_q <= S_IDLE;
        default: st_q <= S_IDLE;
      endcase
    end
  end
endmodule
