/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Config errors that name the field (issue 11, section 5): for every kind
 * and hybrid, each way a config can be rejected, made from the kind's
 * default config by one change, gives the code its init returns and a
 * struct irqmod_config_error naming that field and the bound it breaks.
 * Each case is checked three ways: the kind's own irqmod_<kind>_config_check(),
 * the generic irqmod_controller_config_check() (or the hybrid one), and the
 * init, which must return the same code and leave the state untouched.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/floor.h"
#include "irqmod/hybrid.h"
#include "support.h"

#define LINK_10G_MBPS 10000u
/* Fills outputs before a call, so a field the call forgets shows up. */
#define POISON_BYTE 0x5a

/* A poisoned error, so a check that forgets a field shows up. */
static void poison_error(struct irqmod_config_error *error)
{
	memset(error, 0x5a, sizeof(*error));
}

static void expect_line(const struct irqmod_config_error *error, int code,
			const char *line)
{
	char got[256];

	irqmod_config_error_format(error, got, sizeof(got));
	assert_string_equal(got, line);
	assert_int_equal(error->code, code);
}

/* ---- Interval controllers ---------------------------------------------- */

struct kind_case {
	uint32_t kind;
	void (*mutate)(struct irqmod_controller_config *config);
	int code;
	const char *line;
};

#define MUTATION(name, statement)                                             \
	static void name(struct irqmod_controller_config *c)                  \
	{                                                                     \
		statement;                                                    \
	}

MUTATION(static_rx_above, c->config.static_config.rx_interval_ns = 1000000001u)
MUTATION(static_tx_above, c->config.static_config.tx_interval_ns = 2000000000u)

/* ixgbe and i40e share the Intel checks; each names its own kind and limits. */
MUTATION(itr_no_rings, c->config.ixgbe_config.rx_ring = false;
	 c->config.ixgbe_config.tx_ring = false)
MUTATION(itr_step_zero, c->config.ixgbe_config.step_ns = 0)
MUTATION(itr_step_above, c->config.ixgbe_config.step_ns = 128000)
MUTATION(itr_step_odd, c->config.ixgbe_config.step_ns = 2500)
MUTATION(itr_tick_zero, c->config.ixgbe_config.tick_ns = 0)
MUTATION(itr_min_zero, c->config.ixgbe_config.min_interval_ns = 0)
MUTATION(itr_min_odd, c->config.ixgbe_config.min_interval_ns = 10500)
MUTATION(itr_max_above, c->config.ixgbe_config.max_interval_ns = 200000)
MUTATION(itr_max_odd, c->config.ixgbe_config.max_interval_ns = 100500)
MUTATION(itr_initial_zero, c->config.ixgbe_config.initial_interval_ns = 0)
MUTATION(itr_initial_odd, c->config.ixgbe_config.initial_interval_ns = 50500)
MUTATION(itr_max_below_min, c->config.ixgbe_config.min_interval_ns = 60000;
	 c->config.ixgbe_config.max_interval_ns = 40000)
MUTATION(itr_initial_below_min, c->config.ixgbe_config.initial_interval_ns = 4000;
	 c->config.ixgbe_config.min_interval_ns = 10000)
MUTATION(itr_max_below_initial, c->config.ixgbe_config.max_interval_ns = 10000;
	 c->config.ixgbe_config.min_interval_ns = 10000;
	 c->config.ixgbe_config.initial_interval_ns = 50000)
MUTATION(itr_link_zero, c->config.ixgbe_config.link_speed_mbps = 0)
MUTATION(itr_link_above, c->config.ixgbe_config.link_speed_mbps = 900000)
MUTATION(i40e_max_above, c->config.i40e_config.max_interval_ns = 8162000)
MUTATION(i40e_step_odd, c->config.i40e_config.step_ns = 3000)

MUTATION(dim_no_table, c->config.dim_config.profiles = NULL)
MUTATION(dim_no_levels, c->config.dim_config.levels = 0)
MUTATION(dim_many_levels, c->config.dim_config.levels = 17)
MUTATION(dim_start_level, c->config.dim_config.start_level = 5)
MUTATION(dim_direction, c->config.dim_config.direction = 2)

static const struct irqmod_dim_profile too_long_interval[] = {
	{ .interval_usecs = 65536 },
};
static const struct irqmod_dim_profile too_long_rate_limit[] = {
	{ .interval_usecs = 8, .rate_limit_usecs = 70000 },
};

MUTATION(dim_entry_interval, c->config.dim_config.profiles = too_long_interval;
	 c->config.dim_config.levels = 1; c->config.dim_config.start_level = 0)
MUTATION(dim_entry_rate_limit, c->config.dim_config.profiles = too_long_rate_limit;
	 c->config.dim_config.levels = 1; c->config.dim_config.start_level = 0)
MUTATION(rdma_start_level, c->config.dim_rdma_config.start_level = 9)
MUTATION(rdma_no_table, c->config.dim_rdma_config.profiles = NULL)

MUTATION(lc_encoding, c->config.latency_class.encoding = 4)
MUTATION(lc_combine, c->config.latency_class.combine = 9)
MUTATION(lc_conservative, c->config.latency_class.conservative = 9)
MUTATION(lc_smoothing, c->config.latency_class.smoothing = 9)
MUTATION(lc_ramp_on_register, c->config.latency_class.smoothing =
	 IRQMOD_LATENCY_SMOOTHING_RAMP_UP)
MUTATION(lc_bootstrap_two_classes, c->config.latency_class.start_class =
	 IRQMOD_LATENCY_BOOTSTRAP)
MUTATION(lc_link_zero, c->config.latency_class.link_speed_mbps = 0)
MUTATION(lc_class_level_low, c->config.latency_class.class_level[1] = 2)
MUTATION(lc_class_level_high, c->config.latency_class.class_level[2] = 0x8000)
MUTATION(lc_start_level, c->config.latency_class.start_level = 1)
MUTATION(lc_unordered, c->config.latency_class.class_level[1] =
	 c->config.latency_class.class_level[2])

