/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The one registration point of a kind: its row of the kind table
 * (lib/controller.c), its row of the scenario layer's companion table
 * (lib/scenario/kinds.c) and its line in the docs' kind tables. A kind
 * added without one of them fails here.
 *
 * Usage: test_kind_table SOURCE_ROOT (to read README.md and docs/).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "irqmod/irqmod.h"
#include "scenario_internal.h"

static const char *source_root;

/* Every entry of the kind table is filled: name, size and every function. */
static void test_kind_table_every_kind_has_a_whole_row(void **unused)
{
	struct irqmod_controller_config config;
	uint32_t kind;

	(void)unused;
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		const struct irqmod_kind_desc *desc = irqmod_kind_describe(kind);

		assert_non_null(desc);
		assert_non_null(desc->name);
		assert_string_equal(desc->name, irqmod_kind_name(kind));
		assert_true(desc->state_bytes > 0);
		assert_true(desc->max_link_speed_mbps > 0);
		assert_non_null(desc->default_config);
		assert_non_null(desc->config_check);
		assert_non_null(desc->init);
		assert_non_null(desc->reset);
		assert_non_null(desc->update);
		assert_non_null(desc->current_decision);
		/* Its rule inside a hybrid names a uint32_t of its config. */
		if (desc->self_poll_field) {
			assert_int_equal(strncmp(desc->self_poll_field, "inner.", 6), 0);
			assert_true(desc->self_poll_offset + sizeof(uint32_t) <=
				    sizeof(config.config));
		} else {
			assert_int_equal(desc->self_poll_offset, 0);
		}
	}
	assert_null(irqmod_kind_describe(IRQMOD_KIND_COUNT));
}

/* The companion table has the same kinds in the same order, and well-formed knobs. */
static void test_kind_table_every_kind_has_a_scenario_row(void **unused)
{
	struct irqmod_controller_config config;
	size_t i, knobs = 0;
	uint32_t kind;

	(void)unused;
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		const struct irqmod_scenario_kind *row = irqmod_scenario_kind(kind);

		assert_ptr_equal(row, &irqmod_scenario_kinds[kind]);
		assert_non_null(row->name);
		assert_string_equal(row->name, irqmod_kind_name(kind));
		assert_true(row->knob_count == 0 || row->knobs != NULL);
		for (i = 0; i < row->knob_count; i++) {
			const struct irqmod_scenario_knob *knob = &row->knobs[i];

			assert_int_equal(knob->hybrid, IRQMOD_HYBRID_NONE);
			assert_int_equal(knob->kind, kind);
			assert_non_null(knob->name);
			assert_non_null(knob->help);
			assert_true(knob->width == 1 || knob->width == 2 || knob->width == 4);
			assert_true(knob->offset + knob->width <= sizeof(config.config));
		}
		knobs += row->knob_count;
	}
	/* Each knob is a bit of struct irqmod_scenario.knobs_set. */
	assert_true(irqmod_scenario_knob_count() > knobs);
	assert_true(irqmod_scenario_knob_count() <= IRQMOD_SCENARIO_MAX_KNOBS);
}

/* A knob stores its value in its own field of the config, and nowhere else. */
static void test_kind_table_knob_store_writes_its_field_only(void **unused)
{
	size_t i;

	(void)unused;
	for (i = 0; i < irqmod_scenario_knob_count(); i++) {
		const struct irqmod_scenario_knob *knob = irqmod_scenario_knob_at(i);
		struct irqmod_hybrid_config config, before;
		const unsigned char *field;
		uint64_t max = irqmod_scenario_knob_max(knob);
		size_t b;

		memset(&config, 0, sizeof(config));
		before = config;
		irqmod_scenario_knob_store(&config, knob, max);
		field = (knob->hybrid != IRQMOD_HYBRID_NONE
				 ? (const unsigned char *)&config.config
				 : (const unsigned char *)&config.inner.config) +
			knob->offset;
		for (b = 0; b < knob->width; b++)
			assert_int_equal(field[b], 0xff);
		memset((unsigned char *)field, 0, knob->width);
		assert_memory_equal(&config, &before, sizeof(config));
	}
}

/* The text of @path under the source root (caller frees), or NULL. */
static char *read_doc(const char *path)
{
	char name[4096];
	FILE *file;
	char *text;
	long size;

	snprintf(name, sizeof(name), "%s/%s", source_root, path);
	file = fopen(name, "rb");
	if (!file)
		return NULL;
	if (fseek(file, 0, SEEK_END) != 0 || (size = ftell(file)) < 0 ||
	    fseek(file, 0, SEEK_SET) != 0) {
		fclose(file);
		return NULL;
	}
	text = malloc((size_t)size + 1);
	if (text && fread(text, 1, (size_t)size, file) != (size_t)size) {
		free(text);
		text = NULL;
	}
	if (text)
		text[size] = '\0';
	fclose(file);
	return text;
}

/*
 * Every kind is named as "`name`" in @path between @begin and @end (the
 * kind table of that doc); @row_start: each must open a table row there.
 */
static void assert_doc_lists_every_kind(const char *path, const char *begin, const char *end,
					bool row_start)
{
	char *text = read_doc(path), *from, *to, needle[64];
	uint32_t kind;

	if (!text)
		fail_msg("cannot read %s under %s", path, source_root);
	from = strstr(text, begin);
	if (!from)
		fail_msg("%s has no '%s'", path, begin);
	to = strstr(from + strlen(begin), end);
	if (!to)
		fail_msg("%s has no '%s' after '%s'", path, end, begin);
	*to = '\0';
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		snprintf(needle, sizeof(needle), row_start ? "\n| `%s` |" : "`%s`",
			 irqmod_kind_name(kind));
		if (!strstr(from, needle))
			fail_msg("%s: the kind table ('%s') has no entry for %s", path, begin,
				 irqmod_kind_name(kind));
	}
	free(text);
}

/* README's controller table and docs/controllers.md's cost table name every kind. */
static void test_kind_table_docs_list_every_kind(void **unused)
{
	(void)unused;
	assert_doc_lists_every_kind("README.md", "\n## Controllers\n", "\n## ", false);
	assert_doc_lists_every_kind("docs/controllers.md", "<!-- BEGIN scripts/bench table -->",
				    "<!-- END scripts/bench table -->", true);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kind_table_every_kind_has_a_whole_row),
		cmocka_unit_test(test_kind_table_every_kind_has_a_scenario_row),
		cmocka_unit_test(test_kind_table_knob_store_writes_its_field_only),
		cmocka_unit_test(test_kind_table_docs_list_every_kind),
	};

	source_root = argc > 1 ? argv[1] : ".";
	return cmocka_run_group_tests(tests, NULL, NULL);
}
