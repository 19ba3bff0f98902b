// The staging register SR of loop modes 1 and 2 (§7.2, §7.3): its dispatch
// decision and the issue rule. The SR itself is holder COLLECTORS in
// wf_collector, which also runs its reads through the shared bank arbiter.
// Mirrors cmodel/staging.c. Purely combinational.
`include "wf_defs.vh"    // instruction fields, opcodes, trace layout (generated)
`include "wf_mutant.vh"  // `WF_MUT_<NAME>: the mutation self-check (scripts/mutants.py)
module wf_staging #(
    parameter integer BANKS = 4
) (
    input  wire             swizzle_i,
    input  wire             sr_valid_i,
    input  wire             sr_cf_i,        // conflict_free (§7.2)
    input  wire [2:0]       sr_pending_i,
    input  wire [63:0]      sr_wd_i,
    input  wire [5:0]       sr_warp_i,
    input  wire [2:0]       fill_sr_i,      // SR slots granted this cycle (§12 signal 4)
    input  wire [BANKS-1:0] bank_written_i, // §12 signal 1
    input  wire [2:0]       accept_i,       // §12 signal 2
    output reg              disp_o,         // SR dispatches this cycle
    output reg              issue_ok_o      // an instruction may issue into SR (§7.2 rule)
);
  `include "wf_isa.vh"   // opcode decode functions shared by the blocks
  `include "wf_bank.vh"  // bank(w, r) of §6.1, needs parameter BANKS

  reg [1:0] ux;
  reg       acc;
  always @* begin
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
      if (sr_pending_i[0] && !`WF_MUT_SR_WRITTEN_BANK && bank_written_i[f_bank(sr_warp_i, sr_wd_i[`WF_INSN_RA_LSB +: `WF_REG_BITS], swizzle_i) +: 1]) issue_ok_o = 1'b0;
      if (sr_pending_i[1] && !`WF_MUT_SR_WRITTEN_BANK && bank_written_i[f_bank(sr_warp_i, sr_wd_i[`WF_INSN_RB_LSB +: `WF_REG_BITS], swizzle_i) +: 1]) issue_ok_o = 1'b0;
      if (sr_pending_i[2] && bank_written_i[f_bank(sr_warp_i, sr_wd_i[`WF_INSN_RC_LSB +: `WF_REG_BITS], swizzle_i) +: 1]) issue_ok_o = 1'b0;
    end
  end
endmodule