MUTATION(as_encoding, c->config.average_size.encoding = 7)
MUTATION(as_output, c->config.average_size.output = 5)
MUTATION(as_output_mismatch, c->config.average_size.output =
	 IRQMOD_AVERAGE_SIZE_OUTPUT_RATE)
MUTATION(as_link_zero, c->config.average_size.link_speed_mbps = 0)
MUTATION(as_start_level, c->config.average_size.start_level = 0x9000)
MUTATION(as_slow_link_level, c->config.average_size.slow_link_level = 2)
MUTATION(as_min_value, c->config.average_size.min_value = 1501)
MUTATION(as_rate_dividend, c->config.average_size.encoding =
	 IRQMOD_ITR_ENCODING_EITR_RATE;
	 c->config.average_size.output = IRQMOD_AVERAGE_SIZE_OUTPUT_RATE;
	 c->config.average_size.start_level = 8000;
	 c->config.average_size.slow_link_level = 0;
	 c->config.average_size.max_rate_per_s = 8000;
	 c->config.average_size.rate_dividend = 1000)
MUTATION(as_max_rate, c->config.average_size.encoding =
	 IRQMOD_ITR_ENCODING_EITR_RATE;
	 c->config.average_size.output = IRQMOD_AVERAGE_SIZE_OUTPUT_RATE;
	 c->config.average_size.start_level = 8000;
	 c->config.average_size.slow_link_level = 0;
	 c->config.average_size.rate_dividend = 1000000000u;
	 c->config.average_size.max_rate_per_s = 200000)

MUTATION(legacy_bulk_below_low, c->config.ixgbe_legacy.bulk_bytes_per_usec = 1;
	 c->config.ixgbe_legacy.low_bytes_per_usec = 10)

