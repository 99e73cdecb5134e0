/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The simulator engine: generator, fixed-point variates, heap, histogram. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "engine.h"

static void test_sim_rng_same_seed_and_stream_gives_same_sequence(void **unused)
{
	struct irqmod_sim_rng a, b, c;
	int i, differ = 0;

	(void)unused;
	irqmod_sim_rng_seed(&a, 42, 0);
	irqmod_sim_rng_seed(&b, 42, 0);
	irqmod_sim_rng_seed(&c, 42, 1);
	for (i = 0; i < 1000; i++) {
		uint64_t x = irqmod_sim_rng_next(&a);

		assert_int_equal(x, irqmod_sim_rng_next(&b));
		differ += x != irqmod_sim_rng_next(&c);
	}
	/* Another stream under the same seed is a different sequence. */
	assert_true(differ > 990);
}

static void test_sim_log2_powers_of_two_are_exact(void **unused)
{
	uint32_t e;

	(void)unused;
	for (e = 0; e < 64; e++)
		assert_int_equal(irqmod_sim_log2_q32(1ull << e), ((uint64_t)e << 32));
	/* 0 is read as 1. */
	assert_int_equal(irqmod_sim_log2_q32(0), 0);
}

static void test_sim_log2_of_three_is_accurate(void **unused)
{
	/* log2(3) = 1.584962500721156..., * 2^32 = 6807362106.0 */
	uint64_t expected = 6807362106ull, got;

	(void)unused;
	got = irqmod_sim_log2_q32(3);
	assert_true(got + 4 >= expected && got <= expected + 4);
}

static void test_sim_exp2_inverts_log2(void **unused)
{
	uint64_t values[] = { 3, 7, 1000, 123456789, 1ull << 30 };
	size_t i;

	(void)unused;
	/* exp2(10) = 1024 exactly: no fraction bit is set. */
	assert_int_equal(irqmod_sim_exp2_q32(10ull << 32), (1024ull << 32));
	for (i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		uint64_t back = irqmod_sim_exp2_q32(irqmod_sim_log2_q32(values[i])) >> 32;

		/* Relative error below 1e-6 (log2 error ~2^-30, times ln 2). */
		assert_true(back >= values[i] - values[i] / 1000000 - 1);
		assert_true(back <= values[i] + values[i] / 1000000 + 1);
	}
	/* 2^31 and above do not fit 32.32: saturates instead of wrapping. */
	assert_int_equal(irqmod_sim_exp2_q32(40ull << 32), UINT64_MAX);
}

/*
 * Sample means over several seeds. Exponential with mean 1000: the mean of
 * 100000 samples has a standard deviation 1000 / sqrt(100000) = 3.16, so
 * +-16 is 5 standard deviations. Pareto with shape 3 and mean 1000: scale
 * 666.7, variance 1000^2 / (3 * (3 - 2)) = 333333, sd of the mean 1.83,
 * +-10 is more than 5 sd; every draw is at least the scale.
 */
static void test_sim_variate_means_match_within_five_sigma(void **unused)
{
	uint64_t seed;

	(void)unused;
	for (seed = 1; seed <= 5; seed++) {
		struct irqmod_sim_rng rng;
		uint64_t sum = 0, pareto_sum = 0, minimum = UINT64_MAX;
		int i;

		irqmod_sim_rng_seed(&rng, seed, 7);
		for (i = 0; i < 100000; i++)
			sum += irqmod_sim_exponential(&rng, 1000);
		assert_true(sum / 100000 >= 984 && sum / 100000 <= 1016);
		for (i = 0; i < 100000; i++) {
			uint64_t x = irqmod_sim_pareto(&rng, 1000, 3000);

			pareto_sum += x;
			if (x < minimum)
				minimum = x;
		}
		assert_true(pareto_sum / 100000 >= 990 && pareto_sum / 100000 <= 1010);
		assert_true(minimum >= 666);
	}
}

/*
 * mutilate's Facebook ETC laws (value size GPareto(15, 214.476, 0.348238) B,
 * key size GEV(30.7984, 8.20449, 0.078688) B), drawn in thousandths of a
 * byte. Analytic values: the GPareto median mu + sigma (2^xi - 1) / xi =
 * 183.141 B and mean mu + sigma / (1 - xi) = 344.071 B (sd 597.3 B); the
 * GEV median mu + sigma ((ln 2)^-xi - 1) / xi = 33.849 B and mean
 * mu + sigma (Gamma(1 - xi) - 1) / xi = 36.223 B. Over 100,000 draws the
 * share below the median is within 5 sigma (0.79 %) of one half on every
 * seed, the GPareto mean within 5 standard errors (9.4 B) and the GEV mean
 * within 1 %; shape 0 is the exponential law.
 */
