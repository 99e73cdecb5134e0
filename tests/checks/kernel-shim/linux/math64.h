/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* <linux/math64.h> of the shim: see ../kernel-shim.h. */
#include "../kernel-shim.h"
