/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * What the files of libirqmod-scenario share; not installed, and nothing
 * here is exported (irqmod-scenario.map lists the exported set). One job
 * a file:
 *
 *	value.c            values as text: numbers with units, enum names, messages
 *	keys.c             the key table (--list-keys) and the lookups in it
 *	origin.c           where each key's value came from, for messages
 *	kinds.c            the companion to the kind table: each kind's knobs,
 *	                   its fit to a scenario, its messages
 *	knobs.c            the knob table: controller settings by name
 *	controller_spec.c  the controller-name grammar: kinds, hybrids, knobs
 *	ethtool_spec.c     the ethtool:/ethtool(...) controller specs
 *	scenario.c         the INI reader: scenario files and --set
 *	finish.c           trace loading and the whole-scenario checks
 *	help.c             the help and list printers (--help, --list-keys, ...)
 *	resolved.c         the resolved scenario as key=value (--print-config)
 *	queue_controllers.c  per-queue controller rows (queue_controllers.h)
 */
#ifndef IRQMOD_SCENARIO_INTERNAL_H
#define IRQMOD_SCENARIO_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "irqmod/scenario.h"

/* The largest scenario file read (1 MiB): the shipped ones are under 4 KiB. */
#define IRQMOD_SCENARIO_MAX_FILE_BYTES (1 << 20)

/** enum irqmod_scenario_value_type - how a key's value is written and stored. */
enum irqmod_scenario_value_type {
	IRQMOD_VALUE_U32,		/* plain integer */
	IRQMOD_VALUE_U64,
	IRQMOD_VALUE_DURATION,		/* integer with ns/us/ms/s suffix (bare: ns) */
	IRQMOD_VALUE_DURATION32,
	IRQMOD_VALUE_RATE,		/* integer with optional k/M/G multiplier */
	IRQMOD_VALUE_SPEED,		/* Mb/s, or with M/G suffix */
	IRQMOD_VALUE_BOOL,
	IRQMOD_VALUE_TIMER,
	IRQMOD_VALUE_DISTRIBUTION,
	IRQMOD_VALUE_SIZE_LAW,
	IRQMOD_VALUE_KIND,
	IRQMOD_VALUE_CORE,		/* core number or "none" */
	IRQMOD_VALUE_CORE_LIST,		/* comma-separated core per queue */
	IRQMOD_VALUE_CONTROLLERS,
	IRQMOD_VALUE_PATH,		/* trace.file: stored in the scenario */
	IRQMOD_VALUE_TRACE_FORMAT,	/* trace.format: stored in the scenario */
	IRQMOD_VALUE_SPEED_MILLI,	/* decimal multiplier, kept in thousandths */
	IRQMOD_VALUE_OFFSET,		/* a duration, or "random" */
	IRQMOD_VALUE_EXPERIMENT,	/* [repro] experiment: floor, idle-poll, recheck */
};

/** enum irqmod_scenario_key_base - the struct a key's value lives in. */
enum irqmod_scenario_key_base {
	IRQMOD_BASE_NONE,	/* handled by its type (controllers, trace.file, trace.format) */
	IRQMOD_BASE_CONFIG,	/* struct irqmod_sim_config */
	IRQMOD_BASE_SOURCE,	/* struct irqmod_sim_source of the current [source] */
	IRQMOD_BASE_SCENARIO,	/* struct irqmod_scenario ([run] static_interval, [repro]) */
};

/*
 * One documented key: where its value lives (@base, @offset; @field is the
 * member's name, which irqmod_sim_check() names on rejection), the range
 * the reader accepts (in the type's base unit: ns, frames/s, Mb/s) and the
 * help line --help and docs/simulator.md print.
 */
struct irqmod_scenario_key {
	const char *section;
	const char *name;
	enum irqmod_scenario_value_type type;
	enum irqmod_scenario_key_base base;
	size_t offset;
	const char *field;
	uint64_t min;
	uint64_t max;
	const char *help;
};

/*
 * One knob: an unsigned field of a hybrid's own config or of a kind's.
 * Its range is the field's (@width bytes: a uint32_t takes 0..4294967295);
 * the finer limits are the owner's config check's, which names the field,
 * and @help says them to a person.
 */
struct irqmod_scenario_knob {
	uint32_t hybrid;	/* enum irqmod_hybrid_kind; IRQMOD_HYBRID_NONE: an inner kind's */
	uint32_t kind;		/* inner enum irqmod_kind when @hybrid is IRQMOD_HYBRID_NONE */
	const char *name;	/* as written in "kind(name=value)" */
	size_t offset;		/* of its field in the owner's config: the member of
				 * struct irqmod_hybrid_config's or of struct
				 * irqmod_controller_config's union */
	size_t width;		/* sizeof that field: 1, 2 or 4 */
	bool duration;		/* takes ns, us, ms or s; else a plain count */
	const char *help;	/* the line --help prints */
};

