#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# Proves that the public headers work from C++ (simulators written in C++
# include them): each header alone and all of them together compile with
# g++ -std=c++11 -Wpedantic -Wall -Wextra -Werror (and clang++ when present),
# and, given the built static library, a C++ program that takes the address
# of every IRQMOD_API function links, which fails for a header without its
# extern "C" guard.
#
# Usage: cxx-headers.sh SOURCE_ROOT STATIC_LIBRARY HEADER...
#   HEADER... are libirqmod's public headers (irqmod_public_headers); every
#   other header of include/irqmod/ is compiled too, but not linked.
#   STATIC_LIBRARY may be "" to skip the link step.
set -euo pipefail

root=$(cd "${1:?usage: cxx-headers.sh SOURCE_ROOT STATIC_LIBRARY HEADER...}" && pwd)
library=${2?usage: cxx-headers.sh SOURCE_ROOT STATIC_LIBRARY HEADER...}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"

headers=("$@")
[ ${#headers[@]} -gt 0 ] || { echo "FAIL cxx-headers: no headers given"; exit 1; }

failures=0
fail() {
	echo "FAIL cxx-headers: $*"
	failures=$((failures + 1))
}

workdir=$(mktemp -d "${TMPDIR:-/tmp}/irqmod-cxx.XXXXXX")
trap 'rm -rf "$workdir"' EXIT

# Compile every header of include/irqmod/: those of libirqmod (the list) and
# any other (e.g. the simulator's). The link step uses the list only, since
# the other headers' functions live in other libraries.
compile_headers=("${headers[@]}")
for file in "$root"/include/irqmod/*.h; do
	listed=0
	for header in "${headers[@]}"; do
		[ "$(basename "$header")" = "$(basename "$file")" ] && listed=1
	done
	[ "$listed" = 1 ] || compile_headers+=("$file")
done

compilers=(g++)
command -v g++ >/dev/null 2>&1 || irqmod_skip_or_fail cxx-headers "g++ is not installed"
command -v clang++ >/dev/null 2>&1 && compilers+=(clang++)

flags=(-std=c++11 -Wpedantic -Wall -Wextra -Werror -I"$root/include")

# One translation unit per header proves each is self-contained; one with all
# of them, the addresses of the API functions and a main() is then linked.
all="$workdir/all.cpp"
: >"$all"
mkdir "$workdir/alone"
for header in "${compile_headers[@]}"; do
	name=$(basename "$header")
	printf '#include "irqmod/%s"\n' "$name" >"$workdir/alone/${name%.h}.cpp"
	printf '#include "irqmod/%s"\n' "$name" >>"$all"
done
{
	printf '\ntypedef void (*irqmod_any_function)(void);\n'
	printf 'static const irqmod_any_function irqmod_api[] = {\n'
	while read -r function; do
		printf '\treinterpret_cast<irqmod_any_function>(&%s),\n' "$function"
	done < <(irqmod_api_names "${headers[@]}")
	printf '\tnullptr,\n};\n\n'
	printf 'int main()\n{\n\treturn irqmod_api[0] == nullptr;\n}\n'
} >>"$all"

for compiler in "${compilers[@]}"; do
	for source in "$all" "$workdir"/alone/*.cpp; do
		if ! "$compiler" "${flags[@]}" -fsyntax-only "$source" 2>"$workdir/log"; then
			cat "$workdir/log"
			if [ "$source" = "$all" ]; then
				fail "the headers together do not compile as C++ with $compiler ${flags[*]}"
			else
				fail "include/irqmod/$(basename "${source%.cpp}").h does not compile alone as C++ with $compiler ${flags[*]}"
			fi
		fi
	done
done

if [ -n "$library" ] && [ "$failures" -eq 0 ]; then
	if ! g++ "${flags[@]}" "$all" "$library" -o "$workdir/all" 2>"$workdir/log"; then
		cat "$workdir/log"
		fail "a C++ program using every IRQMOD_API function does not link against $(basename "$library"): a header lacks its extern \"C\" guard or a function is not built"
	elif ! "$workdir/all"; then
		fail "the C++ program did not run"
	fi
fi

[ "$failures" -eq 0 ] || exit 1
echo "PASS cxx-headers: ${#compile_headers[@]} header(s) with ${compilers[*]}"
