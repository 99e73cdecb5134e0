/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * irqmod_sim_check() rejects every out-of-range field of a scenario and
 * names it: each case takes a valid scenario (the defaults and one source
 * of the case's kind), breaks one field on one side of its range, and
 * wants a negative code and that field's name. Values are far outside the
 * documented ranges (sim.h), so the cases do not depend on the limits.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/sim.h"

struct check_case {
	const char *field;
	uint32_t source_kind; /* the kind of sources[0] */
	void (*breaks)(struct irqmod_sim_config *config);
};

#define CASE(name, statement)                                            \
	static void break_##name(struct irqmod_sim_config *c)            \
	{                                                                \
		statement;                                               \
	}
#define S0 c->sources[0]

CASE(duration_low, c->duration_ns = 0)
CASE(duration_high, c->duration_ns = UINT64_MAX)
CASE(warmup, c->warmup_ns = c->duration_ns)
CASE(link_low, c->link_speed_mbps = 0)
CASE(link_high, c->link_speed_mbps = UINT32_MAX)
CASE(overhead, c->wire_overhead_bytes = UINT32_MAX)
CASE(propagation, c->propagation_ns = UINT64_MAX)
CASE(ring_low, c->ring_size = 0)
CASE(ring_high, c->ring_size = UINT32_MAX)
CASE(timer, c->timer = IRQMOD_SIM_TIMER_COUNT)
CASE(poll_spin, c->poll_spin_ns = UINT64_MAX)
CASE(rx_frames, c->rx_frames = UINT32_MAX)
CASE(tx_delay, c->tx_completion_delay_ns = UINT64_MAX)
CASE(throttle_late, c->throttle_late_ns = UINT64_MAX)
CASE(throttle_spin, c->throttle_spin_ns = UINT64_MAX)
CASE(cores_low, c->cores = 0)
CASE(cores_high, c->cores = UINT32_MAX)
CASE(queues_low, c->queues = 0)
CASE(queues_high, c->queues = UINT32_MAX)
CASE(queue_core, c->queue_core[0] = c->cores)
CASE(irq, c->irq_ns = UINT64_MAX)
CASE(timer_irq, c->timer_irq_ns = UINT64_MAX)
CASE(poll, c->poll_ns = UINT64_MAX)
CASE(packet, c->packet_ns = UINT64_MAX)
CASE(tx_clean, c->tx_clean_ns = UINT64_MAX)
CASE(response, c->response_ns = UINT64_MAX)
CASE(napi_low, c->napi_budget = 0)
CASE(napi_high, c->napi_budget = UINT32_MAX)
CASE(softirq_packets, c->softirq_budget_packets = 0)
CASE(softirq_time_low, c->softirq_budget_ns = 0)
CASE(softirq_time_high, c->softirq_budget_ns = UINT64_MAX)
CASE(load_core, c->load_core = c->cores)
CASE(load_busy_low, c->load_core = 0; c->load_busy_ns = 0)
CASE(load_busy_high, c->load_core = 0; c->load_busy_ns = UINT64_MAX)
CASE(load_idle_high, c->load_core = 0; c->load_busy_ns = 1000; c->load_idle_ns = UINT64_MAX)
CASE(load_distribution, c->load_distribution = IRQMOD_SIM_DIST_COUNT)
CASE(rcvbuf_low, c->rcvbuf_bytes = 0)
CASE(rcvbuf_high, c->rcvbuf_bytes = UINT32_MAX)
CASE(truesize_low, c->truesize_bytes = 0)
CASE(truesize_high, c->truesize_bytes = UINT32_MAX)
CASE(app_core, c->app_core = c->cores)
CASE(app_wakeup, c->app_wakeup_ns = UINT64_MAX)
CASE(app_datagram, c->app_datagram_ns = UINT64_MAX)
CASE(app_byte, c->app_byte_ps = UINT64_MAX)
CASE(app_send, c->app_send_ns = UINT64_MAX)
CASE(app_batch_low, c->app_batch = 0)
CASE(app_batch_high, c->app_batch = UINT32_MAX)
CASE(defer_hard_irqs, c->napi_defer_hard_irqs = UINT32_MAX)
CASE(gro_flush_timeout, c->gro_flush_timeout_ns = UINT64_MAX)
CASE(irq_suspend_timeout, c->irq_suspend_timeout_ns = UINT64_MAX)
CASE(busy_poll_usecs, c->busy_poll_usecs = UINT32_MAX)
CASE(busy_poll_budget_low, c->busy_poll_budget = 0)
CASE(busy_poll_budget_high, c->busy_poll_budget = UINT32_MAX)
CASE(busy_poll_queues, c->prefer_busy_poll = true; c->queues = 2)
CASE(no_source, S0.kind = IRQMOD_SIM_SOURCE_OFF)
CASE(source_kind, S0.kind = IRQMOD_SIM_SOURCE_COUNT)
CASE(frame_low, S0.frame_bytes = 0)
CASE(frame_high, S0.frame_bytes = UINT32_MAX)
CASE(rate_high, S0.rate_pps = UINT64_MAX)
CASE(rate_zero, S0.rate_pps = 0)
CASE(flows_low, S0.flows = 0)
CASE(flows_high, S0.flows = UINT32_MAX)
CASE(period, S0.period_distribution = IRQMOD_SIM_DIST_COUNT)
CASE(on_low, S0.on_mean_ns = 0)
CASE(on_high, S0.on_mean_ns = UINT64_MAX)
CASE(off_high, S0.off_mean_ns = UINT64_MAX)
CASE(pareto_low, S0.pareto_shape_milli = 0)
CASE(pareto_high, S0.pareto_shape_milli = UINT32_MAX)
CASE(outstanding_low, S0.outstanding = 0)
CASE(outstanding_high, S0.outstanding = UINT32_MAX)
CASE(request_low, S0.request_bytes = 0)
CASE(request_high, S0.request_bytes = UINT32_MAX)
CASE(message_low, S0.message_bytes = 0)
CASE(message_high, S0.message_bytes = UINT32_MAX)
CASE(mtu_low, S0.mtu_bytes = 0)
CASE(mtu_high, S0.mtu_bytes = UINT32_MAX)
CASE(response_low, S0.response_bytes = 0)
CASE(response_high, S0.response_bytes = UINT32_MAX)
CASE(second_source, c->sources[1] = c->sources[0]; c->sources[1].flows = 0)
CASE(gap_shape, S0.gap_shape_micro = UINT32_MAX)
CASE(size_law, S0.size_law = IRQMOD_SIM_SIZE_COUNT)
CASE(size_scale_low, S0.size_law = IRQMOD_SIM_SIZE_GPARETO; S0.size_scale_milli = 0)
CASE(size_scale_high, S0.size_law = IRQMOD_SIM_SIZE_GEV; S0.size_scale_milli = UINT64_MAX)
CASE(size_location, S0.size_law = IRQMOD_SIM_SIZE_GEV; S0.size_scale_milli = 1000;
     S0.size_location_milli = UINT64_MAX)
CASE(size_offset, S0.size_law = IRQMOD_SIM_SIZE_GPARETO; S0.size_scale_milli = 1000;
     S0.size_offset_bytes = UINT32_MAX)
CASE(size_shape, S0.size_shape_micro = UINT32_MAX)

#define C IRQMOD_SIM_SOURCE_CONSTANT
static const struct check_case cases[] = {
	{ "duration_ns", C, break_duration_low },
	{ "duration_ns", C, break_duration_high },
	{ "warmup_ns", C, break_warmup },
	{ "link_speed_mbps", C, break_link_low },
	{ "link_speed_mbps", C, break_link_high },
	{ "wire_overhead_bytes", C, break_overhead },
	{ "propagation_ns", C, break_propagation },
	{ "ring_size", C, break_ring_low },
	{ "ring_size", C, break_ring_high },
	{ "timer", C, break_timer },
	{ "rx_frames", C, break_rx_frames },
	{ "tx_completion_delay_ns", C, break_tx_delay },
	{ "throttle_late_ns", C, break_throttle_late },
	{ "throttle_spin_ns", C, break_throttle_spin },
	{ "cores", C, break_cores_low },
	{ "cores", C, break_cores_high },
	{ "queues", C, break_queues_low },
	{ "queues", C, break_queues_high },
	{ "queue_core", C, break_queue_core },
	{ "irq_ns", C, break_irq },
	{ "timer_irq_ns", C, break_timer_irq },
	{ "poll_spin_ns", C, break_poll_spin },
	{ "poll_ns", C, break_poll },
	{ "packet_ns", C, break_packet },
	{ "tx_clean_ns", C, break_tx_clean },
	{ "response_ns", C, break_response },
	{ "napi_budget", C, break_napi_low },
	{ "napi_budget", C, break_napi_high },
	{ "softirq_budget_packets", C, break_softirq_packets },
	{ "softirq_budget_ns", C, break_softirq_time_low },
	{ "softirq_budget_ns", C, break_softirq_time_high },
	{ "load_core", C, break_load_core },
	{ "load_busy_ns", C, break_load_busy_low },
	{ "load_busy_ns", C, break_load_busy_high },
	{ "load_idle_ns", C, break_load_idle_high },
	{ "load_distribution", C, break_load_distribution },
	{ "rcvbuf_bytes", C, break_rcvbuf_low },
	{ "rcvbuf_bytes", C, break_rcvbuf_high },
	{ "truesize_bytes", C, break_truesize_low },
	{ "truesize_bytes", C, break_truesize_high },
	{ "app_core", C, break_app_core },
	{ "app_wakeup_ns", C, break_app_wakeup },
	{ "app_datagram_ns", C, break_app_datagram },
	{ "app_byte_ps", C, break_app_byte },
	{ "app_send_ns", C, break_app_send },
	{ "app_batch", C, break_app_batch_low },
	{ "app_batch", C, break_app_batch_high },
	{ "napi_defer_hard_irqs", C, break_defer_hard_irqs },
	{ "gro_flush_timeout_ns", C, break_gro_flush_timeout },
	{ "irq_suspend_timeout_ns", C, break_irq_suspend_timeout },
	{ "busy_poll_usecs", C, break_busy_poll_usecs },
	{ "busy_poll_budget", C, break_busy_poll_budget_low },
	{ "busy_poll_budget", C, break_busy_poll_budget_high },
	{ "queues", C, break_busy_poll_queues },
	{ "sources", C, break_no_source },
	{ "sources[0].kind", C, break_source_kind },
	{ "sources[0].frame_bytes", C, break_frame_low },
	{ "sources[0].frame_bytes", C, break_frame_high },
	{ "sources[0].rate_pps", C, break_rate_high },
	/* A zero rate is line rate for constant, but nothing for these. */
	{ "sources[0].rate_pps", IRQMOD_SIM_SOURCE_POISSON, break_rate_zero },
	{ "sources[0].rate_pps", IRQMOD_SIM_SOURCE_ONOFF, break_rate_zero },
	{ "sources[0].rate_pps", IRQMOD_SIM_SOURCE_FLOOD, break_rate_zero },
	{ "sources[0].flows", C, break_flows_low },
	{ "sources[0].flows", C, break_flows_high },
	{ "sources[0].period_distribution", C, break_period },
	{ "sources[0].on_mean_ns", IRQMOD_SIM_SOURCE_ONOFF, break_on_low },
	{ "sources[0].on_mean_ns", IRQMOD_SIM_SOURCE_ONOFF, break_on_high },
	{ "sources[0].off_mean_ns", IRQMOD_SIM_SOURCE_ONOFF, break_off_high },
	{ "sources[0].pareto_shape_milli", C, break_pareto_low },
	{ "sources[0].pareto_shape_milli", C, break_pareto_high },
	{ "sources[0].outstanding", IRQMOD_SIM_SOURCE_PING, break_outstanding_low },
	{ "sources[0].outstanding", IRQMOD_SIM_SOURCE_RR, break_outstanding_high },
	{ "sources[0].request_bytes", C, break_request_low },
	{ "sources[0].request_bytes", C, break_request_high },
	{ "sources[0].message_bytes", IRQMOD_SIM_SOURCE_UDP_STREAM, break_message_low },
	{ "sources[0].message_bytes", IRQMOD_SIM_SOURCE_UDP_STREAM, break_message_high },
	{ "sources[0].mtu_bytes", C, break_mtu_low },
	{ "sources[0].mtu_bytes", C, break_mtu_high },
	{ "sources[0].response_bytes", C, break_response_low },
	{ "sources[0].response_bytes", C, break_response_high },
	{ "sources[1].flows", C, break_second_source },
	{ "sources[0].gap_shape_micro", C, break_gap_shape },
	{ "sources[0].size_law", C, break_size_law },
	{ "sources[0].size_scale_milli", C, break_size_scale_low },
	{ "sources[0].size_scale_milli", C, break_size_scale_high },
	{ "sources[0].size_location_milli", C, break_size_location },
	{ "sources[0].size_offset_bytes", C, break_size_offset },
	{ "sources[0].size_shape_micro", C, break_size_shape },
};
#undef C

/*
 * Every member of a rejection is filled as the core's checks fill theirs,
 * and the value breaks the limit the way the problem says.
 */
static void expect_whole_error(const struct irqmod_config_error *error, int code)
{
	char line[256];

	assert_int_equal(error->code, code);
	assert_string_equal(error->kind, "sim");
	assert_non_null(error->problem);
	if (strcmp(error->problem, "is below") == 0)
		assert_true(error->value < error->limit);
	else if (strcmp(error->problem, "is above") == 0)
		assert_true(error->value > error->limit);
	else if (strcmp(error->problem, "is not below") == 0)
		assert_true(error->value >= error->limit);
	assert_true(irqmod_config_error_format(error, line, sizeof(line)) < sizeof(line));
	assert_non_null(strstr(line, error->field));
}

static void test_sim_check_every_broken_field_is_rejected_by_name(void **unused)
{
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct irqmod_sim_config config;
		struct irqmod_config_error error = { .field = NULL };

		irqmod_sim_default_config(&config);
		irqmod_sim_default_source(&config.sources[0], cases[i].source_kind);
		/* The valid starting point of every case. */
		assert_int_equal(irqmod_sim_check(&config, &error), 0);
		cases[i].breaks(&config);
		if (irqmod_sim_check(&config, &error) >= 0 ||
		    strcmp(error.field, cases[i].field) != 0)
			fail_msg("case %zu: expected a rejection of %s, got '%s'", i, cases[i].field,
				 error.field ? error.field : "(null)");
		expect_whole_error(&error, irqmod_sim_check(&config, NULL));
		/* The error pointer is optional: the same rejection without it. */
		assert_true(irqmod_sim_check(&config, NULL) < 0);
	}
}

