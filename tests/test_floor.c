/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irqmod/floor.h"

/*
 * Notation for the derivations below (defaults of the 2015 12K post):
 *   n = rcvbuf * (frame + 24)        d = truesize * link_mbps
 *   fill_ns     = floor(n * 8000 / d)
 *   interval_ns = floor(floor(n * 80 * (100 - margin) / d) / step) * step
 * For 1514-byte frames n = 212992 * 1538 = 327,581,696;
 * for 9000-byte frames n = 212992 * 9024 = 1,922,039,808.
 * With margin 4%: 80 * 96 = 7680.
 */

static struct irqmod_floor_params defaults_at(uint32_t link_speed_mbps)
{
	struct irqmod_floor_params params;

	irqmod_floor_default_params(&params, link_speed_mbps);
	return params;
}

static void test_floor_defaults_are_the_2015_post_inputs(void **unused)
{
	struct irqmod_floor_params params = defaults_at(10000);

	(void)unused;
	assert_int_equal(params.rcvbuf_bytes, 212992);
	assert_int_equal(params.truesize_bytes, 2994);
	assert_int_equal(params.frame_bytes, 1514);
	assert_int_equal(params.link_speed_mbps, 10000);
	assert_int_equal(params.margin_percent, 4);
	assert_int_equal(params.step_ns, 2000);
	assert_int_equal(params.min_interval_ns, 10000);
}

static void test_floor_10g_1514_bytes_gives_the_published_84_usecs(void **unused)
{
	struct irqmod_floor_params params = defaults_at(10000);
	struct irqmod_floor_result result;

	(void)unused;
	assert_int_equal(irqmod_floor_interval(&params, &result), 0);
	/* 212992 / 2994 = 71.1396 frames -> 71139 thousandths. */
	assert_int_equal(result.frames_milli, 71139);
	/*
	 * d = 2994 * 10000 = 29,940,000. fill = 327,581,696 * 8000 / d
	 * = 87,530.18 -> 87530 ns (87.5 us; the post's 87.9 and the figure
	 * 87529 both come from rounding 71.14 frames first).
	 */
	assert_int_equal(result.fill_ns, 87530);
	/* 327,581,696 * 7680 / d = 84,028.97 -> 84028 -> step 2000 -> 84000. */
	assert_int_equal(result.interval_ns, 84000);
	/* 1e9 / 84000 = 11904 interrupts/s: the "12K" of the post. */
	assert_int_equal(1000000000u / result.interval_ns, 11904);
}

static void test_floor_fractional_frames_are_kept_until_the_one_division(void **unused)
{
	struct irqmod_floor_params params = defaults_at(10000);
	struct irqmod_floor_result result;
	uint64_t whole_frames_fill_ns;

	(void)unused;
	assert_int_equal(irqmod_floor_interval(&params, &result), 0);
	/*
	 * Truncating to 71 whole frames first would give
	 * 71 * 1538 * 8000 / 10000 = 87,358 ns: 172 ns shorter. The result
	 * must be the fractional one.
	 */
	whole_frames_fill_ns = 71u * 1538u * 8000u / 10000u;
	assert_int_equal(whole_frames_fill_ns, 87358);
	assert_true(result.fill_ns > whole_frames_fill_ns + 100);
}

struct floor_case {
	uint32_t link_speed_mbps;
	uint32_t frame_bytes;
	uint64_t fill_ns;
	uint32_t interval_ns;
	int status;
};

/*
 * Hand derivations (n and d as above; margin 4%, step 2 us, min 10 us):
 *  1514 B:  1G: d = 2,994,000:   fill 875,301.8; 840,289.7 -> 840000
 *          25G: d = 74,850,000:  fill  35,012.1;  33,611.6 ->  32000
 *          40G: d = 119,760,000: fill  21,882.5;  21,007.2 ->  20000
 *         100G: d = 299,400,000: fill   8,753.0;   8,402.9 ->   8000,
 *               below 10000 -> clamped to 10000
 *  9000 B:  1G: fill 5,135,710.9; 4,930,282.5 -> 4930000
 *          10G: fill   513,571.1;   493,028.2 ->  492000
 *          25G: fill   205,428.4;   197,211.3 ->  196000
 *          40G: fill   128,392.8;   123,257.1 ->  122000
 *         100G: fill    51,357.1;    49,302.8 ->   48000 (not clamped)
 */
