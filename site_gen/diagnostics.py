"""Problems found in the input, reported as `path:line: severity: message`.

Nothing reports through logging: every reader appends to a `Diagnostics` list so a
single run can show every problem at once.
"""

from __future__ import annotations

from collections import namedtuple

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from pathlib import Path

ERROR = "error"
WARNING = "warning"
NOTICE = "notice"
_SEVERITY_ORDER = {ERROR: 0, WARNING: 1, NOTICE: 2}


# a named tuple, not a dataclass: an unchanged build replays diagnostics and imports no dataclasses
class Diagnostic(namedtuple("Diagnostic", ["path", "line", "severity", "message"])):
    """One problem: the file (as shown), its line (None: the whole file), its severity, the message."""

    __slots__ = ()

    def format(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return visible(f"{where}: {self.severity}: {self.message}")


# Messages quote the data: a line break (or U+2028) in a name would forge further lines
# in a CI log, an escape sequence would drive the terminal, a bidi control would reorder
# the text. They are shown as \n, \u001b, \u202e. A table, not a regular expression: an
# unchanged build gives its warnings again and imports no `re` (nor pathlib) for that.
_INVISIBLE = {code: f"\\u{code:04x}" for code in [*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029,
                                                   *range(0x202A, 0x202F), *range(0x2066, 0x206A)]}
_INVISIBLE.update({ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t"})


def github_command(diagnostic: Diagnostic) -> str:
    """The diagnostic as a GitHub Actions workflow command (`::error file=F,line=N,title=T::M`),
    which a pull request shows beside that line of the file. A value is escaped as the
    runner reads it back: % and line breaks everywhere, and in properties also , and :."""
    def data(text: str) -> str:
        return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")

    def prop(text: str) -> str:
        return data(text).replace(":", "%3A").replace(",", "%2C")

    where = f"file={prop(diagnostic.path)}" + ("" if diagnostic.line is None else f",line={diagnostic.line}")
    title = prop(f"site-gen check: {diagnostic.severity}")
    return f"::{diagnostic.severity} {where},title={title}::{data(visible(diagnostic.message))}"


def visible(text: str) -> str:
    """The text with control, line-separator and bidi characters shown as escapes."""
    return text.translate(_INVISIBLE)


class Diagnostics:
    """An append-only collection of diagnostics, shared by every reader of one run."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root
        self.items: list[Diagnostic] = []
        self._shown: dict = {}  # path -> as shown

    def _rel(self, path: Path | str) -> str:
        # resolving is slow and a broken file can get an error on each of its rows
        if path not in self._shown:
            self._shown[path] = self._relative(path)
        return self._shown[path]

    def _relative(self, path: Path | str) -> str:
        from pathlib import Path  # not on an unchanged build's way: it adds no diagnostics

        p = Path(path)
        if self.root is not None:
            try:
                # the folders resolved, not the file itself: a symbolic link is named as itself
                p = (p.parent.resolve() / p.name).relative_to(Path(self.root).resolve())
            except (ValueError, OSError, RuntimeError):  # outside the root, or a link loop
                pass
        return p.as_posix()

    def add(self, severity: str, path: Path | str, line: int | None, message: str) -> None:
        self.items.append(Diagnostic(self._rel(path), line, severity, message))

    def error(self, path: Path | str, line: int | None, message: str) -> None:
        self.add(ERROR, path, line, message)

    def warning(self, path: Path | str, line: int | None, message: str) -> None:
        self.add(WARNING, path, line, message)

    def notice(self, path: Path | str, line: int | None, message: str) -> None:
        self.add(NOTICE, path, line, message)

    def games_left_out(self, path: Path | str, counted: int, left_out: int) -> None:
        """Note how many games of a results file count and how many do not (each of those
        has its own line's notice or warning): a rule set whose standings leave games out
        says so here, and `build`, which shows no notices, ends with games_summary()."""
        if left_out:
            self.notice(path, None, f"{_games(counted)} counted, {left_out}{_LEFT_OUT}")

    def games_summary(self) -> list[str]:
        """A line per results file that left games out, for `build` to end with; replayed
        diagnostics give the same lines (build_state records every diagnostic). String
        methods, not a regex: an unchanged build's answer imports no `re`."""
        lines = []
        for d in self.items:
            if d.severity == NOTICE and d.line is None and d.message.endswith(_LEFT_OUT):
                counted, _, left_out = d.message[:-len(_LEFT_OUT)].partition(" counted, ")
                if left_out.isdigit() and counted.split(" ")[0].isdigit():
                    lines.append(visible(f"{d.path}: {counted} counted, {left_out} left out: see `site-gen check`"))
        return lines

    @property
    def has_errors(self) -> bool:
        return any(d.severity == ERROR for d in self.items)

    def count(self, severity: str) -> int:
        return sum(1 for d in self.items if d.severity == severity)

    def sorted(self) -> list[Diagnostic]:
        """File order, then line order; stable for equal positions (report order kept)."""
        indexed = list(enumerate(self.items))
        indexed.sort(key=lambda t: (t[1].path, t[1].line or 0, t[0]))
        return [d for _, d in indexed]

    def format(self, min_severity: str = NOTICE, style: str = "text") -> list[str]:
        """Each diagnostic at least as severe as `min_severity`, in file and line order: as
        `path:line: severity: message` (style "text") or a GitHub workflow command ("github")."""
        limit = _SEVERITY_ORDER[min_severity]
        show = github_command if style == "github" else Diagnostic.format
        return [show(d) for d in self.sorted() if _SEVERITY_ORDER[d.severity] <= limit]


_LEFT_OUT = " left out (each is listed with its line)"  # the end of games_left_out's notice


def _games(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


def did_you_mean(word: str, candidates: Iterable[str], excluded: Mapping[str, str] | None = None) -> str:
    """A ' (did you mean "x"?)' suffix for the closest candidate, or ''.

    The name typed itself is never suggested (it is wrong here for some other reason, and
    "did you mean" the same name would only puzzle): when `excluded` gives that reason
    (name -> why the name does not count here), the suffix says it instead."""
    import difflib  # only when a name is wrong: not on every command's way

    if excluded and word in excluded:
        return f'; "{word}" {excluded[word]}'
    pool = [c for c in dict.fromkeys(str(c) for c in candidates) if c != word]
    close = difflib.get_close_matches(word, pool, n=1, cutoff=0.6)
    if not close:
        lowered = {c.lower(): c for c in pool}
        if word.lower() in lowered:
            close = [lowered[word.lower()]]
    return f'; did you mean "{close[0]}"?' if close else ""
