#!/usr/bin/python3
"""frames.py: what the applications of `./synmt demo --show` did, read back
from the screen, and the animation of the tour.

    frames.py make-image PATH
        the picture eog shows: a 320x240 grid with a 64x64 red square in
        the middle (its size on the screen is eog's zoom factor)
    frames.py find-red X Y W H
        (in the guest, on $DISPLAY) the middle of the red square inside
        that rectangle of the screen, "X Y" in root coordinates
    frames.py judge-apps --dir RUN
        per tour step, what the application under the pointer did, from
        the frames test/demo/show/capture took (RUN/frames) and synmt-pager's
        log: eog's zoom factor (the red square's width on the screen before
        and after the step), the page synmt-pager turned to (its log, and
        its colour on the screen), the lines the xterm scrolled (the line
        number at its top, read off the screen with the digits the xterm
        itself drew before the step).  Writes RUN/apps.tsv:
            STEP <TAB> APP <TAB> STATUS <TAB> WHAT <TAB> METRICS
        STATUS: ok, fail (the application did not do it), or "-" (the step
        happens over synmt-demo: test/demo/judge has the verdict).
    frames.py animate --dir RUN [--scale F]
        RUN/tour.gif: the frames of the tour at their real pace, each with
        the step, what the driver reported at that moment (synmt-demo's
        log) and, once measured, what the application did; and the
        per-step pictures RUN/shots/NN-STEP.png (full size, the frame just
        before the pointer leaves for the next step).

RUN is a demo output folder (build/demo/<timestamp>): steps, demo.log,
apps.txt, pager.log, frames/{index.tsv,capture.txt,NNNNN.ppm or .png}, judge.tsv.
Needs python3-pil.
"""
import argparse
import os
import sys

from PIL import Image, ImageChops, ImageDraw, ImageFont

SQUARE = 64          # px, the red square of make-image
MARGIN = 4           # px of a window's edge that red_box ignores
XTERM_COLS, XTERM_ROWS = 70, 17   # test/demo/show/guest-session's xterm
XTERM_BORDER = 2     # xterm's internal border, px
XTERM_LINES_PER_CLICK = 5        # xterm's default wheel translation
PAGER_COLOURS = [(0x2e, 0x6f, 0xd8), (0xd8, 0x78, 0x2e), (0x2e, 0xa0, 0x5a),
                 (0xa0, 0x2e, 0xa0), (0xc8, 0xb0, 0x2a)]    # synmt-pager's pages
APP_OF_STEP = {"scroll-vertical": "xterm", "pinch-spread": "eog", "pinch-close": "eog",
               "swipe": "pager"}
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
FONT_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def red_box(img, rect):
    """Bounding box (x0, y0, x1, y1) of the pure red pixels in rect (less a
    margin: the window's edge), root coordinates."""
    x, y, w, h = rect[0] + MARGIN, rect[1] + MARGIN, rect[2] - 2 * MARGIN, rect[3] - 2 * MARGIN
    r, g, b = img.crop((x, y, x + w, y + h)).convert("RGB").split()
    mask = ImageChops.multiply(ImageChops.multiply(r.point(lambda v: 255 if v > 220 else 0),
                                                   g.point(lambda v: 255 if v < 40 else 0)),
                               b.point(lambda v: 255 if v < 40 else 0))
    box = mask.getbbox()
    if not box or (box[2] - box[0]) * (box[3] - box[1]) < 16:
        return None
    return (x + box[0], y + box[1], x + box[2], y + box[3])


# ------------------------------------------------------------------ guest --

