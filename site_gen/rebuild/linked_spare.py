"""serve's spare made while it waits: after its first build, which replaced no site and so
left no spare (output.Staging keeps the site a build replaces as the next one's spare), a
forked child makes one of links to the output's files, which the first change's build
stages into. In the bench's 2,000-player marathon that spares serve's first rebuild
~0.3 s (best of 6) of making a folder for each page."""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: output.py imports this on every build
if TYPE_CHECKING:
    from pathlib import Path

_spares_in_making: dict[str, int] = {}  # spare folder -> the forked child making it (make_spare)


def make_spare(out: Path, spare: Path) -> None:
    """When there is no spare (the first build of a `serve` replaced no site), make one in
    a forked child: a folder of links to the output's files, which serve's next build
    stages into (Staging waits for the child first). The child works while serve waits
    for a change, so that the first change's build need not make a folder for each page,
    as every later one need not. A failed child leaves no spare, only a slower build."""
    if not hasattr(os, "fork") or os.path.lexists(spare) or str(spare) in _spares_in_making:
        return
    pid = os.fork()
    if pid == 0:  # the child: never back into the caller's code, its exit handlers or buffers
        try:
            _link_copy(out.resolve(), spare)
        finally:
            os._exit(0)
    _spares_in_making[str(spare)] = pid


def _link_copy(out: Path, spare: Path) -> None:
    """Make `spare` a copy of `out` whose files are links to out's, or nothing."""
    import shutil

    making = spare.with_name(spare.name + ".making")  # moved in whole: a half-made one is never taken
    shutil.rmtree(making, ignore_errors=True)
    try:
        _link_tree(str(out), str(making))
        if not os.path.lexists(spare):
            os.rename(making, spare)
    except OSError:
        pass
    shutil.rmtree(making, ignore_errors=True)


def _link_tree(source: str, target: str) -> None:
    os.mkdir(target)
    with os.scandir(source) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                _link_tree(entry.path, os.path.join(target, entry.name))
            elif entry.is_file(follow_symlinks=False):
                os.link(entry.path, os.path.join(target, entry.name))


def wait_for_spare(spare: Path) -> None:
    """Wait for the child making `spare`, if there is one (output.Staging takes it next)."""
    pid = _spares_in_making.pop(str(spare), None)
    if pid is not None:
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass
