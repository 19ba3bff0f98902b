/* The C driver of the Wishbone top (wf_soc.h; docs/soc.md). */
#include "wf_soc.h"

#include <stdio.h>

static uint32_t rd(const wf_soc *s, uint32_t off)
{
    return *(volatile const uint32_t *)(s->base + off);
}

static void wr(const wf_soc *s, uint32_t off, uint32_t v)
{
    *(volatile uint32_t *)(s->base + off) = v;
}

static int fail(wf_soc *s, int status, const char *what, const char *why)
{
    snprintf(s->msg, sizeof s->msg, "%s: %s", what, why);
    return status;
}

/* the core's verdict on the last command: ERROR.code, cleared */
static int checked(wf_soc *s, const char *what)
{
    uint32_t e = rd(s, WF_SOC_ERROR) & WF_SOC_ERROR_CODE_MASK;
    if (!e) return WF_SOC_OK;
    wr(s, WF_SOC_ERROR, 0);
    s->hw_error = e;
    snprintf(s->msg, sizeof s->msg, "%s: the core refused it (ERROR %u)", what, (unsigned)e);
    return WF_SOC_ERR_REFUSED;
}

static int idle(wf_soc *s, const char *what)
{
    uint32_t st = rd(s, WF_SOC_STATUS);
    if (st & (WF_SOC_STATUS_BUSY_MASK | WF_SOC_STATUS_DMA_BUSY_MASK))
        return fail(s, WF_SOC_ERR_BUSY, what, "the core is busy");
    return WF_SOC_OK;
}

static uint32_t id_field(const wf_soc *s, unsigned off, unsigned bytes)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < bytes; i++) {
        unsigned b = off + i;
        uint32_t w = rd(s, WF_SOC_ID_BASE + 4 * (b / 4));
        v |= (w >> (8 * (b % 4)) & 0xFFu) << (8 * i);
    }
    return v;
}

#define ID_FIELD(s, f) id_field(s, f)

int wf_soc_open(wf_soc *s, uintptr_t base, uintptr_t sys_base, uint32_t sys_size)
{
    s->base = base;
    s->sys_base = sys_base;
    s->sys_size = sys_size;
    s->hw_error = 0;
    s->msg[0] = 0;
    uint32_t id = rd(s, WF_SOC_ID);
    if ((id & 0xFFFFu) != WF_SOC_ID_MAGIC || id >> 16 != WF_SOC_VERSION)
        return fail(s, WF_SOC_ERR_ID, "open", "no warpfront top of this register map version");
    s->warps = ID_FIELD(s, WF_SOC_IDF_WARPS);
    s->lanes = ID_FIELD(s, WF_SOC_IDF_LANES);
    s->regs = ID_FIELD(s, WF_SOC_IDF_REGS);
    s->imem_words = ID_FIELD(s, WF_SOC_IDF_IMEM_WORDS);
    s->mem_words = ID_FIELD(s, WF_SOC_IDF_MEM_WORDS);
    s->imshrs = ID_FIELD(s, WF_SOC_IDF_IMSHRS);
    s->alu_lat_max = ID_FIELD(s, WF_SOC_IDF_ALU_LAT_MAX);
    s->mul_lat_max = ID_FIELD(s, WF_SOC_IDF_MUL_LAT_MAX);
    s->lsu_lat_max = ID_FIELD(s, WF_SOC_IDF_LSU_LAT_MAX);
    return WF_SOC_OK;
}

int wf_soc_set_cfg(wf_soc *s, const uint8_t cfg[7])
{
    int r = idle(s, "set_cfg");
    if (r) return r;
    if (cfg[WF_SOC_CFG_ALU_LAT] < 1 || cfg[WF_SOC_CFG_ALU_LAT] > s->alu_lat_max ||
        cfg[WF_SOC_CFG_MUL_LAT] < 1 || cfg[WF_SOC_CFG_MUL_LAT] > s->mul_lat_max ||
        cfg[WF_SOC_CFG_LSU_LAT] < 2 || cfg[WF_SOC_CFG_LSU_LAT] > s->lsu_lat_max ||
        cfg[WF_SOC_CFG_ACTIVE_WARPS] > s->warps)
        return fail(s, WF_SOC_ERR_RANGE, "set_cfg", "a latency or active_warps outside the build");
    wr(s, WF_SOC_CFG0, (uint32_t)cfg[0] | (uint32_t)cfg[1] << 8 | (uint32_t)cfg[2] << 16 |
                           (uint32_t)cfg[3] << 24);
    wr(s, WF_SOC_CFG1, (uint32_t)cfg[4] | (uint32_t)cfg[5] << 8 | (uint32_t)cfg[6] << 16);
    return checked(s, "set_cfg");
}

