/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Worked examples for DIM (net and RDMA), derived by hand from Linux
 * lib/dim/net_dim.c, lib/dim/dim.c and lib/dim/rdma_dim.c. Each vector is a
 * stream of per-call deltas and the profile level expected after each call.
 *
 * Replaying against the kernel (issue 7): keep cumulative counters like a
 * driver (u16 events, u32 packets and bytes, u32 completions), set the
 * dim_sample time to now_ns, call net_dim() (or rdma_dim() once per event),
 * and whenever dim.state becomes DIM_APPLY_NEW_PROFILE set it back to
 * DIM_START_MEASURE before the next call (the work item run at once), then
 * compare dim.profile_ix with the expected level. One more step is needed:
 * when net_dim() opens a window it stamps start_sample.time with its own
 * ktime_get() (dim_update_sample()), not with the sample's time, so after
 * each call whose start_sample counters now equal the sample's, set
 * dim.start_sample.time = now_ns (irqmod opens the window at now_ns; in a
 * driver the two clocks differ by the few ns net_dim() takes). rdma_dim()
 * stamps both ends of the window with ktime_get() itself, so the RDMA
 * vectors replay exactly only against a copy of rdma_dim() that takes the
 * time as an argument. Start with a zeroed
 * struct dim whose profile_ix is start_level (rdma: tune_state
 * DIM_GOING_RIGHT, as rdma_dim_init() sets). Vectors with levels other than
 * 5 (net) or 9 (RDMA) exercise irqmod's user tables and have no kernel
 * counterpart (Linux fixes the table sizes).
 *
 * Conventions of the derivations: unless stated, each call reports 64
 * events 1 ms after the previous one, so a window is one call long and its
 * rates are ppms = packets, bpms = bytes, epms = ceil(64000 / 1000) = 64.
 * After a level change the next call only opens a window.
 *
 * Includes only irqmod headers, so a kernel module can use it.
 */
#ifndef IRQMOD_TESTS_DIM_VECTORS_H
#define IRQMOD_TESTS_DIM_VECTORS_H

#include "irqmod/dim.h"

/** IRQMOD_DIM_VECTOR_MS - one millisecond in ns. */
#define IRQMOD_DIM_VECTOR_MS 1000000ull

/**
 * struct irqmod_dim_vector_step - one call and the level it must leave.
 * @now_ns: the sample's time.
 * @events: events since the previous call (0 would count as 1).
 * @packets: packets since the previous call (RX direction).
 * @bytes: bytes since the previous call (RX direction).
 * @completions: completions since the previous call (RDMA).
 * @level: expected profile level after the call.
 */
struct irqmod_dim_vector_step {
	uint64_t now_ns;
	uint32_t events;
	uint32_t packets;
	uint32_t bytes;
	uint32_t completions;
	uint8_t level;
};

/**
 * struct irqmod_dim_vector - a named stream.
 * @name: what it shows.
 * @rdma: true for RDMA DIM, false for net DIM.
 * @levels: table size: 5 (net default tables), 9 (RDMA) or a user table.
 * @start_level: level after init.
 * @steps: the calls.
 * @count: number of @steps.
 */
struct irqmod_dim_vector {
	const char *name;
	bool rdma;
	uint32_t levels;
	uint32_t start_level;
	const struct irqmod_dim_vector_step *steps;
	uint32_t count;
};

#define IRQMOD_DIM_MS(n) ((uint64_t)(n) * IRQMOD_DIM_VECTOR_MS)
/* A net call at n ms with 64 events. */
#define IRQMOD_DIM_NET(n, pkts, byts, lvl) \
	{ IRQMOD_DIM_MS(n), 64, (pkts), (byts), 0, (lvl) }
/* An RDMA call at n ms with 64 events. */
#define IRQMOD_DIM_RDMA(n, comps, lvl) \
	{ IRQMOD_DIM_MS(n), 64, 0, 0, (comps), (lvl) }

/*
 * Climb, turn, park on top, leave by drift (start level 0).
 * c1: prev bpms 0, 10000 > 0: BETTER; parked at 0 -> exit going right, L1.
 * c3: 12000 vs 10000 = +20 % (100*2000/10000 = 20 > 10): BETTER, L2.
 * c5: 14400 vs 12000 = +20 %: BETTER, L3 (steps_right 3).
 * c7: 11000 vs 14400: 100*3400/14400 = 23: WORSE -> turn left
 *     (steps_left 0, not on top), step: L2, steps_left 1.
 * c9: 14000 vs 11000: 27 %: BETTER, no turn; on top (steps_right 3 > 1,
 *     steps_left 1): park on top at L2, reference = 14000.
 * c10: 15000 vs 14000: 7 %; ppms 15 vs 14: 7 %; epms equal: SAME, stay;
 *      reference stays 14000 (no update while parked).
 * c11: 15500 vs 14000: 150000/14000 = 10 (truncated): SAME, stay.
 * c12: 15600 vs 14000: 160000/14000 = 11 > 10: BETTER -> exit parking
 *      going left (level != 0): L1, though it is only +0.6 % on c11.
 */
