# analyze.awk - sum up synreplay's action lines for the gesture tests and the
# benchmark.  Input: synreplay output; output: one "key value" per line.
#
#   pinch-begin N, pinch-end N, pinch-cancelled N, pinch-scale S (last update),
#   pinch-angle A (sum of angle deltas), pinch-dx/-dy (sum of updates),
#   swipe-begin N, swipe-end N, swipe-cancelled N, swipe-fingers F (of the first
#   begin), swipe-dx/-dy, swipe-maxdx/-maxdy (largest single update; pinch too), scroll-events N, scroll-vert V, scroll-horiz H,
#   motion-events N, motion-dx X, button-presses "B ...",
#   first-gesture T / first-scroll T / first-motion T (seconds, -1 if none)
BEGIN {
	split("pinch-begin pinch-end pinch-cancelled pinch-angle pinch-dx pinch-dy swipe-begin " \
	      "swipe-end swipe-cancelled swipe-dx swipe-dy scroll-events scroll-vert scroll-horiz " \
	      "motion-events motion-dx swipe-maxdx swipe-maxdy pinch-maxdx pinch-maxdy", keys, " ")
	for (k in keys)
		v[keys[k]] = 0
	v["pinch-scale"] = 1; v["swipe-fingers"] = 0; v["button-presses"] = ""
	v["first-gesture"] = -1; v["first-scroll"] = -1; v["first-motion"] = -1
}
function field(name,    i, kv) {
	for (i = 1; i <= NF; i++)
		if (index($i, name "=") == 1)
			return substr($i, length(name) + 2) + 0
	return 0
}
$2 == "gesture" {
	if (v["first-gesture"] < 0)
		v["first-gesture"] = $1
	type = $3; phase = $4
	if (phase == "begin") {
		v[type "-begin"]++
		if (type == "swipe" && !v["swipe-fingers"])
			v["swipe-fingers"] = field("fingers")
	} else if (phase == "end") {
		v[type "-end"]++
		if ($5 == "cancelled")
			v[type "-cancelled"]++
	} else if (phase == "update") {
		v[type "-dx"] += field("dx")
		v[type "-dy"] += field("dy")
		a = field("dx"); a = a < 0 ? -a : a
		b = field("dy"); b = b < 0 ? -b : b
		if (a > v[type "-maxdx"]) v[type "-maxdx"] = a
		if (b > v[type "-maxdy"]) v[type "-maxdy"] = b
		if (type == "pinch") {
			v["pinch-scale"] = field("scale")
			v["pinch-angle"] += field("angle")
		}
	}
}
$2 == "scroll" {
	if (v["first-scroll"] < 0)
		v["first-scroll"] = $1
	v["scroll-events"]++
	v["scroll-vert"] += field("vert")
	v["scroll-horiz"] += field("horiz")
}
$2 == "motion" {
	if (v["first-motion"] < 0)
		v["first-motion"] = $1
	v["motion-events"]++
	v["motion-dx"] += field("dx")
}
$2 == "button" && $4 == "down" { v["button-presses"] = v["button-presses"] " " $3 }
END {
	for (k in v)
		printf "%s %s\n", k, v[k]
}
