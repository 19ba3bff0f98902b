/* The staging register SR of loop modes 1 and 2 (§7.2, §7.3): one holder
 * (WF_HOLDER_SR) in place of the collector units. Its reads use the shared
 * bank arbiter (collector.c) with the SR as the only requester; it dispatches
 * in the cycle of its last reads; the issue rule lets the next instruction in
 * only when the SR will certainly empty. Mirrors rtl/wf_staging.v. */
#include "wf_model_impl.h"

/* §7.2 reads: for each bank not being written, the SR's lowest pending slot
 * in that bank (§6.3 merging applies). */
void wf_sr_grants(const wf_model *m, wf_cyc *cy) { wf_arbiter(m, cy, WF_HOLDER_SR, 1); }

/* §7.2 dispatch: the SR's last pending slots are granted in this cycle (or it
 * has none left) and its unit's stage 1 accepts at the end of the cycle. */
void wf_sr_dispatch_decide(const wf_model *m, wf_cyc *cy)
{
    const wf_holder *sr = &m->hold[WF_HOLDER_SR];
    if (!sr->valid) return;
    unsigned x = sr->unit - 1u;
    if ((sr->pending & ~cy->fill[WF_HOLDER_SR]) == 0 && cy->accept[x]) cy->disp[x] = WF_HOLDER_SR;
}

/* §7.2 issue rule (readiness item 4 for an instruction that needs the SR):
 * the SR is empty at the start of the cycle, or its instruction is
 * conflict_free, none of its pending slots' banks is written in this cycle
 * (signal 1 of §12) and its unit accepts (signal 2). Never the read grants. */
int wf_sr_issue_ok(const wf_model *m, const wf_cyc *cy)
{
    const wf_holder *sr = &m->hold[WF_HOLDER_SR];
    if (!sr->valid) return 1;
    if (!sr->conflict_free) return 0;
    for (unsigned s = 0; s < sr->nsrc; s++)
        if ((sr->pending >> s & 1u) && (cy->bank_written >> sr->bank[s] & 1u))
            return 0;
    return cy->accept[sr->unit - 1u] != 0;
}
