# replay-lib.sh - shared by the synreplay tests (sourced, POSIX sh).
#
# Each test plays one or more XIT recordings through synreplay (evdev
# backend + core, virtual clock) and checks what a user would see.
# Recordings: the XIT recordings committed in test/data/xit (MIT, see its
# README), or $SYNMT_XIT_RECORDINGS (a directory with the same files).
# Missing recordings or synreplay -> SKIP (exit 77).

: "${srcdir:=$(dirname "$0")/../..}"
REC=${SYNMT_XIT_RECORDINGS:-$srcdir/test/data/xit}
SYNREPLAY=${SYNREPLAY:-./xf86-input-synaptics/tools/synreplay}
ST=$REC/SynPS2-Synaptics-TouchPad	# single-touch pad, two buttons
CP=$REC/SynPS2-Synaptics-TouchPad-Clickpad	# MT-B clickpad

if [ ! -d "$REC" ]; then
	echo "SKIP: XIT recordings not found in $REC (test/data/xit, or set SYNMT_XIT_RECORDINGS)"
	exit 77
fi
if [ ! -x "$SYNREPLAY" ]; then
	echo "SKIP: $SYNREPLAY not built"
	exit 77
fi

OUT=${TMPDIR:-/tmp}/synreplay-test.$$
trap 'rm -f "$OUT"' EXIT
failures=0

# replay [synreplay args...]: run it, keep the output in $OUT, show it in the log.
replay() {
	echo "+ synreplay $*"
	if ! "$SYNREPLAY" --summary "$@" > "$OUT"; then
		echo "synreplay failed"
		exit 1
	fi
	grep -c . "$OUT" | sed 's/^/  output lines: /'
	grep '^summary' "$OUT" | sed 's/^/  /'
}

# summary KEY: the value of "summary KEY ..." (rest of the line).
summary() {
	sed -n "s/^summary $1 *//p" "$OUT"
}

fail() {
	echo "FAILED: $*"
	failures=$((failures + 1))
}

# check DESCRIPTION AWK-CONDITION VALUE: e.g. check "dx > 50" 'v > 50' "$(summary motion-dx)"
check() {
	if awk -v v="$3" "BEGIN { exit !($2) }"; then
		echo "ok: $1 ($3)"
	else
		fail "$1 (got '$3')"
	fi
}

# presses N: how often button N went down.
presses() {
	n=$(summary "button-$1-presses")
	echo "${n:-0}"
}

# has_line REGEX: some action line matches.
has_line() {
	grep -Eq "$1" "$OUT"
}

finish() {
	if [ "$failures" -ne 0 ]; then
		echo "--- synreplay output ---"
		head -n 200 "$OUT"
		exit 1
	fi
	exit 0
}
