/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/hybrid.h"
#include "config_error.h"
#include "hybrid_steps.h"

/*
 * The hybrid table, like the kind table of lib/controller.c: each hybrid's
 * functions in untyped form through one-line wrappers.
 */
struct irqmod_hybrid_desc {
	const char *name;
	int (*default_config)(void *config);
	int (*config_check)(const void *config, struct irqmod_config_error *error);
	int (*init)(void *state, const void *config);
	void (*reset)(void *state);
	void (*update)(void *state, const struct irqmod_inner *inner,
		       const struct irqmod_sample *sample,
		       struct irqmod_decision *decision);
};

#define IRQMOD_HYBRID_FUNCTIONS(h)                                             \
	static int h##_defaults_any(void *config)                              \
	{                                                                      \
		return irqmod_##h##_default_config(                            \
			(struct irqmod_##h##_config *)config);                 \
	}                                                                      \
	static int h##_check_any(const void *config,                           \
				 struct irqmod_config_error *error)            \
	{                                                                      \
		return irqmod_##h##_config_check(                              \
			(const struct irqmod_##h##_config *)config, error);    \
	}                                                                      \
	static int h##_init_any(void *state, const void *config)               \
	{                                                                      \
		return irqmod_##h##_init(                                      \
			(struct irqmod_##h *)state,                            \
			(const struct irqmod_##h##_config *)config);           \
	}                                                                      \
	static void h##_reset_any(void *state)                                 \
	{                                                                      \
		irqmod_##h##_reset((struct irqmod_##h *)state);                \
	}                                                                      \
	static void h##_update_any(void *state,                                \
				   const struct irqmod_inner *inner,           \
				   const struct irqmod_sample *sample,         \
				   struct irqmod_decision *decision)           \
	{                                                                      \
		irqmod_##h##_update((struct irqmod_##h *)state, inner, sample, \
				    decision);                                 \
	}

#define IRQMOD_HYBRID_ENTRY(hybrid_name, h)                                    \
	{                                                                      \
		.name = hybrid_name,                                           \
		.default_config = h##_defaults_any,                            \
		.config_check = h##_check_any,                                 \
		.init = h##_init_any,                                          \
		.reset = h##_reset_any,                                        \
		.update = h##_update_any,                                      \
	}

IRQMOD_HYBRID_FUNCTIONS(idle_poll)
IRQMOD_HYBRID_FUNCTIONS(defer_irq)
IRQMOD_HYBRID_FUNCTIONS(recheck)

/* IRQMOD_HYBRID_NONE has a name and no functions. */
static const struct irqmod_hybrid_desc irqmod_hybrids[IRQMOD_HYBRID_COUNT] = {
	[IRQMOD_HYBRID_NONE] = { .name = "none" },
	[IRQMOD_HYBRID_IDLE_POLL] = IRQMOD_HYBRID_ENTRY("idle-poll", idle_poll),
	[IRQMOD_HYBRID_DEFER_IRQ] = IRQMOD_HYBRID_ENTRY("defer-irq", defer_irq),
	[IRQMOD_HYBRID_RECHECK] = IRQMOD_HYBRID_ENTRY("recheck", recheck),
};

const char *irqmod_hybrid_kind_name(uint32_t kind)
{
	return kind < IRQMOD_HYBRID_COUNT ? irqmod_hybrids[kind].name : "unknown";
}

/*
 * The kind table's entry of @inner_kind when that kind polls by itself
 * (its self_poll_field), else NULL: a kind that never polls, or an
 * unknown kind (whose init fails on its own).
 */
static const struct irqmod_kind_desc *self_polling(uint32_t inner_kind)
{
	const struct irqmod_kind_desc *desc = irqmod_kind_describe(inner_kind);

	return desc && desc->self_poll_field ? desc : NULL;
}

int irqmod_hybrid_default_config(struct irqmod_hybrid_config *config,
				 uint32_t kind, uint32_t inner_kind,
				 uint32_t link_speed_mbps)
{
	const struct irqmod_kind_desc *desc;
	int error;

	if (!config)
		return -IRQMOD_EINVAL;
	if (kind >= IRQMOD_HYBRID_COUNT)
		return -IRQMOD_EKIND;
	error = irqmod_controller_default_config(&config->inner, inner_kind,
						 link_speed_mbps);
	if (error)
		return error;
	config->kind = kind;
	desc = self_polling(inner_kind);
	if (kind != IRQMOD_HYBRID_NONE && desc) /* the hybrid polls */
		*(uint32_t *)(void *)((unsigned char *)&config->inner.config +
				      desc->self_poll_offset) = 0;
	if (irqmod_hybrids[kind].default_config)
		return irqmod_hybrids[kind].default_config(&config->config);
	return 0;
}

/*
 * Around a hybrid the inner controller only picks the interval: the hybrid
 * does the polling (docs/latency-target.md, "Polling"), so an inner kind
 * that would answer POLL itself (the kind table's self_poll_field) is
 * refused.
 */
static int inner_polls_check(const struct irqmod_hybrid_config *config,
			     struct irqmod_config_error *error)
{
	const struct irqmod_kind_desc *desc = self_polling(config->inner.kind);
	uint32_t polls;

	if (config->kind == IRQMOD_HYBRID_NONE || !desc)
		return 0;
	polls = *(const uint32_t *)(const void *)((const unsigned char *)&config->inner.config +
						  desc->self_poll_offset);
	if (polls != 0)
		return irqmod_reject(error, "hybrid", desc->self_poll_field, polls,
				     "turns on the inner controller's own polling, which the hybrid does; must be",
				     NULL, 0, -IRQMOD_ERANGE);
	return 0;
}

int irqmod_hybrid_config_check(const struct irqmod_hybrid_config *config,
			       struct irqmod_config_error *error)
{
	int code;

	if (!config)
		return irqmod_reject_null(error, "hybrid");
	if (config->kind >= IRQMOD_HYBRID_COUNT)
		return irqmod_reject(error, "hybrid", "kind", config->kind,
				     "is not below", "the number of hybrid kinds",
				     IRQMOD_HYBRID_COUNT, -IRQMOD_EKIND);
	if (irqmod_hybrids[config->kind].config_check) {
		code = irqmod_hybrids[config->kind].config_check(&config->config,
								 error);
		if (code)
			return code;
	}
	code = irqmod_controller_config_check(&config->inner, error);
	if (code)
		return code;
	return inner_polls_check(config, error);
}

int irqmod_hybrid_init(struct irqmod_hybrid *hybrid,
		       const struct irqmod_hybrid_config *config)
{
	const struct irqmod_hybrid_desc *desc;
	int error;

	if (!hybrid || !config)
		return -IRQMOD_EINVAL;
	if (config->kind >= IRQMOD_HYBRID_COUNT)
		return -IRQMOD_EKIND;
	desc = &irqmod_hybrids[config->kind];
	/* Check the hybrid's settings first, then set up the inner
	 * controller (untouched on its own error), then the hybrid, which
	 * can no longer fail: @hybrid stays untouched on every error. */
	if (desc->config_check) {
		error = desc->config_check(&config->config, NULL);
		if (error)
			return error;
	}
	error = inner_polls_check(config, NULL);
	if (error)
		return error;
	error = irqmod_controller_init(&hybrid->inner, &config->inner);
	if (error)
		return error;
	if (desc->init)
		error = desc->init(&hybrid->own, &config->config);
	hybrid->kind = config->kind;
	/* The kind's own update, on &hybrid->inner.state, without the
	 * generic dispatch (a successful init means a known kind). */
	hybrid->inner_update = irqmod_kind_describe(hybrid->inner.kind)->update;
	return error;
}

void irqmod_hybrid_reset(struct irqmod_hybrid *hybrid)
{
	irqmod_controller_reset(&hybrid->inner);
	if (hybrid->kind < IRQMOD_HYBRID_COUNT && irqmod_hybrids[hybrid->kind].reset)
		irqmod_hybrids[hybrid->kind].reset(&hybrid->own);
}

/*
 * No hybrid: the controller's own answer, POLL included (the
 * latency-target controller polls by itself under load).
 */
static void none_step(struct irqmod_hybrid *hybrid, const struct irqmod_sample *sample,
		      struct irqmod_decision *decision)
{
	irqmod_controller_update(&hybrid->inner, sample, decision);
}

/*
 * Each kind's update on the whole hybrid, indexed by kind: one bounds test
 * and one indirect jump with the caller's arguments as they came (issue
 * 20: the switch with three arguments to set up cost 9 to 13 instructions
 * a call; issue 11: building a struct irqmod_inner had cost 23).
 */
typedef void (*irqmod_hybrid_step_fn)(struct irqmod_hybrid *hybrid,
				      const struct irqmod_sample *sample,
				      struct irqmod_decision *decision);

static const irqmod_hybrid_step_fn irqmod_hybrid_steps[IRQMOD_HYBRID_COUNT] = {
	[IRQMOD_HYBRID_NONE] = none_step,
	[IRQMOD_HYBRID_IDLE_POLL] = irqmod_idle_poll_step,
	[IRQMOD_HYBRID_DEFER_IRQ] = irqmod_defer_irq_step,
	[IRQMOD_HYBRID_RECHECK] = irqmod_recheck_step,
};

void irqmod_hybrid_update(struct irqmod_hybrid *hybrid,
			  const struct irqmod_sample *sample,
			  struct irqmod_decision *decision)
{
	/* An unknown kind (a struct never initialised) answers as NONE. */
	uint32_t kind = hybrid->kind < IRQMOD_HYBRID_COUNT ? hybrid->kind :
							     IRQMOD_HYBRID_NONE;

	irqmod_hybrid_steps[kind](hybrid, sample, decision);
}
