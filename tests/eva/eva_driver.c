/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Frama-C Eva driver (scripts/eva): for every controller kind, init on a
 * config whose every byte is unknown (the one pointer, a DIM table, set to
 * a table of unknown entries; bools 0 or 1), then EVA_UPDATES updates on
 * samples whose every field is unknown; then the same for every hybrid
 * around every kind; every kind from its defaults for an unknown link
 * speed; and the stand-alone functions (conversions, encodings, presets,
 * the floor derivation, error strings) on unknown arguments. Eva must prove the absence of overflow, division by
 * zero, out-of-bounds access and uninitialised reads on all of it.
 *
 * Every kind of the kind table is analysed (0..IRQMOD_KIND_COUNT, the
 * last as an unknown kind). Adding a controller: its EVA_ROW_<module> in
 * tests/kinds/<module>.h (the build fails without it); a hybrid:
 * eva_hybrids[].
 */
#include "__fc_builtin.h"
#include "irqmod/irqmod.h"

/*
 * After a successful init, the states scripts/eva kept apart (one per
 * path through the checks, so that none of them met a failed init's
 * untouched instance) are all set-up instances: each "slevel merge" after
 * an init joins them, so the updates run once on their union instead of
 * once per path.
 */
/* Updates per instance: enough to leave the start state for every kind. */
#define EVA_UPDATES 3

static const uint32_t eva_hybrids[] = {
	IRQMOD_HYBRID_NONE,	 IRQMOD_HYBRID_IDLE_POLL, IRQMOD_HYBRID_DEFER_IRQ,
	IRQMOD_HYBRID_RECHECK,	 IRQMOD_HYBRID_COUNT,
};

/* A profile table a caller may pass: IRQMOD_DIM_MAX_LEVELS unknown entries. */
static struct irqmod_dim_profile eva_profiles[IRQMOD_DIM_MAX_LEVELS];

static void eva_bool(bool *field)
{
	*field = Frama_C_interval(0, 1) != 0;
}

/*
 * What turns a config of unknown bytes into one a caller may pass, per
 * kind: bool fields hold 0 or 1 (anything else is undefined in the
 * caller), a DIM table pointer points at a table.
 */
static void eva_config_as_is(struct irqmod_controller_config *config)
{
	(void)config;
}

static void eva_config_intel(struct irqmod_controller_config *config)
{
	eva_bool(&config->config.ixgbe_config.rx_ring);
	eva_bool(&config->config.ixgbe_config.tx_ring);
}

/* Each kind's EVA_ROW_<module> (and its own function), in tests/kinds/<module>.h. */
#define IRQMOD_KIND_TESTS_EVA
#include "kind_tests.h"

/* One row per row of the kind list. */
static void (*const eva_configs[])(struct irqmod_controller_config *config) = {
#define IRQMOD_KIND(E, k, ...) [IRQMOD_KIND_##E] = EVA_ROW_##k,
#define IRQMOD_KIND_PRESET(E, k, p) [IRQMOD_KIND_##E] = EVA_ROW_##k,
#include "irqmod/kinds.h"
#undef IRQMOD_KIND
#undef IRQMOD_KIND_PRESET
};
_Static_assert(sizeof(eva_configs) / sizeof(eva_configs[0]) == IRQMOD_KIND_COUNT,
	       "one row of eva_configs per kind");

static void eva_controller_config(struct irqmod_controller_config *config, uint32_t kind)
{
	Frama_C_make_unknown((char *)&config->config, sizeof(config->config));
	config->kind = kind;
	Frama_C_make_unknown((char *)eva_profiles, sizeof(eva_profiles));
	if (kind < IRQMOD_KIND_COUNT)
		eva_configs[kind](config);
}

static void eva_sample(struct irqmod_sample *sample)
{
	Frama_C_make_unknown((char *)sample, sizeof(*sample));
}

static void eva_controller(uint32_t kind)
{
	struct irqmod_controller_config config;
	struct irqmod_controller controller;
	struct irqmod_decision decision;
	struct irqmod_sample sample;
	int i;

	eva_controller_config(&config, kind);
	if (irqmod_controller_init(&controller, &config) != 0)
		return;
	/*@ slevel merge; */
	irqmod_controller_current(&controller, &decision);
	/*@ loop unroll EVA_UPDATES; */
	for (i = 0; i < EVA_UPDATES; i++) {
		eva_sample(&sample);
		irqmod_controller_update(&controller, &sample, &decision);
		irqmod_controller_current(&controller, &decision);
	}
	irqmod_controller_reset(&controller);
	eva_sample(&sample);
	irqmod_controller_update(&controller, &sample, &decision);
}

