/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: what every poll/interrupt hybrid shares
 *
 * A hybrid (idle poll, deferred hard IRQs, re-check before re-arm) answers
 * either IRQMOD_ACTION_POLL (keep the queue interrupt masked, poll again
 * after a delay) or IRQMOD_ACTION_REARM (re-enable it with the throttle
 * interval an inner interval controller picked). docs/hybrid-contract.md
 * states what the driver does for each answer.
 *
 * The inner controller is called only on the calls where the hybrid
 * re-arms, with one sample that covers the whole interrupt cycle (from the
 * previous re-arm to this one). That is what Linux drivers do: ixgbe_poll()
 * (ixgbe_main.c) calls ixgbe_set_itr() only when napi_complete_done()
 * returned true, with ring totals accumulated over every poll since the
 * last update; e1000_clean() (e1000_set_itr) and ice_napi_poll()
 * (ice_net_dim) do the same. So the inner controller keeps seeing "packets
 * and bytes per interrupt", the unit its bands are defined in, and a hybrid
 * that re-arms on every call is transparent: the inner controller then sees
 * exactly the driver's samples.
 *
 * The cycle totals live in struct irqmod_poll_sum, 12 bytes, counted in the
 * 32 bytes each hybrid may add to its inner controller. Its fields are 16
 * and 32 bits wide: a poll whose counts would overflow them is left out of
 * the sum, so the inner controller sees a coherent subset of the cycle's
 * polls (the first ~65535 packets) rather than a wrapped total.
 */
#ifndef IRQMOD_HYBRID_BASE_H
#define IRQMOD_HYBRID_BASE_H

#include "irqmod/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * struct irqmod_poll_sum - counts of the polls since the last re-arm.
 * @rx_bytes: RX bytes of the summed polls.
 * @tx_bytes: TX bytes of the summed polls.
 * @rx_packets: RX packets of the summed polls.
 * @tx_packets: TX packets of the summed polls.
 *
 * All zero right after a re-arm. Updated by the hybrids only.
 */
struct irqmod_poll_sum {
	uint32_t rx_bytes;
	uint32_t tx_bytes;
	uint16_t rx_packets;
	uint16_t tx_packets;
};

/**
 * typedef irqmod_update_fn - an interval controller's update, on untyped state.
 * @state: the controller's own state (struct irqmod_ixgbe, ...).
 * @sample: the cycle's sample.
 * @decision: filled in; never fails.
 *
 * The form every entry of the kind table has (irqmod_kind_desc(), its
 * @update member), and what a driver's own controller provides to sit
 * inside a hybrid.
 */
typedef void (*irqmod_update_fn)(void *state, const struct irqmod_sample *sample,
				 struct irqmod_decision *decision);

/**
 * struct irqmod_inner - the interval controller a hybrid consults on re-arm.
 * @update: its update function; NULL makes the hybrid re-arm with interval
 *          0 (no throttling).
 * @state: its state, passed to @update; the driver owns it (for example the
 *         struct irqmod_ixgbe it embeds per queue).
 *
 * Any controller fits: a kind of the table (irqmod_inner_of_kind() fills
 * this from a kind and a state pointer) or the driver's own. The hybrid
 * never resets the inner controller; the driver resets both.
 */
struct irqmod_inner {
	irqmod_update_fn update;
	void *state;
};

/**
 * struct irqmod_hybrid_counters - optional per-queue statistics of a hybrid.
 * @interrupts_armed: calls answered IRQMOD_ACTION_REARM.
 * @polls_deferred: calls answered IRQMOD_ACTION_POLL.
 * @empty_polls: calls whose poll found no work.
 * @idle_polling_ns: time spent polled without finding work: for each empty
 *                   poll that follows a POLL answer, the time since that
 *                   answer (0 when the clock did not move forward).
 * @last_now_ns: time of the previous counted call (bookkeeping).
 * @last_action: action of the previous counted call (bookkeeping).
 *
 * Kept apart from the controller state so drivers that do not export
 * statistics (ethtool -S) pay nothing: they neither store it nor call
 * irqmod_hybrid_count(). All counters wrap at 2^64.
 */
struct irqmod_hybrid_counters {
	uint64_t interrupts_armed;
	uint64_t polls_deferred;
	uint64_t empty_polls;
	uint64_t idle_polling_ns;
	uint64_t last_now_ns;
	uint32_t last_action;
};

/**
 * irqmod_hybrid_counters_init() - zero @counters; the first call counts no idle time.
 * @counters: caller-owned counters; NULL is ignored.
 */
IRQMOD_API void irqmod_hybrid_counters_init(struct irqmod_hybrid_counters *counters);

/**
 * irqmod_hybrid_count() - account one call: the sample given to a hybrid and its answer.
 * @counters: counters set up by irqmod_hybrid_counters_init(); NULL is ignored.
 * @sample: the sample passed to the hybrid's update.
 * @decision: the decision the hybrid returned for it.
 */
IRQMOD_API void irqmod_hybrid_count(struct irqmod_hybrid_counters *counters,
				    const struct irqmod_sample *sample,
				    const struct irqmod_decision *decision);

/**
 * irqmod_sample_has_work() - whether the poll a sample reports found work.
 * @sample: the sample.
 *
 * Work is any RX/TX packet, byte or completion, or a poll that used its
 * whole budget (IRQMOD_SAMPLE_BUDGET_EXHAUSTED). Bytes without packets
 * count as work, so a driver that reports only bytes is still served.
 *
 * Return: true when the poll found work.
 */
IRQMOD_API bool irqmod_sample_has_work(const struct irqmod_sample *sample);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_HYBRID_BASE_H */
