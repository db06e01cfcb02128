# shellcheck shell=bash
# test/lib/report.sh: how every suite reports its tests (sourced by bash).
#
# ./synmt check counts the lines "PASS: <suite>/<test>", "FAIL: ..." and
# "SKIP: ..."; details follow on "#   " lines.
#
#   REPORT_PREFIX=suite/         put before every name (may change between calls)
#   REPORT_QUIET=1               no details for passing tests
#   pass NAME [DETAIL...]
#   fail NAME [DETAIL...]        also counts the failure in NFAIL
#   skip NAME [WHY...]
#   check NAME STATUS [DETAIL...]  pass when STATUS is 0, fail otherwise
#   report_status                0 when nothing failed, 1 otherwise
NFAIL=${NFAIL:-0}
REPORT_PREFIX=${REPORT_PREFIX:-}
REPORT_QUIET=${REPORT_QUIET:-0}

report_details() {
	local d
	for d in "$@"; do
		[ -z "$d" ] || printf '#   %s\n' "$d"
	done
}

pass() {
	echo "PASS: $REPORT_PREFIX$1"
	shift
	[ "$REPORT_QUIET" = 1 ] || report_details "$@"
}

fail() {
	echo "FAIL: $REPORT_PREFIX$1"
	shift
	report_details "$@"
	NFAIL=$((NFAIL + 1))
}

skip() {
	echo "SKIP: $REPORT_PREFIX$1"
	shift
	report_details "$@"
}

check() {
	local name=$1 status=$2
	shift 2
	if [ "$status" = 0 ]; then pass "$name" "$@"; else fail "$name" "$@"; fi
}

report_status() {
	[ "$NFAIL" = 0 ]
}
