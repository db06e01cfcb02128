# test/soak build fragment (included by the top Makefile.am; paths are relative to the top)
#
# The soak suite (test/soak/run-tests, in the QEMU guest): soakpad (uinput
# clickpads driven by commands), soakx (device enable cycles, random
# property writes), and the driver module once more with the threading
# assertions on (SYNMT_DEBUG; not installed, loaded only by the soak).
check_PROGRAMS += test/soak/soakpad test/soak/soakx
test_soak_soakpad_SOURCES = test/soak/soakpad.c test/common/test-clickpad.h
test_soak_soakpad_CPPFLAGS = -I$(top_srcdir)/test/common
test_soak_soakpad_CFLAGS = $(AM_CFLAGS) $(LIBEVDEV_CFLAGS)
test_soak_soakpad_LDADD = $(LIBEVDEV_LIBS) -lm
test_soak_soakx_SOURCES = test/soak/soakx.c
test_soak_soakx_CFLAGS = $(AM_CFLAGS) $(XCLIENT_CFLAGS)
test_soak_soakx_LDADD = $(XCLIENT_LIBS) -lm

check_LTLIBRARIES = test/soak/synaptics_drv.la
test_soak_synaptics_drv_la_SOURCES = $(xf86_input_synaptics_synaptics_drv_la_SOURCES)
test_soak_synaptics_drv_la_CPPFLAGS = $(SYN_CPPFLAGS) -DSYNMT_DEBUG
test_soak_synaptics_drv_la_CFLAGS = $(AM_CFLAGS) $(XORG_CFLAGS) $(LIBEVDEV_CFLAGS)
# -rpath: a shared module although it is never installed
test_soak_synaptics_drv_la_LDFLAGS = -module -avoid-version -rpath /nowhere \
	-export-symbols-regex "^synapticsModuleData$$"
test_soak_synaptics_drv_la_LIBADD = $(xf86_input_synaptics_synaptics_drv_la_LIBADD)

EXTRA_DIST += test/soak/run-tests test/soak/guest-soak.sh
