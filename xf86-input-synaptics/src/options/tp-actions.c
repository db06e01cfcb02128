/*
 * tp-actions.c - the text of the legacy gesture actions (see tp-actions.h):
 * the xorg.conf option of each slot, keysym names, parsing and the
 * canonical form.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tp-actions.h"

static const char *const option_names[TP_ACTION_COUNT] = {
	"SwipeLeftAction", "SwipeRightAction", "SwipeUpAction", "SwipeDownAction",
	"Swipe4LeftAction", "Swipe4RightAction", "Swipe4UpAction", "Swipe4DownAction",
	"PinchInAction", "PinchOutAction",
};

const char *tp_action_option_name(enum tp_action_slot slot)
{
	return slot < TP_ACTION_COUNT ? option_names[slot] : NULL;
}

/* Keysym values are those of the X protocol (keysymdef.h). */
struct keyname {
	const char *name;
	uint32_t sym;
	bool modifier;
};

static const struct keyname keynames[] = {
	{ "Shift", 0xffe1, true }, { "Shift_L", 0xffe1, true }, { "Shift_R", 0xffe2, true },
	{ "Ctrl", 0xffe3, true }, { "Control", 0xffe3, true }, { "Control_L", 0xffe3, true },
	{ "Control_R", 0xffe4, true }, { "Alt", 0xffe9, true }, { "Alt_L", 0xffe9, true },
	{ "Alt_R", 0xffea, true }, { "Meta", 0xffe7, true }, { "Meta_L", 0xffe7, true },
	{ "Super", 0xffeb, true }, { "Super_L", 0xffeb, true }, { "Super_R", 0xffec, true },
	{ "space", 0x20, false }, { "plus", 0x2b, false }, { "minus", 0x2d, false },
	{ "equal", 0x3d, false }, { "comma", 0x2c, false }, { "period", 0x2e, false },
	{ "slash", 0x2f, false }, { "bracketleft", 0x5b, false }, { "bracketright", 0x5d, false },
	{ "BackSpace", 0xff08, false }, { "Tab", 0xff09, false }, { "Return", 0xff0d, false },
	{ "Escape", 0xff1b, false }, { "Delete", 0xffff, false }, { "Home", 0xff50, false },
	{ "Left", 0xff51, false }, { "Up", 0xff52, false }, { "Right", 0xff53, false },
	{ "Down", 0xff54, false }, { "Prior", 0xff55, false }, { "Page_Up", 0xff55, false },
	{ "Next", 0xff56, false }, { "Page_Down", 0xff56, false }, { "End", 0xff57, false },
	{ "Insert", 0xff63, false }, { "Print", 0xff61, false }, { "Menu", 0xff67, false },
	{ "KP_Add", 0xffab, false }, { "KP_Subtract", 0xffad, false },
	{ "XF86Back", 0x1008ff26, false }, { "XF86Forward", 0x1008ff27, false },
	{ "XF86ZoomIn", 0x1008ff8b, false }, { "XF86ZoomOut", 0x1008ff8c, false },
	{ "XF86AudioRaiseVolume", 0x1008ff13, false }, { "XF86AudioLowerVolume", 0x1008ff11, false },
	{ "XF86AudioMute", 0x1008ff12, false }, { "XF86AudioPlay", 0x1008ff14, false },
	{ "XF86AudioPrev", 0x1008ff16, false }, { "XF86AudioNext", 0x1008ff17, false },
	{ "XF86MonBrightnessUp", 0x1008ff02, false }, { "XF86MonBrightnessDown", 0x1008ff03, false },
};

static const struct keyname *find_key(const char *name)
{
	for (size_t i = 0; i < sizeof(keynames) / sizeof(keynames[0]); i++)
		if (strcasecmp(keynames[i].name, name) == 0)
			return &keynames[i];
	return NULL;
}

uint32_t tp_keysym_from_name(const char *name)
{
	const struct keyname *k;

	if (!name || !name[0])
		return 0;
	/* One letter or digit: its Latin-1 keysym (case matters: "A" is Shift+a's symbol). */
	if (!name[1] && ((name[0] >= 'a' && name[0] <= 'z') || (name[0] >= 'A' && name[0] <= 'Z') ||
			 (name[0] >= '0' && name[0] <= '9')))
		return (unsigned char)name[0];
	/* F1 .. F24 */
	if ((name[0] == 'F' || name[0] == 'f') && name[1] >= '1' && name[1] <= '9') {
		char *end;
		long n = strtol(name + 1, &end, 10);

		if (!*end && n >= 1 && n <= 24)
			return 0xffbe + (uint32_t)(n - 1);
	}
	k = find_key(name);
	return k ? k->sym : 0;
}

