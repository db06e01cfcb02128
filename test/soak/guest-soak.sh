#!/bin/bash
# guest-soak.sh - the soak suite, inside the QEMU guest (test/soak/run-tests
# starts it).  One Xorg (dummy video) with the driver built with the debug
# build's assertions (a broken threading rule aborts the server), ASan and
# UBSan (the server runs with libasan preloaded; every report is a
# failure), uinput clickpads (test/soak/soakpad) and a T440 with a top
# button row, all configured statically, so only the driver can release
# what a removed pad held:
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
#  dragstorm a click-drag on pad A while frames come far faster than the
#            server reads: SYN_DROPPED, and button 1 stays down (no release
#            and press again) while the drag moves on at a pad's pace after
#            it, up after the lift.
#  flood     pad A floods for 6 s; meanwhile pad R3 is pressed: its press
#            is read before A's flood ends (the input thread is not held by
#            one device), and A moves the pointer again after its flood.
#  secondary "Secondary Soft Button Areas" of the T440 written all zero (a
#            settings panel turning the top buttons off): the server lives,
#            the property stays.
#  clickpad-switch  ClickPad 0 on pad A, the pad pressed, ClickPad 1, the
#            pad released: button 1 is up again.
#  resolution  a pad with HorizResolution 1000000000: X's valuator has the
#            largest resolution it can hold, not an overflow.
#  changed   pad G destroyed and created again at the same node with a wider
#            x range; disable/enable: the driver says so and the edges follow.
#  highslots a 16-slot pad scrolls with two fingers in slots 14 and 15.
#  removal   pads R1-R4 destroyed in the middle of a pinch, a swipe, a held
#            clickpad button and a tap-drag: every gesture that began ended,
#            every button pressed was released, the core pointer has no
#            button down, the server runs.
#  props     the property fuzzer (test/soak/soakx props): every property of
#            pads A and T gets a write of every kind (wrong type, format,
#            count, bools out of range, NaN, read-only, unknown actions, all
#            zero, boundary values, random bits), then SOAK_PROPS (10000)
#            random writes to pad A while it plays 1 kHz of frames: each
#            invalid one refused with its error and nothing changed, the
#            server alive.
#  log       no BUG, backtrace or caught signal in the Xorg log; the server
#            exits 0 on SIGTERM; no ASan or UBSan report; LeakSanitizer at
#            the exit finds nothing the driver allocated and kept.
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
SOAKPAD=$BUILD/test/soak/soakpad
SOAKX=$BUILD/test/soak/soakx
XIPROP=$BUILD/test/xorg/xiprop
XEVLOG=$BUILD/test/xorg/xevlog
REPORT_PREFIX=soak/
. "$TOP/test/lib/report.sh"
. "$TOP/test/lib/xorg.sh"
. "$TOP/test/lib/devices.sh"
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# FIFOs cannot live on the 9p share of the build dir: the guest's own /tmp
FIFOS=$(mktemp -d /tmp/soak-fifos.XXXXXX)
rm -rf "$D"
mkdir -p "$D/modules/input"
MODULE=${SOAK_MODULE:-${SYNMT_BUILD:-$TOP/build}/x-san/test/soak/.libs/synaptics_drv.so}
cp "$MODULE" "$D/modules/input/" || { fail setup "no sanitized debug module $MODULE"; exit 1; }
ASAN_RUNTIME=$(ldd "$MODULE" | awk '/libasan/ { print $3 }')
[ -f "$ASAN_RUNTIME" ] || { fail setup "the module does not link libasan ($ASAN_RUNTIME)"; exit 1; }

