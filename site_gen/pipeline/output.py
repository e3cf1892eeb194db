"""Writing the site: everything goes to a staging folder, which takes the output's place in
one atomic step only once the whole build has succeeded, so readers (and a build killed
half way) never see half a site.

Files whose bytes did not change are hard-linked from the previous output instead of
written again, so they keep their modification times and a deploy uploads only what changed.
"""

from __future__ import annotations

import itertools
import os
import stat

from site_gen.rebuild.linked_spare import wait_for_spare

# glob, shutil, threading and ctypes are imported where they are used, and pathlib only
# names types here: a build that finds nothing changed imports this module for
# check_output_folder alone
TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from pathlib import Path

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2
_removals = itertools.count()  # numbers the previous sites a serve removes after its rebuilds
_removing: set[Path] = set()  # those this process's threads are still removing


def output_path(url: str) -> str:
    """The file of a site-relative URL: folders get an index.html."""
    return url + "index.html" if url == "" or url.endswith("/") else url


def check_output_folder(out: str | os.PathLike, root: str | os.PathLike) -> str | None:
    """Why `out` must not be used (the repository itself or a folder holding its data)."""
    out_r, root_r = os.path.realpath(out), os.path.realpath(root)
    if _within(root_r, out_r):
        return f"the output folder {out} would replace the repository; choose a folder such as _site"
    if os.path.exists(out_r) and not os.path.isdir(out_r):
        return f"the output folder {out} is a file; choose a folder such as _site"
    for part in (".git", "data", "content", "templates", "themes", "static"):
        source = os.path.join(root_r, part)
        if _within(out_r, source) or _within(source, out_r):
            return f"the output folder {out} overlaps {part}/; choose a folder such as _site"
    return None


def _within(path: str, folder: str) -> bool:
    """Whether the resolved `path` is the resolved `folder` or inside it."""
    return path == folder or path.startswith(folder.rstrip("/") + "/")


class Staging:
    """The folder beside `out` that a build writes into (from the render workers too, each
    file once); it takes the output's place in one step (`commit`) once the whole build
    has succeeded, else it is removed (`discard`). A folder left by a killed build is
    removed when the next one starts.

    With a `spare` (a folder on the output's file system, such as one under
    .site-gen-cache/), the site a commit replaces is kept there, and the next build stages
    into it rather than into a new folder: its folders are already made, and each file the
    output kept is already there, the very file. That spares a rebuild of a large site making
    a folder per player page and removing as many, the slowest part of writing it. What the
    spare holds beyond this build's files goes (`prune`); nothing in it is ever written into,
    as its files may be the output's own. A spare's file that this build replaces is moved
    aside rather than removed (`trash`): unlinking a file of the site before last costs ~3 ms
    of waiting for the disk each, and `serve` removes them after the reload instead."""

    def __init__(self, out: Path, spare: Path | None = None):
        import glob
        import shutil

        self.out = out.resolve()
        self.spare = spare
        if spare is not None:
            wait_for_spare(spare)  # serve's, made after its first build
        self.folder = self.out.with_name(f".{self.out.name}.staging")
        if self.folder.exists():
            shutil.rmtree(self.folder)
        for left in self.out.parent.glob(f".{glob.escape(self.out.name)}.old-*"):  # a stopped serve's removal
            if left not in _removing:  # not one this process is removing: a quick second edit need not wait
                shutil.rmtree(left, ignore_errors=True)
        self.reused = spare is not None and _take_spare(spare, self.folder)
        if not self.reused:
            self.folder.mkdir(parents=True)
        self._made: set[Path] = {self.folder}  # per process: forked workers make their own
        # the spare's files this build replaces, removed at the end: one folder, made before
        # the render workers fork, so that the commit removes what they set aside too
        self.trash: Path | None = None
        if self.reused:
            self.trash = self._aside()
            self.trash.mkdir()
        self._trashed = itertools.count()

    def put(self, rel: str, data: bytes) -> bool:
        """Stage a file; True when its bytes differ from the previous output's (written),
        False when that file was linked instead (or, in a reused spare, is there already)."""
        old = self.out / rel
        unchanged = _holds(old, data)  # the previous output's file is read once, whatever follows
        if unchanged and self.reused and _same_file(old, self.folder / rel):
            return False  # the spare's file is the output's
        target = self._target(rel)
        if unchanged and _linked(old, target):
            return False
        target.write_bytes(data)
        return True

    def keep(self, rel: str, size: int) -> bool:
        """Stage the previous output's file as it is (a page whose inputs did not change),
        without reading it; False when it is not there with `size` bytes."""
        old = f"{self.out}/{rel}"  # strings, not Paths: serve keeps a thousand pages this way
        try:
            info = os.lstat(old)
            if not stat.S_ISREG(info.st_mode) or info.st_size != size:
                return False
            if self.reused and _same_file(old, f"{self.folder}/{rel}", info):
                return True
            os.link(old, self._target(rel))
            return True
        except OSError:
            return False

    def _target(self, rel: str) -> Path:
        """Where `rel` is staged, its folder made; in a reused spare, whatever is at that
        path is moved aside first (files are replaced, never written into)."""
        target = self.folder / rel
        if target.parent not in self._made:
            _make_folder(self.folder, target.parent)
            self._made.add(target.parent)
        if self.reused:
            self._set_aside(target)
        return target

    def _aside(self) -> Path:
        """A new name beside the output for a folder to remove: one the next build removes
        if this process is stopped before it has (see __init__)."""
        return self.out.with_name(f".{self.out.name}.old-{os.getpid()}-{next(_removals)}")

    def _set_aside(self, path: Path) -> None:
        """Move whatever is at `path` into the trash folder (beside the output, named so
        that a killed build's is removed like a stopped serve's removal)."""
        try:
            os.rename(path, self.trash / f"{os.getpid()}-{next(self._trashed)}")  # workers share the folder
        except FileNotFoundError:
            pass

    def prune(self, staged: set[str]) -> None:
        """Remove what a reused spare holds beyond `staged` (every file this build staged,
        by output path), and the folders left empty."""
        if self.reused:
            _prune(self.folder, "", staged)

    def commit(self, remove_later: bool = False) -> None:
        """Put the staged site in the output's place. The previous site is kept as the
        spare when there is one; else removed: `remove_later` (serve) by a thread after
        this returns, so the browser reloads without waiting for thousands of files to be
        unlinked."""
        import shutil
        import threading

        previous = _swap_in(self.folder, self.out)
        removals = [self.trash] if self.trash is not None else []
        self.trash = None
        if previous is not None and not (self.spare is not None and _keep_as_spare(previous, self.spare)):
            if remove_later:
                aside = self._aside()
                os.rename(previous, aside)
                removals.append(aside)
            else:
                removals.append(previous)
        for folder in removals:
            if remove_later:
                _removing.add(folder)
                threading.Thread(target=_remove, args=(folder,), daemon=True).start()
            else:
                shutil.rmtree(folder)

    def discard(self) -> None:
        import shutil

        shutil.rmtree(self.folder, ignore_errors=True)
        if self.trash is not None:
            shutil.rmtree(self.trash, ignore_errors=True)
            self.trash = None


