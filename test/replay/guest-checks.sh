#!/bin/bash
# guest-checks.sh - driver checks that need the QEMU guest (uinput, Xorg).
# Run from the host:  ./synmt vm --no-psmouse -- test/replay/guest-checks.sh
#
#  1. check-evdev-live: the evdev backend on a uinput clickpad (probe,
#     CLOCK_MONOTONIC stamps, SYN_DROPPED resync, grab, removal).
#  2. Xorg (dummy video) with our synaptics_drv.so on uinput copies of the
#     XIT clickpad ("touchpad"), the T440 with a secondary (top) button row
#     ("t440") and the scroll-button pad ("buttons"): the exact set of
#     "Synaptics ..." properties each device has; for every property a
#     write that must be refused with the right X error (BadValue/BadMatch;
#     through test/xorg/xiprop, one X connection), and every property of
#     every pad unchanged afterwards; the read-only ones; a few refusals and
#     good writes that must stick through xinput; a malformed xorg.conf
#     option reported in the log.
#  3. Hot-plug: udev + AutoAddDevices with only our conf/70-synaptics-mt.conf
#     in xorg.conf.d: the InputClass picks our driver for the touchpad and
#     sets the clickpad soft buttons; no grab for hot-plugged devices.
#     The server runs as under systemd-logind (test/replay/fake-logind on
#     a private system bus, -keeptty): hot-plugged devices get the
#     server's fds.  A hot-plugged pad disabled and enabled 200 times in
#     one batch of requests (the server drops input-thread registrations
#     late), then removed: the next pad (whose fds take the freed numbers)
#     is polled.  A VT switch as logind makes it (the device off, its fd
#     closed, fingers lifted meanwhile, a new fd at the switch back): one
#     finger afterwards moves the pointer, no ghost of the lifted ones.
# Prints PASS:/FAIL: lines; exits 1 if anything failed.
set -u
if [ "${SYNMT_GUEST:-}" != 1 ]; then
	echo "SKIP: guest-checks (run it with ./synmt vm --no-psmouse -- $0)"
	exit 77
