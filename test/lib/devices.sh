# shellcheck shell=bash
# test/lib/devices.sh: uinput clones of recorded devices for guest suites
# (sourced by bash, inside the QEMU guest).
#
#   clone_device DESC OUT     evemu-device DESC in the background, its output
#                             in OUT; sets CLONE_PID and CLONE_NODE (the
#                             /dev/input/eventN, empty if none came within
#                             20 s); returns 1 without a node
clone_device() {
	local i
	CLONE_NODE=
	evemu-device "$1" > "$2" 2>&1 &
	CLONE_PID=$!
	for ((i = 0; i < 200; i++)); do
		CLONE_NODE=$(awk -F': ' '/\/dev\/input\/event/ { print $2 }' "$2")
		[ -z "$CLONE_NODE" ] || return 0
		kill -0 "$CLONE_PID" 2> /dev/null || return 1
		sleep 0.1
	done
	return 1
}
