"""pitchkit: Pitch house rules as YAML variant files, checked, printed and simulated."""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # not typing.TYPE_CHECKING: `import pitchkit` imports nothing else
if TYPE_CHECKING:
    from typing import Any

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

#: What ``from pitchkit import X`` offers, and the module it comes from. Imported on
#: first use, so that ``import pitchkit`` (and every worker process) stays cheap.
_EXPORTS = {
    "BotError": "pitchkit.errors",
    "IllegalActionError": "pitchkit.errors",
    "PitchkitError": "pitchkit.errors",
    "Problem": "pitchkit.errors",
    "RecordError": "pitchkit.errors",
    "UsageError": "pitchkit.errors",
    "VariantError": "pitchkit.errors",
    "find_variant": "pitchkit.load",
    "load_variant": "pitchkit.load",
    "shipped_variants": "pitchkit.load",
    "Rules": "pitchkit.variant",
    "rules_from_mapping": "pitchkit.variant",
    "rules_to_mapping": "pitchkit.variant",
}


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        value = getattr(importlib.import_module(_EXPORTS[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
