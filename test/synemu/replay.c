/*
 * synemu - ps2emu recording parser.
 *
 * Init section: a small host-side decoder follows the host's commands the
 * way the firmware does (E8 parameters accumulate a sliced argument, E9
 * after four or more of them is a query) and takes the device bytes after
 * the command's ACK as the answer: query -> 3 bytes, F2 -> 1 byte,
 * FF -> 2 bytes.  Everything else the state machine answers with an ACK.
 *
 * Main section: device bytes regrouped into 6-byte packets, each stamped
 * with the time of its first byte.  A byte that cannot start a new-abs
 * packet is skipped (counted), so a damaged recording still replays.
 */
#include "replay.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fw.h"

enum section { SEC_NONE, SEC_INIT, SEC_MAIN };

enum expect { EXP_NONE, EXP_QUERY, EXP_STATUS, EXP_ID, EXP_RESET };

struct init_decoder {
	int pending;		/* command waiting for a parameter, or -1 */
	unsigned slices;
	uint8_t slice_arg;
	enum expect expect;
	uint8_t arg;
	bool acked;
	uint8_t got[3];
	size_t ngot, want;
	bool seen_id, seen_reset;
};

static int fail(char *err, size_t errlen, const char *name, unsigned line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static int fail(char *err, size_t errlen, const char *name, unsigned line, const char *fmt, ...)
{
	char msg[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (err && errlen)
		snprintf(err, errlen, "%s:%u: %s", name, line, msg);
	return -EINVAL;
}

static void host_byte(struct init_decoder *d, uint8_t b)
{
	d->expect = EXP_NONE;
	if (d->pending >= 0) {
		if (d->pending == PS2_CMD_SETRES) {
			d->slice_arg = (uint8_t)(d->slice_arg << 2 | (b & 3));
			d->slices++;
		} else {
			d->slices = 0;
		}
		d->pending = -1;
		return;
	}
	d->acked = false;
	d->ngot = 0;
	switch (b) {
	case PS2_CMD_SETRES:
	case PS2_CMD_SETRATE:
		d->pending = b;
		return;
	case PS2_CMD_GETINFO:
		d->expect = d->slices >= 4 ? EXP_QUERY : EXP_STATUS;
		d->arg = d->slice_arg;
		d->want = 3;
		break;
	case PS2_CMD_GETID:
		d->expect = EXP_ID;
		d->want = 1;
		break;
	case PS2_CMD_RESET_BAT:
		d->expect = EXP_RESET;
		d->want = 2;
		break;
	default:
		break;
	}
	d->slices = 0;
}

static void device_byte(struct syn_recording *rec, struct init_decoder *d, uint8_t b)
{
	if (d->expect == EXP_NONE)
		return;
	if (!d->acked) {
		if (b == PS2_ACK)
			d->acked = true;
		else
			d->expect = EXP_NONE;	/* NAK / error: no answer to learn */
		return;
	}
	d->got[d->ngot++] = b;
	if (d->ngot < d->want)
		return;

	switch (d->expect) {
	case EXP_QUERY:
		if (!rec->prof.has_answer[d->arg]) {
			syn_profile_set_answer(&rec->prof, d->arg, d->got[0], d->got[1], d->got[2]);
			rec->queries++;
		} else if (memcmp(rec->prof.answer[d->arg], d->got, 3) != 0) {
			rec->conflicts++;	/* keep the first answer */
		}
		break;
	case EXP_ID:
		if (!d->seen_id)
			rec->prof.id = d->got[0];
		d->seen_id = true;
		break;
	case EXP_RESET:
		if (!d->seen_reset) {
			rec->prof.reset[0] = d->got[0];
			rec->prof.reset[1] = d->got[1];
		}
		d->seen_reset = true;
		break;
	default:
		break;
	}
	d->expect = EXP_NONE;
}

/* Main section: collect bytes into packets. */
struct main_builder {
	uint8_t pkt[6];
	uint64_t t0;
	size_t n;
	bool have_base;
	uint64_t base;
};

static bool byte_fits(const uint8_t *pkt, size_t idx, uint8_t b)
{
	(void)pkt;
	/* Relaxed new-abs validation (what the kernel accepts): b0 10xxxxxx, b3 11xxxxxx. */
	if (idx == 0)
		return (b & 0xc0) == 0x80;
	if (idx == 3)
		return (b & 0xc0) == 0xc0;
	return true;
}

static int main_byte(struct syn_recording *rec, struct main_builder *m, uint64_t t, uint8_t b)
{
	rec->main_bytes++;
	if (!m->have_base) {
		m->base = t;
		m->have_base = true;
	}
	if (!byte_fits(m->pkt, m->n, b)) {
		rec->skipped_bytes += m->n + 1;
		m->n = 0;
		return 0;
	}
	if (m->n == 0)
		m->t0 = t - m->base;
	m->pkt[m->n++] = b;
	if (m->n == 6) {
		struct syn_action *a = syn_script_append(&rec->main, SYN_ACT_PACKET, m->t0);

		if (!a)
			return -ENOMEM;
		memcpy(a->raw, m->pkt, 6);
		a->nraw = 6;
		m->n = 0;
	}
	return 0;
}

static int parse_body(struct syn_recording *rec, const char *text, const char *name, char *err,
		      size_t errlen)
{
	struct init_decoder d = { .pending = -1 };
	struct main_builder m = { .n = 0 };
	enum section sec = SEC_NONE;
	unsigned number = 0;
	bool header = false;

	memset(rec, 0, sizeof(*rec));
	syn_script_init(&rec->main);
	syn_profile_init_empty(&rec->prof, "replay");
	snprintf(rec->prof.description, sizeof(rec->prof.description), "answers recorded in %s", name);

	for (const char *p = text; *p; ) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char line[256];

		number++;
		if (len >= sizeof(line))
			len = sizeof(line) - 1;
		memcpy(line, p, len);
		line[len] = '\0';
		p = nl ? nl + 1 : p + strlen(p);

		if (number == 1) {
			if (strncmp(line, "# ps2emu-record V1", 18) != 0)
				return fail(err, errlen, name, number, "not a ps2emu-record V1 file");
			header = true;
			continue;
		}
		if (line[0] == '#' || line[0] == '\0' || line[0] == '\r' || strncmp(line, "N:", 2) == 0)
			continue;
		if (strncmp(line, "T:", 2) == 0) {
			if (strstr(line + 2, "A") == NULL)
				return fail(err, errlen, name, number, "not an AUX-port recording (%s)", line);
			continue;
		}
		if (strncmp(line, "S:", 2) == 0) {
			if (strstr(line, "Init"))
				sec = SEC_INIT;
			else if (strstr(line, "Main"))
				sec = SEC_MAIN;
			else
				return fail(err, errlen, name, number, "unknown section '%s'", line + 2);
			continue;
		}
		if (strncmp(line, "E:", 2) == 0) {
			unsigned long long us;
			char dir;
			unsigned byte;

			if (sscanf(line + 2, "%llu %c %x", &us, &dir, &byte) != 3 || (dir != 'S' && dir != 'R') ||
			    byte > 0xff)
				return fail(err, errlen, name, number, "malformed event line");
			if (sec == SEC_NONE)
				return fail(err, errlen, name, number, "event before any S: section");
			if (sec == SEC_INIT) {
				rec->init_events++;
				if (dir == 'S')
					host_byte(&d, (uint8_t)byte);
				else
					device_byte(rec, &d, (uint8_t)byte);
			} else if (dir == 'R') {
				if (main_byte(rec, &m, us, (uint8_t)byte))
					return fail(err, errlen, name, number, "too many packets");
			}
			continue;
		}
		return fail(err, errlen, name, number, "unrecognised line");
	}
	if (!header)
		return fail(err, errlen, name, 1, "empty file");
	if (rec->init_events == 0)
		return fail(err, errlen, name, number, "no Init section events");
	if (!rec->prof.has_answer[SYN_Q_IDENTIFY] || rec->prof.answer[SYN_Q_IDENTIFY][1] != 0x47)
		return fail(err, errlen, name, number,
			    "Init section has no Synaptics identify answer (xx 47 xx): not a Synaptics pad");
	rec->skipped_bytes += m.n;

	/* A pad with a pass-through port had something behind it: answer the
	 * kernel's probe of that port as a plain PS/2 mouse so the recorded
	 * pass-through (W = 3) packets reach a driver. */
	{
		struct syn_caps caps;

		syn_caps_decode(&rec->prof, &caps);
		rec->prof.child_mouse = caps.passthru;
	}
	return 0;
}

int syn_recording_parse(struct syn_recording *rec, const char *text, const char *name, char *err,
			size_t errlen)
{
	int rc = parse_body(rec, text, name, err, errlen);

	if (rc)
		syn_recording_free(rec);
	return rc;
}

int syn_recording_load(struct syn_recording *rec, const char *path, char *err, size_t errlen)
{
	char *text;
	int rc = syn_read_file(path, &text);

	if (rc) {
		memset(rec, 0, sizeof(*rec));
		snprintf(err, errlen, "%s: %s", path, strerror(-rc));
		return rc;
	}
	rc = syn_recording_parse(rec, text, path, err, errlen);
	free(text);
	return rc;
}

void syn_recording_free(struct syn_recording *rec)
{
	syn_script_free(&rec->main);
}
