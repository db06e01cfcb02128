/*
 * monitor.c - the hardware-state monitor behind `synclient -m`.
 *
 * Two device properties (names in synaptics-properties.h):
 *
 *   "Synaptics Monitor"         INTEGER, format 32, 1 item, writable.
 *       A client writes a lease length in ms (1..SYN_MONITOR_MAX_LEASE_MS);
 *       the driver publishes the hardware state until that much time has
 *       passed since the write, then stops by itself and sets the property
 *       back to 0.  Writing 0 stops at once.  A new write replaces the
 *       running lease (the newest writer wins).
 *   "Synaptics Hardware State"  INTEGER, format 32, 8 items, read-only:
 *       time (ms, CLOCK_MONOTONIC, wraps), x, y, z, finger count, width,
 *       button bits (enum tp_hw_button), contact count.
 *
 * Why a lease: a monitoring client that is killed cannot say it is done;
 * the lease runs out and the driver is back to doing nothing.
 *
 * Threads: frame_cb (input thread, input lock held) calls
 * syn_monitor_frame() only while a lease runs, and that only copies the
 * newest state into priv->mon.latest.  The property is changed from the
 * main thread, by an OsTimer every SYN_MONITOR_PERIOD_MS while the lease
 * runs, and only when the state differs from what it shows, so a resting
 * finger costs no events.  Without a lease there is no timer and no copy:
 * the only cost is the check of priv->mon.active per frame.
 */
#include "config.h"

#include <string.h>

#include "synaptics-drv.h"
#include "synaptics-properties.h"

/* How often the property follows the hardware while a lease runs. */
#define SYN_MONITOR_PERIOD_MS		15
/* Longer leases are refused: a client renews, it does not book an hour. */
#define SYN_MONITOR_MAX_LEASE_MS	60000

/* Is lease end @end reached at server time @now (both wrap)? */
static bool lease_over(CARD32 now, CARD32 end)
{
	return (int32_t)(now - end) >= 0;
}

/* Fill one hardware-state record from a frame; called with the input lock held. */
static void state_from_frame(const struct syn_priv *priv, const struct tp_frame *f,
			     int32_t hw[SYN_HWSTATE_ITEMS])
{
	int slots = priv->dev.num_slots < TP_MAX_SLOTS ? priv->dev.num_slots : TP_MAX_SLOTS;
	int contacts = 0;

	if (slots > 0) {
		for (int i = 0; i < slots; i++)
			if (f->slots[i].active)
				contacts++;
	} else {
		contacts = f->touch ? f->fingers : 0;	/* no MT: the tool count */
	}
	hw[SYN_HW_TIME] = (int32_t)(uint32_t)(f->time / 1000);
	hw[SYN_HW_X] = f->x;
	hw[SYN_HW_Y] = f->y;
	hw[SYN_HW_Z] = f->pressure;
	hw[SYN_HW_FINGERS] = f->fingers;
	hw[SYN_HW_WIDTH] = f->width;
	hw[SYN_HW_BUTTONS] = (int32_t)f->buttons;
	hw[SYN_HW_CONTACTS] = contacts;
}

void syn_monitor_frame(struct syn_priv *priv, const struct tp_frame *frame)
{
	SYN_ASSERT_LOCKED();
	state_from_frame(priv, frame, priv->mon.latest);
	priv->mon.fresh = true;
}

/* Our own writes pass our handlers: they refuse only clients' writes. */
static void change_own(struct syn_priv *priv, Atom atom, int n, const int32_t *v)
{
	syn_change_own_property(priv, priv->pinfo->dev, atom, XA_INTEGER, 32, n, v, TRUE);
}

/* The input thread stops copying frames; main thread. */
static void monitor_deactivate(struct syn_priv *priv)
{
	syn_lock();
	priv->mon.active = false;
	priv->mon.fresh = false;
	syn_unlock();
}

static void monitor_stop(struct syn_priv *priv)
{
	monitor_deactivate(priv);
	if (priv->mon.timer)
		TimerCancel(priv->mon.timer);
	xf86IDrvMsgVerb(priv->pinfo, X_INFO, 7, "monitor: stopped\n");
}

/* Main thread: show the newest state if it is new and differs. */
static void publish_latest(struct syn_priv *priv)
{
	int32_t hw[SYN_HWSTATE_ITEMS];
	bool fresh;

	SYN_ASSERT_MAIN();
	syn_lock();
	fresh = priv->mon.fresh;
	if (fresh)
		memcpy(hw, priv->mon.latest, sizeof(hw));
	priv->mon.fresh = false;
	syn_unlock();

	if (fresh && memcmp(hw, priv->mon.shown, sizeof(hw)) != 0) {
		memcpy(priv->mon.shown, hw, sizeof(hw));
		change_own(priv, priv->mon.hwstate_atom, SYN_HWSTATE_ITEMS, hw);
	}
}

