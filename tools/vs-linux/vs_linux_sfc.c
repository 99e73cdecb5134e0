// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * The Linux side for sfc: efx_poll() and efx_update_irq_mod() as extracted
 * into the build folder, on one channel with an RX queue set up as
 * efx_probe_nic() and efx_init_irq_moderation() do (irq_mod_step_us =
 * DIV_ROUND_UP(timer_quantum_ns, 1000), irq_rx_moderation_us and the
 * channel's irq_moderation_us = rx_irq_mod_usec, adaptive on), or with the
 * row's own rx_usecs and thresholds (the module parameters). The poll's
 * events are efx_process_channel(): each RX packet adds 2 to the score, as
 * efx_ef10_handle_rx_event() (ef10.c) adds 2 * n_packets per event.
 */
#include <string.h>

#include "linux_sfc.c"

#include "vs_linux.h"

static struct efx_nic efx;
static struct efx_channel channel;
static unsigned int pushes;
static unsigned int poll_rx_packets;
static int poll_spent;

static void vsl_sfc_push(struct efx_channel *c)
{
	(void)c;
	pushes++;
}

static const struct efx_nic_type vsl_sfc_type = { .push_irq_moderation = vsl_sfc_push };

static int efx_process_channel(struct efx_channel *c, int budget)
{
	(void)budget;
	c->irq_mod_score += 2 * poll_rx_packets;
	return poll_spent;
}

/* The module parameters as Linux initialises them, before a row sets its own. */
static unsigned int default_low_thresh, default_high_thresh;
static bool defaults_saved;

static void vsl_sfc_save_defaults(void)
{
	if (defaults_saved)
		return;
	default_low_thresh = irq_adapt_low_thresh;
	default_high_thresh = irq_adapt_high_thresh;
	defaults_saved = true;
}

void vsl_sfc_defaults(uint32_t *rx_usecs, uint32_t *score_low, uint32_t *score_high)
{
	vsl_sfc_save_defaults();
	*rx_usecs = rx_irq_mod_usec;
	*score_low = default_low_thresh;
	*score_high = default_high_thresh;
}

void vsl_sfc_setup(uint32_t timer_quantum_ns, uint32_t rx_usecs, uint32_t score_low,
		   uint32_t score_high)
{
	vsl_sfc_save_defaults();
	memset(&efx, 0, sizeof(efx));
	memset(&channel, 0, sizeof(channel));
	efx.type = &vsl_sfc_type;
	efx.irq_mod_step_us = DIV_ROUND_UP(timer_quantum_ns, 1000);
	efx.irq_rx_adaptive = true;
	efx.irq_rx_moderation_us = rx_usecs;
	channel.efx = &efx;
	channel.irq_moderation_us = rx_usecs;
	irq_adapt_low_thresh = score_low;
	irq_adapt_high_thresh = score_high;
	pushes = 0;
}

void vsl_sfc_prepare(const struct vsl_counts *counts, bool budget_exhausted)
{
	poll_rx_packets = counts->rx_packets;
	poll_spent = (int)(budget_exhausted ? VSL_SFC_BUDGET : counts->rx_packets);
}

VSL_WRAPPER void linux_bench_efx_poll(void)
{
	efx_poll(&channel.napi_str, VSL_SFC_BUDGET);
}

void vsl_sfc_result(struct vsl_result *result)
{
	memset(result, 0, sizeof(*result));
	result->level = channel.irq_moderation_us;
	result->written = pushes != 0;
	pushes = 0;
}
