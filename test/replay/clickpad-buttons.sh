#!/bin/sh
# Physical clicks on the clickpad (the whole pad is BTN_LEFT):
# bottom-left click -> button 1; bottom-right click -> button 3 with the
# usual SoftButtonAreas "50% 0 82% 0 0 0 0 0", button 1 without soft buttons.
. "${srcdir:-.}/test/replay/replay-lib.sh"

AREAS="SoftButtonAreas=50% 0 82% 0 0 0 0 0"

replay --set "$AREAS" "$CP.desc" "$CP.left-phys-click.events"
check "left click: button 1" 'v == 1' "$(presses 1)"
check "left click: nothing else" 'v == "1"' "$(summary buttons-pressed)"
check "left click: released" 'v == ""' "$(summary buttons-held)"

replay --set "$AREAS" "$CP.desc" "$CP.right-phys-click.events"
check "right click in the soft button: button 3" 'v == 1' "$(presses 3)"
check "right click: nothing else" 'v == "3"' "$(summary buttons-pressed)"
check "right click: released" 'v == ""' "$(summary buttons-held)"

replay "$CP.desc" "$CP.right-phys-click.events"
check "right click without soft buttons: button 1" 'v == "1"' "$(summary buttons-pressed)"
finish
