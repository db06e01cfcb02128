#!/bin/sh
# One finger moving right on the single-touch pad: the pointer goes right,
# no button, no scroll.
. "${srcdir:-.}/test/replay/replay-lib.sh"

replay "$ST.desc" "$ST-move.events"
check "pointer moved" 'v > 20' "$(summary motion-events)"
check "pointer went right" 'v > 50' "$(summary motion-dx)"
dx=$(summary motion-dx)
check "mostly horizontal" "v < $dx / 4 && v > -$dx / 4" "$(summary motion-dy)"
check "no button" 'v == ""' "$(summary buttons-pressed)"
check "no scroll" 'v == 0' "$(summary scroll-events)"
finish
