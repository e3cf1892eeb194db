"""Inline SVG charts drawn at build time (no JavaScript), with a text equivalent."""

from __future__ import annotations

from markupsafe import Markup, escape


def bar_chart(bars: list[tuple[str, int | None, bool]], maximum: int = 1000, title: str = "") -> Markup:
    """One bar per (label, value, muted); a None value is drawn as 'not played'."""
    width, height, pad, top = 320, 160, 36, 12
    slot = (width - pad) / max(len(bars), 1)
    bar_width = slot * 0.6
    plot = height - pad - top
    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-labelledby="chart-title chart-desc"'
        ' xmlns="http://www.w3.org/2000/svg">',
        f'<title id="chart-title">{escape(title)}</title>',
        '<desc id="chart-desc">'
        + escape("; ".join(f"{label}: {'not played' if v is None else v}{' (dropped)' if m else ''}" for label, v, m in bars))
        + "</desc>",
        f'<line class="axis" x1="{pad}" y1="{top + plot}" x2="{width}" y2="{top + plot}"/>',
        f'<text class="tick" x="{pad - 4}" y="{top + 4}" text-anchor="end">{maximum}</text>',
        f'<text class="tick" x="{pad - 4}" y="{top + plot}" text-anchor="end">0</text>',
    ]
    for i, (label, value, muted) in enumerate(bars):
        x = pad + i * slot + (slot - bar_width) / 2
        cx = x + bar_width / 2
        if value is not None:
            h = plot * max(value, 0) / maximum
            cls = "bar muted" if muted else "bar"
            parts.append(f'<rect class="{cls}" x="{x:.1f}" y="{top + plot - h:.1f}" width="{bar_width:.1f}" height="{h:.1f}"/>')
            parts.append(f'<text class="value" x="{cx:.1f}" y="{top + plot - h - 3:.1f}" text-anchor="middle">{value}</text>')
        else:
            parts.append(f'<text class="value" x="{cx:.1f}" y="{top + plot - 3:.1f}" text-anchor="middle">–</text>')
        parts.append(f'<text class="tick" x="{cx:.1f}" y="{height - 8}" text-anchor="middle">{escape(label)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
