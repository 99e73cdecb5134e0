/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Worked examples of the latency-class controller, derived by hand from the
 * published drivers (Linux e1000e netdev.c e1000_update_itr/e1000_set_itr,
 * igb_main.c igb_update_itr/igb_set_itr/igb_write_itr, FreeBSD if_igc.c
 * igc_neweitr, if_igc.h IGC_INTS_TO_EITR). Shared by the CMocka test and a
 * future kernel self-test: plain static const data, irqmod headers only.
 *
 * Register arithmetic used below:
 *   e1000 ITR = 1e9 / (256 * rate) = 3906250 / rate, interval = ITR * 256 ns
 *   FreeBSD EITR = ((1000000 / rate) << 2) & 0x7FFC, interval = EITR / 4 us
 *   igb EITR = itr_val & 0x7FFC, interval = EITR / 4 us
 */
#ifndef IRQMOD_LATENCY_CLASS_VECTORS_H
#define IRQMOD_LATENCY_CLASS_VECTORS_H

#include "irqmod/latency_class.h"
#include "steps.h"

/**
 * struct irqmod_latency_class_vector - a named sequence.
 * @name: what the sequence shows.
 * @preset: enum irqmod_latency_class_preset value.
 * @conservative: enum irqmod_latency_conservative value set over the preset.
 * @link_speed_mbps: link speed.
 * @start_interval_ns: interval after init (before the first step).
 * @steps: the sequence.
 * @count: number of steps.
 */
struct irqmod_latency_class_vector {
	const char *name;
	uint32_t preset;
	uint8_t conservative;
	uint32_t link_speed_mbps;
	uint32_t start_interval_ns;
	const struct irqmod_register_vector_step *steps;
	uint32_t count;
};

/* 8 full frames: 8 * 1514 = 12112 bytes, 1514 bytes per packet. */
#define LC_BULK8 .rx_bytes = 12112, .rx_packets = 8
/* One 60-byte frame (a ping). */
#define LC_PING .rx_bytes = 60, .rx_packets = 1

/*
 * e1000e, InterruptThrottleRate 3 (conservative, stored per direction).
 * Start 20000 ints/s: ITR 3906250 / 20000 = 195 -> 49920 ns.
 * 1: TX idle: lowest, stored as low. RX lowest: 1514 <= 8000 and 8 packets
 *    are not < 5, so lowest, stored as low. max = low -> 20000: no change.
 * 2: RX low, 12112 > 10000, 8 packets < 10 -> bulk. 4000 < 20000 applies at
 *    once: ITR 3906250 / 4000 = 976 -> 249856 ns.
 * 3: RX bulk, 60 bytes < 6000 -> low. Rising: min(4000 + 20000/4, 20000) =
 *    9000: ITR 434 -> 111104 ns.
 * 4: RX low, quiet, 1 packet and 60 < 512 -> lowest, stored as low.
 *    min(9000 + 5000, 20000) = 14000: ITR 279 -> 71424 ns.
 * 5: 19000: ITR 205 -> 52480 ns.
 * 6: min(24000, 20000) = 20000: ITR 195 -> 49920 ns.
 * 7: 20000 again: no change.
 * 8: idle: classes stay low: no change.
 */
static const struct irqmod_register_vector_step lc_e1000e_conservative_steps[] = {
	{ { .now_ns = 1000, LC_BULK8 }, 195, 49920, false },
	{ { .now_ns = 2000, LC_BULK8 }, 976, 249856, true },
	{ { .now_ns = 3000, LC_PING }, 434, 111104, true },
	{ { .now_ns = 4000, LC_PING }, 279, 71424, true },
	{ { .now_ns = 5000, LC_PING }, 205, 52480, true },
	{ { .now_ns = 6000, LC_PING }, 195, 49920, true },
	{ { .now_ns = 7000, LC_PING }, 195, 49920, false },
	{ { .now_ns = 8000 }, 195, 49920, false },
};

