/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/common.h"

static const char *const irqmod_error_messages[IRQMOD_ERROR_COUNT] = {
	[0] = "success",
	[IRQMOD_EINVAL] = "a required pointer is NULL or an argument is malformed",
	[IRQMOD_ERANGE] = "a value lies outside the supported range",
	[IRQMOD_EMINMAX] = "the minimum interval is above the maximum interval",
	[IRQMOD_ESTEP] = "a granularity (step or tick) is zero or unusable",
	[IRQMOD_ELINK] = "the link speed is zero or above the supported maximum",
	[IRQMOD_EPRESET] = "unknown preset",
	[IRQMOD_EKIND] = "unknown controller kind",
	[IRQMOD_ETABLE] = "a profile or threshold table is empty or malformed",
	[IRQMOD_EBUDGET] = "a polling budget could never end or exceeds what the state holds",
	[IRQMOD_EFRAME] = "a frame, buffer or truesize figure is zero or out of range",
};

const char *irqmod_strerror(int error)
{
	/* Accept both -IRQMOD_E... and IRQMOD_E...; avoid negating INT_MIN. */
	unsigned int code = error < 0 ? 0u - (unsigned int)error : (unsigned int)error;

	if (code >= IRQMOD_ERROR_COUNT)
		return "unknown irqmod error";
	return irqmod_error_messages[code];
}

uint32_t irqmod_version(void)
{
	return ((uint32_t)IRQMOD_VERSION_MAJOR << 16) |
	       ((uint32_t)IRQMOD_VERSION_MINOR << 8) | IRQMOD_VERSION_PATCH;
}
