/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Scenario files for irqmod-sim: every error class gives its documented
 * error, naming the file, the line and the valid choices. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "scenario.h"

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
			       "controllers = none, static:84000\n"
			       "[link]\nspeed = 100M\n[nic]\nring_size = 256\ntimer = absolute\n"
			       "tx_interrupts = yes\n[host]\ncores = 2\nqueues = 2\nqueue_cores = 0,1\n"
			       "irq_cost = 3us\n[load]\ncore = 0\nbusy = 5ms\n[socket]\ntruesize = 2994\n"
			       "[app]\ncore = 1\n[source]\nkind = udp_stream\nrate = 500k\n"
			       "[source]\nkind = ping\n"),
			 0);
	assert_true(scenario.config.duration_ns == 2000000000ull);
	assert_true(scenario.config.warmup_ns == 50000000ull);
	assert_true(scenario.config.seed == 7);
	assert_int_equal(scenario.controller_count, 2);
	assert_string_equal(scenario.controllers[1], "static:84000");
	assert_int_equal(scenario.config.link_speed_mbps, 100);
	assert_int_equal(scenario.config.ring_size, 256);
	assert_int_equal(scenario.config.timer, IRQMOD_SIM_TIMER_ABSOLUTE);
	assert_true(scenario.config.tx_interrupts);
	assert_int_equal(scenario.config.queue_core[1], 1);
	assert_true(scenario.config.irq_ns == 3000);
	assert_int_equal(scenario.config.load_core, 0);
	assert_int_equal(scenario.config.truesize_bytes, 2994);
	assert_int_equal(scenario.sources, 2);
	assert_int_equal(scenario.config.sources[0].kind, IRQMOD_SIM_SOURCE_UDP_STREAM);
	assert_true(scenario.config.sources[0].rate_pps == 500000);
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
	assert_non_null(strstr(message, "valid: run, link, nic, host, load, socket, app, source"));
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
	assert_non_null(strstr(message, "warmup_ns"));
	assert_int_equal(parse("[run]\nseed = 1\n"), 0);
	assert_int_equal(irqmod_scenario_finish(&scenario, message, sizeof(message)),
			 -IRQMOD_SCENARIO_ECHECK);
	assert_non_null(strstr(message, "sources"));
}

static void test_sim_scenario_set_overrides_like_the_file(void **unused)
{
	uint64_t value;

	(void)unused;
	irqmod_scenario_init(&scenario);
	assert_int_equal(irqmod_scenario_set(&scenario, "source0.kind=flood", message, sizeof(message)), 0);
	assert_int_equal(irqmod_scenario_set(&scenario, "source.rate=60k", message, sizeof(message)), 0);
	assert_true(scenario.config.sources[0].rate_pps == 60000);
	assert_int_equal(irqmod_scenario_set(&scenario, "source1.rate=5", message, sizeof(message)),
			 -IRQMOD_SCENARIO_EORDER);
	assert_int_equal(irqmod_scenario_set(&scenario, "nic.ring=5", message, sizeof(message)),
			 -IRQMOD_SCENARIO_EKEY);
	assert_int_equal(irqmod_scenario_set(&scenario, "ring_size=5", message, sizeof(message)),
			 -IRQMOD_SCENARIO_ESYNTAX);
	assert_int_equal(irqmod_scenario_set(&scenario, "run.static_interval=84us", message,
					     sizeof(message)), 0);
	assert_int_equal(scenario.static_interval_ns, 84000);
	assert_int_equal(irqmod_scenario_parse_value("nic.initial_interval", "84us", &value), 0);
	assert_true(value == 84000);
	assert_true(irqmod_scenario_key_is_numeric("nic.ring_size"));
	assert_false(irqmod_scenario_key_is_numeric("nic.timer"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sim_scenario_valid_file_sets_every_section),
		cmocka_unit_test(test_sim_scenario_missing_file_is_io_error),
		cmocka_unit_test(test_sim_scenario_garbage_line_is_syntax_error),
		cmocka_unit_test(test_sim_scenario_unknown_section_lists_sections),
		cmocka_unit_test(test_sim_scenario_unknown_key_lists_keys),
		cmocka_unit_test(test_sim_scenario_bad_value_lists_choices),
		cmocka_unit_test(test_sim_scenario_out_of_range_names_range),
		cmocka_unit_test(test_sim_scenario_source_key_before_kind_is_order_error),
		cmocka_unit_test(test_sim_scenario_too_many_sources_is_count_error),
		cmocka_unit_test(test_sim_scenario_unknown_controller_lists_kinds),
		cmocka_unit_test(test_sim_scenario_inconsistent_whole_is_check_error),
		cmocka_unit_test(test_sim_scenario_set_overrides_like_the_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
