#!/bin/sh
# gestures.sh - the gesture recordings of test/gestures/rec/ (written by
# gen-recordings.py) played through synreplay (evdev backend + core), on an
# MT-B clickpad, an MT-B pad with physical buttons and a semi-MT pad:
# pinch in/out (scale), rotation (angle; 0 on semi-MT), 3- and 4-finger
# swipes in four directions, two-finger scrolls that must stay scrolls, pinches
# that must stay pinches, and a click-drag with a thumb on the button area.
# Every recording whose movement is unambiguous must produce its first gesture
# (or scroll) event within two frames of the frame that crosses the movement
# threshold (the recording's .expect file says which frame that is).
: "${srcdir:=$(dirname "$0")/../..}"
REC=$srcdir/test/gestures/rec
SYNREPLAY=${SYNREPLAY:-./xf86-input-synaptics/tools/synreplay}
ANALYZE=$srcdir/test/gestures/analyze.awk
OUT=${TMPDIR:-/tmp}/gestures-test.$$
trap 'rm -f "$OUT" "$OUT.sum"' EXIT
failures=0
checks=0

if [ ! -x "$SYNREPLAY" ]; then
	echo "SKIP: $SYNREPLAY not built"
	exit 77
fi

# play PAD NAME [synreplay options]: replay, sum up into $OUT.sum
play() {
	pad=$1 name=$2
	shift 2
	if ! "$SYNREPLAY" "$@" "$REC/$pad.desc" "$REC/$pad.$name.events" > "$OUT"; then
		echo "FAILED: synreplay $pad.$name"
		failures=$((failures + 1))
		: > "$OUT.sum"
		return 1
	fi
	awk -f "$ANALYZE" "$OUT" > "$OUT.sum"
}

get() {
	sed -n "s/^$1 //p" "$OUT.sum"
}

expect_value() {
	sed -n "s/^$2 //p" "$REC/$1.expect"
}

# check WHAT AWK-CONDITION VALUE
check() {
	checks=$((checks + 1))
	if awk -v v="$3" "BEGIN { exit !($2) }"; then
		echo "ok: $1 ($3)"
	else
		echo "FAILED: $1 (got '$3')"
		failures=$((failures + 1))
	fi
}

# latency PAD NAME KIND: first gesture/scroll event within 2 frames of the threshold
# (frames of frame-ms from the threshold frame's time; realistic recordings
# jitter around 12.5 ms)
latency() {
	tt=$(expect_value "$1.$2" threshold-time)
	ms=$(expect_value "$1.$2" frame-ms)
	t=$(get "first-$3")
	lag=$(awk -v t="$t" -v ms="$ms" -v tt="$tt" \
		'BEGIN { if (t < 0 || tt < 0) print "none"; else printf "%d", int((t - tt) * 1000 / ms + 0.5 + 100) - 100 }')
	if grep -q '^note' "$REC/$1.$2.expect"; then
		echo "info: $1.$2: first $3 event $lag frames after the threshold (ambiguous movement)"
		return
	fi
	check "$1.$2: first $3 event within 2 frames of the threshold" 'v != "none" && v <= 2' "$lag"
}

