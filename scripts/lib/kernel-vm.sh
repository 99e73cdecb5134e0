# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Sourced by scripts/kernel-test and scripts/driver-test: Debian's kernel
# booted under QEMU with a busybox initramfs. The caller defines log, skip
# and fail (each prints its own prefix; skip exits 77, fail exits 1).

# Taint flags these tests cause themselves (Documentation/admin-guide/tainted-kernels.rst):
# O (4096, out-of-tree module) and E (8192, unsigned module).
readonly KERNEL_VM_EXPECTED_TAINT_MASK=$((4096 | 8192))

# kernel_vm_packages LOG PACKAGE...: install the missing packages with
# apt-get (as root), or skip naming them.
kernel_vm_packages() {
	local log=$1 missing=() package
	shift
	for package in "$@"; do
		dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
			missing+=("$package")
	done
	[ ${#missing[@]} -gt 0 ] || return 0
	command -v apt-get >/dev/null || skip "not a Debian system (no apt-get); needs: ${missing[*]}"
	[ "${KERNEL_VM_INSTALL:-yes}" = yes ] || skip "missing packages: ${missing[*]}"
	[ "$(id -u)" = 0 ] ||
		skip "missing packages and not root; run as root: apt-get install --no-install-recommends ${missing[*]}"
	log "installing ${missing[*]}"
	if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		"${missing[@]}" >"$log" 2>&1; then
		tail -5 "$log" | sed 's/^/  /'
		skip "apt-get install failed (no network or no package lists?): see $log"
	fi
}

# kernel_vm_kernel: set kernel_version, kernel_image and kernel_build to the
# kernel the Debian meta-package points at, not the running one:
# linux-image-amd64 depends on linux-image-<version> (e.g. 6.1.0-57-amd64).
kernel_vm_kernel() {
	kernel_version=$(dpkg-query -W -f='${Depends}' linux-image-amd64 |
		grep -o 'linux-image-[0-9][^ ,]*' | head -1 | sed 's/^linux-image-//')
	[ -n "$kernel_version" ] || fail "cannot read the kernel version from linux-image-amd64"
	kernel_image=/boot/vmlinuz-$kernel_version
	kernel_build=/lib/modules/$kernel_version/build
	[ -r "$kernel_image" ] || fail "$kernel_image missing or unreadable"
	[ -d "$kernel_build" ] || fail "$kernel_build missing (linux-headers-$kernel_version)"
}

# kernel_vm_initramfs DIR: an initramfs tree with busybox and /dev/console;
# the caller adds its files and an executable DIR/init.
kernel_vm_initramfs() {
	local dir=$1 busybox
	busybox=$(command -v busybox || echo /bin/busybox)
	[ -x "$busybox" ] || fail "busybox not found"
	mkdir -p "$dir"/{bin,dev,proc,sys}
	cp "$busybox" "$dir/bin/busybox"
	# /dev/console lets the kernel give init a console before devtmpfs is up.
	[ "$(id -u)" = 0 ] && mknod -m 600 "$dir/dev/console" c 5 1
	return 0
}

# kernel_vm_pack DIR OUT: the initramfs tree as a gzip'd newc archive.
kernel_vm_pack() {
	(cd "$1" && find . | cpio -o -H newc --quiet | gzip -1) >"$2"
}

# kernel_vm_problems CONSOLE TAINT_MARKER: print one line per problem on the
# console: kernel warnings or oopses, and a taint (read from the line
# "TAINT_MARKER=N") other than O and E.
kernel_vm_problems() {
	local console=$1 marker=$2 taint
	grep -nE 'WARNING:|BUG:|Oops|Kernel panic|general protection|Call Trace|UBSAN|KASAN|stack-protector|RIP:' \
		"$console" | head -3 | sed 's/^/kernel warning or oops on the console: /'
	taint=$(sed -n "s/.*$marker=\([0-9]*\).*/\1/p" "$console" | tail -1)
	if [ -z "$taint" ]; then
		echo "taint not reported"
	elif [ $((taint & ~KERNEL_VM_EXPECTED_TAINT_MASK)) -ne 0 ]; then
		echo "kernel tainted $taint (only O and E, $KERNEL_VM_EXPECTED_TAINT_MASK, are expected)"
	fi
}
