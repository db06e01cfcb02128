/*
 * synaptics-properties.h - names of the XInput device properties of the
 * synaptics driver, for clients (synclient, desktop settings tools).
 *
 * The names, formats and item counts are those of xf86-input-synaptics 1.9,
 * so that existing clients keep working.  Format "8" and "32" are XA_INTEGER
 * (Pressure Motion is XA_CARDINAL), "FLOAT" is the server's "FLOAT" atom with
 * format 32.
 */
#ifndef SYNAPTICS_PROPERTIES_H
#define SYNAPTICS_PROPERTIES_H

/* 8 bit, 1 item: 0 on, 1 off, 2 tapping and scrolling off */
#define SYNAPTICS_PROP_OFF "Synaptics Off"

/* 8 bit, 1 item */
#define SYNAPTICS_PROP_LOCKED_DRAGS "Synaptics Locked Drags"

/* 32 bit, 1 item, ms */
#define SYNAPTICS_PROP_LOCKED_DRAGS_TIMEOUT "Synaptics Locked Drags Timeout"

/* 32 bit, 4 items: left, right, top, bottom */
#define SYNAPTICS_PROP_EDGES "Synaptics Edges"

/* 32 bit, 3 items: low, high, press (always 0) */
#define SYNAPTICS_PROP_FINGER "Synaptics Finger"

/* 32 bit, 1 item, ms */
#define SYNAPTICS_PROP_TAP_TIME "Synaptics Tap Time"

/* 32 bit, 1 item, device units */
#define SYNAPTICS_PROP_TAP_MOVE "Synaptics Tap Move"

/* 32 bit, 3 items: single tap timeout, double tap time, click time (ms) */
#define SYNAPTICS_PROP_TAP_DURATIONS "Synaptics Tap Durations"

/* 8 bit, 1 item */
#define SYNAPTICS_PROP_CLICKPAD "Synaptics ClickPad"

/* 32 bit, 1 item, ms */
#define SYNAPTICS_PROP_MIDDLE_TIMEOUT "Synaptics Middle Button Timeout"

/* 32 bit, 1 item */
#define SYNAPTICS_PROP_TWOFINGER_PRESSURE "Synaptics Two-Finger Pressure"

/* 32 bit, 1 item */
#define SYNAPTICS_PROP_TWOFINGER_WIDTH "Synaptics Two-Finger Width"

/* 32 bit, 2 items: vert, horiz */
#define SYNAPTICS_PROP_SCROLL_DISTANCE "Synaptics Scrolling Distance"

/* 8 bit, 3 items: vert, horiz, corner coasting */
#define SYNAPTICS_PROP_SCROLL_EDGE "Synaptics Edge Scrolling"

/* 8 bit, 2 items: vert, horiz */
#define SYNAPTICS_PROP_SCROLL_TWOFINGER "Synaptics Two-Finger Scrolling"

/* FLOAT, 4 items: min, max, accel, (unused) */
#define SYNAPTICS_PROP_SPEED "Synaptics Move Speed"

/* 8 bit, 2 items: up/down, left/right */
#define SYNAPTICS_PROP_SCROLL_BUTTONS "Synaptics Button Scrolling"

/* 8 bit, 2 items: up/down, left/right */
#define SYNAPTICS_PROP_SCROLL_BUTTONS_REPEAT "Synaptics Button Scrolling Repeat"

/* 32 bit, 1 item, ms */
#define SYNAPTICS_PROP_SCROLL_BUTTONS_TIME "Synaptics Button Scrolling Time"

/* 8 bit, 7 items: RT, RB, LT, LB corner, 1, 2, 3 finger tap */
#define SYNAPTICS_PROP_TAP_ACTION "Synaptics Tap Action"

/* 8 bit, 3 items: 1, 2, 3 finger click */
#define SYNAPTICS_PROP_CLICK_ACTION "Synaptics Click Action"

/* 8 bit, 1 item */
#define SYNAPTICS_PROP_CIRCULAR_SCROLLING "Synaptics Circular Scrolling"

/* FLOAT, 1 item, radians */
#define SYNAPTICS_PROP_CIRCULAR_SCROLLING_DIST "Synaptics Circular Scrolling Distance"

/* 8 bit, 1 item: 0 any edge, 1 top, 2 top right, ... 8 top left */
#define SYNAPTICS_PROP_CIRCULAR_SCROLLING_TRIGGER "Synaptics Circular Scrolling Trigger"

