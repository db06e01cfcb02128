# test/unit build fragment (included by the top Makefile.am; paths are relative to the top)
# Unit tests of the X-free touchpad core: one program per concern, driven by
# scripted frames and a fake clock (test/unit/tp-test.[ch]).
TP_UNIT_TESTS = \
	test/unit/test-params \
	test/unit/test-motion \
	test/unit/test-tap \
	test/unit/test-scroll \
	test/unit/test-clickpad \
	test/unit/test-buttons \
	test/unit/test-robust \
	test/unit/test-machines \
	test/unit/test-gesture \
	test/unit/test-gesture-decide \
	test/unit/test-gesture-action \
	test/unit/test-options \
	test/unit/test-option-parse
check_PROGRAMS += $(TP_UNIT_TESTS)
TESTS += $(TP_UNIT_TESTS)

TP_UNIT_CPPFLAGS = -I$(top_srcdir)/xf86-input-synaptics/src/core -I$(top_srcdir)/test/unit
TP_UNIT_LDADD = xf86-input-synaptics/src/core/libtpcore.la -lm
TP_UNIT_HELPER = test/unit/tp-test.c test/unit/tp-test.h

test_unit_test_params_SOURCES = test/unit/test-params.c $(TP_UNIT_HELPER)
test_unit_test_params_CPPFLAGS = $(TP_UNIT_CPPFLAGS)
test_unit_test_params_LDADD = $(TP_UNIT_LDADD)
test_unit_test_motion_SOURCES = test/unit/test-motion.c $(TP_UNIT_HELPER)
test_unit_test_motion_CPPFLAGS = $(TP_UNIT_CPPFLAGS)
test_unit_test_motion_LDADD = $(TP_UNIT_LDADD)
test_unit_test_tap_SOURCES = test/unit/test-tap.c $(TP_UNIT_HELPER)
test_unit_test_tap_CPPFLAGS = $(TP_UNIT_CPPFLAGS)
test_unit_test_tap_LDADD = $(TP_UNIT_LDADD)
test_unit_test_scroll_SOURCES = test/unit/test-scroll.c $(TP_UNIT_HELPER)
test_unit_test_scroll_CPPFLAGS = $(TP_UNIT_CPPFLAGS)
test_unit_test_scroll_LDADD = $(TP_UNIT_LDADD)
test_unit_test_clickpad_SOURCES = test/unit/test-clickpad.c $(TP_UNIT_HELPER)
test_unit_test_clickpad_CPPFLAGS = $(TP_UNIT_CPPFLAGS)
test_unit_test_clickpad_LDADD = $(TP_UNIT_LDADD)
test_unit_test_buttons_SOURCES = test/unit/test-buttons.c $(TP_UNIT_HELPER)
test_unit_test_buttons_CPPFLAGS = $(TP_UNIT_CPPFLAGS)
test_unit_test_buttons_LDADD = $(TP_UNIT_LDADD)
test_unit_test_robust_SOURCES = test/unit/test-robust.c $(TP_UNIT_HELPER)
test_unit_test_machines_SOURCES = test/unit/test-machines.c $(TP_UNIT_HELPER)
test_unit_test_machines_CPPFLAGS = $(TP_UNIT_CPPFLAGS)
test_unit_test_machines_LDADD = $(TP_UNIT_LDADD)
test_unit_test_robust_CPPFLAGS = $(TP_UNIT_CPPFLAGS)
test_unit_test_robust_LDADD = $(TP_UNIT_LDADD)
test_unit_test_gesture_SOURCES = test/unit/test-gesture.c $(TP_UNIT_HELPER)
test_unit_test_gesture_CPPFLAGS = $(TP_UNIT_CPPFLAGS)
test_unit_test_gesture_LDADD = $(TP_UNIT_LDADD)
test_unit_test_gesture_decide_SOURCES = test/unit/test-gesture-decide.c $(TP_UNIT_HELPER)
test_unit_test_gesture_decide_CPPFLAGS = $(TP_UNIT_CPPFLAGS)
test_unit_test_gesture_decide_LDADD = $(TP_UNIT_LDADD)
test_unit_test_gesture_action_SOURCES = test/unit/test-gesture-action.c $(TP_UNIT_HELPER)
# the actions' text (tp-actions.c) is the options layer's, in libtpevdev
test_unit_test_gesture_action_CPPFLAGS = $(TP_UNIT_CPPFLAGS) \
	-I$(top_srcdir)/xf86-input-synaptics/src/options
test_unit_test_gesture_action_LDADD = xf86-input-synaptics/libtpevdev.la $(TP_UNIT_LDADD) $(LIBEVDEV_LIBS)
test_unit_test_options_SOURCES = test/unit/test-options.c $(TP_UNIT_HELPER)
test_unit_test_options_CPPFLAGS = $(TP_UNIT_CPPFLAGS)
test_unit_test_options_LDADD = $(TP_UNIT_LDADD)
# The option pipeline lives in libtpevdev (src/options) next to the backend.
test_unit_test_option_parse_SOURCES = test/unit/test-option-parse.c $(TP_UNIT_HELPER)
test_unit_test_option_parse_CPPFLAGS = $(TP_UNIT_CPPFLAGS) \
	-I$(top_srcdir)/xf86-input-synaptics/src/options
test_unit_test_option_parse_LDADD = xf86-input-synaptics/libtpevdev.la $(TP_UNIT_LDADD) $(LIBEVDEV_LIBS)
