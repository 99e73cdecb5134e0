/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The simulator's engine: random numbers, fixed-point variates, the event
 * heap and the latency histogram. Everything here is integer arithmetic so
 * a run gives the same bits on every machine; doubles appear only where a
 * histogram is turned into a report.
 */
#include <math.h>
#include <string.h>

#include "engine.h"

/* splitmix64 (Steele, Lea & Flood, OOPSLA 2014), used only to expand a seed
 * into xoshiro state, as its authors recommend. */
#define IRQMOD_SIM_SPLITMIX_GAMMA 0x9E3779B97F4A7C15ull
#define IRQMOD_SIM_SPLITMIX_MUL1 0xBF58476D1CE4E5B9ull
#define IRQMOD_SIM_SPLITMIX_MUL2 0x94D049BB133111EBull

static uint64_t irqmod_sim_splitmix64(uint64_t *state)
{
	uint64_t z = (*state += IRQMOD_SIM_SPLITMIX_GAMMA);

	z = (z ^ (z >> 30)) * IRQMOD_SIM_SPLITMIX_MUL1;
	z = (z ^ (z >> 27)) * IRQMOD_SIM_SPLITMIX_MUL2;
	return z ^ (z >> 31);
}

void irqmod_sim_rng_seed(struct irqmod_sim_rng *rng, uint64_t seed, uint64_t stream)
{
	/* Mix the stream number through one splitmix round of its own so
	 * neighbouring (seed, stream) pairs give unrelated states. */
	uint64_t mixed = stream;
	uint64_t state = seed ^ irqmod_sim_splitmix64(&mixed);
	int i;

	for (i = 0; i < 4; i++)
		rng->s[i] = irqmod_sim_splitmix64(&state);
	if ((rng->s[0] | rng->s[1] | rng->s[2] | rng->s[3]) == 0) /* GCOVR_EXCL_BR_LINE: 4 distinct states give 4 distinct splitmix64 outputs, not all 0 */
		rng->s[0] = IRQMOD_SIM_SPLITMIX_GAMMA;
}

