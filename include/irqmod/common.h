/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: irqmod common types
 *
 * What every controller shares: the sample a driver reports after a poll,
 * the decision a controller returns, error codes and version macros.
 * Times are nanoseconds (u64 timestamps, u32 intervals) everywhere.
 */
#ifndef IRQMOD_COMMON_H
#define IRQMOD_COMMON_H

#if defined(__KERNEL__)
/*
 * A kernel build: the kernel's own headers give the fixed-width types, bool,
 * size_t, NULL and the U*_MAX limits. <linux/kernel.h> rather than
 * <linux/limits.h> (which it includes since 5.8) so older trees build too.
 */
#include <linux/kernel.h>
#include <linux/stddef.h>
#include <linux/types.h>
#if !defined(IRQMOD_KERNEL_FLAVOUR)
/*
 * These files compiled as they are: the <stdint.h> limit names the core uses
 * are mapped onto the kernel's (scripts/kernel-flavour renames them instead).
 */
#ifndef UINT8_MAX
#define UINT8_MAX U8_MAX
#endif
#ifndef UINT16_MAX
#define UINT16_MAX U16_MAX
#endif
#ifndef UINT32_MAX
#define UINT32_MAX U32_MAX
#endif
#ifndef UINT64_MAX
#define UINT64_MAX U64_MAX
#endif
#ifndef INT32_MAX
#define INT32_MAX S32_MAX
#endif
#ifndef INT32_MIN
#define INT32_MIN S32_MIN
#endif
#endif
#else
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define IRQMOD_VERSION_MAJOR 0
#define IRQMOD_VERSION_MINOR 1
#define IRQMOD_VERSION_PATCH 0

/* Exported symbols; everything else is hidden by -fvisibility=hidden. */
#if defined(IRQMOD_STATIC_BUILD) || defined(__KERNEL__)
#define IRQMOD_API
#elif defined(__GNUC__)
#define IRQMOD_API __attribute__((visibility("default")))
#else
#define IRQMOD_API
#endif

/**
 * enum irqmod_error - error codes; functions return 0 or the negative value.
 * @IRQMOD_EINVAL: a required pointer is NULL or an argument is malformed.
 * @IRQMOD_ERANGE: a value lies outside the range the controller supports.
 * @IRQMOD_EMINMAX: the minimum interval is above the maximum interval.
 * @IRQMOD_ESTEP: a granularity (step, tick) is zero or unusable.
 * @IRQMOD_ELINK: the link speed is zero or above the supported maximum.
 * @IRQMOD_EPRESET: unknown preset.
 * @IRQMOD_EKIND: unknown controller kind in a generic config.
 * @IRQMOD_ETABLE: a profile or threshold table is empty or malformed.
 * @IRQMOD_EBUDGET: a polling budget that could never end, or exceeds the state.
 * @IRQMOD_EFRAME: a frame, buffer or truesize figure is zero or out of range.
 * @IRQMOD_ERROR_COUNT: one past the last code (for tables and tests).
 */
enum irqmod_error {
	IRQMOD_EINVAL = 1,
	IRQMOD_ERANGE = 2,
	IRQMOD_EMINMAX = 3,
	IRQMOD_ESTEP = 4,
	IRQMOD_ELINK = 5,
	IRQMOD_EPRESET = 6,
	IRQMOD_EKIND = 7,
	IRQMOD_ETABLE = 8,
	IRQMOD_EBUDGET = 9,
	IRQMOD_EFRAME = 10,
	IRQMOD_ERROR_COUNT
};

/**
 * irqmod_strerror() - describe an error code in a sentence.
 * @error: 0, a negative irqmod error code, or its absolute value.
 *
 * Return: a static string; never NULL, also for unknown codes.
 */
IRQMOD_API const char *irqmod_strerror(int error);

/**
 * struct irqmod_config_error - which field of a rejected config is wrong, and why.
 * @kind: the controller or hybrid the config is for ("ixgbe"); static string.
 * @field: the offending config field ("max_interval_ns"); static string.
 * @problem: the rule the value breaks, a phrase that reads between the value
 *           and the limit ("is below", "is above", "is not a multiple of");
 *           static string.
 * @limit_name: what the limit is ("initial_interval_ns", "the supported
 *              maximum"); static string, or NULL when @limit is a plain bound.
 * @value: the rejected value, in the field's unit.
 * @limit: the bound it breaks, in the same unit.
 * @code: the negative error code the check returned (-IRQMOD_E...).
 * @omit: the numbers the rule has no use for, so the message leaves them
 *        out: 0 (show both), or IRQMOD_CONFIG_ERROR_OMIT_VALUE and
 *        IRQMOD_CONFIG_ERROR_OMIT_LIMIT or'ed ("config is a NULL pointer").
 *
 * Filled by the irqmod_*_config_check() functions when they reject a config;
 * freestanding (static strings only, no formatting in the core beyond
 * irqmod_config_error_format()). Left untouched on success.
 */
struct irqmod_config_error {
	const char *kind;
	const char *field;
	const char *problem;
	const char *limit_name;
	uint64_t value;
	uint64_t limit;
	int code;
	uint32_t omit;
};

