# test/demo build fragment (included by the top Makefile.am; paths are relative to the top)
#
# synmt-demo: the gesture demo's X client (runs inside the QEMU guest, see
# test/demo/run-demo).  Xlib + XI 2.4 via libXi, zlib for its PNG screenshots.
noinst_PROGRAMS += test/demo/synmt-demo
test_demo_synmt_demo_SOURCES = test/demo/synmt-demo.c
test_demo_synmt_demo_CFLAGS = $(AM_CFLAGS) $(XCLIENT_CFLAGS) $(ZLIB_CFLAGS)
test_demo_synmt_demo_LDADD = $(XCLIENT_LIBS) $(ZLIB_LIBS) -lm -lpthread

EXTRA_DIST += test/demo/run-demo test/demo/guest-demo test/demo/judge test/demo/tour.syn \
	test/demo/README test/e2e/run-tests \
	test/demo/show/guest-session test/demo/show/run-show test/demo/show/capture \
	test/demo/show/frames.py test/demo/show/commands test/demo/show/synmt-pager \
	test/demo/show/openbox.xml test/demo/run-show