static const struct irqmod_dim_vector_step irqmod_dim_vector_climb[] = {
	IRQMOD_DIM_NET(1, 0, 0, 0),
	IRQMOD_DIM_NET(2, 10, 10000, 1),
	IRQMOD_DIM_NET(3, 10, 10000, 1),
	IRQMOD_DIM_NET(4, 12, 12000, 2),
	IRQMOD_DIM_NET(5, 12, 12000, 2),
	IRQMOD_DIM_NET(6, 14, 14400, 3),
	IRQMOD_DIM_NET(7, 14, 14400, 3),
	IRQMOD_DIM_NET(8, 11, 11000, 2),
	IRQMOD_DIM_NET(9, 11, 11000, 2),
	IRQMOD_DIM_NET(10, 14, 14000, 2),
	IRQMOD_DIM_NET(11, 15, 15000, 2),
	IRQMOD_DIM_NET(12, 15, 15500, 2),
	IRQMOD_DIM_NET(13, 15, 15600, 1),
};

/*
 * One step back after a turn is not a peak: on_top needs more than one step
 * before the turn. c1 L1, c3 1200 (+20 %) L2, c5 1000 vs 1200 (100*200/1200
 * = 16): WORSE -> turn left, step: L1 (steps_left 1). c7 800 vs 1000 (20):
 * WORSE -> turn right (steps_right 0), not on top (steps_left 1 is not
 * > 1), step: L2 (steps_right 1). c9 1000 vs 800 (+25 %): BETTER, no turn;
 * on top needs steps_left > 1: no; step: L3.
 */
static const struct irqmod_dim_vector_step irqmod_dim_vector_not_a_peak[] = {
	IRQMOD_DIM_NET(1, 0, 0, 0),
	IRQMOD_DIM_NET(2, 1, 1000, 1), IRQMOD_DIM_NET(3, 1, 1000, 1),
	IRQMOD_DIM_NET(4, 1, 1200, 2), IRQMOD_DIM_NET(5, 1, 1200, 2),
	IRQMOD_DIM_NET(6, 1, 1000, 1), IRQMOD_DIM_NET(7, 1, 1000, 1),
	IRQMOD_DIM_NET(8, 1, 800, 2), IRQMOD_DIM_NET(9, 1, 800, 2),
	IRQMOD_DIM_NET(10, 1, 1000, 3),
};

/*
 * Steady traffic (10 pkts, 10000 bytes per window), start level 0: the walk
 * oscillates 0 <-> 1 (every window SAME -> turn; on_top needs more than one
 * step before the turn, never the case here), each step adding 1 to tired.
 * c1 L1 (tired 1), c3 L0 (2), c5 L1 (3), ... c19 L0 (tired 10).
 * c21: SAME -> turn right; step finds tired == 2 * 5 -> park tired at L0;
 *      the level is kept, so the next window opens at c21 at once.
 * c22..c30: tired 9..1, parked. c31: tired 0 -> exit parking going right,
 * L1: the tired park lasted exactly 10 windows (c22..c31).
 * c33: SAME -> turn left, step: L0.
 */