static const struct floor_case floor_cases[] = {
	{ 1000, 1514, 875301, 840000, 0 },
	{ 10000, 1514, 87530, 84000, 0 },
	{ 25000, 1514, 35012, 32000, 0 },
	{ 40000, 1514, 21882, 20000, 0 },
	{ 100000, 1514, 8753, 10000, IRQMOD_FLOOR_CLAMPED },
	{ 1000, 9000, 5135710, 4930000, 0 },
	{ 10000, 9000, 513571, 492000, 0 },
	{ 25000, 9000, 205428, 196000, 0 },
	{ 40000, 9000, 128392, 122000, 0 },
	{ 100000, 9000, 51357, 48000, 0 },
};

static void test_floor_link_speeds_and_jumbo_frames_match_hand_derivation(void **unused)
{
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof(floor_cases) / sizeof(floor_cases[0]); i++) {
		struct irqmod_floor_params params =
			defaults_at(floor_cases[i].link_speed_mbps);
		struct irqmod_floor_result result;

		params.frame_bytes = floor_cases[i].frame_bytes;
		assert_int_equal(irqmod_floor_interval(&params, &result),
				 floor_cases[i].status);
		assert_int_equal(result.fill_ns, floor_cases[i].fill_ns);
		assert_int_equal(result.interval_ns, floor_cases[i].interval_ns);
	}
}

static void test_floor_100g_clamps_to_min_and_says_so(void **unused)
{
	struct irqmod_floor_params params = defaults_at(100000);
	struct irqmod_floor_result result;

	(void)unused;
	assert_int_equal(irqmod_floor_interval(&params, &result),
			 IRQMOD_FLOOR_CLAMPED);
	assert_int_equal(result.interval_ns, 10000);
	/* Without a minimum the rounded value (8000, see table) comes back. */
	params.min_interval_ns = 0;
	assert_int_equal(irqmod_floor_interval(&params, &result), 0);
	assert_int_equal(result.interval_ns, 8000);
}

static void test_floor_margin_and_step_are_applied(void **unused)
{
	struct irqmod_floor_params params = defaults_at(10000);
	struct irqmod_floor_result result;

	(void)unused;
	/* No margin, 1 ns step: 327,581,696 * 8000 / 29,940,000 -> 87530. */
	params.margin_percent = 0;
	params.step_ns = 1;
	assert_int_equal(irqmod_floor_interval(&params, &result), 0);
	assert_int_equal(result.interval_ns, 87530);
	/* 50% margin: 327,581,696 * 4000 / 29,940,000 = 43,765.1 -> 43765. */
	params.margin_percent = 50;
	assert_int_equal(irqmod_floor_interval(&params, &result), 0);
	assert_int_equal(result.interval_ns, 43765);
	/* The same with a 10 us step -> 40000. */
	params.step_ns = 10000;
	assert_int_equal(irqmod_floor_interval(&params, &result), 0);
	assert_int_equal(result.interval_ns, 40000);
}

static void test_floor_largest_inputs_do_not_overflow(void **unused)
{
	struct irqmod_floor_params params = {
		.rcvbuf_bytes = IRQMOD_FLOOR_MAX_RCVBUF_BYTES,
		.truesize_bytes = 1,
		.frame_bytes = IRQMOD_FLOOR_MAX_FRAME_BYTES,
		.link_speed_mbps = 1,
		.margin_percent = 0,
		.step_ns = 2000,
		.min_interval_ns = 0,
	};
	struct irqmod_floor_result result;

	(void)unused;
	/*
	 * n = 2^31 * 65559 = 140,786,880,479,232; fill = n * 8000
	 * = 1,126,295,043,833,856,000 ns (< 2^64 = 1.8e19). The interval does
	 * not fit 32 bits: UINT32_MAX rounded down to 2000 = 4,294,966,000.
	 */
	assert_int_equal(irqmod_floor_interval(&params, &result),
			 IRQMOD_FLOOR_SATURATED);
	assert_int_equal(result.fill_ns, 1126295043833856000ull);
	assert_int_equal(result.interval_ns, 4294966000u);
	/* 2^31 * 1000 / 1 thousandths of a frame. */
	assert_int_equal(result.frames_milli, 2147483648000ull);
}

