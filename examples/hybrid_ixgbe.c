/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Idle polling around the ixgbe controller, the way a driver embeds it: the
 * per-queue struct keeps struct irqmod_ixgbe (the controller's own state, no
 * generic union) and struct irqmod_idle_poll next to it, and the poll
 * routine hands the hybrid a struct irqmod_inner naming the two. The same
 * trace also runs through the plain ixgbe poll loop, so the output shows
 * what idle polling changes: fewer interrupts (re-arms) for the same work.
 *
 * The "NIC" is a loop over a fixed pseudo-random trace: bursts of small
 * packets with idle gaps, one poll every 10 us of simulated time.
 * Exit status 0 when both loops ran and idle polling re-armed less often.
 */
#include <stdio.h>
#include <string.h>

#include "irqmod/controller.h"
#include "irqmod/idle_poll.h"

/* Simulated time between two polls, and the length of the trace. */
#define POLL_PERIOD_NS 10000u
#define TRACE_POLLS 20000u
/* A burst of this many polls with traffic, then a gap of up to GAP_POLLS. */
#define BURST_POLLS 8u
#define GAP_POLLS 12u
#define FRAME_BYTES 128u

/* What a driver keeps per queue: the controller state and the hybrid's. */
struct queue {
	struct irqmod_ixgbe itr;
	struct irqmod_idle_poll idle;
	struct irqmod_inner inner;	/* { ixgbe's update, &itr } */
	uint64_t rearms;
	uint64_t register_writes;
};

/* The trace: packets of poll @i (a linear congruential stream). */
static uint32_t trace_packets(uint32_t i, uint32_t *seed)
{
	*seed = *seed * 1664525u + 1013904223u;
	if (i % (BURST_POLLS + GAP_POLLS) >= BURST_POLLS)
		return (*seed >> 28) == 0 ? 1u : 0u;	/* mostly idle */
	return 1u + (*seed >> 29);			/* 1..8 packets */
}

static void make_sample(struct irqmod_sample *sample, uint32_t i, uint32_t packets)
{
	memset(sample, 0, sizeof(*sample));
	sample->now_ns = (uint64_t)i * POLL_PERIOD_NS;
	sample->rx_packets = packets;
	sample->rx_bytes = (uint64_t)packets * FRAME_BYTES;
	sample->tx_packets = packets;
	sample->tx_bytes = (uint64_t)packets * FRAME_BYTES;
}

/* The driver's hook for a register write (ixgbe_write_eitr()). */
static void write_itr(struct queue *q, const struct irqmod_decision *d)
{
	if (d->changed)
		q->register_writes++;
}

/* Plain NAPI: every poll that completes re-arms with ixgbe's interval. */
static void plain_poll(struct queue *q, const struct irqmod_sample *sample)
{
	struct irqmod_decision d;

	irqmod_ixgbe_update(&q->itr, sample, &d);
	write_itr(q, &d);
	q->rearms++;		/* napi_complete_done(); re-enable the IRQ */
}

/* With idle polling: keep polling while the hybrid says so. */
static void hybrid_poll(struct queue *q, const struct irqmod_sample *sample)
{
	struct irqmod_decision d;

	irqmod_idle_poll_update(&q->idle, &q->inner, sample, &d);
	if (d.action == IRQMOD_ACTION_POLL)
		return;		/* stay masked; poll again after d.poll_delay_ns */
	write_itr(q, &d);
	q->rearms++;		/* napi_complete_done(); re-enable the IRQ */
}

static int queue_init(struct queue *q, bool hybrid)
{
	struct irqmod_intel_itr_config itr_config;
	struct irqmod_idle_poll_config idle_config;
	int error;

	memset(q, 0, sizeof(*q));
	error = irqmod_ixgbe_config_preset(&itr_config, IRQMOD_IXGBE_PRESET_IRQMOD, 10000);
	if (!error)
		error = irqmod_ixgbe_init(&q->itr, &itr_config);
	if (error || !hybrid)
		return error;
	error = irqmod_idle_poll_default_config(&idle_config);
	if (!error)
		error = irqmod_idle_poll_init(&q->idle, &idle_config);
	/* ixgbe's update on q->itr, without the kind table: links ixgbe alone. */
	if (!error)
		irqmod_inner_of_ixgbe(&q->inner, &q->itr);
	return error;
}

int main(void)
{
	struct queue plain, hybrid;
	uint32_t seed_plain = 1, seed_hybrid = 1;
	uint32_t i;
	int error;

	error = queue_init(&plain, false);
	if (!error)
		error = queue_init(&hybrid, true);
	if (error) {
		fprintf(stderr, "hybrid_ixgbe: init: %s\n", irqmod_strerror(error));
		return 1;
	}
	for (i = 0; i < TRACE_POLLS; i++) {
		struct irqmod_sample sample;

		make_sample(&sample, i, trace_packets(i, &seed_plain));
		plain_poll(&plain, &sample);
		make_sample(&sample, i, trace_packets(i, &seed_hybrid));
		hybrid_poll(&hybrid, &sample);
	}
	printf("%u polls, ixgbe state %zu bytes, idle-poll state %zu bytes\n",
	       (unsigned)TRACE_POLLS, sizeof(struct irqmod_ixgbe), sizeof(struct irqmod_idle_poll));
	printf("plain ixgbe:      %6llu re-arms, %6llu register writes\n",
	       (unsigned long long)plain.rearms, (unsigned long long)plain.register_writes);
	printf("idle-poll+ixgbe:  %6llu re-arms, %6llu register writes\n",
	       (unsigned long long)hybrid.rearms, (unsigned long long)hybrid.register_writes);
	return hybrid.rearms > 0 && hybrid.rearms < plain.rearms ? 0 : 1;
}
