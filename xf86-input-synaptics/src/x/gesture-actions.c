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

/* The keycode that gives `sym` on level 0 or 1 (Shift) of group 0; 0 if none. */
static int find_keycode(DeviceIntPtr dev, uint32_t sym, bool *shift)
{
	XkbDescPtr xkb;

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

static void perform_keys(struct syn_priv *priv, const struct tp_action *a)
{
	DeviceIntPtr dev = priv->pinfo->dev;
	int codes[TP_ACTION_MAX_KEYS + 1], n = 0;

	for (int i = 0; i < a->nkeys; i++) {
		bool shift = false;
		int kc = find_keycode(dev, a->keysyms[i], &shift);

		if (!kc) {
			xf86IDrvMsg(priv->pinfo, X_WARNING,
				    "gesture action: keysym 0x%x is not in the keymap, nothing sent\n",
				    a->keysyms[i]);
			return;
		}
		if (shift && i == a->nkeys - 1) {
			bool dummy;
			int skc = find_keycode(dev, XA_SHIFT_L, &dummy);

			if (skc)
				codes[n++] = skc;
		}
		codes[n++] = kc;
	}
	for (int i = 0; i < n; i++)
		xf86PostKeyboardEvent(dev, (unsigned int)codes[i], 1);
	for (int i = n - 1; i >= 0; i--)
		xf86PostKeyboardEvent(dev, (unsigned int)codes[i], 0);
}

void syn_actions_gesture(struct syn_priv *priv, const struct tp_gesture_event *ev)
{
	enum tp_action_slot slots[8];
	int n = tp_action_feed(&priv->action_tracker, ev, slots, 8);

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
				perform_keys(priv, a);
			break;
		case TP_ACTION_NONE:
			break;
		}
	}
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

static int set_prop(DeviceIntPtr dev, Atom atom, XIPropertyValuePtr val, BOOL checkonly)
{
	InputInfoPtr pinfo = dev->public.devicePrivate;
	struct syn_priv *priv = pinfo->private;
	struct tp_action actions[TP_ACTION_COUNT];
	int rc;

	if (!priv || atom != priv->actions_atom || !atom)
		return Success;
	rc = actions_from_prop(priv, val, actions);
	if (rc != Success || checkonly)
		return rc;
	memcpy(priv->actions, actions, sizeof(actions));
	tp_action_tracker_reset(&priv->action_tracker);
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
	XIChangeDeviceProperty(dev, priv->actions_atom, XA_ATOM, 32, PropModeReplace,
			       TP_ACTION_COUNT, atoms, FALSE);
	XISetDevicePropertyDeletable(dev, priv->actions_atom, FALSE);
	XIRegisterPropertyHandler(dev, set_prop, NULL, NULL);
}

int syn_actions_device_init(struct syn_priv *priv, DeviceIntPtr dev)
{
	if (priv->action_keys && !InitKeyboardDeviceStruct(dev, NULL, NULL, kbd_ctrl)) {
		xf86IDrvMsg(priv->pinfo, X_ERROR, "no keyboard class: key actions disabled\n");
		for (int i = 0; i < TP_ACTION_COUNT; i++)
			if (priv->actions[i].kind == TP_ACTION_KEY)
				priv->actions[i].kind = TP_ACTION_NONE;
		priv->action_keys = false;
	}
	init_prop(priv, dev);
	return Success;
}
