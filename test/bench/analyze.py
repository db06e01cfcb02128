#!/usr/bin/env python3
"""analyze.py - the bench's figures from what guest-bench collected.

usage: analyze.py DIR        (DIR: a build/bench/<timestamp>/ of run-bench)

Reads DIR/guest/<rep>-<driver>/{events.log,stamps,proc}, DIR/rec/*.meta,
test/gestures/rec/*.expect, DIR/core-instr.txt and DIR/guest/li/.  Writes
DIR/latency.tsv (every matched event), DIR/summary.txt (the table, also on
stdout), DIR/latency-cdf.png and DIR/cpu.png (gnuplot), and prints the
summary line last.

How events are matched to frames.  evplay stamps every SYN_REPORT with
CLOCK_MONOTONIC right after writing it; xevlog --monotonic stamps every
event with CLOCK_MONOTONIC when it read it; the X server's event time is
CLOCK_MONOTONIC in ms when the driver posted the event.  An event belongs
to the last frame written before its server time (+1 ms: the server time is
truncated to ms): its latency is read time - that frame's stamp, what the
hand feels from the pad's report to the client, including the server's
queueing and a driver that runs behind.
  motion latency   every XI2 RawMotion / Motion of a touchpad in the motion
                   recordings
  first motion     per stroke: the frame in which the finger is 1 mm from
                   where it rested -> the stroke's first RawMotion, in ms and
                   frames (negative: it moved earlier; a driver that waits
                   for history or a larger move before moving shows here)
  scroll latency   per two-finger scroll: the first frame both fingers move
                   -> the first smooth-scroll event (XI2 Motion with a
                   scroll-valuator delta), in ms and in frames (the frame
                   of the event's server time); scroll-onset-vs-synaptics
                   is the larger of ours/1.9.2 of its p50 and of its max
  gesture frames   per gesture recording: the frame of the first gesture
                   event (first scroll event for scrolls) - the frame that
                   crosses the movement threshold (.expect threshold-time);
                   beside it synreplay's (DIR/onset-frames.txt, every pad);
                   swipe-frames-vs-libinput is the worst of ours - libinput
                   over the swipes both recognised
  Xorg CPU         utime+stime of the Xorg process over the whole play, per
                   10,000 frames written; RSS growth over it
"""
import glob
import math
import os
import re
import subprocess
import sys

DRIVERS = ["ours", "reference", "libinput"]
LABEL = {"ours": "ours", "reference": "synaptics 1.9.2", "libinput": "libinput 1.22"}
TOP = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
GREC = os.path.join(TOP, "test", "gestures", "rec")
LINE_RE = re.compile(r'^(\d+) (\d+) xi2 (\S+) dev="([^"]*)"')


def pct(values, p):
    if not values:
        return None
    v = sorted(values)
    k = (len(v) - 1) * p / 100.0
    lo, hi = int(math.floor(k)), int(math.ceil(k))
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def fmt(v, f="%.2f"):
    return "-" if v is None else f % v


def fields(path):
    """The whitespace-separated fields of each line of a file (none if it is missing)."""
    if not os.path.exists(path):
        return
    with open(path) as f:
        for line in f:
            yield line.split()


def read_stamps(path):
    """-> {name: [(index, rec_t, us)]}"""
    out = {}
    for p in fields(path):
        if len(p) == 4:
            out.setdefault(p[0], []).append((int(p[1]), float(p[2]), int(p[3])))
    return out


def read_events(path):
    """-> {name: [(read_us, xtime_ms, type, dev, line)]} by evplay's markers"""
    out, cur = {}, None
    if not os.path.exists(path):
        return out
    with open(path) as f:
        for line in f:
            if line.startswith("# play "):
                cur = line.split()[2]
                out.setdefault(cur, [])
                continue
            m = LINE_RE.match(line)
            if m and cur is not None and m.group(4).startswith("touchpad"):
                out[cur].append((int(m.group(1)), int(m.group(2)), m.group(3), m.group(4), line))
    return out


def read_meta(path):
    meta = {"move": set(), "onset": [], "scroll-onset": [], "stroke": []}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                k, _, v = line.strip().partition(" ")
                if k == "move":
                    meta["move"].add(int(v))
                elif k in ("onset", "scroll-onset"):
                    meta[k].append(int(v))
                elif k == "stroke":
                    meta[k].append(tuple(int(x) for x in v.split()))
    return meta


