/* Parameter table, defaults and range checks (docs/microarch.md "Parameters"). */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include "wf_config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const layout_names[] = {"naive", "swizzle", NULL};
static const char *const war_names[] = {"none", "inorder", "warpboard-commit", "warpboard-read",
                                        "bloom", NULL};
static const char *const sched_names[] = {"lrr", "gto", NULL};
static const char *const hazard_names[] = {"replay", "stall", NULL};
static const char *const loops_names[] = {"", "1", "2", "3", NULL};

#define I(field, lo, hi, def, p2, text) \
    {#field, offsetof(wf_config, field), WF_PARAM_INT, lo, hi, def, p2, NULL, text}
#define E(field, names, lo, hi, def, text) \
    {#field, offsetof(wf_config, field), WF_PARAM_ENUM, lo, hi, def, 0, names, text}

static const wf_param params[] = {
    I(warps, 1, 64, 8, 0, "warps in the core"),
    I(lanes, 1, 32, 8, 0, "lanes (threads) per warp"),
    I(regs, 1, 128, 32, 0, "registers per thread"),
    I(banks, 1, 32, 4, 0, "single-ported register banks"),
    I(collectors, 1, 16, 4, 0, "operand collector units (loop mode 3)"),
    I(sb_entries, 1, 8, 4, 0, "scoreboard entries per warp"),
    I(ibuf, 1, 8, 2, 0, "I-buffer slots per warp"),
    E(layout, layout_names, 0, 1, WF_LAYOUT_SWIZZLE, "register layout: naive bank=r%B, swizzle bank=(r+w)%B"),
    E(war, war_names, 0, 4, WF_WAR_BLOOM, "WAR-hazard policy out of the collector"),
    E(sched, sched_names, 0, 1, WF_SCHED_LRR, "issue scheduler"),
    E(loops, loops_names, 1, 3, 3, "loop mode: 1 one-loop, 2 staging register, 3 operand collector"),
    E(hazard, hazard_names, 0, 1, WF_HAZARD_REPLAY, "structural hazards: replay from the I-buffer or stall"),
    I(alu_lat, 1, 16, 1, 0, "ALU execute cycles"),
    I(mul_lat, 1, 32, 4, 0, "MUL/MAD execute cycles"),
    I(lsu_lat, 2, 32, 2, 0, "LSU pipeline stages (>= 2: the scratchpad is a synchronous RAM)"),
    I(icache_lines, 1, 256, 16, 1, "I-cache lines (direct mapped)"),
    I(icache_line, 1, 16, 4, 1, "instructions per I-cache line"),
    I(imiss_lat, 2, 256, 8, 0, "instruction-memory latency (cycles)"),
    I(imshrs, 1, 8, 2, 0, "instruction MSHRs"),
    I(imem_words, 1, 65536, 1024, 1, "instruction memory words (longest program)"),
    I(mem_words, 16, 65536, 1024, 1, "data scratchpad words"),
    I(mem_line, 1, 32, 4, 1, "words per scratchpad line"),
    I(bloom_bits, 4, 64, 16, 1, "bits per warp Bloom filter (war=bloom)"),
    I(active_warps, 0, 64, 0, 0, "warps launched (0 = all warps)"),
    I(decode_stage, 0, 1, 0, 0, "1: fetch/decode register, the fetched word is decoded in the next cycle (§3.4)"),
    I(alloc_stage, 0, 1, 0, 0, "1: an issue's allocation reaches the dependency vectors a cycle later (§4.4)"),
    I(handoff_stage, 0, 1, 0, 0, "1 (loops 3): an issued instruction enters its CU a cycle later (§5.6)"),
    I(fill_stage, 0, 1, 0, 0, "1 (loops 3): a bank read fills its operand slots a cycle after the grant (§6.5)"),
    I(ready_stage, 0, 1, 0, 0, "1: the scheduler chooses among the heads ready a cycle earlier (§5.7)"),
};
#undef I
#undef E

const wf_param *wf_params(size_t *count)
{
    *count = sizeof params / sizeof params[0];
    return params;
}

static int name_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char ca = *a == '-' ? '_' : *a, cb = *b == '-' ? '_' : *b;
        if (ca != cb) return 0;
    }
    return *a == *b;
}

const wf_param *wf_param_find(const char *name)
{
    size_t n;
    const wf_param *p = wf_params(&n);
    for (size_t i = 0; i < n; i++)
        if (name_eq(p[i].name, name)) return &p[i];
    return NULL;
}

unsigned wf_config_get(const wf_config *cfg, const wf_param *p)
{
    return *(const unsigned *)((const char *)cfg + p->offset);
}

static void put(wf_config *cfg, const wf_param *p, unsigned v)
{
    *(unsigned *)((char *)cfg + p->offset) = v;
}

void wf_config_default(wf_config *cfg)
{
    size_t n;
    const wf_param *p = wf_params(&n);
    memset(cfg, 0, sizeof *cfg);
    for (size_t i = 0; i < n; i++) put(cfg, &p[i], p[i].dflt);
}

void wf_param_range(const wf_param *p, char *buf, size_t len)
{
    if (p->kind == WF_PARAM_ENUM) {
        size_t used = 0;
        buf[0] = 0;
        for (unsigned v = p->min; v <= p->max; v++) {
            int k = snprintf(buf + used, len > used ? len - used : 0, "%s%s",
                             v == p->min ? "" : "|", p->enum_names[v]);
            if (k > 0) used += (size_t)k;
        }
    } else if (p->pow2) {
        snprintf(buf, len, "a power of two in %u..%u", p->min, p->max);
    } else {
        snprintf(buf, len, "%u..%u", p->min, p->max);
    }
}

