/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Deliberately broken core file: state in a global, shared by every queue.
 * freestanding-selftest.sh expects the link checks to name 'irqmod_bad_calls'. */
#include <stdint.h>

static uint32_t irqmod_bad_calls;

uint32_t irqmod_bad_count(void)
{
	return ++irqmod_bad_calls;
}