/*
 * e1000e, InterruptThrottleRate 1 (dynamic: lowest allowed).
 * 1: RX and TX pings stay lowest (1 packet but 60 <= 512) -> 70000, rising
 *    from 20000: min(20000 + 17500, 70000) = 37500: ITR 104 -> 26624 ns.
 * 2: 55000: ITR 71 -> 18176 ns.   3: 70000: ITR 55 -> 14080 ns.
 * 4: no change.
 * 5: TSO on TX: 2 packets of 32000 bytes > 8000 -> lowest goes straight to
 *    bulk: 4000 at once: ITR 976 -> 249856 ns.
 * 6: an idle hour: classes stay, no change.
 */
static const struct irqmod_register_vector_step lc_e1000e_dynamic_steps[] = {
	{ { .now_ns = 1000, LC_PING, .tx_bytes = 60, .tx_packets = 1 }, 104, 26624, true },
	{ { .now_ns = 2000, LC_PING, .tx_bytes = 60, .tx_packets = 1 }, 71, 18176, true },
	{ { .now_ns = 3000, LC_PING, .tx_bytes = 60, .tx_packets = 1 }, 55, 14080, true },
	{ { .now_ns = 4000, LC_PING, .tx_bytes = 60, .tx_packets = 1 }, 55, 14080, false },
	{ { .now_ns = 5000, LC_PING, .tx_bytes = 64000, .tx_packets = 2 }, 976, 249856, true },
	{ { .now_ns = 3600000005000ull }, 976, 249856, false },
};

/*
 * igb single vector, rx-usecs 3 (conservative on the output only).
 * Start IGB_START_ITR 648 -> 162 us.
 * 1: ping: RX stays lowest, vector lowest -> raised to low: 196 -> 49 us.
 * 2: 8 full frames: RX lowest stays lowest (8 packets are not < 5, 1514 <=
 *    8000), output low: no change. (e1000e moved to bulk on this sample.)
 * 3: 4 full frames (6056 bytes): 4 < 5 and 6056 > 512 -> low. No change.
 * 4: 8 full frames: low, 12112 > 10000, 8 < 10 -> bulk: 980 -> 245 us in one
 *    step: the "bias towards bulk" max(new*old/(new+old/4), new) is new.
 * 5: 10 x 200 bytes: bulk, 2000 is not < 1500 -> stays bulk (e1000e's 6000
 *    would have moved it to low).
 * 6: ping: 60 < 1500 -> low: 196 -> 49 us.
 */
static const struct irqmod_register_vector_step lc_igb_conservative_steps[] = {
	{ { .now_ns = 1000, LC_PING }, 196, 49000, true },
	{ { .now_ns = 2000, LC_BULK8 }, 196, 49000, false },
	{ { .now_ns = 3000, .rx_bytes = 6056, .rx_packets = 4 }, 196, 49000, false },
	{ { .now_ns = 4000, LC_BULK8 }, 980, 245000, true },
	{ { .now_ns = 5000, .rx_bytes = 2000, .rx_packets = 10 }, 980, 245000, false },
	{ { .now_ns = 6000, LC_PING }, 196, 49000, true },
};

/* igb at 100 Mb/s: fixed IGB_4K_ITR 980 -> 245 us, whatever the traffic. */
static const struct irqmod_register_vector_step lc_igb_slow_link_steps[] = {
	{ { .now_ns = 1000, LC_PING }, 980, 245000, true },
	{ { .now_ns = 2000, LC_BULK8 }, 980, 245000, false },
};

/*
 * FreeBSD igc/em AIM, enable_aim=1. Start IGC_INTS_DEFAULT 8000: EITR
 * (125 << 2) = 500 -> 125 us.
 * 1: idle: nothing happens.
 * 2: ping: bootstrap -> low: 20000: EITR 200 -> 50 us.
 * 3: ping: low, quiet, 1 < 3 and 60 < 512 -> lowest, trimmed to low: no change.
 * 4: RX ping + TX 8 full frames: bytes max 12112, bytes/packet max 1514,
 *    packets max 8: low, busy, 8 < 10 -> bulk: 4000: EITR 1000 -> 250 us.
 * 5: 100 RX bytes but no packets: no direction qualifies: nothing happens.
 * 6: ping: bulk, 60 < 1500 -> low: 50 us.
 */