static void eva_hybrid(uint32_t hybrid_kind, uint32_t kind)
{
	struct irqmod_hybrid_config config;
	struct irqmod_hybrid hybrid;
	struct irqmod_hybrid_counters counters;
	struct irqmod_decision decision;
	struct irqmod_sample sample;
	int i;

	Frama_C_make_unknown((char *)&config.config, sizeof(config.config));
	config.kind = hybrid_kind;
	eva_controller_config(&config.inner, kind);
	if (irqmod_hybrid_init(&hybrid, &config) != 0)
		return;
	/*@ slevel merge; */
	irqmod_hybrid_counters_init(&counters);
	/*@ loop unroll EVA_UPDATES; */
	for (i = 0; i < EVA_UPDATES; i++) {
		eva_sample(&sample);
		irqmod_hybrid_update(&hybrid, &sample, &decision);
		irqmod_hybrid_count(&counters, &sample, &decision);
	}
	irqmod_hybrid_reset(&hybrid);
}

/* An instance made from the kind's documented defaults for an unknown link speed. */
static void eva_defaults(uint32_t kind)
{
	struct irqmod_controller_config config;
	struct irqmod_controller controller;
	struct irqmod_decision decision;
	struct irqmod_sample sample;
	int i;

	if (irqmod_controller_default_config(&config, kind, Frama_C_unsigned_int_interval(
								     0, UINT32_MAX)) != 0)
		return;
	if (irqmod_controller_init(&controller, &config) != 0)
		return;
	/*@ slevel merge; */
	/*@ loop unroll EVA_UPDATES; */
	for (i = 0; i < EVA_UPDATES; i++) {
		eva_sample(&sample);
		irqmod_controller_update(&controller, &sample, &decision);
	}
}

static uint32_t eva_u32(void)
{
	return Frama_C_unsigned_int_interval(0, UINT32_MAX);
}

