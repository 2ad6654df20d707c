"""``samrap serve``: bad options are usage errors (exit 2, one line, no traceback) before anything starts."""

from __future__ import annotations

import pytest

from tests.cli.helpers import run


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--port", "0"), "--port must be between 1 and 65535"),
        (("--bot-delay", "-1"), "--bot-delay cannot be negative"),
        (("--rate-limits", "tables=x"), "--rate-limits: 'tables=x'"),
        (("--rate-limits", "speed=3/60"), "KIND in tables, players, joins, hints"),
    ],
)
def test_bad_options_are_usage_errors(args: tuple[str, ...], message: str) -> None:
    result = run("serve", *args)
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.output


def test_a_bad_rate_limits_variable_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """A malformed ``$SAMRAP_RATE_LIMITS`` is reported as the variable, not as a crash."""
    monkeypatch.setenv("SAMRAP_RATE_LIMITS", "bogus")
    result = run("serve")
    assert result.exit_code == 2 and "$SAMRAP_RATE_LIMITS: 'bogus'" in result.stderr
