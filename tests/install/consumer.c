/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * A separate program that uses irqmod only as an outside user would: the
 * umbrella header and the library, found through pkg-config (tests/checks/
 * install.sh) or as a Meson subproject (tests/checks/subproject.sh). It runs
 * every controller kind once through the generic API and checks that the
 * header and the library it was linked with agree on the version.
 */
#include <stdio.h>

#include <irqmod/irqmod.h>

/* 10 Gb/s in Mb/s, the link speed the defaults are asked for. */
#define CONSUMER_LINK_SPEED_MBPS 10000u

int main(void)
{
	const uint32_t header_version = ((uint32_t)IRQMOD_VERSION_MAJOR << 16) |
					((uint32_t)IRQMOD_VERSION_MINOR << 8) |
					IRQMOD_VERSION_PATCH;
	uint32_t kind;

	if (irqmod_version() != header_version) {
		fprintf(stderr, "library version %#x, header version %#x\n",
			(unsigned int)irqmod_version(), (unsigned int)header_version);
		return 1;
	}
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		struct irqmod_controller_config config;
		struct irqmod_controller controller;
		struct irqmod_sample sample = { 0 };
		struct irqmod_decision decision;
		int error;

		error = irqmod_controller_default_config(&config, kind,
							 CONSUMER_LINK_SPEED_MBPS);
		if (error == 0)
			error = irqmod_controller_init(&controller, &config);
		if (error != 0) {
			fprintf(stderr, "%s: %s\n", irqmod_kind_name(kind),
				irqmod_strerror(error));
			return 1;
		}
		sample.now_ns = 1000000;
		sample.rx_packets = 10;
		sample.rx_bytes = 10 * 1514;
		irqmod_controller_update(&controller, &sample, &decision);
		printf("%-12s %u us\n", irqmod_kind_name(kind),
		       (unsigned int)irqmod_ns_to_usecs(decision.rx_interval_ns));
	}
	return 0;
}