static void test_sim_check_null_config_and_field(void **unused)
{
	struct irqmod_sim_config config;
	struct irqmod_config_error error = { .field = NULL };

	(void)unused;
	assert_int_equal(irqmod_sim_check(NULL, &error), -IRQMOD_EINVAL);
	assert_string_equal(error.field, "config");
	assert_int_equal(irqmod_sim_check(NULL, NULL), -IRQMOD_EINVAL);
	/* A valid scenario without a field pointer. */
	irqmod_sim_default_config(&config);
	irqmod_sim_default_source(&config.sources[0], IRQMOD_SIM_SOURCE_CONSTANT);
	assert_int_equal(irqmod_sim_check(&config, NULL), 0);
}

/* Two records 1 us apart: a valid trace to break one field of at a time. */
static struct irqmod_sim_trace_record trace_records[2] = {
	{ .time_ns = 0, .bytes = 60, .flow_hash = 1 },
	{ .time_ns = 1000, .bytes = 1514, .flow_hash = 2 },
};

static void trace_scenario(struct irqmod_sim_config *config, struct irqmod_sim_trace_file *trace)
{
	memset(trace, 0, sizeof(*trace));
	trace->records = trace_records;
	trace->count = 2;
	trace->span_ns = 1000;
	irqmod_sim_default_config(config);
	irqmod_sim_default_source(&config->sources[0], IRQMOD_SIM_SOURCE_TRACE);
	config->sources[0].trace = trace;
}

