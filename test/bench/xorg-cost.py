#!/usr/bin/env python3
"""xorg-cost.py - where the X server's instructions go, per driver.

usage: xorg-cost.py DIR   (DIR: a run of `./synmt bench --xorg-callgrind`)

Reads DIR/guest/1-<driver>/{stamps,xorg-annotate.txt,xorg-self.txt}: the
whole Xorg process under callgrind while the same recordings played, once
per driver (callgrind_annotate's output, inclusive and self).  Prints per
driver the instructions per frame written, split by object (the server, its
libraries, the driver module and what it links), and the inclusive cost per
frame of the server functions a pointer event goes through, so that a
difference between drivers shows where it is spent.  Counts, not time:
callgrind slows the server ~50x, so it reads several frames at once where a
real server reads one; the per-frame totals still compare the work.
"""
import os
import re
import sys

DRIVERS = ["ours", "reference", "libinput"]
LABEL = {"ours": "ours", "reference": "synaptics 1.9.2", "libinput": "libinput 1.22"}
LINE = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*?):(\S+)(?:\s+\[(.*)\])?\s*$")
TOTAL = re.compile(r"^\s*([\d,]+)\s+(?:\(\s*[\d.]+%\)\s+)?PROGRAM TOTALS")
# what a motion event costs the server, from the driver's post to the client
FUNCS = [
    "InputThreadDoWork", "xf86PostMotionEventM", "GetPointerEvents",
    "acceleratePointerPredictable", "ProcessVelocityData2D", "mieqProcessInputEvents",
    "ProcessOtherEvent", "DeliverDeviceEvents", "DeliverRawEvent", "WriteEventsToClient",
    "FlushAllOutput", "WaitForSomething", "DoTimers", "TimerSet",
]


def parse(path):
    """-> (total, {func: cost}, {object: cost}) of a callgrind_annotate output"""
    total, funcs, objs = 0, {}, {}
    if not os.path.exists(path):
        return None
    with open(path) as f:
        for line in f:
            m = TOTAL.match(line)
            if m:
                total = int(m.group(1).replace(",", ""))
                continue
            m = LINE.match(line)
            if not m:
                continue
            cost = int(m.group(1).replace(",", ""))
            func = m.group(3)
            obj = os.path.basename(m.group(4) or "?")
            funcs[func] = funcs.get(func, 0) + cost
            objs[obj] = objs.get(obj, 0) + cost
    return total, funcs, objs


def frames(d):
    p = os.path.join(d, "stamps")
    if not os.path.exists(p):
        return 0
    with open(p) as f:
        return sum(1 for _ in f)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: xorg-cost.py DIR")
    out = sys.argv[1]
    res = {}
    for drv in DRIVERS:
        d = os.path.join(out, "guest", "1-" + drv)
        incl = parse(os.path.join(d, "xorg-annotate.txt"))
        self_ = parse(os.path.join(d, "xorg-self.txt"))
        n = frames(d)
        if incl and self_ and n:
            res[drv] = (n, incl, self_)
    if not res:
        sys.exit("xorg-cost: no callgrind results under %s/guest" % out)
    print("Xorg under callgrind, the same recordings per driver: instructions per frame written")
    print("%-36s %16s %16s %16s" % ("", *[LABEL[d] for d in DRIVERS]))

    def row(label, get):
        cells = []
        for drv in DRIVERS:
            if drv not in res:
                cells.append("-")
                continue
            n, incl, self_ = res[drv]
            v = get(incl, self_)
            cells.append("-" if v is None else "%.0f" % (v / n))
        print("%-36s %16s %16s %16s" % (label, *cells))

    row("frames played", lambda i, s: None)
    print("%-36s %16s %16s %16s" % ("", *[str(res[d][0]) if d in res else "-" for d in DRIVERS]))
    row("whole process", lambda i, s: s[0])
    objs = set()
    for drv in res:
        objs.update(o for o, c in res[drv][2][2].items() if c > res[drv][2][0] * 0.01)
    print("by object (self cost)")
    for o in sorted(objs, key=lambda o: -max(res[d][2][2].get(o, 0) / res[d][0] for d in res)):
        row("  " + o[:34], lambda i, s, o=o: s[2].get(o, 0))
    print("server functions (inclusive)")
    for fn in FUNCS:
        if any(fn in res[d][1][1] for d in res):
            row("  " + fn, lambda i, s, fn=fn: i[1].get(fn))
    for drv in res:
        n, incl, self_ = res[drv]
        top = sorted(self_[1].items(), key=lambda kv: -kv[1])[:8]
        print("%s: costliest functions (self, per frame): %s" % (
            LABEL[drv], ", ".join("%s %.0f" % (f, c / n) for f, c in top)))


if __name__ == "__main__":
    main()
