/* Lockstep comparator: the one comparison of two observation records
 * (docs/microarch.md §11) that every harness uses (C++ Verilator, SystemC,
 * DPI), plus a history of the last cycles and the first-divergence report.
 *
 * Which fields are compared: every field of wf_obs that exists in the
 * configuration, i.e.
 *   - per-warp fields only for warps < cfg->warps; sb[e] only for
 *     e < sb_entries; ibuf[i] only for i < ibuf; bank[b] only for b < banks;
 *   - cu[u] (u < collectors) only in loop mode 3, sr only in loop modes 1, 2;
 *   - WAR state only under its own policy: cu[].older under inorder (bits <
 *     collectors), warp[].collecting under warpboard-read, warp[].filter
 *     under bloom (bits < bloom_bits); warp[].inflight always (it is also a
 *     §5.5 field);
 *   - lane masks (ibuf lanes_left, piece.lanes, wb.lanes) in bits < lanes,
 *     dep in bits < sb_entries, pending in bits 0..2;
 *   - wb[x].data[l] only for lanes l in that writeback's lane mask;
 *   - warp[].hazard and warp[].hazard_mask (§11 lists them; the header calls
 *     hazard a diagnostic) unless WF_CMP_NO_HAZARD is passed to wf_cmp_obs_flags.
 * Event fields are compared even when the event's valid bit is 0 (§11: they
 * are 0 then), so a trace bus that leaves stale values there is reported.
 *
 * Speed: a record is first compared with memcmp over the used portion (the
 * bytes before warp[], warp[0..warps-1], the bytes from issue to the end).
 * Equal bytes imply equal fields, so "equal" is never wrong. Only when the
 * bytes differ is the record walked field by field (each warp again memcmp'd
 * first), comparing typed field values under the masks above, never bytes;
 * padding, unused entries and masked-out bits therefore can cost time (the
 * walk) but never cause a mismatch. */
#ifndef WF_COMPARE_H
#define WF_COMPARE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "warpfront.h"
#include "wf_layout.h" /* WF_CMP_LEVEL_*, WF_CMP_G_* */

