#!/bin/sh
# Option parsing shared with the X driver: percentages, malformed values.
. "${srcdir:-.}/test/replay/replay-lib.sh"

# 50% of x 1472..5472 = 3472, 82% of y 1408..4448 = 3900.8 -> 3900 (1.9
# truncates a percentage to whole device units)
"$SYNREPLAY" --props --quiet --set "SoftButtonAreas=50% 0 82% 0 0 0 0 0" "$CP.desc" > "$OUT" ||
	fail "synreplay --props failed"
line=$(grep '"Synaptics Soft Button Areas"' "$OUT")
echo "$line"
[ "$line" = 'prop "Synaptics Soft Button Areas": 3472 0 3900 0 0 0 0 0' ] || fail "soft button areas: '$line'"

# tap buttons land in "Synaptics Tap Action" items 4..6
"$SYNREPLAY" --props --quiet --set TapButton1=1 --set TapButton2=3 --set TapButton3=2 \
	"$ST.desc" > "$OUT" || fail "synreplay --props failed"
line=$(grep '"Synaptics Tap Action"' "$OUT")
echo "$line"
[ "$line" = 'prop "Synaptics Tap Action": 0 0 0 0 1 3 2' ] || fail "tap action: '$line'"
grep -q '"Synaptics Soft Button Areas"' "$OUT" && fail "soft button property on a pad that is no clickpad"

# T440 (top button pad, resolution 42/mm): the secondary (top) soft buttons
# exist once configured; 58% of x 1472..5112 = 3583.2 -> 3583, 42% = 3000.8 ->
# 3000, 15% of y 1408..3834 = 1771.9 -> 1771
T440=$REC/SynPS2-Synaptics-TouchPad-T440.desc
"$SYNREPLAY" --props --quiet "$T440" > "$OUT" || fail "synreplay --props failed"
grep -q '"Synaptics Pad Resolution": 42 42' "$OUT" || fail "T440 resolution: $(grep Resolution "$OUT")"
grep -q 'Secondary Soft Button' "$OUT" && fail "secondary soft buttons without configuration"
"$SYNREPLAY" --props --quiet --set "SecondarySoftButtonAreas=58% 0 0 15% 42% 58% 0 15%" "$T440" > "$OUT" ||
	fail "synreplay --props failed"
line=$(grep '"Synaptics Secondary Soft Button Areas"' "$OUT")
echo "$line"
[ "$line" = 'prop "Synaptics Secondary Soft Button Areas": 3583 0 0 1771 3000 3583 0 1771' ] ||
	fail "secondary soft button areas: '$line'"

# malformed values are refused with a message naming the option
for bad in "TapButton1=one" "VertTwoFingerScroll=maybe" "SoftButtonAreas=1 2 3" "MaxTapTime=5%"; do
	if "$SYNREPLAY" --quiet --set "$bad" "$ST.desc" "$ST-tap.events" > "$OUT" 2>&1; then
		fail "'$bad' accepted"
	elif ! grep -q "option \"${bad%%=*}\"" "$OUT"; then
		fail "'$bad': no message naming the option: $(cat "$OUT")"
	else
		echo "ok: '$bad' refused: $(head -n 1 "$OUT")"
	fi
done
# out-of-range and inconsistent values are refused too (tp_params_validate)
if "$SYNREPLAY" --quiet --set LeftEdge=5000 --set RightEdge=2000 "$ST.desc" > "$OUT" 2>&1; then
	fail "LeftEdge > RightEdge accepted"
else
	echo "ok: LeftEdge > RightEdge refused: $(head -n 1 "$OUT")"
fi
"$SYNREPLAY" --quiet --set NoSuchOption=1 "$ST.desc" > "$OUT" 2>&1 && fail "unknown option accepted"

# a removed 1.x option still in an old xorg.conf: accepted with a warning
# naming it, and the tap plays exactly as without it
"$SYNREPLAY" --set TapButton1=1 "$ST.desc" "$ST-tap.events" > "$OUT.plain" 2>/dev/null ||
	fail "tap replay failed"
if ! "$SYNREPLAY" --set TapButton1=1 --set Repeater=/dev/null "$ST.desc" "$ST-tap.events" \
	> "$OUT" 2> "$OUT.err"; then
	fail "removed option Repeater refused: $(cat "$OUT.err")"
elif ! grep -q 'option "Repeater".*removed' "$OUT.err"; then
	fail "no warning for the removed option Repeater: $(cat "$OUT.err")"
elif ! cmp -s "$OUT" "$OUT.plain" || ! grep -q 'button 1 down' "$OUT"; then
	fail "Repeater changed what the tap does: $(head -n 3 "$OUT")"
else
	echo "ok: removed option Repeater: $(head -n 1 "$OUT.err")"
fi
rm -f "$OUT.plain" "$OUT.err"

# bad recordings: a clear error, not silence
printf 'not an evemu file\n' > "$OUT.bad"
"$SYNREPLAY" "$OUT.bad" > "$OUT" 2>&1 && fail "garbage description accepted"
"$SYNREPLAY" "$ST.desc" "$OUT.bad" > "$OUT" 2>&1 && fail "events file without events accepted"
grep -q "no events" "$OUT" || fail "no message for an empty events file: $(cat "$OUT")"
rm -f "$OUT.bad"
finish