for pad in mtb-clickpad mtb-buttons semi-mt t440; do
	# --- pinches ---
	play $pad pinch-out
	check "$pad pinch-out: one pinch" 'v == "1 1 0"' "$(get pinch-begin) $(get pinch-end) $(get pinch-cancelled)"
	check "$pad pinch-out: zooms in (scale)" 'v > 1.8' "$(get pinch-scale)"
	check "$pad pinch-out: no scroll, no pointer motion" 'v == "0 0"' "$(get scroll-events) $(get motion-events)"
	latency $pad pinch-out gesture

	play $pad pinch-in
	check "$pad pinch-in: one pinch" 'v == 1' "$(get pinch-begin)"
	check "$pad pinch-in: zooms out (scale)" 'v < 0.6' "$(get pinch-scale)"
	check "$pad pinch-in: no scroll" 'v == 0' "$(get scroll-events)"
	latency $pad pinch-in gesture

	play $pad pinch-one-finger
	check "$pad pinch-one-finger: one finger resting, the other moving away is a pinch" \
		'v > 1.5' "$(get pinch-scale)"
	latency $pad pinch-one-finger gesture

	play $pad pinch-drifting
	check "$pad pinch-drifting: a pinch whose centre drifts is no scroll" 'v == "1 0"' \
		"$(get pinch-begin) $(get scroll-events)"
	latency $pad pinch-drifting gesture

	play $pad pinch-then-parallel
	check "$pad pinch-then-parallel: stays one pinch, never scrolls" 'v == "1 0 0"' \
		"$(get pinch-begin) $(get pinch-cancelled) $(get scroll-events)"
	check "$pad pinch-then-parallel: the pinch centre follows the fingers down" 'v > 20' \
		"$(get pinch-dy)"

	if [ $pad = semi-mt ]; then
		for n in pinch-out pinch-in pinch-drifting; do
			play $pad $n
			check "$pad $n: a bounding box has no angle" 'v == 0' "$(get pinch-angle)"
		done
	else
		play $pad rotate-cw
		check "$pad rotate-cw: a pinch, clockwise angle" 'v > 50 && v < 70' "$(get pinch-angle)"
		check "$pad rotate-cw: scale stays" 'v > 0.9 && v < 1.1' "$(get pinch-scale)"
		check "$pad rotate-cw: no scroll" 'v == 0' "$(get scroll-events)"
		latency $pad rotate-cw gesture
		play $pad rotate-ccw
		check "$pad rotate-ccw: counter-clockwise angle" 'v < -50 && v > -70' "$(get pinch-angle)"
		latency $pad rotate-ccw gesture
	fi

	# --- scrolling must stay scrolling ---
	play $pad scroll-down --set CoastingSpeed=0
	check "$pad scroll-down: no gesture" 'v == "0 0"' "$(get pinch-begin) $(get swipe-begin)"
	check "$pad scroll-down: scrolls down" 'v > 5' "$(get scroll-vert)"
	latency $pad scroll-down scroll
	play $pad scroll-up --set CoastingSpeed=0
	check "$pad scroll-up: scrolls up, no pinch" 'v < -5' "$(get scroll-vert)"
	check "$pad scroll-up: no pinch" 'v == 0' "$(get pinch-begin)"
	latency $pad scroll-up scroll
	play $pad scroll-then-spread --set CoastingSpeed=0
	check "$pad scroll-then-spread: a decided scroll never becomes a pinch" 'v == 0' "$(get pinch-begin)"
	check "$pad scroll-then-spread: scrolls" 'v > 2' "$(get scroll-vert)"

	# --- swipes ---
	for n in 3 4; do
		[ -f "$REC/$pad.swipe$n-left.events" ] || continue
		for dir in left right up down; do
			play $pad swipe$n-$dir
			check "$pad swipe$n-$dir: one $n-finger swipe, ends normally" "v == \"1 1 0 $n\"" \
				"$(get swipe-begin) $(get swipe-end) $(get swipe-cancelled) $(get swipe-fingers)"
			dx=$(get swipe-dx) dy=$(get swipe-dy)
			case $dir in
			left) check "$pad swipe$n-left: moves left" 'v < -100' "$dx" ;;
			right) check "$pad swipe$n-right: moves right" 'v > 100' "$dx" ;;
			up) check "$pad swipe$n-up: moves up" 'v < -100' "$dy" ;;
			down) check "$pad swipe$n-down: moves down" 'v > 100' "$dy" ;;
			esac
			check "$pad swipe$n-$dir: no pointer motion, no scroll" 'v == "0 0"' \
				"$(get motion-events) $(get scroll-events)"
			latency $pad swipe$n-$dir gesture
		done
	done

	# --- a 2-slot pad gives slot 1 to another finger half-way: no jump ---
	if [ -f "$REC/$pad.swipe3-slot-change.events" ]; then
		play $pad swipe3-right
		ref=$(get swipe-dx)
		play $pad swipe3-slot-change
		check "$pad swipe3-slot-change: one swipe, not cancelled" 'v == "1 0"' \
			"$(get swipe-begin) $(get swipe-cancelled)"
		check "$pad swipe3-slot-change: travel as without the change (ref $ref)" \
			"v > 0.85 * $ref && v < 1.15 * $ref" "$(get swipe-dx)"
		check "$pad swipe3-slot-change: no vertical jump" 'v > -10 && v < 10' "$(get swipe-dy)"
	fi

	# --- click-drag with a thumb resting on the button area ---
	play $pad click-drag --set ButtonAreaSuppression=1
	check "$pad click-drag: button 1 only" 'v == " 1"' "$(get button-presses)"
	check "$pad click-drag: no scroll, no gesture" 'v == "0 0 0"' \
		"$(get scroll-events) $(get pinch-begin) $(get swipe-begin)"
	if [ $pad != semi-mt ]; then
		# semi-MT reports one position (here the thumb's): it cannot follow the index
		check "$pad click-drag: the dragging finger moves the pointer right" 'v > 100' \
			"$(get motion-dx)"
	fi
