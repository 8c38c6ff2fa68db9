"""Pydantic models for every file on disk and their loaders.

Every top-level model has ``format_version``, forbids unknown fields and
documents each field. Loading a bad file raises :class:`FileError` with one
line naming the file, the field or feature id, and the reason.
"""
