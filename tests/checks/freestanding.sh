#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# Proves that the controller core (the .c files directly in lib/) builds
# freestanding, so a kernel, firmware or DPDK build can take it as it is.
#
# Usage: freestanding.sh CHECK SOURCE_ROOT FILE...
#   CHECK is one of
#     link-gcc, link-clang  -O2 -ffreestanding -nostdlib -fno-builtin; the objects,
#                           linked with `ld -r`, need no outside symbol, and no
#                           object defines a mutable global (.data/.bss)
#     no-float              gcc -mgeneral-regs-only (x86-64) compiles every file
#     m32-division          gcc -m32 -DIRQMOD_EXTERNAL_DIVISION: the only outside
#                           symbols are the platform division hooks of lib/deps.h,
#                           never a libgcc helper such as __udivdi3
#     includes              every file, and every project header it pulls in,
#                           includes only <stdint.h>, <stddef.h>, <stdbool.h>
#                           and project headers (<linux/...> in branches
#                           only a __KERNEL__ build takes)
#     source-list           the FILE list (irqmod_core_sources) is exactly the
#                           .c files directly in SOURCE_ROOT/lib
#   FILE... are the core sources, absolute or relative to SOURCE_ROOT.
#
# Exit status: 0 pass, 1 fail (each failure names its file and symbol),
# 77 skip (a tool or the target is missing). With IRQMOD_STRICT=1 (set by
# scripts/test, which installs every tool) a missing tool is a failure.
set -euo pipefail

. "$(dirname "$0")/common.sh"

check=${1:?usage: freestanding.sh CHECK SOURCE_ROOT FILE...}
root=${2:?usage: freestanding.sh CHECK SOURCE_ROOT FILE...}
shift 2
root=$(cd "$root" && pwd -P)

