/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <assert.h>

#include "irqmod/i40e.h"
#include "vector_test_util.h"
#include "vectors/i40e_run.h"
#include "support.h"

static_assert(sizeof(struct irqmod_i40e) <= 64, "state must fit 64 bytes");

static void test_i40e_worked_vectors_match_hand_derivation(void **unused)
{
	/* tests/vectors/i40e_run.h: the runner the kernel self-test uses too. */
	static const struct irqmod_vector_custom_set set = IRQMOD_VECTOR_CUSTOM_SET(i40e);

	(void)unused;
	test_vector_custom_set_passes(&set);
}

static void test_i40e_linux_config_is_the_driver_constants(void **unused)
{
	struct irqmod_intel_itr_config config;

	(void)unused;
	assert_int_equal(irqmod_i40e_config_linux(&config, 40000), 0);
	assert_int_equal(config.min_interval_ns, 2000);
	assert_int_equal(config.max_interval_ns, 126000);
	assert_int_equal(config.step_ns, 2000);
	assert_int_equal(config.initial_interval_ns, 50000);
	assert_int_equal(config.tick_ns, 1000000);
	assert_int_equal(config.link_speed_mbps, 40000);
	assert_int_equal(irqmod_i40e_config_linux(NULL, 40000), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_i40e_config_linux(&config, 0), -IRQMOD_ELINK);
	assert_int_equal(irqmod_i40e_config_linux(&config, 800001), -IRQMOD_ELINK);
	assert_int_equal(config.link_speed_mbps, 40000); /* untouched */
}

static void expect_init_error(const struct irqmod_intel_itr_config *config, int error)
{
	struct irqmod_i40e state;

	state.countdown = 77;
	state.config.link_speed_mbps = 77;
	assert_int_equal(irqmod_i40e_init(&state, config), error);
	assert_int_equal(state.countdown, 77);
	assert_int_equal(state.config.link_speed_mbps, 77);
}

static void test_i40e_init_rejects_every_invalid_config(void **unused)
{
	struct irqmod_intel_itr_config good;
	struct irqmod_i40e state;

	(void)unused;
	assert_int_equal(irqmod_i40e_config_linux(&good, 10000), 0);
	assert_int_equal(irqmod_i40e_init(NULL, &good), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_i40e_init(&state, NULL), -IRQMOD_EINVAL);
	/* Even microseconds (the register counts 2 us), ceiling I40E_MAX_ITR. */
	test_intel_itr_bad_configs(&good, 2000, IRQMOD_I40E_INTERVAL_LIMIT_NS,
				   IRQMOD_I40E_MAX_LINK_SPEED_MBPS, expect_init_error);
}

static void test_i40e_reset_restarts_from_the_initial_values(void **unused)
{
	struct irqmod_intel_itr_config config;
	struct irqmod_i40e state;
	struct irqmod_sample sample = { .now_ns = 0 };
	struct irqmod_decision decision;

	(void)unused;
	assert_int_equal(irqmod_i40e_config_linux(&config, 10000), 0);
	assert_int_equal(irqmod_i40e_init(&state, &config), 0);
	irqmod_i40e_update(&state, &sample, &decision);
	assert_int_equal(decision.tx_interval_ns, 126000);
	irqmod_i40e_reset(&state);
	assert_int_equal(state.rx.current_itr, 50);
	assert_int_equal(state.tx.current_itr, 50);
	assert_int_equal(state.countdown, 0);
	sample.now_ns = 100000;
	irqmod_i40e_update(&state, &sample, &decision); /* stale again */
	assert_int_equal(decision.rx_interval_ns, 50000);
	assert_int_equal(decision.tx_interval_ns, 126000);
	assert_true(decision.changed);
}

/* ---- property test against a literal transcription --------------------- */

/*
 * The driver's logic written out a second time in its own shape (u16
 * target/current with the flag in bit 15, jiffies and time_after(),
 * next_update = jiffies + 1 at configuration time 0), independent of
 * lib/i40e.c and lib/itr_curve.c.
 */
struct reference_container {
	uint16_t target, current;
	uint64_t next_update;
};

struct reference_vector {
	struct reference_container rx, tx;
	unsigned int countdown;
	uint32_t link;
};

