/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The rows of sfc in the generic tests: module sfc of the kind list
 * (include/irqmod/kinds.h). tests/test_property.c includes it with
 * IRQMOD_KIND_TESTS_PROPERTY defined, the fuzz harnesses (tests/fuzz/fuzz.h)
 * with IRQMOD_KIND_TESTS_FUZZ, the Eva driver (tests/eva/eva_driver.c) with
 * IRQMOD_KIND_TESTS_EVA, each through a kind_tests.h written from the list
 * (by Meson, tests/kinds/meson.build, or by scripts/eva).
 */
#if defined(IRQMOD_KIND_TESTS_PROPERTY)

static bool random_sfc(uint64_t *seed, struct irqmod_controller_config *config,
		       struct irqmod_dim_profile *profiles, struct bounds *b)
{
	struct irqmod_sfc_config *c = &config->config.sfc;
	uint32_t step_us;

	(void)profiles;
	if (irqmod_sfc_default_config(c) != 0)
		return false;
	c->rx_usecs = (uint32_t)rnd_range(seed, 0, IRQMOD_SFC_USECS_MAX);
	c->timer_quantum_ns = (uint32_t)rnd_range(seed, 1, rnd(seed) % 2 ? 20000u
									 : IRQMOD_SFC_TIMER_QUANTUM_MAX_NS);
	c->score_low = (uint32_t)rnd_range(seed, 0, 40000);
	c->score_high = (uint32_t)rnd_range(seed, 0, 40000);
	c->polls_per_decision = (uint32_t)rnd_range(seed, 1, 8);
	c->adaptive = rnd(seed) % 4 != 0;
	/* Whole steps down from rx_usecs, never to 0 or below: the lowest is the remainder. */
	step_us = (c->timer_quantum_ns + 999u) / 1000u;
	b->min_ns = (c->rx_usecs == 0 ? 0 : (c->rx_usecs - 1u) % step_us + 1u) * 1000u;
	b->max_ns = c->rx_usecs * 1000u;
	return true;
}

/* Its row of property_kinds (struct property_kind). */
#define PROPERTY_ROW_sfc { random_sfc, false }

#elif defined(IRQMOD_KIND_TESTS_FUZZ)

static inline void fuzz_bools_sfc(struct irqmod_controller_config *config)
{
	fuzz_bool(&config->config.sfc.adaptive);
}

/* sfc: whole us, whole steps below rx_usecs, never above it. */
static inline void fuzz_rearm_sfc(const struct irqmod_controller_config *config,
				  const struct irqmod_decision *decision)
{
	const struct irqmod_sfc_config *c = &config->config.sfc;
	uint32_t usecs = decision->rx_interval_ns / 1000u;
	uint32_t step_us = (c->timer_quantum_ns + 999u) / 1000u;

	FUZZ_CHECK(decision->rx_interval_ns == decision->tx_interval_ns, "sfc: one interval");
	FUZZ_CHECK(decision->rx_interval_ns % 1000u == 0, "sfc in whole us");
	FUZZ_CHECK(usecs <= c->rx_usecs && (c->rx_usecs - usecs) % step_us == 0 &&
			   (usecs > 0 || c->rx_usecs == 0),
		   "sfc interval is rx_usecs less whole steps, above 0");
	FUZZ_CHECK(decision->frames == 0 && decision->rate_limit_ns == 0,
		   "sfc sets no frames or rate limit");
}

/* Its row of fuzz_kind(): a write is a step, so changed means the interval moved. */
#define FUZZ_ROW_sfc { fuzz_bools_sfc, NULL, fuzz_direct_sfc, fuzz_rearm_sfc, FUZZ_CHANGED_EXACT }

#elif defined(IRQMOD_KIND_TESTS_EVA)

static void eva_config_sfc(struct irqmod_controller_config *config)
{
	eva_bool(&config->config.sfc.adaptive);
}

/* Its row of eva_configs: what makes a config of unknown bytes one a caller may pass. */
#define EVA_ROW_sfc eva_config_sfc

#endif
