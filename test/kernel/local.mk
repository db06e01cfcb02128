# test/kernel build fragment (included by the top Makefile.am; paths are relative to the top)
#
# evcheck: describes an evdev device and records its frames as text for the
# kernel suite's assertions (runs inside the QEMU guest, see test/kernel/run-tests).
noinst_PROGRAMS += test/kernel/evcheck
test_kernel_evcheck_SOURCES = test/kernel/evcheck.c
test_kernel_evcheck_CFLAGS = $(AM_CFLAGS) $(LIBEVDEV_CFLAGS)
test_kernel_evcheck_LDADD = $(LIBEVDEV_LIBS)

EXTRA_DIST += test/kernel/run-tests test/kernel/guest-batch test/kernel/checks.awk \
	test/kernel/scripts test/kernel/README test/vm
