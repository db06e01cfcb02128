/*
 * synemu - script compiler.
 *
 * The script is executed once at load time against a model clock and a
 * model finger state; every command that emits something appends actions
 * with their time stamps.  Each emitted frame occupies one frame period
 * (1/rate), so "frame" lines in a row come out at the frame rate.
 */
#include "script.h"
#include "profile.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TOKENS 32
#define MAX_REPEAT 100000
#define MAX_DURATION_MS (24.0 * 3600 * 1000)

/* Accepted coordinate ranges: raw X and raw Y (= SYN_Y_FLIP - y) 2..8175. */
#define X_MIN 2
#define X_MAX 8175
#define Y_MIN (SYN_Y_FLIP - 8175)
#define Y_MAX (SYN_Y_FLIP - 2)

struct line {
	unsigned number;
	int ntok;
	char *tok[MAX_TOKENS];
};

struct compiler {
	struct syn_script *s;
	const char *name;
	char *err;
	size_t errlen;
	struct line *lines;
	size_t nlines;

	/* model state */
	uint64_t t_us;
	unsigned rate_hz;
	struct syn_frame state;
	uint64_t rng;
};

void syn_script_init(struct syn_script *s)
{
	memset(s, 0, sizeof(*s));
	s->rate_hz = SYN_DEFAULT_RATE_HZ;
}

void syn_script_free(struct syn_script *s)
{
	free(s->act);
	syn_script_init(s);
}

struct syn_action *syn_script_append(struct syn_script *s, enum syn_action_type type, uint64_t t_us)
{
	struct syn_action *a;

	if (s->n >= SYN_SCRIPT_MAX_ACTIONS)
		return NULL;
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		struct syn_action *p = realloc(s->act, cap * sizeof(*p));

		if (!p)
			return NULL;
		s->act = p;
		s->cap = cap;
	}
	a = &s->act[s->n++];
	memset(a, 0, sizeof(*a));
	a->type = type;
	a->t_us = t_us;
	if (t_us > s->end_us)
		s->end_us = t_us;
	return a;
}

static int fail(struct compiler *c, unsigned line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct compiler *c, unsigned line, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (c->err && c->errlen)
		snprintf(c->err, c->errlen, "%s:%u: %s", c->name, line, msg);
	return -EINVAL;
}

static bool parse_int(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 0);
	if (errno || end == s || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

static bool parse_ms(const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !isfinite(v) || v < 0 || v > MAX_DURATION_MS)
		return false;
	*out = v;
	return true;
}

static uint64_t period_us(const struct compiler *c)
{
	return 1000000u / c->rate_hz;
}

/* xorshift64*: deterministic garbage for a given seed. */
static uint8_t next_random(uint64_t *st)
{
	uint64_t x = *st;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*st = x;
	return (uint8_t)((x * 0x2545F4914F6CDD1DULL) >> 56);
}

static int emit_frame(struct compiler *c, unsigned line, unsigned truncate)
{
	struct syn_action *a = syn_script_append(c->s, SYN_ACT_FRAME, c->t_us);

	if (!a)
		return fail(c, line, "script too long (more than %d actions)", SYN_SCRIPT_MAX_ACTIONS);
	a->line = line;
	a->frame = c->state;
	a->truncate = truncate;
	c->t_us += period_us(c);
	if (c->t_us > c->s->end_us)
		c->s->end_us = c->t_us;
	return 0;
}

static int emit_raw(struct compiler *c, unsigned line, const uint8_t *bytes, size_t n)
{
	struct syn_action *a = syn_script_append(c->s, SYN_ACT_RAW, c->t_us);

	if (!a)
		return fail(c, line, "script too long (more than %d actions)", SYN_SCRIPT_MAX_ACTIONS);
	a->line = line;
	memcpy(a->raw, bytes, n);
	a->nraw = n;
	return 0;
}

