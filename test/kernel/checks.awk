# checks.awk: assertions on an `evcheck record` log (F lines, one per frame).
# Usage: awk -f checks.awk -v check=NAME [-v var=value...] events.txt
# Prints one "fail: ..." line per violated expectation and "ok" if there is
# none (run-tests turns that into PASS/FAIL).  Checks:
#
#  fingers   the fingers-*.syn script: -v nseq=N (touch sequences expected:
#            5 with physical buttons, 4 on a clickpad), -v mt=none|semi|mt,
#            -v maxfingers=3 (the count BTN_TOOL_* must reach for 3 fingers),
#            -v nocount=1 (the pad does not count fingers: always 1)
#  drag-on   the drag-*.syn script with suppression at -v thresh=Y (the
#            area is Y > thresh; -v topedge=1: Y < thresh, a top-button pad;
#            -v atop=T -v abot=B: the band T <= Y <= B); -v semi=1: a
#            semi-MT pad, whose touch restarts when the pointer's contact
#            changes finger (see "restart frames" below)
#  drag-off  the same script with suppression off (the resting finger shows
#            in that area)
#  click     a click-*.syn script (see the check's comment)
#  nojump    -v maxstep=U: between two frames with BTN_TOUCH and the same
#            finger count, ABS_X/ABS_Y and a slot that keeps its tracking id
#            move by at most U units (|dx| + |dy|): no contact jumps from
#            one finger to another; -v slotsonly=1: the slots only
#
# Restart frames: with a button held, a frame with no BTN_TOUCH, no
# finger and no slot, between frames with contacts.  The kernel ends a
# semi-MT touch that way when the filter makes the pointer follow the
# other finger (its own frame, a new tracking id after it); the drag-on
# and click checks count them (-v semi=1 / -v restarts=N) instead of
# taking them for a lost contact.
#  sane      a replay or garbage run: -v xmin -v xmax -v ymin -v ymax (the
#            axis ranges; positions may exceed them by a quarter range), -v minframes, -v want2=1 (two-finger frames with
#            two slots must occur), -v endx=X (the last contact must end at
#            x >= X, i.e. the device still worked at the end); nothing
#            may be down in the last frame (touch, button, slot)

# Split one F line into the array f (key -> value); slots into sl_id/sl_x/sl_y.
function parse(line,    n, i, kv, p, s, ns, parts, v) {
	delete f
	delete sl_id; delete sl_x; delete sl_y
	nsl = 0
	n = split(line, kv, " ")
	for (i = 2; i <= n; i++) {
		p = index(kv[i], "=")
		if (!p)
			continue
		v = substr(kv[i], p + 1)
		if (v ~ /^-?[0-9.]+$/)
			v += 0	# numbers compare as numbers, and "0" is false
		f[substr(kv[i], 1, p - 1)] = v
	}
	# (tested before anything reads f["nslots"], which would create it)
	hasslots = ("nslots" in f)
	if (("slots" in f) && f["slots"] != "-") {
		ns = split(f["slots"], s, ";")
		for (i = 1; i <= ns; i++) {
			split(s[i], parts, "[:,]")
			nsl++
			sl_id[nsl] = parts[2] + 0; sl_x[nsl] = parts[3] + 0; sl_y[nsl] = parts[4] + 0
		}
	}
}

# Is evdev Y @y in the button area of the drag checks?
function inarea(y) {
	if (abot != "")
		return y >= atop && y <= abot
	return topedge ? y < thresh : y > thresh
}

function fail(msg) {
	printf "fail: %s\n", msg
	nfail++
}

function buttons() {
	return f["left"] + f["right"] + f["middle"]
}

function is_restart() {
	return buttons() && !f["touch"] && !f["fingers"] && !nsl
}

function abs(v) {
	return v < 0 ? -v : v
}

BEGIN { nfail = 0; nframes = 0; gone = 0; dropped = 0 }

/^# GONE/ { gone = 1 }
/^# TIMEOUT/ { timedout = 1 }
!/^F / { next }

{
	parse($0)
	nframes++
	if (f["dropped"]) dropped++
}