static const struct irqmod_dim_vector_step irqmod_dim_vector_tired[] = {
	IRQMOD_DIM_NET(1, 10, 10000, 0), IRQMOD_DIM_NET(2, 10, 10000, 1),
	IRQMOD_DIM_NET(3, 10, 10000, 1), IRQMOD_DIM_NET(4, 10, 10000, 0),
	IRQMOD_DIM_NET(5, 10, 10000, 0), IRQMOD_DIM_NET(6, 10, 10000, 1),
	IRQMOD_DIM_NET(7, 10, 10000, 1), IRQMOD_DIM_NET(8, 10, 10000, 0),
	IRQMOD_DIM_NET(9, 10, 10000, 0), IRQMOD_DIM_NET(10, 10, 10000, 1),
	IRQMOD_DIM_NET(11, 10, 10000, 1), IRQMOD_DIM_NET(12, 10, 10000, 0),
	IRQMOD_DIM_NET(13, 10, 10000, 0), IRQMOD_DIM_NET(14, 10, 10000, 1),
	IRQMOD_DIM_NET(15, 10, 10000, 1), IRQMOD_DIM_NET(16, 10, 10000, 0),
	IRQMOD_DIM_NET(17, 10, 10000, 0), IRQMOD_DIM_NET(18, 10, 10000, 1),
	IRQMOD_DIM_NET(19, 10, 10000, 1), IRQMOD_DIM_NET(20, 10, 10000, 0),
	IRQMOD_DIM_NET(21, 10, 10000, 0), IRQMOD_DIM_NET(22, 10, 10000, 0),
	IRQMOD_DIM_NET(23, 10, 10000, 0), IRQMOD_DIM_NET(24, 10, 10000, 0),
	IRQMOD_DIM_NET(25, 10, 10000, 0), IRQMOD_DIM_NET(26, 10, 10000, 0),
	IRQMOD_DIM_NET(27, 10, 10000, 0), IRQMOD_DIM_NET(28, 10, 10000, 0),
	IRQMOD_DIM_NET(29, 10, 10000, 0), IRQMOD_DIM_NET(30, 10, 10000, 0),
	IRQMOD_DIM_NET(31, 10, 10000, 0), IRQMOD_DIM_NET(32, 10, 10000, 1),
	IRQMOD_DIM_NET(33, 10, 10000, 1), IRQMOD_DIM_NET(34, 10, 10000, 0),
};

/*
 * Edge at the top: +20 % per window from level 0 walks to 4; at c9 the
 * window is BETTER again but level 4 is the right edge -> park on top.
 * bytes 1000, 1200, 1440, 1728, 2074 (2074 vs 1728: 34600/1728 = 20).
 */
static const struct irqmod_dim_vector_step irqmod_dim_vector_edge_top[] = {
	IRQMOD_DIM_NET(1, 0, 0, 0),
	IRQMOD_DIM_NET(2, 1, 1000, 1), IRQMOD_DIM_NET(3, 1, 1000, 1),
	IRQMOD_DIM_NET(4, 1, 1200, 2), IRQMOD_DIM_NET(5, 1, 1200, 2),
	IRQMOD_DIM_NET(6, 1, 1440, 3), IRQMOD_DIM_NET(7, 1, 1440, 3),
	IRQMOD_DIM_NET(8, 1, 1728, 4), IRQMOD_DIM_NET(9, 1, 1728, 4),
	IRQMOD_DIM_NET(10, 1, 2074, 4), IRQMOD_DIM_NET(11, 1, 2074, 4),
};

/*
 * Default start level 1 (ice, NET_DIM_DEF_PROFILE_*): the first window is
 * BETTER than the zero reference and exit_parking goes LEFT because the
 * level is not 0: L0. c3: BETTER again, step left hits the edge -> park on
 * top at 0. c4: SAME, stays.
 */
static const struct irqmod_dim_vector_step irqmod_dim_vector_edge_bottom[] = {
	IRQMOD_DIM_NET(1, 0, 0, 1),
	IRQMOD_DIM_NET(2, 1, 1000, 0), IRQMOD_DIM_NET(3, 1, 1000, 0),
	IRQMOD_DIM_NET(4, 1, 1200, 0), IRQMOD_DIM_NET(5, 1, 1200, 0),
};

/* Exactly +10 %: 100*100/1000 = 10, not > 10: SAME -> turn, step: L0. */
static const struct irqmod_dim_vector_step irqmod_dim_vector_ten_percent[] = {
	IRQMOD_DIM_NET(1, 0, 0, 0), IRQMOD_DIM_NET(2, 10, 1000, 1),
	IRQMOD_DIM_NET(3, 10, 1000, 1), IRQMOD_DIM_NET(4, 10, 1100, 0),
};

/* +10.9 %: 100*109/1000 = 10 after truncation: still SAME: L0. */
static const struct irqmod_dim_vector_step irqmod_dim_vector_ten_nine_percent[] = {
	IRQMOD_DIM_NET(1, 0, 0, 0), IRQMOD_DIM_NET(2, 10, 1000, 1),
	IRQMOD_DIM_NET(3, 10, 1000, 1), IRQMOD_DIM_NET(4, 10, 1109, 0),
};

