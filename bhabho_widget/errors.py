"""Errors raised by the engine."""


class IllegalMoveError(ValueError):
    """An action the rules do not allow now; the message names the rule. Nothing changed."""


class EndlessGameError(RuntimeError):
    """Play went on for so long that the game will not end by itself."""
