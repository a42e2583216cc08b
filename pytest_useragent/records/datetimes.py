"""Date and time fields as a person meets them. Pure.

A date field (`<input type=date>`, and time, datetime-local, month, week) shows its value in the browser's own
layout (Chromium in en-US: `12/24/2026`, `09:30 AM`), and a person types that layout into it, segment by segment; a
script sets its value only in one ISO form (`2026-12-24`). The ai snapshot says `textbox "Date"` and no more. A
`Layout` is the field's segments and the text between them, as the browser lays them out for a sample value
(`browser/datefields.py` reads it from the field's own shadow tree, not from `Intl`, which a context's locale changes
while the field does not). From it: the layout in words for the snapshot line (`textbox "Date" [date=mm/dd/yyyy]`),
an example, and what a person typed in that layout as the ISO value the field takes (`to_iso`).
"""

from __future__ import annotations

import calendar
import datetime
import re
from dataclasses import dataclass

ISO_FORMATS = {
    "date": "YYYY-MM-DD, e.g. 2026-12-24",
    "time": "HH:MM, e.g. 09:30",
    "datetime-local": "YYYY-MM-DDTHH:MM, e.g. 2026-12-24T09:30",
    "month": "YYYY-MM, e.g. 2026-12",
    "week": "YYYY-Www, e.g. 2026-W52",
}
"""Input types whose value a script may set only in one form; the form, for the model."""
SAMPLES = {
    "date": "2026-12-24",
    "time": "09:30",
    "datetime-local": "2026-12-24T09:30",
    "month": "2026-12",
    "week": "2026-W52",
}
"""The value a field is laid out with to read its layout: every segment shows (a time's seconds only when its step
asks for them)."""
ATTRIBUTES = {"date": "date", "time": "time", "datetime-local": "date-time", "month": "month", "week": "week"}
"""The snapshot attribute each type is named by: `textbox "When" [date-time=mm/dd/yyyy, hh:mm AM/PM]`."""
SEGMENTS = ("year", "month", "day", "week", "hour", "minute", "second", "millisecond", "ampm")
TOKENS = {
    "year": "yyyy",
    "month": "mm",
    "day": "dd",
    "week": "ww",
    "hour": "hh",
    "minute": "mm",
    "second": "ss",
    "millisecond": "sss",
    "ampm": "AM/PM",
}
"""How each segment is written in a layout told to the model."""
TEXT = "text"
"""The kind of a part that is the text between segments."""
MONTHS = {name.lower(): number for number, name in enumerate(calendar.month_name) if name} | {
    name.lower(): number for number, name in enumerate(calendar.month_abbr) if name
}
"""English month names and their abbreviations (a month field in English shows `December 2026`)."""
_PATTERNS = {
    "year": r"(?P<year>\d{4})",
    "month": r"(?P<month>\d{1,2})",
    "day": r"(?P<day>\d{1,2})",
    "week": r"(?P<week>\d{1,2})",
    "hour": r"(?P<hour>\d{1,2})",
    "minute": r"(?P<minute>\d{2})",
    "second": r"(?P<second>\d{2})",
    "millisecond": r"(?P<millisecond>\d{1,3})",
    "ampm": r"(?P<ampm>[ap]\.?\s*m?\.?)",
}
_NAMED_MONTH = r"(?P<month>[^\W\d_]+\.?|\d{1,2})"
_TIMES = ("hour", "minute", "second", "millisecond")


