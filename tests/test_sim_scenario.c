/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Scenario files for irqmod-sim: every error class gives its documented
 * error, naming the file, the line and the valid choices. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "irqmod/scenario.h"

static struct irqmod_scenario scenario;
static char message[2048];

static int parse(const char *text)
{
	irqmod_scenario_init(&scenario);
	message[0] = '\0';
	return irqmod_scenario_parse_text(&scenario, "test.ini", text, message, sizeof(message));
}

static void test_sim_scenario_valid_file_sets_every_section(void **unused)
{
	(void)unused;
	assert_int_equal(parse("# comment\n[run]\nduration = 2s\nwarmup = 50ms\nseed = 7\n"
			       "controllers = none, static:84us\n"
			       "[link]\nspeed = 100M\n[nic]\nring_size = 256\ntimer = absolute\n"
			       "tx_interrupts = yes\n[host]\ncores = 2\nqueues = 2\nqueue_cores = 0,1\n"
			       "irq_cost = 3us\n[load]\ncore = 0\nbusy = 5ms\n[socket]\ntruesize = 2994\n"
			       "[app]\ncore = 1\n[source]\nkind = udp_stream\nrate = 500k\n"
			       "[source]\nkind = ping\n"),
			 0);
	assert_int_equal(scenario.config.duration_ns, 2000000000ull);
	assert_int_equal(scenario.config.warmup_ns, 50000000ull);
	assert_int_equal(scenario.config.seed, 7);
	assert_int_equal(scenario.controller_count, 2);
	assert_string_equal(scenario.controllers[1], "static:84us");
	assert_int_equal(scenario.config.link_speed_mbps, 100);
	assert_int_equal(scenario.config.ring_size, 256);
	assert_int_equal(scenario.config.timer, IRQMOD_SIM_TIMER_ABSOLUTE);
	assert_true(scenario.config.tx_interrupts);
	assert_int_equal(scenario.config.queue_core[1], 1);
	assert_int_equal(scenario.config.irq_ns, 3000);
	assert_int_equal(scenario.config.load_core, 0);
	assert_int_equal(scenario.config.truesize_bytes, 2994);
	assert_int_equal(scenario.sources, 2);
	assert_int_equal(scenario.config.sources[0].kind, IRQMOD_SIM_SOURCE_UDP_STREAM);
	assert_int_equal(scenario.config.sources[0].rate_pps, 500000);
	assert_int_equal(scenario.config.sources[1].kind, IRQMOD_SIM_SOURCE_PING);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)), 0);
}

static void test_sim_scenario_missing_file_is_io_error(void **unused)
{
	(void)unused;
	irqmod_scenario_init(&scenario);
	assert_int_equal(irqmod_scenario_parse_file(&scenario, "/nonexistent/x.ini", message,
						    sizeof(message)),
			 -IRQMOD_SCENARIO_EIO);
	assert_non_null(strstr(message, "/nonexistent/x.ini: cannot open"));
}

static void test_sim_scenario_error_codes_follow_the_core_and_have_sentences(void **unused)
{
	int code;

	(void)unused;
	assert_true((int)IRQMOD_ERROR_COUNT <= (int)IRQMOD_SCENARIO_EIO);
	for (code = IRQMOD_SCENARIO_EIO; code < IRQMOD_SCENARIO_ERROR_END; code++) {
		assert_string_not_equal(irqmod_scenario_strerror(-code), "unknown irqmod error");
		assert_string_equal(irqmod_scenario_strerror(-code),
				    irqmod_scenario_strerror(code));
		assert_string_equal(irqmod_strerror(-code), "unknown irqmod error");
	}
	for (code = 1; code < IRQMOD_ERROR_COUNT; code++)
		assert_string_equal(irqmod_scenario_strerror(-code), irqmod_strerror(-code));
	assert_string_equal(irqmod_scenario_strerror(IRQMOD_SCENARIO_ERROR_END),
			    "unknown irqmod error");
	assert_string_equal(irqmod_scenario_strerror(INT32_MIN), "unknown irqmod error");
}

static void test_sim_scenario_directory_is_named(void **unused)
{
	(void)unused;
	irqmod_scenario_init(&scenario);
	assert_int_equal(irqmod_scenario_parse_file(&scenario, ".", message, sizeof(message)),
			 -IRQMOD_SCENARIO_EIO);
	assert_string_equal(message, ".: is a directory, not a scenario file");
}

/* A UTF-8 byte-order mark opens the file only: there it is skipped, elsewhere text. */
static void test_sim_scenario_byte_order_mark_is_skipped_at_the_start(void **unused)
{
	(void)unused;
	assert_int_equal(parse("\xef\xbb\xbf[nic]\nring_size = 512\n"), 0);
	assert_int_equal(scenario.config.ring_size, 512);
	assert_int_equal(parse("[nic]\n\xef\xbb\xbfring_size = 512\n"), -IRQMOD_SCENARIO_EKEY);
	assert_non_null(strstr(message, "test.ini:2:"));
}

static void test_sim_scenario_garbage_line_is_syntax_error(void **unused)
{
	(void)unused;
	assert_int_equal(parse("[nic]\nring_size 512\n"), -IRQMOD_SCENARIO_ESYNTAX);
	assert_non_null(strstr(message, "test.ini:2:"));
	assert_int_equal(parse("[nic\n"), -IRQMOD_SCENARIO_ESYNTAX);
	assert_non_null(strstr(message, "test.ini:1:"));
}

static void test_sim_scenario_unknown_section_lists_sections(void **unused)
{
	(void)unused;
	assert_int_equal(parse("[run]\n[nics]\n"), -IRQMOD_SCENARIO_ESECTION);
	assert_non_null(strstr(message, "test.ini:2: unknown section [nics]"));
	assert_non_null(strstr(message, "valid: run, link, nic, host, load, socket, app, napi, busy_poll, source"));
}

static void test_sim_scenario_unknown_key_lists_keys(void **unused)
{
	(void)unused;
	assert_int_equal(parse("[nic]\nring = 512\n"), -IRQMOD_SCENARIO_EKEY);
	assert_non_null(strstr(message, "test.ini:2: unknown key 'ring' in [nic]"));
	assert_non_null(strstr(message, "ring_size"));
	assert_non_null(strstr(message, "timer"));
}

