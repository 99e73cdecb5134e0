/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * libirqmod-scenario: the scenario files of irqmod-sim and irqmod-repro
 * ("key = value" lines under [section] headers, '#' comments), the one
 * controller-name grammar of both tools (kind names, static:50us, knobs
 * kind(knob=value), hybrids HYBRID+inner, ethtool: specs) and the one key
 * table they print, check ranges from and docs/simulator.md lists. An
 * embedder loads the same files with irqmod_scenario_parse_file(),
 * irqmod_scenario_load_traces() and irqmod_scenario_finish() and runs
 * scenario.config (examples/scenario_run.c). Link: pkg-config
 * irqmod-scenario, or CMake irqmod::scenario.
 */
#ifndef IRQMOD_SCENARIO_H
#define IRQMOD_SCENARIO_H

#include <stdio.h>

#include "irqmod/hybrid.h"
#include "irqmod/sim.h"

/** IRQMOD_SCENARIO_MAX_CONTROLLERS - controllers compared in one run. */
#define IRQMOD_SCENARIO_MAX_CONTROLLERS 32
/**
 * IRQMOD_SCENARIO_NAME_BYTES - longest controller name kept, with NUL: room
 * for a hybrid and an inner controller with knobs, e.g.
 * "idle-poll(poll_spacing=10us,idle_time=200us)+ixgbe(min=20us,max=84us)".
 */
#define IRQMOD_SCENARIO_NAME_BYTES 96

/**
 * IRQMOD_SCENARIO_MAX_KNOBS - controller knobs a scenario can set for all
 * its controllers (irqmod_scenario_print_knobs() lists them).
 */
#define IRQMOD_SCENARIO_MAX_KNOBS 32

/** IRQMOD_SCENARIO_PATH_BYTES - longest trace file path kept, with NUL. */
#define IRQMOD_SCENARIO_PATH_BYTES 512

/**
 * enum irqmod_scenario_error - error classes of scenario parsing (negative returns).
 * @IRQMOD_SCENARIO_EIO: the file cannot be opened or read.
 * @IRQMOD_SCENARIO_ESYNTAX: a line is neither a section, a key = value nor a comment.
 * @IRQMOD_SCENARIO_ESECTION: unknown [section].
 * @IRQMOD_SCENARIO_EKEY: unknown key in a known section.
 * @IRQMOD_SCENARIO_EVALUE: a value that does not parse (the message lists
 *	the valid choices or the expected form).
 * @IRQMOD_SCENARIO_ERANGE: a number outside the key's range.
 * @IRQMOD_SCENARIO_EORDER: a [source] key before its kind, or a key outside a section.
 * @IRQMOD_SCENARIO_ECOUNT: too many [source] sections or controllers.
 * @IRQMOD_SCENARIO_ECONTROLLER: unknown controller or hybrid name, or a bad knob.
 * @IRQMOD_SCENARIO_ECHECK: the whole scenario fails irqmod_sim_check().
 * @IRQMOD_SCENARIO_ERROR_END: one past the last code (for tables and tests).
 *
 * The codes start at 100, after the core's enum irqmod_error (1 up to
 * IRQMOD_ERROR_COUNT, which a static assertion keeps below 100), so one
 * error space holds both: a negative code names one error whichever layer
 * returned it, and irqmod_scenario_strerror() describes every code of either
 * enum. The values are fixed, as the core's are.
 */
enum irqmod_scenario_error {
	IRQMOD_SCENARIO_EIO = 100,
	IRQMOD_SCENARIO_ESYNTAX = 101,
	IRQMOD_SCENARIO_ESECTION = 102,
	IRQMOD_SCENARIO_EKEY = 103,
	IRQMOD_SCENARIO_EVALUE = 104,
	IRQMOD_SCENARIO_ERANGE = 105,
	IRQMOD_SCENARIO_EORDER = 106,
	IRQMOD_SCENARIO_ECOUNT = 107,
	IRQMOD_SCENARIO_ECONTROLLER = 108,
	IRQMOD_SCENARIO_ECHECK = 109,
	IRQMOD_SCENARIO_ERROR_END
};

/**
 * irqmod_scenario_strerror() - describe an error code of the scenario
 * library or of the core in a sentence.
 * @error: 0, a negative enum irqmod_scenario_error or enum irqmod_error
 *	code, or its absolute value.
 *
 * Return: a static string; never NULL. Core codes get irqmod_strerror()'s
 * sentence; unknown codes "unknown irqmod error".
 */
IRQMOD_API const char *irqmod_scenario_strerror(int error);

