/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Umbrella header: every public irqmod controller header. Each kind's
 * header comes through controller.h, which includes the kind list
 * (irqmod/kinds.h).
 */
#ifndef IRQMOD_IRQMOD_H
#define IRQMOD_IRQMOD_H

#include "irqmod/common.h"
#include "irqmod/controller.h"
#include "irqmod/convert.h"
#include "irqmod/defer_irq.h"
#include "irqmod/ethtool.h"
#include "irqmod/floor.h"
#include "irqmod/hybrid.h"
#include "irqmod/hybrid_base.h"
#include "irqmod/idle_poll.h"
#include "irqmod/intel_itr.h"
#include "irqmod/itr_encoding.h"
#include "irqmod/recheck.h"

#endif /* IRQMOD_IRQMOD_H */
