"""Placeholder until its owner lands the commands; see pitchkit/cli.py."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
