/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Deliberately broken core file: a large struct copy makes the compiler call
 * memcpy, which a freestanding build does not have. freestanding-selftest.sh
 * expects the link checks to name 'memcpy'. */
#include <stdint.h>

struct irqmod_bad_history {
	uint64_t samples[8192];
};

void irqmod_bad_copy(struct irqmod_bad_history *to,
		     const struct irqmod_bad_history *from)
{
	*to = *from;
}
