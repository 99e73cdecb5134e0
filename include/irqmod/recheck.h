/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: re-check before re-arm
 *
 * Software interrupt coalescing as tested on FreeBSD in 2001 (Mike
 * Silbersack, freebsd-current "Some interrupt coalescing tests", Oct 2001:
 * ~46000 -> ~38000 interrupts/s): after processing, look at the ring again
 * at once while the previous look found work, up to @max_rounds extra
 * rounds, then re-arm. The work that arrived while the handler ran is taken
 * without the interrupt it would have raised. See docs/recheck.md.
 */
#ifndef IRQMOD_RECHECK_H
#define IRQMOD_RECHECK_H

#include "irqmod/common.h"
#include "irqmod/hybrid_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/** IRQMOD_RECHECK_MAX_ROUNDS - largest @max_rounds the state holds (u16). */
#define IRQMOD_RECHECK_MAX_ROUNDS 65535u

/**
 * struct irqmod_recheck_config - settings.
 * @max_rounds: immediate re-polls allowed per interrupt cycle while polls
 *              find work; 0 re-arms after every poll (plain interrupts).
 */
struct irqmod_recheck_config {
	uint32_t max_rounds;
};

/**
 * struct irqmod_recheck - state (caller-owned, 16 bytes).
 * @max_rounds: configured bound.
 * @rounds: re-polls done in this cycle.
 * @sum: counts of the polls since the last re-arm, for the inner controller.
 */
struct irqmod_recheck {
	uint16_t max_rounds;
	uint16_t rounds;
	struct irqmod_poll_sum sum;
};

/**
 * irqmod_recheck_init() - validate @config and set up @state.
 * @state: caller-owned state.
 * @config: settings.
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_EBUDGET for @max_rounds above
 * IRQMOD_RECHECK_MAX_ROUNDS. @state is untouched on error.
 */
IRQMOD_API int irqmod_recheck_init(struct irqmod_recheck *state,
				   const struct irqmod_recheck_config *config);

/** irqmod_recheck_reset() - forget the cycle, keep the config. @state: state. */
IRQMOD_API void irqmod_recheck_reset(struct irqmod_recheck *state);

/**
 * irqmod_recheck_update() - the decision after a poll.
 * @state: state set up by irqmod_recheck_init().
 * @inner: interval controller consulted when re-arming (struct irqmod_inner);
 *         NULL re-arms with 0.
 * @sample: what the poll found.
 * @decision: IRQMOD_ACTION_POLL with delay 0 while the poll found work and
 *            rounds remain, else the inner decision with IRQMOD_ACTION_REARM.
 */
IRQMOD_API void irqmod_recheck_update(struct irqmod_recheck *state,
				      const struct irqmod_inner *inner,
				      const struct irqmod_sample *sample,
				      struct irqmod_decision *decision);

/**
 * irqmod_recheck_config_check() - validate @config as irqmod_recheck_init() does.
 * @config: settings to check.
 * @error: filled with the offending field and the bound it breaks on
 *         rejection; may be NULL. Untouched on success.
 *
 * Order: NULL, then its one rule, max_rounds at most
 * IRQMOD_RECHECK_MAX_ROUNDS; no config has two faults.
 *
 * Return: 0 or the -IRQMOD_E... code irqmod_recheck_init() would return.
 */
IRQMOD_API int irqmod_recheck_config_check(const struct irqmod_recheck_config *config,
					   struct irqmod_config_error *error);

/**
 * irqmod_recheck_default_config() - the knobs of the worked example in its docs page.
 * @config: filled in.
 * Return: 0, -IRQMOD_EINVAL for NULL.
 */
IRQMOD_API int irqmod_recheck_default_config(struct irqmod_recheck_config *config);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_RECHECK_H */
