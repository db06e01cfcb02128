/*
 * synemu - what is on the pad at one instant: up to five fingers and the
 * buttons.  Coordinates are in evdev orientation (Y grows downwards), i.e.
 * the values Linux reports as ABS_X/ABS_Y; the packet encoder converts Y to
 * raw Synaptics units.
 */
#ifndef SYNEMU_FRAME_H
#define SYNEMU_FRAME_H

#include <stdbool.h>
#include <stdint.h>

#define SYN_MAX_FINGERS 5

/* Defaults for a resting finger: pressure above the kernel's BTN_TOUCH
 * threshold (30), W = 5 is what the kernel assumes without palm detection. */
#define SYN_DEFAULT_Z 60
#define SYN_DEFAULT_W 5

enum syn_button {
	SYN_BTN_LEFT = 1 << 0,		/* physical left button: byte 0 bit 0 */
	SYN_BTN_RIGHT = 1 << 1,		/* physical right button: byte 0 bit 1 */
	SYN_BTN_MIDDLE = 1 << 2,	/* middle: (b0 ^ b3) bit 0, if caps bit 18 */
	SYN_BTN_CLICK = 1 << 3,		/* clickpad button: (b0 ^ b3) bit 0 */
};

struct syn_finger {
	bool down;
	int x, y;	/* evdev orientation */
	int z;		/* pressure 0..255 */
	int w;		/* width 4..15 for the single-finger W value */
};

struct syn_frame {
	struct syn_finger f[SYN_MAX_FINGERS];
	unsigned buttons;	/* enum syn_button bits */
};

static inline int syn_frame_fingers(const struct syn_frame *fr)
{
	int n = 0;

	for (int i = 0; i < SYN_MAX_FINGERS; i++)
		n += fr->f[i].down;
	return n;
}

#endif
