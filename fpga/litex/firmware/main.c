/* The firmware of the LiteX simulation SoC (docs/soc.md "LiteX"): runs each
 * program of progs.h through the C driver (drivers/wf_soc.h): image and data
 * copied into main RAM, DMA'd into the core, configuration and start pcs,
 * launch, the interrupt seen by the CPU (VexRiscv's pending-interrupt CSR),
 * the cycle count, the scratchpad and the registers DMA'd back into main RAM;
 * prints one JSON line per program (RESULT {...}), then the driver's
 * refusals (CHECK name ok|FAIL ...), then DONE, and ends the simulation. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "soc_addrs.h"
#include "wf_soc.h"

struct prog {
    const char *name;
    const uint64_t *img;
    uint32_t nimg;
    const uint32_t *mem;
    uint32_t nmem;
    const uint16_t *pc;
    uint8_t cfg[7];
};
#include "progs.h"

#define REG32(a) (*(volatile uint32_t *)(a))
#ifndef POLLS
#define POLLS 200000u /* a run or a transfer of the examples takes far fewer */
#endif

static int uart_putc(char c, FILE *f)
{
    (void)f;
    while (REG32(SOC_UART_TXFULL)) {
    }
    REG32(SOC_UART_RXTX) = (uint8_t)c;
    return (uint8_t)c;
}
static FILE uart = FDEV_SETUP_STREAM(uart_putc, NULL, NULL, _FDEV_SETUP_WRITE);
FILE *const stdout = &uart;

/* the transfer buffers: in main RAM, the DMA's window */
#define BUF_WORDS (0x18000 / 4)
static uint32_t buf[BUF_WORDS] __attribute__((section(".mainram"), aligned(8)));

static uint32_t irq_pending(void)
{
    uint32_t p;
    /* csrr p, 0xFC0: VexRiscv's (LiteX) pending interrupts; encoded, as rv32im has no zicsr */
    __asm__ volatile(".insn i 0x73, 2, %0, x0, -64" : "=r"(p));
    return p;
}

static void irq_unmask(uint32_t mask)
{
    /* csrw 0xBC0, mask: VexRiscv's interrupt mask (pending = lines & mask) */
    __asm__ volatile(".insn i 0x73, 1, x0, %0, -1088" : : "r"(mask));
}

static void flush_dcache(void)
{
    __asm__ volatile(".word(0x500F)");              /* VexRiscv: flush the data cache */
}

static int fail(const char *prog, const wf_soc *s, int r)
{
    printf("ERROR %s: %s (%d)\n", prog, s->msg, r);
    return 1;
}

static int run(wf_soc *s, const struct prog *p)
{
    uint32_t nimg = s->imem_words, nmem = s->mem_words;
    uint32_t nregs = s->warps * s->regs * s->lanes;
    uint32_t *img = buf, *mem = buf + 2 * nimg, *out = mem + nmem;
    int r;
    if (p->nimg > nimg || p->nmem != nmem || 2 * nimg + 2 * nmem + nregs > BUF_WORDS) {
        printf("ERROR %s: does not fit this build\n", p->name);
        return 1;
    }
    memset(img, 0, 8 * nimg);              /* past the program: 0, as wfsim */
    for (uint32_t i = 0; i < p->nimg; i++) {
        img[2 * i] = (uint32_t)p->img[i];
        img[2 * i + 1] = (uint32_t)(p->img[i] >> 32);
    }
    memcpy(mem, p->mem, 4 * nmem);
    if ((r = wf_soc_dma(s, WF_SOC_SPACE_IMEM, 0, 0, (uintptr_t)img, nimg, POLLS))) return fail(p->name, s, r);
    if ((r = wf_soc_dma(s, WF_SOC_SPACE_MEM, 0, 0, (uintptr_t)mem, nmem, POLLS))) return fail(p->name, s, r);
    if ((r = wf_soc_set_cfg(s, p->cfg))) return fail(p->name, s, r);
    for (uint32_t w = 0; w < s->warps; w++)
        if ((r = wf_soc_set_pc(s, w, p->pc[w]))) return fail(p->name, s, r);
    REG32(s->base + WF_SOC_IRQ_ENABLE) = WF_SOC_IRQ_DONE;
    if ((r = wf_soc_launch(s))) return fail(p->name, s, r);
    uint32_t polls = POLLS;
    while (!(irq_pending() >> SOC_WF_IRQ & 1))
        if (polls-- == 0) {
            printf("ERROR %s: no interrupt at the CPU\n", p->name);
            return 1;
        }
    uint64_t cycles;
    if ((r = wf_soc_wait(s, POLLS, &cycles))) return fail(p->name, s, r);
    REG32(s->base + WF_SOC_IRQ_ENABLE) = 0;
    if (irq_pending() >> SOC_WF_IRQ & 1) {
        printf("ERROR %s: the interrupt stays pending after it was cleared\n", p->name);
        return 1;
    }
    if ((r = wf_soc_dma(s, WF_SOC_SPACE_MEM, 1, 0, (uintptr_t)out, nmem, POLLS))) return fail(p->name, s, r);
    if ((r = wf_soc_dma(s, WF_SOC_SPACE_REGS, 1, 0, (uintptr_t)(out + nmem), nregs, POLLS)))
        return fail(p->name, s, r);
    flush_dcache();                        /* the DMA wrote main RAM behind the cache */
    printf("RESULT {\"name\":\"%s\",\"cycles\":%lu,\"mem\":[", p->name, (unsigned long)cycles);
    for (uint32_t i = 0; i < nmem; i++) printf(i ? ",%lu" : "%lu", (unsigned long)out[i]);
    printf("],\"regs\":[");
    for (uint32_t i = 0; i < nregs; i++) printf(i ? ",%lu" : "%lu", (unsigned long)out[nmem + i]);
    printf("]}\n");
    return 0;
}