static const struct kind_case kind_cases[] = {
	{ IRQMOD_KIND_STATIC, static_rx_above, -IRQMOD_ERANGE,
	  "static: rx_interval_ns 1000000001 is above the supported maximum 1000000000" },
	{ IRQMOD_KIND_STATIC, static_tx_above, -IRQMOD_ERANGE,
	  "static: tx_interval_ns 2000000000 is above the supported maximum 1000000000" },
	{ IRQMOD_KIND_IXGBE, itr_no_rings, -IRQMOD_EINVAL,
	  "ixgbe: rx_ring 0 and tx_ring 0: the vector carries no ring; set one of them" },
	{ IRQMOD_KIND_IXGBE, itr_step_zero, -IRQMOD_ESTEP,
	  "ixgbe: step_ns 0 is below the granule 1000" },
	{ IRQMOD_KIND_IXGBE, itr_step_above, -IRQMOD_ESTEP,
	  "ixgbe: step_ns 128000 is above the supported maximum 126000" },
	{ IRQMOD_KIND_IXGBE, itr_step_odd, -IRQMOD_ESTEP,
	  "ixgbe: step_ns 2500 is not a multiple of the granule 1000" },
	{ IRQMOD_KIND_IXGBE, itr_tick_zero, -IRQMOD_ESTEP,
	  "ixgbe: tick_ns 0 must be at least 1" },
	{ IRQMOD_KIND_IXGBE, itr_min_zero, -IRQMOD_ERANGE,
	  "ixgbe: min_interval_ns 0 is below the granule 1000" },
	{ IRQMOD_KIND_IXGBE, itr_min_odd, -IRQMOD_ERANGE,
	  "ixgbe: min_interval_ns 10500 is not a multiple of the granule 1000" },
	{ IRQMOD_KIND_IXGBE, itr_max_above, -IRQMOD_ERANGE,
	  "ixgbe: max_interval_ns 200000 is above the supported maximum 126000" },
	{ IRQMOD_KIND_IXGBE, itr_max_odd, -IRQMOD_ERANGE,
	  "ixgbe: max_interval_ns 100500 is not a multiple of the granule 1000" },
	{ IRQMOD_KIND_IXGBE, itr_initial_zero, -IRQMOD_ERANGE,
	  "ixgbe: initial_interval_ns 0 is below the granule 1000" },
	{ IRQMOD_KIND_IXGBE, itr_initial_odd, -IRQMOD_ERANGE,
	  "ixgbe: initial_interval_ns 50500 is not a multiple of the granule 1000" },
	{ IRQMOD_KIND_IXGBE, itr_max_below_min, -IRQMOD_EMINMAX,
	  "ixgbe: max_interval_ns 40000 is below min_interval_ns 60000" },
	{ IRQMOD_KIND_IXGBE, itr_initial_below_min, -IRQMOD_ERANGE,
	  "ixgbe: initial_interval_ns 4000 is below min_interval_ns 10000" },
	{ IRQMOD_KIND_IXGBE, itr_max_below_initial, -IRQMOD_ERANGE,
	  "ixgbe: max_interval_ns 10000 is below initial_interval_ns 50000" },
	{ IRQMOD_KIND_IXGBE, itr_link_zero, -IRQMOD_ELINK,
	  "ixgbe: link_speed_mbps 0 must be at least 1" },
	{ IRQMOD_KIND_IXGBE, itr_link_above, -IRQMOD_ELINK,
	  "ixgbe: link_speed_mbps 900000 is above the supported maximum 800000" },
	{ IRQMOD_KIND_I40E, itr_link_above, -IRQMOD_ELINK,
	  "i40e: link_speed_mbps 900000 is above the supported maximum 800000" },
	{ IRQMOD_KIND_I40E, i40e_max_above, -IRQMOD_ERANGE,
	  "i40e: max_interval_ns 8162000 is above the supported maximum 8160000" },
	{ IRQMOD_KIND_I40E, i40e_step_odd, -IRQMOD_ESTEP,
	  "i40e: step_ns 3000 is not a multiple of the granule 2000" },
	{ IRQMOD_KIND_DIM, dim_no_table, -IRQMOD_ETABLE,
	  "dim: profiles is a NULL pointer" },
	{ IRQMOD_KIND_DIM, dim_no_levels, -IRQMOD_ETABLE,
	  "dim: levels 0 must be at least 1" },
	{ IRQMOD_KIND_ICE, dim_many_levels, -IRQMOD_ETABLE,
	  "dim: levels 17 is above the supported maximum 16" },
	{ IRQMOD_KIND_DIM, dim_start_level, -IRQMOD_ERANGE,
	  "dim: start_level 5 is not below levels 5" },
	{ IRQMOD_KIND_DIM, dim_direction, -IRQMOD_EINVAL,
	  "dim: direction 2 is above IRQMOD_DIM_DIRECTION_TX 1" },
	{ IRQMOD_KIND_DIM, dim_entry_interval, -IRQMOD_ETABLE,
	  "dim: profiles[].interval_usecs 65536 is above the supported maximum 65535" },
	{ IRQMOD_KIND_DIM, dim_entry_rate_limit, -IRQMOD_ETABLE,
	  "dim: profiles[].rate_limit_usecs 70000 is above the supported maximum 65535" },
	{ IRQMOD_KIND_DIM_RDMA, rdma_start_level, -IRQMOD_ERANGE,
	  "dim-rdma: start_level 9 is not below levels 9" },
	{ IRQMOD_KIND_DIM_RDMA, rdma_no_table, -IRQMOD_ETABLE,
	  "dim-rdma: profiles is a NULL pointer" },
	{ IRQMOD_KIND_LATENCY_CLASS, lc_encoding, -IRQMOD_EINVAL,
	  "latency-class: encoding 4 is not below the number of values 4" },
	{ IRQMOD_KIND_LATENCY_CLASS, lc_combine, -IRQMOD_EINVAL,
	  "latency-class: combine 9 is not below the number of values 2" },
	{ IRQMOD_KIND_LATENCY_CLASS, lc_conservative, -IRQMOD_EINVAL,
	  "latency-class: conservative 9 is not below the number of values 3" },
	{ IRQMOD_KIND_LATENCY_CLASS, lc_smoothing, -IRQMOD_EINVAL,
	  "latency-class: smoothing 9 is not below the number of values 2" },
	{ IRQMOD_KIND_LATENCY_CLASS, lc_ramp_on_register, -IRQMOD_EINVAL,
	  "latency-class: smoothing 1 needs a rate encoding, not encoding 2" },
	{ IRQMOD_KIND_LATENCY_CLASS, lc_bootstrap_two_classes, -IRQMOD_EINVAL,
	  "latency-class: start_class 3 is allowed only with combine max-inputs, not combine 0" },
	{ IRQMOD_KIND_LATENCY_CLASS, lc_link_zero, -IRQMOD_ELINK,
	  "latency-class: link_speed_mbps 0 must be at least 1" },
	{ IRQMOD_KIND_LATENCY_CLASS, lc_class_level_low, -IRQMOD_ERANGE,
	  "latency-class: class_level[] 2 is below the encoding's minimum 4" },
	{ IRQMOD_KIND_LATENCY_CLASS, lc_class_level_high, -IRQMOD_ERANGE,
	  "latency-class: class_level[] 32768 is above the encoding's maximum 32764" },
	{ IRQMOD_KIND_LATENCY_CLASS, lc_start_level, -IRQMOD_ERANGE,
	  "latency-class: start_level 1 is below the encoding's minimum 4" },
	{ IRQMOD_KIND_LATENCY_CLASS, lc_unordered, -IRQMOD_ETABLE,
	  "latency-class: class_level[] 980 (the low class) is not strictly between its neighbours, lowest 56" },
	{ IRQMOD_KIND_AVERAGE_SIZE, as_encoding, -IRQMOD_EINVAL,
	  "average-size: encoding 7 is not below the number of values 4" },
	{ IRQMOD_KIND_AVERAGE_SIZE, as_output, -IRQMOD_EINVAL,
	  "average-size: output 5 is not below the number of values 2" },
	{ IRQMOD_KIND_AVERAGE_SIZE, as_output_mismatch, -IRQMOD_EINVAL,
	  "average-size: output 1 must be register output for register encoding 2" },
	{ IRQMOD_KIND_AVERAGE_SIZE, as_link_zero, -IRQMOD_ELINK,
	  "average-size: link_speed_mbps 0 must be at least 1" },
	{ IRQMOD_KIND_AVERAGE_SIZE, as_start_level, -IRQMOD_ERANGE,
	  "average-size: start_level 36864 is above the encoding's maximum 32764" },
	{ IRQMOD_KIND_AVERAGE_SIZE, as_slow_link_level, -IRQMOD_ERANGE,
	  "average-size: slow_link_level 2 is below the encoding's minimum 4" },
	{ IRQMOD_KIND_AVERAGE_SIZE, as_min_value, -IRQMOD_ERANGE,
	  "average-size: min_value 1501 is above the largest formula value 1500" },
	{ IRQMOD_KIND_AVERAGE_SIZE, as_rate_dividend, -IRQMOD_ERANGE,
	  "average-size: rate_dividend 1000 is below the smallest usable dividend 150000" },
	{ IRQMOD_KIND_AVERAGE_SIZE, as_max_rate, -IRQMOD_ERANGE,
	  "average-size: max_rate_per_s 200000 is above the encoding's maximum 100000" },
	{ IRQMOD_KIND_IXGBE_LEGACY, legacy_bulk_below_low, -IRQMOD_ETABLE,
	  "ixgbe-legacy: bulk_bytes_per_usec 1 is below low_bytes_per_usec 10" },
};

/* OWN_CHECK(k, member): kind k's own check on its member of the union. */
#define OWN_CHECK(k, member)                                                             \
	static int own_check_##k(const struct irqmod_controller_config *c,                \
				 struct irqmod_config_error *error)                       \
	{                                                                                \
		return irqmod_##k##_config_check(&c->config.member, error);               \
	}
#define IRQMOD_KIND(E, k, name, config_type, state_member, config_member, ...) \
	OWN_CHECK(k, config_member)
#define IRQMOD_KIND_PRESET(E, k, p)
#include "irqmod/kinds.h"
#undef IRQMOD_KIND
#undef IRQMOD_KIND_PRESET

