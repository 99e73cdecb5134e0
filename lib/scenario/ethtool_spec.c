/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#define _POSIX_C_SOURCE 200809L /* strtok_r() */
/*
 * "ethtool(SETTING=VALUE,...)" or "ethtool:SETTING=VALUE": the settings an
 * operator types (ethtool -C and the per-NAPI sysfs knobs), mapped by
 * include/irqmod/ethtool.h. driver=NAME names the algorithm adaptive-rx on
 * selects; rx-/tx-usecs are microseconds, gro_flush_timeout and
 * irq_suspend_timeout nanoseconds, as ethtool and sysfs take them.
 */
#include "scenario_internal.h"

#include "irqmod/ethtool.h"

#include <inttypes.h>
#include <string.h>

static const char ethtool_settings[] =
	"driver, rx-usecs, rx-frames, tx-usecs, tx-frames, adaptive-rx, adaptive-tx, rx-profile, "
	"napi_defer_hard_irqs, gro_flush_timeout, irq_suspend_timeout, suspend_polls";

/*
 * driver=NAME for drivers whose adaptive-rx is a kind of another name; the
 * kind's default preset is that driver's (docs/average-size.md,
 * docs/latency-class.md). igb_ring_irq_enable() (igb_main.c, Linux 6.1)
 * runs igb_set_itr(), the lowest/low/bulk classes, only when the adapter
 * has one queue vector and no VFs, and igb_update_ring_itr(), the average
 * frame size, otherwise: with MSI-X and more than one queue, so "igb" is
 * the latter.
 */
static const struct {
	const char *driver;
	uint32_t kind;
} ethtool_drivers[] = {
	{ "igb", IRQMOD_KIND_AVERAGE_SIZE },
	{ "igb-single-vector", IRQMOD_KIND_LATENCY_CLASS },
};

#define ETHTOOL_PROFILE_FIELDS (3u * IRQMOD_ETHTOOL_PROFILE_ENTRIES)

/*
 * rx-profile's tables, kept for the process: a DIM config points at its
 * table, which must stay valid while the state lives (include/irqmod/dim.h).
 * Equal tables share a slot; one run compares at most
 * IRQMOD_SCENARIO_MAX_CONTROLLERS controllers.
 */
static struct irqmod_dim_profile
	ethtool_profile_tables[IRQMOD_SCENARIO_MAX_CONTROLLERS][IRQMOD_ETHTOOL_PROFILE_ENTRIES];
static size_t ethtool_profile_count;

/*
 * rx-profile=U,P,C_U,P,C_... as ethtool -C takes it (Linux 6.11): five
 * entries of usec, pkts and comps joined by '_', "n" for a field left
 * unchanged. The spec's list is split at commas, so the value arrives in
 * pieces: @first is the text after '=', and the following items of @save's
 * list are taken until the fifteen fields are read.
 */
static int ethtool_profile_parse(const char *spec, const char *first, char **save,
				 struct irqmod_ethtool_profile_entry *entries, char *message,
				 size_t bytes)
{
	static const char *const field_names[3] = { "usec", "pkts", "comps" };
	char joined[IRQMOD_SCENARIO_NAME_BYTES], *cursor, *next;
	uint32_t fields = 1, i;
	const char *p;

	snprintf(joined, sizeof(joined), "%s", first);
	for (p = joined; *p; p++)
		fields += *p == ',' || *p == '_';
	while (fields < ETHTOOL_PROFILE_FIELDS && (next = strtok_r(NULL, ",", save)) != NULL) {
		size_t used = strlen(joined);

		snprintf(joined + used, sizeof(joined) - used, ",%s", irqmod_scenario_trim(next));
		fields++;
		for (p = joined + used + 1; *p; p++)
			fields += *p == '_';
	}
	cursor = joined;
	for (i = 0; i < ETHTOOL_PROFILE_FIELDS; i++) {
		uint32_t entry = i / 3, field = i % 3;
		char want = field == 2 ? '_' : ',';
		char *end = cursor + strcspn(cursor, ",_");
		uint32_t *target = field == 0 ? &entries[entry].usec
				   : field == 1 ? &entries[entry].pkts
						: &entries[entry].comps;
		uint64_t number;

		if (*end != (i + 1 == ETHTOOL_PROFILE_FIELDS ? '\0' : want))
			return irqmod_scenario_fail(
				message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
				"controller '%s': ethtool rx-profile takes %u entries of "
				"usec,pkts,comps joined by '_' (n: unchanged), e.g. "
				"rx-profile=2,256,n_8,128,n_16,64,n_32,64,n_64,64,n",
				spec, IRQMOD_ETHTOOL_PROFILE_ENTRIES);
		*end = '\0';
		cursor = irqmod_scenario_trim(cursor);
		if (strcmp(cursor, "n") == 0)
			number = IRQMOD_ETHTOOL_PROFILE_UNCHANGED;
		else if (!irqmod_scenario_parse_number(cursor, irqmod_scenario_plain_units,
						       &number) ||
			 number >= IRQMOD_ETHTOOL_PROFILE_UNCHANGED)
			return irqmod_scenario_fail(
				message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
				"controller '%s': ethtool rx-profile profile[%u].%s takes a whole "
				"number or n, not '%s'",
				spec, entry, field_names[field], cursor);
		*target = (uint32_t)number;
		cursor = end + 1;
	}
	return 0;
}