static void test_sim_generalised_variates_match_medians_and_means(void **unused)
{
	uint64_t seed;
	const int draws = 100000;

	(void)unused;
	for (seed = 1; seed <= 4; seed++) {
		struct irqmod_sim_rng rng;
		int64_t gp_sum = 0, gev_sum = 0, exp_sum = 0, gp_min = INT64_MAX;
		int gp_below = 0, gev_below = 0, i;

		irqmod_sim_rng_seed(&rng, seed, 3);
		for (i = 0; i < draws; i++) {
			int64_t v = irqmod_sim_gpareto(&rng, 15000, 214476, 348238);
			int64_t k = irqmod_sim_gev(&rng, 30798, 8204, 78688);

			gp_sum += v;
			gev_sum += k;
			gp_below += v < 183141;
			gev_below += k < 33849;
			if (v < gp_min)
				gp_min = v;
			exp_sum += irqmod_sim_gpareto(&rng, 0, 1000, 0);
		}
		assert_true(gp_below > draws / 2 - 790 && gp_below < draws / 2 + 790);
		assert_true(gev_below > draws / 2 - 790 && gev_below < draws / 2 + 790);
		assert_true(gp_sum / draws > 344071 - 9400 && gp_sum / draws < 344071 + 9400);
		assert_true(gev_sum / draws > 35861 && gev_sum / draws < 36585);
		assert_true(exp_sum / draws >= 984 && exp_sum / draws <= 1016);
		/* The GPareto law starts at its location. */
		assert_true(gp_min >= 15000);
	}
}

/* Extreme parameters saturate instead of overflowing. */
static void test_sim_generalised_variates_saturate(void **unused)
{
	struct irqmod_sim_rng rng;
	int i;

	(void)unused;
	irqmod_sim_rng_seed(&rng, 9, 0);
	for (i = 0; i < 1000; i++) {
		int64_t big = irqmod_sim_gpareto(&rng, INT64_MAX / 2, UINT64_MAX, 999999);
		int64_t low = irqmod_sim_gev(&rng, -(INT64_MAX / 2), UINT64_MAX, 1);
		int64_t gumbel = irqmod_sim_gev(&rng, 0, 1000, 0);

		assert_true(big <= (1ll << 62) && big >= 0);
		assert_true(low >= -(1ll << 62) && low <= (1ll << 62));
		assert_true(gumbel > -100000 && gumbel < 100000);
	}
}

static void test_sim_heap_pops_in_time_then_insertion_order(void **unused)
{
	struct irqmod_sim_event storage[8], e;
	struct irqmod_sim_heap heap = { storage, 0, 8, 0 };
	uint64_t times[] = { 50, 10, 30, 10, 40, 10, 20, 0 };
	uint32_t i;

	(void)unused;
	for (i = 0; i < 8; i++)
		assert_int_equal(irqmod_sim_heap_push(&heap, times[i], 0, i), 0);
	/* Full: the ninth push is refused. */
	assert_int_equal(irqmod_sim_heap_push(&heap, 5, 0, 8), -IRQMOD_ERANGE);
	/* Expected order: 0 (idx 7), 10 (idx 1, 3, 5 in insertion order), 20, 30, 40, 50. */
	{
		uint32_t expected[] = { 7, 1, 3, 5, 6, 2, 4, 0 };

		for (i = 0; i < 8; i++) {
			irqmod_sim_heap_pop(&heap, &e);
			assert_int_equal(e.index, expected[i]);
		}
	}
	assert_int_equal(heap.count, 0);
}

static void test_sim_histogram_buckets_are_log_linear(void **unused)
{
	(void)unused;
	/* Below 64 every value has its own bucket. */
	assert_int_equal(irqmod_sim_histogram_bucket(63), 63);
	assert_int_equal(irqmod_sim_histogram_bucket_low(63), 63);
	/* 64..127: width 1; 128..255: width 2 (64 buckets per power of two). */
	assert_int_equal(irqmod_sim_histogram_bucket(64), 64);
	assert_int_equal(irqmod_sim_histogram_bucket(128), 128);
	assert_int_equal(irqmod_sim_histogram_bucket(129), 128);
	assert_int_equal(irqmod_sim_histogram_bucket_low(129), 130);
	/* A large value lands in a bucket whose low edge is within 1/64 below it. */
	{
		uint64_t v = 123456789;
		uint64_t low = irqmod_sim_histogram_bucket_low(irqmod_sim_histogram_bucket(v));

		assert_true(low <= v && v - low <= v / 64);
	}
	/* Beyond 2^44 ns everything shares the last bucket. */
	assert_int_equal(irqmod_sim_histogram_bucket(UINT64_MAX), IRQMOD_SIM_HIST_BUCKETS - 1);
}

