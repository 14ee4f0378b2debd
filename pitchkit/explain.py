"""Rules in words: a Markdown rules sheet, differences between two rule sets, and the
text of a new house-rules file."""

from __future__ import annotations

from pitchkit.variant import Rules, rules_to_mapping


def explain_rules(rules: Rules) -> str:
    return f"# {rules.name}\n\n{rules.description}\n"


def describe_differences(a: Rules, b: Rules, label_a: str = "A", label_b: str = "B") -> list[str]:
    ma, mb = rules_to_mapping(a), rules_to_mapping(b)
    out = []
    for section in ma:
        if ma[section] == mb[section]:
            continue
        if not isinstance(ma[section], dict):
            out.append(f"{section}: {ma[section]!r} -> {mb[section]!r}")
            continue
        for key in ma[section]:
            if ma[section][key] != mb[section][key]:
                out.append(f"{section}.{key}: {ma[section][key]!r} -> {mb[section][key]!r}")
    return out


def new_variant_text(rules: Rules, base: str, name: str, sets: list[str]) -> str:
    return f"extends: {base}\nname: {name}\n"
