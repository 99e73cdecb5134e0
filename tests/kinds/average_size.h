/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The rows of average-size in the generic tests: module average_size of the kind list
 * (include/irqmod/kinds.h). tests/test_property.c includes it with
 * IRQMOD_KIND_TESTS_PROPERTY defined, the fuzz harnesses (tests/fuzz/fuzz.h)
 * with IRQMOD_KIND_TESTS_FUZZ, the Eva driver (tests/eva/eva_driver.c) with
 * IRQMOD_KIND_TESTS_EVA, each through a kind_tests.h written from the list
 * (by Meson, tests/kinds/meson.build, or by scripts/eva).
 */
#if defined(IRQMOD_KIND_TESTS_PROPERTY)

static bool random_average_size(uint64_t *seed, struct irqmod_controller_config *config,
				struct irqmod_dim_profile *profiles, struct bounds *b)
{
	struct irqmod_average_size_config *c = &config->config.average_size;
	bool rate;

	(void)profiles;
	if (irqmod_average_size_preset(c, (uint32_t)(rnd(seed) %
			IRQMOD_AVERAGE_SIZE_PRESET_COUNT), rnd_link(seed)) != 0)
		return false;
	c->min_value = (uint32_t)rnd_range(seed, 0, IRQMOD_AVERAGE_SIZE_VALUE_MAX);
	c->use_tx = rnd(seed) % 2;
	/* Any value the encoding takes: the widest bound. */
	rate = irqmod_itr_encoding_is_rate(c->encoding);
	b->min_ns = 0;
	b->max_ns = rate ? level_interval_ns(c->encoding, IRQMOD_ITR_RATE_MIN_PER_S)
			 : level_interval_ns(c->encoding, 0x7FFFu);
	return true;
}

/* Its row of property_kinds (struct property_kind). */
#define PROPERTY_ROW_average_size { random_average_size, false }

#elif defined(IRQMOD_KIND_TESTS_FUZZ)

static inline void fuzz_bools_average_size(struct irqmod_controller_config *config)
{
	fuzz_bool(&config->config.average_size.use_tx);
}

/* Its row of fuzz_kind() (struct fuzz_kind). */
#define FUZZ_ROW_average_size { fuzz_bools_average_size, NULL, fuzz_direct_average_size,                  \
			      fuzz_rearm_one_interval, FUZZ_CHANGED_EXACT }

#elif defined(IRQMOD_KIND_TESTS_EVA)

static void eva_config_average_size(struct irqmod_controller_config *config)
{
	eva_bool(&config->config.average_size.use_tx);
}

/* Its row of eva_configs: what makes a config of unknown bytes one a caller may pass. */
#define EVA_ROW_average_size eva_config_average_size

#endif
