"""Injected API faults: rate limiting (429 with a retry-after) and server errors (500/502/503).

Production workspace APIs throttle and fail now and then (book 12.6, "API rate limits
matter"); a policy trained without faults gives up or invents results after its first 429.
`FaultInjector.fault(index)` decides, before API call `index` runs, whether it fails instead
(the episode counts the apps' calls; the assistant's ask_user and request_confirmation are
not API calls and are never faulted). The decision is a pure function of (seed, index): the
same episode replayed sees the same faults,
and nothing sleeps (`retry_after` is only reported). A call right after an injected fault is
never faulted, so one retry always gets through (the expert relies on it).
"""

from __future__ import annotations

import random

from veriloop.envs.workspace.world import WorkspaceError

SERVER_ERRORS = {500: "internal server error, try again",
                 502: "bad gateway, try again",
                 503: "service unavailable, try again"}


class FaultInjector:
    def __init__(self, rate_429: float = 0.0, rate_5xx: float = 0.0,
                 seed: int | str = 0) -> None:
        if rate_429 < 0 or rate_5xx < 0 or rate_429 + rate_5xx > 1:
            raise ValueError(f"fault rates must be >= 0 and sum to at most 1, got "
                             f"rate_429={rate_429}, rate_5xx={rate_5xx}")
        self.rate_429, self.rate_5xx, self.seed = rate_429, rate_5xx, seed

    @classmethod
    def from_rate(cls, fault_rate: float, seed: int | str = 0) -> FaultInjector:
        """`fault_rate` split evenly between 429s and 5xx errors."""
        return cls(fault_rate / 2, fault_rate / 2, seed)

    def _draw(self, index: int) -> WorkspaceError | None:
        rng = random.Random(f"faults:{self.seed}:{index}")
        u = rng.random()
        if u < self.rate_429:
            return WorkspaceError(429, "rate limit exceeded, retry later",
                                  retry_after=float(rng.randint(1, 5)))
        if u < self.rate_429 + self.rate_5xx:
            status = rng.choice(sorted(SERVER_ERRORS))
            return WorkspaceError(status, SERVER_ERRORS[status])
        return None

    def fault(self, index: int) -> WorkspaceError | None:
        """The fault injected into call `index` (0-based), or None."""
        if self.rate_429 + self.rate_5xx == 0:
            return None
        # a call faults when its draw says so and the call before it did not fault
        run = 0
        while index - run - 1 >= 0 and self._draw(index - run - 1) is not None:
            run += 1
        draw = self._draw(index)
        return draw if run % 2 == 0 else None
