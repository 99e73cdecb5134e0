/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * How a config check reports the field it rejects: one call that fills the
 * caller's struct irqmod_config_error (when it passed one) and returns the
 * code, so a check reads "return irqmod_reject(...)".
 */
#ifndef IRQMOD_CONFIG_ERROR_H
#define IRQMOD_CONFIG_ERROR_H

#include "irqmod/common.h"

/**
 * irqmod_reject() - fill @error (if not NULL) and return @code.
 * @error: the caller's error, or NULL.
 * @kind: controller or hybrid name, static.
 * @field: config field name, static.
 * @value: the rejected value.
 * @problem: "is below", "is above", ...; static.
 * @limit_name: what the limit is, static, or NULL for a plain number.
 * @limit: the bound.
 * @code: a negative -IRQMOD_E... code.
 *
 * Return: @code.
 */
static inline int irqmod_reject(struct irqmod_config_error *error,
				const char *kind, const char *field,
				uint64_t value, const char *problem,
				const char *limit_name, uint64_t limit, int code)
{
	if (error) {
		error->kind = kind;
		error->field = field;
		error->problem = problem;
		error->limit_name = limit_name;
		error->value = value;
		error->limit = limit;
		error->code = code;
		error->omit = 0;
	}
	return code;
}

/*
 * irqmod_reject_rule() - irqmod_reject() for a rule that has no limit to
 * show ("is not supported"), or neither a value nor a limit when @omit
 * also has IRQMOD_CONFIG_ERROR_OMIT_VALUE ("is a NULL pointer").
 */
static inline int irqmod_reject_rule(struct irqmod_config_error *error,
				     const char *kind, const char *field,
				     uint64_t value, const char *problem,
				     uint32_t omit, int code)
{
	(void)irqmod_reject(error, kind, field, value, problem, NULL, 0, code);
	if (error)
		error->omit = omit | IRQMOD_CONFIG_ERROR_OMIT_LIMIT;
	return code;
}

/*
 * irqmod_itr_encoding_level_reject() - 0 when @level is valid in @encoding
 * (irqmod_itr_encoding_level_valid()), else -IRQMOD_ERANGE with @error
 * filled: @field is below the encoding's minimum or above its maximum.
 * @encoding must be below IRQMOD_ITR_ENCODING_COUNT (itr_encoding.c).
 */
int irqmod_itr_encoding_level_reject(uint32_t encoding, uint32_t level,
				     const char *kind, const char *field,
				     struct irqmod_config_error *error);

/*
 * irqmod_enum_reject() - 0 when @value < @count, else -IRQMOD_EINVAL with
 * @error filled ("FIELD VALUE is not below the number of values COUNT").
 */
static inline int irqmod_enum_reject(struct irqmod_config_error *error,
				     const char *kind, const char *field,
				     uint32_t value, uint32_t count)
{
	if (value < count)
		return 0;
	return irqmod_reject(error, kind, field, value, "is not below",
			     "the number of values", count, -IRQMOD_EINVAL);
}

/**
 * irqmod_reject_null() - irqmod_reject() for a NULL config pointer:
 * "KIND: config is a NULL pointer".
 * @error: the caller's error, or NULL.
 * @kind: controller or hybrid name, static.
 *
 * Return: -IRQMOD_EINVAL.
 */
static inline int irqmod_reject_null(struct irqmod_config_error *error, const char *kind)
{
	return irqmod_reject_rule(error, kind, "config", 0, "is a NULL pointer",
				  IRQMOD_CONFIG_ERROR_OMIT_VALUE, -IRQMOD_EINVAL);
}

#endif /* IRQMOD_CONFIG_ERROR_H */