/*
 * The bucket is computed without a branch on the exact range: at every
 * power of two's edges (and between them) a value lies in its bucket
 * ([low, next low)) and the buckets increase with the value; the last
 * bucket holds the top 1/64 of [2^43, 2^44) and everything beyond.
 */
static void test_sim_histogram_bucket_holds_every_edge(void **unused)
{
	uint32_t bit, previous = 0;

	(void)unused;
	for (bit = 0; bit < IRQMOD_SIM_HIST_MAX_BITS; bit++) {
		uint64_t edge = (uint64_t)1 << bit;
		uint64_t values[4] = {edge - 1, edge, edge + edge / 3, 2 * edge - 1};
		uint32_t k;

		for (k = 0; k < 4; k++) {
			uint32_t bucket = irqmod_sim_histogram_bucket(values[k]);

			assert_true(bucket >= previous);
			assert_true(bucket < IRQMOD_SIM_HIST_BUCKETS);
			assert_true(irqmod_sim_histogram_bucket_low(bucket) <= values[k]);
			if (bucket + 1 < IRQMOD_SIM_HIST_BUCKETS)
				assert_true(values[k] < irqmod_sim_histogram_bucket_low(bucket + 1));
			previous = bucket;
		}
	}
	assert_int_equal(irqmod_sim_histogram_bucket(0), 0);
	assert_int_equal(irqmod_sim_histogram_bucket(((uint64_t)1 << IRQMOD_SIM_HIST_MAX_BITS) - 1),
			 IRQMOD_SIM_HIST_BUCKETS - 1);
	assert_int_equal(irqmod_sim_histogram_bucket(((uint64_t)1 << IRQMOD_SIM_HIST_MAX_BITS) -
						     ((uint64_t)1 << (IRQMOD_SIM_HIST_MAX_BITS - 7)) - 1),
			 IRQMOD_SIM_HIST_BUCKETS - 2);
	assert_int_equal(irqmod_sim_histogram_bucket((uint64_t)1 << IRQMOD_SIM_HIST_MAX_BITS),
			 IRQMOD_SIM_HIST_BUCKETS - 1);
}

/* Zeros at once leave the histogram as the same zeros one by one do, and
 * none leave it untouched (an empty histogram keeps min_ns UINT64_MAX). */
static void test_sim_histogram_zeros_at_once_match_one_by_one(void **unused)
{
	static struct irqmod_sim_histogram one_by_one, at_once;
	uint32_t i;

	(void)unused;
	irqmod_sim_histogram_clear(&one_by_one);
	irqmod_sim_histogram_clear(&at_once);
	irqmod_sim_histogram_add_zeros(&at_once, 0);
	assert_memory_equal(&one_by_one, &at_once, sizeof(at_once));
	assert_int_equal(at_once.min_ns, UINT64_MAX);
	irqmod_sim_histogram_add(&one_by_one, 700);
	irqmod_sim_histogram_add(&at_once, 700);
	for (i = 0; i < 5; i++)
		irqmod_sim_histogram_add(&one_by_one, 0);
	irqmod_sim_histogram_add_zeros(&at_once, 5);
	assert_memory_equal(&one_by_one, &at_once, sizeof(at_once));
	assert_int_equal(at_once.count, 6);
	assert_int_equal(at_once.min_ns, 0);
	assert_int_equal(at_once.buckets[0], 5);
}

/*
 * Merging histograms gives, bit for bit, the histogram of all their values
 * added one by one (the simulator's totals with several queues are the
 * merge of the queues'): sums whose low words carry, an empty part, a
 * part with zeros only, min and max from either side.
 */
static void test_sim_histogram_merge_matches_adding_every_value(void **unused)
{
	static struct irqmod_sim_histogram all, merged, parts[3];
	static const uint64_t values[] = { 0, 5, 0xFFFFFFFFFFFull, 64, 0, 129, 1ull << 50, 7000 };
	uint32_t i, repeat;

	(void)unused;
	irqmod_sim_histogram_clear(&all);
	irqmod_sim_histogram_clear(&merged);
	for (i = 0; i < 3; i++)
		irqmod_sim_histogram_clear(&parts[i]);
	/* parts[1] stays empty; parts[2] gets the zeros; the big values,
	 * 2^40 times over in the squares' sum, carry out of its low word. */
	for (repeat = 0; repeat < 3000; repeat++) {
		for (i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
			irqmod_sim_histogram_add(&all, values[i]);
			irqmod_sim_histogram_add(&parts[values[i] == 0 ? 2 : 0], values[i]);
		}
	}
	assert_true(all.square_high != 0);
	for (i = 0; i < 3; i++)
		irqmod_sim_histogram_merge(&merged, &parts[i]);
	assert_memory_equal(&all, &merged, sizeof(all));
	/* The other order, into a histogram that already holds values. */
	irqmod_sim_histogram_clear(&merged);
	irqmod_sim_histogram_merge(&merged, &parts[2]);
	irqmod_sim_histogram_merge(&merged, &parts[1]);
	irqmod_sim_histogram_merge(&merged, &parts[0]);
	assert_memory_equal(&all, &merged, sizeof(all));
	assert_int_equal(merged.min_ns, 0);
	assert_int_equal(merged.max_ns, 1ull << 50);
}

