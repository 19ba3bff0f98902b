/* The C driver of the Wishbone top (fpga/wf_wb_top.v; docs/soc.md) for a
 * CPU in the same SoC: memory-mapped registers (drivers/wf_soc_regs.h, generated
 * from scripts/wf/socmap.py). No global state: everything is in a wf_soc.
 * Each call returns WF_SOC_OK (0) or a negative wf_soc_status, and leaves a
 * message in s->msg; nothing is written to the core when the driver refuses. */
#ifndef WF_SOC_H
#define WF_SOC_H

#include <stdint.h>

#include "wf_soc_regs.h"

typedef enum {
    WF_SOC_OK = 0,
    WF_SOC_ERR_ID = -1,       /* no warpfront top at base, or another register map version */
    WF_SOC_ERR_RANGE = -2,    /* outside a space, the system memory window, or the build */
    WF_SOC_ERR_BUSY = -3,     /* a run or a transfer is on */
    WF_SOC_ERR_REFUSED = -4,  /* the core refused it (its ERROR code in s->hw_error) */
    WF_SOC_ERR_TIMEOUT = -5   /* not finished within the given polls */
} wf_soc_status;

typedef struct {
    uintptr_t base;                 /* the top's registers */
    uintptr_t sys_base;             /* the system memory the DMA may use (SYS_BASE) */
    uint32_t sys_size;              /* its size in bytes (SYS_SIZE) */
    uint32_t warps, lanes, regs;    /* the build's shape (IDENTIFY) */
    uint32_t imem_words, mem_words, imshrs;
    uint32_t alu_lat_max, mul_lat_max, lsu_lat_max;
    uint32_t hw_error;              /* ERROR.code of the last refusal */
    char msg[96];                   /* what went wrong */
} wf_soc;

int wf_soc_open(wf_soc *s, uintptr_t base, uintptr_t sys_base, uint32_t sys_size);
/* cfg: the CFG_LAYOUT bytes (modes, war, loops, alu_lat, mul_lat, lsu_lat, active_warps) */
int wf_soc_set_cfg(wf_soc *s, const uint8_t cfg[7]);
int wf_soc_set_pc(wf_soc *s, uint32_t warp, uint32_t pc);
/* one transfer of n items (space WF_SOC_SPACE_*; to_sys 0: into the core), polled to its end */
int wf_soc_dma(wf_soc *s, uint32_t space, int to_sys, uint32_t local, uintptr_t sys_addr,
               uint32_t n, uint32_t polls);
int wf_soc_launch(wf_soc *s);
/* polls STATUS until the run is done (or irq pending, when irq enabled); the cycle count */
int wf_soc_wait(wf_soc *s, uint32_t polls, uint64_t *cycles);
/* regs-space index of item i (lane, register, warp order) for DMA_LOCAL */
uint32_t wf_soc_reg_index(const wf_soc *s, uint32_t i);

#endif
