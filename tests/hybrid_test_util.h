/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Helpers shared by the hybrid tests (header-only, test code). */
#ifndef IRQMOD_HYBRID_TEST_UTIL_H
#define IRQMOD_HYBRID_TEST_UTIL_H

#include "irqmod/controller.h"
#include "irqmod/static.h"

/* A generic static inner controller at @interval_ns for RX and TX. */
static inline void test_static_inner(struct irqmod_controller *inner,
				     uint32_t interval_ns)
{
	struct irqmod_controller_config config = {
		.kind = IRQMOD_KIND_STATIC,
		.config.static_config = { interval_ns, interval_ns },
	};

	assert_int_equal(irqmod_controller_init(inner, &config), 0);
}

/* A decision full of a poison pattern, so stale fields show up. */
static inline void test_poison_decision(struct irqmod_decision *decision)
{
	decision->rx_interval_ns = 0xDEADBEEF;
	decision->tx_interval_ns = 0xDEADBEEF;
	decision->poll_delay_ns = 0xDEADBEEF;
	decision->rate_limit_ns = 0xDEADBEEF;
	decision->frames = 0xBEEF;
	decision->action = 0xEE;
	decision->changed = true;
}

#endif /* IRQMOD_HYBRID_TEST_UTIL_H */
