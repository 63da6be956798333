"""The questions Trajan's rules ask the table (`Ask.kind`), as the UI spells them: pure (no Kivy),
so the panels that answer them and the pads' presenter read one spelling. The UI imports no game:
tests/test_asks.py holds these equal to the rules' (rules.DRAWN_TRAJAN_TILE,
actions_figures.FOUND_FORUM_TILE and FOUND_SITE_TILE)."""

DRAWN_TRAJAN_TILE = "trajan.drawn_tile"
FOUND_FORUM_TILE = "trajan.found_forum_tile"
FOUND_SITE_TILE = "trajan.found_site_tile"