/* What a kind's config may take from the scenario it runs in. */
struct irqmod_scenario_fit {
	uint32_t ring_size;		/* [nic] ring_size, RX descriptors */
	uint32_t timer;			/* [nic] timer, enum irqmod_sim_timer */
	uint32_t link_speed_mbps;	/* the link the name is resolved for */
	uint32_t static_interval_ns;	/* [run] static_interval */
};

/*
 * One row of the companion to the kind table (kinds.c), indexed by enum
 * irqmod_kind: what the scenario layer asks of a kind. Empty columns mean
 * "nothing of that".
 */
struct irqmod_scenario_kind {
	const char *name;	/* irqmod_kind_name() of the row's kind (a test holds them equal) */
	const struct irqmod_scenario_knob *knobs; /* its knobs, listed in this order */
	size_t knob_count;
	/* Fit the kind's config (the member of struct irqmod_controller_config's
	 * union) to the scenario, after its defaults and before any knob, when
	 * a scenario file or --set names the plain kind. */
	void (*fit)(void *config, const struct irqmod_scenario_fit *scenario);
	/* Make the config consistent again after the knobs (ixgbe, i40e: the
	 * start interval moves inside a new floor or ceiling). */
	void (*settle)(void *config);
	/* A rejected config is worded by the kind's own check alone (it names
	 * the knob), not the generic line with the knob list. */
	bool check_names_knob;
	/* Its config is a struct irqmod_dim_config: ethtool's rx-profile
	 * replaces its table. */
	bool dim_profile;
};

/* A number's suffix and what it multiplies by; a table ends with a NULL suffix. */
struct irqmod_scenario_unit {
	const char *suffix;
	uint64_t factor;
};

/* value.c: the suffixes durations, rates, link speeds and plain counts take. */
extern const struct irqmod_scenario_unit irqmod_scenario_duration_units[];
extern const struct irqmod_scenario_unit irqmod_scenario_rate_units[];
extern const struct irqmod_scenario_unit irqmod_scenario_speed_units[];
extern const struct irqmod_scenario_unit irqmod_scenario_plain_units[];

/* Format @format into @message (when given) and return -@error. */
int irqmod_scenario_fail(char *message, size_t bytes, int error, const char *format, ...);
/* @s without leading and trailing white space (cut in place). */
char *irqmod_scenario_trim(char *s);
/* An unsigned integer with one of @units' suffixes; false if none fits or it overflows. */
bool irqmod_scenario_parse_number(const char *text, const struct irqmod_scenario_unit *units,
				  uint64_t *value);
/* The suffixes a number of @type takes (durations, rates, speeds; else none). */
const struct irqmod_scenario_unit *irqmod_scenario_type_units(enum irqmod_scenario_value_type type);
/* @value in @type's units as a person writes it: "84us", "10G", "60k", "3". */
void irqmod_scenario_format_number(char *out, size_t bytes, enum irqmod_scenario_value_type type,
				   uint64_t value);
/* The form a value of @type takes, as messages say it. */
const char *irqmod_scenario_type_form(enum irqmod_scenario_value_type type);
/* The name of enumerated value @value of @type (timer, distribution, ...). */
const char *irqmod_scenario_enum_name(enum irqmod_scenario_value_type type, uint32_t value);
/* How many values enumerated @type has. */
uint32_t irqmod_scenario_enum_count(enum irqmod_scenario_value_type type);
/* "a, b, c": the names a value of enumerated @type may take. */
void irqmod_scenario_enum_choices(enum irqmod_scenario_value_type type, char *out, size_t bytes);

/* keys.c: the key table, in the order --help lists it. */
extern const struct irqmod_scenario_key irqmod_scenario_keys[];
extern const size_t irqmod_scenario_key_count;

/* The tools a key is read by (enum irqmod_scenario_tool bits). */
uint32_t irqmod_scenario_key_tools(const struct irqmod_scenario_key *key);
/* "irqmod-sim", "irqmod-repro" or "both", for @tools bits. */
const char *irqmod_scenario_tool_name(uint32_t tools);
/* Key @name of [@section], or NULL. */
const struct irqmod_scenario_key *irqmod_scenario_find_key(const char *section, const char *name);
/* Whether @section is a section of the key table (knob sections are not). */
bool irqmod_scenario_known_section(const char *section);
/* "a, b, c": the keys of [@section]. */
void irqmod_scenario_section_keys(const char *section, char *out, size_t bytes);
/* "run, link, ...": the sections of the key table. */
void irqmod_scenario_section_names(char *out, size_t bytes);
/* The key of config field @field ("ring_size", "sources[1].frame_bytes"), or NULL. */
const struct irqmod_scenario_key *irqmod_scenario_key_of_field(const char *field,
								unsigned int *source);
/* "1us..1h": @key's accepted range in its units. */
void irqmod_scenario_key_range(char *out, size_t bytes, const struct irqmod_scenario_key *key);

