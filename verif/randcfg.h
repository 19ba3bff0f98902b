/* What the regression's draws share inside libwfverif: verif/randcfg.c (the
 * configurations), verif/aim.c (the aimed scenarios), verif/cdg.c
 * (coverage-directed generation). The API is verif/include/wf_gen.h. */
#ifndef WF_RANDCFG_H
#define WF_RANDCFG_H

#include "wf_gen.h"

/* aim.c: row ri (0..WF_AIM_ROWS) in variant v on seed's stream: wf_random_aim_config
 * with the seed's row, wf_random_runtime_cdg with a target's */
void wf_aim_config_row(uint64_t seed, unsigned ri, unsigned v, unsigned alu_max, unsigned mul_max,
                       unsigned lsu_max, wf_config *c);
/* aim.c: the program template of row ri for the configuration cfg; tmpl >= 0
 * replaces the draw of the general template (a CDG target's) */
void wf_aim_program_row(uint64_t seed, unsigned ri, int tmpl, const wf_config *cfg, wf_gen_knobs *k);
/* cdg.c: the aimed row of a seed, or of its CDG target (b NULL: the seed's own) */
void wf_cdg_aim_config(uint64_t seed, const wf_cdg_bias *b, unsigned flags, unsigned alu_max,
                       unsigned mul_max, unsigned lsu_max, wf_config *c);
void wf_cdg_aim_program(uint64_t seed, const wf_cdg_bias *b, const wf_config *cfg, wf_gen_knobs *k);

#endif
