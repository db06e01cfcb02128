#!/usr/bin/env python3
"""random-streams.py OUTDIR N - N seeded, plausible MT-B event streams.

For test/replay/diff-builds: two slots that land, move with jitter, change
pressure and lift at random, the pointer emulation (ABS_X/Y/PRESSURE),
BTN_TOUCH and BTN_TOOL_* (now and then a wrong count, as real pads report),
clicks, and frame intervals from 6 ms to 300 ms.  Stream k is the same on
every run (random.Random(k)).  Positions and pressures fit the MT-B
clickpad of test/gestures/rec; other descriptions take them as they come.
"""
import os
import random
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import evemu  # noqa: E402  (test/lib)

X_RANGE, Y_RANGE = (1472, 5472), (1408, 4448)
INTERVALS = [0.006, 0.012, 0.0125, 0.013, 0.02, 0.05, 0.3]
TOOLS = ((0x145, 1), (0x14d, 2), (0x14e, 3))   # BTN_TOOL_FINGER, DOUBLETAP, TRIPLETAP


def slot_events(r, s, slot, tid):
    """Events of one slot in one frame; returns (events, new slot, new tid)."""
    act = r.random()
    if slot is None and act < 0.15:
        slot = [r.randint(*X_RANGE), r.randint(*Y_RANGE), r.randint(10, 90)]
        ev = [(3, 0x2f, s), (3, 0x39, tid), (3, 0x35, slot[0]), (3, 0x36, slot[1]),
              (3, 0x3a, slot[2])]
        return ev, slot, tid + 1
    if slot is not None and act < 0.05:
        return [(3, 0x2f, s), (3, 0x39, -1)], None, tid
    if slot is None:
        return [], None, tid
    slot[0] += r.randint(-60, 60)
    slot[1] += r.randint(-60, 60)
    slot[2] = max(0, min(255, slot[2] + r.randint(-8, 8)))
    return [(3, 0x2f, s), (3, 0x35, slot[0]), (3, 0x36, slot[1]), (3, 0x3a, slot[2])], slot, tid


def stream(k):
    r = random.Random(k)
    t, tid, btn = 1000.0, 1, 0
    slots = [None, None]
    lines = []
    for _ in range(r.randint(20, 200)):
        t += r.choice(INTERVALS)
        ev = []
        for s in range(2):
            e, slots[s], tid = slot_events(r, s, slots[s], tid)
            ev += e
        down = [x for x in slots if x]
        if r.random() < 0.05:
            btn ^= 1
            ev.append((1, 0x110, btn))
        nf = len(down) if r.random() > 0.1 else r.randint(0, 3)
        ev += [(1, code, 1 if nf == c else 0) for code, c in TOOLS]
        ev.append((1, 0x14a, 1 if down else 0))
        if down:
            ev += [(3, 0, down[0][0]), (3, 1, down[0][1]), (3, 0x18, down[0][2])]
        else:
            ev.append((3, 0x18, 0))
        lines += [evemu.event_line(t, ty, code, val) for ty, code, val in ev]
        lines.append(evemu.syn_line(t))
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.splitlines()[0])
    out, n = sys.argv[1], int(sys.argv[2])
    os.makedirs(out, exist_ok=True)
    for k in range(n):
        with open(os.path.join(out, "rand%03d.events" % k), "w") as f:
            f.write(stream(k))


if __name__ == "__main__":
    main()
