/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* ice's DIM profile tables need only the types of the kernel.h shim. */
#ifndef VS_LINUX_SHIM_ICE_H
#define VS_LINUX_SHIM_ICE_H

#include <linux/kernel.h>

#endif /* VS_LINUX_SHIM_ICE_H */