/* One row per row of the kind list: its own check, not the table's wrapper. */
static int (*const own_checks[])(const struct irqmod_controller_config *c,
				 struct irqmod_config_error *error) = {
#define IRQMOD_KIND(E, k, ...) [IRQMOD_KIND_##E] = own_check_##k,
#define IRQMOD_KIND_PRESET(E, k, p) [IRQMOD_KIND_##E] = own_check_##k,
#include "irqmod/kinds.h"
#undef IRQMOD_KIND
#undef IRQMOD_KIND_PRESET
};
_Static_assert(sizeof(own_checks) / sizeof(own_checks[0]) == IRQMOD_KIND_COUNT,
	       "one own check per kind");

/* The kind's own check, called on the union member the kind uses. */
static int own_check(const struct irqmod_controller_config *c,
		     struct irqmod_config_error *error)
{
	return own_checks[c->kind](c, error);
}

/* One case: its own check, the generic check and the init agree on it. */
static void expect_kind_case(const struct kind_case *t)
{
	struct irqmod_controller_config config;
	struct irqmod_controller controller, before;
	struct irqmod_config_error error;

	print_message("case: %s\n", t->line);
	assert_int_equal(irqmod_controller_default_config(&config, t->kind, LINK_10G_MBPS), 0);
	/* The default passes every check, and the error stays untouched. */
	poison_error(&error);
	assert_int_equal(own_check(&config, &error), 0);
	assert_int_equal(irqmod_controller_config_check(&config, &error), 0);
	assert_int_equal(error.code, 0x5a5a5a5a);
	t->mutate(&config);
	poison_error(&error);
	assert_int_equal(own_check(&config, &error), t->code);
	expect_line(&error, t->code, t->line);
	poison_error(&error);
	assert_int_equal(irqmod_controller_config_check(&config, &error), t->code);
	expect_line(&error, t->code, t->line);
	assert_int_equal(own_check(&config, NULL), t->code);
	/* One validation path: init returns the same code, state untouched. */
	memset(&controller, 0xa5, sizeof(controller));
	memcpy(&before, &controller, sizeof(before));
	assert_int_equal(irqmod_controller_init(&controller, &config), t->code);
	assert_memory_equal(&controller, &before, sizeof(before));
}

static void test_every_kind_rejection_names_its_field(void **unused)
{
	size_t i;

	(void)unused;
	for (i = 0; i < TEST_ARRAY_SIZE(kind_cases); i++)
		expect_kind_case(&kind_cases[i]);
}

/*
 * Two faults at once: each kind's config gets the error of the check its
 * header's kernel-doc puts first ("Order:"). ixgbe-legacy and recheck have
 * one rule each, so no config of theirs has two faults.
 */
MUTATION(static_both_above, static_rx_above(c); static_tx_above(c))
MUTATION(itr_max_zero_below_min, c->config.ixgbe_config.min_interval_ns = 60000;
	 c->config.ixgbe_config.max_interval_ns = 0)
MUTATION(itr_max_below_min_and_link, itr_max_below_min(c); itr_link_zero(c))
MUTATION(dim_start_level_and_direction, dim_start_level(c); dim_direction(c))
MUTATION(dim_many_levels_and_direction, dim_many_levels(c); dim_direction(c))
MUTATION(rdma_no_table_and_start_level, rdma_start_level(c); rdma_no_table(c))
MUTATION(lc_link_and_start_level, lc_link_zero(c); lc_start_level(c))
MUTATION(as_link_and_min_value, as_link_zero(c); as_min_value(c))
MUTATION(lt_min_above_max_and_ring, c->config.latency_target.min_interval_ns =
	 c->config.latency_target.max_interval_ns + 1;
	 c->config.latency_target.ring_size = 1)

static const struct kind_case two_fault_cases[] = {
	{ IRQMOD_KIND_STATIC, static_both_above, -IRQMOD_ERANGE,
	  "static: rx_interval_ns 1000000001 is above the supported maximum 1000000000" },
	{ IRQMOD_KIND_IXGBE, itr_max_zero_below_min, -IRQMOD_ERANGE,
	  "ixgbe: max_interval_ns 0 is below the granule 1000" },
	{ IRQMOD_KIND_IXGBE, itr_max_below_min_and_link, -IRQMOD_EMINMAX,
	  "ixgbe: max_interval_ns 40000 is below min_interval_ns 60000" },
	{ IRQMOD_KIND_I40E, itr_max_zero_below_min, -IRQMOD_ERANGE,
	  "i40e: max_interval_ns 0 is below the granule 2000" },
	{ IRQMOD_KIND_DIM, dim_start_level_and_direction, -IRQMOD_ERANGE,
	  "dim: start_level 5 is not below levels 5" },
	{ IRQMOD_KIND_ICE, dim_many_levels_and_direction, -IRQMOD_ETABLE,
	  "dim: levels 17 is above the supported maximum 16" },
	{ IRQMOD_KIND_DIM_RDMA, rdma_no_table_and_start_level, -IRQMOD_ETABLE,
	  "dim-rdma: profiles is a NULL pointer" },
	{ IRQMOD_KIND_LATENCY_CLASS, lc_link_and_start_level, -IRQMOD_ELINK,
	  "latency-class: link_speed_mbps 0 must be at least 1" },
	{ IRQMOD_KIND_AVERAGE_SIZE, as_link_and_min_value, -IRQMOD_ELINK,
	  "average-size: link_speed_mbps 0 must be at least 1" },
	{ IRQMOD_KIND_LATENCY_TARGET, lt_min_above_max_and_ring, -IRQMOD_EFRAME,
	  "latency-target: ring_size 1 is below the supported minimum 2" },
};

static void test_two_faults_get_the_documented_first(void **unused)
{
	size_t i;

	(void)unused;
	for (i = 0; i < TEST_ARRAY_SIZE(two_fault_cases); i++)
		expect_kind_case(&two_fault_cases[i]);
}