static int in_range(const wf_param *p, unsigned v)
{
    if (v < p->min || v > p->max) return 0;
    if (p->pow2 && (v & (v - 1))) return 0;
    return 1;
}

static const char *bad(const wf_param *p, unsigned v, char *err, size_t errlen)
{
    char range[96];
    wf_param_range(p, range, sizeof range);
    if (p->kind == WF_PARAM_ENUM && v <= p->max && p->enum_names[v] && *p->enum_names[v])
        snprintf(err, errlen, "parameter %s=%s: allowed %s", p->name, p->enum_names[v], range);
    else
        snprintf(err, errlen, "parameter %s=%u: allowed %s", p->name, v, range);
    return err;
}

const char *wf_config_check(const wf_config *cfg, char *err, size_t errlen)
{
    size_t n;
    const wf_param *p = wf_params(&n);
    for (size_t i = 0; i < n; i++) {
        unsigned v = wf_config_get(cfg, &p[i]);
        if (!in_range(&p[i], v)) return bad(&p[i], v, err, errlen);
    }
    if (cfg->active_warps > cfg->warps) {
        snprintf(err, errlen, "parameter active_warps=%u: allowed 0..%u (0 = all; at most warps)",
                 cfg->active_warps, cfg->warps);
        return err;
    }
    if (cfg->icache_line > cfg->imem_words) {
        snprintf(err, errlen, "parameter icache_line=%u: allowed at most imem_words=%u",
                 cfg->icache_line, cfg->imem_words);
        return err;
    }
    if (cfg->mem_line > cfg->mem_words) {
        snprintf(err, errlen, "parameter mem_line=%u: allowed at most mem_words=%u",
                 cfg->mem_line, cfg->mem_words);
        return err;
    }
    return NULL;
}

const char *wf_config_apply_options(wf_config *cfg, const char *text, char *err, size_t errlen)
{
    static const char key[] = "# wfsim-options:";
    const char *p = strstr(text, key);
    if (!p) return NULL;
    p += sizeof key - 1;
    char line[1024], msg[256];
    size_t n = strcspn(p, "\n");
    if (n >= sizeof line) {
        snprintf(err, errlen, "wfsim-options: line longer than %zu characters", sizeof line - 1);
        return err;
    }
    memcpy(line, p, n);
    line[n] = 0;
    char *save = NULL;
    for (char *tok = strtok_r(line, " \t\r", &save); tok; tok = strtok_r(NULL, " \t\r", &save)) {
        char *val = strncmp(tok, "--", 2) == 0 ? strtok_r(NULL, " \t\r", &save) : NULL;
        if (!val) {
            wf_quote_value(tok, msg, sizeof msg);
            snprintf(err, errlen, "wfsim-options: expected '--name value', got '%s'", msg);
            return err;
        }
        if (wf_config_set(cfg, tok + 2, val, msg, sizeof msg)) {
            snprintf(err, errlen, "wfsim-options: %s", msg);
            return err;
        }
    }
    return NULL;
}

int wf_parse_decimal(const char *s, uint64_t max, uint64_t *out)
{
    if (*s < '0' || *s > '9' || (s[0] == '0' && s[1])) return -1;
    uint64_t x = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return -1;
        unsigned d = (unsigned)(*s - '0');
        if (d > max || x > (max - d) / 10) return -1; /* d > max: max - d would wrap */
        x = x * 10 + d;
    }
    *out = x;
    return 0;
}

void wf_quote_value(const char *v, char *buf, size_t len)
{
    size_t o = 0, i = 0;
    if (!len) return;
    for (; v[i] && i < 32 && o + 5 < len; i++) {
        unsigned char c = (unsigned char)v[i];
        if (c >= 0x20 && c < 0x7f) buf[o++] = (char)c;
        else o += (size_t)snprintf(buf + o, len - o, "\\x%02x", c);
    }
    if (v[i] && o + 4 < len) o += (size_t)snprintf(buf + o, len - o, "...");
    buf[o] = 0;
}

const char *wf_config_set(wf_config *cfg, const char *name, const char *value, char *err,
                          size_t errlen)
{
    const wf_param *p = wf_param_find(name);
    char q[160];
    if (!p) {
        wf_quote_value(name, q, sizeof q);
        snprintf(err, errlen, "unknown parameter '%s'", q);
        return err;
    }
    char range[96];
    wf_param_range(p, range, sizeof range);
    wf_quote_value(value, q, sizeof q);
    if (p->kind == WF_PARAM_ENUM) {
        for (unsigned v = p->min; v <= p->max; v++)
            if (strcmp(p->enum_names[v], value) == 0) {
                put(cfg, p, v);
                return NULL;
            }
        snprintf(err, errlen, "parameter %s='%s': allowed %s", p->name, q, range);
        return err;
    }
    uint64_t v;
    if (wf_parse_decimal(value, UINT64_MAX, &v)) {
        snprintf(err, errlen, "parameter %s='%s': allowed %s, decimal without sign or leading zeros",
                 p->name, q, range);
        return err;
    }
    if (v > p->max || !in_range(p, (unsigned)v)) {
        snprintf(err, errlen, "parameter %s='%s': allowed %s", p->name, q, range);
        return err;
    }
    put(cfg, p, (unsigned)v);
    return NULL;
}