# Meson passes paths like BUILD/../SOURCE/lib/x.c: canonicalize them.
sources=()
for file in "$@"; do
	case $file in
	/*) ;;
	*) file="$root/$file" ;;
	esac
	sources+=("$(readlink -f -- "$file")")
done
[ ${#sources[@]} -gt 0 ] || { echo "FAIL $check: no source files given"; exit 1; }

# Path of a file as the report shows it: relative to the source root.
show() { printf '%s' "${1#"$root"/}"; }

failures=0
fail() {
	echo "FAIL $check: $*"
	failures=$((failures + 1))
}

need_tool() {
	command -v "$1" >/dev/null 2>&1 || irqmod_skip_or_fail "$check" "$1 is not installed"
}

workdir=$(mktemp -d "${TMPDIR:-/tmp}/irqmod-freestanding.XXXXXX")
trap 'rm -rf "$workdir"' EXIT

# The core's own flags: what a kernel or firmware build would use. The
# sanitizer and coverage flags of the surrounding build never reach here.
# -fno-stack-protector: the canary symbol (__stack_chk_fail) belongs to the
# platform, like the kernel's own; it says nothing about the core.
base_flags=(-std=c11 -O2 -ffreestanding -nostdlib -fno-builtin
	-fno-stack-protector -Wall -Wextra
	-I"$root/include" -I"$root/lib")

# The source each object was compiled from, for the reports.
declare -A source_of=()

# compile_all COMPILER OUTDIR FLAG...: one object per source; names each file
# that does not compile.
compile_all() {
	local compiler=$1 outdir=$2 file object index=0
	shift 2
	mkdir -p "$outdir"
	for file in "${sources[@]}"; do
		index=$((index + 1))
		object="$outdir/$index-$(basename "${file%.c}").o"
		source_of[$(basename "$object")]=$file
		if ! "$compiler" "${base_flags[@]}" "$@" -c "$file" -o "$object" \
			>"$outdir/log" 2>&1; then
			cat "$outdir/log"
			fail "$(show "$file") does not compile with $compiler $*"
		fi
	done
}

# report_undefined ALLOWED OBJDIR LINKED: report each undefined symbol of the
# linked object that is not in ALLOWED, with the sources that reference it.
report_undefined() {
	local allowed=$1 objdir=$2 linked=$3 symbol object users
	while read -r symbol; do
		[ -n "$symbol" ] || continue
		# Defined by the final link itself (position-independent code).
		[ "$symbol" != _GLOBAL_OFFSET_TABLE_ ] || continue
		case " $allowed " in *" $symbol "*) continue ;; esac
		users=""
		for object in "$objdir"/*.o; do
			if nm -u "$object" | awk '{ print $NF }' | grep -qx -- "$symbol"; then
				users="$users $(show "${source_of[$(basename "$object")]}")"
			fi
		done
		fail "undefined symbol '$symbol' referenced by:${users:- (unknown)}$(libgcc_note "$symbol")"
	done < <(nm -u "$linked" | awk '{ print $NF }' | sort -u)
}

libgcc_note() {
	case $1 in
	__udivdi3 | __umoddi3 | __divdi3 | __moddi3 | __udivmoddi4 | __divmoddi4)
		printf ' (libgcc 64-bit division helper: divide 64-bit values only through IRQMOD_DIV_U64_U32/IRQMOD_DIV64_U64 of lib/deps.h)' ;;
	memcpy | memset | memmove | memcmp)
		printf ' (the compiler emits this for large struct copies or clears: copy fields instead)' ;;
	esac
}

# Mutable globals: any symbol an object places in a writable data section.
# .data.rel.ro holds position-independent constant tables and is read-only
# after relocation, so it is allowed.
report_mutable_globals() {
	local object section name
	for object in "$1"/*.o; do
		while read -r section name; do
			fail "$(show "${source_of[$(basename "$object")]}") defines mutable global '$name' in $section"
		done < <(objdump -t "$object" | awk '
			$NF != "" && NF >= 5 {
				for (i = 1; i <= NF; i++)
					if ($i ~ /^\.(data|bss|tdata|tbss|sdata|sbss)(\.|$)/ &&
					    $i !~ /^\.data\.rel\.ro/ && $NF != $i)
						print $i, $NF
			}' | sort -u)
	done
}

check_link() {
	local compiler=$1 objdir="$workdir/$1"
	need_tool "$compiler"
	need_tool ld
	need_tool nm
	need_tool objdump
	compile_all "$compiler" "$objdir"
	[ "$failures" -eq 0 ] || return 0
	if ! ld -r -o "$workdir/core.o" "$objdir"/*.o; then
		fail "ld -r could not link the core objects"
		return 0
	fi
	report_undefined "" "$objdir" "$workdir/core.o"
	report_mutable_globals "$objdir"
}

is_x86_64() {
	[ "$(uname -m)" = x86_64 ]
}

check_no_float() {
	need_tool gcc
	if ! is_x86_64; then
		echo "SKIP $check: -mgeneral-regs-only is checked on x86-64 only"
		exit "$IRQMOD_SKIP"
	fi
	compile_all gcc "$workdir/general-regs" -mgeneral-regs-only
	if [ "$failures" -gt 0 ]; then
		echo "($check: gcc -mgeneral-regs-only rejects floating point or vector code in the files named above)"
	fi
}

check_m32_division() {
	local probe="$workdir/probe.c"
	need_tool gcc
	need_tool ld
	need_tool nm
	if ! is_x86_64; then
		echo "SKIP $check: the -m32 build is checked on x86-64 only"
		exit "$IRQMOD_SKIP"
	fi
	printf 'int irqmod_probe(void) { return 0; }\n' >"$probe"
	gcc -m32 -ffreestanding -c "$probe" -o "$workdir/probe.o" 2>/dev/null ||
		irqmod_skip_or_fail "$check" "gcc -m32 does not work (install gcc-multilib)"
	compile_all gcc "$workdir/m32" -m32 -DIRQMOD_EXTERNAL_DIVISION
	[ "$failures" -eq 0 ] || return 0
	if ! ld -m elf_i386 -r -o "$workdir/core32.o" "$workdir/m32"/*.o; then
		fail "ld -m elf_i386 -r could not link the 32-bit core objects"
		return 0
	fi
	report_undefined "irqmod_platform_div_u64_u32 irqmod_platform_div64_u64" \
		"$workdir/m32" "$workdir/core32.o"
}

# Resolve a project include: lib/, include/ or the including file's folder.
resolve_include() {
	local name=$1 from_dir=$2 candidate
	for candidate in "$from_dir/$name" "$root/lib/$name" "$root/include/$name"; do
		if [ -f "$candidate" ]; then
			readlink -f -- "$candidate"
			return 0
		fi
	done
	return 1
}

# The standard headers the core may use outside the kernel.
readonly allowed_system_headers=" stdint.h stddef.h stdbool.h "

# list_includes FILE: one line per #include: K (inside a __KERNEL__-only
# branch) or U (every other build), then " <name" or ' "name'. Follows
# #if/#ifdef/#ifndef/#else/#elif/#endif nesting; a branch counts as
# kernel-only under #ifdef __KERNEL__, #if defined(__KERNEL__), or the #else
# of #ifndef __KERNEL__ / #if !defined(__KERNEL__). Text in comments is
# not an #include and is skipped with them.
list_includes() {
	awk '
	function kernel_only(   i) {
		for (i = 1; i <= depth; i++)
			if (branch[i] == 1)
				return 1
		return 0
	}
	# Strip comments, also ones spanning lines.
	{
		line = $0
		if (in_comment) {
			if (index(line, "*/") == 0)
				next
			line = substr(line, index(line, "*/") + 2)
			in_comment = 0
		}
		while (match(line, /\/\*/)) {
			rest = substr(line, RSTART + 2)
			if (index(rest, "*/") == 0) {
				line = substr(line, 1, RSTART - 1)
				in_comment = 1
				break
			}
			line = substr(line, 1, RSTART - 1) substr(rest, index(rest, "*/") + 2)
		}
		sub(/\/\/.*/, "", line)
	}
	line ~ /^[ \t]*#[ \t]*if/ {
		depth++
		if (line ~ /^[ \t]*#[ \t]*ifndef[ \t]+__KERNEL__/ ||
		    line ~ /!defined[ \t]*\(?[ \t]*__KERNEL__/)
			branch[depth] = -1
		else if (line ~ /__KERNEL__/)
			branch[depth] = 1
		else
			branch[depth] = 0
		next
	}
	line ~ /^[ \t]*#[ \t]*else/ { branch[depth] = -branch[depth]; next }
	line ~ /^[ \t]*#[ \t]*elif/ { branch[depth] = 0; next }
	line ~ /^[ \t]*#[ \t]*endif/ { if (depth > 0) depth--; next }
	line ~ /^[ \t]*#[ \t]*include[ \t]*[<"]/ {
		name = line
		sub(/^[ \t]*#[ \t]*include[ \t]*/, "", name)
		kind = substr(name, 1, 1)
		name = substr(name, 2)
		sub(/[>"].*/, "", name)
		print (kernel_only() ? "K" : "U") " " kind name
	}
	' "$1"
}

# Every #include of the core files, and of the project headers they pull in:
# project headers, the three standard headers, or in a __KERNEL__-only
# branch the kernel's own <linux/...> headers.
check_includes() {
	local -A seen=()
	local queue=() file via flavour name kind target where
	for file in "${sources[@]}"; do
		queue+=("$file|$file")
	done
	while [ ${#queue[@]} -gt 0 ]; do
		file=${queue[0]%%|*}
		via=${queue[0]#*|}
		queue=("${queue[@]:1}")
		[ -z "${seen[$file]:-}" ] || continue
		seen[$file]=1
		where=$(show "$file")
		[ "$file" = "$via" ] || where="$where (included by $(show "$via"))"
		while read -r flavour name; do
			kind=${name:0:1}
			name=${name:1}
			if [ "$kind" = '"' ] || { [ "$kind" = '<' ] &&
				[ -f "$root/include/$name" ]; }; then
				if target=$(resolve_include "$name" "$(dirname "$file")"); then
					queue+=("$target|$via")
				else
					fail "$where includes \"$name\", which is not a project header"
				fi
			elif [ "$flavour" = K ]; then
				case $name in
				linux/*) ;;
				*) fail "$where includes <$name> for the kernel: only <linux/...> headers belong in a __KERNEL__ branch" ;;
				esac
			else
				case $allowed_system_headers in
				*" $name "*) ;;
				*) fail "$where includes <$name>: the core may include only <stdint.h>, <stddef.h>, <stdbool.h> and project headers" ;;
				esac
			fi
		done < <(list_includes "$file")
	done
}

check_source_list() {
	local file listed
	for file in "${sources[@]}"; do
		[ "$(dirname "$file")" = "$root/lib" ] ||
			fail "$(show "$file") is listed as a core source but is not directly in lib/"
	done
	for file in "$root"/lib/*.c; do
		[ -e "$file" ] || continue
		listed=0
		for candidate in "${sources[@]}"; do
			[ "$candidate" = "$file" ] && listed=1
		done
		[ "$listed" = 1 ] ||
			fail "$(show "$file") is in lib/ but not in irqmod_core_sources (lib/meson.build), so nothing builds or checks it"
	done
}

case $check in
link-gcc) check_link gcc ;;
link-clang) check_link clang ;;
no-float) check_no_float ;;
m32-division) check_m32_division ;;
includes) check_includes ;;
source-list) check_source_list ;;
*)
	echo "unknown check '$check'" >&2
	exit 2
	;;
esac

if [ "$failures" -gt 0 ]; then
	echo "$check: $failures failure(s) in ${#sources[@]} file(s)"
	exit 1
fi
echo "PASS $check: ${#sources[@]} file(s)"