static void test_sim_scenario_bad_value_lists_choices(void **unused)
{
	(void)unused;
	assert_int_equal(parse("[nic]\ntimer = fast\n"), -IRQMOD_SCENARIO_EVALUE);
	assert_non_null(strstr(message, "test.ini:2: bad value 'fast' for nic.timer"));
	assert_non_null(strstr(message, "valid: throttle, absolute, packet"));
	assert_int_equal(parse("[run]\nduration = 10 parsecs\n"), -IRQMOD_SCENARIO_EVALUE);
	assert_non_null(strstr(message, "ns, us, ms or s"));
	assert_int_equal(parse("[source]\nkind = tcp\n"), -IRQMOD_SCENARIO_EVALUE);
	assert_non_null(strstr(message, "constant, poisson, onoff, ping, rr, udp_stream, flood"));
	assert_int_equal(parse("[nic]\ntx_interrupts = maybe\n"), -IRQMOD_SCENARIO_EVALUE);
}

static void test_sim_scenario_out_of_range_names_range(void **unused)
{
	(void)unused;
	/* Zero ring, zero link speed, absurd durations. */
	assert_int_equal(parse("[nic]\nring_size = 0\n"), -IRQMOD_SCENARIO_ERANGE);
	assert_non_null(strstr(message, "test.ini:2: nic.ring_size = 0 is out of range (1..65536)"));
	assert_int_equal(parse("[link]\nspeed = 0\n"), -IRQMOD_SCENARIO_ERANGE);
	assert_non_null(strstr(message, "link.speed"));
	assert_int_equal(parse("[run]\nduration = 3601s\n"), -IRQMOD_SCENARIO_ERANGE);
	assert_non_null(strstr(message, "run.duration"));
	assert_int_equal(parse("[run]\nduration = 99999999999999999999999s\n"),
			 -IRQMOD_SCENARIO_EVALUE);
}

static void test_sim_scenario_source_key_before_kind_is_order_error(void **unused)
{
	(void)unused;
	assert_int_equal(parse("[source]\nrate = 1000\nkind = constant\n"), -IRQMOD_SCENARIO_EORDER);
	assert_non_null(strstr(message, "test.ini:2: 'kind' must be the first key"));
	assert_int_equal(parse("ring_size = 4\n"), -IRQMOD_SCENARIO_EORDER);
}

static void test_sim_scenario_too_many_sources_is_count_error(void **unused)
{
	char text[512] = "";
	int i;

	(void)unused;
	for (i = 0; i <= IRQMOD_SIM_MAX_SOURCES; i++)
		strcat(text, "[source]\nkind = poisson\n");
	assert_int_equal(parse(text), -IRQMOD_SCENARIO_ECOUNT);
	assert_non_null(strstr(message, "test.ini:17: more than 8 [source] sections"));
}

static void test_sim_scenario_unknown_controller_lists_kinds(void **unused)
{
	(void)unused;
	assert_int_equal(parse("[run]\ncontrollers = static, warp\n"), -IRQMOD_SCENARIO_ECONTROLLER);
	assert_non_null(strstr(message, "test.ini:2: unknown controller 'warp'"));
	/* The list comes from controller.h, whatever kinds exist. */
	assert_non_null(strstr(message, irqmod_kind_name(0)));
}

static void test_sim_scenario_inconsistent_whole_is_check_error(void **unused)
{
	(void)unused;
	assert_int_equal(parse("[run]\nduration = 1s\nwarmup = 2s\n[source]\nkind = constant\n"), 0);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECHECK);
	/* The file and line, the key and value, the other key, the range, the default. */
	assert_non_null(strstr(message, "test.ini:3: run.warmup = 2s is not shorter than "
					 "run.duration = 1s (test.ini:2); accepted: 0 <= run.warmup "
					 "< run.duration; default run.warmup 100ms"));
	assert_int_equal(parse("[run]\nduration = 1s\nwarmup = 1s\n[source]\nkind = constant\n"), 0);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECHECK);
	assert_non_null(strstr(message, "is not shorter than"));
	assert_int_equal(parse("[run]\nseed = 1\n"), 0);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECHECK);
	assert_non_null(strstr(message, "no [source]"));
	assert_int_equal(parse("[source]\nkind = poisson\n[source]\n"), 0);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECHECK);
	assert_non_null(strstr(message, "test.ini:3: [source] number 1 (from 0) has no kind; its "
					 "first key is kind = one of constant, poisson"));
}

static void test_sim_scenario_set_overrides_like_the_file(void **unused)
{
	uint64_t value;

	(void)unused;
	irqmod_scenario_init(&scenario);
	assert_int_equal(irqmod_scenario_set(&scenario, "source0.kind=flood", message, sizeof(message)), 0);
	assert_int_equal(irqmod_scenario_set(&scenario, "source.rate=60k", message, sizeof(message)), 0);
	assert_int_equal(scenario.config.sources[0].rate_pps, 60000);
	assert_int_equal(irqmod_scenario_set(&scenario, "source1.rate=5", message, sizeof(message)),
			 -IRQMOD_SCENARIO_EORDER);
	assert_int_equal(irqmod_scenario_set(&scenario, "nic.ring=5", message, sizeof(message)),
			 -IRQMOD_SCENARIO_EKEY);
	assert_int_equal(irqmod_scenario_set(&scenario, "ring_size=5", message, sizeof(message)),
			 -IRQMOD_SCENARIO_ESYNTAX);
	assert_int_equal(irqmod_scenario_set(&scenario, "run.static_interval=84us", message,
					     sizeof(message)), 0);
	assert_int_equal(scenario.static_interval_ns, 84000);
	assert_int_equal(irqmod_scenario_parse_value("nic.tx_completion_delay", "84us", &value), 0);
	assert_int_equal(value, 84000);
	assert_true(irqmod_scenario_key_is_numeric("nic.ring_size"));
	assert_false(irqmod_scenario_key_is_numeric("nic.timer"));
}

/*
 * Controller names with a hybrid and knobs. Expected values are the
 * documented defaults (lib/scenario/knobs.c, docs/hybrid-contract.md)
 * and the knob values written in the name.
 */
static struct irqmod_hybrid_config resolved;

static int resolve(const char *name)
{
	irqmod_scenario_init(&scenario);
	message[0] = '\0';
	return irqmod_scenario_controller(&scenario, name, 10000, &resolved, message,
					  sizeof(message));
}

