#!/usr/bin/python3
"""qt-gestures.py - a Qt 6 window that says what Qt made of the touchpad.

The Xorg suite's Qt judge (test/xorg/run-tests, batch "toolkits"): Qt 6's
xcb plugin turns XI 2.4 gestures into QNativeGestureEvents (it looks the
source device up in its table of touch/gesture devices, so the device must
advertise a gesture class).  A full-screen widget logs

  qt native type=Begin|Zoom|Rotate|Pan|Swipe|End|... fingers=N value=V dx= dy= t=
  qt wheel px=X py=Y ax=X ay=Y t=  (QWheelEvent pixel and angle deltas)

(t: the event's timestamp, X server ms)
  qt button press=N

flushed at once (the harness appends "# play NAME" markers to the same
file); "# ready" when the window is shown.  Debian's /usr/bin/python3 with
python3-pyqt6.
"""
import sys

from PyQt6.QtCore import QEvent, Qt, QTimer
from PyQt6.QtGui import QMouseEvent, QNativeGestureEvent, QWheelEvent
from PyQt6.QtWidgets import QApplication, QWidget

NAMES = {
    Qt.NativeGestureType.BeginNativeGesture: "Begin",
    Qt.NativeGestureType.EndNativeGesture: "End",
    Qt.NativeGestureType.PanNativeGesture: "Pan",
    Qt.NativeGestureType.ZoomNativeGesture: "Zoom",
    Qt.NativeGestureType.SmartZoomNativeGesture: "SmartZoom",
    Qt.NativeGestureType.RotateNativeGesture: "Rotate",
    Qt.NativeGestureType.SwipeNativeGesture: "Swipe",
}


def out(*words):
    sys.stdout.write("qt " + " ".join(str(w) for w in words) + "\n")
    sys.stdout.flush()


class Judge(QWidget):
    def event(self, e):
        # (PyQt6 6.4's QEvent.Type has no NativeGesture member: test the class)
        if isinstance(e, QNativeGestureEvent):
            d = e.delta()
            out("native", "type=%s" % NAMES.get(e.gestureType(), int(e.gestureType().value)),
                "fingers=%d" % e.fingerCount(), "value=%.4f" % e.value(),
                "dx=%.2f" % d.x(), "dy=%.2f" % d.y(), "t=%d" % e.timestamp())
            return True
        if isinstance(e, QWheelEvent):
            p, a = e.pixelDelta(), e.angleDelta()
            out("wheel", "px=%d" % p.x(), "py=%d" % p.y(), "ax=%d" % a.x(), "ay=%d" % a.y(),
                "t=%d" % e.timestamp())
            return True
        if isinstance(e, QMouseEvent) and e.type() == QEvent.Type.MouseButtonPress:
            out("button", "press=%d" % e.button().value)
        return super().event(e)


def main():
    app = QApplication(sys.argv)
    w = Judge()
    w.setWindowTitle("synaptics-mt Qt judge")
    w.setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents, True)
    w.resize(1024, 768)
    w.move(0, 0)
    w.showFullScreen()
    QTimer.singleShot(300, lambda: print("# ready", flush=True))
    sys.exit(app.exec())


if __name__ == "__main__":
    main()
