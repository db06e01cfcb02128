/*
 * motion.c - pointer motion: hysteresis, resolution compensation, jump
 * filter, synaptics-style acceleration and pressure motion.
 *
 * The speed curve is the one 1.9 installs as its X server profile, moved into
 * the core so the glue posts finished deltas:
 *
 *   factor = accel_factor * v, clipped to [MinSpeed, MaxSpeed]
 *
 *          factor
 *   MaxSpeed |            ________
 *            |           /
 *   MinSpeed |__________/
 *            +------------------------ v (device units per 12.5 ms)
 *
 * where v is the finger speed in device units per 12.5 ms (1.9 assumed
 * 80 packets per second), then multiplied by the pressure factor and the
 * pointer gain below.  This is the whole gain: the glue leaves the X
 * server's scheme without a profile, so what the core reports (synreplay)
 * is what X clients receive; a user's ConstantDeceleration divides on top.
 * Unaccelerated deltas are the device deltas after resolution compensation.
 */
#include <math.h>

#include "core-private.h"

/* 1.9's velocity unit: one packet at 80 Hz. */
#define VELOCITY_FRAME_MS	12.5
/*
 * Deltas longer than this in one frame are jumps (touch swaps, firmware
 * glitches).  1.9's 20 mm, on pads whose single position can swap between
 * fingers.  A tracked MT touch cannot swap, and a quick finger moves 20 mm
 * in a frame (XIT's MovementInTopButtonsMovingOut: 21 mm in 10 ms, which
 * 1.9 drops): there only a glitch across half the pad is a jump.
 */
#define JUMP_THRESHOLD_MM	20.0
#define JUMP_THRESHOLD_DIAG	0.25
#define JUMP_THRESHOLD_MT_MM	50.0
#define JUMP_THRESHOLD_MT_DIAG	0.5
/* Velocity is averaged over this many recent frames; a pause longer than this restarts it. */
#define VELOCITY_MAX_GAP_MS	100
#define FRAME_MIN_MS		1.0
/*
 * TP_POINTER_GAIN (touchpad.h), device units to pixels beyond the speed curve.  1.9 put 1/MinSpeed into
 * the server's constant deceleration and its curve into a server profile;
 * with Debian's 1.9.2 the XIT "move" recording (test/xorg, reference mode)
 * moves the pointer 115-138 px, the curve alone (same MinSpeed, MaxSpeed,
 * AccelFactor) about 600 px.  A third brings ours to about 200 px, near
 * that, and keeps the relative effect of MinSpeed/MaxSpeed/AccelFactor.
 * (Until 2026-12 this was a constant deceleration of 3.0 set by the glue.)
 */

void tp_motion_reset(struct tp_core *core)
{
	core->motion.valid = false;
	core->motion.nhist = 0;
}

static double pressure_factor(const struct tp_core *core, int z)
{
	const struct tp_params *p = &core->p;

	if (z <= p->press_motion_min_z || p->press_motion_max_z <= p->press_motion_min_z)
		return p->press_motion_min_factor;
	if (z >= p->press_motion_max_z)
		return p->press_motion_max_factor;
	return p->press_motion_min_factor +
	       (p->press_motion_max_factor - p->press_motion_min_factor) *
	       (double)(z - p->press_motion_min_z) / (p->press_motion_max_z - p->press_motion_min_z);
}

static double speed_factor(const struct tp_core *core, double v)
{
	const struct tp_params *p = &core->p;
	double f = p->accel_factor * v;

	if (f < p->min_speed)
		f = p->min_speed;
	if (f > p->max_speed)
		f = p->max_speed;
	return f;
}

/* Finger speed in device units per 12.5 ms over the last few frames. */
static double velocity(struct tp_motion *m, double dist, double dt_ms)
{
	double d = 0, t = 0;

	if (dt_ms > VELOCITY_MAX_GAP_MS)
		m->nhist = 0;
	if (dt_ms < FRAME_MIN_MS)
		dt_ms = FRAME_MIN_MS;
	for (int i = TP_MOTION_HISTORY - 1; i > 0; i--)
		m->hist[i] = m->hist[i - 1];
	m->hist[0].d = dist;
	m->hist[0].dt = (uint64_t)(dt_ms * 1000);
	if (m->nhist < TP_MOTION_HISTORY)
		m->nhist++;
	for (int i = 0; i < m->nhist; i++) {
		d += m->hist[i].d;
		t += m->hist[i].dt / 1000.0;
	}
	return d / t * VELOCITY_FRAME_MS;
}

void tp_motion_frame(struct tp_core *core, bool suppress)
{
	struct tp_motion *m = &core->motion;
	const struct tp_params *p = &core->p;
	const struct tp_touch *t;
	double nx, ny, dx, dy, dist, dt_ms, v, f;
	int idx = core->pointer;

	if (idx < 0 || core->pointer_changed || m->touch != idx)
		tp_motion_reset(core);
	if (idx != m->touch)
		tp_log(core, TP_LOG_DEBUG, "motion: pointer touch %d -> %d", m->touch, idx);
	m->touch = idx;
	if (idx < 0)
		return;
	t = &core->touches[idx];

	if (!m->valid) {
		m->cx = t->x;
		m->cy = t->y;
		m->last_time = core->now;
		m->valid = true;
		m->moved = false;
		return;
	}

	nx = tp_hysteresis(m->cx, t->x, p->horiz_hysteresis);
	ny = tp_hysteresis(m->cy, t->y, p->vert_hysteresis);
	dx = nx - m->cx;
	dy = ny - m->cy;
	if (!m->moved && (dx != 0 || dy != 0)) {
		/*
		 * The box only holds a resting finger still: the move that
		 * leaves it counts from where the finger landed, on both axes.
		 * Otherwise the first delta loses each axis's margin, which is
		 * not the same distance in mm when the resolutions differ (XIT's
		 * IdenticalMovementVerticalHorizontal: 10 mm right and down gave
		 * 344 and 346 pixels).
		 */
		dx = t->x - m->cx;
		dy = t->y - m->cy;
		m->moved = true;
	}
	m->cx = nx;
	m->cy = ny;
	dt_ms = (core->now - m->last_time) / 1000.0;
	m->last_time = core->now;

	if (suppress) {
		m->nhist = 0;
		return;
	}
	if (dx == 0 && dy == 0)
		return;

	/* Express y in x units so both axes move the same per millimetre. */
	if (p->vert_resolution > 0 && p->horiz_resolution > 0)
		dy *= (double)p->horiz_resolution / p->vert_resolution;

	dist = hypot(dx, dy);
	if (dist > (core->mt ? tp_mm_to_units(core, JUMP_THRESHOLD_MT_MM, JUMP_THRESHOLD_MT_DIAG) :
			       tp_mm_to_units(core, JUMP_THRESHOLD_MM, JUMP_THRESHOLD_DIAG))) {
		tp_log(core, TP_LOG_DEBUG, "motion: dropped jump of %.0f units", dist);
		m->nhist = 0;
		return;
	}

	v = velocity(m, dist, dt_ms);
	f = speed_factor(core, v) * pressure_factor(core, t->pressure) * TP_POINTER_GAIN;
	if (core->out.motion)
		core->out.motion(core->user, dx * f, dy * f, dx, dy);
}

double tp_motion_speed_factor(const struct tp_core *core, double dist, double dt_ms)
{
	if (dt_ms < FRAME_MIN_MS)
		dt_ms = FRAME_MIN_MS;
	return speed_factor(core, dist / dt_ms * VELOCITY_FRAME_MS);
}
