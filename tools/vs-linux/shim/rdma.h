/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The RDMA core's DIM profile table (cq.c) needs struct dim_cq_moder. */
#ifndef VS_LINUX_SHIM_RDMA_H
#define VS_LINUX_SHIM_RDMA_H

#include <linux/dim.h>

#endif /* VS_LINUX_SHIM_RDMA_H */
