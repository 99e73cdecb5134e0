// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * ethtool coalescing settings <-> irqmod controller configs. Field meanings
 * from Linux include/uapi/linux/ethtool.h (struct ethtool_coalesce); the
 * rules are documented in include/irqmod/ethtool.h.
 */
#include "irqmod/ethtool.h"

#include "config_error.h"
#include "irqmod/convert.h"
#include "irqmod/static.h"

static const char irqmod_ethtool_kind[] = "ethtool";

static int irqmod_ethtool_check_usecs(uint32_t usecs, const char *name,
				      struct irqmod_config_error *error)
{
	if (usecs > IRQMOD_ETHTOOL_MAX_USECS)
		return irqmod_reject(error, irqmod_ethtool_kind, name, usecs,
				     "is above", "the supported maximum",
				     IRQMOD_ETHTOOL_MAX_USECS, -IRQMOD_ERANGE);
	return 0;
}

static int irqmod_ethtool_check_frames(uint32_t frames, const char *name,
				       struct irqmod_config_error *error)
{
	/* irqmod decides intervals only; it has no frame-count threshold, so
	 * rx-frames and tx-frames must be 0. */
	if (frames != 0)
		return irqmod_reject_rule(error, irqmod_ethtool_kind, name, frames,
					  "is not supported: irqmod moderates by time, not by frame count (leave it 0)",
					  0, -IRQMOD_ERANGE);
	return 0;
}

int irqmod_ethtool_coalesce_check(const struct irqmod_ethtool_coalesce *coalesce,
				  struct irqmod_config_error *error)
{
	int ret;

	if (!coalesce)
		return irqmod_reject_null(error, irqmod_ethtool_kind);
	ret = irqmod_ethtool_check_usecs(coalesce->rx_usecs, "rx-usecs", error);
	if (ret)
		return ret;
	ret = irqmod_ethtool_check_usecs(coalesce->tx_usecs, "tx-usecs", error);
	if (ret)
		return ret;
	ret = irqmod_ethtool_check_frames(coalesce->rx_frames, "rx-frames", error);
	if (ret)
		return ret;
	ret = irqmod_ethtool_check_frames(coalesce->tx_frames, "tx-frames", error);
	if (ret)
		return ret;
	/* use_adaptive_*_coalesce are booleans (__u32 0 or 1). */
	if (coalesce->adaptive_rx > 1)
		return irqmod_reject(error, irqmod_ethtool_kind, "adaptive-rx",
				     coalesce->adaptive_rx, "is above", "on", 1,
				     -IRQMOD_EINVAL);
	if (coalesce->adaptive_tx != coalesce->adaptive_rx)
		return irqmod_reject(error, irqmod_ethtool_kind, "adaptive-tx",
				     coalesce->adaptive_tx, "must equal",
				     "adaptive-rx", coalesce->adaptive_rx,
				     -IRQMOD_EINVAL);
	return 0;
}

int irqmod_ethtool_to_config(const struct irqmod_ethtool_coalesce *coalesce,
			     uint32_t adaptive_kind, uint32_t link_speed_mbps,
			     struct irqmod_controller_config *config,
			     struct irqmod_config_error *error)
{
	struct irqmod_controller_config out;
	int ret;

	ret = irqmod_ethtool_coalesce_check(coalesce, error);
	if (ret)
		return ret;
	if (!config)
		return irqmod_reject_null(error, irqmod_ethtool_kind);
	if (coalesce->adaptive_rx) {
		if (adaptive_kind == IRQMOD_KIND_STATIC || adaptive_kind >= IRQMOD_KIND_COUNT)
			return irqmod_reject(error, irqmod_ethtool_kind, "driver",
					     adaptive_kind,
					     "is static or unknown, must be below",
					     "the number of kinds", IRQMOD_KIND_COUNT,
					     -IRQMOD_EKIND);
		ret = irqmod_controller_default_config(&out, adaptive_kind, link_speed_mbps);
		if (ret)
			return irqmod_reject_rule(error, irqmod_ethtool_kind, "link_speed_mbps",
						  link_speed_mbps,
						  "is not supported by the driver's algorithm", 0,
						  ret);
	} else {
		out.kind = IRQMOD_KIND_STATIC;
		out.config.static_config.rx_interval_ns = irqmod_usecs_to_ns(coalesce->rx_usecs);
		out.config.static_config.tx_interval_ns = irqmod_usecs_to_ns(coalesce->tx_usecs);
	}
	*config = out;
	return 0;
}

