/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: ethtool coalescing settings
 *
 * The settings operators already type, `ethtool -C ethX rx-usecs N
 * adaptive-rx on|off ...`, mapped to an irqmod controller config and back.
 * The fields follow Linux's struct ethtool_coalesce (include/uapi/linux/
 * ethtool.h: rx_coalesce_usecs, rx_max_coalesced_frames, tx_coalesce_usecs,
 * tx_max_coalesced_frames, use_adaptive_rx_coalesce,
 * use_adaptive_tx_coalesce), which the netlink attributes
 * ETHTOOL_A_COALESCE_RX_USECS, _RX_MAX_FRAMES, _TX_USECS, _TX_MAX_FRAMES,
 * _USE_ADAPTIVE_RX and _USE_ADAPTIVE_TX carry (Documentation/networking/
 * ethtool-netlink.rst, "COALESCE_GET").
 *
 * Rules: adaptive-rx on selects the named driver's own algorithm (the kind
 * passed in, with its documented defaults); adaptive-rx off gives the
 * static controller with rx-usecs and tx-usecs. irqmod counts no frames,
 * so rx-frames and tx-frames must be 0; irqmod has one adaptive algorithm
 * per queue pair, so adaptive-tx must equal adaptive-rx.
 */
#ifndef IRQMOD_ETHTOOL_H
#define IRQMOD_ETHTOOL_H

#include "irqmod/common.h"
#include "irqmod/controller.h"
#include "irqmod/dim.h"
#include "irqmod/hybrid.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * IRQMOD_ETHTOOL_MAX_USECS - largest rx-usecs or tx-usecs accepted: the
 * static controller's IRQMOD_STATIC_MAX_INTERVAL_NS (1 s) in microseconds.
 */
#define IRQMOD_ETHTOOL_MAX_USECS 1000000u

/**
 * struct irqmod_ethtool_coalesce - the ethtool coalescing settings irqmod maps.
 * @rx_usecs: rx-usecs (ethtool_coalesce.rx_coalesce_usecs).
 * @rx_frames: rx-frames (rx_max_coalesced_frames); must be 0.
 * @tx_usecs: tx-usecs (tx_coalesce_usecs).
 * @tx_frames: tx-frames (tx_max_coalesced_frames); must be 0.
 * @adaptive_rx: adaptive-rx, 0 off or 1 on (use_adaptive_rx_coalesce).
 * @adaptive_tx: adaptive-tx, 0 off or 1 on (use_adaptive_tx_coalesce);
 *               must equal @adaptive_rx.
 */
struct irqmod_ethtool_coalesce {
	uint32_t rx_usecs;
	uint32_t rx_frames;
	uint32_t tx_usecs;
	uint32_t tx_frames;
	uint32_t adaptive_rx;
	uint32_t adaptive_tx;
};

/**
 * irqmod_ethtool_coalesce_check() - validate @coalesce as irqmod_ethtool_to_config() does.
 * @coalesce: settings to check.
 * @error: filled on rejection with the ethtool setting's name ("rx-usecs")
 *         and the bound it breaks; may be NULL. Untouched on success.
 * Return: 0, -IRQMOD_EINVAL for NULL, an adaptive flag above 1 or
 * adaptive-tx different from adaptive-rx, -IRQMOD_ERANGE for usecs above
 * IRQMOD_ETHTOOL_MAX_USECS or non-zero frames.
 */
IRQMOD_API int irqmod_ethtool_coalesce_check(const struct irqmod_ethtool_coalesce *coalesce,
					     struct irqmod_config_error *error);

/**
 * irqmod_ethtool_to_config() - the irqmod config that @coalesce asks for.
 * @coalesce: the ethtool settings.
 * @adaptive_kind: the driver's algorithm, an enum irqmod_kind value other
 *                 than IRQMOD_KIND_STATIC (IRQMOD_KIND_IXGBE for ixgbe);
 *                 read only when adaptive-rx is on.
 * @link_speed_mbps: link speed for the adaptive kind's defaults.
 * @config: filled in on success; untouched on error.
 * @error: as for irqmod_ethtool_coalesce_check(); may be NULL.
 * Return: 0; the codes of irqmod_ethtool_coalesce_check(); -IRQMOD_EINVAL
 * for a NULL @config; -IRQMOD_EKIND for a static or unknown
 * @adaptive_kind with adaptive-rx on; -IRQMOD_ELINK as
 * irqmod_controller_default_config().
 */
IRQMOD_API int irqmod_ethtool_to_config(const struct irqmod_ethtool_coalesce *coalesce,
					uint32_t adaptive_kind, uint32_t link_speed_mbps,
					struct irqmod_controller_config *config,
					struct irqmod_config_error *error);

/**
 * irqmod_ethtool_from_config() - the ethtool settings that express @config.
 * @config: an irqmod controller config.
 * @coalesce: filled in on success; untouched on error. An adaptive kind
 *            gives adaptive-rx and adaptive-tx on with usecs 0: ethtool
 *            names the algorithm only through the driver, so the kind's
 *            own parameters are not expressed.
 * @error: filled on rejection with the config field that ethtool cannot
 *         express; may be NULL.
 * Return: 0; -IRQMOD_EINVAL for NULL; -IRQMOD_EKIND for an unknown kind;
 * -IRQMOD_ERANGE for a static interval that is not a whole number of
 * microseconds.
 */