/**
 * IRQMOD_SCENARIO_MAX_KEYS - room for the keys of the key table (a
 * static assertion in scenario.c keeps the table inside it).
 */
#define IRQMOD_SCENARIO_MAX_KEYS 96

/** IRQMOD_SCENARIO_MAX_SETS - --set arguments remembered to name where a value came from. */
#define IRQMOD_SCENARIO_MAX_SETS 32

/** IRQMOD_SCENARIO_SET_BYTES - longest --set argument remembered, with NUL. */
#define IRQMOD_SCENARIO_SET_BYTES 128

/**
 * enum irqmod_scenario_tool - which tool reads a scenario: a key or section
 * that only the other tool reads is an error naming that tool.
 * @IRQMOD_SCENARIO_FOR_SIM: irqmod-sim (and embedders): [run] controllers,
 *	[run] static_interval and the knob sections apply; [repro] does not.
 * @IRQMOD_SCENARIO_FOR_REPRO: irqmod-repro: [repro] applies; the
 *	controllers are the experiment's, so controllers, static_interval
 *	and knobs do not.
 */
enum irqmod_scenario_tool {
	IRQMOD_SCENARIO_FOR_SIM = 1,
	IRQMOD_SCENARIO_FOR_REPRO = 2,
};

/**
 * enum irqmod_scenario_experiment - [repro] experiment: which published
 * experiment a file describes (docs/reproductions.md).
 * @IRQMOD_SCENARIO_EXPERIMENT_NONE: not set.
 * @IRQMOD_SCENARIO_EXPERIMENT_FLOOR: "floor": ixgbe 12K floor, netperf UDP_STREAM (2015).
 * @IRQMOD_SCENARIO_EXPERIMENT_IDLE_POLL: "idle-poll": NAPI idle poll, ping -f (2007).
 * @IRQMOD_SCENARIO_EXPERIMENT_RECHECK: "recheck": FreeBSD re-check, SYN flood (2001).
 * @IRQMOD_SCENARIO_EXPERIMENT_COUNT: number of values.
 */
enum irqmod_scenario_experiment {
	IRQMOD_SCENARIO_EXPERIMENT_NONE = 0,
	IRQMOD_SCENARIO_EXPERIMENT_FLOOR,
	IRQMOD_SCENARIO_EXPERIMENT_IDLE_POLL,
	IRQMOD_SCENARIO_EXPERIMENT_RECHECK,
	IRQMOD_SCENARIO_EXPERIMENT_COUNT,
};

/**
 * struct irqmod_scenario_repro - the [repro] section (irqmod-repro).
 * @experiment: an enum irqmod_scenario_experiment value.
 * @seeds: seeds each figure is averaged over (1..1000; default 1).
 * @sweep_from: first swept rate (floor: interrupts/s; recheck: offered frames/s).
 * @sweep_to: last swept rate.
 * @sweep_step: sweep increment (0: no sweep).
 * @interval_ns: idle poll and recheck: the interrupt interval both runs
 *	program (a static controller; 0, the default: none, as the posts'
 *	NICs had no moderation).
 * @poll_spacing_ns: idle poll: delay between idle polls.
 * @idle_polls: idle poll: empty polls before re-arming.
 * @idle_time_ns: idle poll: idle time before re-arming.
 * @max_rounds: recheck: immediate re-polls per interrupt.
 * @saturation_cpu_pct: recheck: CPU (percent of the core) that counts as
 *	saturated (default 99).
 * @sweep_link_speed_mbps: recheck: link speed of the sweep (0: the
 *	scenario's), so the offered rate can pass 100 Mb/s line rate.
 */
struct irqmod_scenario_repro {
	uint32_t experiment;
	uint32_t seeds;
	uint64_t sweep_from;
	uint64_t sweep_to;
	uint64_t sweep_step;
	uint32_t interval_ns;
	uint32_t poll_spacing_ns;
	uint32_t idle_polls;
	uint32_t idle_time_ns;
	uint32_t max_rounds;
	uint32_t saturation_cpu_pct;
	uint32_t sweep_link_speed_mbps;
};

