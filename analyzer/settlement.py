"""Settling a night: money in against money out, each result against the hands, who pays whom.

A night's ledger (a PokerNow ledger, or the buy-in CSV of :mod:`parsers.buyins`) says
what each player took from the bank and gave back. The settlement

1. checks that money in equals money out (what is missing or extra is named);
2. checks each player's result (cashed out less bought in) against the hands: what the
   hands paid them, and what the audit says they should have been paid;
3. lists transfers that bring everyone to zero: losers pay winners, nobody both pays and
   receives.

How few transfers: a night with ``n`` players who won or lost never needs more than
``n - 1``. The fewest is ``n`` less the largest number of groups the players split into
whose results add up to zero, each group settling apart; finding that is NP-hard in
general (it contains subset sum), but a night has few players: up to
:data:`EXACT_LIMIT` players with a result the grouping is searched exhaustively and the
list is the shortest possible; beyond that, the usual greedy matching of the largest
debtor with the largest creditor is used, which still stays within ``n - 1``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace

from analyzer.replay.findings import Code, HandAudit, Verdict
from parsers.buyins import BuyIns, parse_buyins, sniff
from parsers.errors import ParseError
from parsers.pokernow_ledger import Ledger, parse_ledger, sniff_ledger
from parsers.record import money_text

TABLE = "the table"  # the other side of money missing from (or extra in) the bank
EXACT_LIMIT = 16


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: str
    payee: str
    amount: int


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """One player's night: the ledger's money and what the hands say."""

    player: str
    bought_in: int
    cashed_out: int
    paid_by_hands: int | None  # the sum of the hands' results as the source paid them
    owed_by_hands: int | None  # the same as the audit says it should have been

    @property
    def net(self) -> int:
        return self.cashed_out - self.bought_in


@dataclass(frozen=True, slots=True)
class NightSettlement:
    players: tuple[PlayerLine, ...]
    decimals: int
    transfers: tuple[Transfer, ...]
    problems: tuple[str, ...]

    @property
    def money_in(self) -> int:
        return sum(p.bought_in for p in self.players)

    @property
    def money_out(self) -> int:
        return sum(p.cashed_out for p in self.players)

    @property
    def balance(self) -> int:
        """Money out less money in: 0 when the bank balances."""
        return self.money_out - self.money_in

    @property
    def ok(self) -> bool:
        return not self.problems


def hand_results(audits: Iterable[HandAudit]) -> tuple[dict[str, int], dict[str, int]]:
    """Each player's total over the hands: (as the source paid it, as the audit says it is owed).

    A hand whose source states no awards (only finishing stacks, say) counts as paid what
    the audit computes; a hand whose pots the audit could not decide (hole cards unknown)
    counts as owed what was paid.
    """
    paid: dict[str, int] = {}
    owed: dict[str, int] = {}
    for audit in audits:
        claims = any(row.claimed_won for row in audit.ledger)
        undecided = Code.SHOWDOWN_CARDS_UNKNOWN in {p.code for p in audit.problems}
        for row in audit.ledger:
            as_paid = row.net - sum(row.won) + row.claimed_won if claims else row.net
            paid[row.player] = paid.get(row.player, 0) + as_paid
            owed[row.player] = owed.get(row.player, 0) + (as_paid if undecided else row.net)
    return paid, owed


def transfers(results: Mapping[str, int]) -> tuple[Transfer, ...]:
    """Transfers that settle results adding up to zero (positive: the player is owed).

    >>> transfers({"Anna": 50, "Ben": -30, "Carla": -20})
    (Transfer(payer='Ben', payee='Anna', amount=30), Transfer(payer='Carla', payee='Anna', amount=20))
    >>> [(t.payer, t.payee, t.amount) for t in transfers({"A": 5, "B": -5, "C": 7, "D": -7})]
    [('D', 'C', 7), ('B', 'A', 5)]
    """
    if sum(results.values()) != 0:
        raise ValueError(f"results: expected a sum of 0, got {sum(results.values())}")
    parties = sorted(((p, v) for p, v in results.items() if v), key=lambda pv: (-abs(pv[1]), pv[0]))
    if len(parties) <= EXACT_LIMIT:
        groups = _zero_groups([v for _, v in parties])
    else:
        groups = [list(range(len(parties)))]
    out: list[Transfer] = []
    for group in groups:
        out.extend(_greedy({parties[i][0]: parties[i][1] for i in group}))
    return tuple(out)


def _greedy(results: Mapping[str, int]) -> list[Transfer]:
    """The largest debtor pays the largest creditor, until everyone is at zero."""
    owed = {p: v for p, v in results.items() if v > 0}
    owing = {p: -v for p, v in results.items() if v < 0}
    out: list[Transfer] = []
    while owed and owing:
        payee = max(owed, key=lambda p: (owed[p], p))
        payer = max(owing, key=lambda p: (owing[p], p))
        amount = min(owed[payee], owing[payer])
        out.append(Transfer(payer, payee, amount))
        for book, who in ((owed, payee), (owing, payer)):
            book[who] -= amount
            if not book[who]:
                del book[who]
    return out


def _zero_groups(values: list[int]) -> list[list[int]]:
    """The most groups of positions whose values add to zero (an exhaustive search over subsets).

    ``best[mask]`` is the most zero-sum groups a removal order of ``mask`` passes through;
    the groups are read back along one best order.
    """
    n = len(values)
    if n == 0:
        return []
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    best = [0] * (1 << n)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]
        top = 0
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            top = max(top, best[mask ^ bit])
        best[mask] = top + (sums[mask] == 0)
    groups: list[list[int]] = []
    mask, boundary = full, full
    while mask:
        zero = sums[mask] == 0
        if zero and mask != boundary:
            groups.append([i for i in range(n) if (boundary ^ mask) >> i & 1])
            boundary = mask
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            if best[mask ^ bit] + zero == best[mask]:
                mask ^= bit
                break
    groups.append([i for i in range(n) if boundary >> i & 1])
    return sorted(groups, key=lambda g: g[0])


def settle_buyins(
    buyins: BuyIns, *, paid: Mapping[str, int] | None = None, owed: Mapping[str, int] | None = None
) -> NightSettlement:
    """Settle a night from the buy-in CSV; ``paid``/``owed`` are :func:`hand_results` of its hands."""
    totals = buyins.totals()
    return _settle(totals, buyins.decimals, paid, owed, key=lambda name: name)


def settle_pokernow(
    ledger: Ledger, *, decimals: int, paid: Mapping[str, int] | None = None, owed: Mapping[str, int] | None = None
) -> NightSettlement:
    """Settle from a PokerNow ledger: per player id, buy-ins against buy-outs plus the stack
    still on the table. Its units are the hands' minor units (cents in a cents game)."""
    totals: dict[str, tuple[int, int]] = {}
    names: dict[str, str] = {}
    for row in ledger.rows:
        bought, cashed = totals.get(row.player_id, (0, 0))
        totals[row.player_id] = (bought + row.buy_in, cashed + (row.buy_out or 0) + (row.stack if row.is_open else 0))
        names.setdefault(row.player_id, f"{row.player} @ {row.player_id}")
    named = {names[pid]: value for pid, value in totals.items()}
    return _settle(named, decimals, paid, owed, key=lambda name: name.rsplit(" @ ", 1)[-1])


