#!/bin/sh
# One finger moving right on the single-touch pad: the pointer goes right,
# no button, no scroll.
. "${srcdir:-.}/test/replay/replay-lib.sh"

replay "$ST.desc" "$ST-move.events"
# 28 frames move; ~840 device units right are ~200 px (what X clients get:
# test/xorg judges it against this; Debian's 1.9.2 moves 115-138 px)
check "pointer moved in every moving frame" 'v >= 26 && v <= 30' "$(summary motion-events)"
check "pointer went right by 180-220 px" 'v >= 180 && v <= 220' "$(summary motion-dx)"
dx=$(summary motion-dx)
check "horizontal: |dy| under a twentieth of dx" "v < $dx / 20 && v > -$dx / 20" "$(summary motion-dy)"
check "no button" 'v == ""' "$(summary buttons-pressed)"
check "no scroll" 'v == 0' "$(summary scroll-events)"
finish
