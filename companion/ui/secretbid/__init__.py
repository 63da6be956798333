"""The secret bid at the table: set-up, the shared table and a seat's private entry screen.

Two audiences, kept apart by construction:

* the shared screens (set-up, table, history) are fed `TableView`s, the session's public view:
  who has locked, never what, until the reveal;
* the private entry screen (a touchscreen stand-in for a seat without a pad) is the only place
  that reads `session.seat_view(seat)`, and only for that seat, while the table has handed it the
  screen; it empties every widget before the screen goes back.

Nothing here imports `companion.games` or knows a rule: the rules decide, the screens show.
"""
