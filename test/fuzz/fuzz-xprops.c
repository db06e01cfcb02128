/*
 * fuzz-xprops.c - libFuzzer harness: the X glue's property code
 * (xf86-input-synaptics/src/x: synaptics-props.c, monitor.c,
 * gesture-actions.c, and the device control and reads around them) against
 * test/glue/xstub.c, the stand-in for Xorg 21.1's property, input-thread,
 * lock and timer rules, built with SYNMT_DEBUG (the glue's own thread and
 * lock assertions live).  A device is brought up from the input (options
 * as in xorg.conf), then client property writes (any property the device
 * has or a table name it lacks, any type, format, item count, bytes and
 * mode), ClickPad and soft-button-area writes, frames from the node
 * (fake-evdev.c: the real libevdev reads it), DEVICE_OFF/ON, a VT switch,
 * SYN_DROPPED, an unplug and the main loop's timers, in any order.
 *
 * Input layout:
 *   u8 flags: bit0 the server opens the node (XI86_SERVER_FD, as under
 *      systemd-logind), bit1 hot-plugged (option _source "server/udev")
 *   the device and options as fuzz-evdev.c (fuzz-evdev-device.h), the
 *   options handed to PreInit as xorg.conf strings (Device is the node)
 *   then records until the end, u8 op (op % 8):
 *     0 a client's XIChangeDeviceProperty: u8 which (below tp_prop_count
 *       the table row's name, which the device may lack; then Monitor,
 *       Hardware State, Gesture Actions, Device Node, Device Product ID,
 *       Device Accel Profile; then any of the device's properties by
 *       position), u8 type (0 the
 *       property's own, 1 INTEGER, 2 CARDINAL, 3 FLOAT, 4 ATOM, 5 STRING),
 *       u8 format (0 the property's own, 1 8, 2 16, 3 32), u8 mode (0, 1
 *       Replace, 2 Prepend, 3 Append, merged as the server merges them),
 *       u8 count (bit 7: the property's own count, else 0..32), then the
 *       items (count * format / 8 bytes)
 *     1 "Synaptics ClickPad" written: u8 value (0 or 1 most of the time)
 *     2 soft button areas written: u8 bit0 secondary, bit1 all zero (else
 *       8 x i32 follow)
 *     3 the device sends EV_ABS: u8 code, i32 value; 4 EV_KEY: u8 code, u8 value
 *     5 the device sends SYN_REPORT after u16 * 50 us; the input thread runs
 *     6 the main loop for u16 * 100 us: timers fire when due, the input thread runs
 *     7 u8 sub % 7: 0 DEVICE_OFF, 1 DEVICE_ON, 2 OFF and ON before the
 *       input thread runs, 3 a client deletes a property (u8 which),
 *       4 SYN_DROPPED queued, 5 the node unplugged, 6 a VT switch (OFF, a
 *       server fd closed and a new one opened, ON)
 * At the end the user lifts everything, the main loop runs up to 60 s,
 * DEVICE_OFF, DEVICE_CLOSE, UnInit.
 *
 * Checks, beyond no crash and no undefined behaviour:
 *  - the stub records no violation of the server's rules (no property
 *    deleted or created inside its own handler, no server call that the
 *    input thread may not make, the input lock balanced, no event without
 *    it) and the glue's SYNMT_DEBUG assertions hold;
 *  - a refused write changes no property (every property compared before
 *    and after, byte for byte) and sends no property event;
 *  - after every record the "Synaptics ..." properties are what the tables
 *    say: a row tp_prop_exists() says should exist does, one the driver
 *    holds is one tp_prop_keeps() keeps, and any other is the glue's own
 *    (Monitor, Hardware State, Gesture Actions) or one a client created;
 *  - the events the server got pair up: no button or key pressed twice or
 *    released unpressed, gestures begin, update and end in order, finite
 *    motion; after DEVICE_OFF nothing is held and no gesture is open;
 *  - issue 29's invariant as the server sees it: after the final lift, read
 *    to the end, and the main loop, when the core wants no timeout nothing
 *    is held (DEVICE_OFF's release would hide a stuck button);
 *  - after DEVICE_CLOSE and UnInit: no input-thread registration, every
 *    timer freed, the input lock free.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <libevdev/libevdev.h>

#include "fake-evdev.h"
#include "fuzz-evdev-device.h"
#include "fuzz-input.h"
#include "synaptics-drv.h"
#include "synaptics-properties.h"
#include "xstub-fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
extern XF86ModuleData synapticsModuleData;
InputDriverPtr stub_driver(void);

#define US_PER_TICK	50u
#define MAX_TURNS	64		/* input-thread turns after a frame */
#define MAX_TIMER_RUNS	20000		/* timer expiries in one main-loop stretch */
#define MAX_OPTIONS	16

