/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The rows of i40e in the generic tests: module i40e of the kind list
 * (include/irqmod/kinds.h). tests/test_property.c includes it with
 * IRQMOD_KIND_TESTS_PROPERTY defined, the fuzz harnesses (tests/fuzz/fuzz.h)
 * with IRQMOD_KIND_TESTS_FUZZ, the Eva driver (tests/eva/eva_driver.c) with
 * IRQMOD_KIND_TESTS_EVA, each through a kind_tests.h written from the list
 * (by Meson, tests/kinds/meson.build, or by scripts/eva).
 */
#if defined(IRQMOD_KIND_TESTS_PROPERTY)

static bool random_i40e(uint64_t *seed, struct irqmod_controller_config *config,
			struct irqmod_dim_profile *profiles, struct bounds *b)
{
	(void)profiles;
	random_intel(seed, &config->config.i40e_config, 2000, IRQMOD_I40E_INTERVAL_LIMIT_NS);
	b->min_ns = config->config.i40e_config.min_interval_ns;
	b->max_ns = config->config.i40e_config.max_interval_ns;
	return true;
}

/* Its row of property_kinds (struct property_kind). */
#define PROPERTY_ROW_i40e { random_i40e, true }

#elif defined(IRQMOD_KIND_TESTS_FUZZ)

/* Its row of fuzz_kind() (struct fuzz_kind). */
#define FUZZ_ROW_i40e { fuzz_bools_intel, NULL, fuzz_direct_i40e, fuzz_rearm_intel,                           \
		     FUZZ_CHANGED_ON_WRITE_ONE_OF_TWO }

#elif defined(IRQMOD_KIND_TESTS_EVA)

/* Its row of eva_configs: what makes a config of unknown bytes one a caller may pass. */
#define EVA_ROW_i40e eva_config_intel

#endif
