#!/usr/bin/python3
"""seed-evdev.py - an evemu recording as an input of the fuzz-evdev harness.

    seed-evdev.py [--set Option=value]... [--max-events N] DESC [EVENTS...] > SEED

DESC is an evemu device description (N:/I:/P:/B:/A: lines); the events come
from the EVENTS files (E: lines), or from DESC itself when it holds both.
The output is the byte layout fuzz-evdev.c documents: the device, the
options (--set, as in xorg.conf), then one record per event.  The seed corpus in test/fuzz/corpus/evdev/ is made with it
(test/fuzz/make-seeds).
"""
import argparse
import os
import struct
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import evemu  # noqa: E402  (test/lib)

EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
SYN_REPORT, SYN_DROPPED = 0, 3
ABS_X, ABS_Y, ABS_PRESSURE, ABS_TOOL_WIDTH = 0x00, 0x01, 0x18, 0x1C
ABS_MT_SLOT, ABS_MT_TOUCH_MAJOR = 0x2F, 0x30
ABS_MT_POSITION_X, ABS_MT_POSITION_Y = 0x35, 0x36
ABS_MT_TRACKING_ID, ABS_MT_PRESSURE = 0x39, 0x3A
BTN_MISC, BTN_LEFT, BTN_RIGHT, BTN_MIDDLE = 0x100, 0x110, 0x111, 0x112
BTN_FORWARD, BTN_BACK = 0x115, 0x116
BTN_TOOL_PEN, BTN_TOOL_FINGER, BTN_TOOL_QUINTTAP = 0x140, 0x145, 0x148
BTN_TOUCH, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP, BTN_TOOL_QUADTAP = 0x14A, 0x14D, 0x14E, 0x14F
INPUT_PROP_BUTTONPAD, INPUT_PROP_SEMI_MT, INPUT_PROP_TOPBUTTONPAD = 2, 3, 4

# the tables of fuzz-evdev.c, in its order
AXES = [ABS_X, ABS_Y, ABS_PRESSURE, ABS_TOOL_WIDTH, ABS_MT_POSITION_X,
        ABS_MT_POSITION_Y, ABS_MT_PRESSURE, ABS_MT_TOUCH_MAJOR]
TOOLS = [BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP,
         BTN_TOOL_QUADTAP, BTN_TOOL_QUINTTAP, BTN_TOOL_PEN]
BUTTONS = [BTN_LEFT, BTN_RIGHT, BTN_MIDDLE, BTN_FORWARD, BTN_BACK] + \
    [0x100 + i for i in range(8)]
ABS_EVENT_CODES = [ABS_X, ABS_Y, ABS_PRESSURE, ABS_TOOL_WIDTH, ABS_MT_SLOT,
                   ABS_MT_TRACKING_ID, ABS_MT_POSITION_X, ABS_MT_POSITION_Y,
                   ABS_MT_PRESSURE, ABS_MT_TOUCH_MAJOR]
KEY_EVENT_CODES = [BTN_TOUCH, BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP,
                   BTN_TOOL_QUADTAP, BTN_TOOL_QUINTTAP, BTN_LEFT, BTN_RIGHT, BTN_MIDDLE,
                   BTN_FORWARD, BTN_BACK, 0x100, 0x101, 0x102, 0x103, 0x107]
US_PER_TICK = 50


def read_desc(path):
    props, bits, absinfo, vendor, product = set(), {}, {}, 0, 0
    seen = {}
    with open(path) as f:
        for line in f:
            w = line.split()
            if not w:
                continue
            if w[0] == "I:":
                vendor, product = int(w[2], 16), int(w[3], 16)
            elif w[0] == "P:":
                for i, b in enumerate(w[1:]):
                    for k in range(8):
                        if int(b, 16) & (1 << k):
                            props.add(i * 8 + k)
            elif w[0] == "B:":
                # a long bitmask goes on over several lines of the same type
                t = int(w[1], 16)
                base = seen.get(t, 0)
                for i, b in enumerate(w[2:]):
                    for k in range(8):
                        if int(b, 16) & (1 << k):
                            bits.setdefault(t, set()).add((base + i) * 8 + k)
                seen[t] = base + len(w) - 2
            elif w[0] == "A:":
                v = [int(x) for x in w[2:]]
                absinfo[int(w[1], 16)] = (v + [0, 0, 0, 0, 0])[:5]
    return props, bits, absinfo, vendor, product


def read_events(paths):
    for p in paths:
        yield from evemu.events(p)


def header(desc, sets):
    props, bits, absinfo, vendor, product = desc
    keys, axes = bits.get(EV_KEY, set()), set(absinfo)
    flags = (INPUT_PROP_SEMI_MT in props) | (INPUT_PROP_BUTTONPAD in props) << 1 | \
        (INPUT_PROP_TOPBUTTONPAD in props) << 2 | (ABS_PRESSURE in axes) << 4 | \
        (ABS_TOOL_WIDTH in axes) << 5 | (ABS_MT_SLOT in axes) << 6 | (BTN_TOUCH in keys) << 7
    tools = sum(1 << i for i, c in enumerate(TOOLS) if c in keys) | \
        (ABS_MT_PRESSURE in axes) << 6 | (ABS_MT_TOUCH_MAJOR in axes) << 7
    buttons = sum(1 << i for i, c in enumerate(BUTTONS) if c in keys)
    out = struct.pack("<BBHHHI", flags, tools, buttons, vendor, product,
                      absinfo.get(ABS_MT_SLOT, [0, 0])[1] + 1)
    for code in AXES:
        lo, hi, fuzz, _flat, res = absinfo.get(code, [0, 0, 0, 0, 0])
        out += struct.pack("<iiiii", lo, hi, fuzz, res, 0)
    out += struct.pack("<B", len(sets))
    for name, value in sets:
        out += name.encode() + b"\0" + value.encode() + b"\0"
    return out


def records(events, limit):
    out, last_report, n = b"", None, 0
    for t, typ, code, value in events:
        if n >= limit:
            break
        n += 1
        if typ == EV_ABS:
            c = ABS_EVENT_CODES.index(code) if code in ABS_EVENT_CODES else code
            out += struct.pack("<BBi", 0, c, value)
        elif typ == EV_KEY:
            if code in KEY_EVENT_CODES:
                c = KEY_EVENT_CODES.index(code)
            elif BTN_MISC <= code < BTN_MISC + 256:
                c = code - BTN_MISC
            else:
                continue
            out += struct.pack("<BBB", 2, c, value)
        elif typ == EV_SYN and code == SYN_REPORT:
            dt = 0 if last_report is None else max(0, t - last_report)
            last_report = t
            out += struct.pack("<BH", 3, min(dt // US_PER_TICK, 0xFFFF))
        elif typ == EV_SYN and code == SYN_DROPPED:
            out += struct.pack("<B", 5)
    return out + struct.pack("<BH", 6, 0xFFFF)   # let the last timeouts fire


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", action="append", default=[], metavar="Option=value")
    ap.add_argument("--max-events", type=int, default=1500)
    ap.add_argument("desc")
    ap.add_argument("events", nargs="*")
    a = ap.parse_args()
    sets = [tuple(s.split("=", 1)) for s in a.set]
    desc = read_desc(a.desc)
    body = records(read_events(a.events or [a.desc]), a.max_events)
    sys.stdout.buffer.write(header(desc, sets) + body)


if __name__ == "__main__":
    main()