/*
 * "driver=dim or driver=ice": the kinds whose row of kinds.c takes an
 * rx-profile, as the message that refuses another names them.
 */
static void profile_drivers(char *out, size_t bytes)
{
	uint32_t kind, left = 0;

	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++)
		left += irqmod_scenario_kind(kind)->dim_profile;
	out[0] = '\0';
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		if (!irqmod_scenario_kind(kind)->dim_profile)
			continue;
		left--;
		snprintf(out + strlen(out), bytes - strlen(out), "driver=%s%s",
			 irqmod_kind_name(kind), left > 1 ? ", " : left == 1 ? " or " : "");
	}
}

/*
 * Apply @entries to a copy of @inner's DIM table (irqmod_ethtool_apply_profile())
 * and point @inner at the kept copy. @inner must be a kind whose row of
 * kinds.c has dim_profile (dim, ice).
 */
static int ethtool_profile_apply(const char *spec,
				 const struct irqmod_ethtool_profile_entry *entries,
				 struct irqmod_controller_config *inner, char *message,
				 size_t bytes)
{
	struct irqmod_dim_config *dim = &inner->config.dim_config;
	struct irqmod_dim_profile table[IRQMOD_ETHTOOL_PROFILE_ENTRIES];
	struct irqmod_config_error error;
	char line[200];
	size_t slot;
	int code;

	if (!irqmod_scenario_kind(inner->kind)->dim_profile) {
		char drivers[256];

		profile_drivers(drivers, sizeof(drivers));
		return irqmod_scenario_fail(
			message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
			"controller '%s': ethtool rx-profile needs adaptive-rx=on with a DIM "
			"driver (%s), not %s",
			spec, drivers, irqmod_kind_name(inner->kind));
	}
	if (dim->levels != IRQMOD_ETHTOOL_PROFILE_ENTRIES)
		return irqmod_scenario_fail(
			message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
			"controller '%s': ethtool rx-profile: the %s table has %" PRIu32
			" levels, a profile %u",
			spec, irqmod_kind_name(inner->kind), dim->levels,
			IRQMOD_ETHTOOL_PROFILE_ENTRIES);
	memcpy(table, dim->profiles, sizeof(table));
	code = irqmod_ethtool_apply_profile(entries, table, IRQMOD_ETHTOOL_PROFILE_ENTRIES, &error);
	if (code) {
		irqmod_config_error_format(&error, line, sizeof(line));
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
					    "controller '%s': %s", spec, line);
	}
	for (slot = 0; slot < ethtool_profile_count; slot++)
		if (memcmp(ethtool_profile_tables[slot], table, sizeof(table)) == 0)
			break;
	if (slot == ethtool_profile_count) {
		if (slot == IRQMOD_SCENARIO_MAX_CONTROLLERS)
			return irqmod_scenario_fail(
				message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
				"controller '%s': more than %d different rx-profile tables", spec,
				IRQMOD_SCENARIO_MAX_CONTROLLERS);
		memcpy(ethtool_profile_tables[slot], table, sizeof(table));
		ethtool_profile_count++;
	}
	dim->profiles = ethtool_profile_tables[slot];
	return 0;
}