static void test_sim_scenario_hybrid_without_knobs_gets_defaults(void **unused)
{
	(void)unused;
	assert_int_equal(resolve("idle-poll+ixgbe"), 0);
	assert_int_equal(resolved.kind, IRQMOD_HYBRID_IDLE_POLL);
	/* docs/idle-poll.md worked timeline: spacing 10 us, idle time 50 us, count derived. */
	assert_int_equal(resolved.config.idle_poll.poll_spacing_ns, 10000);
	assert_int_equal(resolved.config.idle_poll.idle_time_ns, 50000);
	assert_int_equal(resolved.config.idle_poll.idle_polls, 0);
	assert_int_equal(resolved.inner.kind, IRQMOD_KIND_IXGBE);
	assert_int_equal(resolve("defer-irq+ixgbe"), 0);
	/* docs/defer-irq.md: napi_defer_hard_irqs 10, gro_flush_timeout 20 us. */
	assert_int_equal(resolved.config.defer_irq.defer_hard_irqs, 10);
	assert_int_equal(resolved.config.defer_irq.gro_flush_timeout_ns, 20000);
	assert_int_equal(resolved.config.defer_irq.irq_suspend_timeout_ns, 0);
	assert_int_equal(resolve("recheck+dim"), 0);
	assert_int_equal(resolved.kind, IRQMOD_HYBRID_RECHECK);
	assert_int_equal(resolved.config.recheck.max_rounds, 4);
	assert_int_equal(resolved.inner.kind, IRQMOD_KIND_DIM);
}

static void test_sim_scenario_hybrid_knobs_override_defaults(void **unused)
{
	(void)unused;
	assert_int_equal(resolve("defer-irq(defer_hard_irqs=2, gro_flush_timeout=200us)+static:50us"),
			 0);
	assert_int_equal(resolved.kind, IRQMOD_HYBRID_DEFER_IRQ);
	assert_int_equal(resolved.config.defer_irq.defer_hard_irqs, 2);
	assert_int_equal(resolved.config.defer_irq.gro_flush_timeout_ns, 200000);
	assert_int_equal(resolved.inner.kind, IRQMOD_KIND_STATIC);
	assert_int_equal(resolved.inner.config.static_config.rx_interval_ns, 50000);
}

static void test_sim_scenario_plain_name_runs_without_hybrid(void **unused)
{
	(void)unused;
	assert_int_equal(resolve("ixgbe"), 0);
	assert_int_equal(resolved.kind, IRQMOD_HYBRID_NONE);
	assert_int_equal(resolved.inner.kind, IRQMOD_KIND_IXGBE);
	/* Plain "static" inside a hybrid takes [run] static_interval. */
	irqmod_scenario_init(&scenario);
	scenario.static_interval_ns = 30000;
	assert_int_equal(irqmod_scenario_controller(&scenario, "recheck+static", 10000, &resolved,
						    message, sizeof(message)),
			 0);
	assert_int_equal(resolved.inner.config.static_config.rx_interval_ns, 30000);
}

static void test_sim_scenario_ixgbe_max_knob_sets_ceiling_and_start(void **unused)
{
	(void)unused;
	assert_int_equal(resolve("ixgbe(max=40us)"), 0);
	assert_int_equal(resolved.inner.config.ixgbe_config.max_interval_ns, 40000);
	/* The 50 us start (IXGBE_20K_ITR) is above the new ceiling: moved to it. */
	assert_int_equal(resolved.inner.config.ixgbe_config.initial_interval_ns, 40000);
	/* Above Linux's 126 us the ixgbe init refuses it. */
	assert_int_equal(resolve("ixgbe(max=200us)"), -IRQMOD_SCENARIO_ECONTROLLER);
	assert_non_null(strstr(message, irqmod_strerror(-IRQMOD_ERANGE)));
}

static void test_sim_scenario_i40e_knobs_set_floor_ceiling_and_start(void **unused)
{
	(void)unused;
	assert_int_equal(resolve("i40e(min=20us,max=40us)"), 0);
	assert_int_equal(resolved.inner.config.i40e_config.min_interval_ns, 20000);
	assert_int_equal(resolved.inner.config.i40e_config.max_interval_ns, 40000);
	/* The 50 us start is above the new ceiling: moved to it. */
	assert_int_equal(resolved.inner.config.i40e_config.initial_interval_ns, 40000);
	/* i40e counts in 2 us units: an odd microsecond is refused by its init. */
	assert_int_equal(resolve("i40e(max=41us)"), -IRQMOD_SCENARIO_ECONTROLLER);
	assert_non_null(strstr(message, irqmod_strerror(-IRQMOD_ERANGE)));
}

static void test_sim_scenario_unknown_hybrid_lists_hybrids(void **unused)
{
	char valid[128];

	(void)unused;
	assert_int_equal(resolve("idle+ixgbe"), -IRQMOD_SCENARIO_ECONTROLLER);
	snprintf(valid, sizeof(valid), "unknown hybrid 'idle'; valid: %s, %s, %s",
		 irqmod_hybrid_kind_name(IRQMOD_HYBRID_IDLE_POLL),
		 irqmod_hybrid_kind_name(IRQMOD_HYBRID_DEFER_IRQ),
		 irqmod_hybrid_kind_name(IRQMOD_HYBRID_RECHECK));
	assert_non_null(strstr(message, valid));
	assert_int_equal(resolve("idle-poll+warp"), -IRQMOD_SCENARIO_ECONTROLLER);
	assert_non_null(strstr(message, "unknown controller 'warp'"));
	assert_int_equal(resolve("a+b+c"), -IRQMOD_SCENARIO_ECONTROLLER);
	assert_non_null(strstr(message, "one hybrid at most"));
}

static void test_sim_scenario_bad_knob_lists_knobs(void **unused)
{
	(void)unused;
	assert_int_equal(resolve("idle-poll(spacing=1us)+ixgbe"), -IRQMOD_SCENARIO_ECONTROLLER);
	assert_non_null(strstr(message, "has no knob 'spacing'; valid: poll_spacing, idle_time, "
					"idle_polls"));
	assert_int_equal(resolve("recheck(max_rounds=many)+ixgbe"), -IRQMOD_SCENARIO_ECONTROLLER);
	assert_non_null(strstr(message, "knob 'max_rounds' takes"));
	assert_int_equal(resolve("dim(max=50us)"), -IRQMOD_SCENARIO_ECONTROLLER);
	assert_non_null(strstr(message, "dim has no knob 'max'; valid: none"));
	assert_int_equal(resolve("idle-poll(poll_spacing=1us+ixgbe"), -IRQMOD_SCENARIO_ECONTROLLER);
	assert_non_null(strstr(message, "parentheses"));
}

static void test_sim_scenario_unending_budget_is_rejected(void **unused)
{
	(void)unused;
	/* No time and no count: idling could never end (irqmod_idle_poll_init). */
	assert_int_equal(resolve("idle-poll(poll_spacing=0,idle_time=0)+none"),
			 -IRQMOD_SCENARIO_ECONTROLLER);
	assert_non_null(strstr(message, irqmod_strerror(-IRQMOD_EBUDGET)));
	/* 65536 rounds do not fit the u16 the state holds. */
	assert_int_equal(resolve("recheck(max_rounds=65536)+ixgbe"), -IRQMOD_SCENARIO_ECONTROLLER);
	assert_non_null(strstr(message, irqmod_strerror(-IRQMOD_EBUDGET)));
}

