/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The rows of dim and its preset ice in the generic tests: module dim of the kind list
 * (include/irqmod/kinds.h). tests/test_property.c includes it with
 * IRQMOD_KIND_TESTS_PROPERTY defined, the fuzz harnesses (tests/fuzz/fuzz.h)
 * with IRQMOD_KIND_TESTS_FUZZ, the Eva driver (tests/eva/eva_driver.c) with
 * IRQMOD_KIND_TESTS_EVA, each through a kind_tests.h written from the list
 * (by Meson, tests/kinds/meson.build, or by scripts/eva).
 */
#if defined(IRQMOD_KIND_TESTS_PROPERTY)

/* dim and ice: the DIM controller on a random table. */
static bool random_dim(uint64_t *seed, struct irqmod_controller_config *config,
		       struct irqmod_dim_profile *profiles, struct bounds *b)
{
	random_profiles(seed, profiles, &config->config.dim_config.levels,
			&config->config.dim_config.start_level);
	config->config.dim_config.profiles = profiles;
	config->config.dim_config.direction = (uint32_t)(rnd(seed) % 2);
	b->profiles = profiles;
	b->levels = config->config.dim_config.levels;
	return true;
}

/* Its row of property_kinds (struct property_kind). */
#define PROPERTY_ROW_dim { random_dim, false }

#elif defined(IRQMOD_KIND_TESTS_FUZZ)

static inline const struct irqmod_dim_profile **
fuzz_profiles_dim(struct irqmod_controller_config *config)
{
	return &config->config.dim_config.profiles;
}

static inline void fuzz_rearm_dim(const struct irqmod_controller_config *config,
				  const struct irqmod_decision *decision)
{
	FUZZ_CHECK(decision->rx_interval_ns == decision->tx_interval_ns, "DIM: one interval");
	FUZZ_CHECK(fuzz_from_table(config->config.dim_config.profiles,
				   config->config.dim_config.levels, decision),
		   "the DIM answer comes from its table");
}

/* Its row of fuzz_kind() (struct fuzz_kind). */
#define FUZZ_ROW_dim { NULL, fuzz_profiles_dim, fuzz_direct_dim, fuzz_rearm_dim, FUZZ_CHANGED_EXACT }

#elif defined(IRQMOD_KIND_TESTS_EVA)

static void eva_config_dim(struct irqmod_controller_config *config)
{
	config->config.dim_config.profiles = eva_profiles;
}

/* Its row of eva_configs: what makes a config of unknown bytes one a caller may pass. */
#define EVA_ROW_dim eva_config_dim

#endif
