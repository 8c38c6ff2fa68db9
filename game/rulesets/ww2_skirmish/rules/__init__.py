"""The rules of the WW2 trench skirmish, one module per part of the text."""