/* The stand-alone functions of the API, on unknown arguments. */
static void eva_api(void)
{
	struct irqmod_config_error error;
	struct irqmod_floor_params params;
	struct irqmod_floor_result result;
	struct irqmod_latency_thresholds thresholds;
	struct irqmod_intel_itr_config itr;
	struct irqmod_ixgbe ixgbe;
	struct irqmod_latency_class_config latency;
	struct irqmod_average_size_config average;
	struct irqmod_dim_config dim;
	struct irqmod_dim_rdma_config rdma;
	struct irqmod_ixgbe_legacy_config legacy;
	struct irqmod_ethtool_coalesce coalesce;
	struct irqmod_ethtool_napi napi;
	struct irqmod_ethtool_profile_entry entries[IRQMOD_ETHTOOL_PROFILE_ENTRIES];
	struct irqmod_dim_profile table[IRQMOD_ETHTOOL_PROFILE_ENTRIES];
	struct irqmod_controller_config generic;
	struct irqmod_hybrid_config hybrid;
	uint64_t u64;
	char buf[80];
	volatile uint32_t sink;

	sink = irqmod_ns_to_usecs(eva_u32()) + irqmod_usecs_to_ns(eva_u32()) +
	       irqmod_interval_ns_to_rate_per_s(eva_u32()) +
	       irqmod_rate_per_s_to_interval_ns(eva_u32()) +
	       irqmod_ixgbe_eitr_from_ns(eva_u32()) + irqmod_ixgbe_eitr_to_ns(eva_u32()) +
	       irqmod_e1000_itr_from_ns(eva_u32()) + irqmod_e1000_itr_to_ns(eva_u32()) +
	       irqmod_igb_eitr_from_ns(eva_u32()) + irqmod_igb_eitr_to_ns(eva_u32()) +
	       irqmod_i40e_itr_from_ns(eva_u32()) + irqmod_i40e_itr_to_ns(eva_u32());
	sink = irqmod_itr_encoding_is_rate(eva_u32()) +
	       irqmod_itr_encoding_level_valid(eva_u32(), eva_u32()) +
	       irqmod_itr_encoding_register(eva_u32(), eva_u32()) +
	       irqmod_itr_encoding_interval_ns(eva_u32(), eva_u32());
	sink = (uint32_t)(irqmod_strerror((int)eva_u32())[0] + irqmod_kind_name(eva_u32())[0] +
			  irqmod_hybrid_kind_name(eva_u32())[0]) +
	       (uint32_t)irqmod_kind_state_bytes(eva_u32()) + irqmod_version();
	Frama_C_make_unknown((char *)&u64, sizeof(u64));
	sink = irqmod_average_size_value(u64);

	error.kind = "ixgbe";
	error.field = Frama_C_nondet(0, 1) ? "max_interval_ns" : NULL;
	error.problem = "is below";
	error.limit_name = Frama_C_nondet(0, 1) ? "start_interval_ns" : NULL;
	Frama_C_make_unknown((char *)&error.value, sizeof(error.value));
	Frama_C_make_unknown((char *)&error.limit, sizeof(error.limit));
	error.code = (int)eva_u32();
	error.omit = eva_u32();
	sink = (uint32_t)irqmod_config_error_format(&error, buf,
						    Frama_C_size_t_interval(0, sizeof(buf)));

	irqmod_floor_default_params(&params, eva_u32());
	(void)irqmod_floor_interval(&params, &result);
	Frama_C_make_unknown((char *)&params, sizeof(params));
	(void)irqmod_floor_interval(&params, &result);

	Frama_C_make_unknown((char *)&thresholds, sizeof(thresholds));
	Frama_C_make_unknown((char *)&u64, sizeof(u64));
	sink = irqmod_latency_class_step(&thresholds, Frama_C_unsigned_char_interval(0, 255), u64,
					 eva_u32(), u64);

	/* A preset leaves its config untouched on error: start from unknown bytes. */
	Frama_C_make_unknown((char *)&latency, sizeof(latency));
	Frama_C_make_unknown((char *)&average, sizeof(average));
	Frama_C_make_unknown((char *)&itr, sizeof(itr));
	eva_bool(&average.use_tx);
	eva_bool(&itr.rx_ring);
	eva_bool(&itr.tx_ring);
	(void)irqmod_latency_class_preset(&latency, eva_u32(), eva_u32());
	(void)irqmod_average_size_preset(&average, eva_u32(), eva_u32());
	(void)irqmod_dim_default_config(&dim, eva_u32());
	(void)irqmod_dim_rdma_default_config(&rdma);
	(void)irqmod_ixgbe_legacy_default_config(&legacy);
	(void)irqmod_i40e_config_linux(&itr, eva_u32());
	sink = irqmod_dim_table(eva_u32(), NULL) != NULL;

	/* ixgbe's run-time setters on a running instance. */
	if (irqmod_ixgbe_config_preset(&itr, (enum irqmod_ixgbe_preset)Frama_C_interval(0, 2),
				       eva_u32()) == 0 &&
	    irqmod_ixgbe_init(&ixgbe, &itr) == 0) {
		(void)irqmod_ixgbe_set_max_interval(&ixgbe, eva_u32());
		(void)irqmod_ixgbe_set_link_speed(&ixgbe, eva_u32());
	}

	/* The ethtool mappings on unknown settings and configs. */
	Frama_C_make_unknown((char *)&coalesce, sizeof(coalesce));
	Frama_C_make_unknown((char *)&napi, sizeof(napi));
	Frama_C_make_unknown((char *)entries, sizeof(entries));
	Frama_C_make_unknown((char *)table, sizeof(table));
	(void)irqmod_ethtool_to_config(&coalesce, eva_u32(), eva_u32(), &generic, &error);
	Frama_C_make_unknown((char *)&generic, sizeof(generic));
	(void)irqmod_ethtool_from_config(&generic, &coalesce, &error);
	(void)irqmod_ethtool_napi_to_hybrid(&napi, eva_u32(), &generic, &hybrid, &error);
	(void)irqmod_ethtool_apply_profile(entries, table, eva_u32(), &error);
	(void)sink;
}

void eva_main(void);

void eva_main(void)
{
	unsigned int k, h;

	/* Unrolled, so each kind is analysed on its own, not as a merged
	 * range; IRQMOD_KIND_COUNT is an unknown kind: the dispatcher's error
	 * path. */
	/*@ loop unroll 32; */
	for (k = 0; k <= IRQMOD_KIND_COUNT; k++) {
		eva_controller(k);
		eva_defaults(k);
	}
	eva_api();
	/*@ loop unroll 32; */
	for (h = 0; h < sizeof(eva_hybrids) / sizeof(eva_hybrids[0]); h++)
		/*@ loop unroll 32; */
		for (k = 0; k <= IRQMOD_KIND_COUNT; k++)
			eva_hybrid(eva_hybrids[h], k);
}
