"""The whole game's rules the table may read its own way, as the set-up's settings page shows and
changes them (`tribune_settings`): the S/U settings of `companion.games.tribune.settings` the
players decide on (the take-over rule, the first take-over's two cards, several winners …) and the
faction benefit table (`companion.games.tribune.benefits`), each row with its source and mark.

Nothing here decides a rule: a change is only what the set-up sends (`settings` and `benefits` of
`setup`, untouched ones not sent), and the rules check it as they check any set-up. A benefit the
table changes is marked as the table's, as `benefits.parse_table` marks it.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.games.tribune import benefits as bn
from companion.games.tribune import settings as st
from companion.ui.text.i18n import _
from companion.ui.tribune import board_words

#: The settings the page shows, in this order, each with its mark (S: a source says it, with a
#: reply or a reading; U: no source says it). The section is the first part of
#: `settings.describe()`'s source.
SHOWN: dict[str, str] = {
    "takeover_rule": "S", "first_takeover_max_two": "S", "unkept_cards": "S", "several_winners": "U",
    "must_declare": "U", "region_vi_pay_to_look": "U", "region_v_tie_winner_pays": "S",
    "start_player_rotates": "U", "chariot_starts_on_board": "U", "chariot_win_returns_it": "U",
    "scrolls_per_tribune": "U", "max_card_value": "U", "min_bid": "U",
}

#: The numbers a tap steps through, round and round (the rules take any whole number in range;
#: these are the ones a table plausibly reads from its box).
NUMBERS: dict[str, tuple[int, ...]] = {
    "scrolls_per_tribune": (1, 2, 3, 4), "max_card_value": tuple(range(5, 13)), "min_bid": (0, 1, 2, 3, 4, 5),
}

#: What a tap on a benefit gives next: one of these after the other, round and round.
GIFT_CYCLE: tuple[tuple[str, int], ...] = (
    ("money", 1), ("money", 2), ("money", 3), ("legion", 1), ("laurel", 1), ("favour", 1),
    ("temporary_favour", 1), ("scroll", 1), ("proconsul", 1), ("colosseum", 0))

TABLE_SOURCE = "the table's box"


def setting_title(name: str) -> str:
    """A setting in the players' words."""
    titles = {
        "takeover_rule": _("Two claimants of a take-over"),
        "first_takeover_max_two": _("The first take-over: at most 2 cards"),
        "unkept_cards": _("The 2 faction cards not kept"),
        "several_winners": _("Several winners at a round's end"),
        "must_declare": _("Only a declared win counts"),
        "region_vi_pay_to_look": _("Region VI: pay to look at the cards"),
        "region_v_tie_winner_pays": _("Region V tie: space 1 wins and pays"),
        "start_player_rotates": _("The start player passes clockwise"),
        "chariot_starts_on_board": _("The chariot starts on the board"),
        "chariot_win_returns_it": _("An auction's winner puts the chariot back"),
        "scrolls_per_tribune": _("Scrolls that make the tribune"),
        "max_card_value": _("The highest faction card value"),
        "min_bid": _("The lowest bid"),
    }
    return titles.get(name, name)


def value_text(name: str, value: Any) -> str:
    """A setting's value in the players' words."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    words = {
        ("takeover_rule", "german"): _("German rules: space 1 beats space 2's set"),
        ("takeover_rule", "ffg"): _("FFG: space 1 beats space 2's and the old set"),
        ("unkept_cards", "discard"): _("discarded face down"),
        ("unkept_cards", "shuffle"): _("shuffled back into the deck"),
        ("several_winners", "table"): _("the table decides (margins shown)"),
        ("several_winners", "most_met"): _("most conditions met wins"),
        ("several_winners", "margin"): _("the largest margins win"),
        ("several_winners", "shared"): _("they share the win"),
    }
    return words.get((name, value), str(value))


def gift_text(gift: bn.Gift) -> str:
    """A benefit (kinds and amounts) in the players' words; "nothing" when empty."""
    if not gift:
        return _("nothing")
    parts = []
    for kind, amount in gift:
        word = {
            "money": _("{n} denarii"), "legion": _("{n} legion(s)"), "laurel": _("{n} laurel(s)"),
            "favour": _("{n} favour"), "temporary_favour": _("a temporary favour tile"),
            "scroll": _("{n} scroll(s)"), "proconsul": _("the Proconsul"), "colosseum": _("the Colosseum's denarii"),
        }[kind]
        parts.append(word.format(n=amount))
    return " + ".join(parts)


