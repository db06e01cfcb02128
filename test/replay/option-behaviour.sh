#!/bin/sh
# Options through the whole path (evemu recording -> evdev backend -> option
# parsing -> core) on the XIT recordings: each case plays the same recording
# with and without the option and checks what a user would notice, so every
# check fails if the option were ignored.  Per-option unit tests with
# exact values: test/unit/test-options.c.
. "${srcdir:-.}/test/replay/replay-lib.sh"

SB=$REC/SynPS2-Synaptics-TouchPad-ScrollButtons.events

# TouchpadOff: 1 = no motion, 2 = motion but no taps
replay "$ST.desc" "$ST-move.events"
check "move: the pointer moves in every moving frame" 'v >= 26 && v <= 30' "$(summary motion-events)"
replay --set TouchpadOff=1 "$ST.desc" "$ST-move.events"
check "TouchpadOff=1: no motion" 'v == 0' "$(summary motion-events)"
replay --set TouchpadOff=2 "$ST.desc" "$ST-move.events"
check "TouchpadOff=2: motion" 'v >= 26 && v <= 30' "$(summary motion-events)"
replay --set TapButton1=1 "$ST.desc" "$ST-tap.events"
check "TapButton1=1: the tap clicks 1" 'v == "1"' "$(summary buttons-pressed)"
replay --set TapButton1=1 --set TouchpadOff=2 "$ST.desc" "$ST-tap.events"
check "TouchpadOff=2: no tap" 'v == ""' "$(summary buttons-pressed)"
replay --set TapButton1=1 --set MaxTapTime=0 "$ST.desc" "$ST-tap.events"
check "MaxTapTime=0: no tap" 'v == ""' "$(summary buttons-pressed)"
replay --set TapButton1=2 "$ST.desc" "$ST-tap.events"
check "TapButton1=2: the tap clicks 2" 'v == "2"' "$(summary buttons-pressed)"

# AreaLeftEdge in percent: the move starts in the left 90 %
replay --set AreaLeftEdge=90% "$ST.desc" "$ST-move.events"
check "AreaLeftEdge=90%: a touch starting left of it does nothing" 'v == 0' "$(summary motion-events)"

# MinSpeed/MaxSpeed: a flat speed curve scales the motion
replay --set MinSpeed=0.4 --set MaxSpeed=0.4 "$ST.desc" "$ST-move.events"
dx4=$(summary motion-dx)
replay --set MinSpeed=0.2 --set MaxSpeed=0.2 "$ST.desc" "$ST-move.events"
check "MinSpeed=MaxSpeed=0.2 moves half as far as 0.4 ($dx4)" "v > $dx4 * 0.45 && v < $dx4 * 0.55" \
	"$(summary motion-dx)"

# VertScrollDelta < 0 inverts two-finger scrolling
replay "$ST.desc" "$ST-two-finger-scroll-down.events"
down=$(summary scroll-vert)
check "two fingers down scroll down 8-14 clicks" 'v >= 8 && v <= 14' "$down"
replay --set VertScrollDelta=-100 "$ST.desc" "$ST-two-finger-scroll-down.events"
check "VertScrollDelta=-100: the same scroll goes up" "v < 0 && v > -$down - 0.5 && v < -$down + 0.5" \
	"$(summary scroll-vert)"

# ClickPad and ClickFinger1 on the clickpad
replay "$CP.desc" "$CP.left-phys-click.events"
check "clickpad one-finger click: button 1" 'v == "1"' "$(summary buttons-pressed)"
# (1.9: on a clickpad ClickFinger1 does not apply, one finger is a plain click)
replay --set ClickFinger1=3 "$CP.desc" "$CP.left-phys-click.events"
check "clickpad ClickFinger1=3: still button 1" 'v == "1"' "$(summary buttons-pressed)"
replay --set "SoftButtonAreas=50% 0 82% 0 0 0 0 0" "$CP.desc" "$CP.right-phys-click.events"
check "soft right button: 3" 'v == "3"' "$(summary buttons-pressed)"
replay --set ClickPad=off --set "SoftButtonAreas=50% 0 82% 0 0 0 0 0" "$CP.desc" \
	"$CP.right-phys-click.events"
check "ClickPad=off: no soft buttons, button 1" 'v == "1"' "$(summary buttons-pressed)"

# Scroll buttons (BTN_0 up, BTN_1 down): repeat, and UpDownScrolling off = double click and middle
replay "$SB"
check "scroll buttons: 4 and 5" 'v ~ /4 5/' "$(summary buttons-pressed)"
ups=$(presses 4)
# the recording holds each button < 200 ms: no repeat at the default 100 ms
# (the first repeat comes after two intervals, as in 1.9); at 30 ms it repeats
replay --set ScrollButtonRepeat=30 "$SB"
check "ScrollButtonRepeat=30: held buttons repeat (more than $ups)" "v > $ups * 2" "$(presses 4)"
replay --set ScrollButtonRepeat=30 --set UpDownScrollRepeat=0 "$SB"
check "UpDownScrollRepeat=0: one click per press ($ups)" "v == $ups" "$(presses 4)"
replay --set UpDownScrolling=0 "$SB"
check "UpDownScrolling=0: no 4/5" 'v !~ /[45]/' "$(summary buttons-pressed)"
check "UpDownScrolling=0: down is the middle button" 'v > 0' "$(presses 2)"
finish
