"""Digests of values never changed once made, kept under a name while the value is the
very same object.

An online marathon's recompute keeps a player's games in a stage (a tuple) when they did
not change. After one changed result, some 200 player pages are rendered again for their
rank lines: their keys (page_cache) and their games tables (table_memo) then take each
stage's games by this digest instead of pickling them again.

In `serve` (`keep`) a forked render worker hands back the digests it made (worker_memos),
and the building process keeps one only for the value it `expect`ed under that name: a
value alive in it when the worker forked, held since, so a worker's object with that id is
that value itself. Without `keep` (the command line: one build) nothing is handed back.

value_digest is the one digest of a value that page_cache and table_memo key by.
"""

from __future__ import annotations

import hashlib
import pickle
from typing import Any, Callable, Hashable

from site_gen.rebuild import worker_memos


def value_digest(value: Any) -> bytes | None:
    """SHA-256 of the value's pickle; None when it can't be pickled."""
    try:
        return hashlib.sha256(pickle.dumps(value, protocol=5)).digest()
    except Exception:  # noqa: BLE001 - lambdas, open files...: no digest, always rendered
        return None


class KeptDigests(worker_memos.HandedBack):
    def __init__(self, pickled: Callable[[Any], Any] = lambda value: value) -> None:
        super().__init__()  # made: (name, id of the value, digest)
        self.pickled = pickled  # what of a value is pickled: a form cheaper to pickle, as its columns
        self.kept = False  # serve: hand back and take what workers made
        self.known: dict[Hashable, tuple[Any, bytes]] = {}  # name -> (value, digest)
        self.expected: dict[Hashable, Any] = {}  # serve: name -> the value of this build

    def keep(self) -> None:
        self.kept = True

    def digest(self, name: Hashable, value: Any) -> bytes:
        """SHA-256 of the pickle of pickled(value), the one known under `name` when made of this very value."""
        digest = self.known_digest(name, value)
        if digest is None:
            digest = hashlib.sha256(pickle.dumps(self.pickled(value), protocol=5)).digest()
            self.known[name] = (value, digest)
            if self.kept:
                self._made((name, id(value), digest))
        return digest

    def known_digest(self, name: Hashable, value: Any) -> bytes | None:
        """digest() when it is known already, else None: for a use that only gains from a
        digest made for another (a table's source, from its page's key), never worth a pickle."""
        known = self.known.get(name)
        return known[1] if known is not None and known[0] is value else None

    def expect(self, name: Hashable, value: Any) -> None:
        """serve, before the workers fork: `value` is the one of this build under `name`."""
        if self.kept:
            self.expected[name] = value

    def take(self, made: list[tuple[Hashable, int, bytes]]) -> None:
        for name, value_id, digest in made:
            value = self.expected.get(name)
            if value is not None and id(value) == value_id:
                self.known[name] = (value, digest)


def kept_digests(pickled: Callable[[Any], Any] = lambda value: value) -> KeptDigests:
    """A KeptDigests whose workers' digests come back to the building process."""
    return worker_memos.register(KeptDigests(pickled))