/* "left+right", "left,click", "none" */
static int parse_buttons(struct compiler *c, unsigned line, const char *spec, unsigned *out)
{
	char buf[128];
	char *save = NULL;

	*out = 0;
	if (strcmp(spec, "none") == 0)
		return 0;
	snprintf(buf, sizeof(buf), "%s", spec);
	for (char *t = strtok_r(buf, "+,", &save); t; t = strtok_r(NULL, "+,", &save)) {
		if (strcmp(t, "left") == 0)
			*out |= SYN_BTN_LEFT;
		else if (strcmp(t, "right") == 0)
			*out |= SYN_BTN_RIGHT;
		else if (strcmp(t, "middle") == 0)
			*out |= SYN_BTN_MIDDLE;
		else if (strcmp(t, "click") == 0)
			*out |= SYN_BTN_CLICK;
		else
			return fail(c, line, "unknown button '%s' (left, right, middle, click, none)", t);
	}
	return 0;
}

/*
 * Finger spec "N=X,Y[,Z[,W]]" -> finger index and the new finger.  Z and W
 * that are not given keep the values of @old if that finger is down, else
 * take the defaults.
 */
static int parse_finger(struct compiler *c, unsigned line, const char *spec, const struct syn_frame *old,
			int *idx, struct syn_finger *f)
{
	static const long lo[4] = { X_MIN, Y_MIN, 0, 4 };
	static const long hi[4] = { X_MAX, Y_MAX, 255, 15 };
	static const char *const what[4] = { "x", "y", "z (pressure)", "w (width)" };
	char buf[128], *eq, *save = NULL;
	const struct syn_finger *prev;
	long v[4];
	int n = 0;
	long num;

	snprintf(buf, sizeof(buf), "%s", spec);
	eq = strchr(buf, '=');
	if (!eq)
		return fail(c, line, "expected finger N=X,Y[,Z[,W]], got '%s'", spec);
	*eq = '\0';
	if (!parse_int(buf, 1, SYN_MAX_FINGERS, &num))
		return fail(c, line, "finger number '%s' must be 1..%d", buf, SYN_MAX_FINGERS);
	for (char *t = strtok_r(eq + 1, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if (n == 4)
			return fail(c, line, "finger %ld: too many values in '%s'", num, spec);
		if (!parse_int(t, lo[n], hi[n], &v[n]))
			return fail(c, line, "finger %ld: %s '%s' is not an integer in %ld..%ld", num, what[n],
				    t, lo[n], hi[n]);
		n++;
	}
	if (n < 2)
		return fail(c, line, "finger %ld: need at least X,Y in '%s'", num, spec);
	*idx = (int)num - 1;
	prev = &old->f[*idx];
	f->down = true;
	f->x = (int)v[0];
	f->y = (int)v[1];
	f->z = n > 2 ? (int)v[2] : prev->down ? prev->z : SYN_DEFAULT_Z;
	f->w = n > 3 ? (int)v[3] : prev->down ? prev->w : SYN_DEFAULT_W;
	return 0;
}

static int need_args(struct compiler *c, const struct line *l, int min, int max, const char *usage)
{
	int nargs = l->ntok - 1;

	if (nargs < min || (max >= 0 && nargs > max))
		return fail(c, l->number, "usage: %s", usage);
	return 0;
}

static int cmd_frame(struct compiler *c, const struct line *l)
{
	struct syn_frame next = c->state;
	bool fingers_given = false;

	for (int i = 1; i < l->ntok; i++) {
		const char *t = l->tok[i];
		struct syn_finger f;
		int idx, rc;

		if (strncmp(t, "btn=", 4) == 0) {
			rc = parse_buttons(c, l->number, t + 4, &next.buttons);
			if (rc)
				return rc;
			continue;
		}
		/* Fingers listed replace the whole finger set ("none": no finger). */
		if (!fingers_given) {
			for (int k = 0; k < SYN_MAX_FINGERS; k++)
				next.f[k].down = false;
			fingers_given = true;
		}
		if (strcmp(t, "none") == 0)
			continue;
		rc = parse_finger(c, l->number, t, &c->state, &idx, &f);
		if (rc)
			return rc;
		next.f[idx] = f;
	}
	c->state = next;
	return emit_frame(c, l->number, 0);
}

static int cmd_down(struct compiler *c, const struct line *l)
{
	int rc = need_args(c, l, 1, -1, "down N=X,Y[,Z[,W]]...");

	for (int i = 1; !rc && i < l->ntok; i++) {
		struct syn_finger f;
		int idx;

		rc = parse_finger(c, l->number, l->tok[i], &c->state, &idx, &f);
		if (!rc)
			c->state.f[idx] = f;
	}
	return rc;
}

static int cmd_up(struct compiler *c, const struct line *l)
{
	int rc = need_args(c, l, 1, -1, "up N...");

	for (int i = 1; !rc && i < l->ntok; i++) {
		long n;

		if (!parse_int(l->tok[i], 1, SYN_MAX_FINGERS, &n))
			return fail(c, l->number, "finger number '%s' must be 1..%d", l->tok[i], SYN_MAX_FINGERS);
		c->state.f[n - 1].down = false;
	}
	return rc;
}

static int cmd_press(struct compiler *c, const struct line *l, bool press)
{
	int rc = need_args(c, l, 1, -1, press ? "press BUTTON..." : "release BUTTON...");

	for (int i = 1; !rc && i < l->ntok; i++) {
		unsigned b;

		rc = parse_buttons(c, l->number, l->tok[i], &b);
		if (!rc)
			c->state.buttons = press ? (c->state.buttons | b) : (c->state.buttons & ~b);
	}
	return rc;
}

static unsigned frames_for(const struct compiler *c, double ms)
{
	double n = floor(ms * c->rate_hz / 1000.0 + 0.5);

	return n < 1 ? 1 : (unsigned)n;
}

static int lerp(int a, int b, unsigned i, unsigned n)
{
	return a + (int)(((long long)(b - a) * i) / (long long)n);
}

static int cmd_move(struct compiler *c, const struct line *l)
{
	struct syn_frame from = c->state, to = c->state;
	double ms;
	unsigned n;
	int rc = need_args(c, l, 2, -1, "move MS N=X,Y[,Z[,W]]...");

	if (rc)
		return rc;
	if (!parse_ms(l->tok[1], &ms))
		return fail(c, l->number, "duration '%s' is not a number of milliseconds", l->tok[1]);
	for (int i = 2; i < l->ntok; i++) {
		int idx;
		struct syn_finger f;

		if (strncmp(l->tok[i], "btn=", 4) == 0)
			return fail(c, l->number, "move takes no btn=, use press/release before it");
		rc = parse_finger(c, l->number, l->tok[i], &from, &idx, &f);
		if (rc)
			return rc;
		if (!from.f[idx].down)
			return fail(c, l->number, "finger %d is not down (use down or frame first)", idx + 1);
		to.f[idx] = f;
	}
	n = frames_for(c, ms);
	for (unsigned i = 1; i <= n; i++) {
		for (int k = 0; k < SYN_MAX_FINGERS; k++) {
			struct syn_finger *s = &c->state.f[k];

			if (!from.f[k].down)
				continue;
			s->x = lerp(from.f[k].x, to.f[k].x, i, n);
			s->y = lerp(from.f[k].y, to.f[k].y, i, n);
			s->z = lerp(from.f[k].z, to.f[k].z, i, n);
			s->w = lerp(from.f[k].w, to.f[k].w, i, n);
		}
		rc = emit_frame(c, l->number, 0);
		if (rc)
			return rc;
	}
	return 0;
}

static int cmd_hold(struct compiler *c, const struct line *l)
{
	double ms;
	int rc = need_args(c, l, 1, 1, "hold MS");
	unsigned n;

	if (rc)
		return rc;
	if (!parse_ms(l->tok[1], &ms))
		return fail(c, l->number, "duration '%s' is not a number of milliseconds", l->tok[1]);
	n = frames_for(c, ms);
	for (unsigned i = 0; !rc && i < n; i++)
		rc = emit_frame(c, l->number, 0);
	return rc;
}

static int cmd_wait(struct compiler *c, const struct line *l)
{
	double ms;
	int rc = need_args(c, l, 1, 1, "wait MS");

	if (rc)
		return rc;
	if (!parse_ms(l->tok[1], &ms))
		return fail(c, l->number, "duration '%s' is not a number of milliseconds", l->tok[1]);
	c->t_us += (uint64_t)(ms * 1000.0 + 0.5);
	if (c->t_us > c->s->end_us)
		c->s->end_us = c->t_us;
	return 0;
}

static int cmd_raw(struct compiler *c, const struct line *l)
{
	uint8_t bytes[SYN_RAW_MAX];
	int rc = need_args(c, l, 1, SYN_RAW_MAX, "raw HEXBYTE... (at most 64)");

	if (rc)
		return rc;
	for (int i = 1; i < l->ntok; i++) {
		char *end;
		unsigned long v = strtoul(l->tok[i], &end, 16);

		if (end == l->tok[i] || *end || v > 0xff)
			return fail(c, l->number, "'%s' is not a hex byte", l->tok[i]);
		bytes[i - 1] = (uint8_t)v;
	}
	return emit_raw(c, l->number, bytes, (size_t)(l->ntok - 1));
}

static int cmd_garbage(struct compiler *c, const struct line *l)
{
	uint8_t bytes[SYN_RAW_MAX];
	long n;
	int rc = need_args(c, l, 1, 1, "garbage N (1..64)");

	if (rc)
		return rc;
	if (!parse_int(l->tok[1], 1, SYN_RAW_MAX, &n))
		return fail(c, l->number, "garbage count '%s' must be 1..%d", l->tok[1], SYN_RAW_MAX);
	for (long i = 0; i < n; i++)
		bytes[i] = next_random(&c->rng);
	rc = emit_raw(c, l->number, bytes, (size_t)n);
	if (!rc)
		c->s->act[c->s->n - 1].junk = true;
	return rc;
}

/* "flip" / "dropbyte": the current frame with one bit flipped / one byte left out. */
static int cmd_corrupt(struct compiler *c, const struct line *l, bool flip)
{
	int rc = need_args(c, l, 0, 0, flip ? "flip" : "dropbyte");
	struct syn_action *a;

	if (rc)
		return rc;
	rc = emit_frame(c, l->number, 0);
	if (rc)
		return rc;
	a = &c->s->act[c->s->n - 1];
	if (flip)
		a->flip = 1 + ((unsigned)next_random(&c->rng) << 8 | next_random(&c->rng));
	else
		a->drop = 1 + ((unsigned)next_random(&c->rng) << 8 | next_random(&c->rng));
	return 0;
}

static int cmd_truncate(struct compiler *c, const struct line *l)
{
	long k = 3;
	int rc = need_args(c, l, 0, 1, "truncate [K] (1..5 bytes of the frame's first packet)");

	if (rc)
		return rc;
	if (l->ntok == 2 && !parse_int(l->tok[1], 1, 5, &k))
		return fail(c, l->number, "truncate length '%s' must be 1..5", l->tok[1]);
	return emit_frame(c, l->number, (unsigned)k);
}

/*
 * "mute MS": from here the pad stops answering for MS ms of real time (no
 * ACK, no answer, no state change, no packets); takes no script time, the
 * script clock stands still meanwhile.
 */
static int cmd_mute(struct compiler *c, const struct line *l)
{
	struct syn_action *a;
	long ms;
	int rc = need_args(c, l, 1, 1, "mute MS (1..60000)");

	if (rc)
		return rc;
	if (!parse_int(l->tok[1], 1, 60000, &ms))
		return fail(c, l->number, "mute duration '%s' must be 1..60000 ms", l->tok[1]);
	a = syn_script_append(c->s, SYN_ACT_MUTE, c->t_us);
	if (!a)
		return fail(c, l->number, "script too long (more than %d actions)", SYN_SCRIPT_MAX_ACTIONS);
	a->line = l->number;
	a->mute_ms = (unsigned)ms;
	return 0;
}

/*
 * "reconnect [MS]": a power-on (the pad resets itself and sends AA 00); with
 * MS it then answers nothing for MS ms, like a pad still calibrating.
 */
static int cmd_reconnect(struct compiler *c, const struct line *l)
{
	static const uint8_t bat[2] = { 0xaa, 0x00 };
	struct syn_action *a;
	long ms = 0;
	int rc = need_args(c, l, 0, 1, "reconnect [MS]");

	if (rc)
		return rc;
	if (l->ntok == 2 && !parse_int(l->tok[1], 1, 60000, &ms))
		return fail(c, l->number, "reconnect silence '%s' must be 1..60000 ms", l->tok[1]);
	rc = emit_raw(c, l->number, bat, 2);
	if (rc)
		return rc;
	a = &c->s->act[c->s->n - 1];
	a->power_on = true;
	a->mute_ms = (unsigned)ms;
	return 0;
}

static int run_lines(struct compiler *c, size_t from, size_t to, int depth);

/* Index of the "end" matching the "repeat" at @i, or 0 with an error. */
static size_t matching_end(struct compiler *c, size_t i, size_t to)
{
	int level = 0;

	for (size_t j = i + 1; j < to; j++) {
		const char *cmd = c->lines[j].tok[0];

		if (strcmp(cmd, "repeat") == 0)
			level++;
		else if (strcmp(cmd, "end") == 0 && level-- == 0)
			return j;
	}
	return 0;
}

static int cmd_repeat(struct compiler *c, size_t i, size_t to, size_t *next, int depth)
{
	const struct line *l = &c->lines[i];
	size_t end;
	long n;
	int rc = need_args(c, l, 1, 1, "repeat N ... end");

	if (rc)
		return rc;
	if (!parse_int(l->tok[1], 0, MAX_REPEAT, &n))
		return fail(c, l->number, "repeat count '%s' must be 0..%d", l->tok[1], MAX_REPEAT);
	end = matching_end(c, i, to);
	if (!end)
		return fail(c, l->number, "repeat without matching end");
	if (depth > 16)
		return fail(c, l->number, "repeat nested too deeply");
	for (long k = 0; k < n; k++) {
		rc = run_lines(c, i + 1, end, depth + 1);
		if (rc)
			return rc;
	}
	*next = end + 1;
	return 0;
}

static int run_line(struct compiler *c, const struct line *l)
{
	const char *cmd = l->tok[0];
	long v;
	int rc;

	if (strcmp(cmd, "frame") == 0)
		return cmd_frame(c, l);
	if (strcmp(cmd, "down") == 0)
		return cmd_down(c, l);
	if (strcmp(cmd, "up") == 0)
		return cmd_up(c, l);
	if (strcmp(cmd, "press") == 0)
		return cmd_press(c, l, true);
	if (strcmp(cmd, "release") == 0)
		return cmd_press(c, l, false);
	if (strcmp(cmd, "move") == 0)
		return cmd_move(c, l);
	if (strcmp(cmd, "hold") == 0)
		return cmd_hold(c, l);
	if (strcmp(cmd, "wait") == 0)
		return cmd_wait(c, l);
	if (strcmp(cmd, "lift") == 0) {
		rc = need_args(c, l, 0, 0, "lift");
		if (rc)
			return rc;
		for (int k = 0; k < SYN_MAX_FINGERS; k++)
			c->state.f[k].down = false;
		return emit_frame(c, l->number, 0);
	}
	if (strcmp(cmd, "rate") == 0) {
		rc = need_args(c, l, 1, 1, "rate HZ");
		if (rc)
			return rc;
		if (!parse_int(l->tok[1], 1, 1000, &v))
			return fail(c, l->number, "rate '%s' must be 1..1000 Hz", l->tok[1]);
		c->rate_hz = (unsigned)v;
		c->s->rate_hz = c->rate_hz;
		return 0;
	}
	if (strcmp(cmd, "seed") == 0) {
		rc = need_args(c, l, 1, 1, "seed N");
		if (rc)
			return rc;
		if (!parse_int(l->tok[1], 0, 0x7fffffffL, &v))
			return fail(c, l->number, "seed '%s' must be a non-negative integer", l->tok[1]);
		c->rng = (uint64_t)v * 0x9E3779B97F4A7C15ULL + 1;
		return 0;
	}
	if (strcmp(cmd, "raw") == 0)
		return cmd_raw(c, l);
	if (strcmp(cmd, "garbage") == 0)
		return cmd_garbage(c, l);
	if (strcmp(cmd, "flip") == 0)
		return cmd_corrupt(c, l, true);
	if (strcmp(cmd, "dropbyte") == 0)
		return cmd_corrupt(c, l, false);
	if (strcmp(cmd, "truncate") == 0)
		return cmd_truncate(c, l);
	if (strcmp(cmd, "mute") == 0)
		return cmd_mute(c, l);
	if (strcmp(cmd, "reconnect") == 0)
		return cmd_reconnect(c, l);
	if (strcmp(cmd, "end") == 0)
		return fail(c, l->number, "end without repeat");
	return fail(c, l->number, "unknown command '%s'", cmd);
}

static int run_lines(struct compiler *c, size_t from, size_t to, int depth)
{
	size_t i = from;

	while (i < to) {
		int rc;

		if (strcmp(c->lines[i].tok[0], "repeat") == 0) {
			rc = cmd_repeat(c, i, to, &i, depth);
		} else {
			rc = run_line(c, &c->lines[i]);
			i++;
		}
		if (rc)
			return rc;
	}
	return 0;
}

/* Split @text (modified in place) into non-empty lines of tokens. */
static int tokenize(struct compiler *c, char *text)
{
	unsigned number = 0;
	char *save = NULL;
	size_t cap = 0;

	for (char *p = text; p; ) {
		char *nl = strchr(p, '\n');
		char *hash;
		struct line *l;

		if (nl)
			*nl = '\0';
		number++;
		hash = strchr(p, '#');
		if (hash)
			*hash = '\0';
		if (c->nlines == cap) {
			struct line *n = realloc(c->lines, (cap ? cap * 2 : 64) * sizeof(*n));

			if (!n)
				return -ENOMEM;
			c->lines = n;
			cap = cap ? cap * 2 : 64;
		}
		l = &c->lines[c->nlines];
		l->number = number;
		l->ntok = 0;
		for (char *t = strtok_r(p, " \t\r", &save); t; t = strtok_r(NULL, " \t\r", &save)) {
			if (l->ntok == MAX_TOKENS)
				return fail(c, number, "too many words (more than %d)", MAX_TOKENS);
			l->tok[l->ntok++] = t;
		}
		if (l->ntok > 0)
			c->nlines++;
		p = nl ? nl + 1 : NULL;
	}
	return 0;
}

int syn_script_parse(struct syn_script *s, const char *text, const char *name, char *err, size_t errlen)
{
	struct compiler c;
	char *copy = strdup(text);
	int rc;

	if (!copy)
		return -ENOMEM;
	memset(&c, 0, sizeof(c));
	c.s = s;
	c.name = name;
	c.err = err;
	c.errlen = errlen;
	c.rate_hz = s->rate_hz ? s->rate_hz : SYN_DEFAULT_RATE_HZ;
	c.t_us = s->end_us;
	c.rng = 0x853c49e6748fea9bULL;
	rc = tokenize(&c, copy);
	if (rc == -ENOMEM && err)
		snprintf(err, errlen, "%s: out of memory", name);
	if (!rc)
		rc = run_lines(&c, 0, c.nlines, 0);
	free(c.lines);
	free(copy);
	return rc;
}

int syn_read_file(const char *path, char **text)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0;

	if (!f)
		return -errno;
	for (;;) {
		size_t n;

		if (cap - len < 4096) {
			char *p = realloc(buf, cap + 65536);

			if (!p) {
				free(buf);
				fclose(f);
				return -ENOMEM;
			}
			buf = p;
			cap += 65536;
		}
		n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
		if (n == 0)
			break;
	}
	if (ferror(f)) {
		int e = errno ? errno : EIO;

		free(buf);
		fclose(f);
		return -e;
	}
	fclose(f);
	buf[len] = '\0';
	if (strlen(buf) != len) {
		free(buf);
		return -EILSEQ;
	}
	*text = buf;
	return 0;
}

int syn_script_load(struct syn_script *s, const char *path, char *err, size_t errlen)
{
	char *text;
	int rc = syn_read_file(path, &text);

	if (rc) {
		snprintf(err, errlen, "%s: %s", path, rc == -EILSEQ ? "binary file (NUL byte)" : strerror(-rc));
		return rc;
	}
	rc = syn_script_parse(s, text, path, err, errlen);
	free(text);
	return rc;
}
