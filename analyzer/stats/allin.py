"""All-in adjusted results: what each player could expect from the pots at the moment of the all-in.

When the betting ends with players all-in and cards still to come, luck decides the rest.
The adjusted result replaces what a player won from each such pot by their exact equity
in it times its size, the equity taken with the board as it stood when the betting ended
and under the hand's ranking. Cards of players who folded are not taken out of the deck
(nobody saw them then). A pot counts only when the hole cards of everyone who could win it
are known; a pot only one player could win needs no adjustment.

Omaha all-ins (four to six hole cards, exactly two of them playing) get the exact equity of
:func:`analyzer.omaha_equity.omaha_equity` on the flop and the turn, each pot's run-outs dealt
from the deck less the cards of everyone in any pot, a hi/lo pot halved as the showdown does;
an Omaha all-in before the flop is not computed (:data:`OMAHA_PREFLOP`, counted by
:func:`not_computed`).

    adjusted net = net - won from the adjusted pots + expected from them
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import permutations

from analyzer.audit.records import HandAudit
from analyzer.cards import Card
from analyzer.equity import pot_tallies, shares
from analyzer.evaluator import Ranking
from analyzer.omaha_equity import omaha_equity
from analyzer.ruleset import RuleSet
from analyzer.stats.facts import HandFacts
from parsers.record import HandRecord, Street

BOARD_SIZE = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
#: an all-in's game where it is not a ranking's: Omaha high, or Omaha hi/lo (8 or better), with
#: the showdown's split (Omaha's ranking is the standard one)
OMAHA_GAMES = {"omaha-high": "high", "omaha-high-low": "high-low"}
#: why an Omaha all-in has no adjusted result: C(44, 5) run-outs heads-up, beyond the budget
OMAHA_PREFLOP = "omaha all-in before the flop: equity not computed"


def game_of(rules: RuleSet) -> str:
    """What an all-in's shares depend on beside the cards: the ranking, or Omaha's split.

    >>> from analyzer.ruleset import load_rules
    >>> game_of(load_rules("shortdeck")), game_of(load_rules("omaha-hilo-pl"))
    ('straight-over-trips', 'omaha-high-low')
    """
    if rules.is_omaha:
        return "omaha-high-low" if rules.is_high_low else "omaha-high"
    return rules.ranking.value


def not_computed(facts: HandFacts, rules: RuleSet) -> str:
    """The reason a hand decided all-in with cards to come gets no adjusted result, ``""`` if it gets one."""
    if rules.is_omaha and facts.showdown and facts.all_in and facts.last_street is Street.PREFLOP:
        return OMAHA_PREFLOP
    return ""


@dataclass(frozen=True, slots=True)
class AllInPot:
    """A pot decided by the cards alone: who could win it, their cards, the board then."""

    pot: int
    street: Street  # where the betting ended
    board: tuple[str, ...]  # the board when the betting ended
    amount: int  # all runs together
    players: tuple[str, ...]
    cards: tuple[tuple[str, ...], ...]
    won: tuple[int, ...]  # what each player actually took from it (all runs)


@dataclass(frozen=True, slots=True)
class AllInResult:
    """One player's all-in adjustment in one hand (over every adjusted pot)."""

    player: str
    won: int
    expected: Fraction
    equity: Fraction  # the share of the first adjusted pot the player could win


def allin_pots(
    record: HandRecord, audit: HandAudit, facts: HandFacts, rules: RuleSet | None = None
) -> tuple[AllInPot, ...]:
    """The pots of a hand that the cards alone decided, with everything the equity needs
    (``rules``: the hole cards dealt, two when not given; none for Omaha before the flop)."""
    if not (facts.showdown and facts.all_in) or facts.last_street is Street.RIVER:
        return ()
    hole_cards = rules.hole_cards if rules is not None else 2
    if rules is not None and not_computed(facts, rules):
        return ()
    size = BOARD_SIZE[facts.last_street]
    first = record.boards[0] if record.boards else ()
    if len(first) < size or "??" in first[:size]:
        return ()
    known = {s.player: s.cards for s in record.shown if len(s.cards) == hole_cards and "??" not in s.cards}
    pots: dict[int, tuple[list[int], dict[str, int]]] = {}  # index -> ([amount], won by player)
    eligible: dict[int, tuple[str, ...]] = {}
    for result in audit.pots:
        index = result.index
        entry = pots.get(index)
        if entry is None:
            entry = pots[index] = ([0], {})
        entry[0][0] += result.amount
        eligible[index] = result.eligible
        won = entry[1]
        for name, amount in result.shares:
            won[name] = won.get(name, 0) + amount
    out = []
    board = tuple(first[:size])
    for index in sorted(eligible):
        players = eligible[index]
        if len(players) < 2 or any(p not in known for p in players):
            continue
        total, won = pots[index]
        out.append(
            AllInPot(
                pot=index,
                street=facts.last_street,
                board=board,
                amount=total[0],
                players=players,
                cards=tuple(known[p] for p in players),
                won=tuple(won.get(p, 0) for p in players),
            )
        )
    return tuple(out)


