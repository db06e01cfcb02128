/* Legacy gesture actions: parsing, canonical text, when a swipe or pinch performs them. */
#include <string.h>

#include "tp-actions.h"
#include "tp-test.h"

static void test_parse(void)
{
	static const char *const bad[] = { "", "button", "button 0", "button 13", "button 8x", "key",
					   "key Ctrl+", "key Ctrl++", "key a+Ctrl", "key Nosuchkey",
					   "key Ctrl+a b", "jump", "none please",
					   "key Shift+Ctrl+Alt+Super+Meta+a" };
	struct tp_action a;
	const char *why;
	char buf[128];

	CHECK(tp_action_parse("none", &a, NULL) == 0 && a.kind == TP_ACTION_NONE, "none");
	CHECK(tp_action_parse("button 8", &a, NULL) == 0 && a.kind == TP_ACTION_BUTTON && a.button == 8,
	      "button 8");
	CHECK(tp_action_parse("  Button   9 ", &a, NULL) == 0 && a.button == 9, "spaces, case");
	CHECK(tp_action_parse("key Ctrl+plus", &a, NULL) == 0 && a.kind == TP_ACTION_KEY &&
	      a.nkeys == 2 && a.keysyms[0] == 0xffe3 && a.keysyms[1] == 0x2b, "key Ctrl+plus");
	CHECK(tp_action_parse("key Ctrl+Alt+Left", &a, NULL) == 0 && a.nkeys == 3 &&
	      a.keysyms[2] == 0xff51, "key Ctrl+Alt+Left");
	CHECK(tp_action_parse("key F11", &a, NULL) == 0 && a.keysyms[0] == 0xffc8, "key F11");
	CHECK(tp_action_parse("key Super+Page_Up", &a, NULL) == 0 && a.keysyms[1] == 0xff55,
	      "key Super+Page_Up");
	CHECK(tp_action_parse("key XF86Back", &a, NULL) == 0 && a.keysyms[0] == 0x1008ff26, "XF86Back");
	tp_action_parse("key control+minus", &a, NULL);
	tp_action_format(&a, buf, sizeof(buf));
	CHECK(strcmp(buf, "key Ctrl+minus") == 0, "canonical text (%s)", buf);
	tp_action_parse("button 12", &a, NULL);
	tp_action_format(&a, buf, sizeof(buf));
	CHECK(strcmp(buf, "button 12") == 0, "button text (%s)", buf);

	/* errors: reported, and the action is none */
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		why = NULL;
		a.kind = TP_ACTION_BUTTON;
		CHECK(tp_action_parse(bad[i], &a, &why) < 0 && why && a.kind == TP_ACTION_NONE,
		      "\"%s\" is refused", bad[i]);
	}
	CHECK(tp_action_parse(NULL, &a, NULL) < 0, "NULL is refused");
	CHECK(strcmp(tp_action_option_name(TP_ACTION_SWIPE3_LEFT), "SwipeLeftAction") == 0 &&
	      strcmp(tp_action_option_name(TP_ACTION_PINCH_OUT), "PinchOutAction") == 0 &&
	      tp_action_option_name(TP_ACTION_COUNT) == NULL, "option names");
}

static struct tp_gesture_event gev(enum tp_gesture_type type, enum tp_gesture_phase phase,
				   int fingers, double ux, double uy, double scale)
{
	return (struct tp_gesture_event){ .type = type, .phase = phase, .fingers = fingers,
					  .dx_unaccel = ux, .dy_unaccel = uy, .scale = scale };
}

