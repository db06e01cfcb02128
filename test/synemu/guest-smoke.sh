#!/bin/bash
# guest-smoke.sh: run synemu inside the QEMU guest and show what the kernel
# made of it.  Usage (on the host):
#   ./synmt vm -- test/synemu/guest-smoke.sh [--replay FILE | PROFILE] [SCRIPT] [-- SYNEMU-OPTIONS...]
# Prints the input device, the evdev events (evemu-record) and the kernel's
# Synaptics log lines, then "PASS: synemu-smoke" if a Synaptics touchpad
# appeared and produced events, else "FAIL: synemu-smoke".
# The byte log, synemu's stderr and the events are kept in $SYNEMU_SMOKE_OUT
# (default: a new directory $SYNMT_BUILD/synemu-smoke/run.XXXXXX, shared with
# the host; its name is printed).
set -uo pipefail

top=${SYNMT_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
bin=${SYNMT_BUILD:-$top/build}/x/test/synemu/synemu
[ -x "$bin" ] || { echo "FAIL: synemu-smoke (no $bin: run ./synmt build-x)"; exit 1; }
[ -e /dev/userio ] || { echo "FAIL: synemu-smoke (no /dev/userio: run inside ./synmt vm)"; exit 1; }

src=(--profile semimt)
if [ "${1:-}" = --replay ]; then
	src=(--replay "$2"); shift 2
elif [ $# -gt 0 ] && [ "$1" != -- ]; then
	src=(--profile "$1"); shift
fi
script=()
if [ $# -gt 0 ] && [ "$1" != -- ]; then
	script=(--script "$1"); shift
fi
[ "${1:-}" = -- ] && shift

if [ -n "${SYNEMU_SMOKE_OUT:-}" ]; then
	tmp=$SYNEMU_SMOKE_OUT
	rm -rf "$tmp"; mkdir -p "$tmp"
else
	base=${SYNMT_BUILD:-$top/build}/synemu-smoke
	mkdir -p "$base"
	tmp=$(mktemp -d "$base/run.XXXXXX")
fi
echo "== output in $tmp"
"$bin" "${src[@]}" "${script[@]}" --ready-file "$tmp/ready" --start-file "$tmp/go" \
	--log "$tmp/bytes.log" -v "$@" 2> "$tmp/synemu.err" &
emu=$!

for _ in $(seq 900); do
	[ -e "$tmp/ready" ] && break
	kill -0 $emu 2>/dev/null || break
	sleep 0.1
done
if [ ! -e "$tmp/ready" ]; then
	echo "synemu did not get enabled; its stderr:"; cat "$tmp/synemu.err"
	kill $emu 2>/dev/null; wait $emu 2>/dev/null
	echo "FAIL: synemu-smoke"; exit 1
fi

ev=$(awk '/^N: Name="SynPS\/2 Synaptics TouchPad"/ {d=1} d && /^H: Handlers=/ {
	for (i = 1; i <= NF; i++) if ($i ~ /^event/) print $i; exit }' /proc/bus/input/devices)
echo "== /proc/bus/input/devices"
cat /proc/bus/input/devices
if [ -n "$ev" ]; then
	evemu-record "/dev/input/$ev" > "$tmp/events.txt" 2>&1 &
	rec=$!
	sleep 1
fi
touch "$tmp/go"
# Let the script play: its length is printed by --check.
len=$("$bin" "${src[@]}" "${script[@]}" "$@" --check | sed -n 's/^timeline: .* over \([0-9.]*\) s$/\1/p')
sleep "$(awk -v l="${len:-1}" 'BEGIN { print l + 1.5 }')"
[ -n "${rec:-}" ] && kill $rec 2>/dev/null
kill -TERM $emu; wait $emu; rc=$?

echo "== synemu stderr"; cat "$tmp/synemu.err"
echo "== dmesg (psmouse/synaptics)"; dmesg | grep -Ei 'psmouse|synaptics|serio' | tail -25
nev=0
if [ -n "$ev" ]; then
	echo "== events ($ev)"; grep -E '^(N:|B:|A:|P:)' "$tmp/events.txt" | head -40
	grep '^E:' "$tmp/events.txt" | head -60
	nev=$(grep -c 'SYN_REPORT' "$tmp/events.txt")
	echo "... $(grep -c '^E:' "$tmp/events.txt") events, $nev SYN_REPORTs"
fi
want_events=0
{ [ ${#script[@]} -gt 0 ] || [ "${src[0]}" = --replay ]; } && want_events=1
if [ -n "$ev" ] && [ "$rc" -eq 0 ] && { [ "$want_events" -eq 0 ] || [ "$nev" -gt 0 ]; }; then
	echo "PASS: synemu-smoke"
else
	echo "FAIL: synemu-smoke (device ${ev:-missing}, synemu exit $rc, $nev reports)"
	exit 1
fi
