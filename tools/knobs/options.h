/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * What knobs-server and knobs-client share besides the wire: reading a
 * whole number from the command line, and a CPU time in nanoseconds.
 */
#ifndef IRQMOD_KNOBS_OPTIONS_H
#define IRQMOD_KNOBS_OPTIONS_H

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

/*
 * irqmod_knobs_parse_u32() - a whole decimal number in [min, max], or -1
 * with a message naming the program, the option and the text.
 */
static inline int irqmod_knobs_parse_u32(const char *program, const char *name,
					 const char *text, uint32_t min, uint32_t max,
					 uint32_t *out)
{
	char *end;
	unsigned long long value;

	errno = 0;
	value = strtoull(text, &end, 10);
	if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno != 0 || value < min ||
	    value > max) {
		fprintf(stderr, "%s: %s takes a whole number from %" PRIu32 " to %" PRIu32
				", not '%s'\n", program, name, min, max, text);
		return -1;
	}
	*out = (uint32_t)value;
	return 0;
}

/* irqmod_knobs_timeval_ns() - a getrusage() time in nanoseconds. */
static inline uint64_t irqmod_knobs_timeval_ns(struct timeval tv)
{
	return (uint64_t)tv.tv_sec * 1000000000u + (uint64_t)tv.tv_usec * 1000u;
}

#endif
