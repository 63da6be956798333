"""Troyes (Dujardin, Georges, Orban; Pearl Games 2010) for 2–4 players, beside the physical game.

The app keeps the books the table would keep by hand: every round's income and wages, the dice of
each district as the scanner (or a hand) reads them, who bought whose dice, the black dice and who
countered them, the activity cards' activations, the cathedral, the events' cubes and prizes, and,
hidden from the others, each player's VP and character cards. Final scoring is automatic.

Numbers: ../shared/rules/troyes.md (the digest; §2.7 corrects it from S004, the Chinese rulebook
the users hold). C values are rules (`rules_data`); S and U values are settings (`settings`) or
data files (`data/*.json`, each entry with its source and mark) the table checks against its box.
Standard modules first (state · commands · events · rules · scoring · view · settings · snapshot);
what is Troyes' own (the buildings, the city square, the events, the cathedral, the activity
cards) lives in `parts/`.
"""
