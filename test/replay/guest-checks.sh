#!/bin/bash
# guest-checks.sh - driver checks that need the QEMU guest (uinput, Xorg).
# Run from the host:  ./synmt vm --no-psmouse -- test/replay/guest-checks.sh
#
#  1. check-evdev-live: the evdev backend on a uinput clickpad (probe,
#     CLOCK_MONOTONIC stamps, SYN_DROPPED resync, grab, removal).
#  2. Xorg (dummy video) with our synaptics_drv.so on a uinput copy of the
#     XIT clickpad: the "Synaptics ..." properties as xinput sees them, and
#     writes that must succeed or fail with BadValue/BadMatch/BadAccess,
#     with a malformed xorg.conf option reported in the log.
#  3. Hot-plug: udev + AutoAddDevices with only our conf/70-synaptics-mt.conf
#     in xorg.conf.d: the InputClass picks our driver for the touchpad and
#     sets the clickpad soft buttons; no grab for hot-plugged devices.
# Prints PASS:/FAIL: lines; exits 1 if anything failed.
set -u
if [ "${SYNMT_GUEST:-}" != 1 ]; then
	echo "SKIP: guest-checks (run it with ./synmt vm --no-psmouse -- $0)"
	exit 77
fi
TOP=${SYNMT_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILD=${SYNMT_BUILD:-$TOP/build}/x
REC=${SYNMT_RECORDINGS:-$TOP/../shared/recordings}
[ -d "$REC/xit-touchpads" ] && REC=$REC/xit-touchpads
D=${SYNMT_BUILD:-$TOP/build}/replay-guest
NFAIL=0
pass() { echo "PASS: replay-guest/$1"; }
fail() { echo "FAIL: replay-guest/$1"; [ -z "${2:-}" ] || echo "#   $2"; NFAIL=$((NFAIL + 1)); }

rm -rf "$D"
mkdir -p "$D/modules/input"

if "$BUILD/test/replay/check-evdev-live" > "$D/evdev-live.log" 2>&1; then
	pass evdev-live
else
	fail evdev-live "$(grep FAILED "$D/evdev-live.log" | head -3)"
fi

if ! cp "$BUILD/xf86-input-synaptics/.libs/synaptics_drv.so" "$D/modules/input/"; then
	fail driver-present "no $BUILD/xf86-input-synaptics/.libs/synaptics_drv.so"
	exit 1
fi
evemu-device "$REC/SynPS2-Synaptics-TouchPad-Clickpad.desc" > "$D/evemu.out" 2>&1 &
EVPID=$!
DEV=
for _ in $(seq 100); do
	DEV=$(awk -F': ' '/\/dev\/input\/event/ { print $2 }' "$D/evemu.out")
	[ -n "$DEV" ] && break
	sleep 0.2
done
[ -n "$DEV" ] || { fail uinput-device "evemu-device: $(cat "$D/evemu.out")"; exit 1; }

cat > "$D/xorg.conf" <<EOC
Section "ServerFlags"
	Option "AutoAddDevices" "false"
	Option "AutoAddGPU" "false"
EndSection
Section "Device"
	Identifier "dummy"
	Driver "dummy"
	VideoRam 32768
EndSection
Section "Screen"
	Identifier "screen"
	Device "dummy"
	DefaultDepth 24
	SubSection "Display"
		Depth 24
		Modes "1024x768"
	EndSubSection
EndSection
Section "InputDevice"
	Identifier "touchpad"
	Driver "synaptics"
	Option "Device" "$DEV"
	Option "SoftButtonAreas" "50% 0 82% 0 0 0 0 0"
	Option "TapButton1" "bogus"
	Option "MaxTapTime" "-5"
EndSection
Section "ServerLayout"
	Identifier "layout"
	Screen "screen"
	InputDevice "touchpad" "CorePointer"
EndSection
EOC
/usr/lib/xorg/Xorg :7 -config "$D/xorg.conf" -modulepath "$D/modules,/usr/lib/xorg/modules" \
	-logfile "$D/Xorg.log" -nolisten tcp -noreset -extension GLX -novtswitch -sharevts vt7 \
	> "$D/Xorg.stderr" 2>&1 &
XPID=$!
export DISPLAY=:7
for _ in $(seq 300); do
	xdpyinfo > /dev/null 2>&1 && break
	sleep 0.2
done
stop_x() {
	kill "$XPID" 2> /dev/null
	for _ in 1 2 3; do kill -0 "$XPID" 2> /dev/null || break; sleep 1; done
	kill -9 "$XPID" 2> /dev/null
}
stop() {
	stop_x
	kill "$EVPID" 2> /dev/null
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

prop() { xinput list-props touchpad 2>&1 | sed -n "s/^[[:space:]]*$1 ([0-9]*):[[:space:]]*//p"; }
expect_prop() {	# name expected-value
	local v
	v=$(prop "$1")
	[ "$v" = "$2" ] && pass "value/$1" || fail "value/$1" "got '$v', want '$2'"
}

xinput list-props touchpad > "$D/props.txt" 2>&1
grep -q 'X Error' "$D/props.txt" && fail list-props-clean "$(grep -m1 'X Error' "$D/props.txt")" ||
	pass list-props-clean
# the 38 of 1.9 minus the 3 scroll-button ones and the unconfigured secondary
# soft buttons, plus our 3 (gestures enabled, gesture thresholds, button-area suppression)
n=$(grep -c 'Synaptics ' "$D/props.txt")
[ "$n" = 37 ] && pass "property-count" || fail property-count "$n Synaptics properties, want 37"
expect_prop "Synaptics Soft Button Areas" "3472, 0, 3901, 0, 0, 0, 0, 0"
expect_prop "Synaptics Tap Time" "180"
expect_prop "Synaptics Tap Action" "0, 0, 0, 0, 0, 0, 0"
expect_prop "Synaptics ClickPad" "1"
expect_prop "Device Accel Profile" "1"
expect_prop "Device Node" "\"$DEV\""

# write NAME RESULT ARGS...: RESULT is ok, BadValue, BadMatch or BadAccess
write() {
	local name=$1 want=$2 out got
	shift 2
	out=$(xinput set-prop "$@" 2>&1)
	case $out in
	*BadValue*) got=BadValue ;;
	*BadMatch*) got=BadMatch ;;
	*BadAccess*) got=BadAccess ;;
	*"X Error"*) got=other ;;
	*) got=ok ;;
	esac
	[ "$got" = "$want" ] && pass "write/$name" || fail "write/$name" "xinput set-prop $*: $got, want $want ($out)"
}
write off-1 ok touchpad "Synaptics Off" 1
write off-3 BadValue touchpad "Synaptics Off" 3
write off-format32 BadMatch --type=int --format=32 touchpad "Synaptics Off" 1
write off-2-items BadMatch touchpad "Synaptics Off" 0 0
write edges-crossed BadValue touchpad "Synaptics Edges" 5000 2000 1500 4000
write edges ok touchpad "Synaptics Edges" 1800 5100 1600 4200
write scroll-distance-0 BadValue touchpad "Synaptics Scrolling Distance" 0 100
write scroll-distance-natural ok touchpad "Synaptics Scrolling Distance" -80 100
write resolution-ro BadValue touchpad "Synaptics Pad Resolution" 10 10
write capabilities-ro BadValue touchpad "Synaptics Capabilities" 1 1 1 1 1 1 1
write move-speed ok touchpad "Synaptics Move Speed" 1 1.5 0.05 0
write move-speed-int BadMatch --type=int --format=32 touchpad "Synaptics Move Speed" 1 1 1 0
write tap-action-partial ok touchpad "Synaptics Tap Action" 0 0 0 0 1
write softbuttons-overlap BadValue touchpad "Synaptics Soft Button Areas" 3000 0 3900 0 2000 3500 3900 0
write product-id-ro BadAccess touchpad "Device Product ID" 1 2
expect_prop "Synaptics Off" "1"
expect_prop "Synaptics Edges" "1800, 5100, 1600, 4200"
expect_prop "Synaptics Scrolling Distance" "-80, 100"
expect_prop "Synaptics Soft Button Areas" "3472, 0, 3901, 0, 0, 0, 0, 0"
write clickpad-off ok touchpad "Synaptics ClickPad" 0
if xinput list-props touchpad | grep -q 'Synaptics Soft Button Areas'; then
	fail softbuttons-follow-clickpad "still there with ClickPad 0"