def adjusted(pots: Sequence[AllInPot], ranking: Ranking | str) -> tuple[AllInResult, ...]:
    """Each player's actual and expected take over the pots (exact fractions).

    The run-outs are dealt from the deck less the cards of everyone in any of the pots:
    a side pot's board cannot hold the cards of a player who is only in the main pot.
    """
    if not pots:
        return ()
    players: dict[str, tuple[str, ...]] = {}
    for pot in pots:
        players.update(zip(pot.players, pot.cards))
    names = list(players)
    subsets = tuple(tuple(names.index(p) for p in pot.players) for pot in pots)
    per_pot = deal_shares(ranking, tuple(players.values()), pots[0].board, subsets)
    won: dict[str, int] = dict.fromkeys(names, 0)
    expected: dict[str, Fraction] = dict.fromkeys(names, Fraction(0))
    first_equity: dict[str, Fraction] = {}
    for pot, pot_shares in zip(pots, per_pot):
        for player, share, taken in zip(pot.players, pot_shares, pot.won):
            won[player] += taken
            expected[player] += share * pot.amount
            first_equity.setdefault(player, share)
    return tuple(AllInResult(p, won[p], expected[p], first_equity[p]) for p in names)


def deal_shares(
    ranking: Ranking | str,
    hands: tuple[tuple[str, ...], ...],
    board: tuple[str, ...],
    pots: tuple[tuple[int, ...], ...],
) -> tuple[tuple[Fraction, ...], ...]:
    """Exact shares in each pot (players named by position in ``hands``), computed once per
    suit pattern: relabelling suits changes no equity. ``ranking`` may name an Omaha game
    (:data:`OMAHA_GAMES`)."""
    if isinstance(ranking, str) and ranking in OMAHA_GAMES:
        return omaha_shares(OMAHA_GAMES[ranking], hands, board, pots)
    ranking = Ranking(ranking)
    indices = [[Card.from_text(c).index for c in h] for h in hands]
    board_idx = [Card.from_text(c).index for c in board]
    key, order = _canonical(indices, board_idx)
    place = {original: k for k, original in enumerate(order)}
    canonical_pots = tuple(tuple(place[i] for i in pot) for pot in pots)
    results = _cached_shares(ranking, key, canonical_pots)
    return tuple(
        tuple(results[n][sorted(canonical).index(place[i])] for i in pot)
        for n, (pot, canonical) in enumerate(zip(pots, canonical_pots))
    )


@lru_cache(maxsize=65536)
def omaha_shares(
    split: str,
    hands: tuple[tuple[str, ...], ...],
    board: tuple[str, ...],
    pots: tuple[tuple[int, ...], ...],
) -> tuple[tuple[Fraction, ...], ...]:
    """Exact Omaha shares in each pot, in the pot's order: its hands' run-outs are dealt from
    the deck less every hand's cards (a player only in the main pot holds cards a side pot's
    board cannot have)."""
    out = []
    for pot in pots:
        dead = " ".join(c for j, h in enumerate(hands) if j not in pot for c in h)
        equity = omaha_equity([" ".join(hands[i]) for i in pot], board=" ".join(board), dead=dead, split=split)
        out.append(equity.shares)
    return tuple(out)


@lru_cache(maxsize=65536)
def _cached_shares(
    ranking: Ranking,
    key: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]],
    pots: tuple[tuple[int, ...], ...],
) -> tuple[tuple[Fraction, ...], ...]:
    """Shares per pot, each in the order of the pot's sorted canonical positions."""
    hands, board = key
    tallies = pot_tallies(
        [list(h) for h in hands], board=list(board), dead=[], ranking=ranking, pots=[sorted(p) for p in pots]
    )
    return tuple(shares(t) for t in tallies)


def _canonical(
    hands: list[list[int]], board: list[int]
) -> tuple[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]], list[int]]:
    """The smallest relabelling of suits, with hands sorted; ``order[k]`` = original hand at place k."""
    best: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]] | None = None
    best_order: list[int] = []
    for perm in permutations(range(4)):
        mapped = [tuple(sorted(((c & ~3) | perm[c & 3] for c in h), reverse=True)) for h in hands]
        order = sorted(range(len(mapped)), key=lambda i: mapped[i], reverse=True)
        candidate = (tuple(mapped[i] for i in order), tuple(sorted(((c & ~3) | perm[c & 3]) for c in board)))
        if best is None or candidate < best:
            best, best_order = candidate, order
    assert best is not None
    return best, best_order