static void expect_trace_rejection(const struct irqmod_sim_config *config, const char *name)
{
	struct irqmod_config_error error = { .field = NULL };

	assert_true(irqmod_sim_check(config, &error) < 0);
	assert_string_equal(error.field, name);
	expect_whole_error(&error, irqmod_sim_check(config, NULL));
	assert_true(irqmod_sim_check(config, NULL) < 0);
}

static void test_sim_check_trace_sources(void **unused)
{
	struct irqmod_sim_config config;
	struct irqmod_sim_trace_file trace;
	struct irqmod_config_error error = { .field = NULL };

	(void)unused;
	trace_scenario(&config, &trace);
	assert_int_equal(irqmod_sim_check(&config, &error), 0);
	/* No trace, no records, no record, a span past the limit. */
	config.sources[0].trace = NULL;
	expect_trace_rejection(&config, "sources[0].trace");
	trace_scenario(&config, &trace);
	trace.records = NULL;
	expect_trace_rejection(&config, "sources[0].trace");
	trace_scenario(&config, &trace);
	trace.count = 0;
	expect_trace_rejection(&config, "sources[0].trace");
	trace_scenario(&config, &trace);
	trace.span_ns = UINT64_MAX;
	expect_trace_rejection(&config, "sources[0].trace");
	/* A loop needs two records; with two it is valid. */
	trace_scenario(&config, &trace);
	config.sources[0].trace_loop = true;
	assert_int_equal(irqmod_sim_check(&config, NULL), 0);
	trace.count = 1;
	expect_trace_rejection(&config, "sources[0].trace");
	/* Speed: zero and past the fastest. */
	trace_scenario(&config, &trace);
	config.sources[0].trace_speed_milli = 0;
	expect_trace_rejection(&config, "sources[0].trace_speed_milli");
	config.sources[0].trace_speed_milli = IRQMOD_SIM_TRACE_MAX_SPEED_MILLI + 1;
	expect_trace_rejection(&config, "sources[0].trace_speed_milli");
	/* A start past the span, unless the offset is drawn at random. */
	trace_scenario(&config, &trace);
	config.sources[0].trace_start_offset_ns = trace.span_ns + 1;
	expect_trace_rejection(&config, "sources[0].trace_start_offset_ns");
	config.sources[0].trace_random_offset = true;
	assert_int_equal(irqmod_sim_check(&config, NULL), 0);
}

