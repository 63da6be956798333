"""The settings page's model (`table_rules.TableRules`), without a window: every value a tap
reaches is one the rules accept (`settings_from`, `parse_table`), a setting tapped back to its
default is no longer sent, and a benefit the table changed is marked as the table's."""

from __future__ import annotations

import re

from companion.games.tribune import benefits as bn
from companion.games.tribune import settings as st
from companion.ui.tribune.table_rules import GIFT_CYCLE, TableRules


def _rules() -> TableRules:
    """The page's model on the offer the CLI gives the app (plain data, as the app gets it)."""
    from companion.cli import game_choices

    return TableRules(next(c for c in game_choices() if c.id == "tribune"))


def test_every_value_a_tap_reaches_is_accepted_and_the_loop_ends_at_the_default():
    rules = _rules()
    assert [r["name"] for r in rules.setting_rows()][:2] == ["takeover_rule", "first_takeover_max_two"]
    for name in [r["name"] for r in rules.setting_rows()]:
        seen = []
        for _ in range(20):
            rules.cycle_setting(name)
            seen.append(rules.value(name))
            st.settings_from(rules.terms().get("settings", {}))  # raises on a value the rules refuse
            if name not in rules.settings:
                break
        assert seen[-1] == getattr(st.DEFAULT, name), f"{name} never came back to its default: {seen}"
        assert len(set(map(repr, seen))) == len(seen) >= 2, f"{name}: {seen}"
    assert rules.terms() == {}


def test_a_benefit_tapped_becomes_the_tables_row_and_the_others_keep_theirs():
    rules = _rules()
    for _ in range(len(GIFT_CYCLE) + 1):
        rules.cycle_benefit("plebeians", "takeover")
        rows = bn.parse_table(rules.terms()["benefits"])
        assert bn.row_of(rows, "plebeians").mark == "table"
        assert bn.row_of(rows, "gladiators") == bn.row_of(bn.DEFAULT_ROWS, "gladiators")
    shown = next(r for r in rules.benefit_rows() if r["faction"] == "plebeians")
    assert shown["source"] == "changed by the table"
    gladiators = next(r for r in rules.benefit_rows() if r["faction"] == "gladiators")
    assert gladiators["source"] == "Other source: check your box"  # S: a review, not the box
    assert bn.row_of(rows, "legates").mark == "U"
    assert next(r for r in rules.benefit_rows() if r["faction"] == "legates")["source"] == "No source: check your box"
    rules.reset()
    assert rules.terms() == {} and rules.summary() == "Rules: as the app reads them"


def test_each_setting_says_who_gives_its_default_in_the_players_words():
    """Issue 19: the rows say the rules text in the box, another source, or none (check your box),
    never the digest's keys ("Tribune 3.4", "S: …")."""
    rows = {r["name"]: r["text"].split("\n")[1] for r in _rules().setting_rows()}
    assert rows["unkept_cards"] == "The rulebook in your box"
    assert rows["takeover_rule"] == "Other source: check your box"
    assert rows["min_bid"] == "No source: check your box"
    assert set(rows) == set(st.SAID), "every page setting says who gives its default"
    for line in rows.values():
        assert "Tribune" not in line and not re.search(r"\b[CSU]:", line), line
