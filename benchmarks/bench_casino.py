"""The 6+ Poker betting game (seed 003): exact odds by enumeration, against a naive peer.

- round 2 (the Player's two cards known): every Dealer hand and every board, C(34,2) x
  C(32,5) = 112,971,936 (Dealer hand, board) pairs, counted exactly by
  :func:`analyzer.casino.exact.count_deals` for three Player hands, checked against the
  shipped tables; target: at most 2 seconds each;
- the peer, in the same run: the plain way, one batch evaluation per (Dealer hand, board)
  pair with the same numpy evaluator, timed on a slice of the boards and scaled up;
- rounds 3 to 5, and the settlement audit of the sample session.

Run: ``make bench`` or ``.venv/bin/python -m benchmarks casino``.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from analyzer.cards import SHORT_DECK, clean
from analyzer.casino import report_files
from analyzer.casino.exact import colex, count_deals
from analyzer.casino.tables import hand_class, round_two
from analyzer.evaluator import Ranking, strengths
from benchmarks.bench_evaluator import one_core
from parsers.casino import read_file

RK = Ranking.TRIPS_OVER_STRAIGHT
DECK = [c.index for c in SHORT_DECK.cards]
SAMPLE = Path(__file__).resolve().parents[1] / "sample_histories" / "casino" / "session.jsonl"
TARGET_SECONDS = 2.0
PEER_BOARDS = 4_000


def _idx(text: str) -> list[int]:
    return [c.index for c in clean(text)]


def round_two_exact(player: str) -> float:
    start = time.perf_counter()
    counts = count_deals(player=_idx(player), board=(), deck=DECK, ranking=RK)
    seconds = time.perf_counter() - start
    first, second = clean(player)
    same = counts == round_two(hand_class(first, second), RK)
    verdict = "ok" if seconds <= TARGET_SECONDS else "OVER TARGET"
    print(
        f"round 2 exact, Player {player} ({hand_class(first, second)}): {counts.total:,} pairs in {seconds:.2f} s "
        f"({counts.total / seconds / 1e6:.0f}M pairs/s; target <= {TARGET_SECONDS:.0f} s: {verdict}); "
        f"equals the shipped table: {same}",
        flush=True,
    )
    return seconds


def round_two_naive(player: str) -> float:
    """The peer: both hands evaluated for every (board, Dealer hand) pair, in batches of boards,
    with the same numpy evaluator; timed on a slice of the boards and scaled to all of them."""
    mine = _idx(player)
    rest = np.array(sorted(set(DECK) - set(mine)), dtype=np.int8)
    boards = colex(len(rest), 5)
    pick = boards[np.linspace(0, len(boards) - 1, PEER_BOARDS).astype(int)]
    pairs_per_board = 406  # C(29, 2) Dealer hands for each board
    dealer_pairs = colex(len(rest) - 5, 2)
    start = time.perf_counter()
    for batch in np.array_split(pick, PEER_BOARDS // 250):
        hands = np.empty((len(batch) * pairs_per_board, 7), dtype=np.int8)
        players = np.empty((len(batch), 7), dtype=np.int8)
        for b, row in enumerate(batch):
            board = rest[row]
            keep = np.ones(len(rest), dtype=bool)
            keep[row] = False
            rows = slice(b * pairs_per_board, (b + 1) * pairs_per_board)
            hands[rows, :5] = board
            hands[rows, 5:] = rest[keep][dealer_pairs]
            players[b] = [*mine, *board]
        s = strengths(hands, RK)
        p = np.repeat(strengths(players, RK), pairs_per_board)
        np.bincount((s > p).astype(np.int64) + 2 * (s == p), minlength=3)
    seconds = (time.perf_counter() - start) * len(boards) / len(pick)
    print(
        f"  peer, one evaluation per (Dealer hand, board) pair: {len(pick) * pairs_per_board:,} pairs timed, "
        f"{len(boards) * pairs_per_board:,} scaled: {seconds:.2f} s",
        flush=True,
    )
    return seconds


def later_rounds() -> None:
    for label, player, board, repeat in (
        ("round 3 (flop)", "As Kd", "Ah 7h 6h", 5),
        ("round 4 (turn)", "As Kd", "Ah 7h 6h Qs", 20),
        ("round 5 (river)", "As Kd", "Ah 7h 6h Qs Tc", 50),
    ):
        start = time.perf_counter()
        for _ in range(repeat):
            counts = count_deals(player=_idx(player), board=_idx(board), deck=DECK, ranking=RK)
        ms = (time.perf_counter() - start) / repeat * 1000
        print(f"{label}: {counts.total:,} deals in {ms:.1f} ms", flush=True)


def session_audit() -> None:
    start = time.perf_counter()
    report = report_files([read_file(SAMPLE)])
    seconds = time.perf_counter() - start
    s = report.summary()
    print(f"sample session audit: {s.draws} draws, {s.bets} bets, {s.wrong_payouts} paid wrongly, in {seconds:.2f} s")


def main() -> None:
    with one_core() as where:
        print(f"(one core: {where})")
        count_deals(player=_idx("As Kd"), board=_idx("Ah 7h 6h Qs"), deck=DECK, ranking=RK)  # tables warm
        times = [round_two_exact(p) for p in ("As Kd", "9h 9c", "7s 6s")]
        peer = round_two_naive("As Kd")
        print(f"  exact enumeration is {peer / times[0]:.1f}x faster than the peer", flush=True)
        later_rounds()
        session_audit()


if __name__ == "__main__":
    main()
