/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Umbrella header: every public irqmod controller header. */
#ifndef IRQMOD_IRQMOD_H
#define IRQMOD_IRQMOD_H

#include "irqmod/average_size.h"
#include "irqmod/common.h"
#include "irqmod/controller.h"
#include "irqmod/convert.h"
#include "irqmod/dim.h"
#include "irqmod/defer_irq.h"
#include "irqmod/ethtool.h"
#include "irqmod/hybrid.h"
#include "irqmod/hybrid_base.h"
#include "irqmod/idle_poll.h"
#include "irqmod/intel_itr.h"
#include "irqmod/recheck.h"
#include "irqmod/itr_encoding.h"
#include "irqmod/ixgbe_legacy.h"
#include "irqmod/latency_class.h"
#include "irqmod/latency_target.h"
#include "irqmod/mlx4.h"
#include "irqmod/floor.h"
#include "irqmod/i40e.h"
#include "irqmod/ixgbe.h"
#include "irqmod/static.h"

#endif /* IRQMOD_IRQMOD_H */
