/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * class_walk: feed one short traffic script to the latency-class,
 * average-size and ixgbe-legacy controllers (each with its driver presets)
 * and print the interval each programs after every update, in microseconds.
 * The figures in docs/latency-class.md, average-size.md and ixgbe-legacy.md
 * come from this program.
 */
#include <stdio.h>

#include "irqmod/irqmod.h"

struct step {
	const char *what;
	struct irqmod_sample sample;
};

static const struct step script[] = {
	{ "idle", { .now_ns = 0 } },
	{ "ping", { .rx_bytes = 60, .rx_packets = 1, .tx_bytes = 60, .tx_packets = 1 } },
	{ "ping", { .rx_bytes = 60, .rx_packets = 1, .tx_bytes = 60, .tx_packets = 1 } },
	{ "ping", { .rx_bytes = 60, .rx_packets = 1, .tx_bytes = 60, .tx_packets = 1 } },
	{ "8x1514 rx", { .rx_bytes = 12112, .rx_packets = 8 } },
	{ "8x1514 rx", { .rx_bytes = 12112, .rx_packets = 8 } },
	{ "8x1514 rx", { .rx_bytes = 12112, .rx_packets = 8 } },
	{ "64x1514 rx", { .rx_bytes = 96896, .rx_packets = 64 } },
	{ "64x1514 rx", { .rx_bytes = 96896, .rx_packets = 64 } },
	{ "tso 2x32000", { .tx_bytes = 64000, .tx_packets = 2 } },
	{ "jumbo 2x9000", { .rx_bytes = 18000, .rx_packets = 2 } },
	{ "idle", { .now_ns = 0 } },
	{ "ping", { .rx_bytes = 60, .rx_packets = 1, .tx_bytes = 60, .tx_packets = 1 } },
	{ "ping", { .rx_bytes = 60, .rx_packets = 1, .tx_bytes = 60, .tx_packets = 1 } },
	{ "ping", { .rx_bytes = 60, .rx_packets = 1, .tx_bytes = 60, .tx_packets = 1 } },
	{ "ping", { .rx_bytes = 60, .rx_packets = 1, .tx_bytes = 60, .tx_packets = 1 } },
};

#define STEPS (sizeof(script) / sizeof(script[0]))
#define COLUMNS 10

static const char *const names[COLUMNS] = {
	"e1000e-3", "e1000e-1", "igb-3", "fbsd-aim1", "avg-igb3",
	"avg-ix", "avg-em1", "ixgbe-12k", "ixgbe-8k", "ixgbe-tx8k",
};

static int setup(struct irqmod_controller *controller, int column)
{
	struct irqmod_controller_config config;
	int error = 0;

	switch (column) {
	case 0:
	case 1:
	case 2:
	case 3: {
		static const uint32_t presets[] = {
			IRQMOD_LATENCY_CLASS_PRESET_E1000E,
			IRQMOD_LATENCY_CLASS_PRESET_E1000E,
			IRQMOD_LATENCY_CLASS_PRESET_IGB,
			IRQMOD_LATENCY_CLASS_PRESET_FREEBSD_AIM,
		};
		config.kind = IRQMOD_KIND_LATENCY_CLASS;
		error = irqmod_latency_class_preset(&config.config.latency_class,
						    presets[column], 1000);
		if (column == 1)
			config.config.latency_class.conservative =
				IRQMOD_LATENCY_CONSERVATIVE_OFF;
		break;
	}
	case 4:
	case 5:
	case 6: {
		static const uint32_t presets[] = {
			IRQMOD_AVERAGE_SIZE_PRESET_IGB,
			IRQMOD_AVERAGE_SIZE_PRESET_FREEBSD_IX,
			IRQMOD_AVERAGE_SIZE_PRESET_FREEBSD_EM,
		};
		config.kind = IRQMOD_KIND_AVERAGE_SIZE;
		error = irqmod_average_size_preset(&config.config.average_size,
						   presets[column - 4], 1000);
		break;
	}
	default:
		config.kind = IRQMOD_KIND_IXGBE_LEGACY;
		error = irqmod_ixgbe_legacy_default_config(&config.config.ixgbe_legacy);
		config.config.ixgbe_legacy.floor_12k = column == 7;
		config.config.ixgbe_legacy.tx_only = column == 9;
		break;
	}
	if (error)
		return error;
	return irqmod_controller_init(controller, &config);
}

int main(void)
{
	struct irqmod_controller controllers[COLUMNS];
	struct irqmod_decision decision;
	size_t step;
	int column, error;

	printf("%-13s", "update");
	for (column = 0; column < COLUMNS; column++) {
		error = setup(&controllers[column], column);
		if (error) {
			fprintf(stderr, "%s: %s\n", names[column], irqmod_strerror(error));
			return 1;
		}
		printf(" %10s", names[column]);
	}
	printf("\n");
	for (step = 0; step < STEPS; step++) {
		printf("%2zu %-10s", step + 1, script[step].what);
		for (column = 0; column < COLUMNS; column++) {
			irqmod_controller_update(&controllers[column],
						 &script[step].sample, &decision);
			printf(" %9.2f%c", decision.rx_interval_ns / 1000.0,
			       decision.changed ? '*' : ' ');
		}
		printf("\n");
	}
	printf("intervals in us after each update; * = register changed\n");
	return 0;
}
