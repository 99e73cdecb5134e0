/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/ethtool.h"
#include "irqmod/static.h"

static void expect_reject(const struct irqmod_ethtool_coalesce *coalesce, int code,
			  const char *field, uint64_t value, uint64_t limit)
{
	struct irqmod_config_error error = { 0 };
	struct irqmod_controller_config config = { .kind = 99 };

	assert_int_equal(irqmod_ethtool_coalesce_check(coalesce, &error), code);
	assert_string_equal(error.kind, "ethtool");
	assert_string_equal(error.field, field);
	assert_int_equal(error.value, value);
	assert_int_equal(error.limit, limit);
	assert_int_equal(error.code, code);
	assert_int_equal(irqmod_ethtool_coalesce_check(coalesce, NULL), code);
	assert_int_equal(irqmod_ethtool_to_config(coalesce, IRQMOD_KIND_IXGBE, 10000,
						  &config, NULL), code);
	assert_int_equal(config.kind, 99); /* untouched on error */
}

/* Two configs are the same controller when they decide alike on varied traffic. */
static void expect_same_decisions(const struct irqmod_controller_config *a,
				  const struct irqmod_controller_config *b)
{
	struct irqmod_controller ca, cb;
	struct irqmod_decision da, db;
	struct irqmod_sample sample = { 0 };
	uint32_t step;

	assert_int_equal(irqmod_controller_init(&ca, a), 0);
	assert_int_equal(irqmod_controller_init(&cb, b), 0);
	for (step = 0; step < 400; step++) {
		sample.now_ns += 20000 + (step % 7) * 15000;
		sample.rx_packets = (step / 50) % 2 ? 64 : 1 + step % 5;
		sample.rx_bytes = (uint64_t)sample.rx_packets * ((step / 100) % 2 ? 1514 : 64);
		sample.tx_packets = sample.rx_packets / 2;
		sample.tx_bytes = sample.rx_bytes / 2;
		sample.events = 1;
		sample.completions = 1;
		irqmod_controller_update(&ca, &sample, &da);
		irqmod_controller_update(&cb, &sample, &db);
		assert_int_equal(da.rx_interval_ns, db.rx_interval_ns);
		assert_int_equal(da.tx_interval_ns, db.tx_interval_ns);
		assert_int_equal(da.action, db.action);
	}
}

static void test_ethtool_rx_usecs_off_gives_static(void **unused)
{
	struct irqmod_ethtool_coalesce coalesce = { .rx_usecs = 50, .tx_usecs = 126 };
	struct irqmod_controller_config config;

	(void)unused;
	assert_int_equal(irqmod_ethtool_to_config(&coalesce, IRQMOD_KIND_IXGBE, 10000,
						  &config, NULL), 0);
	assert_int_equal(config.kind, IRQMOD_KIND_STATIC);
	assert_int_equal(config.config.static_config.rx_interval_ns, 50000);
	assert_int_equal(config.config.static_config.tx_interval_ns, 126000);
	assert_int_equal(irqmod_static_config_check(&config.config.static_config, NULL), 0);

	coalesce.rx_usecs = IRQMOD_ETHTOOL_MAX_USECS;
	assert_int_equal(irqmod_ethtool_to_config(&coalesce, IRQMOD_KIND_STATIC, 0,
						  &config, NULL), 0);
	assert_int_equal(config.config.static_config.rx_interval_ns,
			 IRQMOD_STATIC_MAX_INTERVAL_NS);
}

static void test_ethtool_adaptive_rx_gives_the_drivers_kind(void **unused)
{
	static const uint32_t kinds[] = { IRQMOD_KIND_IXGBE, IRQMOD_KIND_I40E,
					  IRQMOD_KIND_DIM, IRQMOD_KIND_ICE,
					  IRQMOD_KIND_LATENCY_CLASS,
					  IRQMOD_KIND_AVERAGE_SIZE };
	struct irqmod_ethtool_coalesce coalesce = { .adaptive_rx = 1, .adaptive_tx = 1 };
	struct irqmod_controller_config config, expected;
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		memset(&config, 0xa5, sizeof(config));
		memset(&expected, 0xa5, sizeof(expected));
		assert_int_equal(irqmod_controller_default_config(&expected, kinds[i], 10000), 0);
		assert_int_equal(irqmod_ethtool_to_config(&coalesce, kinds[i], 10000,
							  &config, NULL), 0);
		assert_int_equal(config.kind, kinds[i]);
		expect_same_decisions(&config, &expected);
	}
}