def _section(name: str) -> str:
    """The rule digest's section a setting comes from ("Tribune 3.7 item 6" → "Tribune 3.7 #6")."""
    source = dict((n, s) for n, _d, s in st.describe())[name]
    return source.split(" (")[0].replace("Tribune", _("Tribune")).replace(" item ", " #")


def mark_text(mark: str) -> str:
    """A row's mark: C/S (a source says it), U (no source: the app's reading), or the table's."""
    return {"C": _("C: the rules say it"), "S": _("S: a source says it"), "U": _("U: no source; the app's reading"),
            "table": _("the table's own")}.get(mark, mark)


class TableRules:
    """The settings and benefits the next game starts with: the defaults, and what the table changed."""

    def __init__(self) -> None:
        self.settings: dict[str, Any] = {}
        self.benefits: dict[str, dict[str, list[list[Any]]]] = {}

    # -- what the page shows ------------------------------------------------------------------

    def value(self, name: str) -> Any:
        return self.settings.get(name, getattr(st.DEFAULT, name))

    def setting_rows(self) -> list[dict[str, Any]]:
        """[{name, wid, text, changed}] for each setting shown: title, value, section and mark."""
        rows = []
        for name, mark in SHOWN.items():
            changed = name in self.settings
            source = f"{_section(name)} · {_('changed by the table') if changed else mark_text(mark)}"
            rows.append({"name": name, "wid": f"tribune.settings.{name}", "changed": changed,
                         "text": _("{title}: {value}").format(title=setting_title(name), value=value_text(name, self.value(name)))
                         + f"\n{source}"})
        return rows

    def rows(self) -> tuple[bn.Row, ...]:
        return bn.parse_table(self.benefits or None)

    def benefit_rows(self) -> list[dict[str, Any]]:
        """[{faction, name, source, slots: [{slot, wid, text}]}] for each faction's row."""
        out = []
        for row in self.rows():
            labels = {"takeover": _("Take-over: {gift}"), "benefit": _("Every round: {gift}"),
                      "leader": _("Leader: {gift}")}
            out.append({"faction": row.faction, "name": board_words.faction_name(row.faction),
                        "source": _("changed by the table") if row.mark == "table" else f"{row.source} · {mark_text(row.mark)}",
                        "slots": [{"slot": slot, "wid": f"tribune.settings.benefit.{row.faction}.{slot}",
                                   "text": labels[slot].format(gift=gift_text(getattr(row, slot)))} for slot in bn.SLOTS]})
        return out

    # -- what a tap changes -------------------------------------------------------------------

    def cycle_setting(self, name: str) -> None:
        """The setting's next value (yes/no, the next of its choices or numbers); back at the default it is
        no longer a change (and not sent)."""
        value = self.value(name)
        if isinstance(value, bool):
            new: Any = not value
        elif name in NUMBERS:
            numbers = NUMBERS[name]
            new = numbers[(numbers.index(value) + 1) % len(numbers)] if value in numbers else numbers[0]
        else:
            options = st.CHOICES[name]
            new = options[(options.index(value) + 1) % len(options)]
        if new == getattr(st.DEFAULT, name):
            self.settings.pop(name, None)
        else:
            self.settings[name] = new

    def cycle_benefit(self, faction: str, slot: str) -> None:
        """One slot of a faction's row to the next gift of `GIFT_CYCLE` (the row becomes the table's)."""
        row = bn.row_of(self.rows(), faction)
        gift = getattr(row, slot)
        current = gift[0] if len(gift) == 1 else None
        index = GIFT_CYCLE.index(current) + 1 if current in GIFT_CYCLE else 0
        entry = self.benefits.setdefault(faction, {"source": TABLE_SOURCE})  # type: ignore[arg-type]
        kind, amount = GIFT_CYCLE[index % len(GIFT_CYCLE)]
        entry[slot] = [[kind, amount]]

    def reset(self) -> None:
        """Back to the defaults and the app's benefit table."""
        self.settings, self.benefits = {}, {}

    def terms(self) -> Mapping[str, Any]:
        """What the set-up sends: only what the table changed."""
        terms: dict[str, Any] = {}
        if self.settings:
            terms["settings"] = dict(self.settings)
        if self.benefits:
            terms["benefits"] = {f: dict(e) for f, e in self.benefits.items()}
        return terms

    def summary(self) -> str:
        """One line for the set-up: how many changes the table made."""
        count = len(self.settings) + len(self.benefits)
        return _("Rules: as the app reads them") if not count else _("Rules: {n} changed by the table").format(n=count)