@dataclass(frozen=True)
class Layout:
    """A field's layout: its parts in order, each a segment (`month`, `day` ... with the sample's text, `12`) or the
    text between two (`/`, `, `)."""

    kind: str
    """The input's type: date, time, datetime-local, month, week."""
    parts: tuple[tuple[str, str], ...]

    @property
    def shown(self) -> str:
        """The layout in words: `mm/dd/yyyy`, `hh:mm AM/PM`, `Month yyyy` (a month shown by its name)."""
        return "".join(self._token(kind, text) for kind, text in self.parts).strip()

    @property
    def example(self) -> str:
        """The sample value as the field shows it: `12/24/2026`."""
        return "".join(_spaced(text) for _, text in self.parts).strip()

    @property
    def attribute(self) -> tuple[str, str]:
        """The snapshot attribute that names the field and its layout: (`date`, `mm/dd/yyyy`)."""
        return ATTRIBUTES[self.kind], self.shown.replace("]", ")").replace("[", "(")

    def _token(self, kind: str, text: str) -> str:
        if kind == TEXT:
            return _spaced(text)
        if kind == "month" and not text.strip().isdigit():
            return "Month"
        return TOKENS.get(kind, text)

    def usable(self) -> bool:
        """Whether the layout is one `to_iso` can read: known segments, each of its own kind once, and every one its
        type's ISO value needs."""
        kinds = [kind for kind, _ in self.parts if kind != TEXT]
        needed = {
            "date": {"year", "month", "day"},
            "time": {"hour", "minute"},
            "datetime-local": {"year", "month", "day", "hour", "minute"},
            "month": {"year", "month"},
            "week": {"year", "week"},
        }.get(self.kind)
        return (
            needed is not None
            and all(kind in SEGMENTS for kind in kinds)
            and len(kinds) == len(set(kinds))
            and needed <= set(kinds)
        )


def _spaced(text: str) -> str:
    """The text between segments as a person types it: a narrow or no-break space is a space."""
    return re.sub(r"\s", " ", text)


def forms(layout: Layout | None, kind: str) -> str:
    """The forms a field of `kind` takes, in words for the model: as it shows (when its layout is known), then ISO."""
    iso = ISO_FORMATS[kind]
    if layout is None or not layout.usable():
        return f"as {iso}"
    return f"as it shows, {layout.shown} (e.g. {layout.example}), or as {iso}"


def to_iso(text: str, layout: Layout) -> str | None:
    """What a person typed in the field's layout (`12/24/2026`, `9:30 pm`, `December 2026`, `Week 52, 2026`) as the
    ISO value the field takes; None when the text is not in that layout or names no real date or time. The text
    between segments is matched as it stands, spaces aside (and a comma, which Chromium's own keys skip); case is
    ignored."""
    if not layout.usable():
        return None
    pattern = "".join(_part(kind, between, layout.kind) for kind, between in layout.parts)
    found = re.fullmatch(pattern, text.strip(), re.IGNORECASE)
    if found is None:
        return None
    got = {key: value for key, value in found.groupdict().items() if value is not None}
    try:
        return _iso(layout.kind, got)
    except ValueError:
        return None


def _part(kind: str, between: str, field: str) -> str:
    if kind != TEXT:
        return _NAMED_MONTH if kind == "month" and field == "month" else _PATTERNS[kind]
    words = [",?" if word == "," else re.escape(word) for word in between.split()]  # a comma a person may leave out
    return r"\s*" + r"\s*".join(words) + r"\s*" if words else r"\s*"


def _iso(kind: str, got: dict[str, str]) -> str:
    """The ISO value of the segments read; ValueError for a date or time that does not exist."""
    day = time = ""
    if "year" in got and "month" in got:
        month = _month(got["month"])
        if "day" in got:
            day = datetime.date(int(got["year"]), month, int(got["day"])).isoformat()
        elif not 1 <= month <= 12:
            raise ValueError("no such month")
        else:
            day = f"{int(got['year']):04d}-{month:02d}"
    if "week" in got:
        datetime.date.fromisocalendar(int(got["year"]), int(got["week"]), 1)
        day = f"{int(got['year']):04d}-W{int(got['week']):02d}"
    if "hour" in got:
        time = _time(got)
    return {"date": day, "month": day, "week": day, "time": time, "datetime-local": f"{day}T{time}"}[kind]


def _month(text: str) -> int:
    if text.isdigit():
        return int(text)
    number = MONTHS.get(text.lower().rstrip("."))
    if number is None:
        raise ValueError("no such month")
    return number


def _time(got: dict[str, str]) -> str:
    hour = int(got["hour"])
    if "ampm" in got:
        if not 1 <= hour <= 12:
            raise ValueError("no such hour")
        hour = hour % 12 + (12 if got["ampm"].lower().startswith("p") else 0)
    parts = datetime.time(hour, int(got["minute"]), int(got.get("second", 0)), int(got.get("millisecond", 0)) * 1000)
    iso = f"{parts.hour:02d}:{parts.minute:02d}"
    if "second" in got:
        iso += f":{parts.second:02d}"
    if "millisecond" in got:
        iso += f".{int(got['millisecond']):03d}"
    return iso
