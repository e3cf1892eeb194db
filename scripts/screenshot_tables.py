"""Before/after screenshots of the tables of every page type that has one (issue 38), on a
phone (360 px) and a desktop (1280 px), in headless Debian Chromium.

    python scripts/screenshot_tables.py BEFORE_SITE AFTER_SITE docs/screenshots/tables

BEFORE_SITE and AFTER_SITE are two builds of the example site (`site_gen build --base-url /`).
Each shot is one window: the page scrolled to its first table box that scrolls sideways
(else its first table), the box scrolled halfway, and, on the page's longest table, the
page scrolled halfway down it when it is long. Writes <rules>-<page>-<width>-before.png and
-after.png, and the pair side by side (<rules>-<page>-<width>.png), in 64 colours (Pillow)
to keep them small.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
WINDOWS = {360: 640, 1280: 640}

# (rules, page): one page of each type that has tables, the one with the longest table; a pair
# (after, before) for a page that was not there before: the page its table was on
PAGES = {
    ("site", "home"): "",
    ("swiss-cut", "overview"): "kiev-2006/",
    ("swiss-cut", "ranking"): ("kiev-2006/ranking/", "kiev-2006/"),
    ("swiss-cut", "round"): "kiev-2006/rounds/2/",
    ("swiss-cut", "standings"): "kiev-2006/rounds/6/standings/",
    ("swiss-cut", "next"): "kiev-2006/rounds/next/",
    ("swiss-cut", "final"): "kiev-2006/rounds/final/",
    ("swiss-cut", "player"): "kiev-2006/players/белова-татьяна/",
    ("online-marathon", "overview"): "online-marathon-2015/",
    ("online-marathon", "standings"): ("online-marathon-2015/standings/", "online-marathon-2015/"),
    ("online-marathon", "stage"): "online-marathon-2015/stages/3/",
    ("online-marathon", "player"): "online-marathon-2015/players/nomwise/",
    ("thematic-marathon", "overview"): "pbem-marathon/",
    ("thematic-marathon", "standings"): ("pbem-marathon/standings/", "pbem-marathon/"),
    ("thematic-marathon", "group"): "pbem-marathon/groups/classici/",
    ("thematic-marathon", "tournaments"): "pbem-marathon/tournaments/",
    ("thematic-marathon", "tournament"): "pbem-marathon/tournaments/forza4x4/",
    ("thematic-marathon", "master"): "pbem-marathon/tournaments/master/",
    ("thematic-marathon", "player"): "pbem-marathon/players/giulia-8/",
    ("best-span", "overview"): "tenhou-best-span/",
    ("best-span", "standings"): ("tenhou-best-span/standings/", "tenhou-best-span/"),
    ("best-span", "players"): "tenhou-best-span/players/",
    ("best-span", "player"): "tenhou-best-span/players/ジミー/",
    ("best-span", "event"): "tenhou-best-span/events/l1234/",
}

FRAME = """async (width) => {
  const boxes = Array.from(document.querySelectorAll('.table-scroll')).filter(b => b.offsetParent !== null);
  const box = boxes.find(b => b.scrollWidth > b.clientWidth + 1) || boxes[0];
  if (!box) return;
  const table = box.querySelector('table'), rows = table.tBodies.length ? table.tBodies[0].rows : [];
  // a long table: halfway down it, where the header row must still show
  const long = rows.length > 30 ? rows[Math.floor(rows.length / 2)] : null;
  const top = (long || box).getBoundingClientRect().top + window.scrollY - (long ? innerHeight / 2 : 8);
  window.scrollTo(0, top);
  box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""


def _serve(folder: Path):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    class Server(http.server.ThreadingHTTPServer):
        def handle_error(self, request, client_address):  # a request the browser gave up (favicon)
            pass

    server = Server(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


COLOURS = 64  # a palette this small keeps text sharp and a shot near a third of its size


def few_colours(shot: Path) -> None:
    from PIL import Image

    with Image.open(shot) as image:
        image.convert("RGB").quantize(COLOURS, dither=Image.Dither.NONE).save(shot, optimize=True)


def side_by_side(shots: list[Path], target: Path, gap: int = 12) -> None:
    """The shots in a row on grey, before on the left."""
    from PIL import Image

    images = [Image.open(shot).convert("RGB") for shot in shots]
    row = Image.new("RGB", (sum(i.width for i in images) + gap * (len(images) - 1), max(i.height for i in images)), "#777777")
    x = 0
    for image in images:
        row.paste(image, (x, 0))
        x += image.width + gap
    row.quantize(COLOURS, dither=Image.Dither.NONE).save(target, optimize=True)


def main(before: Path, after: Path, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    servers = {label: _serve(folder) for label, folder in (("before", before), ("after", after))}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for (rules, kind), where in PAGES.items():
            after_rel, before_rel = where if isinstance(where, tuple) else (where, where)
            for width, height in WINDOWS.items():
                shots = []
                for label, (_, base) in servers.items():
                    page = browser.new_page(viewport={"width": width, "height": height})
                    page.goto(base + (before_rel if label == "before" else after_rel), wait_until="load")
                    page.evaluate(FRAME, width)
                    shot = out / f"{rules}-{kind}-{width}-{label}.png"
                    page.screenshot(path=str(shot))
                    page.close()
                    shots.append(shot)
                side_by_side(shots, out / f"{rules}-{kind}-{width}.png")
                for shot in shots:
                    few_colours(shot)
        browser.close()
    for server, _ in servers.values():
        server.shutdown()


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))