def read_expect(name):
    e = {}
    path = os.path.join(GREC, name + ".expect")
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                k, _, v = line.strip().partition(" ")
                e[k] = v
    return e


class Frames:
    """One recording's stamps, for frame lookups by time."""

    def __init__(self, stamps):
        self.st = stamps
        self.us = [s[2] for s in stamps]

    def at_server_time(self, xtime_ms):
        """Index into the stamps of the last frame written before the server
        posted an event at xtime_ms (None if before the first)."""
        lim = xtime_ms * 1000 + 999
        lo, hi = 0, len(self.us)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.us[mid] <= lim:
                lo = mid + 1
            else:
                hi = mid
        return lo - 1 if lo > 0 else None


def first_after(events, start_us, pred, within_us=1000000):
    for ev in events:
        if ev[1] * 1000 + 999 >= start_us and pred(ev):
            if ev[0] - start_us > within_us:
                return None
            return ev
    return None


def is_scroll(ev):
    return ev[2] == "Motion" and ("scroll_v=" in ev[4] or "scroll_h=" in ev[4])


def analyze_run(d, rec_dir, tsv, drv, rep):
    stamps = read_stamps(os.path.join(d, "stamps"))
    events = read_events(os.path.join(d, "events.log"))
    r = {"lat": {"RawMotion": [], "Motion": []}, "onset": [], "onset-frames": [], "scroll": [],
         "scroll-frames": [], "gest": {},
         "frames": sum(len(v) for v in stamps.values()), "cpu": None, "rss": None,
         "clock-bad": 0, "onset-missing": 0, "scroll-missing": 0,
         "posted": sum(1 for evs in events.values() for e in evs if not e[2].startswith("Raw"))}
    for name, st in stamps.items():
        fr = Frames(st)
        evs = events.get(name, [])
        kind = name.split(".", 1)[1]
        if kind.startswith("motion-") or kind == "scroll":
            meta = read_meta(os.path.join(rec_dir, name + ".meta"))
        if kind.startswith("motion-"):
            for ev in evs:
                if ev[2] not in r["lat"]:
                    continue
                if ev[0] < ev[1] * 1000:
                    r["clock-bad"] += 1
                i = fr.at_server_time(ev[1])
                if i is None:
                    continue
                lat = (ev[0] - st[i][2]) / 1000.0
                r["lat"][ev[2]].append(lat)
                tsv.write("%s\t%d\t%s\t%s\t%d\t%.3f\n" % (drv, rep, name, ev[2], st[i][0], lat))
            for land, mm1, end in meta["stroke"]:
                if end >= len(st):
                    continue
                ev = next((e for e in evs if e[2] == "RawMotion" and
                           land <= (fr.at_server_time(e[1]) or -1) <= end), None)
                if ev:
                    r["onset"].append((ev[0] - st[mm1][2]) / 1000.0)
                    r["onset-frames"].append(fr.at_server_time(ev[1]) - mm1)
                else:
                    r["onset-missing"] += 1
        elif kind == "scroll":
            for idx in meta["scroll-onset"]:
                if idx >= len(st):
                    continue
                ev = first_after(evs, st[idx][2], is_scroll)
                if ev:
                    r["scroll"].append((ev[0] - st[idx][2]) / 1000.0)
                    i = fr.at_server_time(ev[1])
                    if i is not None:
                        r["scroll-frames"].append(i - idx)
                else:
                    r["scroll-missing"] += 1
        else:
            exp = read_expect(name)
            if "threshold-time" not in exp:
                continue
            tt = float(exp["threshold-time"])
            thr = min(range(len(st)), key=lambda k: abs(st[k][1] - tt))
            if exp.get("expect") == "scroll":
                pred = is_scroll
            else:
                pred = lambda e: e[2].startswith("Gesture") and e[2].endswith("Begin")
            ev = next((e for e in evs if pred(e)), None)
            if ev is None:
                r["gest"][name] = (exp.get("expect"), None, None, "note" in exp)
                continue
            i = fr.at_server_time(ev[1])
            frames = (i if i is not None else 0) - thr
            r["gest"][name] = (exp.get("expect"), frames, (ev[0] - st[thr][2]) / 1000.0, "note" in exp)
    proc, hz = os.path.join(d, "proc"), 100.0
    if os.path.exists(proc):
        with open(proc) as f:
            rows = [list(map(int, l.split())) for l in f if len(l.split()) == 4]
        if len(rows) == 2 and r["frames"]:
            ticks = (rows[1][0] + rows[1][1]) - (rows[0][0] + rows[0][1])
            r["cpu"] = ticks / float(rows[0][2]) * 10000.0 / r["frames"]
            r["rss"] = rows[1][3] - rows[0][3]
        if rows:
            hz = float(rows[0][2])
    r["threads"] = read_threads(d, hz)
    return r


