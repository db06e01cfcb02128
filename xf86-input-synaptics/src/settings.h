/*
 * settings.h - what every layer needs to read settings.def.
 *
 * settings.def describes each setting of the driver once: its xorg.conf
 * option, its synclient name, the X property element that holds it, its
 * type, its one accepted range, its unit and its default rule.  The layers
 * read it with their own TP_SETTING() definition and keep only the columns
 * they own:
 *
 *   the core (src/core/params.c)   name, type, field, range, unit, percent,
 *                                  flags, default: defaults, validation,
 *                                  get/set; it never sees an X name
 *   the options layer (src/options) adds the property and element (and
 *                                  the synclient name) to the core's rows
 *   synclient (tools/synparams.c)  synclient name, property, element, type,
 *                                  range: refuses before it writes anything
 *
 * The row order is the order of `synclient -l` (1.9's), rows without a
 * synclient name last.  Because every table is generated from the same
 * rows, the i-th row of each layer's table is the same setting.
 *
 * Columns of TP_SETTING(name, index, synclient, prop, element, type, field,
 *                       min, max, unit, percent, flags, default):
 *   name       xorg.conf option name; also the setting's name in messages
 *   index      element of a multi-value option (SoftButtonAreas), else 0
 *   synclient  synclient's name for it, or NULL (not settable by synclient)
 *   prop       suffix of the SYNAPTICS_PROP_* macro of its property, NONE if none
 *   element    item of that property
 *   type       BOOL, INT or DOUBLE: how struct tp_params stores it
 *   field      the member of struct tp_params
 *   min, max   the accepted range, inclusive; checked by tp_param_check()
 *   unit       a short unit for messages ("ms", "units", "mm", "")
 *   percent    0, or: the option takes "N%" of the x/y axis ('x'/'y', a
 *              position) or of its width/height ('w'/'h', a distance)
 *   flags      TP_PARAM_READONLY, TP_PARAM_PROP_NONZERO
 *   default    the default, as 1.9 derives it: a constant or a rule on the
 *              device (evaluated by tp_params_defaults(), then clamped into
 *              the range; INT rules truncate toward zero), in these words:
 *                EDGE_LO(x), EDGE_HI(x)  the axis' minimum plus / maximum
 *                            minus the edge zone: 7 % of the size on Synaptics
 *                            PS/2, 15 % ALPS, 8.5 % Apple, else 4 % (x) and
 *                            5.4 % (y)
 *                Z(n), W(n)  n/256 of the pressure range, n/16 of the width
 *                            range, above its minimum (0..255 and 0..15 when
 *                            the device has no such axis)
 *                FINGER_Z(z, mac)  z; Elantech PS/2: the pressure minimum
 *                            + 1; unibody MacBooks: mac
 *                DIAG(f)     f times the diagonal in device units (an
 *                            integer, as in 1.9; at least 1)
 *                AT_LEAST_1(v), HYSTERESIS(x) (the position axis'
 *                            fuzz, ABS_MT_POSITION_* on pads with a slot
 *                            per finger as in 1.9, else DIAG(0.005)),
 *                            RESOLUTION(x) (the axis' resolution, else 1:
 *                            unknown)
 *                DOUBLETAP (two fingers or two slots), HAS_LEFT (a left
 *                            button), NO_RIGHT_MIDDLE, IS_CLICKPAD,
 *                            HAS_TOPBUTTONS, MAX_FINGERS, SLOTS
 */
#ifndef SYNMT_SETTINGS_H
#define SYNMT_SETTINGS_H

/*
 * Highest button a tap, corner tap or ClickFinger setting may name, and the
 * number of buttons of the X device (1.9's SYN_MAX_BUTTONS): a higher one
 * would be accepted and then never posted.
 */
#define TP_MAX_ACTION_BUTTON	12

/* A number as a string literal, for messages: TP_STR(TP_MAX_ACTION_BUTTON) is "12". */
#define TP_STR_(x)		#x
#define TP_STR(x)		TP_STR_(x)

/* A bound that only keeps values finite and inside an int. */
#define TP_SETTING_UNBOUNDED	1e9

#define TP_PARAM_READONLY	(1u << 0)	/* the property is read-only (resolution) */
#define TP_PARAM_PROP_NONZERO	(1u << 1)	/* the property and synclient refuse 0, as
						 * 1.9's did; the option takes 0 ("off") */

#endif /* SYNMT_SETTINGS_H */
