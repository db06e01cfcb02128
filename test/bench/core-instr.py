#!/usr/bin/env python3
"""core-instr.py - our core's instructions per frame, under callgrind.

Runs synreplay (the evdev backend and the core, no X server) under
valgrind's callgrind on recordings and counts the instructions executed
inside the core: tp_core_frame, tp_core_reset and synreplay's run_timeouts
(the loop of tp_core_next_timeout / tp_core_timeout calls before each frame
and at the end: a few instructions of its own per call), without
synreplay's output callbacks (out_motion, out_button, out_scroll,
out_gesture, out_log: collection toggles off inside them).  The toggles are
never nested in each other (callgrind would toggle collection off again):
the core calls tp_core_next_timeout itself, so that one cannot be a toggle.  A second figure adds the evdev backend (tp_evdev_feed:
turning input_events into frames), the part libinput's count also holds.
Deterministic: the same build and recordings give the same numbers.

Two sets:
  corpus   every recording of test/gestures/rec (DESC... on the command
           line: each pad's description with all its PAD.*.events)
  bench    the recordings the bench plays in the guest (--set FILE: lines
           NAME=EVENTS, NAME starting with the pad), the ones li-count
           plays through libinput: the side-by-side figure

Output (stdout), "key value" lines:
  corpus-frames N, corpus-instr N, corpus-instr-per-frame F,
  corpus-evdev-instr-per-frame F (core + evdev backend),
  bench-frames, bench-instr, bench-instr-per-frame, bench-evdev-instr-per-frame,
  top FUNCTION IR PERCENT   (the corpus run's five costliest core functions,
                             self cost)
The callgrind files stay in --out DIR.

usage: core-instr.py --synreplay PATH --out DIR --set FILE DESC...
"""
import argparse
import glob
import os
import re
import subprocess
import sys

CORE_ENTRIES = ["tp_core_frame", "tp_core_reset", "run_timeouts"]
CALLBACKS = ["out_motion", "out_button", "out_scroll", "out_gesture", "out_log"]
SYNREPLAY_OPTS = ["--set", "TapButton1=1"]   # as in the bench's Xorg runs


def callgrind(synreplay, outfile, entries, desc, events):
    cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no",
           "--callgrind-out-file=" + outfile]
    cmd += ["--toggle-collect=" + f for f in entries + CALLBACKS]
    cmd += [synreplay, "--quiet", "--summary"] + SYNREPLAY_OPTS + [desc] + events
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("core-instr: %s failed: %s" % (" ".join(cmd[-3:]), r.stderr[-500:]))
    frames = int(re.search(r"^summary frames (\d+)", r.stdout, re.M).group(1))
    with open(outfile) as f:
        total = None
        for line in f:
            if line.startswith("summary:") or line.startswith("totals:"):
                total = int(line.split()[1])
    return frames, total or 0


def top_functions(files, n=5):
    """The costliest functions by self cost over the callgrind files."""
    cost = {}
    for path in files:
        r = subprocess.run(["callgrind_annotate", "--threshold=100", path],
                           capture_output=True, text=True)
        for line in r.stdout.splitlines():
            m = re.match(r"\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+\S*:(\S+)", line) or \
                re.match(r"\s*([\d,]+)\s+\S*:(\S+)", line)
            if m:
                fn = m.group(2)
                cost[fn] = cost.get(fn, 0) + int(m.group(1).replace(",", ""))
    total = sum(cost.values()) or 1
    return [(fn, c, 100.0 * c / total) for fn, c in sorted(cost.items(), key=lambda x: -x[1])[:n]]


def run_set(args, name, groups):
    """groups: [(desc, [events])] -> (frames, core instr, core+evdev instr, files)"""
    frames = instr = evinstr = 0
    files = []
    for i, (desc, events) in enumerate(groups):
        out = os.path.join(args.out, "%s-%d-%s.callgrind" % (name, i, os.path.basename(desc)))
        f, c = callgrind(args.synreplay, out, CORE_ENTRIES, desc, events)
        out2 = out.replace(".callgrind", ".evdev.callgrind")
        _, e = callgrind(args.synreplay, out2, CORE_ENTRIES + ["tp_evdev_feed"], desc, events)
        frames += f
        instr += c
        evinstr += e
        files.append(out)
    return frames, instr, evinstr, files


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--synreplay", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--set", required=True)
    ap.add_argument("desc", nargs="+")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)

    corpus = []
    for desc in args.desc:
        pad = os.path.basename(desc)[:-len(".desc")]
        events = sorted(glob.glob(os.path.join(os.path.dirname(desc), pad + ".*.events")))
        if events:
            corpus.append((desc, events))
    bench = {}
    descdir = os.path.dirname(args.desc[0])
    with open(args.set) as f:
        for line in f:
            name, _, events = line.strip().partition("=")
            if not events:
                continue
            pad = name.split(".")[0]
            # the bench's own recordings carry their pad's description beside them
            desc = os.path.join(os.path.dirname(events), pad + ".desc")
            if not os.path.exists(desc):
                desc = os.path.join(descdir, pad + ".desc")
            bench.setdefault(desc, []).append(events)

    for name, groups in (("corpus", corpus), ("bench", sorted(bench.items()))):
        frames, instr, evinstr, files = run_set(args, name, groups)
        print("%s-frames %d" % (name, frames))
        print("%s-instr %d" % (name, instr))
        print("%s-instr-per-frame %.1f" % (name, instr / frames if frames else 0))
        print("%s-evdev-instr-per-frame %.1f" % (name, evinstr / frames if frames else 0))
        if name == "corpus":
            for fn, c, pct in top_functions(files):
                print("top %s %d %.1f" % (fn, c, pct))


if __name__ == "__main__":
    main()
