"""test/lib/evemu.py: evemu recordings for the test scripts.

The scripts that write recordings (test/gestures/gen-recordings.py,
test/xorg/xit-events.py, test/replay/random-streams.py) format their event
lines here; those that read events (test/fuzz/seed-evdev.py,
test/bench/onset-frames.py, test/gestures/scroll-onset.py) parse them
here.  A script imports it with

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
    import evemu
"""
import bisect


def event_line(t, typ, code, value):
    """One "E:" line: the time in seconds, type and code in hex, the value."""
    return "E: %.6f %04x %04x %d" % (t, typ, code, value)


def syn_line(t):
    """The SYN_REPORT that ends a frame at time t."""
    return event_line(t, 0, 0, 0)


def events(path):
    """(microseconds, type, code, value) of every "E:" line of an evemu file."""
    with open(path) as f:
        for line in f:
            w = line.split()
            if len(w) == 5 and w[0] == "E:":
                sec, usec = w[1].split(".")
                yield int(sec) * 1000000 + int(usec), int(w[2], 16), int(w[3], 16), int(w[4])


def frame_times(path):
    """Seconds since the first event, of every SYN_REPORT of an evemu file."""
    times, t0 = [], None
    for us, typ, code, _ in events(path):
        t0 = us if t0 is None else t0
        if typ == 0 and code == 0:
            times.append((us - t0) / 1e6)
    return times


def frame_at(times, t):
    """The frame (index into frame_times) an action printed at time t
    belongs to: synreplay prints milliseconds, so a frame counts from
    0.9 ms before its stamp.  -1 before the first."""
    return bisect.bisect_right(times, t + 0.0009) - 1