static __attribute__((noreturn, format(printf, 1, 2))) void bug(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "fuzz-xprops: broken promise: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

/* ---- the clock: CLOCK_MONOTONIC is the fake kernel's while an input runs ---- */

static bool fake_clock;

/* default visibility: the server's pkg-config flags hide what is not marked */
__attribute__((visibility("default"))) int clock_gettime(clockid_t clk, struct timespec *ts)
{
	if (clk == CLOCK_MONOTONIC && fake_clock) {
		ts->tv_sec = (time_t)(fake_now_us / 1000000u);
		ts->tv_nsec = (long)(fake_now_us % 1000000u) * 1000;
		return 0;
	}
	return (int)syscall(SYS_clock_gettime, clk, ts);
}

/* ---- the device and what the server saw ---- */

struct xdev {
	const char *path;
	InputInfoPtr pinfo;
	DeviceIntPtr dev;
	bool inited, server_fd;
	bool held[256], keys[256];
	bool gesture_open;
	int gesture_base;		/* XI_GestureSwipeBegin or XI_GesturePinchBegin */
	bool client_owned[64];		/* table rows a client created while the driver had none */
	Atom vocabulary[12];		/* atoms a client may name in an ATOM write */
};

static struct syn_priv *priv_of(const struct xdev *x)
{
	return x->pinfo->private;
}

static void stub_rules(void)
{
	if (stub_violations)
		bug("the server stub recorded %d violation(s) of its rules (run with "
		    "FUZZ_XPROPS_VERBOSE=1 to see them)", stub_violations);
	if (stub_input_lock)
		bug("the input lock is held (depth %d) between requests", stub_input_lock);
}

/* The events the server got since the last call: do they pair up? */
static void take_events(struct xdev *x)
{
	for (int i = 0; i < stub_nevents; i++) {
		const struct stub_event *e = &stub_events[i];

		switch (e->kind) {
		case STUB_BUTTON:
			if (e->detail < 1 || e->detail > 255)
				bug("button %d posted", e->detail);
			if ((bool)e->down == x->held[e->detail])
				bug(e->down ? "button %d pressed twice" : "button %d released but not held",
				    e->detail);
			x->held[e->detail] = e->down;
			break;
		case STUB_KEY:
			if (e->detail < 8 || e->detail > 255)
				bug("keycode %d posted", e->detail);
			if ((bool)e->down == x->keys[e->detail])
				bug(e->down ? "key %d pressed twice" : "key %d released but not held", e->detail);
			x->keys[e->detail] = e->down;
			break;
		case STUB_SWIPE:
		case STUB_PINCH: {
			int base = e->kind == STUB_SWIPE ? XI_GestureSwipeBegin : XI_GesturePinchBegin;

			if (e->detail == base) {
				if (x->gesture_open)
					bug("a gesture begins while another is open");
				x->gesture_open = true;
				x->gesture_base = base;
			} else if (e->detail == base + 1 || e->detail == base + 2) {
				if (!x->gesture_open || x->gesture_base != base)
					bug("a gesture update or end without its begin");
				x->gesture_open = e->detail == base + 1;
			} else {
				bug("gesture event type %d", e->detail);
			}
			break;
		}
		case STUB_MOTION:
		case STUB_SCROLL:
			if (!isfinite(e->dx) || !isfinite(e->dy))
				bug("motion or scroll not finite");
			break;
		}
	}
	stub_clear_events();
}

static void nothing_held(const struct xdev *x, const char *when)
{
	for (int i = 0; i < 256; i++) {
		if (x->held[i])
			bug("button %d is still held %s", i, when);
		if (x->keys[i])
			bug("key %d is still held %s", i, when);
	}
	if (x->gesture_open)
		bug("a gesture is still open %s", when);
}

/* ---- the properties ---- */

struct snapshot {
	int n;
	struct snap_prop {
		Atom atom, type;
		short format;
		long size;
		uint8_t *data;
	} p[128];
};

static size_t value_bytes(const XIPropertyValueRec *v)
{
	return (size_t)v->size * (size_t)(v->format / 8);
}

static void take_snapshot(struct snapshot *s)
{
	s->n = stub_fuzz_nprops();
	for (int i = 0; i < s->n && i < 128; i++) {
		const XIPropertyValueRec *v;
		size_t len;

		s->p[i].atom = stub_fuzz_prop(i, &v);
		s->p[i].type = v->type;
		s->p[i].format = v->format;
		s->p[i].size = v->size;
		len = value_bytes(v);
		s->p[i].data = malloc(len ? len : 1);
		if (s->p[i].data)
			memcpy(s->p[i].data, v->data, len);
	}
}

static void free_snapshot(struct snapshot *s)
{
	for (int i = 0; i < s->n && i < 128; i++)
		free(s->p[i].data);
}

static const XIPropertyValueRec *find_value(Atom atom)
{
	for (int i = 0; i < stub_fuzz_nprops(); i++) {
		const XIPropertyValueRec *v;

		if (stub_fuzz_prop(i, &v) == atom)
			return v;
	}
	return NULL;
}

/* Are the properties what the snapshot holds, byte for byte? */
static void same_as(const struct snapshot *s, const char *what)
{
	if (stub_fuzz_nprops() != s->n)
		bug("%s: the device had %d properties, now %d", what, s->n, stub_fuzz_nprops());
	for (int i = 0; i < s->n && i < 128; i++) {
		const XIPropertyValueRec *v = find_value(s->p[i].atom);
		const char *name = NameForAtom(s->p[i].atom);

		if (!v)
			bug("%s: property \"%s\" is gone", what, name);
		if (v->type != s->p[i].type || v->format != s->p[i].format || v->size != s->p[i].size ||
		    (s->p[i].data && memcmp(v->data, s->p[i].data, value_bytes(v)) != 0))
			bug("%s: property \"%s\" changed", what, name);
	}
	if (stub_nprop_events)
		bug("%s: %d property event(s) sent", what, stub_nprop_events);
}

/* The atoms of the names the checks look for, made once (atoms outlive devices). */
#define MAX_ATOM 512		/* the stub makes no more */
static Atom row_atom[64], glue_atom[3], clickpad_atom, areas_atom[2];
static signed char atom_row[MAX_ATOM];	/* the table row of an atom, -1; -2 the glue's own */

static void make_atoms(void)
{
	static const char *const glue_names[3] = {
		SYNAPTICS_PROP_MONITOR, SYNAPTICS_PROP_HARDWARE_STATE, "Synaptics Gesture Actions",
	};

	memset(atom_row, -1, sizeof(atom_row));
	for (size_t row = 0; row < tp_prop_count && row < 64; row++) {
		row_atom[row] = MakeAtom(tp_prop_table[row].name, (unsigned)strlen(tp_prop_table[row].name), TRUE);
		if (row_atom[row] < MAX_ATOM)
			atom_row[row_atom[row]] = (signed char)row;
	}
	for (int i = 0; i < 3; i++) {
		glue_atom[i] = MakeAtom(glue_names[i], (unsigned)strlen(glue_names[i]), TRUE);
		if (glue_atom[i] < MAX_ATOM)
			atom_row[glue_atom[i]] = -2;
	}
	clickpad_atom = MakeAtom(SYNAPTICS_PROP_CLICKPAD, strlen(SYNAPTICS_PROP_CLICKPAD), TRUE);
	areas_atom[0] = MakeAtom(SYNAPTICS_PROP_SOFTBUTTON_AREAS, strlen(SYNAPTICS_PROP_SOFTBUTTON_AREAS), TRUE);
	areas_atom[1] = MakeAtom(SYNAPTICS_PROP_SECONDARY_SOFTBUTTON_AREAS,
				 strlen(SYNAPTICS_PROP_SECONDARY_SOFTBUTTON_AREAS), TRUE);
}

static int table_row(Atom atom)
{
	return atom < MAX_ATOM && atom_row[atom] >= 0 ? atom_row[atom] : -1;
}

/* The "Synaptics ..." properties are what tp_prop_exists/tp_prop_keeps say. */
static void check_property_set(const struct xdev *x)
{
	const struct syn_priv *priv = priv_of(x);
	bool present[64] = { false };

	if (!x->inited)
		return;
	for (int i = 0; i < stub_fuzz_nprops(); i++) {
		const XIPropertyValueRec *v;
		Atom atom = stub_fuzz_prop(i, &v);
		const char *name;

		if (atom < MAX_ATOM && atom_row[atom] >= 0) {
			present[atom_row[atom]] = true;
			continue;
		}
		if (atom < MAX_ATOM && atom_row[atom] == -2)
			continue;
		name = NameForAtom(atom);
		if (name && strncmp(name, "Synaptics ", 10) == 0)
			bug("\"%s\": a Synaptics property of neither the table nor the glue", name);
	}
	for (size_t row = 0; row < tp_prop_count && row < 64; row++) {
		const struct tp_prop_desc *p = &tp_prop_table[row];
		Atom a = priv->prop_atoms[row];

		if (tp_prop_exists(p, &priv->dev, &priv->params) && !a)
			bug("\"%s\" should exist (tp_prop_exists) but the driver has not made it", p->name);
		if (a && !present[row])
			bug("the driver holds \"%s\" but the device has no such property", p->name);
		if (a && !tp_prop_keeps(p, &priv->dev, &priv->params))
			bug("\"%s\" is still there though tp_prop_keeps says it goes", p->name);
		if (!a && present[row] && !x->client_owned[row])
			bug("\"%s\" exists, neither the driver's nor created by a client", p->name);
	}
}

/*
 * A client's XIChangeDeviceProperty as ProcXIChangeProperty and
 * Xi/xiproperty.c do it: format 8, 16 or 32; Prepend and Append only on a
 * property of the same type and format (else BadMatch), merged before the
 * handlers see it; an empty Prepend/Append changes nothing.
 */
static int client_write(struct xdev *x, Atom atom, Atom type, int format, int mode, long n,
			const uint8_t *items)
{
	const XIPropertyValueRec *old = find_value(atom);
	size_t unit = (size_t)format / 8, len = (size_t)n * unit, old_len = 0;
	uint8_t *buf;
	int rc;

	if (format != 8 && format != 16 && format != 32)
		return BadValue;
	if (old && mode != PropModeReplace) {
		if (old->format != format || old->type != type)
			return BadMatch;
		if (n == 0)
			return Success;
		old_len = value_bytes(old);
	} else {
		mode = PropModeReplace;
	}
	buf = malloc(len + old_len + 1);
	if (!buf)
		return BadAlloc;
	if (mode == PropModeAppend) {
		memcpy(buf, old->data, old_len);
		memcpy(buf + old_len, items, len);
	} else {
		memcpy(buf, items, len);
		if (old_len)
			memcpy(buf + len, old->data, old_len);
	}
	rc = XIChangeDeviceProperty(x->dev, atom, type, format, PropModeReplace,
				    (unsigned long)((len + old_len) / unit), buf, TRUE);
	free(buf);
	return rc;
}

/* A write with every check around it. */
static void checked_write(struct xdev *x, Atom atom, Atom type, int format, int mode, long n,
			  const uint8_t *items)
{
	bool existed = find_value(atom) != NULL;
	struct snapshot before;
	int rc, row;

	take_events(x);
	take_snapshot(&before);
	rc = client_write(x, atom, type, format, mode, n, items);
	stub_rules();
	if (rc != Success)
		same_as(&before, "a refused write");
	free_snapshot(&before);
	row = table_row(atom);
	if (rc == Success && !existed && row >= 0 && !priv_of(x)->prop_atoms[row])
		x->client_owned[row] = true;
	stub_clear_events();		/* the property events were looked at */
}

/* The glue's properties outside tp_prop_table, and the server's ones it sets. */
static const char *const extra_names[] = {
	SYNAPTICS_PROP_MONITOR, SYNAPTICS_PROP_HARDWARE_STATE, "Synaptics Gesture Actions",
	"Device Node", "Device Product ID", "Device Accel Profile",
};
#define NEXTRA (sizeof(extra_names) / sizeof(extra_names[0]))

/*
 * which: below tp_prop_count the table row's name (the device may lack
 * it), then extra_names, then any property the device has, by position.
 */
static Atom extra_atom[NEXTRA];

static Atom pick_property(uint8_t which)
{
	const XIPropertyValueRec *v;

	if (which < tp_prop_count && which < 64)
		return row_atom[which];
	if (which - tp_prop_count < NEXTRA)
		return extra_atom[which - tp_prop_count];
	if (!stub_fuzz_nprops())
		return extra_atom[0];
	return stub_fuzz_prop((int)((which - tp_prop_count - NEXTRA) % (size_t)stub_fuzz_nprops()), &v);
}

static void op_write(struct xdev *x, struct fz *in)
{
	Atom atom = pick_property(fz_u8(in));
	const XIPropertyValueRec *cur = find_value(atom);
	int row = table_row(atom);
	const struct tp_prop_desc *p = row >= 0 ? &tp_prop_table[row] : NULL;
	uint8_t t = fz_u8(in) % 6, f = fz_u8(in) % 4, mode = fz_u8(in) % 4, c = fz_u8(in);
	Atom own_type = cur ? cur->type : (p && tp_prop_type_of(p) == TP_PROP_TYPE_FLOAT) ?
		priv_of(x)->float_type : XA_INTEGER;
	Atom types[6] = { own_type, XA_INTEGER, XA_CARDINAL, priv_of(x)->float_type, XA_ATOM, XA_STRING };
	int own_format = cur ? cur->format : p ? tp_prop_format_bits(p) : 32;
	int formats[4] = { own_format, 8, 16, 32 };
	long own_count = cur ? cur->size : p ? p->count : 1;
	long n = (c & 0x80) ? own_count : (c & 0x7f) % 33;
	int format = formats[f];
	uint8_t items[4 * 256];

	if (n > 256)
		n = 256;
	fz_bytes(in, items, (size_t)n * (size_t)(format / 8));
	if (types[t] == XA_ATOM && format == 32) {
		/* mostly atoms the server has: the known ones and the action names */
		for (long i = 0; i < n; i++) {
			uint32_t v;

			memcpy(&v, items + 4 * i, 4);
			if (v & 0x80000000u) {
				v = (uint32_t)x->vocabulary[(v & 0xff) % 12];
				memcpy(items + 4 * i, &v, 4);
			}
		}
	}
	checked_write(x, atom, types[t], format, mode ? (int)mode - 1 : PropModeReplace, n, items);
}

static void op_clickpad(struct xdev *x, struct fz *in)
{
	uint8_t v = fz_u8(in);
	uint8_t value = v & 0x80 ? v : v & 1;

	checked_write(x, clickpad_atom, XA_INTEGER, 8, PropModeReplace, 1, &value);
}

static void op_areas(struct xdev *x, struct fz *in)
{
	uint8_t which = fz_u8(in);
	int32_t areas[8] = { 0 };

	if (!(which & 2))
		for (int i = 0; i < 8; i++)
			areas[i] = fz_i32(in);
	checked_write(x, areas_atom[which & 1], XA_INTEGER, 32, PropModeReplace, 8, (const uint8_t *)areas);
}

static void op_delete(struct xdev *x, struct fz *in)
{
	Atom atom = pick_property(fz_u8(in));
	int row = table_row(atom);
	struct snapshot before;
	int rc;

	take_events(x);
	take_snapshot(&before);
	rc = XIDeleteDeviceProperty(x->dev, atom, TRUE);
	stub_rules();
	if (rc != Success)
		same_as(&before, "a refused delete");
	else if (row >= 0 && priv_of(x)->prop_atoms[row])
		bug("a client deleted \"%s\", which the driver holds", NameForAtom(atom));
	if (rc == Success && row >= 0)
		x->client_owned[row] = false;
	free_snapshot(&before);
	stub_clear_events();
}

/* ---- the server's loops ---- */

/* The input thread's turns until nothing is readable. */
static void input_thread(struct xdev *x)
{
	for (int i = 0; i < MAX_TURNS; i++) {
		int reads = stub_input_thread_run();

		take_events(x);
		stub_rules();
		if (!reads)
			return;
	}
}

static CARD32 now_ms(void)
{
	return (CARD32)(fake_now_us / 1000u);
}

/* The main loop for us microseconds: each timer fires at its time, the input thread reads. */
static void main_loop(struct xdev *x, uint64_t us)
{
	uint64_t end = fake_now_us + us;

	for (int i = 0; i < MAX_TIMER_RUNS; i++) {
		CARD32 when;

		if (!stub_fuzz_next_timer(now_ms(), &when) ||
		    (int32_t)(when - (CARD32)(end / 1000u)) > 0)
			break;
		if ((int32_t)(when - now_ms()) > 0)
			fake_now_us = (uint64_t)when * 1000u;
		stub_run_timers();
		take_events(x);
		stub_rules();
		input_thread(x);
	}
	if (end > fake_now_us)
		fake_now_us = end;
	stub_run_timers();
	take_events(x);
	input_thread(x);
}

static void control(struct xdev *x, int what)
{
	x->pinfo->device_control(x->dev, what);
	take_events(x);
	stub_rules();
	if (what == DEVICE_OFF)
		nothing_held(x, "after DEVICE_OFF");
}

static void device_off(struct xdev *x)
{
	if (x->dev->public.on)
		control(x, DEVICE_OFF);
}

static void device_on(struct xdev *x)
{
	if (!x->dev->public.on)
		control(x, DEVICE_ON);
}

/* A VT switch under systemd-logind: off, the server's fd closed, a new one at the switch back. */
static void vt_switch(struct xdev *x)
{
	if (!x->server_fd)
		return;
	device_off(x);
	if (x->pinfo->fd >= 0)
		close(x->pinfo->fd);
	x->pinfo->fd = open(x->path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
	device_on(x);
}

/*
 * Issue 29's invariant, as the server sees it: the device reports nothing
 * touching and no button down (after fake_evdev_lift_all(), read to the end; the
 * pressure below FingerLow, else the pad cannot be released by pressure,
 * in 1.9 as here) and the core wants no timeout: nothing is held.
 */
static void check_released(const struct xdev *x, const struct tp_device *dev)
{
	const struct syn_priv *priv = priv_of(x);

	if (!x->dev->public.on || !priv->core || priv->node_gone || fake_evdev_readable())
		return;
	if (dev->pressure.present && fake_evdev_abs(ABS_PRESSURE) >= priv->params.finger_low)
		return;
	if (tp_core_next_timeout(priv->core) != 0)
		return;
	nothing_held(x, "though the device reports everything up and no timer is pending");
}

static void step(struct xdev *x, struct fz *in)
{
	uint8_t op = fz_u8(in), c;

	switch (op % 8) {
	case 0:
		op_write(x, in);
		break;
	case 1:
		op_clickpad(x, in);
		break;
	case 2:
		op_areas(x, in);
		break;
	case 3:
		c = fz_u8(in);
		fake_evdev_emit(EV_ABS, fz_abs_code(c), fz_i32(in));
		break;
	case 4:
		c = fz_u8(in);
		fake_evdev_emit(EV_KEY, fz_key_code(c), fz_u8(in) % 4);
		break;
	case 5:
		fake_now_us += (uint64_t)fz_u16(in) * US_PER_TICK;
		fake_evdev_emit(EV_SYN, SYN_REPORT, 0);
		input_thread(x);
		break;
	case 6:
		main_loop(x, (uint64_t)fz_u16(in) * 100u);
		break;
	default:
		switch (fz_u8(in) % 7) {
		case 0:
			device_off(x);
			break;
		case 1:
			device_on(x);
			break;
		case 2:
			device_off(x);
			device_on(x);
			break;
		case 3:
			op_delete(x, in);
			break;
		case 4:
			fake_evdev_drop();
			break;
		case 5:
			fake_evdev_remove();
			break;
		default:
			vt_switch(x);
			break;
		}
		break;
	}
	stub_rules();
	check_property_set(x);
}

/* ---- one input: a device's life ---- */

static const char *const vocabulary[12] = {
	"none", "button 8", "button 13", "key Ctrl+Alt+Left", "key Super+a", "key XF86ZoomIn",
	"key Shift+F11", "key ++", "key", "key Ctrl+a", "swipe", "",
};

static Atom vocabulary_atom[12];

static void keymap(DeviceIntPtr dev)
{
	static const struct { int kc; uint32_t sym0, sym1; } keys[] = {
		{ 37, 0xffe3, 0xffe3 }, { 38, 'a', 'A' }, { 50, 0xffe1, 0xffe1 }, { 64, 0xffe9, 0xffe9 },
		{ 95, 0xffc8, 0xffc8 }, { 113, 0xff51, 0xff51 }, { 133, 0xffeb, 0xffeb },
		{ 21, '=', '+' }, { 191, 0x1008ff8b, 0x1008ff8b },
	};

	if (!dev->key)
		return;
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		stub_keymap_set(dev, keys[i].kc, keys[i].sym0, keys[i].sym1);
}

static void live(struct xdev *x, struct fz *in, const struct tp_device *probed)
{
	x->dev = stub_new_device(x->pinfo);
	x->inited = x->pinfo->device_control(x->dev, DEVICE_INIT) == Success;
	take_events(x);
	stub_rules();
	if (x->inited) {
		keymap(x->dev);
		device_on(x);
		check_property_set(x);
		while (fz_more(in))
			step(x, in);
		if (x->dev->public.on) {
			fake_evdev_lift_all(probed->pressure.min);
			input_thread(x);
		}
		main_loop(x, 60000000u);
		check_released(x, probed);
		device_off(x);
	}
	control(x, DEVICE_CLOSE);
	stub_input_thread_run();
	if (stub_registrations(x->pinfo))
		bug("the input thread still polls for the device after DEVICE_CLOSE");
}

static void run(struct fz *in)
{
	const char *options[2 * MAX_OPTIONS + 6];
	char names[MAX_OPTIONS][64], values[MAX_OPTIONS][128];
	InputDriverPtr drv = stub_driver();
	struct xdev x = { 0 };
	struct libevdev *ld;
	struct tp_device probed;
	uint8_t flags = fz_u8(in);
	int nopt = 0, n;

	ld = fz_make_device(in);
	if (!ld)
		return;
	tp_evdev_describe(ld, &probed);
	x.path = fake_evdev_create(ld);
	libevdev_free(ld);
	if (!x.path)
		return;
	n = fz_u8(in) % MAX_OPTIONS;
	for (int i = 0; i < n; i++) {
		fz_str(in, names[i], sizeof(names[i]));
		fz_str(in, values[i], sizeof(values[i]));
		options[nopt++] = names[i];
		options[nopt++] = values[i];
	}
	if (flags & 2) {
		options[nopt++] = "_source";
		options[nopt++] = "server/udev";
	}
	options[nopt++] = "Device";
	options[nopt++] = x.path;
	options[nopt] = NULL;
	memcpy(x.vocabulary, vocabulary_atom, sizeof(x.vocabulary));

	x.pinfo = stub_new_input("fuzzed touchpad", options);
	x.server_fd = flags & 1;
	if (x.server_fd) {
		x.pinfo->flags |= XI86_SERVER_FD;
		x.pinfo->fd = open(x.path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
	}
	if (drv->PreInit(drv, x.pinfo, 0) == Success)
		live(&x, in, &probed);
	take_events(&x);
	drv->UnInit(drv, x.pinfo, 0);
	stub_rules();
	if (stub_timers_alive())
		bug("%d timer(s) not freed after UnInit", stub_timers_alive());
	if (x.server_fd && x.pinfo->fd >= 0)
		close(x.pinfo->fd);
	if (x.dev)
		stub_free_device(x.dev);
	stub_free_input(x.pinfo);
	fake_evdev_destroy();
}

/*
 * The stub prints every line of the server log to stdout: while an input
 * runs, stdout is /dev/null (FUZZ_XPROPS_VERBOSE=1 keeps it).
 */
static int quiet_stdout(void)
{
	static int devnull = -2;
	int saved;

	if (devnull == -2)
		devnull = getenv("FUZZ_XPROPS_VERBOSE") ? -1 : open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (devnull < 0)
		return -1;
	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	dup2(devnull, STDOUT_FILENO);
	return saved;
}

static void loud_stdout(int saved)
{
	if (saved < 0)
		return;
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool once;
	struct fz in;
	int saved = quiet_stdout();

	if (!once) {
		once = true;
		synapticsModuleData.setup(NULL, NULL, NULL, NULL);
		libevdev_set_log_function(fz_quiet_libevdev, NULL);
		make_atoms();
		for (int i = 0; i < 12; i++)
			vocabulary_atom[i] = MakeAtom(vocabulary[i], (unsigned)strlen(vocabulary[i]), TRUE);
		for (size_t i = 0; i < NEXTRA; i++)
			extra_atom[i] = MakeAtom(extra_names[i], (unsigned)strlen(extra_names[i]), TRUE);
	}
	stub_fuzz_reset();
	fake_clock = true;
	fake_now_us = 1000000;
	fz_init(&in, data, size);
	run(&in);
	fake_clock = false;
	loud_stdout(saved);
	return 0;
}
