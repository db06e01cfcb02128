# kernel/lib.sh: helpers shared by build.sh, check-series, series-git and
# dkms-run. Source it; it defines functions only (plus a few variables).
#
# The series exists for each Debian 12 kernel series (patches/6.1,
# patches/6.12). The pristine sources come from Debian's linux-source-<series>
# tarball. We only ever need a handful of directories from it, so they are
# extracted once into a cache directory (xz dominates: ~10 s) and reused
# read-only from there.

# The kernel series we have a patch series for.
SYNMT_SERIES_ALL=(6.1 6.12)

# Paths (relative to the tarball's top directory) that we extract. The patch
# series may only touch files below these.
SYNMT_SOURCE_PATHS=(
	'drivers/input/mouse/*'
	'drivers/input/serio/userio.c'
	'include/uapi/linux/userio.h'
	'scripts/checkpatch.pl'
	'scripts/spelling.txt'
	'scripts/const_structs.checkpatch'
	'Documentation/input/*'
	'Makefile'
)

# Messages start with $SYNMT_KMSG_TAG (dkms-run: "synaptics-mt", the name a
# user sees in dkms's make.log).
kmsg() { printf '%s: %s\n' "${SYNMT_KMSG_TAG:-kernel}" "$*" >&2; }
kdie() { printf '%s: error: %s\n' "${SYNMT_KMSG_TAG:-kernel}" "$*" >&2; exit 1; }

# synmt_series_of RELEASE: the kernel series (6.1, 6.12) of a kernel
# release string (6.1.0-57-amd64, 6.12.118+deb12-amd64, 6.1.192-synmt-debug).
synmt_series_of() {
	printf '%s\n' "$1" | sed -n 's/^\([0-9]*\.[0-9]*\)[.+-].*/\1/p'
}

# synmt_supported_series SERIES: do we have a patch series for it?
synmt_supported_series() {
	local s
	for s in "${SYNMT_SERIES_ALL[@]}"; do
		[ "$s" != "$1" ] || return 0
	done
	return 1
}

# synmt_tarball SERIES: Debian's linux-source tarball of SERIES
# (SYNMT_LINUX_TARBALL overrides it, for any series).
synmt_tarball() {
	printf '%s\n' "${SYNMT_LINUX_TARBALL:-/usr/src/linux-source-$1.tar.xz}"
}