def _take_spare(spare: Path, folder: Path) -> bool:
    """Move the spare into the staging folder's place; False when there is none (or it
    can't be moved: another file system)."""
    try:
        os.rename(spare, folder)
        return True
    except OSError:
        return False


def _keep_as_spare(previous: Path, spare: Path) -> bool:
    import shutil

    try:
        if os.path.lexists(spare):  # a spare the last build did not take (it failed to)
            shutil.rmtree(spare)
        spare.parent.mkdir(parents=True, exist_ok=True)
        os.rename(previous, spare)
        return True
    except OSError:
        return False


def _same_file(a: str | Path, b: str | Path, a_info: os.stat_result | None = None) -> bool:
    """Whether `a` and `b` are one regular file (two links to the same inode)."""
    try:
        a_info = a_info or os.lstat(a)
        b_info = os.lstat(b)
    except OSError:
        return False
    return stat.S_ISREG(a_info.st_mode) and (a_info.st_ino, a_info.st_dev) == (b_info.st_ino, b_info.st_dev)


def _holds(path: Path, data: bytes) -> bool:
    """Whether the file `path` has these bytes (False when it can't be read)."""
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


def _clear(path: Path) -> None:
    """Remove whatever is at `path` (a file, a link or a folder tree), if anything."""
    import shutil

    try:
        info = path.lstat()
    except FileNotFoundError:
        return
    if stat.S_ISDIR(info.st_mode):
        shutil.rmtree(path)
    else:
        os.unlink(path)


def _make_folder(root: Path, folder: Path) -> None:
    """Make `folder` under `root`, replacing any file that stands where one of its folders
    must be (a reused spare held an older site whose paths differ)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return
    except (FileExistsError, NotADirectoryError):
        pass
    path = root
    for part in folder.relative_to(root).parts:
        path = path / part
        if not path.is_dir() or path.is_symlink():
            _clear(path)
            path.mkdir(exist_ok=True)


def _prune(folder: str | Path, prefix: str, staged: set[str]) -> bool:
    """Remove the files under `folder` whose output path (`prefix` + name) is not in
    `staged`, and the folders that leaves empty; True when `folder` is left empty."""
    empty = True
    with os.scandir(folder) as entries:
        for entry in entries:
            rel = prefix + entry.name
            if entry.is_dir(follow_symlinks=False):
                if _prune(entry.path, rel + "/", staged):
                    os.rmdir(entry.path)
                else:
                    empty = False
            elif rel in staged:
                empty = False
            else:
                os.unlink(entry.path)
    return empty


def _remove(aside: Path) -> None:
    import shutil

    try:
        shutil.rmtree(aside, ignore_errors=True)
    finally:
        _removing.discard(aside)


def _linked(old: Path, target: Path) -> bool:
    """Link `target` to the file `old`; False when that can't be done (e.g. another file system)."""
    try:
        os.link(old, target)
        return True
    except OSError:
        return False


def _swap_in(staging: Path, out: Path) -> Path | None:
    """Put `staging` in the place of `out`; the folder now holding the previous site, if any."""
    import shutil

    if not out.exists():
        os.rename(staging, out)
        return None
    if _exchange(staging, out):
        return staging  # now holds the previous site
    # no atomic exchange on this system: the shortest possible gap between two renames
    previous = out.with_name(f".{out.name}.previous")
    if previous.exists():
        shutil.rmtree(previous)
    os.rename(out, previous)
    os.rename(staging, out)
    return previous


def _exchange(a: Path, b: Path) -> bool:
    """Atomically swap two directories (Linux renameat2 RENAME_EXCHANGE)."""
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    result = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    return result == 0