/*
 * A knob given for the whole scenario ("[idle-poll] idle_time = 200us", or
 * --set/--sweep idle-poll.idle_time=...) reaches every controller it belongs
 * to, over the value the controller's name gives, and no other controller.
 */
static void test_sim_scenario_knob_section_sets_every_controller_it_belongs_to(void **unused)
{
	static const char *const names[] = { "idle-poll(idle_time=50us)+ixgbe",
					     "idle-poll+static:50us", "ixgbe", "recheck+ixgbe" };
	uint32_t i;

	(void)unused;
	assert_int_equal(parse("[run]\ncontrollers = idle-poll(idle_time=50us)+ixgbe, "
			       "idle-poll+static:50us, ixgbe, recheck+ixgbe\n"
			       "[source]\nkind = constant\n"
			       "[idle-poll]\nidle_time = 200us\n[ixgbe]\nmax = 60us\n"),
			 0);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)), 0);
	for (i = 0; i < 4; i++) {
		assert_int_equal(irqmod_scenario_controller(&scenario, names[i], 10000, &resolved,
							    message, sizeof(message)),
				 0);
		if (resolved.kind == IRQMOD_HYBRID_IDLE_POLL)
			assert_int_equal(resolved.config.idle_poll.idle_time_ns, 200000);
		if (resolved.kind == IRQMOD_HYBRID_RECHECK)
			assert_int_equal(resolved.config.recheck.max_rounds, 4);
		if (resolved.inner.kind == IRQMOD_KIND_IXGBE)
			assert_int_equal(resolved.inner.config.ixgbe_config.max_interval_ns, 60000);
		else
			assert_int_equal(resolved.inner.config.static_config.rx_interval_ns, 50000);
	}
}

static void test_sim_scenario_knob_keys_can_be_set_and_swept(void **unused)
{
	uint64_t value;

	(void)unused;
	irqmod_scenario_init(&scenario);
	assert_true(irqmod_scenario_key_is_numeric("idle-poll.idle_time"));
	assert_false(irqmod_scenario_key_is_numeric("idle-poll.max_rounds"));
	assert_int_equal(irqmod_scenario_parse_value("defer-irq.gro_flush_timeout", "20us", &value),
			 0);
	assert_int_equal(value, 20000);
	assert_int_equal(irqmod_scenario_set(&scenario, "recheck.max_rounds=8", message,
					     sizeof(message)),
			 0);
	assert_int_equal(irqmod_scenario_controller(&scenario, "recheck(max_rounds=2)+dim", 10000,
						    &resolved, message, sizeof(message)),
			 0);
	assert_int_equal(resolved.config.recheck.max_rounds, 8);
	assert_int_equal(irqmod_scenario_set(&scenario, "recheck.max_rounds=lots", message,
					     sizeof(message)),
			 -IRQMOD_SCENARIO_EVALUE);
	assert_int_equal(irqmod_scenario_set(&scenario, "idle-poll.idle_time=2s", message,
					     sizeof(message)),
			 0);
	assert_int_equal(irqmod_scenario_set(&scenario, "idle-poll.idle_time=5000s", message,
					     sizeof(message)),
			 -IRQMOD_SCENARIO_ERANGE);
}

static void test_sim_scenario_unknown_knob_lists_the_owners_knobs(void **unused)
{
	(void)unused;
	assert_int_equal(parse("[idle-poll]\nspacing = 1us\n"), -IRQMOD_SCENARIO_EKEY);
	assert_non_null(strstr(message, "test.ini:2: idle-poll has no knob 'spacing'; valid: "
					"poll_spacing, idle_time, idle_polls"));
	assert_int_equal(parse("[dim]\nmax = 1us\n"), -IRQMOD_SCENARIO_ESECTION);
	assert_non_null(strstr(message, "or the knobs of idle-poll, defer-irq, recheck, ixgbe, i40e"));
}

/* A knob that makes a listed controller invalid fails the whole scenario. */
static void test_sim_scenario_knob_that_breaks_a_controller_fails_finish(void **unused)
{
	(void)unused;
	assert_int_equal(parse("[run]\ncontrollers = ixgbe, idle-poll+none\n"
			       "[source]\nkind = constant\n"
			       "[idle-poll]\npoll_spacing = 0\nidle_time = 0\n"),
			 0);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECONTROLLER);
	assert_non_null(strstr(message, irqmod_strerror(-IRQMOD_EBUDGET)));
}

static void test_sim_scenario_controller_list_splits_outside_parentheses(void **unused)
{
	(void)unused;
	assert_int_equal(parse("[run]\ncontrollers = idle-poll(poll_spacing=2us, idle_time=200us)"
			       "+ixgbe(max=84us), recheck+static\n"),
			 0);
	assert_int_equal(scenario.controller_count, 2);
	assert_string_equal(scenario.controllers[0],
			    "idle-poll(poll_spacing=2us, idle_time=200us)+ixgbe(max=84us)");
	assert_string_equal(scenario.controllers[1], "recheck+static");
	assert_int_equal(parse("[run]\ncontrollers = ixgbe, idle-poll(idle=1us)+ixgbe\n"),
			 -IRQMOD_SCENARIO_ECONTROLLER);
	assert_non_null(strstr(message, "test.ini:2: controller 'idle-poll(idle=1us)+ixgbe'"));
}

/* Parse @bytes (NUL bytes and all) as the file "hostile.ini" would be read. */
static int parse_bytes(const void *bytes, size_t size)
{
	FILE *file = tmpfile();
	char path[64];
	int error;

	assert_non_null(file);
	assert_int_equal(fwrite(bytes, 1, size, file), size);
	assert_int_equal(fflush(file), 0);
	snprintf(path, sizeof(path), "/dev/fd/%d", fileno(file));
	irqmod_scenario_init(&scenario);
	message[0] = '\0';
	error = irqmod_scenario_parse_file(&scenario, path, message, sizeof(message));
	fclose(file);
	return error;
}

static void test_sim_scenario_nul_byte_is_an_error_naming_line_and_offset(void **unused)
{
	static const char text[] = "[run]\nduration = 10ms\n\0[link]\nspeed = x\n";

	(void)unused;
	assert_int_equal(parse_bytes(text, sizeof(text) - 1), -IRQMOD_SCENARIO_ESYNTAX);
	assert_non_null(strstr(message, ":3: NUL byte at offset 22"));
}