fi
TOP=${SYNMT_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILD=${SYNMT_BUILD:-$TOP/build}/x
REC=${SYNMT_XIT_RECORDINGS:-$TOP/test/data/xit}
D=${SYNMT_BUILD:-$TOP/build}/replay-guest
REPORT_PREFIX=replay-guest/
. "$TOP/test/lib/report.sh"
. "$TOP/test/lib/xorg.sh"
. "$TOP/test/lib/devices.sh"

rm -rf "$D"
mkdir -p "$D/modules/input"

if "$BUILD/test/replay/check-evdev-live" > "$D/evdev-live.log" 2>&1; then
	pass evdev-live
else
	fail evdev-live "$(grep FAILED "$D/evdev-live.log" | head -3)"
fi

MODULE_DIR=${DRIVER_MODULE_DIR:-$BUILD/xf86-input-synaptics/.libs}	# another driver build: as test/xorg
if ! cp "$MODULE_DIR/synaptics_drv.so" "$D/modules/input/"; then
	fail driver-present "no $MODULE_DIR/synaptics_drv.so"
	exit 1
fi
# make_dev DESC TAG: a uinput device from an evemu description; sets NODE
# to its event node and EVPID to evemu-device's pid
NODE='' EVPID=''
make_dev() {
	clone_device "$1" "$D/evemu-$2.out"
	NODE=$CLONE_NODE EVPID=$CLONE_PID
}
make_dev "$REC/SynPS2-Synaptics-TouchPad-Clickpad.desc" clickpad
DEV=$NODE EVPIDS=$EVPID
[ -n "$DEV" ] || { fail uinput-device "evemu-device: $(cat "$D/evemu-clickpad.out")"; exit 1; }
# The other two pads are gone before the hot-plug part (same kernel name).
# The scroll-button pad's description heads its recording.
grep -E '^(# EVEMU |[NIPBA]:)' "$REC/SynPS2-Synaptics-TouchPad-ScrollButtons.events" > "$D/scrollbuttons.desc"
make_dev "$REC/SynPS2-Synaptics-TouchPad-T440.desc" t440
DEV_T440=$NODE EXTRA_PIDS=$EVPID
make_dev "$D/scrollbuttons.desc" buttons
DEV_BUTTONS=$NODE EXTRA_PIDS="$EXTRA_PIDS $EVPID"
[ -n "$DEV_T440" ] && [ -n "$DEV_BUTTONS" ] ||
	fail uinput-devices "t440 '$DEV_T440', buttons '$DEV_BUTTONS'"

{
	xorg_conf_base
	xorg_conf_input touchpad "$DEV" SoftButtonAreas "50% 0 82% 0 0 0 0 0" \
		TapButton1 bogus MaxTapTime -5 Repeater /dev/null
	xorg_conf_input ps2proto "$DEV_BUTTONS" Protocol psaux
	xorg_conf_input t440 "$DEV_T440" SoftButtonAreas "50% 0 82% 0 0 0 0 0" \
		HasSecondarySoftButtons on SecondarySoftButtonAreas "58% 0 0 15% 42% 58% 0 15%"
	xorg_conf_input buttons "$DEV_BUTTONS"
	xorg_conf_layout touchpad t440 buttons ps2proto
} > "$D/xorg.conf"
XORG_MODULES=$D/modules
xorg_start :7 "$D/xorg.conf" "$D/Xorg.log"
XPID=$XORG_PID
stop_x() { XORG_PID=$XPID xorg_stop; }
stop() {
	stop_x
	# shellcheck disable=SC2086
	kill $EVPIDS 2> /dev/null
}
if ! xdpyinfo > /dev/null 2>&1; then
	fail xorg-started "$(tail -5 "$D/Xorg.log")"
	stop
	exit 1
fi
pass xorg-started

# the log names the bad options and keeps the defaults
grep -q 'option "TapButton1" "bogus": not a number, using the default' "$D/Xorg.log" &&
	pass log-malformed-option || fail log-malformed-option "$(grep -i tapbutton "$D/Xorg.log")"
grep -q 'reverting option "MaxTapTime" to its default' "$D/Xorg.log" &&
	pass log-out-of-range-option || fail log-out-of-range-option "$(grep -i maxtap "$D/Xorg.log")"
# a removed 1.x option is a warning, and nothing else changes
grep -q '(WW) .*option "Repeater" "/dev/null": removed' "$D/Xorg.log" &&
	pass log-removed-option || fail log-removed-option "$(grep -i repeater "$D/Xorg.log")"
# a raw PS/2 protocol is refused with an error, and that device is not added
if grep -q '(EE) .*Protocol "psaux" is not supported' "$D/Xorg.log" &&
	! xinput list --name-only | grep -qx ps2proto; then
	pass protocol-psaux-refused
else
	fail protocol-psaux-refused "$(grep -i -e psaux -e ps2proto "$D/Xorg.log" | head -n 3)"
fi

# prop NAME [DEVICE]: the value as xinput prints it
prop() { xinput list-props "${2:-touchpad}" 2>&1 | sed -n "s/^[[:space:]]*$1 ([0-9]*):[[:space:]]*//p"; }
expect_prop() {	# name expected-value
	local v
	v=$(prop "$1")
	[ "$v" = "$2" ] && pass "value/$1" || fail "value/$1" "got '$v', want '$2'"
}

xinput list-props touchpad > "$D/props.txt" 2>&1
grep -q 'X Error' "$D/props.txt" && fail list-props-clean "$(grep -m1 'X Error' "$D/props.txt")" ||
	pass list-props-clean

# The exact set of "Synaptics ..." properties per device (not a count: a
# property that goes missing and another that appears must both show).
# Every pad: 1.9's 38 minus the per-device ones below, plus ours.
COMMON="Synaptics Edges
Synaptics Finger
Synaptics Tap Time
Synaptics Tap Move
Synaptics Tap Durations
Synaptics ClickPad
Synaptics Middle Button Timeout
Synaptics Two-Finger Pressure
Synaptics Two-Finger Width
Synaptics Scrolling Distance
Synaptics Edge Scrolling
Synaptics Two-Finger Scrolling
Synaptics Move Speed
Synaptics Off
Synaptics Locked Drags
Synaptics Locked Drags Timeout
Synaptics Tap Action
Synaptics Click Action
Synaptics Circular Scrolling
Synaptics Circular Scrolling Distance
Synaptics Circular Scrolling Trigger
Synaptics Circular Pad
Synaptics Palm Detection
Synaptics Palm Dimensions
Synaptics Coasting Speed
Synaptics Pressure Motion
Synaptics Pressure Motion Factor
Synaptics Grab Event Device
Synaptics Gestures
Synaptics Capabilities
Synaptics Pad Resolution
Synaptics Area
Synaptics Noise Cancellation
Synaptics Gestures Enabled
Synaptics Gesture Thresholds
Synaptics Button Area Suppression
Synaptics Gesture Actions
Synaptics Monitor
Synaptics Hardware State"
SOFT="Synaptics Soft Button Areas"
SECONDARY="Synaptics Secondary Soft Button Areas"
SCROLLBUTTONS="Synaptics Button Scrolling
Synaptics Button Scrolling Repeat
Synaptics Button Scrolling Time"
expect_names() {	# device expected-names (one a line)
	local got want
	got=$(xinput list-props "$1" 2>&1 | sed -n 's/^[[:space:]]*\(Synaptics [^(]*[^ (]\) ([0-9]*):.*/\1/p' | sort)
	want=$(printf '%s\n' "$2" | sort)
	if [ "$got" = "$want" ]; then
		pass "property-names/$1"
	else
		fail "property-names/$1" "$(diff <(echo "$want") <(echo "$got") | grep '^[<>]' |
			sed 's/^</missing:/; s/^>/unexpected:/' | tr '\n' ';')"
	fi
}
expect_names touchpad "$COMMON
$SOFT"
expect_names t440 "$COMMON
$SOFT
$SECONDARY"
expect_names buttons "$COMMON
$SCROLLBUTTONS"
expect_prop "Synaptics Soft Button Areas" "3472, 0, 3900, 0, 0, 0, 0, 0"
expect_prop "Synaptics Tap Time" "180"
expect_prop "Synaptics Tap Action" "0, 0, 0, 0, 0, 0, 0"
expect_prop "Synaptics ClickPad" "1"
# no server profile: the core accelerates, the scheme stays for the
# "Device Accel *" properties but skips its velocity tracking
expect_prop "Device Accel Profile" "-1"
expect_prop "Device Accel Constant Deceleration" "1.000000"
expect_prop "Device Node" "\"$DEV\""

