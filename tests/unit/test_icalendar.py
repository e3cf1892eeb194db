"""calendar.ics: RFC 5545 lines (CRLF, folded at 75 octets without splitting a character),
escaped text, UTC times from the stage days in the stage time zone, and nothing from the
clock: the same data gives the same bytes."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from site_gen.render.icalendar import calendar, escape_text, fold

from i18n_project import build_project, write_project


def test_fold_keeps_lines_short_and_characters_whole():
    line = "SUMMARY:" + "Марафон; этап, " * 12
    folded = fold(line)
    assert folded.endswith("\r\n")
    parts = folded[:-2].split("\r\n")
    assert len(parts) > 1
    assert all(len(p.encode("utf-8")) <= 75 for p in parts)
    assert all(p.startswith(" ") for p in parts[1:])
    assert "".join([parts[0]] + [p[1:] for p in parts[1:]]) == line  # unfolding gives the line back


def test_short_lines_are_not_folded():
    assert fold("VERSION:2.0") == "VERSION:2.0\r\n"


def test_text_values_are_escaped():
    assert escape_text("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne"


def test_event_times_are_utc_and_cover_whole_days():
    moscow = ZoneInfo("Europe/Moscow")
    text = calendar("Marathon", [{"uid": "m-stage-1", "start": dt.datetime(2015, 2, 1, tzinfo=moscow),
                                  "end": dt.datetime(2015, 4, 1, tzinfo=moscow), "summary": "Stage 1", "url": "m/stages/1/"}],
                    dt.date(2015, 3, 2), "example.org", link=lambda u: "https://example.org/" + u)
    lines = text.split("\r\n")
    assert lines[0] == "BEGIN:VCALENDAR" and lines[-2] == "END:VCALENDAR" and lines[-1] == ""
    assert "\n" not in text.replace("\r\n", "")
    for wanted in ["UID:m-stage-1@example.org", "DTSTAMP:20150302T000000Z", "DTSTART:20150131T210000Z",
                   "DTEND:20150331T210000Z", "SUMMARY:Stage 1", "URL:https://example.org/m/stages/1/"]:
        assert wanted in lines


def test_the_built_calendar_depends_on_the_data_only(tmp_path):
    first = build_project(write_project(tmp_path / "a"), tmp_path / "out-a")
    second = build_project(write_project(tmp_path / "b"), tmp_path / "out-b")
    a = (first / "spring" / "calendar.ics").read_bytes()
    assert a == (second / "spring" / "calendar.ics").read_bytes()
    assert b"DTSTAMP:20150402T000000Z\r\n" in a  # the newest game's day
    assert a.count(b"BEGIN:VEVENT") == 2
    assert b"URL:" not in a  # base_url "/" has no host: no absolute address to give
    assert b'href="calendar.ics"' in (first / "spring" / "index.html").read_bytes()  # beside the page
