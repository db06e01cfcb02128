#!/usr/bin/env python3
"""gen-recordings.py - write the gesture recordings of test/gestures/rec/.

Synthetic but kernel-shaped evemu recordings (EVEMU 1.2 .desc + .events) of
pinches, rotations, swipes, scrolls and click-drags on three pads:

  mtb-clickpad  MT-B clickpad like the XIT/T440 Synaptics ones: 2 slots,
                BTN_TOOL_FINGER..QUINTTAP, resolution 42 units/mm
  mtb-buttons   the same sensor with physical left/right buttons under the
                bottom edge (no BUTTONPAD): button-area suppression
  semi-mt       INPUT_PROP_SEMI_MT, 2 slots that are the corners of the
                fingers' bounding box, up to TRIPLETAP, no resolution

Each recording gets a .expect file for the tests and the benchmark:

  expect pinch|swipe|scroll|drag   what a user should get
  threshold-frame N                first frame (0-based) past the movement
                                   threshold (2 fingers: one finger moved
                                   PinchThreshold 1.5 mm; swipes: the centre
                                   moved SwipeThreshold 3 mm), as the driver
                                   measures it (mm from the resolution, or 1/85
                                   of the diagonal without one)
  frame-ms 12                      time between frames

Run from the top of the checkout:  test/gestures/gen-recordings.py
The output is committed; the tests do not need Python.
"""
import math
import os
import sys

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rec")
FRAME_MS = 12
PINCH_THRESHOLD_MM = 1.5
SWIPE_THRESHOLD_MM = 3.0
ASSUMED_DIAG_MM = 85.0

EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
BTN_LEFT, BTN_RIGHT = 0x110, 0x111
BTN_TOOL_FINGER, BTN_TOOL_QUINTTAP, BTN_TOUCH = 0x145, 0x148, 0x14A
BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP, BTN_TOOL_QUADTAP = 0x14D, 0x14E, 0x14F
ABS_X, ABS_Y, ABS_PRESSURE, ABS_TOOL_WIDTH = 0x00, 0x01, 0x18, 0x1C
ABS_MT_SLOT, ABS_MT_X, ABS_MT_Y, ABS_MT_TRACKING_ID, ABS_MT_PRESSURE = 0x2F, 0x35, 0x36, 0x39, 0x3A
TOOLS = {1: BTN_TOOL_FINGER, 2: BTN_TOOL_DOUBLETAP, 3: BTN_TOOL_TRIPLETAP,
         4: BTN_TOOL_QUADTAP, 5: BTN_TOOL_QUINTTAP}
PROP_POINTER, PROP_SEMI_MT, PROP_BUTTONPAD = 0, 3, 2

XMIN, XMAX, YMIN, YMAX = 1472, 5472, 1408, 4448
PRESSURE = 70
WIDTH = 4


class Pad:
    def __init__(self, name, label, props, buttons, max_fingers, res, semi):
        self.name, self.label, self.props = name, label, props
        self.buttons, self.max_fingers, self.res, self.semi = buttons, max_fingers, res, semi
        # generator scale: real size; the semi-MT pad is the same 95 x 72 mm sensor
        self.gen_res = res if res else 42
        diag = math.hypot(XMAX - XMIN, YMAX - YMIN)
        # the driver's idea of a millimetre (units per mm)
        self.drv_res = res if res else diag / ASSUMED_DIAG_MM
        self.w_mm = (XMAX - XMIN) / self.gen_res
        self.h_mm = (YMAX - YMIN) / self.gen_res

    def x(self, mm):
        return int(round(XMIN + mm * self.gen_res))

    def y(self, mm):
        return int(round(YMIN + mm * self.gen_res))


PADS = [
    Pad("mtb-clickpad", "synaptics-mt test MT-B clickpad", [PROP_POINTER, PROP_BUTTONPAD],
        [BTN_LEFT], 5, 42, False),
    Pad("mtb-buttons", "synaptics-mt test MT-B touchpad with buttons", [PROP_POINTER],
        [BTN_LEFT, BTN_RIGHT], 5, 42, False),
    Pad("semi-mt", "synaptics-mt test semi-MT touchpad", [PROP_POINTER, PROP_SEMI_MT],
        [BTN_LEFT, BTN_RIGHT], 3, 0, True),
]


