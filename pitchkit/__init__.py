"""pitchkit: Pitch house rules as YAML variant files, checked, printed and simulated."""

from pitchkit.errors import (
    BotError,
    IllegalActionError,
    PitchkitError,
    Problem,
    RecordError,
    UsageError,
    VariantError,
)
from pitchkit.variant import Rules, rules_from_mapping, rules_to_mapping

__version__ = "0.1.0"

__all__ = [
    "BotError",
    "IllegalActionError",
    "PitchkitError",
    "Problem",
    "RecordError",
    "Rules",
    "UsageError",
    "VariantError",
    "__version__",
    "rules_from_mapping",
    "rules_to_mapping",
]
