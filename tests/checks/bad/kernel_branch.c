/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Deliberately broken core file: the kernel branch may use <linux/...>
 * headers, but the other branch pulls in stdio. freestanding-selftest.sh
 * expects the includes check to name 'stdio.h' and nothing else: not
 * <linux/types.h>, and not this comment's
 * #include <errno.h>
 */
#if defined(__KERNEL__)
#include <linux/types.h>
#else
#include <stdint.h>
#include <stdio.h>
#endif

int irqmod_bad_answer(void)
{
	return 42;
}