static inline uint64_t irqmod_sim_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* xoshiro256** 1.0 (Blackman & Vigna, https://prng.di.unimi.it/). */
uint64_t irqmod_sim_rng_next(struct irqmod_sim_rng *rng)
{
	uint64_t *s = rng->s;
	uint64_t result = irqmod_sim_rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = irqmod_sim_rotl(s[3], 45);
	return result;
}

uint64_t irqmod_sim_mul_shift32(uint64_t a, uint64_t b)
{
	uint64_t a_low = a & 0xFFFFFFFFu, a_high = a >> 32;
	uint64_t b_low = b & 0xFFFFFFFFu, b_high = b >> 32;
	uint64_t low = a_low * b_low;
	uint64_t middle1 = a_high * b_low;
	uint64_t middle2 = a_low * b_high;
	uint64_t high = a_high * b_high;
	uint64_t middle = (low >> 32) + (middle1 & 0xFFFFFFFFu) + (middle2 & 0xFFFFFFFFu);
	uint64_t result_high = high + (middle1 >> 32) + (middle2 >> 32) + (middle >> 32);

	/* Result = result_high * 2^32 + (middle & 0xFFFFFFFF). */
	if (result_high >> 32)
		return UINT64_MAX;
	return (result_high << 32) | (middle & 0xFFFFFFFFu);
}

static inline uint32_t irqmod_sim_msb(uint64_t value)
{
	return 63u - (uint32_t)__builtin_clzll(value);
}

uint64_t irqmod_sim_log2_q32(uint64_t value)
{
	uint32_t exponent, i;
	uint64_t mantissa, fraction = 0;

	if (value == 0)
		value = 1;
	exponent = irqmod_sim_msb(value);
	/* Mantissa in [1, 2) as Q1.31 in a 32-bit-wide value. */
	mantissa = exponent >= 31 ? value >> (exponent - 31) : value << (31 - exponent);
	/* Binary digits of log2(mantissa) by repeated squaring: squaring
	 * doubles the logarithm; a result >= 2 means the next digit is 1. */
	for (i = 1; i <= 32; i++) {
		mantissa = (mantissa * mantissa) >> 31;
		if (mantissa >= (2ull << 31)) {
			mantissa >>= 1;
			fraction |= 1ull << (32 - i);
		}
	}
	return ((uint64_t)exponent << 32) + fraction;
}

/* round(2^(2^-i) * 2^32) for i = 1..32, computed with Python's decimal
 * module at 60 digits; exp2 multiplies the entries of the set bits. */
static const uint64_t irqmod_sim_exp2_table[32] = {
	6074001000ull, 5107605667ull, 4683695048ull, 4485121744ull, 4389014833ull,
	4341736423ull, 4318288544ull, 4306612134ull, 4300785774ull, 4297875550ull,
	4296421177ull, 4295694175ull, 4295330720ull, 4295149004ull, 4295058149ull,
	4295012722ull, 4294990009ull, 4294978653ull, 4294972974ull, 4294970135ull,
	4294968716ull, 4294968006ull, 4294967651ull, 4294967473ull, 4294967385ull,
	4294967340ull, 4294967318ull, 4294967307ull, 4294967302ull, 4294967299ull,
	4294967297ull, 4294967297ull,
};

uint64_t irqmod_sim_exp2_q32(uint64_t exponent_q32)
{
	uint64_t whole = exponent_q32 >> 32;
	uint64_t result = 1ull << 32;
	uint32_t i;

	for (i = 1; i <= 32; i++) {
		if (exponent_q32 & (1ull << (32 - i)))
			result = irqmod_sim_mul_shift32(result, irqmod_sim_exp2_table[i - 1]);
	}
	/* result < 2^33; shifting by 31 or more bits overflows 64. */
	if (whole >= 31)
		return UINT64_MAX;
	return result << whole;
}

/* ln 2 * 2^32, rounded. */
#define IRQMOD_SIM_LN2_Q32 2977044472ull
/* Uniform variates use the top 53 bits, as a double's mantissa would. */
#define IRQMOD_SIM_UNIFORM_BITS 53

/* -log2(U) in Q32 for U uniform in (0, 1]. */
static uint64_t irqmod_sim_neg_log2_uniform_q32(struct irqmod_sim_rng *rng)
{
	uint64_t k = (irqmod_sim_rng_next(rng) >> (64 - IRQMOD_SIM_UNIFORM_BITS)) + 1;

	return ((uint64_t)IRQMOD_SIM_UNIFORM_BITS << 32) - irqmod_sim_log2_q32(k);
}

uint64_t irqmod_sim_exponential(struct irqmod_sim_rng *rng, uint64_t mean)
{
	uint64_t minus_ln_q32 =
		irqmod_sim_mul_shift32(irqmod_sim_neg_log2_uniform_q32(rng), IRQMOD_SIM_LN2_Q32);

	return irqmod_sim_mul_shift32(mean, minus_ln_q32);
}

/* Pareto variates are capped so sums of them cannot overflow. */
#define IRQMOD_SIM_PARETO_CAP (1ull << 62)
/* Shapes are given in thousandths. */
#define IRQMOD_SIM_MILLI 1000u

uint64_t irqmod_sim_pareto(struct irqmod_sim_rng *rng, uint64_t mean, uint32_t shape_milli)
{
	uint64_t scale, exponent_q32, factor_q32, value;

	if (shape_milli <= IRQMOD_SIM_MILLI)
		shape_milli = IRQMOD_SIM_MILLI + 1;
	/* x_m = mean * (alpha - 1) / alpha; X = x_m * U^(-1/alpha). */
	scale = mean / shape_milli * (shape_milli - IRQMOD_SIM_MILLI) +
		mean % shape_milli * (shape_milli - IRQMOD_SIM_MILLI) / shape_milli;
	/* -log2(U) < 2^38, so the product stays below 2^48. */
	exponent_q32 = irqmod_sim_neg_log2_uniform_q32(rng) * IRQMOD_SIM_MILLI / shape_milli;
	factor_q32 = irqmod_sim_exp2_q32(exponent_q32);
	value = irqmod_sim_mul_shift32(scale, factor_q32);
	return value > IRQMOD_SIM_PARETO_CAP ? IRQMOD_SIM_PARETO_CAP : value;
}

/* Shapes of the generalised laws are given in millionths. */
#define IRQMOD_SIM_MICRO 1000000u
/* Generalised variates saturate at +-2^62 so sums of them cannot overflow. */
#define IRQMOD_SIM_GENERAL_CAP (1ll << 62)
/* The factor of the generalised laws is capped so scale * factor fits. */
#define IRQMOD_SIM_FACTOR_CAP (1ull << 61)

/*
 * 2^(@exponent_q32), signed exponent in 32.32: 2^-y = 2^(ceil(y) - y) >> ceil(y).
 * Return: the power in 32.32, saturating (0 below 2^-32).
 */
static uint64_t irqmod_sim_exp2_signed_q32(int64_t exponent_q32)
{
	uint64_t y, whole, fraction;

	if (exponent_q32 >= 0)
		return irqmod_sim_exp2_q32((uint64_t)exponent_q32);
	y = (uint64_t)(-(exponent_q32 + 1)) + 1;
	whole = (y + 0xFFFFFFFFull) >> 32;
	if (whole > 32)
		return 0;
	fraction = (whole << 32) - y;
	return irqmod_sim_exp2_q32(fraction) >> whole;
}

/*
 * location + scale * (factor - 1) / shape for a factor in 32.32 and a
 * shape in millionths (> 0): the common tail of both generalised laws.
 */
static int64_t irqmod_sim_general_value(int64_t location, uint64_t scale, uint64_t factor_q32,
					uint32_t shape_micro)
{
	bool negative = factor_q32 < (1ull << 32);
	uint64_t distance_q32 = negative ? (1ull << 32) - factor_q32 : factor_q32 - (1ull << 32);
	uint64_t part = irqmod_sim_mul_shift32(scale, distance_q32);
	uint64_t limit = (uint64_t)IRQMOD_SIM_GENERAL_CAP / IRQMOD_SIM_MICRO;
	int64_t offset, value;

	if (part >= limit)
		offset = IRQMOD_SIM_GENERAL_CAP;
	else
		offset = (int64_t)(part * IRQMOD_SIM_MICRO / shape_micro);
	if (negative)
		offset = -offset;
	if (location > 0 && offset > IRQMOD_SIM_GENERAL_CAP - location)
		return IRQMOD_SIM_GENERAL_CAP;
	if (location < 0 && offset < -IRQMOD_SIM_GENERAL_CAP - location)
		return -IRQMOD_SIM_GENERAL_CAP;
	value = location + offset;
	if (value > IRQMOD_SIM_GENERAL_CAP)
		return IRQMOD_SIM_GENERAL_CAP;
	return value < -IRQMOD_SIM_GENERAL_CAP ? -IRQMOD_SIM_GENERAL_CAP : value;
}

int64_t irqmod_sim_gpareto(struct irqmod_sim_rng *rng, int64_t location, uint64_t scale,
			   uint32_t shape_micro)
{
	uint64_t minus_log2_q32 = irqmod_sim_neg_log2_uniform_q32(rng);
	uint64_t factor_q32;

	if (scale > (uint64_t)IRQMOD_SIM_GENERAL_CAP)
		scale = (uint64_t)IRQMOD_SIM_GENERAL_CAP;
	if (shape_micro == 0) {
		/* The limit xi -> 0 is the exponential law: -scale * ln U. */
		uint64_t minus_ln_q32 = irqmod_sim_mul_shift32(minus_log2_q32, IRQMOD_SIM_LN2_Q32);

		return irqmod_sim_general_value(location, scale, (1ull << 32) + minus_ln_q32,
						IRQMOD_SIM_MICRO);
	}
	/* U^-xi = 2^(xi * -log2 U); -log2 U < 2^38, xi < 2^32 / 10^6 keeps it in range. */
	factor_q32 = irqmod_sim_exp2_q32(minus_log2_q32 / IRQMOD_SIM_MICRO * shape_micro +
					 minus_log2_q32 % IRQMOD_SIM_MICRO * shape_micro /
						 IRQMOD_SIM_MICRO);
	if (factor_q32 > IRQMOD_SIM_FACTOR_CAP)
		factor_q32 = IRQMOD_SIM_FACTOR_CAP;
	return irqmod_sim_general_value(location, scale, factor_q32, shape_micro);
}

int64_t irqmod_sim_gev(struct irqmod_sim_rng *rng, int64_t location, uint64_t scale,
		       uint32_t shape_micro)
{
	uint64_t minus_ln_q32 =
		irqmod_sim_mul_shift32(irqmod_sim_neg_log2_uniform_q32(rng), IRQMOD_SIM_LN2_Q32);
	int64_t log2_e_q32, exponent_q32;
	uint64_t factor_q32;

	if (scale > (uint64_t)IRQMOD_SIM_GENERAL_CAP)
		scale = (uint64_t)IRQMOD_SIM_GENERAL_CAP;
	if (shape_micro == 0)
		shape_micro = 1; /* the Gumbel limit, to a millionth */
	/* E = -ln U > 0 (at least 2^-32); log2 E = log2(E * 2^32) - 32. */
	if (minus_ln_q32 == 0)
		minus_ln_q32 = 1;
	log2_e_q32 = (int64_t)irqmod_sim_log2_q32(minus_ln_q32) - (32ll << 32);
	/* E^-xi = 2^(-xi log2 E); |log2 E| <= 2^38 and xi < 2^32 / 10^6. */
	exponent_q32 = -(log2_e_q32 / (int64_t)IRQMOD_SIM_MICRO * (int64_t)shape_micro +
			 log2_e_q32 % (int64_t)IRQMOD_SIM_MICRO * (int64_t)shape_micro /
				 (int64_t)IRQMOD_SIM_MICRO);
	factor_q32 = irqmod_sim_exp2_signed_q32(exponent_q32);
	if (factor_q32 > IRQMOD_SIM_FACTOR_CAP)
		factor_q32 = IRQMOD_SIM_FACTOR_CAP;
	return irqmod_sim_general_value(location, scale, factor_q32, shape_micro);
}

/* ---------------------------------------------------------------- */

static inline bool irqmod_sim_event_before(const struct irqmod_sim_event *a,
					   const struct irqmod_sim_event *b)
{
	return a->time_ns < b->time_ns || (a->time_ns == b->time_ns && a->sequence < b->sequence);
}

int irqmod_sim_heap_push(struct irqmod_sim_heap *heap, uint64_t time_ns, uint32_t type,
			 uint32_t index)
{
	struct irqmod_sim_event event = { time_ns, heap->next_sequence++, type, index };
	uint32_t position = heap->count;

	if (heap->count == heap->capacity)
		return -IRQMOD_ERANGE;
	heap->count++;
	while (position > 0) {
		uint32_t parent = (position - 1) / 2;

		if (!irqmod_sim_event_before(&event, &heap->events[parent]))
			break;
		heap->events[position] = heap->events[parent];
		position = parent;
	}
	heap->events[position] = event;
	return 0;
}

void irqmod_sim_heap_pop(struct irqmod_sim_heap *heap, struct irqmod_sim_event *event)
{
	struct irqmod_sim_event last;
	uint32_t position = 0;

	*event = heap->events[0];
	last = heap->events[--heap->count];
	for (;;) {
		uint32_t child = 2 * position + 1;

		if (child >= heap->count)
			break;
		if (child + 1 < heap->count &&
		    irqmod_sim_event_before(&heap->events[child + 1], &heap->events[child]))
			child++;
		if (!irqmod_sim_event_before(&heap->events[child], &last))
			break;
		heap->events[position] = heap->events[child];
		position = child;
	}
	if (heap->count > 0)
		heap->events[position] = last;
}

/* ---------------------------------------------------------------- */

#define IRQMOD_SIM_HIST_SUB_COUNT (1u << IRQMOD_SIM_HIST_SUB_BITS)

void irqmod_sim_histogram_clear(struct irqmod_sim_histogram *histogram)
{
	memset(histogram, 0, sizeof(*histogram));
	histogram->min_ns = UINT64_MAX;
}

uint32_t irqmod_sim_histogram_bucket(uint64_t value_ns)
{
	/*
	 * shift = msb - SUB_BITS, with the msb taken of value | SUB_COUNT so
	 * that an exact value (below SUB_COUNT) gets shift 0. Then
	 * value >> shift lies in [SUB_COUNT, 2 * SUB_COUNT) for an inexact
	 * value, which carries the "+ 1" of its power of two's first bucket
	 * ((shift + 1) << SUB_BITS) and its linear offset in one term: the
	 * bucket is (shift << SUB_BITS) + (value >> shift) in both cases,
	 * without a branch on the exact range.
	 */
	uint32_t shift = irqmod_sim_msb(value_ns | IRQMOD_SIM_HIST_SUB_COUNT) -
			 IRQMOD_SIM_HIST_SUB_BITS;

	if (shift >= IRQMOD_SIM_HIST_MAX_BITS - IRQMOD_SIM_HIST_SUB_BITS)
		return IRQMOD_SIM_HIST_BUCKETS - 1;
	return (shift << IRQMOD_SIM_HIST_SUB_BITS) + (uint32_t)(value_ns >> shift);
}

uint64_t irqmod_sim_histogram_bucket_low(uint32_t bucket)
{
	uint32_t exponent;

	if (bucket < IRQMOD_SIM_HIST_SUB_COUNT)
		return bucket;
	exponent = (bucket >> IRQMOD_SIM_HIST_SUB_BITS) + IRQMOD_SIM_HIST_SUB_BITS - 1;
	return ((uint64_t)IRQMOD_SIM_HIST_SUB_COUNT + (bucket & (IRQMOD_SIM_HIST_SUB_COUNT - 1)))
	       << (exponent - IRQMOD_SIM_HIST_SUB_BITS);
}

void irqmod_sim_histogram_add_zeros(struct irqmod_sim_histogram *histogram, uint64_t count)
{
	if (count == 0)
		return;
	histogram->count += count;
	histogram->min_ns = 0;
	histogram->buckets[0] += count;
}

void irqmod_sim_histogram_add(struct irqmod_sim_histogram *histogram, uint64_t value_ns)
{
	uint64_t square_low, square_high, low;

	histogram->count++;
	if (value_ns == 0) {
		/* Common (a frame moderation did not hold): nothing to add to
		 * the sums, the smallest bucket. */
		histogram->min_ns = 0;
		histogram->buckets[0]++;
		return;
	}
	if (value_ns < histogram->min_ns)
		histogram->min_ns = value_ns;
	if (value_ns > histogram->max_ns)
		histogram->max_ns = value_ns;
#if defined(__SIZEOF_INT128__)
	{
		__extension__ typedef unsigned __int128 u128;
		u128 square = (u128)value_ns * value_ns;

		square_low = (uint64_t)square;
		square_high = (uint64_t)(square >> 64);
	}
#else
	{
		/* value^2 as a 128-bit number from 32-bit halves. */
		uint64_t v_low = value_ns & 0xFFFFFFFFu, v_high = value_ns >> 32;
		uint64_t cross = v_low * v_high, t;

		square_low = v_low * v_low;
		square_high = v_high * v_high + (cross >> 31);
		t = square_low + (cross << 33);
		square_high += t < square_low;
		square_low = t;
	}
#endif
	/* Each 128-bit sum as a 64-bit add and the carry into its high word
	 * (add-with-carry on memory: 8 fewer instructions a value than
	 * adding two 128-bit numbers). */
	low = histogram->sum_low + value_ns;
	histogram->sum_high += low < value_ns;
	histogram->sum_low = low;
	low = histogram->square_low + square_low;
	histogram->square_high += square_high + (low < square_low);
	histogram->square_low = low;
	histogram->buckets[irqmod_sim_histogram_bucket(value_ns)]++;
}

void irqmod_sim_histogram_merge(struct irqmod_sim_histogram *total,
				const struct irqmod_sim_histogram *part)
{
	uint64_t low;
	uint32_t i;

	total->count += part->count;
	total->min_ns = part->min_ns < total->min_ns ? part->min_ns : total->min_ns;
	total->max_ns = part->max_ns > total->max_ns ? part->max_ns : total->max_ns;
	/* Both 128-bit sums, with the carry of the low words. */
	low = total->sum_low + part->sum_low;
	total->sum_high += part->sum_high + (low < total->sum_low);
	total->sum_low = low;
	low = total->square_low + part->square_low;
	total->square_high += part->square_high + (low < total->square_low);
	total->square_low = low;
	for (i = 0; i < IRQMOD_SIM_HIST_BUCKETS; i++)
		total->buckets[i] += part->buckets[i];
}

static uint64_t irqmod_sim_histogram_percentile(const struct irqmod_sim_histogram *histogram,
						uint32_t per_mille_tenths)
{
	/* Rank = ceil(count * p); report the middle of the bucket holding it,
	 * clamped to the exact extremes. */
	uint64_t rank = (histogram->count / 10000) * per_mille_tenths +
			((histogram->count % 10000) * per_mille_tenths + 9999) / 10000;
	uint64_t seen = 0, value = histogram->max_ns;
	uint32_t bucket;

	if (rank == 0)
		rank = 1;
	for (bucket = 0; bucket < IRQMOD_SIM_HIST_BUCKETS; bucket++) {
		seen += histogram->buckets[bucket];
		if (seen >= rank) {
			uint64_t low = irqmod_sim_histogram_bucket_low(bucket);
			uint64_t width = irqmod_sim_histogram_bucket_low(bucket + 1) - low;

			value = low + width / 2;
			break;
		}
	}
	if (value < histogram->min_ns)
		value = histogram->min_ns;
	if (value > histogram->max_ns)
		value = histogram->max_ns;
	return value;
}

/* Percentiles in units of 1/10000. */
#define IRQMOD_SIM_P50 5000u
#define IRQMOD_SIM_P99 9900u
#define IRQMOD_SIM_P999 9990u

void irqmod_sim_histogram_report(const struct irqmod_sim_histogram *histogram,
				 struct irqmod_sim_latency *latency)
{
	double two64 = 18446744073709551616.0, count, mean, mean_square, variance;

	memset(latency, 0, sizeof(*latency));
	if (histogram->count == 0)
		return;
	count = (double)histogram->count;
	latency->count = histogram->count;
	latency->min_ns = histogram->min_ns;
	latency->max_ns = histogram->max_ns;
	mean = ((double)histogram->sum_high * two64 + (double)histogram->sum_low) / count;
	mean_square = ((double)histogram->square_high * two64 + (double)histogram->square_low) /
		      count;
	variance = mean_square - mean * mean;
	latency->mean_ns = mean;
	latency->stddev_ns = variance > 0 ? sqrt(variance) : 0.0;
	latency->p50_ns = irqmod_sim_histogram_percentile(histogram, IRQMOD_SIM_P50);
	latency->p99_ns = irqmod_sim_histogram_percentile(histogram, IRQMOD_SIM_P99);
	latency->p999_ns = irqmod_sim_histogram_percentile(histogram, IRQMOD_SIM_P999);
}
