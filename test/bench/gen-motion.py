#!/usr/bin/env python3
"""gen-motion.py - the bench's long recordings (test/bench, `./synmt bench`).

Pointer motion and two-finger scrolling as a hand makes them, on the MT-B
clickpad and the semi-MT pad of test/gestures (the same descriptions and
the same kernel-shaped event writer, test/gestures/gen-recordings.py), long
enough for stable latency percentiles:

  PAD.motion-slow.events   one finger, strokes at 15-40 mm/s along gentle
                           curves, 40-80 moving frames each
  PAD.motion-fast.events   strokes at 120-250 mm/s, 12-30 moving frames,
                           every third stroke followed by a tap
  PAD.scroll.events        two fingers 18-22 mm apart scrolling 15-30 mm
                           up or down at 40-90 mm/s

As in the gestures' realistic variants: pressure ramps up from below
FingerHigh and down through FingerLow, positions jitter (sigma 1.5 units),
frames come 11-14 ms apart; between strokes the pad is silent (0.25-0.5 s,
0.45 s after a tap so that its timeout has passed).  Seeded: the output is
fixed for a given --scale.

Beside each .events file a .meta file says which frames matter, by their
index among the file's SYN_REPORTs (evplay --stamps counts the same way):

  frames N          SYN_REPORTs in the file
  move I            frame I moves the one finger (motion files)
  onset I           the first moving frame of a stroke
  stroke L M E      a one-finger stroke: its first frame (landing), the
                    first frame 1 mm from where the finger rested (the
                    strokes ease in: their first frames move a fraction of
                    a unit, below any driver's hysteresis), its last frame
  scroll-onset I    the first frame in which both fingers of a scroll move

usage: gen-motion.py --out DIR [--scale F]   (F: fraction of the strokes,
       default 1; the smoke test uses a small one)
"""
import argparse
import importlib.util
import math
import os
import random
import sys
import zlib

sys.dont_write_bytecode = True   # no __pycache__ in test/gestures
HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "genrec", os.path.join(HERE, "..", "gestures", "gen-recordings.py"))
genrec = importlib.util.module_from_spec(spec)
spec.loader.exec_module(genrec)

PADS = [p for p in genrec.PADS if p.name in ("mtb-clickpad", "semi-mt")]
STROKES = {"motion-slow": 24, "motion-fast": 45, "scroll": 24}
MARGIN_MM = 8.0


class Recording:
    """A RealWriter plus the per-frame marks of the .meta file."""

    def __init__(self, pad, name):
        self.pad, self.name = pad, name
        self.w = genrec.RealWriter(pad)
        self.rng = random.Random(zlib.crc32(("bench.%s.%s" % (pad.name, name)).encode()))
        self.marks = []
        self.nframes = 1        # the writer's leading empty frame

    def noise(self):
        return self.rng.gauss(0, 1.5) / self.pad.gen_res

    def frame(self, fingers, mark=None):
        """fingers: [(fid, x_mm, y_mm, z)]; mark: list of meta words for this frame."""
        jittered = [(f, x + self.noise(), y + self.noise(), z) for f, x, y, z in fingers]
        self.w.rich(jittered, len(fingers), self.rng.uniform(11.0, 14.0))
        for m in mark or ():
            self.marks.append("%s %d" % (m, self.nframes))
        self.nframes += 1

    def silence(self, seconds):
        """No frames at all (a pad sends nothing while untouched)."""
        self.w.t += seconds

    def touch(self, points, path, nmove, kind):
        """Fingers land at points (ramping up), rest, follow path(t) -> points
        for nmove frames, lift (ramping down).  kind: motion or scroll."""
        n = len(points)
        land = self.nframes
        plateau = [self.rng.randint(60, 80) for _ in range(n)]
        ramp = genrec.RAMP_UP
        for z in ramp:
            self.frame([(f, x, y, min(z, plateau[f])) for f, (x, y) in enumerate(points)])
        for _ in range(self.rng.randint(2, 4)):
            self.frame([(f, x, y, plateau[f]) for f, (x, y) in enumerate(points)])
        pts = points
        moved_1mm = None
        for i in range(1, nmove + 1):
            pts = path(i / nmove)
            if moved_1mm is None and math.hypot(pts[0][0] - points[0][0],
                                                pts[0][1] - points[0][1]) >= 1.0:
                moved_1mm = self.nframes
            if kind == "motion":
                mark = ["move"] + (["onset"] if i == 1 else [])
            else:
                mark = ["scroll-onset"] if i == 1 else []
            self.frame([(f, x, y, plateau[f]) for f, (x, y) in enumerate(pts)], mark)
        for z in genrec.RAMP_DOWN:
            self.frame([(f, x, y, z) for f, (x, y) in enumerate(pts)])
        if kind == "motion" and moved_1mm is not None:
            self.marks.append("stroke %d %d %d" % (land, moved_1mm, self.nframes - 1))

    def save(self, out):
        genrec.OUT = out
        self.w.save(self.name)
        with open(os.path.join(out, "%s.%s.meta" % (self.pad.name, self.name)), "w") as f:
            f.write("frames %d\n" % self.nframes)
            f.write("\n".join(self.marks) + "\n")