/* The cross-field rules: the other field is the limit's name, its value the limit. */
static void test_sim_check_cross_field_rules_name_the_other_field(void **unused)
{
	struct irqmod_config_error error = { .field = NULL };
	struct irqmod_sim_config config;

	(void)unused;
	irqmod_sim_default_config(&config);
	irqmod_sim_default_source(&config.sources[0], IRQMOD_SIM_SOURCE_CONSTANT);
	config.warmup_ns = config.duration_ns + 5;
	assert_int_equal(irqmod_sim_check(&config, &error), -IRQMOD_ERANGE);
	assert_string_equal(error.field, "warmup_ns");
	assert_string_equal(error.limit_name, "duration_ns");
	assert_int_equal(error.value, config.duration_ns + 5);
	assert_int_equal(error.limit, config.duration_ns);
	irqmod_sim_default_config(&config);
	irqmod_sim_default_source(&config.sources[0], IRQMOD_SIM_SOURCE_CONSTANT);
	config.queues = 3;
	config.queue_core[1] = 7;
	config.queue_core[2] = 9;
	assert_int_equal(irqmod_sim_check(&config, &error), -IRQMOD_ERANGE);
	assert_string_equal(error.field, "queue_core");
	assert_string_equal(error.limit_name, "cores");
	assert_int_equal(error.value, 7);
	assert_int_equal(error.limit, config.cores);
}

