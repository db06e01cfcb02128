/*
 * synaptics-drv.c - the Xorg input driver "synaptics" of synaptics-mt.
 *
 * Thin glue: the libevdev backend (src/evdev) reads frames, the X-free core
 * (src/core) turns them into actions, and this file posts those actions as
 * X events.  Options are parsed by src/options, the same code synreplay uses.
 *
 * Threads: read_input runs in the server's input thread with the input lock
 * held; the timer callback and property handlers run in the main thread and
 * take the input lock themselves before touching the core.  syn-thread.h
 * has the whole contract and the debug build's checks of it.
 *
 * Pointer acceleration: the core already applies synaptics-style
 * acceleration (MinSpeed/MaxSpeed/AccelFactor), so the server must not
 * accelerate again.  We keep the server's predictable scheme (so
 * ConstantDeceleration and the "Device Accel *" properties still work)
 * with no profile (init_accel()).  A user may still pick a profile with
 * AccelerationProfile.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "synaptics-drv.h"

#define STR_(x) #x
#define STR(x) STR_(x)

#define SYN_MAJOR 0
#define SYN_MINOR 1
#define SYN_PATCH 0

static bool device_on(struct syn_priv *priv)
{
	return priv->pinfo->dev && priv->pinfo->dev->public.on;
}

/* ---- logging (syn-thread.c: sig-safe on the input thread) ---- */

