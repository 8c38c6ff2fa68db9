"""Memos that outlive one battle and hold geometry: one copy per thread.

A ruleset keeps the geometry of a map (terrain indexes, path finders,
prepared polygons) from one battle to the next, because it depends on the
terrain alone (design.md, Principles 1). GEOS prepared geometries build
their internal indexes lazily on first use, and two threads doing that on
the same geometry at once corrupt memory (libgeos/geos#825): a balance
experiment or a test that plays battles in threads crashed the process.
These memos therefore give each thread its own entries: a battle played in
one thread never touches geometry another thread is building or querying.
Within a thread they behave as a plain dict or ``functools.lru_cache``.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator, MutableMapping
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


class PerThread(MutableMapping):
    """A dict of which every thread sees its own copy (starting empty).

    Use it for module-level memos whose values hold shapely geometry.
    """

    def __init__(self) -> None:
        self._local = threading.local()

    def _d(self) -> dict:
        d = getattr(self._local, "d", None)
        if d is None:
            d = self._local.d = {}
        return d

    def __getitem__(self, key):
        return self._d()[key]

    def __setitem__(self, key, value) -> None:
        self._d()[key] = value

    def __delitem__(self, key) -> None:
        del self._d()[key]

    def __iter__(self) -> Iterator:
        return iter(self._d())

    def __len__(self) -> int:
        return len(self._d())

    def get(self, key, default=None):
        """As ``dict.get`` on this thread's copy (faster than the mixin's)."""
        return self._d().get(key, default)

    def clear(self) -> None:
        """Empty this thread's copy."""
        self._d().clear()


def per_thread_lru_cache(maxsize: int) -> Callable[[F], F]:
    """``functools.lru_cache(maxsize)`` with one cache per thread, for pure
    functions that return shapely geometry (prepared or to be prepared)."""

    def deco(fn: F) -> F:
        local = threading.local()

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            cached = getattr(local, "fn", None)
            if cached is None:
                cached = local.fn = functools.lru_cache(maxsize=maxsize)(fn)
            return cached(*args, **kwargs)

        return wrapper  # type: ignore[return-value]

    return deco