# synmt_detect_kver [SERIES]: print the kernel release to build for.
# KVER=... overrides; otherwise the newest /boot/vmlinuz-<ver> of SERIES
# (default 6.1, the kernel of Debian 12) for which
# /usr/src/linux-headers-<ver> exists.
synmt_detect_kver() {
	local series=${1:-6.1} f ver found=()
	if [ -n "${KVER:-}" ]; then
		[ -f "/usr/src/linux-headers-$KVER/Makefile" ] ||
			kdie "KVER=$KVER: /usr/src/linux-headers-$KVER/Makefile not found (install linux-headers-$KVER, or run under kernel/kernel-root run)"
		printf '%s\n' "$KVER"
		return 0
	fi
	for f in /boot/vmlinuz-*; do
		[ -e "$f" ] || continue
		ver=${f#/boot/vmlinuz-}
		[ "$(synmt_series_of "$ver")" = "$series" ] || continue
		[ -f "/usr/src/linux-headers-$ver/Makefile" ] && found+=("$ver")
	done
	[ ${#found[@]} -gt 0 ] ||
		kdie "no installed $series kernel with headers: need /boot/vmlinuz-$series.* and its /usr/src/linux-headers-<ver> (apt-get install linux-image-amd64 linux-headers-amd64; for 6.12: kernel/kernel-root fetch 6.12 and run under kernel/kernel-root run; or set KVER=)"
	printf '%s\n' "${found[@]}" | sort -V | tail -n 1
}

# synmt_tarball_id SERIES: a string that changes when the tarball is replaced.
synmt_tarball_id() {
	stat -L -c '%s %Y' "$(synmt_tarball "$1")"
}

# synmt_extract CACHE_DIR SERIES: make sure CACHE_DIR/linux-source-SERIES
# holds the pristine extract of the current tarball; print its path.
synmt_extract() {
	local cache=$1 series=$2 dst tmp id tarball
	tarball=$(synmt_tarball "$series")
	dst=$cache/linux-source-$series
	[ -r "$tarball" ] ||
		kdie "$tarball not readable (apt-get install linux-source-$series, or set SYNMT_LINUX_TARBALL=)"
	id=$(synmt_tarball_id "$series")
	if [ -f "$dst/.synmt-extracted" ] && [ "$(cat "$dst/.synmt-extracted")" = "$id" ]; then
		printf '%s\n' "$dst"
		return 0
	fi
	mkdir -p "$cache" || kdie "cannot create $cache"
	# Several builds may start at once (other helpers, DKMS): extract once.
	if command -v flock >/dev/null; then
		exec 9>"$cache/.linux-source-$series.lock"
		flock 9
		if [ -f "$dst/.synmt-extracted" ] && [ "$(cat "$dst/.synmt-extracted")" = "$id" ]; then
			exec 9>&-
			printf '%s\n' "$dst"
			return 0
		fi
	fi
	kmsg "extracting the sources we need from $tarball into $dst"
	tmp=$(mktemp -d "$cache/.linux-source-$series.XXXXXX") || kdie "cannot create a temporary directory in $cache"
	chmod 755 "$tmp"
	local pats=() p
	for p in "${SYNMT_SOURCE_PATHS[@]}"; do
		pats+=("linux-source-$series/$p")
	done
	if ! tar -xJf "$tarball" -C "$tmp" --strip-components=1 \
		--wildcards "${pats[@]}"; then
		rm -rf "$tmp"
		kdie "extracting $tarball failed"
	fi
	[ -f "$tmp/drivers/input/mouse/synaptics.c" ] || {
		rm -rf "$tmp"
		kdie "$tarball has no drivers/input/mouse/synaptics.c"
	}
	# Pristine copy: read-only files, so that nobody patches it in place by
	# accident (directories stay writable: rm -rf cache/ keeps working).
	find "$tmp" -type f -exec chmod a-w {} + || true
	printf '%s\n' "$id" >"$tmp/.synmt-extracted"
	if [ -d "$dst" ]; then
		chmod -R u+w "$dst" 2>/dev/null || true
		rm -rf "$dst"
	fi
	mv "$tmp" "$dst" || kdie "cannot move the extract into $dst"
	exec 9>&- 2>/dev/null || true
	printf '%s\n' "$dst"
}

# synmt_upstream_of MAKEFILE: "6.1.192" from VERSION/PATCHLEVEL/SUBLEVEL.
synmt_upstream_of() {
	awk -F' = ' '$1 == "VERSION" { v = $2 } $1 == "PATCHLEVEL" { p = $2 }
		$1 == "SUBLEVEL" { s = $2 } END { if (v != "") print v "." p "." s }' "$1"
}

# synmt_series_list PATCHDIR: print the patch file names in series order.
# Blank lines and '#' comments in the series file are ignored.
synmt_series_list() {
	local dir=$1 line
	[ -f "$dir/series" ] || return 0
	while IFS= read -r line || [ -n "$line" ]; do
		line=${line%%#*}
		line=$(printf '%s' "$line" | tr -d '[:space:]')
		[ -n "$line" ] || continue
		[ -f "$dir/$line" ] || kdie "series lists $line but $dir/$line does not exist"
		printf '%s\n' "$line"
	done <"$dir/series"
}

# synmt_stage PRISTINE DST: fresh writable copy of the pristine tree in DST.
synmt_stage() {
	local src=$1 dst=$2
	if [ -d "$dst" ]; then
		chmod -R u+w "$dst" 2>/dev/null || true
		rm -rf "$dst"
	fi
	mkdir -p "$dst" || kdie "cannot create $dst"
	cp -R "$src"/. "$dst"/ || kdie "cannot copy $src to $dst"
	chmod -R u+w "$dst"
	rm -f "$dst/.synmt-extracted"
}

# synmt_apply_patch TREE PATCH: apply one patch with patch -p1.
synmt_apply_patch() {
	local tree=$1 p=$2 out
	if ! out=$(patch -p1 -d "$tree" --forward --batch --no-backup-if-mismatch -i "$p" 2>&1); then
		printf '%s\n' "$out" >&2
		return 1
	fi
}

# synmt_copy_if_changed SRC DST: copy SRC to DST unless DST has the same content.
synmt_copy_if_changed() {
	cmp -s "$1" "$2" || cp "$1" "$2" || kdie "cannot copy $1 to $2"
}

# synmt_prepare_moddirs TREE KBUILDDIR OUT: (re)fill OUT/psmouse and
# OUT/userio, the M= directories, from the (patched) TREE. Only files whose
# content changed are rewritten, so kbuild recompiles only what changed.
synmt_prepare_moddirs() {
	local tree=$1 kb=$2 out=$3 f
	mkdir -p "$out/psmouse" "$out/userio" || kdie "cannot create $out/psmouse"
	for f in "$tree"/drivers/input/mouse/*.[ch]; do
		synmt_copy_if_changed "$f" "$out/psmouse/${f##*/}"
	done
	synmt_copy_if_changed "$kb/psmouse.Kbuild" "$out/psmouse/Kbuild"
	synmt_copy_if_changed "$tree/drivers/input/serio/userio.c" "$out/userio/userio.c"
	synmt_copy_if_changed "$kb/userio.Kbuild" "$out/userio/Kbuild"
}

# synmt_make KVER MODDIR JOBS LOG [MAKEARGS...]: build the modules in MODDIR.
synmt_make() {
	local kver=$1 dir=$2 jobs=$3 log=$4
	shift 4
	if ! nice make -C "/usr/src/linux-headers-$kver" M="$dir" -j"$jobs" "$@" modules >"$log" 2>&1; then
		tail -n 40 "$log" >&2
		return 1
	fi
	# Compiler warnings are failures of ours: show them.
	if grep -q 'warning:' "$log"; then
		grep -B2 -A3 'warning:' "$log" | grep -v 'Skipping BTF generation' >&2 || true
	fi
	return 0
}
