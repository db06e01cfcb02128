#!/bin/sh
# bench.sh - gesture latency benchmark (not a test: it prints figures).
#
# For every recording in test/gestures/rec/ that has a movement threshold
# (pinches, rotations, swipes, scrolls), the number of frames from the first
# frame past the movement threshold (.expect: threshold-frame) to the first
# gesture event (scroll event for scroll recordings), as synreplay sees it.
# 0 means the event comes in the very frame that crosses the threshold,
# negative that it came before it (a swipe's count was there before the
# recording counts the fingers as down).  Mean and worst are printed
# separately for the clean recordings and their realistic variants (-real).
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

printf '%-40s %-7s %9s %11s %7s %8s\n' recording expect threshold first-event frames ms
# per set (clean, realistic): frames summed, recordings, worst
for set in clean real; do
	eval "total_$set=0 count_$set=0 worst_$set=-99"
done
for exp in "$REC"/*.expect; do
	base=${exp%.expect}
	name=$(basename "$base")
	pad=${name%%.*}
	kind=$(sed -n 's/^expect //p' "$exp")
	thr=$(sed -n 's/^threshold-frame //p' "$exp")
	tt=$(sed -n 's/^threshold-time //p' "$exp")
	ms=$(sed -n 's/^frame-ms //p' "$exp")
	[ "$thr" -ge 0 ] 2>/dev/null || continue
	case $kind in
	scroll) what=first-scroll ;;
	*) what=first-gesture ;;
	esac
	case $name in *-real) set=real ;; *) set=clean ;; esac
	t=$("$SYNREPLAY" "$@" "$REC/$pad.desc" "$base.events" | awk -f "$ANALYZE" |
		sed -n "s/^$what //p")
	# frames of frame-ms after the threshold frame's time (realistic
	# recordings jitter 11-14 ms, frame-ms is their mean 12.5)
	line=$(awk -v t="$t" -v ms="$ms" -v tt="$tt" 'BEGIN {
		if (t < 0) { print "- none -"; exit }
		f = int((t - tt) * 1000 / ms + 100.5) - 100
		printf "%.3f %d %d", t, f, (t - tt) * 1000 }')
	first=${line%% *}
	rest=${line#* }
	frames=${rest%% *}
	lag_ms=${rest#* }
	note=
	grep -q '^note' "$exp" && note=" (ambiguous: one finger still)"
	printf '%-40s %-7s %9d %11s %7s %8s%s\n' "$name" "$kind" "$thr" "$first" "$frames" "$lag_ms" "$note"
	if [ "$first" != "-" ]; then
		eval "total_$set=\$((total_$set + frames)) count_$set=\$((count_$set + 1))"
		eval "[ \"$frames\" -gt \"\$worst_$set\" ] && worst_$set=$frames"
	else
		eval "missing_$set=\$((\${missing_$set:-0} + 1))"
	fi
done
for set in clean real; do
	eval "t=\$total_$set n=\$count_$set w=\$worst_$set m=\${missing_$set:-0}"
	awk -v t="$t" -v n="$n" -v w="$w" -v m="$m" -v set="$set" 'BEGIN {
		printf "%s: %d recordings: mean %.2f frames, worst %d frames after the threshold frame%s\n",
			set == "real" ? "realistic variants" : "clean recordings", n, n ? t / n : 0, w,
			m ? sprintf("; %d without any event", m) : "" }'
done
