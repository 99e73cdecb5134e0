// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * Differential test: irqmod's DIM controller against the running kernel's
 * own net_dim() (lib/dim/net_dim.c, exported when CONFIG_DIMLIB=y).
 *
 * Each sample stream below is fed step by step to both. The kernel side is
 * driven the way a NIC driver drives it: cumulative counters (packets and
 * bytes mod 2^32, events mod 2^16) in a struct dim_sample, one net_dim()
 * call per completed poll. When net_dim() picks a new profile it sets
 * DIM_APPLY_NEW_PROFILE and schedules dim->work; a driver's work item
 * programs the profile and sets DIM_START_MEASURE again (e.g. mlx5
 * en_dim.c). Here that work is done synchronously before the next sample:
 * read profile_ix, set state = DIM_START_MEASURE. The real work item still
 * gets queued by net_dim(); its function only counts. irqmod returns the new
 * profile in the same call, which is exactly "Linux with the work item run
 * before the next sample" (include/irqmod/dim.h).
 *
 * The kernel timestamps the start of each window with ktime_get() inside
 * net_dim() (dim_update_sample()), not with the sample's time. The streams
 * use a synthetic clock that starts at IRQMOD_DIFF_CLOCK_ORIGIN_NS, far
 * beyond any real uptime; a window start below that origin was stamped by
 * ktime_get() and is replaced with the time of the sample that opened it,
 * which is what the window means.
 *
 * The streams stay in the domain where Linux's arithmetic is exact and both
 * sides must agree: time never goes backwards, a window lasts less than
 * 2^32 us (71 minutes, dim_calc_stats' u32), carries less than 4 GiB and
 * 2^16 events, and no rate per millisecond exceeds INT_MAX (dim_stats
 * fields are int): bytes never arrive faster than 400 Gb/s.
 *
 * The irqmod side is compiled only with IRQMOD_DIFF_DIM=1 (Kbuild turns it
 * on when include/irqmod/dim.h exists). Without it the kernel side still
 * runs every stream, so the generators and the work-item emulation are
 * exercised, and the comparisons are reported as skipped.
 */
#include <linux/atomic.h>
#include <linux/dim.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

#include "irqmod_ktap.h"

#ifndef IRQMOD_DIFF_DIM
#define IRQMOD_DIFF_DIM 0
#endif

#if IRQMOD_DIFF_DIM
#include "irqmod/dim.h"
#endif

/* 2^50 ns, about 13 days: no test VM has been up that long. */
#define IRQMOD_DIFF_CLOCK_ORIGIN_NS (1ull << 50)

/*
 * Fastest byte arrival the generators produce: 50 bytes per ns = 400 Gb/s,
 * so bytes per ms stays below 5e7, far under INT_MAX.
 */
#define IRQMOD_DIFF_MAX_BYTES_PER_NS 50u

/* Frame sizes used by the generators. */
#define IRQMOD_DIFF_FULL_FRAME_BYTES 1514u   /* 1500 MTU + 14 Ethernet header */
#define IRQMOD_DIFF_SMALL_FRAME_BYTES 64u    /* minimum Ethernet frame */
#define IRQMOD_DIFF_TSO_FRAME_BYTES 65160u   /* 45 x 1448 MSS, a GRO super-frame */
#define IRQMOD_DIFF_JUMBO_FRAME_BYTES 9000u

/**
 * struct irqmod_diff_delta - what one poll completed.
 * @interval_ns: time since the previous sample.
 * @bytes: bytes completed.
 * @packets: packets completed.
 * @events: interrupts since the previous sample (at least 1).
 */
struct irqmod_diff_delta {
	u64 interval_ns;
	u64 bytes;
	u32 packets;
	u32 events;
};

/**
 * struct irqmod_diff_generator - state of a stream generator.
 * @random: xorshift64* state.
 * @step: index of the step being generated.
 * @regime_left: steps left in the long-random stream's current regime.
 * @base_interval_ns: the regime's mean poll interval.
 * @max_packets: the regime's largest poll.
 * @frame_bytes: the regime's largest frame.
 */
struct irqmod_diff_generator {
	u64 random;
	u32 step;
	u32 regime_left;
	u32 base_interval_ns;
	u32 max_packets;
	u32 frame_bytes;
};

/**
 * struct irqmod_diff_stream - one sample stream.
 * @name: KTAP case name stem.
 * @steps: samples in the stream.
 * @seed: generator seed (non-zero).
 * @start_packets: initial cumulative packet counter on the kernel side.
 * @start_bytes: initial cumulative byte counter on the kernel side.
 * @start_events: initial cumulative event counter on the kernel side.
 * @next: produces the next delta.
 */
struct irqmod_diff_stream {
	const char *name;
	u32 steps;
	u64 seed;
	u32 start_packets;
	u32 start_bytes;
	u16 start_events;
	void (*next)(struct irqmod_diff_generator *generator,
		     struct irqmod_diff_delta *delta);
};

/* xorshift64* (Vigna 2016, "An experimental exploration of Marsaglia's
 * xorshift generators, scrambled"), shifts 12/25/27. */
static u64 irqmod_diff_random(struct irqmod_diff_generator *generator)
{
	u64 x = generator->random;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	generator->random = x;
	return x * 0x2545F4914F6CDD1Dull;
}

/* Uniform in [low, high] by multiply-shift: no division, so 32-bit safe. */
static u32 irqmod_diff_range(struct irqmod_diff_generator *generator, u32 low, u32 high)
{
	u64 span = (u64)high - low + 1;

	return low + (u32)(((irqmod_diff_random(generator) >> 32) * span) >> 32);
}

/* True with probability 1 / 2^bits. */
static bool irqmod_diff_chance(struct irqmod_diff_generator *generator, unsigned int bits)
{
	return (irqmod_diff_random(generator) >> (64 - bits)) == 0;
}

/* Keep bytes within IRQMOD_DIFF_MAX_BYTES_PER_NS of the elapsed time. */
static void irqmod_diff_plausible(struct irqmod_diff_delta *delta)
{
	u64 minimum_ns = delta->bytes / IRQMOD_DIFF_MAX_BYTES_PER_NS;

	if (delta->interval_ns < minimum_ns)
		delta->interval_ns = minimum_ns;
}

/* Steady: 16 full frames every 20 us (9.7 Gb/s), forever the same. */
static void irqmod_diff_steady(struct irqmod_diff_generator *generator,
			       struct irqmod_diff_delta *delta)
{
	(void)generator;
	delta->interval_ns = 20000;
	delta->packets = 16;
	delta->bytes = 16 * IRQMOD_DIFF_FULL_FRAME_BYTES;
	delta->events = 1;
}

/* Bursty: 100 full 64-frame polls ~10 us apart, then 300 near-idle polls. */
static void irqmod_diff_bursty(struct irqmod_diff_generator *generator,
			       struct irqmod_diff_delta *delta)
{
	if (generator->step % 400 < 100) {
		delta->interval_ns = irqmod_diff_range(generator, 8000, 12000);
		delta->packets = 64;
		delta->bytes = 64 * IRQMOD_DIFF_FULL_FRAME_BYTES;
	} else {
		delta->interval_ns = irqmod_diff_range(generator, 200000, 400000);
		delta->packets = irqmod_diff_range(generator, 0, 2);
		delta->bytes = (u64)delta->packets *
			       irqmod_diff_range(generator, 60, 200);
	}
	delta->events = 1;
}

/*
 * Idle: polls 1 ms to 10 s apart, mostly empty; now and then one small frame
 * (ARP, keepalive) or bytes without packets (a driver counting only bytes).
 */
static void irqmod_diff_idle(struct irqmod_diff_generator *generator,
			     struct irqmod_diff_delta *delta)
{
	delta->interval_ns = (u64)irqmod_diff_range(generator, 1, 10000) * 1000000;
	delta->packets = 0;
	delta->bytes = 0;
	if (irqmod_diff_chance(generator, 3)) {
		delta->packets = 1;
		delta->bytes = irqmod_diff_range(generator, 60, 128);
	} else if (irqmod_diff_chance(generator, 5)) {
		delta->bytes = irqmod_diff_range(generator, 1, 1500);
	}
	delta->events = 1;
}

/* Alternating: every 96 polls, flip between a 77 Gb/s and a 20 Mb/s load. */
static void irqmod_diff_alternating(struct irqmod_diff_generator *generator,
				    struct irqmod_diff_delta *delta)
{
	if ((generator->step / 96) % 2 == 0) {
		delta->interval_ns = 10000;
		delta->packets = 64;
		delta->bytes = 64 * IRQMOD_DIFF_FULL_FRAME_BYTES;
	} else {
		delta->interval_ns = 100000;
		delta->packets = 4;
		delta->bytes = 4 * IRQMOD_DIFF_SMALL_FRAME_BYTES;
	}
	delta->events = 1;
}

/*
 * Counter wrap: GRO super-frames at ~95 Gb/s, so the 32-bit byte counter
 * wraps every ~1500 polls; the kernel's counters also start just below their
 * wrap (see the stream table), and 1-3 events per poll move the 16-bit
 * event counter through its wrap.
 */
static void irqmod_diff_counter_wrap(struct irqmod_diff_generator *generator,
				     struct irqmod_diff_delta *delta)
{
	delta->packets = irqmod_diff_range(generator, 30, 45);
	delta->bytes = (u64)delta->packets * IRQMOD_DIFF_TSO_FRAME_BYTES;
	delta->interval_ns = irqmod_diff_range(generator, 200000, 300000);
	delta->events = irqmod_diff_range(generator, 1, 3);
	irqmod_diff_plausible(delta);
}

/*
 * Long random: regimes of 1..4000 polls, each with its own mean interval
 * (1 us .. 1 ms), poll size (0..256 frames) and frame size (60..9000);
 * inside a regime every poll varies; sometimes time stands still, bytes come
 * without packets or several interrupts are counted at once.
 */
static void irqmod_diff_long_random(struct irqmod_diff_generator *generator,
				    struct irqmod_diff_delta *delta)
{
	u32 base;

	if (generator->regime_left == 0) {
		generator->regime_left = irqmod_diff_range(generator, 1, 4000);
		generator->base_interval_ns = 1u << irqmod_diff_range(generator, 10, 20);
		generator->max_packets = irqmod_diff_range(generator, 0, 256);
		generator->frame_bytes = irqmod_diff_range(generator, 60,
							   IRQMOD_DIFF_JUMBO_FRAME_BYTES);
	}
	generator->regime_left--;
	base = generator->base_interval_ns;
	delta->interval_ns = irqmod_diff_range(generator, base / 2, base + base / 2);
	delta->packets = irqmod_diff_range(generator, 0, generator->max_packets);
	delta->bytes = (u64)delta->packets *
		       irqmod_diff_range(generator, 60, generator->frame_bytes);
	if (irqmod_diff_chance(generator, 6)) {
		delta->packets = 0;
		delta->bytes = irqmod_diff_range(generator, 1, 1500);
	}
	delta->events = irqmod_diff_chance(generator, 4) ?
			irqmod_diff_range(generator, 2, 4) : 1;
	irqmod_diff_plausible(delta);
	if (delta->bytes == 0 && irqmod_diff_chance(generator, 7))
		delta->interval_ns = 0;
}

/* Profile changes net_dim makes on the steady stream: see irqmod_ktap_dim_differential(). */
#define IRQMOD_DIFF_STEADY_CHANGES 160u

static const struct irqmod_diff_stream irqmod_diff_streams[] = {
	{ "steady", 20000, 1, 0, 0, 0, irqmod_diff_steady },
	{ "bursty", 20000, 2, 0, 0, 0, irqmod_diff_bursty },
	{ "idle", 5000, 3, 0, 0, 0, irqmod_diff_idle },
	{ "alternating", 20000, 4, 0, 0, 0, irqmod_diff_alternating },
	{ "counter_wrap", 20000, 5, U32_MAX - 100, U32_MAX - 1000000, U16_MAX - 10,
	  irqmod_diff_counter_wrap },
	{ "long_random", 200000, 6, 0, 0, 0, irqmod_diff_long_random },
};

/*
 * Start levels: 1 is Linux's default profile (NET_DIM_DEF_PROFILE_EQE,
 * lib/dim/net_dim.c, and irqmod's IRQMOD_DIM_DEFAULT_START_LEVEL); 0 is
 * what a driver that zero-allocates struct dim and never sets profile_ix
 * starts from.
 */
static const u8 irqmod_diff_start_levels[] = { 1, 0 };

/* Counts executions of the real work item; it must not touch the state. */
static atomic_t irqmod_diff_work_runs = ATOMIC_INIT(0);

static void irqmod_diff_work(struct work_struct *work)
{
	(void)work;
	atomic_inc(&irqmod_diff_work_runs);
}

/**
 * struct irqmod_diff_result - what one run of a stream found.
 * @steps: steps fed to the kernel.
 * @compared: steps compared before the first disagreement (all steps when
 *            the sides agree throughout).
 * @changes: profile changes the kernel made.
 * @mismatch: true when the two sides disagreed (at step @compared).
 */
struct irqmod_diff_result {
	u32 steps;
	u32 compared;
	u32 changes;
	bool mismatch;
};

#if IRQMOD_DIFF_DIM
/* Everything that depends on irqmod's DIM API is in these two functions. */
static int irqmod_diff_subject_init(struct irqmod_dim *subject, u8 start_level)
{
	struct irqmod_dim_config config;
	int error = irqmod_dim_default_config(&config, IRQMOD_DIM_TABLE_RX_EQE);

	if (error)
		return error;
	config.start_level = start_level;
	return irqmod_dim_init(subject, &config);
}

static u8 irqmod_diff_subject_update(struct irqmod_dim *subject,
				     const struct irqmod_sample *sample,
				     struct irqmod_decision *decision)
{
	irqmod_dim_update(subject, sample, decision);
	return subject->walk.level;
}
#endif

/* A struct dim as a driver sets it up: zeroed, work item, EQE mode, level. */
static void irqmod_diff_kernel_init(struct dim *dim, u8 start_level)
{
	memset(dim, 0, sizeof(*dim));
	INIT_WORK(&dim->work, irqmod_diff_work);
	dim->mode = DIM_CQ_PERIOD_MODE_START_FROM_EQE;
	dim->profile_ix = start_level;
}

/*
 * One poll on the kernel side: advance the cumulative counters (wrapping
 * like a NIC's), call net_dim(), fix the window start's clock, and run the
 * driver's work item before the next sample. @now_ns must be at or above
 * IRQMOD_DIFF_CLOCK_ORIGIN_NS. Return: true when the profile changed.
 */
static bool irqmod_diff_kernel_step(struct dim *dim, struct dim_sample *sample,
				    u64 now_ns, u32 packets, u64 bytes, u32 events)
{
	u8 level_before = dim->profile_ix;

	sample->time = (ktime_t)now_ns;
	sample->pkt_ctr += packets;
	sample->byte_ctr += (u32)bytes;
	sample->event_ctr += (u16)max_t(u32, events, 1);
	net_dim(dim, *sample);
	if (dim->start_sample.time < (ktime_t)IRQMOD_DIFF_CLOCK_ORIGIN_NS)
		dim->start_sample.time = sample->time;
	if (dim->state == DIM_APPLY_NEW_PROFILE) {
		/* The driver's work item: program the profile, measure again. */
		dim->state = DIM_START_MEASURE;
	}
	return dim->profile_ix != level_before;
}

static void irqmod_diff_run(const struct irqmod_diff_stream *stream, u8 start_level,
			    struct dim *dim, struct irqmod_diff_result *result)
{
	struct irqmod_diff_generator generator = { .random = stream->seed };
	struct dim_sample kernel_sample = {
		.pkt_ctr = stream->start_packets,
		.byte_ctr = stream->start_bytes,
		.event_ctr = stream->start_events,
	};
	u64 now_ns = IRQMOD_DIFF_CLOCK_ORIGIN_NS;
#if IRQMOD_DIFF_DIM
	struct irqmod_dim subject;
	int error = irqmod_diff_subject_init(&subject, start_level);

	if (error) {
		irqmod_ktap_diagnostic("%s: irqmod_dim_init failed: %d", stream->name, error);
		result->mismatch = true;
		return;
	}
#endif

	irqmod_diff_kernel_init(dim, start_level);
	for (generator.step = 0; generator.step < stream->steps; generator.step++) {
		struct irqmod_diff_delta delta = { 0 };
		bool kernel_changed;

		stream->next(&generator, &delta);
		now_ns += delta.interval_ns;

		kernel_changed = irqmod_diff_kernel_step(dim, &kernel_sample, now_ns,
							 delta.packets, delta.bytes,
							 delta.events);
		if (kernel_changed)
			result->changes++;
		result->steps++;

#if IRQMOD_DIFF_DIM
		{
			const struct irqmod_sample sample = {
				.now_ns = now_ns,
				.rx_bytes = delta.bytes,
				.rx_packets = delta.packets,
				.events = delta.events,
			};
			struct irqmod_decision decision = { 0 };
			u8 level = irqmod_diff_subject_update(&subject, &sample, &decision);
			struct dim_cq_moder moder =
				net_dim_get_rx_moderation(dim->mode, dim->profile_ix);

			if (!result->mismatch && (level != dim->profile_ix ||
			    decision.rx_interval_ns != (u32)moder.usec * 1000 ||
			    decision.frames != moder.pkts ||
			    decision.changed != kernel_changed)) {
				irqmod_ktap_diagnostic(
					"%s start %u: step %u differs: net_dim profile %u (%u us, %u pkts, changed %d, tune state %u), irqmod level %u (%u ns, %u frames, changed %d)",
					stream->name, start_level, generator.step, dim->profile_ix,
					moder.usec, moder.pkts, kernel_changed, dim->tune_state,
					level, decision.rx_interval_ns, decision.frames,
					decision.changed);
				/* Report the first difference; the kernel side runs on. */
				result->mismatch = true;
			}
			if (!result->mismatch)
				result->compared++;
		}
#endif
	}
	/* Let the queued work item run (it only counts) before @dim is reused. */
	flush_work(&dim->work);
}

unsigned int irqmod_ktap_dim_differential_cases(void)
{
	return ARRAY_SIZE(irqmod_diff_streams) * ARRAY_SIZE(irqmod_diff_start_levels) + 2;
}

void irqmod_ktap_dim_differential(void)
{
	struct irqmod_ktap_suite suite;
	struct dim *dim = kzalloc(sizeof(*dim), GFP_KERNEL);
	u32 total_steps = 0, total_compared = 0, total_changes = 0;
	u32 steady_changes[ARRAY_SIZE(irqmod_diff_start_levels)] = { 0 };
	unsigned int i, j;

	irqmod_ktap_suite_begin(&suite, "irqmod_dim_differential",
				irqmod_ktap_dim_differential_cases());
	if (!dim) {
		irqmod_ktap_diagnostic("out of memory");
		for (i = 0; i < irqmod_ktap_dim_differential_cases(); i++)
			irqmod_ktap_case(&suite, "allocation", IRQMOD_KTAP_FAIL, NULL);
		irqmod_ktap_suite_end(&suite);
		return;
	}
	for (i = 0; i < ARRAY_SIZE(irqmod_diff_streams); i++) {
		for (j = 0; j < ARRAY_SIZE(irqmod_diff_start_levels); j++) {
			const struct irqmod_diff_stream *stream = &irqmod_diff_streams[i];
			struct irqmod_diff_result result = { 0 };
			char name[48];

			snprintf(name, sizeof(name), "%s_start_level_%u", stream->name,
				 irqmod_diff_start_levels[j]);
			irqmod_diff_run(stream, irqmod_diff_start_levels[j], dim, &result);
			total_steps += result.steps;
			total_compared += result.compared;
			total_changes += result.changes;
			if (stream->next == irqmod_diff_steady)
				steady_changes[j] = result.changes;
			irqmod_ktap_diagnostic("%s: %u steps, %u compared, %u net_dim profile changes",
					       name, result.steps, result.compared, result.changes);
			if (result.mismatch)
				irqmod_ktap_case(&suite, name, IRQMOD_KTAP_FAIL, NULL);
			else if (!IRQMOD_DIFF_DIM)
				irqmod_ktap_case(&suite, name, IRQMOD_KTAP_SKIP,
						 "irqmod DIM not built (IRQMOD_DIFF_DIM=0)");
			else
				irqmod_ktap_case(&suite, name, IRQMOD_KTAP_PASS, NULL);
		}
	}
	kfree(dim);

	/*
	 * The harness itself, checked without irqmod: the steady stream's
	 * profile changes, worked out by hand from lib/dim (net_dim.c, dim.c),
	 * must be what the kernel made. Every window of the steady stream has
	 * the same rates, so after the first window (BETTER than the zero
	 * prev_stats: leave parking) every comparison is SAME: a going state
	 * turns and steps each window (dim_on_top() needs steps_left > 1 on a
	 * right turn, never reached), flipping between levels 0 and 1 and
	 * adding 1 to tired, so decisions 1-10 each change the profile;
	 * decision 11 finds tired == 10 (2 x 5 profiles) and parks tired
	 * without a change; decisions 12-21 count tired down, and decision 21
	 * leaves parking with a change, starting the same 10-change pattern
	 * again. A changing decision costs 65 steps (the next sample only
	 * opens the window, then 64 events), a non-changing one 64. From
	 * either start level: decision 1 at step 64, decision 10 at step
	 * 64 + 9 x 65 = 649; decision 11 at 714; decision 21 at
	 * 714 + 10 x 64 = 1354; from there a cycle of 10 changes repeats
	 * every 10 x 65 + 10 x 64 = 1290 steps. In steps 0..19999 cycles
	 * start at 1354 + 1290 m for m = 0..14 (the last at 19414, its tenth
	 * change at 19414 + 9 x 65 = 19999), so 10 + 15 x 10 = 160 changes.
	 * A wrong window clock (the ktime_get() fix-up) or a wrong work-item
	 * emulation changes this count.
	 */
	irqmod_ktap_diagnostic("steady stream: net_dim made %u and %u profile changes (hand-derived: %u)",
			       steady_changes[0], steady_changes[1],
			       IRQMOD_DIFF_STEADY_CHANGES);
	irqmod_ktap_case(&suite, "kernel_steady_changes_match_hand_derivation",
			 steady_changes[0] == IRQMOD_DIFF_STEADY_CHANGES &&
			 steady_changes[1] == IRQMOD_DIFF_STEADY_CHANGES ?
			 IRQMOD_KTAP_PASS : IRQMOD_KTAP_FAIL, NULL);
	/* The real work item must have been queued by net_dim() and run. */
	irqmod_ktap_diagnostic("net_dim: %u steps, %u profile changes, work item ran %d times",
			       total_steps, total_changes, atomic_read(&irqmod_diff_work_runs));
	irqmod_ktap_case(&suite, "kernel_work_item_queued_and_ran",
			 total_changes > 0 && atomic_read(&irqmod_diff_work_runs) > 0 ?
			 IRQMOD_KTAP_PASS : IRQMOD_KTAP_FAIL, NULL);
	irqmod_ktap_diagnostic("steps compared with irqmod: %u", total_compared);
	irqmod_ktap_suite_end(&suite);
}

/*
 * The DIM worked examples (tests/vectors/dim_vectors.h, written with the
 * DIM controller), replayed in the kernel against their hand-derived level
 * after every call: through irqmod's DIM controller (with the shared runner
 * of tests/vectors/dim_run.h) and, for net DIM vectors on Linux's 5-level
 * tables, through the kernel's own net_dim() too, which checks the
 * derivations against Linux itself. Compiled when both the DIM controller
 * and its vectors (with their runner) are in the tree.
 */
#if IRQMOD_DIFF_DIM && defined(__has_include)
#if __has_include("vectors/dim_run.h")
#include "vectors/dim_run.h"
#define IRQMOD_DIFF_DIM_VECTORS 1
#endif
#endif

#ifdef IRQMOD_DIFF_DIM_VECTORS
/*
 * Replay @vector through irqmod's DIM with the runner the CMocka tests use
 * (tests/vectors/dim_run.h: level and whole decision after every call) and,
 * for net DIM on Linux's 5-level table, through the kernel's net_dim()
 * (profile index after every call). Return false and say where on the first
 * difference of either.
 */
static bool irqmod_diff_vector_replay(const struct irqmod_dim_vector *vector, struct dim *dim,
				      bool *kernel_replayed)
{
	struct dim_sample kernel_sample = { 0 };
	struct irqmod_vector_result result;
	bool passed;
	u32 i;

	passed = irqmod_dim_vector_run(vector, &result);
	if (!passed)
		irqmod_ktap_vector_failure(vector->name, &result);

	*kernel_replayed = !vector->rdma && vector->levels == IRQMOD_DIM_DEFAULT_LEVELS;
	if (!*kernel_replayed)
		return passed;
	irqmod_diff_kernel_init(dim, (u8)vector->start_level);
	for (i = 0; i < vector->count; i++) {
		const struct irqmod_dim_vector_step *step = &vector->steps[i];

		/* Vector times are small; shift them onto the synthetic clock. */
		irqmod_diff_kernel_step(dim, &kernel_sample,
					IRQMOD_DIFF_CLOCK_ORIGIN_NS + step->now_ns,
					step->packets, step->bytes, step->events);
		if (dim->profile_ix != step->level) {
			irqmod_ktap_diagnostic("%s: call %u: net_dim profile %u, expected %u",
					       vector->name, i, dim->profile_ix, step->level);
			passed = false;
			break;
		}
	}
	/* net_dim() may have queued the work item: let it finish before reuse. */
	flush_work(&dim->work);
	return passed;
}

unsigned int irqmod_ktap_dim_vector_suites(void)
{
	return 1;
}

void irqmod_ktap_dim_vectors(void)
{
	struct irqmod_ktap_suite suite;
	struct dim *dim = kzalloc(sizeof(*dim), GFP_KERNEL);
	unsigned int i, kernel_vectors = 0, kernel_steps = 0;

	irqmod_ktap_suite_begin(&suite, "irqmod_vectors_dim", ARRAY_SIZE(irqmod_dim_vectors));
	for (i = 0; i < ARRAY_SIZE(irqmod_dim_vectors); i++) {
		const struct irqmod_dim_vector *vector = &irqmod_dim_vectors[i];
		bool kernel_replayed = false;
		bool passed = dim && irqmod_diff_vector_replay(vector, dim, &kernel_replayed);

		if (kernel_replayed) {
			kernel_vectors++;
			kernel_steps += vector->count;
		}
		irqmod_ktap_case(&suite, vector->name,
				 passed ? IRQMOD_KTAP_PASS : IRQMOD_KTAP_FAIL, NULL);
	}
	kfree(dim);
	irqmod_ktap_diagnostic("%u vectors (%u calls) also replayed through the kernel's net_dim",
			       kernel_vectors, kernel_steps);
	irqmod_ktap_suite_end(&suite);
}
#else
unsigned int irqmod_ktap_dim_vector_suites(void)
{
	return 0;
}

void irqmod_ktap_dim_vectors(void)
{
}
#endif