int wf_soc_set_pc(wf_soc *s, uint32_t warp, uint32_t pc)
{
    if (warp >= s->warps || pc > 0xFFFFu)
        return fail(s, WF_SOC_ERR_RANGE, "set_pc", "warp or pc outside the build");
    wr(s, WF_SOC_PC_SEL, warp);
    wr(s, WF_SOC_START_PC, pc);
    return checked(s, "set_pc");
}

uint32_t wf_soc_reg_index(const wf_soc *s, uint32_t i)
{
    uint32_t lb = 0, rb = 0;
    while ((1u << lb) < s->lanes) lb++;
    while ((1u << rb) < s->regs) rb++;
    uint32_t lane = i % s->lanes, r = i / s->lanes % s->regs, w = i / (s->lanes * s->regs);
    return w << (rb + lb) | r << lb | lane;
}

int wf_soc_dma(wf_soc *s, uint32_t space, int to_sys, uint32_t local, uintptr_t sys_addr,
               uint32_t n, uint32_t polls)
{
    uint64_t items, size = space == WF_SOC_SPACE_IMEM ? 8 : 4;
    if (space == WF_SOC_SPACE_IMEM) items = s->imem_words;
    else if (space == WF_SOC_SPACE_MEM) items = s->mem_words;
    else if (space == WF_SOC_SPACE_REGS && to_sys) items = (uint64_t)s->warps * s->regs * s->lanes;
    else return fail(s, WF_SOC_ERR_RANGE, "dma", "no such space (regs: read only)");
    if (n == 0 || (uint64_t)local + n > items)
        return fail(s, WF_SOC_ERR_RANGE, "dma", "items outside the space");
    if (sys_addr % 4 || sys_addr < s->sys_base ||
        (uint64_t)(sys_addr - s->sys_base) + n * size > s->sys_size)
        return fail(s, WF_SOC_ERR_RANGE, "dma", "outside the system memory window");
    int r = idle(s, "dma");
    if (r) return r;
    wr(s, WF_SOC_DMA_SYS, (uint32_t)sys_addr);
    wr(s, WF_SOC_DMA_LOCAL, space == WF_SOC_SPACE_REGS ? wf_soc_reg_index(s, local) : local);
    wr(s, WF_SOC_DMA_LEN, n);
    wr(s, WF_SOC_DMA_CTRL, space << WF_SOC_DMA_CTRL_SPACE_LSB |
                               (uint32_t)(to_sys != 0) << WF_SOC_DMA_CTRL_TO_SYS_LSB);
    wr(s, WF_SOC_CTRL, WF_SOC_CTRL_DMA_MASK);
    if ((r = checked(s, "dma"))) return r;
    while (rd(s, WF_SOC_STATUS) & WF_SOC_STATUS_DMA_BUSY_MASK)
        if (polls-- == 0) return fail(s, WF_SOC_ERR_TIMEOUT, "dma", "not finished");
    wr(s, WF_SOC_IRQ_PENDING, WF_SOC_IRQ_DMA);
    return checked(s, "dma");                  /* a bus error ends it early */
}

int wf_soc_launch(wf_soc *s)
{
    int r = idle(s, "launch");
    if (r) return r;
    wr(s, WF_SOC_IRQ_PENDING, WF_SOC_IRQ_DONE);
    wr(s, WF_SOC_CTRL, WF_SOC_CTRL_LAUNCH_MASK);
    return checked(s, "launch");
}

int wf_soc_wait(wf_soc *s, uint32_t polls, uint64_t *cycles)
{
    while (!(rd(s, WF_SOC_IRQ_PENDING) & WF_SOC_IRQ_DONE))
        if (polls-- == 0) return fail(s, WF_SOC_ERR_TIMEOUT, "wait", "the run did not finish");
    wr(s, WF_SOC_IRQ_PENDING, WF_SOC_IRQ_DONE);
    uint32_t lo = rd(s, WF_SOC_CYCLE_LO);
    *cycles = (uint64_t)rd(s, WF_SOC_CYCLE_HI) << 32 | lo;
    return WF_SOC_OK;
}