/* The settings of one spec, as its list gives them. */
struct irqmod_scenario_ethtool {
	struct irqmod_ethtool_coalesce coalesce;
	struct irqmod_ethtool_napi napi;
	struct irqmod_ethtool_profile_entry profile[IRQMOD_ETHTOOL_PROFILE_ENTRIES];
	uint32_t driver;	/* IRQMOD_KIND_COUNT: none given */
	uint32_t suspend_polls;
	bool tx_given;
	bool profile_given;
};

/* driver=NAME: an adaptive kind's name, or a driver of ethtool_drivers. */
static int ethtool_driver(const char *spec, const char *value, uint32_t *driver, char *message,
			  size_t bytes)
{
	uint32_t kind;
	size_t alias;

	for (kind = IRQMOD_KIND_STATIC + 1; kind < IRQMOD_KIND_COUNT; kind++) {
		if (strcmp(value, irqmod_kind_name(kind)) == 0)
			break;
	}
	for (alias = 0; kind == IRQMOD_KIND_COUNT &&
			alias < sizeof(ethtool_drivers) / sizeof(ethtool_drivers[0]);
	     alias++) {
		if (strcmp(value, ethtool_drivers[alias].driver) == 0)
			kind = ethtool_drivers[alias].kind;
	}
	if (kind == IRQMOD_KIND_COUNT) {
		char choices[512];

		irqmod_scenario_controller_choices(choices, sizeof(choices));
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
					    "controller '%s': ethtool driver '%s' is not an "
					    "adaptive kind or igb, igb-single-vector; "
					    "valid kinds: %s",
					    spec, value, choices);
	}
	*driver = kind;
	return 0;
}

/* adaptive-rx= or adaptive-tx= (@item), on or off. */
static int ethtool_adaptive(const char *spec, const char *item, const char *value,
			    struct irqmod_scenario_ethtool *settings, char *message, size_t bytes)
{
	uint32_t *target = item[9] == 'r' ? &settings->coalesce.adaptive_rx
					  : &settings->coalesce.adaptive_tx;

	settings->tx_given = settings->tx_given || item[9] == 't';
	if (strcmp(value, "on") == 0 || strcmp(value, "1") == 0)
		*target = 1;
	else if (strcmp(value, "off") == 0 || strcmp(value, "0") == 0)
		*target = 0;
	else
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
					    "controller '%s': ethtool %s takes on or off, not '%s'",
					    spec, item, value);
	return 0;
}

/* The field of numeric setting @item (ethtool -C's and sysfs's names), or NULL. */
static uint32_t *ethtool_number(struct irqmod_scenario_ethtool *settings, const char *item)
{
	if (strcmp(item, "rx-usecs") == 0)
		return &settings->coalesce.rx_usecs;
	if (strcmp(item, "tx-usecs") == 0)
		return &settings->coalesce.tx_usecs;
	if (strcmp(item, "rx-frames") == 0)
		return &settings->coalesce.rx_frames;
	if (strcmp(item, "tx-frames") == 0)
		return &settings->coalesce.tx_frames;
	if (strcmp(item, "napi_defer_hard_irqs") == 0)
		return &settings->napi.defer_hard_irqs;
	if (strcmp(item, "gro_flush_timeout") == 0)
		return &settings->napi.gro_flush_timeout_ns;
	if (strcmp(item, "irq_suspend_timeout") == 0)
		return &settings->napi.irq_suspend_timeout_ns;
	if (strcmp(item, "suspend_polls") == 0)
		return &settings->suspend_polls;
	return NULL;
}

/*
 * One SETTING=VALUE item of the list. rx-profile's value holds commas, so it
 * reads on from the list itself (@save, strtok_r()'s position).
 */
static int ethtool_setting(const char *spec, char *item, char **save,
			   struct irqmod_scenario_ethtool *settings, char *message, size_t bytes)
{
	char *equals = strchr(item, '='), *value;
	uint32_t *target;
	uint64_t number;
	int code;