/**
 * struct irqmod_scenario - a parsed scenario.
 * @config: the simulator configuration.
 * @sources: [source] sections seen so far.
 * @controllers: controller names from [run] controllers (or --controllers).
 * @controller_count: entries in @controllers; 0 means "every kind".
 * @static_interval_ns: interval of the controller named plain "static"
 *	([run] static_interval), so a sweep can vary it.
 * @knobs_set: bit i set: knob i of irqmod_scenario_print_knobs()'s list was
 *	given for the whole scenario, as "[idle-poll] idle_time = 200us" or
 *	--set/--sweep idle-poll.idle_time=..., so a sweep can vary it.
 * @knob_values: those values (durations in ns), applied to every controller
 *	the knob belongs to, over the knobs its name gives.
 * @trace_paths: per source, its trace.file (relative paths in a scenario
 *	file are taken from the file's folder), "" when not set.
 * @trace_formats: per source, its trace.format (enum irqmod_sim_trace_format).
 * @traces: per source, the trace irqmod_scenario_load_traces() read (the
 *	config's sources[i].trace points to it); NULL before.
 * @base_dir: while a file is parsed, its folder (for relative trace paths).
 * @tool: an enum irqmod_scenario_tool value (irqmod_scenario_init():
 *	IRQMOD_SCENARIO_FOR_SIM); set it before parsing.
 * @repro: the [repro] section.
 * @path: the file read last ("" before), for messages.
 * @origins: where each key got its value, for the messages of
 *	irqmod_scenario_finish(): row 0 the keys outside [source], row i + 1
 *	those of source i, one entry per key of the table: 0 the default,
 *	N > 0 line N of @path, IRQMOD_SCENARIO_ORIGIN_SET | k the setting
 *	@sets[k]. Private to the reader.
 * @sets: the settings @origins refers to, as messages name them ("--set
 *	run.warmup=10ms", "--duration 2s"; cut at IRQMOD_SCENARIO_SET_BYTES - 1
 *	characters).
 * @set_count: entries in @sets.
 */
struct irqmod_scenario {
	struct irqmod_sim_config config;
	unsigned int sources;
	char controllers[IRQMOD_SCENARIO_MAX_CONTROLLERS][IRQMOD_SCENARIO_NAME_BYTES];
	unsigned int controller_count;
	uint32_t static_interval_ns;
	uint32_t knobs_set;
	uint32_t knob_values[IRQMOD_SCENARIO_MAX_KNOBS];
	char trace_paths[IRQMOD_SIM_MAX_SOURCES][IRQMOD_SCENARIO_PATH_BYTES];
	uint32_t trace_formats[IRQMOD_SIM_MAX_SOURCES];
	struct irqmod_sim_trace_file *traces[IRQMOD_SIM_MAX_SOURCES];
	char base_dir[IRQMOD_SCENARIO_PATH_BYTES];
	uint32_t tool;
	struct irqmod_scenario_repro repro;
	char path[IRQMOD_SCENARIO_PATH_BYTES];
	uint32_t origins[IRQMOD_SIM_MAX_SOURCES + 1][IRQMOD_SCENARIO_MAX_KEYS];
	char sets[IRQMOD_SCENARIO_MAX_SETS][IRQMOD_SCENARIO_SET_BYTES];
	uint32_t set_count;
};

/** IRQMOD_SCENARIO_ORIGIN_SET - flag of struct irqmod_scenario's origins: a --set argument. */
#define IRQMOD_SCENARIO_ORIGIN_SET 0x80000000u

/**
 * irqmod_scenario_load_traces() - read the trace file of every trace source
 * (once; call after the last --set that may change trace.*).
 * @scenario: its trace sources get their records.
 * @message: receives "sourceN trace.file: file: record R: what is wrong".
 * @message_bytes: size of @message.
 * Return: 0, -IRQMOD_SCENARIO_ECHECK for a trace source without a file,
 * or -IRQMOD_SCENARIO_EIO for a trace that does not load.
 */
IRQMOD_API int irqmod_scenario_load_traces(struct irqmod_scenario *scenario, char *message,
				size_t message_bytes);

/**
 * irqmod_scenario_free_traces() - release what irqmod_scenario_load_traces() read.
 * @scenario: its traces are freed and its sources' trace pointers cleared.
 */
IRQMOD_API void irqmod_scenario_free_traces(struct irqmod_scenario *scenario);

/**
 * irqmod_scenario_init() - defaults, no source, read by irqmod-sim
 * (@scenario->tool IRQMOD_SCENARIO_FOR_SIM; set IRQMOD_SCENARIO_FOR_REPRO
 * afterwards for a [repro] file).
 * @scenario: filled in.
 */
IRQMOD_API void irqmod_scenario_init(struct irqmod_scenario *scenario);

/**
 * irqmod_scenario_parse_file() - read a scenario file on top of @scenario.
 * @scenario: updated in place.
 * @path: file name, used in messages.
 * @message: receives "file:line: what is wrong; valid: ..." on error.
 * @message_bytes: size of @message.
 * Return: 0 or a negative enum irqmod_scenario_error.
 */
