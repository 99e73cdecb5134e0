/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Deliberately broken core file: it allocates. freestanding-selftest.sh
 * expects the link checks to name 'malloc'. */
#include <stddef.h>

void *malloc(size_t size);

void *irqmod_bad_allocate(void)
{
	return malloc(64);
}
