/*
 * synaptics-drv.h - the Xorg glue of synaptics-mt (private to src/x).
 *
 * The glue owns one struct syn_priv per device: the evdev backend, the core,
 * the parameters, a timer for the core's timeouts and the property atoms.
 */
#ifndef SYNMT_SYNAPTICS_DRV_H
#define SYNMT_SYNAPTICS_DRV_H

/* The server's headers are not -Wextra clean (xf86.h's deprecated inlines). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <X11/Xatom.h>
#include <X11/extensions/XI2.h>
#include <xorg-server.h>
#include <xf86.h>
#include <xf86Xinput.h>
#include <xf86_OSproc.h>
#include <exevents.h>
#include <ptrveloc.h>
#include <xserver-properties.h>
#pragma GCC diagnostic pop

#include "touchpad.h"
#include "tp-evdev.h"
#include "tp-options.h"
#include "tp-actions.h"
#include "syn-thread.h"

/*
 * Buttons the device reports: 1-3, wheel 4-7, then 8-12 for extra buttons;
 * as many as a setting may name (settings.h), so every action can be posted.
 */
#define SYN_NUM_BUTTONS TP_MAX_ACTION_BUTTON
/* Valuators: 0 rel x, 1 rel y, 2 horizontal scroll, 3 vertical scroll. */
#define SYN_NUM_AXES 4
#define SYN_AXIS_HSCROLL 2
#define SYN_AXIS_VSCROLL 3

/* Items of "Synaptics Hardware State" (monitor.c). */
enum syn_hw_item {
	SYN_HW_TIME, SYN_HW_X, SYN_HW_Y, SYN_HW_Z, SYN_HW_FINGERS, SYN_HW_WIDTH,
	SYN_HW_BUTTONS, SYN_HW_CONTACTS,
	SYN_HWSTATE_ITEMS
};

/* The monitor's state.  active, fresh and latest are shared with the input
 * thread (input lock); the rest belongs to the main thread. */
struct syn_monitor {
	bool active;			/* a lease runs: frames are copied */
	bool fresh;			/* latest holds a state not yet looked at */
	int32_t latest[SYN_HWSTATE_ITEMS];
	int32_t shown[SYN_HWSTATE_ITEMS];	/* what the property holds */
	CARD32 lease_end;		/* server ms */
	OsTimerPtr timer;
	Atom monitor_atom, hwstate_atom;
};

struct syn_priv {
	InputInfoPtr pinfo;
	char *path;			/* event node */
	bool server_fd;			/* the server (logind) owns the fd */
	bool hotplugged;		/* added by the config backend (udev) */
	struct tp_evdev tev;		/* the node while the device is on (node.c) */
	int epfd;			/* the epoll set the input thread polls (node.c) */
	bool epfd_registered;		/* with the input thread */
	bool node_gone;			/* read said ENODEV: out of the set (input lock) */
	bool lost_touches_said;		/* the log said so once (input lock) */
	bool foreign_times_said;	/* ... that a frame had another clock's time */
	struct tp_device probed;	/* as PreInit (or the last DEVICE_ON) found it */
	struct tp_device dev;		/* the probe, ClickPad option applied */
	struct tp_params params;
	struct tp_core *core;
	OsTimerPtr timer;
	ValuatorMask *vmask;
	Atom prop_atoms[64];		/* one per tp_prop_table row, 0 if not created */
	Atom float_type;
	Atom node_atom, product_atom;	/* "Device Node", "Device Product ID" */
	/* legacy gesture actions (gesture-actions.c) */
	struct tp_action actions[TP_ACTION_COUNT];
	struct tp_action_tracker action_tracker;
	bool action_keys;		/* a key action is set: the device has a keyboard class */
	Atom actions_atom;
	/* keycodes of the key actions, resolved on the main thread (input lock to read) */
	struct syn_action_keys {
		int n;			/* keycodes to press in order, 0: nothing to send */
		uint8_t codes[TP_ACTION_MAX_KEYS + 1];	/* + Shift for a shifted symbol */
		uint32_t missing;	/* a keysym not in the keymap (n is 0 then), or 0 */
	} action_codes[TP_ACTION_COUNT];
	OsTimerPtr action_timer;	/* main-thread refresh, armed when fingers land */
	int action_fingers;		/* fingers of the last frame (input thread) */
	/* >0 while the driver changes its own properties: our handlers let those pass */
	int own_write;
	struct syn_monitor mon;		/* synclient -m (monitor.c) */
};

/* synaptics-props.c */
void syn_props_init(struct syn_priv *priv, DeviceIntPtr dev);
void syn_props_update(struct syn_priv *priv, DeviceIntPtr dev);
/*
 * The driver's own property change (main thread): the server runs every
 * handler for it, ours let it pass instead of deciding again.  sendevent
 * FALSE only while the device is initialised, TRUE at run time.
 */
int syn_change_own_property(struct syn_priv *priv, DeviceIntPtr dev, Atom atom, Atom type,
			    int format, int n, const void *data, Bool sendevent);

/* gesture-actions.c */
void syn_actions_preinit(struct syn_priv *priv);
int syn_actions_device_init(struct syn_priv *priv, DeviceIntPtr dev);
/* Input thread (or main, from a timer), input lock held. */
void syn_actions_gesture(struct syn_priv *priv, const struct tp_gesture_event *ev);
/* Input thread, input lock held: every frame, while key actions are set. */
void syn_actions_frame(struct syn_priv *priv, const struct tp_frame *frame);
/* Main thread: resolve the key actions' keycodes again (DEVICE_ON, keymap change). */
void syn_actions_keymap_changed(struct syn_priv *priv);
void syn_actions_close(struct syn_priv *priv);

/* monitor.c */
void syn_monitor_init(struct syn_priv *priv, DeviceIntPtr dev);
void syn_monitor_close(struct syn_priv *priv);
/* Input thread, input lock held; call only while priv->mon.active. */
void syn_monitor_frame(struct syn_priv *priv, const struct tp_frame *frame);

/* synaptics-drv.c: apply a new (validated) parameter set at run time */
void syn_set_params(struct syn_priv *priv, const struct tp_params *params);
/* synaptics-drv.c, main thread: the settings from xorg.conf's options (PreInit, a changed device) */
void syn_apply_options(struct syn_priv *priv);
/* ... and after them, the properties and scroll classes follow priv->params */
void syn_params_changed(struct syn_priv *priv);
const struct tp_output *syn_core_output(void);

/* node.c: the event node while the device is on, and the fd the input thread polls */
int syn_node_open(struct syn_priv *priv);		/* DEVICE_ON; 0 or a negative errno */
void syn_node_close(struct syn_priv *priv);		/* DEVICE_OFF */
void syn_node_release(struct syn_priv *priv);		/* DEVICE_CLOSE, UnInit */
/* Input thread, input lock held: read what the node has; tp_evdev_read's result */
int syn_node_read(struct syn_priv *priv,
		  void (*frame_cb)(void *user, const struct tp_frame *frame),
		  void (*dropped_cb)(void *user, uint64_t time));

#endif /* SYNMT_SYNAPTICS_DRV_H */
