/*
 * xstub-fuzz.c - test/glue/xstub.c (the host stand-in for the X server
 * functions the glue calls) for fuzz-xprops.c, which runs a device per
 * input in one process: xstub.c keeps the server's state for one device in
 * statics that test-glue never needs to reset, so it is compiled here, in
 * this file, with what a fresh server would start from between inputs and
 * what the harness reads of it (the properties, the next timer).
 */
#include "../glue/xstub.c"

#include "xstub-fuzz.h"

void stub_fuzz_reset(void)
{
	for (int i = 0; i < nprops; i++)
		free(props[i].value.data);
	nprops = 0;
	nhandlers = 0;
	nchanging = 0;
	handler_depth = 0;
	nregs = 0;
	on_input_thread = false;
	stub_input_lock = 0;
	while (alive) {			/* timers a device failed to free: the harness reports them first */
		struct _OsTimerRec *t = alive;

		alive = t->next_alive;
		free(t);
	}
	stub_clear_events();
}

int stub_fuzz_nprops(void)
{
	return nprops;
}

Atom stub_fuzz_prop(int i, const XIPropertyValueRec **value)
{
	*value = &props[i].value;
	return props[i].atom;
}

bool stub_fuzz_next_timer(CARD32 now, CARD32 *expires)
{
	bool any = false;

	for (struct _OsTimerRec *t = alive; t; t = t->next_alive) {
		if (!t->pending)
			continue;
		if (!any || (int32_t)(t->expires - now) < (int32_t)(*expires - now))
			*expires = t->expires;
		any = true;
	}
	return any;
}

InputDriverPtr stub_fuzz_driver(void)
{
	return the_driver;
}
