#!/bin/sh
# bench.sh - gesture latency benchmark (not a test: it prints figures).
#
# For every recording in test/gestures/rec/ that has a movement threshold
# (pinches, rotations, swipes, scrolls), the number of frames from the first
# frame past the movement threshold (.expect: threshold-frame) to the first
# gesture event (scroll event for scroll recordings), as synreplay sees it.
# 0 means the event comes in the very frame that crosses the threshold.
#
# usage: bench.sh [synreplay options]   (run from the build directory, or set
#        SYNREPLAY; `make bench` does that)
: "${srcdir:=$(dirname "$0")/../..}"
REC=$srcdir/test/gestures/rec
SYNREPLAY=${SYNREPLAY:-./xf86-input-synaptics/tools/synreplay}
ANALYZE=$srcdir/test/gestures/analyze.awk

if [ ! -x "$SYNREPLAY" ]; then
	echo "bench: $SYNREPLAY not built" >&2
	exit 1
fi

printf '%-36s %-7s %9s %11s %7s %8s\n' recording expect threshold first-event frames ms
total=0 count=0 worst=0
for exp in "$REC"/*.expect; do
	base=${exp%.expect}
	name=$(basename "$base")
	pad=${name%%.*}
	kind=$(sed -n 's/^expect //p' "$exp")
	thr=$(sed -n 's/^threshold-frame //p' "$exp")
	ms=$(sed -n 's/^frame-ms //p' "$exp")
	[ "$thr" -ge 0 ] 2>/dev/null || continue
	case $kind in
	scroll) what=first-scroll ;;
	*) what=first-gesture ;;
	esac
	t=$("$SYNREPLAY" "$@" "$REC/$pad.desc" "$base.events" | awk -f "$ANALYZE" |
		sed -n "s/^$what //p")
	line=$(awk -v t="$t" -v ms="$ms" -v thr="$thr" 'BEGIN {
		if (t < 0) { print "- none -"; exit }
		f = int(t * 1000 / ms + 0.5)
		printf "%d %d %d", f, f - thr, (f - thr) * ms }')
	first=${line%% *}
	rest=${line#* }
	frames=${rest%% *}
	lag_ms=${rest#* }
	note=
	grep -q '^note' "$exp" && note=" (ambiguous: one finger still)"
	printf '%-36s %-7s %9d %11s %7s %8s%s\n' "$name" "$kind" "$thr" "$first" "$frames" "$lag_ms" "$note"
	if [ "$first" != "-" ]; then
		total=$((total + frames))
		count=$((count + 1))
		[ "$frames" -gt "$worst" ] && worst=$frames
	fi
done
awk -v t=$total -v n=$count -v w=$worst 'BEGIN {
	printf "%d recordings: mean %.2f frames, worst %d frames after the threshold\n", n, n ? t / n : 0, w }'
