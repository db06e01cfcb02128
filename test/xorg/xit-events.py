#!/usr/bin/python3
"""xit-events.py OUTDIR: the input of the X.Org integration tests' synaptics
cases that XIT plays event by event (tests/input/synaptics.cpp and
tests/server/input.cpp), as evemu .events files for test/xorg/xit.sh.

XIT writes these events one at a time without pauses; here every frame
(SYN_REPORT) is 10 ms after the previous one, as a pad reporting at 100 Hz
would send them.  The touches are XIT's: MT slot, tracking id, ABS_X/Y and
ABS_MT_POSITION_X/Y, ABS_PRESSURE 40, ABS_MT_PRESSURE 68, BTN_TOUCH while any
touch is down, no BTN_TOOL_FINGER; buttons are frames of their own.  Also
writes accel.desc: the two-button pad with the resolutions XIT sets
(75 units/mm in x, 129 in y).

Every file starts with a frame the kernel drops (a lone SYN_REPORT):
evemu-play 2.7 does not wait between a file's first two frames.  A file may
go on where the one before it stopped (top-into-a, top-into-b): the touch
stays down in the device between two plays.  A file that ends with no
touch down ends with a frame that puts back a fresh device's state (no
pressure, no BTN_TOOL_* key): XIT starts every case with a new device,
these files share one.
"""
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import evemu  # noqa: E402  (test/lib)

EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
BTN_LEFT, BTN_0, BTN_1 = 0x110, 0x100, 0x101
BTN_TOUCH, BTN_TOOL_FINGER, BTN_TOOL_TRIPLETAP = 0x14a, 0x145, 0x14e
ABS_X, ABS_Y, ABS_PRESSURE, ABS_TOOL_WIDTH = 0x00, 0x01, 0x18, 0x1c
ABS_MT_SLOT, ABS_MT_X, ABS_MT_Y = 0x2f, 0x35, 0x36
ABS_MT_TRACKING_ID, ABS_MT_PRESSURE = 0x39, 0x3a
FRAME_S = 0.010


class Player:
    """Events in XIT's order, a frame every FRAME_S."""

    RESET = {(EV_ABS, ABS_PRESSURE), (EV_KEY, BTN_TOOL_TRIPLETAP), (EV_KEY, BTN_TOOL_FINGER)}

    def __init__(self):
        self.held = set()
        self.t = 0.0
        self.lines = []
        self.down = set()
        self.tracking_id = 0
        self.one(EV_SYN, 0, 0)
        self.t += FRAME_S

    def one(self, typ, code, value, sync=False):
        self.lines.append(evemu.event_line(self.t, typ, code, value))
        if (typ, code) in self.RESET:
            if value:
                self.held.add((typ, code))
            else:
                self.held.discard((typ, code))
        if sync:
            self.lines.append(evemu.syn_line(self.t))
            self.t += FRAME_S

    def touch_begin(self, slot, x, y):
        self.down.add(slot)
        self.one(EV_KEY, BTN_TOUCH, 1)
        self.one(EV_ABS, ABS_MT_SLOT, slot)
        self.one(EV_ABS, ABS_PRESSURE, 40)
        self.one(EV_ABS, ABS_MT_TRACKING_ID, self.tracking_id)
        self.tracking_id += 1
        self.touch_update(slot, x, y)

    def touch_update(self, slot, x, y):
        self.one(EV_ABS, ABS_MT_SLOT, slot)
        self.one(EV_ABS, ABS_X, x)
        self.one(EV_ABS, ABS_Y, y)
        self.one(EV_ABS, ABS_MT_X, x)
        self.one(EV_ABS, ABS_MT_Y, y)
        self.one(EV_ABS, ABS_MT_PRESSURE, 68, sync=True)

    def touch_end(self, slot):
        self.one(EV_ABS, ABS_MT_SLOT, slot)
        self.one(EV_ABS, ABS_MT_TRACKING_ID, -1)
        self.down.discard(slot)
        if not self.down:
            self.one(EV_KEY, BTN_TOUCH, 0)
        self.one(EV_SYN, 0, 0)
        self.t += FRAME_S

    def key(self, code, value):
        self.one(EV_KEY, code, value, sync=True)

    def click(self):
        self.key(BTN_LEFT, 1)
        self.key(BTN_LEFT, 0)

    def text(self):
        """The events, then one frame that puts back what a fresh device
        has (XIT starts every test with a new one): no pressure, no
        BTN_TOOL_* key held."""
        lines = list(self.lines)
        if not self.down:
            lines += [evemu.event_line(self.t, t, c, 0) for t, c in self.held]
            lines.append(evemu.syn_line(self.t))
        return "\n".join(lines) + "\n"


