/*
 * synemu - packet encoder: a frame (fingers + buttons) as the bytes the
 * firmware streams in its current mode.
 *
 * New-abs 6-byte packet ("SGM"), W mode:
 *   b0 = 1 0 W3 W2 0 W1 R L      b3 = 1 1 Y12 X12 0 W0 R^0 L^M
 *   b1 = Y11..Y8 X11..X8         b4 = X7..X0
 *   b2 = Z                       b5 = Y7..Y0
 * W: 0 = two fingers, 1 = three or more, 2 = AGM packet, 3 = pass-through,
 * 4..15 = one finger of that width.  The middle/clickpad button is the
 * difference of bit 0 in b0 and b3.
 *
 * AGM packet (W = 2, sent before the SGM packet of the same frame):
 *   b0 = 84|R L, b1 = X[8:1], b2 = Y[8:1], b3 = C0 | Z[5:4] (of z/2) | R L,
 *   b4 = Y[12:9] X[12:9], b5 = type<<4 | Z[3:0] (of z/2);
 *   type 1 = second contact at half resolution, type 2 = contact count in b1.
 */
#include "fw.h"

#include <stdlib.h>
#include <string.h>

/* Relative mode: raw units per count (about 4 counts/mm at 60-80 units/mm). */
#define REL_UNITS_PER_COUNT 16

static int clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* Raw 13-bit coordinates; 0 and 1 mean "no position" to the kernel and
 * 8176..8191 are special, so stay within 2..8175. */
static int raw_x(const struct syn_finger *f)
{
	return clamp(f->x, 2, 8175);
}

static int raw_y(const struct syn_finger *f)
{
	return clamp(SYN_Y_FLIP - f->y, 2, 8175);
}

static uint8_t button_bits(const struct synfw *fw, unsigned buttons)
{
	(void)fw;
	return (buttons & SYN_BTN_LEFT ? 0x01 : 0) | (buttons & SYN_BTN_RIGHT ? 0x02 : 0);
}

/* Bit 0 of b3 differs from bit 0 of b0 when the middle / clickpad button is down. */
static uint8_t xor_bits(unsigned buttons)
{
	return (buttons & (SYN_BTN_MIDDLE | SYN_BTN_CLICK)) ? 0x01 : 0;
}

static void sgm_packet(const struct synfw *fw, int x, int y, int z, int w, unsigned buttons, uint8_t *p)
{
	uint8_t lr = button_bits(fw, buttons);

	p[0] = 0x80 | ((w & 0x0c) << 2) | ((w & 0x02) << 1) | lr;
	p[1] = ((y >> 4) & 0xf0) | ((x >> 8) & 0x0f);
	p[2] = (uint8_t)clamp(z, 0, 255);
	p[3] = 0xc0 | ((y >> 7) & 0x20) | ((x >> 8) & 0x10) | ((w & 0x01) << 2) | (lr ^ xor_bits(buttons));
	p[4] = x & 0xff;
	p[5] = y & 0xff;
}

static void agm_position_packet(const struct synfw *fw, const struct syn_finger *f, unsigned buttons,
				uint8_t *p)
{
	int x = raw_x(f) >> 1, y = raw_y(f) >> 1, z = clamp(f->z, 0, 127) >> 1;
	uint8_t lr = button_bits(fw, buttons);

	p[0] = 0x84 | lr;
	p[1] = x & 0xff;
	p[2] = y & 0xff;
	p[3] = 0xc0 | (z & 0x30) | (lr ^ xor_bits(buttons));
	p[4] = ((y >> 4) & 0xf0) | ((x >> 8) & 0x0f);
	p[5] = 0x10 | (z & 0x0f);
}

static void agm_count_packet(const struct synfw *fw, int count, unsigned buttons, uint8_t *p)
{
	uint8_t lr = button_bits(fw, buttons);

	p[0] = 0x84 | lr;
	p[1] = (uint8_t)count;
	p[2] = 0x00;
	p[3] = 0xc0 | (lr ^ xor_bits(buttons));
	p[4] = 0x00;
	p[5] = 0x20;
}