static void syn_vlog(InputInfoPtr pinfo, enum tp_log_level level, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

static void syn_vlog(InputInfoPtr pinfo, enum tp_log_level level, const char *fmt, va_list ap)
{
	MessageType type = level == TP_LOG_ERROR ? X_ERROR :
			   level == TP_LOG_WARNING ? X_WARNING : X_INFO;
	int verb = level == TP_LOG_DEBUG ? 7 : (level == TP_LOG_INFO ? 3 : 0);

	syn_vmsg(pinfo, type, verb, fmt, ap);
}

static void core_log(void *user, enum tp_log_level level, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

static void core_log(void *user, enum tp_log_level level, const char *fmt, va_list ap)
{
	struct syn_priv *priv = user;

	syn_vlog(priv->pinfo, level, fmt, ap);
}

static void option_log(void *user, enum tp_log_level level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void option_log(void *user, enum tp_log_level level, const char *fmt, ...)
{
	struct syn_priv *priv = user;
	va_list ap;

	va_start(ap, fmt);
	syn_vlog(priv->pinfo, level, fmt, ap);
	va_end(ap);
}

/* ---- core output -> X events ---- */

static void post_motion(void *user, double dx, double dy, double dx_unaccel, double dy_unaccel)
{
	struct syn_priv *priv = user;
	ValuatorMask *m = priv->vmask;

	SYN_ASSERT_LOCKED();
	if (!device_on(priv))
		return;
	valuator_mask_zero(m);
	valuator_mask_set_unaccelerated(m, 0, dx, dx_unaccel);
	valuator_mask_set_unaccelerated(m, 1, dy, dy_unaccel);
	xf86PostMotionEventM(priv->pinfo->dev, Relative, m);
}

static void post_button(void *user, int button, bool down)
{
	struct syn_priv *priv = user;

	SYN_ASSERT_LOCKED();
	if (!device_on(priv) || button < 1 || button > SYN_NUM_BUTTONS)
		return;
	xf86PostButtonEvent(priv->pinfo->dev, Relative, button, down, 0, 0);
}

/*
 * The core's scroll units are clicks; the valuators carry device units, as
 * in 1.9: clicks * ScrollDelta is the distance the finger moved (the sign
 * of a reversed delta cancels), and the scroll class's increment is the
 * delta, so the server still emulates one button 4-7 click per delta.
 */
static void post_scroll(void *user, double vert, double horiz)
{
	struct syn_priv *priv = user;
	ValuatorMask *m = priv->vmask;

	SYN_ASSERT_LOCKED();
	vert *= priv->params.vert_scroll_delta;
	horiz *= priv->params.horiz_scroll_delta;
	if (!device_on(priv) || (vert == 0 && horiz == 0))
		return;
	valuator_mask_zero(m);
	if (horiz != 0)
		valuator_mask_set_double(m, SYN_AXIS_HSCROLL, horiz);
	if (vert != 0)
		valuator_mask_set_double(m, SYN_AXIS_VSCROLL, vert);
	xf86PostMotionEventM(priv->pinfo->dev, Relative, m);
}

static void post_gesture(void *user, const struct tp_gesture_event *ev)
{
	struct syn_priv *priv = user;
	uint32_t flags = 0;
	uint16_t type;

	SYN_ASSERT_LOCKED();
	if (!device_on(priv))
		return;
	if (ev->type == TP_GESTURE_SWIPE) {
		type = XI_GestureSwipeBegin + ev->phase;
		if (ev->cancelled)
			flags |= XIGestureSwipeEventCancelled;
		xf86PostGestureSwipeEvent(priv->pinfo->dev, type, (uint16_t)ev->fingers, flags,
					  ev->dx, ev->dy, ev->dx_unaccel, ev->dy_unaccel);
	} else {
		type = XI_GesturePinchBegin + ev->phase;
		if (ev->cancelled)
			flags |= XIGesturePinchEventCancelled;
		xf86PostGesturePinchEvent(priv->pinfo->dev, type, (uint16_t)ev->fingers, flags,
					  ev->dx, ev->dy, ev->dx_unaccel, ev->dy_unaccel,
					  ev->scale, ev->angle_delta);
	}
	syn_actions_gesture(priv, ev);	/* legacy actions, for clients without XI 2.4 */
}

/* touchpad.h's log member has no format attribute; ours are checked above. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsuggest-attribute=format"
static const struct tp_output syn_output = {
	.motion = post_motion,
	.button = post_button,
	.scroll = post_scroll,
	.gesture = post_gesture,
	.log = core_log,
};
#pragma GCC diagnostic pop

const struct tp_output *syn_core_output(void)
{
	return &syn_output;
}

/* ---- timers: the core's timeouts on CLOCK_MONOTONIC ---- */

/* Milliseconds until the core's next timeout, 0 if none (rounded up, at least 1). */
static CARD32 timeout_delay(struct syn_priv *priv)
{
	uint64_t due = priv->core ? tp_core_next_timeout(priv->core) : 0;
	uint64_t now;

	if (due == 0)
		return 0;
	now = tp_evdev_clock_us();
	if (due <= now)
		return 1;
	return (CARD32)((due - now + 999) / 1000);
}

static CARD32 syn_timer_cb(OsTimerPtr timer, CARD32 time, void *arg)
{
	struct syn_priv *priv = arg;
	CARD32 delay = 0;

	(void)timer;
	(void)time;
	SYN_ASSERT_MAIN();
	syn_lock();		/* DoTimers holds it already; recursive */
	if (priv->core && device_on(priv)) {
		uint64_t due = tp_core_next_timeout(priv->core), now = tp_evdev_clock_us();
		/* the server's ms clock may be coarser than ours: never fire early */
		if (due != 0 && due <= now)
			tp_core_timeout(priv->core, now);
		delay = timeout_delay(priv);
	}
	syn_unlock();
	return delay;	/* 0: not re-armed */
}

/* Either thread, input lock held: the timer is preallocated, TimerSet does not allocate. */
static void syn_arm_timer(struct syn_priv *priv)
{
	CARD32 delay;

	SYN_ASSERT_LOCKED();
	delay = timeout_delay(priv);

	if (delay)
		priv->timer = TimerSet(priv->timer, 0, delay, syn_timer_cb, priv);
	else if (priv->timer)
		TimerCancel(priv->timer);
}

/* ---- reading ---- */

static void frame_cb(void *user, const struct tp_frame *frame)
{
	struct syn_priv *priv = user;

	SYN_ASSERT_LOCKED();
	if (priv->tev.state.lost_touches && !priv->lost_touches_said) {
		priv->lost_touches_said = true;
		syn_msg(priv->pinfo, X_WARNING, 0, "more touches at once than the driver follows "
			"(" STR(TP_MAX_SLOTS) "): the others are ignored");
	}
	if (priv->tev.foreign_times && !priv->foreign_times_said) {
		priv->foreign_times_said = true;
		syn_msg(priv->pinfo, X_WARNING, 0, "a frame stamped ahead of CLOCK_MONOTONIC "
			"(another clock's time): the time it was read is used instead");
	}
	if (priv->mon.active)
		syn_monitor_frame(priv, frame);
	if (priv->action_keys)
		syn_actions_frame(priv, frame);
	tp_core_frame(priv->core, frame);
}

/* SYN_DROPPED: the resync that follows is the device's state, nothing is released for it. */
static void dropped_cb(void *user, uint64_t time)
{
	struct syn_priv *priv = user;

	(void)time;
	SYN_ASSERT_LOCKED();
	syn_msg(priv->pinfo, X_WARNING, 0, "events lost (SYN_DROPPED), resynchronising");
}

/* Input thread, input lock held by the server. */
static void syn_read_input(InputInfoPtr pinfo)
{
	SYN_SERVER_HOLDS_LOCK();
	struct syn_priv *priv = pinfo->private;
	int rc;

	SYN_ASSERT_INPUT();
	if (!priv->core)
		return;
	rc = syn_node_read(priv, frame_cb, dropped_cb);
	if (rc == -ENODEV) {
		/* removal: node.c took the node out of the set; release what the core holds */
		syn_msg(pinfo, X_WARNING, 0, "device removed");
		tp_core_reset(priv->core, tp_evdev_clock_us());
	} else if (rc < 0) {
		syn_msg(pinfo, X_ERROR, 0, "read error");
	}
	syn_arm_timer(priv);
}

/* ---- parameters at run time ---- */

/* Main thread (property handlers). */
/*
 * The scroll classes, as 1.9 sets them: increment = VertScrollDelta /
 * HorizScrollDelta in device units (negative when reversed, which tells
 * XI2 clients the direction is inverted), no flags.  A delta of 0 gives no
 * scroll class on that axis (the server refuses an increment of 0) and no
 * scrolling.  Called at init and when a delta changes.
 */
static void set_scroll_classes(DeviceIntPtr dev, const struct tp_params *params,
			       const struct tp_params *before)
{
	SYN_ASSERT_MAIN();
	if (!dev || !dev->valuator)
		return;
	if (!before || before->horiz_scroll_delta != params->horiz_scroll_delta)
		SetScrollValuator(dev, SYN_AXIS_HSCROLL, SCROLL_TYPE_HORIZONTAL,
				  params->horiz_scroll_delta, SCROLL_FLAG_NONE);
	if (!before || before->vert_scroll_delta != params->vert_scroll_delta)
		SetScrollValuator(dev, SYN_AXIS_VSCROLL, SCROLL_TYPE_VERTICAL,
				  params->vert_scroll_delta, SCROLL_FLAG_NONE);
}

void syn_set_params(struct syn_priv *priv, const struct tp_params *params)
{
	struct tp_params before;

	SYN_ASSERT_MAIN();
	syn_lock();
	before = priv->params;
	priv->params = *params;
	priv->dev.clickpad = params->clickpad;
	if (priv->core) {
		tp_core_set_params(priv->core, params);
		syn_arm_timer(priv);
	}
	syn_unlock();
	if (priv->core)
		set_scroll_classes(priv->pinfo->dev, params, &before);
}

void syn_params_changed(struct syn_priv *priv)
{
	DeviceIntPtr dev = priv->pinfo->dev;

	SYN_ASSERT_MAIN();
	set_scroll_classes(dev, &priv->params, NULL);
	syn_props_update(priv, dev);
}

/* ---- device control ---- */

/* Flat profile: the core has accelerated already. */
static double syn_accel_flat(DeviceIntPtr dev, DeviceVelocityPtr vel, double velocity,
			     double threshold, double acc)
{
	(void)dev;
	(void)vel;
	(void)velocity;
	(void)threshold;
	(void)acc;
	return 1.0;
}

static void syn_ptr_ctrl(DeviceIntPtr dev, PtrCtrl *ctrl)
{
	/* acceleration is the core's and the scheme's business */
	(void)dev;
	(void)ctrl;
}

/*
 * The whole pointer gain is the core's (motion.c): the server's predictable
 * scheme stays, so the "Device Accel *" properties and ConstantDeceleration
 * work as with 1.9, but with no profile (-1, AccelProfileNone).  With no
 * profile and no constant deceleration the scheme returns at once for every
 * motion event; with a profile it tracks the velocity of every event (16
 * trackers, an atan2 per event), which cost the server more than libinput's
 * PtrAccelNoOp (test/bench/README.md).  A user's ConstantDeceleration (the
 * server applies it on top) or AccelerationProfile turns the scheme on; the
 * device-specific profile, if chosen, is flat (1.0).
 */
static void init_accel(DeviceIntPtr dev)
{
	DeviceVelocityPtr vel = GetDevicePredictableAccelData(dev);
	int profile = AccelProfileNone;

	if (!vel) {
		InitPointerAccelerationScheme(dev, PtrAccelPredictable);
		vel = GetDevicePredictableAccelData(dev);
	}
	if (!vel)
		return;
	SetDeviceSpecificAccelerationProfile(vel, syn_accel_flat);
	/* through the property, so "Device Accel Profile" shows it */
	XIChangeDeviceProperty(dev, XIGetKnownProperty(ACCEL_PROP_PROFILE_NUMBER), XA_INTEGER, 32,
			       PropModeReplace, 1, &profile, FALSE);
}

/*
 * An axis resolution as X wants it, in units per metre like 1.9: the
 * setting is units/mm, 1 when unknown.  Any int is a valid setting (and
 * a kernel may report any resolution), so the product is clamped, not
 * left to overflow.
 */
static int units_per_metre(int per_mm)
{
	long long r = per_mm > 0 ? (long long)per_mm * 1000 : 1000;

	return r > INT_MAX ? INT_MAX : (int)r;
}

static int syn_device_init(DeviceIntPtr dev)
{
	InputInfoPtr pinfo = dev->public.devicePrivate;
	struct syn_priv *priv = pinfo->private;
	static const char *const button_names[SYN_NUM_BUTTONS] = {
		BTN_LABEL_PROP_BTN_LEFT, BTN_LABEL_PROP_BTN_MIDDLE, BTN_LABEL_PROP_BTN_RIGHT,
		BTN_LABEL_PROP_BTN_WHEEL_UP, BTN_LABEL_PROP_BTN_WHEEL_DOWN,
		BTN_LABEL_PROP_BTN_HWHEEL_LEFT, BTN_LABEL_PROP_BTN_HWHEEL_RIGHT,
	};
	Atom btn_labels[SYN_NUM_BUTTONS] = { 0 };
	Atom axes_labels[SYN_NUM_AXES];
	CARD8 map[SYN_NUM_BUTTONS + 1];
	int xres = units_per_metre(priv->params.horiz_resolution);
	int yres = units_per_metre(priv->params.vert_resolution);
	int touches = priv->dev.max_fingers > priv->dev.num_slots ? priv->dev.max_fingers
								 : priv->dev.num_slots;

	if (touches > TP_MAX_SLOTS)
		touches = TP_MAX_SLOTS;	/* what a frame holds (tp-evdev.c: map_contacts) */

	SYN_ASSERT_MAIN();

	/* every button gets a label: clients (xinput list-props) choke on None */
	for (int i = 0; i < SYN_NUM_BUTTONS; i++)
		btn_labels[i] = XIGetKnownProperty(button_names[i] ? button_names[i]
								   : BTN_LABEL_PROP_BTN_UNKNOWN);
	for (int i = 0; i <= SYN_NUM_BUTTONS; i++)
		map[i] = (CARD8)i;
	axes_labels[0] = XIGetKnownProperty(AXIS_LABEL_PROP_REL_X);
	axes_labels[1] = XIGetKnownProperty(AXIS_LABEL_PROP_REL_Y);
	axes_labels[SYN_AXIS_HSCROLL] = XIGetKnownProperty(AXIS_LABEL_PROP_REL_HSCROLL);
	axes_labels[SYN_AXIS_VSCROLL] = XIGetKnownProperty(AXIS_LABEL_PROP_REL_VSCROLL);

	if (!InitButtonClassDeviceStruct(dev, SYN_NUM_BUTTONS, btn_labels, map) ||
	    !InitValuatorClassDeviceStruct(dev, SYN_NUM_AXES, axes_labels,
					   GetMotionHistorySize(), Relative) ||
	    !InitPtrFeedbackClassDeviceStruct(dev, syn_ptr_ctrl)) {
		xf86IDrvMsg(pinfo, X_ERROR, "cannot allocate the device classes\n");
		return !Success;
	}
	/* relative motion */
	xf86InitValuatorAxisStruct(dev, 0, axes_labels[0], -1, -1, xres, 0, xres, Relative);
	xf86InitValuatorDefaults(dev, 0);
	xf86InitValuatorAxisStruct(dev, 1, axes_labels[1], -1, -1, yres, 0, yres, Relative);
	xf86InitValuatorDefaults(dev, 1);
	/* smooth scrolling in device units; the server emulates 4-7 */
	xf86InitValuatorAxisStruct(dev, SYN_AXIS_HSCROLL, axes_labels[SYN_AXIS_HSCROLL], 0, -1, 0, 0, 0, Relative);
	xf86InitValuatorAxisStruct(dev, SYN_AXIS_VSCROLL, axes_labels[SYN_AXIS_VSCROLL], 0, -1, 0, 0, 0, Relative);
	set_scroll_classes(dev, &priv->params, NULL);

	/* XI 2.4 gestures: as many touches as the pad can count */
	if (touches < 2)
		touches = 2;
	if (!InitGestureClassDeviceStruct(dev, (unsigned int)touches))
		xf86IDrvMsg(pinfo, X_WARNING, "no gesture class: XI 2.4 gestures disabled\n");
	syn_actions_device_init(priv, dev);

	init_accel(dev);

	priv->vmask = valuator_mask_new(SYN_NUM_AXES);
	if (!priv->vmask)
		return !Success;
	priv->core = tp_core_new(&priv->dev, &priv->params, &syn_output, priv);
	if (!priv->core) {
		xf86IDrvMsg(pinfo, X_ERROR, "the touchpad core refused the device\n");
		return !Success;
	}
	priv->timer = TimerSet(NULL, 0, 0, NULL, NULL);
	syn_props_init(priv, dev);
	syn_monitor_init(priv, dev);
	return Success;
}

static int syn_device_on(DeviceIntPtr dev)
{
	InputInfoPtr pinfo = dev->public.devicePrivate;
	struct syn_priv *priv = pinfo->private;
	int rc;

	SYN_ASSERT_MAIN();
	if (syn_node_open(priv) < 0)
		return !Success;
	if (priv->params.grab_event_device) {
		rc = tp_evdev_grab(&priv->tev, true);
		if (rc < 0)
			xf86IDrvMsg(pinfo, X_WARNING, "cannot grab %s (%s), other clients see it too\n",
				    priv->path, strerror(-rc));
	}
	syn_lock();
	tp_core_reset(priv->core, tp_evdev_clock_us());
	syn_unlock();
	dev->public.on = TRUE;
	syn_actions_keymap_changed(priv);	/* the keymap may have changed while off */
	return Success;
}

/* The node is let go while off (node.c): other readers have it, the server may close its fd. */
static int syn_device_off(DeviceIntPtr dev)
{
	InputInfoPtr pinfo = dev->public.devicePrivate;
	struct syn_priv *priv = pinfo->private;

	SYN_ASSERT_MAIN();
	syn_lock();
	/* release whatever the core holds while the device can still post */
	if (priv->core && dev->public.on)
		tp_core_reset(priv->core, tp_evdev_clock_us());
	if (priv->timer)
		TimerCancel(priv->timer);
	syn_unlock();
	syn_node_close(priv);
	dev->public.on = FALSE;
	return Success;
}

static void syn_device_close(DeviceIntPtr dev)
{
	InputInfoPtr pinfo = dev->public.devicePrivate;
	struct syn_priv *priv = pinfo->private;

	SYN_ASSERT_MAIN();
	syn_actions_close(priv);
	syn_monitor_close(priv);
	syn_node_release(priv);
	if (priv->timer) {
		TimerFree(priv->timer);
		priv->timer = NULL;
	}
	if (priv->core) {
		tp_core_free(priv->core);
		priv->core = NULL;
	}
	if (priv->vmask) {
		valuator_mask_free(&priv->vmask);
		priv->vmask = NULL;
	}
}

static Bool syn_control(DeviceIntPtr dev, int what)
{
	switch (what) {
	case DEVICE_INIT:
		return syn_device_init(dev);
	case DEVICE_ON:
		return syn_device_on(dev);
	case DEVICE_OFF:
		return syn_device_off(dev);
	case DEVICE_CLOSE:
		syn_device_close(dev);
		return Success;
	default:
		return BadValue;
	}
}

/* ---- PreInit ---- */

static char *x_option_lookup(void *user, const char *name)
{
	struct syn_priv *priv = user;
	char *v = xf86CheckStrOption(priv->pinfo->options, name, NULL);

	if (v)
		xf86IDrvMsg(priv->pinfo, X_CONFIG, "Option \"%s\" \"%s\"\n", name, v);
	else if (priv->hotplugged && tp_option_name_eq(name, "GrabEventDevice"))
		v = strdup("off");	/* 1.9: no grab for hot-plugged devices */
	return v;
}

static void log_device(struct syn_priv *priv)
{
	const struct tp_device *d = &priv->dev;
	InputInfoPtr pinfo = priv->pinfo;

	xf86IDrvMsg(pinfo, X_PROBED, "%s: \"%s\" vendor 0x%04x product 0x%04x\n",
		    priv->path, d->name, d->vendor, d->product);
	xf86IDrvMsg(pinfo, X_PROBED, "x-axis range %d - %d resolution %d, y-axis range %d - %d resolution %d\n",
		    d->x.min, d->x.max, d->x.res, d->y.min, d->y.max, d->y.res);
	xf86IDrvMsg(pinfo, X_PROBED, "pressure %s, width %s, %d slots%s%s, up to %d fingers%s%s\n",
		    d->pressure.present ? "yes" : "no", d->width.present ? "yes" : "no",
		    d->num_slots, d->semi_mt ? " (semi-mt)" : "",
		    d->num_slots > TP_MAX_SLOTS ? " (touches in any of them, " STR(TP_MAX_SLOTS) " at once)" : "",
		    d->max_fingers, d->clickpad ? ", clickpad" : "", d->topbuttonpad ? ", top buttons" : "");
	if (d->mt_x.udev_fuzz > 0 || d->mt_y.udev_fuzz > 0)
		xf86IDrvMsg(pinfo, X_PROBED, "position noise %d/%d from udev (libinput's rule "
			    "set the kernel's fuzz to 0: the kernel does not filter the positions)\n",
			    d->mt_x.udev_fuzz, d->mt_y.udev_fuzz);
}

/* Main thread: the settings from xorg.conf's options on priv->dev (PreInit, a changed device). */
void syn_apply_options(struct syn_priv *priv)
{
	struct tp_option_source src = {
		.lookup = x_option_lookup,
		.log = option_log,
		.user = priv,
	};

	SYN_ASSERT_MAIN();
	tp_options_apply(&priv->dev, &priv->params, &src);
}

static int syn_preinit(InputDriverPtr drv, InputInfoPtr pinfo, int flags)
{
	struct syn_priv *priv;
	const char *why = "";
	char *s;
	int fd, rc;

	(void)drv;
	(void)flags;
	priv = calloc(1, sizeof(*priv));
	if (!priv)
		return BadAlloc;
	priv->pinfo = pinfo;
	priv->tev.fd = -1;
	priv->epfd = -1;
	pinfo->private = priv;
	pinfo->type_name = XI_TOUCHPAD;
	pinfo->device_control = syn_control;
	pinfo->read_input = syn_read_input;
	pinfo->control_proc = NULL;
	pinfo->switch_mode = NULL;

	s = xf86CheckStrOption(pinfo->options, "_source", NULL);
	priv->hotplugged = s && strncmp(s, "server/", 7) == 0;
	free(s);

	s = xf86SetStrOption(pinfo->options, "Protocol", "auto-dev");
	if (strcmp(s, "auto-dev") != 0 && strcmp(s, "event") != 0) {
		xf86IDrvMsg(pinfo, X_ERROR, "Protocol \"%s\" is not supported: this driver "
			    "talks to evdev only (\"auto-dev\" or \"event\")\n", s);
		free(s);
		return BadValue;
	}
	free(s);

	priv->path = xf86SetStrOption(pinfo->options, "Device", NULL);
	if (!priv->path) {
		char path[300];

		if (tp_evdev_autoprobe(path, sizeof(path)) < 0) {
			xf86IDrvMsg(pinfo, X_ERROR, "no Device option and no touchpad found in /dev/input\n");
			return BadValue;
		}
		xf86IDrvMsg(pinfo, X_PROBED, "auto-dev found touchpad %s\n", path);
		priv->path = strdup(path);
		if (!priv->path)
			return BadAlloc;
		pinfo->options = xf86ReplaceStrOption(pinfo->options, "Device", path);
	}

	priv->server_fd = (pinfo->flags & XI86_SERVER_FD) && pinfo->fd >= 0;
	fd = priv->server_fd ? pinfo->fd : -1;
	rc = tp_evdev_open(&priv->tev, priv->path, fd, &why);
	if (rc < 0) {
		xf86IDrvMsg(pinfo, X_ERROR, "%s: %s (%s)\n", priv->path, why, strerror(-rc));
		return rc == -ENODEV ? BadMatch : BadValue;
	}
	priv->probed = priv->dev = priv->tev.state.dev;
	/* probing only: the node is opened again on DEVICE_ON */
	tp_evdev_close(&priv->tev);
	log_device(priv);
	syn_apply_options(priv);
	syn_actions_preinit(priv);
	return Success;
}

static void syn_uninit(InputDriverPtr drv, InputInfoPtr pinfo, int flags)
{
	struct syn_priv *priv = pinfo->private;

	(void)drv;
	if (priv) {
		syn_actions_close(priv);
		syn_monitor_close(priv);
		syn_node_release(priv);
		if (priv->core)
			tp_core_free(priv->core);
		if (priv->timer)
			TimerFree(priv->timer);
		free(priv->path);
		free(priv);
		pinfo->private = NULL;
	}
	xf86DeleteInput(pinfo, flags);
}

static InputDriverRec synaptics_driver = {
	.driverVersion = 1,
	.driverName = "synaptics",
	.PreInit = syn_preinit,
	.UnInit = syn_uninit,
	.module = NULL,
	.default_options = NULL,
	.capabilities = XI86_DRV_CAP_SERVER_FD,
};

static void *syn_setup(void *module, void *options, int *errmaj, int *errmin)
{
	(void)options;
	(void)errmaj;
	(void)errmin;
	xf86AddInputDriver(&synaptics_driver, module, 0);
	return module;
}

static XF86ModuleVersionInfo syn_version = {
	"synaptics",
	"synaptics-mt",
	MODINFOSTRING1,
	MODINFOSTRING2,
	XORG_VERSION_CURRENT,
	SYN_MAJOR, SYN_MINOR, SYN_PATCH,
	ABI_CLASS_XINPUT,
	ABI_XINPUT_VERSION,
	MOD_CLASS_XINPUT,
	{ 0, 0, 0, 0 }
};

_X_EXPORT XF86ModuleData synapticsModuleData = {
	&syn_version,
	syn_setup,
	NULL
};
