"""Settling a night: money conserved, transfers that bring everyone to zero, as few as possible,
and each player's ledger result checked against the audited hands."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.audit.hand import audit_hand
from analyzer.detect import rules_for
from analyzer.settlement import TABLE, hand_results, settle_buyins, settle_pokernow, transfers
from parsers.buyins import parse_buyins
from parsers.errors import ParseError
from parsers.formats import read_file
from parsers.pokernow_ledger import parse_ledger
from tests.analyzer.test_stats import NIGHT, audited, record

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"


def apply(results: dict[str, int], moves: tuple) -> dict[str, int]:  # type: ignore[type-arg]
    left = dict(results)
    for t in moves:
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return left


def fewest(values: list[int]) -> int:
    """The fewest transfers, plainly: n less the most zero-sum groups (every partition tried)."""
    values = [v for v in values if v]

    def groups(items: tuple[int, ...]) -> int:
        if not items:
            return 0
        first, rest = items[0], items[1:]
        best = 0
        for k in range(len(rest) + 1):
            for chosen in combinations(range(len(rest)), k):
                if first + sum(rest[i] for i in chosen) == 0:
                    others = tuple(v for i, v in enumerate(rest) if i not in chosen)
                    best = max(best, 1 + groups(others))
        return best

    return len(values) - groups(tuple(values))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-500, 500), min_size=1, max_size=8))
def test_transfers_settle_everyone_to_zero_with_the_fewest_transfers(values: list[int]) -> None:
    results = {f"p{i}": v for i, v in enumerate(values)}
    results["last"] = -sum(values)
    moves = transfers(results)
    assert set(apply(results, moves).values()) <= {0}
    assert all(t.amount > 0 and results[t.payer] < 0 < results[t.payee] for t in moves)
    assert len(moves) == fewest(list(results.values()))


def test_the_greedy_fallback_beyond_the_exact_limit_stays_within_n_minus_one() -> None:
    results = {f"p{i}": (i % 7) - 3 for i in range(40)}
    results["bank"] = -sum(results.values())
    moves = transfers(results)
    assert set(apply(results, moves).values()) == {0}
    assert len(moves) <= sum(1 for v in results.values() if v) - 1


def test_results_that_do_not_add_up_are_refused() -> None:
    with pytest.raises(ValueError, match="results: expected a sum of 0, got 5"):
        transfers({"Anna": 5})


BUYINS = """player,kind,amount,time,note
# Friday
Anna,buy-in,100,20:05,
Ben,buy-in,100,,
Carla,buy-in,100,,
Dev,buy-in,100,,
Anna,cash-out,104,,
Ben,cash-out,113,,
Carla,cash-out,100,,
Dev,cash-out,83,,
"""


def test_a_balanced_night_matching_the_hands_settles_without_problems() -> None:
    hands = [audited(text, f"n{i}")[1] for i, text in enumerate(NIGHT)]
    paid, owed = hand_results(hands)
    assert paid == owed == {"Anna": -7, "Ben": 13, "Carla": -2, "Dev": -4}
    balanced = {"Anna,cash-out,104": "Anna,cash-out,93", "Carla,cash-out,100": "Carla,cash-out,98", "83": "96"}
    text = BUYINS
    for old, new in balanced.items():
        text = text.replace(old, new)
    night = parse_buyins(text)
    result = settle_buyins(night, paid=paid, owed=owed)
    assert result.problems == ()
    assert (result.money_in, result.money_out, result.balance) == (400, 400, 0)
    assert [(t.payer, t.payee, t.amount) for t in result.transfers] == [
        ("Anna", "Ben", 7),
        ("Dev", "Ben", 4),
        ("Carla", "Ben", 2),
    ]


def test_the_bank_surplus_with_its_sign_and_a_result_the_hands_deny_are_named() -> None:
    hands = [audited(text, f"n{i}")[1] for i, text in enumerate(NIGHT)]
    paid, owed = hand_results(hands)
    result = settle_buyins(parse_buyins(BUYINS), paid=paid, owed=owed)
    assert tuple(map(str, result.problems)) == (
        "Anna: the ledger gives 4 (cashed out 104, bought in 100), the hands give -7",
        "Carla: the ledger gives 0 (cashed out 100, bought in 100), the hands give -2",
        "Dev: the ledger gives -17 (cashed out 83, bought in 100), the hands give -4",
    )
    short = settle_buyins(parse_buyins(BUYINS.replace("Ben,cash-out,113", "Ben,cash-out,103")))
    assert tuple(map(str, short.problems)) == (
        "money in 400 is not money out 390: the bank holds 10 more than it paid out",
    )
    assert apply({p.player: p.net for p in short.players} | {TABLE: 10}, short.transfers) == dict.fromkeys(
        ["Anna", "Ben", "Carla", "Dev", TABLE], 0
    )


def test_a_misawarded_pot_shows_what_the_audit_would_correct() -> None:
    bad = record(NIGHT[1].replace("win Ben 25", "win Anna 25"), "bad")
    paid, owed = hand_results([audit_hand(bad, rules_for(bad))])
    assert (paid["Anna"], owed["Anna"], paid["Ben"], owed["Ben"]) == (14, -11, -11, 14)
    result = settle_buyins(
        parse_buyins(
            "player,kind,amount\nAnna,buy-in,100\nAnna,cash-out,114\nBen,buy-in,100\nBen,cash-out,89\n"
            "Carla,buy-in,100\nCarla,cash-out,99\nDev,buy-in,100\nDev,cash-out,98\n"
        ),
        paid=paid,
        owed=owed,
    )
    assert "Anna: the hands paid 14 but the audit says -11 (-25 to correct)" in map(str, result.problems)
    assert "Ben: the hands paid -11 but the audit says 14 (25 to correct)" in map(str, result.problems)
    assert len(result.problems) == 2  # the ledger agrees with what was paid


def test_buyin_csv_errors_name_the_line() -> None:
    with pytest.raises(ParseError, match=r"^night.csv:3: buyins: expected an amount above 0, found '-5'$"):
        parse_buyins("player,kind,amount\nAnna,buy-in,100\nBen,buy-in,-5\n", file="night.csv")
    with pytest.raises(ParseError, match="expected a header with player, kind and amount"):
        parse_buyins("name,amount\nAnna,100\n")
    with pytest.raises(ParseError, match=r"night.csv:2: buyins: expected an amount in whole units of 0.01"):
        parse_buyins("player,kind,amount\nAnna,buy-in,1.005\n", file="night.csv", decimals=2)
    night = parse_buyins('kind,amount,player\nIN,"€1,000.50",Anna\n')  # columns in any order
    assert (night.decimals, night.totals()) == (2, {"Anna": (100050, 0)})


def test_a_pokernow_ledger_settles_by_player_id_and_balances() -> None:
    """The corpus night (obf 2024-11-09): 28 player ids, the ledger downloaded with stacks still open."""
    folder = CORPUS / "pokernow"
    ledger = parse_ledger((folder / "obf_2024-11-09_pair__ledger.csv").read_text(encoding="utf-8"))
    log = read_file(folder / "obf_2024-11-09_pair__log.csv")
    paid, owed = hand_results(audit_hand(h, rules_for(h)) for h in log.hands)
    result = settle_pokernow(ledger, decimals=2, paid=paid, owed=owed)
    assert len(result.players) == len(ledger.player_ids()) == 28
    assert result.balance == ledger.balance == 0
    assert not any("money in" in str(p) for p in result.problems)
    left = apply({p.player: p.net for p in result.players}, result.transfers)
    assert set(left.values()) == {0}
    assert len(result.transfers) <= sum(1 for p in result.players if p.net) - 1


def test_a_ledger_text_of_either_kind_settles_and_reads_as_words() -> None:
    from analyzer.settlement import report_lines, settle_ledger_text

    hands = [audited(text, f"n{i}")[1] for i, text in enumerate(NIGHT)]
    text = "player,kind,amount\nAnna,buy-in,100\nAnna,cash-out,93\nBen,buy-in,100\nBen,cash-out,113\n"
    text += "Carla,buy-in,100\nCarla,cash-out,98\nDev,buy-in,100\nDev,cash-out,96\n"
    night = settle_ledger_text(text, hands, decimals=0)
    assert report_lines(night) == [
        "money in 400, money out 400",
        "Anna pays Ben 7",
        "Dev pays Ben 4",
        "Carla pays Ben 2",
    ]
    with pytest.raises(ParseError, match="expected a PokerNow ledger or a buy-in CSV"):
        settle_ledger_text("entry,at,order\n", hands, file="log.csv", decimals=0)


SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


def received(moves: tuple, party: str) -> int:  # type: ignore[type-arg]
    """What a party gets from a list of transfers, less what it pays."""
    return sum(t.amount for t in moves if t.payee == party) - sum(t.amount for t in moves if t.payer == party)


def test_on_the_planted_night_as_audited_differs_from_as_paid_by_exactly_the_corrections() -> None:
    """The sample night with 12 planted errors and its buy-in list: both columns settle
    everyone to zero, and the as-audited one moves each player by the sum of their
    corrections, each traced to a hand the fault manifest planted."""
    import json

    from analyzer.audit.night import audit_files
    from analyzer.settlement import AS_AUDITED, AS_PAID, BANK, settle_ledger_text

    night = audit_files([read_file(SAMPLES / "shortdeck-night-errors.jsonl")])
    text = (SAMPLES / "shortdeck-night-buyins.csv").read_text(encoding="utf-8")
    result = settle_ledger_text(text, night.audits, file="buyins.csv", decimals=0)
    planted = {f["hand_id"] for f in json.loads((SAMPLES / "shortdeck-night-errors.jsonl.faults.json").read_text())}
    fixes = result.corrections
    assert {c.hand_id for c in fixes} == {f"fri-2026-{n}" for n in (40, 84, 85, 97, 104, 133, 142)} <= planted
    by_player: dict[str, int] = {}
    for c in fixes:
        by_player[c.player] = by_player.get(c.player, 0) + c.amount
    assert by_player == {"Dev": -26407, "Femi": -2798, "Ben": -44583, "Carla": 44484, "Elif": -1}
    paid, audited = result.results(AS_PAID), result.results(AS_AUDITED)
    assert sum(paid.values()) == sum(audited.values()) == 0
    for party in {*paid, *audited}:
        assert received(result.transfers, party) == paid.get(party, 0)
        assert received(result.audited, party) == audited.get(party, 0)
        difference = received(result.audited, party) - received(result.transfers, party)
        assert difference == (by_player.get(party, 0) if party != BANK else -result.residual)
    assert sum(t.amount for t in result.transfers if t.payee == BANK) == 0  # the ledger balances: no bank as paid
    assert result.residual == -29305  # hands 97, 133, 142: the audit's pot differs from the file's
    assert result.recommended == AS_AUDITED
    assert str(result.recommendation).startswith("pay as audited: 7 hands paid wrong (210,493 chips to correct)")
    assert "check fri-2026-97, fri-2026-133, fri-2026-142 first" in str(result.recommendation)


def test_the_bank_settles_with_everyone_when_it_holds_more_than_it_paid_out() -> None:
    """Money in 400, out 390: no player is picked to pay the bank its 10; each loser pays the
    bank and the bank pays each winner, and the bank's sign is said right."""
    from analyzer.settlement import BANK, chat_text, report_lines

    short = settle_buyins(parse_buyins(BUYINS.replace("Ben,cash-out,113", "Ben,cash-out,103")))
    assert [(t.payer, t.payee, t.amount) for t in short.transfers] == [
        ("Dev", BANK, 17),
        (BANK, "Anna", 4),
        (BANK, "Ben", 3),
    ]
    assert "problem: money in 400 is not money out 390: the bank holds 10 more than it paid out" in report_lines(short)
    assert chat_text(short).splitlines()[-1] == "The bank holds 10 more than it paid out."
    over = settle_buyins(parse_buyins(BUYINS.replace("Ben,cash-out,113", "Ben,cash-out,123")))
    assert tuple(map(str, over.problems)) == (
        "money in 400 is not money out 410: the bank paid out 10 more than it took in",
    )


def test_plain_nicknames_match_pokernow_names_by_name_and_ambiguity_is_named() -> None:
    from analyzer.settlement import match_names

    bank = parse_buyins("player,kind,amount\nanna,buy-in,100\nanna,cash-out,150\nBen,buy-in,100\nBen,cash-out,50\n")
    result = settle_buyins(bank, paid={"Anna @ x1": 50, "Ben @ b7": -50}, owed={"Anna @ x1": 50, "Ben @ b7": -50})
    assert result.problems == ()
    assert [(p.player, p.paid_by_hands) for p in result.players] == [("anna", 50), ("Ben", -50)]
    _, problems = match_names({"Ben": 0}, {"Ben @ b7", "Ben @ b8"})
    assert tuple(map(str, problems)) == (
        "Ben in the buy-in file matches 2 players of the hands (Ben @ b7, Ben @ b8): "
        "write the one meant as it appears in the hands (Ben @ b7)",
    )


def test_the_settlement_exports_as_csv_with_units_and_as_a_chat_text() -> None:
    from analyzer.money import ChipValue, Unit
    from analyzer.settlement import chat_text, corrections, settlement_csv

    bad = record(NIGHT[1].replace("win Ben 25", "win Anna 25"), "bad")
    hands = [audit_hand(bad, rules_for(bad))]
    paid, owed = hand_results(hands)
    bank = parse_buyins(
        "player,kind,amount\nAnna,buy-in,100\nAnna,cash-out,114\nBen,buy-in,100\nBen,cash-out,89\n"
        "Carla,buy-in,100\nCarla,cash-out,99\nDev,buy-in,100\nDev,cash-out,98\n"
    )
    unit = Unit("CHIPS", 0, ChipValue.parse("0.05 EUR"))
    result = settle_buyins(bank, paid=paid, owed=owed, fixes=corrections(hands), unit=unit)
    rows = settlement_csv(result).splitlines()
    assert rows[0] == "column,payer,payee,amount,unit,decimals,amount_text,hands"
    assert rows[1:] == [
        "as paid,Ben,Anna,11,CHIPS,0,€0.55,",
        "as paid,Dev,Anna,2,CHIPS,0,€0.10,",
        "as paid,Carla,Anna,1,CHIPS,0,€0.05,",
        "as audited,Anna,Ben,11,CHIPS,0,€0.55,",
        "as audited,Dev,Ben,2,CHIPS,0,€0.10,",
        "as audited,Carla,Ben,1,CHIPS,0,€0.05,",
        "correction,,Anna,-25,CHIPS,0,'-€1.25,bad",  # a text cell that starts with '-' is quoted
        "correction,,Ben,25,CHIPS,0,€1.25,bad",
    ]
    assert chat_text(result) == (
        "Tonight's settlement (as audited):\n• Anna pays Ben €0.55\n• Dev pays Ben €0.10\n• Carla pays Ben €0.05\n"
        "Corrected after the audit: 1 hand (bad).\n"
    )
