"""The synthesis and FPGA configurations (scripts/synth.py, docs/fpga.md): the
shapes, the named configs of every flow, the parameter-cost sweep and the parts."""

MIN = dict(WARPS=1, LANES=1, REGS=1, BANKS=1, COLLECTORS=1, SB_ENTRIES=1, IBUF=1, ICACHE_LINES=1,
           ICACHE_LINE=1, IMSHRS=1, IMEM_WORDS=1, MEM_WORDS=16, MEM_LINE=1, BLOOM_BITS=4,
           ALU_LAT_MAX=1, MUL_LAT_MAX=1, LSU_LAT_MAX=2)
# the defaults of fpga/wf_fpga_top.v (a small FPGA shape)
FPGA = dict(WARPS=2, LANES=2, REGS=16, BANKS=2, COLLECTORS=2, SB_ENTRIES=2, IBUF=2, ICACHE_LINES=4,
            ICACHE_LINE=1, IMSHRS=1, IMEM_WORDS=256, MEM_WORDS=256, MEM_LINE=2, BLOOM_BITS=4,
            ALU_LAT_MAX=1, MUL_LAT_MAX=2, LSU_LAT_MAX=2)
# wf_core's default shape with the latency maxima at the run-time latencies the
# FPGA top pins (CFG_ALU_LAT 1, CFG_MUL_LAT 2, CFG_LSU_LAT 2): the deeper
# stage chains would only add flops no run uses
GPU = dict(WARPS=8, LANES=8, REGS=32, BANKS=4, COLLECTORS=4, SB_ENTRIES=4, IBUF=2, ICACHE_LINES=16,
           ICACHE_LINE=4, IMSHRS=2, IMEM_WORDS=1024, MEM_WORDS=1024, MEM_LINE=4, BLOOM_BITS=16,
           ALU_LAT_MAX=1, MUL_LAT_MAX=2, LSU_LAT_MAX=2)
# every pipeline option, a two-stage ALU and LUT-RAM banks on the ECP5-85F:
# the netlists of the ECP5 Fmax goals (docs/fpga.md) and their area per warp and lane
GPU_RDY = dict(GPU, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1, CFG_HANDOFF_STAGE=1, CFG_FILL_STAGE=1,
               CFG_READY_STAGE=1, ALU_LAT_MAX=2, CFG_ALU_LAT=2, BANK_RAM_STYLE="distributed", part="85k")
