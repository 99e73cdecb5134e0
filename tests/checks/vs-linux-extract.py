#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""Checks of tools/vs-linux/extract.py's piece finders on made-up C source.

The vs-Linux differential cuts functions out of Linux's sources by name and
brace matching; a finder that stopped at a brace inside a comment or a
string, took a prototype for the definition or a longer name for the one
asked for, would compile something else than Linux's function. Usage:
vs-linux-extract.py SOURCE_ROOT. Exit 0 when every check passes.
"""

import importlib.util
import os
import sys

SOURCE = r'''
/* A comment with a brace { that is not code. */
static int helper_update(int x);
static int helper_update_more(int y) { return y; }

#define SIMPLE 0x80
#define CONTINUED(a) \
	((a) + \
	 1)
#define SIMPLE_LONGER 3

enum colour {
	RED = 0,
	GREEN = 1, /* } */
};

struct thing {
	int a;
	struct { int b; } inner;
};

static const struct thing table[] = {
	{ 1, { 2 } },
	{ 3, { 4 } },
};

static const struct thing
split_table[2] = {
	{ 5, { 6 } },
	{ 7, { 8 } },
};

static int helper_update(int x)
{
	const char *text = "a } in a string { and \" quote";
	char c = '}';

	// a line comment with }
	if (x) {
		return text[0] + c;
	}
	return 0;
}

unsigned int
split_line_function(unsigned int a,
		    unsigned int b)
{
	return a + b;
}
'''


def load_extract(root):
    path = os.path.join(root, "tools", "vs-linux", "extract.py")
    spec = importlib.util.spec_from_file_location("extract", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv):
    extract = load_extract(argv[1])
    failures = []

    def check(name, got, want):
        if got != want:
            failures.append("%s:\n--- got ---\n%s\n--- want ---\n%s" % (name, got, want))

    function = extract.extract(SOURCE, "function", "helper_update")
    check("function skips the prototype and ends at its own brace", function,
          SOURCE[SOURCE.index("static int helper_update(int x)\n{"):
                 SOURCE.index("\nunsigned int\nsplit")])
    check("function whose return type is on the line before",
          extract.extract(SOURCE, "function", "split_line_function"),
          "unsigned int\nsplit_line_function(unsigned int a,\n\t\t    unsigned int b)\n{\n"
          "\treturn a + b;\n}\n")
    check("a longer name is not the one asked for",
          extract.extract(SOURCE, "function", "helper_update_more"),
          "static int helper_update_more(int y) { return y; }\n")
    check("define", extract.extract(SOURCE, "define", "SIMPLE"), "#define SIMPLE 0x80\n")
    check("define with continuation lines", extract.extract(SOURCE, "define", "CONTINUED"),
          "#define CONTINUED(a) \\\n\t((a) + \\\n\t 1)\n")
    check("enum with a brace in a comment", extract.extract(SOURCE, "enum", "colour"),
          "enum colour {\n\tRED = 0,\n\tGREEN = 1, /* } */\n};\n")
    check("struct with a nested struct", extract.extract(SOURCE, "struct", "thing"),
          "struct thing {\n\tint a;\n\tstruct { int b; } inner;\n};\n")
    check("initialised array", extract.extract(SOURCE, "variable", "table"),
          "static const struct thing table[] = {\n\t{ 1, { 2 } },\n\t{ 3, { 4 } },\n};\n")
    check("initialised array whose type is on the line before",
          extract.extract(SOURCE, "variable", "split_table"),
          "static const struct thing\nsplit_table[2] = {\n\t{ 5, { 6 } },\n"
          "\t{ 7, { 8 } },\n};\n")
    for kind, name in (("function", "missing_function"), ("define", "MISSING"),
                       ("enum", "missing"), ("variable", "missing")):
        check("missing %s %s" % (kind, name), extract.extract(SOURCE, kind, name), None)
    # The by-reference rewrite: signature, member accesses, the address taken.
    by_value = ("int other(struct dim_sample end_sample);\n"
                "void net_dim(struct dim *dim, struct dim_sample end_sample)\n{\n"
                "\tuse(end_sample.event_ctr, &end_sample);\n}\n")
    check("by-reference rewrite", extract.by_reference(by_value, "net_dim"),
          "int other(struct dim_sample end_sample);\n"
          "void net_dim_by_ref(struct dim *dim, const struct dim_sample *end_sample)\n{\n"
          "\tuse(end_sample->event_ctr, end_sample);\n}\n")
    try:
        extract.by_reference("void net_dim(struct dim *dim, const struct dim_sample *s)\n"
                             "{\n}\n", "net_dim")
        failures.append("by-reference rewrite of a signature it does not know: no error")
    except extract.ExtractError:
        pass
    # Every manifest source is listed for the tarball extraction.
    sources = extract.SOURCES
    for _, _, pieces in extract.MANIFEST:
        for source, _, _ in pieces:
            if source not in sources:
                failures.append("manifest source %s not in SOURCES" % source)

    for failure in failures:
        print("FAIL " + failure)
    print("%d checks failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
