"""The whole game's rules the table may read its own way, as the set-up's settings page shows and
changes them (`tribune_settings`): the S/U settings of `companion.games.tribune.settings` the
players decide on (the take-over rule, the first take-over's two cards, several winners …) and the
faction benefit table (`companion.games.tribune.benefits`), each row saying who gives its default
in the players' words (the rules text in the box, another source, or none: check your box).

Nothing here decides a rule: a change is only what the set-up sends (`settings` and `benefits` of
`setup`, untouched ones not sent), and the rules check it as they check any set-up. A benefit the
table changes is marked as the table's, as `benefits.parse_table` marks it.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.ui.shell.choices import GameChoice, known
from companion.ui.text.i18n import _
from companion.ui.text.provenance import said_short
from companion.ui.tribune import board_words

#: What a tap on a benefit gives next: one of these after the other, round and round (kinds of
#: `companion.games.tribune.benefits`; the rules check what is sent).
GIFT_CYCLE: tuple[tuple[str, int], ...] = (
    ("money", 1), ("money", 2), ("money", 3), ("legion", 1), ("laurel", 1), ("favour", 1),
    ("temporary_favour", 1), ("scroll", 1), ("proconsul", 1), ("colosseum", 0))

TABLE_SOURCE = "the table's box"
SLOTS = ("takeover", "benefit", "leader")


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


def gift_text(gift: Any) -> str:
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


def said_text(by: str) -> str:
    """Who gives a default, in the players' words (`ui.text.provenance`): the rules text in the
    box, another source, or none (then: check your box). The digest's keys stay in the docs."""
    return said_short(by)


#: A benefit row's digest mark → who gives it: S rows are from reviews and English references
#: (another source), U rows are the app's placeholders (no source).
_BENEFIT_SAID = {"C": "box", "S": "source", "U": ""}


class TableRules:
    """The settings and benefits the next game starts with: the defaults the game's set-up offer
    gives (`GameChoice.settings` and its `offer["benefits"]`, plain data: the UI never loads the
    rules), and what the table changed."""

    def __init__(self, choice: GameChoice | None = None) -> None:
        self.settings: dict[str, Any] = {}
        self.benefits: dict[str, dict[str, Any]] = {}
        self.choice = choice

    def _choice(self) -> GameChoice | None:
        return self.choice or known("tribune")

    def _infos(self) -> list[Any]:
        choice = self._choice()
        return list(choice.settings) if choice is not None else []

    def _defaults(self) -> Mapping[str, Mapping[str, Any]]:
        choice = self._choice()
        return choice.offer.get("benefits", {}) if choice is not None else {}

    # -- what the page shows ------------------------------------------------------------------

    def value(self, name: str) -> Any:
        """The value in force for the next game: the table's, else the default (the first option's label read back)."""
        info = next(i for i in self._infos() if i.name == name)
        if name in self.settings:
            return self.settings[name]
        default = info.options[0].label
        return {"True": True, "False": False}.get(default, int(default) if default.isdigit() else default)

    def setting_rows(self) -> list[dict[str, Any]]:
        """[{name, wid, text, changed}] for each setting offered: title, value, and who gives its
        default in the players' words (or that the table changed it)."""
        rows = []
        choice = self._choice()
        said = choice.offer.get("said", {}) if choice is not None else {}
        for info in self._infos():
            changed = info.name in self.settings
            source = _("changed by the table") if changed else said_text(str(said.get(info.name, {}).get("by", "source")))
            rows.append({"name": info.name, "wid": f"tribune.settings.{info.name}", "changed": changed,
                         "text": _("{title}: {value}").format(title=setting_title(info.name),
                                                               value=value_text(info.name, self.value(info.name)))
                         + f"\n{source}"})
        return rows

    def row(self, faction: str) -> Mapping[str, Any]:
        """A faction's row in force: the default's, with the table's changed slots (marked the table's)."""
        row = dict(self._defaults()[faction])
        if faction in self.benefits:
            row.update(self.benefits[faction], mark="table")
        return row

    def benefit_rows(self) -> list[dict[str, Any]]:
        """[{faction, name, source, slots: [{slot, wid, text}]}] for each faction's row."""
        out = []
        labels = {"takeover": _("Take-over: {gift}"), "benefit": _("Every round: {gift}"), "leader": _("Leader: {gift}")}
        for faction in self._defaults():
            row = self.row(faction)
            out.append({"faction": faction, "name": board_words.faction_name(faction),
                        "source": _("changed by the table") if row["mark"] == "table"
                        else said_text(_BENEFIT_SAID.get(row["mark"], "source")),
                        "slots": [{"slot": slot, "wid": f"tribune.settings.benefit.{faction}.{slot}",
                                   "text": labels[slot].format(gift=gift_text(row[slot]))} for slot in SLOTS]})
        return out

    # -- what a tap changes -------------------------------------------------------------------

    def cycle_setting(self, name: str) -> None:
        """The setting's next value among those offered; back at the default it is no longer a
        change (and not sent)."""
        info = next(i for i in self._infos() if i.name == name)
        values = [o.value for o in info.options]
        current = self.settings.get(name)
        index = values.index(current) if current in values[1:] else 0
        new = values[(index + 1) % len(values)]
        if new is None:
            self.settings.pop(name, None)
        else:
            self.settings[name] = new

    def cycle_benefit(self, faction: str, slot: str) -> None:
        """One slot of a faction's row to the next gift of `GIFT_CYCLE` (the row becomes the table's)."""
        gift = [tuple(g) for g in self.row(faction)[slot]]
        current = gift[0] if len(gift) == 1 else None
        index = GIFT_CYCLE.index(current) + 1 if current in GIFT_CYCLE else 0
        kind, amount = GIFT_CYCLE[index % len(GIFT_CYCLE)]
        self.benefits.setdefault(faction, {"source": TABLE_SOURCE})[slot] = [[kind, amount]]

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
