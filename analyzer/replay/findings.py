"""What the replay and the audit find: problems with stable codes and verdicts.

Codes are stable: scripts, the store and tests rely on them. Each problem points at an
action (its index in ``record.posts + record.actions`` order, see :mod:`analyzer.replay`)
where it has one, names the rule id of ``RULES.md`` where a seed states the rule, and
says in words what a host understands: a lazy :class:`~analyzer.i18n.Msg`, rendered at the
edge (CLI, page, export) in the language in force, so a cached audit reads in any language.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from analyzer.i18n.message import Msg


class Verdict(StrEnum):
    """A hand's verdict is ok, warn, violation or unreadable; a problem's may also be ``note``:
    a site's own behaviour that moves no money, named by its site profile (never a hand's
    verdict: a hand with notes only is ok)."""

    OK = "ok"
    NOTE = "note"
    WARN = "warn"
    VIOLATION = "violation"
    UNREADABLE = "unreadable"


class Code(StrEnum):
    # the hand as dealt
    TOO_MANY_PLAYERS = "TOO_MANY_PLAYERS"
    TOO_FEW_PLAYERS = "TOO_FEW_PLAYERS"
    UNKNOWN_PLAYER = "UNKNOWN_PLAYER"
    FORCED_BET_MISSING = "FORCED_BET_MISSING"
    FORCED_BET_WRONG = "FORCED_BET_WRONG"
    DUPLICATE_CARD = "DUPLICATE_CARD"
    HOLE_CARD_COUNT = "HOLE_CARD_COUNT"
    CARD_NOT_IN_DECK = "CARD_NOT_IN_DECK"
    BOARD_CARD_COUNT = "BOARD_CARD_COUNT"
    # betting
    ACTION_OUT_OF_TURN = "ACTION_OUT_OF_TURN"
    ACTION_AFTER_HAND_OVER = "ACTION_AFTER_HAND_OVER"
    CHECK_WHEN_OWING = "CHECK_WHEN_OWING"
    CALL_AMOUNT_WRONG = "CALL_AMOUNT_WRONG"
    BET_WHEN_FACING_BET = "BET_WHEN_FACING_BET"
    BET_BELOW_MINIMUM = "BET_BELOW_MINIMUM"
    RAISE_BELOW_MINIMUM = "RAISE_BELOW_MINIMUM"
    RAISE_NOT_REOPENED = "RAISE_NOT_REOPENED"
    POT_LIMIT_EXCEEDED = "POT_LIMIT_EXCEEDED"
    FIXED_LIMIT_SIZE = "FIXED_LIMIT_SIZE"
    RAISE_CAP_EXCEEDED = "RAISE_CAP_EXCEEDED"
    CAP_EXCEEDED = "CAP_EXCEEDED"
    MORE_THAN_STACK = "MORE_THAN_STACK"
    ALL_IN_FLAG_WRONG = "ALL_IN_FLAG_WRONG"
    ROUND_NOT_FINISHED = "ROUND_NOT_FINISHED"
    # pots and payouts
    UNCALLED_BET_MISMATCH = "UNCALLED_BET_MISMATCH"
    POT_AWARD_MISMATCH = "POT_AWARD_MISMATCH"
    SIDE_POT_ELIGIBILITY = "SIDE_POT_ELIGIBILITY"
    ODD_CHIP_WRONG = "ODD_CHIP_WRONG"
    TOTAL_POT_MISMATCH = "TOTAL_POT_MISMATCH"
    RAKE_MISMATCH = "RAKE_MISMATCH"
    CHIPS_NOT_CONSERVED = "CHIPS_NOT_CONSERVED"
    FINISHING_STACK_MISMATCH = "FINISHING_STACK_MISMATCH"
    # showdown
    SHOWDOWN_CARDS_UNKNOWN = "SHOWDOWN_CARDS_UNKNOWN"
    RANKING_CONTRADICTION = "RANKING_CONTRADICTION"
    # between hands of one table (warnings)
    BUTTON_NOT_MOVED = "BUTTON_NOT_MOVED"
    STACK_CHANGED = "STACK_CHANGED"
    UNEQUAL_START = "UNEQUAL_START"
    # what a site profile explains (a note or warning naming the profile entry)
    SITE_BEHAVIOUR = "SITE_BEHAVIOUR"
    # showdown as the rule set asks (SH-ORDER, SH-MUCK)
    SHOWDOWN_ORDER = "SHOWDOWN_ORDER"
    BETTER_HAND_MUCKED = "BETTER_HAND_MUCKED"
    # the record itself
    UNREADABLE = "UNREADABLE"


class Problem(msgspec.Struct, frozen=True, gc=False):
    code: Code
    verdict: Verdict  # NOTE, WARN or VIOLATION (UNREADABLE for a hand that could not be replayed)
    message: Msg  # rendered at the edge in the reader's language (analyzer.i18n.render)
    action_index: int | None = None
    rule: str | None = None  # the RULES.md id, where a seed states the rule
    player: str | None = None
    profile: str | None = None  # the site profile entry that explains it ("site profile pokernow: ...")
