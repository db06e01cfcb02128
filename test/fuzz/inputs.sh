#!/bin/sh
# inputs.sh - make check: every fuzz harness (built with standalone.c, no
# libFuzzer) over its committed seeds and regression inputs.  A harness
# aborts on a broken promise and the sanitizer build stops on undefined
# behaviour, so either fails this test.
: "${srcdir:=$(dirname "$0")/../..}"
rc=0
for h in evdev live options props xprops replay synclient; do
	dirs="$srcdir/test/fuzz/corpus/$h"
	[ "$h" = live ] && dirs="$dirs $srcdir/test/fuzz/corpus/evdev"	# the same layout
	[ -d "$srcdir/test/fuzz/regress/$h" ] && dirs="$dirs $srcdir/test/fuzz/regress/$h"
	# shellcheck disable=SC2086
	if ./test/fuzz/fuzz-$h-files $dirs > "fuzz-inputs-$h.out" 2>&1; then
		echo "ok: $h: $(tail -n1 "fuzz-inputs-$h.out")"
	else
		echo "FAILED: $h"
		tail -n 30 "fuzz-inputs-$h.out"
		rc=1
	fi
	rm -f "fuzz-inputs-$h.out"
done
exit $rc