/* Both sums are 128-bit: each low word carries into its high word. */
static void test_sim_histogram_sums_carry_into_their_high_words(void **unused)
{
	static struct irqmod_sim_histogram h;
	const uint64_t big = (1ull << 63) + 5, square_carries = 0xFFFFFFFFull;

	(void)unused;
	irqmod_sim_histogram_clear(&h);
	/* big^2 = 2^126 + 5 * 2^64 + 25; (2^32 - 1)^2 = 2^64 - 2^33 + 1,
	 * whose second copy carries out of the squares' low word. */
	irqmod_sim_histogram_add(&h, big);
	irqmod_sim_histogram_add(&h, square_carries);
	irqmod_sim_histogram_add(&h, big);
	irqmod_sim_histogram_add(&h, square_carries);
	/* Sum: 2 * big + 2 * (2^32 - 1) = 2^64 + 2^33 + 8. */
	assert_int_equal(h.sum_high, 1);
	assert_int_equal(h.sum_low, (1ull << 33) + 8);
	/* Squares: (2^63 + 10) * 2^64 + 50 + 2^65 - 2^34 + 2. */
	assert_int_equal(h.square_high, (1ull << 63) + 11);
	assert_int_equal(h.square_low, 0ull - (1ull << 34) + 52);
}

static void test_sim_histogram_reports_exact_moments_and_percentiles(void **unused)
{
	static struct irqmod_sim_histogram h;
	struct irqmod_sim_latency l;
	uint64_t v;

	(void)unused;
	irqmod_sim_histogram_clear(&h);
	/* Values 1..1000: mean 500.5, population sd sqrt((1000^2 - 1) / 12) = 288.67. */
	for (v = 1; v <= 1000; v++)
		irqmod_sim_histogram_add(&h, v);
	irqmod_sim_histogram_report(&h, &l);
	assert_int_equal(l.count, 1000);
	assert_int_equal(l.min_ns, 1);
	assert_int_equal(l.max_ns, 1000);
	assert_true(l.mean_ns > 500.49 && l.mean_ns < 500.51);
	assert_true(l.stddev_ns > 288.6 && l.stddev_ns < 288.7);
	/* p50 is the 500th value, p99 the 990th, p99.9 the 999th: within 1/64. */
	assert_true(l.p50_ns >= 500 - 500 / 64 && l.p50_ns <= 500 + 500 / 64);
	assert_true(l.p99_ns >= 990 - 990 / 64 && l.p99_ns <= 990 + 990 / 64);
	assert_true(l.p999_ns >= 999 - 999 / 64 && l.p999_ns <= 1000);
	/* Squares beyond 64 bits: 2^40 ns twice gives sd 0, mean 2^40. */
	irqmod_sim_histogram_clear(&h);
	irqmod_sim_histogram_add(&h, 1ull << 40);
	irqmod_sim_histogram_add(&h, 1ull << 40);
	irqmod_sim_histogram_report(&h, &l);
	assert_true(l.mean_ns == 1099511627776.0);
	assert_true(l.stddev_ns < 1.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sim_rng_same_seed_and_stream_gives_same_sequence),
		cmocka_unit_test(test_sim_log2_powers_of_two_are_exact),
		cmocka_unit_test(test_sim_log2_of_three_is_accurate),
		cmocka_unit_test(test_sim_exp2_inverts_log2),
		cmocka_unit_test(test_sim_variate_means_match_within_five_sigma),
		cmocka_unit_test(test_sim_generalised_variates_match_medians_and_means),
		cmocka_unit_test(test_sim_generalised_variates_saturate),
		cmocka_unit_test(test_sim_heap_pops_in_time_then_insertion_order),
		cmocka_unit_test(test_sim_histogram_buckets_are_log_linear),
		cmocka_unit_test(test_sim_histogram_bucket_holds_every_edge),
		cmocka_unit_test(test_sim_histogram_zeros_at_once_match_one_by_one),
		cmocka_unit_test(test_sim_histogram_merge_matches_adding_every_value),
		cmocka_unit_test(test_sim_histogram_sums_carry_into_their_high_words),
		cmocka_unit_test(test_sim_histogram_reports_exact_moments_and_percentiles),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
