// Opcode decode functions of docs/isa.md: the one copy every block includes
// (inside its module, so the functions are local to it).
// number of source slots of an opcode (slots are ra, rb, rc in order)
  function automatic [1:0] f_nsrc(input [7:0] op);
    begin
      case (op)
        8'h01, 8'h02, 8'h03, 8'h04, 8'h05, 8'h06, 8'h07, 8'h08, 8'h09, 8'h0D, 8'h10: f_nsrc = 2'd2;
        8'h0E: f_nsrc = 2'd3;
        8'h0A, 8'h0C, 8'h0F, 8'h15: f_nsrc = 2'd1;
        default: f_nsrc = 2'd0;
      endcase
    end
  endfunction
  function automatic [1:0] f_unit(input [7:0] op); // 1 ALU, 2 MUL, 3 LSU, 0 none
    begin
      case (op)
        8'h0D, 8'h0E: f_unit = 2'd2;
        8'h0F, 8'h10: f_unit = 2'd3;
        8'h00, 8'h14, 8'h16: f_unit = 2'd0;
        default: f_unit = 2'd1;
      endcase
    end
  endfunction
  // op in 01..0F or 11..13, as bit tests: range compares become carry chains
  // on the issue path (docs/critpath.md 4.)
  function automatic f_writes(input [7:0] op);
    f_writes = op[7:5] == 3'd0 && (op[4] ? (op[3:2] == 2'd0 && op[1:0] != 2'd0) : op[3:0] != 4'd0);
  endfunction
