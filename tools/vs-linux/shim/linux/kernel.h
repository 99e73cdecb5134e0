/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The project's userspace stand-in for the few kernel headers that the
 * extracted Linux code (lib/dim and the Intel drivers' ITR functions, see
 * tools/vs-linux/extract.py) needs: fixed-width types, the arithmetic
 * helpers with their kernel meaning on a 64-bit kernel, jiffies and a
 * settable clock. Written from the kernel's documented semantics; no kernel
 * code. The other headers in this folder include this one, and so does
 * tests/checks/kernel-shim/kernel-shim.h (the vendoring check's stand-in).
 */
#ifndef VS_LINUX_SHIM_KERNEL_H
#define VS_LINUX_SHIM_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

/* ktime_t is signed nanoseconds (include/linux/ktime.h). */
typedef s64 ktime_t;

#define BIT(nr) (1UL << (nr))
#define BIT_ULL(nr) (1ULL << (nr))
#define BITS_PER_TYPE(type) (sizeof(type) * 8)
#define ARRAY_SIZE(array) (sizeof(array) / sizeof((array)[0]))

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define fallthrough __attribute__((__fallthrough__))

#define EXPORT_SYMBOL(symbol)
#define WARN_ON(condition) ((void)(condition))

/* include/linux/math.h: rounding-up division. */
#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
/* include/linux/math.h: unsigned long long division (do_div()). */
#define DIV_ROUND_DOWN_ULL(ll, d) \
	({ unsigned long long vsl_tmp = (ll); vsl_tmp / (d); })

/* include/linux/minmax.h, without the type check. */
#define min(x, y) ({ __typeof__(x) vsl_x = (x); __typeof__(y) vsl_y = (y); \
		     vsl_x < vsl_y ? vsl_x : vsl_y; })
#define max(x, y) ({ __typeof__(x) vsl_x = (x); __typeof__(y) vsl_y = (y); \
		     vsl_x > vsl_y ? vsl_x : vsl_y; })
#define min_t(type, x, y) ({ type vsl_x = (x); type vsl_y = (y); \
			     vsl_x < vsl_y ? vsl_x : vsl_y; })
#define max_t(type, x, y) ({ type vsl_x = (x); type vsl_y = (y); \
			     vsl_x > vsl_y ? vsl_x : vsl_y; })
/* include/linux/math.h abs(): the argument's own type. */
#define abs(x) ({ __typeof__(x) vsl_a = (x); vsl_a < 0 ? -vsl_a : vsl_a; })

/* include/linux/bitfield.h FIELD_PREP for a contiguous constant mask. */
#define FIELD_PREP(mask, value) \
	(((__typeof__(mask))(value) << __builtin_ctzll(mask)) & (mask))

/* include/linux/time64.h */
#define USEC_PER_MSEC 1000L
#define NSEC_PER_USEC 1000L

/*
 * The clock. The harness sets vsl_now_ns before each call into Linux code
 * (ktime_get() then returns it) and vsl_jiffies from the same time.
 */
extern ktime_t vsl_now_ns;
extern unsigned long vsl_jiffies;
#define jiffies vsl_jiffies

static inline ktime_t ktime_get(void)
{
	return vsl_now_ns;
}

/* include/linux/ktime.h on 64-bit: signed ns difference / 1000, truncated. */
static inline s64 ktime_us_delta(const ktime_t later, const ktime_t earlier)
{
	return (later - earlier) / NSEC_PER_USEC;
}

/* include/linux/jiffies.h: wrap-safe "a is after b". */
#define time_after(a, b) ((long)((b) - (a)) < 0)

/* include/linux/workqueue.h: a work item only records that it was queued. */
struct work_struct {
	unsigned int queued;
};

static inline bool schedule_work(struct work_struct *work)
{
	work->queued++;
	return true;
}

/* include/linux/bitops.h test_bit() on an unsigned long bitmap. */
static inline bool test_bit(long nr, const volatile unsigned long *addr)
{
	return (addr[nr / (8 * sizeof(long))] >> (nr % (8 * sizeof(long)))) & 1UL;
}

#endif /* VS_LINUX_SHIM_KERNEL_H */
