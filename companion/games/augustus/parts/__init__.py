"""Augustus' own parts: the bag, the objective cards and their powers, the rewards."""