# ---- the pads: soakpad NAME reads commands from a FIFO, answers "ok CMD" ----
# The pads write on the guest's CPU 0, the server runs on CPU 1: a pad that
# floods competes with the other pads, not with the server reading it.
declare -A PADPID PADFD PADNODE
start_pad() {   # name [slots [xmax]]
	local n=$1 fd
	shift
	rm -f "$FIFOS/$n.in"
	mkfifo "$FIFOS/$n.in"
	taskset -c 0 "$SOAKPAD" "soak-$n" "$@" < "$FIFOS/$n.in" > "$D/$n.out" 2> "$D/$n.err" &
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

for p in A R1 R2 R3 R4 H G; do
	start_pad "$p" || exit 1
done
start_pad M 16 || exit 1
# the T440 (top button row) of the XIT recordings, as a uinput device
clone_device "$TOP/test/data/xit/SynPS2-Synaptics-TouchPad-T440.desc" "$D/T.out"
T_PID=$CLONE_PID T_NODE=$CLONE_NODE
[ -n "$T_NODE" ] || { fail setup-pad-T "$(cat "$D/T.out")"; exit 1; }
PADS="A R1 R2 R3 R4 H G M T"
declare -A NODE_OF EXTRA
for p in A R1 R2 R3 R4 H G M; do NODE_OF[$p]=${PADNODE[$p]}; done
NODE_OF[T]=$T_NODE
EXTRA[H]='HorizResolution|1000000000'
EXTRA[T]='SoftButtonAreas|50% 0 82% 0 0 0 0 0|HasSecondarySoftButtons|on|SecondarySoftButtonAreas|58% 0 0 15% 42% 58% 0 15%'

{
	xorg_conf_base
	for p in $PADS; do
		IFS='|' read -r -a extra <<< "${EXTRA[$p]:-}"
		xorg_conf_input "soak-$p" "${NODE_OF[$p]}" TapButton1 1 "${extra[@]}"
	done
	# shellcheck disable=SC2046
	xorg_conf_layout $(for p in $PADS; do echo "soak-$p"; done)
} > "$D/xorg.conf"

# halt_on_error: a report ends the server (and shows); leaks: checked at its exit.
# The server's children (xkbcomp) inherit all this: exitcode=0 keeps their
# own leaks from failing them (the reports, in $D/asan.*, are what counts).
XORG_WRAP=(env "ASAN_OPTIONS=detect_leaks=1:exitcode=0:halt_on_error=1:quarantine_size_mb=64:log_path=$D/asan"
	"UBSAN_OPTIONS=print_stacktrace=1:log_path=$D/ubsan" "LD_PRELOAD=$ASAN_RUNTIME" taskset -c 1)
XORG_MODULES=$D/modules
# shellcheck disable=SC2086
if ! xorg_start :9 "$D/xorg.conf" "$D/Xorg.log" ${SOAK_XORG_ARGS:-}; then
	fail server-start "$(tail -5 "$D/Xorg.log"; grep -A3 -E 'runtime error|ERROR: AddressSanitizer' "$D/Xorg.stderr" | head -4)"
	exit 1
fi
XPID=$XORG_PID
grep -q "Loading $D/modules/input/synaptics_drv.so" "$D/Xorg.log" && grep -q libasan "/proc/$XPID/maps" &&
	pass sanitized-module-loaded "the debug module with ASan/UBSan, libasan in the server" ||
	fail sanitized-module-loaded "$(grep synaptics_drv "$D/Xorg.log" | head -2)"
rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$XPID/status"; }
# xevlog in the background while something happens
XEV_PID= XEV_NAME=
xev_start() { local n=$1; shift; XEV_NAME=$n; "$XEVLOG" "$@" > "$D/$n.xev" 2> "$D/$n.xev.err" & XEV_PID=$!
	for _ in $(seq 100); do grep -q '^# xevlog ready' "$D/$n.xev" && return 0; sleep 0.1; done; return 1; }
# xev_stop: once the server is done, i.e. the log has not grown for 0.5 s
# (at most 15 s more): a loaded guest's server may still be working
# through what the pads wrote when the pads are done.
xev_size() { stat -c %s "$D/$XEV_NAME.xev" 2> /dev/null || echo 0; }
xev_stop() {
	local size last
	last=$(xev_size)
	for _ in $(seq 30); do
		sleep 0.5
		size=$(xev_size)
		[ "$size" = "$last" ] && break
		last=$size
	done
	kill -TERM "$XEV_PID" 2> /dev/null
	wait "$XEV_PID" 2> /dev/null
}
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
if [ "$rc" = 0 ] && xorg_alive; then
	pass cycles "$out; pad A played $frames meanwhile"
else
	fail cycles "$out (soakx rc $rc); server alive: $(xorg_alive && echo yes || echo no)"
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
# which button: where the fingers were when the storm's last click began
xinput query-state soak-A > "$D/storm-buttons.txt" 2>&1
[ "$(grep -cE 'button\[[123]\]=down' "$D/storm-buttons.txt")" = 1 ] &&
	pass storm-button-held "X shows one button down, as the pad: $(grep -oE 'button\[[123]\]=down' "$D/storm-buttons.txt")" ||
	fail storm-button-held "$(grep 'button\[' "$D/storm-buttons.txt" | tr '\n' ' ')"
pad_do A lift
sleep 0.5
xinput query-state soak-A > "$D/storm-buttons2.txt" 2>&1
! grep -q '=down' "$D/storm-buttons2.txt" && pass storm-button-released "no button down after the lift" ||
	fail storm-button-released "$(grep '=down' "$D/storm-buttons2.txt" | tr '\n' ' ')"

# ---- SYN_DROPPED in the middle of a click-drag ----
dropped0=$(count "$D/Xorg.log" 'events lost \(SYN_DROPPED\)')
xev_start dragstorm
pad_do A "dragstorm $N_STORM"
sleep 1
xev_stop
dropped=$(( $(count "$D/Xorg.log" 'events lost \(SYN_DROPPED\)') - dropped0 ))
X=$D/dragstorm.xev
p=$(count "$X" 'xi2 ButtonPress dev="soak-A".* button=1 ')
r=$(count "$X" 'xi2 ButtonRelease dev="soak-A".* button=1 ')
m=$(count "$X" 'xi2 Motion dev="soak-A"')
# Every frame of the storm itself may be lost; the 20 paced frames after it
# must move the pointer with the button still held (the drag goes on).
if [ "$dropped" -ge 1 ] && [ "$p" = 1 ] && [ "$r" = 0 ] && [ "$m" -ge 10 ]; then
	pass dragstorm-button-held "$dropped SYN_DROPPED during a click-drag of $N_STORM frames: one press, no release, $m motion events"
else
	fail dragstorm-button-held "SYN_DROPPED $dropped, button 1 presses $p releases $r (want 1 and 0), motion $m (want >= 10: the 20 paced frames after the storm)"
fi
pad_do A lift
sleep 0.5
xinput query-state soak-A > "$D/dragstorm-after.txt" 2>&1
! grep -q '=down' "$D/dragstorm-after.txt" && pass dragstorm-released "button 1 up after the lift" ||
	fail dragstorm-released "$(grep '=down' "$D/dragstorm-after.txt" | tr '\n' ' ')"

# ---- a flooding pad does not hold the input thread ----
# Times are the X server's (the second field of xevlog's lines: milliseconds
# of CLOCK_MONOTONIC, taken when the driver posted the event), compared with
# the CLOCK_MONOTONIC microseconds soakpad prints.
xev_start flood
before=$(oks A flood)
pad A "flood 6"
sleep 1
pad_do R3 press
pad_wait A flood "$before"
sleep 0.5
xev_stop
X=$D/flood.xev
xms() { [ -n "$1" ] && echo $(( ($1 / 1000) % 4294967296 )); }
t_press=$(awk '/xi2 ButtonPress dev="soak-R3"/ { print $1; exit }' "$X")
flood_frames=$(sed -n 's/^frames \([0-9]*\) seconds 6.*/\1/p' "$D/A.out" | tail -n1)
t_end=$(xms "$(sed -n 's/^frames [0-9]* seconds 6.* end_us \([0-9]*\)$/\1/p' "$D/A.out" | tail -n1)")
t_paced=$(xms "$(sed -n 's/^paced_us \([0-9]*\)$/\1/p' "$D/A.out" | tail -n1)")
after=$(awk -v t="${t_paced:-0}" '/xi2 Motion dev="soak-A"/ && $1 >= t { n++ } END { print n + 0 }' "$X")
if [ -n "$t_press" ] && [ -n "$t_end" ] && [ "$t_press" -lt "$t_end" ] && [ "$after" -ge 10 ]; then
	pass flood-fair "pad R3's press posted $((t_end - t_press)) ms before pad A's flood ($flood_frames frames in 6 s) ended; A's 20 paced frames after it: $after motion events"
else
	fail flood-fair "R3's press posted at '${t_press:-never}' ms, A's flood ended at '${t_end:-?}' ms (want the press first); $after motion events from A's 20 paced frames after the flood (want >= 10)"
fi
pad_do R3 lift

# ---- a write never deletes its own property ----
xinput set-prop soak-T "Synaptics Secondary Soft Button Areas" 0 0 0 0 0 0 0 0 > "$D/secondary.out" 2>&1
rc=$?
sleep 0.3
v=$(xinput list-props soak-T 2> /dev/null | sed -n 's/^[[:space:]]*Synaptics Secondary Soft Button Areas ([0-9]*):[[:space:]]*//p')
if [ "$rc" = 0 ] && xorg_alive && [ "$v" = "0, 0, 0, 0, 0, 0, 0, 0" ]; then
	pass secondary-zero "the T440's top row written all zero: taken, the property stays, the server runs"
else
	fail secondary-zero "xinput rc $rc, server alive: $(xorg_alive && echo yes || echo no), property '$v'"
	exit 1
fi

# ---- ClickPad switched on under a held button ----
xinput set-prop soak-A "Synaptics ClickPad" 0
xev_start clickpad-switch
pad_do A press
xinput set-prop soak-A "Synaptics ClickPad" 1
pad_do A lift
sleep 0.5
xev_stop
X=$D/clickpad-switch.xev
p=$(count "$X" 'xi2 ButtonPress dev="soak-A".* button=1 ')
r=$(count "$X" 'xi2 ButtonRelease dev="soak-A".* button=1 ')
xinput query-state soak-A > "$D/clickpad-switch.txt" 2>&1
if [ "$p" = 1 ] && [ "$r" = 1 ] && ! grep -q '=down' "$D/clickpad-switch.txt"; then
	pass clickpad-switch "ClickPad 0 -> press -> ClickPad 1 -> release: button 1 pressed and released once"
else
	fail clickpad-switch "button 1 presses $p releases $r; $(grep '=down' "$D/clickpad-switch.txt" | tr '\n' ' ')"
fi

# ---- a resolution X cannot hold ----
res=$("$XEVLOG" --list 2>&1 | sed -n 's/^class dev="soak-H" valuator number=0 .*resolution=\([-0-9]*\).*/\1/p')
[ "$res" = 2147483647 ] && pass resolution-clamped "HorizResolution 1000000000: Rel X resolution $res units/m" ||
	fail resolution-clamped "Rel X resolution '$res' units/m, want 2147483647"

# ---- a node that comes back as another device ----
edges() { xinput list-props soak-G 2> /dev/null | sed -n 's/^[[:space:]]*Synaptics Edges ([0-9]*):[[:space:]]*//p'; }
e0=$(edges)
old_node=${PADNODE[G]}
remove_pad G || fail changed-setup "soakpad did not destroy pad G"
sleep 0.5
start_pad G 3 7472
xinput disable soak-G
xinput enable soak-G
sleep 0.5
e1=$(edges)
if [ "${PADNODE[G]}" != "$old_node" ]; then
	fail changed-geometry "the new pad got ${PADNODE[G]}, not $old_node: nothing to reopen"
elif grep -q 'soak-G.*changed since it was probed' "$D/Xorg.log" &&
	[ "$(cut -d, -f2 <<< "$e1")" -gt "$(( $(cut -d, -f2 <<< "$e0") + 1000 ))" ]; then
	pass changed-geometry "x range to 7472 behind the same node: the driver says so, edges '$e0' -> '$e1'"
else
	fail changed-geometry "edges '$e0' -> '$e1'; log: $(grep 'soak-G' "$D/Xorg.log" | tail -2 | tr '\n' ' ')"
fi

# ---- touches in slots 10 and above ----
xev_start highslots
pad_do M highslots
sleep 0.5
xev_stop
pad_do M lift
inc=$("$XEVLOG" --list 2>&1 | sed -n 's/^class dev="soak-M" scroll number=[0-9]* type=vertical increment=\([-0-9.]*\).*/\1/p')
v=$(awk -v inc="${inc:-0}" '/xi2 Motion dev="soak-M"/ && /scroll_v=/ { sub(/.*scroll_v=/, ""); s += $1 }
	END { printf "%.1f", inc ? s / inc : 0 }' "$D/highslots.xev")
awk -v v="$v" 'BEGIN { exit !(v >= 3) }' &&
	pass highslots "two fingers in slots 14 and 15 of a 16-slot pad scroll down $v clicks" ||
	fail highslots "scrolled $v clicks (increment '$inc'; want >= 3) with fingers in slots 14 and 15"

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
if xorg_alive && ! grep -q '=down' "$D/vcp.txt"; then
	pass removal-server-alive "the server runs, the core pointer has no button down"
else
	fail removal-server-alive "alive: $(xorg_alive && echo yes || echo no); $(grep '=down' "$D/vcp.txt" | tr '\n' ' ')"
fi

# ---- the property fuzzer, while frames play ----
# soakx props: a sweep (every property, every kind of write), then random
# writes.  The T440 gets the sweep; pad A the sweep and SOAK_PROPS random
# writes while it plays 1 kHz of frames.  Leaks: LeakSanitizer at the
# server's exit (below), which sees every allocation the driver did not
# free; the server's RSS is printed.
props_run() {   # tag device writes seed
	local out rc
	out=$("$SOAKX" props "soak-$2" "$3" "$4")
	rc=$?
	echo "$out" > "$D/props-$1.out"
	summary=$(grep '^props writes' <<< "$out")
	if [ "$rc" = 0 ] && xorg_alive; then
		pass "props-$1" "soak-$2: $summary; server alive"
	else
		fail "props-$1" "soak-$2: $summary (soakx rc $rc; server alive: $(xorg_alive && echo yes || echo no)) $(grep -e '^#' -e 'server gone' <<< "$out" | head -3 | tr '\n' ' ')"
	fi
	grep '^props kind' <<< "$out" | sed 's/^/#   /'
}
props_run T440-sweep T 0 777
rss0=$(rss_kb)
before=$(oks A circle)
pad A "circle 1000 1800"
props_run A A "$N_PROPS" 12345
kill -USR1 "${PADPID[A]}"
pad_wait A circle "$before"
frames=$(sed -n 's/^frames \([0-9]*\) seconds \(.*\)/\1 frames in \2 s/p' "$D/A.out" | tail -n1)
echo "#   pad A played $frames during the writes; Xorg RSS $rss0 kB before, $(rss_kb) kB after (ASan's allocator)"

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
# LeakSanitizer's report at the exit: the server's own leaks are many; the driver's are those
# with a frame of synaptics_drv.so (or, symbolized, of its sources) in their allocation stack
leaks=$(awk '/^(Direct|Indirect) leak/ { if (ours) n++; ours = 0 } /synaptics_drv\.so|xf86-input-synaptics\/src\// { ours = 1 }
	/^SUMMARY/ { if (ours) n++; ours = 0 } END { print n + 0 }' "$D"/asan.* 2> /dev/null)
all=$(cat "$D"/asan.* 2> /dev/null | grep -cE '^(Direct|Indirect) leak')
[ -n "$(ls "$D"/asan.* 2> /dev/null)" ] || leaks=unknown
[ "$leaks" = 0 ] && pass no-driver-leaks "LeakSanitizer at the server's exit: 0 leaks allocated by the driver ($all by the server itself)" ||
	fail no-driver-leaks "$leaks leaks allocated by the driver: $(grep -B8 -E 'synaptics_drv.so|xf86-input-synaptics/src/' "$D"/asan.* 2> /dev/null | grep -E 'leak of|#[0-9] ' | head -6 | tr '\n' ' ')"
# UBSan in a process with ASan may write to stderr instead of its log_path
reports=$(cat "$D"/asan.* "$D"/ubsan.* "$D/Xorg.stderr" 2> /dev/null | grep -cE 'ERROR: AddressSanitizer|runtime error')
[ "$reports" = 0 ] && pass sanitizers-clean "0 ASan/UBSan reports over the whole soak" ||
	fail sanitizers-clean "$reports reports: $(cat "$D"/asan.* "$D"/ubsan.* "$D/Xorg.stderr" 2> /dev/null | grep -E 'ERROR|runtime error|#[0-3] ' | head -4 | tr '\n' ' ')"
kill "$T_PID" 2> /dev/null
[ "$NFAIL" = 0 ]
