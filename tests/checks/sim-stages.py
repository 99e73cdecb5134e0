#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""Each stage of the simulator's model compiles by itself.

lib/sim/model.c includes the stage files into one translation unit, where
nothing would notice a stage that uses a macro or a static function of a
stage included before it. This check compiles every file model.c includes
on its own (-c), with the command line the build compiles model.c with
(the project's standard, warning and optimisation flags, read from
compile_commands.json) and -Werror, so each stage must include and declare
what it uses. It also checks that model.c includes exactly the stages the
build lists (irqmod_sim_model_sources in lib/sim/meson.build, which
-Dsim_one_unit=false compiles one by one).

Usage: sim-stages.py BUILD_ROOT MODEL_C STAGE_C...
Exit status: 0 pass, 1 fail (each failure names its file).
"""

import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

# Arguments of a compile command that name its input, output or dependency
# files; the check gives its own.
DROP_WITH_VALUE = {'-o', '-MQ', '-MF', '-MT'}
DROP = {'-c', '-MD', '-MMD'}


def stage_includes(model):
    """The .c files model.c includes, in its order."""
    with open(model, encoding='utf-8') as handle:
        return re.findall(r'^\s*#\s*include\s+"([^"]+\.c)"', handle.read(), re.M)


def compile_command(build_root, model):
    """The build's command line for model.c (or, in a build that compiles
    the stages one by one, for the first stage) without its files, and the
    folder it runs in."""
    with open(os.path.join(build_root, 'compile_commands.json'), encoding='utf-8') as handle:
        entries = json.load(handle)
    sim_dir = os.path.dirname(os.path.realpath(model))
    wanted = [os.path.realpath(model)] + [os.path.join(sim_dir, name)
                                          for name in stage_includes(model)]
    for path in wanted:
        for entry in entries:
            source = os.path.realpath(os.path.join(entry['directory'], entry['file']))
            if source != path:
                continue
            args = entry.get('arguments') or shlex.split(entry['command'])
            kept, skip = [], False
            for arg in args:
                if skip:
                    skip = False
                elif arg in DROP_WITH_VALUE:
                    skip = True
                elif arg in DROP or arg == entry['file'] or \
                        os.path.realpath(os.path.join(entry['directory'], arg)) == source:
                    continue
                else:
                    kept.append(arg)
            return kept, entry['directory']
    return None, None


def main(argv):
    if len(argv) < 4:
        print('usage: sim-stages.py BUILD_ROOT MODEL_C STAGE_C...')
        return 1
    build_root, model, listed = argv[1], argv[2], argv[3:]
    failures = 0

    stages = stage_includes(model)
    sim_dir = os.path.dirname(os.path.realpath(model))
    if not stages:
        print(f'FAIL {model}: includes no stage file')
        return 1
    included = sorted(stages)
    built = sorted(os.path.basename(os.path.realpath(path)) for path in listed)
    if included != built:
        print(f'FAIL model.c includes {", ".join(included)}; lib/sim/meson.build lists '
              f'{", ".join(built)} (irqmod_sim_model_sources)')
        failures += 1

    command, directory = compile_command(build_root, model)
    if command is None:
        print(f'FAIL no compile command for {model} in {build_root}/compile_commands.json')
        return 1
    command += ['-Werror']

    with tempfile.TemporaryDirectory(prefix='irqmod-sim-stages.') as workdir:
        for name in stages:
            source = os.path.join(sim_dir, name)
            obj = os.path.join(workdir, name + '.o')
            result = subprocess.run(command + ['-c', source, '-o', obj], cwd=directory,
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                    text=True, check=False)
            if result.returncode != 0:
                print(result.stdout, end='')
                print(f'FAIL lib/sim/{name} does not compile by itself')
                failures += 1
            else:
                print(f'ok lib/sim/{name}')
    if failures == 0:
        print(f'PASS {len(stages)} stages compile alone: {" ".join(command)}')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
