/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/floor.h"

#include "config_error.h"
#include "deps.h"

/* Bits per byte times ns per us: bytes * 8000 / Mb/s gives ns. */
#define FLOOR_NS_BITS_PER_BYTE_PER_MBPS 8000u
/* The same with the percent divisor folded in: 8000 / 100. */
#define FLOOR_NS_BITS_PER_BYTE_PER_MBPS_PERCENT 80u
#define FLOOR_MILLI 1000u

void irqmod_floor_default_params(struct irqmod_floor_params *params,
				 uint32_t link_speed_mbps)
{
	params->rcvbuf_bytes = IRQMOD_FLOOR_DEFAULT_RCVBUF_BYTES;
	params->truesize_bytes = IRQMOD_FLOOR_DEFAULT_TRUESIZE_BYTES;
	params->frame_bytes = IRQMOD_FLOOR_DEFAULT_FRAME_BYTES;
	params->link_speed_mbps = link_speed_mbps;
	params->margin_percent = IRQMOD_FLOOR_DEFAULT_MARGIN_PERCENT;
	params->step_ns = IRQMOD_FLOOR_DEFAULT_STEP_NS;
	params->min_interval_ns = IRQMOD_FLOOR_DEFAULT_MIN_INTERVAL_NS;
}

#define KIND "floor"

/* @value in 1..@max, or a rejection naming @field. */
static int floor_bound(uint32_t value, const char *field, uint32_t max, int code,
		       struct irqmod_config_error *error)
{
	if (value == 0)
		return irqmod_reject(error, KIND, field, 0, "must be at least",
				     NULL, 1, code);
	if (value > max)
		return irqmod_reject(error, KIND, field, value, "is above",
				     "the supported maximum", max, code);
	return 0;
}

int irqmod_floor_params_check(const struct irqmod_floor_params *params,
			      struct irqmod_config_error *error)
{
	int code;

	if (!params)
		return irqmod_reject_rule(error, KIND, "params", 0, "is a NULL pointer",
					  IRQMOD_CONFIG_ERROR_OMIT_VALUE, -IRQMOD_EINVAL);
	code = floor_bound(params->rcvbuf_bytes, "rcvbuf_bytes",
			   IRQMOD_FLOOR_MAX_RCVBUF_BYTES, -IRQMOD_EFRAME, error);
	if (!code)
		code = floor_bound(params->truesize_bytes, "truesize_bytes",
				   IRQMOD_FLOOR_MAX_TRUESIZE_BYTES,
				   -IRQMOD_EFRAME, error);
	if (!code)
		code = floor_bound(params->frame_bytes, "frame_bytes",
				   IRQMOD_FLOOR_MAX_FRAME_BYTES, -IRQMOD_EFRAME,
				   error);
	if (!code)
		code = floor_bound(params->link_speed_mbps, "link_speed_mbps",
				   IRQMOD_FLOOR_MAX_LINK_SPEED_MBPS,
				   -IRQMOD_ELINK, error);
	if (code)
		return code;
	if (params->margin_percent > IRQMOD_FLOOR_MAX_MARGIN_PERCENT)
		return irqmod_reject(error, KIND, "margin_percent",
				     params->margin_percent, "is above",
				     "the supported maximum",
				     IRQMOD_FLOOR_MAX_MARGIN_PERCENT, -IRQMOD_ERANGE);
	if (params->step_ns == 0)
		return irqmod_reject(error, KIND, "step_ns", 0, "must be at least",
				     NULL, 1, -IRQMOD_ESTEP);
	return 0;
}

int irqmod_floor_interval(const struct irqmod_floor_params *params,
			  struct irqmod_floor_result *result)
{
	uint64_t wire_bits_scaled, divisor, interval_ns, step_count;
	int status = 0;
	int error;

	if (!params || !result)
		return -IRQMOD_EINVAL;
	error = irqmod_floor_params_check(params, NULL);
	if (error)
		return error;

	/*
	 * rcvbuf * (frame + 24) <= 2^31 * 65559 < 2^48; times 8000 < 2^61.
	 * truesize * link <= 2^31 * 800000 < 2^51. No product overflows.
	 */
	wire_bits_scaled = (uint64_t)params->rcvbuf_bytes *
			   (params->frame_bytes + IRQMOD_WIRE_OVERHEAD_BYTES);
	divisor = (uint64_t)params->truesize_bytes * params->link_speed_mbps;

	result->fill_ns = IRQMOD_DIV64_U64(wire_bits_scaled *
					   FLOOR_NS_BITS_PER_BYTE_PER_MBPS,
					   divisor);
	result->frames_milli = IRQMOD_DIV_U64_U32((uint64_t)params->rcvbuf_bytes *
						  FLOOR_MILLI,
						  params->truesize_bytes);
	/* 80 * (100 - margin) <= 8000, so this stays below 2^61 as well. */
	interval_ns = IRQMOD_DIV64_U64(wire_bits_scaled *
				       (FLOOR_NS_BITS_PER_BYTE_PER_MBPS_PERCENT *
					(100u - params->margin_percent)),
				       divisor);
	if (interval_ns > UINT32_MAX) {
		interval_ns = UINT32_MAX;
		status = IRQMOD_FLOOR_SATURATED;
	}
	step_count = IRQMOD_DIV_U64_U32(interval_ns, params->step_ns);
	interval_ns = step_count * params->step_ns;
	if (interval_ns < params->min_interval_ns) {
		interval_ns = params->min_interval_ns;
		status = IRQMOD_FLOOR_CLAMPED;
	}
	result->interval_ns = (uint32_t)interval_ns;
	return status;
}
