"""Scorekeeper: a table-side score keeper and referee for Fives dominoes."""

__version__ = "0.1.0"
