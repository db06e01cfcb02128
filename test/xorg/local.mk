# test/xorg build fragment (included by the top Makefile.am; paths are relative to the top)
#
# xevlog: the X client the Xorg tests read events with (runs inside the QEMU
# guest, see test/xorg/run-tests).
noinst_PROGRAMS += test/xorg/xevlog
test_xorg_xevlog_SOURCES = test/xorg/xevlog.c
test_xorg_xevlog_CFLAGS = $(AM_CFLAGS) $(XCLIENT_CFLAGS)
test_xorg_xevlog_LDADD = $(XCLIENT_LIBS)

# xiprop: many device property writes/reads over one connection (the
# property refusal tests in test/xorg/guest-props)
noinst_PROGRAMS += test/xorg/xiprop
test_xorg_xiprop_SOURCES = test/xorg/xiprop.c
test_xorg_xiprop_CFLAGS = $(AM_CFLAGS) $(XCLIENT_CFLAGS)
test_xorg_xiprop_LDADD = $(XCLIENT_LIBS)

# evplay: many event files into uinput devices in one process, with
# markers in the client's log (guest-batch's gesture sessions)
noinst_PROGRAMS += test/xorg/evplay
test_xorg_evplay_SOURCES = test/xorg/evplay.c

EXTRA_DIST += test/xorg/run-tests test/xorg/guest-batch test/xorg/xit.sh test/xorg/README.md \
	test/xorg/judge-session test/xorg/gtk-gestures.py test/xorg/qt-gestures.py