static void test_ethtool_adaptive_rx_with_a_static_or_unknown_driver_is_rejected(void **unused)
{
	struct irqmod_ethtool_coalesce coalesce = { .adaptive_rx = 1, .adaptive_tx = 1 };
	struct irqmod_controller_config config = { .kind = 99 };
	struct irqmod_config_error error = { 0 };

	(void)unused;
	assert_int_equal(irqmod_ethtool_to_config(&coalesce, IRQMOD_KIND_STATIC, 10000,
						  &config, &error), -IRQMOD_EKIND);
	assert_string_equal(error.field, "driver");
	assert_int_equal(irqmod_ethtool_to_config(&coalesce, IRQMOD_KIND_COUNT, 10000,
						  &config, &error), -IRQMOD_EKIND);
	assert_int_equal(error.value, IRQMOD_KIND_COUNT);
	assert_int_equal(irqmod_ethtool_to_config(&coalesce, IRQMOD_KIND_STATIC, 10000,
						  &config, NULL), -IRQMOD_EKIND);
	assert_int_equal(irqmod_ethtool_to_config(&coalesce, IRQMOD_KIND_IXGBE, 0,
						  &config, NULL), -IRQMOD_ELINK);
	assert_int_equal(config.kind, 99);
	/* A zero link speed is the driver's defaults' rejection, named. */
	assert_int_equal(irqmod_ethtool_to_config(&coalesce, IRQMOD_KIND_IXGBE, 0,
						  &config, &error), -IRQMOD_ELINK);
	assert_string_equal(error.field, "link_speed_mbps");
	assert_int_equal(error.code, -IRQMOD_ELINK);
	assert_int_equal(config.kind, 99);
}

static void test_ethtool_bad_settings_are_rejected_by_name(void **unused)
{
	struct irqmod_ethtool_coalesce c;
	struct irqmod_config_error error = { 0 };
	char text[160];

	(void)unused;
	c = (struct irqmod_ethtool_coalesce){ .rx_usecs = IRQMOD_ETHTOOL_MAX_USECS + 1 };
	expect_reject(&c, -IRQMOD_ERANGE, "rx-usecs", IRQMOD_ETHTOOL_MAX_USECS + 1,
		      IRQMOD_ETHTOOL_MAX_USECS);
	assert_int_equal(irqmod_ethtool_coalesce_check(&c, &error), -IRQMOD_ERANGE);
	irqmod_config_error_format(&error, text, sizeof(text));
	assert_non_null(strstr(text, "ethtool: rx-usecs 1000001 is above the supported maximum"));

	c = (struct irqmod_ethtool_coalesce){ .tx_usecs = IRQMOD_ETHTOOL_MAX_USECS + 7 };
	expect_reject(&c, -IRQMOD_ERANGE, "tx-usecs", IRQMOD_ETHTOOL_MAX_USECS + 7,
		      IRQMOD_ETHTOOL_MAX_USECS);
	c = (struct irqmod_ethtool_coalesce){ .rx_frames = 32 };
	expect_reject(&c, -IRQMOD_ERANGE, "rx-frames", 32, 0);
	/* A frame count is not supported at all: no "maximum 0" in the message. */
	assert_int_equal(irqmod_ethtool_coalesce_check(&c, &error), -IRQMOD_ERANGE);
	irqmod_config_error_format(&error, text, sizeof(text));
	assert_string_equal(text, "ethtool: rx-frames 32 is not supported: irqmod moderates by "
				  "time, not by frame count (leave it 0)");
	c = (struct irqmod_ethtool_coalesce){ .tx_frames = 1 };
	expect_reject(&c, -IRQMOD_ERANGE, "tx-frames", 1, 0);
	c = (struct irqmod_ethtool_coalesce){ .adaptive_rx = 2, .adaptive_tx = 2 };
	expect_reject(&c, -IRQMOD_EINVAL, "adaptive-rx", 2, 1);
	c = (struct irqmod_ethtool_coalesce){ .adaptive_rx = 1 };
	expect_reject(&c, -IRQMOD_EINVAL, "adaptive-tx", 0, 1);
	c = (struct irqmod_ethtool_coalesce){ .adaptive_tx = 1 };
	expect_reject(&c, -IRQMOD_EINVAL, "adaptive-tx", 1, 0);
}

