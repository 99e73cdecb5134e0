/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Deliberately broken core file: a plain 64-bit division, which gcc -m32
 * turns into a call to libgcc's __udivdi3. freestanding-selftest.sh expects
 * the m32-division check to name '__udivdi3'. */
#include <stdint.h>

uint64_t irqmod_bad_rate(uint64_t bytes, uint64_t interval_ns)
{
	return bytes / interval_ns;
}
