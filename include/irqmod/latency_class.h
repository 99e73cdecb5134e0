/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: latency-class controller (e1000, e1000e, igb single queue, FreeBSD AIM)
 *
 * The three-class state machine of Intel's gigabit drivers: each update moves
 * a class (lowest, low or bulk latency) on the bytes and packets seen since
 * the previous update, maps the class to an interrupt rate (70000, 20000 or
 * 4000 ints/s) and programs it. One state machine serves every driver; the
 * drivers differ only in the thresholds, in how RX and TX are combined, in
 * where the "conservative" mode drops the lowest class, in e1000/e1000e's
 * ramp-up smoothing and in the register encoding. See docs/latency-class.md.
 *
 * The time in the sample is not used: like the drivers, the controller
 * counts per update, not per second.
 */
#ifndef IRQMOD_LATENCY_CLASS_H
#define IRQMOD_LATENCY_CLASS_H

#include "irqmod/common.h"
#include "irqmod/itr_encoding.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * enum irqmod_latency_class_value - the classes, in the drivers' order: the
 *	enum latency_range of e1000e, igb and ixgbe before 2017, shared by
 *	this controller and irqmod/ixgbe_legacy.h.
 * @IRQMOD_LATENCY_LOWEST: lowest latency, 70000 ints/s (enum latency_range
 *	lowest_latency = 0 in e1000e netdev.c, igb_main.c).
 * @IRQMOD_LATENCY_LOW: low latency, 20000 ints/s (low_latency = 1).
 * @IRQMOD_LATENCY_BULK: bulk latency, 4000 ints/s (bulk_latency = 2).
 * @IRQMOD_LATENCY_BOOTSTRAP: no class yet: the first update with traffic
 *	moves to low without reading the thresholds (FreeBSD if_igc.c
 *	igc_neweitr, eitr_latency_disabled "Bootstrapping").
 */
enum irqmod_latency_class_value {
	IRQMOD_LATENCY_LOWEST = 0,
	IRQMOD_LATENCY_LOW = 1,
	IRQMOD_LATENCY_BULK = 2,
	IRQMOD_LATENCY_BOOTSTRAP = 3,
};

/** IRQMOD_LATENCY_CLASS_COUNT - number of real classes (lowest, low, bulk). */
#define IRQMOD_LATENCY_CLASS_COUNT 3u

/**
 * enum irqmod_latency_combine - how RX and TX traffic make one vector class.
 * @IRQMOD_LATENCY_COMBINE_MAX_CLASS: RX and TX each keep a class, updated
 *	from their own counts; the vector uses the larger (slower) one
 *	(Linux e1000e/igb *_set_itr: max(rx_itr, tx_itr)).
 * @IRQMOD_LATENCY_COMBINE_MAX_INPUTS: one class, updated from the larger of
 *	the RX and TX bytes, bytes per packet and packets, counting only a
 *	direction with both bytes and packets (FreeBSD igc_neweitr, em_newitr).
 *	An update where neither direction qualifies changes nothing at all.
 * @IRQMOD_LATENCY_COMBINE_COUNT: one past the last value.
 */
enum irqmod_latency_combine {
	IRQMOD_LATENCY_COMBINE_MAX_CLASS = 0,
	IRQMOD_LATENCY_COMBINE_MAX_INPUTS = 1,
	IRQMOD_LATENCY_COMBINE_COUNT
};

/**
 * enum irqmod_latency_conservative - where "dynamic conservative" drops lowest.
 * @IRQMOD_LATENCY_CONSERVATIVE_OFF: lowest is allowed (Linux itr setting 1,
 *	FreeBSD enable_aim=2).
 * @IRQMOD_LATENCY_CONSERVATIVE_STORED: a class that lands on lowest is stored
 *	as low, so the next update starts from low (Linux e1000/e1000e
 *	e1000_set_itr with itr_setting 3; FreeBSD enable_aim=1 on its one class).
 * @IRQMOD_LATENCY_CONSERVATIVE_OUTPUT: classes may stay lowest, only the
 *	vector's rate is raised to low (Linux igb_set_itr with itr setting 3).
 * @IRQMOD_LATENCY_CONSERVATIVE_COUNT: one past the last value.
 */
enum irqmod_latency_conservative {
	IRQMOD_LATENCY_CONSERVATIVE_OFF = 0,
	IRQMOD_LATENCY_CONSERVATIVE_STORED = 1,
	IRQMOD_LATENCY_CONSERVATIVE_OUTPUT = 2,
	IRQMOD_LATENCY_CONSERVATIVE_COUNT
};