static void test_floor_fastest_link_largest_truesize_gives_zero_then_min(void **unused)
{
	struct irqmod_floor_params params = {
		.rcvbuf_bytes = 1,
		.truesize_bytes = IRQMOD_FLOOR_MAX_TRUESIZE_BYTES,
		.frame_bytes = 1,
		.link_speed_mbps = IRQMOD_FLOOR_MAX_LINK_SPEED_MBPS,
		.margin_percent = 99,
		.step_ns = 1,
		.min_interval_ns = 0,
	};
	struct irqmod_floor_result result;

	(void)unused;
	/* n = 25, d = 2^31 * 800000: everything rounds to 0. */
	assert_int_equal(irqmod_floor_interval(&params, &result), 0);
	assert_int_equal(result.fill_ns, 0);
	assert_int_equal(result.interval_ns, 0);
	params.min_interval_ns = 10000;
	assert_int_equal(irqmod_floor_interval(&params, &result),
			 IRQMOD_FLOOR_CLAMPED);
	assert_int_equal(result.interval_ns, 10000);
}

static void test_floor_800g_with_defaults_is_clamped(void **unused)
{
	struct irqmod_floor_params params = defaults_at(800000);
	struct irqmod_floor_result result;

	(void)unused;
	/* 327,581,696 * 7680 / (2994 * 800000) = 1050.4 -> 0 -> clamp 10000. */
	assert_int_equal(irqmod_floor_interval(&params, &result),
			 IRQMOD_FLOOR_CLAMPED);
	assert_int_equal(result.interval_ns, 10000);
	/* fill = 327,581,696 * 8000 / 2,395,200,000 = 1094.1 -> 1094. */
	assert_int_equal(result.fill_ns, 1094);
}

static void expect_error(struct irqmod_floor_params params, int error)
{
	struct irqmod_floor_result result = { 7, 7, 7 };

	assert_int_equal(irqmod_floor_interval(&params, &result), error);
	/* untouched on error */
	assert_int_equal(result.fill_ns, 7);
	assert_int_equal(result.frames_milli, 7);
	assert_int_equal(result.interval_ns, 7);
}

static void test_floor_invalid_inputs_are_rejected(void **unused)
{
	struct irqmod_floor_params params = defaults_at(10000);
	struct irqmod_floor_params bad;
	struct irqmod_floor_result result;

	(void)unused;
	assert_int_equal(irqmod_floor_interval(NULL, &result), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_floor_interval(&params, NULL), -IRQMOD_EINVAL);

	bad = params;
	bad.rcvbuf_bytes = 0;
	expect_error(bad, -IRQMOD_EFRAME);
	bad.rcvbuf_bytes = IRQMOD_FLOOR_MAX_RCVBUF_BYTES + 1;
	expect_error(bad, -IRQMOD_EFRAME);

	bad = params;
	bad.truesize_bytes = 0;
	expect_error(bad, -IRQMOD_EFRAME);
	bad.truesize_bytes = IRQMOD_FLOOR_MAX_TRUESIZE_BYTES + 1;
	expect_error(bad, -IRQMOD_EFRAME);

	bad = params;
	bad.frame_bytes = 0;
	expect_error(bad, -IRQMOD_EFRAME);
	bad.frame_bytes = IRQMOD_FLOOR_MAX_FRAME_BYTES + 1;
	expect_error(bad, -IRQMOD_EFRAME);

	bad = params;
	bad.link_speed_mbps = 0;
	expect_error(bad, -IRQMOD_ELINK);
	bad.link_speed_mbps = IRQMOD_FLOOR_MAX_LINK_SPEED_MBPS + 1;
	expect_error(bad, -IRQMOD_ELINK);

	bad = params;
	bad.margin_percent = 100;
	expect_error(bad, -IRQMOD_ERANGE);

	bad = params;
	bad.step_ns = 0;
	expect_error(bad, -IRQMOD_ESTEP);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_floor_defaults_are_the_2015_post_inputs),
		cmocka_unit_test(test_floor_10g_1514_bytes_gives_the_published_84_usecs),
		cmocka_unit_test(test_floor_fractional_frames_are_kept_until_the_one_division),
		cmocka_unit_test(test_floor_link_speeds_and_jumbo_frames_match_hand_derivation),
		cmocka_unit_test(test_floor_100g_clamps_to_min_and_says_so),
		cmocka_unit_test(test_floor_margin_and_step_are_applied),
		cmocka_unit_test(test_floor_largest_inputs_do_not_overflow),
		cmocka_unit_test(test_floor_fastest_link_largest_truesize_gives_zero_then_min),
		cmocka_unit_test(test_floor_800g_with_defaults_is_clamped),
		cmocka_unit_test(test_floor_invalid_inputs_are_rejected),
	};

	return cmocka_run_group_tests_name("floor", tests, NULL, NULL);
}
