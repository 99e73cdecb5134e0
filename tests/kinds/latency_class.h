/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The rows of latency-class in the generic tests: module latency_class of the kind list
 * (include/irqmod/kinds.h). tests/test_property.c includes it with
 * IRQMOD_KIND_TESTS_PROPERTY defined, the fuzz harnesses (tests/fuzz/fuzz.h)
 * with IRQMOD_KIND_TESTS_FUZZ, the Eva driver (tests/eva/eva_driver.c) with
 * IRQMOD_KIND_TESTS_EVA, each through a kind_tests.h written from the list
 * (by Meson, tests/kinds/meson.build, or by scripts/eva).
 */
#if defined(IRQMOD_KIND_TESTS_PROPERTY)

static bool random_latency_class(uint64_t *seed, struct irqmod_controller_config *config,
				 struct irqmod_dim_profile *profiles, struct bounds *b)
{
	struct irqmod_latency_class_config *c = &config->config.latency_class;
	uint32_t i;

	(void)profiles;
	if (irqmod_latency_class_preset(c, (uint32_t)(rnd(seed) %
			IRQMOD_LATENCY_CLASS_PRESET_COUNT), rnd_link(seed)) != 0)
		return false;
	if (rnd(seed) % 2)
		c->start_level = (uint32_t)rnd_range(seed, 0, 0x8000);
	b->min_ns = UINT32_MAX;
	b->max_ns = 0;
	widen(b, level_interval_ns(c->encoding, c->start_level));
	for (i = 0; i < IRQMOD_LATENCY_CLASS_COUNT; i++)
		widen(b, level_interval_ns(c->encoding, c->class_level[i]));
	return true;
}

/* Its row of property_kinds (struct property_kind). */
#define PROPERTY_ROW_latency_class { random_latency_class, false }

#elif defined(IRQMOD_KIND_TESTS_FUZZ)

/* Its row of fuzz_kind() (struct fuzz_kind). */
#define FUZZ_ROW_latency_class { NULL, NULL, fuzz_direct_latency_class, fuzz_rearm_one_interval,         \
			       FUZZ_CHANGED_EXACT }

#elif defined(IRQMOD_KIND_TESTS_EVA)

/* Its row of eva_configs: what makes a config of unknown bytes one a caller may pass. */
#define EVA_ROW_latency_class eva_config_as_is

#endif
