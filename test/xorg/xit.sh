# test/xorg/xit.sh - the "xit" batch of test/xorg/run-tests (sourced).
#
# The expectations of the X.Org integration tests (xorg-integration-tests,
# tests/input/synaptics.cpp) for xf86-input-synaptics, as a user of 1.9
# meets them, checked on XIT's own recordings (test/data/xit).  Written
# from the expectations XIT states, not from its code.  Every check is
# named xorg/xit/<XIT test>[/<case>]; run-tests --driver reference runs the
# same checks against Debian's 1.9.2, and the last line of the batch prints
# both drivers' counts side by side (the other driver's from its last run,
# $SYNMT_BUILD/xorg-test/<driver>/xit-results.txt).
#
# Uses run-tests' helpers: REC, TP, SETTLE, RES, OUT, DRIVER, check, fail,
# have, t, count.

# XIT's scroll-delta cases (SynapticsSmoothScrollTest): vertical horizontal
XIT_DELTAS="0,0 1,1 100,100 -1,-1 -100,1 1,100"

spec_xit() {
	local c=$REC/$TP-Clickpad d v h
	# SynapticsTest: the two-button pad, tapping and two-finger scrolling
	cat <<-EOF
	device|$REC/$TP.desc
	xorg|Xit|TapButton1=1|GrabEventDevice=1|FastTaps=1|VertTwoFingerScroll=1
	play|ScrollWheel-up|$SETTLE|$REC/$TP-two-finger-scroll-up.events
	play|ScrollWheel-down|$SETTLE|$REC/$TP-two-finger-scroll-down.events
	EOF
	for d in $XIT_DELTAS; do
		v=${d%,*} h=${d#*,}
		echo "xorg|XitDelta_${v}_${h}|TapButton1=1|GrabEventDevice=1|FastTaps=1|VertTwoFingerScroll=1|HorizTwoFingerScroll=1|VertScrollDelta=$v|HorizScrollDelta=$h"
	done
	# SynapticsClickpadSoftButtonsTest: ClickPad on, the right half of
	# the bottom 18 % is button 3 (as a 1.9 config writes it: percentages)
	cat <<-EOF
	device|$c.desc
	xorg|XitSoft|ClickPad=on|GrabEventDevice=1|SoftButtonAreas=50% 0 82% 0 0 0 0 0
	xinput|soft-areas|list-props|touchpad
	play|LeftClick|$SETTLE|$c.left-phys-click.events
	play|RightClick|$SETTLE|$c.right-phys-click.events
	stop
	EOF
}

XIT_RESULTS=

# Like check, and counted for the side-by-side line.
xcheck() {   # name condition details
	check "$@"
	printf '%s\t%s\n' "$1" "$([ "$2" = 0 ] && echo pass || echo fail)" >> "$XIT_RESULTS"
}

# The touchpad's scroll class of TYPE (vertical|horizontal) in a
# devices.list: "increment flags", or "none".
xit_scroll_class() {   # listfile type
	awk -v ty="type=$2" '$1 == "class" && $2 == "dev=\"touchpad\"" && $3 == "scroll" && $5 == ty {
		sub("increment=", "", $6); sub("flags=", "", $7); c = ($6 + 0) " " $7 }
		END { print (c == "" ? "none" : c) }' "$1"
}

xit_valuators() {   # listfile -> number of the touchpad's valuators
	count "$1" '^class dev="touchpad" valuator '
}