IRQMOD_API int irqmod_scenario_parse_file(struct irqmod_scenario *scenario, const char *path, char *message,
			       size_t message_bytes);

/**
 * irqmod_scenario_parse_text() - like irqmod_scenario_parse_file() on a string.
 * @scenario: updated in place.
 * @name: label used in messages instead of a file name.
 * @text: the scenario text.
 * @message: error message buffer.
 * @message_bytes: its size.
 * Return: 0 or a negative enum irqmod_scenario_error.
 */
IRQMOD_API int irqmod_scenario_parse_text(struct irqmod_scenario *scenario, const char *name, const char *text,
			       char *message, size_t message_bytes);

/**
 * irqmod_scenario_set() - set "section.key" (sources: "source.key" sets the
 * last source; "source2.key" the third; "idle-poll.idle_time" a knob of
 * every idle-poll controller) to @value, as --set does.
 * @scenario: updated.
 * @assignment: "section.key=value".
 * @message: error message buffer.
 * @message_bytes: its size.
 * Return: 0 or a negative enum irqmod_scenario_error.
 */
IRQMOD_API int irqmod_scenario_set(struct irqmod_scenario *scenario, const char *assignment, char *message,
			size_t message_bytes);

/**
 * irqmod_scenario_set_as() - irqmod_scenario_set() for a setting the user
 * typed in another form: messages (and irqmod_scenario_finish()'s, which
 * name where each value came from) call it @origin.
 * @scenario: updated.
 * @assignment: "section.key=value".
 * @origin: how the caller names it, e.g. "--duration 2s" for the
 *	assignment "run.duration=2s"; NULL: "--set ASSIGNMENT".
 * @message: error message buffer.
 * @message_bytes: its size.
 * Return: 0 or a negative enum irqmod_scenario_error.
 */
IRQMOD_API int irqmod_scenario_set_as(struct irqmod_scenario *scenario, const char *assignment,
				      const char *origin, char *message, size_t message_bytes);

/**
 * irqmod_scenario_finish() - validate the whole scenario (irqmod_sim_check()
 * and every controller with the scenario's knob values). Each message names
 * where the value came from (file:line, the --set argument, or "default"),
 * the key, the value and the accepted range.
 * @scenario: scenario.
 * @message: error message buffer.
 * @message_bytes: its size.
 * Return: 0 or a negative enum irqmod_scenario_error.
 */
IRQMOD_API int irqmod_scenario_finish(const struct irqmod_scenario *scenario, char *message,
			   size_t message_bytes);

/**
 * irqmod_scenario_link_sentence() - "ixgbe supports links up to 800 Gb/s; the
 * scenario has 900 Gb/s".
 * @out: receives the sentence.
 * @bytes: size of @out.
 * @kind: controller name.
 * @max_mbps: fastest link it supports.
 * @link_mbps: the scenario's link.
 */
IRQMOD_API void irqmod_scenario_link_sentence(char *out, size_t bytes, const char *kind,
				   uint64_t max_mbps, uint64_t link_mbps);

/**
 * irqmod_scenario_explain() - the line that says why a controller config is rejected.
 * @config: a hybrid config (kind IRQMOD_HYBRID_NONE for a plain controller).
 * @line: receives irqmod_config_error_format()'s line ("ixgbe: max_interval_ns
 *	10000 is below initial_interval_ns 50000"), or for a link faster than
 *	the kind supports "ixgbe supports links up to 800 Gb/s; the scenario
 *	has 900 Gb/s". Untouched when @config is valid.
 * @bytes: size of @line.
 * Return: 0 for a valid config, else irqmod_hybrid_config_check()'s code.
 */
IRQMOD_API int irqmod_scenario_explain(const struct irqmod_hybrid_config *config, char *line,
			    size_t bytes);

/**
 * irqmod_scenario_controller() - resolve one controller name of a
 * controller list: [HYBRID[(KNOBS)]+]CONTROLLER[(KNOBS)], where HYBRID is
 * an irqmod_hybrid_kind_name() ("idle-poll", "defer-irq", "recheck"),
 * CONTROLLER is a name irqmod_scenario_controller_by_name() takes (a kind name,
 * "none", "static:<interval>" with a unit allowed, or plain "static" for
 * @scenario's static_interval_ns) and KNOBS is "key=value,..." (see
 * irqmod_scenario_print_knobs()). A hybrid named without knobs gets the
 * defaults of its docs page's worked example (docs/hybrid-contract.md).
 * @scenario: gives static_interval_ns.
 * @spec: the name, e.g. "idle-poll(idle_time=200us)+ixgbe(max=84us)".
 * @link_speed_mbps: link the inner controller's defaults are for.
 * @config: filled in; @config->kind is IRQMOD_HYBRID_NONE for a plain
 *	interval controller (run @config->inner directly).
 * @message: receives "controller '...': what is wrong; valid: ..." on error.
 * @message_bytes: size of @message.
 * Return: 0 or -IRQMOD_SCENARIO_ECONTROLLER. The result passed
 * irqmod_hybrid_init().
 */