static CARD32 monitor_timer_cb(OsTimerPtr timer, CARD32 now, void *arg)
{
	struct syn_priv *priv = arg;

	(void)timer;
	publish_latest(priv);
	if (lease_over(now, priv->mon.lease_end)) {
		const int32_t zero = 0;

		xf86IDrvMsgVerb(priv->pinfo, X_INFO, 7, "monitor: lease ran out\n");
		monitor_deactivate(priv);
		change_own(priv, priv->mon.monitor_atom, 1, &zero);
		return 0;	/* not re-armed */
	}
	return SYN_MONITOR_PERIOD_MS;
}

/* A client wrote a lease of @ms (already checked). */
static void monitor_lease(struct syn_priv *priv, int32_t ms)
{
	if (ms == 0) {
		if (priv->mon.active)
			monitor_stop(priv);
		return;
	}
	priv->mon.lease_end = GetTimeInMillis() + (CARD32)ms;
	if (priv->mon.active)
		return;		/* renewed; the timer runs */

	syn_lock();
	/* Start from what the device shows now, not from the last lease. */
	if (priv->tev.evdev) {
		state_from_frame(priv, &priv->tev.state.cur, priv->mon.latest);
		priv->mon.fresh = true;
	}
	priv->mon.active = true;
	syn_unlock();
	/* now, so that the writer's next read already sees it */
	publish_latest(priv);
	priv->mon.timer = TimerSet(priv->mon.timer, 0, SYN_MONITOR_PERIOD_MS,
				   monitor_timer_cb, priv);
	xf86IDrvMsgVerb(priv->pinfo, X_INFO, 7, "monitor: started, lease %d ms\n", (int)ms);
}

/*
 * Runs for every property change on the device, twice (checkonly first);
 * only a Success on the checkonly pass lets the server store the value, so
 * a refused write changes nothing.
 */
static int monitor_set_property(DeviceIntPtr dev, Atom atom, XIPropertyValuePtr val,
				BOOL checkonly)
{
	SYN_SERVER_HOLDS_LOCK();
	InputInfoPtr pinfo = dev->public.devicePrivate;
	struct syn_priv *priv = pinfo->private;
	int32_t ms;

	SYN_ASSERT_MAIN();
	if (!priv || (atom != priv->mon.monitor_atom && atom != priv->mon.hwstate_atom))
		return Success;		/* not ours */
	if (priv->own_write)
		return Success;
	if (atom == priv->mon.hwstate_atom)
		return BadValue;	/* read-only, as 1.9's read-only properties */
	if (val->type != XA_INTEGER || val->format != 32 || val->size != 1)
		return BadMatch;
	ms = *(const int32_t *)val->data;
	if (ms < 0 || ms > SYN_MONITOR_MAX_LEASE_MS)
		return BadValue;
	if (!checkonly)
		monitor_lease(priv, ms);
	return Success;
}

void syn_monitor_init(struct syn_priv *priv, DeviceIntPtr dev)
{
	const int32_t zero = 0;

	memset(&priv->mon, 0, sizeof(priv->mon));
	priv->mon.monitor_atom = MakeAtom(SYNAPTICS_PROP_MONITOR,
					  strlen(SYNAPTICS_PROP_MONITOR), TRUE);
	priv->mon.hwstate_atom = MakeAtom(SYNAPTICS_PROP_HARDWARE_STATE,
					  strlen(SYNAPTICS_PROP_HARDWARE_STATE), TRUE);
	priv->mon.timer = TimerSet(NULL, 0, 0, NULL, NULL);
	if (!priv->mon.monitor_atom || !priv->mon.hwstate_atom || !priv->mon.timer) {
		xf86IDrvMsg(priv->pinfo, X_WARNING, "no monitor (out of memory)\n");
		priv->mon.monitor_atom = priv->mon.hwstate_atom = 0;
		return;
	}
	syn_change_own_property(priv, dev, priv->mon.hwstate_atom, XA_INTEGER, 32,
				SYN_HWSTATE_ITEMS, priv->mon.shown, FALSE);
	XISetDevicePropertyDeletable(dev, priv->mon.hwstate_atom, FALSE);
	syn_change_own_property(priv, dev, priv->mon.monitor_atom, XA_INTEGER, 32, 1, &zero, FALSE);
	XISetDevicePropertyDeletable(dev, priv->mon.monitor_atom, FALSE);
	XIRegisterPropertyHandler(dev, monitor_set_property, NULL, NULL);
}

void syn_monitor_close(struct syn_priv *priv)
{
	monitor_deactivate(priv);
	if (priv->mon.timer) {
		TimerFree(priv->mon.timer);
		priv->mon.timer = NULL;
	}
}
