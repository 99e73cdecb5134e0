/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The only place the controller core touches platform arithmetic. A Linux
 * kernel build (__KERNEL__) gets div_u64()/div64_u64() below; other 32-bit
 * kernels or firmware define these macros before this header (e.g.
 * -DIRQMOD_DIV_U64_U32=my_div_u64) so no libgcc helper (__udivdi3) is needed.
 */
#ifndef IRQMOD_DEPS_H
#define IRQMOD_DEPS_H

#include "irqmod/common.h"

#ifdef IRQMOD_EXTERNAL_DIVISION
/*
 * IRQMOD_EXTERNAL_DIVISION routes both divisions to functions the platform
 * supplies; the -m32 freestanding test uses it to prove no libgcc helper is
 * referenced.
 */
uint64_t irqmod_platform_div_u64_u32(uint64_t dividend, uint32_t divisor);
uint64_t irqmod_platform_div64_u64(uint64_t dividend, uint64_t divisor);
#define IRQMOD_DIV_U64_U32(dividend, divisor) \
	irqmod_platform_div_u64_u32((dividend), (divisor))
#define IRQMOD_DIV64_U64(dividend, divisor) \
	irqmod_platform_div64_u64((dividend), (divisor))
#endif

/*
 * Kernel flavour: use the kernel's own helpers (include/linux/math64.h), which
 * are plain '/' on 64-bit and the do_div()-based routines on 32-bit kernels.
 * A build that defines the macros itself (e.g. with -D) still wins.
 */
#if defined(__KERNEL__) && !defined(IRQMOD_EXTERNAL_DIVISION)
#include <linux/math64.h>
#ifndef IRQMOD_DIV_U64_U32
#define IRQMOD_DIV_U64_U32(dividend, divisor) div_u64((dividend), (divisor))
#endif
#ifndef IRQMOD_DIV64_U64
#define IRQMOD_DIV64_U64(dividend, divisor) div64_u64((dividend), (divisor))
#endif
#endif

/* 64-bit dividend by a 32-bit divisor, like the kernel's div_u64(). */
#ifndef IRQMOD_DIV_U64_U32
#define IRQMOD_DIV_U64_U32(dividend, divisor) \
	((uint64_t)(dividend) / (uint32_t)(divisor))
#endif

/* 64-bit dividend by a 64-bit divisor, like the kernel's div64_u64(). */
#ifndef IRQMOD_DIV64_U64
#define IRQMOD_DIV64_U64(dividend, divisor) \
	((uint64_t)(dividend) / (uint64_t)(divisor))
#endif

/*
 * Copies and clears. The kernel maps them to its own memcpy()/memset()
 * (<linux/string.h>); every other build gets the compiler builtins, which
 * gcc and clang expand inline for the small constant sizes the core uses
 * (the -O2 -fno-builtin link check of tests/checks/freestanding.sh proves
 * that no memcpy/memset symbol is needed). Where a compiler does emit a
 * call (clang at -O0), the symbol is one GCC requires of every freestanding
 * environment ("GCC requires the freestanding environment provide memcpy,
 * memmove, memset and memcmp", GCC manual, Standards), and a hosted build
 * takes it from libc. A platform can define both macros itself.
 */
#if defined(__KERNEL__)
#include <linux/string.h>
#ifndef IRQMOD_MEMCPY
#define IRQMOD_MEMCPY(to, from, bytes) memcpy((to), (from), (bytes))
#endif
#ifndef IRQMOD_MEMSET
#define IRQMOD_MEMSET(to, value, bytes) memset((to), (value), (bytes))
#endif
#endif

#ifndef IRQMOD_MEMCPY
#define IRQMOD_MEMCPY(to, from, bytes) __builtin_memcpy((to), (from), (bytes))
#endif
#ifndef IRQMOD_MEMSET
#define IRQMOD_MEMSET(to, value, bytes) __builtin_memset((to), (value), (bytes))
#endif

/*
 * IRQMOD_ALWAYS_INLINE - for a step an update runs twice (once per
 * direction or ring container): gcc -O2 would otherwise keep it out of line
 * and pay a call, a prologue and an epilogue each time, a large part of an
 * update of a hundred instructions. Only when optimizing: an -O0 build (a
 * coverage build, a debugger session) keeps one copy of the step, so its
 * branches are counted once. A platform may define it first.
 */
#ifndef IRQMOD_ALWAYS_INLINE
#if defined(__KERNEL__)
/* The kernel's own spelling (compiler_types.h): one token, as its macros want. */
#define IRQMOD_ALWAYS_INLINE __always_inline
#elif (defined(__GNUC__) || defined(__clang__)) && defined(__OPTIMIZE__)
#define IRQMOD_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define IRQMOD_ALWAYS_INLINE inline
#endif
#endif

/*
 * IRQMOD_COLD_PATH - for the part of an update that runs once per window
 * or level change: inlined, its registers and frame would be paid on every
 * call that only counts. The __noinline__ spelling is safe in the kernel,
 * where "noinline" is a macro. A platform may define it first.
 */
#ifndef IRQMOD_COLD_PATH
#if defined(__GNUC__) || defined(__clang__)
#define IRQMOD_COLD_PATH __attribute__((__noinline__))
#else
#define IRQMOD_COLD_PATH
#endif
#endif

#endif /* IRQMOD_DEPS_H */