/* The first two fingers down, in finger-number order. */
static int pick_fingers(const struct syn_frame *fr, const struct syn_finger *sel[2])
{
	int n = 0;

	sel[0] = sel[1] = NULL;
	for (int i = 0; i < SYN_MAX_FINGERS; i++) {
		if (!fr->f[i].down)
			continue;
		if (n < 2)
			sel[n] = &fr->f[i];
		n++;
	}
	return n;
}

static size_t encode_relative(struct synfw *fw, const struct syn_frame *fr, uint8_t *out)
{
	const struct syn_finger *sel[2];
	int dx = 0, dy = 0;

	if (pick_fingers(fr, sel) > 0) {
		int x = raw_x(sel[0]), y = raw_y(sel[0]);

		if (fw->rel_have) {
			int ux = x - fw->rel_x + fw->rel_rx, uy = y - fw->rel_y + fw->rel_ry;

			dx = clamp(ux / REL_UNITS_PER_COUNT, -255, 255);
			dy = clamp(uy / REL_UNITS_PER_COUNT, -255, 255);
			fw->rel_rx = ux - dx * REL_UNITS_PER_COUNT;
			fw->rel_ry = uy - dy * REL_UNITS_PER_COUNT;
		}
		fw->rel_have = true;
		fw->rel_x = x;
		fw->rel_y = y;
	} else {
		fw->rel_have = false;
		fw->rel_rx = fw->rel_ry = 0;
	}
	out[0] = 0x08 | (fr->buttons & SYN_BTN_LEFT ? 0x01 : 0) | (fr->buttons & SYN_BTN_RIGHT ? 0x02 : 0) |
		 (fr->buttons & (SYN_BTN_MIDDLE | SYN_BTN_CLICK) ? 0x04 : 0) | (dx < 0 ? 0x10 : 0) |
		 (dy < 0 ? 0x20 : 0);
	out[1] = (uint8_t)(dx & 0xff);
	out[2] = (uint8_t)(dy & 0xff);
	return 3;
}

size_t synfw_encode_frame(struct synfw *fw, const struct syn_frame *fr, uint8_t *out)
{
	const struct syn_finger *sel[2];
	int n = pick_fingers(fr, sel);
	bool wmode = fw->mode & SYN_MODE_W;
	size_t len = 0;
	int w;

	fw->current = *fr;
	if (!(fw->mode & SYN_MODE_ABSOLUTE))
		return encode_relative(fw, fr, out);

	if (n == 0) {
		/* No finger: z = 0, x = y = 0. */
		sgm_packet(fw, 0, 0, 0, 0, fr->buttons, out);
		return 6;
	}

	/* Without W mode the firmware has no finger count: one finger. */
	if (!wmode || n == 1 || !(fw->caps.multifinger || syn_caps_has_agm(&fw->caps)))
		w = clamp(sel[0]->w, 4, 15);
	else
		w = n == 2 ? 0 : 1;

	if (wmode && fw->agm && n >= 2) {
		if (fw->caps.image_sensor && n >= 3) {
			agm_count_packet(fw, n, fr->buttons, out + len);
			len += 6;
		}
		agm_position_packet(fw, sel[1], fr->buttons, out + len);
		len += 6;
	}
	sgm_packet(fw, raw_x(sel[0]), raw_y(sel[0]), sel[0]->z, w, fr->buttons, out + len);
	return len + 6;
}

bool synfw_packet_allowed(const struct synfw *fw, const uint8_t pkt[6])
{
	int w = syn_packet_w(pkt);

	if (!(fw->mode & SYN_MODE_ABSOLUTE))
		return false;
	if (w == 2 && !fw->agm)
		return false;
	return true;
}