# ---- fingers ---------------------------------------------------------
check == "fingers" {
	active = f["touch"] || buttons()
	if (active && !inseq) {
		inseq = 1; nseq_seen++; k = nseq_seen
		maxf[k] = 0; maxsl[k] = 0; left[k] = 0; right[k] = 0
		havexy[k] = 0
	}
	if (!active) { inseq = 0; next }
	if (f["fingers"] > maxf[k]) maxf[k] = f["fingers"]
	if (f["nslots"] > maxsl[k]) maxsl[k] = f["nslots"]
	if (f["left"]) { left[k] = 1; if (f["fingers"] > leftf[k]) leftf[k] = f["fingers"] }
	if (f["right"]) { right[k] = 1; if (f["fingers"] > rightf[k]) rightf[k] = f["fingers"] }
	if (f["touch"]) {
		if (!havexy[k]) { x0[k] = f["x"]; y0[k] = f["y"]; havexy[k] = 1 }
		x1[k] = f["x"]; y1[k] = f["y"]
	}
	if (mt == "none" && hasslots) badmt = 1
	# per frame: at most two positions on semi-MT, slots only when touching
	if (mt == "semi" && f["nslots"] > 2) fail("semi-MT frame with " f["nslots"] " slots")
	if (mt != "none" && !f["touch"] && f["nslots"] > 0) fail("slots active without BTN_TOUCH at t=" f["t"])
	next
}

# ---- drag-on / drag-off ------------------------------------------------
check == "drag-on" || check == "drag-off" {
	if (!f["left"]) {
		if (held_seen && f["touch"]) {
			# released: the resting finger is a normal contact again
			for (i = 1; i <= nsl; i++) if (inarea(sl_y[i])) resting_after = 1
			if (inarea(f["y"])) resting_after = 1
		}
		held_run = 0
		next
	}
	held_seen = 1
	if (is_restart()) {
		nrestart++
		held_run = 0
		next
	}
	nheld++
	in_area = (f["touch"] && inarea(f["y"]))
	for (i = 1; i <= nsl; i++) if (inarea(sl_y[i])) in_area = 1
	if (in_area) nheld_area++
	if (check == "drag-off") next

	# With suppression on, a contact in the button area is hidden exactly
	# when another contact outside the area is shown: it is never the
	# only contact (the press itself stays visible).
	outside = 0
	for (i = 1; i <= nsl; i++) if (!inarea(sl_y[i])) outside = 1
	if (nsl == 0 && f["touch"] && !inarea(f["y"])) outside = 1
	if (!f["touch"]) {
		fail("t=" f["t"] ": no contact while the resting finger holds the button: " $0)
		next
	}
	if (!outside) {
		# only the resting finger: shown alone, counted once
		if (f["fingers"] != 1 || !inarea(f["y"]) || nsl > 1)
			fail("t=" f["t"] ": the resting finger alone is not shown as one contact in the area: " $0)
		if (seen_drag) alone_after++
		else alone_before++
		held_run = 0
		next
	}
	seen_drag = 1
	if (in_area)
		fail(sprintf("t=%s: a contact in the button area beside one outside it: %s", f["t"], $0))
	if (f["fingers"] > 2)
		fail("t=" f["t"] ": BTN_TOOL count " f["fingers"] " counts the resting finger")
	if (!xmin_held || f["x"] < xmin_held) xmin_held = f["x"]
	if (f["x"] > xmax_held) xmax_held = f["x"]
	last_touch_x = f["x"]
	# the dragging finger keeps one tracking id (no new contact mid-drag)
	if (held_run && nsl > 0) {
		keep = 0
		for (i = 1; i <= nsl; i++) if (sl_id[i] in run_ids) keep = 1
		if (!keep) fail("t=" f["t"] ": the dragging contact changed its tracking id")
	}
	delete run_ids
	for (i = 1; i <= nsl; i++) run_ids[sl_id[i]] = 1
	held_run = 1
	next
}