def cmd_make_image(args):
    w, h = 320, 240
    im = Image.new("RGB", (w, h), (236, 236, 236))
    d = ImageDraw.Draw(im)
    for x in range(0, w, 20):
        d.line([(x, 0), (x, h)], fill=(180, 180, 196))
    for y in range(0, h, 20):
        d.line([(0, y), (w, y)], fill=(180, 180, 196))
    half = SQUARE // 2
    d.rectangle([w // 2 - half, h // 2 - half, w // 2 + half - 1, h // 2 + half - 1], fill=(255, 0, 0))
    im.save(args.path)
    return 0


def cmd_find_red(args):
    from PIL import ImageGrab
    img = ImageGrab.grab(xdisplay=os.environ.get("DISPLAY"))
    box = red_box(img, (args.x, args.y, args.w, args.h))
    if not box:
        return 1
    print((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
    return 0


# ------------------------------------------------------------- the run --

class Run:
    """A demo output folder: steps, the guest's log, frames and their times."""

    def __init__(self, path):
        self.path = path
        self.steps = []          # (name, start_s, end_s, description)
        with open(os.path.join(path, "steps")) as f:
            for line in f:
                p = line.split(None, 3)
                if len(p) >= 3:
                    self.steps.append((p[0], float(p[1]), float(p[2]), p[3].strip() if len(p) > 3 else ""))
        self.log = []            # (t_ms, fields)
        with open(os.path.join(path, "demo.log")) as f:
            for line in f:
                p = line.split()
                if p and p[0].isdigit():
                    self.log.append((int(p[0]), p[1:]))
        self.go = next((t for t, p in self.log if p[:2] == ["demo", "go"]), None)
        self.apps = {}
        try:
            with open(os.path.join(path, "apps.txt")) as f:
                for line in f:
                    p = line.split()
                    if len(p) == 7:
                        self.apps[p[0]] = tuple(int(v) for v in p[1:])
        except OSError:
            pass
        self.frames = []         # (guest_ms, path)
        fdir = os.path.join(path, "frames")
        self.capture = {}
        try:
            with open(os.path.join(fdir, "capture.txt")) as f:
                for line in f:
                    p = line.split()
                    if p:
                        self.capture[p[0]] = p[1:]
            offset = float(self.capture["offset_ms"][0])
            ext = self.capture.get("format", ["ppm"])[0]
            with open(os.path.join(fdir, "index.tsv")) as f:
                for line in f:
                    n, t = line.split()
                    self.frames.append((float(t) - offset, os.path.join(fdir, "%05d.%s" % (int(n), ext))))
        except (OSError, KeyError, ValueError):
            pass

    def span(self, name):
        """Guest times (ms) of a step: start, end."""
        for s in self.steps:
            if s[0] == name:
                return self.go + s[1] * 1000, self.go + s[2] * 1000
        return None

    def window(self, name):
        """The events of a step, as test/demo/judge counts them: from 0.3 s
        before its start to its end (the last step: 1 s after)."""
        t0, t1 = self.span(name)
        return t0 - 300, t1 + (1000 if name == self.steps[-1][0] else 0)

    def warp_for(self, name):
        """When the pointer went to step NAME's target (guest ms), or None."""
        return next((t for t, p in self.log if p[:2] == ["demo", "warp"] and "for=" + name in p), None)

    def warp_after(self, t0, t1):
        """The first warp in [t0, t1): the pointer leaving for the next step."""
        return next((t for t, p in self.log if p[:2] == ["demo", "warp"] and t0 <= t < t1), None)

    def frame_at(self, t, before=True):
        """The last frame at or before t (before=True) or the first one after."""
        best = None
        for ft, path in self.frames:
            if before and ft <= t:
                best = (ft, path)
            elif not before and ft >= t:
                return (ft, path)
        return best

    def step_frames(self, name):
        """(before, after) frames of a step: the first after the pointer got
        to the step's target (or the step began), the last before it left
        for the next step (or the step ended)."""
        t0, t1 = self.span(name)
        arrived = self.warp_for(name)
        b = self.frame_at(max(arrived or t0 - 400, t0 - 400) + 60, before=False)
        if b and b[0] > t0:
            b = self.frame_at(t0, before=True)
        left = self.warp_after(t0 + 1, t1 + 1000) or t1
        a = self.frame_at(left - 40, before=True)
        return b, a


# ----------------------------------------------------------- judge-apps --

def zoom_of(run, name, rect):
    b, a = run.step_frames(name)
    if not b or not a:
        return None, "no frames"
    boxes = [red_box(Image.open(f[1]), rect) for f in (b, a)]
    if None in boxes:
        return None, "no red square on the %s frame" % ("first" if boxes[0] is None else "last")
    w0, w1 = boxes[0][2] - boxes[0][0], boxes[1][2] - boxes[1][0]
    x, y, w, h = rect[0] + MARGIN, rect[1] + MARGIN, rect[2] - 2 * MARGIN, rect[3] - 2 * MARGIN
    clipped = boxes[1][0] <= x or boxes[1][2] >= x + w or boxes[1][1] <= y or boxes[1][3] >= y + h
    return (w0, w1, clipped), None


def driver_pinch_scale(run, name):
    w0, w1 = run.window(name)
    scale = None
    for t, p in run.log:
        if w0 <= t < w1 and p[:3] == ["xi24", "pinch", "end"]:
            kv = dict(x.split("=", 1) for x in p[3:] if "=" in x)
            if kv.get("cancelled") == "0":
                scale = float(kv["scale"])
    return scale


def judge_eog(run, name):
    rect = run.apps["eog"][:4]
    z, why = zoom_of(run, name, rect)
    if z is None:
        return "fail", "eog: " + why, ""
    w0, w1, clipped = z
    f = w1 / w0
    drv = driver_pinch_scale(run, name)
    want_in = name == "pinch-spread"
    ok = f > 1.1 if want_in else f < 0.9
    what = "eog zoomed %s x%.2f: the square %d -> %d px, zoom %d%% -> %d%%%s (driver's pinch scale %s)" % (
        "in" if f >= 1 else "out", f, w0, w1, round(100 * w0 / SQUARE), round(100 * w1 / SQUARE),
        ", clipped by the window" if clipped else "", "%.2f" % drv if drv else "none")
    return ("ok" if ok else "fail"), what, "zoom=%.3f w0=%d w1=%d drvscale=%s clipped=%d" % (
        f, w0, w1, "%.3f" % drv if drv else "-", 1 if clipped else 0)


def pager_pages(run, name):
    """Pages synmt-pager showed before and after the step, from its log."""
    w0, w1 = run.window(name)
    page0, page1, swipes, events = 1, None, 0, 0
    try:
        with open(os.path.join(run.path, "pager.log")) as f:
            for line in f:
                p = line.split()
                if len(p) < 3 or not p[0].isdigit():
                    continue
                t = int(p[0])
                if p[2] == "page" and t < w0:
                    page0 = int(p[3])
                elif p[2] == "page" and t < w1:
                    page1 = int(p[3])
                elif p[2] == "swipe" and w0 <= t < w1:
                    swipes += 1
                elif p[2] == "event" and w0 <= t < w1:
                    events += 1
    except OSError:
        pass
    return page0, page1 if page1 is not None else page0, swipes, events


def colour_page(img, rect):
    """Which of synmt-pager's page colours fills the middle of rect (1-based), or 0."""
    x, y, w, h = rect
    p = img.convert("RGB").getpixel((x + w // 10, y + h // 2))
    for i, c in enumerate(PAGER_COLOURS):
        if max(abs(p[k] - c[k]) for k in range(3)) < 24:
            return i + 1
    return 0


def judge_pager(run, name):
    page0, page1, swipes, events = pager_pages(run, name)
    b, a = run.step_frames(name)
    rect = run.apps["pager"][:4]
    seen0 = colour_page(Image.open(b[1]), rect) if b else 0
    seen1 = colour_page(Image.open(a[1]), rect) if a else 0
    want = page0 % 5 + 1    # a swipe to the left: the next page
    ok = page1 == want and seen1 == want
    what = "synmt-pager: %d touchpad swipe events, %d GTK swipe(s), page %d -> %d (on the screen: %s -> %s)" % (
        events, swipes, page0, page1, seen0 or "?", seen1 or "?")
    return ("ok" if ok else "fail"), what, "page0=%d page1=%d screen0=%d screen1=%d swipes=%d events=%d" % (
        page0, page1, seen0, seen1, swipes, events)


def cells(img, rect):
    """The xterm's character cells: (x0, y0, cw, ch)."""
    x, y, w, h = rect
    return x + XTERM_BORDER, y + XTERM_BORDER, (w - 2 * XTERM_BORDER) // XTERM_COLS, \
        (h - 2 * XTERM_BORDER) // XTERM_ROWS


def glyph(img, grid, row, col):
    x0, y0, cw, ch = grid
    return img.crop((x0 + col * cw, y0 + row * ch, x0 + (col + 1) * cw, y0 + (row + 1) * ch)).tobytes()


def digit_glyphs(img, grid):
    """The digits 0-9 as the xterm drew them, from a screen showing lines
    001..017 at its top (the state guest-session leaves it in); None if
    the screen is not in that state (the glyphs do not line up)."""
    digits = {}
    for row in range(XTERM_ROWS):
        n = "%03d" % (row + 1)
        for k, col in enumerate((5, 6, 7)):
            g = glyph(img, grid, row, col)
            if digits.get(n[k], g) != g:
                return None
            digits[n[k]] = g
    return digits if len(digits) == 10 and len(set(digits.values())) == 10 else None


def top_line(img, grid, digits):
    """The numbers of the first rows, read with the glyphs; None if unreadable."""
    inv = {g: d for d, g in digits.items()}
    nums = []
    for row in range(3):
        s = "".join(inv.get(glyph(img, grid, row, col), "?") for col in (5, 6, 7))
        if "?" in s:
            return None
        nums.append(int(s))
    return nums[0] if nums == [nums[0], nums[0] + 1, nums[0] + 2] else None


def emulated_clicks(run, name, button):
    w0, w1 = run.window(name)
    return sum(1 for t, p in run.log if w0 <= t < w1 and p[:3] == ["xi2", "button", "press"]
               and "b=%d" % button in p and "emulated=1" in p)


def judge_xterm(run, name):
    b, a = run.step_frames(name)
    if not b or not a:
        return "fail", "xterm: no frames", ""
    rect = run.apps["xterm"][:4]
    ib, ia = Image.open(b[1]).convert("RGB"), Image.open(a[1]).convert("RGB")
    grid = cells(ib, rect)
    digits = digit_glyphs(ib, grid)
    if not digits:
        return "fail", "xterm: did not show lines 001-017 before the step", ""
    top = top_line(ia, grid, digits)
    clicks = emulated_clicks(run, name, 5)
    if top is None:
        return "fail", "xterm: cannot read the line at its top after the step", "clicks=%d" % clicks
    lines = top - 1
    want = XTERM_LINES_PER_CLICK * clicks
    ok = lines > 0 and abs(lines - want) <= XTERM_LINES_PER_CLICK
    what = "xterm scrolled %d lines down (line %03d at the top; the driver's %d scroll clicks x %d = %d)" % (
        lines, top, clicks, XTERM_LINES_PER_CLICK, want)
    return ("ok" if ok else "fail"), what, "lines=%d top=%d clicks=%d" % (lines, top, clicks)


JUDGES = {"eog": judge_eog, "pager": judge_pager, "xterm": judge_xterm}


def changed(run, name, rect):
    """How much of rect changed on the screen over the step (0..1)."""
    b, a = run.step_frames(name)
    if not b or not a:
        return 0.0
    x, y, w, h = rect
    diff = ImageChops.difference(Image.open(b[1]).convert("L").crop((x, y, x + w, y + h)),
                                 Image.open(a[1]).convert("L").crop((x, y, x + w, y + h)))
    hist = diff.point(lambda v: 255 if v > 16 else 0).histogram()
    return hist[255] / float(w * h)


def cmd_judge_apps(args):
    run = Run(args.dir)
    out = []
    for name, _, _, _ in run.steps:
        app = APP_OF_STEP.get(name)
        if not run.frames or run.go is None:
            out.append((name, app or "synmt-demo", "fail", "no frames of the screen", ""))
            continue
        where = run.apps.get(app or "demo")
        chg = " changed=%.4f" % changed(run, name, where[:4]) if where else ""
        if app is None or app not in run.apps:
            out.append((name, "synmt-demo", "-", "-", chg.strip()))
            continue
        status, what, metrics = JUDGES[app](run, name)
        out.append((name, app, status, what, metrics + chg))
    with open(os.path.join(args.dir, "apps.tsv"), "w") as f:
        for row in out:
            f.write("\t".join(row) + "\n")
    return 0


# -------------------------------------------------------------- animate --

def driver_said(run, name, t0, t):
    """What the driver had reported in step NAME up to time t (one line)."""
    dv = dh = 0.0
    last_gesture = None
    presses = []
    moved = None
    fingers = None
    for lt, p in run.log:
        if lt > t:
            break
        if p[0] == "driver":
            fingers = p[1].split("=")[1]
        if lt < t0:
            continue
        if p[:2] == ["xi2", "scroll"]:
            kv = dict(x.split("=", 1) for x in p[2:])
            dv += float(kv["dv"])
            dh += float(kv["dh"])
        elif p[0] == "xi24":
            last_gesture = p
        elif p[:3] == ["xi2", "button", "press"] and "emulated=0" in p:
            presses.append(p[3].split("=")[1])
        elif p[:2] == ["xi2", "motion"]:
            xy = [int(x.split("=")[1]) for x in p[2:4]]
            moved = (moved[0], xy) if moved else (xy, xy)
    parts = []
    if last_gesture:
        kv = dict(x.split("=", 1) for x in last_gesture[3:] if "=" in x)
        if last_gesture[1] == "pinch":
            parts.append("pinch %s, %s fingers, scale %.2f" % (last_gesture[2], kv["fingers"], float(kv["scale"])))
        else:
            parts.append("swipe %s, %s fingers, dx %+.0f px" % (last_gesture[2], kv["fingers"], float(kv["dx"])))
    if dv or dh:
        parts.append("scroll %+.1f down, %+.1f right" % (dv, dh))
    if presses:
        parts.append("button %s pressed" % ",".join(presses))
    if moved and not last_gesture and not (dv or dh):
        parts.append("pointer %+d,%+d px" % (moved[1][0] - moved[0][0], moved[1][1] - moved[0][1]))
    if fingers is not None:
        parts.append("%s finger%s on the pad" % (fingers, "" if fingers == "1" else "s"))
    return "; ".join(parts) if parts else "nothing yet"


def load_tsv(path, columns):
    """STEP -> the given columns of a tab-separated file (judge.tsv, apps.tsv)."""
    res = {}
    try:
        with open(path) as f:
            for line in f:
                p = line.rstrip("\n").split("\t")
                if len(p) > max(columns):
                    res[p[0]] = tuple(p[c] for c in columns)
    except OSError:
        pass
    return res


def banner(img, lines, height):
    """The frame with the text lines [(text, colour, font)] on a dark strip
    under it."""
    out = Image.new("RGB", (img.width, img.height + height), (16, 16, 24))
    out.paste(img, (0, 0))
    d = ImageDraw.Draw(out)
    y = img.height + 6
    for text, colour, font in lines:
        d.text((10, y), text, fill=colour, font=font)
        y += font.size + 7
    return out


def cmd_animate(args):
    run = Run(args.dir)
    if not run.frames or run.go is None:
        print("animate: no frames of the tour in %s/frames" % args.dir, file=sys.stderr)
        return 1
    apps = load_tsv(os.path.join(args.dir, "apps.tsv"), (1, 2, 3))
    judge = load_tsv(os.path.join(args.dir, "judge.tsv"), (1, 3))
    big = ImageFont.truetype(FONT_BOLD, 17)
    small = ImageFont.truetype(FONT, 14)
    t_first = run.go - 1000
    t_last = run.go + run.steps[-1][2] * 1000 + 500
    ends = {}
    for i, (name, _, _, _) in enumerate(run.steps):
        b, a = run.step_frames(name)
        ends[name] = a[0] if a else None
    os.makedirs(os.path.join(args.dir, "shots"), exist_ok=True)
    gif, times = [], []
    for t, path in run.frames:
        if t < t_first or t > t_last:
            continue
        cur = None
        for i, s in enumerate(run.steps):
            if t >= run.go + s[1] * 1000 - 400:
                cur = (i, s)
        img = Image.open(path).convert("RGB")
        lines = []
        if cur is None:
            lines.append(("synaptics-mt gesture tour: starting", (255, 255, 255), big))
        else:
            i, (name, start, end, desc) = cur
            lines.append(("step %d/%d  %s: %s" % (i + 1, len(run.steps), name, desc), (255, 255, 255), big))
            lines.append(("driver: " + driver_said(run, name, run.go + start * 1000 - 300, t),
                          (160, 220, 255), small))
            if ends.get(name) is not None and t >= ends[name] - 1:
                app, status, what = apps.get(name, ("synmt-demo", "-", "-"))
                jst, jseen = judge.get(name, ("-", ""))
                ok = (status in ("ok", "-")) and jst in ("ok", "info")
                text = what if status != "-" else "synmt-demo: " + jseen
                lines.append((("OK  " if ok else "FAILED  ") + text,
                              (140, 240, 140) if ok else (255, 120, 120), small))
        img = banner(img, lines, big.size + 2 * small.size + 3 * 7 + 12)
        for k, (name, _, _, _) in enumerate(run.steps):
            if ends.get(name) is not None and abs(t - ends[name]) < 1:
                img.save(os.path.join(args.dir, "shots", "%02d-%s.png" % (k + 1, name)))
        if args.scale != 1:
            img = img.resize((int(img.width * args.scale), int(img.height * args.scale)), Image.BILINEAR)
        gif.append(img.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE))
        times.append(t)
    if len(gif) < 2:
        print("animate: fewer than 2 frames in the tour", file=sys.stderr)
        return 1
    durations = [max(20, int(round((times[k + 1] - times[k]) / 10.0)) * 10) for k in range(len(times) - 1)]
    durations.append(1500)
    out = os.path.join(args.dir, "tour.gif")
    gif[0].save(out + ".tmp", format="GIF", save_all=True, append_images=gif[1:], duration=durations,
                loop=0, optimize=False, disposal=1)
    os.replace(out + ".tmp", out)
    span = (times[-1] - times[0]) / 1000.0
    # (the encoder merges frames identical to the one before, adding up
    # their durations: the file may hold fewer)
    kept = Image.open(out).n_frames
    print("animate: %s: %d frames over %.1f s (%.1f frames/s; %d in the file, repeats merged), %dx%d, %d KiB" % (
        out, len(gif), span, (len(gif) - 1) / span if span else 0, kept, gif[0].width, gif[0].height,
        os.path.getsize(out) // 1024))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("make-image")
    p.add_argument("path")
    p = sub.add_parser("find-red")
    for k in "xywh":
        p.add_argument(k, type=int)
    p = sub.add_parser("judge-apps")
    p.add_argument("--dir", required=True)
    p = sub.add_parser("animate")
    p.add_argument("--dir", required=True)
    p.add_argument("--scale", type=float, default=0.625)
    args = ap.parse_args()
    return {"make-image": cmd_make_image, "find-red": cmd_find_red, "judge-apps": cmd_judge_apps,
            "animate": cmd_animate}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
