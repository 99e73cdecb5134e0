// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * e1000e_irqmod.c - the glue between e1000e's poll and irqmod (see
 * e1000e_irqmod.h and docs/driver-conversion.md). Compiled into e1000e.ko
 * beside the driver's own files, which scripts/driver-test takes from
 * Debian's linux-source-6.1 at build time.
 */
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/moduleparam.h>
#include <linux/netdevice.h>
#include <linux/string.h>

#include "e1000.h"

/* The ITR register's arithmetic: 256 ns units (e1000e netdev.c e1000e_write_itr()). */
#define E1000E_IRQMOD_NS_PER_S 1000000000u
#define E1000E_IRQMOD_ITR_UNIT_NS 256u
/*
 * The rates e1000e_write_itr() can take: above 3906250 ints/s its
 * 10^9 / (itr * 256) is 0, which turns throttling off; below 60 ints/s the
 * interval leaves the register's 16-bit field (82574 datasheet,
 * ITR.INTERVAL bits 15:0, in 256 ns).
 */
#define E1000E_IRQMOD_MAX_RATE_PER_S (E1000E_IRQMOD_NS_PER_S / E1000E_IRQMOD_ITR_UNIT_NS)
#define E1000E_IRQMOD_MIN_RATE_PER_S 60u
/*
 * e1000_set_itr() fixes 4000 ints/s at every speed but SPEED_1000, link
 * down (speed 0) included; irqmod's classes do so below 1000 Mb/s, so a
 * link that is down is given to irqmod as this slow speed.
 */
#define E1000E_IRQMOD_LINK_DOWN_MBPS 10u
/* How many mismatches are logged with both answers before only counting. */
#define E1000E_IRQMOD_LOGGED_MISMATCHES 5u

enum e1000e_irqmod_mode {
	E1000E_IRQMOD_OFF = 0,
	E1000E_IRQMOD_SHADOW = 1,
	E1000E_IRQMOD_ACTIVE = 2,
};

static const char *const e1000e_irqmod_mode_names[] = { "off", "shadow", "active" };

static unsigned int irqmod_mode = E1000E_IRQMOD_OFF;
static unsigned int irqmod_kind = IRQMOD_KIND_LATENCY_CLASS;
static unsigned int irqmod_hybrid = IRQMOD_HYBRID_NONE;
static unsigned int irqmod_report_polls;

/* name_index() - the index of @value among @count names given by @name_of, or -EINVAL. */
static int name_index(const char *value, unsigned int count, const char *(*name_of)(u32))
{
	unsigned int i;

	for (i = 0; i < count; i++)
		if (sysfs_streq(value, name_of(i)))
			return i;
	return -EINVAL;
}

static const char *mode_name(u32 mode)
{
	return mode < ARRAY_SIZE(e1000e_irqmod_mode_names) ? e1000e_irqmod_mode_names[mode] :
							      "unknown";
}

/* The parameters take names; a wrong one fails insmod with the valid ones listed. */
static int set_name(const char *value, const struct kernel_param *kp, unsigned int count,
		    const char *(*name_of)(u32), const char *valid)
{
	int index = name_index(value, count, name_of);

	if (index < 0) {
		pr_err("e1000e: %s '%s' is not %s\n", kp->name, value, valid);
		return index;
	}
	*(unsigned int *)kp->arg = index;
	return 0;
}

static int set_mode(const char *value, const struct kernel_param *kp)
{
	return set_name(value, kp, ARRAY_SIZE(e1000e_irqmod_mode_names), mode_name,
			"off, shadow or active");
}

static int set_kind(const char *value, const struct kernel_param *kp)
{
	return set_name(value, kp, IRQMOD_KIND_COUNT, irqmod_kind_name,
			"an irqmod kind (static, ixgbe, dim, latency-class, latency-target, ...)");
}

static int set_hybrid(const char *value, const struct kernel_param *kp)
{
	return set_name(value, kp, IRQMOD_HYBRID_COUNT, irqmod_hybrid_kind_name,
			"none, idle-poll, defer-irq or recheck");
}

static int get_mode(char *buffer, const struct kernel_param *kp)
{
	return sysfs_emit(buffer, "%s\n", mode_name(*(unsigned int *)kp->arg));
}

