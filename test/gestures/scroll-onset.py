#!/usr/bin/env python3
"""scroll-onset.py - two-finger scrolls that ease in start scrolling at once.

The bench's scrolls (test/bench/gen-motion.py, seeded: the same strokes
every run) on the MT-B clickpad and the semi-MT pad, whose slot positions
declare a fuzz of 8: the fingers rest, then move 15-30 mm together, their
first frames moving a unit or a few.  Played the two ways a Debian system
delivers them:
  - kernel-filtered (--kernel-filter): no libinput udev rules, the kernel
    filters the positions by the fuzz and reports it;
  - libinput-udev (--libinput-udev): libinput-bin's udev rule (installed
    with every Debian X server) moved the fuzz to udev, the kernel filters
    nothing and reports 0: the driver takes the noise from udev.
Every scroll must:
  - post its first scroll event within MAX_FRAMES of the first frame in
    which both fingers move, and half of them within one frame (1.9.2
    scrolls from the first change of the pointer position; the bench
    compares the two in the guest);
  - point that first event the way the stroke goes (no scroll back);
  - never pinch.
MAX_FRAMES: kernel-filtered 1 (on the semi-MT pad 2: its scroll follows
the first reported corner through the hysteresis box, as 1.9 follows
ABS_Y); libinput-udev 2 (raw positions: a finger must leave the noise).
Prints the frames per scroll.  Exit 0 all passed, 1 a check failed, 77
synreplay not built.
"""
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True   # no __pycache__ in test/lib
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import evemu  # noqa: E402  (test/lib)

TOP = os.environ.get("srcdir") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SYNREPLAY = os.environ.get("SYNREPLAY", "./xf86-input-synaptics/tools/synreplay")
MODES = (
    ("kernel-filtered", ["--kernel-filter"], {"mtb-clickpad": 1, "semi-mt": 2}),
    ("libinput-udev", ["--libinput-udev"], {"mtb-clickpad": 2, "semi-mt": 2}),
)


def actions(desc, events, mode_args):
    """(time, words, key=value pairs) per synreplay action line: words are
    the rest of the line ("scroll", or "gesture pinch begin")."""
    out = subprocess.run([SYNREPLAY] + mode_args + ["--set", "TapButton1=1", desc, events],
                         capture_output=True, text=True, check=True).stdout
    acts = []
    for line in out.splitlines():
        p = line.split()
        if len(p) >= 2:
            acts.append((float(p[0]), [w for w in p[1:] if "=" not in w],
                         dict(w.split("=", 1) for w in p[1:] if "=" in w)))
    return acts


def check_pad(tmp, pad, mode, mode_args, max_frames):
    base = os.path.join(tmp, pad)
    times = evemu.frame_times(base + ".scroll.events")
    with open(base + ".scroll.meta") as f:
        onsets = [int(l.split()[1]) for l in f if l.startswith("scroll-onset")]
    acts = actions(base + ".desc", base + ".scroll.events", mode_args)
    where = "%s %s" % (mode, pad)
    failed, frames = 0, []
    for k, o in enumerate(onsets):
        end = onsets[k + 1] if k + 1 < len(onsets) else len(times)
        mine = [a for a in acts if o <= evemu.frame_at(times, a[0]) < end]
        scrolls = [a for a in mine if a[1] == ["scroll"]]
        total = sum(float(a[2].get("vert", 0)) for a in scrolls)
        if not scrolls:
            print("FAILED: %s scroll %d (frame %d): no scroll event" % (where, k, o))
            failed += 1
            continue
        first = scrolls[0]
        f = evemu.frame_at(times, first[0]) - o
        frames.append(f)
        v = float(first[2].get("vert", 0))
        if f > max_frames:
            print("FAILED: %s scroll %d: first scroll event %d frames after both fingers move"
                  % (where, k, f))
            failed += 1
        if v * total <= 0:
            print("FAILED: %s scroll %d: first event %+.2f against the stroke (%+.2f clicks)"
                  % (where, k, v, total))
            failed += 1
        if any(a[1][:2] == ["gesture", "pinch"] for a in mine):
            print("FAILED: %s scroll %d: a pinch" % (where, k))
            failed += 1
    late = sum(1 for f in frames if f > 1)
    if late * 2 > len(onsets):
        print("FAILED: %s: %d of %d scrolls later than one frame" % (where, late, len(onsets)))
        failed += 1
    print("%s: first scroll event, frames after both fingers move: %s"
          % (where, " ".join(map(str, frames))))
    return failed


def main():
    if not os.access(SYNREPLAY, os.X_OK):
        print("SKIP: %s not built" % SYNREPLAY)
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, os.path.join(TOP, "test", "bench", "gen-motion.py"),
                        "--out", tmp, "--scale", "0.5"], check=True)
        failed = sum(check_pad(tmp, pad, mode, args, limits[pad])
                     for mode, args, limits in MODES for pad in ("mtb-clickpad", "semi-mt"))
    print("scroll-onset: %s" % ("FAIL (%d)" % failed if failed else "PASS"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