else
	pass softbuttons-follow-clickpad
fi
write clickpad-on ok touchpad "Synaptics ClickPad" 1
xinput list-props touchpad | grep -q 'Synaptics Soft Button Areas' &&
	pass softbuttons-back || fail softbuttons-back "not re-created with ClickPad 1"

stop_x
# expected noise: no dbus, no kbd/libinput modules for the core keyboard
grep -E '^\[ *[0-9.]+\] \(EE\)' "$D/Xorg.log" | grep -v -e dbus -e kbd -e libinput \
	-e 'touchpad: option' -e 'touchpad: reverting' > "$D/errors.txt"
[ -s "$D/errors.txt" ] && fail log-no-other-errors "$(head -3 "$D/errors.txt")" || pass log-no-other-errors

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
sed -e 's/"AutoAddDevices" "false"/"AutoAddDevices" "true"/' -e '/Section "InputDevice"/,/^EndSection/d' \
	-e '/InputDevice "touchpad"/d' "$D/xorg.conf" > "$D/xorg-hotplug.conf"
/usr/lib/xorg/Xorg :8 -config "$D/xorg-hotplug.conf" -modulepath "$D/modules,/usr/lib/xorg/modules" \
	-logfile "$D/Xorg-hotplug.log" -nolisten tcp -noreset -extension GLX -novtswitch -sharevts vt7 \
	> "$D/Xorg-hotplug.stderr" 2>&1 &
