/* Writeback arbitration (§10.3), signal 1 of §12: each unit's last stage may
 * write register rd of its warp into bank(w, rd); per bank LSU > MUL > ALU;
 * a loser holds its last stage. Entries without a register write (st pieces,
 * bnz) leave unconditionally (a bnz leaving the ALU resolves, exec.c). The
 * final result of an instruction releases its scoreboard entry (§4.3).
 * Mirrors rtl/wf_writeback.v. */
#include "wf_model_impl.h"

#include <string.h>

void wf_wb_decide(const wf_model *m, wf_cyc *cy)
{
    static const unsigned order[WF_NUNITS] = {WF_U_LSU, WF_U_MUL, WF_U_ALU};
    wf_obs *ob = cy->ob;
    for (unsigned i = 0; i < WF_NUNITS; i++) {
        const unsigned x = order[i];
        const wf_stage *e = &m->pipe[x][m->lat[x] - 1];
        if (!e->valid) continue;
        if (e->writes) {
            const unsigned b = wf_rf_bank(m, e->warp, e->rd);
            if (cy->bank_written >> b & 1u) {
                cy->write_conflict |= 1u << b; /* loses: stays in its last stage */
                continue;
            }
            cy->bank_written |= 1u << b;
            cy->writes++;
            cy->wb[x].valid = 1;
            cy->wb[x].warp = e->warp;
            cy->wb[x].reg = e->rd;
            cy->wb[x].bank = (uint8_t)b;
            cy->wb[x].lanes = e->lanes;
            cy->wb[x].data = e->data; /* rf_commit masks lanes */
            const int release = e->final && e->sb_entry != WF_NONE;
            if (release) {
                cy->rel_warp[cy->nrel] = e->warp;
                cy->rel_entry[cy->nrel] = e->sb_entry;
                cy->nrel++;
            }
            if (ob) {
                wf_obs_wb *wb = &ob->wb[x];
                wb->valid = 1;
                wb->warp = e->warp;
                wb->reg = e->rd;
                wb->bank = (uint8_t)b;
                wb->lanes = e->lanes;
                for (unsigned l = 0; l < m->L; l++) wb->data[l] = (e->lanes >> l & 1u) ? e->data[l] : 0;
                wb->release = release ? e->sb_entry : (uint8_t)WF_OBS_NONE;
                ob->bank[b].kind = WF_BANK_WRITE;
                ob->bank[b].warp = e->warp;
                ob->bank[b].reg = e->rd;
                ob->bank[b].unit = (uint8_t)(x + 1);
            }
        }
        cy->leaves[x] = 1;
        cy->left_warp[cy->nleft] = e->warp;
        cy->left_inst_end[cy->nleft] = e->inst_end;
        cy->left_final[cy->nleft] = e->final;
        cy->nleft++;
    }
}
