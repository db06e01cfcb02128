#!/usr/bin/env python3
"""gen-recordings.py - write the gesture recordings of test/gestures/rec/.

Synthetic but kernel-shaped evemu recordings (EVEMU 1.2 .desc + .events) of
pinches, rotations, swipes, scrolls and click-drags on four pads:

  mtb-clickpad  MT-B clickpad like the XIT/T440 Synaptics ones: 2 slots,
                BTN_TOOL_FINGER..QUINTTAP, resolution 42 units/mm
  mtb-buttons   the same sensor with physical left/right buttons under the
                bottom edge (no BUTTONPAD): button-area suppression
  semi-mt       INPUT_PROP_SEMI_MT, 2 slots that are the corners of the
                fingers' bounding box, up to TRIPLETAP, no resolution
  t440          libinput's T440 description: a 97 x 67 mm clickpad with
                INPUT_PROP_TOPBUTTONPAD, 2 slots, up to QUINTTAP

Kernel-shaped in what evdev clients read besides the slots: the slot
positions have fuzz 8 (a pad with reduced filtering), which the guest's
kernel applies when it plays a recording into a uinput device.  On the MT-B
pads ABS_X/ABS_Y are psmouse's pointer emulation: the oldest contact's slot
position as the kernel has filtered it (input_mt_report_pointer_emulation;
input_mt_init_slots gives ABS_X fuzz 0), so the recordings hold the filtered
values; the semi-MT pad's ABS_X/ABS_Y carry fuzz 8 themselves (synaptics.c
sets them again after input_mt_init_slots) and are filtered on the way in.
A driver that reads ABS_X thus sees what it would on such a laptop.

Every gesture exists twice per pad:

  NAME          clean: every finger lands in the same frame at constant
                pressure, 12 ms frames (the first wave's recordings)
  NAME-real     as a hand makes it (seeded, so the output is fixed): the
                fingers land 1-3 frames apart (finger 0 first or last,
                alternating), pressure ramps up from below FingerHigh and
                down through FingerLow, positions jitter (sigma 1.5 units),
                frames come 11-14 ms apart, the motion is 1.7 times faster,
                fingers lift one at a time in random order, the BTN_TOOL
                count reads one finger more or less for one frame, and with
                3-4 fingers slot 1 changes fingers half-way (same tracking
                id, the point jumps, as the kernel reports it)

Beside them, tap3-real (three fingers tap) on the pads that count three
fingers and click3-real (three fingers press a clickpad) on the clickpads:
realistic as above, and neither may become a swipe.

Each recording gets a .expect file for the tests and the benchmark:

  expect pinch|swipe|scroll|drag|tap|click   what a user should get
  threshold-frame N                first frame (0-based) past the movement
                                   threshold (2 fingers: one finger moved
                                   PinchThreshold 1.5 mm; swipes: the centre
                                   moved SwipeThreshold 0.5 mm), as the driver
                                   measures it (mm from the resolution, or 1/85
                                   of the diagonal without one), counted from
                                   the frame in which every finger is past
                                   FingerHigh and the count is right
  threshold-time S                 that frame's time since the first event
  frame-ms 12                      time between frames (12.5: the mean)
  realistic TEXT                   what the -real variant does

Run from the top of the checkout:  test/gestures/gen-recordings.py
The output is committed; the tests do not need Python.
"""
import math
import os
import random
import sys
import zlib
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import evemu  # noqa: E402  (test/lib)

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rec")
FRAME_MS = 12
PINCH_THRESHOLD_MM = 1.5
SWIPE_THRESHOLD_MM = 0.5
ASSUMED_DIAG_MM = 85.0

EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
BTN_LEFT, BTN_RIGHT = 0x110, 0x111
BTN_TOOL_FINGER, BTN_TOOL_QUINTTAP, BTN_TOUCH = 0x145, 0x148, 0x14A
BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP, BTN_TOOL_QUADTAP = 0x14D, 0x14E, 0x14F
ABS_X, ABS_Y, ABS_PRESSURE, ABS_TOOL_WIDTH = 0x00, 0x01, 0x18, 0x1C
ABS_MT_SLOT, ABS_MT_X, ABS_MT_Y, ABS_MT_TRACKING_ID, ABS_MT_PRESSURE = 0x2F, 0x35, 0x36, 0x39, 0x3A
TOOLS = {1: BTN_TOOL_FINGER, 2: BTN_TOOL_DOUBLETAP, 3: BTN_TOOL_TRIPLETAP,
         4: BTN_TOOL_QUADTAP, 5: BTN_TOOL_QUINTTAP}
