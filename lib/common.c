/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/common.h"

#include "deps.h"

static const char *const irqmod_error_messages[IRQMOD_ERROR_COUNT] = {
	[0] = "success",
	[IRQMOD_EINVAL] = "a required pointer is NULL or an argument is malformed",
	[IRQMOD_ERANGE] = "a value lies outside the supported range",
	[IRQMOD_EMINMAX] = "the minimum interval is above the maximum interval",
	[IRQMOD_ESTEP] = "a granularity (step or tick) is zero or unusable",
	[IRQMOD_ELINK] = "the link speed is zero or above the supported maximum",
	[IRQMOD_EPRESET] = "unknown preset",
	[IRQMOD_EKIND] = "unknown controller kind",
	[IRQMOD_ETABLE] = "a profile or threshold table is empty or malformed",
	[IRQMOD_EBUDGET] = "a polling budget could never end or exceeds what the state holds",
	[IRQMOD_EFRAME] = "a frame, buffer or truesize figure is zero or out of range",
};

const char *irqmod_strerror(int error)
{
	/* Accept both -IRQMOD_E... and IRQMOD_E...; avoid negating INT_MIN. */
	unsigned int code = error < 0 ? 0u - (unsigned int)error : (unsigned int)error;

	if (code >= IRQMOD_ERROR_COUNT)
		return "unknown irqmod error";
	return irqmod_error_messages[code];
}

uint32_t irqmod_version(void)
{
	return ((uint32_t)IRQMOD_VERSION_MAJOR << 16) |
	       ((uint32_t)IRQMOD_VERSION_MINOR << 8) | IRQMOD_VERSION_PATCH;
}

/* Appends one character, counting it even when the buffer is full. */
static void put_char(char *buf, size_t size, size_t *length, char c)
{
	if (*length + 1 < size)
		buf[*length] = c;
	(*length)++;
}

static void put_string(char *buf, size_t size, size_t *length, const char *s)
{
	if (!s)
		s = "?";
	/* For Frama-C Eva (scripts/eva): every string here is a short literal. */
	/*@ loop unroll 64; */
	while (*s)
		put_char(buf, size, length, *s++);
}

static void put_u64(char *buf, size_t size, size_t *length, uint64_t value)
{
	char digits[20]; /* UINT64_MAX has 20 decimal digits */
	unsigned int count = 0;

	/* For Eva: a u64 has at most 20 digits, so both loops run at most 20 times. */
	/*@ loop unroll 20; */
	do {
		uint64_t tenth = IRQMOD_DIV_U64_U32(value, 10u);

		digits[count++] = (char)('0' + (unsigned int)(value - tenth * 10u));
		/* For Eva: a state per digit count keeps digits[0 .. count-1] known written. */
		/*@ split count; */
		value = tenth;
	} while (value);
	/*@ loop unroll 20; */
	while (count)
		put_char(buf, size, length, digits[--count]);
}

size_t irqmod_config_error_format(const struct irqmod_config_error *error,
				  char *buf, size_t size)
{
	size_t length = 0;

	if (!buf)
		size = 0;
	if (!error) {
		put_string(buf, size, &length, "no error");
	} else {
		put_string(buf, size, &length, error->kind);
		put_string(buf, size, &length, ": ");
		put_string(buf, size, &length, error->field);
		put_char(buf, size, &length, ' ');
		if (!(error->omit & IRQMOD_CONFIG_ERROR_OMIT_VALUE)) {
			put_u64(buf, size, &length, error->value);
			put_char(buf, size, &length, ' ');
		}
		put_string(buf, size, &length, error->problem);
		if (!(error->omit & IRQMOD_CONFIG_ERROR_OMIT_LIMIT)) {
			put_char(buf, size, &length, ' ');
			if (error->limit_name) {
				put_string(buf, size, &length, error->limit_name);
				put_char(buf, size, &length, ' ');
			}
			put_u64(buf, size, &length, error->limit);
		}
	}
	if (size)
		buf[length < size ? length : size - 1] = '\0';
	return length;
}