static int get_kind(char *buffer, const struct kernel_param *kp)
{
	return sysfs_emit(buffer, "%s\n", irqmod_kind_name(*(unsigned int *)kp->arg));
}

static int get_hybrid(char *buffer, const struct kernel_param *kp)
{
	return sysfs_emit(buffer, "%s\n", irqmod_hybrid_kind_name(*(unsigned int *)kp->arg));
}

static const struct kernel_param_ops mode_ops = { .set = set_mode, .get = get_mode };
static const struct kernel_param_ops kind_ops = { .set = set_kind, .get = get_kind };
static const struct kernel_param_ops hybrid_ops = { .set = set_hybrid, .get = get_hybrid };

module_param_cb(irqmod_mode, &mode_ops, &irqmod_mode, 0444);
MODULE_PARM_DESC(irqmod_mode, "irqmod: off (stock), shadow (stock decides, irqmod compared) or active");
module_param_cb(irqmod_kind, &kind_ops, &irqmod_kind, 0444);
MODULE_PARM_DESC(irqmod_kind, "irqmod: the controller kind deciding in active mode (default latency-class)");
module_param_cb(irqmod_hybrid, &hybrid_ops, &irqmod_hybrid, 0444);
MODULE_PARM_DESC(irqmod_hybrid, "irqmod: the hybrid around the kind in active mode (default none)");
module_param(irqmod_report_polls, uint, 0444);
MODULE_PARM_DESC(irqmod_report_polls, "irqmod: print the counters every this many polls (0: only at removal)");

static u32 interval_of_rate(u32 rate_per_s)
{
	return rate_per_s ? E1000E_IRQMOD_NS_PER_S / rate_per_s : 0;
}

/* The ITR register value e1000e_write_itr() computes from a rate. */
static u32 register_of_rate(u32 rate_per_s)
{
	return rate_per_s ? E1000E_IRQMOD_NS_PER_S / (rate_per_s * E1000E_IRQMOD_ITR_UNIT_NS) : 0;
}

/* The rate (ints/s, e1000e's adapter->itr unit) that programs @interval_ns. */
static u32 rate_of_interval(u32 interval_ns)
{
	if (interval_ns == 0)
		return 0;
	return clamp_t(u32, E1000E_IRQMOD_NS_PER_S / interval_ns, E1000E_IRQMOD_MIN_RATE_PER_S,
		       E1000E_IRQMOD_MAX_RATE_PER_S);
}

/*
 * The interval bounds of the kinds the driver test runs, from their config;
 * other kinds are not bounded here (0 .. U32_MAX).
 */
static void config_bounds(const struct irqmod_controller_config *config, u32 *min_ns, u32 *max_ns)
{
	const struct irqmod_latency_class_config *classes = &config->config.latency_class;
	const struct irqmod_dim_config *dim = &config->config.dim_config;
	u32 level;

	*min_ns = 0;
	*max_ns = U32_MAX;
	switch (config->kind) {
	case IRQMOD_KIND_STATIC:
		*min_ns = config->config.static_config.rx_interval_ns;
		*max_ns = *min_ns;
		break;
	case IRQMOD_KIND_IXGBE:
		*min_ns = config->config.ixgbe_config.min_interval_ns;
		*max_ns = config->config.ixgbe_config.max_interval_ns;
		break;
	case IRQMOD_KIND_LATENCY_TARGET:
		*min_ns = config->config.latency_target.min_interval_ns;
		*max_ns = config->config.latency_target.max_interval_ns;
		break;
	case IRQMOD_KIND_LATENCY_CLASS:
		/* The register rounds each class's interval down to 256 ns. */
		*min_ns = register_of_rate(classes->class_level[IRQMOD_LATENCY_LOWEST]) *
			  E1000E_IRQMOD_ITR_UNIT_NS;
		*max_ns = interval_of_rate(classes->class_level[IRQMOD_LATENCY_BULK]);
		break;
	case IRQMOD_KIND_DIM:
	case IRQMOD_KIND_ICE:
		*min_ns = U32_MAX;
		*max_ns = 0;
		for (level = 0; level < dim->levels; level++) {
			u32 interval_ns = dim->profiles[level].interval_usecs * 1000u;

			*min_ns = min(*min_ns, interval_ns);
			*max_ns = max(*max_ns, interval_ns);
		}
		break;
	default:
		break;
	}
}