done

# --- realistic variants: every gesture on every pad as a hand makes it,
# and three-finger taps and clicks that must not become swipes ---
# (gen-recordings.py: staggered landing and lifting, pressure ramps through
# FingerHigh/FingerLow, jitter, 11-14 ms frames, a one-frame finger-count
# misread, slots changing fingers with 3-4 fingers)
for exp in "$REC"/*-real.expect; do
	base=$(basename "${exp%.expect}")
	pad=${base%%.*} name=${base#*.}
	kind=$(expect_value "$base" expect)
	play "$pad" "$name" --set CoastingSpeed=0 || continue
	case $kind in
	pinch)
		check "$base: one pinch, ended (not cancelled) when the fingers lifted one by one" \
			'v == "1 1 0"' "$(get pinch-begin) $(get pinch-end) $(get pinch-cancelled)"
		check "$base: no scroll event, no pointer motion, no swipe" 'v == "0 0 0"' \
			"$(get scroll-events) $(get motion-events) $(get swipe-begin)"
		case $name in
		pinch-out-real|pinch-one-finger-real|pinch-drifting-real|pinch-then-parallel-real)
			check "$base: zooms in" 'v > 1.5' "$(get pinch-scale)" ;;
		pinch-in-real) check "$base: zooms out" 'v < 0.6' "$(get pinch-scale)" ;;
		rotate-cw-real) check "$base: clockwise 50-70 degrees, scale 0.9-1.1" \
			'split(v, a, " ") && a[1] > 50 && a[1] < 70 && a[2] > 0.9 && a[2] < 1.1' \
			"$(get pinch-angle) $(get pinch-scale)" ;;
		rotate-ccw-real) check "$base: counter-clockwise 50-70 degrees, scale 0.9-1.1" \
			'split(v, a, " ") && a[1] < -50 && a[1] > -70 && a[2] > 0.9 && a[2] < 1.1' \
			"$(get pinch-angle) $(get pinch-scale)" ;;
		esac
		latency "$pad" "$name" gesture
		;;
	scroll)
		check "$base: scrolls, no gesture, no pointer motion" 'v == "0 0 0"' \
			"$(get pinch-begin) $(get swipe-begin) $(get motion-events)"
		case $name in
		scroll-up-real) check "$base: scrolls up" 'v < -5' "$(get scroll-vert)" ;;
		scroll-then-spread-real) check "$base: scrolls down" 'v > 2' "$(get scroll-vert)" ;;
		*) check "$base: scrolls down" 'v > 5' "$(get scroll-vert)" ;;
		esac
		latency "$pad" "$name" scroll
		;;
	swipe)
		n=${name#swipe}
		n=${n%%-*}
		check "$base: one $n-finger swipe, ended (not cancelled)" "v == \"1 1 0 $n\"" \
			"$(get swipe-begin) $(get swipe-end) $(get swipe-cancelled) $(get swipe-fingers)"
		check "$base: no pointer motion, no scroll, no pinch" 'v == "0 0 0"' \
			"$(get motion-events) $(get scroll-events) $(get pinch-begin)"
		dx=$(get swipe-dx) dy=$(get swipe-dy)
		case $name in
		*-left-real) check "$base: moves left" 'split(v, a, " ") && a[1] < -100 && a[2] * a[2] < a[1] * a[1] / 4' "$dx $dy" ;;
		*-right-real) check "$base: moves right" 'split(v, a, " ") && a[1] > 100 && a[2] * a[2] < a[1] * a[1] / 4' "$dx $dy" ;;
		*-up-real) check "$base: moves up" 'split(v, a, " ") && a[2] < -100 && a[1] * a[1] < a[2] * a[2] / 4' "$dx $dy" ;;
		*-down-real) check "$base: moves down" 'split(v, a, " ") && a[2] > 100 && a[1] * a[1] < a[2] * a[2] / 4' "$dx $dy" ;;
		esac
		# a slot that jumps to another finger (same tracking id) must not
		# jump the swipe: no single update goes far across the swipe
		case $name in
		*-left-real|*-right-real) across=$(get swipe-maxdy) ;;
		*) across=$(get swipe-maxdx) ;;
		esac
		check "$base: no update jumps across the swipe (largest $across)" 'v < 20' "$across"
		latency "$pad" "$name" gesture
		;;
	tap)
		# three fingers that tap are a tap, never a (short) swipe
		check "$base: without TapButton3 nothing at all" 'v == "0 0 0 0 "' \
			"$(get swipe-begin) $(get pinch-begin) $(get scroll-events) $(get motion-events) $(get button-presses)"
		play "$pad" "$name" --set CoastingSpeed=0 --set TapButton3=2 || continue
		check "$base: TapButton3 2: one click of button 2" 'v == " 2"' "$(get button-presses)"
		check "$base: TapButton3 2: no swipe, pinch, scroll or pointer motion" 'v == "0 0 0 0"' \
			"$(get swipe-begin) $(get pinch-begin) $(get scroll-events) $(get motion-events)"
		;;
	click)
		# three fingers that press a clickpad (rolling on it) click, and swipe no more
		check "$base: ClickFinger3: one click of button 2" 'v == " 2"' "$(get button-presses)"
		check "$base: no swipe, pinch or scroll" 'v == "0 0 0"' \
			"$(get swipe-begin) $(get pinch-begin) $(get scroll-events)"
		;;
	esac
done

# Without suppression the thumb on a pad with physical buttons makes the drag a
# two-finger scroll: the option is what fixes it (and is off by default there).
play mtb-buttons click-drag
check "mtb-buttons click-drag, ButtonAreaSuppression off by default: the pointer does not follow" \
	'v == 0' "$(get motion-events)"

# Switched off, no gestures: pinches scroll or nothing, swipes move the pointer.
play mtb-clickpad pinch-out --set GesturePinch=0
check "GesturePinch=0: no pinch" 'v == 0' "$(get pinch-begin)"
play mtb-clickpad swipe3-left --set GestureSwipe=0
check "GestureSwipe=0: no swipe" 'v == 0' "$(get swipe-begin)"
# A larger swipe threshold (mm) starts the swipe later.
play mtb-clickpad swipe3-right --set SwipeThreshold=10
check "SwipeThreshold=10: the swipe begins after 10 mm (12 frames of 0.83 mm, not 4)" 'v >= 0.15' \
	"$(get first-gesture)"

echo "$checks checks, $failures failed"
if [ $failures -gt 0 ]; then
	echo "FAIL: gestures"
	exit 1
fi
echo "PASS: gestures"
exit 0