/* origin.c: remember that @key got its value at line @line of the file. */
void irqmod_scenario_origin_line(struct irqmod_scenario *scenario,
				 const struct irqmod_scenario_key *key, unsigned int source,
				 unsigned int line);
/* Remember that @key got its value from @where ("--set run.warmup=10ms", "--duration 2s"). */
void irqmod_scenario_origin_set(struct irqmod_scenario *scenario,
				const struct irqmod_scenario_key *key, unsigned int source,
				const char *where);
/* "file.ini:3", "--set run.warmup=10ms" or "default": where @key's value came from. */
void irqmod_scenario_describe_origin(char *out, size_t bytes,
				     const struct irqmod_scenario *scenario,
				     const struct irqmod_scenario_key *key, unsigned int source);
/* @key's current value in its base unit (numbers, enums, booleans; 0 for the other types). */
uint64_t irqmod_scenario_key_value(const struct irqmod_scenario *scenario,
				   const struct irqmod_scenario_key *key, unsigned int source);
/* "file.ini:3: run.warmup = 10ms" (@lead) or "run.duration = 10ms (file.ini:2)". */
void irqmod_scenario_key_statement(char *out, size_t bytes, const struct irqmod_scenario *scenario,
				   const struct irqmod_scenario_key *key, unsigned int source,
				   bool lead);

/* kinds.c: the companion to the kind table, one row per enum irqmod_kind value. */
extern const struct irqmod_scenario_kind irqmod_scenario_kinds[];
/* The row of @kind, a kind below IRQMOD_KIND_COUNT. */
const struct irqmod_scenario_kind *irqmod_scenario_kind(uint32_t kind);
/* Fit @inner (a plain kind's defaults) to @scenario through its row's fit. */
void irqmod_scenario_kind_fit(struct irqmod_controller_config *inner,
			      const struct irqmod_scenario *scenario, uint32_t link_speed_mbps);

/*
 * knobs.c: the knobs, grouped by owner: the hybrids' (knobs.c's table),
 * then each kind's (its row in kinds.c), in kind order. Knob i of this
 * list is bit i of struct irqmod_scenario.knobs_set.
 */
size_t irqmod_scenario_knob_count(void);
/* Knob @index of the list, @index below irqmod_scenario_knob_count(). */
const struct irqmod_scenario_knob *irqmod_scenario_knob_at(size_t index);
/* The largest value @knob's field holds. */
uint64_t irqmod_scenario_knob_max(const struct irqmod_scenario_knob *knob);
/* Write @value (at most irqmod_scenario_knob_max()) into @knob's field of @config. */
void irqmod_scenario_knob_store(struct irqmod_hybrid_config *config,
				const struct irqmod_scenario_knob *knob, uint64_t value);

/* Units a knob's value takes: a duration, or a plain count. */
const struct irqmod_scenario_unit *irqmod_scenario_knob_units(
	const struct irqmod_scenario_knob *knob);
/* Index of knob @name of @owner ("idle-poll", "ixgbe"), or -1. */
int irqmod_scenario_find_knob(const char *owner, const char *name);
/* Whether @section names a knob owner: "[idle-poll]" holds its knobs. */
bool irqmod_scenario_knob_section(const char *section);
/* "a, b" of the knob owners, each once. */
void irqmod_scenario_knob_owners(char *out, size_t bytes);
/* Whether @knob belongs to @hybrid, or with IRQMOD_HYBRID_NONE to inner @kind. */
bool irqmod_scenario_knob_applies(const struct irqmod_scenario_knob *knob, uint32_t hybrid,
				  uint32_t kind);
/* "a, b, c" of the knobs of @hybrid (or of inner @kind), or "none". */
void irqmod_scenario_knob_choices(uint32_t hybrid, uint32_t kind, char *out, size_t bytes);
/* Knob @name of [@owner] for every controller of the scenario ([owner] key or --set). */
int irqmod_scenario_set_knob(struct irqmod_scenario *scenario, const char *owner, const char *name,
			     const char *where, const char *value, char *message, size_t bytes);

/* controller_spec.c: "none, static:<interval> (...), ixgbe, ...; or HYBRID+CONTROLLER ...". */
void irqmod_scenario_controller_choices(char *out, size_t bytes);
/*
 * Split "name(knobs)" in place: @text keeps the name, *@list the knobs
 * (NULL without parentheses). False for unbalanced or trailing text.
 */
bool irqmod_scenario_split_knobs(char *text, char **list);

/* ethtool_spec.c: the hybrid config of "ethtool:..." or "ethtool(...)" (shorter than a name). */
int irqmod_scenario_ethtool_spec(const char *spec, uint32_t link_speed_mbps,
				 struct irqmod_hybrid_config *config, char *message, size_t bytes);

#endif /* IRQMOD_SCENARIO_INTERNAL_H */
