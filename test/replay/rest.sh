#!/bin/sh
# Fingers that land, rest and lift (recorded as two files each, the second
# continuing the first): longer than MaxTapTime, so no tap even with tapping
# on; no scrolling from jitter; nothing left pressed.
. "${srcdir:-.}/test/replay/replay-lib.sh"

replay --set TapButton1=1 --set TapButton2=3 "$CP.desc" "$CP.one-finger-down.events" "$CP.one-finger-up.events"
check "one finger resting: no tap" 'v == ""' "$(summary buttons-pressed)"
check "one finger resting: no scroll" 'v == 0' "$(summary scroll-events)"

replay --set TapButton1=1 --set TapButton2=3 "$CP.desc" "$CP.two-finger-down.events" "$CP.two-finger-up.events"
check "two fingers resting: no tap" 'v == ""' "$(summary buttons-pressed)"
check "two fingers resting: less than one scroll click" 'v > -1 && v < 1' "$(summary scroll-vert)"
check "two fingers resting: nothing held" 'v == ""' "$(summary buttons-held)"
finish
