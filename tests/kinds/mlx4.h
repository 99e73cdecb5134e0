/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The rows of mlx4 in the generic tests: module mlx4 of the kind list
 * (include/irqmod/kinds.h). tests/test_property.c includes it with
 * IRQMOD_KIND_TESTS_PROPERTY defined, the fuzz harnesses (tests/fuzz/fuzz.h)
 * with IRQMOD_KIND_TESTS_FUZZ, the Eva driver (tests/eva/eva_driver.c) with
 * IRQMOD_KIND_TESTS_EVA, each through a kind_tests.h written from the list
 * (by Meson, tests/kinds/meson.build, or by scripts/eva).
 */
#if defined(IRQMOD_KIND_TESTS_PROPERTY)

static bool random_mlx4(uint64_t *seed, struct irqmod_controller_config *config,
			struct irqmod_dim_profile *profiles, struct bounds *b)
{
	struct irqmod_mlx4_config *c = &config->config.mlx4;

	(void)profiles;
	if (irqmod_mlx4_default_config(c) != 0)
		return false;
	c->window_ns = rnd(seed) % 2 ? 0 : rnd_range(seed, 0, 2000000000u);
	c->pkt_rate_low_per_s = (uint32_t)rnd(seed);
	c->pkt_rate_high_per_s = (uint32_t)rnd(seed);
	c->rx_usecs = (uint32_t)rnd_range(seed, 0, IRQMOD_MLX4_COAL_TIME_MAX);
	c->rx_usecs_low = (uint32_t)rnd_range(seed, 0, IRQMOD_MLX4_COAL_TIME_MAX);
	c->rx_usecs_high = (uint32_t)rnd_range(seed, c->rx_usecs_low, IRQMOD_MLX4_COAL_TIME_MAX);
	c->rx_frames = (uint32_t)rnd_range(seed, 0, IRQMOD_MLX4_COAL_PKTS_MAX);
	c->rx_rings = (uint32_t)rnd_range(seed, 1, 256);
	c->adaptive = rnd(seed) % 4 != 0;
	/* The start interval, or one between the low and high intervals. */
	b->min_ns = (c->rx_usecs < c->rx_usecs_low ? c->rx_usecs : c->rx_usecs_low) * 1000u;
	b->max_ns = (c->rx_usecs > c->rx_usecs_high ? c->rx_usecs : c->rx_usecs_high) * 1000u;
	return true;
}

/* Its row of property_kinds (struct property_kind). */
#define PROPERTY_ROW_mlx4 { random_mlx4, true }

#elif defined(IRQMOD_KIND_TESTS_FUZZ)

static inline void fuzz_bools_mlx4(struct irqmod_controller_config *config)
{
	fuzz_bool(&config->config.mlx4.adaptive);
}

/* mlx4: the start interval or one between the low and high ones, its frames. */
static inline void fuzz_rearm_mlx4(const struct irqmod_controller_config *config,
				   const struct irqmod_decision *decision)
{
	const struct irqmod_mlx4_config *c = &config->config.mlx4;
	uint32_t usecs = decision->rx_interval_ns / 1000u;

	FUZZ_CHECK(decision->rx_interval_ns == decision->tx_interval_ns, "mlx4: one interval");
	FUZZ_CHECK(decision->rx_interval_ns % 1000u == 0, "mlx4 in whole us");
	FUZZ_CHECK(usecs == c->rx_usecs ||
			   (usecs >= c->rx_usecs_low && usecs <= c->rx_usecs_high),
		   "mlx4 interval is rx_usecs or within [usecs_low, usecs_high]");
	FUZZ_CHECK(decision->frames == c->rx_frames, "mlx4 answers its rx_frames");
}

/* Its row of fuzz_kind(): Linux writes on the first decided window even to the same interval. */
#define FUZZ_ROW_mlx4 { fuzz_bools_mlx4, NULL, fuzz_direct_mlx4, fuzz_rearm_mlx4, FUZZ_CHANGED_ON_WRITE }

#elif defined(IRQMOD_KIND_TESTS_EVA)

static void eva_config_mlx4(struct irqmod_controller_config *config)
{
	eva_bool(&config->config.mlx4.adaptive);
}

/* Its row of eva_configs: what makes a config of unknown bytes one a caller may pass. */
#define EVA_ROW_mlx4 eva_config_mlx4

#endif
