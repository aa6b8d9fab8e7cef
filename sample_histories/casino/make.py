"""A small seeded session of the 6+ Poker betting game: draws, bets, and planted mistakes.

Run from the repository root: ``python -m sample_histories.casino.make``. It writes, next to
itself, ``session.jsonl`` (casino JSON Lines: draws and bets) and the same session as CSV
(``draws.csv``, ``bets.csv``). Deals follow the seed's order (C-DISCARD: a face-down discard
before the flop, the turn and the river); offered odds are the exact fair odds of the round
less a margin per round, rounded down to the cent; every bet is paid as owed, except the
planted mistakes (tests pin them):

* ``b-wrong-loss``: a winning bet paid nothing (WRONG_PAYOUT);
* ``b-wrong-win``: a losing bet paid as a win (WRONG_PAYOUT);
* ``b-wrong-split``: a Player bet refunded on a split, where the shipped rule says it loses (WRONG_PAYOUT, C-SPLIT);
* ``b-cancel-paid``: a bet on the cancelled draw paid as a win, not refunded (WRONG_PAYOUT, C-REFUND);
* ``b-decided``: a bet taken in round 5 on an outcome already lost (BET_ON_DECIDED).

Draw ``d-split`` is a split (its bets on the split are paid), ``d-cancel`` is cancelled
(§5.1.1, a scanner mismatch: every stake refunded), ``d-burn`` had a card burned in round 3.
"""

from __future__ import annotations

import random
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction
from pathlib import Path

from analyzer.cards import SHORT_DECK
from analyzer.casino.judge import judge
from analyzer.casino.odds import ROUNDS, Status, quotes, state_at
from analyzer.casino.outcomes import load_outcomes
from analyzer.casino.settle import settle
from analyzer.evaluator import Ranking
from parsers.casino import Burn, CasinoBet, CasinoDraw, DrawStatus, Side, write, write_csv

SEED = 3
HERE = Path(__file__).resolve().parent
RANKING = Ranking.TRIPS_OVER_STRAIGHT
MARGIN = {1: Decimal("0.05"), 2: Decimal("0.05"), 3: Decimal("0.06"), 4: Decimal("0.07"), 5: Decimal("0.08")}
STAKES = (100, 200, 500, 1000, 2500)


def deal(rng: random.Random, draw_id: str, minute: int, *, burn_round: int | None = None) -> CasinoDraw:
    """Shuffle and deal in the seed's order (§3.1-3.5): Player, Dealer, then board with discards."""
    cards = [c.text for c in SHORT_DECK.cards]
    rng.shuffle(cards)
    shoe = iter(cards)
    player = (next(shoe), next(shoe))
    dealer = (next(shoe), next(shoe))
    burned: tuple[Burn, ...] = ()
    board: list[str] = []
    for street, count in ((3, 3), (4, 1), (5, 1)):  # the round that opens after this street
        if burn_round == street - 1:
            burned = (Burn(next(shoe), burn_round),)  # shown face up during the round, burned (§5.3)
        next(shoe)  # the face-down discard (§1.13)
        board += [next(shoe) for _ in range(count)]
    showdown = judge(player, dealer, board, RANKING)
    return CasinoDraw(
        draw_id=draw_id,
        time=f"2024-05-01T20:{minute:02d}:00Z",
        player=player,
        dealer=dealer,
        board=tuple(board),
        burned=burned,
        discards=("??", "??", "??"),
        result=showdown.result,
    )


def offered(probability: Fraction, round: int) -> Decimal:
    """Fair odds less the round's margin, rounded down to the cent (at least 1.01)."""
    fair = Decimal(probability.denominator) / Decimal(probability.numerator)
    return max(Decimal("1.01"), (fair * (1 - MARGIN[round])).quantize(Decimal("0.01"), rounding=ROUND_DOWN))


def bets_for(rng: random.Random, draw: CasinoDraw, count: int) -> list[CasinoBet]:
    outcomes = load_outcomes()
    out = []
    for n in range(count):
        round = rng.choice(ROUNDS)
        quoted = quotes(state_at(draw, round), outcomes, RANKING)
        open_quotes = [q for q in quoted.quotes if q.status is Status.OPEN]
        quote = rng.choice(open_quotes)
        out.append(
            CasinoBet(
                bet_id=f"{draw.draw_id}-b{n + 1}",
                draw_id=draw.draw_id,
                round=round,
                outcome=quote.outcome,
                stake=rng.choice(STAKES),
                odds=offered(quote.probability, round),
                paid=0,
                currency="EUR",
                time=draw.time,
            )
        )
    return out


