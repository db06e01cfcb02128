#!/bin/sh
# synclient(1) lists each parameter's range in brackets; they must be the
# ranges the driver and synclient check, i.e. src/settings.def's (read
# through the preprocessor, as the code reads it): every synclient
# parameter appears with exactly its range ("any" = -1e9..1e9, "0.." and
# "1.." = up to 1e9, ", not 0" = TP_PARAM_PROP_NONZERO).
top=${srcdir:-$(dirname "$0")/../..}
src=$top/xf86-input-synaptics/src
man=$top/man/synclient.1
out=${TMPDIR:-/tmp}/man-ranges.$$
trap 'rm -f "$out".*' EXIT

printf '#include "settings.h"\n#define TP_SETTING(n, i, sc, p, e, t, f, lo, hi, u, pc, fl, df) ROW sc lo hi #fl\n#include "settings.def"\n' |
	${CPP:-cpp} -P -I"$src" - | awk '$1 == "ROW" && $2 != "NULL" {
		name = $2; gsub(/"/, "", name)
		if ($3 == "-1e9" && $4 == "1e9") r = "any"
		else if ($4 == "1e9") r = $3 ".."
		else r = $3 ".." $4
		if ($0 ~ /TP_PARAM_PROP_NONZERO/) r = r " not 0"
		print name, "[" r "]"
	}' | sort > "$out.def"

awk '/^\.SH / { inparams = $2 == "PARAMETERS"; np = 0; next }
	!inparams { next }
	# names wait for their bracket across .PD/.TP only (RightButtonArea*)
	!/^\.(BR|PD|TP)/ || /^\.BR "/ { np = 0; next }
	/^\.BR / {
		line = substr($0, 5); gsub(/"/, " ", line); gsub(/,/, " ", line)
		n = split(line, w, " ")
		for (i = 1; i <= n; i++) {
			if (w[i] ~ /^\[/) {
				r = w[i]
				while (r !~ /\]$/ && i < n) r = r " " w[++i]
				for (k = 0; k < np; k++) print pend[k], r
				np = 0
			} else if (w[i] ~ /^[A-Z][A-Za-z0-9]+$/) {
				pend[np++] = w[i]
			}
		}
	}' "$man" | sort > "$out.man"

if [ ! -s "$out.def" ] || [ "$(wc -l < "$out.def")" -lt 60 ]; then
	echo "FAILED: could not read the synclient parameters of settings.def"
	exit 1
fi
if ! diff -u "$out.def" "$out.man"; then
	echo "FAILED: synclient.1's ranges (+) differ from settings.def's (-)"
	exit 1
fi
echo "ok: $(wc -l < "$out.def") synclient parameters, each with settings.def's range in synclient.1"
