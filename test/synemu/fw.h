/*
 * synemu - the firmware model: a Synaptics PS/2 touchpad as a state machine
 * that consumes host bytes and produces device bytes.  It knows nothing about
 * /dev/userio or time, so unit tests can drive it directly.
 */
#ifndef SYNEMU_FW_H
#define SYNEMU_FW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frame.h"
#include "profile.h"

/* PS/2 bytes. */
#define PS2_ACK 0xfa
#define PS2_NAK 0xfe	/* "resend" when sent by the device */

enum ps2_cmd {
	PS2_CMD_SETSCALE11 = 0xe6,
	PS2_CMD_SETSCALE21 = 0xe7,
	PS2_CMD_SETRES = 0xe8,
	PS2_CMD_GETINFO = 0xe9,
	PS2_CMD_SETSTREAM = 0xea,
	PS2_CMD_READDATA = 0xeb,
	PS2_CMD_SETREMOTE = 0xf0,
	PS2_CMD_GETID = 0xf2,
	PS2_CMD_SETRATE = 0xf3,
	PS2_CMD_ENABLE = 0xf4,
	PS2_CMD_DISABLE = 0xf5,
	PS2_CMD_RESET_DIS = 0xf6,
	PS2_CMD_RESEND = 0xfe,
	PS2_CMD_RESET_BAT = 0xff,
};

/* Rates that complete a sliced (special) command. */
#define SYN_RATE_SET_MODE 0x14
#define SYN_RATE_PASSTHRU 0x28
#define SYN_RATE_AGM 0xc8

/* Mode byte bits. */
#define SYN_MODE_ABSOLUTE 0x80
#define SYN_MODE_HIGH_RATE 0x40
#define SYN_MODE_SLEEP 0x08
#define SYN_MODE_DISABLE_GESTURE 0x04
#define SYN_MODE_FOUR_BYTE_CLIENT 0x02
#define SYN_MODE_W 0x01

/* Things the transport wants to know about; accumulated, see synfw_take_events(). */
enum synfw_event {
	SYNFW_EV_ENABLED = 1 << 0,	/* F4: streaming on */
	SYNFW_EV_DISABLED = 1 << 1,	/* F5, F6 or FF: streaming off */
	SYNFW_EV_RESET = 1 << 2,	/* FF */
	SYNFW_EV_MODE = 1 << 3,		/* mode byte written */
	SYNFW_EV_AGM = 1 << 4,		/* advanced gesture mode switched on */
	SYNFW_EV_UNKNOWN = 1 << 5,	/* a command answered with FE */
	SYNFW_EV_QUERY = 1 << 6,	/* a sliced query other than identify (00):
					 * only synaptics_init/reconnect ask those */
};

/* Longest answer to one host byte: ACK + 3 bytes, or a pass-through
 * command's ACK + three wrapped child bytes (6 each), or EB's packets. */
#define SYNFW_MAX_REPLY 64

typedef void (*synfw_log_fn)(void *ctx, const char *msg);

struct synfw {
	struct syn_profile prof;
	struct syn_caps caps;

	/* host-visible state */
	bool streaming;		/* F4 seen since the last F5/F6/FF */
	bool remote;		/* F0 remote mode (no streaming) */
	bool scale21;
	bool agm;		/* advanced gesture mode enabled (sliced 03 + F3 C8) */
	uint8_t mode;		/* Synaptics mode byte */
	uint8_t rate;		/* last plain F3 rate */
	uint8_t resolution;	/* last plain E8 value */

	/* command parser */
	int pending;		/* command byte waiting for its parameter, or -1 */
	unsigned slices;	/* E8 parameters since the last other command */
	uint8_t slice_arg;	/* the last four E8 parameters, 2 bits each */

	uint8_t last[SYNFW_MAX_REPLY];	/* last answer without the ACK, for FE */
	size_t last_len;

	unsigned events;

	/* plain PS/2 mouse on the pass-through port (profile.child_mouse) */
	struct {
		bool enabled;
		int pending;
	} child;

	/* relative mode: last position and sub-count remainders */
	bool rel_have;
	int rel_x, rel_y, rel_rx, rel_ry;

	struct syn_frame current;	/* last frame encoded, for EB */

	synfw_log_fn log;
	void *log_ctx;
};

void synfw_init(struct synfw *fw, const struct syn_profile *p);
void synfw_set_log(struct synfw *fw, synfw_log_fn fn, void *ctx);

/* Feed one host byte; writes the device's answer (possibly empty) to @out,
 * which must hold SYNFW_MAX_REPLY bytes.  Returns the answer's length. */
size_t synfw_host_byte(struct synfw *fw, uint8_t byte, uint8_t *out);

/* The pad resets itself (power-on, before it sends AA 00): like FF, unasked. */
void synfw_power_on(struct synfw *fw);

/* Return and clear the accumulated enum synfw_event bits. */
unsigned synfw_take_events(struct synfw *fw);

/* May stream packets now? (F4 seen and stream mode) */
static inline bool synfw_streaming(const struct synfw *fw)
{
	return fw->streaming && !fw->remote;
}

/*
 * Encode @fr as the packets the firmware sends in its current mode:
 * absolute + W mode: [AGM-CONTACT] [AGM] SGM (6 bytes each), or a 3-byte
 * relative packet in relative mode.  Returns the number of bytes written
 * to @out (at most SYNFW_MAX_REPLY).
 */
size_t synfw_encode_frame(struct synfw *fw, const struct syn_frame *fr, uint8_t *out);

/* Should a recorded 6-byte packet be sent in the current mode?  (AGM
 * packets only when AGM is on, absolute packets only in absolute mode.) */
bool synfw_packet_allowed(const struct synfw *fw, const uint8_t pkt[6]);

/* W value of a 6-byte new-abs packet. */
static inline int syn_packet_w(const uint8_t p[6])
{
	return ((p[0] & 0x30) >> 2) | ((p[0] & 0x04) >> 1) | ((p[3] & 0x04) >> 2);
}

#endif