XPID=$!
export DISPLAY=:8
for _ in $(seq 300); do
	xdpyinfo > /dev/null 2>&1 && break
	sleep 0.2
done
NAME="SynPS/2 Synaptics TouchPad"
sleep 2
if xinput list --name-only 2> /dev/null | grep -qx "$NAME"; then
	pass hotplug-device
	grep -q "Applying InputClass \"synaptics-mt touchpad\"" "$D/Xorg-hotplug.log" &&
		grep -q "Using input driver 'synaptics' for '$NAME'" "$D/Xorg-hotplug.log" &&
		pass hotplug-inputclass-driver ||
		fail hotplug-inputclass-driver "$(grep -i -e inputclass -e 'input driver' "$D/Xorg-hotplug.log" | head -5)"
	v=$(xinput list-props "$NAME" | sed -n 's/^[[:space:]]*Synaptics Soft Button Areas ([0-9]*):[[:space:]]*//p')
	[ "$v" = "3472, 0, 3901, 0, 0, 0, 0, 0" ] && pass hotplug-softbuttons ||
		fail hotplug-softbuttons "Soft Button Areas '$v'"
	v=$(xinput list-props "$NAME" | sed -n 's/^[[:space:]]*Synaptics Grab Event Device ([0-9]*):[[:space:]]*//p')
	[ "$v" = 0 ] && pass hotplug-no-grab || fail hotplug-no-grab "Grab Event Device '$v'"
else
	fail hotplug-device "$(xinput list --name-only 2>&1 | tr '\n' ' '); udev: $(grep -e ID_INPUT_TOUCHPAD -e rror "$D/udev.log" | tr '\n' ' ')"
fi
stop
[ "$NFAIL" = 0 ]
