"""Layer 0: cards, card sets, melds and errors. Pure and dependency-free."""
