/*
 * gesture-actions.c - legacy gesture actions in the X glue, for clients
 * without XI 2.4: options (SwipeLeftAction ... PinchOutAction), the
 * "Synaptics Gesture Actions" property (ATOM x 10), and performing them.
 *
 * Buttons are posted as a press and release on the touchpad.  Keys need a
 * keyboard class: the device gets one (server default keymap) when an option
 * sets a key action at start-up, so key events come from the touchpad device
 * itself, like the extra keys of a mouse.  Without it, a key action set
 * through the property is refused (BadValue).
 *
 * Threads (syn-thread.h): gestures arrive on the input thread, which must
 * not walk the XKB keymap (the main thread may replace it) nor log through
 * the ordinary logger.  So the keycodes of every key action are resolved
 * on the main thread into priv->action_codes: when the actions are
 * configured (device init, DEVICE_ON, a property write) and again whenever
 * two or more fingers land, by a timer the input thread arms then: the
 * server has no keymap-change notification for drivers, and a gesture
 * needs at least another frame of movement (swipe threshold, pinch
 * steps) before its action fires, by which time the main thread has run
 * the refresh.  The input thread only reads the cache, under the input
 * lock.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "synaptics-drv.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <xkbsrv.h>
#pragma GCC diagnostic pop

#define PROP_GESTURE_ACTIONS "Synaptics Gesture Actions"
#define XA_SHIFT_L 0xffe1

static bool any_keys(const struct tp_action *actions)
{
	for (int i = 0; i < TP_ACTION_COUNT; i++)
		if (actions[i].kind == TP_ACTION_KEY)
			return true;
	return false;
}

void syn_actions_preinit(struct syn_priv *priv)
{
	InputInfoPtr pinfo = priv->pinfo;

	tp_action_tracker_reset(&priv->action_tracker);
	for (int i = 0; i < TP_ACTION_COUNT; i++) {
		const char *name = tp_action_option_name((enum tp_action_slot)i);
		char *v = xf86CheckStrOption(pinfo->options, name, NULL);
		const char *why = NULL;

		priv->actions[i] = (struct tp_action){ .kind = TP_ACTION_NONE };
		if (!v)
			continue;
		if (tp_action_parse(v, &priv->actions[i], &why) < 0)
			xf86IDrvMsg(pinfo, X_ERROR, "option \"%s\" \"%s\": %s, using none\n", name, v, why);
		else
			xf86IDrvMsg(pinfo, X_CONFIG, "%s: %s\n", name, v);
		free(v);
	}
	priv->action_keys = any_keys(priv->actions);
}

/* The keycode that gives `sym` on level 0 or 1 (Shift) of group 0; 0 if none.  Main thread. */
static int find_keycode(DeviceIntPtr dev, uint32_t sym, bool *shift)
{
	XkbDescPtr xkb;

	SYN_ASSERT_MAIN();
	if (!dev->key || !dev->key->xkbInfo || !(xkb = dev->key->xkbInfo->desc) || !xkb->map)
		return 0;
	for (int level = 0; level < 2; level++) {
		for (int kc = xkb->min_key_code; kc <= xkb->max_key_code; kc++) {
			if (XkbKeyNumGroups(xkb, kc) < 1 || XkbKeyGroupWidth(xkb, kc, 0) <= level)
				continue;
			if (XkbKeySymEntry(xkb, kc, level, 0) == sym) {
				*shift = level == 1;
				return kc;
			}
		}
	}
	return 0;
}

/* The keycodes one key action presses, in order; n = 0 if a keysym is not in the keymap. */
static struct syn_action_keys resolve_keys(DeviceIntPtr dev, const struct tp_action *a)
{
	struct syn_action_keys k = { 0 };

