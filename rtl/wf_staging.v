// The staging register SR of loop modes 1 and 2 (§7.2, §7.3): its dispatch
// decision and the issue rule. The SR itself is holder COLLECTORS in
// wf_collector, which also runs its reads through the shared bank arbiter.
// Mirrors cmodel/staging.c. Purely combinational.
`include "wf_defs.vh"    // instruction fields, opcodes, trace layout (generated)
`include "wf_mutant.vh"  // `WF_MUT_<NAME>: the mutation self-check (scripts/mutants.py)
module wf_staging #(
    parameter integer BANKS = 4
) (
    input  wire             sr_valid_i,
    input  wire             sr_cf_i,        // conflict_free (§7.2)
    input  wire [2:0]       sr_pending_i,
    input  wire [63:0]      sr_wd_i,
    input  wire [3*5-1:0]   sr_bank_i,      // its slots' banks (stored at allocation, §6.1)
    input  wire [2:0]       fill_sr_i,      // SR slots granted this cycle (§12 signal 4)
    input  wire [BANKS-1:0] bank_written_i, // §12 signal 1
    input  wire [2:0]       accept_i,       // §12 signal 2
    output reg              disp_o,         // SR dispatches this cycle
    output reg              issue_ok_o      // an instruction may issue into SR (§7.2 rule)
);
  `include "wf_isa.vh"   // opcode decode functions shared by the blocks

  reg [1:0] ux;
  reg       acc;
  always @* begin : p_sr
    integer s;
    s   = 0;  // no latch: every path assigns it
    ux  = f_unit(sr_wd_i[`WF_INSN_OP]) - 2'd1;
    acc = accept_i[ux +: 1];
    // dispatch: the last pending slots are granted now (or none are left)
    disp_o = sr_valid_i && (sr_pending_i & ~fill_sr_i) == 3'd0 && acc;
    // issue rule: SR empty, or it will certainly empty at the end of this cycle
    // judged from the decode flag, the written banks and the accept only
    issue_ok_o = 1'b1;
    if (sr_valid_i) begin
      // mutant SR_OVERLAP: the rule forgets that a conflicting SR needs more cycles
      issue_ok_o = (sr_cf_i || `WF_MUT_SR_OVERLAP) && acc;
      // mutant SR_WRITTEN_BANK: the rule forgets the written banks (slot c's still checked)
      for (s = 0; s < 3; s = s + 1)
        if (sr_pending_i[s] && (s == 2 || !`WF_MUT_SR_WRITTEN_BANK) && bank_written_i[sr_bank_i[s*5 +: 5]])
          issue_ok_o = 1'b0;
    end
  end
endmodule