static void test_ethtool_null_pointers_are_rejected(void **unused)
{
	struct irqmod_ethtool_coalesce c = { 0 };
	struct irqmod_controller_config config = { 0 };
	struct irqmod_config_error error = { 0 };
	char text[80];

	(void)unused;
	assert_int_equal(irqmod_ethtool_coalesce_check(NULL, &error), -IRQMOD_EINVAL);
	assert_string_equal(error.kind, "ethtool");
	irqmod_config_error_format(&error, text, sizeof(text));
	assert_string_equal(text, "ethtool: config is a NULL pointer");
	assert_int_equal(irqmod_ethtool_to_config(NULL, 0, 0, &config, NULL), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_ethtool_to_config(&c, 0, 0, NULL, &error), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_ethtool_to_config(&c, 0, 0, NULL, NULL), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_ethtool_from_config(NULL, &c, &error), -IRQMOD_EINVAL);
	assert_string_equal(error.field, "config");
	assert_int_equal(irqmod_ethtool_from_config(NULL, &c, NULL), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_ethtool_from_config(&config, NULL, NULL), -IRQMOD_EINVAL);
}

static void test_ethtool_from_config_round_trips(void **unused)
{
	struct irqmod_ethtool_coalesce in = { .rx_usecs = 84, .tx_usecs = 3 };
	struct irqmod_ethtool_coalesce out = { 9, 9, 9, 9, 9, 9 };
	struct irqmod_controller_config config;

	(void)unused;
	assert_int_equal(irqmod_ethtool_to_config(&in, IRQMOD_KIND_DIM, 10000, &config, NULL), 0);
	assert_int_equal(irqmod_ethtool_from_config(&config, &out, NULL), 0);
	assert_memory_equal(&in, &out, sizeof(in));

	in = (struct irqmod_ethtool_coalesce){ .adaptive_rx = 1, .adaptive_tx = 1 };
	assert_int_equal(irqmod_ethtool_to_config(&in, IRQMOD_KIND_I40E, 40000, &config, NULL), 0);
	assert_int_equal(irqmod_ethtool_from_config(&config, &out, NULL), 0);
	assert_memory_equal(&in, &out, sizeof(in));
}

static void test_ethtool_from_config_names_what_cannot_be_expressed(void **unused)
{
	struct irqmod_ethtool_coalesce out = { 9, 9, 9, 9, 9, 9 };
	struct irqmod_controller_config config = { .kind = IRQMOD_KIND_STATIC };
	struct irqmod_config_error error = { 0 };

	(void)unused;
	config.config.static_config.rx_interval_ns = 50500;
	config.config.static_config.tx_interval_ns = 0;
	assert_int_equal(irqmod_ethtool_from_config(&config, &out, &error), -IRQMOD_ERANGE);
	assert_string_equal(error.field, "rx_interval_ns");
	assert_int_equal(error.value, 50500);
	assert_int_equal(error.limit, 1000);
	assert_int_equal(irqmod_ethtool_from_config(&config, &out, NULL), -IRQMOD_ERANGE);
	config.config.static_config.rx_interval_ns = 50000;
	config.config.static_config.tx_interval_ns = 999;
	assert_int_equal(irqmod_ethtool_from_config(&config, &out, &error), -IRQMOD_ERANGE);
	assert_string_equal(error.field, "tx_interval_ns");
	assert_int_equal(irqmod_ethtool_from_config(&config, &out, NULL), -IRQMOD_ERANGE);
	assert_int_equal(out.rx_usecs, 9); /* untouched on error */
	config.kind = IRQMOD_KIND_COUNT;
	assert_int_equal(irqmod_ethtool_from_config(&config, &out, &error), -IRQMOD_EKIND);
	assert_string_equal(error.field, "kind");
	assert_int_equal(irqmod_ethtool_from_config(&config, &out, NULL), -IRQMOD_EKIND);
	assert_int_equal(out.rx_usecs, 9);
}

