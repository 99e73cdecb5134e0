/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The rows of ixgbe-legacy in the generic tests: module ixgbe_legacy of the kind list
 * (include/irqmod/kinds.h). tests/test_property.c includes it with
 * IRQMOD_KIND_TESTS_PROPERTY defined, the fuzz harnesses (tests/fuzz/fuzz.h)
 * with IRQMOD_KIND_TESTS_FUZZ, the Eva driver (tests/eva/eva_driver.c) with
 * IRQMOD_KIND_TESTS_EVA, each through a kind_tests.h written from the list
 * (by Meson, tests/kinds/meson.build, or by scripts/eva).
 */
#if defined(IRQMOD_KIND_TESTS_PROPERTY)

static bool random_ixgbe_legacy(uint64_t *seed, struct irqmod_controller_config *config,
				struct irqmod_dim_profile *profiles, struct bounds *b)
{
	struct irqmod_ixgbe_legacy_config *c = &config->config.ixgbe_legacy;

	(void)profiles;
	c->low_bytes_per_usec = (uint32_t)rnd_range(seed, 0, 100);
	c->bulk_bytes_per_usec = (uint32_t)rnd_range(seed, 0, 200);
	c->floor_12k = rnd(seed) % 2;
	c->tx_only = rnd(seed) % 2;
	/* IXGBE_100K_ITR to IXGBE_8K_ITR (0.25 us units). */
	b->min_ns = IRQMOD_IXGBE_LEGACY_100K_ITR * 250u;
	b->max_ns = IRQMOD_IXGBE_LEGACY_8K_ITR * 250u;
	return true;
}

/* Its row of property_kinds (struct property_kind). */
#define PROPERTY_ROW_ixgbe_legacy { random_ixgbe_legacy, false }

#elif defined(IRQMOD_KIND_TESTS_FUZZ)

static inline void fuzz_bools_ixgbe_legacy(struct irqmod_controller_config *config)
{
	fuzz_bool(&config->config.ixgbe_legacy.floor_12k);
	fuzz_bool(&config->config.ixgbe_legacy.tx_only);
}

static inline void fuzz_rearm_ixgbe_legacy(const struct irqmod_controller_config *config,
					   const struct irqmod_decision *decision)
{
	/* ixgbe_legacy.h: 2 us steps from 10 us to 84 us (12K floor) or 125 us. */
	uint32_t ceiling = config->config.ixgbe_legacy.floor_12k ? 84000u : 125000u;

	FUZZ_CHECK(decision->rx_interval_ns == decision->tx_interval_ns,
		   "ixgbe-legacy: one interval");
	FUZZ_CHECK(decision->rx_interval_ns >= 10000u && decision->rx_interval_ns <= ceiling,
		   "ixgbe-legacy interval within [10 us, floor]");
	FUZZ_CHECK(decision->rx_interval_ns % 2000u == 0, "ixgbe-legacy in 2 us steps");
}

/* Its row of fuzz_kind() (struct fuzz_kind). */
#define FUZZ_ROW_ixgbe_legacy { fuzz_bools_ixgbe_legacy, NULL, fuzz_direct_ixgbe_legacy,                  \
			      fuzz_rearm_ixgbe_legacy, FUZZ_CHANGED_EXACT }

#elif defined(IRQMOD_KIND_TESTS_EVA)

static void eva_config_ixgbe_legacy(struct irqmod_controller_config *config)
{
	eva_bool(&config->config.ixgbe_legacy.floor_12k);
	eva_bool(&config->config.ixgbe_legacy.tx_only);
}

/* Its row of eva_configs: what makes a config of unknown bytes one a caller may pass. */
#define EVA_ROW_ixgbe_legacy eva_config_ixgbe_legacy

#endif
