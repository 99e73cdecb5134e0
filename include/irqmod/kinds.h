/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The kind list: one entry per controller kind, in enum irqmod_kind order
 * (the enum values are ABI: a new kind goes at the end). An entry is the
 * kind's header and one row; everything else a kind needs is derived from
 * the rows: enum irqmod_kind and the unions of controller.h, the kind
 * table (lib/controller.c), the scenario layer's companion table
 * (lib/scenario/kinds.c), lib/meson.build's source and header lists, the
 * symbol map, tests/meson.build's unit tests and the per-kind test tables.
 *
 * No include guard: a user defines IRQMOD_KIND() and IRQMOD_KIND_PRESET(),
 * includes this file to expand the rows, and undefines them again.
 *
 * IRQMOD_KIND(E, k, name, config_type, state_member, config_member,
 *             max_link_speed_mbps, hybrid_rule, knobs):
 *   E        IRQMOD_KIND_E, its enum value;
 *   k        its module: functions irqmod_k_*(), state struct irqmod_k,
 *            lib/k.c (which defines irqmod_k_kind_defaults()),
 *            tests/test_k.c and tests/kinds/k.h;
 *   name     its short name (irqmod_kind_name(), the scenario grammar);
 *   config_type, state_member, config_member: its config struct and its
 *            members of struct irqmod_controller's and struct
 *            irqmod_controller_config's unions;
 *   max_link_speed_mbps: fastest link its config takes (UINT32_MAX: any);
 *   hybrid_rule: IRQMOD_NEVER_POLLS, or IRQMOD_POLLS_WHILE(field) for a
 *            kind that answers POLL by itself while that uint32_t of its
 *            config is not 0 (struct irqmod_kind_desc, @self_poll_field);
 *   knobs:   IRQMOD_NO_KNOBS, or the name of a macro of its header that
 *            lists its scenario knobs (IRQMOD_KNOB(member, name,
 *            is_duration, help), see lib/scenario/kinds.c).
 * IRQMOD_KIND_PRESET(E, k, p): kind IRQMOD_KIND_E, named "p", runs module
 *   k's state and config with other defaults: irqmod_p_kind_defaults() in
 *   lib/k.c.
 *
 * Included without IRQMOD_KIND(), it gives the kinds' declarations through
 * controller.h, as any other header gives its own.
 */
#ifndef IRQMOD_KIND
#include "irqmod/controller.h"
#else
#include "irqmod/static.h"
IRQMOD_KIND(STATIC, static, "static", struct irqmod_static_config, static_state, static_config, UINT32_MAX, IRQMOD_NEVER_POLLS, IRQMOD_NO_KNOBS)
#include "irqmod/ixgbe.h"
IRQMOD_KIND(IXGBE, ixgbe, "ixgbe", struct irqmod_intel_itr_config, ixgbe_state, ixgbe_config, IRQMOD_IXGBE_MAX_LINK_SPEED_MBPS, IRQMOD_NEVER_POLLS, IRQMOD_IXGBE_KNOBS)
#include "irqmod/i40e.h"
IRQMOD_KIND(I40E, i40e, "i40e", struct irqmod_intel_itr_config, i40e_state, i40e_config, IRQMOD_I40E_MAX_LINK_SPEED_MBPS, IRQMOD_NEVER_POLLS, IRQMOD_I40E_KNOBS)
#include "irqmod/dim.h"
IRQMOD_KIND(DIM, dim, "dim", struct irqmod_dim_config, dim_state, dim_config, UINT32_MAX, IRQMOD_NEVER_POLLS, IRQMOD_NO_KNOBS)
IRQMOD_KIND_PRESET(ICE, dim, ice)
IRQMOD_KIND(DIM_RDMA, dim_rdma, "dim-rdma", struct irqmod_dim_rdma_config, dim_rdma_state, dim_rdma_config, UINT32_MAX, IRQMOD_NEVER_POLLS, IRQMOD_NO_KNOBS)
#include "irqmod/latency_class.h"
IRQMOD_KIND(LATENCY_CLASS, latency_class, "latency-class", struct irqmod_latency_class_config, latency_class, latency_class, UINT32_MAX, IRQMOD_NEVER_POLLS, IRQMOD_NO_KNOBS)
#include "irqmod/average_size.h"
IRQMOD_KIND(AVERAGE_SIZE, average_size, "average-size", struct irqmod_average_size_config, average_size, average_size, UINT32_MAX, IRQMOD_NEVER_POLLS, IRQMOD_NO_KNOBS)
#include "irqmod/ixgbe_legacy.h"
IRQMOD_KIND(IXGBE_LEGACY, ixgbe_legacy, "ixgbe-legacy", struct irqmod_ixgbe_legacy_config, ixgbe_legacy, ixgbe_legacy, UINT32_MAX, IRQMOD_NEVER_POLLS, IRQMOD_NO_KNOBS)
#include "irqmod/latency_target.h"
IRQMOD_KIND(LATENCY_TARGET, latency_target, "latency-target", struct irqmod_latency_target_config, latency_target, latency_target, UINT32_MAX, IRQMOD_POLLS_WHILE(poll_packets), IRQMOD_LATENCY_TARGET_KNOBS)
#include "irqmod/mlx4.h"
IRQMOD_KIND(MLX4, mlx4, "mlx4", struct irqmod_mlx4_config, mlx4, mlx4, UINT32_MAX, IRQMOD_NEVER_POLLS, IRQMOD_MLX4_KNOBS)
#include "irqmod/sfc.h"
IRQMOD_KIND(SFC, sfc, "sfc", struct irqmod_sfc_config, sfc, sfc, UINT32_MAX, IRQMOD_NEVER_POLLS, IRQMOD_SFC_KNOBS)
#endif