def read_threads(d, hz):
    """threads.before/after (guest-bench's threads_sample) -> {thread:
    (cpu s, minor faults, voluntary + involuntary switches)} over the play;
    "all" is the whole process.  {} when not recorded."""
    def load(name):
        path = os.path.join(d, name)
        if not os.path.exists(path):
            return {}
        with open(path) as f:
            return {p[0]: list(map(int, p[1:])) for p in (l.split() for l in f) if len(p) == 7}
    a, b = load("threads.before"), load("threads.after")
    res = {}
    for name in b:
        if name in a:
            u, s, mi, _, v, n = (y - x for x, y in zip(a[name], b[name]))
            res[name] = ((u + s) / hz, mi, v + n)
    return res


def read_onset_frames(path):
    """onset-frames.py's lines -> {name: (kind, frames or None)}"""
    res = {}
    for p in fields(path):
        if len(p) == 3:
            res[p[0]] = (p[1], None if p[2] == "none" else int(p[2]))
    return res


def li_instr(out):
    """libinput's instructions per frame: (run - idle) / frames, or None."""
    d = os.path.join(out, "guest", "li")

    def total(p):
        if not os.path.exists(p):
            return None
        with open(p) as f:
            for line in f:
                if line.startswith("summary:") or line.startswith("totals:"):
                    return int(line.split()[1])
        return None

    def kv(p):
        res = {}
        if os.path.exists(p):
            with open(p) as f:
                for line in f:
                    k, _, v = line.partition(" ")
                    res[k] = v.strip()
        return res
    run, idle = total(os.path.join(d, "callgrind.run")), total(os.path.join(d, "callgrind.idle"))
    counts = kv(os.path.join(d, "run.txt"))
    frames = int(counts.get("frames", 0))
    if run is None or idle is None or not frames:
        return None, counts, run, idle
    return (run - idle) / frames, counts, run, idle


def kv_file(p):
    res, top = {}, []
    if os.path.exists(p):
        with open(p) as f:
            for line in f:
                parts = line.split()
                if parts and parts[0] == "top":
                    top.append(parts[1:])
                elif len(parts) == 2:
                    res[parts[0]] = float(parts[1])
    return res, top


