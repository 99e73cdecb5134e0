/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Stand-in for <linux/bits.h>: everything is in the kernel.h shim. */
#include <linux/kernel.h>
