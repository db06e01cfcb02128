/*
 * xstub.c - the X server functions the glue calls, as a host-side stand-in
 * (see xstub.h).  Only what the glue uses, each keeping the server's rules
 * that matter to a driver; the rest of the server is not here.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <time.h>

#include "xstub.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <xkbsrv.h>
#include <ptrveloc.h>
#include <xserver-properties.h>
#pragma GCC diagnostic pop

struct stub_event stub_events[STUB_MAX_EVENTS];
int stub_nevents;
struct stub_prop_event stub_prop_events[STUB_MAX_PROP_EVENTS];
int stub_nprop_events;
int stub_violations;
int stub_input_lock;
int stub_max_handler_depth;
int stub_sigsafe_lines, stub_sigsafe_loud, stub_log_lines;

static bool on_input_thread;
static int handler_depth;

static void violation(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void violation(const char *fmt, ...)
{
	va_list ap;

	stub_violations++;
	fprintf(stdout, "STUB VIOLATION: ");
	va_start(ap, fmt);
	vfprintf(stdout, fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
}

void stub_clear_events(void)
{
	stub_nevents = 0;
	stub_nprop_events = 0;
}

static void record(enum stub_ev_kind kind, int detail, int down, double dx, double dy)
{
	if (stub_input_lock <= 0)
		violation("event posted without the input lock (kind %d)", kind);
	if (stub_nevents < STUB_MAX_EVENTS)
		stub_events[stub_nevents++] = (struct stub_event){ kind, detail, down, dx, dy, on_input_thread };
}

/* ---- threads and the input lock ---- */

void input_lock(void)
{
	stub_input_lock++;
}

void input_unlock(void)
{
	if (stub_input_lock <= 0)
		violation("input_unlock without input_lock");
	stub_input_lock--;
}

int in_input_thread(void)
{
	return on_input_thread;
}

void stub_input_thread_read(InputInfoPtr pinfo)
{
	int depth = stub_input_lock;

	on_input_thread = true;
	input_lock();
	pinfo->read_input(pinfo);
	input_unlock();
	on_input_thread = false;
	if (stub_input_lock != depth)
		violation("read_input left the input lock at depth %d", stub_input_lock);
}

/* ---- logging ---- */

