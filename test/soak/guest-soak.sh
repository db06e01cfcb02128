#!/bin/bash
# guest-soak.sh - the soak suite, inside the QEMU guest (test/soak/run-tests
# starts it).  One Xorg (dummy video) with the driver built with
# --enable-debug's assertions (a broken threading rule aborts the server),
# five uinput clickpads (test/soak/soakpad) configured statically, so only
# the driver can release what a removed pad held:
#
#  cycles    SOAK_CYCLES (500) "Device Enabled" 0/1 cycles of pad A while it
#            plays 1 kHz of frames; the pad is enabled and moves the pointer
#            afterwards.
#  storm     SOAK_STORM (20000) frames written to pad A in batches far
#            faster than the server reads (SYN_DROPPED in the Xorg log,
#            counted); then the pad rests with one finger and the button
#            down: "Synaptics Hardware State" (the driver's view) equals the
#            kernel's state of the node, X shows button 1 down, and up
#            again after the lift.
#  removal   pads R1-R4 destroyed in the middle of a pinch, a swipe, a held
#            clickpad button and a tap-drag: every gesture that began ended,
#            every button pressed was released, the core pointer has no
#            button down, the server runs.
#  props     SOAK_PROPS (10000) random property writes (test/soak/soakx) to
#            pad A while it plays 1 kHz of frames: each invalid one refused
#            with its error and nothing changed; Xorg's RSS after within
#            2 MiB of before.
#  log       no BUG, backtrace or caught signal in the Xorg log; the server
#            exits 0 on SIGTERM.
# Prints PASS:/FAIL: lines with the figures; exits 1 if anything failed.
set -u
if [ "${SYNMT_GUEST:-}" != 1 ]; then
	echo "SKIP: soak (run it with test/soak/run-tests)"
	exit 77