def clickfinger(x2, three):
    """ClickFinger2/3[Distance]: two touches, maybe TRIPLETAP, a click."""
    p = Player()
    p.touch_begin(0, 2000, 2000)
    p.touch_begin(1, x2, 2010)
    if three:
        p.key(BTN_TOOL_TRIPLETAP, 1)
    p.click()
    p.touch_end(1)
    p.touch_end(0)
    return p


def scroll_buttons(code, times):
    p = Player()
    for _ in range(times):
        p.key(code, 1)
        p.key(code, 0)
    return p


def top_path(points, press=False, begin=True, end=True):
    """One touch along points; with press, BTN_LEFT goes down after the
    first and up before the lift.  begin=False goes on with the touch of
    the file before, end=False leaves it down."""
    p = Player()
    if begin:
        p.touch_begin(0, *points[0])
    else:
        # the file before set the pressure: this one puts it back at the end
        p.held.add((EV_ABS, ABS_PRESSURE))
        p.touch_update(0, *points[0])
    if press:
        p.key(BTN_LEFT, 1)
    for pt in points[1:]:
        p.touch_update(0, *pt)
    if press:
        p.key(BTN_LEFT, 0)
    if end:
        p.touch_end(0)
    return p


def top_click(x):
    p = Player()
    p.touch_begin(0, x, 1500)
    p.click()
    p.touch_end(0)
    return p


def accel_move(xres=75, yres=129):
    """PointerAccelerationTest, touchpad: a finger at 1500/2000, then steps
    of 10 mm down and right (10 * resolution units) while x < 3000."""
    p = Player()
    p.one(EV_ABS, ABS_X, 1500)
    p.one(EV_ABS, ABS_Y, 2000)
    p.one(EV_ABS, ABS_PRESSURE, 34)
    p.key(BTN_TOOL_FINGER, 1)
    x, y = 1500, 2000
    while x < 3000:
        x += 10 * xres
        y += 10 * yres
        p.one(EV_ABS, ABS_X, x)
        p.one(EV_ABS, ABS_Y, y)
        p.one(EV_ABS, ABS_PRESSURE, 40)
        p.one(EV_ABS, ABS_TOOL_WIDTH, 10)
        p.one(EV_KEY, BTN_TOUCH, 1, sync=True)
        p.one(EV_KEY, BTN_TOOL_FINGER, 1, sync=True)
    p.key(BTN_TOOL_FINGER, 0)
    return p


def accel_desc(src, xres=75, yres=129):
    """The two-button pad's description with XIT's resolutions."""
    out = ["# EVEMU 1.2"]
    for line in open(src):
        if line.startswith("A: "):
            f = line.split()
            res = {"00": xres, "01": yres}.get(f[1], 0)
            line = "A: %s %s %s %s %s %d\n" % (f[1], f[2], f[3], f[4], f[5], res)
        elif line.startswith("# EVEMU"):
            continue
        out.append(line.rstrip("\n"))
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: xit-events.py XIT-RECORDINGS-DIR OUTDIR")
    rec, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    files = {
        "clickfinger2": clickfinger(2300, False),
        "clickfinger2-far": clickfinger(4300, False),
        "clickfinger3": clickfinger(2300, True),
        "clickfinger3-far": clickfinger(4300, True),
        "sb-up-twice": scroll_buttons(BTN_0, 2),
        "sb-down-twice": scroll_buttons(BTN_1, 2),
        "sb-up-once": scroll_buttons(BTN_0, 1),
        # SynapticsSecondarySoftButtonTest on the T440 (top strip: y < 8 %)
        "top-within": top_path([(1500, 1500), (1600, 1500), (1700, 1500)]),
        "top-click-move": top_path([(1500, 1500), (1600, 1500), (1700, 1500)],
                                   press=True),
        "top-moving-out": top_path([(1500, 1500), (1600, 2600), (1700, 3500)]),
        "top-into-a": top_path([(1500, 3500), (1500, 2500), (1500, 1500)],
                               end=False),
        "top-into-b": top_path([(1600, 1500), (1700, 1500), (1800, 1500),
                                (1900, 1500)], begin=False),
        "top-left": top_click(1500),
        "top-right": top_click(4500),
        "top-middle": top_click(3292),
        "accel-move": accel_move(),
    }
    for name, player in files.items():
        with open(os.path.join(out, "xit-%s.events" % name), "w") as f:
            f.write(player.text())
    with open(os.path.join(out, "xit-accel.desc"), "w") as f:
        f.write(accel_desc(os.path.join(rec, "SynPS2-Synaptics-TouchPad.desc")))


if __name__ == "__main__":
    main()
