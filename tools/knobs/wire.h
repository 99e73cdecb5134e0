/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The request of knobs-client and knobs-server: a UDP datagram whose first
 * 16 bytes are a sequence number and the client's send time; the server
 * sends the datagram back unchanged, so the client times the round trip
 * with its own clock alone.
 */
#ifndef IRQMOD_KNOBS_WIRE_H
#define IRQMOD_KNOBS_WIRE_H

#include <stdint.h>
#include <time.h>

/** The smallest request: the sequence number and the send time. */
#define IRQMOD_KNOBS_HEADER_BYTES 16u
/** The largest request the tools take (one wire frame on a 1500 B MTU). */
#define IRQMOD_KNOBS_MAX_PAYLOAD_BYTES 1472u
/** The UDP port both use unless told otherwise. */
#define IRQMOD_KNOBS_DEFAULT_PORT 7707u

struct irqmod_knobs_header {
	uint64_t sequence;
	uint64_t send_ns;
};

/* CLOCK_MONOTONIC in nanoseconds: both ends of a run share one host. */
static inline uint64_t irqmod_knobs_now_ns(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

#endif
