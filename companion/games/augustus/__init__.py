"""Augustus (Paolo Mori, Hurrican 2013; 2–6 players): the app is the crier.

The rules half (pure: standard library and companion.core only): the bag of 23 mobilisation
tokens, each player's objectives in play with their symbols and legions, completions resolved in
objective-number order with their powers, the rewards by themselves, the end at the close of the
draw in which someone holds 7 controlled objectives, and the final scoring. Facts come from
../shared/rules/augustus.md (S002, the Chinese rulebook, wins where it speaks, §4.6).
"""