/* +11 %: 100*110/1000 = 11 > 10: BETTER, keep going right: L2. */
static const struct irqmod_dim_vector_step irqmod_dim_vector_eleven_percent[] = {
	IRQMOD_DIM_NET(1, 0, 0, 0), IRQMOD_DIM_NET(2, 10, 1000, 1),
	IRQMOD_DIM_NET(3, 10, 1000, 1), IRQMOD_DIM_NET(4, 10, 1110, 2),
};

/*
 * Compare order: bytes, then packets, then events.
 * c3: bpms 12000 vs 10000 (+20 %) while ppms 50 vs 100 (-50 %): bytes
 *     decide, BETTER: L2.
 * c5: bpms equal, ppms 70 vs 50 (+40 %): BETTER: L3.
 * c7: a 1.25 ms window: bpms = ceil(15000000/1250) = 12000, ppms =
 *     ceil(88000/1250) = 71 (vs 70: 1 %), epms = ceil(64000/1250) = 52 vs 64:
 *     100*12/64 = 18, lower: BETTER: L4.
 * c9: 1 ms again, epms 64 vs 52: 100*12/52 = 23, higher: WORSE -> turn
 *     left, step: L3 (steps_right 4, steps_left 1).
 * c11: 1.25 ms window as c7: epms 52 vs 64: BETTER; on top (steps_right
 *      4 > 1, steps_left 1): park at L3.
 */
static const struct irqmod_dim_vector_step irqmod_dim_vector_compare_order[] = {
	IRQMOD_DIM_NET(1, 0, 0, 0),
	IRQMOD_DIM_NET(2, 100, 10000, 1),
	IRQMOD_DIM_NET(3, 100, 10000, 1),
	IRQMOD_DIM_NET(4, 50, 12000, 2),
	IRQMOD_DIM_NET(5, 50, 12000, 2),
	IRQMOD_DIM_NET(6, 70, 12000, 3),
	IRQMOD_DIM_NET(7, 70, 12000, 3),
	{ IRQMOD_DIM_MS(8) + 250000u, 64, 88, 15000, 0, 4 },
	{ IRQMOD_DIM_MS(9) + 250000u, 64, 70, 12000, 0, 4 },
	{ IRQMOD_DIM_MS(10) + 250000u, 64, 70, 12000, 0, 3 },
	{ IRQMOD_DIM_MS(11) + 250000u, 64, 70, 12000, 0, 3 },
	{ IRQMOD_DIM_MS(12) + 500000u, 64, 88, 15000, 0, 3 },
};

/*
 * Zero-time window (Linux 162bd18eb55a "linux/dim: Do nothing if no time
 * delta between samples"): the window stays open and keeps counting.
 * c1: 64 events at the same ns: delta_us 0, no decision. c2: 999 ns later,
 * still 0 us. c3: 1 event at 1.0005 ms after the start: 129 events, delta
 * 1000 us, bpms 3000 > 0 reference: BETTER: L1. Had the window been
 * restarted at c1 or c2, c3 would close nothing (1 event < 64): L0.
 */
static const struct irqmod_dim_vector_step irqmod_dim_vector_zero_time[] = {
	{ IRQMOD_DIM_MS(1), 64, 0, 0, 0, 0 },
	{ IRQMOD_DIM_MS(1), 64, 1, 1000, 0, 0 },
	{ IRQMOD_DIM_MS(1) + 999u, 64, 1, 1000, 0, 0 },
	{ IRQMOD_DIM_MS(2) + 500u, 1, 1, 1000, 0, 1 },
};

/*
 * u16 event counter. c0 opens at 65500. c1 adds 100: the counter wraps to
 * 64 and (64 - 65500) mod 2^16 = 100 >= 64 closes the window: BETTER: L1.
 * c2 opens. c3 reports 65546 events in one call: the u16 counter moves by
 * 10 only (as Linux's would), so the window stays open. c4 adds 54: 64
 * events over 2 ms, bpms = ceil(1000*1000/2000) = 500 vs 1000: WORSE ->
 * turn left, step: L0.
 */
static const struct irqmod_dim_vector_step irqmod_dim_vector_event_wrap[] = {
	{ IRQMOD_DIM_MS(1), 65500, 0, 0, 0, 0 },
	{ IRQMOD_DIM_MS(2), 100, 1, 1000, 0, 1 },
	{ IRQMOD_DIM_MS(3), 1, 0, 0, 0, 1 },
	{ IRQMOD_DIM_MS(4), 65546, 1, 500, 0, 1 },
	{ IRQMOD_DIM_MS(5), 54, 1, 500, 0, 0 },
};

