/* The per-cycle trace table (docs/microarch.md §13 layout), printed from the
 * observation record alone, so the RTL trace can be printed the same way. */
#include "wf_model_impl.h"

#include <inttypes.h>

#define W_CYCLE 6
#define W_ISSUE 13
#define W_BANK 11

void wf_trace_header(FILE *f, const wf_config *cfg)
{
    fprintf(f, "%*s  %-*s", W_CYCLE, "cycle", W_ISSUE, "issue");
    for (unsigned b = 0; b < cfg->banks; b++) {
        char name[16];
        snprintf(name, sizeof name, "bank%u", b);
        fprintf(f, "%-*s", W_BANK, name);
    }
    fprintf(f, "%s\n", cfg->loops == 3 ? "collectors" : "SR");
}

static void pending_letters(unsigned pending, char out[4])
{
    unsigned n = 0;
    for (unsigned s = 0; s < 3; s++)
        if (pending >> s & 1u) out[n++] = (char)('a' + s);
    out[n] = 0;
}

void wf_trace_row(FILE *f, const wf_config *cfg, const wf_obs *ob)
{
    char cell[32];
    fprintf(f, "%*" PRIu64 "  ", W_CYCLE, ob->cycle);
    if (ob->issue.valid)
        snprintf(cell, sizeof cell, "w%u:pc%u%s", ob->issue.warp, ob->issue.pc,
                 ob->issue.replay ? "*" : "");
    else if (ob->stall == WF_STALL_COLLECTOR)
        snprintf(cell, sizeof cell, "(stall cu)");
    else if (ob->stall == WF_STALL_LSU)
        snprintf(cell, sizeof cell, "(stall lsu)");
    else
        cell[0] = 0;
    fprintf(f, "%-*s", W_ISSUE, cell);
    for (unsigned b = 0; b < cfg->banks && b < WF_MAX_BANKS; b++) {
        const wf_obs_bank *bk = &ob->bank[b];
        if (bk->kind == WF_BANK_IDLE) cell[0] = 0;
        else snprintf(cell, sizeof cell, "%c w%u.r%u", bk->kind == WF_BANK_READ ? 'R' : 'W', bk->warp, bk->reg);
        fprintf(f, "%-*s", W_BANK, cell);
    }
    char pend[4];
    int first = 1;
    if (cfg->loops == 3) {
        for (unsigned u = 0; u < cfg->collectors && u < WF_MAX_CUS; u++) {
            const wf_obs_cu *c = &ob->cu[u];
            if (!c->valid) continue;
            pending_letters(c->pending, pend);
            fprintf(f, "%su%u:w%u.pc%u[%s]", first ? "" : " ", u, c->warp, c->pc, pend);
            first = 0;
        }
    } else if (ob->sr.valid) {
        pending_letters(ob->sr.pending, pend);
        fprintf(f, "SR:w%u.pc%u[%s]", ob->sr.warp, ob->sr.pc, pend);
    }
    fputc('\n', f);
}
