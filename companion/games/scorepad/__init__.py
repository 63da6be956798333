"""The score pad: a table's running scores for any game, with undo, history and a final ranking.

It is the simplest real game over the core: a game night can keep any game's score on the companion
while that game's own rules module is not built yet, and it exercises every core path end to end.
"""
