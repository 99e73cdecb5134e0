/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Deliberately broken core file: floating point. freestanding-selftest.sh
 * expects the no-float check to name this file. */
#include <stdint.h>

uint32_t irqmod_bad_scale(uint32_t interval_ns)
{
	double scaled = interval_ns * 0.96;

	return (uint32_t)scaled;
}
