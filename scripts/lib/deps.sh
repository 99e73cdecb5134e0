# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Sourced by scripts/test and scripts/demo: the Debian packages irqmod needs,
# and installing the missing ones with apt-get.

# What building and running the demo needs.
IRQMOD_BUILD_PACKAGES=(gcc libc6-dev meson ninja-build pkg-config libcmocka-dev)

# What the whole test suite needs on top: clang with its sanitizer runtime,
# g++ for the C++ header check, binutils for the freestanding link checks,
# python3 to count the results, and on x86-64 the 32-bit gcc target for
# the -m32 division check and the 32-bit build of the unit tests (with
# CMocka for i386, a foreign architecture added on the way).
# libpcap-dev lets the simulator replay the pcap captures of scenarios/traces
# (the meson feature 'pcap' is on when it is found). GNU parallel runs a
# sweep as shards (test sim_cli_shard_merge); groff renders the irqmod-sim(1)
# man page (test man_irqmod_sim); cmake builds the find_package(irqmod)
# consumer of the install check. python3-jsonschema checks irqmod-sim's JSON
# against docs/irqmod-sim-output.schema.json (test sim_output_formats).
# dpkg-dev's dpkg-architecture gives Meson Debian's multiarch libdir
# (lib/x86_64-linux-gnu); without it Meson installs into lib64, where
# Debian's CMake never looks (its Linux platform file turns lib64 off), and
# the install check's find_package(irqmod) fails. gnuplot-nox draws a sweep
# or seeds CSV (scripts/lib/plot_sweep.py, test plot_sweep).
IRQMOD_TEST_PACKAGES=("${IRQMOD_BUILD_PACKAGES[@]}" g++ clang libclang-rt-14-dev binutils python3
	libpcap-dev parallel groff-base cmake python3-jsonschema dpkg-dev gnuplot-nox)
if [ "$(uname -m)" = x86_64 ]; then
	IRQMOD_TEST_PACKAGES+=(gcc-multilib libcmocka-dev:i386)
fi

# Wanted by the tests but not required: Linux's source for the vs-Linux
# differential (scripts/vs-linux, the 'vs-linux' test), which skips without
# it. irqmod_try_packages installs them when it can and goes on when not.
IRQMOD_OPTIONAL_TEST_PACKAGES=(linux-source-6.1)

# Also optional: ns-3 for the ns-3 example (examples/ns3, the test
# ns3_example; docs/ns3.md), with g++ to compile it. Debian 12's
# libns3-dev does not depend on libgsl-dev and libsqlite3-dev, but its
# .pc and CMake files name their libgsl.so and libsqlite3.so, so linking
# needs them. About 13 MB to download (libns3.37 10.5 MB).
IRQMOD_NS3_PACKAGES=(libns3-dev libgsl-dev libsqlite3-dev g++)

# What the stages of scripts/test that start real components install for
# themselves when run alone; scripts/test installs them all at its start,
# so that every download is in its "packages" stage. Each stage skips when
# its packages cannot be installed.
#   scripts/capture       network namespaces, real tools and tcpdump
IRQMOD_CAPTURE_PACKAGES=(iproute2 ethtool iputils-ping iperf3 sockperf tcpdump)
#   scripts/kernel-test   Debian's kernel, its headers, QEMU and busybox, and
#                         python3 for scripts/kernel-flavour
IRQMOD_KERNEL_TEST_PACKAGES=(linux-headers-amd64 linux-image-amd64 qemu-system-x86
	busybox-static cpio make gcc python3)
#   scripts/kernel-knobs  namespaces, ethtool and taskset (util-linux); its
#                         smoke run (a test of scripts/test) needs no more.
#                         The measurement adds perf, which counts the veth
#                         NAPI's polls and timer expiries (3.4 MB download).
IRQMOD_KNOBS_PACKAGES=(iproute2 ethtool util-linux python3)
IRQMOD_KNOBS_MEASURE_PACKAGES=(linux-perf)
#   scripts/driver-test   the kernel test's packages, Linux's source (e1000e),
#                         and the traffic tools run on both sides
IRQMOD_DRIVER_TEST_PACKAGES=("${IRQMOD_KERNEL_TEST_PACKAGES[@]}" linux-source-6.1 python3
	iproute2 iputils-ping sockperf iperf3)
#   scripts/dpdk-test     DPDK's tap PMD, sockperf and ping
IRQMOD_DPDK_TEST_PACKAGES=(libdpdk-dev sockperf iputils-ping iproute2)
# Where the kernel runs no 32-bit programs, build-m32's tests run under
# qemu-i386 (scripts/test installs it only then).
IRQMOD_M32_EMULATOR_PACKAGES=(qemu-user)