static void reference_update(struct reference_vector *q, struct reference_container *rc,
			     bool is_rx, uint64_t jiffies, uint32_t packets, uint32_t bytes)
{
	unsigned int itr = is_rx ? (2 | 0x8000) : (126 | 0x8000);
	unsigned int avg, divisor;

	if ((int64_t)(rc->next_update - jiffies) < 0)
		goto clear;
	if (q->countdown) {
		itr = rc->target;
		goto clear;
	}
	if (is_rx) {
		if (packets && packets < 4 && bytes < 9000 && (q->tx.target & 0x8000)) {
			itr = 0x8000;
			goto size;
		}
	} else if (packets < 4) {
		if (rc->target == 126 && (q->rx.target & 0x1FFE) == 126)
			goto clear;
	} else if (packets > 32) {
		rc->target &= (uint16_t)~0x8000;
	}
	if (packets < 56) {
		itr = rc->target + 2u;
		if ((itr & 0x1FFE) > 126) {
			itr &= 0x8000;
			itr += 126;
		}
		goto clear;
	}
	if (packets <= 256) {
		itr = q->tx.current < q->rx.current ? q->tx.current : q->rx.current;
		itr &= 0x1FFE;
		if (packets <= 112)
			goto clear;
		itr /= 2;
		itr &= 0x1FFE;
		if (itr < 2)
			itr = 2;
		goto clear;
	}
	itr = 0;
size:
	avg = bytes / packets;
	if (avg <= 60)
		avg = 4096;
	else if (avg <= 380)
		avg = avg * 40 + 1696;
	else if (avg <= 1084)
		avg = avg * 15 + 11452;
	else if (avg <= 1980)
		avg = avg * 5 + 22420;
	else
		avg = 32256;
	if (itr & 0x8000)
		avg /= 2;
	switch (q->link) {
	case 40000:
		divisor = 2 * 1024;
		break;
	case 25000:
	case 20000:
		divisor = 2 * 512;
		break;
	case 1000:
	case 100:
		divisor = 2 * 32;
		break;
	default:
		divisor = 2 * 256;
		break;
	}
	itr += (avg + divisor - 1) / divisor * 2;
	if ((itr & 0x1FFE) > 126) {
		itr &= 0x8000;
		itr += 126;
	}
clear:
	rc->target = (uint16_t)itr;
	rc->next_update = jiffies + 1;
}

static bool reference_update_enable(struct reference_vector *q, uint64_t now_ns,
				    const struct irqmod_sample *sample)
{
	uint64_t jiffies = now_ns / 1000000u;
	bool written = true;

	reference_update(q, &q->tx, false, jiffies, sample->tx_packets,
			 (uint32_t)sample->tx_bytes);
	reference_update(q, &q->rx, true, jiffies, sample->rx_packets,
			 (uint32_t)sample->rx_bytes);
	if (q->rx.target < q->rx.current) {
		q->rx.current = q->rx.target;
	} else if (q->tx.target < q->tx.current ||
		   (q->rx.target - q->rx.current) < (q->tx.target - q->tx.current)) {
		q->tx.current = q->tx.target;
	} else if (q->rx.current != q->rx.target) {
		q->rx.current = q->rx.target;
	} else {
		written = false;
		if (q->countdown)
			q->countdown--;
	}
	if (written)
		q->countdown = 3;
	return written;
}

static uint32_t random_packets(uint64_t *seed)
{
	static const uint32_t edges[] = { 0, 1, 3, 4, 32, 33, 55, 56, 112, 113, 256, 257 };
	uint64_t r = test_xorshift64(seed);

	switch (r % 6) {
	case 0:
		return edges[(r >> 8) % TEST_ARRAY_SIZE(edges)];
	case 1:
		return (uint32_t)((r >> 8) % 4);
	case 2:
		return (uint32_t)((r >> 8) % 56);
	default:
		return (uint32_t)((r >> 8) % 1024);
	}
}

static const uint32_t i40e_link_speeds[] = { 100, 1000, 10000, 20000, 25000, 40000, 100000 };