static void check(const char *name, int ok)
{
    printf("CHECK %s %s\n", name, ok ? "ok" : "FAIL");
}

int main(void)
{
    wf_soc s;
    int bad = 0;
    if (wf_soc_open(&s, SOC_WF_BASE, SOC_MAIN_RAM_BASE, SOC_MAIN_RAM_SIZE)) {
        printf("ERROR open: %s\n", s.msg);
        bad = 1;
    } else {
        irq_unmask(1u << SOC_WF_IRQ);      /* seen as pending, not taken: MIE stays 0 */
        for (int i = 0; i < NPROGS; i++) bad |= run(&s, &progs[i]);
        /* the driver refuses, and nothing reaches the core */
        check("dma-outside-main-ram",
              wf_soc_dma(&s, WF_SOC_SPACE_MEM, 0, 0, SOC_MAIN_RAM_BASE + SOC_MAIN_RAM_SIZE - 4, 2,
                         POLLS) == WF_SOC_ERR_RANGE);
        check("image-larger-than-imem",
              wf_soc_dma(&s, WF_SOC_SPACE_IMEM, 0, 0, SOC_MAIN_RAM_BASE, s.imem_words + 1, POLLS) ==
                  WF_SOC_ERR_RANGE);
        uint8_t cfg[7];
        memcpy(cfg, progs[0].cfg, sizeof cfg);
        cfg[WF_SOC_CFG_ALU_LAT] = (uint8_t)(s.alu_lat_max + 1);
        check("cfg-beyond-build", wf_soc_set_cfg(&s, cfg) == WF_SOC_ERR_RANGE);
        cfg[WF_SOC_CFG_ALU_LAT] = progs[0].cfg[WF_SOC_CFG_ALU_LAT];
        cfg[WF_SOC_CFG_LOOPS] = 0;         /* the hardware's own check (the driver passes it on) */
        check("cfg-loops-0-refused-by-core", wf_soc_set_cfg(&s, cfg) == WF_SOC_OK &&
                                                 wf_soc_launch(&s) == WF_SOC_ERR_REFUSED &&
                                                 s.hw_error == WF_SOC_E_RANGE);
        check("set-cfg-back", wf_soc_set_cfg(&s, progs[0].cfg) == WF_SOC_OK);
        check("launch-while-busy", wf_soc_launch(&s) == WF_SOC_OK &&
                                       wf_soc_launch(&s) == WF_SOC_ERR_BUSY);
        uint64_t c;
        check("wait", wf_soc_wait(&s, POLLS, &c) == WF_SOC_OK);
    }
    printf("DONE %s\n", bad ? "with errors" : "ok");
    REG32(SOC_SIM_FINISH) = 1;
    for (;;) {
    }
}