/* A config with several faults gets the first in the order sim.h documents. */
static void test_sim_check_several_faults_get_the_documented_first(void **unused)
{
	struct irqmod_config_error error = { .field = NULL };
	struct irqmod_sim_config config;
	struct irqmod_sim_trace_file trace;

	(void)unused;
	/* The application's core before the load's, both before the costs. */
	irqmod_sim_default_config(&config);
	irqmod_sim_default_source(&config.sources[0], IRQMOD_SIM_SOURCE_CONSTANT);
	config.load_core = config.cores;
	config.app_core = config.cores;
	config.irq_ns = UINT64_MAX;
	assert_int_equal(irqmod_sim_check(&config, &error), -IRQMOD_ERANGE);
	assert_string_equal(error.field, "app_core");
	config.app_core = 0;
	assert_int_equal(irqmod_sim_check(&config, &error), -IRQMOD_ERANGE);
	assert_string_equal(error.field, "load_core");
	/* The warm-up before the link; the host before the sources. */
	config.warmup_ns = config.duration_ns;
	config.link_speed_mbps = 0;
	config.sources[0].frame_bytes = 0;
	assert_int_equal(irqmod_sim_check(&config, &error), -IRQMOD_ERANGE);
	assert_string_equal(error.field, "warmup_ns");
	/* A trace's start offset before a loop's 2 records. */
	trace_scenario(&config, &trace);
	trace.count = 1;
	config.sources[0].trace_loop = true;
	config.sources[0].trace_start_offset_ns = trace.span_ns + 1;
	assert_int_equal(irqmod_sim_check(&config, &error), -IRQMOD_ERANGE);
	assert_string_equal(error.field, "sources[0].trace_start_offset_ns");
	config.sources[0].trace_start_offset_ns = 0;
	assert_int_equal(irqmod_sim_check(&config, &error), -IRQMOD_EINVAL);
	assert_string_equal(error.field, "sources[0].trace");
	assert_string_equal(error.limit_name, IRQMOD_SIM_TRACE_LOOP_RECORDS);
	assert_int_equal(error.value, 1);
	assert_int_equal(error.limit, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sim_check_every_broken_field_is_rejected_by_name),
		cmocka_unit_test(test_sim_check_null_config_and_field),
		cmocka_unit_test(test_sim_check_cross_field_rules_name_the_other_field),
		cmocka_unit_test(test_sim_check_several_faults_get_the_documented_first),
		cmocka_unit_test(test_sim_check_trace_sources),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