def owed(bet: CasinoBet, draw: CasinoDraw) -> int:
    outcomes = load_outcomes()
    outcome = outcomes.get(bet.outcome)
    assert outcome is not None
    showdown = judge(draw.player, draw.dealer, draw.board, RANKING) if draw.status is DrawStatus.COMPLETED else None
    return settle(
        bet, outcome, status=draw.status, showdown=showdown, settlement=outcomes.settlement, ranking=RANKING
    )[1]


def session() -> tuple[list[CasinoDraw], list[CasinoBet]]:
    rng = random.Random(SEED)
    draws = [deal(rng, f"d{i:02d}", i * 2) for i in range(1, 9)]
    draws.append(deal(rng, "d-burn", 18, burn_round=3))
    split = deal(rng, "d-split", 20)
    while split.result is not Side.SPLIT:  # deal on until the cards tie (about one draw in 15)
        split = deal(rng, "d-split", 20)
    draws.append(split)
    cancelled = deal(rng, "d-cancel", 22)
    draws.append(
        CasinoDraw(
            draw_id="d-cancel",
            time=cancelled.time,
            player=cancelled.player,
            dealer=cancelled.dealer,
            board=cancelled.board[:3],
            discards=("??",),
            status=DrawStatus.CANCELLED,
            cancel_reason="scanner-mismatch",
        )
    )
    bets: list[CasinoBet] = []
    for draw in draws:
        if draw.status is DrawStatus.COMPLETED:
            bets += bets_for(rng, draw, 4)
    by_id = {d.draw_id: d for d in draws}
    # bets on the split: Player, Split, and the winning hand
    bets += [
        CasinoBet("b-split-player", "d-split", 2, "player", 1000, Decimal("2.05"), 0, "EUR"),
        CasinoBet("b-split-split", "d-split", 2, "split", 500, Decimal("13.50"), 0, "EUR"),
        CasinoBet("b-wrong-split", "d-split", 1, "dealer", 1000, Decimal("2.05"), 0, "EUR"),
    ]
    bets += [
        CasinoBet("b-cancel-1", "d-cancel", 1, "player", 1000, Decimal("2.05"), 0, "EUR"),
        CasinoBet("b-cancel-paid", "d-cancel", 2, "dealer", 500, Decimal("2.10"), 0, "EUR"),
    ]
    bets = [CasinoBet(**{**_fields(b), "paid": owed(b, by_id[b.draw_id])}) for b in bets]
    # the planted mistakes
    winner = next(b for b in bets if b.paid > b.stake and b.draw_id.startswith("d0"))
    loser = next(b for b in bets if b.paid == 0 and b.draw_id.startswith("d0") and b.bet_id != winner.bet_id)
    lost_draw = by_id["d01"]
    lost_at_river = next(
        q.outcome for q in quotes(state_at(lost_draw, 5), load_outcomes(), RANKING).quotes if q.status is Status.LOST
    )
    bets.append(CasinoBet("b-decided", "d01", 5, lost_at_river, 200, Decimal("50.00"), 0, "EUR"))
    fixed = []
    for b in bets:
        changes: dict[str, object] = {}
        if b.bet_id == winner.bet_id:
            changes = {"bet_id": "b-wrong-loss", "paid": 0}
        elif b.bet_id == loser.bet_id:
            changes = {"bet_id": "b-wrong-win", "paid": int(b.stake * b.odds)}
        elif b.bet_id == "b-wrong-split":
            changes = {"paid": b.stake}
        elif b.bet_id == "b-cancel-paid":
            changes = {"paid": int(b.stake * b.odds)}
        fixed.append(CasinoBet(**{**_fields(b), **changes}))
    return draws, fixed


def _fields(bet: CasinoBet) -> dict[str, object]:
    return {name: getattr(bet, name) for name in CasinoBet.__dataclass_fields__}


def main() -> None:
    draws, bets = session()
    (HERE / "session.jsonl").write_text(write([*draws, *bets]), encoding="utf-8")
    (HERE / "draws.csv").write_text(write_csv(draws, "draw"), encoding="utf-8")
    (HERE / "bets.csv").write_text(write_csv(bets, "bet"), encoding="utf-8")
    print(f"wrote {len(draws)} draws and {len(bets)} bets to {HERE}")


if __name__ == "__main__":
    main()
