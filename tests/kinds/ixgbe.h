/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The rows of ixgbe in the generic tests: module ixgbe of the kind list
 * (include/irqmod/kinds.h). tests/test_property.c includes it with
 * IRQMOD_KIND_TESTS_PROPERTY defined, the fuzz harnesses (tests/fuzz/fuzz.h)
 * with IRQMOD_KIND_TESTS_FUZZ, the Eva driver (tests/eva/eva_driver.c) with
 * IRQMOD_KIND_TESTS_EVA, each through a kind_tests.h written from the list
 * (by Meson, tests/kinds/meson.build, or by scripts/eva).
 */
#if defined(IRQMOD_KIND_TESTS_PROPERTY)

static bool random_ixgbe(uint64_t *seed, struct irqmod_controller_config *config,
			 struct irqmod_dim_profile *profiles, struct bounds *b)
{
	(void)profiles;
	random_intel(seed, &config->config.ixgbe_config, 1000, 126000);
	b->min_ns = config->config.ixgbe_config.min_interval_ns;
	b->max_ns = config->config.ixgbe_config.max_interval_ns;
	return true;
}

/* Its row of property_kinds (struct property_kind). */
#define PROPERTY_ROW_ixgbe { random_ixgbe, false }

#elif defined(IRQMOD_KIND_TESTS_FUZZ)

static inline void fuzz_rearm_ixgbe(const struct irqmod_controller_config *config,
				    const struct irqmod_decision *decision)
{
	fuzz_rearm_intel(config, decision);
	FUZZ_CHECK(decision->rx_interval_ns == decision->tx_interval_ns,
		   "ixgbe has one EITR per vector");
}

/* Its row of fuzz_kind() (struct fuzz_kind). */
#define FUZZ_ROW_ixgbe { fuzz_bools_intel, NULL, fuzz_direct_ixgbe, fuzz_rearm_ixgbe, FUZZ_CHANGED_EXACT }

#elif defined(IRQMOD_KIND_TESTS_EVA)

/* Its row of eva_configs: what makes a config of unknown bytes one a caller may pass. */
#define EVA_ROW_ixgbe eva_config_intel

#endif
