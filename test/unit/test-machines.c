/*
 * The state machines' impossible events: a timer firing in a state that
 * never sets one is our defect.  The machine logs it as a bug with its
 * names and does nothing: no button, no scroll, no state change.  The
 * public API cannot produce these events, so the tests plant the stale
 * deadline in the core's private state, as a defect would leave it.
 */
#include <string.h>

#include "tp-test.h"
#include "core-private.h"

#define CX 3000
#define CY 2900

/* Fire the core's timers at `ms` from now, as the owner would when the deadline is due. */
static void fire_at(struct tt *t, int ms)
{
	t->now += (uint64_t)ms * 1000;
	tp_core_timeout(t->core, t->now);
}

/*
 * A stale deadline planted in a machine's timer fires: exactly one error
 * line, the bug with the machine's names, no event, and the deadline gone
 * (it must not fire again).
 */
static void plant_stale(struct tt *t, uint64_t *deadline, const char *want)
{
	*deadline = t->now + 1000;
	fire_at(t, 2);
	CHECK(t->nerror == 1 && strstr(t->lasterror, "BUG: ") == t->lasterror &&
	      strstr(t->lasterror, want), "%d error lines, the last '%s'; want one bug line with '%s'",
	      t->nerror, t->lasterror, want);
	CHECK(t->nev == 0, "%d events after the bug, want none", t->nev);
	CHECK(*deadline == 0, "the stale deadline is still set");
}

/* IDLE clears the tap timer; a stale one firing there changes nothing. */
static void test_tap_timeout_in_idle(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_MT);
	t.p.tap_button[0] = 1;
	tt_start(&t);
	tt_step(&t, 12);
	CHECK(t.core->tap.state == TAP_STATE_IDLE, "tap state %d, want IDLE", t.core->tap.state);
	plant_stale(&t, &t.core->tap.deadline, "tap: event TIMEOUT in state IDLE");
	CHECK(t.core->tap.state == TAP_STATE_IDLE, "tap state %d after the bug", t.core->tap.state);
	/* and the machine still works: a tap is one click */
	tt_tap_at(&t, CX, CY, 3);
	tt_wait(&t, 400);
	CHECK(tt_presses(&t, 1) == 1 && tt_releases(&t, 1) == 1, "tap after the bug: %d/%d",
	      tt_presses(&t, 1), tt_releases(&t, 1));
	tt_free(&t);
}

/* Coasting's IDLE has no tick. */
static void test_coast_tick_in_idle(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_MT);
	tt_start(&t);
	tt_step(&t, 12);
	plant_stale(&t, &t.core->scroll.coast_deadline, "coast: event TICK in state IDLE");
	CHECK(tt_scroll_events(&t) == 0, "%d scroll events from a stale tick", tt_scroll_events(&t));
	tt_free(&t);
}

/* Middle-button emulation waits only in LEFT_WAIT and RIGHT_WAIT. */
static void test_mid_timeout_in_idle(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_MT);
	t.p.emulate_mid_button_time = 75;
	tt_start(&t);
	tt_step(&t, 12);
	plant_stale(&t, &t.core->buttons.mid_deadline, "middle emulation: event TIMEOUT in state IDLE");
	/* a left click still is one */
	tt_buttons(&t, TP_HW_LEFT);
	tt_step(&t, 12);
	tt_buttons(&t, 0);
	tt_step(&t, 12);
	tt_wait(&t, 200);
	CHECK(tt_presses(&t, 1) == 1 && tt_releases(&t, 1) == 1 && tt_presses(&t, 2) == 0,
	      "left click after the bug: %d/%d, middle %d", tt_presses(&t, 1), tt_releases(&t, 1),
	      tt_presses(&t, 2));
	tt_free(&t);
}

int main(void)
{
	RUN(test_tap_timeout_in_idle);
	RUN(test_coast_tick_in_idle);
	RUN(test_mid_timeout_in_idle);
	return tt_exit_status();
}
