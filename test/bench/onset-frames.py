#!/usr/bin/env python3
"""onset-frames.py - our first gesture (or scroll) event per realistic recording,
in frames from the threshold frame, as synreplay plays it (host, deterministic).

usage: onset-frames.py --synreplay PATH [--set Name=value]... [--kernel-filter]
                       [--libinput-udev] REC_DIR

--kernel-filter: synreplay filters the generated recordings as the kernel's
input core does (position fuzz, empty frames), as the guest's uinput
devices do to them; run-bench passes it.
--libinput-udev: as with libinput's udev rule, which moves the positions'
fuzz to udev (the guest runs udevd, as every system does); with
--kernel-filter the kernel then still drops unchanged values and empty
frames.

For every REC_DIR/*-real.expect with a threshold frame: synreplay (the evdev
backend and the core, no X server) plays the recording; the first event of
the expected kind (a scroll event for scrolls, a gesture begin otherwise)
belongs to the last SYN_REPORT at or before its time (synreplay prints
milliseconds: a frame counts from 0.9 ms before its stamp), and the
threshold frame is the one nearest to the .expect's threshold-time, as
analyze.py finds it among evplay's stamps.  Prints one line per recording:

  NAME KIND FRAMES      (FRAMES: event frame - threshold frame; "none")

The guest measures the same from the X server's event times (analyze.py's
gesture table); these are the core's own, free of the emulator's load.
"""
import argparse
import glob
import os
import subprocess
import sys

sys.dont_write_bytecode = True   # no __pycache__ in test/lib
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import evemu  # noqa: E402  (test/lib)


def expect(path):
    e = {}
    with open(path) as f:
        for line in f:
            k, _, v = line.strip().partition(" ")
            e[k] = v
    return e


def first_event(out, kind):
    for line in out.splitlines():
        p = line.split()
        if len(p) < 3:
            continue
        if kind == "scroll" and p[1] == "scroll":
            return float(p[0])
        if kind != "scroll" and p[1] == "gesture" and p[3] == "begin":
            return float(p[0])
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--synreplay", required=True)
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--kernel-filter", action="store_true",
                    help="filter as the kernel does when the guest plays a generated recording")
    ap.add_argument("--libinput-udev", action="store_true",
                    help="the positions' fuzz in udev, none in the kernel (synreplay --libinput-udev)")
    ap.add_argument("rec")
    a = ap.parse_args()
    opts = [x for s in a.set for x in ("--set", s)] + (["--kernel-filter"] if a.kernel_filter else []) + \
        (["--libinput-udev"] if a.libinput_udev else [])
    for e in sorted(glob.glob(os.path.join(a.rec, "*-real.expect"))):
        name = os.path.basename(e)[:-len(".expect")]
        exp = expect(e)
        if float(exp.get("threshold-time", -1)) < 0:
            continue
        pad = name.split(".", 1)[0]
        events = os.path.join(a.rec, name + ".events")
        r = subprocess.run([a.synreplay] + opts + [os.path.join(a.rec, pad + ".desc"), events],
                           capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("onset-frames: synreplay %s failed: %s" % (name, r.stderr[-300:]))
        times = evemu.frame_times(events)
        tt = float(exp["threshold-time"])
        thr = min(range(len(times)), key=lambda k: abs(times[k] - tt))
        t = first_event(r.stdout, exp.get("expect"))
        if t is None:
            print("%s %s none" % (name, exp.get("expect")))
            continue
        frame = evemu.frame_at(times, t)
        print("%s %s %d" % (name, exp.get("expect"), frame - thr))


if __name__ == "__main__":
    main()