static u32 link_speed_of(const struct e1000_adapter *adapter)
{
	return adapter->link_speed ? adapter->link_speed : E1000E_IRQMOD_LINK_DOWN_MBPS;
}

static enum hrtimer_restart poll_timer_fired(struct hrtimer *timer)
{
	struct e1000_adapter *adapter = container_of(timer, struct e1000_adapter,
						     irqmod.poll_timer);

	/* As the RX interrupt handler does: the next sample starts here. */
	if (napi_schedule_prep(&adapter->napi)) {
		adapter->total_rx_bytes = 0;
		adapter->total_rx_packets = 0;
		adapter->irqmod.from_timer = true;
		__napi_schedule_irqoff(&adapter->napi);
	}
	return HRTIMER_NORESTART;
}

/* The driver's own path: e1000e_write_itr(), or in MSI-X at the next RX interrupt. */
static void write_rate(struct e1000_adapter *adapter, u32 rate_per_s)
{
	struct e1000e_irqmod *im = &adapter->irqmod;
	u32 value = register_of_rate(rate_per_s);

	if (im->counters.writes && value == im->last_register)
		im->counters.repeat_writes++;
	im->counters.writes++;
	im->last_register = value;
	adapter->itr = rate_per_s;
	adapter->rx_ring->itr_val = rate_per_s;
	if (adapter->msix_entries)
		adapter->rx_ring->set_itr = 1;
	else
		e1000e_write_itr(adapter, rate_per_s);
}

/* e1000e's own classes for the adapter's setting: rx-usecs 1 keeps lowest, 3 drops it. */
static int e1000e_classes(const struct e1000e_irqmod *im,
			  struct irqmod_latency_class_config *config)
{
	int err = irqmod_latency_class_preset(config, IRQMOD_LATENCY_CLASS_PRESET_E1000E,
					      im->link_speed_mbps);

	if (!err && im->itr_setting == 1)
		config->conservative = IRQMOD_LATENCY_CONSERVATIVE_OFF;
	return err;
}

static int setup_shadow(struct e1000_adapter *adapter)
{
	struct e1000e_irqmod *im = &adapter->irqmod;
	struct irqmod_latency_class_config config;
	int err = e1000e_classes(im, &config);

	if (err)
		return err;
	config.start_level = adapter->itr;
	return irqmod_latency_class_init(&im->shadow, &config);
}

static int setup_active(struct e1000_adapter *adapter)
{
	struct e1000e_irqmod *im = &adapter->irqmod;
	struct irqmod_hybrid_config config;
	struct irqmod_decision start;
	u32 rate;
	int err;

	err = irqmod_hybrid_default_config(&config, irqmod_hybrid, irqmod_kind,
					   im->link_speed_mbps);
	if (err)
		return err;
	/* The latency classes of this driver, not the kind's igb default. */
	if (irqmod_kind == IRQMOD_KIND_LATENCY_CLASS)
		err = e1000e_classes(im, &config.inner.config.latency_class);
	if (!err)
		err = irqmod_hybrid_init(&im->active, &config);
	if (err)
		return err;
	config_bounds(&config.inner, &im->min_bound_ns, &im->max_bound_ns);
	/*
	 * The start interval, unless the register holds it already: after a
	 * link change, or after ethtool -C wrote its own rate (adapter->itr).
	 */
	irqmod_controller_current(&im->active.inner, &start);
	rate = rate_of_interval(start.rx_interval_ns);
	if (im->counters.writes)
		im->last_register = register_of_rate(adapter->itr);
	if (!im->counters.writes || register_of_rate(rate) != im->last_register) {
		im->counters.start_writes++;
		write_rate(adapter, rate);
	}
	return 0;
}

