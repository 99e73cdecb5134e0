// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * The Linux side for net DIM and RDMA DIM: Linux's lib/dim/{dim,net_dim,
 * rdma_dim}.c compiled whole from the build folder, driven as a NIC driver
 * drives them (e.g. mlx5 en_txrx.c / en_dim.c, ice_txrx.c):
 *
 * - the driver keeps cumulative counters (u64 packets and bytes, a u16 event
 *   counter) and before each net_dim() call stores them in a struct
 *   dim_sample with dim_update_sample(), which also reads ktime_get() (here
 *   the settable clock of the kernel.h shim, set to the poll's time);
 * - when net_dim() picks a new profile it sets DIM_APPLY_NEW_PROFILE and
 *   schedules dim->work; the work item programs the profile and sets
 *   DIM_START_MEASURE. vsl_dim_result() does that before the next sample,
 *   which is the timing irqmod implements (docs/dim.md, "How irqmod differs
 *   from Linux in timing, exactly");
 * - rdma_dim() counts one event per call itself (drivers/infiniband/core/
 *   cq.c calls it once per CQ poll with the completions of that poll).
 *
 * A net struct dim starts zeroed, as drivers allocate it: DIM_START_MEASURE
 * and DIM_PARKING_ON_TOP, with profile_ix set to the start profile. The
 * RDMA one starts as the RDMA core's rdma_dim_init() (drivers/infiniband/
 * core/cq.c) sets it: DIM_START_MEASURE, DIM_GOING_RIGHT, profile
 * RDMA_DIM_START_PROFILE. Its profiles are the RDMA core's table
 * (cq.c rdma_dim_prof), extracted with the rest.
 */
#include <string.h>

#include <linux/dim.h>

#include "linux_rdma_profiles.c"
#include "vs_linux.h"

ktime_t vsl_now_ns;
unsigned long vsl_jiffies;

static struct dim net;
static struct dim_sample net_sample;
static u64 net_packets;
static u64 net_bytes;
static u16 net_events;

static struct dim rdma;
static u64 rdma_completions;

void vsl_dim_setup(uint32_t start_level, uint32_t start_packets, uint32_t start_bytes,
		   uint16_t start_events)
{
	memset(&net, 0, sizeof(net));
	memset(&net_sample, 0, sizeof(net_sample));
	net.profile_ix = (u8)start_level;
	net_packets = start_packets;
	net_bytes = start_bytes;
	net_events = start_events;
}

void vsl_dim_prepare(const struct vsl_counts *counts, bool tx)
{
	vsl_now_ns = (ktime_t)counts->now_ns;
	net_packets += tx ? counts->tx_packets : counts->rx_packets;
	net_bytes += tx ? counts->tx_bytes : counts->rx_bytes;
	net_events = (u16)(net_events + counts->events);
	dim_update_sample(net_events, net_packets, net_bytes, &net_sample);
}

bool vsl_dim_counting_only(void)
{
	return net.state == DIM_MEASURE_IN_PROGRESS &&
	       BIT_GAP(BITS_PER_TYPE(u16), net_sample.event_ctr,
		       net.start_sample.event_ctr) < DIM_NEVENTS;
}

VSL_WRAPPER void linux_bench_net_dim(void)
{
	net_dim(&net, net_sample);
}

VSL_WRAPPER void linux_bench_net_dim_count(void)
{
	net_dim(&net, net_sample);
}

/*
 * net_dim() as upstream has it since 2024 (61bf0009a765): the same 6.1
 * function with its sample passed by reference, rewritten by
 * tools/vs-linux/extract.py into net_dim_by_ref.c.
 */
void net_dim_by_ref(struct dim *dim, const struct dim_sample *end_sample);

VSL_WRAPPER void linux_bench_net_dim_by_ref(void)
{
	net_dim_by_ref(&net, &net_sample);
}

VSL_WRAPPER void linux_bench_net_dim_by_ref_count(void)
{
	net_dim_by_ref(&net, &net_sample);
}

static void vsl_work(struct dim *dim, struct vsl_result *result)
{
	memset(result, 0, sizeof(*result));
	/* The work item: program dim->profile_ix, then measure again. */
	if (dim->state == DIM_APPLY_NEW_PROFILE) {
		result->written = true;
		dim->state = DIM_START_MEASURE;
	}
	result->level = dim->profile_ix;
}

void vsl_dim_result(struct vsl_result *result)
{
	vsl_work(&net, result);
}

void vsl_dim_moderation(bool tx, bool cqe_mode, uint32_t level, uint32_t *usecs,
			uint32_t *packets)
{
	u8 mode = cqe_mode ? DIM_CQ_PERIOD_MODE_START_FROM_CQE :
			     DIM_CQ_PERIOD_MODE_START_FROM_EQE;
	struct dim_cq_moder moder = tx ? net_dim_get_tx_moderation(mode, (int)level) :
					 net_dim_get_rx_moderation(mode, (int)level);

	*usecs = moder.usec;
	*packets = moder.pkts;
}

void vsl_rdma_moderation(uint32_t level, uint32_t *usecs, uint32_t *completions)
{
	*usecs = rdma_dim_prof[level].usec;
	*completions = rdma_dim_prof[level].comps;
}

uint32_t vsl_rdma_levels(void)
{
	return ARRAY_SIZE(rdma_dim_prof);
}

void vsl_rdma_setup(uint32_t start_level)
{
	memset(&rdma, 0, sizeof(rdma));
	rdma.state = DIM_START_MEASURE;
	rdma.tune_state = DIM_GOING_RIGHT;
	rdma.profile_ix = (u8)start_level;
	rdma_completions = 0;
}

void vsl_rdma_prepare(const struct vsl_counts *counts)
{
	vsl_now_ns = (ktime_t)counts->now_ns;
	rdma_completions = counts->completions;
}

bool vsl_rdma_counting_only(void)
{
	/* rdma_dim() adds this call's event first, then compares. */
	return rdma.state == DIM_MEASURE_IN_PROGRESS &&
	       (u32)((u16)(rdma.measuring_sample.event_ctr + 1) -
		     rdma.start_sample.event_ctr) < DIM_NEVENTS;
}

VSL_WRAPPER void linux_bench_rdma_dim(void)
{
	rdma_dim(&rdma, rdma_completions);
}

VSL_WRAPPER void linux_bench_rdma_dim_count(void)
{
	rdma_dim(&rdma, rdma_completions);
}

void vsl_rdma_result(struct vsl_result *result)
{
	vsl_work(&rdma, result);
}
