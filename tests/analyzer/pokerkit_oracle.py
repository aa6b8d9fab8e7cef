"""pokerkit (pinned in the test extras) as an independent rules engine.

A simulated hand is replayed in pokerkit action by action in integer units, never through
its lenient history iterator: every action must be one pokerkit accepts, and the final
stacks are compared with ours.
"""

from __future__ import annotations

from pokerkit import (
    Automation,
    FixedLimitTexasHoldem,
    NoLimitShortDeckHoldem,
    NoLimitTexasHoldem,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    PotLimitOmahaHoldem,
    State,
)

from analyzer.ruleset import RuleSet
from parsers.record import ActionKind, Betting, HandRecord, PostKind


class PotLimitOmahaHoldemHighLowSplitEightOrBetter(PotLimitOmahaHoldem):
    """Pot-limit Omaha Hi/Lo 8 or better, from pokerkit's own parts: its pot-limit Omaha with
    the two hand types of its fixed-limit Omaha Hi/Lo (a high hand and an eight-or-better low)."""

    hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)


class PotLimitFiveCardOmahaHoldem(PotLimitOmahaHoldem):
    """Pot-limit Omaha dealt five hole cards (pokerkit's Omaha hand takes exactly two of them)."""

    hole_dealing_count = 5


AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def pokerkit_order(record: HandRecord) -> list[str]:
    """pokerkit's player order: first seat after the button ... the button last."""
    button = record.button or 0
    return [s.player for s in sorted(record.seats, key=lambda s: (s.seat - button - 1) % 10_000)]


def replay_in_pokerkit(record: HandRecord, rules: RuleSet) -> dict[str, int]:
    """Final stacks of the hand as pokerkit computes them."""
    order = pokerkit_order(record)
    n = len(order)
    index = {name: i for i, name in enumerate(order)}
    antes = [0] * n
    blinds = [0] * n
    for post in record.posts:
        i = index[post.player]
        if post.kind is PostKind.ANTE:
            antes[i] += post.amount
        else:
            blinds[i] += post.amount
    if n == 2 and rules.forced.blinds:
        blinds = blinds[::-1]  # pokerkit heads-up: the big blind is listed first
        antes = antes[::-1]
    stacks = [record.seat_of(name).stack for name in order]
    min_bet = rules.min_bet(record.stakes)
    common = dict(automations=AUTOMATIONS, ante_trimming_status=False, raw_antes=antes, raw_blinds_or_straddles=blinds)
    state: State
    if rules.betting.structure is Betting.FIXED_LIMIT:
        state = FixedLimitTexasHoldem.create_state(
            **common,  # type: ignore[arg-type]
            small_bet=record.stakes.small_bet,
            big_bet=record.stakes.big_bet,
            raw_starting_stacks=stacks,
            player_count=n,
        )
    elif rules.is_omaha:
        omaha: type[PotLimitOmahaHoldem] = PotLimitOmahaHoldem
        if rules.is_high_low:
            omaha = PotLimitOmahaHoldemHighLowSplitEightOrBetter
        elif rules.hole_cards == 5:
            omaha = PotLimitFiveCardOmahaHoldem
        state = omaha.create_state(**common, min_bet=min_bet, raw_starting_stacks=stacks, player_count=n)  # type: ignore[arg-type]
    else:
        game = NoLimitShortDeckHoldem if rules.deck == 36 else NoLimitTexasHoldem
        state = game.create_state(**common, min_bet=min_bet, raw_starting_stacks=stacks, player_count=n)  # type: ignore[arg-type]
    holes = {s.player: s.cards for s in record.shown}
    for name in order:
        state.deal_hole("".join(holes[name]), index[name])
    board = list(record.boards[0])
    dealt = 0

    def deal_board() -> None:
        nonlocal dealt
        while state.can_deal_board():
            take = 3 if dealt == 0 else 1
            state.deal_board("".join(board[dealt : dealt + take]))
            dealt += take

    for action in record.actions:
        deal_board()
        actor = state.actor_index
        assert actor is not None and order[actor] == action.player, (
            f"{record.hand_id}: pokerkit expects {order[actor] if actor is not None else None}, we have {action.player}"
        )
        if action.kind is ActionKind.FOLD:
            state.fold()
        elif action.kind in (ActionKind.CHECK, ActionKind.CALL):
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to(action.to)
    while state.status:
        deal_board()
        if state.status and not state.can_deal_board():
            break
    return {name: state.stacks[i] for i, name in enumerate(order)}
