/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Per-queue controller rows: "q0=latency-target/q1=ixgbe" (queue_controllers.h).
 */
#include <stdio.h>
#include <string.h>

#include "queue_controllers.h"

/* The entries of a per-queue row are separated by '/', which no controller
 * name or knob value uses. */
#define QUEUE_SEPARATOR '/'

/* "qN=" at @text: return N's digits' end ('=') or NULL. */
static const char *queue_prefix(const char *text, uint32_t *queue)
{
	uint32_t value = 0;
	const char *p = text + 1;

	if (text[0] != 'q' || p[0] < '0' || p[0] > '9')
		return NULL;
	for (; *p >= '0' && *p <= '9'; p++) {
		value = value * 10 + (uint32_t)(*p - '0');
		if (value >= IRQMOD_SIM_MAX_QUEUES)
			return NULL;
	}
	if (*p != '=')
		return NULL;
	*queue = value;
	return p;
}

static int fail(char *message, size_t bytes, const char *spec, const char *what)
{
	snprintf(message, bytes, "controller '%s': %s", spec, what);
	return -IRQMOD_SCENARIO_ECONTROLLER;
}

int irqmod_queue_controllers_resolve(const struct irqmod_scenario *scenario, const char *spec,
				     uint32_t link_speed_mbps, uint32_t queues,
				     struct irqmod_queue_controllers *out, char *message,
				     size_t message_bytes)
{
	bool named[IRQMOD_SIM_MAX_QUEUES] = { false };
	char what[1200];
	const char *entry = spec;
	uint32_t queue, i, highest = 0;

	memset(out, 0, sizeof(*out));
	if (!queue_prefix(spec, &queue)) {
		out->count = 1;
		snprintf(out->names[0], sizeof(out->names[0]), "%s", spec);
		return irqmod_scenario_controller(scenario, spec, link_speed_mbps, &out->configs[0],
						  message, message_bytes) ? -IRQMOD_SCENARIO_ECONTROLLER
									  : 0;
	}
	while (*entry) {
		const char *name, *end = strchr(entry, QUEUE_SEPARATOR);
		size_t length;

		if (!end)
			end = entry + strlen(entry);
		name = queue_prefix(entry, &queue);
		if (!name)
			return fail(message, message_bytes, spec,
				    "each entry of a per-queue list is qN=CONTROLLER, N below 16");
		name++;
		length = (size_t)(end - name);
		if (named[queue]) {
			snprintf(what, sizeof(what), "q%u is named twice", queue);
			return fail(message, message_bytes, spec, what);
		}
		if (length == 0 || length >= sizeof(out->names[queue])) {
			snprintf(what, sizeof(what), "q%u has no controller name (or one too long)",
				 queue);
			return fail(message, message_bytes, spec, what);
		}
		memcpy(out->names[queue], name, length);
		out->names[queue][length] = '\0';
		if (irqmod_scenario_controller(scenario, out->names[queue], link_speed_mbps,
					       &out->configs[queue], message, message_bytes))
			return -IRQMOD_SCENARIO_ECONTROLLER;
		named[queue] = true;
		if (queue + 1 > highest)
			highest = queue + 1;
		entry = *end ? end + 1 : end;
	}
	if (queues == 0)
		queues = highest;
	if (highest > queues) {
		snprintf(what, sizeof(what), "q%u is past the scenario's %u queues", highest - 1,
			 queues);
		return fail(message, message_bytes, spec, what);
	}
	for (i = 0; i < queues; i++) {
		if (!named[i]) {
			snprintf(what, sizeof(what),
				 "q%u has no controller (a per-queue list names every queue, "
				 "q0 to q%u)", i, queues - 1);
			return fail(message, message_bytes, spec, what);
		}
	}
	out->count = queues;
	return 0;
}

void irqmod_queue_controllers_fill(const struct irqmod_queue_controllers *row,
				   struct irqmod_sim_controller *controllers)
{
	uint32_t i;

	for (i = 0; i < row->count; i++) {
		memset(&controllers[i], 0, sizeof(controllers[i]));
		controllers[i].name = row->names[i];
		controllers[i].generic = row->configs[i].inner;
		controllers[i].hybrid = row->configs[i];
	}
}

void irqmod_queue_controllers_name(const char *spec, uint32_t queue, char *name, size_t bytes)
{
	const char *entry = spec, *end;
	uint32_t n;

	if (bytes == 0)
		return;
	name[0] = '\0';
	if (!queue_prefix(spec, &n)) {
		snprintf(name, bytes, "%s", spec);
		return;
	}
	for (; *entry; entry = *end ? end + 1 : end) {
		const char *text = queue_prefix(entry, &n);

		end = strchr(entry, QUEUE_SEPARATOR);
		if (!end)
			end = entry + strlen(entry);
		if (text && n == queue) {
			snprintf(name, bytes, "%.*s", (int)(end - text - 1), text + 1);
			return;
		}
	}
}
