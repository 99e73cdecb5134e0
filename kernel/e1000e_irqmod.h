/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * e1000e_irqmod.h - irqmod inside Linux's e1000e driver (docs/driver-conversion.md).
 *
 * scripts/driver-test takes e1000e from Debian's linux-source-6.1 at build
 * time and edits three places (scripts/lib/e1000e-edit.py): e1000.h includes
 * this header and embeds struct e1000e_irqmod in struct e1000_adapter beside
 * the driver's own ITR state (itr, itr_setting, tx_itr, rx_itr);
 * e1000e_poll() calls e1000e_irqmod_poll() where it called e1000_set_itr();
 * e1000_remove() calls e1000e_irqmod_stop() before free_netdev().
 *
 * The module parameter irqmod_mode picks what the poll does:
 *   off     the stock driver, unchanged;
 *   shadow  the stock e1000_set_itr() decides and writes; irqmod's
 *           latency-class (e1000e preset) sees the same counts and every
 *           decision is compared with the stock one;
 *   active  irqmod_kind (optionally wrapped by irqmod_hybrid) decides, and
 *           the driver's own write path programs the answer when it changed.
 */
#ifndef E1000E_IRQMOD_H
#define E1000E_IRQMOD_H

#include <linux/hrtimer.h>
#include <linux/types.h>

#include <irqmod/hybrid.h>
#include <irqmod/latency_class.h>

struct e1000_adapter;

/**
 * struct e1000e_irqmod_counters - what one adapter's polls did, printed at removal.
 * @polls: calls of e1000e_irqmod_poll() (one per completed NAPI cycle).
 * @msix_polls: polls with the adapter in MSI-X mode, where a new rate is
 *	written at the next RX interrupt (e1000_intr_msix_rx()).
 * @compared: shadow: polls whose stock and irqmod decisions were compared.
 * @mismatches: shadow: compared polls that differed in the rate, in whether
 *	it changed, or in the ITR register value.
 * @stock_changes: shadow: polls where e1000_set_itr() set a new rate.
 * @resyncs: shadow: the stock rate or setting moved outside
 *	e1000_set_itr() (ethtool -C, a reset) or a mismatch left the two
 *	apart, so the shadow was set up again from the stock rate.
 * @link_changes: the link speed changed (link up included), so the state
 *	was set up again for the new speed.
 * @raced: shadow: the counts changed while the stock code read them (a TX
 *	interrupt on another CPU), so both sides may have seen different ones.
 * @skipped: shadow: polls not compared (FLAG2_DISABLE_AIM: the stock code
 *	writes 0, which no latency class means).
 * @changed: active: decisions that said the register value changed.
 * @start_writes: active: writes of the start interval at a setup (the
 *	first, and after a link change when the register does not hold it).
 * @writes: active: rates handed to the driver's write path (the start
 *	writes included).
 * @repeat_writes: active: writes whose register value equals the previous
 *	write's (must stay 0: a write restarts the hardware timer).
 * @out_of_bounds: active: decisions outside the config's interval bounds.
 * @poll_actions: active: decisions that kept the interrupt masked and
 *	scheduled the next poll on a timer (IRQMOD_ACTION_POLL).
 * @min_interval_ns: active: the shortest interval decided (re-arm decisions).
 * @max_interval_ns: active: the longest interval decided (re-arm decisions).
 */
struct e1000e_irqmod_counters {
	u64 polls;
	u64 msix_polls;
	u64 compared;
	u64 mismatches;
	u64 stock_changes;
	u64 resyncs;
	u64 link_changes;
	u64 raced;
	u64 skipped;
	u64 changed;
	u64 start_writes;
	u64 writes;
	u64 repeat_writes;
	u64 out_of_bounds;
	u64 poll_actions;
	u32 min_interval_ns;
	u32 max_interval_ns;
};

/**
 * struct e1000e_irqmod - irqmod's state for e1000e's one RX/TX queue pair.
 * @shadow: shadow mode: the latency-class controller fed beside the stock code.
 * @active: active mode: the chosen kind, wrapped by the chosen hybrid.
 * @poll_timer: active mode: schedules the next poll after an
 *	IRQMOD_ACTION_POLL decision, while the interrupt stays masked.
 * @counters: what the polls did.
 * @min_bound_ns: active: shortest interval the config allows.
 * @max_bound_ns: active: longest interval the config allows.
 * @itr_setting: the adapter's itr_setting the state was set up for.
 * @link_speed_mbps: the adapter's link speed the state was set up for.
 * @last_register: active: ITR register value of the last write.
 * @mode: the mode the state was set up for (enum in e1000e_irqmod.c).
 * @ready: set up (at the first poll, from the module parameters).
 * @from_timer: the poll running now was scheduled by @poll_timer.
 */
struct e1000e_irqmod {
	struct irqmod_latency_class shadow;
	struct irqmod_hybrid active;
	struct hrtimer poll_timer;
	struct e1000e_irqmod_counters counters;
	u32 min_bound_ns;
	u32 max_bound_ns;
	u32 itr_setting;
	u32 link_speed_mbps;
	u32 last_register;
	u8 mode;
	bool ready;
	bool from_timer;
};

/**
 * e1000e_irqmod_poll() - the ITR step of e1000e_poll(), after napi_complete_done().
 * @adapter: the adapter whose poll completed.
 * @stock_set_itr: the driver's own e1000_set_itr() (static in netdev.c).
 *
 * Return: true when the interrupt must stay masked because the next poll
 * is already scheduled (an IRQMOD_ACTION_POLL decision in active mode);
 * e1000e_poll() then returns without re-enabling it.
 */
bool e1000e_irqmod_poll(struct e1000_adapter *adapter,
			void (*stock_set_itr)(struct e1000_adapter *adapter));

/**
 * e1000e_irqmod_stop() - cancel the poll timer and print the counters.
 * @adapter: the adapter being removed (its netdev already unregistered).
 */
void e1000e_irqmod_stop(struct e1000_adapter *adapter);

#endif /* E1000E_IRQMOD_H */
