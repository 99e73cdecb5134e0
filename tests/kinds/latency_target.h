/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The rows of latency-target in the generic tests: module latency_target of the kind list
 * (include/irqmod/kinds.h). tests/test_property.c includes it with
 * IRQMOD_KIND_TESTS_PROPERTY defined, the fuzz harnesses (tests/fuzz/fuzz.h)
 * with IRQMOD_KIND_TESTS_FUZZ, the Eva driver (tests/eva/eva_driver.c) with
 * IRQMOD_KIND_TESTS_EVA, each through a kind_tests.h written from the list
 * (by Meson, tests/kinds/meson.build, or by scripts/eva).
 */
#if defined(IRQMOD_KIND_TESTS_PROPERTY)

static bool random_latency_target(uint64_t *seed, struct irqmod_controller_config *config,
				  struct irqmod_dim_profile *profiles, struct bounds *b)
{
	struct irqmod_latency_target_config *c = &config->config.latency_target;

	(void)profiles;
	if (irqmod_latency_target_default_config(c, rnd_link(seed)) != 0)
		return false;
	c->target_p99_ns = (uint32_t)rnd_range(seed, 1, 2000000);
	c->target_mean_ns = rnd(seed) % 2 ? 0 : (uint32_t)rnd_range(seed, 1, c->target_p99_ns);
	c->service_ns = (uint32_t)rnd_range(seed, 0, 2000);
	c->ring_size = (uint32_t)rnd_range(seed, IRQMOD_LATENCY_TARGET_MIN_RING,
					   IRQMOD_LATENCY_TARGET_MAX_RING);
	c->socket_ceiling_ns = rnd(seed) % 3 ? c->socket_ceiling_ns : 0;
	c->min_interval_ns = (uint32_t)rnd_range(seed, 0, 100000);
	c->max_interval_ns = (uint32_t)rnd_range(seed, 1, 2000000);
	c->max_rate_per_s = rnd(seed) % 2 ? 0 : (uint32_t)rnd_range(seed, 1, 1000000);
	/* Polling is the hybrids' part here: every answer re-arms. */
	c->poll_packets = 0;
	/* The rate cap only raises the minimum (its interval is checked <= max). */
	b->min_ns = c->min_interval_ns;
	b->max_ns = c->max_interval_ns;
	return true;
}

/* Its row of property_kinds (struct property_kind). */
#define PROPERTY_ROW_latency_target { random_latency_target, false }

#elif defined(IRQMOD_KIND_TESTS_FUZZ)

/* Its row of fuzz_kind(); its POLL answers: fuzz_check_bounds(). */
#define FUZZ_ROW_latency_target { NULL, NULL, fuzz_direct_latency_target, NULL, FUZZ_CHANGED_EXACT }

#elif defined(IRQMOD_KIND_TESTS_EVA)

/* Its row of eva_configs: what makes a config of unknown bytes one a caller may pass. */
#define EVA_ROW_latency_target eva_config_as_is

#endif