/* 8 bit, 1 item */
#define SYNAPTICS_PROP_CIRCULAR_PAD "Synaptics Circular Pad"

/* 8 bit, 1 item */
#define SYNAPTICS_PROP_PALM_DETECT "Synaptics Palm Detection"

/* 32 bit, 2 items: width, z */
#define SYNAPTICS_PROP_PALM_DIMENSIONS "Synaptics Palm Dimensions"

/* FLOAT, 2 items: speed, friction */
#define SYNAPTICS_PROP_COASTING_SPEED "Synaptics Coasting Speed"

/* CARDINAL 32 bit, 2 items: min z, max z */
#define SYNAPTICS_PROP_PRESSURE_MOTION "Synaptics Pressure Motion"

/* FLOAT, 2 items: min factor, max factor */
#define SYNAPTICS_PROP_PRESSURE_MOTION_FACTOR "Synaptics Pressure Motion Factor"

/* 8 bit, 1 item */
#define SYNAPTICS_PROP_GRAB "Synaptics Grab Event Device"

/* 8 bit, 1 item: tap-and-drag */
#define SYNAPTICS_PROP_GESTURES "Synaptics Gestures"

/* 8 bit, 7 items, read-only: left, middle, right button, two finger,
 * three finger, pressure, width */
#define SYNAPTICS_PROP_CAPABILITIES "Synaptics Capabilities"

/* 32 bit, 2 items, read-only: vert, horiz resolution (units/mm) */
#define SYNAPTICS_PROP_RESOLUTION "Synaptics Pad Resolution"

/* 32 bit, 4 items: left, right, top, bottom; 0 = unbounded */
#define SYNAPTICS_PROP_AREA "Synaptics Area"

/* 32 bit, 8 items: right button left, right, top, bottom, then the middle button */
#define SYNAPTICS_PROP_SOFTBUTTON_AREAS "Synaptics Soft Button Areas"

/* 32 bit, 8 items, same layout as the primary areas */
#define SYNAPTICS_PROP_SECONDARY_SOFTBUTTON_AREAS "Synaptics Secondary Soft Button Areas"

/* 32 bit, 2 items: x, y hysteresis */
#define SYNAPTICS_PROP_NOISE_CANCELLATION "Synaptics Noise Cancellation"

/* synaptics-mt additions (see synaptics(4)) */
/* 8 bit, 2 items: swipe gestures, pinch gestures */
#define SYNAPTICS_PROP_GESTURES_ENABLED "Synaptics Gestures Enabled"

/* FLOAT, 2 items: swipe threshold, scroll/pinch decision threshold (mm) */
#define SYNAPTICS_PROP_GESTURE_THRESHOLDS "Synaptics Gesture Thresholds"

/* 32 bit, 2 items: on/off, top of the button area (device units, 0 auto) */
#define SYNAPTICS_PROP_BUTTON_AREA_SUPPRESSION "Synaptics Button Area Suppression"

/*
 * The monitor (synclient -m); ours, 1.9 has neither property.
 *
 * 32 bit, 1 item, writable: a lease in ms (0 .. 60000).  While it runs the
 * driver keeps SYNAPTICS_PROP_HARDWARE_STATE up to date (property events
 * at most every 15 ms, only when the state changed); it ends by itself
 * once that many ms have passed since the write, and the property reads 0
 * again.  Writing 0 ends it at once; a new write replaces the lease.
 * Wrong type, format or count: BadMatch; out of range: BadValue.
 */
#define SYNAPTICS_PROP_MONITOR "Synaptics Monitor"

/*
 * 32 bit, 8 items, read-only (a write is BadValue): the newest hardware
 * state while a monitor lease runs, else unchanged:
 *   time (ms, the server's clock, wraps), x, y, z (pressure),
 *   finger count (BTN_TOOL_*), finger width,
 *   buttons: bit 0 left, 1 right, 2 middle, 3 up, 4 down, 5..12 BTN_0..BTN_7,
 *   contact count (touches the pad tracks; without MT slots the finger count)
 */
#define SYNAPTICS_PROP_HARDWARE_STATE "Synaptics Hardware State"

/* Generic properties the server defines (xserver-properties.h). */
#ifndef XI_PROP_PRODUCT_ID
#define XI_PROP_PRODUCT_ID "Device Product ID"
#endif
#ifndef XI_PROP_DEVICE_NODE
#define XI_PROP_DEVICE_NODE "Device Node"
#endif

#endif /* SYNAPTICS_PROPERTIES_H */
