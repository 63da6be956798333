"""Augustus at the table: the app is the crier (docs/augustus.md).

Set-up (2–6 players, names, pads, the oldest player as the first crier, the app's bag or the
physical one, the table's card file), the shared table (the call shown large with how many of its
kind the bag still holds, the crier, the end warning, every player's objectives with their symbols
and legions, supply and rewards; below, the panel for what the table waits for: the draw, the
physical bag's token, the seats' placements and choices, an objective's number and printed facts, a
reward tile's VP, the final breakdown) and the pads' OLEDs (`presenters.py`).

Nothing here imports `companion.games`: the view's `players[i].choices` are the rules' own list
of what each seat may enter, so a button never offers what the rules would refuse.
"""
