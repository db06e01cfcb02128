/*
 * xstub.h - a small stand-in for the X server functions the synaptics glue
 * (xf86-input-synaptics/src/x) calls, so that device on/off/close,
 * property writes, timers and the input thread's read can be driven on the
 * host, without Xorg or QEMU (test-glue.c).
 *
 * The stub keeps the server's rules and counts every break of them as a
 * violation: posting an event without the input lock, the ordinary logger
 * or a property change on the input thread, an allocating TimerSet on the
 * input thread, an unbalanced input lock, a property deleted (or created)
 * inside the handler of its own change.  Property handlers run like
 * Xi/xiproperty.c runs them (checkonly, then for real, each under the input
 * lock, the newest handler first; the property record held across them),
 * and the XIPropertyEvents the server would send are recorded.  The input
 * thread's device list follows os/inputthread.c, its late drop of
 * registrations included.
 */
#ifndef SYNMT_XSTUB_H
#define SYNMT_XSTUB_H

#include <stdbool.h>
#include <stdint.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <X11/Xatom.h>
#include <X11/extensions/XI2.h>
#include <xorg-server.h>
#include <xf86.h>
#include <xf86Xinput.h>
#include <exevents.h>
#pragma GCC diagnostic pop

enum stub_ev_kind { STUB_MOTION, STUB_BUTTON, STUB_KEY, STUB_SWIPE, STUB_PINCH, STUB_SCROLL };

struct stub_event {
	enum stub_ev_kind kind;
	int detail;		/* button, keycode, gesture event type */
	int down;
	double dx, dy;
	bool input_thread;	/* posted from the input thread */
};

#define STUB_MAX_EVENTS 4096
extern struct stub_event stub_events[STUB_MAX_EVENTS];
extern int stub_nevents;

/* property events the server would send */
struct stub_prop_event {
	Atom atom;
	int what;		/* XIPropertyCreated, XIPropertyModified, XIPropertyDeleted */
};
#define STUB_MAX_PROP_EVENTS 256
extern struct stub_prop_event stub_prop_events[STUB_MAX_PROP_EVENTS];
extern int stub_nprop_events;

extern int stub_violations;		/* broken server rules, each also printed */
extern int stub_input_lock;		/* depth of the (one) input lock */
extern int stub_max_handler_depth;	/* deepest nesting of property handler calls */
extern int stub_sigsafe_lines, stub_log_lines;
extern int stub_sigsafe_loud;		/* sig-safe lines below the debug verbosity (7) */

/* Run pinfo->read_input the way the input thread does: flagged, lock held. */
void stub_input_thread_read(InputInfoPtr pinfo);
/*
 * One turn of the input thread: apply the registrations made since
 * (os/inputthread.c's rules, its late drop included), then read each
 * registered fd that poll() says is readable.  Returns the reads.
 */
int stub_input_thread_run(void);
/* Registrations the thread holds or will hold (added or running) for pinfo / for an fd number. */
int stub_registrations(InputInfoPtr pinfo);
int stub_registrations_of_fd(int fd);
/* Run the OsTimers that are due (by GetTimeInMillis), as DoTimers does. */
int stub_run_timers(void);
/* Timers armed now / allocated and not freed. */
int stub_timers_pending(void);
int stub_timers_alive(void);

/* A device record and its InputInfoRec, as xf86NewInputDevice makes them. */
InputInfoPtr stub_new_input(const char *name, const char *const *options);
DeviceIntPtr stub_new_device(InputInfoPtr pinfo);
void stub_free_device(DeviceIntPtr dev);	/* what CloseDevice frees: the classes */
void stub_free_input(InputInfoPtr pinfo);

/* A client's XIChangeProperty (PropModeReplace): the X error code or Success. */
int stub_client_change(DeviceIntPtr dev, const char *prop, Atom type, int format, long n,
		       const void *data);
/* The property's value now, NULL if it does not exist. */
const XIPropertyValueRec *stub_property(const char *prop);
bool stub_property_exists(const char *prop);

/* The device's keymap (after InitKeyboardDeviceStruct): keycode kc gives sym0 / Shift sym1. */
void stub_keymap_set(DeviceIntPtr dev, int kc, uint32_t sym0, uint32_t sym1);

/* The resolution (units/m) each valuator was initialised with. */
extern int stub_axis_resolution[MAX_VALUATORS];

void stub_clear_events(void);

#endif /* SYNMT_XSTUB_H */
