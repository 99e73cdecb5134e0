/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Deliberately broken core file: a libc header. freestanding-selftest.sh
 * expects the includes check to name 'string.h'. */
#include <stdint.h>
#include <string.h>

size_t irqmod_bad_length(const char *text)
{
	return strlen(text);
}