static void test_sim_scenario_binary_and_empty_files_are_errors(void **unused)
{
	unsigned char binary[256];
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof(binary) - 1; i++)
		binary[i] = (unsigned char)(i + 1); /* every byte but NUL */
	assert_int_equal(parse_bytes(binary, sizeof(binary) - 1), -IRQMOD_SCENARIO_ESYNTAX);
	assert_non_null(strstr(message, ":1: expected 'key = value' or '[section]'"));
	/* An empty file parses, and the whole-scenario check says what is missing. */
	assert_int_equal(parse_bytes("", 0), 0);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECHECK);
	assert_non_null(strstr(message, "no [source]"));
}

static void test_sim_scenario_very_long_line_is_syntax_error(void **unused)
{
	static char text[4096];

	(void)unused;
	memcpy(text, "[run]\n", 6);
	memset(text + 6, 'x', sizeof(text) - 7);
	assert_int_equal(parse(text), -IRQMOD_SCENARIO_ESYNTAX);
	assert_non_null(strstr(message, "test.ini:2: line too long"));
}

static void test_sim_scenario_duplicate_key_is_an_error_naming_both_lines(void **unused)
{
	(void)unused;
	assert_int_equal(parse("[run]\nduration = 1s\n[link]\nspeed = 10G\n[run]\nduration = 2s\n"),
			 -IRQMOD_SCENARIO_EKEY);
	assert_non_null(strstr(message, "test.ini:6: run.duration set twice (first on line 2)"));
	assert_int_equal(parse("[source]\nkind = ping\nrate = 1k\nrate = 2k\n"),
			 -IRQMOD_SCENARIO_EKEY);
	assert_non_null(strstr(message, "test.ini:4: source.rate set twice (first on line 3)"));
	assert_int_equal(parse("[idle-poll]\nidle_time = 1us\nidle_time = 2us\n"),
			 -IRQMOD_SCENARIO_EKEY);
	assert_non_null(strstr(message, "test.ini:3: idle-poll.idle_time set twice"));
	/* The same key in two [source] sections sets two sources. */
	assert_int_equal(parse("[source]\nkind = ping\nrate = 1k\n[source]\nkind = ping\nrate = 2k\n"),
			 0);
	assert_int_equal(scenario.config.sources[1].rate_pps, 2000);
	/* --set after the file overrides it, as documented. */
	assert_int_equal(irqmod_scenario_set(&scenario, "source0.rate=3k", message, sizeof(message)),
			 0);
	assert_int_equal(scenario.config.sources[0].rate_pps, 3000);
}

static void test_sim_scenario_seed_takes_the_whole_u64_range(void **unused)
{
	(void)unused;
	assert_int_equal(parse("[run]\nseed = 18446744073709551615\n"), 0);
	assert_int_equal(scenario.config.seed, UINT64_MAX);
	assert_int_equal(parse("[run]\nseed = 18446744073709551616\n"), -IRQMOD_SCENARIO_EVALUE);
	assert_non_null(strstr(message, "test.ini:2:"));
	assert_non_null(strstr(message, "run.seed"));
	assert_int_equal(parse("[run]\nseed = 99999999999999999999999\n"), -IRQMOD_SCENARIO_EVALUE);
}

static void test_sim_scenario_static_interval_needs_a_unit(void **unused)
{
	struct irqmod_hybrid_config config;

	(void)unused;
	irqmod_scenario_init(&scenario);
	assert_int_equal(irqmod_scenario_controller(&scenario, "static:50", 10000, &config, message,
						    sizeof(message)),
			 -IRQMOD_SCENARIO_ECONTROLLER);
	assert_non_null(strstr(message, "static:50 has no unit; write static:50us"));
	assert_int_equal(parse("[run]\ncontrollers = none, static:50\n"),
			 -IRQMOD_SCENARIO_ECONTROLLER);
	assert_non_null(strstr(message, "test.ini:2:"));
	assert_non_null(strstr(message, "write static:50us"));
	assert_int_equal(parse("[run]\ncontrollers = static:50000ns, static:2ms, static:1500ns\n"), 0);
	assert_string_equal(scenario.controllers[0], "static:50us");
	assert_string_equal(scenario.controllers[1], "static:2ms");
	assert_string_equal(scenario.controllers[2], "static:1500ns");
	assert_int_equal(irqmod_scenario_controller(&scenario, scenario.controllers[2], 10000, &config,
						    message, sizeof(message)),
			 0);
	assert_int_equal(config.inner.config.static_config.rx_interval_ns, 1500);
}

/* The trace.* keys of a [source] (kind = trace): values, loading, and the
 * whole-scenario checks, with a CSV trace written next to a scenario file. */
static void write_file_text(const char *file, const char *text)
{
	FILE *f = fopen(file, "w");

	assert_non_null(f);
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
}

