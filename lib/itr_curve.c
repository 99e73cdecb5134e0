/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "itr_curve.h"
#include "config_error.h"

static bool itr_multiple(uint32_t interval_ns, uint32_t granule_ns)
{
	return interval_ns % granule_ns == 0;
}

int irqmod_itr_link_check(uint32_t link_speed_mbps, uint32_t max_link_speed_mbps)
{
	return irqmod_itr_link_reject(link_speed_mbps, max_link_speed_mbps,
				      "intel-itr", NULL);
}

int irqmod_itr_link_reject(uint32_t link_speed_mbps, uint32_t max_link_speed_mbps,
			   const char *kind, struct irqmod_config_error *error)
{
	if (link_speed_mbps == 0)
		return irqmod_reject(error, kind, "link_speed_mbps", 0,
				     "must be at least", NULL, 1, -IRQMOD_ELINK);
	if (link_speed_mbps > max_link_speed_mbps)
		return irqmod_reject(error, kind, "link_speed_mbps",
				     link_speed_mbps, "is above",
				     "the supported maximum",
				     max_link_speed_mbps, -IRQMOD_ELINK);
	return 0;
}

/* Each interval field: at least one granule, a whole number of granules. */
static int itr_interval_check(uint32_t value_ns, const char *field,
			      const struct irqmod_itr_limits *limits,
			      struct irqmod_config_error *error)
{
	if (value_ns < limits->granule_ns)
		return irqmod_reject(error, limits->kind, field, value_ns,
				     "is below", "the granule",
				     limits->granule_ns, -IRQMOD_ERANGE);
	if (!itr_multiple(value_ns, limits->granule_ns))
		return irqmod_reject(error, limits->kind, field, value_ns,
				     "is not a multiple of", "the granule",
				     limits->granule_ns, -IRQMOD_ERANGE);
	return 0;
}

int irqmod_itr_config_check(const struct irqmod_intel_itr_config *config,
			    const struct irqmod_itr_limits *limits,
			    struct irqmod_config_error *error)
{
	const char *kind = limits->kind;
	uint32_t granule_ns = limits->granule_ns;
	int code;

	if (!config)
		return irqmod_reject_null(error, kind);
	if (!config->rx_ring && !config->tx_ring)
		return irqmod_reject_rule(error, kind, "rx_ring", 0,
					  "and tx_ring 0: the vector carries no ring; set one of them",
					  0, -IRQMOD_EINVAL);
	if (config->step_ns < granule_ns)
		return irqmod_reject(error, kind, "step_ns", config->step_ns,
				     "is below", "the granule", granule_ns,
				     -IRQMOD_ESTEP);
	if (config->step_ns > limits->max_step_ns)
		return irqmod_reject(error, kind, "step_ns", config->step_ns,
				     "is above", "the supported maximum",
				     limits->max_step_ns, -IRQMOD_ESTEP);
	if (!itr_multiple(config->step_ns, granule_ns))
		return irqmod_reject(error, kind, "step_ns", config->step_ns,
				     "is not a multiple of", "the granule",
				     granule_ns, -IRQMOD_ESTEP);
	if (config->tick_ns == 0)
		return irqmod_reject(error, kind, "tick_ns", 0,
				     "must be at least", NULL, 1, -IRQMOD_ESTEP);
	code = itr_interval_check(config->min_interval_ns, "min_interval_ns",
				  limits, error);
	if (code)
		return code;
	if (config->max_interval_ns > limits->max_interval_ns)
		return irqmod_reject(error, kind, "max_interval_ns",
				     config->max_interval_ns, "is above",
				     "the supported maximum",
				     limits->max_interval_ns, -IRQMOD_ERANGE);
	code = itr_interval_check(config->max_interval_ns, "max_interval_ns",
				  limits, error);
	if (code)
		return code;
	code = itr_interval_check(config->initial_interval_ns,
				  "initial_interval_ns", limits, error);
	if (code)
		return code;
	if (config->min_interval_ns > config->max_interval_ns)
		return irqmod_reject(error, kind, "max_interval_ns",
				     config->max_interval_ns, "is below",
				     "min_interval_ns", config->min_interval_ns,
				     -IRQMOD_EMINMAX);
	if (config->initial_interval_ns < config->min_interval_ns)
		return irqmod_reject(error, kind, "initial_interval_ns",
				     config->initial_interval_ns, "is below",
				     "min_interval_ns", config->min_interval_ns,
				     -IRQMOD_ERANGE);
	if (config->initial_interval_ns > config->max_interval_ns)
		return irqmod_reject(error, kind, "max_interval_ns",
				     config->max_interval_ns, "is below",
				     "initial_interval_ns",
				     config->initial_interval_ns, -IRQMOD_ERANGE);
	return irqmod_itr_link_reject(config->link_speed_mbps,
				      limits->max_link_speed_mbps, kind, error);
}

void irqmod_itr_config_copy(struct irqmod_intel_itr_config *to,
			    const struct irqmod_intel_itr_config *from)
{
	IRQMOD_MEMCPY(to, from, sizeof(*to));
}
