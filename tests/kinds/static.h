/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The rows of static in the generic tests: module static of the kind list
 * (include/irqmod/kinds.h). tests/test_property.c includes it with
 * IRQMOD_KIND_TESTS_PROPERTY defined, the fuzz harnesses (tests/fuzz/fuzz.h)
 * with IRQMOD_KIND_TESTS_FUZZ, the Eva driver (tests/eva/eva_driver.c) with
 * IRQMOD_KIND_TESTS_EVA, each through a kind_tests.h written from the list
 * (by Meson, tests/kinds/meson.build, or by scripts/eva).
 */
#if defined(IRQMOD_KIND_TESTS_PROPERTY)

static bool random_static(uint64_t *seed, struct irqmod_controller_config *config,
			  struct irqmod_dim_profile *profiles, struct bounds *b)
{
	struct irqmod_static_config *c = &config->config.static_config;

	(void)profiles;
	c->rx_interval_ns = (uint32_t)rnd(seed) % (IRQMOD_STATIC_MAX_INTERVAL_NS + 1);
	c->tx_interval_ns = (uint32_t)rnd(seed) % (IRQMOD_STATIC_MAX_INTERVAL_NS + 1);
	b->min_ns = c->rx_interval_ns < c->tx_interval_ns ? c->rx_interval_ns : c->tx_interval_ns;
	b->max_ns = c->rx_interval_ns ^ c->tx_interval_ns ^ b->min_ns;
	return true;
}

/* Its row of property_kinds (struct property_kind). */
#define PROPERTY_ROW_static { random_static, false }

#elif defined(IRQMOD_KIND_TESTS_FUZZ)

static inline void fuzz_rearm_static(const struct irqmod_controller_config *config,
				     const struct irqmod_decision *decision)
{
	FUZZ_CHECK(decision->rx_interval_ns == config->config.static_config.rx_interval_ns &&
			   decision->tx_interval_ns == config->config.static_config.tx_interval_ns,
		   "static answers its configured intervals");
}

/* Its row of fuzz_kind() (struct fuzz_kind). */
#define FUZZ_ROW_static { NULL, NULL, fuzz_direct_static, fuzz_rearm_static, FUZZ_CHANGED_EXACT }

#elif defined(IRQMOD_KIND_TESTS_EVA)

/* Its row of eva_configs: what makes a config of unknown bytes one a caller may pass. */
#define EVA_ROW_static eva_config_as_is

#endif
