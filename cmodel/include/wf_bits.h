/* Bit tricks of the cycle model: mask scans, population counts, the
 * round-robin pick and the per-warp flag-mask gather. Where the RTL has a
 * priority encoder or evaluates all warps in parallel, the model uses one of
 * these; they know nothing of the machine, so the block files (cmodel/<block>.c)
 * read like their RTL twins. Internal, like wf_model_impl.h: not installed. */
#ifndef WF_BITS_H
#define WF_BITS_H

#include <stdint.h>
#include <string.h>

/* Lanes 0..L-1 (L <= 32) as a mask. */
static inline uint32_t wf_lanes_all(unsigned L) { return L >= 32 ? 0xFFFFFFFFu : (1u << L) - 1u; }

/* Without -mpopcnt __builtin_popcountll is a library call; this is a few
 * instructions and needs no particular CPU. */
static inline unsigned wf_popcount(uint64_t x)
{
    x = x - (x >> 1 & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (unsigned)(x * 0x0101010101010101ull >> 56);
}

/* Bits set in a byte, by table: for masks known to fit one (the warp masks
 * of W <= 8 warps). */
static inline unsigned wf_popcount8(uint8_t x)
{
#define B2(n) n, n + 1, n + 1, n + 2
#define B4(n) B2(n), B2(n + 1), B2(n + 1), B2(n + 2)
#define B6(n) B4(n), B4(n + 1), B4(n + 1), B4(n + 2)
    static const uint8_t pop8[256] = {B6(0), B6(1), B6(1), B6(2)};
#undef B2
#undef B4
#undef B6
    return pop8[x];
}

static inline unsigned wf_lowest_bit(uint64_t x) /* x != 0 */
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll(x);
#else
    unsigned i = 0;
    while (!(x & 1u)) {
        x >>= 1;
        i++;
    }
    return i;
#endif
}

static inline unsigned wf_highest_bit(uint64_t x) /* x != 0 */
{
#if defined(__GNUC__)
    return 63u - (unsigned)__builtin_clzll(x);
#else
    unsigned i = 63;
    while (!(x >> i & 1u)) i--;
    return i;
#endif
}

/* Round-robin pick (§3.2.1, §5.3): the first set bit of mask (nonzero) at or
 * after index start, wrapping around. */
static inline unsigned wf_rr_pick(uint64_t mask, unsigned start)
{
    const uint64_t at_or_after = start < 64 ? mask & (~(uint64_t)0 << start) : 0;
    return wf_lowest_bit(at_or_after ? at_or_after : mask);
}

/* (i + 1) mod n for i < n, without a division */
static inline unsigned wf_next_mod(unsigned i, unsigned n) { return i + 1u == n ? 0u : i + 1u; }

/* The mask of bit k of flag[0..n-1] (bit i = bit k of flag[i]), eight bytes
 * per step: the bytes g..g+7 as one little-endian word x, then
 * (x >> k & 0x01..01) * 0x0102040810204080 gathers bit k of byte i into bit
 * 56 + i. flag is read in whole groups of eight (n rounded up), and those
 * bytes past n must be 0. */
static inline uint64_t wf_flag_mask(const uint8_t *flag, unsigned n, unsigned k)
{
    uint64_t mask = 0;
    for (unsigned g = 0; g < n; g += 8) {
        uint64_t x;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        memcpy(&x, flag + g, sizeof x);
#else
        x = 0;
        for (unsigned i = 0; i < 8; i++) x |= (uint64_t)flag[g + i] << (8 * i);
#endif
        mask |= ((x >> k & 0x0101010101010101ull) * 0x0102040810204080ull >> 56) << g;
    }
    return mask;
}

#endif
