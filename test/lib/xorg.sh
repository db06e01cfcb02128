# shellcheck shell=bash
# test/lib/xorg.sh: one way for guest suites to write an xorg.conf and to
# start and stop Xorg (sourced by bash, inside the QEMU guest).
#
#   xorg_conf_base [hotplug]  the server flags (no hot-plugged devices unless
#                             "hotplug", no screen blanking), the dummy video
#                             driver, a monitor that takes any mode and the
#                             1024x768 screen
#   xorg_conf_input ID DEVICE [OPTION VALUE]...
#                             an InputDevice section for our "synaptics"
#                             driver (XORG_INPUT_DRIVER overrides it)
#   xorg_conf_layout [CORE [OTHER...]]
#                             the layout: CORE is the core pointer, the
#                             others send core events
#   xorg_start DISPLAY CONF LOG [XORG-ARG...]
#                             Xorg with CONF, its log LOG, its output
#                             LOG less .log plus .stderr; modules from
#                             XORG_MODULES (a directory) before the
#                             system's; XORG_WRAP (an array, e.g.
#                             (taskset -c 1)) goes before it; XORG_BIN
#                             replaces /usr/lib/xorg/Xorg (a wrapper).  Sets XORG_PID and DISPLAY;
#                             returns 0 once a client can connect
#                             (XORG_START_TIMEOUT s at most, default 60),
#                             1 if the server died or never answered.
#   xorg_alive                the server runs and answers
#   xorg_stop [SECONDS]       SIGTERM, SIGKILL after SECONDS (default 3);
#                             returns the server's exit status (137 when
#                             it had to be killed)

xorg_conf_base() {
	local add=false
	[ "${1:-}" != hotplug ] || add=true
	printf 'Section "ServerFlags"\n    Option "AutoAddDevices" "%s"\n' "$add"
	cat <<-'EOC'
	    Option "AutoAddGPU" "false"
	    Option "BlankTime" "0"
	EndSection
	Section "Device"
	    Identifier "dummy"
	    Driver "dummy"
	    VideoRam 32768
	EndSection
	Section "Monitor"
	    Identifier "monitor"
	    HorizSync 5.0 - 1000.0
	    VertRefresh 5.0 - 200.0
	EndSection
	Section "Screen"
	    Identifier "screen"
	    Device "dummy"
	    Monitor "monitor"
	    DefaultDepth 24
	    SubSection "Display"
	        Depth 24
	        Modes "1024x768"
	    EndSubSection
	EndSection
	EOC
}

xorg_conf_input() {
	local id=$1 dev=$2
	shift 2
	printf 'Section "InputDevice"\n    Identifier "%s"\n    Driver "%s"\n' "$id" "${XORG_INPUT_DRIVER:-synaptics}"
	printf '    Option "Device" "%s"\n' "$dev"
	while [ $# -ge 2 ]; do
		printf '    Option "%s" "%s"\n' "$1" "$2"
		shift 2
	done
	printf 'EndSection\n'
}

xorg_conf_layout() {
	local d
	printf 'Section "ServerLayout"\n    Identifier "layout"\n    Screen "screen"\n'
	[ $# -eq 0 ] || printf '    InputDevice "%s" "CorePointer"\n' "$1"
	[ $# -eq 0 ] || shift
	for d in "$@"; do
		printf '    InputDevice "%s" "SendCoreEvents"\n' "$d"
	done
	printf 'EndSection\n'
}

xorg_start() {
	local disp=$1 conf=$2 log=$3 i
	shift 3
	"${XORG_WRAP[@]}" "${XORG_BIN:-/usr/lib/xorg/Xorg}" "$disp" -config "$conf" \
		-modulepath "${XORG_MODULES:+$XORG_MODULES,}/usr/lib/xorg/modules" -logfile "$log" \
		-nolisten tcp -noreset -extension GLX -novtswitch -sharevts vt7 "$@" \
		> "${log%.log}.stderr" 2>&1 &
	XORG_PID=$!
	export DISPLAY=$disp
	for ((i = 0; i < ${XORG_START_TIMEOUT:-60} * 5; i++)); do
		xdpyinfo > /dev/null 2>&1 && return 0
		kill -0 "$XORG_PID" 2> /dev/null || return 1
		sleep 0.2
	done
	return 1
}

xorg_alive() {
	kill -0 "$XORG_PID" 2> /dev/null && xdpyinfo > /dev/null 2>&1
}

xorg_stop() {
	local i
	kill -TERM "$XORG_PID" 2> /dev/null
	for ((i = 0; i < ${1:-3} * 10; i++)); do
		kill -0 "$XORG_PID" 2> /dev/null || break
		sleep 0.1
	done
	kill -0 "$XORG_PID" 2> /dev/null && kill -KILL "$XORG_PID" 2> /dev/null
	wait "$XORG_PID" 2> /dev/null
}