IRQMOD_API int irqmod_ethtool_from_config(const struct irqmod_controller_config *config,
					  struct irqmod_ethtool_coalesce *coalesce,
					  struct irqmod_config_error *error);

/**
 * struct irqmod_ethtool_napi - the per-NAPI (per-device sysfs) settings.
 * @defer_hard_irqs: napi_defer_hard_irqs (/sys/class/net/ethX/napi_defer_hard_irqs;
 *                   Linux net_device.napi_defer_hard_irqs, commit 6f8b12d661d0).
 * @gro_flush_timeout_ns: gro_flush_timeout in ns (/sys/class/net/ethX/gro_flush_timeout).
 * @irq_suspend_timeout_ns: irq_suspend_timeout in ns (Linux 6.13
 *                          NETDEV_A_NAPI_IRQ_SUSPEND_TIMEOUT, per-NAPI netlink).
 *
 * As in Linux's napi_complete_done(), deferral is on only when both
 * @defer_hard_irqs and @gro_flush_timeout_ns are non-zero.
 */
struct irqmod_ethtool_napi {
	uint32_t defer_hard_irqs;
	uint32_t gro_flush_timeout_ns;
	uint32_t irq_suspend_timeout_ns;
};

/**
 * irqmod_ethtool_napi_to_hybrid() - the hybrid that @napi's settings ask for.
 * @napi: the per-NAPI settings.
 * @suspend_polls: irqmod's own bound on empty suspended polls
 *                 (struct irqmod_defer_irq_config.suspend_polls; no Linux
 *                 knob); must be at least 1 when irq_suspend_timeout is set.
 * @inner: the interval controller re-arming uses, from irqmod_ethtool_to_config().
 * @hybrid: filled in on success, untouched on error: IRQMOD_HYBRID_NONE
 *          around @inner when neither deferral nor suspension is on, else
 *          IRQMOD_HYBRID_DEFER_IRQ with the three settings.
 * @error: filled on rejection with the sysfs setting's name; may be NULL.
 * Return: 0; -IRQMOD_EINVAL for NULL; -IRQMOD_EBUDGET for
 * napi_defer_hard_irqs above IRQMOD_DEFER_IRQ_MAX_COUNT; -IRQMOD_ERANGE
 * for a timeout above IRQMOD_DEFER_IRQ_MAX_TIMEOUT_NS; the codes of
 * irqmod_defer_irq_config_check() (a bad @suspend_polls).
 */
IRQMOD_API int irqmod_ethtool_napi_to_hybrid(const struct irqmod_ethtool_napi *napi,
					     uint32_t suspend_polls,
					     const struct irqmod_controller_config *inner,
					     struct irqmod_hybrid_config *hybrid,
					     struct irqmod_config_error *error);

/**
 * IRQMOD_ETHTOOL_PROFILE_ENTRIES - entries of an rx-profile or tx-profile:
 * Linux NET_DIM_PARAMS_NUM_PROFILES (include/linux/dim.h), the five
 * ETHTOOL_A_PROFILE_IRQ_MODERATION nests of ETHTOOL_A_COALESCE_RX_PROFILE
 * (Linux 6.11, Documentation/netlink/specs/ethtool.yaml).
 */
#define IRQMOD_ETHTOOL_PROFILE_ENTRIES 5u

/**
 * IRQMOD_ETHTOOL_PROFILE_UNCHANGED - a profile field left as it is (ethtool's
 * "n", which leaves the attribute out of the netlink request).
 */
#define IRQMOD_ETHTOOL_PROFILE_UNCHANGED UINT32_MAX

/**
 * struct irqmod_ethtool_profile_entry - one rx-profile/tx-profile entry.
 * @usec: ETHTOOL_A_IRQ_MODERATION_USEC, the level's interval; at most
 *        IRQMOD_DIM_MAX_USECS, or IRQMOD_ETHTOOL_PROFILE_UNCHANGED.
 * @pkts: ETHTOOL_A_IRQ_MODERATION_PKTS, the level's frame count; at most
 *        UINT16_MAX, or unchanged.
 * @comps: ETHTOOL_A_IRQ_MODERATION_COMPS; irqmod's DIM table has no
 *         completion count, so 0 or unchanged.
 */
struct irqmod_ethtool_profile_entry {
	uint32_t usec;
	uint32_t pkts;
	uint32_t comps;
};

/**
 * irqmod_ethtool_apply_profile() - apply an rx-profile/tx-profile to a DIM table.
 * @entries: IRQMOD_ETHTOOL_PROFILE_ENTRIES entries.
 * @table: caller-owned DIM table of @levels entries (start from
 *         irqmod_dim_table()'s copy), changed in place on success only; it
 *         then serves as struct irqmod_dim_config.profiles.
 * @levels: entries in @table; must be IRQMOD_ETHTOOL_PROFILE_ENTRIES.
 * @error: filled on rejection with the entry's field ("profile[2].usec");
 *         may be NULL.
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_ETABLE for another @levels,
 * -IRQMOD_ERANGE for a value out of range. @table is untouched on error.
 */
IRQMOD_API int irqmod_ethtool_apply_profile(const struct irqmod_ethtool_profile_entry *entries,
					    struct irqmod_dim_profile *table, uint32_t levels,
					    struct irqmod_config_error *error);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_ETHTOOL_H */
