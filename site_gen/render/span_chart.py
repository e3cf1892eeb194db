"""The best-span chart: a player's cumulative points over their games, drawn at build time
as inline SVG, with the best span shaded (two bands when it wraps from the last game to
the first). Long sequences are thinned to a few hundred vertices: the line only rises."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import accumulate
from typing import Sequence

from markupsafe import Markup, escape

from site_gen.render.i18n import gettext, localise_number, ngettext, text

# A narrow drawing scaled up on a desktop rather than a wide one scaled down: on a 360-px
# phone the labels (11 units) stay about 10 px high instead of 5.
WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 14, 30
MAX_VERTICES = 600


def _thin(totals: list, limit: int = MAX_VERTICES) -> list[tuple[int, object]]:
    """(game count, cumulative points) at most `limit` of them, always the first and last."""
    n = len(totals) - 1
    if n <= limit:
        return list(enumerate(totals))
    step = n / limit
    picks = sorted({round(k * step) for k in range(limit)} | {n})
    return [(i, totals[i]) for i in picks]


def span_chart(points: Sequence, start: int | None = None, length: int = 0, title: str = "") -> Markup:
    """The chart in the page's language (`title` may be a Text)."""
    title = text(title)
    """`points`: each game's points in order; the span covers games start..start+length-1
    (0-based, modulo the number of games)."""
    n = len(points)
    totals, unit = _running_totals(points)
    total = Fraction(totals[-1], unit)
    top = max(totals[-1] / unit, 1.0)  # int / int: rounded once, as float(Fraction) is
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(games: float) -> float:
        return LEFT + plot_w * games / max(n, 1)

    def y(units: int) -> float:
        return TOP + plot_h * (1 - (units / unit) / top)

    bands: list[tuple[int, int]] = []
    if start is not None and length and n:
        end = start + length
        bands = [(start, min(end, n))] + ([(0, end - n)] if end > n else [])
    description = ngettext("%(count)s game, %(points)s points in all.", "%(count)s games, %(points)s points in all.",
                           n) % {"count": n, "points": _num(total)}
    if bands:
        first, last = start + 1, (start + length - 1) % n + 1
        values = {"first": first, "last": last, "count": length}
        description += " " + (
            ngettext("Best span: games %(first)s to %(last)s, %(count)s game, wrapping around from the last game to the first.",
                     "Best span: games %(first)s to %(last)s, %(count)s games, wrapping around from the last game to the first.",
                     length) if len(bands) > 1 else
            ngettext("Best span: games %(first)s to %(last)s, %(count)s game.",
                     "Best span: games %(first)s to %(last)s, %(count)s games.", length)) % values
    parts = [
        f'<svg class="chart span-chart" viewBox="0 0 {WIDTH} {HEIGHT}" style="max-width: 32rem" role="img" '
        'aria-labelledby="span-chart-title span-chart-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="span-chart-title">{escape(title)}</title>',
        f'<desc id="span-chart-desc">{escape(description)}</desc>',
    ]
    for i, (a, b) in enumerate(bands):
        parts.append(
            f'<rect class="span" data-first-game="{a + 1}" data-last-game="{b}" x="{x(a):.1f}" y="{TOP}" '
            f'width="{max(x(b) - x(a), 1.0):.1f}" height="{plot_h}" style="fill: var(--highlight, #fff4c2)"/>')
        label = escape(gettext("best span") if i == 0 else gettext("… continued"))
        anchor = "start" if x(a) < WIDTH / 2 else "end"
        at = x(a) + 3 if anchor == "start" else x(b) - 3
        parts.append(f'<text class="span-label" x="{at:.1f}" y="{TOP + 11}" text-anchor="{anchor}">{label}</text>')
    if len(bands) > 1:
        # one f-string: str + Markup would escape the str (Markup.__radd__), showing the tag as text
        wraps = escape(gettext("wraps to game 1 →"))
        parts.append(f'<text class="wrap-label" x="{x(n) - 3:.1f}" y="{TOP + plot_h - 4}" text-anchor="end">{wraps}</text>')
    baseline = TOP + plot_h
    games_label = escape(ngettext("%(count)s game", "%(count)s games", n) % {"count": n})
    parts += [
        f'<line class="axis" x1="{LEFT}" y1="{baseline}" x2="{WIDTH - RIGHT}" y2="{baseline}"/>',
        f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{baseline}"/>',
        f'<text class="tick" x="{LEFT - 4}" y="{TOP + 4}" text-anchor="end">{_num(total)}</text>',
        f'<text class="tick" x="{LEFT - 4}" y="{baseline}" text-anchor="end">0</text>',
        f'<text class="tick" x="{LEFT}" y="{HEIGHT - 10}" text-anchor="middle">0</text>',
        f'<text class="tick" x="{WIDTH - RIGHT}" y="{HEIGHT - 10}" text-anchor="end">{games_label}</text>',
    ]
    if n:
        vertices = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in _thin(totals))
        parts.append(f'<polyline class="cumulative" points="{vertices}" '
                     'style="fill: none; stroke: var(--bar, #0b5cad); stroke-width: 2"/>')
    parts.append("</svg>")
    return Markup("".join(parts))


def _running_totals(points: Sequence) -> tuple[list[int], int]:
    """0 and the running totals of exact points, in whole units of 1/unit (the points'
    common denominator): a season of a thousand games adds ints, not Fractions."""
    unit = math.lcm(*{p.denominator for p in points}) if points else 1
    return list(accumulate((p.numerator * (unit // p.denominator) for p in points), initial=0)), unit


def _num(value) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else localise_number(f"{float(value):.1f}")