static void log_line(const char *what, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

static void log_line(const char *what, const char *fmt, va_list ap)
{
	printf("#   [%s] ", what);
	vprintf(fmt, ap);
}

/* The ordinary logger: it formats into shared buffers, so not on the input thread. */
static void drv_msg(const char *who, const char *format, va_list ap)
	__attribute__((format(printf, 2, 0)));

static void drv_msg(const char *who, const char *format, va_list ap)
{
	if (on_input_thread)
		violation("%s on the input thread: %s", who, format);
	stub_log_lines++;
	log_line("log", format, ap);
}

void xf86IDrvMsgVerb(InputInfoPtr dev, MessageType type, int verb, const char *format, ...)
{
	va_list ap;

	(void)dev;
	(void)type;
	(void)verb;
	va_start(ap, format);
	drv_msg("xf86IDrvMsgVerb", format, ap);
	va_end(ap);
}

void xf86IDrvMsg(InputInfoPtr dev, MessageType type, const char *format, ...)
{
	va_list ap;

	(void)dev;
	(void)type;
	va_start(ap, format);
	drv_msg("xf86IDrvMsg", format, ap);
	va_end(ap);
}

void LogMessageVerbSigSafe(MessageType type, int verb, const char *format, ...)
{
	va_list ap;

	(void)type;
	stub_sigsafe_lines++;
	if (verb < 7)
		stub_sigsafe_loud++;	/* not the core's debug trace */
	va_start(ap, format);
	log_line("sigsafe", format, ap);
	va_end(ap);
}

/* ---- time and timers ---- */

struct _OsTimerRec {
	bool pending;
	CARD32 expires;
	OsTimerCallback cb;
	void *arg;
	struct _OsTimerRec *next_alive;
};
static struct _OsTimerRec *alive;

CARD32 GetTimeInMillis(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (CARD32)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

OsTimerPtr TimerSet(OsTimerPtr timer, int flags, CARD32 millis, OsTimerCallback func, void *arg)
{
	if (!timer) {
		if (on_input_thread)
			violation("TimerSet allocates a timer on the input thread");
		timer = calloc(1, sizeof(*timer));
		if (!timer)
			return NULL;
		timer->next_alive = alive;
		alive = timer;
	}
	input_lock();
	timer->pending = false;
	if (millis) {
		timer->expires = (flags & TimerAbsolute) ? millis : GetTimeInMillis() + millis;
		timer->cb = func;
		timer->arg = arg;
		timer->pending = true;
	}
	input_unlock();
	return timer;
}

void TimerCancel(OsTimerPtr timer)
{
	if (timer)
		timer->pending = false;
}

void TimerFree(OsTimerPtr timer)
{
	struct _OsTimerRec **p;

	if (!timer)
		return;
	for (p = &alive; *p; p = &(*p)->next_alive)
		if (*p == timer) {
			*p = timer->next_alive;
			break;
		}
	free(timer);
}

int stub_run_timers(void)
{
	int fired = 0;
	bool again = true;

	if (on_input_thread)
		violation("timers run on the input thread");
	input_lock();
	while (again) {
		CARD32 now = GetTimeInMillis();

		again = false;
		for (struct _OsTimerRec *t = alive; t; t = t->next_alive) {
			CARD32 next;

			if (!t->pending || (int32_t)(t->expires - now) > 0)
				continue;
			t->pending = false;
			next = t->cb(t, now, t->arg);
			fired++;
			if (next)
				TimerSet(t, 0, next, t->cb, t->arg);
			again = true;
			break;	/* the list may have changed */
		}
	}
	input_unlock();
	return fired;
}

int stub_timers_pending(void)
{
	int n = 0;

	for (struct _OsTimerRec *t = alive; t; t = t->next_alive)
		n += t->pending;
	return n;
}

int stub_timers_alive(void)
{
	int n = 0;

	for (struct _OsTimerRec *t = alive; t; t = t->next_alive)
		n++;
	return n;
}

/* ---- atoms ---- */

static char *atom_names[512];
static int natoms = 1;

Atom MakeAtom(const char *string, unsigned len, Bool makeit)
{
	if (on_input_thread)
		violation("MakeAtom on the input thread");
	for (int i = 1; i < natoms; i++)
		if (strlen(atom_names[i]) == len && strncmp(atom_names[i], string, len) == 0)
			return (Atom)i;
	if (!makeit || natoms >= 512)
		return None;
	atom_names[natoms] = strndup(string, len);
	return (Atom)natoms++;
}

const char *NameForAtom(Atom atom)
{
	return atom > 0 && atom < (Atom)natoms ? atom_names[atom] : NULL;
}

Atom XIGetKnownProperty(const char *name)
{
	return MakeAtom(name, strlen(name), TRUE);
}

/* ---- properties (one device at a time), as Xi/xiproperty.c ---- */

struct stub_prop {
	Atom atom;
	XIPropertyValueRec value;
	bool deletable;
};
#define MAX_PROPS 128
static struct stub_prop props[MAX_PROPS];
static int nprops;

typedef int (*set_handler)(DeviceIntPtr, Atom, XIPropertyValuePtr, BOOL);
static set_handler handlers[8];
static int nhandlers;

static struct stub_prop *find_prop(Atom atom)
{
	for (int i = 0; i < nprops; i++)
		if (props[i].atom == atom)
			return &props[i];
	return NULL;
}

static void prop_event(Atom atom, int what)
{
	if (stub_nprop_events < STUB_MAX_PROP_EVENTS)
		stub_prop_events[stub_nprop_events++] = (struct stub_prop_event){ atom, what };
}

long XIRegisterPropertyHandler(DeviceIntPtr dev,
			       int (*SetProperty)(DeviceIntPtr, Atom, XIPropertyValuePtr, BOOL),
			       int (*get)(DeviceIntPtr, Atom),
			       int (*del)(DeviceIntPtr, Atom))
{
	(void)dev;
	(void)get;
	(void)del;
	if (nhandlers >= 8)
		return 0;
	handlers[nhandlers++] = SetProperty;
	return nhandlers;
}

/*
 * The properties being changed, innermost last.  Xi/xiproperty.c holds the
 * property record across the handlers and frees its old value after them:
 * a handler that deletes it makes the server free it twice (abort), one
 * that creates it while it is being added makes the server list it twice.
 */
static Atom changing[16];
static int nchanging;

static bool is_changing(Atom property)
{
	for (int i = 0; i < nchanging; i++)
		if (changing[i] == property)
			return true;
	return false;
}

int XIChangeDeviceProperty(DeviceIntPtr dev, Atom property, Atom type, int format, int mode,
			   unsigned long len, const void *value, Bool sendevent)
{
	struct stub_prop *p = find_prop(property);
	XIPropertyValueRec nv = { type, (short)format, (long)len, NULL };
	size_t bytes = len * (size_t)(format / 8);
	bool add = !p;
	int rc = Success;

	(void)mode;
	if (on_input_thread)
		violation("XIChangeDeviceProperty on the input thread");
	if (add && nprops >= MAX_PROPS)
		return BadAlloc;
	if (nchanging >= (int)(sizeof(changing) / sizeof(changing[0])))
		return BadAlloc;
	nv.data = malloc(bytes ? bytes : 1);
	if (!nv.data)
		return BadAlloc;
	memcpy(nv.data, value, bytes);
	if (++handler_depth > stub_max_handler_depth)
		stub_max_handler_depth = handler_depth;
	changing[nchanging++] = property;
	/* checkonly, then for real; the newest handler first; each under the input lock */
	for (int pass = 0; pass < 2 && rc == Success; pass++) {
		for (int h = nhandlers - 1; h >= 0; h--) {
			input_lock();
			rc = handlers[h](dev, property, &nv, pass == 0);
			input_unlock();
			if (pass == 0 && rc != Success)
				break;
			rc = Success;	/* the server ignores errors of the second pass */
		}
	}
	nchanging--;
	handler_depth--;
	if (rc != Success) {
		free(nv.data);
		return rc;
	}
	p = find_prop(property);
	if (!add && !p) {
		violation("property %s deleted inside its own set handler (Xorg frees it twice)",
			  NameForAtom(property));
		free(nv.data);
		return Success;
	}
	if (add && p) {
		violation("property %s created inside the handler of its own creation (Xorg lists it twice)",
			  NameForAtom(property));
		free(p->value.data);
	} else if (add) {
		p = &props[nprops++];
		*p = (struct stub_prop){ .atom = property, .deletable = true };
	} else {
		free(p->value.data);
	}
	p->value = nv;
	if (sendevent)
		prop_event(property, add ? XIPropertyCreated : XIPropertyModified);
	return Success;
}

int XIDeleteDeviceProperty(DeviceIntPtr device, Atom property, Bool fromClient)
{
	struct stub_prop *p = find_prop(property);

	(void)device;
	if (on_input_thread)
		violation("XIDeleteDeviceProperty on the input thread");
	if (is_changing(property))
		violation("property %s deleted while it is being changed", NameForAtom(property));
	if (!p)
		return Success;
	if (fromClient && !p->deletable)
		return BadAccess;
	free(p->value.data);
	*p = props[--nprops];
	prop_event(property, XIPropertyDeleted);	/* the server always sends it */
	return Success;
}

int XIGetDeviceProperty(DeviceIntPtr dev, Atom property, XIPropertyValuePtr *value)
{
	struct stub_prop *p = find_prop(property);

	(void)dev;
	if (!p)
		return BadAtom;
	*value = &p->value;
	return Success;
}

int XISetDevicePropertyDeletable(DeviceIntPtr dev, Atom property, Bool deletable)
{
	struct stub_prop *p = find_prop(property);

	(void)dev;
	if (!p)
		return BadAtom;
	p->deletable = deletable;
	return Success;
}

int stub_client_change(DeviceIntPtr dev, const char *prop, Atom type, int format, long n,
		       const void *data)
{
	return XIChangeDeviceProperty(dev, MakeAtom(prop, strlen(prop), TRUE), type, format,
				      PropModeReplace, (unsigned long)n, data, TRUE);
}

const XIPropertyValueRec *stub_property(const char *prop)
{
	struct stub_prop *p = find_prop(MakeAtom(prop, strlen(prop), TRUE));

	return p ? &p->value : NULL;
}

bool stub_property_exists(const char *prop)
{
	return stub_property(prop) != NULL;
}

/* ---- options ---- */

struct stub_option {
	char *name, *value;
	struct stub_option *next;
};

static struct stub_option *opt_find(XF86OptionPtr list, const char *name)
{
	for (struct stub_option *o = (struct stub_option *)list; o; o = o->next)
		if (strcasecmp(o->name, name) == 0)
			return o;
	return NULL;
}

char *xf86CheckStrOption(XF86OptionPtr optlist, const char *name, const char *deflt)
{
	struct stub_option *o = opt_find(optlist, name);

	if (o)
		return strdup(o->value);
	return deflt ? strdup(deflt) : NULL;
}

char *xf86SetStrOption(XF86OptionPtr optlist, const char *name, const char *deflt)
{
	return xf86CheckStrOption(optlist, name, deflt);
}

XF86OptionPtr xf86ReplaceStrOption(XF86OptionPtr optlist, const char *name, const char *val)
{
	struct stub_option *o = opt_find(optlist, name);

	if (o) {
		free(o->value);
		o->value = strdup(val);
		return optlist;
	}
	o = calloc(1, sizeof(*o));
	o->name = strdup(name);
	o->value = strdup(val);
	o->next = (struct stub_option *)optlist;
	return (XF86OptionPtr)o;
}

InputInfoPtr stub_new_input(const char *name, const char *const *options)
{
	InputInfoPtr pinfo = calloc(1, sizeof(*pinfo));

	pinfo->name = strdup(name);
	pinfo->fd = -1;
	for (int i = 0; options && options[i]; i += 2)
		pinfo->options = xf86ReplaceStrOption(pinfo->options, options[i], options[i + 1]);
	return pinfo;
}

DeviceIntPtr stub_new_device(InputInfoPtr pinfo)
{
	DeviceIntPtr dev = calloc(1, sizeof(*dev));

	dev->public.devicePrivate = pinfo;
	dev->name = pinfo->name;
	pinfo->dev = dev;
	return dev;
}

void stub_free_device(DeviceIntPtr dev)
{
	if (dev->key) {
		XkbDescPtr xkb = dev->key->xkbInfo->desc;

		free(xkb->map->syms);
		free(xkb->map->key_sym_map);
		free(xkb->map->types);
		free(xkb->map);
		free(xkb);
		free(dev->key->xkbInfo);
		free(dev->key);
	}
	free(dev);
}

void stub_free_input(InputInfoPtr pinfo)
{
	struct stub_option *o = (struct stub_option *)pinfo->options;

	while (o) {
		struct stub_option *next = o->next;

		free(o->name);
		free(o->value);
		free(o);
		o = next;
	}
	free(pinfo->name);
	free(pinfo);
}

void xf86DeleteInput(InputInfoPtr pInp, int flags)
{
	(void)pInp;
	(void)flags;	/* the test frees the record itself */
}

static InputDriverPtr the_driver;

void xf86AddInputDriver(InputDriverPtr driver, void *module, int flags)
{
	(void)module;
	(void)flags;
	the_driver = driver;
}

InputDriverPtr stub_driver(void);
InputDriverPtr stub_driver(void)
{
	return the_driver;
}

/*
 * The input thread's device list, as os/inputthread.c keeps it: an entry
 * per registration, added at the end; unregistering marks the FIRST entry
 * with that fd number (whatever its state) removed; the thread applies
 * the changes later, when it runs (stub_input_thread_run).
 */
enum reg_state { REG_ADDED, REG_RUNNING, REG_REMOVED };
static struct stub_reg {
	int fd;
	enum reg_state state;
	InputInfoPtr pinfo;
} regs[64];
static int nregs;

void xf86AddEnabledDevice(InputInfoPtr pInfo)
{
	if (on_input_thread)
		violation("xf86AddEnabledDevice on the input thread");
	for (int i = 0; i < nregs; i++)
		if (regs[i].fd == pInfo->fd && regs[i].state != REG_REMOVED) {
			regs[i].pinfo = pInfo;	/* the server only updates the entry */
			return;
		}
	if (nregs < (int)(sizeof(regs) / sizeof(regs[0])))
		regs[nregs++] = (struct stub_reg){ pInfo->fd, REG_ADDED, pInfo };
}

void xf86RemoveEnabledDevice(InputInfoPtr pInfo)
{
	for (int i = 0; i < nregs; i++)
		if (regs[i].fd == pInfo->fd) {
			regs[i].state = REG_REMOVED;
			return;
		}
}

/* The thread's turn: apply the changes, then read every polled fd that is readable. */
int stub_input_thread_run(void)
{
	int n = 0, reads = 0;

	for (int i = 0; i < nregs; i++) {
		if (regs[i].state == REG_REMOVED)
			continue;
		regs[i].state = REG_RUNNING;
		regs[n++] = regs[i];
	}
	nregs = n;
	for (int i = 0; i < nregs; i++) {
		struct pollfd pfd = { .fd = regs[i].fd, .events = POLLIN };

		if (poll(&pfd, 1, 0) == 1 && (pfd.revents & (POLLIN | POLLHUP | POLLERR))) {
			stub_input_thread_read(regs[i].pinfo);
			reads++;
		}
	}
	return reads;
}

int stub_registrations(InputInfoPtr pinfo)
{
	int n = 0;

	for (int i = 0; i < nregs; i++)
		n += regs[i].pinfo == pinfo && regs[i].state != REG_REMOVED;
	return n;
}

int stub_registrations_of_fd(int fd)
{
	int n = 0;

	for (int i = 0; i < nregs; i++)
		n += regs[i].fd == fd && regs[i].state != REG_REMOVED;
	return n;
}

/* ---- device classes: accepted, and the keyboard gets a small keymap ---- */

Bool InitButtonClassDeviceStruct(DeviceIntPtr device, int numButtons, Atom *labels, CARD8 *map)
{
	(void)device; (void)numButtons; (void)labels; (void)map;
	return TRUE;
}

Bool InitValuatorClassDeviceStruct(DeviceIntPtr device, int numAxes, Atom *labels,
				   int numMotionEvents, int mode)
{
	(void)device; (void)numAxes; (void)labels; (void)numMotionEvents; (void)mode;
	return TRUE;
}

Bool InitPtrFeedbackClassDeviceStruct(DeviceIntPtr device, PtrCtrlProcPtr controlProc)
{
	(void)device; (void)controlProc;
	return TRUE;
}

Bool InitGestureClassDeviceStruct(DeviceIntPtr device, unsigned int max_touches)
{
	(void)device; (void)max_touches;
	return TRUE;
}

Bool InitPointerAccelerationScheme(DeviceIntPtr dev, int scheme)
{
	(void)dev; (void)scheme;
	return TRUE;
}

DeviceVelocityPtr GetDevicePredictableAccelData(DeviceIntPtr dev)
{
	(void)dev;
	return NULL;
}

void SetDeviceSpecificAccelerationProfile(DeviceVelocityPtr vel, PointerAccelerationProfileFunc profile)
{
	(void)vel; (void)profile;
}

int GetMotionHistorySize(void)
{
	return 0;
}

Bool SetScrollValuator(DeviceIntPtr dev, int axnum, enum ScrollType type, double increment, int flags)
{
	(void)dev; (void)axnum; (void)type; (void)increment; (void)flags;
	return TRUE;
}

int stub_axis_resolution[MAX_VALUATORS];

Bool xf86InitValuatorAxisStruct(DeviceIntPtr dev, int axnum, Atom label, int minval, int maxval,
				int resolution, int min_res, int max_res, int mode)
{
	(void)dev; (void)label; (void)minval; (void)maxval; (void)mode;
	if (axnum >= 0 && axnum < MAX_VALUATORS)
		stub_axis_resolution[axnum] = resolution;
	if (resolution < 0 || min_res < 0 || max_res < 0)
		violation("axis %d: negative resolution %d (%d..%d)", axnum, resolution, min_res, max_res);
	return TRUE;
}

void xf86InitValuatorDefaults(DeviceIntPtr dev, int axnum)
{
	(void)dev; (void)axnum;
}

#define KEYS 256
Bool InitKeyboardDeviceStruct(DeviceIntPtr dev, XkbRMLVOSet *rmlvo, BellProcPtr bell_func,
			      KbdCtrlProcPtr ctrl_func)
{
	XkbDescPtr xkb = calloc(1, sizeof(*xkb));

	(void)rmlvo; (void)bell_func; (void)ctrl_func;
	if (on_input_thread)
		violation("InitKeyboardDeviceStruct on the input thread");
	xkb->min_key_code = 8;
	xkb->max_key_code = KEYS - 1;
	xkb->map = calloc(1, sizeof(*xkb->map));
	xkb->map->num_types = xkb->map->size_types = 1;
	xkb->map->types = calloc(1, sizeof(*xkb->map->types));
	xkb->map->types[0].num_levels = 2;
	xkb->map->key_sym_map = calloc(KEYS, sizeof(*xkb->map->key_sym_map));
	xkb->map->num_syms = xkb->map->size_syms = KEYS * 2;
	xkb->map->syms = calloc(KEYS * 2, sizeof(KeySym));
	for (int kc = 0; kc < KEYS; kc++) {
		xkb->map->key_sym_map[kc].group_info = 1;
		xkb->map->key_sym_map[kc].width = 2;
		xkb->map->key_sym_map[kc].offset = (unsigned short)(kc * 2);
	}
	dev->key = calloc(1, sizeof(*dev->key));
	dev->key->xkbInfo = calloc(1, sizeof(*dev->key->xkbInfo));
	dev->key->xkbInfo->desc = xkb;
	return TRUE;
}

void stub_keymap_set(DeviceIntPtr dev, int kc, uint32_t sym0, uint32_t sym1)
{
	XkbDescPtr xkb = dev->key->xkbInfo->desc;

	if (on_input_thread)
		violation("the keymap is changed on the input thread");
	xkb->map->syms[kc * 2] = sym0;
	xkb->map->syms[kc * 2 + 1] = sym1;
}

/* ---- valuator masks ---- */

struct _ValuatorMask {
	int n;
	bool set[MAX_VALUATORS];
	double v[MAX_VALUATORS], unaccel[MAX_VALUATORS];
};

ValuatorMask *valuator_mask_new(int num_valuators)
{
	ValuatorMask *m = calloc(1, sizeof(*m));

	if (m)
		m->n = num_valuators;
	return m;
}

void valuator_mask_free(ValuatorMask **mask)
{
	free(*mask);
	*mask = NULL;
}

void valuator_mask_zero(ValuatorMask *mask)
{
	int n = mask->n;

	memset(mask, 0, sizeof(*mask));
	mask->n = n;
}

void valuator_mask_set_double(ValuatorMask *mask, int valuator, double data)
{
	mask->set[valuator] = true;
	mask->v[valuator] = data;
}

void valuator_mask_set_unaccelerated(ValuatorMask *mask, int valuator, double accel, double unaccel)
{
	mask->set[valuator] = true;
	mask->v[valuator] = accel;
	mask->unaccel[valuator] = unaccel;
}

/* ---- posting ---- */

void xf86PostMotionEventM(DeviceIntPtr device, int is_absolute, const ValuatorMask *mask)
{
	(void)device;
	(void)is_absolute;
	if (mask->set[2] || mask->set[3])
		record(STUB_SCROLL, 0, 0, mask->v[2], mask->v[3]);
	else
		record(STUB_MOTION, 0, 0, mask->v[0], mask->v[1]);
}

void xf86PostButtonEvent(DeviceIntPtr device, int is_absolute, int button, int is_down,
			 int first_valuator, int num_valuators, ...)
{
	(void)device; (void)is_absolute; (void)first_valuator; (void)num_valuators;
	record(STUB_BUTTON, button, is_down, 0, 0);
}

void xf86PostKeyboardEvent(DeviceIntPtr device, unsigned int key_code, int is_down)
{
	(void)device;
	record(STUB_KEY, (int)key_code, is_down, 0, 0);
}

void xf86PostGestureSwipeEvent(DeviceIntPtr dev, uint16_t type, uint16_t num_touches, uint32_t flags,
			       double delta_x, double delta_y, double delta_unaccel_x,
			       double delta_unaccel_y)
{
	(void)dev; (void)num_touches; (void)flags; (void)delta_unaccel_x; (void)delta_unaccel_y;
	record(STUB_SWIPE, type, 0, delta_x, delta_y);
}

void xf86PostGesturePinchEvent(DeviceIntPtr dev, uint16_t type, uint16_t num_touches, uint32_t flags,
			       double delta_x, double delta_y, double delta_unaccel_x,
			       double delta_unaccel_y, double scale, double delta_angle)
{
	(void)dev; (void)num_touches; (void)flags; (void)delta_unaccel_x; (void)delta_unaccel_y;
	(void)scale; (void)delta_angle;
	record(STUB_PINCH, type, 0, delta_x, delta_y);
}
