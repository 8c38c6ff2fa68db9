"""Battletable: tabletop miniatures wargames on real geometry."""

__version__ = "0.1.0"