def plot(out, runs):
    gp = []
    data = os.path.join(out, "cdf.dat")
    with open(data, "w") as f:
        for drv in DRIVERS:
            v = sorted(x for r in runs.get(drv, []) for x in r["lat"]["Motion"])
            f.write("# %s\n" % drv)
            for i, x in enumerate(v):
                if i % max(1, len(v) // 400) == 0 or i == len(v) - 1:
                    f.write("%.3f %.4f\n" % (x, (i + 1) / len(v)))
            f.write("\n\n")
    cpu = os.path.join(out, "cpu.dat")
    with open(cpu, "w") as f:
        for i, drv in enumerate(DRIVERS):
            v = [r["cpu"] for r in runs.get(drv, []) if r["cpu"] is not None]
            f.write('%d "%s" %.3f\n' % (i, LABEL[drv], sum(v) / len(v) if v else 0))
    gp.append('set terminal png size 900,600')
    gp.append('set output "%s"' % os.path.join(out, "latency-cdf.png"))
    gp.append('set title "SYN_REPORT written -> XI2 Motion at the client (same recordings, one guest run)" noenhanced')
    gp.append('set xlabel "latency (ms)"; set ylabel "fraction of events"; set key bottom right; set grid')
    gp.append('set logscale x')
    gp.append('plot ' + ", ".join('"%s" index %d using 1:2 with lines lw 2 title "%s"' % (data, i, LABEL[d])
                                  for i, d in enumerate(DRIVERS)))
    gp.append('unset logscale x')
    gp.append('set output "%s"' % os.path.join(out, "cpu.png"))
    gp.append('set title "Xorg utime+stime per 10,000 frames (mean over repetitions)"')
    gp.append('set xlabel ""; set ylabel "CPU seconds"; set style fill solid 0.6; set boxwidth 0.6')
    gp.append('set yrange [0:*]; unset key; set xrange [-0.6:2.6]')
    gp.append('plot "%s" using 1:3:xtic(2) with boxes, "" using 1:3:(sprintf("%%.2f", $3)) with labels offset 0,1' % cpu)
    r = subprocess.run(["gnuplot"], input="\n".join(gp) + "\n", capture_output=True, text=True)
    return r.returncode == 0, r.stderr.strip()


def trace_calls(path):
    """perf trace -s's summary -> {syscall: calls} over every thread"""
    calls = {}
    for fld in fields(path):
        if len(fld) >= 4 and fld[0].isidentifier() and fld[1].isdigit() and fld[2].isdigit():
            calls[fld[0]] = calls.get(fld[0], 0) + int(fld[1])
    return calls


def perf_tops(out, n=5):
    """The --perf profiles of the first repetition: per driver, the share
    of user space and kernel and the n costliest symbols."""
    lines = []
    for drv in DRIVERS:
        d = sorted(glob.glob(os.path.join(out, "guest", "*-%s" % drv)))
        top = os.path.join(d[0], "perf-top.txt") if d else ""
        if not top or not os.path.exists(top) or os.path.getsize(top) == 0:
            continue
        kern = 0.0
        syms = []
        with open(top) as f:
            for line in f:
                fld = line.split()
                try:
                    share = float(fld[0].rstrip("%"))
                except ValueError:
                    continue
                syms.append("%s %s (%s)" % (fld[0], " ".join(fld[3:]) if len(fld) > 3 else fld[-1], fld[1]))
        dso = os.path.join(d[0], "perf-dso.txt")
        if os.path.exists(dso):
            with open(dso) as f:
                for line in f:
                    fld = line.split()
                    if len(fld) >= 2 and fld[1].startswith("[kernel"):
                        kern += float(fld[0].rstrip("%"))
        counts = {}
        st = os.path.join(d[0], "perf-stat.txt")
        if os.path.exists(st):
            with open(st) as f:
                for line in f:
                    fld = line.strip().split(",")
                    if len(fld) >= 3 and fld[0].isdigit():
                        counts[fld[2]] = int(fld[0])
        frames = 0
        stamps = os.path.join(d[0], "stamps")
        if os.path.exists(stamps):
            with open(stamps) as f:
                frames = sum(1 for _ in f)
        per = lambda k: ("%.0f" % (counts[k] * 10000.0 / frames)) if k in counts and frames else "-"
        lines.append("  %-10s kernel %.1f%%, per 10k frames %s system calls and %s context switches; top %d: %s" % (
            drv, kern, per("raw_syscalls:sys_enter"), per("context-switches"), n, "; ".join(syms[:n])))
        calls = trace_calls(os.path.join(d[0], "perf-trace.txt"))
        if calls and frames:
            lines.append("  %-10s system calls per 10k frames (perf trace -s, all threads): %s" % (
                "", ", ".join("%s %.0f" % (c, k * 10000.0 / frames)
                              for c, k in sorted(calls.items(), key=lambda kv: -kv[1])[:8])))
    return lines


def ratio(a, b):
    return None if a is None or not b else a / b


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: analyze.py DIR")
    out = sys.argv[1]
    rec_dir = os.path.join(out, "rec")
    runs = {d: [] for d in DRIVERS}
    with open(os.path.join(out, "latency.tsv"), "w") as tsv:
        tsv.write("driver\trep\trecording\tevent\tframe\tlatency_ms\n")
        for d in sorted(glob.glob(os.path.join(out, "guest", "*-*"))):
            rep, _, drv = os.path.basename(d).partition("-")
            if drv in runs and rep.isdigit():
                runs[drv].append(analyze_run(d, rec_dir, tsv, drv, int(rep)))
    core, top = kv_file(os.path.join(out, "core-instr.txt"))
    li, li_counts, li_run, li_idle = li_instr(out)

    L = []
    w = L.append
    nreps = max([len(v) for v in runs.values()] + [0])
    w("synaptics-mt bench: %d repetition(s) per driver, one guest run; latency in ms "
      "(p50/p99/max, spread = max-min of the per-repetition p99)" % nreps)
    w("%-34s %18s %18s %18s" % ("", LABEL["ours"], LABEL["reference"], LABEL["libinput"]))
    fig = {}

    def row(label, key, getter, f="%.2f"):
        vals = []
        for drv in DRIVERS:
            v = getter(runs[drv])
            fig[(key, drv)] = v
            vals.append(v)
        w("%-34s %18s %18s %18s" % (label, *[v if isinstance(v, str) else fmt(v, f) for v in vals]))

    def pooled(rs, f):
        return [x for r in rs for x in f(r)]

    def spread(rs, f):
        v = [pct(f(r), 99) for r in rs if f(r)]
        return (max(v) - min(v)) if len(v) > 1 else None

    for ev in ("RawMotion", "Motion"):
        for p in (50, 99):
            row("motion %s p%d" % (ev, p), "%s-p%d" % (ev, p),
                lambda rs, ev=ev, p=p: pct(pooled(rs, lambda r: r["lat"][ev]), p))
        row("motion %s max" % ev, "%s-max" % ev,
            lambda rs, ev=ev: max(pooled(rs, lambda r: r["lat"][ev]), default=None))
        row("motion %s p99 spread" % ev, "%s-spread" % ev,
            lambda rs, ev=ev: spread(rs, lambda r: r["lat"][ev]))
        row("motion %s events" % ev, "%s-n" % ev,
            lambda rs, ev=ev: float(len(pooled(rs, lambda r: r["lat"][ev]))), "%.0f")
    row("first motion after 1 mm, ms p50", "onset-p50", lambda rs: pct(pooled(rs, lambda r: r["onset"]), 50))
    row("first motion after 1 mm, ms max", "onset-max", lambda rs: max(pooled(rs, lambda r: r["onset"]), default=None))
    row("... in frames p50", "onset-f50", lambda rs: pct(pooled(rs, lambda r: r["onset-frames"]), 50), "%.1f")
    row("... in frames max", "onset-fmax", lambda rs: float(max(pooled(rs, lambda r: r["onset-frames"]), default=0)) if pooled(rs, lambda r: r["onset-frames"]) else None, "%.0f")
    row("strokes without motion", "onset-miss", lambda rs: float(sum(r["onset-missing"] for r in rs)), "%.0f")
    row("scroll latency p50", "scroll-p50", lambda rs: pct(pooled(rs, lambda r: r["scroll"]), 50))
    row("scroll latency max", "scroll-max", lambda rs: max(pooled(rs, lambda r: r["scroll"]), default=None))
    row("... in frames p50", "scroll-f50", lambda rs: pct(pooled(rs, lambda r: r["scroll-frames"]), 50), "%.1f")
    row("... in frames max", "scroll-fmax",
        lambda rs: float(max(pooled(rs, lambda r: r["scroll-frames"]))) if pooled(rs, lambda r: r["scroll-frames"]) else None, "%.0f")
    row("scrolls without scroll event", "scroll-miss", lambda rs: float(sum(r["scroll-missing"] for r in rs)), "%.0f")

    def cpu_mean(rs):
        v = [r["cpu"] for r in rs if r["cpu"] is not None]
        return sum(v) / len(v) if v else None

    def cpu_spread(rs):
        v = [r["cpu"] for r in rs if r["cpu"] is not None]
        return max(v) - min(v) if len(v) > 1 else None
    row("Xorg CPU s / 10k frames", "cpu", cpu_mean, "%.3f")
    row("Xorg CPU spread (max-min)", "cpu-spread", cpu_spread, "%.3f")
    # the server's work grows with what the driver posts: XI2 events from
    # the pad (not the Raw copies), per 10k frames
    def posted(rs):
        frames = sum(r["frames"] for r in rs)
        return sum(r["posted"] for r in rs) * 10000.0 / frames if frames else None
    row("XI2 events posted / 10k frames", "posted", posted, "%.0f")
    # the server's cost of one event it delivers, whatever posted it: how
    # much of a CPU difference is more events (gestures a peer does not
    # recognise) and how much is dearer ones
    row("Xorg CPU ms / XI2 event posted", "cpu-per-event",
        lambda rs: 1000.0 * cpu_mean(rs) / posted(rs) if cpu_mean(rs) and posted(rs) else None, "%.3f")
    def per_thread(thread, what):
        def f(rs):
            num = sum(r["threads"][thread][what] for r in rs if thread in r.get("threads", {}))
            fr = sum(r["frames"] for r in rs if thread in r.get("threads", {}))
            return num * 10000.0 / fr if fr else None
        return f
    # where the CPU goes: the main thread delivers events to clients, the
    # input thread runs the driver; faults and switches count work the
    # kernel does for the server outside system calls
    row("... main thread s / 10k frames", "cpu-main", per_thread("Xorg", 0), "%.3f")
    row("... input thread s / 10k frames", "cpu-input", per_thread("InputThread", 0), "%.3f")
    row("Xorg minor faults / 10k frames", "minflt", per_thread("all", 1), "%.0f")
    row("Xorg context switches / 10k frames", "ctxsw",
        lambda rs: (per_thread("Xorg", 2)(rs) or 0) + (per_thread("InputThread", 2)(rs) or 0)
        if any("Xorg" in r.get("threads", {}) for r in rs) else None, "%.0f")
    row("Xorg RSS growth kB (max)", "rss", lambda rs: max((float(r["rss"]) for r in rs if r["rss"] is not None), default=None), "%.0f")
    row("frames played per repetition", "frames", lambda rs: float(rs[0]["frames"]) if rs else None, "%.0f")

    # gestures: frames after the threshold, per recording (worst over
    # repetitions), beside synreplay's frames for ours (host, deterministic:
    # onset-frames.txt covers every pad of test/gestures/rec)
    host = read_onset_frames(os.path.join(out, "onset-frames.txt"))
    names = sorted({n for rs in runs.values() for r in rs for n in r["gest"]} | set(host))
    gworst = {d: None for d in DRIVERS}
    guest_frames = {}       # (name, driver) -> worst frames over repetitions
    if names:
        w("")
        w("gesture / scroll: frames from the threshold frame to the first event (worst over repetitions; ms);")
        w("synreplay: our core's frames on the host (deterministic, every pad)")
        w("  %-38s %-6s %9s %16s %18s %18s" % ("", "", "synreplay", *[LABEL[d] for d in DRIVERS]))
        for n in names:
            cells = []
            kind = host.get(n, (None, None))[0]
            for drv in DRIVERS:
                vals = [r["gest"][n] for r in runs[drv] if n in r["gest"]]
                got = [v for v in vals if v[1] is not None]
                if vals:
                    kind = vals[0][0]
                if not vals:
                    cells.append("-")
                elif len(got) < len(vals):
                    cells.append("none" if not got else "%d (missed %d)" % (max(v[1] for v in got), len(vals) - len(got)))
                else:
                    fw = max(v[1] for v in got)
                    guest_frames[(n, drv)] = fw
                    cells.append("%d (%.0f ms)" % (fw, max(v[2] for v in got)))
                    _, _, _, amb = vals[0]
                    if kind in ("pinch", "swipe") and not amb:
                        gworst[drv] = fw if gworst[drv] is None else max(gworst[drv], fw)
            hf = host.get(n, (None, None))[1]
            w("  %-38s %-6s %9s %16s %18s %18s" % (n, kind or "", "-" if hf is None else hf, *cells))
        w("  %-45s %9s %16s %18s %18s" % ("worst (unambiguous pinch/swipe)", "",
                                          *[fmt(gworst[d], "%d") for d in DRIVERS]))

    # swipes against libinput: the worst difference in frames (guest, worst
    # over repetitions) over the swipes both recognised; negative: earlier
    sdiff = [guest_frames[(n, "ours")] - guest_frames[(n, "libinput")] for n in names
             if n.split(".", 1)[1].startswith("swipe") and (n, "ours") in guest_frames and
             (n, "libinput") in guest_frames]
    swipe_missing = [n for n in names if n.split(".", 1)[1].startswith("swipe") and
                     (n, "libinput") in guest_frames and (n, "ours") not in guest_frames]
    fsw = None if swipe_missing else (max(sdiff) if sdiff else None)

    w("")
    w("instructions per frame under callgrind (deterministic for ours)")
    w("  ours, core, test corpus (%d frames): %s" % (core.get("corpus-frames", 0), fmt(core.get("corpus-instr-per-frame"), "%.1f")))
    w("  ours, core + evdev backend, corpus:  %s" % fmt(core.get("corpus-evdev-instr-per-frame"), "%.1f"))
    w("  ours, core, bench set (%d frames):   %s; + evdev backend %s" % (
        core.get("bench-frames", 0), fmt(core.get("bench-instr-per-frame"), "%.1f"),
        fmt(core.get("bench-evdev-instr-per-frame"), "%.1f")))
    if li is not None:
        w("  libinput_dispatch, bench set (%s frames): %.1f (run %d - idle %d instructions; events: %s motion, %s scroll, %s gesture, %s button)" % (
            li_counts.get("frames"), li, li_run, li_idle, li_counts.get("pointer-motion"),
            li_counts.get("scroll"), li_counts.get("gesture"), li_counts.get("button")))
    else:
        w("  libinput_dispatch: not measured (--quick, or li-count failed: see guest/li/)")
    if top:
        w("  ours, where the core's instructions go (corpus, self cost): " +
          ", ".join("%s %s%%" % (t[0], t[2]) for t in top))
    perf_lines = perf_tops(out)
    if perf_lines:
        w("")
        w("where the Xorg process's time goes (perf, cpu-clock samples while the recordings play; share of its samples)")
        L.extend(perf_lines)
    bad = sum(r["clock-bad"] for rs in runs.values() for r in rs)
    if bad:
        w("WARNING: %d events read before their server time: the clocks do not agree" % bad)

    def best_peer(key):
        v = [fig.get((key, d)) for d in ("reference", "libinput")]
        v = [x for x in v if x is not None]
        return min(v) if v else None
    r1 = ratio(fig.get(("Motion-p99", "ours")), best_peer("Motion-p99"))
    # scroll onset against 1.9.2: the larger of the median's and the worst's ratio
    rs = [ratio(fig.get((k, "ours")), fig.get((k, "reference"))) for k in ("scroll-p50", "scroll-max")]
    r5 = None if None in rs else max(rs)
    r2 = ratio(fig.get(("cpu", "ours")), fig.get(("cpu", "reference")))
    r3 = ratio(fig.get(("cpu", "ours")), fig.get(("cpu", "libinput")))
    n = core.get("corpus-instr-per-frame")
    r4 = ratio(core.get("bench-evdev-instr-per-frame"), li)
    w("")
    def goal(v, ok, missed):
        return "-" if v is None else ("met" if ok(v) else missed % v)
    w("goals: motion p99 <= best peer: %s; scroll onset <= 1.9.2 (p50 and max): %s; "
      "swipes no later than libinput: %s; first gesture event in the threshold frame: %s; "
      "Xorg CPU <= each peer: %s; core + evdev <= 0.5x libinput instr: %s" % (
          goal(r1, lambda v: v <= 1, "missed (%.2f)"),
          goal(r5, lambda v: v <= 1, "missed (%.2f)"),
          "missed (none)" if swipe_missing else goal(fsw, lambda v: v <= 0, "missed by %d frame(s)"),
          goal(gworst["ours"], lambda v: v <= 0, "missed: worst %d frame(s) after"),
          "-" if r2 is None or r3 is None else ("met" if max(r2, r3) <= 1 else "missed (%.2f / %.2f)" % (r2, r3)),
          goal(r4, lambda v: v <= 0.5, "missed (%.2f)")))
    w("(core instructions per frame: printed, no longer a target)")
    w("(ratios: ours / peer, lower is better; motion on XI2 Motion p99 against the better peer; "
      "instr-vs-libinput: our core + evdev backend against libinput_dispatch, same recordings)")
    ok, err = plot(out, runs)
    w("pictures: %s" % (", ".join(os.path.join(out, p) for p in ("latency-cdf.png", "cpu.png"))
                        if ok else "gnuplot failed: " + err))
    text = "\n".join(L)
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write(text + "\n")
    print(text)
    summary = "bench: motion-p99-ratio %s xorg-cpu-vs-synaptics %s xorg-cpu-vs-libinput %s " \
              "scroll-onset-vs-synaptics %s swipe-frames-vs-libinput %s " \
              "gesture-frames-worst %s core-instr-per-frame %s instr-vs-libinput %s" % (
                  fmt(r1), fmt(r2), fmt(r3), fmt(r5), "none" if swipe_missing else fmt(fsw, "%+d"),
                  fmt(gworst["ours"], "%d"), fmt(n, "%.0f"), fmt(r4))
    with open(os.path.join(out, "summary.txt"), "a") as f:
        f.write(summary + "\n")
    print(summary)


if __name__ == "__main__":
    main()