static int irqmod_ethtool_check_whole_usecs(uint32_t interval_ns, const char *field,
					    struct irqmod_config_error *error)
{
	/* ethtool's *_coalesce_usecs are whole microseconds. */
	if (interval_ns % IRQMOD_NS_PER_USEC != 0)
		return irqmod_reject(error, irqmod_ethtool_kind, field, interval_ns,
				     "is not a multiple of", "1 us in ns",
				     IRQMOD_NS_PER_USEC, -IRQMOD_ERANGE);
	return 0;
}

int irqmod_ethtool_from_config(const struct irqmod_controller_config *config,
			       struct irqmod_ethtool_coalesce *coalesce,
			       struct irqmod_config_error *error)
{
	struct irqmod_ethtool_coalesce out = { 0, 0, 0, 0, 0, 0 };
	int ret;

	if (!config || !coalesce)
		return irqmod_reject_null(error, irqmod_ethtool_kind);
	if (config->kind >= IRQMOD_KIND_COUNT)
		return irqmod_reject(error, irqmod_ethtool_kind, "kind", config->kind,
				     "is not below", "the number of kinds",
				     IRQMOD_KIND_COUNT, -IRQMOD_EKIND);
	if (config->kind == IRQMOD_KIND_STATIC) {
		ret = irqmod_ethtool_check_whole_usecs(config->config.static_config.rx_interval_ns,
						       "rx_interval_ns", error);
		if (ret)
			return ret;
		ret = irqmod_ethtool_check_whole_usecs(config->config.static_config.tx_interval_ns,
						       "tx_interval_ns", error);
		if (ret)
			return ret;
		out.rx_usecs = irqmod_ns_to_usecs(config->config.static_config.rx_interval_ns);
		out.tx_usecs = irqmod_ns_to_usecs(config->config.static_config.tx_interval_ns);
	} else {
		out.adaptive_rx = 1;
		out.adaptive_tx = 1;
	}
	*coalesce = out;
	return 0;
}

static int irqmod_ethtool_check_max(uint32_t value, const char *name, uint32_t max,
				    int code, struct irqmod_config_error *error)
{
	if (value > max)
		return irqmod_reject(error, irqmod_ethtool_kind, name, value, "is above",
				     "the supported maximum", max, code);
	return 0;
}

int irqmod_ethtool_napi_to_hybrid(const struct irqmod_ethtool_napi *napi,
				  uint32_t suspend_polls,
				  const struct irqmod_controller_config *inner,
				  struct irqmod_hybrid_config *hybrid,
				  struct irqmod_config_error *error)
{
	struct irqmod_hybrid_config out;
	int ret;

	if (!napi || !inner || !hybrid)
		return irqmod_reject_null(error, irqmod_ethtool_kind);
	ret = irqmod_ethtool_check_max(napi->defer_hard_irqs, "napi_defer_hard_irqs",
				       IRQMOD_DEFER_IRQ_MAX_COUNT, -IRQMOD_EBUDGET, error);
	if (!ret)
		ret = irqmod_ethtool_check_max(napi->gro_flush_timeout_ns, "gro_flush_timeout",
					       IRQMOD_DEFER_IRQ_MAX_TIMEOUT_NS,
					       -IRQMOD_ERANGE, error);
	if (!ret)
		ret = irqmod_ethtool_check_max(napi->irq_suspend_timeout_ns,
					       "irq_suspend_timeout",
					       IRQMOD_DEFER_IRQ_MAX_TIMEOUT_NS,
					       -IRQMOD_ERANGE, error);
	if (ret)
		return ret;
	out.inner = *inner;
	if ((napi->defer_hard_irqs == 0 || napi->gro_flush_timeout_ns == 0) &&
	    napi->irq_suspend_timeout_ns == 0) {
		out.kind = IRQMOD_HYBRID_NONE;
	} else {
		out.kind = IRQMOD_HYBRID_DEFER_IRQ;
		out.config.defer_irq.defer_hard_irqs = napi->defer_hard_irqs;
		out.config.defer_irq.gro_flush_timeout_ns = napi->gro_flush_timeout_ns;
		out.config.defer_irq.irq_suspend_timeout_ns = napi->irq_suspend_timeout_ns;
		out.config.defer_irq.suspend_polls = suspend_polls;
		ret = irqmod_defer_irq_config_check(&out.config.defer_irq, error);
		if (ret)
			return ret;
	}
	*hybrid = out;
	return 0;
}

