"""The random rule sets of the property tests (tests/strategies.py) come from the schema:
every setting is varied, and every rule set drawn passes the schema and the validator."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from strategies import variants, varied

from pitchkit import schema
from pitchkit.checks import check_rules
from pitchkit.load import _validator
from pitchkit.variant import Rules, rules_to_mapping

FEW = settings(max_examples=3, database=None, derandomize=True,
               suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
QUICK = settings(max_examples=60, database=None, derandomize=True,
                 suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


@pytest.mark.parametrize("key", schema.setting_names())
def test_the_strategy_varies_every_setting_of_the_schema(key: str) -> None:
    """A setting the random rule sets never move from its default would go untested by
    every property test: each one is drawn away from its default in rule sets the
    validator accepts (hypothesis fails with Unsatisfiable when every draw is refused)."""

    @FEW
    @given(variants(focus=key))
    def varies(rules: Rules) -> None:
        assert key in varied(rules)

    varies()


@QUICK
@given(variants())
def test_a_drawn_rule_set_passes_the_schema_and_every_check(rules: Rules) -> None:
    mapping = rules_to_mapping(rules)
    errors = [e.message for e in _validator().iter_errors(mapping)]
    assert not errors
    assert not [f for f in check_rules(rules) if not f.note]
