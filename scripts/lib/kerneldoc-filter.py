#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""Doxygen INPUT_FILTER: the kernel-doc comments of a header as Doxygen reads them.

Each /** ... */ block is rewritten; the code is left as it is and line
numbers are kept (the lines an item's continuation joins are given back as
empty comment lines at the block's end). `name() - text` or `struct name - text` becomes @brief,
`@arg: text` of a function becomes @param, `@member: text` of a struct, union
or enum becomes an item of a member list, `Return:` becomes @return, an
inline @name becomes \\p name, %CONST and &struct lose their sigil, and the
file gets the @file block Doxygen needs to document global symbols.
The kind list's rows take the place of each #include "irqmod/kinds.h".
Usage: kerneldoc-filter.py HEADER (output on stdout).
"""
import os
import re
import sys

TITLE = re.compile(r'^(\s*\*\s*)(?:(?:struct|union|enum|typedef)\s+)?([A-Za-z_][A-Za-z0-9_]*)(\(\))?\s+-\s+(.*)$')
ITEM = re.compile(r'^(\s*\*\s*)@([A-Za-z_][A-Za-z0-9_.]*|\.\.\.):\s*(.*)$')
RETURN = re.compile(r'^(\s*\*\s*)Return:\s*(.*)$')


def inline(text):
    """Kernel-doc's inline markup as Doxygen text."""
    text = re.sub(r'(?<![\w`])@([A-Za-z_][A-Za-z0-9_]*)', r'\\p \1', text)
    text = re.sub(r'(?<![\w`])%([A-Za-z_][A-Za-z0-9_]*)', r'\1', text)
    text = re.sub(r'&((?:struct|union|enum)\s)', r'\1', text)
    text = text.replace('<', r'\<').replace('>', r'\>')
    return text


def rewrite(block):
    """One comment block's lines (without the /** and */ lines)."""
    out = []
    kind = 'function'
    current = None  # index in out of the item being continued
    for number, line in enumerate(block):
        if number == 0:
            doc = re.match(r'^(\s*\*\s*)DOC:\s*(.*)$', line)
            if doc:
                # The file's overview: Doxygen's @file block (main() puts
                # the @file on the block's opening line).
                out.append(f'{doc.group(1)}@brief {inline(doc.group(2))}')
                kind = 'file'
                continue
            match = TITLE.match(line)
            if match:
                if re.match(r'^\s*\*\s*(struct|union|enum)\s', line):
                    kind = 'members'
                out.append(f'{match.group(1)}@brief {inline(match.group(4))}')
                continue
        match = ITEM.match(line)
        if match:
            name = match.group(2)
            text = inline(match.group(3))
            if kind == 'function':
                out.append(f'{match.group(1)}@param {name} {text}')
            else:
                out.append(f'{match.group(1)}- <b>{name}</b>: {text}')
            current = len(out) - 1
            continue
        body = re.sub(r'^\s*\*\s?', '', line)
        if current is not None and body.strip():
            # A continued item: joined so that indentation is no code block.
            out[current] += ' ' + inline(body.strip())
            continue
        current = None
        match = RETURN.match(line)
        if match:
            out.append(f'{match.group(1)}@return {inline(match.group(2))}')
            current = len(out) - 1
            continue
        out.append(inline(line) if body.strip() else line)
    out.extend([' *'] * (len(block) - len(out)))
    return out


def rewrite_one_line(match):
    """A one-line block: `/** NAME - text */` or `/** @NAME: text */`."""
    text = re.sub(r'^@?[A-Za-z_][A-Za-z0-9_]*(?:\(\))?(?::|\s+-)\s+', '', match.group(2))
    return f'{match.group(1)}/** {inline(text)} */'


def main():
    with open(sys.argv[1], encoding='utf-8') as header:
        lines = header.read().split('\n')
    result = []
    block = None
    for line in lines:
        if block is None:
            one = re.match(r'^(\s*)/\*\*\s+(.*?)\s*\*/\s*$', line)
            if one:
                result.append(rewrite_one_line(one))
                continue
            if line.strip() == '/**':
                block = []
            if line.strip() == '#include "irqmod/kinds.h"':
                line = kind_rows(sys.argv[1])
            result.append(line)
        elif line.strip() == '*/':
            if block and re.match(r'^\s*\*\s*DOC:', block[0]):
                result[-1] += ' @file'
            result.extend(rewrite(block))
            result.append(line)
            block = None
        else:
            block.append(line)
    if block is not None:
        result.extend(block)
    # Doxygen documents global symbols only in a documented file.
    if not any(re.match(r'^\s*\*\s*DOC:', line) for line in lines):
        result[0] = result[0] + ' /** @file */'
    sys.stdout.write('\n'.join(result))


def kind_rows(path):
    """The rows of the kind list beside @path, on one line (Doxygen does
    not read an included file's code, so the IRQMOD_KIND() expansions of
    controller.h would document no kind)."""
    with open(os.path.join(os.path.dirname(path), 'kinds.h'), encoding='utf-8') as kinds:
        return ' '.join(row.strip() for row in kinds if row.startswith('IRQMOD_KIND'))


if __name__ == '__main__':
    main()
