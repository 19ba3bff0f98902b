/* Reset entry of the firmware (in the SoC's ROM): stack at the top of the
   SRAM, .data copied from ROM, .bss cleared, then main(); the simulation ends
   in main. */
    .section .text.start
    .global _start
_start:
    la sp, _fstack
    la t0, _fdata_rom
    la t1, _fdata
    la t2, _edata
1:  bgeu t1, t2, 2f
    lw t3, 0(t0)
    sw t3, 0(t1)
    addi t0, t0, 4
    addi t1, t1, 4
    j 1b
2:  la t0, _fbss
    la t1, _ebss
3:  bgeu t0, t1, 4f
    sw zero, 0(t0)
    addi t0, t0, 4
    j 3b
4:  call main
5:  j 5b