static bool is_modifier(uint32_t sym)
{
	return sym >= 0xffe1 && sym <= 0xffee;
}

static int reject(struct tp_action *a, const char **why, const char *msg)
{
	*a = (struct tp_action){ .kind = TP_ACTION_NONE };
	if (why)
		*why = msg;
	return -EINVAL;
}

static int parse_keys(const char *spec, struct tp_action *a, const char **why)
{
	char buf[256], *save = NULL, *tok;

	if (strlen(spec) >= sizeof(buf))
		return reject(a, why, "key combination too long");
	strcpy(buf, spec);
	a->kind = TP_ACTION_KEY;
	a->nkeys = 0;
	for (tok = strtok_r(buf, "+", &save); tok; tok = strtok_r(NULL, "+", &save)) {
		uint32_t sym = tp_keysym_from_name(tok);

		if (!sym)
			return reject(a, why, "unknown key name");
		if (a->nkeys == TP_ACTION_MAX_KEYS)
			return reject(a, why, "too many keys");
		a->keysyms[a->nkeys++] = sym;
	}
	if (a->nkeys == 0)
		return reject(a, why, "no key given");
	for (int i = 0; i + 1 < a->nkeys; i++)
		if (!is_modifier(a->keysyms[i]))
			return reject(a, why, "only the last key may be a non-modifier");
	/* "key Ctrl++" cannot be written: strtok skips empty names, so check the shape. */
	if (spec[0] == '+' || spec[strlen(spec) - 1] == '+' || strstr(spec, "++"))
		return reject(a, why, "empty key name (write plus for '+')");
	return 0;
}

int tp_action_parse(const char *text, struct tp_action *a, const char **why)
{
	const char *p = text, *arg;
	size_t wlen;

	*a = (struct tp_action){ .kind = TP_ACTION_NONE };
	if (!text)
		return reject(a, why, "no action");
	while (*p == ' ' || *p == '\t')
		p++;
	wlen = strcspn(p, " \t");
	arg = p + wlen;
	while (*arg == ' ' || *arg == '\t')
		arg++;
	if (wlen == 4 && strncasecmp(p, "none", 4) == 0 && !*arg)
		return 0;
	if (wlen == 6 && strncasecmp(p, "button", 6) == 0) {
		char *end;
		long b = strtol(arg, &end, 10);

		while (*end == ' ' || *end == '\t')
			end++;
		if (end == arg || *end || b < 1 || b > TP_MAX_ACTION_BUTTON)
			return reject(a, why, "button must be 1 to " TP_STR(TP_MAX_ACTION_BUTTON));
		a->kind = TP_ACTION_BUTTON;
		a->button = (int)b;
		return 0;
	}
	if (wlen == 3 && strncasecmp(p, "key", 3) == 0) {
		char keys[256];
		size_t n = strcspn(arg, " \t");

		if (n == 0 || n >= sizeof(keys) || arg[n + strspn(arg + n, " \t")])
			return reject(a, why, "key needs one combination such as Ctrl+plus");
		memcpy(keys, arg, n);
		keys[n] = '\0';
		return parse_keys(keys, a, why);
	}
	return reject(a, why, "expected none, button N or key COMBINATION");
}

static const char *sym_name(uint32_t sym, char *tmp, size_t size)
{
	if ((sym >= 'a' && sym <= 'z') || (sym >= 'A' && sym <= 'Z') || (sym >= '0' && sym <= '9')) {
		snprintf(tmp, size, "%c", (char)sym);
		return tmp;
	}
	if (sym >= 0xffbe && sym <= 0xffbe + 23) {
		snprintf(tmp, size, "F%u", sym - 0xffbe + 1);
		return tmp;
	}
	for (size_t i = 0; i < sizeof(keynames) / sizeof(keynames[0]); i++)
		if (keynames[i].sym == sym)
			return keynames[i].name;
	snprintf(tmp, size, "0x%x", sym);
	return tmp;
}

void tp_action_format(const struct tp_action *a, char *buf, size_t size)
{
	size_t len;
	char tmp[16];

	if (!size)
		return;
	switch (a->kind) {
	case TP_ACTION_BUTTON:
		snprintf(buf, size, "button %d", a->button);
		return;
	case TP_ACTION_KEY:
		snprintf(buf, size, "key ");
		for (int i = 0; i < a->nkeys; i++) {
			len = strlen(buf);
			snprintf(buf + len, size - len, "%s%s", i ? "+" : "",
				 sym_name(a->keysyms[i], tmp, sizeof(tmp)));
		}
		return;
	case TP_ACTION_NONE:
		break;
	}
	snprintf(buf, size, "none");
}
