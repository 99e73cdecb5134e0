/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Prints the tables of docs/adaptive.md: the interval the ixgbe controller
 * (Linux preset, RX-only vector) chooses for a steady average frame size
 * in bulk and in latency mode at 10 and 1 Gb/s, and the socket-buffer
 * floor at several link speeds and frame sizes, and the i40e curve at
 * its link-speed divisors.
 */
#include <stdio.h>

#include "irqmod/convert.h"
#include "irqmod/floor.h"
#include "irqmod/i40e.h"
#include "irqmod/ixgbe.h"

/* Interval after a fresh call with @packets packets of @size bytes each. */
static unsigned int ixgbe_usecs(unsigned int link_speed_mbps, unsigned int packets,
				unsigned int size)
{
	struct irqmod_intel_itr_config config;
	struct irqmod_ixgbe state;
	struct irqmod_sample sample = { 0 };
	struct irqmod_decision decision;

	irqmod_ixgbe_config_preset(&config, IRQMOD_IXGBE_PRESET_LINUX, link_speed_mbps);
	/*
	 * RX-only vector: with an idle TX ring on the same vector, the TX
	 * container would creep up from the current value in latency mode
	 * and win the min() over a larger RX latency value.
	 */
	config.tx_ring = false;
	if (irqmod_ixgbe_init(&state, &config) != 0)
		return 0;
	irqmod_ixgbe_update(&state, &sample, &decision); /* first call: stale */
	sample.now_ns = 100000;
	sample.rx_packets = packets;
	sample.rx_bytes = (uint64_t)packets * size;
	irqmod_ixgbe_update(&state, &sample, &decision);
	return irqmod_ns_to_usecs(decision.rx_interval_ns);
}

/*
 * i40e RX interval after the start-up sequence (stale call, RX write, three
 * countdown calls) and one measured call of @packets packets of @size.
 */
static unsigned int i40e_usecs(unsigned int link_speed_mbps, unsigned int packets,
			       unsigned int size)
{
	struct irqmod_intel_itr_config config;
	struct irqmod_i40e state;
	struct irqmod_sample sample = { 0 };
	struct irqmod_decision decision;
	unsigned int call;

	irqmod_i40e_config_linux(&config, link_speed_mbps);
	if (irqmod_i40e_init(&state, &config) != 0)
		return 0;
	for (call = 0; call < 5; call++) {
		sample.now_ns = call * 100000u;
		irqmod_i40e_update(&state, &sample, &decision);
	}
	sample.now_ns = 500000;
	sample.rx_packets = packets;
	sample.rx_bytes = (uint64_t)packets * size;
	irqmod_i40e_update(&state, &sample, &decision);
	return irqmod_ns_to_usecs(decision.rx_interval_ns);
}

int main(void)
{
	static const unsigned int sizes[] = { 60, 64, 128, 256, 316, 512, 1024,
					      1084, 1500, 1514, 1967, 1968, 9000 };
	static const unsigned int links[] = { 1000, 10000, 25000, 40000, 100000 };
	static const unsigned int frames[] = { 64, 512, 1514, 9000 };
	size_t i, j;

	printf("| avg size (B) | 10G bulk us (ints/s) | 10G latency us | 1G bulk us | 1G latency us |\n");
	printf("|---|---|---|---|---|\n");
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		/* Bulk: 256 packets; latency: 1 packet (below 9000 B only). */
		unsigned int bulk = ixgbe_usecs(10000, 256, sizes[i]);
		unsigned int latency = ixgbe_usecs(10000, 1, sizes[i]);

		printf("| %u | %u (%u) | ", sizes[i], bulk, 1000000u / bulk);
		if (sizes[i] < 9000)
			printf("%u", latency);
		else
			printf("-");
		printf(" | %u | ", ixgbe_usecs(1000, 256, sizes[i]));
		if (sizes[i] < 9000)
			printf("%u |\n", ixgbe_usecs(1000, 1, sizes[i]));
		else
			printf("- |\n");
	}

	printf("\n| frame (B) | link (Gb/s) | fill (ns) | floor (ns) | ints/s | status |\n");
	printf("|---|---|---|---|---|---|\n");
	for (j = 0; j < sizeof(frames) / sizeof(frames[0]); j++) {
		for (i = 0; i < sizeof(links) / sizeof(links[0]); i++) {
			struct irqmod_floor_params params;
			struct irqmod_floor_result result;
			int status;

			irqmod_floor_default_params(&params, links[i]);
			params.frame_bytes = frames[j];
			status = irqmod_floor_interval(&params, &result);
			printf("| %u | %u | %llu | %u | %u | %s |\n", frames[j],
			       links[i] / 1000, (unsigned long long)result.fill_ns,
			       result.interval_ns,
			       irqmod_interval_ns_to_rate_per_s(result.interval_ns),
			       status == IRQMOD_FLOOR_CLAMPED ? "clamped to min" :
			       status < 0 ? irqmod_strerror(status) : "ok");
		}
	}

	printf("\n| avg size (B) | i40e 1G bulk | 10G bulk | 25G bulk | 40G bulk | 40G latency |\n");
	printf("|---|---|---|---|---|---|\n");
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		printf("| %u | %u | %u | %u | %u | ", sizes[i],
		       i40e_usecs(1000, 300, sizes[i]), i40e_usecs(10000, 300, sizes[i]),
		       i40e_usecs(25000, 300, sizes[i]), i40e_usecs(40000, 300, sizes[i]));
		if (sizes[i] < 9000)
			printf("%u |\n", i40e_usecs(40000, 1, sizes[i]));
		else
			printf("- |\n");
	}
	return 0;
}
