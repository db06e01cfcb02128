#!/usr/bin/env bash
# kernel/build.sh: build the patched psmouse.ko and userio.ko (test-patched)
# out of tree, against the installed Debian kernel's headers.
#
# Nothing is loaded into the running kernel; the modules are meant for the
# QEMU guest (test/vm) or for DKMS (kernel/dkms.conf).
set -euo pipefail

usage() {
	cat <<'EOF'
usage: kernel/build.sh --out DIR [--series 6.1|6.12] [--no-patches] [--jobs N]

Builds DIR/psmouse.ko (drivers/input/mouse of linux-source-<series> with
the patches of kernel/patches/<series>/series applied) and DIR/userio.ko
(with kernel/test-patches/userio-firmware-id.patch: a firmware_id
parameter), and writes DIR/kernel-release.

  --out DIR      where the results go (the build tree is DIR/tree, the
                 kbuild directories DIR/psmouse and DIR/userio)
  --series S     the kernel series to build for (default: KVER's, else
                 6.1); its newest kernel with headers is used
  --no-patches   build the pristine Debian sources
  --jobs N       parallel make jobs (default: 2)

Environment:
  KVER=<release>         kernel to build for (default: the newest
                         /boot/vmlinuz-<series>.* with its
                         /usr/src/linux-headers-<ver>; a kernel that
                         kernel/kernel-root unpacked is seen under
                         kernel/kernel-root run)
  SYNMT_CACHE=<dir>      cache for the extracted sources (default: <top>/cache)
  SYNMT_LINUX_TARBALL=   the source tarball (default:
                         /usr/src/linux-source-<series>.tar.xz)
  SYNMT_FORCE=1          rebuild even if nothing changed
EOF
}

KDIR=$(cd "$(dirname "$(readlink -f "$0")")" && pwd)
TOP=$(cd "$KDIR/.." && pwd)
# shellcheck source=kernel/lib.sh
. "$KDIR/lib.sh"

out= patches=1 jobs=2 series=
while [ $# -gt 0 ]; do
	case $1 in
	--out) [ $# -ge 2 ] || kdie "--out needs a directory"; out=$2; shift 2 ;;
	--out=*) out=${1#--out=}; shift ;;
	--series) [ $# -ge 2 ] || kdie "--series needs 6.1 or 6.12"; series=$2; shift 2 ;;
	--series=*) series=${1#--series=}; shift ;;
	--no-patches) patches=0; shift ;;
	--jobs) [ $# -ge 2 ] || kdie "--jobs needs a number"; jobs=$2; shift 2 ;;
	--jobs=*) jobs=${1#--jobs=}; shift ;;
	-h | --help) usage; exit 0 ;;
	*) usage >&2; kdie "unknown argument: $1" ;;
	esac
done
[ -n "$out" ] || { usage >&2; kdie "--out DIR is required"; }
case $jobs in '' | *[!0-9]* | 0) kdie "--jobs wants a positive number, not '$jobs'" ;; esac

mkdir -p "$out" || kdie "cannot create $out"
out=$(cd "$out" && pwd)
# One build per output directory at a time (./synmt build-kernel may be run
# by several test suites at once); the others wait and then find it done.
if command -v flock >/dev/null; then
	exec 8>"$out/.lock"
	flock 8
fi
cache=${SYNMT_CACHE:-$TOP/cache}

for tool in make patch tar xz cmp sha256sum; do
	command -v "$tool" >/dev/null || kdie "'$tool' not found (./synmt setup installs what is needed)"
done

if [ -z "$series" ]; then
	series=6.1
	[ -z "${KVER:-}" ] || series=$(synmt_series_of "$KVER")
fi
synmt_supported_series "$series" || kdie "no patch series for Linux $series (kernel/patches/: ${SYNMT_SERIES_ALL[*]})"
kver=$(synmt_detect_kver "$series")
[ "$(synmt_series_of "$kver")" = "$series" ] || kdie "KVER=$kver is not a $series kernel"
kmsg "building for kernel $kver (series $series)"
printf '%s\n' "$kver" >"$out/kernel-release"

pristine=$(synmt_extract "$cache" "$series")

pdir=$KDIR/patches/$series
mapfile -t series_list < <(synmt_series_list "$pdir")
[ "$patches" = 1 ] || series_list=()

# Everything that determines the result; same id => nothing to do.
build_id=$(
	{
		printf 'kver %s\ntarball %s\npatches %s\n' "$kver" "$(synmt_tarball_id "$series")" "$patches"
		cat "$KDIR/kbuild/psmouse.Kbuild" "$KDIR/kbuild/userio.Kbuild"
		for p in "${series_list[@]}"; do
			printf 'patch %s\n' "$p"
			cat "$pdir/$p"
		done
		cat "$KDIR/test-patches/userio-firmware-id.patch"
	} | sha256sum | cut -d' ' -f1
)
if [ "${SYNMT_FORCE:-0}" != 1 ] && [ -f "$out/psmouse.ko" ] && [ -f "$out/userio.ko" ] &&
	[ "$(cat "$out/.build-id" 2>/dev/null)" = "$build_id" ]; then
	kmsg "up to date: $out/psmouse.ko $out/userio.ko (${#series_list[@]} patches)"
	exit 0
fi
rm -f "$out/.build-id"

tree=$out/tree
synmt_stage "$pristine" "$tree"
for p in "${series_list[@]}"; do
	kmsg "applying $p"
	synmt_apply_patch "$tree" "$pdir/$p" || kdie "patch $p does not apply (see above)"
done
[ ${#series_list[@]} -gt 0 ] || kmsg "no patches applied (pristine sources)"
# userio.ko is test equipment (never part of the series or of DKMS): give
# it a firmware_id parameter so emulated pads can carry a PNP id.
synmt_apply_patch "$tree" "$KDIR/test-patches/userio-firmware-id.patch" ||
	kdie "test-patches/userio-firmware-id.patch does not apply"

synmt_prepare_moddirs "$tree" "$KDIR/kbuild" "$out"

kmsg "make psmouse.ko (log: $out/psmouse.log)"
synmt_make "$kver" "$out/psmouse" "$jobs" "$out/psmouse.log" ||
	kdie "building psmouse.ko failed (full log: $out/psmouse.log)"
kmsg "make userio.ko (log: $out/userio.log)"
synmt_make "$kver" "$out/userio" "$jobs" "$out/userio.log" ||
	kdie "building userio.ko failed (full log: $out/userio.log)"

cp "$out/psmouse/psmouse.ko" "$out/psmouse.ko"
cp "$out/userio/userio.ko" "$out/userio.ko"
{ [ ${#series_list[@]} -eq 0 ] || printf '%s\n' "${series_list[@]}"; } >"$out/patches-applied"
printf '%s\n' "$build_id" >"$out/.build-id"
kmsg "done: $out/psmouse.ko $out/userio.ko (kernel $kver, ${#series_list[@]} patches)"