def _settle(
    totals: Mapping[str, tuple[int, int]],
    decimals: int,
    paid: Mapping[str, int] | None,
    owed: Mapping[str, int] | None,
    *,
    key: Callable[[str], str],
) -> NightSettlement:
    def m(amount: int) -> str:
        return money_text(amount, decimals)

    hands_paid = {key(p): v for p, v in (paid or {}).items()}
    hands_owed = {key(p): v for p, v in (owed or {}).items()}
    players = tuple(
        PlayerLine(
            player,
            bought,
            cashed,
            hands_paid.get(key(player), 0) if paid is not None else None,
            hands_owed.get(key(player), 0) if owed is not None else None,
        )
        for player, (bought, cashed) in totals.items()
    )
    problems: list[str] = []
    money_in, money_out = sum(p.bought_in for p in players), sum(p.cashed_out for p in players)
    if money_in != money_out:
        gap = money_in - money_out
        problems.append(
            f"money in {m(money_in)} is not money out {m(money_out)}: {m(abs(gap))} "
            + ("missing from the bank" if gap > 0 else "more paid out than came in")
        )
    for p in players:
        if p.paid_by_hands is not None and p.paid_by_hands != p.net:
            problems.append(
                f"{p.player}: the ledger gives {m(p.net)} (cashed out {m(p.cashed_out)}, bought in "
                f"{m(p.bought_in)}), the hands give {m(p.paid_by_hands)}"
            )
        if p.owed_by_hands is not None and p.paid_by_hands is not None and p.owed_by_hands != p.paid_by_hands:
            problems.append(
                f"{p.player}: the hands paid {m(p.paid_by_hands)} but the audit says {m(p.owed_by_hands)} "
                f"({m(p.owed_by_hands - p.paid_by_hands)} to correct)"
            )
    known = {key(p.player) for p in players}
    for name in sorted(set(paid or {}) | set(owed or {})):
        if key(name) not in known:
            problems.append(f"{name} played hands but is not in the ledger")
    results = {p.player: p.net for p in players}
    if money_in != money_out:
        results[TABLE] = money_in - money_out
    return NightSettlement(players, decimals, transfers(results), tuple(problems))


def settle_ledger_text(text: str, audits: Iterable[HandAudit], *, file: str = "", decimals: int) -> NightSettlement:
    """Settle a night from a ledger file's text (a PokerNow ledger or the buy-in CSV, told
    apart by the header) and the night's audits; ``decimals`` is the hands' minor unit."""
    audits = list(audits)
    paid, owed = hand_results(audits)
    unread = sum(1 for a in audits if a.verdict is Verdict.UNREADABLE)
    if sniff_ledger(text):
        night = settle_pokernow(parse_ledger(text, file=file), decimals=decimals, paid=paid, owed=owed)
    elif sniff(text):
        night = settle_buyins(parse_buyins(text, file=file, decimals=decimals), paid=paid, owed=owed)
    else:
        night = None
    if night is not None:
        if unread:  # the results below cannot be complete: say so first
            caveat = (
                f"{unread} hand{'s' * (unread != 1)} of the night could not be read (see the audit), "
                "so the hands cannot account for every player's result"
            )
            night = replace(night, problems=(caveat, *night.problems))
        return night
    first = next((line.strip() for line in text.splitlines() if line.strip()), "an empty file")
    raise ParseError(
        expected="a PokerNow ledger or a buy-in CSV (player,kind,amount)", found=first[:60], file=file, line=1
    )


def report_lines(night: NightSettlement) -> list[str]:
    """The settlement in words: the balance, each problem, each transfer."""

    def m(amount: int) -> str:
        return money_text(amount, night.decimals)

    lines = [f"money in {m(night.money_in)}, money out {m(night.money_out)}"]
    lines.extend(f"problem: {p}" for p in night.problems)
    lines.extend(f"{t.payer} pays {t.payee} {m(t.amount)}" for t in night.transfers)
    if not night.transfers:
        lines.append("nobody owes anybody")
    return lines