# ---- click -------------------------------------------------------------
# A click script (scripts/click-*.syn): the fingers land, the button is
# pressed and released, the fingers lift.  Checks what a driver needs to
# turn it into exactly one click of the right button:
#   -v fingers=N     BTN_TOOL count in every frame with the button held
#   -v slots=N       active slots in those frames (-1: no MT)
#   -v xmin/xmax/ymin/ymax  where ABS_X/ABS_Y must be in those frames
#   -v touches=N     BTN_TOUCH 0->1 transitions in the whole recording
#   -v ids=N         distinct tracking ids in the whole recording (-1: any)
#   -v pfingers=N -v pslots=N  the same for the press frame (the first with
#                    the button down, which a clickpad reports in full)
#   -v parea=1       the press frame has a contact in the button area
#                    (-v thresh: Y > thresh) at x >= -v pxmin (-v semi=1:
#                    the bounding box reaches there: semi-MT slots are its
#                    corners, not the contacts)
#   -v restarts=N    restart frames while held (-1: any)
check == "click" {
	if (f["touch"] && !last_touch) ntouches++
	last_touch = f["touch"]
	for (i = 1; i <= nsl; i++) all_ids[sl_id[i]] = 1
	press = buttons() && !last_buttons
	if (press) npress++
	last_buttons = buttons()
	if (!buttons()) next
	if (press) {
		if (pfingers != "" && f["fingers"] != pfingers)
			fail("t=" f["t"] ": press frame with BTN_TOOL count " f["fingers"] ", expected " pfingers ": " $0)
		if (pslots != "" && nsl != pslots)
			fail("t=" f["t"] ": press frame with " nsl " slots, expected " pslots ": " $0)
		if (parea) {
			seen = 0; bx = 0; by = 0
			for (i = 1; i <= nsl; i++) {
				if (sl_y[i] > thresh && sl_x[i] >= pxmin) seen = 1
				if (sl_x[i] > bx) bx = sl_x[i]
				if (sl_y[i] > by) by = sl_y[i]
			}
			if (semi && bx >= pxmin && by > thresh) seen = 1
			if (!seen) fail("t=" f["t"] ": the press frame shows no contact in the button area at x >= " pxmin ": " $0)
		}
		if (pfingers != "") next
	}
	if (is_restart()) {
		nrestart++
		next
	}
	nheld++
	if (f["fingers"] != fingers)
		fail("t=" f["t"] ": BTN_TOOL count " f["fingers"] " while the button is held, expected " fingers ": " $0)
	if (slots >= 0 && nsl != slots)
		fail("t=" f["t"] ": " nsl " slots while the button is held, expected " slots ": " $0)
	if (!f["touch"])
		fail("t=" f["t"] ": no BTN_TOUCH while the button is held: " $0)
	else if (f["x"] < xmin || f["x"] > xmax || f["y"] < ymin || f["y"] > ymax)
		fail(sprintf("t=%s: pointer at %d,%d while the button is held, expected %d..%d, %d..%d", f["t"], f["x"], f["y"], xmin, xmax, ymin, ymax))
	next
}

# ---- nojump ------------------------------------------------------------
check == "nojump" {
	if (f["touch"] && jl_touch && f["fingers"] == jl_fingers) {
		d = abs(f["x"] - jl_x) + abs(f["y"] - jl_y)
		if (!slotsonly && d > maxstep)
			fail(sprintf("t=%s: ABS_X/Y moved by %d units (%d,%d -> %d,%d) with %d finger(s) all along", f["t"], d, jl_x, jl_y, f["x"], f["y"], f["fingers"]))
		if (!slotsonly && d > maxd) maxd = d
		for (i = 1; i <= nsl; i++) {
			if (!(sl_id[i] in jl_sx)) continue
			d = abs(sl_x[i] - jl_sx[sl_id[i]]) + abs(sl_y[i] - jl_sy[sl_id[i]])
			if (d > maxstep)
				fail(sprintf("t=%s: tracking id %d moved by %d units in one frame", f["t"], sl_id[i], d))
			if (d > maxd) maxd = d
		}
	}
	jl_touch = f["touch"]; jl_fingers = f["fingers"]; jl_x = f["x"]; jl_y = f["y"]
	delete jl_sx; delete jl_sy
	for (i = 1; i <= nsl; i++) { jl_sx[sl_id[i]] = sl_x[i]; jl_sy[sl_id[i]] = sl_y[i] }
	next
}

# ---- sane --------------------------------------------------------------
check == "sane" {
	if (!range_set) {
		# Real pads report a little beyond their nominal range (the
		# kernel does not clamp); allow a quarter of the range.
		mx = (xmax - xmin) / 4; my = (ymax - ymin) / 4
		xmin -= mx; xmax += mx; ymin -= my; ymax += my
		range_set = 1
	}
	if (f["touch"]) {
		ntouch++
		if (f["x"] < xmin || f["x"] > xmax || f["y"] < ymin || f["y"] > ymax)
			outside++
		lastx = f["x"]
	}
	for (i = 1; i <= nsl; i++)
		if (sl_x[i] < xmin || sl_x[i] > xmax || sl_y[i] < ymin || sl_y[i] > ymax)
			outside++
	if (f["fingers"] >= 2 && nsl >= 2) ntwo++
	# what is still down in the last frame (nothing may be: no stuck
	# touch, tracking id or button)
	stuck = (f["touch"] ? " BTN_TOUCH" : "") (buttons() ? " a button" : "") (nsl ? " " nsl " slot(s)" : "")
	next
}