static void test_ethtool_napi_settings_give_defer_irq(void **unused)
{
	struct irqmod_ethtool_napi napi = { 10, 20000, 0 };
	struct irqmod_controller_config inner = { .kind = IRQMOD_KIND_STATIC };
	struct irqmod_hybrid_config hybrid;
	struct irqmod_hybrid h;

	(void)unused;
	inner.config.static_config.rx_interval_ns = 8000;
	inner.config.static_config.tx_interval_ns = 8000;
	assert_int_equal(irqmod_ethtool_napi_to_hybrid(&napi, 0, &inner, &hybrid, NULL), 0);
	assert_int_equal(hybrid.kind, IRQMOD_HYBRID_DEFER_IRQ);
	assert_int_equal(hybrid.config.defer_irq.defer_hard_irqs, 10);
	assert_int_equal(hybrid.config.defer_irq.gro_flush_timeout_ns, 20000);
	assert_int_equal(hybrid.config.defer_irq.irq_suspend_timeout_ns, 0);
	assert_int_equal(hybrid.inner.kind, IRQMOD_KIND_STATIC);
	assert_int_equal(hybrid.inner.config.static_config.rx_interval_ns, 8000);
	assert_int_equal(irqmod_hybrid_init(&h, &hybrid), 0);

	/* Suspension alone still needs the hybrid. */
	napi = (struct irqmod_ethtool_napi){ 0, 0, 2000000 };
	assert_int_equal(irqmod_ethtool_napi_to_hybrid(&napi, 4, &inner, &hybrid, NULL), 0);
	assert_int_equal(hybrid.kind, IRQMOD_HYBRID_DEFER_IRQ);
	assert_int_equal(hybrid.config.defer_irq.irq_suspend_timeout_ns, 2000000);
	assert_int_equal(hybrid.config.defer_irq.suspend_polls, 4);
	assert_int_equal(irqmod_hybrid_init(&h, &hybrid), 0);

	/* Deferral needs both knobs non-zero, as in napi_complete_done(). */
	napi = (struct irqmod_ethtool_napi){ 10, 0, 0 };
	assert_int_equal(irqmod_ethtool_napi_to_hybrid(&napi, 0, &inner, &hybrid, NULL), 0);
	assert_int_equal(hybrid.kind, IRQMOD_HYBRID_NONE);
	napi = (struct irqmod_ethtool_napi){ 0, 20000, 0 };
	assert_int_equal(irqmod_ethtool_napi_to_hybrid(&napi, 0, &inner, &hybrid, NULL), 0);
	assert_int_equal(hybrid.kind, IRQMOD_HYBRID_NONE);
	assert_int_equal(hybrid.inner.config.static_config.tx_interval_ns, 8000);
}

