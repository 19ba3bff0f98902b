/* The simulator's svdpi.h where the build gives its include path (Verilator:
 * include/vltstd); else svBitVecVal alone, so the DPI-C shims also compile
 * without a simulator (verif/unit/test_dpi.c, libwf_dpi.so's PIC build). */
#ifndef WF_SVDPI_H
#define WF_SVDPI_H
#include <stdint.h>
#if __has_include("svdpi.h")
#include "svdpi.h"
#else
typedef uint32_t svBitVecVal; /* as IEEE 1800 svdpi.h: 32 bits of a packed vector, LSB first */
#endif
#endif