/* Field names of the profile entries, for errors (static strings). */
static const char *const irqmod_ethtool_profile_names[IRQMOD_ETHTOOL_PROFILE_ENTRIES][3] = {
	{ "profile[0].usec", "profile[0].pkts", "profile[0].comps" },
	{ "profile[1].usec", "profile[1].pkts", "profile[1].comps" },
	{ "profile[2].usec", "profile[2].pkts", "profile[2].comps" },
	{ "profile[3].usec", "profile[3].pkts", "profile[3].comps" },
	{ "profile[4].usec", "profile[4].pkts", "profile[4].comps" },
};

/* irqmod_dim_profile.frames is 16 bits. */
#define IRQMOD_ETHTOOL_PROFILE_MAX_PKTS 65535u

static int irqmod_ethtool_check_entry(const struct irqmod_ethtool_profile_entry *entry,
				      uint32_t index, struct irqmod_config_error *error)
{
	const char *const *names = irqmod_ethtool_profile_names[index];

	if (entry->usec != IRQMOD_ETHTOOL_PROFILE_UNCHANGED && entry->usec > IRQMOD_DIM_MAX_USECS)
		return irqmod_reject(error, irqmod_ethtool_kind, names[0], entry->usec,
				     "is above", "the supported maximum", IRQMOD_DIM_MAX_USECS,
				     -IRQMOD_ERANGE);
	if (entry->pkts != IRQMOD_ETHTOOL_PROFILE_UNCHANGED &&
	    entry->pkts > IRQMOD_ETHTOOL_PROFILE_MAX_PKTS)
		return irqmod_reject(error, irqmod_ethtool_kind, names[1], entry->pkts,
				     "is above", "the supported maximum",
				     IRQMOD_ETHTOOL_PROFILE_MAX_PKTS, -IRQMOD_ERANGE);
	if (entry->comps != IRQMOD_ETHTOOL_PROFILE_UNCHANGED && entry->comps != 0)
		return irqmod_reject(error, irqmod_ethtool_kind, names[2], entry->comps,
				     "is above", "the supported maximum (no completion count)", 0,
				     -IRQMOD_ERANGE);
	return 0;
}

int irqmod_ethtool_apply_profile(const struct irqmod_ethtool_profile_entry *entries,
				 struct irqmod_dim_profile *table, uint32_t levels,
				 struct irqmod_config_error *error)
{
	uint32_t i;
	int ret;

	if (!entries || !table)
		return irqmod_reject_null(error, irqmod_ethtool_kind);
	if (levels != IRQMOD_ETHTOOL_PROFILE_ENTRIES)
		return irqmod_reject(error, irqmod_ethtool_kind, "levels", levels,
				     "must equal", "the entries of an ethtool profile",
				     IRQMOD_ETHTOOL_PROFILE_ENTRIES, -IRQMOD_ETABLE);
	for (i = 0; i < IRQMOD_ETHTOOL_PROFILE_ENTRIES; i++) {
		ret = irqmod_ethtool_check_entry(&entries[i], i, error);
		if (ret)
			return ret;
	}
	for (i = 0; i < IRQMOD_ETHTOOL_PROFILE_ENTRIES; i++) {
		if (entries[i].usec != IRQMOD_ETHTOOL_PROFILE_UNCHANGED)
			table[i].interval_usecs = entries[i].usec;
		if (entries[i].pkts != IRQMOD_ETHTOOL_PROFILE_UNCHANGED)
			table[i].frames = (uint16_t)entries[i].pkts;
	}
	return 0;
}