static uint64_t i40e_property_run(uint64_t seed, bool compare)
{
	uint64_t digest = 1469598103934665603ull;
	uint64_t now_ns = 2000000;
	struct irqmod_intel_itr_config config;
	struct irqmod_i40e state;
	struct reference_vector reference = {
		.rx = { 50, 50, 1 }, .tx = { 50, 50, 1 }, .countdown = 0,
	};
	uint32_t step;

	reference.link = i40e_link_speeds[seed % 7];
	assert_int_equal(irqmod_i40e_config_linux(&config, reference.link), 0);
	assert_int_equal(irqmod_i40e_init(&state, &config), 0);
	for (step = 0; step < 200000; step++) {
		struct irqmod_sample sample = { 0 };
		struct irqmod_decision decision;
		uint64_t r = test_xorshift64(&seed);

		if (r % 13 == 0)
			now_ns += 2000000 + (r >> 8) % 3000000;
		else if (r % 13 == 1 && now_ns > 3000000)
			now_ns -= (r >> 8) % 3000000;
		else if (r % 13 != 2)
			now_ns += (r >> 8) % 300000;
		sample.now_ns = now_ns;
		sample.rx_packets = random_packets(&seed);
		sample.tx_packets = random_packets(&seed);
		sample.rx_bytes = (uint64_t)sample.rx_packets * (test_xorshift64(&seed) % 9500) +
				  test_xorshift64(&seed) % 64;
		sample.tx_bytes = (uint64_t)sample.tx_packets * (test_xorshift64(&seed) % 66000);
		irqmod_i40e_update(&state, &sample, &decision);
		assert_in_range(decision.rx_interval_ns, 2000, 126000);
		assert_in_range(decision.tx_interval_ns, 2000, 126000);
		if (compare) {
			bool written = reference_update_enable(&reference, now_ns, &sample);

			if (decision.changed != written ||
			    decision.rx_interval_ns != (reference.rx.current & 0x1FFEu) * 1000u ||
			    decision.tx_interval_ns != (reference.tx.current & 0x1FFEu) * 1000u)
				print_error("step %u: reference rx %u tx %u w %d, irqmod rx %u tx %u w %d\n",
					    step, reference.rx.current, reference.tx.current,
					    written, decision.rx_interval_ns,
					    decision.tx_interval_ns, decision.changed);
			assert_int_equal(decision.changed, written);
			assert_int_equal(state.rx.target_itr, reference.rx.target);
			assert_int_equal(state.tx.target_itr, reference.tx.target);
			assert_int_equal(state.rx.current_itr, reference.rx.current);
			assert_int_equal(state.tx.current_itr, reference.tx.current);
		}
		digest = (digest ^ decision.rx_interval_ns ^
			  ((uint64_t)decision.tx_interval_ns << 20) ^
			  ((uint64_t)decision.changed << 40)) * 1099511628211ull;
	}
	return digest;
}

static void test_i40e_random_stream_matches_linux_reference(void **unused)
{
	uint64_t seed;

	(void)unused;
	for (seed = 0x9E3779B97F4A7C15ull; seed < 0x9E3779B97F4A7C15ull + 14; seed++)
		i40e_property_run(seed, true);
}

static void test_i40e_random_stream_is_deterministic(void **unused)
{
	(void)unused;
	assert_int_equal(i40e_property_run(42, false), i40e_property_run(42, false));
	assert_true(i40e_property_run(42, false) != i40e_property_run(43, false));
}

static void test_i40e_extreme_samples_stay_in_bounds(void **unused)
{
	struct irqmod_intel_itr_config config;
	struct irqmod_i40e state;
	uint64_t seed = 7;
	uint32_t step;

	(void)unused;
	assert_int_equal(irqmod_i40e_config_linux(&config, 25000), 0);
	config.min_interval_ns = 10000;
	config.max_interval_ns = 84000;
	assert_int_equal(irqmod_i40e_init(&state, &config), 0);
	for (step = 0; step < 50000; step++) {
		struct irqmod_sample sample = { 0 };
		struct irqmod_decision decision;
		uint64_t r = test_xorshift64(&seed);

		sample.now_ns = test_xorshift64(&seed) >> (r % 64);
		sample.rx_packets = r % 3 ? (uint32_t)(r >> 32) : UINT32_MAX;
		sample.tx_packets = random_packets(&seed);
		sample.rx_bytes = r % 5 ? test_xorshift64(&seed) : UINT64_MAX;
		sample.tx_bytes = test_xorshift64(&seed) >> (r % 64);
		irqmod_i40e_update(&state, &sample, &decision);
		assert_in_range(decision.rx_interval_ns, 10000, 84000);
		assert_in_range(decision.tx_interval_ns, 10000, 84000);
	}
}

/*
 * Issue 11, section 6: with the ceiling at I40E_MAX_ITR (8160 us) and a
 * 126 us step, target + step (8286 us) overflowed the 0x1FFE usecs mask and
 * the masked value (94 us) passed the ceiling test: TX fell from 8160 us to
 * 94 us at the fifth call. The creep must stop at the ceiling instead.
 */