static void test_null_configs_and_unknown_kinds_are_named(void **unused)
{
	struct irqmod_controller_config config;
	struct irqmod_config_error error;
	char line[128];
	uint32_t kind;

	(void)unused;
	poison_error(&error);
	assert_int_equal(irqmod_controller_config_check(NULL, &error), -IRQMOD_EINVAL);
	expect_line(&error, -IRQMOD_EINVAL,
		    "controller: config is a NULL pointer");
	config.kind = IRQMOD_KIND_COUNT;
	assert_int_equal(irqmod_controller_config_check(&config, &error), -IRQMOD_EKIND);
	snprintf(line, sizeof(line), "controller: kind %u is not below the number of kinds %u",
		 (unsigned)IRQMOD_KIND_COUNT, (unsigned)IRQMOD_KIND_COUNT);
	expect_line(&error, -IRQMOD_EKIND, line);
	assert_int_equal(irqmod_controller_config_check(&config, NULL), -IRQMOD_EKIND);
	assert_int_equal(irqmod_static_config_check(NULL, &error), -IRQMOD_EINVAL);
	expect_line(&error, -IRQMOD_EINVAL, "static: config is a NULL pointer");
	assert_int_equal(irqmod_ixgbe_config_check(NULL, &error), -IRQMOD_EINVAL);
	assert_string_equal(error.kind, "ixgbe");
	assert_int_equal(irqmod_i40e_config_check(NULL, &error), -IRQMOD_EINVAL);
	assert_string_equal(error.kind, "i40e");
	assert_int_equal(irqmod_dim_config_check(NULL, &error), -IRQMOD_EINVAL);
	assert_string_equal(error.kind, "dim");
	assert_int_equal(irqmod_dim_rdma_config_check(NULL, &error), -IRQMOD_EINVAL);
	assert_string_equal(error.kind, "dim-rdma");
	assert_int_equal(irqmod_latency_class_config_check(NULL, &error), -IRQMOD_EINVAL);
	assert_string_equal(error.kind, "latency-class");
	assert_int_equal(irqmod_average_size_config_check(NULL, &error), -IRQMOD_EINVAL);
	assert_string_equal(error.kind, "average-size");
	assert_int_equal(irqmod_ixgbe_legacy_config_check(NULL, &error), -IRQMOD_EINVAL);
	assert_string_equal(error.kind, "ixgbe-legacy");
	poison_error(&error);
	assert_int_equal(irqmod_latency_target_config_check(NULL, &error), -IRQMOD_EINVAL);
	expect_line(&error, -IRQMOD_EINVAL,
		    "latency-target: config is a NULL pointer");
	/* Every kind's default passes its check (through the table). */
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		assert_int_equal(irqmod_controller_default_config(&config, kind,
								  LINK_10G_MBPS), 0);
		assert_int_equal(irqmod_controller_config_check(&config, NULL), 0);
	}
}

/* ---- Hybrids ------------------------------------------------------------ */

struct hybrid_case {
	uint32_t kind;
	void (*mutate)(struct irqmod_hybrid_config *config);
	int code;
	const char *line;
};

#define HYBRID_MUTATION(name, statement)                                      \
	static void name(struct irqmod_hybrid_config *c)                      \
	{                                                                     \
		statement;                                                    \
	}

HYBRID_MUTATION(ip_spacing_above, c->config.idle_poll.poll_spacing_ns = 1000000001u)
HYBRID_MUTATION(ip_time_above, c->config.idle_poll.idle_time_ns = 1500000000u)
HYBRID_MUTATION(ip_endless, c->config.idle_poll.idle_time_ns = 0;
		c->config.idle_poll.idle_polls = 0)
HYBRID_MUTATION(ip_no_spacing, c->config.idle_poll.poll_spacing_ns = 0)
HYBRID_MUTATION(ip_polls_above, c->config.idle_poll.idle_polls = 70000)
HYBRID_MUTATION(ip_derived_above, c->config.idle_poll.poll_spacing_ns = 1;
		c->config.idle_poll.idle_time_ns = 100000)
HYBRID_MUTATION(ip_inner_bad, c->inner.config.ixgbe_config.link_speed_mbps = 900000)
HYBRID_MUTATION(di_timeout_above, c->config.defer_irq.gro_flush_timeout_ns = 1000000001u)
HYBRID_MUTATION(di_suspend_timeout_above,
		c->config.defer_irq.irq_suspend_timeout_ns = 1000000001u)
HYBRID_MUTATION(di_count_above, c->config.defer_irq.defer_hard_irqs = 65536)
HYBRID_MUTATION(di_suspend_polls_above, c->config.defer_irq.suspend_polls = 65536)
HYBRID_MUTATION(di_suspend_unbounded, c->config.defer_irq.irq_suspend_timeout_ns = 5000;
		c->config.defer_irq.suspend_polls = 0)
HYBRID_MUTATION(rc_rounds_above, c->config.recheck.max_rounds = 65536)
HYBRID_MUTATION(hybrid_kind_unknown, c->kind = IRQMOD_HYBRID_COUNT)