	for (int i = 0; i < a->nkeys; i++) {
		bool shift = false;
		int kc = find_keycode(dev, a->keysyms[i], &shift);

		if (!kc)
			return (struct syn_action_keys){ .missing = a->keysyms[i] };
		if (shift && i == a->nkeys - 1) {
			bool dummy;
			int skc = find_keycode(dev, XA_SHIFT_L, &dummy);

			if (skc)
				k.codes[k.n++] = (uint8_t)skc;
		}
		k.codes[k.n++] = (uint8_t)kc;
	}
	return k;
}

/* Main thread: every key action's keycodes into the cache the input thread reads. */
static void resolve_all(struct syn_priv *priv)
{
	DeviceIntPtr dev = priv->pinfo->dev;
	struct syn_action_keys codes[TP_ACTION_COUNT];
	bool changed;

	SYN_ASSERT_MAIN();
	memset(codes, 0, sizeof(codes));
	for (int i = 0; i < TP_ACTION_COUNT && dev && dev->key; i++) {
		if (priv->actions[i].kind != TP_ACTION_KEY)
			continue;
		codes[i] = resolve_keys(dev, &priv->actions[i]);
		/* once per change, not at every gesture */
		if (codes[i].missing && codes[i].missing != priv->action_codes[i].missing)
			syn_msg(priv->pinfo, X_WARNING, 0,
				"%s: keysym 0x%x is not in the keymap, the action sends nothing",
				tp_action_option_name((enum tp_action_slot)i), codes[i].missing);
	}
	syn_lock();
	changed = memcmp(codes, priv->action_codes, sizeof(codes)) != 0;
	memcpy(priv->action_codes, codes, sizeof(codes));
	syn_unlock();
	if (changed)
		syn_msg(priv->pinfo, X_INFO, 7, "gesture actions: keycodes resolved");
}

void syn_actions_keymap_changed(struct syn_priv *priv)
{
	if (priv->action_keys)
		resolve_all(priv);
}

/* Main thread, input lock held (DoTimers): the refresh that landing fingers asked for. */
static CARD32 refresh_timer_cb(OsTimerPtr timer, CARD32 now, void *arg)
{
	(void)timer;
	(void)now;
	resolve_all(arg);
	return 0;
}

/* Input lock held: the cached keycodes, pressed and released. */
static void perform_keys(struct syn_priv *priv, enum tp_action_slot slot)
{
	const struct syn_action_keys *k = &priv->action_codes[slot];
	DeviceIntPtr dev = priv->pinfo->dev;

	SYN_ASSERT_LOCKED();
	for (int i = 0; i < k->n; i++)
		xf86PostKeyboardEvent(dev, k->codes[i], 1);
	for (int i = k->n - 1; i >= 0; i--)
		xf86PostKeyboardEvent(dev, k->codes[i], 0);
}

void syn_actions_gesture(struct syn_priv *priv, const struct tp_gesture_event *ev)
{
	enum tp_action_slot slots[8];
	int n;

	SYN_ASSERT_LOCKED();
	n = tp_action_feed(&priv->action_tracker, ev, slots, 8);
	for (int i = 0; i < n; i++) {
		const struct tp_action *a = &priv->actions[slots[i]];

		switch (a->kind) {
		case TP_ACTION_BUTTON:
			if (a->button <= SYN_NUM_BUTTONS) {
				xf86PostButtonEvent(priv->pinfo->dev, Relative, a->button, 1, 0, 0);
				xf86PostButtonEvent(priv->pinfo->dev, Relative, a->button, 0, 0, 0);
			}
			break;
		case TP_ACTION_KEY:
			if (priv->pinfo->dev->key)
				perform_keys(priv, slots[i]);
			break;
		case TP_ACTION_NONE:
			break;
		}
	}
}

void syn_actions_frame(struct syn_priv *priv, const struct tp_frame *frame)
{
	int fingers = frame->fingers, contacts = 0;

	SYN_ASSERT_LOCKED();
	for (int i = 0; i < TP_MAX_SLOTS && i < priv->dev.num_slots; i++)
		contacts += frame->slots[i].active;
	if (contacts > fingers)
		fingers = contacts;
	/* fingers land that may make a gesture: the main thread checks the keycodes now */
	if (fingers >= 2 && priv->action_fingers < 2 && priv->action_timer)
		TimerSet(priv->action_timer, 0, 1, refresh_timer_cb, priv);
	priv->action_fingers = fingers;
}