END {
	if (gone) fail("the device went away during the recording")
	if (timedout) fail("the recording timed out")
	if (!nframes) fail("no frames recorded")
	if (check == "fingers") {
		if (nseq_seen != nseq)
			fail(sprintf("%d touch sequences, expected %d", nseq_seen, nseq))
		if (badmt) fail("MT slots on a device that should have none")
		# 1: one finger moving right
		if (maxf[1] != 1) fail("1 finger: BTN_TOOL count " maxf[1] ", expected 1")
		if (x1[1] - x0[1] < 1000) fail("1 finger: ABS_X moved " x1[1] - x0[1] ", expected >= 1000")
		if (mt != "none" && maxsl[1] != 1) fail("1 finger: " maxsl[1] " slots, expected 1")
		# 2: two fingers scrolling down
		# -v nocount=1: a pad whose W field does not count fingers (no
		# multi-finger capability, multitouch off): always one finger
		want2 = nocount ? 1 : 2
		if (nocount) maxfingers = 1
		if (maxf[2] != want2) fail("2 fingers: BTN_TOOL count " maxf[2] ", expected " want2)
		if (y1[2] - y0[2] < 500) fail("2 fingers: ABS_Y moved " y1[2] - y0[2] ", expected >= 500")
		if (mt != "none" && maxsl[2] != 2) fail("2 fingers: " maxsl[2] " slots, expected 2")
		# 3: three fingers
		if (maxf[3] != maxfingers) fail("3 fingers: BTN_TOOL count " maxf[3] ", expected " maxfingers)
		if (mt != "none" && maxsl[3] < 2) fail("3 fingers: " maxsl[3] " slots, expected >= 2")
		if (x1[3] - x0[3] > -300) fail("3 fingers: ABS_X moved " x1[3] - x0[3] ", expected <= -300")
		# 4: left click (or the clickpad button) with one finger
		if (!left[4]) fail("click: no BTN_LEFT press")
		else if (leftf[4] != 1) fail("click: BTN_TOOL count " leftf[4] " during the click, expected 1")
		if (nseq >= 5) {
			if (!right[5]) fail("right click: no BTN_RIGHT press")
			else if (rightf[5] != 1) fail("right click: BTN_TOOL count " rightf[5] ", expected 1")
		}
		if (f["touch"] || buttons() || f["fingers"]) fail("the last frame is not empty: " $0)
	}
	if (check == "drag-on") {
		if (!nheld) fail("no frame with the button held")
		if (!alone_before) fail("the finger pressing alone in the button area was not shown at the press")
		if (!seen_drag) fail("no frame with the dragging finger while the button was held")
		if (xmax_held - xmin_held < 500)
			fail(sprintf("while held ABS_X spans %d..%d: the dragging finger does not drive the pointer", xmin_held, xmax_held))
		if (last_touch_x < 4100)
			fail("while held ABS_X ended at " last_touch_x ", the dragging finger ended at 4400")
		if (!alone_after) fail("after the dragging finger lifted, the resting finger (now the only contact) was not shown")
		if (!resting_after) fail("after the release the resting finger was not reported")
		if (semi && !nrestart) fail("semi-MT: the touch never restarted, yet the pointer went from the resting finger to the dragging one")
		if (!semi && nrestart) fail(nrestart " frames without any contact while the button was held")
	}
	if (check == "nojump")
		printf "note: largest move between two frames with the same finger count: %d units\n", maxd
	if (check == "click") {
		if (restarts != "" && restarts >= 0 && nrestart != restarts)
			fail(nrestart " restart frames while held, expected " restarts)
		if (npress != 1) fail(npress " button presses, expected 1")
		if (!nheld) fail("no frame with the button held")
		if (ntouches != touches) fail(ntouches " touches (BTN_TOUCH 0->1), expected " touches)
		if (ids >= 0 && length(all_ids) != ids) fail(length(all_ids) " tracking ids, expected " ids)
		if (f["touch"] || buttons() || f["fingers"]) fail("the last frame is not empty: " $0)
	}
	if (check == "drag-off") {
		if (!nheld) fail("no frame with the button held")
		if (!nheld_area) fail("suppression off, yet the resting finger never showed while the button was held")
	}
	if (check == "sane") {
		if (nframes < minframes) fail(nframes " frames, expected >= " minframes)
		if (!ntouch) fail("no frame with BTN_TOUCH")
		if (outside) fail(outside " positions outside the axis ranges")
		if (want2 && !ntwo) fail("no frame with two fingers in two slots")
		if (stuck != "") fail("still down after the last frame:" stuck)
		if (endx && lastx < endx) fail("the last contact ended at x=" lastx ", expected >= " endx " (device stuck?)")
	}
	if (dropped) printf "note: %d frames after SYN_DROPPED\n", dropped
	if (!nfail) print "ok"
}