static void test_sim_scenario_trace_keys_load_and_check(void **unused)
{
	char dir[256], ini[384], csv[384], bad[384];
	char assignment[512];

	(void)unused;
	/* In $TMPDIR, else the folder the test runs in (the build's). */
	snprintf(dir, sizeof(dir), "%s/irqmod-scenario-trace-XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : ".");
	assert_non_null(mkdtemp(dir));
	snprintf(ini, sizeof(ini), "%s/replay.ini", dir);
	snprintf(csv, sizeof(csv), "%s/frames.csv", dir);
	snprintf(bad, sizeof(bad), "%s/bad.csv", dir);
	write_file_text(csv, "0,60\n1000,1514\n3000,60\n");
	write_file_text(bad, "0,60\n1000,1514\n500,60\n");
	/* A relative trace.file is read from the scenario's folder. */
	write_file_text(ini, "[source]\nkind = trace\ntrace.file = frames.csv\ntrace.format = csv\n"
			     "trace.speed = 0.5\ntrace.loop = true\ntrace.start_offset = 1us\n");
	irqmod_scenario_init(&scenario);
	assert_int_equal(irqmod_scenario_parse_file(&scenario, ini, message, sizeof(message)), 0);
	assert_string_equal(scenario.trace_paths[0], csv);
	assert_int_equal(scenario.trace_formats[0], IRQMOD_SIM_TRACE_CSV);
	assert_int_equal(scenario.config.sources[0].trace_speed_milli, 500);
	assert_true(scenario.config.sources[0].trace_loop);
	assert_int_equal(scenario.config.sources[0].trace_start_offset_ns, 1000);
	/* Not loaded yet: the check says so. */
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECHECK);
	assert_non_null(strstr(message, "was not loaded"));
	assert_int_equal(irqmod_scenario_load_traces(&scenario, message, sizeof(message)), 0);
	assert_int_equal(scenario.config.sources[0].trace->count, 3);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)), 0);
	/* An offset beyond the span (3 us). */
	assert_int_equal(irqmod_scenario_set(&scenario, "source.trace.start_offset=4us", message,
					     sizeof(message)), 0);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECHECK);
	assert_non_null(strstr(message, "--set source.trace.start_offset=4us: "
					 "source.trace.start_offset = 4us is beyond the trace's span; "
					 "accepted: 0..3000ns"));
	/* A random offset needs the loop. */
	assert_int_equal(irqmod_scenario_set(&scenario, "source.trace.start_offset=random", message,
					     sizeof(message)), 0);
	assert_true(scenario.config.sources[0].trace_random_offset);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)), 0);
	assert_int_equal(irqmod_scenario_set(&scenario, "source.trace.loop=false", message,
					     sizeof(message)), 0);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECHECK);
	assert_non_null(strstr(message, "needs trace.loop = true"));
	irqmod_scenario_free_traces(&scenario);
	assert_null(scenario.config.sources[0].trace);
	/* The offset can be swept (in ns); the path, format and speed not. */
	{
		uint64_t value = 0;

		assert_true(irqmod_scenario_key_is_numeric("source.trace.start_offset"));
		assert_false(irqmod_scenario_key_is_numeric("source.trace.file"));
		assert_false(irqmod_scenario_key_is_numeric("source.trace.speed"));
		assert_int_equal(irqmod_scenario_parse_value("source.trace.start_offset", "2ms",
							     &value), 0);
		assert_int_equal(value, 2000000);
	}
	/* Values that do not parse, or are out of range. */
	assert_int_equal(parse("[source]\nkind = trace\ntrace.speed = 1.2345\n"),
			 -IRQMOD_SCENARIO_EVALUE);
	assert_non_null(strstr(message, "more than 3 decimal places"));
	assert_int_equal(parse("[source]\nkind = trace\ntrace.speed = 0\n"), -IRQMOD_SCENARIO_ERANGE);
	assert_non_null(strstr(message, "0.001..1000"));
	assert_int_equal(parse("[source]\nkind = trace\ntrace.speed = 1001\n"),
			 -IRQMOD_SCENARIO_ERANGE);
	assert_int_equal(parse("[source]\nkind = trace\ntrace.speed = fast\n"),
			 -IRQMOD_SCENARIO_EVALUE);
	assert_int_equal(parse("[source]\nkind = trace\ntrace.speed = 2.\n"),
			 -IRQMOD_SCENARIO_EVALUE);
	assert_int_equal(parse("[source]\nkind = trace\ntrace.format = wav\n"),
			 -IRQMOD_SCENARIO_EVALUE);
	assert_non_null(strstr(message, "valid: auto, csv, pcap"));
	assert_int_equal(parse("[source]\nkind = trace\ntrace.start_offset = soon\n"),
			 -IRQMOD_SCENARIO_EVALUE);
	assert_int_equal(parse("[source]\nkind = trace\ntrace.start_offset = 2h\n"),
			 -IRQMOD_SCENARIO_EVALUE);
	assert_int_equal(parse("[source]\nkind = trace\ntrace.start_offset = 3601s\n"),
			 -IRQMOD_SCENARIO_ERANGE);
	/* No file, and a bad trace: the record is named. */
	assert_int_equal(parse("[source]\nkind = trace\n"), 0);
	assert_int_equal(irqmod_scenario_load_traces(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECHECK);
	assert_non_null(strstr(message, "test.ini:2: source.kind = trace without "
					 "source.trace.file"));
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECHECK);
	assert_non_null(strstr(message, "test.ini:2: source.kind = trace without "
					 "source.trace.file"));
	irqmod_scenario_init(&scenario);
	assert_int_equal(irqmod_scenario_set(&scenario, "source.kind=trace", message,
					     sizeof(message)), 0);
	snprintf(assignment, sizeof(assignment), "source.trace.file=%s", bad);
	assert_int_equal(irqmod_scenario_set(&scenario, assignment, message, sizeof(message)), 0);
	assert_int_equal(irqmod_scenario_load_traces(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_EIO);
	assert_non_null(strstr(message, "source0 trace.file: "));
	assert_non_null(strstr(message, ":3: record 3: timestamp 500 ns is before"));
	unlink(csv);
	unlink(bad);
	unlink(ini);
	rmdir(dir);
}

/* [repro] is a section of the one table: parsed, ranged and refused by tool. */
static void test_sim_scenario_repro_section_is_one_more_section(void **unused)
{
	static const char repro_file[] = "[repro]\nexperiment = idle-poll\nseeds = 5\n"
					 "poll_spacing = 2us\nidle_time = 10ms\nidle_polls = 7\n"
					 "sweep_link_speed = 1G\n[source]\nkind = ping\n";

	(void)unused;
	/* irqmod-sim refuses it by name. */
	assert_int_equal(parse(repro_file), -IRQMOD_SCENARIO_ESECTION);
	assert_non_null(strstr(message, "test.ini:1: [repro] is read by irqmod-repro only"));
	/* irqmod-repro reads every key into scenario.repro. */
	irqmod_scenario_init(&scenario);
	scenario.tool = IRQMOD_SCENARIO_FOR_REPRO;
	assert_int_equal(irqmod_scenario_parse_text(&scenario, "r.ini", repro_file, message,
						    sizeof(message)), 0);
	assert_int_equal(scenario.repro.experiment, IRQMOD_SCENARIO_EXPERIMENT_IDLE_POLL);
	assert_int_equal(scenario.repro.seeds, 5);
	assert_int_equal(scenario.repro.poll_spacing_ns, 2000);
	assert_int_equal(scenario.repro.idle_time_ns, 10000000);
	assert_int_equal(scenario.repro.idle_polls, 7);
	assert_int_equal(scenario.repro.sweep_link_speed_mbps, 1000);
	assert_int_equal(scenario.repro.saturation_cpu_pct, 99); /* the default */
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)), 0);
	/* --set reaches it, with the table's ranges. */
	assert_int_equal(irqmod_scenario_set(&scenario, "repro.max_rounds=64", message,
					     sizeof(message)), 0);
	assert_int_equal(scenario.repro.max_rounds, 64);
	assert_int_equal(irqmod_scenario_set(&scenario, "repro.seeds=1001", message,
					     sizeof(message)), -IRQMOD_SCENARIO_ERANGE);
	assert_non_null(strstr(message, "--set repro.seeds=1001: repro.seeds = 1001 is out of "
					 "range (1..1000)"));
	assert_int_equal(irqmod_scenario_set(&scenario, "repro.experiment=warp", message,
					     sizeof(message)), -IRQMOD_SCENARIO_EVALUE);
	assert_non_null(strstr(message, "valid: floor, idle-poll, recheck"));
	/* A sweep that ends before it starts names both keys and where they were set. */
	assert_int_equal(irqmod_scenario_set(&scenario, "repro.sweep_from=5k", message,
					     sizeof(message)), 0);
	assert_int_equal(irqmod_scenario_set(&scenario, "repro.sweep_step=1k", message,
					     sizeof(message)), 0);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECHECK);
	assert_non_null(strstr(message, "--set repro.sweep_from=5k: repro.sweep_from = 5000 is "
					 "above repro.sweep_to = 0 (default)"));
	/* irqmod-sim's keys and knobs are refused in a [repro] file. */
	assert_int_equal(irqmod_scenario_set(&scenario, "run.controllers=ixgbe", message,
					     sizeof(message)), -IRQMOD_SCENARIO_EKEY);
	assert_non_null(strstr(message, "run.controllers is read by irqmod-sim only"));
	assert_int_equal(irqmod_scenario_set(&scenario, "idle-poll.idle_time=20us", message,
					     sizeof(message)), -IRQMOD_SCENARIO_ESECTION);
	assert_non_null(strstr(message, "controller knobs ([idle-poll]) do not apply"));
	/* A setting the caller names in its own words (irqmod-repro --seeds 0). */
	assert_int_equal(irqmod_scenario_set_as(&scenario, "repro.seeds=0", "--seeds 0", message,
						sizeof(message)), -IRQMOD_SCENARIO_ERANGE);
	assert_non_null(strstr(message, "--seeds 0: repro.seeds = 0 is out of range (1..1000)"));
	assert_int_equal(irqmod_scenario_set(&scenario, "repro.sweep_step=0", message,
					     sizeof(message)), 0);
	assert_int_equal(irqmod_scenario_set_as(&scenario, "run.duration=1ms", "--duration 1ms",
						message, sizeof(message)), 0);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECHECK);
	/* The key that was set leads; the default warm-up is named as such. */
	assert_non_null(strstr(message, "--duration 1ms: run.duration = 1ms is not longer than "
					 "run.warmup = 100ms (default); accepted: 0 <= run.warmup < "
					 "run.duration; default run.warmup 100ms"));
	/* No experiment: the file is named. */
	irqmod_scenario_init(&scenario);
	scenario.tool = IRQMOD_SCENARIO_FOR_REPRO;
	assert_int_equal(irqmod_scenario_parse_text(&scenario, "e.ini", "[source]\nkind = ping\n",
						    message, sizeof(message)), 0);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECHECK);
	assert_non_null(strstr(message, "e.ini: no [repro] experiment"));
}

