#!/bin/sh
# A one-finger tap: with TapButton1=1 it clicks button 1 (down, then up);
# with the default for a pad that has BTN_LEFT (TapButton1=0) nothing.
. "${srcdir:-.}/test/replay/replay-lib.sh"

replay --set TapButton1=1 "$ST.desc" "$ST-tap.events"
check "button 1 clicked once" 'v == 1' "$(presses 1)"
check "only button 1" 'v == "1"' "$(summary buttons-pressed)"
check "released" 'v == ""' "$(summary buttons-held)"
has_line '^[0-9.]+ button 1 down' && has_line '^[0-9.]+ button 1 up' || fail "no down/up lines"

replay "$ST.desc" "$ST-tap.events"
check "tapping off by default on a pad with buttons" 'v == ""' "$(summary buttons-pressed)"

replay --set TapButton1=1 "$CP.desc" "$CP.tap.events"
check "clickpad tap: button 1 clicked once" 'v == 1' "$(presses 1)"
check "clickpad tap: only button 1" 'v == "1"' "$(summary buttons-pressed)"
check "clickpad tap: released" 'v == ""' "$(summary buttons-held)"
finish