static const struct hybrid_case hybrid_cases[] = {
	{ IRQMOD_HYBRID_IDLE_POLL, ip_spacing_above, -IRQMOD_ERANGE,
	  "idle-poll: poll_spacing_ns 1000000001 is above the supported maximum 1000000000" },
	{ IRQMOD_HYBRID_IDLE_POLL, ip_time_above, -IRQMOD_ERANGE,
	  "idle-poll: idle_time_ns 1500000000 is above the supported maximum 1000000000" },
	{ IRQMOD_HYBRID_IDLE_POLL, ip_endless, -IRQMOD_EBUDGET,
	  "idle-poll: idle_polls 0 (idle_time_ns is 0 too) must be at least 1" },
	{ IRQMOD_HYBRID_IDLE_POLL, ip_no_spacing, -IRQMOD_EBUDGET,
	  "idle-poll: poll_spacing_ns 0 (idle_polls 0: a time budget needs it) must be at least 1" },
	{ IRQMOD_HYBRID_IDLE_POLL, ip_polls_above, -IRQMOD_EBUDGET,
	  "idle-poll: idle_polls 70000 is above the supported maximum 65535" },
	{ IRQMOD_HYBRID_IDLE_POLL, ip_derived_above, -IRQMOD_EBUDGET,
	  "idle-poll: idle_time_ns / poll_spacing_ns 100000 is above the supported maximum 65535" },
	{ IRQMOD_HYBRID_IDLE_POLL, ip_inner_bad, -IRQMOD_ELINK,
	  "ixgbe: link_speed_mbps 900000 is above the supported maximum 800000" },
	{ IRQMOD_HYBRID_DEFER_IRQ, di_timeout_above, -IRQMOD_ERANGE,
	  "defer-irq: gro_flush_timeout_ns 1000000001 is above the supported maximum 1000000000" },
	{ IRQMOD_HYBRID_DEFER_IRQ, di_suspend_timeout_above, -IRQMOD_ERANGE,
	  "defer-irq: irq_suspend_timeout_ns 1000000001 is above the supported maximum 1000000000" },
	{ IRQMOD_HYBRID_DEFER_IRQ, di_count_above, -IRQMOD_EBUDGET,
	  "defer-irq: defer_hard_irqs 65536 is above the supported maximum 65535" },
	{ IRQMOD_HYBRID_DEFER_IRQ, di_suspend_polls_above, -IRQMOD_EBUDGET,
	  "defer-irq: suspend_polls 65536 is above the supported maximum 65535" },
	{ IRQMOD_HYBRID_DEFER_IRQ, di_suspend_unbounded, -IRQMOD_EBUDGET,
	  "defer-irq: suspend_polls 0 (irq_suspend_timeout_ns is set) must be at least 1" },
	{ IRQMOD_HYBRID_RECHECK, rc_rounds_above, -IRQMOD_EBUDGET,
	  "recheck: max_rounds 65536 is above the supported maximum 65535" },
	{ IRQMOD_HYBRID_RECHECK, hybrid_kind_unknown, -IRQMOD_EKIND,
	  "hybrid: kind 4 is not below the number of hybrid kinds 4" },
};

static int hybrid_own_check(const struct irqmod_hybrid_config *c,
			    struct irqmod_config_error *error)
{
	switch (c->kind) {
	case IRQMOD_HYBRID_IDLE_POLL:
		return irqmod_idle_poll_config_check(&c->config.idle_poll, error);
	case IRQMOD_HYBRID_DEFER_IRQ:
		return irqmod_defer_irq_config_check(&c->config.defer_irq, error);
	case IRQMOD_HYBRID_RECHECK:
		return irqmod_recheck_config_check(&c->config.recheck, error);
	default:
		return irqmod_hybrid_config_check(c, error);
	}
}

static void test_every_hybrid_rejection_names_its_field(void **unused)
{
	size_t i;

	(void)unused;
	for (i = 0; i < TEST_ARRAY_SIZE(hybrid_cases); i++) {
		const struct hybrid_case *t = &hybrid_cases[i];
		struct irqmod_hybrid_config config;
		struct irqmod_hybrid hybrid, before;
		struct irqmod_config_error error;

		print_message("case %zu: %s\n", i, t->line);
		assert_int_equal(irqmod_hybrid_default_config(&config, t->kind,
							      IRQMOD_KIND_IXGBE,
							      LINK_10G_MBPS), 0);
		assert_int_equal(irqmod_hybrid_config_check(&config, NULL), 0);
		t->mutate(&config);
		poison_error(&error);
		assert_int_equal(irqmod_hybrid_config_check(&config, &error), t->code);
		expect_line(&error, t->code, t->line);
		if (t->mutate != ip_inner_bad) {
			poison_error(&error);
			assert_int_equal(hybrid_own_check(&config, &error), t->code);
			expect_line(&error, t->code, t->line);
		}
		memset(&hybrid, 0xa5, sizeof(hybrid));
		memcpy(&before, &hybrid, sizeof(before));
		assert_int_equal(irqmod_hybrid_init(&hybrid, &config), t->code);
		assert_memory_equal(&hybrid, &before, sizeof(before));
	}
}

/* Two faults at once in a hybrid's config: the one its header puts first. */
HYBRID_MUTATION(ip_spacing_and_polls_above, ip_spacing_above(c); ip_polls_above(c))
HYBRID_MUTATION(ip_spacing_above_and_inner_bad, ip_spacing_above(c); ip_inner_bad(c))
HYBRID_MUTATION(di_count_above_and_unbounded, di_count_above(c); di_suspend_unbounded(c))

static const struct hybrid_case hybrid_two_fault_cases[] = {
	{ IRQMOD_HYBRID_IDLE_POLL, ip_spacing_and_polls_above, -IRQMOD_ERANGE,
	  "idle-poll: poll_spacing_ns 1000000001 is above the supported maximum 1000000000" },
	{ IRQMOD_HYBRID_IDLE_POLL, ip_spacing_above_and_inner_bad, -IRQMOD_ERANGE,
	  "idle-poll: poll_spacing_ns 1000000001 is above the supported maximum 1000000000" },
	{ IRQMOD_HYBRID_DEFER_IRQ, di_count_above_and_unbounded, -IRQMOD_EBUDGET,
	  "defer-irq: defer_hard_irqs 65536 is above the supported maximum 65535" },
};

static void test_hybrid_two_faults_get_the_documented_first(void **unused)
{
	size_t i;

	(void)unused;
	for (i = 0; i < TEST_ARRAY_SIZE(hybrid_two_fault_cases); i++) {
		const struct hybrid_case *t = &hybrid_two_fault_cases[i];
		struct irqmod_hybrid_config config;
		struct irqmod_config_error error;

		print_message("case %zu: %s\n", i, t->line);
		assert_int_equal(irqmod_hybrid_default_config(&config, t->kind,
							      IRQMOD_KIND_IXGBE,
							      LINK_10G_MBPS), 0);
		t->mutate(&config);
		poison_error(&error);
		assert_int_equal(irqmod_hybrid_config_check(&config, &error), t->code);
		expect_line(&error, t->code, t->line);
		poison_error(&error);
		assert_int_equal(hybrid_own_check(&config, &error), t->code);
		expect_line(&error, t->code, t->line);
	}
}

