"""What is Troyes' own, one job a module: the card catalog (`catalog`), the three buildings
(`buildings`), the city square's dice (`square`), dice reads (`reads`), the black dice
(`military`), the event queue (`eventqueue`), the cathedral (`cathedral`), the activity cards
(`activity`), influence (`influence`), and the set-up (`setup`)."""