# name -> (flow, parameters, description); generic: wf_core parameters (the
# rest at wf_core's defaults); ice40: wf_fpga_top parameters + "part"
CONFIGS = {
    "smallest": ("generic", dict(MIN), "every parameter at its minimum"),
    "fpga-small": ("generic", dict(FPGA), "fpga/wf_fpga_top.v's shape, run-time knobs"),
    "default": ("generic", {}, "wf_core defaults (8 warps x 8 lanes, 32 regs, 4 banks, latency maxima 16/32/32)"),
    "warps16": ("generic", dict(WARPS=16), "defaults, 16 warps"),
    "w64r128": ("generic", dict(WARPS=64, REGS=128), "defaults, 64 warps x 128 registers (the seed's scale point)"),
    "ice-min": ("ice40", dict(MIN, REGS=8, IMEM_WORDS=256, MEM_WORDS=256, CFG_MUL_LAT=1, part="hx8k"),
                "every size at its minimum but 8 registers and 256-word memories, pinned"),
    "ice-min-ds": ("ice40", dict(MIN, REGS=8, IMEM_WORDS=256, MEM_WORDS=256, CFG_MUL_LAT=1, CFG_DECODE_STAGE=1,
                                 part="hx8k"),
                   "ice-min with the fetch/decode register (decode_stage 1, docs/microarch.md 3.4)"),
    "ice-min-mul2": ("ice40", dict(MIN, REGS=8, IMEM_WORDS=256, MEM_WORDS=256, MUL_LAT_MAX=2, CFG_MUL_LAT=2,
                                   part="hx8k"), "ice-min with a two-stage MUL (where the chain shows)"),
    "ice-min-l2": ("ice40", dict(MIN, REGS=8, IMEM_WORDS=256, MEM_WORDS=256, ALU_LAT_MAX=2, CFG_ALU_LAT=2,
                                 MUL_LAT_MAX=2, CFG_MUL_LAT=2, part="hx8k"),
                   "ice-min with two-stage ALU and MUL (results registered before writeback, 10.1)"),
    "ice-min-up5k": ("ice40", dict(MIN, REGS=8, IMEM_WORDS=256, MEM_WORDS=256, CFG_MUL_LAT=1,
                                   part="up5k"), "ice-min on the UP5K (multipliers in SB_MAC16)"),
    "ice-1w1l": ("ice40", dict(FPGA, WARPS=1, LANES=1, part="hx8k"), "1 warp x 1 lane, pinned loops 3 / bloom"),
    "ice-2w1l": ("ice40", dict(FPGA, LANES=1, part="hx8k"), "2 warps x 1 lane, pinned loops 3 / bloom"),
    "ice-2w2l": ("ice40", dict(FPGA, part="hx8k"), "the wrapper's default: 2 warps x 2 lanes, pinned"),
    "ecp5-1w1l": ("ecp5", dict(FPGA, WARPS=1, LANES=1, part="85k"), "1 warp x 1 lane on the ECP5-85F"),
    "ecp5-2w2l": ("ecp5", dict(FPGA, part="85k"), "the wrapper's default 2 x 2 on the ECP5-85F"),
    "ecp5-4w4l": ("ecp5", dict(GPU, WARPS=4, LANES=4, part="85k"),
                  "4 warps x 4 lanes, the rest at wf_core's default shape"),
    "ecp5-default": ("ecp5", dict(GPU, part="85k"),
                     "wf_core's default shape 8 x 8 x 32 x 4 x 4 on the ECP5-85F"),
    "ecp5-4w4l-pipe": ("ecp5", dict(GPU, WARPS=4, LANES=4, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1,
                                    CFG_HANDOFF_STAGE=1, part="85k"),
                       "ecp5-4w4l with the pipeline options decode_stage, alloc_stage and handoff_stage 1 "
                       "(3.4, 4.4, 5.6)"),
    "ecp5-default-pipe": ("ecp5", dict(GPU, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1, CFG_HANDOFF_STAGE=1,
                                       part="85k"),
                          "ecp5-default with the pipeline options decode_stage, alloc_stage and handoff_stage 1"),
    "ecp5-4w4l-pipe-l2": ("ecp5", dict(GPU, WARPS=4, LANES=4, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1,
                                       CFG_HANDOFF_STAGE=1, ALU_LAT_MAX=2, CFG_ALU_LAT=2, part="85k"),
                          "ecp5-4w4l-pipe with a two-stage ALU (alu_lat 2: its result registered before "
                          "writeback, 10.1)"),
    "ecp5-default-pipe-l2": ("ecp5", dict(GPU, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1, CFG_HANDOFF_STAGE=1,
                                          ALU_LAT_MAX=2, CFG_ALU_LAT=2, part="85k"),
                             "ecp5-default-pipe with a two-stage ALU (alu_lat 2)"),
    "ecp5-1w1l-bram": ("ecp5", dict(FPGA, WARPS=1, LANES=1, BANK_RAM_STYLE="block", part="85k"),
                       "ecp5-1w1l with the register banks in block RAM (BANK_RAM_STYLE block; "
                       "make fpga-gls checks the mapping)"),
    "ecp5-1w1l-lutram": ("ecp5", dict(FPGA, WARPS=1, LANES=1, BANK_RAM_STYLE="distributed", part="85k"),
                         "ecp5-1w1l with LUT-RAM banks whose read address is registered (BANK_RAM_STYLE "
                         "distributed; make fpga-gls runs its netlist)"),
    "ecp5-4w4l-lutram": ("ecp5", dict(GPU, WARPS=4, LANES=4, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1,
                                      CFG_HANDOFF_STAGE=1, ALU_LAT_MAX=2, CFG_ALU_LAT=2,
                                      BANK_RAM_STYLE="distributed", part="85k"),
                         "ecp5-4w4l-pipe-l2 with LUT-RAM banks whose read address is registered, not their "
                         "data (the address fanout leaves the arbitration cycle, docs/critpath.md 4i)"),
    "ecp5-4w4l-fill": ("ecp5", dict(GPU, WARPS=4, LANES=4, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1,
                                    CFG_HANDOFF_STAGE=1, CFG_FILL_STAGE=1, ALU_LAT_MAX=2, CFG_ALU_LAT=2,
                                    BANK_RAM_STYLE="distributed", part="85k"),
                       "ecp5-4w4l-lutram with the registered bank grant (fill_stage 1, 6.5): the fills, "
                       "pending masks and dispatch candidates leave the writeback/bank-grant cycle"),
    "ecp5-default-fill": ("ecp5", dict(GPU, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1, CFG_HANDOFF_STAGE=1,
                                       CFG_FILL_STAGE=1, ALU_LAT_MAX=2, CFG_ALU_LAT=2,
                                       BANK_RAM_STYLE="distributed", part="85k"),
                          "ecp5-default-lutram with the registered bank grant (fill_stage 1, 6.5)"),
    "ecp5-4w4l-rdy": ("ecp5", dict(GPU_RDY, WARPS=4, LANES=4),
                      "ecp5-4w4l-fill with the registered readiness (ready_stage 1, 5.7): the issue "
                      "choice starts at flops"),
    "ecp5-default-rdy": ("ecp5", dict(GPU_RDY),
                         "ecp5-default-fill with the registered readiness (ready_stage 1, 5.7)"),
    "ecp5-8w4l-rdy": ("ecp5", dict(GPU_RDY, WARPS=8, LANES=4),
                      "ecp5-4w4l-rdy with 8 warps (what a warp costs with every option: docs/fpga.md, "
                      "area per warp)"),
    "ecp5-4w8l-rdy": ("ecp5", dict(GPU_RDY, WARPS=4, LANES=8),
                      "ecp5-4w4l-rdy with 8 lanes (what a lane costs with every option: docs/fpga.md, "
                      "area per lane)"),
    "ecp5-8w4l-lutram": ("ecp5", dict(GPU, WARPS=8, LANES=4, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1,
                                      CFG_HANDOFF_STAGE=1, ALU_LAT_MAX=2, CFG_ALU_LAT=2,
                                      BANK_RAM_STYLE="distributed", part="85k"),
                         "ecp5-4w4l-lutram with 8 warps (what a warp costs: docs/fpga.md, area per warp)"),
    "ecp5-4w8l-lutram": ("ecp5", dict(GPU, WARPS=4, LANES=8, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1,
                                      CFG_HANDOFF_STAGE=1, ALU_LAT_MAX=2, CFG_ALU_LAT=2,
                                      BANK_RAM_STYLE="distributed", part="85k"),
                         "ecp5-4w4l-lutram with 8 lanes (what a lane costs: docs/fpga.md, area per lane)"),
    "ecp5-default-lutram": ("ecp5", dict(GPU, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1, CFG_HANDOFF_STAGE=1,
                                         ALU_LAT_MAX=2, CFG_ALU_LAT=2, BANK_RAM_STYLE="distributed",
                                         part="85k"),
                            "ecp5-default-pipe-l2 with the 4w4l-lutram bank form (LUT RAM, read address "
                            "registered)"),
    "ecp5-4w4l-bram": ("ecp5", dict(GPU, WARPS=4, LANES=4, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1,
                                    CFG_HANDOFF_STAGE=1, ALU_LAT_MAX=2, CFG_ALU_LAT=2,
                                    BANK_RAM_STYLE="block", part="85k"),
                       "ecp5-4w4l-pipe-l2 with the register banks in block RAM (fewer LUTs; slower: the "
                       "block RAM's clock-to-output starts the LSU path, docs/critpath.md 4h)"),
    "ecp5-default-bram": ("ecp5", dict(GPU, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1, CFG_HANDOFF_STAGE=1,
                                       ALU_LAT_MAX=2, CFG_ALU_LAT=2, BANK_RAM_STYLE="block", part="85k"),
                          "ecp5-default-pipe-l2 with BANK_RAM_STYLE block (at 8 x 8 Yosys puts the "
                          "banks in block RAM anyway)"),
}
# run only when named (`make synth SYNTH_CONFIGS=w64r128`): hours of Yosys,
# or (ECP5 4 x 4 and up) an hour or more of WebAssembly place and route; the
# pipeline-option measurements of docs/fpga.md "Pipeline options and Fmax"
ON_REQUEST = {"w64r128", "ecp5-4w4l", "ecp5-4w4l-pipe", "ecp5-default", "ecp5-default-pipe",
              "ecp5-4w4l-pipe-l2", "ecp5-default-pipe-l2", "ecp5-4w4l-bram", "ecp5-default-bram", "ecp5-4w4l-lutram",
              "ecp5-8w4l-lutram", "ecp5-4w8l-lutram", "ecp5-default-lutram", "ecp5-4w4l-fill", "ecp5-default-fill", "ecp5-4w4l-rdy",
              "ecp5-default-rdy", "ecp5-8w4l-rdy", "ecp5-4w8l-rdy", "ice-min-ds", "ice-min-mul2", "ice-min-l2"}
# the parameter-cost sweep: one change at a time from SWEEP_BASE (ice40 synthesis)
SWEEP_BASE = dict(FPGA, LANES=1, part="hx8k")
# (each point is one synth_ice40 run, ~5-15 min on a shared machine; a point
# whose parameters equal an ice40 config's reuses that config's result)
SWEEP = [
    ("base", {}), ("WARPS=4", dict(WARPS=4)), ("LANES=2", dict(LANES=2)),
    ("REGS=32", dict(REGS=32)), ("COLLECTORS=4", dict(COLLECTORS=4)),
    ("MUL_LAT_MAX=4", dict(MUL_LAT_MAX=4, CFG_MUL_LAT=4)),
    ("PIN_CFG=0 (run-time knobs)", dict(PIN_CFG=0)),
]
PARTS = {"hx8k": ["--hx8k", "--package", "ct256"], "up5k": ["--up5k", "--package", "sg48"],
         "85k": ["--85k", "--package", "CABGA381"]}
PART_NAME = {"hx8k": "iCE40HX8K-CT256", "up5k": "iCE40UP5K-SG48", "85k": "LFE5U-85F-CABGA381"}
