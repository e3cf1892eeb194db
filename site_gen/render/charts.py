"""Inline SVG charts drawn at build time (no JavaScript), with a text equivalent.

The <title> and <desc> say in words what the bars show, in the page's language, so a
screen reader (or a reader without images) gets every value.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from site_gen.render.i18n import gettext, text


def _described(bar: tuple) -> str:
    label, value, muted = bar[:3]
    name = text(bar[3]) if len(bar) > 3 else text(label)
    shown = gettext("not played") if value is None else str(value)
    return (gettext("%(name)s: %(value)s (dropped)") if muted else gettext("%(name)s: %(value)s")) % {
        "name": name, "value": shown}


def bar_chart(bars: list[tuple], maximum: int = 1000, title: str = "", id: str = "chart") -> Markup:
    """One bar per (label, value, muted[, name]); a None value is drawn as 'not played'.
    `label` goes under the bar, `name` (default: the label) into the text equivalent."""
    width, height, pad, top = 320, 160, 36, 12
    slot = (width - pad) / max(len(bars), 1)
    bar_width = slot * 0.6
    plot = height - pad - top
    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-labelledby="{id}-title {id}-desc"'
        ' xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{id}-title">{escape(title)}</title>',
        f'<desc id="{id}-desc">{escape("; ".join(_described(bar) for bar in bars))}</desc>',
        f'<line class="axis" x1="{pad}" y1="{top + plot}" x2="{width}" y2="{top + plot}"/>',
        f'<text class="tick" x="{pad - 4}" y="{top + 4}" text-anchor="end">{maximum}</text>',
        f'<text class="tick" x="{pad - 4}" y="{top + plot}" text-anchor="end">0</text>',
    ]
    for i, (label, value, muted, *_) in enumerate(bars):
        x = pad + i * slot + (slot - bar_width) / 2
        cx = x + bar_width / 2
        if value is not None:
            h = plot * max(value, 0) / maximum
            cls = "bar muted" if muted else "bar"
            parts.append(f'<rect class="{cls}" x="{x:.1f}" y="{top + plot - h:.1f}" width="{bar_width:.1f}" height="{h:.1f}"/>')
            parts.append(f'<text class="value" x="{cx:.1f}" y="{top + plot - h - 3:.1f}" text-anchor="middle">{value}</text>')
        else:
            parts.append(f'<text class="value" x="{cx:.1f}" y="{top + plot - 3:.1f}" text-anchor="middle">–</text>')
        parts.append(f'<text class="tick" x="{cx:.1f}" y="{height - 8}" text-anchor="middle">{escape(text(label))}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