#ifdef __cplusplus
extern "C" {
#endif

#define WF_CMP_PATH 48
#define WF_CMP_HISTORY 8 /* cycles kept by wf_cmp_history */

enum {
    WF_CMP_NO_HAZARD = 1u << 0 /* do not compare warp[].hazard, hazard_mask */
};

/* Compare levels (docs/verification.md "Compare levels"; the groups of each
 * level come from the field table, wf_layout.h): WF_CMP_LEVEL_FULL (0, the
 * default: every field every cycle), WF_CMP_LEVEL_EVENTS (the issue, dispatch,
 * LSU-piece, writeback and branch events every cycle, without resource
 * numbering), WF_CMP_LEVEL_ARCH (no per-cycle field: per warp, the order of
 * retired instructions, of the values written to each register lane, and of
 * branch outcomes, however many cycles apart: the transaction-level checker
 * of wf_txcheck.h fed with both sides' records, kept in the history;
 * wf_cmp_finish checks that nothing is left unmatched), WF_CMP_LEVEL_WINDOW
 * (the arch level's streams, each event within WF_CMP_WINDOW cycles of the
 * model's moved by its warp's offset so far: WF_TX_DRIFT of wf_txcheck.h; the
 * done cycles likewise, wf_cmp_finish_cycles). The
 * level travels in the flags: flags | WF_CMP_FLAGS_LEVEL(level). */
#define WF_CMP_FLAGS_LEVEL(level) ((unsigned)(level) << 8)
#define WF_CMP_FLAGS_GET_LEVEL(flags) (((flags) >> 8) & 0xFu)
/* the window level's cycles either side (WF_TX_DRIFT): a one-cycle-slower unit
 * passes on most examples (docs/verification.md "Compare levels") */
#define WF_CMP_WINDOW 16
/* 1 for the levels that compare per-warp event streams (window, arch): no
 * per-cycle field, and each side runs to its own done */
int wf_cmp_level_streams(int level);
/* the level named `name` ("full", "events", "window", "arch"), or -1 */
int wf_cmp_level_parse(const char *name);
const char *wf_cmp_level_name(int level); /* "?" for an unknown level */
const char *wf_cmp_level_list(void);      /* "full, events, window, arch" (for messages) */
/* the compare groups (WF_CMP_G_*) the flags select every cycle */
unsigned wf_cmp_groups(unsigned flags);

typedef struct {
    int differs;            /* 0: the records are equal (the rest is then unset) */
    uint64_t cycle;         /* expected->cycle */
    char path[WF_CMP_PATH]; /* e.g. "bank[2].warp", "warp[3].ibuf[1].dep", "wb[1].data[5]" */
    uint64_t expected, actual;
} wf_cmp_diff;

/* 0 when equal, else 1 with the first difference (in record order) in *out.
 * out may be NULL. */
int wf_cmp_obs(const wf_config *cfg, const wf_obs *expected, const wf_obs *actual,
               wf_cmp_diff *out);
int wf_cmp_obs_flags(const wf_config *cfg, const wf_obs *expected, const wf_obs *actual,
                     unsigned flags, wf_cmp_diff *out);

/* The last WF_CMP_HISTORY cycles of both sides. Only the parts of the record
 * the report's one-line summaries use are kept (everything except warp[]),
 * so a push costs two ~1 KB copies. Zero-initialise or wf_cmp_history_init. */
typedef struct {
    unsigned char exp[WF_CMP_HISTORY][sizeof(wf_obs) - sizeof(((wf_obs *)0)->warp)];
    unsigned char act[WF_CMP_HISTORY][sizeof(wf_obs) - sizeof(((wf_obs *)0)->warp)];
    unsigned next;  /* ring index of the next push */
    uint64_t count; /* pushes so far */
    unsigned flags; /* of the last wf_cmp_step (the report marks differing cycles under it) */
    /* the arch level's transaction-level checker (wf_txcheck.h, feed mode), made by
     * wf_cmp_history_setup or else by the first wf_cmp_step */
    struct wf_txcheck *tx;
} wf_cmp_history;

void wf_cmp_history_init(wf_cmp_history *h);
/* For a level that compares event streams (arch): the checker made now, with
 * the program whose branch pcs it then compares (without this call,
 * wf_cmp_step makes it without a program: branch pcs not compared). h must be
 * initialised; 0, or -1 with the reason in err. A no-op at the other levels. */
int wf_cmp_history_setup(wf_cmp_history *h, const wf_config *cfg, const wf_program *prog,
                         unsigned flags, char *err, size_t errlen);
/* Frees the arch level's checker (h->tx); h must be initialised (a zeroed
 * or wf_cmp_history_init'ed history). Call before initialising it again or
 * freeing it when the arch level was used; a no-op otherwise. */
void wf_cmp_history_release(wf_cmp_history *h);
void wf_cmp_history_push(wf_cmp_history *h, const wf_obs *expected, const wf_obs *actual);
/* The k-th newest kept record of one side (k = 0: newest), rebuilt into *out
 * with warp[] zero. 0, or -1 when fewer than k+1 records are kept. */
int wf_cmp_history_get(const wf_cmp_history *h, unsigned k, int actual_side, wf_obs *out);
/* Push, then compare: the per-cycle call of a harness. At the arch level
 * either side may be NULL (that side is done; the other runs on), and the
 * records' events go to the per-warp queues; 1 with *out on a difference. */
int wf_cmp_step(const wf_config *cfg, wf_cmp_history *h, const wf_obs *expected,
                const wf_obs *actual, unsigned flags, wf_cmp_diff *out);
/* At the end of a run (both sides done): 1 with *out when the arch level's
 * queues still hold an event of one side only (the other never produced it);
 * 0 at the other levels. */
int wf_cmp_finish(const wf_config *cfg, wf_cmp_history *h, wf_cmp_diff *out);
/* wf_cmp_finish with the two sides' done cycles (their cycle counts): at the
 * window level also the DUT's within the window of the model's. */
int wf_cmp_finish_cycles(const wf_config *cfg, wf_cmp_history *h, uint64_t model_cycles,
                         uint64_t dut_cycles, wf_cmp_diff *out);

/* One compact line (no newline) summarising a record like the trace:
 * fetch, issue/stall, bank grants, CUs or SR, dispatches, LSU piece,
 * writebacks, branch, flags. */
void wf_cmp_summary(const wf_config *cfg, const wf_obs *ob, char *buf, size_t len);
/* The configuration as wfsim options: every parameter of wf_params(),
 * "--name value" ('_' written '-'), enum values by name. */
void wf_cmp_config_options(const wf_config *cfg, char *buf, size_t len);

/* A record field by the path the reports name it ("issue.pc", "bank[2].warp",
 * "warp[1].ibuf[0].dep", "wb[2].data[5]"): 0 with its value, or -1 when
 * the path names no scalar field of wf_obs (index out of range included). */
int wf_cmp_field(const wf_obs *ob, const char *path, uint64_t *value);

/* The kept cycles of both sides as report lines (oldest first, E/A pairs,
 * '!' first on a pair that differs, then 'E'/'A' and wf_cmp_summary), at
 * lines + k * linelen, at most max lines: their number (0 for a NULL history). */
unsigned wf_cmp_history_lines(const wf_config *cfg, const wf_cmp_history *history, char *lines, size_t linelen,
                              unsigned max);

/* The report's text from its parts (wf_cmp_report; the lockstep core's
 * verdict, wf_lockstep.h): lines as wf_cmp_history_lines gives them. */
void wf_cmp_print_report(FILE *f, uint64_t cycle, const char *field, uint64_t expected, uint64_t actual,
                         unsigned level, const char *lines, size_t linelen, unsigned nlines, const wf_config *cfg,
                         uint64_t seed, const char *repro);

/* First-divergence report: cycle, field path, expected vs actual, the kept
 * cycles of both sides (oldest first, E/A line pairs, '!' marks differing
 * pairs), the seed, the configuration as wfsim options and `repro` (the
 * caller's reproduce command line; NULL to omit). history may be NULL. */
void wf_cmp_report(FILE *f, const wf_config *cfg, const wf_cmp_diff *d,
                   const wf_cmp_history *history, uint64_t seed, const char *repro);

/* Final-state check: registers and scratchpad (wf_arch_diff), then the
 * per-warp retired counts when both sides have them (retired != NULL).
 * 0 and "" when equal, else 1 with the first difference in buf. */
int wf_cmp_arch(const wf_arch_state *expected, const wf_arch_state *actual, char *buf,
                size_t len);

#ifdef __cplusplus
}
#endif
#endif