/* The model's own check, mapped back to the key, its origin and range. */
static void test_sim_scenario_model_check_names_the_key_and_line(void **unused)
{
	(void)unused;
	/* A Poisson source at rate 0: in the key's range (0 is line rate for a
	 * constant source), refused by the model, named by source, line and range. */
	assert_int_equal(parse("[source]\nkind = constant\n[source]\nkind = poisson\nrate = 0\n"),
			 0);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECHECK);
	assert_non_null(strstr(message, "test.ini:5: source1.rate = 0 is rejected by the model "
					 "(sources[1].rate_pps: "));
	assert_non_null(strstr(message, "the key takes 0..10000000000"));
	/* load.core beyond the host's cores: key, value, the other key, range. */
	assert_int_equal(parse("[host]\ncores = 2\n[load]\ncore = 3\n[source]\nkind = poisson\n"),
			 0);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECHECK);
	assert_non_null(strstr(message, "test.ini:4: load.core = 3 is not below host.cores = 2 "
					 "(test.ini:2); accepted: none or 0..1"));
	/* The controllers list is named by its line. */
	assert_int_equal(parse("[run]\ncontrollers = ixgbe(max=100us)\n[link]\nspeed = 10G\n"
			       "[ixgbe]\nmax = 200us\n[source]\nkind = poisson\n"), 0);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECONTROLLER);
	assert_non_null(strstr(message, "test.ini:2: controller 'ixgbe(max=100us)': ixgbe: "
					 "max_interval_ns 200000 is above"));
}

/* A looped trace of one record, and more settings than the reader keeps names for. */
static void test_sim_scenario_loop_of_one_record_and_many_settings(void **unused)
{
	char dir[256], ini[384], csv[384], assignment[64];
	unsigned int i;

	(void)unused;
	snprintf(dir, sizeof(dir), "%s/irqmod-scenario-loop-XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : ".");
	assert_non_null(mkdtemp(dir));
	snprintf(ini, sizeof(ini), "%s/one.ini", dir);
	snprintf(csv, sizeof(csv), "%s/one.csv", dir);
	write_file_text(csv, "0,60\n");
	write_file_text(ini, "[source]\nkind = trace\ntrace.file = one.csv\ntrace.loop = on\n");
	irqmod_scenario_init(&scenario);
	assert_int_equal(irqmod_scenario_parse_file(&scenario, ini, message, sizeof(message)), 0);
	assert_int_equal(irqmod_scenario_load_traces(&scenario, message, sizeof(message)), 0);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECHECK);
	/* The line of trace.loop, its value as a boolean, the file. */
	assert_non_null(strstr(message, ":4: source.trace.loop = true needs at least 2 records; "));
	assert_non_null(strstr(message, "one.csv has 1"));
	irqmod_scenario_free_traces(&scenario);
	assert_int_equal(unlink(csv), 0);
	assert_int_equal(unlink(ini), 0);
	assert_int_equal(rmdir(dir), 0);
	/* Past IRQMOD_SCENARIO_MAX_SETS distinct settings, a value is still named "--set". */
	irqmod_scenario_init(&scenario);
	for (i = 0; i <= IRQMOD_SCENARIO_MAX_SETS; i++) {
		snprintf(assignment, sizeof(assignment), "run.seed=%u", i);
		assert_int_equal(irqmod_scenario_set(&scenario, assignment, message,
						     sizeof(message)), 0);
	}
	assert_int_equal(scenario.set_count, IRQMOD_SCENARIO_MAX_SETS);
	assert_int_equal(irqmod_scenario_set(&scenario, "source.kind=poisson", message,
					     sizeof(message)), 0);
	assert_int_equal(irqmod_scenario_set(&scenario, "run.duration=1ms", message,
					     sizeof(message)), 0);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECHECK);
	assert_non_null(strstr(message, "--set: run.duration = 1ms is not longer than run.warmup "
					 "= 100ms (default)"));
}