PROP_POINTER, PROP_SEMI_MT, PROP_BUTTONPAD, PROP_TOPBUTTONPAD = 0, 3, 2, 4

XMIN, XMAX, YMIN, YMAX = 1472, 5472, 1408, 4448
PRESSURE = 70
WIDTH = 4
# synaptics(4) defaults on a 0-255 pressure axis: a touch begins above
# FingerHigh and ends below FingerLow (libinput 1.22: 30.6 / 25.5)
FINGER_HIGH, FINGER_LOW = 30, 25
FUZZ = 8                # of the slot positions (SYN_REDUCED_FILTER_FUZZ)


def defuzz(value, old, fuzz=FUZZ):
    """The kernel's input_defuzz_abs_event (C integer division)."""
    def div(a, b):
        return int(a / b)
    if fuzz:
        if old - fuzz // 2 < value < old + fuzz // 2:
            return old
        if old - fuzz < value < old + fuzz:
            return div(old * 3 + value, 4)
        if old - fuzz * 2 < value < old + fuzz * 2:
            return div(old + value, 2)
    return value


class Pad:
    def __init__(self, name, label, props, buttons, max_fingers, res, semi,
                 ranges=(XMIN, XMAX, YMIN, YMAX)):
        self.name, self.label, self.props = name, label, props
        self.buttons, self.max_fingers, self.res, self.semi = buttons, max_fingers, res, semi
        self.xmin, self.xmax, self.ymin, self.ymax = ranges
        # generator scale: real size; the semi-MT pad is the same 95 x 72 mm sensor
        self.gen_res = res if res else 42
        diag = math.hypot(self.xmax - self.xmin, self.ymax - self.ymin)
        # the driver's idea of a millimetre (units per mm)
        self.drv_res = res if res else diag / ASSUMED_DIAG_MM
        self.w_mm = (self.xmax - self.xmin) / self.gen_res
        self.h_mm = (self.ymax - self.ymin) / self.gen_res

    def x(self, mm):
        return int(round(self.xmin + mm * self.gen_res))

    def y(self, mm):
        return int(round(self.ymin + mm * self.gen_res))


