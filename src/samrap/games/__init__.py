"""Layer 1: one self-contained package per game. Games never import each other."""
