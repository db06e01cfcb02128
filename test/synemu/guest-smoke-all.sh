#!/bin/bash
# guest-smoke-all.sh: every profile, the example scripts, the three
# recordings, garbage, reconnect and a failed-probe retry, in one guest:
#   ./synmt vm -- test/synemu/guest-smoke-all.sh
# One "PASS: synemu-smoke-NAME" / "FAIL: ..." line each; exits non-zero if
# any failed.  Outputs: $SYNMT_BUILD/synemu-smoke/NAME/ and NAME.txt.
set -uo pipefail
top=${SYNMT_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
out=${SYNMT_BUILD:-$top/build}/synemu-smoke
rec=${SYNEMU_RECORDINGS:-$top/../shared/recordings/ps2emu}
S=$top/test/synemu/scripts
mkdir -p "$out"
fails=0

run() {
	local name=$1; shift
	SYNEMU_SMOKE_OUT=$out/$name "$top/test/synemu/guest-smoke.sh" "$@" > "$out/$name.txt" 2>&1
	local res; res=$(grep -E '^(PASS|FAIL): ' "$out/$name.txt" | tail -1)
	case $res in
	PASS:*) echo "PASS: synemu-smoke-$name ($(sed -n 's/^\.\.\. //p' "$out/$name.txt"))" ;;
	*) echo "FAIL: synemu-smoke-$name (${res#FAIL: synemu-smoke}; see $out/$name.txt)"; fails=$((fails + 1)) ;;
	esac
}

replay() {
	local name=$1 file=$2; shift 2
	if [ -r "$rec/$file" ]; then
		run "$name" --replay "$rec/$file" "$@"
	else
		echo "SKIP: synemu-smoke-$name (no $rec/$file)"
	fi
}

run st st "$S/one-finger-move.syn"
run semimt-buttons semimt "$S/buttons-resting-finger-drag.syn"
run semimt-scroll semimt "$S/two-finger-scroll.syn"
run clickpad-drag semimt-clickpad "$S/clickpad-button-area-drag.syn"
run clickpad-three semimt-clickpad "$S/three-finger.syn"
run tap semimt "$S/tap.syn"
run image-five image-clickpad "$S/four-five-fingers.syn"
run passthrough image-clickpad-pt "$S/one-finger-move.syn"
replay t101mt ASUS/T101MT/3.13.0-59-Ubuntu.txt -- --speed 4
replay racer3a Eurocom/Racer-3A/4.1.4.txt
replay t540p Lenovo/ThinkPad-T540p/4.1.2-200.txt
run garbage semimt "$S/garbage-resync.syn"
run garbage-random semimt "$S/one-finger-move.syn" -- --garbage 5
run reconnect semimt "$S/reconnect.syn"
run probe-retry semimt "$S/two-finger-scroll.syn" -- --drop-host-byte 60
[ "$fails" -eq 0 ]
