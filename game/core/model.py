"""Base classes for the frozen, tagged pydantic models actions and events use,
and the quantised coordinate type they hold.

Every action and event class sets a unique ``type`` literal; a ruleset's
codec (:func:`make_codec`) decodes a dict back into the right class.
"""

from __future__ import annotations

from typing import Annotated, Any, Iterable

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter

#: Coordinates in actions and events are quantised to this many mm.
QUANTUM_MM = 0.01


def quantise(v: float) -> float:
    """Round a coordinate (mm) to :data:`QUANTUM_MM` so replays are bit-exact."""
    return round(round(float(v) / QUANTUM_MM) * QUANTUM_MM, 2)


#: A quantised table coordinate or distance in mm.
Mm = Annotated[float, AfterValidator(quantise)]


class Tagged(BaseModel):
    """A frozen model with a ``type`` tag; unknown fields are refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    type: str

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (tuples become lists)."""
        return self.model_dump(mode="json")


def make_codec(types: Iterable[type[Tagged]]) -> TypeAdapter:
    """A TypeAdapter decoding a dict into whichever of ``types`` its ``type`` names.

    Raises:
        ValueError: when two classes share a ``type`` tag.
    """
    types = list(types)
    tags = [t.model_fields["type"].default for t in types]
    if len(set(tags)) != len(tags):
        raise ValueError(f"duplicate type tags: {sorted(tags)}")
    if len(types) == 1:
        return TypeAdapter(types[0])
    from typing import Union

    union = Annotated[Union[tuple(types)], Field(discriminator="type")]  # type: ignore[valid-type]
    return TypeAdapter(union)
