/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Just enough of the kernel's API, written for irqmod, to compile the core's
 * kernel flavour and docs/kernel.md's example in userspace and link them
 * (tests/checks/vendor-sets.sh), as zstd compiles its kernel copy against
 * fake kernel headers. Each name means what the kernel's does; the kernel's
 * functions the example calls are declared here and defined, as stubs, in
 * kernel-stubs.c.
 */
#ifndef IRQMOD_KERNEL_SHIM_H
#define IRQMOD_KERNEL_SHIM_H

/* The types, BIT() and the like: the vs-Linux check's stand-in has them. */
#include "../../../tools/vs-linux/shim/linux/kernel.h"

/* The limits of include/linux/limits.h, from <stdint.h> here. */
#define U8_MAX UINT8_MAX
#define U16_MAX UINT16_MAX
#define U32_MAX UINT32_MAX
#define U64_MAX UINT64_MAX
#define S32_MAX INT32_MAX
#define S32_MIN INT32_MIN

/* The names of include/linux/build_bug.h and compiler_attributes.h. */
#define static_assert(expr, ...) _Static_assert(expr, #expr)
#define noinline __attribute__((__noinline__))
#define __always_inline inline __attribute__((__always_inline__))
#define __maybe_unused __attribute__((__unused__))
#define __cold __attribute__((__cold__))
#define __iomem

/* include/linux/math64.h: on 64-bit, plain divisions */
static inline u64 div_u64(u64 dividend, u32 divisor)
{
	return dividend / divisor;
}

static inline u64 div64_u64(u64 dividend, u64 divisor)
{
	return dividend / divisor;
}

/* include/linux/string.h */
#define memcpy(to, from, bytes) __builtin_memcpy((to), (from), (bytes))
#define memset(to, value, bytes) __builtin_memset((to), (value), (bytes))

/* The names of include/linux/container_of.h and errno-base.h. */
#define container_of(pointer, type, member) \
	((type *)(void *)((char *)(pointer) - offsetof(type, member)))
#define EINVAL 22

/* What docs/kernel.md's example calls: the stubs are in kernel-stubs.c. */
struct napi_struct {
	unsigned long state;
};

bool napi_complete_done(struct napi_struct *napi, int work_done);
u64 ktime_get_ns(void);
void writel(u32 value, volatile void __iomem *address);
int _printk(const char *format, ...);
#define pr_err(...) _printk(__VA_ARGS__)

#endif /* IRQMOD_KERNEL_SHIM_H */