static void test_hybrid_defaults_and_null_configs(void **unused)
{
	struct irqmod_hybrid_config config;
	struct irqmod_config_error error;
	uint32_t kind;

	(void)unused;
	assert_int_equal(irqmod_hybrid_default_config(NULL, 0, 0, LINK_10G_MBPS),
			 -IRQMOD_EINVAL);
	assert_int_equal(irqmod_hybrid_default_config(&config, IRQMOD_HYBRID_COUNT,
						      IRQMOD_KIND_IXGBE, LINK_10G_MBPS),
			 -IRQMOD_EKIND);
	assert_int_equal(irqmod_hybrid_default_config(&config, IRQMOD_HYBRID_RECHECK,
						      IRQMOD_KIND_COUNT, LINK_10G_MBPS),
			 -IRQMOD_EKIND);
	assert_int_equal(irqmod_hybrid_default_config(&config, IRQMOD_HYBRID_NONE,
						      IRQMOD_KIND_DIM, LINK_10G_MBPS), 0);
	assert_int_equal(config.kind, IRQMOD_HYBRID_NONE);
	assert_int_equal(irqmod_hybrid_config_check(&config, NULL), 0);
	/* The docs pages' worked examples. */
	assert_int_equal(irqmod_hybrid_default_config(&config, IRQMOD_HYBRID_IDLE_POLL,
						      IRQMOD_KIND_IXGBE, LINK_10G_MBPS), 0);
	assert_int_equal(config.config.idle_poll.poll_spacing_ns, 10000);
	assert_int_equal(config.config.idle_poll.idle_time_ns, 50000);
	assert_int_equal(config.config.idle_poll.idle_polls, 0);
	assert_int_equal(config.inner.kind, IRQMOD_KIND_IXGBE);
	assert_int_equal(irqmod_hybrid_default_config(&config, IRQMOD_HYBRID_DEFER_IRQ,
						      IRQMOD_KIND_IXGBE, LINK_10G_MBPS), 0);
	assert_int_equal(config.config.defer_irq.defer_hard_irqs, 10);
	assert_int_equal(config.config.defer_irq.gro_flush_timeout_ns, 20000);
	assert_int_equal(irqmod_hybrid_default_config(&config, IRQMOD_HYBRID_RECHECK,
						      IRQMOD_KIND_IXGBE, LINK_10G_MBPS), 0);
	assert_int_equal(config.config.recheck.max_rounds, 4);
	assert_int_equal(irqmod_idle_poll_default_config(NULL), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_defer_irq_default_config(NULL), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_recheck_default_config(NULL), -IRQMOD_EINVAL);
	poison_error(&error);
	assert_int_equal(irqmod_hybrid_config_check(NULL, &error), -IRQMOD_EINVAL);
	expect_line(&error, -IRQMOD_EINVAL, "hybrid: config is a NULL pointer");
	assert_int_equal(irqmod_idle_poll_config_check(NULL, &error), -IRQMOD_EINVAL);
	assert_string_equal(error.kind, "idle-poll");
	assert_int_equal(irqmod_defer_irq_config_check(NULL, &error), -IRQMOD_EINVAL);
	assert_string_equal(error.kind, "defer-irq");
	assert_int_equal(irqmod_recheck_config_check(NULL, &error), -IRQMOD_EINVAL);
	assert_string_equal(error.kind, "recheck");
	/* Every hybrid around every kind: the defaults pass. */
	for (kind = 0; kind < IRQMOD_HYBRID_COUNT; kind++) {
		uint32_t inner;

		for (inner = 0; inner < IRQMOD_KIND_COUNT; inner++) {
			assert_int_equal(irqmod_hybrid_default_config(&config, kind, inner,
								      LINK_10G_MBPS), 0);
			assert_int_equal(irqmod_hybrid_config_check(&config, NULL), 0);
		}
	}
}

/* ---- The floor helper's params ---------------------------------------- */

static void test_floor_params_rejections_name_their_field(void **unused)
{
	static const struct {
		size_t offset;
		uint32_t value;
		int code;
		const char *line;
	} cases[] = {
		{ offsetof(struct irqmod_floor_params, rcvbuf_bytes), 0, -IRQMOD_EFRAME,
		  "floor: rcvbuf_bytes 0 must be at least 1" },
		{ offsetof(struct irqmod_floor_params, rcvbuf_bytes), 0x80000001u, -IRQMOD_EFRAME,
		  "floor: rcvbuf_bytes 2147483649 is above the supported maximum 2147483648" },
		{ offsetof(struct irqmod_floor_params, truesize_bytes), 0, -IRQMOD_EFRAME,
		  "floor: truesize_bytes 0 must be at least 1" },
		{ offsetof(struct irqmod_floor_params, frame_bytes), 65536, -IRQMOD_EFRAME,
		  "floor: frame_bytes 65536 is above the supported maximum 65535" },
		{ offsetof(struct irqmod_floor_params, link_speed_mbps), 900000, -IRQMOD_ELINK,
		  "floor: link_speed_mbps 900000 is above the supported maximum 800000" },
		{ offsetof(struct irqmod_floor_params, margin_percent), 100, -IRQMOD_ERANGE,
		  "floor: margin_percent 100 is above the supported maximum 99" },
		{ offsetof(struct irqmod_floor_params, step_ns), 0, -IRQMOD_ESTEP,
		  "floor: step_ns 0 must be at least 1" },
	};
	struct irqmod_floor_params params;
	struct irqmod_floor_result result;
	struct irqmod_config_error error;
	size_t i;

	(void)unused;
	assert_int_equal(irqmod_floor_params_check(NULL, &error), -IRQMOD_EINVAL);
	expect_line(&error, -IRQMOD_EINVAL, "floor: params is a NULL pointer");
	for (i = 0; i < TEST_ARRAY_SIZE(cases); i++) {
		irqmod_floor_default_params(&params, LINK_10G_MBPS);
		poison_error(&error);
		assert_int_equal(irqmod_floor_params_check(&params, &error), 0);
		assert_int_equal(error.code, 0x5a5a5a5a);
		memcpy((unsigned char *)&params + cases[i].offset, &cases[i].value,
		       sizeof(uint32_t));
		assert_int_equal(irqmod_floor_params_check(&params, &error), cases[i].code);
		expect_line(&error, cases[i].code, cases[i].line);
		assert_int_equal(irqmod_floor_interval(&params, &result), cases[i].code);
	}
}

