/*
 * synemu - firmware state machine: host commands in, ACKs and answers out.
 *
 * Model of the PS/2 side of a Synaptics pad as Linux 6.1 drives it
 * (notes/kernel-ps2.md section 3):
 *  - every command byte and every parameter byte is ACKed (FA); unknown
 *    commands get FE and change nothing;
 *  - a "sliced" command is four or more E8 parameters (2 bits each, MSB
 *    first) followed by E9 (information query), F3 14 (set mode byte),
 *    F3 28 (pass-through byte) or, for argument 03, F3 C8 (AGM on).  The
 *    kernel's synaptics_detect omits the leading E6, so we key on the E8
 *    count, not on E6;
 *  - FF resets everything (mode byte 0, AGM off, streaming off) and
 *    answers AA 00; F6 restores rate/resolution/scaling and stops streaming
 *    but keeps the mode byte and AGM.
 */
#include "fw.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define DEFAULT_RATE 100
#define DEFAULT_RESOLUTION 2

static void fw_log(struct synfw *fw, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void fw_log(struct synfw *fw, const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	if (!fw->log)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fw->log(fw->log_ctx, buf);
}

static void set_streaming(struct synfw *fw, bool on)
{
	if (fw->streaming == on)
		return;
	fw->streaming = on;
	fw->events |= on ? SYNFW_EV_ENABLED : SYNFW_EV_DISABLED;
	fw_log(fw, "streaming %s", on ? "enabled" : "disabled");
}

static void set_defaults(struct synfw *fw)
{
	set_streaming(fw, false);
	fw->remote = false;
	fw->scale21 = false;
	fw->rate = DEFAULT_RATE;
	fw->resolution = DEFAULT_RESOLUTION;
}

static void power_on_reset(struct synfw *fw)
{
	set_defaults(fw);
	fw->mode = 0;
	fw->agm = false;
	fw->pending = -1;
	fw->slices = 0;
	fw->slice_arg = 0;
	fw->child.enabled = false;
	fw->child.pending = -1;
	fw->rel_have = false;
	memset(&fw->current, 0, sizeof(fw->current));
}

void synfw_init(struct synfw *fw, const struct syn_profile *p)
{
	memset(fw, 0, sizeof(*fw));
	fw->prof = *p;
	syn_caps_decode(&fw->prof, &fw->caps);
	power_on_reset(fw);
	fw->events = 0;
}

void synfw_power_on(struct synfw *fw)
{
	power_on_reset(fw);
	fw->events |= SYNFW_EV_RESET | SYNFW_EV_DISABLED;
	fw_log(fw, "power-on reset");
}

void synfw_set_log(struct synfw *fw, synfw_log_fn fn, void *ctx)
{
	fw->log = fn;
	fw->log_ctx = ctx;
}

unsigned synfw_take_events(struct synfw *fw)
{
	unsigned ev = fw->events;

	fw->events = 0;
	return ev;
}

/* Append @n bytes of answer (after the ACK) and remember them for FE. */
static size_t answer(struct synfw *fw, uint8_t *out, size_t len, const uint8_t *bytes, size_t n)
{
	memcpy(out + len, bytes, n);
	memcpy(fw->last, bytes, n);
	fw->last_len = n;
	return len + n;
}

/* A child byte travels inside a pass-through (W = 3) packet; before the
 * child is activated the kernel only looks at byte 1. */
static size_t wrap_child(uint8_t *out, size_t len, uint8_t b)
{
	const uint8_t pkt[6] = { 0x84, b, 0x00, 0xc4, 0x00, 0x00 };

	memcpy(out + len, pkt, sizeof(pkt));
	return len + sizeof(pkt);
}

/* The device behind the pass-through port: a plain 3-byte PS/2 mouse. */
static size_t child_byte(struct synfw *fw, uint8_t b, uint8_t *out, size_t len)
{
	if (!fw->prof.child_mouse || !fw->caps.passthru) {
		fw_log(fw, "pass-through byte %02x: no child device", b);
		return len;
	}
	if (fw->child.pending >= 0) {
		fw->child.pending = -1;
		return wrap_child(out, len, PS2_ACK);
	}
	switch (b) {
	case PS2_CMD_RESET_BAT:
		fw->child.enabled = false;
		len = wrap_child(out, len, PS2_ACK);
		len = wrap_child(out, len, 0xaa);
		return wrap_child(out, len, 0x00);
	case PS2_CMD_GETID:
		len = wrap_child(out, len, PS2_ACK);
		return wrap_child(out, len, 0x00);
	case PS2_CMD_GETINFO:
		len = wrap_child(out, len, PS2_ACK);
		len = wrap_child(out, len, fw->child.enabled ? 0x20 : 0x00);
		len = wrap_child(out, len, 0x02);
		return wrap_child(out, len, 0x64);
	case PS2_CMD_ENABLE:
	case PS2_CMD_DISABLE:
	case PS2_CMD_RESET_DIS:
		fw->child.enabled = b == PS2_CMD_ENABLE;
		fw_log(fw, "child %s", fw->child.enabled ? "enabled" : "disabled");
		return wrap_child(out, len, PS2_ACK);
	case PS2_CMD_SETRES:
	case PS2_CMD_SETRATE:
		fw->child.pending = b;
		return wrap_child(out, len, PS2_ACK);
	case PS2_CMD_SETSCALE11:
	case PS2_CMD_SETSCALE21:
	case PS2_CMD_SETSTREAM:
	case PS2_CMD_SETREMOTE:
		return wrap_child(out, len, PS2_ACK);
	default:
		return wrap_child(out, len, PS2_NAK);
	}
}

static size_t set_rate_param(struct synfw *fw, uint8_t rate, uint8_t *out, size_t len)
{
	bool sliced = fw->slices >= 4;
	uint8_t arg = fw->slice_arg;

	fw->slices = 0;
	if (sliced && rate == SYN_RATE_SET_MODE) {
		fw->mode = arg;
		fw->events |= SYNFW_EV_MODE;
		fw_log(fw, "mode byte %02x (%s%s%s)", arg,
		       arg & SYN_MODE_ABSOLUTE ? "absolute" : "relative",
		       arg & SYN_MODE_W ? ", W mode" : "",
		       arg & SYN_MODE_HIGH_RATE ? ", 80 Hz" : ", 40 Hz");
		return len;
	}
	if (sliced && rate == SYN_RATE_PASSTHRU)
		return child_byte(fw, arg, out, len);
	if (sliced && rate == SYN_RATE_AGM && arg == SYN_Q_MODEL) {
		if (syn_caps_has_agm(&fw->caps)) {
			fw->agm = true;
			fw->events |= SYNFW_EV_AGM;
			fw_log(fw, "advanced gesture mode on");
		} else {
			fw_log(fw, "AGM enable ignored: pad has no AGM");
		}
		return len;
	}
	fw->rate = rate;
	return len;
}

static size_t get_info(struct synfw *fw, uint8_t *out, size_t len)
{
	uint8_t b[3] = { 0, 0, 0 };

	if (fw->slices >= 4) {
		uint8_t arg = fw->slice_arg;

		if (fw->prof.has_answer[arg])
			memcpy(b, fw->prof.answer[arg], 3);
		if (arg != SYN_Q_IDENTIFY)
			fw->events |= SYNFW_EV_QUERY;
		fw_log(fw, "query %02x -> %02x %02x %02x%s", arg, b[0], b[1], b[2],
		       fw->prof.has_answer[arg] ? "" : " (not in profile)");
	} else {
		/* Plain PS/2 status request. */
		b[0] = (fw->remote ? 0x40 : 0) | (fw->streaming ? 0x20 : 0) | (fw->scale21 ? 0x10 : 0) |
		       (fw->current.buttons & (SYN_BTN_LEFT | SYN_BTN_RIGHT));
		b[1] = fw->resolution;
		b[2] = fw->rate;
	}
	fw->slices = 0;
	return answer(fw, out, len, b, 3);
}

static size_t param_byte(struct synfw *fw, int cmd, uint8_t p, uint8_t *out, size_t len)
{
	switch (cmd) {
	case PS2_CMD_SETRES:
		fw->resolution = p;
		fw->slice_arg = (uint8_t)(fw->slice_arg << 2 | (p & 0x03));
		fw->slices++;
		return len;
	case PS2_CMD_SETRATE:
		return set_rate_param(fw, p, out, len);
	default:
		return len;
	}
}

size_t synfw_host_byte(struct synfw *fw, uint8_t b, uint8_t *out)
{
	size_t len = 0;

	if (fw->pending >= 0) {
		int cmd = fw->pending;

		fw->pending = -1;
		out[len++] = PS2_ACK;
		return param_byte(fw, cmd, b, out, len);
	}

	switch (b) {
	case PS2_CMD_RESET_BAT:
		out[len++] = PS2_ACK;
		power_on_reset(fw);
		fw->events |= SYNFW_EV_RESET;
		fw_log(fw, "reset");
		return answer(fw, out, len, fw->prof.reset, 2);
	case PS2_CMD_RESEND:
		memcpy(out, fw->last, fw->last_len);
		fw_log(fw, "resend %zu bytes", fw->last_len);
		return fw->last_len;
	case PS2_CMD_RESET_DIS:
		out[len++] = PS2_ACK;
		set_defaults(fw);
		break;
	case PS2_CMD_DISABLE:
		out[len++] = PS2_ACK;
		set_streaming(fw, false);
		break;
	case PS2_CMD_ENABLE:
		out[len++] = PS2_ACK;
		set_streaming(fw, true);
		break;
	case PS2_CMD_SETRATE:
	case PS2_CMD_SETRES:
		out[len++] = PS2_ACK;
		fw->pending = b;
		/* E8 keeps counting slices; F3 consumes them with its parameter. */
		return len;
	case PS2_CMD_GETID:
		out[len++] = PS2_ACK;
		len = answer(fw, out, len, &fw->prof.id, 1);
		break;
	case PS2_CMD_GETINFO:
		out[len++] = PS2_ACK;
		return get_info(fw, out, len);
	case PS2_CMD_SETSCALE11:
	case PS2_CMD_SETSCALE21:
		out[len++] = PS2_ACK;
		fw->scale21 = b == PS2_CMD_SETSCALE21;
		break;
	case PS2_CMD_SETSTREAM:
	case PS2_CMD_SETREMOTE:
		out[len++] = PS2_ACK;
		fw->remote = b == PS2_CMD_SETREMOTE;
		break;
	case PS2_CMD_READDATA: {
		uint8_t pkt[SYNFW_MAX_REPLY];
		struct syn_frame cur = fw->current;
		size_t n = synfw_encode_frame(fw, &cur, pkt);

		out[len++] = PS2_ACK;
		len = answer(fw, out, len, pkt, n);
		break;
	}
	default:
		out[len++] = PS2_NAK;
		fw->events |= SYNFW_EV_UNKNOWN;
		fw_log(fw, "unknown command %02x -> fe", b);
		break;
	}
	fw->slices = 0;
	return len;
}
