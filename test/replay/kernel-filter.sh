#!/bin/sh
# synreplay --kernel-filter: the kernel's input core between the pad and
# evdev (input_defuzz_abs_event, unchanged values dropped, an empty frame not
# sent), which a generated recording meets when the guest plays it into a
# uinput device.  A finger rests on the MT-B clickpad (position fuzz 8) and
# jitters by 3 units, under half the fuzz: the kernel sends none of those
# frames.  The bench's onset figures depend on this (test/bench/README.md).
. "${srcdir:-.}/test/replay/replay-lib.sh"

DESC=$srcdir/test/gestures/rec/mtb-clickpad.desc
EV=${TMPDIR:-/tmp}/kernel-filter.$$.events
trap 'rm -f "$OUT" "$EV"' EXIT
{
	t=0
	frame() { printf 'E: 1.%06d 0000 0000 0\n' "$t"; t=$((t + 12000)); }
	abs() { printf 'E: 1.%06d 0003 %s %d\n' "$t" "$1" "$2"; }
	key() { printf 'E: 1.%06d 0001 %s %d\n' "$t" "$1" "$2"; }
	# land: slot 0, tracking id 1, at 3000/3000, pressure 60, one finger
	abs 002f 0; abs 0039 1; abs 0035 3000; abs 0036 3000; abs 003a 60
	key 014a 1; key 0145 1; abs 0000 3000; abs 0001 3000; abs 0018 60; frame
	# ten frames of jitter: x 3003, 3000, 3003, ... (ABS_X has no fuzz: the
	# jitter is in the slot only, as with a pad whose ABS_X is its slot 0)
	i=0
	while [ $i -lt 10 ]; do
		[ $((i % 2)) = 0 ] && x=3003 || x=3000
		abs 0035 $x; frame; i=$((i + 1))
	done
	# a real move: 3040 is more than twice the fuzz away, passed as it is
	abs 0035 3040; frame
	# lift
	abs 0039 -1; key 014a 0; key 0145 0; abs 0018 0; frame
} > "$EV"

replay "$DESC" "$EV"
check "unfiltered: every frame played" 'v == 13' "$(summary frames)"
replay --kernel-filter "$DESC" "$EV"
check "filtered: the jitter frames are not sent (landing, move, lift)" 'v == 3' "$(summary frames)"
finish
