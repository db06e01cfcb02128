#!/bin/sh
# Host smoke check of the built driver module: every symbol synaptics_drv.so
# needs must come from the Xorg binary or from a library the module itself
# links (libevdev, libc, libm).  A missing one means "undefined symbol" when
# Xorg loads the driver.  Also: the module exports its entry point.
so=${SYNAPTICS_DRV:-./xf86-input-synaptics/.libs/synaptics_drv.so}
xorg=${XORG_BIN:-/usr/lib/xorg/Xorg}

[ -f "$so" ] || { echo "SKIP: $so not built"; exit 77; }
[ -x "$xorg" ] || { echo "SKIP: no Xorg binary at $xorg"; exit 77; }
command -v nm > /dev/null && command -v ldd > /dev/null || { echo "SKIP: nm/ldd missing"; exit 77; }

tmp=${TMPDIR:-/tmp}/modsyms.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

# strong undefined symbols only (weak ones may stay unresolved)
nm -D --undefined-only "$so" | awk '$1 == "U" { sub(/@.*/, "", $2); print $2 }' | sort -u > "$tmp/need"
{
	nm -D --defined-only "$xorg"
	for lib in $(ldd "$so" | awk '/=> \// { print $3 }'); do
		nm -D --defined-only "$lib"
	done
} 2> /dev/null | awk '{ sub(/@.*/, "", $3); print $3 }' | sort -u > "$tmp/have"
comm -23 "$tmp/need" "$tmp/have" > "$tmp/missing"

echo "module needs $(wc -l < "$tmp/need") symbols; libraries: $(ldd "$so" | awk '/=>/ { printf "%s ", $1 }')"
rc=0
if [ -s "$tmp/missing" ]; then
	echo "FAILED: symbols neither Xorg nor the module's libraries provide:"
	sed 's/^/  /' "$tmp/missing"
	rc=1
fi
if ! nm -D --defined-only "$so" | grep -q ' [DB] synapticsModuleData$'; then
	echo "FAILED: synapticsModuleData is not exported"
	rc=1
fi
exported=$(nm -D --defined-only "$so" | awk '$2 ~ /[TDB]/ { print $3 }' | grep -v '^_' | tr '\n' ' ')
echo "exported: $exported"
[ "$exported" = "synapticsModuleData " ] || { echo "FAILED: the module exports more than its entry point"; rc=1; }
exit $rc
