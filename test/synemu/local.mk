# test/synemu build fragment (included by the top Makefile.am; paths are relative to the top)
#
# synemu: Synaptics PS/2 touchpad firmware emulator on /dev/userio (runs in the
# QEMU guest).  The firmware model, packet encoder, script compiler and
# recording parser live in a convenience library so the host-side unit tests
# can drive them without userio.

noinst_LTLIBRARIES += test/synemu/libsynemu.la
test_synemu_libsynemu_la_SOURCES = \
	test/synemu/frame.h \
	test/synemu/profile.h test/synemu/profile.c \
	test/synemu/fw.h test/synemu/fw.c \
	test/synemu/packet.c \
	test/synemu/script.h test/synemu/script.c \
	test/synemu/replay.h test/synemu/replay.c
test_synemu_libsynemu_la_CFLAGS = $(AM_CFLAGS)
test_synemu_libsynemu_la_LIBADD = -lm

noinst_PROGRAMS += test/synemu/synemu
test_synemu_synemu_SOURCES = \
	test/synemu/synemu.c \
	test/synemu/userio.h test/synemu/userio.c
test_synemu_synemu_CFLAGS = $(AM_CFLAGS)
test_synemu_synemu_LDADD = test/synemu/libsynemu.la

SYNEMU_TEST_CPPFLAGS = \
	-DSYNEMU_SCRIPTS_DIR='"$(abs_top_srcdir)/test/synemu/scripts"' \
	-DSYNEMU_RECORDINGS_DIR='"$(abs_top_srcdir)/../shared/recordings/ps2emu"' \
	-DSYNEMU_BIN='"$(abs_top_builddir)/test/synemu/synemu"'

SYNEMU_TESTS = \
	test/synemu/test-synemu-fw \
	test/synemu/test-synemu-packet \
	test/synemu/test-synemu-script \
	test/synemu/test-synemu-replay \
	test/synemu/test-synemu-loop
check_PROGRAMS += $(SYNEMU_TESTS)
TESTS += $(SYNEMU_TESTS)

test_synemu_test_synemu_fw_SOURCES = test/synemu/test-synemu-fw.c test/synemu/test-util.h
test_synemu_test_synemu_fw_CPPFLAGS = $(SYNEMU_TEST_CPPFLAGS)
test_synemu_test_synemu_fw_LDADD = test/synemu/libsynemu.la
test_synemu_test_synemu_packet_SOURCES = test/synemu/test-synemu-packet.c test/synemu/test-util.h
test_synemu_test_synemu_packet_CPPFLAGS = $(SYNEMU_TEST_CPPFLAGS)
test_synemu_test_synemu_packet_LDADD = test/synemu/libsynemu.la
test_synemu_test_synemu_script_SOURCES = test/synemu/test-synemu-script.c test/synemu/test-util.h
test_synemu_test_synemu_script_CPPFLAGS = $(SYNEMU_TEST_CPPFLAGS)
test_synemu_test_synemu_script_LDADD = test/synemu/libsynemu.la
test_synemu_test_synemu_replay_SOURCES = test/synemu/test-synemu-replay.c test/synemu/test-util.h
test_synemu_test_synemu_replay_CPPFLAGS = $(SYNEMU_TEST_CPPFLAGS)
test_synemu_test_synemu_replay_LDADD = test/synemu/libsynemu.la

EXTRA_DIST += test/synemu/README test/synemu/scripts test/synemu/guest-smoke.sh \
	test/synemu/guest-smoke-all.sh
test_synemu_test_synemu_loop_SOURCES = test/synemu/test-synemu-loop.c test/synemu/test-util.h
test_synemu_test_synemu_loop_CPPFLAGS = $(SYNEMU_TEST_CPPFLAGS)
test_synemu_test_synemu_loop_LDADD = test/synemu/libsynemu.la
# the loop test runs the real binary: build it first
EXTRA_test_synemu_test_synemu_loop_DEPENDENCIES = test/synemu/synemu$(EXEEXT)
