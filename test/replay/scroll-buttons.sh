#!/bin/sh
# The pad with scroll buttons (BTN_0 up, BTN_1 down, description and events
# in one file): BTN_0 gives button 4, BTN_1 button 5, BTN_LEFT 1, BTN_RIGHT 3.
. "${srcdir:-.}/test/replay/replay-lib.sh"

F=$REC/SynPS2-Synaptics-TouchPad-ScrollButtons.events

replay --set UpDownScrollRepeat=0 "$F"
check "BTN_0 x5 -> button 4 x5" 'v == 5' "$(presses 4)"
check "BTN_1 x2 -> button 5 x2" 'v == 2' "$(presses 5)"
check "BTN_LEFT x5 -> button 1 x5" 'v == 5' "$(presses 1)"
check "BTN_RIGHT x1 -> button 3 x1" 'v == 1' "$(presses 3)"
check "nothing held at the end" 'v == ""' "$(summary buttons-held)"
first=$(sed -n 's/^[0-9.]* button \([0-9]*\) down$/\1/p' "$OUT" | head -n 1)
check "the first press (BTN_0) is button 4 (up)" 'v == 4' "$first"

replay "$F"
check "with repeat on: at least as many button 4" 'v >= 5' "$(presses 4)"
finish
