"""What the status display shows for the dice tray: `DiceTrayPresenter`. Pure (no Kivy), in the
current language. The tray has no seats, so its pads show nothing (the default)."""

from __future__ import annotations

from typing import Any, Mapping

from companion.presenters.game import GamePresenter
from companion.presenters.status_screens import ENGLISH, StatusWords
from companion.presenters.view_fields import whole_number
from companion.ui.text.i18n import _


class DiceTrayPresenter(GamePresenter):
    """The tray's name over how many reads the table has counted, closed or not: the tally is what
    the tray is for."""

    def status_line(self, view: Mapping[str, Any], words: StatusWords = ENGLISH) -> str:
        count = whole_number(view.get("count"))
        return _("Reads counted: {count}").format(count=count) if count is not None and count >= 0 else ""