static void test_ethtool_bad_napi_settings_are_rejected_by_name(void **unused)
{
	struct irqmod_ethtool_napi napi;
	struct irqmod_controller_config inner = { .kind = IRQMOD_KIND_STATIC };
	struct irqmod_hybrid_config hybrid = { .kind = 77 };
	struct irqmod_config_error error = { 0 };

	(void)unused;
	napi = (struct irqmod_ethtool_napi){ IRQMOD_DEFER_IRQ_MAX_COUNT + 1, 20000, 0 };
	assert_int_equal(irqmod_ethtool_napi_to_hybrid(&napi, 0, &inner, &hybrid, &error),
			 -IRQMOD_EBUDGET);
	assert_string_equal(error.field, "napi_defer_hard_irqs");
	assert_int_equal(error.limit, IRQMOD_DEFER_IRQ_MAX_COUNT);
	assert_int_equal(irqmod_ethtool_napi_to_hybrid(&napi, 0, &inner, &hybrid, NULL),
			 -IRQMOD_EBUDGET);
	napi = (struct irqmod_ethtool_napi){ 1, IRQMOD_DEFER_IRQ_MAX_TIMEOUT_NS + 1, 0 };
	assert_int_equal(irqmod_ethtool_napi_to_hybrid(&napi, 0, &inner, &hybrid, &error),
			 -IRQMOD_ERANGE);
	assert_string_equal(error.field, "gro_flush_timeout");
	assert_int_equal(irqmod_ethtool_napi_to_hybrid(&napi, 0, &inner, &hybrid, NULL),
			 -IRQMOD_ERANGE);
	napi = (struct irqmod_ethtool_napi){ 1, 1, IRQMOD_DEFER_IRQ_MAX_TIMEOUT_NS + 1 };
	assert_int_equal(irqmod_ethtool_napi_to_hybrid(&napi, 1, &inner, &hybrid, &error),
			 -IRQMOD_ERANGE);
	assert_string_equal(error.field, "irq_suspend_timeout");
	assert_int_equal(irqmod_ethtool_napi_to_hybrid(&napi, 1, &inner, &hybrid, NULL),
			 -IRQMOD_ERANGE);
	/* Suspension without irqmod's bound: defer-irq's own rejection. */
	napi = (struct irqmod_ethtool_napi){ 1, 1, 1000 };
	assert_int_equal(irqmod_ethtool_napi_to_hybrid(&napi, 0, &inner, &hybrid, &error),
			 -IRQMOD_EBUDGET);
	assert_string_equal(error.field, "suspend_polls");
	/* NULL pointers. */
	assert_int_equal(irqmod_ethtool_napi_to_hybrid(NULL, 0, &inner, &hybrid, &error),
			 -IRQMOD_EINVAL);
	assert_int_equal(irqmod_ethtool_napi_to_hybrid(&napi, 0, NULL, &hybrid, &error),
			 -IRQMOD_EINVAL);
	assert_int_equal(irqmod_ethtool_napi_to_hybrid(&napi, 0, &inner, NULL, NULL),
			 -IRQMOD_EINVAL);
	assert_int_equal(hybrid.kind, 77); /* untouched on every error */
}

#define U IRQMOD_ETHTOOL_PROFILE_UNCHANGED

static void test_ethtool_profile_changes_only_the_given_fields(void **unused)
{
	const struct irqmod_dim_profile *base;
	struct irqmod_dim_profile table[IRQMOD_ETHTOOL_PROFILE_ENTRIES];
	const struct irqmod_ethtool_profile_entry entries[IRQMOD_ETHTOOL_PROFILE_ENTRIES] = {
		{ 2, 256, 0 }, { U, U, U }, { 64, U, U }, { U, 32, 0 },
		{ IRQMOD_DIM_MAX_USECS, 65535, U },
	};
	struct irqmod_dim_config config;
	struct irqmod_dim state;
	uint32_t levels = 0;

	(void)unused;
	base = irqmod_dim_table(IRQMOD_DIM_TABLE_RX_EQE, &levels);
	assert_non_null(base);
	assert_int_equal(levels, IRQMOD_ETHTOOL_PROFILE_ENTRIES);
	memcpy(table, base, sizeof(table));
	assert_int_equal(irqmod_ethtool_apply_profile(entries, table, levels, NULL), 0);
	assert_int_equal(table[0].interval_usecs, 2);
	assert_int_equal(table[0].frames, 256);
	assert_memory_equal(&table[1], &base[1], sizeof(table[1]));
	assert_int_equal(table[2].interval_usecs, 64);
	assert_int_equal(table[2].frames, base[2].frames);
	assert_int_equal(table[3].interval_usecs, base[3].interval_usecs);
	assert_int_equal(table[3].frames, 32);
	assert_int_equal(table[4].interval_usecs, IRQMOD_DIM_MAX_USECS);
	assert_int_equal(table[4].frames, 65535);
	assert_int_equal(table[4].rate_limit_usecs, base[4].rate_limit_usecs);
	/* The table serves a DIM instance. */
	assert_int_equal(irqmod_dim_default_config(&config, IRQMOD_DIM_TABLE_RX_EQE), 0);
	config.profiles = table;
	assert_int_equal(irqmod_dim_init(&state, &config), 0);
}