static void test_swipe(void)
{
	struct tp_action_tracker tr;
	enum tp_action_slot s[8];
	struct tp_gesture_event e;
	int n, total = 0;

	const struct { int fingers; double dx, dy; enum tp_action_slot want; } cases[] = {
		{ 3, -200, 20, TP_ACTION_SWIPE3_LEFT }, { 3, 200, -50, TP_ACTION_SWIPE3_RIGHT },
		{ 3, 10, -150, TP_ACTION_SWIPE3_UP }, { 3, -30, 150, TP_ACTION_SWIPE3_DOWN },
		{ 4, -200, 0, TP_ACTION_SWIPE4_LEFT }, { 4, 200, 0, TP_ACTION_SWIPE4_RIGHT },
		{ 4, 0, -150, TP_ACTION_SWIPE4_UP }, { 5, 0, 150, TP_ACTION_SWIPE4_DOWN },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		tp_action_tracker_reset(&tr);
		total = 0;
		e = gev(TP_GESTURE_SWIPE, TP_GESTURE_BEGIN, cases[i].fingers, 0, 0, 1);
		total += tp_action_feed(&tr, &e, s, 8);
		e = gev(TP_GESTURE_SWIPE, TP_GESTURE_UPDATE, cases[i].fingers, cases[i].dx, cases[i].dy, 1);
		n = tp_action_feed(&tr, &e, s, 8);
		CHECK(n == 1 && s[0] == cases[i].want, "swipe %d fingers (%.0f, %.0f) -> slot %d (got %d)",
		      cases[i].fingers, cases[i].dx, cases[i].dy, cases[i].want, n ? (int)s[0] : -1);
		total += n;
		for (int k = 0; k < 10; k++) {
			e = gev(TP_GESTURE_SWIPE, TP_GESTURE_UPDATE, cases[i].fingers, -cases[i].dx,
				-cases[i].dy, 1);
			total += tp_action_feed(&tr, &e, s, 8);
		}
		e = gev(TP_GESTURE_SWIPE, TP_GESTURE_END, cases[i].fingers, 0, 0, 1);
		total += tp_action_feed(&tr, &e, s, 8);
		CHECK(total == 1, "once per swipe, even if the fingers turn back (%d)", total);
	}
}

static void test_pinch(void)
{
	struct tp_action_tracker tr;
	enum tp_action_slot s[8];
	struct tp_gesture_event e;
	int outs = 0, ins = 0, n;

	tp_action_tracker_reset(&tr);
	e = gev(TP_GESTURE_PINCH, TP_GESTURE_BEGIN, 2, 0, 0, 1);
	tp_action_feed(&tr, &e, s, 8);
	/* 1.0 -> 2.0 in small steps: 1.25, 1.5625, 1.953 are crossed: three zoom-ins */
	for (double sc = 1.05; sc <= 2.0001; sc += 0.05) {
		e = gev(TP_GESTURE_PINCH, TP_GESTURE_UPDATE, 2, 0, 0, sc);
		n = tp_action_feed(&tr, &e, s, 8);
		for (int i = 0; i < n; i++) {
			outs += s[i] == TP_ACTION_PINCH_OUT;
			ins += s[i] == TP_ACTION_PINCH_IN;
		}
	}
	CHECK(outs == 3 && ins == 0, "pinch out to 2x: 3 actions (%d out, %d in)", outs, ins);
	/* back to 1.0: below 1.953/1.25 = 1.5625, 1.25, 1.0 */
	outs = ins = 0;
	for (double sc = 1.95; sc >= 0.9999; sc -= 0.05) {
		e = gev(TP_GESTURE_PINCH, TP_GESTURE_UPDATE, 2, 0, 0, sc);
		n = tp_action_feed(&tr, &e, s, 8);
		for (int i = 0; i < n; i++) {
			outs += s[i] == TP_ACTION_PINCH_OUT;
			ins += s[i] == TP_ACTION_PINCH_IN;
		}
	}
	CHECK(ins == 3 && outs == 0, "and back in to 1x: 3 zoom-outs (%d in, %d out)", ins, outs);
	/* a jump performs several in one update; junk scales do nothing */
	e = gev(TP_GESTURE_PINCH, TP_GESTURE_UPDATE, 2, 0, 0, 0.4);
	n = tp_action_feed(&tr, &e, s, 8);
	CHECK(n == 4, "1.0 -> 0.4 at once: 4 pinch-in actions (%d)", n);
	e = gev(TP_GESTURE_PINCH, TP_GESTURE_UPDATE, 2, 0, 0, 0.0 / 0.0);
	CHECK(tp_action_feed(&tr, &e, s, 8) == 0, "NaN scale: nothing");
	e = gev(TP_GESTURE_PINCH, TP_GESTURE_END, 2, 0, 0, 0.4);
	tp_action_feed(&tr, &e, s, 8);
	e = gev(TP_GESTURE_PINCH, TP_GESTURE_UPDATE, 2, 0, 0, 3);
	CHECK(tp_action_feed(&tr, &e, s, 8) == 0, "no action after the end");
	/* a rotation without zoom does nothing */
	e = gev(TP_GESTURE_PINCH, TP_GESTURE_BEGIN, 2, 0, 0, 1);
	tp_action_feed(&tr, &e, s, 8);
	e = gev(TP_GESTURE_PINCH, TP_GESTURE_UPDATE, 2, 0, 0, 1.1);
	CHECK(tp_action_feed(&tr, &e, s, 8) == 0, "scale 1.1: no action yet");
}

int main(void)
{
	RUN(test_parse);
	RUN(test_swipe);
	RUN(test_pinch);
	return tt_exit_status();
}
