/*
 * tp-actions.h - the text of the legacy gesture actions.
 *
 * An action is "none", "button N" or "key Mod+...+Key" (keysym names as in
 * xmodmap).  This is where the keysym vocabulary lives: the core only says
 * which slot (enum tp_action_slot, gesture-action.h) fires, the X glue
 * performs the action parsed here.
 */
#ifndef SYNMT_TP_ACTIONS_H
#define SYNMT_TP_ACTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gesture-action.h"

enum tp_action_kind { TP_ACTION_NONE, TP_ACTION_BUTTON, TP_ACTION_KEY };

#define TP_ACTION_MAX_KEYS 5		/* modifiers + one key */

struct tp_action {
	enum tp_action_kind kind;
	int button;				/* TP_ACTION_BUTTON: 1..TP_MAX_ACTION_BUTTON */
	int nkeys;				/* TP_ACTION_KEY: keysyms, modifiers first */
	uint32_t keysyms[TP_ACTION_MAX_KEYS];
};

/* The xorg.conf option of each slot ("SwipeLeftAction", ...). */
const char *tp_action_option_name(enum tp_action_slot slot);

/*
 * Parse "none", "button N" or "key Ctrl+Alt+Left" (case-insensitive words,
 * keysym names as in xmodmap for the key).  Returns 0, or -EINVAL with a
 * reason in *why (if why != NULL); *action is "none" then.
 */
int tp_action_parse(const char *text, struct tp_action *action, const char **why);

/* The canonical text of an action ("none", "button 8", "key Control_L+plus"). */
void tp_action_format(const struct tp_action *action, char *buf, size_t size);

/* Keysym of a name this module knows ("Left", "F11", "a", "Ctrl"), 0 if unknown. */
uint32_t tp_keysym_from_name(const char *name);

#endif /* SYNMT_TP_ACTIONS_H */
