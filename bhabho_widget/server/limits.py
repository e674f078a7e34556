"""The server's one rate limiter, and what it limits: token buckets by key.

:class:`RateLimiter` keeps a token bucket per key (a connection, a client, a class): ``rate``
tokens a second, at most ``burst`` at once; :meth:`~RateLimiter.take` spends one. The
server uses one for each thing it limits: the messages of a connection, the new tables and
new students of a client, and the wrong guesses (:class:`Guesses`).

A wrong guess (a teacher key, a class or table code, a student's or a seat's token that is
not right) counts against the client that sent it and against what it was aimed at (the
teacher key, the class, the table). A right one is never counted, never slowed and never
refused by these counts: the credentials are long random strings, so a limit on guesses
only has to keep guessing slow and seen, and on a JupyterHub every student comes through
one proxy, where a shared count would let one mistyped code lock the whole class out.
Beyond the limit (either count), a wrong guess is answered after a few seconds (at most
:data:`GUESS_DELAY_MAX`) with :data:`TOO_MANY_GUESSES`, and logged, once a minute per client
and target.

>>> limiter = RateLimiter(rate=1.0, burst=2)
>>> [limiter.take("a") for _ in range(3)], limiter.take("b")
([True, True, False], True)
"""

from __future__ import annotations

import asyncio
import logging
import time

from ..i18n import N_, Message

__all__ = ["GUESS_BURST", "TOO_MANY_GUESSES", "Guesses", "RateLimiter"]

log = logging.getLogger("bhabho_widget.server")

GUESS_BURST = 10
"""Wrong guesses one client (or against one target) may send at once before the hourly rate applies."""
GUESS_DELAY_MAX = 3.0
"""The longest a wrong guess beyond the limit waits for its answer, in seconds."""
TOO_MANY_GUESSES = N_("too many wrong keys or codes from one place: try again later")
"""What a wrong guess beyond the limits is told (a right one is never refused for them)."""
KEYS_MAX = 100_000
"""Buckets a limiter keeps at most; beyond, the full ones are let go first."""


class RateLimiter:
    """Token buckets by key: ``rate`` tokens a second, at most ``burst`` at once (see the module)."""

    __slots__ = ("rate", "burst", "_buckets")

    def __init__(self, rate: float, burst: float) -> None:
        if not rate > 0 or not burst >= 1:
            raise ValueError("a rate limiter needs a rate above 0 and a burst of at least 1")
        self.rate, self.burst = float(rate), float(burst)
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)

    def tokens(self, key: str, now: float | None = None) -> float:
        """The tokens ``key`` has now."""
        now = time.monotonic() if now is None else now
        tokens, when = self._buckets.get(key, (self.burst, now))
        return min(self.burst, tokens + (now - when) * self.rate)

    def take(self, key: str) -> bool:
        """Spend one of ``key``'s tokens; False (and nothing spent) when it has none."""
        now = time.monotonic()
        tokens = self.tokens(key, now)
        if tokens < 1:
            self._buckets[key] = (tokens, now)
            return False
        if len(self._buckets) >= KEYS_MAX and key not in self._buckets:
            self.prune()
        self._buckets[key] = (tokens - 1, now)
        return True

    def spend(self, key: str) -> float:
        """Spend one of ``key``'s tokens even when it has none (it goes below 0, down to
        ``-burst``); returns the seconds it is in debt: how long until it would have had that
        token (0: it had one)."""
        now = time.monotonic()
        tokens = max(-self.burst, self.tokens(key, now) - 1)
        if len(self._buckets) >= KEYS_MAX and key not in self._buckets:
            self.prune()
        self._buckets[key] = (tokens, now)
        return 0.0 if tokens >= 0 else -tokens / self.rate

    def forget(self, key: str) -> None:
        """Let go of ``key``'s bucket (a connection closed)."""
        self._buckets.pop(key, None)

    def prune(self) -> None:
        """Let go of the buckets that are full again (they are as a new one would be)."""
        now = time.monotonic()
        self._buckets = {k: v for k, v in self._buckets.items() if self.tokens(k, now) < self.burst}

    def __len__(self) -> int:
        return len(self._buckets)


class Guesses:
    """Wrong credentials, counted per client and per target (see the module's docstring).

    >>> guesses = Guesses(per_hour=3600, burst=2)
    >>> [round(guesses.wrong("client:a", "the teacher key"), 1) for _ in range(3)]
    [0.0, 0.0, 1.0]
    >>> guesses.wrong("client:b", "class:x")  # another client, another target: not slowed
    0.0
    """

    def __init__(self, per_hour: float, burst: float = GUESS_BURST) -> None:
        self.by_client = RateLimiter(per_hour / 3600, burst)
        self.by_target = RateLimiter(per_hour / 3600, burst)
        self._logged: dict[tuple[str, str], float] = {}

    def wrong(self, client: str, target: str) -> float:
        """Count a wrong guess of ``client`` against ``target``; returns the seconds its answer
        waits (0 within both limits, at most :data:`GUESS_DELAY_MAX`). Beyond a limit, a line
        is logged, at most once a minute per client and target."""
        delay = min(GUESS_DELAY_MAX, max(self.by_client.spend(client), self.by_target.spend(target)))
        if delay:
            now = time.monotonic()
            if now - self._logged.get((client, target), -60.0) >= 60:
                if len(self._logged) > 10_000:
                    self._logged.clear()
                self._logged[(client, target)] = now
                log.warning("wrong guesses beyond the limit from %s against %s: each is answered after %.0f s",
                            client[:80], target[:80], delay)
        return delay

    async def refusal(self, client: str, target: str, refusal: Message) -> Message:
        """Count a wrong guess (:meth:`wrong`), wait as long as its answer must, and return what
        it is told: ``refusal``, or beyond a limit :data:`TOO_MANY_GUESSES`."""
        delay = self.wrong(client, target)
        if not delay:
            return refusal
        await asyncio.sleep(delay)
        return Message(TOO_MANY_GUESSES)

    def prune(self) -> None:
        self.by_client.prune()
        self.by_target.prune()