# xinput set-prop ARGS: ok, BadValue, BadMatch, BadAccess or other
write_result() {
	local out
	out=$(xinput set-prop "$@" 2>&1)
	case $out in
	*BadValue*) echo BadValue ;;
	*BadMatch*) echo BadMatch ;;
	*BadAccess*) echo BadAccess ;;
	*"X Error"*|*rror*) echo "other: $out" ;;
	*) echo ok ;;
	esac
}
# write NAME RESULT ARGS...: RESULT is ok, BadValue, BadMatch or BadAccess
write() {
	local name=$1 want=$2 got
	shift 2
	got=$(write_result "$@")
	[ "$got" = "$want" ] && pass "write/$name" || fail "write/$name" "xinput set-prop $*: $got, want $want"
}
# refuse ERROR DEVICE PROPERTY WHAT [--type=T] [--format=F] VALUES...: the
# write must be refused with ERROR.  Test name: refuse/<property without
# "Synaptics ">/<what was wrong>.  The writes go through xiprop, one X
# connection for all of them (a process costs about a second under TCG);
# it also lists every property of each pad before and after them, so that
# the values can be checked unchanged (unchanged/...).  The types and
# formats are xinput's: the property's own unless --type/--format say.
XIPROP=$BUILD/test/xorg/xiprop
: > "$D/xiprop.in"
for dev in touchpad t440 buttons; do echo "dump|before|$dev" >> "$D/xiprop.in"; done
NREFUSE=0
refuse() {
	local want=$1 dev=$2 name=$3 what=$4 type=same format=same
	shift 4
	while [ $# -gt 0 ] && [ "${1#--}" != "$1" ]; do
		case $1 in
		--type=*) type=${1#--type=} ;;
		--format=*) format=${1#--format=} ;;
		esac
		shift
	done
	if [ "$type" = float ] || [ "$type" = atom ]; then
		[ "$format" != same ] || format=32
	fi
	NREFUSE=$((NREFUSE + 1))
	printf 'set|%s|%s|%s|%s|%s|%s\n' "$NREFUSE" "$dev" "$name" "$type" "$format" "$*" >> "$D/xiprop.in"
	printf '%s|%s|%s|%s|%s\n' "$NREFUSE" "$want" "$dev" "$name" "$what" >> "$D/refused.txt"
}
: > "$D/refused.txt"
# Every property once at least: a wrong type, format or item count is
# BadMatch, a value out of range or inconsistent is BadValue, a read-only
# property is BadValue (as 1.9).  xinput writes with the property's own type
# and format unless --type/--format say otherwise.
I8='--type=int --format=8' I32='--type=int --format=32' FLT='--type=float'
{
refuse BadValue touchpad "Synaptics Edges" left-right-crossed 5000 2000 1500 4000
refuse BadMatch touchpad "Synaptics Edges" three-items 1800 5100 1600
refuse BadValue touchpad "Synaptics Finger" low-above-high 50 40 0
refuse BadValue touchpad "Synaptics Tap Time" negative -1
refuse BadMatch touchpad "Synaptics Tap Time" format-8 $I8 100
refuse BadMatch touchpad "Synaptics Tap Move" type-float $FLT 100
refuse BadValue touchpad "Synaptics Tap Move" negative -1
refuse BadMatch touchpad "Synaptics Tap Durations" two-items 180 180
refuse BadValue touchpad "Synaptics Tap Durations" negative 180 -1 100
refuse BadValue touchpad "Synaptics ClickPad" value-2 2
refuse BadMatch touchpad "Synaptics ClickPad" format-32 $I32 1
refuse BadValue touchpad "Synaptics Middle Button Timeout" negative -1
refuse BadMatch touchpad "Synaptics Two-Finger Pressure" type-float $FLT 1.5
refuse BadValue touchpad "Synaptics Two-Finger Pressure" negative -1
refuse BadValue touchpad "Synaptics Two-Finger Width" negative -1
refuse BadValue touchpad "Synaptics Scrolling Distance" vertical-0 0 100
refuse BadValue touchpad "Synaptics Scrolling Distance" horizontal-0 100 0
refuse BadValue touchpad "Synaptics Edge Scrolling" value-2 2 0 0
refuse BadMatch touchpad "Synaptics Two-Finger Scrolling" three-items 1 1 1
refuse BadValue touchpad "Synaptics Two-Finger Scrolling" value-2 1 2
refuse BadMatch touchpad "Synaptics Move Speed" type-integer $I32 1 1 1 0
refuse BadValue touchpad "Synaptics Move Speed" negative -1 1.5 0.05 0
refuse BadValue buttons "Synaptics Button Scrolling" value-2 2 1
refuse BadMatch buttons "Synaptics Button Scrolling" format-32 $I32 1 1
refuse BadValue buttons "Synaptics Button Scrolling Repeat" value-2 1 2
refuse BadValue buttons "Synaptics Button Scrolling Time" zero 0
refuse BadValue touchpad "Synaptics Off" value-3 3
refuse BadMatch touchpad "Synaptics Off" two-items 0 0
refuse BadValue touchpad "Synaptics Locked Drags" value-2 2
refuse BadValue touchpad "Synaptics Locked Drags Timeout" negative -5
refuse BadMatch touchpad "Synaptics Tap Action" eight-items 0 0 0 0 1 3 2 1
refuse BadValue touchpad "Synaptics Tap Action" button-33 0 0 0 0 33
refuse BadValue touchpad "Synaptics Click Action" button-33 1 33 2
refuse BadValue touchpad "Synaptics Circular Scrolling" value-2 2
refuse BadValue touchpad "Synaptics Circular Scrolling Distance" zero 0
refuse BadMatch touchpad "Synaptics Circular Scrolling Distance" type-integer $I32 1
refuse BadValue touchpad "Synaptics Circular Scrolling Trigger" value-9 9
refuse BadValue touchpad "Synaptics Circular Pad" value-2 2
refuse BadValue touchpad "Synaptics Palm Detection" value-2 2
refuse BadValue touchpad "Synaptics Palm Dimensions" negative -1 200
refuse BadValue touchpad "Synaptics Coasting Speed" negative -1 50
refuse BadValue touchpad "Synaptics Pressure Motion" min-above-max 100 50
refuse BadMatch touchpad "Synaptics Pressure Motion" type-integer-not-cardinal $I32 30 160
refuse BadValue touchpad "Synaptics Pressure Motion Factor" min-above-max 2 1
refuse BadValue touchpad "Synaptics Grab Event Device" value-2 2
refuse BadValue touchpad "Synaptics Gestures" value-2 2
refuse BadValue touchpad "Synaptics Capabilities" read-only 1 1 1 1 1 1 1
refuse BadValue touchpad "Synaptics Pad Resolution" read-only 10 10
refuse BadValue touchpad "Synaptics Area" left-right-crossed 3000 2000 0 0
refuse BadValue touchpad "Synaptics Soft Button Areas" overlap 3000 0 3900 0 2000 3500 3900 0
refuse BadValue touchpad "Synaptics Soft Button Areas" degenerate 3000 3000 3900 0 0 0 0 0
refuse BadValue t440 "Synaptics Secondary Soft Button Areas" overlaps-primary 0 0 3800 0 0 0 0 0
refuse BadValue touchpad "Synaptics Noise Cancellation" negative -1 8
refuse BadValue touchpad "Synaptics Gestures Enabled" value-2 2 1
refuse BadValue touchpad "Synaptics Gesture Thresholds" below-0.1mm 0.05 1.5
refuse BadValue touchpad "Synaptics Button Area Suppression" top-below-pad 1 5000
refuse BadMatch touchpad "Synaptics Gesture Actions" one-item --type=atom none
refuse BadValue touchpad "Synaptics Gesture Actions" bogus-action --type=atom none none none none none none none none none bogus
refuse BadValue touchpad "Synaptics Monitor" negative -1
refuse BadMatch touchpad "Synaptics Monitor" two-items 100 100
refuse BadValue touchpad "Synaptics Hardware State" read-only 0 0 0 0 0 0 0 0
}
write product-id-ro BadAccess touchpad "Device Product ID" 1 2
for dev in touchpad t440 buttons; do echo "dump|after|$dev" >> "$D/xiprop.in"; done
if [ -x "$XIPROP" ] && "$XIPROP" < "$D/xiprop.in" > "$D/xiprop.out" 2>&1; then
	pass xiprop-ran
else
	fail xiprop-ran "$XIPROP: $(head -3 "$D/xiprop.out")"
fi
while IFS='|' read -r n want dev name what; do
	got=$(sed -n "s/^$n|//p" "$D/xiprop.out")
	t="refuse/${name#Synaptics }/$what"
	[ "$got" = "$want" ] && pass "$t" || fail "$t" "$(grep "^set|$n|" "$D/xiprop.in"): ${got:-no answer}, want $want"
done < "$D/refused.txt"
# each refused property reads as before, and so does everything else
cut -d'|' -f3,4 "$D/refused.txt" | sort -u | while IFS='|' read -r dev name; do
	b=$(grep -F "before|$dev|$name|" "$D/xiprop.out")
	a=$(grep -F "after|$dev|$name|" "$D/xiprop.out")
	if [ -z "$b" ]; then
		fail "unchanged/$dev/${name#Synaptics }" "not listed"
	elif [ "${a#after}" != "${b#before}" ]; then
		fail "unchanged/$dev/${name#Synaptics }" "refused writes changed it: '${b#before|}' -> '${a#after|}'"
	else
		pass "unchanged/$dev/${name#Synaptics }"
	fi
done
for dev in touchpad t440 buttons; do
	if [ "$(sed -n "s/^before|$dev|//p" "$D/xiprop.out")" = "$(sed -n "s/^after|$dev|//p" "$D/xiprop.out")" ] &&
		grep -q "^before|$dev|Synaptics Off|" "$D/xiprop.out"; then
		pass "unchanged/$dev/all-properties"
	else
		fail "unchanged/$dev/all-properties" "$(diff <(sed -n "s/^before|$dev|//p" "$D/xiprop.out") \
			<(sed -n "s/^after|$dev|//p" "$D/xiprop.out") | grep '^[<>]' | head -4 | tr '\n' ' ')"
	fi
done
# the same rules through xinput, as a user meets them
write off-3 BadValue touchpad "Synaptics Off" 3
write move-speed-int BadMatch --type=int --format=32 touchpad "Synaptics Move Speed" 1 1 1 0
write tap-action-8-items BadMatch touchpad "Synaptics Tap Action" 0 0 0 0 1 3 2 1
write capabilities-ro BadValue touchpad "Synaptics Capabilities" 1 1 1 1 1 1 1

# Good writes stick (and read back as written).
write off-1 ok touchpad "Synaptics Off" 1
write edges ok touchpad "Synaptics Edges" 1800 5100 1600 4200
write scroll-distance-natural ok touchpad "Synaptics Scrolling Distance" -80 100
write move-speed ok touchpad "Synaptics Move Speed" 1 1.5 0.0625 0
write tap-action-partial ok touchpad "Synaptics Tap Action" 0 0 0 0 1
# the server's acceleration properties, as 1.9 users set them
write accel-const-decel ok touchpad "Device Accel Constant Deceleration" 2.5
expect_prop "Device Accel Constant Deceleration" "2.500000"
write accel-profile-device ok touchpad "Device Accel Profile" 1
write accel-profile-none ok touchpad "Device Accel Profile" -1
# the server's own rule, as with 1.9: any deceleration above 0 (below 1 speeds up)
write accel-const-decel-below-1 ok touchpad "Device Accel Constant Deceleration" 0.5
write accel-const-decel-zero BadValue touchpad "Device Accel Constant Deceleration" 0
write accel-const-decel-back ok touchpad "Device Accel Constant Deceleration" 1
write pressure-motion ok touchpad "Synaptics Pressure Motion" 40 150
write secondary ok t440 "Synaptics Secondary Soft Button Areas" 3800 0 0 1600 3200 3800 0 1600
write button-repeat ok buttons "Synaptics Button Scrolling Repeat" 1 0
expect_prop "Synaptics Off" "1"
expect_prop "Synaptics Edges" "1800, 5100, 1600, 4200"
expect_prop "Synaptics Scrolling Distance" "-80, 100"
expect_prop "Synaptics Move Speed" "1.000000, 1.500000, 0.062500, 0.000000"
# (like 1.9, the server keeps the 5 items the client wrote; the driver
# takes them as TapButton1 with the other two unchanged)
expect_prop "Synaptics Tap Action" "0, 0, 0, 0, 1"
expect_prop "Synaptics Pressure Motion" "40, 150"
expect_prop "Synaptics Soft Button Areas" "3472, 0, 3900, 0, 0, 0, 0, 0"
v=$(prop "Synaptics Secondary Soft Button Areas" t440)
[ "$v" = "3800, 0, 0, 1600, 3200, 3800, 0, 1600" ] && pass "value/t440/Secondary Soft Button Areas" ||
	fail "value/t440/Secondary Soft Button Areas" "got '$v'"
v=$(prop "Synaptics Button Scrolling Repeat" buttons)
[ "$v" = "1, 0" ] && pass "value/buttons/Button Scrolling Repeat" ||
	fail "value/buttons/Button Scrolling Repeat" "got '$v'"
write clickpad-off ok touchpad "Synaptics ClickPad" 0
if xinput list-props touchpad | grep -q 'Synaptics Soft Button Areas'; then
	fail softbuttons-follow-clickpad "still there with ClickPad 0"
else
	pass softbuttons-follow-clickpad
fi
write clickpad-on ok touchpad "Synaptics ClickPad" 1
xinput list-props touchpad | grep -q 'Synaptics Soft Button Areas' &&
	pass softbuttons-back || fail softbuttons-back "not re-created with ClickPad 1"

# GrabEventDevice: a pad configured in xorg.conf is grabbed by default, so
# other readers of its node (a second X server, evtest --grab) cannot grab
# it; with the property at 0 it is released when the device is re-enabled.
# can_grab NODE: "yes" if EVIOCGRAB on the node succeeds, "busy" if not
can_grab() {
	python3 - "$1" <<'PY'
import errno, fcntl, sys
EVIOCGRAB = 0x40044590
with open(sys.argv[1], "rb") as f:
    try:
        fcntl.ioctl(f, EVIOCGRAB, 1)
        print("yes")
    except OSError as e:
        print("busy" if e.errno == errno.EBUSY else "error %d" % e.errno)
PY
}
g=$(can_grab "$DEV")
[ "$g" = busy ] && pass grab-static-default || fail grab-static-default "EVIOCGRAB on $DEV: $g, want busy"
write grab-off ok touchpad "Synaptics Grab Event Device" 0
xinput disable touchpad && xinput enable touchpad
g=$(can_grab "$DEV")
[ "$g" = yes ] && pass grab-off-after-reenable || fail grab-off-after-reenable "EVIOCGRAB on $DEV: $g, want yes"
write grab-on ok touchpad "Synaptics Grab Event Device" 1
xinput disable touchpad && xinput enable touchpad
g=$(can_grab "$DEV")
[ "$g" = busy ] && pass grab-on-after-reenable || fail grab-on-after-reenable "EVIOCGRAB on $DEV: $g, want busy"

stop_x
# shellcheck disable=SC2086
kill $EXTRA_PIDS 2> /dev/null
# expected noise: no dbus, no kbd/libinput modules for the core keyboard,
# and with xserver-xorg-input-libinput installed, its failed PreInit of the
# server's "<default keyboard>" (no Device: the guest has no keyboard node)
grep -E '^\[ *[0-9.]+\] \(EE\)' "$D/Xorg.log" | grep -v -e dbus -e kbd -e libinput \
	-e 'PreInit returned [0-9]* for "<default keyboard>"' \
	-e 'touchpad: option' -e 'touchpad: reverting' -e ps2proto > "$D/errors.txt"
[ -s "$D/errors.txt" ] && fail log-no-other-errors "$(head -3 "$D/errors.txt")" || pass log-no-other-errors

# hot_start NAME: a soakpad clickpad, hot-plugged; waits until X lists it
HOT_FIFO=$(mktemp -d /tmp/hot.XXXXXX)
hot_start() {
	mkfifo "$HOT_FIFO/$1.in"
	"$BUILD/test/soak/soakpad" "$1" < "$HOT_FIFO/$1.in" > "$D/$1.out" 2>&1 &
	eval "exec {HOTFD_$1}> \"$HOT_FIFO/$1.in\""
	for _ in $(seq 100); do
		xinput list --name-only 2> /dev/null | grep -qx "$1" && return 0
		sleep 0.2
	done
	return 1
}
hot_gone() {   # NAME: destroyed; waits until X no longer lists it
	local fd="HOTFD_$1"
	echo quit >&"${!fd}"
	for _ in $(seq 100); do
		xinput list --name-only 2> /dev/null | grep -qx "$1" || return 0
		sleep 0.2
	done
	return 1
}
hot_circle() {   # NAME: the pad circles for 1 s while xevlog records $D/NAME.xev
	local fd="HOTFD_$1" xev
	"$BUILD/test/xorg/xevlog" > "$D/$1.xev" 2>&1 &
	xev=$!
	sleep 1
	echo "circle 200 1" >&"${!fd}"
	sleep 2
	kill "$xev"
}
hot_burst_then_next() {
	local out n fds
	hot_start hot1 || { fail hotplug-burst "pad hot1 never appeared"; return; }
	out=$("$BUILD/test/soak/soakx" burst hot1 200)
	hot_gone hot1 || { fail hotplug-burst "pad hot1 did not go ($out)"; return; }
	hot_start hot2 || { fail hotplug-burst "pad hot2 never appeared after hot1 went"; return; }
	hot_circle hot2
	n=$(grep -c 'xi2 Motion dev="hot2"' "$D/hot2.xev")
	fds=$(grep -E '"?hot[12]"?: .*on \(node fd' "$D/Xorg-hotplug.log" | sed 's/.*node fd \([0-9]*\), polled through fd \([0-9]*\).*/\1\/\2/' |
		sort | uniq -c | awk '{ printf "%s%s x%s", (NR > 1 ? ", " : ""), $2, $1 }')
	if [ "$n" -gt 20 ]; then
		pass hotplug-burst-next-pad-polled "$out; hot1 removed, hot2 moves the pointer ($n motion events; node/poll fds, times enabled: $fds)"
	else
		fail hotplug-burst-next-pad-polled "$out; hot2 gave $n motion events (node/poll fds, times enabled: $fds)"
	fi
	hot_gone hot2
}

# A VT switch under logind: xf86VTLeave turns the device off, then logind
# pauses it (the server closes its fd); meanwhile two resting fingers lift;
# at the switch back logind hands over a new fd and the server turns the
# device on again.  (No VT here: "xinput disable" stands in for the leave.)
logind_vt_switch() {
	local devnum n s fd="HOTFD_vt1"
	hot_start vt1 || { fail logind-vt-switch "pad vt1 never appeared"; return; }
	devnum=$(sed -n 's|.*systemd-logind: got fd for /dev/input/event[0-9]* \([0-9]*:[0-9]*\) .*|\1|p' \
		"$D/Xorg-hotplug.log" | tail -n1)
	[ -n "$devnum" ] || { fail logind-vt-switch "vt1 has no server fd"; return; }
	echo highslots >&"${!fd}"	# two fingers scroll down and rest
	sleep 1.5
	xinput disable vt1
	echo "pause ${devnum/:/ }" >&"$LOGIND_CTL"
	sleep 1
	echo lift >&"${!fd}"
	sleep 0.5
	echo "resume ${devnum/:/ }" >&"$LOGIND_CTL"
	for _ in $(seq 50); do
		[ "$(grep -c "systemd-logind: got resume for $devnum" "$D/Xorg-hotplug.log")" -ge 1 ] && break
		sleep 0.2
	done
	sleep 1
	hot_circle vt1
	n=$(grep 'xi2 Motion dev="vt1"' "$D/vt1.xev" | grep -vc 'scroll_')
	s=$(grep -c 'xi2 Motion dev="vt1".*scroll_' "$D/vt1.xev")
	if ! grep -q "systemd-logind: got pause for $devnum" "$D/Xorg-hotplug.log"; then
		fail logind-vt-switch "the server never saw the pause of $devnum"
	elif [ "$n" -gt 20 ] && [ "$s" = 0 ]; then
		pass logind-vt-switch "device $devnum paused and resumed with a new fd: one finger moves the pointer ($n motion events, no scrolling)"
	else
		fail logind-vt-switch "after the resume one finger gave $n motion events, $s with scrolling (a ghost of the lifted fingers?)"
	fi
	hot_gone vt1
}

# ---- 3. hot-plug through udev and our InputClass snippet ----
# The guest's root is a throw-away overlay: replace the distribution's snippets by ours.
CONFD=/usr/share/X11/xorg.conf.d
rm -f "$CONFD"/*.conf
cp "$TOP/xf86-input-synaptics/conf/70-synaptics-mt.conf" "$CONFD/"
# the guest command runs in a chroot, which udevadm refuses without this
export SYSTEMD_IGNORE_CHROOT=1
{
	/lib/systemd/systemd-udevd --daemon --resolve-names=never
	udevadm trigger --action=add
	udevadm settle -t 30
	udevadm info --query=property --name="$DEV"
} > "$D/udev.log" 2>&1
{ xorg_conf_base hotplug; xorg_conf_layout; } > "$D/xorg-hotplug.conf"
# a system bus of our own and the fake logind on it (the server takes its fds from there)
LOGIND=$(mktemp -d /tmp/logind.XXXXXX)
cat > "$LOGIND/bus.conf" <<'EOB'
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*" eavesdrop="true"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
EOB
sed -i "s|<auth>|<listen>unix:path=$LOGIND/bus</listen>\n  <auth>|" "$LOGIND/bus.conf"
dbus-daemon --config-file="$LOGIND/bus.conf" --fork --print-pid > "$LOGIND/bus.pid" 2> "$D/dbus.err"
mkfifo "$LOGIND/ctl"
"$TOP/test/replay/fake-logind" "unix:path=$LOGIND/bus" "$LOGIND/ctl" > "$D/fake-logind.out" 2>&1 &
LOGIND_PID=$!
exec {LOGIND_CTL}<> "$LOGIND/ctl"
for _ in $(seq 100); do grep -q '^ready' "$D/fake-logind.out" && break; sleep 0.1; done
DBUS_SYSTEM_BUS_ADDRESS="unix:path=$LOGIND/bus" xorg_start :8 "$D/xorg-hotplug.conf" "$D/Xorg-hotplug.log" -keeptty
XPID=$XORG_PID
NAME="SynPS/2 Synaptics TouchPad"
sleep 2
if xinput list --name-only 2> /dev/null | grep -qx "$NAME"; then
	pass hotplug-device
	grep -q "Applying InputClass \"synaptics-mt touchpad\"" "$D/Xorg-hotplug.log" &&
		grep -q "Using input driver 'synaptics' for '$NAME'" "$D/Xorg-hotplug.log" &&
		pass hotplug-inputclass-driver ||
		fail hotplug-inputclass-driver "$(grep -i -e inputclass -e 'input driver' "$D/Xorg-hotplug.log" | head -5)"
	v=$(xinput list-props "$NAME" | sed -n 's/^[[:space:]]*Synaptics Soft Button Areas ([0-9]*):[[:space:]]*//p')
	[ "$v" = "3472, 0, 3900, 0, 0, 0, 0, 0" ] && pass hotplug-softbuttons ||
		fail hotplug-softbuttons "Soft Button Areas '$v'"
	v=$(xinput list-props "$NAME" | sed -n 's/^[[:space:]]*Synaptics Grab Event Device ([0-9]*):[[:space:]]*//p')
	[ "$v" = 0 ] && pass hotplug-no-grab || fail hotplug-no-grab "Grab Event Device '$v'"
else
	fail hotplug-device "$(xinput list --name-only 2>&1 | tr '\n' ' '); udev: $(grep -e ID_INPUT_TOUCHPAD -e rror "$D/udev.log" | tr '\n' ' ')"
fi
grep -q "systemd-logind: took control of session" "$D/Xorg-hotplug.log" &&
	grep -q "systemd-logind: got fd for" "$D/Xorg-hotplug.log" &&
	pass hotplug-logind-server-fds "the server took control of the fake session and opens the devices through it" ||
	fail hotplug-logind-server-fds "$(grep -i logind "$D/Xorg-hotplug.log" | head -3 | tr '\n' ' '); $(head -3 "$D/fake-logind.out" | tr '\n' ' ')"
hot_burst_then_next
logind_vt_switch
stop
kill "$LOGIND_PID" "$(cat "$LOGIND/bus.pid")" 2> /dev/null
[ "$NFAIL" = 0 ]
