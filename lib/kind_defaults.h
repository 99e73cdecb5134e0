/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The defaults of each kind for the kind table (lib/controller.c): module
 * k's irqmod_k_kind_defaults() fills its config struct for a link of
 * @link_speed_mbps and returns 0 or its defaults function's error. Each is
 * defined in its module, beside the defaults it calls, so a new kind adds
 * none here.
 */
#ifndef IRQMOD_KIND_DEFAULTS_H
#define IRQMOD_KIND_DEFAULTS_H

#include "irqmod/controller.h"

#define IRQMOD_KIND(E, k, ...)                                                   \
	int irqmod_##k##_kind_defaults(void *config, uint32_t link_speed_mbps);
#define IRQMOD_KIND_PRESET(E, k, p)                                              \
	int irqmod_##p##_kind_defaults(void *config, uint32_t link_speed_mbps);
#include "irqmod/kinds.h"
#undef IRQMOD_KIND
#undef IRQMOD_KIND_PRESET

#endif /* IRQMOD_KIND_DEFAULTS_H */
