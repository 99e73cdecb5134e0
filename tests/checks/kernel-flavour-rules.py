#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""scripts/kernel-flavour's rules on made-up source, without the kernel.

Each rewrite the flavour makes, and each source it refuses with a message
naming the file and line. The kernel-flavour test then runs the kernel's own
checkpatch on the real output.

Usage: kernel-flavour-rules.py SOURCE_ROOT
Exit status: 0 pass, 1 a rule does not hold.
"""
import importlib.machinery
import importlib.util
import os
import sys


def load(root):
    path = os.path.join(root, 'scripts', 'kernel-flavour')
    loader = importlib.machinery.SourceFileLoader('kernel_flavour', path)
    spec = importlib.util.spec_from_loader('kernel_flavour', loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def main(argv):
    flavour = load(argv[1])
    failures = []

    def expect(name, got, want):
        if got != want:
            failures.append(f'{name}:\n  got  {got!r}\n  want {want!r}')

    def refuses(name, call, where):
        try:
            call()
        except flavour.FlavourError as error:
            if where not in str(error):
                failures.append(f'{name}: the message does not name {where}: {error}')
            return
        failures.append(f'{name}: accepted')

    conditionals = flavour.resolve_conditionals
    expect('the kernel branch is taken, the other dropped',
           conditionals(['#if defined(__KERNEL__)', 'k', '#else', 'u', '#endif'], 'a.h'), ['k'])
    expect('C++ guards are dropped',
           conditionals(['#ifdef __cplusplus', 'extern "C" {', '#endif', 'x'], 'a.h'), ['x'])
    expect('an open condition stays as written, a decided one inside it goes',
           conditionals(['#ifndef LIMIT', '#ifdef __GNUC__', 'g', '#else', 'n', '#endif',
                         '#endif'], 'a.h'),
           ['#ifndef LIMIT', 'g', '#endif'])
    expect('|| with one known-true side is true',
           conditionals(['#if defined(OTHER) || defined(__KERNEL__)', 'k', '#elif X', 'e',
                         '#endif'], 'a.h'), ['k'])
    refuses('a decided #elif after an open #if',
            lambda: conditionals(['#if OTHER', '#elif defined(__KERNEL__)', '#endif'], 'a.h'),
            'a.h:2')
    refuses('an #if without #endif', lambda: conditionals(['#ifdef __KERNEL__'], 'a.h'), 'a.h')

    rewrite = flavour.rewrite_lines
    expect('types and limits renamed, a string left as written',
           rewrite(['uint32_t x = UINT32_MAX; f("uint32_t");'], 'a.c'),
           ['u32 x = U32_MAX; f("uint32_t");'])
    expect('a continuation moves with its parenthesis',
           rewrite(['static uint64_t f(uint32_t a,', '                  uint32_t b)'], 'a.c'),
           ['static u64 f(u32 a,', '\t     u32 b)'])
    expect('a continuation not aligned with the parenthesis keeps its indent',
           rewrite(['x = g(uint32_t,', '\t\tb);'], 'a.c'), ['x = g(u32,', '\t\tb);'])
    expect('attributes through the kernel macros',
           rewrite(['#define A inline __attribute__((always_inline))',
                    '#define B __attribute__((__noinline__))'], 'a.c'),
           ['#define A __always_inline', '#define B noinline'])
    expect('a one-bit flag through BIT() and BIT_ULL()',
           rewrite(['#define F (1u << 2)', '#define G (1ull << N)'], 'a.h'),
           ['#define F BIT(2)', '#define G BIT_ULL(N)'])
    expect('_Static_assert through static_assert',
           rewrite(['_Static_assert(1, "m");'], 'a.c'), ['static_assert(1, "m");'])
    refuses('an attribute with no kernel macro',
            lambda: rewrite(['', '#define C __attribute__((packed))'], 'b.c'), 'b.c:2')

    comments = flavour.kernel_comments
    spdx = '/* SPDX-License-Identifier: GPL-2.0-only */'
    expect('SPDX as // in a .c file', comments([spdx], 'a.c'),
           ['// SPDX-License-Identifier: GPL-2.0-only'])
    expect('SPDX kept in a header', comments([spdx], 'a.h'), [spdx])
    expect('a block comment closed on its own line',
           comments(['x;', '\t/* one', '\t * two */', 'y;'], 'a.c'),
           ['x;', '\t/* one', '\t * two', '\t */', 'y;'])
    refuses('code after a block comment', lambda: comments(['/* a', ' * b */ x;'], 'c.c'),
            'c.c:2')

    networking = flavour.networking_comments
    expect("'/*' alone takes the comment's first line up",
           networking(['a', 'b', 'c', '\t/*', '\t * one', '\t * two', '\t */']),
           ['a', 'b', 'c', '\t/* one', '\t * two', '\t */'])
    expect('a kernel-doc comment and a head comment stay',
           networking(['// SPDX', '/*', ' * head', ' */', '/**', ' * f() - g', ' */']),
           ['// SPDX', '/*', ' * head', ' */', '/**', ' * f() - g', ' */'])

    for failure in failures:
        print(f'FAIL kernel-flavour-rules: {failure}')
    if failures:
        return 1
    print('kernel-flavour-rules: every rule holds')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