/*
 * u32 byte counter: c0 leaves it at 0xFFFFFF00, c1 adds 1000 (wraps to 744):
 * window 1000 bytes: L1. c2 opens at 744 + 0xFFFFFC00 = 0xFFFFFDE8; c3 adds
 * 1050 and wraps to 770: window (770 - 0xFFFFFDE8) mod 2^32 = 1050, +5 % on
 * 1000, ppms equal: SAME -> turn, step: L0 (a wrong subtraction would give
 * a huge rate, BETTER, L2).
 */
static const struct irqmod_dim_vector_step irqmod_dim_vector_byte_wrap[] = {
	{ IRQMOD_DIM_MS(1), 64, 0, 0xFFFFFF00u, 0, 0 },
	{ IRQMOD_DIM_MS(2), 64, 1, 1000, 0, 1 },
	{ IRQMOD_DIM_MS(3), 64, 1, 0xFFFFFC00u, 0, 1 },
	{ IRQMOD_DIM_MS(4), 64, 1, 1050, 0, 0 },
};

/*
 * A 3-level user table, steady traffic: tired limit 2 * 3 = 6.
 * L 0,1,1,0,0,1,1,0,0,1,1,0 (tired 6 at c11); c13: turn right, step is
 * TOO_TIRED: park at L0; c14..c18 tired 5..1; c19 tired 0: exit right, L1.
 */
static const struct irqmod_dim_vector_step irqmod_dim_vector_user_tired[] = {
	IRQMOD_DIM_NET(1, 10, 10000, 0), IRQMOD_DIM_NET(2, 10, 10000, 1),
	IRQMOD_DIM_NET(3, 10, 10000, 1), IRQMOD_DIM_NET(4, 10, 10000, 0),
	IRQMOD_DIM_NET(5, 10, 10000, 0), IRQMOD_DIM_NET(6, 10, 10000, 1),
	IRQMOD_DIM_NET(7, 10, 10000, 1), IRQMOD_DIM_NET(8, 10, 10000, 0),
	IRQMOD_DIM_NET(9, 10, 10000, 0), IRQMOD_DIM_NET(10, 10, 10000, 1),
	IRQMOD_DIM_NET(11, 10, 10000, 1), IRQMOD_DIM_NET(12, 10, 10000, 0),
	IRQMOD_DIM_NET(13, 10, 10000, 0), IRQMOD_DIM_NET(14, 10, 10000, 0),
	IRQMOD_DIM_NET(15, 10, 10000, 0), IRQMOD_DIM_NET(16, 10, 10000, 0),
	IRQMOD_DIM_NET(17, 10, 10000, 0), IRQMOD_DIM_NET(18, 10, 10000, 0),
	IRQMOD_DIM_NET(19, 10, 10000, 0), IRQMOD_DIM_NET(20, 10, 10000, 1),
};

/*
 * RDMA DIM (start 0, going right; 1 ms windows: epms 64, cpms = comps,
 * cpe_ratio = cpms * 100 / 64).
 * c1: reference cpms 0 -> SAME; cpe 100 <= 50 * 0? no: stay L0.
 * c2: 128 vs 64: BETTER: step right, L1. c4: 256: L2. c6: 512: L3.
 * c8: 256 vs 512: WORSE -> turn left, step: L2.
 * c10: 256 vs 256, cpe 400 vs 400: SAME; 400 <= 50 * 2? no: stay L2.
 * c11: 64 vs 256: WORSE -> turn right, step: L3.
 * c13: 64 vs 64: SAME; cpe 100 <= 50 * 3 = 150: jump to L0.
 */
static const struct irqmod_dim_vector_step irqmod_dim_vector_rdma_walk[] = {
	IRQMOD_DIM_RDMA(1, 0, 0), IRQMOD_DIM_RDMA(2, 64, 0),
	IRQMOD_DIM_RDMA(3, 128, 1), IRQMOD_DIM_RDMA(4, 128, 1),
	IRQMOD_DIM_RDMA(5, 256, 2), IRQMOD_DIM_RDMA(6, 256, 2),
	IRQMOD_DIM_RDMA(7, 512, 3), IRQMOD_DIM_RDMA(8, 512, 3),
	IRQMOD_DIM_RDMA(9, 256, 2), IRQMOD_DIM_RDMA(10, 256, 2),
	IRQMOD_DIM_RDMA(11, 256, 2), IRQMOD_DIM_RDMA(12, 64, 3),
	IRQMOD_DIM_RDMA(13, 64, 3), IRQMOD_DIM_RDMA(14, 64, 0),
	IRQMOD_DIM_RDMA(15, 64, 0),
};

