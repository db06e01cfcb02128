#!/bin/sh
# Tap, then touch again and move right: with TapButton1=1 this is a drag
# (button 1 held while the pointer moves) or a click followed by a move;
# either way the pointer goes right and button 1 ends up released.
. "${srcdir:-.}/test/replay/replay-lib.sh"

replay --set TapButton1=1 "$ST.desc" "$ST-tap-and-move.events"
check "button 1 pressed once" 'v == 1' "$(presses 1)"
check "only button 1" 'v == "1"' "$(summary buttons-pressed)"
check "pointer went right by 180-220 px" 'v >= 180 && v <= 220' "$(summary motion-dx)"
check "released at the end" 'v == ""' "$(summary buttons-held)"

# TapAndDragGesture (default on): the move happens with the button down.
drag=$(awk '/ button 1 down/ { down = 1 } / button 1 up/ { down = 0 }
	    / motion / && down { n++ } END { print n + 0 }' "$OUT")
check "every motion while button 1 is held (drag)" "v == $(summary motion-events)" "$drag"

replay --set TapButton1=1 --set TapAndDragGesture=0 "$ST.desc" "$ST-tap-and-move.events"
drag=$(awk '/ button 1 down/ { down = 1 } / button 1 up/ { down = 0 }
	    / motion / && down { n++ } END { print n + 0 }' "$OUT")
check "no drag with TapAndDragGesture=0" 'v == 0' "$drag"
check "still a click" 'v == 1' "$(presses 1)"
check "still moves right by 180-220 px" 'v >= 180 && v <= 220' "$(summary motion-dx)"
finish