/**
 * enum irqmod_latency_smoothing - what happens between two levels.
 * @IRQMOD_LATENCY_SMOOTHING_NONE: the class level applies at once (igb: its
 *	"bias towards bulk" step always yields the new value, see the docs;
 *	FreeBSD: none).
 * @IRQMOD_LATENCY_SMOOTHING_RAMP_UP: a rising rate moves to
 *	min(old + new / 4, new); a falling rate applies at once (Linux
 *	e1000_main.c and e1000e netdev.c e1000_set_itr). Rate encodings only.
 * @IRQMOD_LATENCY_SMOOTHING_COUNT: one past the last value.
 */
enum irqmod_latency_smoothing {
	IRQMOD_LATENCY_SMOOTHING_NONE = 0,
	IRQMOD_LATENCY_SMOOTHING_RAMP_UP = 1,
	IRQMOD_LATENCY_SMOOTHING_COUNT
};

/**
 * enum irqmod_latency_class_preset - published parameter sets.
 * @IRQMOD_LATENCY_CLASS_PRESET_E1000: Linux e1000 (e1000_main.c), default
 *	InterruptThrottleRate 3 (dynamic conservative).
 * @IRQMOD_LATENCY_CLASS_PRESET_E1000E: Linux e1000e (netdev.c), default
 *	InterruptThrottleRate 3. Same thresholds and smoothing as e1000.
 * @IRQMOD_LATENCY_CLASS_PRESET_IGB: Linux igb single-vector path
 *	(igb_update_itr/igb_set_itr), default rx-usecs 3; igc_update_itr is
 *	the same.
 * @IRQMOD_LATENCY_CLASS_PRESET_FREEBSD_AIM: FreeBSD em/igb/igc AIM of 2024
 *	(if_igc.c igc_neweitr, if_em.c em_newitr), default enable_aim=1, on
 *	an igb/igc-class EITR. For em-class MACs (ITR in 256 ns) set
 *	@encoding to IRQMOD_ITR_ENCODING_E1000_ITR_RATE.
 * @IRQMOD_LATENCY_CLASS_PRESET_COUNT: one past the last preset.
 */
enum irqmod_latency_class_preset {
	IRQMOD_LATENCY_CLASS_PRESET_E1000 = 0,
	IRQMOD_LATENCY_CLASS_PRESET_E1000E = 1,
	IRQMOD_LATENCY_CLASS_PRESET_IGB = 2,
	IRQMOD_LATENCY_CLASS_PRESET_FREEBSD_AIM = 3,
	IRQMOD_LATENCY_CLASS_PRESET_COUNT
};

/**
 * struct irqmod_latency_thresholds - the numbers of one driver's state machine.
 * @jumbo_bytes_per_packet: from lowest, and from low above @low_busy_bytes,
 *	go to bulk when bytes/packets exceeds this (TSO, jumbo): 8000.
 * @lowest_to_low_packets: from lowest, go to low when packets are below
 *	this ... : 5.
 * @lowest_to_low_bytes: ... and bytes exceed this: 512.
 * @low_busy_bytes: from low, bytes above this select the busy rules: 10000.
 * @low_busy_bulk_packets: busy low goes to bulk when packets are below this: 10.
 * @low_busy_bulk_bytes_per_packet: ... or bytes/packets exceeds this: 1200.
 * @low_busy_lowest_packets: ... else to lowest when packets exceed this: 35.
 * @low_quiet_bulk_bytes_per_packet: quiet low goes to bulk when bytes/packets
 *	exceeds this: 2000.
 * @low_quiet_lowest_packets: ... else to lowest when packets are at most
 *	this (Linux "<= 2", FreeBSD "< 3") ... : 2.
 * @low_quiet_lowest_bytes: ... and bytes are below this: 512.
 * @bulk_busy_bytes: from bulk, bytes above this select the busy rule: 25000.
 * @bulk_busy_low_packets: busy bulk goes to low when packets exceed this: 35.
 * @bulk_quiet_low_bytes: quiet bulk goes to low when bytes are below this:
 *	6000 (e1000, e1000e) or 1500 (igb, igc, FreeBSD).
 *
 * Values from Linux e1000e netdev.c e1000_update_itr, e1000_main.c
 * e1000_update_itr, igb_main.c igb_update_itr and FreeBSD if_igc.c
 * igc_neweitr; they differ only in @bulk_quiet_low_bytes. Every field fits
 * 16 bits, which keeps the state within 64 bytes.
 */
