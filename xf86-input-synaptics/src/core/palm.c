/*
 * palm.c - palm detection (PalmDetect) on the pad's pressure and width.
 */
#include "core-private.h"

/*
 * PalmDetect, as 1.9 does it on the pad's pressure and width (ABS_PRESSURE,
 * ABS_TOOL_WIDTH): a contact harder than PalmMinZ and wider than
 * PalmMinWidth is a palm, blocked until its pressure falls below FingerLow.
 * On pads that do not report a size per touch, a new contact must also look
 * like a finger before it counts: several fingers, or thin and landing from
 * light pressure; otherwise its pressure must have settled (not rising by more
 * than 1 or falling by more than 5 since the last report) and it must not be
 * wider than PalmMinWidth.  Returns true if new touches are held back.
 * With PalmDetect off (the default) nothing is held back.
 */
#define PALM_THIN_WIDTH		6	/* narrower than this and landing light: a finger */
#define PALM_THIN_WIDTH_LIGHT	7	/* ... or landing from below FingerHigh / 2 */
#define PALM_Z_RISE		1	/* a rising pressure may be a palm settling */
#define PALM_Z_FALL		5

bool tp_palm_frame(struct tp_core *core, const struct tp_frame *f)
{
	const struct tp_params *p = &core->p;
	int z = f->pressure, w = f->width;
	bool hold = false;

	if (!p->palm_detect) {
		core->palm = false;
		return false;
	}
	if (!core->dev.pressure.present)
		return false;
	if (z < p->finger_low) {
		if (core->palm)
			tp_log(core, TP_LOG_DEBUG, "palm lifted");
		core->palm = false;
		return false;
	}
	if (z > p->palm_min_z && w > p->palm_min_width) {
		if (!core->palm)
			tp_log(core, TP_LOG_DEBUG, "palm detected (z %d, w %d)", z, w);
		core->palm = true;
	}
	if (core->palm)
		return true;

	if (!core->touching && z > p->finger_high &&
	    !(core->dev.num_slots > 0 && core->dev.touch_major.present)) {
		bool finger_like = f->fingers > 1 ||
				   (w < PALM_THIN_WIDTH && core->palm_prev_z < p->finger_high) ||
				   (w < PALM_THIN_WIDTH_LIGHT && core->palm_prev_z < p->finger_high / 2);

		/* in 64 bits: a hostile pad may report pressures near INT_MAX/INT_MIN */
		long long last = core->palm_prev_z;

		if (!finger_like && (z > last + PALM_Z_RISE || z < last - PALM_Z_FALL ||
				     w > p->palm_min_width)) {
			tp_log(core, TP_LOG_DEBUG, "palm check: contact not taken yet (z %d, last %d, w %d)",
			       z, core->palm_prev_z, w);
			hold = true;
		}
	}
	core->palm_prev_z = z;
	return hold;
}
