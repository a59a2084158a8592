"""Which problems an evaluation covers: platforms and a contest-date window (LiveCodeBench-style)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .config_keys import did_you_mean


@dataclass(frozen=True)
class Window:
    """Which problems a run covers: platforms and a contest-date window [after, before)."""

    platforms: tuple[str, ...] = ()
    after: str | None = None  # ISO date, inclusive
    before: str | None = None  # ISO date, exclusive

    def admits(self, platform: str | None, contest_date: str | None) -> bool:
        if self.platforms and (platform or "").lower() not in self.platforms:
            return False
        if (self.after or self.before) and not contest_date:
            return False  # an undated problem cannot be placed in a date window
        if self.after and contest_date[:10] < self.after:
            return False
        if self.before and contest_date[:10] >= self.before:
            return False
        return True

    def describe(self) -> str | None:
        parts = []
        if self.after or self.before:
            parts.append(f"contest date in [{self.after or '…'}, {self.before or '…'})")
        if self.platforms:
            parts.append("platform " + "|".join(self.platforms))
        return ", ".join(parts) or None

    def missing_platforms(self, present: Iterable[str | None]) -> str | None:
        """One line when a platform asked for is on no problem (a typo such as ``codeforce`` would
        otherwise judge nothing and exit 0), with the closest present ones; None when all are there."""
        have = sorted({p.lower() for p in present if p})
        missing = [p for p in self.platforms if p not in have]
        if not missing:
            return None
        hints = "".join(did_you_mean(p, have) for p in missing)
        return (
            f"--platform {','.join(missing)}: no problem is on it{hints} "
            f"(platforms present: {', '.join(have) or 'none recorded'})"
        )