static const struct irqmod_register_vector_step lc_freebsd_aim1_steps[] = {
	{ { .now_ns = 1000 }, 500, 125000, false },
	{ { .now_ns = 2000, LC_PING }, 200, 50000, true },
	{ { .now_ns = 3000, LC_PING }, 200, 50000, false },
	{ { .now_ns = 4000, LC_PING, .tx_bytes = 12112, .tx_packets = 8 }, 1000, 250000, true },
	{ { .now_ns = 5000, .rx_bytes = 100 }, 1000, 250000, false },
	{ { .now_ns = 6000, LC_PING }, 200, 50000, true },
};

/*
 * FreeBSD enable_aim=2 (lowest allowed): bootstrap to low (50 us), then
 * lowest: 70000: EITR (1000000 / 70000 = 14) << 2 = 56 -> 14 us.
 */
static const struct irqmod_register_vector_step lc_freebsd_aim2_steps[] = {
	{ { .now_ns = 1000, LC_PING }, 200, 50000, true },
	{ { .now_ns = 2000, LC_PING }, 56, 14000, true },
};

#define LC_VECTOR(name_, preset_, conservative_, speed_, start_, steps_) \
	{ name_, preset_, conservative_, speed_, start_, steps_, \
	  (uint32_t)(sizeof(steps_) / sizeof((steps_)[0])) }

static const struct irqmod_latency_class_vector irqmod_latency_class_vectors[] = {
	LC_VECTOR("e1000e conservative: bulk, then ramp back to 20K",
		  IRQMOD_LATENCY_CLASS_PRESET_E1000E,
		  IRQMOD_LATENCY_CONSERVATIVE_STORED, 1000, 49920,
		  lc_e1000e_conservative_steps),
	LC_VECTOR("e1000 behaves as e1000e",
		  IRQMOD_LATENCY_CLASS_PRESET_E1000,
		  IRQMOD_LATENCY_CONSERVATIVE_STORED, 1000, 49920,
		  lc_e1000e_conservative_steps),
	LC_VECTOR("e1000e dynamic: ramp to 70K, TSO straight to bulk",
		  IRQMOD_LATENCY_CLASS_PRESET_E1000E,
		  IRQMOD_LATENCY_CONSERVATIVE_OFF, 1000, 49920,
		  lc_e1000e_dynamic_steps),
	LC_VECTOR("igb conservative: lowest kept, only output raised",
		  IRQMOD_LATENCY_CLASS_PRESET_IGB,
		  IRQMOD_LATENCY_CONSERVATIVE_OUTPUT, 1000, 162000,
		  lc_igb_conservative_steps),
	LC_VECTOR("igb below 1G: fixed 4K",
		  IRQMOD_LATENCY_CLASS_PRESET_IGB,
		  IRQMOD_LATENCY_CONSERVATIVE_OUTPUT, 100, 162000,
		  lc_igb_slow_link_steps),
	LC_VECTOR("FreeBSD enable_aim=1: bootstrap, max of inputs, idle",
		  IRQMOD_LATENCY_CLASS_PRESET_FREEBSD_AIM,
		  IRQMOD_LATENCY_CONSERVATIVE_STORED, 1000, 125000,
		  lc_freebsd_aim1_steps),
	LC_VECTOR("FreeBSD enable_aim=2: 70K allowed",
		  IRQMOD_LATENCY_CLASS_PRESET_FREEBSD_AIM,
		  IRQMOD_LATENCY_CONSERVATIVE_OFF, 1000, 125000,
		  lc_freebsd_aim2_steps),
};

#undef LC_VECTOR
#undef LC_BULK8
#undef LC_PING

#endif /* IRQMOD_LATENCY_CLASS_VECTORS_H */
