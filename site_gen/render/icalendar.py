"""iCalendar (RFC 5545) files of a competition's dates, written with the standard library.

Deterministic: UIDs come from the competition and the event, DTSTAMP from the data (the
day of the newest result), never from the clock. Times are written in UTC, so the file
needs no VTIMEZONE. Lines end in CRLF and are folded at 75 octets without splitting a
UTF-8 character.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Callable, Iterable

_TEXT_ESCAPES = str.maketrans({"\\": "\\\\", ";": "\\;", ",": "\\,", "\n": "\\n", "\r": ""})


def escape_text(value: str) -> str:
    return value.translate(_TEXT_ESCAPES)


def fold(line: str) -> str:
    """One content line, folded: at most 75 octets per line, continuations start with a space."""
    out, current, size = [], [], 0
    for ch in line:
        width = len(ch.encode("utf-8"))
        limit = 75 if not out else 74  # a continuation's leading space counts
        if size + width > limit:
            out.append("".join(current))
            current, size = [], 0
        current.append(ch)
        size += width
    out.append("".join(current))
    return "\r\n ".join(out) + "\r\n"


def utc(moment: dt.datetime) -> str:
    return moment.astimezone(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def calendar(name: str, events: Iterable[dict[str, Any]], stamp: dt.date, uid_domain: str,
             text: Callable[[Any], str] = str, link: Callable[[str], str] | None = None) -> str:
    """A VCALENDAR of events {uid, start, end, summary, url}: `text` renders a summary (e.g.
    translates it), `link` makes a site-relative url absolute (events get no URL without it)."""
    dtstamp = stamp.strftime("%Y%m%dT000000Z")
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//site-gen//site-gen//EN", "CALSCALE:GREGORIAN",
             "METHOD:PUBLISH", f"X-WR-CALNAME:{escape_text(name)}"]
    for e in events:
        lines += ["BEGIN:VEVENT", f"UID:{e['uid']}@{uid_domain}", f"DTSTAMP:{dtstamp}",
                  f"DTSTART:{utc(e['start'])}", f"DTEND:{utc(e['end'])}", f"SUMMARY:{escape_text(text(e['summary']))}"]
        if link and e.get("url"):
            lines.append(f"URL:{link(e['url'])}")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "".join(fold(line) for line in lines)