struct irqmod_latency_thresholds {
	uint16_t jumbo_bytes_per_packet;
	uint16_t lowest_to_low_packets;
	uint16_t lowest_to_low_bytes;
	uint16_t low_busy_bytes;
	uint16_t low_busy_bulk_packets;
	uint16_t low_busy_bulk_bytes_per_packet;
	uint16_t low_busy_lowest_packets;
	uint16_t low_quiet_bulk_bytes_per_packet;
	uint16_t low_quiet_lowest_packets;
	uint16_t low_quiet_lowest_bytes;
	uint16_t bulk_busy_bytes;
	uint16_t bulk_busy_low_packets;
	uint16_t bulk_quiet_low_bytes;
};

/**
 * struct irqmod_latency_class_config - settings (fill with irqmod_latency_class_preset()).
 * @thresholds: the state machine's numbers.
 * @class_level: level of lowest, low and bulk in @encoding's unit: rates
 *	70000/20000/4000 ints/s, or igb itr_val 56/196/980. Lowest must be
 *	the shortest interval and bulk the longest.
 * @start_level: level programmed before the first update (e1000e 20000
 *	ints/s, igb IGB_START_ITR 648, FreeBSD IGC_INTS_DEFAULT 8000 ints/s).
 * @link_speed_mbps: link speed; below 1000 the level is fixed at the bulk
 *	level (4000 ints/s), as every one of these drivers does. Not 0.
 * @encoding: an enum irqmod_itr_encoding value.
 * @combine: an enum irqmod_latency_combine value.
 * @conservative: an enum irqmod_latency_conservative value.
 * @smoothing: an enum irqmod_latency_smoothing value.
 * @start_class: class before the first update: IRQMOD_LATENCY_LOWEST (the
 *	Linux drivers' zeroed state) or IRQMOD_LATENCY_BOOTSTRAP (FreeBSD).
 */
struct irqmod_latency_class_config {
	struct irqmod_latency_thresholds thresholds;
	uint32_t class_level[IRQMOD_LATENCY_CLASS_COUNT];
	uint32_t start_level;
	uint32_t link_speed_mbps;
	uint8_t encoding;
	uint8_t combine;
	uint8_t conservative;
	uint8_t smoothing;
	uint8_t start_class;
};

/**
 * struct irqmod_latency_class - controller state (caller-owned, <= 64 bytes).
 * @thresholds: copied from the config.
 * @path: derived at init: 1 for the e1000/e1000e presets' settings (two
 *	classes, STORED conservative mode, the e1000 ITR rate encoding, ramp-up
 *	smoothing, a gigabit or faster link), 2 for igb's (two classes, not
 *	STORED, the igb EITR encoding, no smoothing, gigabit or faster), 0
 *	otherwise, so the update tests this one byte instead of @combine,
 *	@slow_link, @conservative, @encoding and @smoothing. In what was padding.
 * @class_level: the level each vector class programs: the config's, except
 *	that with IRQMOD_LATENCY_CONSERVATIVE_OUTPUT lowest programs low's.
 * @start_level: copied from the config, for irqmod_latency_class_reset().
 * @level: current level in the encoding's unit (ints/s or register units).
 * @register_value: register field for @level; write it when a decision says
 *	changed (add the driver's CNT_WDIS/CNT_IGNR bits yourself).
 * @interval_ns: interval @register_value programs.
 * @rx_class: RX class, or the single class with COMBINE_MAX_INPUTS.
 * @tx_class: TX class (unused with COMBINE_MAX_INPUTS).
 * @start_class: copied from the config.
 * @encoding: copied from the config.
 * @combine: copied from the config.
 * @conservative: copied from the config.
 * @smoothing: copied from the config.
 * @slow_link: the link is below 1 Gb/s: level fixed at the bulk level.
 */
struct irqmod_latency_class {
	struct irqmod_latency_thresholds thresholds;
	uint8_t path;
	uint32_t class_level[IRQMOD_LATENCY_CLASS_COUNT];
	uint32_t start_level;
	uint32_t level;
	uint32_t register_value;
	uint32_t interval_ns;
	uint8_t rx_class;
	uint8_t tx_class;
	uint8_t start_class;
	uint8_t encoding;
	uint8_t combine;
	uint8_t conservative;
	uint8_t smoothing;
	bool slow_link;
};

