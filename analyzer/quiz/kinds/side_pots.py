"""Side pots: who wins what when three players are all-in for different amounts.

The pots come from :mod:`analyzer.replay.pots` (``uncalled``, ``build_pots``, ``split``,
``clockwise_from_button``); this module only deals the situation and words it.

Level 1: three all-ins, the hands' order stated. Level 2: a fourth player covers them all,
someone may have folded dead money in, and two hands may tie. Level 3: the hands are cards
on a board, the amounts odd, and a split leaves an odd chip (POT-ODD-CHIP).
Rules: POT-ALL-IN-CAP, POT-SIDE-ORDER, SD-TIE, POT-ODD-CHIP.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from analyzer.cards import Card
from analyzer.evaluator import evaluate
from analyzer.quiz.deal import LETTERS, PLAYERS, deck_for, take
from analyzer.quiz.model import Answer, Form, Hand, Kind, Question
from analyzer.quiz.spec import Spec, name_choice
from analyzer.quiz.words import Join, Msg, named, t
from analyzer.replay.pots import Pot, build_pots, clockwise_from_button, split, uncalled


@dataclass(frozen=True, slots=True)
class Table:
    """The situation: who sits where, who put in what, who folded, how strong each hand is."""

    seats: tuple[tuple[str, int], ...]  # (player, seat) in seat order
    button: int
    put_in: tuple[tuple[str, int], ...]  # what each player put into the hand, seat order
    folded: frozenset[str]
    strength: tuple[tuple[str, int], ...]  # higher wins; players who folded have none
    covering: str | None = None  # the player who called everything and has chips left
    all_odd_to_first: bool = False  # the rule set gives every odd chip to the first winner


@dataclass(frozen=True, slots=True)
class Settlement:
    returned: tuple[str, int] | None
    pots: tuple[tuple[Pot, tuple[tuple[str, int], ...]], ...]  # each pot and its shares
    totals: tuple[tuple[str, int], ...]  # what each player gets, seat order


def settle(table: Table) -> Settlement:
    """Return the uncalled bet, build the pots, and split each among its best hands."""
    put_in = dict(table.put_in)
    seats = dict(table.seats)
    order = [p for p, _ in table.seats]
    strength = dict(table.strength)
    returned = uncalled(put_in)
    if returned is not None:
        put_in[returned[0]] -= returned[1]
    pots = build_pots(put_in, table.folded, order)
    got = dict.fromkeys(order, 0)
    if returned is not None:
        got[returned[0]] += returned[1]
    shares = []
    for pot in pots:
        top = max(strength[p] for p in pot.eligible)
        winners = clockwise_from_button([p for p in pot.eligible if strength[p] == top], seats, table.button)
        pot_shares = split(pot.amount, winners, all_odd_to_first=table.all_odd_to_first)
        for player, amount in pot_shares:
            got[player] += amount
        shares.append((pot, pot_shares))
    return Settlement(returned, tuple(shares), tuple((p, got[p]) for p in order))


def generate(rng: random.Random, spec: Spec) -> tuple[Question, ...]:
    level = spec.level
    n_all_in = 3
    extra = 1 if level >= 2 and rng.random() < 0.7 else 0
    folder = 1 if level >= 2 and rng.random() < 0.4 else 0
    count = n_all_in + extra + folder
    seat_numbers = sorted(rng.sample(range(1, 10), count))
    names = rng.sample(PLAYERS, count)
    seats = tuple(zip(names, seat_numbers))
    button = rng.choice(seat_numbers)
    if level == 1:
        amounts = sorted(rng.sample(range(10, 160, 10), 3))
    elif level == 2:
        amounts = sorted(rng.sample(range(10, 200, 5), 3))
    else:
        amounts = sorted(rng.sample(range(7, 150), 3))
    all_in = names[:3]
    rng.shuffle(all_in)
    put_in = dict(zip(all_in, amounts))
    covering = None
    if extra:
        covering = names[3]
        put_in[covering] = amounts[-1]
    folded = frozenset(names[3 + extra :])
    for p in folded:
        put_in[p] = rng.randrange(1, amounts[1])
    live = [p for p in names if p not in folded]
    board: tuple[Card, ...] = ()
    hands: tuple[Hand, ...] = ()
    if level == 3:
        board, hands, strength = _cards(rng, spec, live)
    else:
        strength = _stated(rng, live, ties=level == 2)
    table = Table(
        seats=seats,
        button=button,
        put_in=tuple((p, put_in[p]) for p in names),
        folded=folded,
        strength=tuple((p, strength[p]) for p in live),
        covering=covering,
        all_odd_to_first=spec.rules.showdown.odd_chip == "all-to-first-left-of-button",
    )
    return (build(table, spec, board=board, hands=hands),)


def _stated(rng: random.Random, live: list[str], *, ties: bool) -> dict[str, int]:
    order = live[:]
    rng.shuffle(order)
    strength = {p: len(order) - i for i, p in enumerate(order)}
    if ties and rng.random() < 0.5:
        i = rng.randrange(len(order) - 1)
        strength[order[i + 1]] = strength[order[i]]
    return strength


def _cards(
    rng: random.Random, spec: Spec, live: list[str]
) -> tuple[tuple[Card, ...], tuple[Hand, ...], dict[str, int]]:
    deck = deck_for(spec.ranking)
    cards = take(rng, deck, 5 + 2 * len(live))
    board = cards[:5]
    holes = [cards[5 + 2 * i : 7 + 2 * i] for i in range(len(live))]
    if rng.random() < 0.5:
        # two players with the same ranks: a likely split, and an odd chip
        a, b = rng.sample(range(len(live)), 2)
        twin = tuple(
            next((Card(c.rank, s) for s in range(4) if Card(c.rank, s) not in (*cards, *holes[b])), c) for c in holes[a]
        )
        if len(set(twin) | set(cards)) == len(cards) + 2:
            holes[b] = twin
    hands = tuple(Hand(p, h) for p, h in zip(live, holes))
    strength = {h.player: evaluate(h.cards + board, spec.ranking).strength for h in hands}
    return board, hands, strength


def _tiers(table: Table) -> str:
    strength = dict(table.strength)
    levels = sorted(set(strength.values()), reverse=True)
    seat_order = [p for p, _ in table.seats if p in strength]
    return " > ".join(" = ".join(p for p in seat_order if strength[p] == s) for s in levels)


def build(table: Table, spec: Spec, *, board: tuple[Card, ...] = (), hands: tuple[Hand, ...] = ()) -> Question:
    result = settle(table)
    names = [p for p, _ in table.seats]
    put_in = dict(table.put_in)
    button_player = next(p for p, s in table.seats if s == table.button)
    setup: list[Msg] = [
        t(
            "sp.table",
            seats=Join(tuple(t("sp.seat", seat=s, player=p) for p, s in table.seats), "list"),
            button=button_player,
        )
    ]
    for p in names:
        if p in table.folded:
            setup.append(t("sp.folded", player=p, amount=put_in[p]))
        elif p == table.covering:
            setup.append(t("sp.covers", player=p, amount=put_in[p]))
        else:
            setup.append(t("sp.all_in", player=p, amount=put_in[p]))
    if hands:
        setup.append(t("sp.by_cards", ranking=named("ranking." + spec.ranking.value)))
    else:
        setup.append(t("sp.tiers", tiers=_tiers(table)))
    lines: list[Msg] = []
    odd: list[Msg] = []
    for i, (pot, shares) in enumerate(result.pots):
        share_texts = Join(tuple(t("sp.share", player=p, amount=a) for p, a in shares), "and")
        eligible = Join(pot.eligible, "and")
        if i == 0:
            lines.append(t("sp.main", amount=pot.amount, eligible=eligible, shares=share_texts))
        else:
            lines.append(t("sp.side", n=i, amount=pot.amount, eligible=eligible, shares=share_texts))
        if len(shares) > 1 and pot.amount % len(shares):
            key = "sp.note_odd_all" if table.all_odd_to_first and pot.amount % len(shares) > 1 else "sp.note_odd"
            odd.append(t(key, player=shares[0][0], amount=pot.amount))
    if result.returned is not None:
        lines.append(t("sp.returned", player=result.returned[0], amount=result.returned[1]))
    lines.append(named("sp.note_cap"))
    rules = ["POT-ALL-IN-CAP", "POT-SIDE-ORDER"]
    if any(len(s) > 1 for _, s in result.pots):
        rules.append("SD-TIE")
    if odd:
        rules.append("POT-ODD-CHIP")
    return Question(
        qid=spec.qid,
        kind=Kind.SIDE_POTS,
        level=spec.level,
        ranking=spec.ranking,
        prompt=t("sp.ask", players=Join(tuple(names), "and")),
        form=Form.NUMBERS,
        answer=Answer(numbers=tuple(a for _, a in result.totals)),
        explanation=t("sp.explain", lines=Join((*lines, *odd), "lines")),
        choices=tuple(name_choice(LETTERS[i], p) for i, p in enumerate(names)),
        setup=tuple(setup),
        board=board,
        hands=hands,
        rule_ids=tuple(rules),
        origin=spec.origin,
    )
