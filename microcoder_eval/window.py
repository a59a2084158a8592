"""Which problems an evaluation covers: platforms and a contest-date window (LiveCodeBench-style)."""
from __future__ import annotations

from dataclasses import dataclass


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