IRQMOD_API int irqmod_scenario_controller(const struct irqmod_scenario *scenario, const char *spec,
			       uint32_t link_speed_mbps, struct irqmod_hybrid_config *config,
			       char *message, size_t message_bytes);

/** irqmod_scenario_print_controllers() - the name forms, one a line. @out: stream. */
IRQMOD_API void irqmod_scenario_print_controllers(FILE *out);

/** irqmod_scenario_print_knobs() - every knob with its owner and default. @out: stream. */
IRQMOD_API void irqmod_scenario_print_knobs(FILE *out);

/** irqmod_scenario_print_keys() - document every key (for --help). @out: stream. */
IRQMOD_API void irqmod_scenario_print_keys(FILE *out);

/**
 * irqmod_scenario_key_is_numeric() - whether "section.key" takes a number
 * (so it can be swept).
 * @key: "section.key".
 * Return: true for numeric keys.
 */
IRQMOD_API int irqmod_scenario_key_is_numeric(const char *key);

/**
 * irqmod_scenario_parse_value() - parse @text as a value of "section.key",
 * units included ("84us" for a duration gives 84000).
 * @key: "section.key".
 * @text: the value.
 * @value: receives the number in the key's base unit (ns, frames/s, Mb/s).
 * Return: 0, -IRQMOD_SCENARIO_EKEY or -IRQMOD_SCENARIO_EVALUE.
 */
IRQMOD_API int irqmod_scenario_parse_value(const char *key, const char *text, uint64_t *value);

/**
 * irqmod_scenario_controller_by_name() - set up a simulator controller from
 * the name of a plain interval controller, in the grammar of
 * irqmod_scenario_controller(): a kind name (irqmod_kind_name()), "none"
 * (a static controller with throttling off), "static:<interval>" with a
 * unit (static:84us; static:0 needs none) or plain "static" (its default
 * interval). Knobs, hybrids and ethtool specs need
 * irqmod_scenario_controller(), which takes every form.
 * @controller: filled in: @name as its label, the generic config.
 * @name: the name; kept by pointer in @controller.
 * @link_speed_mbps: link the kind's defaults are for.
 * Return: 0, -IRQMOD_EINVAL for NULL or a name of IRQMOD_SCENARIO_NAME_BYTES
 * characters or more (irqmod_scenario_controller()'s limit), -IRQMOD_EKIND for an unknown name, a
 * hybrid, a malformed interval or one without a unit, -IRQMOD_ERANGE for a
 * static interval above IRQMOD_STATIC_MAX_INTERVAL_NS, or the kind's
 * default-config or check error (-IRQMOD_ELINK for a link it cannot take).
 */
IRQMOD_API int irqmod_scenario_controller_by_name(struct irqmod_sim_controller *controller,
						  const char *name, uint32_t link_speed_mbps);

/**
 * irqmod_scenario_print_key_table() - the key table as Markdown rows, the
 * reference docs/simulator.md holds (a test keeps the two equal): key,
 * unit, accepted range, default, the tool that reads it, what it is.
 * @out: stream.
 */
IRQMOD_API void irqmod_scenario_print_key_table(FILE *out);

/**
 * irqmod_scenario_print_config() - the resolved scenario as "key=value"
 * lines (irqmod-sim --print-config): SECTION.KEY for every key its tool
 * reads, sources=N, sourceN.KEY for each source's keys, and OWNER.KNOB
 * for each knob a file or --set gave. Numbers are in the key's base unit
 * (ns, per second, Mb/s, bytes), names as the file spells them; in a
 * path, a control byte comes out as a backslash, 'x' and two hex digits,
 * and a backslash doubled, so that every value is one line.
 * @out: stream.
 * @scenario: a scenario read by irqmod_scenario_parse_file() or _set().
 */
IRQMOD_API void irqmod_scenario_print_config(FILE *out, const struct irqmod_scenario *scenario);

#endif /* IRQMOD_SCENARIO_H */
