#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""README.md's tables of build options and test suites are the build's.

The options table (between the meson_options.txt markers) has one row per
option of meson_options.txt, with its default; the parse is checked against
the build's own list of options (meson-info/intro-buildoptions.json, what
`meson introspect --buildoptions` prints). The suites table (between the
meson introspect --tests markers) has a row for every suite of the build's
tests (meson-info/intro-tests.json, what `meson introspect --tests`
prints), and each of its rows names a suite that a meson.build declares: a
suite of another configuration (`fuzz` needs -Dfuzz=true) keeps its row.

usage: readme-tables.py BUILD_ROOT SOURCE_ROOT
"""
import json
import os
import re
import sys

OPTIONS = ("<!-- meson_options.txt -->", "<!-- end of meson_options.txt -->")
SUITES = ("<!-- meson introspect --tests -->", "<!-- end of meson introspect --tests -->")


def table(text, markers):
    """The rows between the markers as lists of cells, without the header
    and the separator; None when the markers are missing."""
    begin, end = markers
    if begin not in text or end not in text:
        return None
    body = text.split(begin, 1)[1].split(end, 1)[0]
    rows = []
    for line in body.strip().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0].startswith("`"):
            rows.append([c.strip("`") for c in cells])
    return rows


def option_defaults(path):
    """Option name -> default value as meson_options.txt writes it."""
    defaults = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\s*option\(\s*'([^']+)'", line)
            if m:
                value = re.search(r"\bvalue\s*:\s*('[^']*'|[^,)\s]+)", line)
                defaults[m.group(1)] = value.group(1).strip("'") if value else None
    return defaults


def declared_suites(root):
    """Every suite name a meson.build of the source tree gives a test."""
    names = set()
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [d for d in subfolders if d not in (".git", "subprojects")]
        if "meson.build" in files:
            with open(os.path.join(folder, "meson.build"), encoding="utf-8") as f:
                for m in re.finditer(r"\bsuite\s*:\s*(\[[^\]]*\]|'[^']*')", f.read()):
                    names.update(re.findall(r"'([^']*)'", m.group(1)))
    return names


def main():
    build, root = sys.argv[1], sys.argv[2]
    readme = os.path.join(root, "README.md")
    with open(readme, encoding="utf-8") as f:
        text = f.read()
    with open(os.path.join(build, "meson-info", "intro-projectinfo.json"), encoding="utf-8") as f:
        project = json.load(f)["descriptive_name"]
    with open(os.path.join(build, "meson-info", "intro-buildoptions.json"), encoding="utf-8") as f:
        built_options = {o["name"] for o in json.load(f) if o["section"] == "user"}
    with open(os.path.join(build, "meson-info", "intro-tests.json"), encoding="utf-8") as f:
        built_suites = {s.split(":", 1)[1] for t in json.load(f) for s in t["suite"]
                        if s.startswith(project + ":")}
    problems = []

    defaults = option_defaults(os.path.join(root, "meson_options.txt"))
    if set(defaults) != built_options:
        problems.append("meson_options.txt reads as %s, the build has %s" %
                        (sorted(defaults), sorted(built_options)))
    rows = table(text, OPTIONS)
    if rows is None:
        problems.append("README.md has no options table between %s and %s" % OPTIONS)
        rows = []
    documented = {}
    for r in rows:
        if r[0] in documented:
            problems.append("README.md's options table has %s twice" % r[0])
        documented[r[0]] = r[1] if len(r) > 1 else None
    for name in sorted(set(defaults) - set(documented)):
        problems.append("README.md's options table lacks %s (default %s)" % (name, defaults[name]))
    for name in sorted(set(documented) - set(defaults)):
        problems.append("README.md's options table has %s, which meson_options.txt lacks" % name)
    for name in sorted(set(documented) & set(defaults)):
        if documented[name] != defaults[name]:
            problems.append("README.md gives %s the default %s, meson_options.txt %s" %
                            (name, documented[name], defaults[name]))

    rows = table(text, SUITES)
    if rows is None:
        problems.append("README.md has no suites table between %s and %s" % SUITES)
        rows = []
    documented = [r[0] for r in rows]
    for name in sorted({n for n in documented if documented.count(n) > 1}):
        problems.append("README.md's suites table has %s twice" % name)
    for name in sorted(built_suites - set(documented)):
        problems.append("README.md's suites table lacks %s, a suite of this build" % name)
    declared = declared_suites(root)
    for name in sorted(set(documented) - declared):
        problems.append("README.md's suites table has %s, which no meson.build declares" % name)

    for p in problems:
        print("readme-tables: " + p)
    if problems:
        sys.exit(1)
    print("readme-tables: %d options and %d suites as the build has them (%d of them in this build)" %
          (len(defaults), len(documented), len(built_suites)))


if __name__ == "__main__":
    main()