/* ---- The kind table and the generic entry points at their edges --------- */

static void test_table_and_generic_edges(void **unused)
{
	struct irqmod_controller controller;
	struct irqmod_hybrid hybrid;
	struct irqmod_inner inner;
	struct irqmod_decision decision;
	struct irqmod_controller_config config;
	struct irqmod_hybrid_config hybrid_config;
	struct irqmod_average_size_config average;
	struct irqmod_config_error error;
	struct irqmod_sample sample = { .now_ns = 100 };
	struct irqmod_hybrid_counters counters;
	uint32_t kind;

	(void)unused;
	assert_null(irqmod_kind_describe(IRQMOD_KIND_COUNT));
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		const struct irqmod_kind_desc *desc = irqmod_kind_describe(kind);

		assert_non_null(desc);
		assert_string_equal(desc->name, irqmod_kind_name(kind));
		assert_int_equal(desc->state_bytes, irqmod_kind_state_bytes(kind));
		assert_true(desc->state_bytes <= 64);
	}
	assert_int_equal(irqmod_kind_describe(IRQMOD_KIND_IXGBE)->max_link_speed_mbps,
			 IRQMOD_IXGBE_MAX_LINK_SPEED_MBPS);
	assert_int_equal(irqmod_inner_of_kind(NULL, IRQMOD_KIND_STATIC, &controller),
			 -IRQMOD_EINVAL);
	assert_int_equal(irqmod_inner_of_kind(&inner, IRQMOD_KIND_STATIC, NULL), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_inner_of_kind(&inner, IRQMOD_KIND_COUNT, &controller),
			 -IRQMOD_EKIND);
	assert_int_equal(irqmod_inner_of_controller(&inner, NULL), -IRQMOD_EINVAL);
	/* The NULL-config rejections also without an error to fill. */
	assert_int_equal(irqmod_controller_config_check(NULL, NULL), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_hybrid_config_check(NULL, NULL), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_floor_params_check(NULL, NULL), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_ixgbe_config_check(NULL, NULL), -IRQMOD_EINVAL);
	hybrid_config.kind = IRQMOD_HYBRID_COUNT;
	assert_int_equal(irqmod_hybrid_config_check(&hybrid_config, NULL), -IRQMOD_EKIND);
	/* A level outside ixgbe's EITR range names that encoding's bound. */
	assert_int_equal(irqmod_average_size_preset(&average, IRQMOD_AVERAGE_SIZE_PRESET_IGB,
						    10000), 0);
	average.encoding = IRQMOD_ITR_ENCODING_IXGBE_EITR;
	average.start_level = 0x1000;
	average.slow_link_level = 0;
	assert_int_equal(irqmod_average_size_config_check(&average, &error), -IRQMOD_ERANGE);
	expect_line(&error, -IRQMOD_ERANGE,
		    "average-size: start_level 4096 is above the encoding's maximum 4088");
	average.start_level = 4;
	assert_int_equal(irqmod_average_size_config_check(&average, &error), -IRQMOD_ERANGE);
	expect_line(&error, -IRQMOD_ERANGE,
		    "average-size: start_level 4 is below the encoding's minimum 8");
	/* An instance whose kind is out of range (never set up): reset does
	 * nothing, update and current answer "re-arm, off". */
	assert_int_equal(irqmod_controller_default_config(&config, IRQMOD_KIND_STATIC, 10000), 0);
	assert_int_equal(irqmod_controller_init(&controller, &config), 0);
	controller.kind = IRQMOD_KIND_COUNT;
	irqmod_controller_reset(&controller);
	memset(&decision, POISON_BYTE, sizeof(decision));
	irqmod_controller_update(&controller, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, 0);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_false(decision.changed);
	memset(&decision, POISON_BYTE, sizeof(decision));
	irqmod_controller_current(&controller, &decision);
	assert_int_equal(decision.tx_interval_ns, 0);
	assert_false(decision.changed);
	assert_int_equal(irqmod_inner_of_controller(&inner, &controller), -IRQMOD_EKIND);
	/* A generic hybrid of kind none resets only its inner controller; one
	 * of an unknown kind likewise. */
	assert_int_equal(irqmod_hybrid_default_config(&hybrid_config, IRQMOD_HYBRID_NONE,
						      IRQMOD_KIND_IXGBE, 10000), 0);
	assert_int_equal(irqmod_hybrid_init(&hybrid, &hybrid_config), 0);
	irqmod_hybrid_reset(&hybrid);
	hybrid.kind = IRQMOD_HYBRID_COUNT;
	irqmod_hybrid_reset(&hybrid);
	/* Counters: NULL arguments are ignored; an empty poll after a POLL
	 * answer with a clock that did not move adds no idle time. */
	irqmod_hybrid_counters_init(&counters);
	irqmod_hybrid_count(NULL, &sample, &decision);
	irqmod_hybrid_count(&counters, NULL, &decision);
	irqmod_hybrid_count(&counters, &sample, NULL);
	decision.action = IRQMOD_ACTION_POLL;
	irqmod_hybrid_count(&counters, &sample, &decision);
	irqmod_hybrid_count(&counters, &sample, &decision);
	assert_int_equal(counters.polls_deferred, 2);
	assert_int_equal(counters.empty_polls, 2);
	assert_int_equal(counters.idle_polling_ns, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_kind_rejection_names_its_field),
		cmocka_unit_test(test_two_faults_get_the_documented_first),
		cmocka_unit_test(test_null_configs_and_unknown_kinds_are_named),
		cmocka_unit_test(test_every_hybrid_rejection_names_its_field),
		cmocka_unit_test(test_hybrid_two_faults_get_the_documented_first),
		cmocka_unit_test(test_hybrid_defaults_and_null_configs),
		cmocka_unit_test(test_floor_params_rejections_name_their_field),
		cmocka_unit_test(test_table_and_generic_edges),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