/**
 * irqmod_latency_class_preset() - fill @config with a driver's defaults.
 * @config: filled in on success.
 * @preset: an enum irqmod_latency_class_preset value.
 * @link_speed_mbps: the link speed to store in @config.
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_EPRESET for an unknown preset,
 * -IRQMOD_ELINK for a zero link speed. @config is untouched on error.
 */
IRQMOD_API int irqmod_latency_class_preset(struct irqmod_latency_class_config *config,
					   uint32_t preset, uint32_t link_speed_mbps);

/**
 * irqmod_latency_class_init() - validate @config and set up @state.
 * @state: caller-owned state.
 * @config: settings.
 *
 * Return: 0; -IRQMOD_EINVAL for NULL or an unknown enum value (also RAMP_UP
 * smoothing with a register encoding, or a start class other than lowest or
 * bootstrap); -IRQMOD_ELINK for a zero link speed; -IRQMOD_ERANGE for a class
 * or start level outside the encoding's range (see
 * irqmod_itr_encoding_level_valid()); -IRQMOD_ETABLE when the class levels are
 * not ordered lowest < low < bulk in interval. @state is untouched on error.
 */
IRQMOD_API int irqmod_latency_class_init(struct irqmod_latency_class *state,
					 const struct irqmod_latency_class_config *config);

/**
 * irqmod_latency_class_reset() - back to the start class and start level.
 * @state: state set up by irqmod_latency_class_init().
 */
IRQMOD_API void irqmod_latency_class_reset(struct irqmod_latency_class *state);

/**
 * irqmod_latency_class_update() - one update, at the end of an interrupt's poll.
 * @state: state set up by irqmod_latency_class_init().
 * @sample: bytes and packets since the previous update; time is not used.
 * @decision: both intervals are the vector's one interval; @changed when the
 *	register value differs from the previous one (the start level's
 *	register after init or reset).
 *
 * The interval always lies between the intervals of the fastest and the
 * slowest of the class levels and the start level.
 */
IRQMOD_API void irqmod_latency_class_update(struct irqmod_latency_class *state,
					    const struct irqmod_sample *sample,
					    struct irqmod_decision *decision);

/**
 * irqmod_latency_class_step() - one step of the shared class state machine.
 * @thresholds: the driver's numbers.
 * @current_class: an enum irqmod_latency_class_value value.
 * @bytes: bytes in the measurement (the driver's bytes, or FreeBSD's maximum
 *	over directions); any 64-bit value.
 * @packets: packets in the measurement; 0 returns @current_class unchanged.
 * @bytes_per_packet: the average the driver compares (bytes / packets, or
 *	FreeBSD's maximum over directions).
 * Return: the next class; BOOTSTRAP becomes LOW; unknown values become LOW.
 */
IRQMOD_API uint8_t irqmod_latency_class_step(const struct irqmod_latency_thresholds *thresholds,
					     uint8_t current_class, uint64_t bytes,
					     uint32_t packets, uint64_t bytes_per_packet);

/**
 * irqmod_latency_class_config_check() - validate @config as irqmod_latency_class_init() does.
 * @config: settings to check.
 * @error: filled with the offending field and the bound it breaks on
 *         rejection; may be NULL. Untouched on success.
 *
 * Order: a config with several faults gets the error of the first check it
 * fails. NULL; the enums (encoding, combine, conservative, smoothing;
 * -IRQMOD_EINVAL); smoothing against encoding (the ramp needs a rate
 * encoding); start_class against combine; link_speed_mbps (-IRQMOD_ELINK);
 * each class_level[] in the encoding's range, then start_level
 * (-IRQMOD_ERANGE); last the class levels' order (-IRQMOD_ETABLE).
 *
 * Return: 0 or the -IRQMOD_E... code irqmod_latency_class_init() would return.
 */
IRQMOD_API int irqmod_latency_class_config_check(const struct irqmod_latency_class_config *config,
						 struct irqmod_config_error *error);

/**
 * irqmod_latency_class_current() - the decision in force, without a sample.
 * @state: state set up by irqmod_latency_class_init().
 * @decision: the interval last returned (the start interval after init or
 *            reset), action re-arm, @changed false.
 */
IRQMOD_API void irqmod_latency_class_current(const struct irqmod_latency_class *state,
					     struct irqmod_decision *decision);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_LATENCY_CLASS_H */
