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
from pitchkit.load import find_variant, load_variant, shipped_variants
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
    "find_variant",
    "load_variant",
    "rules_from_mapping",
    "rules_to_mapping",
    "shipped_variants",
]