static void test_i40e_increase_at_the_register_maximum_stops_at_the_ceiling(void **unused)
{
	struct irqmod_intel_itr_config config;
	struct irqmod_i40e state;
	struct irqmod_sample sample = {
		.rx_packets = 10, .tx_packets = 10, .rx_bytes = 15000, .tx_bytes = 15000,
	};
	struct irqmod_decision decision;
	unsigned int call;

	(void)unused;
	assert_int_equal(irqmod_i40e_config_linux(&config, 40000), 0);
	config.max_interval_ns = IRQMOD_I40E_INTERVAL_LIMIT_NS;
	config.initial_interval_ns = IRQMOD_I40E_INTERVAL_LIMIT_NS;
	config.step_ns = 126000;
	assert_int_equal(irqmod_i40e_init(&state, &config), 0);
	/* RX creeps 126 us per write, one write per four calls: 260 calls to the top. */
	for (call = 1; call <= 400; call++) {
		uint32_t rx_before = state.rx.target_itr & ~IRQMOD_I40E_LATENCY;

		sample.now_ns = 100000u * call;
		irqmod_i40e_update(&state, &sample, &decision);
		assert_in_range(decision.rx_interval_ns, config.min_interval_ns,
				config.max_interval_ns);
		if (call >= 2)
			assert_int_equal(decision.tx_interval_ns, IRQMOD_I40E_INTERVAL_LIMIT_NS);
		assert_int_equal(state.tx.target_itr & ~IRQMOD_I40E_LATENCY, 8160);
		/* RX creeps up from its stale restart, never down, and stops at 8160 us. */
		if (call >= 2)
			assert_true((state.rx.target_itr & ~IRQMOD_I40E_LATENCY) >= rx_before);
		assert_true((state.rx.target_itr & ~IRQMOD_I40E_LATENCY) <= 8160);
	}
	assert_int_equal(decision.rx_interval_ns, IRQMOD_I40E_INTERVAL_LIMIT_NS);
}

/* A vector without one of the rings leaves that container at its setup values. */
static void test_i40e_missing_ring_keeps_its_container_untouched(void **unused)
{
	unsigned int ring;

	(void)unused;
	for (ring = 0; ring < 2; ring++) {
		struct irqmod_intel_itr_config config;
		struct irqmod_i40e state;
		struct irqmod_sample sample = {
			.rx_packets = 300, .rx_bytes = 300 * 1500,
			.tx_packets = 300, .tx_bytes = 300 * 1500,
		};
		struct irqmod_decision decision;
		const struct irqmod_i40e_container *kept, *moved;
		unsigned int call;

		assert_int_equal(irqmod_i40e_config_linux(&config, 10000), 0);
		config.rx_ring = ring == 1;
		config.tx_ring = ring == 0;
		kept = ring == 0 ? &state.rx : &state.tx;
		moved = ring == 0 ? &state.tx : &state.rx;
		assert_int_equal(irqmod_i40e_init(&state, &config), 0);
		for (call = 1; call <= 10; call++) {
			sample.now_ns = 100000u * call;
			irqmod_i40e_update(&state, &sample, &decision);
			assert_int_equal(kept->target_itr, 50);
			assert_int_equal(kept->current_itr, 50);
		}
		/* The ring that is there went to bulk mode from the size curve. */
		assert_true(moved->target_itr != 50);
		assert_int_equal(moved->target_itr & IRQMOD_I40E_LATENCY, 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_i40e_worked_vectors_match_hand_derivation),
		cmocka_unit_test(test_i40e_linux_config_is_the_driver_constants),
		cmocka_unit_test(test_i40e_init_rejects_every_invalid_config),
		cmocka_unit_test(test_i40e_reset_restarts_from_the_initial_values),
		cmocka_unit_test(test_i40e_random_stream_matches_linux_reference),
		cmocka_unit_test(test_i40e_random_stream_is_deterministic),
		cmocka_unit_test(test_i40e_extreme_samples_stay_in_bounds),
		cmocka_unit_test(test_i40e_increase_at_the_register_maximum_stops_at_the_ceiling),
		cmocka_unit_test(test_i40e_missing_ring_keeps_its_container_untouched),
	};

	return cmocka_run_group_tests_name("i40e", tests, NULL, NULL);
}
