/*
 * output.c - what the core hands to its user: log lines, and logical
 * buttons, pressed and released once however many concerns hold them.
 * Every concern calls these; they call nothing of the core back.
 */
#include <stdarg.h>

#include "core-private.h"

void tp_log(struct tp_core *core, enum tp_log_level level, const char *fmt, ...)
{
	va_list args;

	if (!core->out.log)
		return;
	va_start(args, fmt);
	core->out.log(core->user, level, fmt, args);
	va_end(args);
}

/*
 * A state machine got an event its state cannot receive (libinput's
 * log_tap_bug): a defect of ours, said at error level with the names, and
 * nothing done.
 */
void tp_log_bug(struct tp_core *core, const char *machine, const char *state, const char *event)
{
	tp_log(core, TP_LOG_ERROR, "BUG: %s: event %s in state %s cannot happen; ignored",
	       machine, event, state);
}

/*
 * Logical buttons are reference counted: a tap and a physical click may both
 * hold button 1, and X must see one press and one release.
 */
void tp_button_press(struct tp_core *core, int button)
{
	if (button <= 0 || button > TP_MAX_BUTTON)
		return;
	if (core->button_count[button]++ == 0 && core->out.button)
		core->out.button(core->user, button, true);
}

void tp_button_release(struct tp_core *core, int button)
{
	if (button <= 0 || button > TP_MAX_BUTTON || core->button_count[button] == 0)
		return;
	if (--core->button_count[button] == 0 && core->out.button)
		core->out.button(core->user, button, false);
}

void tp_button_click(struct tp_core *core, int button)
{
	tp_button_press(core, button);
	tp_button_release(core, button);
}
