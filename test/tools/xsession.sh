# test/tools/xsession.sh - sourced by test/tools/guest-tests inside the QEMU
# guest: uinput touchpads from evemu .desc files and an Xorg (dummy video)
# with one synaptics InputDevice per touchpad, through test/lib/xorg.sh and
# test/lib/devices.sh (guest-tests sources them first).
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
	local desc n=0
	for desc in "$@"; do
		if ! clone_device "$desc" "$XS_OUT/evemu-$n.out"; then
			xs_log "evemu-device $desc failed: $(cat "$XS_OUT/evemu-$n.out")"
			return 1
		fi
		XS_EVEMU_PIDS+=("$CLONE_PID")
		XS_NODES+=("$CLONE_NODE")
		n=$((n + 1))
	done
}

xs_write_conf() {   # file options-file
	local conf=$1 opts=$2 i o
	{
		xorg_conf_base
		for i in "${!XS_NODES[@]}"; do
			o=()
			[ -z "$opts" ] ||
				mapfile -t o < <(awk -F'|' -v n="$i" '$1 == n { print $2; print $3 }' "$opts")
			xorg_conf_input "pad$i" "${XS_NODES[$i]}" "${o[@]}"
		done
		# shellcheck disable=SC2046
		xorg_conf_layout $(for i in "${!XS_NODES[@]}"; do echo "pad$i"; done)
	} > "$conf"
}

xs_start() {   # module-dir name [options-file]
	local mods=$1 name=$2 opts=${3:-} dir=$XS_OUT/$2
	mkdir -p "$dir"
	xs_write_conf "$dir/xorg.conf" "$opts"
	if ! XORG_MODULES=$mods xorg_start "$XS_DPY" "$dir/xorg.conf" "$dir/Xorg.log"; then
		xs_log "Xorg did not start (see $dir/Xorg.log)"
		XS_XORG_PID=
		return 1
	fi
	XS_XORG_PID=$XORG_PID
}

xs_stop() {
	[ -n "$XS_XORG_PID" ] || return 0
	XORG_PID=$XS_XORG_PID xorg_stop 5
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