/** @IRQMOD_CONFIG_ERROR_OMIT_VALUE: &struct irqmod_config_error.omit: no value to show. */
#define IRQMOD_CONFIG_ERROR_OMIT_VALUE (1u << 0)
/** @IRQMOD_CONFIG_ERROR_OMIT_LIMIT: &struct irqmod_config_error.omit: no limit to show. */
#define IRQMOD_CONFIG_ERROR_OMIT_LIMIT (1u << 1)

/**
 * irqmod_config_error_format() - write an error as one line of text.
 * @error: a filled error.
 * @buf: output buffer; always NUL-terminated when @size > 0.
 * @size: bytes available in @buf.
 *
 * Writes "KIND: FIELD VALUE PROBLEM [LIMIT_NAME ]LIMIT", for example
 * "ixgbe: max_interval_ns 10000 is below initial_interval_ns 50000",
 * without VALUE or without "[LIMIT_NAME ]LIMIT" as @error->omit says
 * ("ixgbe: config is a NULL pointer").
 *
 * Return: the length of the whole line (as snprintf), which may exceed
 * @size - 1 when the buffer was too small.
 */
IRQMOD_API size_t irqmod_config_error_format(const struct irqmod_config_error *error,
					     char *buf, size_t size);

/**
 * irqmod_version() - the library's version as (major << 16 | minor << 8 | patch).
 *
 * Return: the runtime version, to compare with the IRQMOD_VERSION_* macros.
 */
IRQMOD_API uint32_t irqmod_version(void);

/* Flags of struct irqmod_sample.flags. */
/** @IRQMOD_SAMPLE_BUDGET_EXHAUSTED: the poll that ends here used its whole budget. */
#define IRQMOD_SAMPLE_BUDGET_EXHAUSTED (1u << 0)
/** @IRQMOD_SAMPLE_APP_FOUND_EVENTS: the application's last wait found events. */
#define IRQMOD_SAMPLE_APP_FOUND_EVENTS (1u << 1)
/** @IRQMOD_SAMPLE_FROM_INTERRUPT: the poll was started by a hardware interrupt. */
#define IRQMOD_SAMPLE_FROM_INTERRUPT (1u << 2)

/**
 * struct irqmod_sample - what a driver reports when a poll completes under budget.
 * @now_ns: monotonic time of this call in ns. May stall or step back; every
 *          controller defines what it does then (never a fault).
 * @rx_bytes: RX bytes completed since the previous call (frame bytes without FCS).
 * @tx_bytes: TX bytes completed since the previous call.
 * @rx_packets: RX packets completed since the previous call.
 * @tx_packets: TX packets completed since the previous call (0 on RX-only vectors).
 * @events: interrupts (or completion events) since the previous call; 0 is read
 *          as 1, because one call normally ends one interrupt cycle.
 * @completions: completion-queue entries since the previous call (RDMA-style
 *               controllers); 0 when not used.
 * @flags: IRQMOD_SAMPLE_* bits.
 *
 * Counts are deltas, not cumulative counters: controllers that need totals
 * (DIM) keep them, wrap-safe.
 */
struct irqmod_sample {
	uint64_t now_ns;
	uint64_t rx_bytes;
	uint64_t tx_bytes;
	uint32_t rx_packets;
	uint32_t tx_packets;
	uint32_t events;
	uint32_t completions;
	uint32_t flags;
};

/**
 * enum irqmod_action - what the driver does after the call.
 * @IRQMOD_ACTION_REARM: write the interval (if @changed) and re-enable the
 *                       queue interrupt (napi_complete_done() returned true).
 * @IRQMOD_ACTION_POLL: keep the interrupt masked and poll again after
 *                      @poll_delay_ns (0: at once). Only hybrids and the
 *                      latency-target controller answer this.
 */
enum irqmod_action {
	IRQMOD_ACTION_REARM = 0,
	IRQMOD_ACTION_POLL = 1,
};

/**
 * struct irqmod_decision - one answer, the same for every controller.
 * @rx_interval_ns: RX throttle interval to program; 0 means no throttling.
 * @tx_interval_ns: TX throttle interval; equal to @rx_interval_ns when the
 *                  vector has one register.
 * @poll_delay_ns: for IRQMOD_ACTION_POLL, the delay before the next poll.
 * @rate_limit_ns: minimum gap the hardware rate limiter enforces (ice INTRL);
 *                 0 when the algorithm has none.
 * @frames: frame-count threshold (rx-frames), 0 when the algorithm has none.
 * @action: an enum irqmod_action value.
 * @changed: true when the register value differs from the last one returned
 *           (or from the start interval after init): write it only then,
 *           because a write restarts the hardware timer.
 */
struct irqmod_decision {
	uint32_t rx_interval_ns;
	uint32_t tx_interval_ns;
	uint32_t poll_delay_ns;
	uint32_t rate_limit_ns;
	uint16_t frames;
	uint8_t action;
	bool changed;
};

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_COMMON_H */