def bits(codes, nbytes):
    b = [0] * nbytes
    for c in codes:
        b[c // 8] |= 1 << (c % 8)
    return b


def write_desc(pad):
    keys = [BTN_TOOL_FINGER, BTN_TOUCH] + [TOOLS[n] for n in range(2, pad.max_fingers + 1)]
    keys += pad.buttons
    absx = [ABS_X, ABS_Y, ABS_PRESSURE, ABS_TOOL_WIDTH, ABS_MT_SLOT, ABS_MT_X, ABS_MT_Y,
            ABS_MT_TRACKING_ID, ABS_MT_PRESSURE]
    lines = ["# EVEMU 1.2", "# Written by test/gestures/gen-recordings.py (synaptics-mt)",
             "N: " + pad.label, "I: 0011 0002 0007 01b1"]
    lines.append("P: " + " ".join("%02x" % v for v in bits(pad.props, 8)))
    for t, codes, n in ((EV_SYN, [0, 1, 3], 8), (EV_KEY, keys, 96), (EV_ABS, absx, 8)):
        b = bits(codes, n)
        for i in range(0, n, 8):
            lines.append("B: %02x " % t + " ".join("%02x" % v for v in b[i:i + 8]))
    res = pad.res
    for code, lo, hi, fuzz, r in ((ABS_X, XMIN, XMAX, 0, res), (ABS_Y, YMIN, YMAX, 0, res),
                                  (ABS_PRESSURE, 0, 255, 0, 0), (ABS_TOOL_WIDTH, 0, 15, 0, 0),
                                  (ABS_MT_SLOT, 0, 1, 0, 0), (ABS_MT_X, XMIN, XMAX, 8, res),
                                  (ABS_MT_Y, YMIN, YMAX, 8, res),
                                  (ABS_MT_TRACKING_ID, 0, 65535, 0, 0),
                                  (ABS_MT_PRESSURE, 0, 255, 0, 0)):
        lines.append("A: %02x %d %d %d 0 %d" % (code, lo, hi, fuzz, r))
    with open(os.path.join(OUT, pad.name + ".desc"), "w") as f:
        f.write("\n".join(lines) + "\n")


class Writer:
    """Turns finger positions per frame into kernel-like evdev events."""

    def __init__(self, pad):
        self.pad = pad
        self.events = []
        self.t = 1000.0
        self.prev = {}          # (type, code) -> value, to send changes only
        self.slot_prev = [{}, {}]
        self.cur_slot = None
        self.next_id = 1
        self.ids = [-1, -1]
        self.frames = 0

    def ev(self, t, c, v):
        self.events.append("E: %.6f %04x %04x %d" % (self.t, t, c, v))

    def set(self, t, c, v):
        if self.prev.get((t, c)) != v:
            self.prev[(t, c)] = v
            self.ev(t, c, v)

    def slot(self, s, code, v):
        if self.slot_prev[s].get(code) == v:
            return
        if self.cur_slot != s:
            self.ev(EV_ABS, ABS_MT_SLOT, s)
            self.cur_slot = s
        self.slot_prev[s][code] = v
        self.ev(EV_ABS, code, v)

    def frame(self, fingers, buttons=(), new_ids=()):
        """fingers: list of (x_mm, y_mm); buttons: held BTN_* codes; new_ids: slots whose
        finger is another one than in the last frame (new tracking id)."""
        pad = self.pad
        for s in new_ids:
            if self.ids[s] >= 0:
                self.ids[s] = self.next_id
                self.next_id += 1
                self.slot_prev[s] = {}
                self.slot(s, ABS_MT_TRACKING_ID, self.ids[s])
        pts = [(pad.x(x), pad.y(y)) for x, y in fingers]
        if pad.semi and len(pts) >= 2:
            a, b = pts[0], pts[1]
            slots = [(min(a[0], b[0]), min(a[1], b[1])), (max(a[0], b[0]), max(a[1], b[1]))]
        else:
            slots = pts[:2]
        for s in range(2):
            if s < len(slots):
                if self.ids[s] < 0:
                    self.ids[s] = self.next_id
                    self.next_id += 1
                    self.slot_prev[s] = {}
                    self.slot(s, ABS_MT_TRACKING_ID, self.ids[s])
                self.slot(s, ABS_MT_X, slots[s][0])
                self.slot(s, ABS_MT_Y, slots[s][1])
                self.slot(s, ABS_MT_PRESSURE, PRESSURE)
            elif self.ids[s] >= 0:
                self.ids[s] = -1
                self.slot(s, ABS_MT_TRACKING_ID, -1)
        n = len(pts)
        for code in pad.buttons:
            self.set(EV_KEY, code, 1 if code in buttons else 0)
        self.set(EV_KEY, BTN_TOUCH, 1 if n else 0)
        for k, code in TOOLS.items():
            if k <= pad.max_fingers:
                self.set(EV_KEY, code, 1 if n == k else 0)
        if n:
            self.set(EV_ABS, ABS_X, pts[0][0])
            self.set(EV_ABS, ABS_Y, pts[0][1])
        self.set(EV_ABS, ABS_PRESSURE, PRESSURE if n else 0)
        self.set(EV_ABS, ABS_TOOL_WIDTH, WIDTH if n else 0)
        self.ev(EV_SYN, 0, 0)
        self.t += FRAME_MS / 1000.0
        self.frames += 1

    def save(self, name):
        with open(os.path.join(OUT, "%s.%s.events" % (self.pad.name, name)), "w") as f:
            f.write("\n".join(self.events) + "\n")


def visible(pad, fingers):
    """What the driver can measure: the two slot points (semi-MT: box corners)."""
    if pad.semi and len(fingers) >= 2:
        a, b = fingers[0], fingers[1]
        return [(min(a[0], b[0]), min(a[1], b[1])), (max(a[0], b[0]), max(a[1], b[1]))]
    return fingers[:2]


def threshold_frame(pad, frames, kind):
    """First frame past the movement threshold, measured from where the final finger
    count settled, in the driver's millimetres."""
    scale = pad.gen_res / pad.drv_res      # generator mm -> driver mm
    count = len(frames[0][0]) if frames else 0
    start = None
    for i, (f, _) in enumerate(frames):
        if len(f) != count or start is None:
            count, start = len(f), visible(pad, f)
            continue
        cur = visible(pad, f)
        if kind == "swipe":
            c0 = [sum(p[k] for p in start) / len(start) for k in (0, 1)]
            c1 = [sum(p[k] for p in cur) / len(cur) for k in (0, 1)]
            moved = math.hypot(c1[0] - c0[0], c1[1] - c0[1]) * scale > SWIPE_THRESHOLD_MM
        else:
            moved = max(math.hypot(c[0] - s[0], c[1] - s[1])
                        for c, s in zip(cur, start)) * scale > PINCH_THRESHOLD_MM
        if moved:
            return i
    return -1


def record(pad, name, kind, frames, note=""):
    w = Writer(pad)
    prev = None
    for fingers, buttons in frames:
        # a slot whose point jumps by more than 5 mm holds another finger now
        new_ids = []
        if prev is not None and not pad.semi:
            for s in range(min(2, len(fingers), len(prev))):
                if math.hypot(fingers[s][0] - prev[s][0], fingers[s][1] - prev[s][1]) > 5:
                    new_ids.append(s)
        w.frame(fingers, buttons, new_ids)
        prev = fingers
    w.frame([])
    w.frame([])
    w.save(name)
    thr = threshold_frame(pad, [f for f in frames if f[0]], kind) if kind != "drag" else -1
    # frames before the first touch do not exist here: index is the recording's frame
    with open(os.path.join(OUT, "%s.%s.expect" % (pad.name, name)), "w") as f:
        f.write("expect %s\nthreshold-frame %d\nframe-ms %d\n" % (kind, thr, FRAME_MS))
        if note:
            f.write("note %s\n" % note)


def lerp(a, b, t):
    return a + (b - a) * t


def two(pad, a0, b0, path, steps, hold=2):
    """Two fingers land together at a0/b0, rest `hold` frames, then path(t) -> (a, b)."""
    frames = [([a0, b0], ())] * hold
    for i in range(1, steps + 1):
        a, b = path(i / steps)
        frames.append(([a, b], ()))
    return frames


def scenarios(pad):
    cx, cy = pad.w_mm / 2, pad.h_mm / 2
    out = []

    def add(name, kind, frames, note=""):
        out.append((name, kind, frames, note))

    # pinch out: 20 mm apart, each finger 12 mm outwards
    add("pinch-out", "pinch", two(pad, (cx - 10, cy), (cx + 10, cy),
                                  lambda t: ((cx - 10 - 12 * t, cy), (cx + 10 + 12 * t, cy)), 24))
    add("pinch-in", "pinch", two(pad, (cx - 20, cy), (cx + 20, cy),
                                 lambda t: ((cx - 20 + 10 * t, cy), (cx + 20 - 10 * t, cy)), 20))
    # one finger rests, the other moves away from it: ambiguous at first
    add("pinch-one-finger", "pinch", two(pad, (cx - 10, cy), (cx + 5, cy),
                                         lambda t: ((cx - 10, cy), (cx + 5 + 15 * t, cy)), 30),
        "one finger still: decided at twice the threshold")
    # a pinch whose centre drifts down 4 mm: still a pinch, never a scroll
    add("pinch-drifting", "pinch", two(pad, (cx - 10, cy - 5), (cx + 10, cy - 5),
                                       lambda t: ((cx - 10 - 10 * t, cy - 5 + 4 * t),
                                                  (cx + 10 + 10 * t, cy - 5 + 4 * t)), 20))
    # pinch, then the fingers move together: the pinch goes on (centre moves), no scroll
    def pinch_then_parallel(t):
        s = min(t * 2, 1.0)
        d = max(t * 2 - 1, 0.0)
        return ((cx - 8 - 8 * s, cy - 8 + 15 * d), (cx + 8 + 8 * s, cy - 8 + 15 * d))
    add("pinch-then-parallel", "pinch", two(pad, (cx - 8, cy - 8), (cx + 8, cy - 8),
                                            pinch_then_parallel, 40))
    if not pad.semi:
        for name, sign in (("rotate-cw", 1), ("rotate-ccw", -1)):
            def rot(t, sign=sign):
                a = math.radians(sign * 60 * t)
                return ((cx - 15 * math.cos(a), cy - 15 * math.sin(a)),
                        (cx + 15 * math.cos(a), cy + 15 * math.sin(a)))
            add(name, "pinch", two(pad, (cx - 15, cy), (cx + 15, cy), rot, 30))
    # two-finger scroll down 25 mm while the fingers drift 3 mm apart: a scroll, not a pinch
    add("scroll-down", "scroll", two(pad, (cx - 8, cy - 15), (cx + 8, cy - 15),
                                     lambda t: ((cx - 8 - 1.5 * t, cy - 15 + 25 * t),
                                                (cx + 8 + 1.5 * t, cy - 15 + 25 * t)), 40))
    add("scroll-up", "scroll", two(pad, (cx - 8, cy + 12), (cx + 8, cy + 12),
                                   lambda t: ((cx - 8, cy + 12 - 25 * t), (cx + 8, cy + 12 - 25 * t)),
                                   40))
    # scroll 10 mm, then spread 10 mm each way: stays a scroll
    def scroll_then_spread(t):
        s = min(t * 2, 1.0)
        d = max(t * 2 - 1, 0.0)
        return ((cx - 8 - 10 * d, cy - 10 + 10 * s), (cx + 8 + 10 * d, cy - 10 + 10 * s))
    add("scroll-then-spread", "scroll", two(pad, (cx - 8, cy - 10), (cx + 8, cy - 10),
                                            scroll_then_spread, 40))
    # swipes
    dirs = {"left": (-25, 0), "right": (25, 0), "up": (0, -20), "down": (0, 20)}
    for n in (3, 4):
        if n > pad.max_fingers:
            continue
        offs = [(-15, 0), (-5, -3), (5, -3), (15, 0)][:n]
        for d, (dx, dy) in dirs.items():
            start = [(cx + ox - dx / 2, cy + oy - dy / 2) for ox, oy in offs]
            frames = [(start, ())] * 2
            for i in range(1, 31):
                t = i / 30
                frames.append(([(x + dx * t, y + dy * t) for x, y in start], ()))
            add("swipe%d-%s" % (n, d), "swipe", frames)
    # A 2-slot pad with three fingers hands slot 1 to the third finger half-way
    # (a new tracking id, another position): the swipe must not jump.
    if not pad.semi:
        offs = [(-15, 0), (0, -3), (15, 0)]
        start = [(cx + ox - 12.5, cy + oy) for ox, oy in offs]
        frames = [(start, ())] * 2
        for i in range(1, 31):
            t = i / 30
            pts = [(x + 25 * t, y) for x, y in start]
            if i >= 15:
                pts = [pts[0], pts[2], pts[1]]      # slot 1 now tracks the third finger
            frames.append((pts, ()))
        add("swipe3-slot-change", "swipe", frames)
    # click-drag: a thumb rests on the bottom (button area), the index lands,
    # the thumb presses the button, the index drags 20 mm right and 5 mm up
    thumb = (cx + 15, pad.h_mm - 5)
    index = (cx - 15, cy - 10)
    frames = [([thumb], ())] * 3 + [([thumb, index], ())] * 3
    frames += [([thumb, index], (BTN_LEFT,))] * 3
    for i in range(1, 26):
        t = i / 25
        frames.append(([thumb, (index[0] + 20 * t, index[1] - 5 * t)], (BTN_LEFT,)))
    frames += [([thumb, (index[0] + 20, index[1] - 5)], ())] * 2
    frames += [([thumb], ())] * 2
    add("click-drag", "drag", frames, "thumb on the button area holds the button, index drags")
    return out


def main():
    os.makedirs(OUT, exist_ok=True)
    for pad in PADS:
        write_desc(pad)
        for name, kind, frames, note in scenarios(pad):
            record(pad, name, kind, frames, note)
    print("wrote", len(os.listdir(OUT)), "files to", OUT, file=sys.stderr)


if __name__ == "__main__":
    main()