fi
TOP=${SYNMT_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILD=${SYNMT_BUILD:-$TOP/build}/x
D=${SYNMT_BUILD:-$TOP/build}/soak
N_CYCLES=${SOAK_CYCLES:-500}
N_PROPS=${SOAK_PROPS:-10000}
N_STORM=${SOAK_STORM:-20000}
RSS_LIMIT_KB=2048
SOAKPAD=$BUILD/test/soak/soakpad
SOAKX=$BUILD/test/soak/soakx
XIPROP=$BUILD/test/xorg/xiprop
XEVLOG=$BUILD/test/xorg/xevlog
NFAIL=0
pass() { echo "PASS: soak/$1${2:+ ($2)}"; }
fail() { echo "FAIL: soak/$1"; [ -z "${2:-}" ] || echo "#   $2"; NFAIL=$((NFAIL + 1)); }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# FIFOs cannot live on the 9p share of the build dir: the guest's own /tmp
FIFOS=$(mktemp -d /tmp/soak-fifos.XXXXXX)
rm -rf "$D"
mkdir -p "$D/modules/input"
cp "$BUILD/test/soak/.libs/synaptics_drv.so" "$D/modules/input/" ||
	{ fail setup "no debug module $BUILD/test/soak/.libs/synaptics_drv.so"; exit 1; }

# ---- the pads: soakpad NAME reads commands from a FIFO, answers "ok CMD" ----
declare -A PADPID PADFD PADNODE
start_pad() {   # name
	local n=$1 fd
	mkfifo "$FIFOS/$n.in"
	"$SOAKPAD" "soak-$n" < "$FIFOS/$n.in" > "$D/$n.out" 2> "$D/$n.err" &
	PADPID[$n]=$!
	exec {fd}> "$FIFOS/$n.in"
	PADFD[$n]=$fd
	for _ in $(seq 100); do
		PADNODE[$n]=$(sed -n 's/^node //p' "$D/$n.out")
		[ -n "${PADNODE[$n]}" ] && return 0
		sleep 0.1
	done
	fail "setup-pad-$n" "$(cat "$D/$n.err")"
	return 1
}
# pad NAME CMD: send a command; pad_wait NAME CMD: wait for its "ok" (120 s at most)
pad() { echo "$2" >&"${PADFD[$1]}"; }
oks() { grep -c "^ok $2" "$D/$1.out"; }
pad_do() {   # name cmd: send and wait
	local before
	before=$(oks "$1" "${2%% *}")
	pad "$1" "$2"
	pad_wait "$1" "${2%% *}" "$before"
}
pad_wait() {   # name cmd-word count-before
	for _ in $(seq 1200); do
		[ "$(oks "$1" "$2")" -gt "$3" ] && return 0
		kill -0 "${PADPID[$1]}" 2> /dev/null || return 1
		sleep 0.1
	done
	return 1
}
remove_pad() {   # name: the device is destroyed at once, whatever it holds
	pad "$1" quit
	for _ in $(seq 100); do
		grep -q '^gone' "$D/$1.out" && return 0
		sleep 0.1
	done
	return 1
}

for p in A R1 R2 R3 R4; do
	start_pad "$p" || exit 1
done

{
	cat <<-EOC
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
	EOC
	for p in A R1 R2 R3 R4; do
		printf 'Section "InputDevice"\n    Identifier "soak-%s"\n    Driver "synaptics"\n' "$p"
		printf '    Option "Device" "%s"\n    Option "TapButton1" "1"\nEndSection\n' "${PADNODE[$p]}"
	done
	printf 'Section "ServerLayout"\n    Identifier "layout"\n    Screen "screen"\n'
	printf '    InputDevice "soak-A" "CorePointer"\n'
	for p in R1 R2 R3 R4; do
		printf '    InputDevice "soak-%s" "SendCoreEvents"\n' "$p"
	done
	printf 'EndSection\n'
} > "$D/xorg.conf"

/usr/lib/xorg/Xorg :9 -config "$D/xorg.conf" -modulepath "$D/modules,/usr/lib/xorg/modules" \
	-logfile "$D/Xorg.log" -nolisten tcp -noreset -extension GLX -novtswitch -sharevts vt7 \
	> "$D/Xorg.stderr" 2>&1 &
XPID=$!
export DISPLAY=:9
for _ in $(seq 300); do
	xdpyinfo > /dev/null 2>&1 && break
	kill -0 "$XPID" 2> /dev/null || break
	sleep 0.2
done
if ! xdpyinfo > /dev/null 2>&1; then
	fail server-start "$(tail -5 "$D/Xorg.log")"
	exit 1
fi
grep -q "Loading $D/modules/input/synaptics_drv.so" "$D/Xorg.log" && pass debug-module-loaded ||
	fail debug-module-loaded "$(grep synaptics_drv "$D/Xorg.log" | head -2)"
alive() { kill -0 "$XPID" 2> /dev/null && xdpyinfo > /dev/null 2>&1; }
rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$XPID/status"; }
# xevlog in the background while something happens
XEV_PID=
xev_start() { "$XEVLOG" > "$D/$1.xev" 2> "$D/$1.xev.err" & XEV_PID=$!
	for _ in $(seq 100); do grep -q '^# xevlog ready' "$D/$1.xev" && return 0; sleep 0.1; done; return 1; }
xev_stop() { kill -TERM "$XEV_PID" 2> /dev/null; wait "$XEV_PID" 2> /dev/null; }
# count FILE REGEX
count() { grep -cE "$2" "$1"; }

# ---- cycles ----
before=$(oks A circle)
pad A "circle 1000 600"
t0=$(now)
out=$("$SOAKX" cycles soak-A "$N_CYCLES")
rc=$?
kill -USR1 "${PADPID[A]}"
pad_wait A circle "$before"
frames=$(sed -n 's/^frames \([0-9]*\) seconds \(.*\)/\1 frames in \2 s/p' "$D/A.out" | tail -n1)
if [ "$rc" = 0 ] && alive; then
	pass cycles "$out; pad A played $frames meanwhile"
else
	fail cycles "$out (soakx rc $rc); server alive: $(alive && echo yes || echo no)"
fi
xev_start after-cycles
pad_do A "circle 200 1"
sleep 0.3
xev_stop
m=$(count "$D/after-cycles.xev" 'xi2 Motion dev="soak-A"')
[ "$m" -gt 20 ] && pass moves-after-cycles "$m motion events from a 1 s circle" ||
	fail moves-after-cycles "$m motion events from soak-A after the cycles"

# ---- SYN_DROPPED storm ----
dropped0=$(count "$D/Xorg.log" 'events lost \(SYN_DROPPED\)')
t0=$(now)
pad_do A "storm $N_STORM"
sleep 1
dropped=$(( $(count "$D/Xorg.log" 'events lost \(SYN_DROPPED\)') - dropped0 ))
printf 'set|lease|soak-A|Synaptics Monitor|int|32|20000\ndump|hw|soak-A\n' | "$XIPROP" > "$D/storm-hw.out" 2>&1
sleep 0.3
printf 'dump|hw|soak-A\n' | "$XIPROP" > "$D/storm-hw.out" 2>&1
hw=$(sed -n 's/^hw|soak-A|Synaptics Hardware State|//p' "$D/storm-hw.out" | tr -d ' ')
pad_do A state
kernel=$(sed -n 's/^state //p' "$D/A.out" | tail -n1)
# Hardware State: time, x, y, z, fingers, width, buttons, contacts
drv=$(echo "$hw" | awk -F, '{ print $2, $3, $4, $5, $7, $8 }')
[ "$dropped" -ge 1 ] && pass storm-overflowed "$N_STORM frames in $(since "$t0") s, $dropped SYN_DROPPED in the Xorg log" ||
	fail storm-overflowed "no SYN_DROPPED after $N_STORM frames: the storm did not outrun the server"
[ -n "$kernel" ] && [ "$drv" = "$kernel" ] &&
	pass storm-state-matches "driver and kernel: x y z fingers buttons contacts = $kernel" ||
	fail storm-state-matches "driver '$drv' (Hardware State '$hw'), kernel '$kernel'"
xinput query-state soak-A > "$D/storm-buttons.txt" 2>&1
grep -q 'button\[1\]=down' "$D/storm-buttons.txt" && pass storm-button-held "X shows button 1 down, as the pad" ||
	fail storm-button-held "$(grep 'button\[' "$D/storm-buttons.txt" | tr '\n' ' ')"
pad_do A lift
sleep 0.5
xinput query-state soak-A > "$D/storm-buttons2.txt" 2>&1
! grep -q '=down' "$D/storm-buttons2.txt" && pass storm-button-released "no button down after the lift" ||
	fail storm-button-released "$(grep '=down' "$D/storm-buttons2.txt" | tr '\n' ' ')"

# ---- removal in the middle of a gesture, a held button, a tap-drag ----
xev_start removal
declare -A WHAT=([R1]=pinch [R2]=swipe [R3]=press [R4]=tapdrag)
for p in R1 R2 R3 R4; do
	pad_do "$p" "${WHAT[$p]}"
	sleep 0.3
	remove_pad "$p" || fail "removal-$p" "soakpad did not destroy the device"
	sleep 1
done
sleep 1
xev_stop
X=$D/removal.xev
judge_removal() {   # pad what-must-have-happened(regex) description
	local p=$1 need=$2 what=$3 dev="dev=\"soak-$1\"" b0 b1 pb pe sb se
	b0=$(count "$X" "xi2 ButtonPress $dev")
	b1=$(count "$X" "xi2 ButtonRelease $dev")
	pb=$(count "$X" "xi2 GesturePinchBegin $dev")
	pe=$(count "$X" "xi2 GesturePinchEnd $dev")
	sb=$(count "$X" "xi2 GestureSwipeBegin $dev")
	se=$(count "$X" "xi2 GestureSwipeEnd $dev")
	if [ "$(count "$X" "$need $dev")" -lt 1 ]; then
		fail "removal-$p-$what" "nothing to interrupt: no '$need' from soak-$p before the removal"
	elif [ "$b0" = "$b1" ] && [ "$pb" = "$pe" ] && [ "$sb" = "$se" ]; then
		pass "removal-$p-$what" "presses/releases $b0/$b1, pinch begin/end $pb/$pe, swipe begin/end $sb/$se"
	else
		fail "removal-$p-$what" "presses/releases $b0/$b1, pinch begin/end $pb/$pe, swipe begin/end $sb/$se"
	fi
}
judge_removal R1 'xi2 GesturePinchBegin' mid-pinch
judge_removal R2 'xi2 GestureSwipeBegin' mid-swipe
judge_removal R3 'xi2 ButtonPress' button-held
judge_removal R4 'xi2 ButtonPress' mid-tap-drag
xinput query-state "Virtual core pointer" > "$D/vcp.txt" 2>&1
if alive && ! grep -q '=down' "$D/vcp.txt"; then
	pass removal-server-alive "the server runs, the core pointer has no button down"
else
	fail removal-server-alive "alive: $(alive && echo yes || echo no); $(grep '=down' "$D/vcp.txt" | tr '\n' ' ')"
fi

# ---- random property writes while frames play ----
rss0=$(rss_kb)
before=$(oks A circle)
pad A "circle 1000 900"
out=$("$SOAKX" props soak-A "$N_PROPS" 12345)
rc=$?
kill -USR1 "${PADPID[A]}"
pad_wait A circle "$before"
frames=$(sed -n 's/^frames \([0-9]*\) seconds \(.*\)/\1 frames in \2 s/p' "$D/A.out" | tail -n1)
rss1=$(rss_kb)
echo "$out" > "$D/props.out"
summary=$(grep '^props writes' <<< "$out")
if [ "$rc" = 0 ] && alive; then
	pass props "$summary; pad A played $frames meanwhile"
else
	fail props "$summary (soakx rc $rc) $(grep '^#' <<< "$out" | head -3 | tr '\n' ' ')"
fi
grep '^props kind' <<< "$out" | sed 's/^/#   /'
delta=$((rss1 - rss0))
[ "$delta" -le "$RSS_LIMIT_KB" ] && pass props-rss "Xorg RSS $rss0 kB before, $rss1 kB after ($delta kB)" ||
	fail props-rss "Xorg RSS $rss0 kB before, $rss1 kB after: +$delta kB > $RSS_LIMIT_KB kB"

# ---- the end: a clean stop, a clean log ----
pad A quit
kill -TERM "$XPID"
for _ in $(seq 100); do kill -0 "$XPID" 2> /dev/null || break; sleep 0.1; done
if kill -0 "$XPID" 2> /dev/null; then
	kill -KILL "$XPID"
	fail server-exit "Xorg did not stop on SIGTERM"
else
	wait "$XPID"
	rc=$?
	[ "$rc" = 0 ] && pass server-exit "exit status 0 on SIGTERM" || fail server-exit "exit status $rc"
fi
bad=$(grep -E 'BUG|[Bb]acktrace|Caught signal|Assertion|assert' "$D/Xorg.log" | head -3)
[ -z "$bad" ] && pass log-clean "no BUG, backtrace, caught signal or assertion in the Xorg log" ||
	fail log-clean "$bad"
[ "$NFAIL" = 0 ]
