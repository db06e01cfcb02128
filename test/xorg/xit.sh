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

# Seconds after each input for late events (the tap timeout is 180 ms).
XSETTLE=0.5

# XIT's scroll-delta cases (SynapticsSmoothScrollTest): vertical horizontal
XIT_DELTAS="0,0 1,1 100,100 -1,-1 -100,1 1,100"

# The XIT inputs that XIT writes event by event (xit-events.py), into $DATA.
XIT_DATA=
xit_data() {
	XIT_DATA=$DATA/xit
	/usr/bin/python3 "$TOP/test/xorg/xit-events.py" "$REC" "$XIT_DATA"
}

# The InputClass snippet a user's system has for the driver under test.
xit_snippet() {
	if [ "$DRIVER" = ours ]; then
		echo "$TOP/xf86-input-synaptics/conf/70-synaptics-mt.conf"
	else
		echo /usr/share/X11/xorg.conf.d/70-synaptics.conf
	fi
}

spec_xit() {
	local c=$REC/$TP-Clickpad x=$DATA/xit d v h w
	local areas="Synaptics Soft Button Areas"
	[ -n "$XIT_DATA" ] || xit_data
	# SynapticsTest: the two-button pad, tapping and two-finger scrolling;
	# SynapticsWarpTest: warps after the pad moved the pointer
	cat <<-EOF
	device|$REC/$TP.desc
	xorg|Xit|TapButton1=1|GrabEventDevice=1|FastTaps=1|VertTwoFingerScroll=1
	play|ScrollWheel-up|$SETTLE|$REC/$TP-two-finger-scroll-up.events
	play|ScrollWheel-down|$SETTLE|$REC/$TP-two-finger-scroll-down.events
	play|TapEvent|$XSETTLE|$REC/$TP-tap.events
	play|TapAndDragEvent|$XSETTLE|$REC/$TP-tap-and-move.events
	play|Warp-move|0.3|$REC/$TP-move.events
	EOF
	for w in 0,0 1,1 2,2 200,200 -1,-1; do echo "pointer|warp_$w|$w"; done
	for d in $XIT_DELTAS; do
		v=${d%,*} h=${d#*,}
		echo "xorg|XitDelta_${v}_${h}|TapButton1=1|GrabEventDevice=1|FastTaps=1|VertTwoFingerScroll=1|HorizTwoFingerScroll=1|VertScrollDelta=$v|HorizScrollDelta=$h"
	done
	# PointerAccelerationTest (tests/server/input.cpp), the touchpad case:
	# 75 units/mm in x, 129 in y, steps of 10 mm right and down
	cat <<-EOF
	stop
	device|$x/xit-accel.desc
	xorg|XitAccel|GrabDevice=on
	pointer|accel-before
	play|accel-move|0.5|$x/xit-accel-move.events
	pointer|accel-after
	EOF
	# SynapticsClickpadTest: ClickPad from INPUT_PROP_BUTTONPAD, soft
	# buttons only from the snippet (none here); disable/enable with
	# fingers down; click-finger counting with distance.  XIT gives every
	# case a new device and server; here they share one, so the click-finger
	# cases come before the disable cases: fingers lifted while the device
	# is off leave 1.9.2's BTN_TOOL_* flags set (it never sees the release).
	cat <<-EOF
	stop
	device|$c.desc
	xorg|XitClickpad|TapButton1=1|GrabEventDevice=1|VertTwoFingerScroll=1
	xinput|props|list-props|touchpad
	xinput|clickpad-on|set-prop|touchpad|Synaptics ClickPad|1
	play|Clickpad-Tap|$XSETTLE|$c.tap.events
	play|VertScrollDown|$SETTLE|$c.two-finger-scroll-down.events
	play|VertScrollUp|$SETTLE|$c.two-finger-scroll-up.events
	xinput|cf-020|set-prop|touchpad|Synaptics Click Action|0|2|0
	play|ClickFinger2|$XSETTLE|$x/xit-clickfinger2.events
	xinput|cf-320|set-prop|touchpad|Synaptics Click Action|3|2|0
	play|ClickFinger2Distance|$XSETTLE|$x/xit-clickfinger2-far.events
	xinput|cf-002|set-prop|touchpad|Synaptics Click Action|0|0|2
	play|ClickFinger3|$XSETTLE|$x/xit-clickfinger3.events
	xinput|cf-023|set-prop|touchpad|Synaptics Click Action|0|2|3
	play|ClickFinger3Distance|$XSETTLE|$x/xit-clickfinger3-far.events
	xinput|DisableDevice-off|disable|touchpad
	xinput|DisableDevice-on|enable|touchpad
	play|DisableDeviceOneFingerDownAndLift-1|0|$c.one-finger-down.events
	xinput|DisableDeviceOneFingerDownAndLift-off|disable|touchpad
	play|DisableDeviceOneFingerDownAndLift-2|0|$c.one-finger-up.events
	xinput|DisableDeviceOneFingerDownAndLift-on|enable|touchpad
	play|DisableDeviceOneFingerDown-1|0|$c.one-finger-down.events
	xinput|DisableDeviceOneFingerDown-off|disable|touchpad
	xinput|DisableDeviceOneFingerDown-on|enable|touchpad
	play|DisableDeviceOneFingerDown-2|0|$c.one-finger-up.events
	play|DisableDeviceTwoFingersDownAndLift-1|0|$c.two-finger-down.events
	xinput|DisableDeviceTwoFingersDownAndLift-off|disable|touchpad
	play|DisableDeviceTwoFingersDownAndLift-2|0|$c.two-finger-up.events
	xinput|DisableDeviceTwoFingersDownAndLift-on|enable|touchpad
	play|DisableDeviceTwoFingersDown-1|0|$c.two-finger-down.events
	xinput|DisableDeviceTwoFingersDown-off|disable|touchpad
	xinput|DisableDeviceTwoFingersDown-on|enable|touchpad
	play|DisableDeviceTwoFingersDown-2|0|$c.two-finger-up.events
	xinput|DisableDeviceOneFingerResume-off|disable|touchpad
	play|DisableDeviceOneFingerResume-1|0|$c.one-finger-down.events
	xinput|DisableDeviceOneFingerResume-on|enable|touchpad
	play|DisableDeviceOneFingerResume-2|0|$c.one-finger-up.events
	xinput|DisableDeviceTwoFingersResume-off|disable|touchpad
	play|DisableDeviceTwoFingersResume-1|0|$c.two-finger-down.events
	xinput|DisableDeviceTwoFingersResume-on|enable|touchpad
	play|DisableDeviceTwoFingersResume-2|0|$c.two-finger-up.events
	play|DisableDeviceOneFingerTwoFingersResume-1|0|$c.one-finger-down.events
	xinput|DisableDeviceOneFingerTwoFingersResume-off|disable|touchpad
	play|DisableDeviceOneFingerTwoFingersResume-2|0|$c.one-finger-up.events|$c.two-finger-down.events
	xinput|DisableDeviceOneFingerTwoFingersResume-on|enable|touchpad
	play|DisableDeviceOneFingerTwoFingersResume-3|0|$c.two-finger-up.events
	play|DisableDeviceTwoFingersOneFingerResume-1|0|$c.two-finger-down.events
	xinput|DisableDeviceTwoFingersOneFingerResume-off|disable|touchpad
	play|DisableDeviceTwoFingersOneFingerResume-2|0|$c.two-finger-up.events|$c.one-finger-down.events
	xinput|DisableDeviceTwoFingersOneFingerResume-on|enable|touchpad
	play|DisableDeviceTwoFingersOneFingerResume-3|0|$c.one-finger-up.events
	list|after-disable
	play|Disable-tap-after|$XSETTLE|$c.tap.events
	EOF
	# SynapticsClickpadSoftButtonsTest and ...WithAreaTest: ClickPad on,
	# the right half of the bottom 18 % is button 3 (as a 1.9 config
	# writes it: percentages); then property writes
	cat <<-EOF
	xorg|XitSoft|ClickPad=on|GrabEventDevice=1|SoftButtonAreas=50% 0 82% 0 0 0 0 0
	xinput|soft-areas|list-props|touchpad
	play|LeftClick|$XSETTLE|$c.left-phys-click.events
	play|RightClick|$XSETTLE|$c.right-phys-click.events
	play|LeftClickInDeadArea|$XSETTLE|$c.left-phys-click.events
	xinput|invalid-1|set-prop|touchpad|$areas|3000|2000|3900|0|0|0|0|0
	xinput|invalid-2|set-prop|touchpad|$areas|3000|2000|3000|2000|0|0|0|0
	xinput|invalid-3|set-prop|touchpad|$areas|3000|2000|3000|2000|3000|2000|0|0
	xinput|invalid-4|set-prop|touchpad|$areas|3000|2000|3000|2000|3000|2000|3000|2000
	xinput|after-invalid|list-props|touchpad
	xinput|overlap-1|set-prop|touchpad|$areas|2000|3000|2000|3000|1000|2000|2000|3000
	xinput|overlap-2|set-prop|touchpad|$areas|2000|3000|2000|3000|2000|3000|3000|4000
	xinput|after-overlap|list-props|touchpad
	xorg|XitSoftArea|ClickPad=on|GrabEventDevice=1|SoftButtonAreas=50% 0 82% 0 0 0 0 0|AreaBottomEdge=3900
	play|RightClickInDeadArea|$XSETTLE|$c.right-phys-click.events
	EOF
	# SynapticsClickpadSoftButtonsRuntimeTest: ClickPad off in the config,
	# switched on at run time before or after the areas are written
	cat <<-EOF
	xorg|XitRuntimeFirst|ClickPad=off|GrabEventDevice=1
	xinput|props-before|list-props|touchpad
	xinput|set-areas|set-prop|--type=int|--format=32|touchpad|$areas|3472|0|3900|0|0|0|0|0
	play|SoftButtonsFirst-clickpad-off|$XSETTLE|$c.right-phys-click.events
	xinput|clickpad-on|set-prop|touchpad|Synaptics ClickPad|1
	play|SoftButtonsFirst-clickpad-on|$XSETTLE|$c.right-phys-click.events
	xorg|XitRuntimeSecond|ClickPad=off|GrabEventDevice=1
	xinput|props-before|list-props|touchpad
	xinput|clickpad-on|set-prop|touchpad|Synaptics ClickPad|1
	xinput|props-after|list-props|touchpad
	play|SoftButtonsSecond-no-areas|$XSETTLE|$c.right-phys-click.events
	xinput|set-areas|set-prop|touchpad|$areas|3472|0|3900|0|0|0|0|0
	play|SoftButtonsSecond-areas|$XSETTLE|$c.right-phys-click.events
	EOF
	# SynapticsScrollButtonTest: BTN_0 / BTN_1, then with up/down
	# scrolling off (double click / middle button)
	cat <<-EOF
	stop
	device|$DATA/ScrollButtons.desc
	xorg|XitScrollButtons|GrabEventDevice=1
	xinput|props|list-props|touchpad
	play|ScrollButtonUpDownScroll-up|$XSETTLE|$x/xit-sb-up-twice.events
	play|ScrollButtonUpDownScroll-down|$XSETTLE|$x/xit-sb-down-twice.events
	xinput|updown-off|set-prop|touchpad|Synaptics Button Scrolling|0|1
	play|ScrollButtonUpDownMiddleDouble-up|$XSETTLE|$x/xit-sb-up-once.events
	play|ScrollButtonUpDownMiddleDouble-down|$XSETTLE|$x/xit-sb-down-twice.events
	EOF
	# SynapticsSecondarySoftButtonTest: the T440's top button row.  The
	# "no event" cases are judged 0.1 s after the last frame, before a
	# tap could time out; the gaps keep one case's late events out of the
	# next one's log.
	cat <<-EOF
	stop
	device|$REC/$TP-T440.desc
	xorg|XitTop|TapButton1=1|GrabEventDevice=1|FastTaps=1|VertTwoFingerScroll=1|SecondarySoftButtonAreas=58% 0 0 8% 42% 58% 0 8%
	xinput|props|list-props|touchpad
	play|NoMovementWithinTopButtons|0.1|$x/xit-top-within.events
	play|gap-1|$XSETTLE
	play|NoMovementInTopButtonsAfterClick|$XSETTLE|$x/xit-top-click-move.events
	play|MovementInTopButtonsMovingOut|$XSETTLE|$x/xit-top-moving-out.events
	play|MovementIntoTopButtons-a|0.1|$x/xit-top-into-a.events
	play|MovementIntoTopButtons-b|$XSETTLE|$x/xit-top-into-b.events
	play|TopButtonLeftClick|$XSETTLE|$x/xit-top-left.events
	play|TopButtonRightClick|$XSETTLE|$x/xit-top-right.events
	play|TopButtonMiddleClick|$XSETTLE|$x/xit-top-middle.events
	EOF
	# SynapticsClickPad.HotPlugSoftButtons: the clickpad through udev and
	# the InputClass snippet the driver's package installs
	cat <<-EOF
	stop
	device|$c.desc
	hotplug|XitHotplug|$(xit_snippet)
	xinput|props|list-props|SynPS/2 Synaptics TouchPad
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

# Exactly the core button events SEQ ("P4 R4 P4 R4").
judge_xit_buttons() {   # name file seq
	local n=$1 f=$2 want=$3 seq
	have "$f" "$n" || { printf '%s\tfail\n' "$n" >> "$XIT_RESULTS"; return; }
	seq=$(xit_buttons "$f")
	xcheck "$n" "$(t test "${seq% }" = "$want")" "core button events: ${seq:-none} (want $want)"
}

xit_motions() {   # file -> number of core MotionNotify events
	count "$1" '^[0-9]+ core MotionNotify '
}

# Every core event of FILE, in order, as P<b>, R<b> or M.
xit_core_events() {
	awk '$2 == "core" { if ($3 == "MotionNotify") printf "M "
		else { sub("button=", "", $4); printf "%s%s ", ($3 == "ButtonPress" ? "P" : "R"), $4 } }' "$1"
}

# The value of property NAME in an "xinput list-props" output ("" if absent).
xit_prop() {   # file name
	sed -n "s/^[[:space:]]*$2 ([0-9]*):[[:space:]]*//p" "$1" 2>/dev/null | head -n 1
}

xit_xinput() { echo "$RES/xit/$1/$2.xinput"; }
xit_refused() {   # xinput file -> 0 when the request got BadValue
	grep -q 'BadValue' "$1" 2>/dev/null && echo 0 || echo 1
}
xit_accepted() {   # xinput file -> 0 when the request went through without an X error
	[ -r "$1" ] && grep -q '^# rc=0$' "$1" && ! grep -qE 'X Error|Bad[A-Z]' "$1" && echo 0 || echo 1
}
xit_pointer() {   # file -> "x y"
	sed -n 's/^pointer x=\(-\{0,1\}[0-9]*\) y=\(-\{0,1\}[0-9]*\).*/\1 \2/p' "$1" 2>/dev/null
}

# "Soft Button Areas" from the percentages: 1.9 truncates (82 % of y
# 1408..4448 is 3900.8 -> 3900).
judge_xit_soft_percent() {
	local f=$RES/xit/XitSoft/soft-areas.xinput v
	v=$(sed -n 's/^[[:space:]]*Synaptics Soft Button Areas ([0-9]*):[[:space:]]*//p' "$f" 2>/dev/null)
	xcheck "xorg/xit/SoftButtonAreas-percent" "$(t test "$v" = "3472, 0, 3900, 0, 0, 0, 0, 0")" \
		"\"50% 0 82% 0 0 0 0 0\" -> '${v:-no property}' (1.9: 3472, 0, 3900, 0, 0, 0, 0, 0)"
}

# SynapticsTest.DevicePresent: exactly one device of that name.
judge_xit_present() {
	local f=$RES/xit/Xit/devices.list nd
	nd=$(count "$f" '^device id=[0-9]+ name="touchpad" ')
	xcheck "xorg/xit/DevicePresent" "$(t test "$nd" = 1)" "$nd devices named \"touchpad\""
}

# SynapticsTest.TapAndDragEvent: one press and one release of button 1,
# and about 30 motion events (XIT: within 4) in between.
judge_xit_tap_drag() {
	local n=xorg/xit/TapAndDragEvent f seq m
	f=$(xev Xit TapAndDragEvent xit)
	have "$f" "$n" || { printf '%s\tfail\n' "$n" >> "$XIT_RESULTS"; return; }
	seq=$(xit_buttons "$f"); m=$(xit_motions "$f")
	xcheck "$n" "$(t test "${seq% }" = "P1 R1" -a "$m" -gt 25 -a "$m" -lt 35)" \
		"core buttons: ${seq:-none} (want P1 R1); $m motion events (XIT: 30, within 4)"
}

# SynapticsWarpTest.WarpScaling: XWarpPointer lands on the pixel asked
# for (negative clipped to 0) after the pad was the last slave.
judge_xit_warp() {
	local w x y got
	for w in 0,0 1,1 2,2 200,200 -1,-1; do
		x=${w%,*} y=${w#*,}
		got=$(xit_pointer "$RES/xit/Xit/warp_$w.pointer")
		[ "$x" -ge 0 ] || x=0
		[ "$y" -ge 0 ] || y=0
		xcheck "xorg/xit/WarpScaling/$w" "$(t test "$got" = "$x $y")" \
			"warp to $w: pointer at ${got:-unknown} (want $x $y)"
	done
}

# PointerAccelerationTest.IdenticalMovementVerticalHorizontal (touchpad):
# the same distance in mm right and down gives the same dx and dy.
judge_xit_accel() {
	local b a x0 y0 x1 y1 dx dy
	b=$(xit_pointer "$RES/xit/XitAccel/accel-before.pointer")
	a=$(xit_pointer "$RES/xit/XitAccel/accel-after.pointer")
	read -r x0 y0 <<< "${b:-0 0}"; read -r x1 y1 <<< "${a:-0 0}"
	dx=$((x1 - x0)) dy=$((y1 - y0))
	xcheck "xorg/xit/PointerAcceleration/IdenticalMovementVerticalHorizontal" \
		"$(t test -n "$b" -a -n "$a" -a "$dx" != 0 -a "$dy" != 0 -a "$dx" = "$dy")" \
		"pointer ($x0,$y0) -> ($x1,$y1): dx $dx, dy $dy (want equal, non-zero)"
}

# SynapticsClickpadTest.ClickpadProperties: ClickPad 1 from
# INPUT_PROP_BUTTONPAD; Soft Button Areas 8 x 32 bit, all 0 in an
# xorg.conf section (the areas come from the snippet);
# SecondaryButtonPropertyNotSet.
judge_xit_clickpad_props() {
	local f cp sb sec
	f=$(xit_xinput XitClickpad props)
	cp=$(xit_prop "$f" "Synaptics ClickPad")
	sb=$(xit_prop "$f" "Synaptics Soft Button Areas")
	xcheck "xorg/xit/ClickpadProperties" "$(t test "$cp" = 1 -a "$sb" = "0, 0, 0, 0, 0, 0, 0, 0")" \
		"ClickPad '$cp' (want 1); Soft Button Areas '$sb' (want eight 0)"
	sec=$(grep -c 'Synaptics Secondary Soft Button Areas' "$f" 2>/dev/null)
	xcheck "xorg/xit/SecondaryButtonPropertyNotSet" "$(t test "${sec:-0}" = 0 -a -r "$f")" \
		"$sec \"Synaptics Secondary Soft Button Areas\" properties on the clickpad (want none)"
}

# SynapticsClickpadTest.DisableDevice*: every disable and enable goes
# through, the device is enabled afterwards and a tap still clicks once
# (no finger or button stuck from the sequences).
judge_xit_disable() {
	local t f bad names
	names="DisableDevice DisableDeviceOneFingerDownAndLift DisableDeviceOneFingerDown
		DisableDeviceTwoFingersDownAndLift DisableDeviceTwoFingersDown
		DisableDeviceOneFingerResume DisableDeviceTwoFingersResume
		DisableDeviceOneFingerTwoFingersResume DisableDeviceTwoFingersOneFingerResume"
	for t in $names; do
		bad=
		for f in "$(xit_xinput XitClickpad "$t-off")" "$(xit_xinput XitClickpad "$t-on")"; do
			[ "$(xit_accepted "$f")" = 0 ] || bad="$bad ${f##*/}: $(grep -v '^#' "$f" 2>/dev/null | head -n 1)"
		done
		xcheck "xorg/xit/$t" "$(t test -z "$bad")" "disable/enable:${bad:- both went through}"
	done
	f=$RES/xit/XitClickpad/after-disable.list
	xcheck "xorg/xit/DisableDevice-enabled-after" \
		"$(t grep -qE '^device id=[0-9]+ name="touchpad" use=slave-pointer attachment=2 enabled=1$' "$f")" \
		"$(grep 'name="touchpad"' "$f" 2>/dev/null | head -n 1)"
	judge_xit_buttons "xorg/xit/DisableDevice-tap-after" "$(xev XitClickpad Disable-tap-after xit)" "P1 R1"
}

# SynapticsClickpadSoftButtonsTest.InvalidButtonArea / SinglePixelOverlap.
judge_xit_area_writes() {
	local i bad= before after
	for i in 1 2 3 4; do
		[ "$(xit_refused "$(xit_xinput XitSoft "invalid-$i")")" = 0 ] || bad="$bad invalid-$i not BadValue;"
	done
	before=$(xit_prop "$(xit_xinput XitSoft soft-areas)" "Synaptics Soft Button Areas")
	after=$(xit_prop "$(xit_xinput XitSoft after-invalid)" "Synaptics Soft Button Areas")
	[ -n "$before" ] && [ "$before" = "$after" ] || bad="$bad areas changed from '$before' to '$after';"
	xcheck "xorg/xit/InvalidButtonArea" "$(t test -z "$bad")" "${bad:-4 writes BadValue, areas unchanged ($after)}"
	bad=
	for i in 1 2; do
		[ "$(xit_accepted "$(xit_xinput XitSoft "overlap-$i")")" = 0 ] ||
			bad="$bad overlap-$i: $(grep -v '^#' "$(xit_xinput XitSoft "overlap-$i")" | head -n 1);"
	done
	after=$(xit_prop "$(xit_xinput XitSoft after-overlap)" "Synaptics Soft Button Areas")
	[ "$after" = "2000, 3000, 2000, 3000, 2000, 3000, 3000, 4000" ] || bad="$bad areas read back '$after';"
	xcheck "xorg/xit/SinglePixelOverlap" "$(t test -z "$bad")" "${bad:-both writes accepted, read back $after}"
}

# SynapticsClickpadSoftButtonsRuntimeTest: no areas property while
# ClickPad is off; areas then ClickPad (First) or ClickPad then areas
# (Second): the next click follows at once.
judge_xit_runtime() {
	local f1 f2 p0 p1 seq1 seq2 why
	p0=$(grep -c 'Synaptics Soft Button Areas' "$(xit_xinput XitRuntimeFirst props-before)" 2>/dev/null)
	seq1=$(xit_buttons "$(xev XitRuntimeFirst SoftButtonsFirst-clickpad-off xit)")
	seq2=$(xit_buttons "$(xev XitRuntimeFirst SoftButtonsFirst-clickpad-on xit)")
	why="areas property before: ${p0:-?} (want 0); ClickPad off: ${seq1:-none} (want P1 R1 first); on: ${seq2:-none} (want P3 R3 first)"
	xcheck "xorg/xit/SoftButtonsFirst" "$(t test "${p0:-1}" = 0 -a "$(echo "$seq1" | cut -d' ' -f1-2)" = "P1 R1" \
		-a "$(echo "$seq2" | cut -d' ' -f1-2)" = "P3 R3")" "$why"
	p0=$(grep -c 'Synaptics Soft Button Areas' "$(xit_xinput XitRuntimeSecond props-before)" 2>/dev/null)
	p1=$(xit_prop "$(xit_xinput XitRuntimeSecond props-after)" "Synaptics Soft Button Areas")
	seq1=$(xit_buttons "$(xev XitRuntimeSecond SoftButtonsSecond-no-areas xit)")
	seq2=$(xit_buttons "$(xev XitRuntimeSecond SoftButtonsSecond-areas xit)")
	why="areas before: ${p0:-?} (want 0), after ClickPad on: '$p1' (want it to exist); no areas: ${seq1:-none} (want P1 R1 first); areas: ${seq2:-none} (want P3 R3 first)"
	xcheck "xorg/xit/SoftButtonsSecond" "$(t test "${p0:-1}" = 0 -a -n "$p1" -a "$(echo "$seq1" | cut -d' ' -f1-2)" = "P1 R1" \
		-a "$(echo "$seq2" | cut -d' ' -f1-2)" = "P3 R3")" "$why"
}

# SynapticsClickPad.HotPlugSoftButtons: through udev and the snippet,
# ClickPad 1 and the areas 3472 0 3900 0 0 0 0 0.
judge_xit_hotplug() {
	local f cp sb
	f=$(xit_xinput XitHotplug props)
	cp=$(xit_prop "$f" "Synaptics ClickPad")
	sb=$(xit_prop "$f" "Synaptics Soft Button Areas")
	xcheck "xorg/xit/HotPlugSoftButtons" "$(t test "$cp" = 1 -a "$sb" = "3472, 0, 3900, 0, 0, 0, 0, 0")" \
		"ClickPad '$cp' (want 1); Soft Button Areas '$sb' (want 3472, 0, 3900, 0, 0, 0, 0, 0)"
}

judge_xit_scrollbuttons() {
	local f ok=0 p
	f=$(xit_xinput XitScrollButtons props)
	for p in "Synaptics Button Scrolling" "Synaptics Button Scrolling Repeat" "Synaptics Button Scrolling Time"; do
		[ -n "$(xit_prop "$f" "$p")" ] || ok=1
	done
	xcheck "xorg/xit/ScrollButtonPropertyExists" "$ok" \
		"$(grep -E 'Button Scrolling' "$f" 2>/dev/null | sed 's/^[[:space:]]*//' | tr '\n' ';')"
	judge_xit_buttons "xorg/xit/ScrollButtonUpDownScroll/up" \
		"$(xev XitScrollButtons ScrollButtonUpDownScroll-up xit)" "P4 R4 P4 R4"
	judge_xit_buttons "xorg/xit/ScrollButtonUpDownScroll/down" \
		"$(xev XitScrollButtons ScrollButtonUpDownScroll-down xit)" "P5 R5 P5 R5"
	judge_xit_buttons "xorg/xit/ScrollButtonUpDownMiddleDouble/up-double-click" \
		"$(xev XitScrollButtons ScrollButtonUpDownMiddleDouble-up xit)" "P1 R1 P1 R1"
	judge_xit_buttons "xorg/xit/ScrollButtonUpDownMiddleDouble/down-middle" \
		"$(xev XitScrollButtons ScrollButtonUpDownMiddleDouble-down xit)" "P2 R2 P2 R2"
}

# SynapticsSecondarySoftButtonTest on the T440.
judge_xit_top() {
	local f v n ev
	f=$(xit_xinput XitTop props)
	v=$(xit_prop "$f" "Synaptics Secondary Soft Button Areas")
	xcheck "xorg/xit/SecondarySoftButton/PropertyExists" "$(t awk -v v="$v" 'BEGIN {
		n = split(v, a, ", "); exit !(n == 8 && a[1] != 0 && a[4] != 0 && a[5] != 0 && a[6] != 0 &&
			a[8] != 0 && a[2] == 0 && a[3] == 0 && a[7] == 0) }')" "'$v' (want items 1,4,5,6,8 non-zero, 2,3,7 zero)"
	n=xorg/xit/SecondarySoftButton/NoMovementWithinTopButtons
	f=$(xev XitTop NoMovementWithinTopButtons xit)
	if have "$f" "$n"; then
		ev=$(xit_core_events "$f")
		xcheck "$n" "$(t test -z "$ev")" "core events until 0.1 s after the lift: ${ev:-none} (want none)"
	else printf '%s\tfail\n' "$n" >> "$XIT_RESULTS"; fi
	n=xorg/xit/SecondarySoftButton/NoMovementInTopButtonsAfterClick
	f=$(xev XitTop NoMovementInTopButtonsAfterClick xit)
	if have "$f" "$n"; then
		ev=$(xit_core_events "$f")
		xcheck "$n" "$(t test "${ev% }" = "P1 R1")" "core events: ${ev:-none} (want P1 R1, no motion)"
	else printf '%s\tfail\n' "$n" >> "$XIT_RESULTS"; fi
	n=xorg/xit/SecondarySoftButton/MovementInTopButtonsMovingOut
	f=$(xev XitTop MovementInTopButtonsMovingOut xit)
	if have "$f" "$n"; then
		ev=$(xit_core_events "$f")
		xcheck "$n" "$(t test "${ev%% *}" = M)" "core events: ${ev:-none} (want motion first)"
	else printf '%s\tfail\n' "$n" >> "$XIT_RESULTS"; fi
	n=xorg/xit/SecondarySoftButton/MovementIntoTopButtons
	f=$(xev XitTop MovementIntoTopButtons-b xit)
	if have "$f" "$n"; then
		local a
		a=$(xit_core_events "$(xev XitTop MovementIntoTopButtons-a xit)")
		ev=$(xit_core_events "$f")
		xcheck "$n" "$(t test -n "$ev" -a -z "$(echo "$a$ev" | tr -d 'M ')")" \
			"moving in: ${a:-none}; moving inside: ${ev:-none} (want motion only, some inside)"
	else printf '%s\tfail\n' "$n" >> "$XIT_RESULTS"; fi
	judge_xit_first_click "xorg/xit/SecondarySoftButton/TopButtonLeftClick" "$(xev XitTop TopButtonLeftClick xit)" 1
	judge_xit_first_click "xorg/xit/SecondarySoftButton/TopButtonRightClick" "$(xev XitTop TopButtonRightClick xit)" 3
	judge_xit_first_click "xorg/xit/SecondarySoftButton/TopButtonMiddleClick" "$(xev XitTop TopButtonMiddleClick xit)" 2
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
	[ "$DRIVER" = ours ] || return 0
	# What 1.9.2 meets, ours must meet.
	f=$BUILD/xorg-test/reference/xit-results.txt
	if [ ! -r "$f" ]; then
		echo "SKIP: xorg/xit/covers-1.9.2 (no results of Debian's 1.9.2: test/xorg/run-tests --driver reference --only xit)"
		return 0
	fi
	local missed
	missed=$(awk -F '\t' 'NR == FNR { ours[$1] = $2; next } $2 == "pass" && ours[$1] != "pass" { printf "%s ", $1 }' \
		"$XIT_RESULTS" "$f")
	check "xorg/xit/covers-1.9.2" "$(t test -z "$missed")" \
		"${missed:+met by 1.9.2, not by ours: $missed}${missed:-every expectation 1.9.2 meets, ours meets}"
	missed=$(awk -F '\t' 'NR == FNR { ref[$1] = $2; next } $2 == "pass" && ref[$1] != "pass" { printf "%s ", $1 }' \
		"$f" "$XIT_RESULTS")
	[ -z "$missed" ] || echo "# met by ours, not by 1.9.2: $missed"
}

judge_batch_xit() {
	local B=xit c
	XIT_RESULTS=$OUT/xit-results.txt
	: > "$XIT_RESULTS"
	judge_server $B Xit
	judge_xit_present
	judge_xit_smooth_default
	judge_xit_smooth_deltas
	judge_xit_scrollwheel "xorg/xit/ScrollWheel/up" "$(xev Xit ScrollWheel-up $B)" 4 17
	judge_xit_scrollwheel "xorg/xit/ScrollWheel/down" "$(xev Xit ScrollWheel-down $B)" 5 10
	judge_xit_buttons "xorg/xit/TapEvent" "$(xev Xit TapEvent $B)" "P1 R1"
	judge_xit_tap_drag
	judge_xit_warp
	judge_server $B XitAccel nodevice
	judge_xit_accel
	judge_server $B XitClickpad
	judge_xit_clickpad_props
	judge_xit_first_click "xorg/xit/Clickpad/Tap" "$(xev XitClickpad Clickpad-Tap $B)" 1
	judge_xit_first_click "xorg/xit/Clickpad/VertScrollDown" "$(xev XitClickpad VertScrollDown $B)" 5
	judge_xit_first_click "xorg/xit/Clickpad/VertScrollUp" "$(xev XitClickpad VertScrollUp $B)" 4
	judge_xit_disable
	judge_xit_buttons "xorg/xit/ClickFinger2" "$(xev XitClickpad ClickFinger2 $B)" "P2 R2"
	judge_xit_buttons "xorg/xit/ClickFinger2Distance" "$(xev XitClickpad ClickFinger2Distance $B)" "P1 R1"
	judge_xit_buttons "xorg/xit/ClickFinger3" "$(xev XitClickpad ClickFinger3 $B)" "P2 R2"
	judge_xit_buttons "xorg/xit/ClickFinger3Distance" "$(xev XitClickpad ClickFinger3Distance $B)" "P3 R3"
	judge_server $B XitSoft
	judge_xit_soft_percent
	judge_xit_first_click "xorg/xit/SoftButtons/LeftClick" "$(xev XitSoft LeftClick $B)" 1
	judge_xit_first_click "xorg/xit/SoftButtons/RightClick" "$(xev XitSoft RightClick $B)" 3
	judge_xit_first_click "xorg/xit/SoftButtons/LeftClickInDeadArea" "$(xev XitSoft LeftClickInDeadArea $B)" 1
	judge_xit_area_writes
	judge_server $B XitSoftArea
	judge_xit_first_click "xorg/xit/SoftButtons/RightClickInDeadArea" "$(xev XitSoftArea RightClickInDeadArea $B)" 3
	for c in XitRuntimeFirst XitRuntimeSecond; do judge_server $B $c; done
	judge_xit_runtime
	judge_server $B XitScrollButtons
	judge_xit_scrollbuttons
	judge_server $B XitTop
	judge_xit_top
	judge_server $B XitHotplug nodevice
	judge_xit_hotplug
	xit_side_by_side
}
