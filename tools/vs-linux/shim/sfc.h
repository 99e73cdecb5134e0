/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * What efx_update_irq_mod() and efx_poll() touch (Linux
 * drivers/net/ethernet/sfc/net_driver.h: struct efx_channel, struct
 * efx_nic, struct efx_nic_type), with the kernel's field types and only
 * those fields, and the calls efx_poll() makes around its bookkeeping as
 * the harness's stand-ins (vs_linux_sfc.c): efx_process_channel() scores
 * the poll's RX packets as the EF10 event handler does, push_irq_moderation
 * counts the writes, the rest does nothing. CONFIG_RFS_ACCEL is not set.
 */
#ifndef VS_LINUX_SHIM_SFC_H
#define VS_LINUX_SHIM_SFC_H

#include <linux/kernel.h>

#include <stddef.h>

/* include/linux/moduleparam.h: the parameters are plain variables here. */
#define module_param(name, type, perm)
#define MODULE_PARM_DESC(name, text)

/* include/linux/container_of.h, without its type check. */
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

/* include/linux/netdevice.h: no log, the arguments unevaluated. */
#define netif_vdbg(priv, type, dev, format, ...) ((void)0)

struct napi_struct {
	int weight;
};

struct efx_channel;

struct efx_nic_type {
	void (*push_irq_moderation)(struct efx_channel *channel);
};

struct efx_nic {
	const struct efx_nic_type *type;
	void *net_dev;
	bool irq_rx_adaptive;
	unsigned int irq_mod_step_us;
	unsigned int irq_rx_moderation_us;
};

struct efx_channel {
	struct efx_nic *efx;
	int channel;
	struct napi_struct napi_str;
	unsigned int irq_moderation_us;
	unsigned int irq_count;
	unsigned int irq_mod_score;
};

/* efx_channels.c (static there); the harness's stand-in. */
static int efx_process_channel(struct efx_channel *channel, int budget);

/* efx_channels.h: the harness's channel has its RX queue. */
static inline bool efx_channel_has_rx_queue(struct efx_channel *channel)
{
	(void)channel;
	return true;
}

/* include/linux/filter.h: no XDP redirects to flush. */
static inline void xdp_do_flush_map(void)
{
}

/* include/linux/netdevice.h: NAPI always completes here. */
static inline bool napi_complete_done(struct napi_struct *napi, int work_done)
{
	(void)napi;
	(void)work_done;
	return true;
}

/* nic_common.h: the event queue's read pointer is not modelled. */
static inline void efx_nic_eventq_read_ack(struct efx_channel *channel)
{
	(void)channel;
}

#endif /* VS_LINUX_SHIM_SFC_H */