def inside(pad, x, y):
    return (min(max(x, MARGIN_MM), pad.w_mm - MARGIN_MM),
            min(max(y, MARGIN_MM), pad.h_mm - MARGIN_MM))


def stroke_path(rng, pad, start, speed, nmove):
    """A gentle curve from start: heading turns by up to 60 degrees, the
    speed eases in and out; kept on the pad."""
    heading = rng.uniform(0, 2 * math.pi)
    turn = rng.uniform(-math.pi / 3, math.pi / 3)
    length = speed * nmove * 0.0125
    # keep the end on the pad: shorten toward the centre if needed
    cx, cy = pad.w_mm / 2, pad.h_mm / 2
    ex = start[0] + length * math.cos(heading + turn / 2)
    ey = start[1] + length * math.sin(heading + turn / 2)
    if (ex, ey) != inside(pad, ex, ey):
        heading = math.atan2(cy - start[1], cx - start[0]) - turn / 2

    def path(t):
        s = (1 - math.cos(math.pi * t)) / 2          # ease in and out
        a = heading + turn * s
        d = length * s
        return [inside(pad, start[0] + d * math.cos(a), start[1] + d * math.sin(a))]
    return path


def motion(pad, name, scale):
    rec = Recording(pad, name)
    rng = rec.rng
    fast = name == "motion-fast"
    for k in range(max(1, int(STROKES[name] * scale))):
        start = (rng.uniform(MARGIN_MM, pad.w_mm - MARGIN_MM),
                 rng.uniform(MARGIN_MM, pad.h_mm / 2))
        speed = rng.uniform(120, 250) if fast else rng.uniform(15, 40)
        nmove = rng.randint(12, 30) if fast else rng.randint(40, 80)
        rec.touch([start], stroke_path(rng, pad, start, speed, nmove), nmove, "motion")
        rec.silence(rng.uniform(0.25, 0.5))
        if fast and k % 3 == 2:
            tap = (rng.uniform(MARGIN_MM, pad.w_mm - MARGIN_MM), pad.h_mm / 3)
            for z in (22, 45, 66, 66, 40, 12):
                rec.frame([(0, tap[0], tap[1], z)])
            rec.silence(0.45)
    return rec


def scroll(pad, scale):
    rec = Recording(pad, "scroll")
    rng = rec.rng
    for k in range(max(1, int(STROKES["scroll"] * scale))):
        gap = rng.uniform(18, 22)
        x0 = rng.uniform(MARGIN_MM + 2, pad.w_mm - MARGIN_MM - gap - 2)
        dist = rng.uniform(15, 30) * (1 if k % 2 == 0 else -1)
        y0 = pad.h_mm / 2 - dist / 2
        speed = rng.uniform(40, 90)
        nmove = max(8, int(abs(dist) / speed / 0.0125))
        lean = rng.uniform(-0.15, 0.15)

        def path(t, x0=x0, y0=y0, gap=gap, dist=dist, lean=lean):
            s = (1 - math.cos(math.pi * t)) / 2
            return [(x0 + lean * dist * s, y0 + dist * s),
                    (x0 + gap + lean * dist * s, y0 + 1.5 + dist * s)]
        rec.touch([(x0, y0), (x0 + gap, y0 + 1.5)], path, nmove, "scroll")
        rec.silence(rng.uniform(0.4, 0.6))
    return rec


def main():
    ap = argparse.ArgumentParser(description="write the bench's long recordings")
    ap.add_argument("--out", required=True)
    ap.add_argument("--scale", type=float, default=1.0)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    for pad in PADS:
        genrec.OUT = a.out
        genrec.write_desc(pad)
        for rec in (motion(pad, "motion-slow", a.scale), motion(pad, "motion-fast", a.scale),
                    scroll(pad, a.scale)):
            rec.save(a.out)


if __name__ == "__main__":
    main()
