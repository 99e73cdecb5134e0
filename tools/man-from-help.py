#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""A manual page made from a program's --help, for the tools whose page is
not curated (irqmod-tune, irqmod-repro): NAME from --summary, SYNOPSIS
from the usage line and its continuations (indented past "usage: "), the
rest verbatim as DESCRIPTION.

usage: man-from-help.py --name NAME --summary TEXT --version VERSION --output FILE -- COMMAND...
"""
import argparse
import subprocess
import sys


def roff(line):
    """@line as literal roff text: backslashes and dashes escaped, no request."""
    text = line.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text.startswith((".", "'")) else text


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--name", required=True)
    parser.add_argument("--summary", required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--output", required=True)
    parser.add_argument("command", nargs="+")
    args = parser.parse_args()
    result = subprocess.run(args.command, capture_output=True, text=True, check=False)
    if result.returncode != 0 or not result.stdout.startswith("usage:"):
        sys.exit("man-from-help: '%s' gave no usage (status %d): %s" % (
            " ".join(args.command), result.returncode, result.stderr.strip()))
    lines = result.stdout.rstrip("\n").splitlines()
    usage_end = 1
    while usage_end < len(lines) and lines[usage_end].startswith(" " * len("usage: ")):
        usage_end += 1
    body = lines[usage_end:]
    page = [".TH %s 1 \"\" \"irqmod %s\" \"User Commands\"" % (args.name.upper(), args.version),
            ".SH NAME", "%s \\- %s" % (roff(args.name), roff(args.summary)),
            ".SH SYNOPSIS", ".nf"]
    page += [roff(l[len("usage: "):] if l.startswith("usage: ") else l) for l in lines[:usage_end]]
    page += [".fi", ".SH DESCRIPTION", ".nf"]
    page += [roff(l) for l in body]
    page += [".fi", ".SH SEE ALSO", "irqmod\\-sim(1)"]
    with open(args.output, "w", encoding="utf-8") as f:
        f.write("\n".join(page) + "\n")


if __name__ == "__main__":
    main()