static void kbd_ctrl(DeviceIntPtr dev, KeybdCtrl *ctrl)
{
	(void)dev;
	(void)ctrl;
}

/* ---- the property ---- */

static int actions_from_prop(struct syn_priv *priv, XIPropertyValuePtr val, struct tp_action *out)
{
	const Atom *atoms = val->data;

	if (val->type != XA_ATOM || val->format != 32 || val->size != TP_ACTION_COUNT)
		return BadMatch;
	for (int i = 0; i < TP_ACTION_COUNT; i++) {
		const char *name = atoms[i] ? NameForAtom(atoms[i]) : "none";
		const char *why;

		if (!name || tp_action_parse(name, &out[i], &why) < 0)
			return BadValue;
		if (out[i].kind == TP_ACTION_KEY && !priv->action_keys)
			return BadValue;	/* no keyboard class: set a key action in xorg.conf */
	}
	return Success;
}

/* Main thread, input lock held by XIChangeDeviceProperty. */
static int set_prop(DeviceIntPtr dev, Atom atom, XIPropertyValuePtr val, BOOL checkonly)
{
	SYN_SERVER_HOLDS_LOCK();
	InputInfoPtr pinfo = dev->public.devicePrivate;
	struct syn_priv *priv = pinfo->private;
	struct tp_action actions[TP_ACTION_COUNT];
	int rc;

	SYN_ASSERT_MAIN();
	if (!priv || atom != priv->actions_atom || !atom || priv->own_write)
		return Success;
	rc = actions_from_prop(priv, val, actions);
	if (rc != Success || checkonly)
		return rc;
	memcpy(priv->actions, actions, sizeof(actions));
	tp_action_tracker_reset(&priv->action_tracker);
	resolve_all(priv);
	return Success;
}

static void init_prop(struct syn_priv *priv, DeviceIntPtr dev)
{
	Atom atoms[TP_ACTION_COUNT];

	priv->actions_atom = MakeAtom(PROP_GESTURE_ACTIONS, strlen(PROP_GESTURE_ACTIONS), TRUE);
	for (int i = 0; i < TP_ACTION_COUNT; i++) {
		char text[128];

		tp_action_format(&priv->actions[i], text, sizeof(text));
		atoms[i] = MakeAtom(text, strlen(text), TRUE);
	}
	syn_change_own_property(priv, dev, priv->actions_atom, XA_ATOM, 32, TP_ACTION_COUNT, atoms,
				FALSE);
	XISetDevicePropertyDeletable(dev, priv->actions_atom, FALSE);
	XIRegisterPropertyHandler(dev, set_prop, NULL, NULL);
}

int syn_actions_device_init(struct syn_priv *priv, DeviceIntPtr dev)
{
	SYN_ASSERT_MAIN();
	if (priv->action_keys && !InitKeyboardDeviceStruct(dev, NULL, NULL, kbd_ctrl)) {
		xf86IDrvMsg(priv->pinfo, X_ERROR, "no keyboard class: key actions disabled\n");
		for (int i = 0; i < TP_ACTION_COUNT; i++)
			if (priv->actions[i].kind == TP_ACTION_KEY)
				priv->actions[i].kind = TP_ACTION_NONE;
		priv->action_keys = false;
	}
	if (priv->action_keys) {
		priv->action_timer = TimerSet(NULL, 0, 0, NULL, NULL);	/* allocated here, not on the input thread */
		resolve_all(priv);
	}
	init_prop(priv, dev);
	return Success;
}

void syn_actions_close(struct syn_priv *priv)
{
	if (priv->action_timer) {
		TimerFree(priv->action_timer);
		priv->action_timer = NULL;
	}
}