PADS = [
    Pad("mtb-clickpad", "synaptics-mt test MT-B clickpad", [PROP_POINTER, PROP_BUTTONPAD],
        [BTN_LEFT], 5, 42, False),
    Pad("mtb-buttons", "synaptics-mt test MT-B touchpad with buttons", [PROP_POINTER],
        [BTN_LEFT, BTN_RIGHT], 5, 42, False),
    Pad("semi-mt", "synaptics-mt test semi-MT touchpad", [PROP_POINTER, PROP_SEMI_MT],
        [BTN_LEFT, BTN_RIGHT], 3, 0, True),
    # libinput's litest T440 description: a 97 x 67 mm clickpad with the
    # trackpoint buttons as a top button row (INPUT_PROP_TOPBUTTONPAD)
    Pad("t440", "synaptics-mt test T440 clickpad with top buttons",
        [PROP_POINTER, PROP_BUTTONPAD, PROP_TOPBUTTONPAD], [BTN_LEFT], 5, 42, False,
        (1024, 5112, 2024, 4832)),
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
    x0, x1, y0, y1 = pad.xmin, pad.xmax, pad.ymin, pad.ymax
    pfuzz = FUZZ if pad.semi else 0
    for code, lo, hi, fuzz, r in ((ABS_X, x0, x1, pfuzz, res), (ABS_Y, y0, y1, pfuzz, res),
                                  (ABS_PRESSURE, 0, 255, 0, 0), (ABS_TOOL_WIDTH, 0, 15, 0, 0),
                                  (ABS_MT_SLOT, 0, 1, 0, 0), (ABS_MT_X, x0, x1, FUZZ, res),
                                  (ABS_MT_Y, y0, y1, FUZZ, res),
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
        # each slot's position as the kernel keeps it (filtered; not reset
        # for a new contact, as in input_handle_abs_event)
        self.kslot = [{ABS_MT_X: 0, ABS_MT_Y: 0}, {ABS_MT_X: 0, ABS_MT_Y: 0}]

    def ev(self, t, c, v):
        self.events.append(evemu.event_line(self.t, t, c, v))

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
        if code in self.kslot[s]:
            self.kslot[s][code] = defuzz(v, self.kslot[s][code])

    def pointer(self, raw):
        """ABS_X/ABS_Y: on MT-B pads the oldest contact's filtered slot position
        (psmouse's pointer emulation); on semi-MT ones the raw point `raw`,
        which the kernel filters by ABS_X's own fuzz."""
        if self.pad.semi:
            x, y = raw
        else:
            live = [s for s in range(2) if self.ids[s] >= 0]
            if not live:
                return
            s = min(live, key=lambda k: self.ids[k])
            x, y = self.kslot[s][ABS_MT_X], self.kslot[s][ABS_MT_Y]
        self.set(EV_ABS, ABS_X, x)
        self.set(EV_ABS, ABS_Y, y)

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
            self.pointer(pts[0])
        self.set(EV_ABS, ABS_PRESSURE, PRESSURE if n else 0)
        self.set(EV_ABS, ABS_TOOL_WIDTH, WIDTH if n else 0)
        self.ev(EV_SYN, 0, 0)
        self.t += FRAME_MS / 1000.0
        self.frames += 1

    def save(self, name):
        with open(os.path.join(OUT, "%s.%s.events" % (self.pad.name, name)), "w") as f:
            f.write("\n".join(self.events) + "\n")


class RealWriter(Writer):
    """Frames of fingers with their own pressure, a BTN_TOOL count that may be
    wrong, jittering frame intervals, and two slots that follow two of the
    fingers (the first to land; a slot whose finger lifts takes another
    finger with a new tracking id; one told to swap takes another finger under
    the same tracking id, as the kernel's slot assignment does when the
    firmware reports another pair of fingers: its point jumps)."""

    def __init__(self, pad):
        super().__init__(pad)
        self.slot_fid = [None, None]
        self.usable = []        # per frame: the usable slot points (device units)
        self.times = []         # per frame: seconds since the file's first event
        # evemu-play 2.7 does not wait between a file's first two frames: a
        # leading frame that changes nothing makes the first real gap count
        self.ev(EV_SYN, 0, 0)
        self.t += FRAME_MS / 1000.0

    def rich(self, fingers, count, dt, swap=False, buttons=()):
        """fingers: [(fid, x_mm, y_mm, z)] in landing order, z > 0; buttons: held BTN_*."""
        pad = self.pad
        pos = {f: (pad.x(x), pad.y(y), z) for f, x, y, z in fingers}
        if pad.semi:
            pts = [pos[f] for f, _, _, _ in fingers]
            if len(pts) >= 2:
                a, b = pts[0], pts[1]
                z = max(p[2] for p in pts)
                slots = [(min(a[0], b[0]), min(a[1], b[1]), z), (max(a[0], b[0]), max(a[1], b[1]), z)]
            else:
                slots = pts[:1]
            fids = list(range(len(slots)))
        else:
            for s in range(2):
                if self.slot_fid[s] not in pos:
                    self.slot_fid[s] = None
            free = [f for f, _, _, _ in fingers if f not in self.slot_fid]
            if swap and free and self.slot_fid[1] is not None:
                # the kernel's slot assignment keeps the tracking id: the
                # slot's point jumps to the other finger
                self.slot_fid[1] = free.pop(0)
            for s in range(2):
                if self.slot_fid[s] is None and free:
                    self.slot_fid[s] = free.pop(0)
            fids = self.slot_fid
            slots = [pos[f] if f is not None else None for f in fids]
        for s in range(2):
            c = slots[s] if s < len(slots) else None
            if c is not None:
                if self.ids[s] < 0:
                    self.new_id(s)
                self.slot(s, ABS_MT_X, c[0])
                self.slot(s, ABS_MT_Y, c[1])
                self.slot(s, ABS_MT_PRESSURE, c[2])
            elif self.ids[s] >= 0:
                self.ids[s] = -1
                self.slot(s, ABS_MT_TRACKING_ID, -1)
        live = [c for c in slots if c is not None]
        self.usable.append([(c[0], c[1]) for c in live if c[2] > FINGER_HIGH])
        for code in pad.buttons:
            self.set(EV_KEY, code, 1 if code in buttons else 0)
        self.set(EV_KEY, BTN_TOUCH, 1 if count else 0)
        for k, code in TOOLS.items():
            if k <= pad.max_fingers:
                self.set(EV_KEY, code, 1 if count == k else 0)
        if live:
            self.pointer(live[0][:2])
        self.set(EV_ABS, ABS_PRESSURE, live[0][2] if live else 0)
        self.set(EV_ABS, ABS_TOOL_WIDTH, WIDTH if live else 0)
        self.ev(EV_SYN, 0, 0)
        self.times.append(self.t - 1000.0)
        self.t += dt / 1000.0
        self.frames += 1

    def new_id(self, s):
        self.ids[s] = self.next_id
        self.next_id += 1
        self.slot_prev[s] = {}
        self.slot(s, ABS_MT_TRACKING_ID, self.ids[s])


RAMP_UP = [10, 22, 38, 55, 66]      # a landing finger: two frames below FingerHigh
RAMP_DOWN = [45, 28, 12]            # a lifting one: the last below FingerLow


def realistic(pad, gesture, index):
    """A hand making `gesture`: fingers land 1-3 frames apart (which one first
    alternates with `index`), pressure ramps up and down, positions jitter,
    frames come 11-14 ms apart, the motion is faster than the clean one's,
    fingers lift one at a time; on these 2-slot pads the finger count reads
    one more or one less for a frame, and with 3-4 fingers slot 1 changes
    fingers half-way.  Returns the frames for RealWriter.rich and a text
    that says what was done."""
    name, kind, start, path, steps, note = gesture
    rng = random.Random(zlib.crc32(("%s.%s" % (pad.name, name)).encode()))
    n = len(start)
    order = list(range(n)) if index % 2 == 0 else list(reversed(range(n)))
    land = {order[0]: 0}
    t = 0
    for f in order[1:]:
        t += rng.randint(1, 3)
        land[f] = t
    plateau = {f: rng.randint(60, 80) for f in range(n)}
    rest = rng.randint(1, 2)
    msteps = max(12, int(round(steps * 0.6)))
    glitch = rng.randint(int(msteps * 0.3), int(msteps * 0.8))
    extra = 1 if n + 1 <= pad.max_fingers and (n == 2 or rng.random() < 0.5) else -1
    swap = int(msteps * 0.6) if n >= 3 and not pad.semi else -1
    noise = lambda: rng.gauss(0, 1.5) / pad.gen_res
    frames = []

    def frame(pts, k, count=None, swap_now=False, lifting=None):
        fingers = []
        for f in sorted(pts, key=lambda f: land[f]):
            if k < land[f]:
                continue
            age = k - land[f]
            z = RAMP_UP[age] if age < len(RAMP_UP) else plateau[f]
            if lifting and f in lifting:
                z = lifting[f]
            x, y = pts[f]
            fingers.append((f, x + noise(), y + noise(), z))
        frames.append((fingers, len(fingers) if count is None else count,
                       rng.uniform(11.0, 14.0), swap_now))

    k = 0
    for _ in range(land[order[-1]] + rest):
        frame(dict(enumerate(start)), k)
        k += 1
    for i in range(1, msteps + 1):
        pts = dict(enumerate(path(i / msteps)))
        frame(pts, k, count=n + extra if i == glitch else None, swap_now=i == swap)
        k += 1
    end = dict(enumerate(path(1.0)))
    lift_order = list(range(n))
    rng.shuffle(lift_order)
    lift_at = {}
    t = rng.randint(0, 1)
    for f in lift_order:
        lift_at[f] = t
        t += rng.randint(1, 3)
    for j in range(t + len(RAMP_DOWN)):
        left = {f: p for f, p in end.items() if j < lift_at[f] + len(RAMP_DOWN)}
        if not left:
            break
        lifting = {f: RAMP_DOWN[j - lift_at[f]] for f in left if j >= lift_at[f]}
        frame(left, k, lifting=lifting)
        k += 1
    what = ("landing order %s at frames %s; count %+d at motion frame %d%s; "
            "%d motion frames; lifting order %s" %
            (",".join(map(str, order)), ",".join(str(land[f]) for f in order),
             extra, glitch, "; slot 1 swaps at motion frame %d" % swap if swap > 0 else "",
             msteps, ",".join(map(str, lift_order))))
    return frames, what


def real_threshold(pad, w, frames, kind, n):
    """As threshold_frame, from the first frame in which every finger is down,
    the count is right and the slots' touches are past FingerHigh (what the
    driver can decide from)."""
    scale = 1.0 / pad.drv_res
    start = None
    for i, (fingers, count, _, _) in enumerate(frames):
        # all fingers there, the count right, the slots' touches past FingerHigh
        # (a third or fourth finger has no slot: only its count is seen)
        ready = len(fingers) == n and count == n
        cur = w.usable[i]
        if start is None:
            if ready and len(cur) == min(n, 2):
                start = cur
            continue
        if len(cur) != len(start):
            continue
        if moved(kind, start, cur, scale):
            return i
    return -1


def record_real(pad, gesture, index):
    name, kind, start, path, steps, note = gesture
    frames, what = realistic(pad, gesture, index)
    w = RealWriter(pad)
    for fingers, count, dt, swap in frames:
        w.rich(fingers, count, dt, swap)
    for _ in range(2):
        w.rich([], 0, 12.0)
    w.save(name + "-real")
    thr = real_threshold(pad, w, frames, kind, len(start))
    with open(os.path.join(OUT, "%s.%s-real.expect" % (pad.name, name)), "w") as f:
        f.write("expect %s\nthreshold-frame %d\nthreshold-time %.6f\nframe-ms 12.5\nrealistic %s\n" %
                (kind, thr, w.times[thr] if thr >= 0 else -1, what))
        if note:
            f.write("note %s\n" % note)


def record_real_three(pad, name, kind, index):
    """Three fingers that tap (tap3-real), or press a clickpad (click3-real),
    as a hand does: they land a frame apart (pressure ramping up), a tap
    lifts them again one by one within 150 ms, a click rests three frames,
    rolls 0.3 mm while pressing harder, holds the button six frames rolling
    0.8 mm more, and lets go; positions jitter, frames come 11-14 ms apart.
    Neither may start a swipe: the test is that a swipe that starts early
    does not start from these."""
    rng = random.Random(zlib.crc32(("%s.%s" % (pad.name, name)).encode()))
    cx, cy = pad.w_mm / 2, pad.h_mm / 2
    start = [(cx - 12, cy), (cx, cy - 3), (cx + 12, cy)]
    order = [0, 1, 2] if index % 2 == 0 else [2, 1, 0]
    land = {f: i for i, f in enumerate(order)}
    noise = lambda: rng.gauss(0, 1.5) / pad.gen_res
    plateau = {f: rng.randint(60, 80) for f in range(3)}
    drift = [(rng.uniform(-0.2, 0.2), rng.uniform(-0.2, 0.2)) for _ in range(3)]
    w = RealWriter(pad)
    if kind == "tap":
        # held: landing frames, one at full pressure; then lifted a frame apart
        steps = [((), 0.0)] * 4
    else:
        rest = 3
        steps = [((), 0.0)] * (rest + 2) + [((BTN_LEFT,), 0.0)] * 6 + [((), 0.0)] * 2
    roll = 0.0
    k = 0
    for i, (buttons, _) in enumerate(steps):
        if kind == "click":
            if i in (3, 4):
                roll += 0.15            # pressing harder before the switch closes
            elif buttons:
                roll += 0.8 / 6
        fingers = []
        for f in sorted(range(3), key=lambda f: land[f]):
            if k < land[f]:
                continue
            age = k - land[f]
            z = RAMP_UP[age] if age < len(RAMP_UP) else plateau[f]
            t = min(1.0, k / 8.0)
            x = start[f][0] + drift[f][0] * t + noise()
            y = start[f][1] + drift[f][1] * t + roll + noise()
            fingers.append((f, x, y, z))
        w.rich(fingers, len(fingers), rng.uniform(11.0, 14.0), buttons=buttons)
        k += 1
    # lift one at a time, a frame apart, pressure falling through FingerLow
    lift = list(range(3))
    rng.shuffle(lift)
    left = {f: start[f] for f in range(3)}
    for j in range(len(lift) + len(RAMP_DOWN)):
        fingers = []
        for n_, f in enumerate(lift):
            if j - n_ >= len(RAMP_DOWN):
                continue
            z = RAMP_DOWN[j - n_] if j >= n_ else plateau[f]
            x = left[f][0] + drift[f][0] + noise()
            y = left[f][1] + drift[f][1] + roll + noise()
            fingers.append((f, x, y, z))
        if not fingers:
            break
        fingers.sort(key=lambda e: land[e[0]])
        w.rich(fingers, len(fingers), rng.uniform(11.0, 14.0))
    for _ in range(2):
        w.rich([], 0, 12.0)
    w.save(name)
    with open(os.path.join(OUT, "%s.%s.expect" % (pad.name, name)), "w") as f:
        f.write("expect %s\nthreshold-frame -1\nthreshold-time -1\nframe-ms 12.5\n"
                "realistic three fingers land a frame apart (order %s), %s\n" %
                (kind, ",".join(map(str, order)),
                 "lift one by one (order %s) within 150 ms" % ",".join(map(str, lift)) if kind == "tap"
                 else "roll 0.3 mm, click for six frames rolling 0.8 mm, release, lift (order %s)" %
                 ",".join(map(str, lift))))


def visible(pad, fingers):
    """What the driver can measure: the two slot points (semi-MT: box corners)."""
    if pad.semi and len(fingers) >= 2:
        a, b = fingers[0], fingers[1]
        return [(min(a[0], b[0]), min(a[1], b[1])), (max(a[0], b[0]), max(a[1], b[1]))]
    return fingers[:2]


def moved(kind, start, cur, scale):
    """Past the driver's threshold: the centre moved SwipeThreshold (swipes), one
    point PinchThreshold (two fingers); points in device units, scale to mm."""
    if kind == "swipe":
        c0 = [sum(p[k] for p in start) / len(start) for k in (0, 1)]
        c1 = [sum(p[k] for p in cur) / len(cur) for k in (0, 1)]
        return math.hypot(c1[0] - c0[0], c1[1] - c0[1]) * scale > SWIPE_THRESHOLD_MM
    return max(math.hypot(c[0] - s[0], c[1] - s[1])
               for c, s in zip(cur, start)) * scale > PINCH_THRESHOLD_MM


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
        if moved(kind, start, cur, scale):
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
        f.write("expect %s\nthreshold-frame %d\nthreshold-time %.6f\nframe-ms %d\n" %
                (kind, thr, thr * FRAME_MS / 1000.0 if thr >= 0 else -1, FRAME_MS))
        if note:
            f.write("note %s\n" % note)


def lerp(a, b, t):
    return a + (b - a) * t


def clean(start, path, steps, hold=2):
    """All fingers land together at `start`, rest `hold` frames, then path(t) -> positions."""
    frames = [(list(start), ())] * hold
    for i in range(1, steps + 1):
        frames.append((list(path(i / steps)), ()))
    return frames


def gestures(pad):
    """The gestures: (name, kind, start positions, path(t) -> positions, steps, note)."""
    cx, cy = pad.w_mm / 2, pad.h_mm / 2
    out = []

    def add(name, kind, start, path, steps, note=""):
        out.append((name, kind, start, path, steps, note))

    # pinch out: 20 mm apart, each finger 12 mm outwards
    add("pinch-out", "pinch", [(cx - 10, cy), (cx + 10, cy)],
        lambda t: ((cx - 10 - 12 * t, cy), (cx + 10 + 12 * t, cy)), 24)
    add("pinch-in", "pinch", [(cx - 20, cy), (cx + 20, cy)],
        lambda t: ((cx - 20 + 10 * t, cy), (cx + 20 - 10 * t, cy)), 20)
    # one finger rests, the other moves away from it: ambiguous at first
    add("pinch-one-finger", "pinch", [(cx - 10, cy), (cx + 5, cy)],
        lambda t: ((cx - 10, cy), (cx + 5 + 15 * t, cy)), 30,
        "one finger still: decided at twice the threshold")
    # a pinch whose centre drifts down 4 mm: still a pinch, never a scroll
    add("pinch-drifting", "pinch", [(cx - 10, cy - 5), (cx + 10, cy - 5)],
        lambda t: ((cx - 10 - 10 * t, cy - 5 + 4 * t), (cx + 10 + 10 * t, cy - 5 + 4 * t)), 20)

    # pinch, then the fingers move together: the pinch goes on (centre moves), no scroll
    def pinch_then_parallel(t):
        s = min(t * 2, 1.0)
        d = max(t * 2 - 1, 0.0)
        return ((cx - 8 - 8 * s, cy - 8 + 15 * d), (cx + 8 + 8 * s, cy - 8 + 15 * d))
    add("pinch-then-parallel", "pinch", [(cx - 8, cy - 8), (cx + 8, cy - 8)],
        pinch_then_parallel, 40)
    if not pad.semi:
        for name, sign in (("rotate-cw", 1), ("rotate-ccw", -1)):
            def rot(t, sign=sign):
                a = math.radians(sign * 60 * t)
                return ((cx - 15 * math.cos(a), cy - 15 * math.sin(a)),
                        (cx + 15 * math.cos(a), cy + 15 * math.sin(a)))
            add(name, "pinch", [(cx - 15, cy), (cx + 15, cy)], rot, 30)
    # two-finger scroll down 25 mm while the fingers drift 3 mm apart: a scroll, not a pinch
    add("scroll-down", "scroll", [(cx - 8, cy - 15), (cx + 8, cy - 15)],
        lambda t: ((cx - 8 - 1.5 * t, cy - 15 + 25 * t), (cx + 8 + 1.5 * t, cy - 15 + 25 * t)), 40)
    add("scroll-up", "scroll", [(cx - 8, cy + 12), (cx + 8, cy + 12)],
        lambda t: ((cx - 8, cy + 12 - 25 * t), (cx + 8, cy + 12 - 25 * t)), 40)

    # scroll 10 mm, then spread 10 mm each way: stays a scroll
    def scroll_then_spread(t):
        s = min(t * 2, 1.0)
        d = max(t * 2 - 1, 0.0)
        return ((cx - 8 - 10 * d, cy - 10 + 10 * s), (cx + 8 + 10 * d, cy - 10 + 10 * s))
    add("scroll-then-spread", "scroll", [(cx - 8, cy - 10), (cx + 8, cy - 10)],
        scroll_then_spread, 40)
    # swipes
    dirs = {"left": (-25, 0), "right": (25, 0), "up": (0, -20), "down": (0, 20)}
    for n in (3, 4):
        if n > pad.max_fingers:
            continue
        offs = [(-15, 0), (-5, -3), (5, -3), (15, 0)][:n]
        for d, (dx, dy) in dirs.items():
            start = [(cx + ox - dx / 2, cy + oy - dy / 2) for ox, oy in offs]

            def path(t, start=start, dx=dx, dy=dy):
                return [(x + dx * t, y + dy * t) for x, y in start]
            add("swipe%d-%s" % (n, d), "swipe", start, path, 30)
    return out


def scenarios(pad):
    cx, cy = pad.w_mm / 2, pad.h_mm / 2
    out = [(name, kind, clean(start, path, steps), note)
           for name, kind, start, path, steps, note in gestures(pad)]

    def add(name, kind, frames, note=""):
        out.append((name, kind, frames, note))

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
        for i, g in enumerate(gestures(pad)):
            record_real(pad, g, i + PADS.index(pad))
        if pad.max_fingers >= 3:
            record_real_three(pad, "tap3-real", "tap", PADS.index(pad))
        if PROP_BUTTONPAD in pad.props:
            record_real_three(pad, "click3-real", "click", PADS.index(pad))
    print("wrote", len(os.listdir(OUT)), "files to", OUT, file=sys.stderr)


if __name__ == "__main__":
    main()