# SynapticsTest.SmoothScrollingAvailable: four valuators, both scroll
# classes with the default increment 100 (2 % of the XIT pad's diagonal,
# 5024 units), and the vertical one not marked preferred.
judge_xit_smooth_default() {
	local f=$RES/xit/Xit/devices.list vc hc nv flags
	vc=$(xit_scroll_class "$f" vertical); hc=$(xit_scroll_class "$f" horizontal)
	nv=$(xit_valuators "$f")
	flags=${vc#* }
	xcheck "xorg/xit/SmoothScrollingAvailable" \
		"$(t test "$nv" = 4 -a "${vc% *}" = 100 -a "${hc% *}" = 100 -a $((flags & 2)) = 0)" \
		"$nv valuators; vertical scroll class: $vc; horizontal: $hc (want 4; 100 without the preferred flag 0x2; 100)"
}

# SynapticsSmoothScrollTest.ScrollDelta: the scroll class increment is
# VertScrollDelta / HorizScrollDelta (negative kept), and a delta of 0
# leaves that axis without a scroll class.
judge_xit_smooth_deltas() {
	local d v h f vc hc ok
	for d in $XIT_DELTAS; do
		v=${d%,*} h=${d#*,}
		f=$RES/xit/XitDelta_${v}_${h}/devices.list
		if [ ! -r "$f" ]; then
			xcheck "xorg/xit/ScrollDelta/$v,$h" 1 "no device list ($f)"
			continue
		fi
		vc=$(xit_scroll_class "$f" vertical); hc=$(xit_scroll_class "$f" horizontal)
		ok=0
		if [ "$v" = 0 ]; then [ "$vc" = none ] || ok=1; else [ "${vc% *}" = "$v" ] || ok=1; fi
		if [ "$h" = 0 ]; then [ "$hc" = none ] || ok=1; else [ "${hc% *}" = "$h" ] || ok=1; fi
		xcheck "xorg/xit/ScrollDelta/$v,$h" "$ok" \
			"VertScrollDelta $v HorizScrollDelta $h: vertical class $vc, horizontal $hc"
	done
}

# The core button events of a recording, "P4 R4 P4 R4 ...".
xit_buttons() {   # file
	awk '$2 == "core" && ($3 == "ButtonPress" || $3 == "ButtonRelease") {
		sub("button=", "", $4); printf "%s%s ", ($3 == "ButtonPress" ? "P" : "R"), $4 }' "$1"
}

# SynapticsTest.ScrollWheel: only press/release pairs of button B, and
# within 4 of XIT's count (17 up, 10 down).
judge_xit_scrollwheel() {   # name file button expected
	local n=$1 f=$2 b=$3 want=$4 seq pairs
	have "$f" "$n" || { printf '%s\tfail\n' "$n" >> "$XIT_RESULTS"; return; }
	seq=$(xit_buttons "$f")
	pairs=$(echo "$seq" | awk -v b="$b" '{
		for (i = 1; i <= NF; i += 2) { if ($i != "P" b || $(i + 1) != "R" b) { print -1; exit } n++ }
		print n + 0 }')
	xcheck "$n" "$(t test "$pairs" -ge 0 -a "$pairs" -gt $((want - 5)) -a "$pairs" -lt $((want + 5)))" \
		"$pairs press/release pairs of button $b (XIT: $want, within 4)${seq:+; core: $(echo "$seq" | cut -c1-120)}"
}

# A click: the first two core button events are press and release of B.
judge_xit_first_click() {   # name file button
	local n=$1 f=$2 b=$3 seq
	have "$f" "$n" || { printf '%s\tfail\n' "$n" >> "$XIT_RESULTS"; return; }
	seq=$(xit_buttons "$f")
	xcheck "$n" "$(t test "$(echo "$seq" | awk '{ print $1, $2 }')" = "P$b R$b")" \
		"core button events: ${seq:-none} (want P$b R$b first)"
}

# "Soft Button Areas" from the percentages: 1.9 truncates (82 % of y
# 1408..4448 is 3900.8 -> 3900).
judge_xit_soft_percent() {
	local f=$RES/xit/XitSoft/soft-areas.xinput v
	v=$(sed -n 's/^[[:space:]]*Synaptics Soft Button Areas ([0-9]*):[[:space:]]*//p' "$f" 2>/dev/null)
	xcheck "xorg/xit/SoftButtonAreas-percent" "$(t test "$v" = "3472, 0, 3900, 0, 0, 0, 0, 0")" \
		"\"50% 0 82% 0 0 0 0 0\" -> '${v:-no property}' (1.9: 3472, 0, 3900, 0, 0, 0, 0, 0)"
}

# "xit: ours N of M | reference N of M" from each driver's last results.
xit_side_by_side() {
	local line="" d f np nt
	for d in ours reference; do
		f=$BUILD/xorg-test/$d/xit-results.txt
		if [ -r "$f" ]; then
			np=$(grep -c $'\tpass$' "$f"); nt=$(wc -l < "$f")
			line="$line${line:+ | }$d $np of $nt"
		else
			line="$line${line:+ | }$d not run (test/xorg/run-tests --driver $d --only xit)"
		fi
	done
	echo "# XIT expectations met: $line"
}

judge_batch_xit() {
	local B=xit
	XIT_RESULTS=$OUT/xit-results.txt
	: > "$XIT_RESULTS"
	judge_server $B Xit
	judge_xit_smooth_default
	judge_xit_smooth_deltas
	judge_server $B XitSoft
	judge_xit_soft_percent
	judge_xit_first_click "xorg/xit/SoftButtons/LeftClick" "$(xev XitSoft LeftClick $B)" 1
	judge_xit_first_click "xorg/xit/SoftButtons/RightClick" "$(xev XitSoft RightClick $B)" 3
	xit_side_by_side
}