# irqmod_try_packages PACKAGE...: like irqmod_install_packages, but a
# package that cannot be installed (not root, no network, not Debian) only
# prints a note: the tests that need it skip.
irqmod_try_packages() {
	local missing=() package
	command -v dpkg-query >/dev/null 2>&1 || return 0
	for package in "$@"; do
		if ! dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null |
			grep -q ' installed$'; then
			missing+=("$package")
		fi
	done
	[ ${#missing[@]} -gt 0 ] || return 0
	if [ "$(id -u)" -ne 0 ]; then
		echo "irqmod: optional packages missing (their tests skip): ${missing[*]}" >&2
		return 0
	fi
	echo "irqmod: installing ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	apt-get install -y -q --no-install-recommends "${missing[@]}" ||
		{ apt-get update -q && apt-get install -y -q --no-install-recommends "${missing[@]}"; } ||
		# One package that cannot be had must not keep the others out.
		for package in "${missing[@]}"; do
			apt-get install -y -q --no-install-recommends "$package" ||
				echo "irqmod: could not install $package; the tests that need it skip" >&2
		done
}

# What the analysis scripts need: scripts/coverage (gcovr) and scripts/eva
# (Frama-C's Eva plug-in). scripts/test runs both.
IRQMOD_ANALYSIS_PACKAGES=(gcovr frama-c-base)

# What scripts/apidoc (the API reference) needs: Doxygen, and python3 for
# its kernel-doc input filter.
IRQMOD_APIDOC_PACKAGES=(doxygen python3)

# irqmod_install_packages PACKAGE...: install those not yet installed. As
# root: `apt-get update` once, then `apt-get install`. Otherwise print the
# command to run and exit 1. Quick when everything is there.
irqmod_install_packages() {
	local missing=() package
	if ! command -v dpkg-query >/dev/null 2>&1; then
		# Not Debian: trust the user's own setup if the tools are there.
		for package in meson ninja pkg-config cc; do
			if ! command -v "$package" >/dev/null 2>&1; then
				echo "irqmod: '$package' is missing; install these (Debian names): $*" >&2
				exit 1
			fi
		done
		return 0
	fi
	for package in "$@"; do
		if ! dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null |
			grep -q ' installed$'; then
			missing+=("$package")
		fi
	done
	[ ${#missing[@]} -gt 0 ] || return 0

	if [ "$(id -u)" -ne 0 ]; then
		echo "irqmod needs these packages: ${missing[*]}" >&2
		echo "Install them as root, then run this again:" >&2
		echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
		exit 1
	fi
	echo "irqmod: installing ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	# A package of another architecture (libcmocka-dev:i386) needs it added.
	for package in "${missing[@]}"; do
		case $package in
		*:i386)
			if ! dpkg --print-foreign-architectures | grep -qx i386; then
				dpkg --add-architecture i386
			fi
			;;
		esac
	done
	apt-get update -q
	apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# irqmod_setup_build DIR [MESON_OPTION...]: configure DIR with these options
# and the compiler in CC, reusing it when it already has them; ninja then
# reconfigures by itself when a meson.build changes. Other options are
# applied with --reconfigure; another compiler, other cross files (Meson
# keeps a build's cross files and ignores new ones on --reconfigure), or a
# folder that does not reconfigure (e.g. after a Meson upgrade), means a
# fresh setup.
irqmod_setup_build() {
	local dir=$1 stamp compiler options log
	shift
	stamp="$dir/irqmod-setup"
	compiler="CC=${CC:-}"
	options="$*"
	if [ -f "$dir/meson-private/coredata.dat" ] && [ -f "$stamp" ]; then
		if [ "$(sed -n 2p "$stamp")" = "$options" ] &&
			[ "$(sed -n 1p "$stamp")" = "$compiler" ]; then
			return 0
		fi
	fi
	log=$(mktemp)
	if [ -f "$dir/meson-private/coredata.dat" ] && [ -f "$stamp" ] &&
		[ "$(sed -n 1p "$stamp")" = "$compiler" ] &&
		[ "$(grep -o -- '--cross-file [^ ]*' <<<"$(sed -n 2p "$stamp")")" = \
			"$(grep -o -- '--cross-file [^ ]*' <<<"$options")" ] &&
		meson setup --reconfigure "$dir" "$@" >"$log" 2>&1; then
		:
	elif ! { rm -rf "$dir" && meson setup "$dir" "$@" >"$log" 2>&1; }; then
		cat "$log" >&2
		rm -f "$log"
		echo "irqmod: meson setup $dir failed" >&2
		return 1
	fi
	rm -f "$log"
	printf '%s\n%s\n' "$compiler" "$options" >"$stamp"
}
