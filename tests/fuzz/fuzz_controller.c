/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Fuzz harness: every controller kind (and unknown kinds) through the
 * generic dispatcher, init on arbitrary config bytes, then an arbitrary
 * sample stream, each call also made through the kind's own (direct) API
 * on a copy of the state. Invariants (irqmod/controller.h, common.h and
 * each controller's header):
 *  - a rejected init returns a documented code and leaves the state untouched;
 *  - every decision is a re-arm within the kind's bounds (a DIM answer is an
 *    entry of its table);
 *  - @changed is true exactly when a register value differs from the last
 *    one returned (from current() after init, for the first update);
 *  - current() repeats the last update's registers with @changed false;
 *  - the direct API gives the same decisions as the dispatcher;
 *  - reset brings current() back to what it was after init.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_input in = { data, size };
	struct fuzz_tables tables;
	struct irqmod_controller_config config;
	struct irqmod_controller controller, untouched, direct;
	struct irqmod_decision previous, decision, again, current, initial;
	struct irqmod_sample sample;
	uint64_t now_ns = 0;
	unsigned int updates = 0;
	int error;

	memset(&tables, 0, sizeof(tables));
	fuzz_controller_config(&in, &config, &tables);
	memset(&controller, 0xa5, sizeof(controller));
	untouched = controller;
	error = irqmod_controller_init(&controller, &config);
	fuzz_check_error_code(error);
	if (error != 0) {
		FUZZ_CHECK(memcmp(&controller, &untouched, sizeof(controller)) == 0,
			   "a rejected init leaves the state untouched");
		FUZZ_CHECK(config.kind < IRQMOD_KIND_COUNT || error == -IRQMOD_EKIND,
			   "an unknown kind is -IRQMOD_EKIND");
		return 0;
	}
	FUZZ_CHECK(config.kind < IRQMOD_KIND_COUNT, "only known kinds initialise");
	FUZZ_CHECK(controller.kind == config.kind, "init records the kind");
	FUZZ_CHECK(irqmod_controller_init(NULL, &config) == -IRQMOD_EINVAL, "NULL state");

	irqmod_controller_current(&controller, &initial);
	FUZZ_CHECK(!initial.changed, "current() never reports a change");
	fuzz_check_bounds(&config, &initial);
	previous = initial;
	direct = controller;

	/* At most 4096 updates per input keep each run short. */
	while (in.size > 0 && updates < 4096u) {
		fuzz_sample(&in, now_ns, &sample);
		now_ns = sample.now_ns;
		irqmod_controller_update(&controller, &sample, &decision);
		updates++;
		fuzz_check_bounds(&config, &decision);
		/* @changed is against the last re-arm (a POLL writes no register). */
		if (decision.action == IRQMOD_ACTION_REARM)
			fuzz_check_changed(config.kind, &decision, &previous);
		irqmod_controller_current(&controller, &current);
		FUZZ_CHECK(!current.changed && current.action == decision.action,
			   "current() repeats the last answer without change");
		FUZZ_CHECK(!fuzz_registers_differ(&current, &decision),
			   "current() repeats the last update");
		fuzz_kind(direct.kind)->direct_update(&direct, &sample, &again);
		FUZZ_CHECK(memcmp(&again, &decision, sizeof(again)) == 0 &&
				   memcmp(&direct, &controller, sizeof(direct)) == 0,
			   "the direct API decides as the dispatcher");
		if (decision.action == IRQMOD_ACTION_REARM)
			previous = decision;
	}

	irqmod_controller_reset(&controller);
	irqmod_controller_current(&controller, &current);
	FUZZ_CHECK(memcmp(&current, &initial, sizeof(current)) == 0,
		   "reset brings back the start decision");
	return 0;
}
