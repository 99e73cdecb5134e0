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

    # The kind list: its rows and headers read, and each region that
    # expands it written out as plain C.
    kinds = flavour.read_kind_list('\n'.join([
        '#ifndef IRQMOD_KIND', '#include "irqmod/controller.h"', '#else',
        '#include "irqmod/a.h"',
        'IRQMOD_KIND(A, a, "a-1", struct a_config, UINT32_MAX, f(x, y))',
        'IRQMOD_KIND_PRESET(B, a, b)', '#endif']), 'k.h')
    expect('the kind list: headers and rows with their arguments', kinds,
           [('include', 'irqmod/a.h'),
            ('row', 'IRQMOD_KIND',
             ['A', 'a', '"a-1"', 'struct a_config', 'UINT32_MAX', 'f(x, y)']),
            ('row', 'IRQMOD_KIND_PRESET', ['B', 'a', 'b'])])
    refuses('a kind list line that is neither a row nor a header',
            lambda: flavour.read_kind_list('#ifndef X\n#else\nint x;\n#endif', 'k.h'), 'k.h:3')
    expect("the real list gives each IRQMOD_KIND row's module and every kind header",
           [path for path in flavour.core_files()
            if path in ('lib/dim.c', 'lib/ice.c', 'include/irqmod/dim.h', flavour.KIND_LIST)],
           ['include/irqmod/dim.h', 'lib/dim.c'])

    def macros(*defines):
        table = {}
        for define in defines:
            macro = flavour.parse_define(define.split('\n'), 'm.h')
            table[macro.name] = macro
        return table

    expand = flavour.expand
    expect('## pastes the argument as written, # makes it a string',
           expand('M(dim, ice)', macros('#define M(k, p) irqmod_##k##_x(#p)')),
           'irqmod_dim_x("ice")')
    expect('an argument is expanded before it is substituted, and the result rescanned',
           expand('R(T, NEVER)', macros('#define NEVER NO, unused',
                                        '#define R(t, ...) R2(t, __VA_ARGS__)',
                                        '#define R2(t, how, f) how(t, f)',
                                        '#define NO(t, f) .f = 0')),
           '.unused = 0')
    expect('a macro is not expanded inside its own expansion',
           expand('L', macros('#define L L + 1')), 'L + 1')
    expect("a body's later lines keep their indentation below the calling line's",
           expand('\tF(x)', macros('#define F(k) \n\tint k;\n\t\tk++;')), '\tint x;\n\t\tx++;')
    refuses('a call with the wrong number of arguments',
            lambda: expand('P(1)', macros('#define P(a, b) a'), where='c.c:4'), 'c.c:4')

    region = ['/**', ' * enum e - e.', ' * @V_A: one value per row,', ' *       a pattern.', ' */',
              'enum e {', '#define IRQMOD_KIND(E, k, ...) V_##E,',
              '#define IRQMOD_KIND_PRESET(E, k, p) V_##E,', '#include "irqmod/kinds.h"',
              '#undef IRQMOD_KIND', '#undef IRQMOD_KIND_PRESET', '};']
    expect('an enum region: one value a row, each described in the kernel-doc',
           flavour.expand_kind_list(region, 'e.h', kinds),
           ['/**', ' * enum e - e.', ' * @V_A: kind "a-1" (irqmod/a.h describes it).',
            ' * @V_B: kind "b", module a with its own defaults (irqmod/a.h describes it).',
            ' */', 'enum e {', '\tV_A,', '\tV_B,', '};'])
    functions = ['/* Used by the rows only. */', '#define BODY(k) \\',
                 '\tstatic int k##_f(int a,  \\', '\t\t\t  int b) \\', '\t{ \\',
                 '\t\treturn a; \\', '\t}', '#define IRQMOD_KIND(E, k, ...) BODY(k)',
                 '#define IRQMOD_KIND_PRESET(E, k, p) BODY(p)', '#include "irqmod/kinds.h"',
                 '#undef IRQMOD_KIND', '#undef IRQMOD_KIND_PRESET']
    expect('a function region: plain functions, aligned, apart, and the helper macro gone',
           flavour.expand_kind_list(functions, 'f.c', kinds),
           ['static int a_f(int a,', '\t       int b)', '{', '\treturn a;', '}', '',
            'static int b_f(int a,', '\t       int b)', '{', '\treturn a;', '}'])
    expect("a region whose rows expand to nothing gives the kinds' headers",
           flavour.expand_kind_list(['#define IRQMOD_KIND(...)',
                                     '#define IRQMOD_KIND_PRESET(...)',
                                     '#include "irqmod/kinds.h"'], 'c.h', kinds),
           ['#include "irqmod/a.h"'])
    expect('one designated initializer a line, adjacent strings joined',
           flavour.tidy_expansion(['\t\t.n = "inner." "f", .o = 0']),
           ['\t\t.n = "inner.f",', '\t\t.o = 0'])
    refuses('irqmod/kinds.h included without the row macros',
            lambda: flavour.expand_kind_list(['#include "irqmod/kinds.h"'], 'x.c', kinds), 'x.c:1')
    expect("a knob list the rows name is dropped with its comment",
           flavour.drop_knob_macros(['int a;', '/* knobs */', '#define K(X) \\', '\tX(1)',
                                     'int b;'], [('row', 'IRQMOD_KIND', ['A', 'a', 'K'])]),
           ['int a;', 'int b;'])

    for failure in failures:
        print(f'FAIL kernel-flavour-rules: {failure}')
    if failures:
        return 1
    print('kernel-flavour-rules: every rule holds')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
