# test/gestures build fragment (included by the top Makefile.am; paths relative to the top)
# Gesture recordings (test/gestures/rec/, written by gen-recordings.py and
# committed) played through synreplay: pinch, rotation, 3/4-finger swipes,
# scroll-vs-pinch, click-drag with a thumb on the button area (make check);
# scroll-onset.py: the bench's eased-in scrolls (test/bench/gen-motion.py)
# start scrolling at once.
# `make bench` prints the latency table (frames from the movement threshold
# to the first gesture event); it is a benchmark, not a test.
TESTS += test/gestures/gestures.sh test/gestures/scroll-onset.py
EXTRA_DIST += test/gestures/gestures.sh test/gestures/scroll-onset.py test/gestures/bench.sh test/gestures/analyze.awk \
	test/gestures/gen-recordings.py test/gestures/rec test/gestures/README.md \
	test/bench/gen-motion.py test/lib/evemu.py

bench: xf86-input-synaptics/tools/synreplay
	srcdir=$(srcdir) $(SHELL) $(srcdir)/test/gestures/bench.sh
.PHONY: bench
