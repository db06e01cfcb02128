#!/usr/bin/python3
"""gtk-gestures.py - a GTK 3 window that says what GTK made of the touchpad.

The Xorg suite's GTK judge (test/xorg/run-tests, batch "toolkits"): GTK 3's
own gesture controllers decide what a gesture is, not we.  A full-screen
window (the pointer starts on it) with

  GtkGestureZoom      "scale-changed"  -> zoom scale=S
  GtkGestureRotate    "angle-changed"  -> rotate angle=A delta=D (radians)
  GtkGestureSwipe     n-points 3 and 4: "update" -> swipeN update, "swipe"
                      (the end) -> swipeN swipe vx=VX vy=VY
  raw touchpad events (GDK_TOUCHPAD_GESTURE_MASK): pinch/swipe with the
                      phase, finger count, deltas, scale and angle delta
  smooth scroll       scroll dx=DX dy=DY (GDK_SCROLL_SMOOTH deltas)
  buttons             button press N

One line per signal or event, "gtk KIND key=value...", flushed at once;
events carry t=MS, the X server time (CLOCK_MONOTONIC ms)
(the harness appends its own "# play NAME" markers to the same file).
"# ready" when the window is on screen.  Runs with Debian's /usr/bin/python3
(python3-gi, gir1.2-gtk-3.0).
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

PHASES = {
    Gdk.TouchpadGesturePhase.BEGIN: "begin",
    Gdk.TouchpadGesturePhase.UPDATE: "update",
    Gdk.TouchpadGesturePhase.END: "end",
    Gdk.TouchpadGesturePhase.CANCEL: "cancel",
}


def out(*words):
    sys.stdout.write("gtk " + " ".join(str(w) for w in words) + "\n")
    sys.stdout.flush()


def on_event(widget, ev):
    t = ev.get_event_type()
    if t == Gdk.EventType.TOUCHPAD_PINCH:
        p = ev.touchpad_pinch
        out("raw-pinch", "phase=%s" % PHASES.get(p.phase, p.phase), "fingers=%d" % p.n_fingers,
            "dx=%.2f" % p.dx, "dy=%.2f" % p.dy, "scale=%.4f" % p.scale,
            "angle=%.4f" % p.angle_delta, "t=%d" % ev.get_time())
    elif t == Gdk.EventType.TOUCHPAD_SWIPE:
        s = ev.touchpad_swipe
        out("raw-swipe", "phase=%s" % PHASES.get(s.phase, s.phase), "fingers=%d" % s.n_fingers,
            "dx=%.2f" % s.dx, "dy=%.2f" % s.dy, "t=%d" % ev.get_time())
    elif t == Gdk.EventType.SCROLL:
        ok, dx, dy = ev.get_scroll_deltas()
        if ok:
            out("scroll", "dx=%.3f" % dx, "dy=%.3f" % dy, "t=%d" % ev.get_time())
        else:
            out("scroll-discrete", "direction=%s" % ev.get_scroll_direction()[1].value_nick)
    elif t == Gdk.EventType.BUTTON_PRESS:
        out("button", "press=%d" % ev.get_button()[1])
    return False


def main():
    win = Gtk.Window(title="synaptics-mt GTK judge")
    win.set_default_size(1024, 768)
    win.move(0, 0)
    area = Gtk.DrawingArea()
    area.set_can_focus(True)
    area.add_events(Gdk.EventMask.TOUCHPAD_GESTURE_MASK | Gdk.EventMask.SMOOTH_SCROLL_MASK |
                    Gdk.EventMask.SCROLL_MASK | Gdk.EventMask.BUTTON_PRESS_MASK |
                    Gdk.EventMask.POINTER_MOTION_MASK)
    win.add(area)
    area.connect("event", on_event)

    zoom = Gtk.GestureZoom.new(area)
    zoom.connect("scale-changed", lambda g, s: out("zoom", "scale=%.4f" % s))
    zoom.connect("end", lambda g, seq: out("zoom-end"))
    rotate = Gtk.GestureRotate.new(area)
    rotate.connect("angle-changed", lambda g, a, d: out("rotate", "angle=%.4f" % a, "delta=%.4f" % d))
    swipes = []
    for n in (3, 4):
        sw = Gtk.GestureSwipe(widget=area, n_points=n)
        sw.connect("update", lambda g, seq, n=n: out("swipe%d" % n, "update"))
        sw.connect("swipe", lambda g, vx, vy, n=n: out("swipe%d" % n, "swipe", "vx=%.1f" % vx,
                                                         "vy=%.1f" % vy))
        swipes.append(sw)
    area.gestures = (zoom, rotate, swipes)

    def ready(*_):
        GLib.timeout_add(300, lambda: (print("# ready", flush=True), False)[1])
    win.connect("map-event", ready)
    win.connect("destroy", Gtk.main_quit)
    win.show_all()
    win.fullscreen()
    Gtk.main()


if __name__ == "__main__":
    main()
