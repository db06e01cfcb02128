# test/tools/xsession.sh - sourced by test/tools/guest-tests inside the QEMU
# guest: uinput touchpads from evemu .desc files and an Xorg (dummy video)
# with one synaptics InputDevice per touchpad.  The recipe is the one in
# the project notes (qemu-x-harness B); test/xorg/guest-batch is a batch
# runner for replays, which does not fit interactive tests, so this is a
# small launcher of our own.
#
#   xs_devices DESC...          create the uinput devices (XS_NODES gets their nodes)
#   xs_start MODULE_DIR NAME [OPTIONS_FILE]
#                               start Xorg on :1 with the synaptics driver from
#                               MODULE_DIR (holding input/synaptics_drv.so);
#                               OPTIONS_FILE lines "N|Option|Value" add an
#                               option to touchpad N (0-based)
#   xs_stop                     stop Xorg
#   xs_cleanup                  stop Xorg and the uinput devices
#
# Needs XS_OUT (a directory for logs).

XS_XORG=/usr/lib/xorg/Xorg
XS_SYSTEM_MODULES=/usr/lib/xorg/modules
XS_DPY=:1
XS_NODES=()
XS_EVEMU_PIDS=()
XS_XORG_PID=

xs_log() { printf 'xsession: %s\n' "$*" >&2; }

# Wait up to $2 seconds (in 0.1 s steps) for "$1" (eval'd) to succeed.
xs_wait() {
	local i
	for ((i = 0; i < $2 * 10; i++)); do
		eval "$1" && return 0
		sleep 0.1
	done
	return 1
}

xs_devices() {
	local desc n=0 out
	for desc in "$@"; do
		out=$XS_OUT/evemu-$n.out
		: > "$out"
		evemu-device "$desc" > "$out" 2>&1 &
		XS_EVEMU_PIDS+=($!)
		if ! xs_wait "grep -q /dev/input/event '$out'" 15; then
			xs_log "evemu-device $desc failed: $(cat "$out")"
			return 1
		fi
		XS_NODES+=("$(grep -o '/dev/input/event[0-9]*' "$out" | head -n1)")
		n=$((n + 1))
	done
}

xs_write_conf() {   # file options-file
	local conf=$1 opts=$2 i
	{
		cat <<-EOF
		Section "ServerFlags"
		    Option "AutoAddDevices" "false"
		    Option "AutoAddGPU" "false"
		    Option "BlankTime" "0"
		EndSection
		Section "Device"
		    Identifier "dummy"
		    Driver     "dummy"
		    VideoRam   32768
		EndSection
		Section "Monitor"
		    Identifier  "mon"
		    HorizSync   5.0 - 1000.0
		    VertRefresh 5.0 - 200.0
		EndSection
		Section "Screen"
		    Identifier "screen"
		    Device     "dummy"
		    Monitor    "mon"
		    DefaultDepth 24
		    SubSection "Display"
		        Depth 24
		        Modes "1024x768"
		    EndSubSection
		EndSection
		EOF
		for i in "${!XS_NODES[@]}"; do
			echo "Section \"InputDevice\""
			echo "    Identifier \"pad$i\""
			echo "    Driver \"synaptics\""
			echo "    Option \"Device\" \"${XS_NODES[$i]}\""
			if [ -n "$opts" ]; then
				awk -F'|' -v n="$i" '$1 == n { printf "    Option \"%s\" \"%s\"\n", $2, $3 }' "$opts"
			fi
			echo "EndSection"
		done
		echo "Section \"ServerLayout\""
		echo "    Identifier \"layout\""
		echo "    Screen \"screen\""
		for i in "${!XS_NODES[@]}"; do
			if [ "$i" = 0 ]; then
				echo "    InputDevice \"pad$i\" \"CorePointer\""
			else
				echo "    InputDevice \"pad$i\" \"SendCoreEvents\""
			fi
		done
		echo "EndSection"
	} > "$conf"
}

xs_start() {   # module-dir name [options-file]
	local mods=$1 name=$2 opts=${3:-} dir=$XS_OUT/$2
	mkdir -p "$dir"
	xs_write_conf "$dir/xorg.conf" "$opts"
	"$XS_XORG" "$XS_DPY" -config "$dir/xorg.conf" -modulepath "$mods,$XS_SYSTEM_MODULES" \
		-logfile "$dir/Xorg.log" -nolisten tcp -noreset -extension GLX \
		-novtswitch -sharevts vt7 > "$dir/Xorg.stderr" 2>&1 &
	XS_XORG_PID=$!
	export DISPLAY=$XS_DPY
	if ! xs_wait "! kill -0 $XS_XORG_PID 2>/dev/null || xinput list >/dev/null 2>&1" 60 ||
		! kill -0 "$XS_XORG_PID" 2>/dev/null; then
		xs_log "Xorg did not start (see $dir/Xorg.log)"
		XS_XORG_PID=
		return 1
	fi
}

xs_stop() {
	local i
	[ -n "$XS_XORG_PID" ] || return 0
	kill -TERM "$XS_XORG_PID" 2>/dev/null
	for ((i = 0; i < 50; i++)); do
		kill -0 "$XS_XORG_PID" 2>/dev/null || break
		sleep 0.1
	done
	kill -KILL "$XS_XORG_PID" 2>/dev/null
	wait "$XS_XORG_PID" 2>/dev/null
	XS_XORG_PID=
}

xs_cleanup() {
	local p
	xs_stop
	for p in "${XS_EVEMU_PIDS[@]}"; do
		kill -TERM "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	XS_EVEMU_PIDS=()
	XS_NODES=()
}
