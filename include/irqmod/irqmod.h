/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Umbrella header: every public irqmod controller header. */
#ifndef IRQMOD_IRQMOD_H
#define IRQMOD_IRQMOD_H

#include "irqmod/common.h"
#include "irqmod/controller.h"
#include "irqmod/convert.h"
#include "irqmod/floor.h"
#include "irqmod/i40e.h"
#include "irqmod/ixgbe.h"
#include "irqmod/static.h"

#endif /* IRQMOD_IRQMOD_H */