/*
 * RDMA at the right edge (start 7): c1 first window SAME, cpe 400 > 350:
 * stay L7. c2: 512 vs 256 BETTER: L8. c4: BETTER, step hits the edge ->
 * turn left, no park, no move. c5: BETTER, step left: L7.
 */
static const struct irqmod_dim_vector_step irqmod_dim_vector_rdma_edge[] = {
	IRQMOD_DIM_RDMA(1, 0, 7), IRQMOD_DIM_RDMA(2, 256, 7),
	IRQMOD_DIM_RDMA(3, 512, 8), IRQMOD_DIM_RDMA(4, 512, 8),
	IRQMOD_DIM_RDMA(5, 1024, 8), IRQMOD_DIM_RDMA(6, 2048, 7),
};

/*
 * RDMA's u16 event difference is taken as int into a u32 (rdma_dim()): c0
 * 65450, c1 +64 = 65514 closes the first window (SAME, cpe 100: stay L0)
 * and opens at 65514. c2 adds 30 events: the counter wraps to 8, 8 - 65514
 * is negative, reads huge, and the window closes after 30 events: cpms
 * 128 vs 64: BETTER: L1. A wrap-safe u16 difference (30) would wait: L0.
 */
static const struct irqmod_dim_vector_step irqmod_dim_vector_rdma_wrap[] = {
	{ IRQMOD_DIM_MS(1), 65450, 0, 0, 0, 0 },
	{ IRQMOD_DIM_MS(2), 64, 0, 0, 64, 0 },
	{ IRQMOD_DIM_MS(3), 30, 0, 0, 128, 1 },
};

#define IRQMOD_DIM_VECTOR(n, r, l, s, arr) \
	{ (n), (r), (l), (s), (arr), (uint32_t)(sizeof(arr) / sizeof((arr)[0])) }

/** irqmod_dim_vectors - every DIM worked example. */
static const struct irqmod_dim_vector irqmod_dim_vectors[] = {
	IRQMOD_DIM_VECTOR("climb, turn, park on top, drift", false, 5, 0,
			  irqmod_dim_vector_climb),
	IRQMOD_DIM_VECTOR("steady traffic parks tired for 10 windows", false, 5, 0,
			  irqmod_dim_vector_tired),
	IRQMOD_DIM_VECTOR("one step back after a turn is not a peak", false, 5, 0,
			  irqmod_dim_vector_not_a_peak),
	IRQMOD_DIM_VECTOR("edge park at level 4", false, 5, 0,
			  irqmod_dim_vector_edge_top),
	IRQMOD_DIM_VECTOR("start level 1 goes left, edge park at 0", false, 5, 1,
			  irqmod_dim_vector_edge_bottom),
	IRQMOD_DIM_VECTOR("exactly 10 % is not significant", false, 5, 0,
			  irqmod_dim_vector_ten_percent),
	IRQMOD_DIM_VECTOR("10.9 % truncates to 10", false, 5, 0,
			  irqmod_dim_vector_ten_nine_percent),
	IRQMOD_DIM_VECTOR("11 % is significant", false, 5, 0,
			  irqmod_dim_vector_eleven_percent),
	IRQMOD_DIM_VECTOR("compare order bytes, packets, events", false, 5, 0,
			  irqmod_dim_vector_compare_order),
	IRQMOD_DIM_VECTOR("zero-time window stays open", false, 5, 0,
			  irqmod_dim_vector_zero_time),
	IRQMOD_DIM_VECTOR("u16 event counter wrap", false, 5, 0,
			  irqmod_dim_vector_event_wrap),
	IRQMOD_DIM_VECTOR("u32 byte counter wrap", false, 5, 0,
			  irqmod_dim_vector_byte_wrap),
	IRQMOD_DIM_VECTOR("3-level user table tires after 6 steps", false, 3, 0,
			  irqmod_dim_vector_user_tired),
	IRQMOD_DIM_VECTOR("rdma walk, turn, jump to 0", true, 9, 0,
			  irqmod_dim_vector_rdma_walk),
	IRQMOD_DIM_VECTOR("rdma turns at the edge", true, 9, 7,
			  irqmod_dim_vector_rdma_edge),
	IRQMOD_DIM_VECTOR("rdma int event difference at the u16 wrap", true, 9, 0,
			  irqmod_dim_vector_rdma_wrap),
};

#endif /* IRQMOD_TESTS_DIM_VECTORS_H */