	if (!equals)
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
					    "controller '%s': ethtool setting '%s' has no =VALUE",
					    spec, irqmod_scenario_trim(item));
	*equals = '\0';
	item = irqmod_scenario_trim(item);
	value = irqmod_scenario_trim(equals + 1);
	if (strcmp(item, "driver") == 0)
		return ethtool_driver(spec, value, &settings->driver, message, bytes);
	if (strcmp(item, "adaptive-rx") == 0 || strcmp(item, "adaptive-tx") == 0)
		return ethtool_adaptive(spec, item, value, settings, message, bytes);
	if (strcmp(item, "rx-profile") == 0) {
		code = ethtool_profile_parse(spec, value, save, settings->profile, message, bytes);
		if (code)
			return code;
		settings->profile_given = true;
		return 0;
	}
	target = ethtool_number(settings, item);
	if (!target)
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
					    "controller '%s': ethtool has no setting '%s'; "
					    "valid: %s",
					    spec, item, ethtool_settings);
	if (!irqmod_scenario_parse_number(value, irqmod_scenario_plain_units, &number) ||
	    number > UINT32_MAX)
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
					    "controller '%s': ethtool %s takes a whole number "
					    "up to %" PRIu32 " (usecs for ethtool -C, ns for the "
					    "sysfs timeouts), not '%s'",
					    spec, item, UINT32_MAX, value);
	*target = (uint32_t)number;
	return 0;
}

/* The comma-separated settings @list of @spec, as the hybrid config they map to. */
static int scenario_ethtool(const char *spec, char *list, uint32_t link_speed_mbps,
			    struct irqmod_hybrid_config *config, char *message, size_t bytes)
{
	struct irqmod_scenario_ethtool settings = {
		.coalesce = { 0, 0, 0, 0, 0, 0 },
		.napi = { 0, 0, 0 },
		.driver = IRQMOD_KIND_COUNT,
	};
	struct irqmod_controller_config inner;
	struct irqmod_config_error error;
	char *item, *save = NULL, line[200];
	int code;

	for (item = strtok_r(list, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
		code = ethtool_setting(spec, item, &save, &settings, message, bytes);
		if (code)
			return code;
	}
	if (settings.coalesce.adaptive_rx && settings.driver == IRQMOD_KIND_COUNT)
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
					    "controller '%s': ethtool adaptive-rx=on needs "
					    "driver=NAME (the driver's algorithm, e.g. "
					    "ethtool(driver=ixgbe,adaptive-rx=on))",
					    spec);
	/* adaptive-tx follows adaptive-rx unless given: irqmod runs one
	 * algorithm per queue pair (include/irqmod/ethtool.h). */
	if (!settings.tx_given)
		settings.coalesce.adaptive_tx = settings.coalesce.adaptive_rx;
	code = irqmod_ethtool_to_config(&settings.coalesce, settings.driver, link_speed_mbps,
					&inner, &error);
	if (!code && settings.profile_given) {
		code = ethtool_profile_apply(spec, settings.profile, &inner, message, bytes);
		if (code)
			return code;
	}
	if (!code)
		code = irqmod_ethtool_napi_to_hybrid(&settings.napi, settings.suspend_polls, &inner,
						     config, &error);
	if (code) {
		irqmod_config_error_format(&error, line, sizeof(line));
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
					    "controller '%s': %s", spec, line);
	}
	return 0;
}

/*
 * Both spellings end in scenario_ethtool() with the list of settings; the
 * parenthesised one may continue after the parenthesis with a colon.
 */
int irqmod_scenario_ethtool_spec(const char *spec, uint32_t link_speed_mbps,
				 struct irqmod_hybrid_config *config, char *message, size_t bytes)
{
	char copy[IRQMOD_SCENARIO_NAME_BYTES], *list, *colon;

	/* irqmod_scenario_controller() refused a longer spec. */
	strcpy(copy, spec);
	memset(config, 0, sizeof(*config));
	if (strncmp(copy, "ethtool:", 8) == 0)
		return scenario_ethtool(spec, copy + 8, link_speed_mbps, config, message, bytes);
	/* ethtool(driver=ixgbe):adaptive-rx=on reads as one list. */
	colon = strstr(copy, "):");
	if (colon && colon[2] != '\0') {
		colon[1] = ',';
		memmove(colon, colon + 1, strlen(colon + 1) + 1);
		strncat(copy, ")", sizeof(copy) - strlen(copy) - 1);
	}
	if (!irqmod_scenario_split_knobs(copy, &list) || strcmp(copy, "ethtool") != 0)
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
					    "controller '%s': ethtool settings go in one pair of "
					    "parentheses, e.g. ethtool(rx-usecs=50)",
					    spec);
	return scenario_ethtool(spec, list, link_speed_mbps, config, message, bytes);
}
