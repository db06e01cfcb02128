/*
 * xstub-fuzz.h - what fuzz-xprops.c needs of test/glue/xstub.c beyond
 * xstub.h: a fresh server state per input, the properties, the timers.
 */
#ifndef SYNMT_XSTUB_FUZZ_H
#define SYNMT_XSTUB_FUZZ_H

#include "xstub.h"

/* Forget every property, handler, input-thread registration and timer (a new server). */
void stub_fuzz_reset(void);
/* The properties the device has now, in no particular order. */
int stub_fuzz_nprops(void);
Atom stub_fuzz_prop(int i, const XIPropertyValueRec **value);
/* The earliest armed timer's expiry (server ms, wrapping) seen from now; false if none. */
bool stub_fuzz_next_timer(CARD32 now, CARD32 *expires);
/* The driver the module registered (xf86AddInputDriver). */
InputDriverPtr stub_fuzz_driver(void);

#endif /* SYNMT_XSTUB_FUZZ_H */