static void test_ethtool_bad_profiles_are_rejected_by_entry(void **unused)
{
	struct irqmod_dim_profile table[IRQMOD_ETHTOOL_PROFILE_ENTRIES] = { { 7, 7, 7 } };
	struct irqmod_ethtool_profile_entry entries[IRQMOD_ETHTOOL_PROFILE_ENTRIES];
	struct irqmod_config_error error = { 0 };
	size_t i;

	(void)unused;
	for (i = 0; i < IRQMOD_ETHTOOL_PROFILE_ENTRIES; i++)
		entries[i] = (struct irqmod_ethtool_profile_entry){ 1, 1, 0 };
	entries[2].usec = IRQMOD_DIM_MAX_USECS + 1;
	assert_int_equal(irqmod_ethtool_apply_profile(entries, table, 5, &error), -IRQMOD_ERANGE);
	assert_string_equal(error.field, "profile[2].usec");
	assert_int_equal(error.limit, IRQMOD_DIM_MAX_USECS);
	assert_int_equal(irqmod_ethtool_apply_profile(entries, table, 5, NULL), -IRQMOD_ERANGE);
	entries[2].usec = 1;
	entries[4].pkts = 65536;
	assert_int_equal(irqmod_ethtool_apply_profile(entries, table, 5, &error), -IRQMOD_ERANGE);
	assert_string_equal(error.field, "profile[4].pkts");
	assert_int_equal(irqmod_ethtool_apply_profile(entries, table, 5, NULL), -IRQMOD_ERANGE);
	entries[4].pkts = 1;
	entries[0].comps = 3;
	assert_int_equal(irqmod_ethtool_apply_profile(entries, table, 5, &error), -IRQMOD_ERANGE);
	assert_string_equal(error.field, "profile[0].comps");
	assert_int_equal(error.value, 3);
	assert_int_equal(irqmod_ethtool_apply_profile(entries, table, 5, NULL), -IRQMOD_ERANGE);
	entries[0].comps = 0;
	assert_int_equal(irqmod_ethtool_apply_profile(entries, table, 4, &error), -IRQMOD_ETABLE);
	assert_string_equal(error.field, "levels");
	assert_int_equal(irqmod_ethtool_apply_profile(entries, table, 9, NULL), -IRQMOD_ETABLE);
	assert_int_equal(irqmod_ethtool_apply_profile(NULL, table, 5, &error), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_ethtool_apply_profile(entries, NULL, 5, NULL), -IRQMOD_EINVAL);
	assert_int_equal(table[0].interval_usecs, 7); /* untouched on every error */
	assert_int_equal(table[0].frames, 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ethtool_rx_usecs_off_gives_static),
		cmocka_unit_test(test_ethtool_adaptive_rx_gives_the_drivers_kind),
		cmocka_unit_test(test_ethtool_adaptive_rx_with_a_static_or_unknown_driver_is_rejected),
		cmocka_unit_test(test_ethtool_bad_settings_are_rejected_by_name),
		cmocka_unit_test(test_ethtool_null_pointers_are_rejected),
		cmocka_unit_test(test_ethtool_from_config_round_trips),
		cmocka_unit_test(test_ethtool_from_config_names_what_cannot_be_expressed),
		cmocka_unit_test(test_ethtool_napi_settings_give_defer_irq),
		cmocka_unit_test(test_ethtool_bad_napi_settings_are_rejected_by_name),
		cmocka_unit_test(test_ethtool_profile_changes_only_the_given_fields),
		cmocka_unit_test(test_ethtool_bad_profiles_are_rejected_by_entry),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
