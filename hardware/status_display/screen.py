"""`StatusScreen`: what the table status display shows, as a small frozen value.

The app fills it from the game's public view (never a seat's secrets: the display faces the whole
table) with words already in the table's language; the hardware package knows no game rules.
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class StatusScreen:
    """The table's status.

    title:         the top line, usually the game ("Trajan", "图拉真").
    season, seasons: the current season (from 1) of how many; None shows no season.
    round, rounds: the current round (from 1) of how many; None shows no round.
    time, lap:     the time track: spaces moved this round, and spaces in a full lap (Trajan: the
                   round ends when time reaches lap). None shows no track. time may pass lap (a
                   turn's surplus carries into the next round).
    round_ending:  the round ends after the current turn (the track's end is marked).
    season_label, round_label: the words above the two numbers, translated by the caller.
    status:        the bottom line ("Ann's turn", "scoring season 2").
    notice:        what the table was just told, or is warned of ("Undid: Bob — Military → Senate",
                   "▲ This turn ends season 2: scoring follows"): while there is one it takes the
                   counters' and the track's place, wrapped onto up to three lines.
    """

    title: str = ""
    season: int | None = None
    seasons: int = 4
    round: int | None = None
    rounds: int = 4
    time: int | None = None
    lap: int | None = None
    round_ending: bool = False
    season_label: str = "Season"
    round_label: str = "Round"
    status: str = ""
    notice: str = ""

    def __post_init__(self) -> None:
        for name in ("season", "seasons", "round", "rounds", "time", "lap"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise TypeError(f"StatusScreen.{name} must be a whole number or None, got {value!r}")
        for name, total in (("season", self.seasons), ("round", self.rounds)):
            if not 1 <= total <= 12:
                raise ValueError(f"StatusScreen.{name}s must be 1 to 12, got {total}")
            value = getattr(self, name)
            if value is not None and not 1 <= value <= total:
                raise ValueError(f"StatusScreen.{name} must be 1 to {total}, got {value}")
        if (self.time is None) != (self.lap is None):
            raise ValueError("StatusScreen.time and lap go together: both or neither")
        if self.lap is not None and not 1 <= self.lap <= 40:
            raise ValueError(f"StatusScreen.lap must be 1 to 40, got {self.lap}")
        if self.time is not None and self.time < 0:
            raise ValueError(f"StatusScreen.time cannot be negative, got {self.time}")

    @property
    def is_blank(self) -> bool:
        """Nothing to show (no game running): the display is cleared."""
        return self == StatusScreen()
