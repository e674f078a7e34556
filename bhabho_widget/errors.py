"""Errors raised by the engine."""


class IllegalMoveError(ValueError):
    """An action the rules do not allow now; the message names the rule. Nothing changed."""
