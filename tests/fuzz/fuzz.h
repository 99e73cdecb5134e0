/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * What the fuzz harnesses share: a reader that turns the fuzzer's bytes
 * into configs and samples, the per-kind bounds the headers promise, and a
 * check macro that aborts (so libFuzzer and the replay driver both stop on
 * the first broken invariant, with a message naming it).
 *
 * Configs are built through the generic API of irqmod/controller.h and
 * irqmod/hybrid.h (raw bytes or a kind's defaults); what a harness knows
 * of one kind is its row of fuzz_kind(), which a new kind must add (a
 * static assertion fails without it).
 */
#ifndef IRQMOD_FUZZ_H
#define IRQMOD_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irqmod/irqmod.h"

#define FUZZ_CHECK(condition, what)                                                    \
	do {                                                                           \
		if (!(condition)) {                                                    \
			fprintf(stderr, "%s:%d: invariant broken: %s (%s)\n", __FILE__, \
				__LINE__, what, #condition);                           \
			abort();                                                       \
		}                                                                      \
	} while (0)

/* The fuzzer's bytes, read front to back; zeros once they run out. */
struct fuzz_input {
	const uint8_t *data;
	size_t size;
};

static inline uint8_t fuzz_u8(struct fuzz_input *in)
{
	uint8_t value = 0;

	if (in->size > 0) {
		value = in->data[0];
		in->data++;
		in->size--;
	}
	return value;
}

static inline uint32_t fuzz_u32(struct fuzz_input *in)
{
	uint32_t value = 0;
	int i;

	for (i = 0; i < 4; i++)
		value = value << 8 | fuzz_u8(in);
	return value;
}

static inline uint64_t fuzz_u64(struct fuzz_input *in)
{
	uint64_t high = fuzz_u32(in);

	return high << 32 | fuzz_u32(in);
}

static inline void fuzz_bytes(struct fuzz_input *in, void *out, size_t bytes)
{
	uint8_t *to = out;
	size_t i;

	for (i = 0; i < bytes; i++)
		to[i] = fuzz_u8(in);
}

/*
 * A 32-bit value of a chosen magnitude: raw bits shifted right by 0..31, so
 * small and boundary values come up as often as huge ones.
 */
static inline uint32_t fuzz_u32_scaled(struct fuzz_input *in)
{
	uint8_t shift = fuzz_u8(in) & 31u;

	return fuzz_u32(in) >> shift;
}

/* Link speeds a config is made for: the usual ones, 0 and raw values. */
static inline uint32_t fuzz_link_speed(struct fuzz_input *in)
{
	static const uint32_t speeds[] = { 10, 100, 1000, 2500, 10000, 25000, 40000, 100000 };
	uint8_t pick = fuzz_u8(in);

	if (pick < 8u * 28u)
		return speeds[pick % 8u];
	return fuzz_u32_scaled(in);
}

/* Room for a profile table the fuzzer writes (no more levels than DIM takes). */
struct fuzz_tables {
	struct irqmod_dim_profile profiles[IRQMOD_DIM_MAX_LEVELS];
};

/*
 * A bool holding another byte than 0 or 1 is undefined behaviour in the
 * caller, not an input the library can check: the raw bytes and patches
 * written over a bool field are cut to their low bit.
 */
static inline void fuzz_bool(bool *field)
{
	uint8_t byte;

	memcpy(&byte, field, 1);
	*field = (byte & 1u) != 0;
}

/*
 * What the harnesses know of each kind, one row per kind of the kind table
 * (fuzz_kind(); a static assertion holds the count): what makes fuzzer
 * bytes a config a caller may pass (bools 0 or 1), where its DIM table
 * pointer lives, its own update on its member of the generic state, the
 * bounds its header promises for a re-arm, and whether @changed marks a
 * register write that may repeat the interval instead of exactly "a
 * register differs": FUZZ_CHANGED_EXACT, FUZZ_CHANGED_ON_WRITE_ONE_OF_TWO
 * (i40e: RX or TX written, never both in one call) or FUZZ_CHANGED_ON_WRITE
 * (mlx4: its one interval, written again on the first decided window).
 */
#define FUZZ_CHANGED_EXACT 0
#define FUZZ_CHANGED_ON_WRITE_ONE_OF_TWO 1
#define FUZZ_CHANGED_ON_WRITE 2

struct fuzz_kind {
	void (*fix_bools)(struct irqmod_controller_config *config);
	const struct irqmod_dim_profile **(*profiles)(struct irqmod_controller_config *config);
	void (*direct_update)(struct irqmod_controller *controller,
			      const struct irqmod_sample *sample, struct irqmod_decision *decision);
	void (*check_rearm)(const struct irqmod_controller_config *config,
			    const struct irqmod_decision *decision);
	int changed_on_write;
};

/* The DIM answer is one entry of its table, in ns. */
static inline int fuzz_from_table(const struct irqmod_dim_profile *profiles, uint32_t levels,
				  const struct irqmod_decision *decision)
{
	uint32_t i;

	for (i = 0; i < levels; i++) {
		if ((uint64_t)profiles[i].interval_usecs * 1000u == decision->rx_interval_ns &&
		    (uint64_t)profiles[i].rate_limit_usecs * 1000u == decision->rate_limit_ns &&
		    profiles[i].frames == decision->frames)
			return 1;
	}
	return 0;
}

static inline void fuzz_bools_intel(struct irqmod_controller_config *config)
{
	fuzz_bool(&config->config.ixgbe_config.rx_ring);
	fuzz_bool(&config->config.ixgbe_config.tx_ring);
}

/* FUZZ_DIRECT(k, member): kind k's own update on &state.member. */
#define FUZZ_DIRECT(k, member)                                                          \
	static inline void fuzz_direct_##k(struct irqmod_controller *controller,           \
					   const struct irqmod_sample *sample,               \
					   struct irqmod_decision *decision)                 \
	{                                                                                 \
		irqmod_##k##_update(&controller->state.member, sample, decision);         \
	}
#define IRQMOD_KIND(E, k, name, config_type, state_member, ...) FUZZ_DIRECT(k, state_member)
#define IRQMOD_KIND_PRESET(E, k, p)
#include "irqmod/kinds.h"
#undef IRQMOD_KIND
#undef IRQMOD_KIND_PRESET

static inline void fuzz_rearm_intel(const struct irqmod_controller_config *config,
				    const struct irqmod_decision *decision)
{
	const struct irqmod_intel_itr_config *itr = &config->config.ixgbe_config;

	FUZZ_CHECK(decision->rx_interval_ns >= itr->min_interval_ns &&
			   decision->rx_interval_ns <= itr->max_interval_ns,
		   "Intel RX interval within [min, max]");
	FUZZ_CHECK(decision->tx_interval_ns >= itr->min_interval_ns &&
			   decision->tx_interval_ns <= itr->max_interval_ns,
		   "Intel TX interval within [min, max]");
	FUZZ_CHECK(decision->frames == 0 && decision->rate_limit_ns == 0,
		   "Intel adaptive sets no frames or rate limit");
}

/* latency-class, average-size: one interval per vector. */
static inline void fuzz_rearm_one_interval(const struct irqmod_controller_config *config,
					   const struct irqmod_decision *decision)
{
	(void)config;
	FUZZ_CHECK(decision->rx_interval_ns == decision->tx_interval_ns, "one interval per vector");
}

/* Each kind's checks and its FUZZ_ROW_<module>, in tests/kinds/<module>.h. */
#define IRQMOD_KIND_TESTS_FUZZ
#include "kind_tests.h"

/* The row of @kind, below IRQMOD_KIND_COUNT. */
static inline const struct fuzz_kind *fuzz_kind(uint32_t kind)
{
	static const struct fuzz_kind rows[] = {
#define IRQMOD_KIND(E, k, ...) [IRQMOD_KIND_##E] = FUZZ_ROW_##k,
#define IRQMOD_KIND_PRESET(E, k, p) [IRQMOD_KIND_##E] = FUZZ_ROW_##k,
#include "irqmod/kinds.h"
#undef IRQMOD_KIND
#undef IRQMOD_KIND_PRESET
	};
	_Static_assert(sizeof(rows) / sizeof(rows[0]) == IRQMOD_KIND_COUNT,
		       "one row of fuzz_kind() per kind");

	return &rows[kind];
}

/*
 * A controller config: a kind (now and then a raw 32-bit value, so unknown
 * kinds reach the dispatcher), then either raw bytes for the whole union or
 * the kind's defaults with a few fields overwritten. The one pointer a
 * config holds (a DIM profile table) is set to a copy of a built-in table
 * or a table of fuzzer bytes, both in @tables, or to NULL.
 */
static inline void fuzz_controller_config(struct fuzz_input *in,
					  struct irqmod_controller_config *config,
					  struct fuzz_tables *tables)
{
	uint8_t pick = fuzz_u8(in), mode, patches, table;
	uint32_t kind = pick >= 0xf8 ? fuzz_u32(in) : pick % (uint32_t)IRQMOD_KIND_COUNT;
	const struct irqmod_dim_profile *defaults = NULL, *profiles;
	unsigned int i;

	memset(config, 0, sizeof(*config));
	mode = fuzz_u8(in);
	if ((mode & 3u) == 0) {
		fuzz_bytes(in, &config->config, sizeof(config->config));
	} else {
		(void)irqmod_controller_default_config(config, kind, fuzz_link_speed(in));
		if (kind < IRQMOD_KIND_COUNT && fuzz_kind(kind)->profiles)
			defaults = *fuzz_kind(kind)->profiles(config);
		patches = (uint8_t)((mode >> 2) & 7u);
		for (i = 0; i < patches; i++) {
			size_t offset = fuzz_u8(in) % sizeof(config->config);
			uint32_t value = fuzz_u32_scaled(in);
			size_t width = sizeof(config->config) - offset;

			if (width > sizeof(value))
				width = sizeof(value);
			memcpy((uint8_t *)&config->config + offset, &value, width);
		}
	}
	config->kind = kind;
	if (kind >= IRQMOD_KIND_COUNT)
		return;
	if (fuzz_kind(kind)->fix_bools)
		fuzz_kind(kind)->fix_bools(config);
	if (!fuzz_kind(kind)->profiles)
		return;
	/*
	 * A table is read up to @levels, which the caller promises it holds:
	 * built-in tables are copied into the IRQMOD_DIM_MAX_LEVELS entries of
	 * @tables (the rest zero), so any @levels init accepts is in bounds
	 * and ASan still sees a read past the largest table allowed.
	 */
	table = fuzz_u8(in);
	if (table < 0xc0) {
		uint32_t levels = 0;
		const struct irqmod_dim_profile *builtin =
			table < 0x80 && defaults ?
				defaults :
				irqmod_dim_table(table % ((uint32_t)IRQMOD_DIM_TABLE_COUNT + 1u), NULL);

		if (builtin) {
			/* Built-in tables hold at most IRQMOD_DIM_MAX_LEVELS entries. */
			for (i = 0; i < (uint32_t)IRQMOD_DIM_TABLE_COUNT; i++)
				if (irqmod_dim_table(i, &levels) == builtin)
					break;
			if (i == (uint32_t)IRQMOD_DIM_TABLE_COUNT)
				levels = 0;
			memcpy(tables->profiles, builtin, levels * sizeof(*builtin));
			profiles = tables->profiles;
		} else {
			profiles = NULL;
		}
	} else if (table < 0xf8) {
		for (i = 0; i < IRQMOD_DIM_MAX_LEVELS; i++) {
			tables->profiles[i].interval_usecs = fuzz_u32_scaled(in);
			tables->profiles[i].rate_limit_usecs = fuzz_u32_scaled(in);
			tables->profiles[i].frames = (uint16_t)fuzz_u32_scaled(in);
		}
		profiles = tables->profiles;
	} else {
		profiles = NULL;
	}
	*fuzz_kind(kind)->profiles(config) = profiles;
}

/*
 * One sample after @previous: the clock steps forward a little or a lot,
 * stalls, steps back or jumps anywhere; counts are small, large, at their
 * maxima or zero; every flag bit (defined or not) can be set.
 */
static inline void fuzz_sample(struct fuzz_input *in, uint64_t previous_ns,
			       struct irqmod_sample *sample)
{
	uint8_t op = fuzz_u8(in);

	memset(sample, 0, sizeof(*sample));
	switch (op & 7u) {
	case 0:
		sample->now_ns = previous_ns + fuzz_u8(in) * 1000u;
		break;
	case 1:
		sample->now_ns = previous_ns + fuzz_u32_scaled(in);
		break;
	case 2:
		sample->now_ns = previous_ns;
		break;
	case 3:
		sample->now_ns = previous_ns - fuzz_u32_scaled(in);
		break;
	case 4:
		sample->now_ns = fuzz_u64(in);
		break;
	case 5:
		sample->now_ns = previous_ns + (uint64_t)fuzz_u8(in) * 1000000u;
		break;
	case 6:
		sample->now_ns = UINT64_MAX - fuzz_u8(in);
		break;
	default:
		sample->now_ns = previous_ns + 50000u;
		break;
	}
	switch ((op >> 3) & 3u) {
	case 0:
		sample->rx_packets = fuzz_u8(in);
		sample->rx_bytes = (uint64_t)sample->rx_packets * (fuzz_u8(in) * 8u);
		sample->tx_packets = fuzz_u8(in) & 15u;
		sample->tx_bytes = (uint64_t)sample->tx_packets * (fuzz_u8(in) * 8u);
		break;
	case 1:
		sample->rx_packets = fuzz_u32_scaled(in);
		sample->rx_bytes = fuzz_u32_scaled(in);
		sample->tx_packets = fuzz_u32_scaled(in);
		sample->tx_bytes = fuzz_u32_scaled(in);
		break;
	case 2:
		sample->rx_packets = fuzz_u32(in);
		sample->rx_bytes = fuzz_u64(in);
		sample->tx_packets = fuzz_u32(in);
		sample->tx_bytes = fuzz_u64(in);
		break;
	default:
		break; /* an empty poll */
	}
	if (op & 0x20u)
		sample->events = fuzz_u32_scaled(in);
	if (op & 0x40u)
		sample->completions = fuzz_u32_scaled(in);
	if (op & 0x80u)
		sample->flags = fuzz_u32_scaled(in);
	else
		sample->flags = fuzz_u8(in) & 7u;
}

/* The register values of a decision (what @changed is about). */
static inline int fuzz_registers_differ(const struct irqmod_decision *a,
					const struct irqmod_decision *b)
{
	return a->rx_interval_ns != b->rx_interval_ns || a->tx_interval_ns != b->tx_interval_ns ||
	       a->rate_limit_ns != b->rate_limit_ns || a->frames != b->frames;
}

/*
 * @changed against the previous decision's registers. Exact for every kind
 * but i40e and mlx4. i40e's header promises "true when one of them was
 * written in this call (never both)": like the driver, it writes when only
 * the latency flag bit of the register changes, so the interval may
 * repeat. mlx4 writes on its first decided window even the interval in
 * force, as Linux does. For both: no change without a write; for i40e,
 * never both intervals at once.
 */
static inline void fuzz_check_changed(uint32_t kind, const struct irqmod_decision *decision,
				      const struct irqmod_decision *previous)
{
	int differ = fuzz_registers_differ(decision, previous);

	if (!fuzz_kind(kind)->changed_on_write) {
		FUZZ_CHECK(decision->changed == differ,
			   "changed is exactly 'a register differs from the last one'");
		return;
	}
	FUZZ_CHECK(decision->changed || !differ, "no register moves without a write");
	if (fuzz_kind(kind)->changed_on_write != FUZZ_CHANGED_ON_WRITE_ONE_OF_TWO)
		return;
	FUZZ_CHECK(decision->rx_interval_ns == previous->rx_interval_ns ||
			   decision->tx_interval_ns == previous->tx_interval_ns,
		   "i40e: one register write per call, never both");
}

/*
 * The bounds the headers promise for a decision of a controller set up
 * from @config (which init accepted): a POLL only from a kind that polls by
 * itself (the kind table's self_poll_field), with no register and a delay
 * up to its maximum; otherwise a re-arm within the kind's bounds.
 */
static inline void fuzz_check_bounds(const struct irqmod_controller_config *config,
				     const struct irqmod_decision *decision)
{
	const struct fuzz_kind *row = fuzz_kind(config->kind);

	if (decision->action == IRQMOD_ACTION_POLL &&
	    irqmod_kind_describe(config->kind)->self_poll_field) {
		/* latency-target polls by itself under steady load. */
		FUZZ_CHECK(!decision->changed && decision->rx_interval_ns == 0 &&
				   decision->tx_interval_ns == 0 && decision->rate_limit_ns == 0 &&
				   decision->frames == 0 && decision->poll_delay_ns != 0 &&
				   decision->poll_delay_ns <=
					   config->config.latency_target.max_interval_ns,
			   "a latency-target POLL: no register, a delay up to the maximum");
		return;
	}
	FUZZ_CHECK(decision->action == IRQMOD_ACTION_REARM, "an interval controller re-arms");
	FUZZ_CHECK(decision->poll_delay_ns == 0, "no poll delay on a re-arm");
	if (row->check_rearm)
		row->check_rearm(config, decision);
}

/* An init error is one of the documented negative codes. */
static inline void fuzz_check_error_code(int error)
{
	FUZZ_CHECK(error <= 0 && error > -(int)IRQMOD_ERROR_COUNT, "init returns 0 or -IRQMOD_E...");
}

#endif /* IRQMOD_FUZZ_H */
