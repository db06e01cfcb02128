# test/fuzz build fragment (included by the top Makefile.am; paths are relative to the top)
#
# The libFuzzer harnesses are built by test/fuzz/run-fuzz with clang
# (./synmt fuzz, the fuzz suite).  Here the same harnesses are linked with
# standalone.c instead of libFuzzer and run over the committed seeds and
# regression inputs by make check, in the ordinary and the sanitizer build,
# so a crash the fuzzer once found stays a failing test.
FUZZ_FILES = \
	test/fuzz/fuzz-evdev-files \
	test/fuzz/fuzz-live-files \
	test/fuzz/fuzz-options-files \
	test/fuzz/fuzz-props-files \
	test/fuzz/fuzz-replay-files \
	test/fuzz/fuzz-synclient-files \
	test/fuzz/fuzz-xprops-files
check_PROGRAMS += $(FUZZ_FILES)
TESTS += test/fuzz/inputs.sh
EXTRA_DIST += test/fuzz/inputs.sh test/fuzz/run-fuzz test/fuzz/make-seeds \
	test/fuzz/seed-evdev.py test/fuzz/README.md test/fuzz/corpus test/fuzz/regress

FUZZ_CPPFLAGS = $(SYN_CPPFLAGS) -I$(top_srcdir)/xf86-input-synaptics/tools
FUZZ_CORE_LIBS = xf86-input-synaptics/libtpevdev.la xf86-input-synaptics/src/core/libtpcore.la \
	$(LIBEVDEV_LIBS) -lm

test_fuzz_fuzz_evdev_files_SOURCES = test/fuzz/fuzz-evdev.c test/fuzz/standalone.c test/fuzz/fuzz-input.h \
	test/fuzz/fuzz-sink.h test/fuzz/fuzz-evdev-device.h
test_fuzz_fuzz_evdev_files_CPPFLAGS = $(FUZZ_CPPFLAGS)
test_fuzz_fuzz_evdev_files_CFLAGS = $(AM_CFLAGS) $(LIBEVDEV_CFLAGS)
test_fuzz_fuzz_evdev_files_LDADD = $(FUZZ_CORE_LIBS)
# fake-evdev.c stands in for read() and ioctl() on its node (the real libevdev reads it)
test_fuzz_fuzz_live_files_SOURCES = test/fuzz/fuzz-live.c test/fuzz/fake-evdev.c test/fuzz/fake-evdev.h \
	test/fuzz/standalone.c test/fuzz/fuzz-input.h test/fuzz/fuzz-sink.h test/fuzz/fuzz-evdev-device.h
test_fuzz_fuzz_live_files_CPPFLAGS = $(FUZZ_CPPFLAGS)
test_fuzz_fuzz_live_files_CFLAGS = $(AM_CFLAGS) $(LIBEVDEV_CFLAGS)
test_fuzz_fuzz_live_files_LDADD = $(FUZZ_CORE_LIBS)
test_fuzz_fuzz_options_files_SOURCES = test/fuzz/fuzz-options.c test/fuzz/standalone.c \
	test/fuzz/fuzz-input.h test/fuzz/fuzz-device.h
test_fuzz_fuzz_options_files_CPPFLAGS = $(FUZZ_CPPFLAGS)
test_fuzz_fuzz_options_files_LDADD = $(FUZZ_CORE_LIBS)
test_fuzz_fuzz_props_files_SOURCES = test/fuzz/fuzz-props.c test/fuzz/standalone.c \
	test/fuzz/fuzz-input.h test/fuzz/fuzz-device.h
test_fuzz_fuzz_props_files_CPPFLAGS = $(FUZZ_CPPFLAGS)
test_fuzz_fuzz_props_files_LDADD = $(FUZZ_CORE_LIBS)
test_fuzz_fuzz_replay_files_SOURCES = test/fuzz/fuzz-replay.c test/fuzz/standalone.c test/fuzz/fuzz-sink.h \
	xf86-input-synaptics/tools/replay.c xf86-input-synaptics/tools/replay.h
test_fuzz_fuzz_replay_files_CPPFLAGS = $(FUZZ_CPPFLAGS)
test_fuzz_fuzz_replay_files_CFLAGS = $(AM_CFLAGS) $(LIBEVDEV_CFLAGS) $(EVEMU_CFLAGS)
test_fuzz_fuzz_replay_files_LDADD = $(FUZZ_CORE_LIBS) $(EVEMU_LIBS)
test_fuzz_fuzz_synclient_files_SOURCES = test/fuzz/fuzz-synclient.c test/fuzz/standalone.c \
	xf86-input-synaptics/tools/synclient-args.c xf86-input-synaptics/tools/synparams.c
test_fuzz_fuzz_synclient_files_CPPFLAGS = $(FUZZ_CPPFLAGS)
test_fuzz_fuzz_synclient_files_LDADD = xf86-input-synaptics/src/core/libtpcore.la -lm
# the X glue against test/glue/xstub.c (compiled by xstub-fuzz.c, which resets it per input),
# its debug assertions live, as test/glue builds it
test_fuzz_fuzz_xprops_files_SOURCES = test/fuzz/fuzz-xprops.c test/fuzz/xstub-fuzz.c test/fuzz/xstub-fuzz.h \
	test/fuzz/fake-evdev.c test/fuzz/fake-evdev.h test/fuzz/standalone.c test/fuzz/fuzz-input.h \
	test/fuzz/fuzz-evdev-device.h $(xf86_input_synaptics_synaptics_drv_la_SOURCES)
test_fuzz_fuzz_xprops_files_CPPFLAGS = $(FUZZ_CPPFLAGS) -I$(top_srcdir)/xf86-input-synaptics/src/x \
	-I$(top_srcdir)/test/glue -DSYNMT_DEBUG
test_fuzz_fuzz_xprops_files_CFLAGS = $(AM_CFLAGS) $(XORG_CFLAGS) $(LIBEVDEV_CFLAGS)
test_fuzz_fuzz_xprops_files_LDADD = $(FUZZ_CORE_LIBS)
