"""A small thread-safe cache that forgets the least recently used entry: for hints and reviews.

A hint or a review with a seed is worked out once and kept, so that asking again (the
table's Hint button twice, a review reopened) answers at once. The widgets ask from
threads, so every step holds a lock.

Why not a library's: :func:`functools.lru_cache` memoizes calls of one function, while the
review asks for many keys at once to find those still to work out, works them out in chunks
(in other processes too) and keeps only results with a seed; ``cachetools.LRUCache`` has
the same get and put, but is not thread-safe, so the lock would stay and a dependency would be
added for the twenty lines of :class:`collections.OrderedDict` below.

>>> cache = LRUCache(2)
>>> cache.put("a", 1); cache.put("b", 2)
>>> cache.get("a")        # "a" is now the most recently used
1
>>> cache.put("c", 3)     # so "b" goes
>>> cache.get("b") is None, cache.get("c"), len(cache)
(True, 3, 2)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

__all__ = ["LRUCache"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LRUCache(Generic[K, V]):
    """At most ``maxsize`` entries; :meth:`get` marks an entry as used, :meth:`put` forgets
    the least recently used ones beyond ``maxsize``. Values are never None."""

    def __init__(self, maxsize: int) -> None:
        if not isinstance(maxsize, int) or isinstance(maxsize, bool) or maxsize < 1:
            raise ValueError(f"maxsize must be a positive whole number, not {maxsize!r}")
        self.maxsize = maxsize
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (now the most recently used), or None."""
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key`` as the most recently used entry."""
        if value is None:
            raise ValueError("an LRUCache keeps no None values")
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.maxsize:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)
