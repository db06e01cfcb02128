#!/bin/sh
# Two-finger scrolling on both pads: down gives vert > 0 (button 5 side),
# up gives vert < 0; VertTwoFingerScroll=0 gives no scrolling; no buttons.
. "${srcdir:-.}/test/replay/replay-lib.sh"

for pad in "$ST.desc $ST-two-finger-scroll" "$CP.desc $CP.two-finger-scroll"; do
	set -- $pad
	desc=$1 ev=$2
	# coasting after lift-off would add scrolling: keep the totals to the fingers
	replay --set CoastingSpeed=0 "$desc" "$ev-down.events"
	check "$(basename "$ev") down: scrolls down 8-14 clicks" 'v >= 8 && v <= 14' "$(summary scroll-vert)"
	check "$(basename "$ev") down: no button" 'v == ""' "$(summary buttons-pressed)"
	check "$(basename "$ev") down: pointer still" 'v == 0' "$(summary motion-events)"

	replay --set CoastingSpeed=0 "$desc" "$ev-up.events"
	check "$(basename "$ev") up: scrolls up 5-20 clicks" 'v <= -5 && v >= -20' "$(summary scroll-vert)"
	check "$(basename "$ev") up: no button" 'v == ""' "$(summary buttons-pressed)"

	replay --set VertTwoFingerScroll=0 --set HorizTwoFingerScroll=0 "$desc" "$ev-down.events"
	check "$(basename "$ev") down, two-finger scroll off: no scroll" 'v == 0' "$(summary scroll-events)"
done
finish