/* Plain names for an embedder: the same grammar, irqmod error codes. */
static void test_sim_scenario_controller_by_name_takes_plain_names(void **unused)
{
	struct irqmod_sim_controller controller;
	uint32_t kind;

	(void)unused;
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		assert_int_equal(irqmod_scenario_controller_by_name(&controller,
								    irqmod_kind_name(kind), 10000), 0);
		assert_int_equal(controller.generic.kind, kind);
		assert_string_equal(controller.name, irqmod_kind_name(kind));
	}
	assert_int_equal(irqmod_scenario_controller_by_name(&controller, "static:84us", 10000), 0);
	assert_int_equal(controller.generic.config.static_config.rx_interval_ns, 84000);
	assert_int_equal(irqmod_scenario_controller_by_name(&controller, "none", 10000), 0);
	assert_int_equal(controller.generic.config.static_config.rx_interval_ns, 0);
	assert_int_equal(irqmod_scenario_controller_by_name(&controller, "static:84", 10000),
			 -IRQMOD_EKIND);
	assert_int_equal(irqmod_scenario_controller_by_name(&controller, "static:2s", 10000),
			 -IRQMOD_ERANGE);
	assert_int_equal(irqmod_scenario_controller_by_name(&controller, "warp", 10000),
			 -IRQMOD_EKIND);
	assert_int_equal(irqmod_scenario_controller_by_name(&controller, "ixgbe(max=40us)", 10000),
			 -IRQMOD_EKIND);
	assert_int_equal(irqmod_scenario_controller_by_name(&controller, "ixgbe", 900000),
			 -IRQMOD_ELINK);
	assert_int_equal(irqmod_scenario_controller_by_name(NULL, "ixgbe", 10000), -IRQMOD_EINVAL);
	/*
	 * A name as long as the full grammar takes (IRQMOD_SCENARIO_NAME_BYTES
	 * - 1 characters) is taken, one more is refused as there: "static:"
	 * and zeros (0 ns; the fuzz harness found the two grammars apart).
	 */
	{
		char name[IRQMOD_SCENARIO_NAME_BYTES + 1];

		memset(name, '0', sizeof(name));
		memcpy(name, "static:", 7);
		name[IRQMOD_SCENARIO_NAME_BYTES - 1] = '\0';
		assert_int_equal(irqmod_scenario_controller_by_name(&controller, name, 10000), 0);
		assert_int_equal(controller.generic.config.static_config.rx_interval_ns, 0);
		name[IRQMOD_SCENARIO_NAME_BYTES - 1] = '0';
		name[IRQMOD_SCENARIO_NAME_BYTES] = '\0';
		assert_int_equal(irqmod_scenario_controller_by_name(&controller, name, 10000),
				 -IRQMOD_EINVAL);
	}
}

/* The key table printed for the docs: a row per key, the tool of each. */
static void test_sim_scenario_key_table_lists_every_key(void **unused)
{
	char *text = NULL;
	size_t length = 0;
	FILE *out = open_memstream(&text, &length);

	(void)unused;
	assert_non_null(out);
	irqmod_scenario_print_key_table(out);
	assert_int_equal(fclose(out), 0);
	assert_non_null(strstr(text, "| `run.duration` | duration: ns, us, ms, s | 1us..3600s | 1s | both |"));
	assert_non_null(strstr(text, "| `run.controllers` |"));
	assert_non_null(strstr(text, "| irqmod-sim |"));
	assert_non_null(strstr(text, "| `repro.seeds` | count | 1..1000 | 1 | irqmod-repro |"));
	assert_non_null(strstr(text, "| `source.trace.speed` | decimal, 3 places | 0.001..1000 |"));
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sim_scenario_valid_file_sets_every_section),
		cmocka_unit_test(test_sim_scenario_missing_file_is_io_error),
		cmocka_unit_test(test_sim_scenario_error_codes_follow_the_core_and_have_sentences),
		cmocka_unit_test(test_sim_scenario_directory_is_named),
		cmocka_unit_test(test_sim_scenario_byte_order_mark_is_skipped_at_the_start),
		cmocka_unit_test(test_sim_scenario_garbage_line_is_syntax_error),
		cmocka_unit_test(test_sim_scenario_unknown_section_lists_sections),
		cmocka_unit_test(test_sim_scenario_unknown_key_lists_keys),
		cmocka_unit_test(test_sim_scenario_bad_value_lists_choices),
		cmocka_unit_test(test_sim_scenario_out_of_range_names_range),
		cmocka_unit_test(test_sim_scenario_source_key_before_kind_is_order_error),
		cmocka_unit_test(test_sim_scenario_too_many_sources_is_count_error),
		cmocka_unit_test(test_sim_scenario_unknown_controller_lists_kinds),
		cmocka_unit_test(test_sim_scenario_inconsistent_whole_is_check_error),
		cmocka_unit_test(test_sim_scenario_hybrid_without_knobs_gets_defaults),
		cmocka_unit_test(test_sim_scenario_hybrid_knobs_override_defaults),
		cmocka_unit_test(test_sim_scenario_plain_name_runs_without_hybrid),
		cmocka_unit_test(test_sim_scenario_ixgbe_max_knob_sets_ceiling_and_start),
		cmocka_unit_test(test_sim_scenario_i40e_knobs_set_floor_ceiling_and_start),
		cmocka_unit_test(test_sim_scenario_unknown_hybrid_lists_hybrids),
		cmocka_unit_test(test_sim_scenario_bad_knob_lists_knobs),
		cmocka_unit_test(test_sim_scenario_unending_budget_is_rejected),
		cmocka_unit_test(test_sim_scenario_controller_list_splits_outside_parentheses),
		cmocka_unit_test(test_sim_scenario_knob_section_sets_every_controller_it_belongs_to),
		cmocka_unit_test(test_sim_scenario_knob_keys_can_be_set_and_swept),
		cmocka_unit_test(test_sim_scenario_unknown_knob_lists_the_owners_knobs),
		cmocka_unit_test(test_sim_scenario_knob_that_breaks_a_controller_fails_finish),
		cmocka_unit_test(test_sim_scenario_set_overrides_like_the_file),
		cmocka_unit_test(test_sim_scenario_nul_byte_is_an_error_naming_line_and_offset),
		cmocka_unit_test(test_sim_scenario_binary_and_empty_files_are_errors),
		cmocka_unit_test(test_sim_scenario_very_long_line_is_syntax_error),
		cmocka_unit_test(test_sim_scenario_duplicate_key_is_an_error_naming_both_lines),
		cmocka_unit_test(test_sim_scenario_seed_takes_the_whole_u64_range),
		cmocka_unit_test(test_sim_scenario_static_interval_needs_a_unit),
		cmocka_unit_test(test_sim_scenario_trace_keys_load_and_check),
		cmocka_unit_test(test_sim_scenario_repro_section_is_one_more_section),
		cmocka_unit_test(test_sim_scenario_model_check_names_the_key_and_line),
		cmocka_unit_test(test_sim_scenario_loop_of_one_record_and_many_settings),
		cmocka_unit_test(test_sim_scenario_controller_by_name_takes_plain_names),
		cmocka_unit_test(test_sim_scenario_key_table_lists_every_key),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
