"""What is Troyes' own, one job a module: the card facts (`catalog`), the set-up (`setup`), the three
buildings (`buildings`), where a citizen comes from (`citizens`), the city square's dice and their
price (`square`), throws read or entered (`reads`), the black dice (`military`), the event queue
(`eventqueue`), the cathedral (`cathedral`), the activity cards (`activity`) and influence
(`influence`)."""