/* (Re)build the state from the parameters and the adapter's current settings. */
static void setup(struct e1000_adapter *adapter)
{
	struct e1000e_irqmod *im = &adapter->irqmod;
	int err = 0;

	if (!im->ready) {
		im->mode = irqmod_mode;
		hrtimer_init(&im->poll_timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
		im->poll_timer.function = poll_timer_fired;
		im->counters.min_interval_ns = U32_MAX;
		netdev_info(adapter->netdev, "irqmod: mode %s, kind %s, hybrid %s\n",
			    mode_name(im->mode), irqmod_kind_name(irqmod_kind),
			    irqmod_hybrid_kind_name(irqmod_hybrid));
	} else if (im->link_speed_mbps != link_speed_of(adapter)) {
		im->counters.link_changes++;
	} else {
		im->counters.resyncs++;
	}
	im->itr_setting = adapter->itr_setting;
	im->link_speed_mbps = link_speed_of(adapter);
	if (im->mode == E1000E_IRQMOD_SHADOW)
		err = setup_shadow(adapter);
	else if (im->mode == E1000E_IRQMOD_ACTIVE)
		err = setup_active(adapter);
	if (err) {
		netdev_err(adapter->netdev, "irqmod: setup failed: %s; the stock code decides\n",
			   irqmod_strerror(err));
		im->mode = E1000E_IRQMOD_OFF;
	}
	im->ready = true;
}

/* The counts e1000_set_itr() reads, as an irqmod sample. */
static void read_sample(const struct e1000_adapter *adapter, struct irqmod_sample *sample)
{
	sample->now_ns = ktime_get_ns();
	sample->rx_bytes = adapter->total_rx_bytes;
	sample->tx_bytes = adapter->total_tx_bytes;
	sample->rx_packets = adapter->total_rx_packets;
	sample->tx_packets = adapter->total_tx_packets;
	sample->events = 1;
	sample->flags = adapter->irqmod.from_timer ? 0 : IRQMOD_SAMPLE_FROM_INTERRUPT;
}

static bool same_counts(const struct irqmod_sample *a, const struct irqmod_sample *b)
{
	return a->rx_bytes == b->rx_bytes && a->tx_bytes == b->tx_bytes &&
	       a->rx_packets == b->rx_packets && a->tx_packets == b->tx_packets;
}

static void shadow_poll(struct e1000_adapter *adapter, struct irqmod_sample *sample,
			void (*stock_set_itr)(struct e1000_adapter *adapter))
{
	struct e1000e_irqmod *im = &adapter->irqmod;
	struct e1000e_irqmod_counters *counters = &im->counters;
	struct irqmod_decision decision;
	struct irqmod_sample after;
	u32 stock_before = adapter->itr;
	u32 stock_register;
	bool stock_changed;
	unsigned long flags;

	/*
	 * With MSI-X, the TX vector's handler resets and refills total_tx_*
	 * in hard-IRQ context; interrupts stay off here so that it cannot run
	 * on this CPU between the sample and the stock code's own read, and a
	 * second read catches a handler on another CPU.
	 */
	local_irq_save(flags);
	read_sample(adapter, sample);
	stock_set_itr(adapter);
	read_sample(adapter, &after);
	local_irq_restore(flags);
	if (!same_counts(sample, &after))
		counters->raced++;
	if (adapter->flags2 & FLAG2_DISABLE_AIM) {
		counters->skipped++;
		return;
	}
	irqmod_latency_class_update(&im->shadow, sample, &decision);
	stock_changed = adapter->itr != stock_before;
	stock_register = register_of_rate(adapter->itr);
	counters->compared++;
	counters->stock_changes += stock_changed;
	if (adapter->itr == im->shadow.level && stock_changed == decision.changed &&
	    stock_register == im->shadow.register_value)
		return;
	if (counters->mismatches++ < E1000E_IRQMOD_LOGGED_MISMATCHES)
		netdev_warn(adapter->netdev,
			    "irqmod: shadow mismatch at poll %llu (rx %llu B %u pkts, tx %llu B %u pkts): stock itr %u (%s, register %u), irqmod level %u (%s, register %u)\n",
			    counters->polls, sample->rx_bytes, sample->rx_packets,
			    sample->tx_bytes, sample->tx_packets, adapter->itr,
			    stock_changed ? "changed" : "kept", stock_register, im->shadow.level,
			    decision.changed ? "changed" : "kept", im->shadow.register_value);
}

static bool active_poll(struct e1000_adapter *adapter, const struct irqmod_sample *sample)
{
	struct e1000e_irqmod *im = &adapter->irqmod;
	struct e1000e_irqmod_counters *counters = &im->counters;
	struct irqmod_decision decision;

	irqmod_hybrid_update(&im->active, sample, &decision);
	if (decision.action == IRQMOD_ACTION_POLL) {
		counters->poll_actions++;
		hrtimer_start(&im->poll_timer, ns_to_ktime(decision.poll_delay_ns),
			      HRTIMER_MODE_REL);
		return true;
	}
	counters->min_interval_ns = min(counters->min_interval_ns, decision.rx_interval_ns);
	counters->max_interval_ns = max(counters->max_interval_ns, decision.rx_interval_ns);
	if (decision.rx_interval_ns < im->min_bound_ns ||
	    decision.rx_interval_ns > im->max_bound_ns)
		counters->out_of_bounds++;
	if (decision.changed) {
		counters->changed++;
		write_rate(adapter, rate_of_interval(decision.rx_interval_ns));
	}
	return false;
}

/* One line of every counter, which scripts/driver-test reads from the console. */
static void print_counters(const struct e1000_adapter *adapter, const char *what)
{
	const struct e1000e_irqmod *im = &adapter->irqmod;
	const struct e1000e_irqmod_counters *c = &im->counters;

	netdev_info(adapter->netdev,
		    "%s: mode=%s kind=%s hybrid=%s polls=%llu msix_polls=%llu compared=%llu mismatches=%llu stock_changes=%llu resyncs=%llu link_changes=%llu raced=%llu skipped=%llu changed=%llu start_writes=%llu writes=%llu repeat_writes=%llu out_of_bounds=%llu poll_actions=%llu min_interval_ns=%u max_interval_ns=%u min_bound_ns=%u max_bound_ns=%u\n",
		    what, mode_name(im->mode), irqmod_kind_name(irqmod_kind),
		    irqmod_hybrid_kind_name(irqmod_hybrid), c->polls, c->msix_polls, c->compared,
		    c->mismatches,
		    c->stock_changes, c->resyncs, c->link_changes, c->raced, c->skipped, c->changed,
		    c->start_writes, c->writes, c->repeat_writes, c->out_of_bounds, c->poll_actions,
		    c->min_interval_ns == U32_MAX ? 0 : c->min_interval_ns, c->max_interval_ns,
		    im->min_bound_ns, im->max_bound_ns);
}

bool e1000e_irqmod_poll(struct e1000_adapter *adapter,
			void (*stock_set_itr)(struct e1000_adapter *adapter))
{
	struct e1000e_irqmod *im = &adapter->irqmod;
	struct irqmod_sample sample;
	bool keep_masked = false;

	if (!im->ready || im->itr_setting != adapter->itr_setting ||
	    im->link_speed_mbps != link_speed_of(adapter) ||
	    (im->mode == E1000E_IRQMOD_SHADOW && adapter->itr != im->shadow.level))
		setup(adapter);
	im->counters.polls++;
	im->counters.msix_polls += adapter->msix_entries != NULL;
	switch (im->mode) {
	case E1000E_IRQMOD_SHADOW:
		shadow_poll(adapter, &sample, stock_set_itr);
		break;
	case E1000E_IRQMOD_ACTIVE:
		read_sample(adapter, &sample);
		keep_masked = active_poll(adapter, &sample);
		break;
	default:
		stock_set_itr(adapter);
		break;
	}
	im->from_timer = false;
	if (irqmod_report_polls) {
		u32 rest;

		div_u64_rem(im->counters.polls, irqmod_report_polls, &rest);
		if (rest == 0)
			print_counters(adapter, "irqmod-progress");
	}
	return keep_masked;
}

void e1000e_irqmod_stop(struct e1000_adapter *adapter)
{
	if (!adapter->irqmod.ready)
		return;
	hrtimer_cancel(&adapter->irqmod.poll_timer);
	print_counters(adapter, "irqmod-counters");
}
