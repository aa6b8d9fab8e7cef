"""Settling a night: money in against money out, each result against the hands, who pays whom.

A night's ledger (a PokerNow ledger, or the buy-in CSV of :mod:`parsers.buyins`) says
what each player took from the bank and gave back. The settlement

1. checks that money in equals money out (the bank's surplus or shortfall is named with
   its sign: "the bank holds 35,856 more than it paid out");
2. checks each player's result (cashed out less bought in) against the hands: what the
   hands paid them, and what the audit says they should have been paid;
3. says who pays whom twice, side by side: *as paid* (the ledger's results) and *as
   audited* (the same with every correction the audit found applied, each correction traced
   to its hand), and which of the two it recommends.

A correction is, for one player in one hand, what the audit says the hand owed them less
what the source paid them (a pot given to the wrong player, an odd chip, a side pot to a
player not eligible for it). Where a hand's corrections do not add up to zero (the audit
replays a different pot than the one the file paid out), the difference is the bank's: the
bank is then a party of the settlement, and everyone settles with it (each loser pays the
bank, the bank pays each winner), so no player is ever picked to pay "the table".

How few transfers: a night with ``n`` players who won or lost never needs more than
``n - 1``. The fewest is ``n`` less the largest number of groups the players split into
whose results add up to zero, each group settling apart; finding that is NP-hard in
general (it contains subset sum), but a night has few players: up to
:data:`EXACT_LIMIT` players with a result the grouping is searched exhaustively and the
list is the shortest possible; beyond that, the usual greedy matching of the largest
debtor with the largest creditor is used, which still stays within ``n - 1``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace

from analyzer.audit.records import HandAudit
from analyzer.audit.report import safe_cell
from analyzer.i18n import EMPTY, Join, Msg, _, f_, fn_, msg, nmsg, pgettext, render
from analyzer.money import Unit
from analyzer.replay.findings import Code, Verdict
from parsers.buyins import BuyIns, parse_buyins, sniff
from parsers.errors import ParseError
from parsers.pokernow_ledger import Ledger, parse_ledger, sniff_ledger

TABLE = "the bank"  # the other side of money the bank holds (or lacks) beyond what it paid out
BANK = TABLE
EXACT_LIMIT = 16
AS_PAID = "as paid"
AS_AUDITED = "as audited"


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: str
    payee: str
    amount: int


@dataclass(frozen=True, slots=True)
class Correction:
    """One player's payout in one hand, as the source paid it and as the audit says it is owed."""

    hand_id: str
    file: str
    line: int
    player: str
    paid: int  # the player's result in the hand as the source paid it
    owed: int  # as the audit says it should have been
    codes: tuple[str, ...]  # the hand's problem codes that say why

    @property
    def amount(self) -> int:
        """What to add to the player's result: owed less paid."""
        return self.owed - self.paid


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

    @property
    def correction(self) -> int:
        """What the audit's corrections add to this player's result."""
        if self.paid_by_hands is None or self.owed_by_hands is None:
            return 0
        return self.owed_by_hands - self.paid_by_hands

    @property
    def audited_net(self) -> int:
        return self.net + self.correction


@dataclass(frozen=True, slots=True)
class NightSettlement:
    players: tuple[PlayerLine, ...]
    decimals: int
    transfers: tuple[Transfer, ...]  # as paid
    problems: tuple[Msg, ...]  # each rendered where it is shown (analyzer.i18n.render)
    audited: tuple[Transfer, ...] = ()  # as audited: the corrections applied
    corrections: tuple[Correction, ...] = ()
    recommended: str = AS_PAID  # AS_PAID or AS_AUDITED
    recommendation: Msg = EMPTY
    unit: Unit = field(default_factory=Unit)

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

    @property
    def residual(self) -> int:
        """What the corrections add up to: what the bank gives (positive) or keeps (negative)."""
        return sum(c.amount for c in self.corrections)

    def results(self, which: str) -> dict[str, int]:
        """Each party's result as paid or as audited (the bank among them where it holds or lacks money)."""
        audited = which == AS_AUDITED
        out = {p.player: p.audited_net if audited else p.net for p in self.players}
        bank = -sum(out.values())
        if bank:
            out[BANK] = bank
        return out

    def money(self, amount: int) -> str:
        return self.unit.text(amount)


def _hand_rows(audit: HandAudit) -> list[tuple[str, int, int]]:
    """(player, as paid, as owed) for each player of a hand.

    A hand whose source states no awards (only finishing stacks, say) counts as paid what
    the audit computes; a hand whose pots the audit could not decide (hole cards unknown)
    counts as owed what was paid.
    """
    claims = any(row.claimed_won for row in audit.ledger)
    undecided = Code.SHOWDOWN_CARDS_UNKNOWN in {p.code for p in audit.problems}
    out = []
    for row in audit.ledger:
        as_paid = row.net - sum(row.won) + row.claimed_won if claims else row.net
        out.append((row.player, as_paid, as_paid if undecided else row.net))
    return out


def hand_results(audits: Iterable[HandAudit]) -> tuple[dict[str, int], dict[str, int]]:
    """Each player's total over the hands: (as the source paid it, as the audit says it is owed)."""
    paid: dict[str, int] = {}
    owed: dict[str, int] = {}
    for audit in audits:
        for player, as_paid, as_owed in _hand_rows(audit):
            paid[player] = paid.get(player, 0) + as_paid
            owed[player] = owed.get(player, 0) + as_owed
    return paid, owed


def corrections(audits: Iterable[HandAudit]) -> tuple[Correction, ...]:
    """Every player's payout the audit corrects, hand by hand, in the night's order."""
    out: list[Correction] = []
    for audit in audits:
        codes = tuple(dict.fromkeys(p.code.value for p in audit.problems))
        for player, as_paid, as_owed in _hand_rows(audit):
            if as_paid != as_owed:
                out.append(Correction(audit.hand_id, audit.file, audit.line, player, as_paid, as_owed, codes))
    return tuple(out)


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


def bank_transfers(results: Mapping[str, int]) -> tuple[Transfer, ...]:
    """Everyone settles with the bank: each loser pays it, it pays each winner (largest first).

    >>> bank_transfers({"Anna": 50, "Ben": -60, BANK: 10})
    (Transfer(payer='Ben', payee='the bank', amount=60), Transfer(payer='the bank', payee='Anna', amount=50))
    """
    parties = sorted(((p, v) for p, v in results.items() if v and p != BANK), key=lambda pv: (-abs(pv[1]), pv[0]))
    pay_in = [Transfer(p, BANK, -v) for p, v in parties if v < 0]
    pay_out = [Transfer(BANK, p, v) for p, v in parties if v > 0]
    return (*pay_in, *pay_out)


def settle_results(results: Mapping[str, int]) -> tuple[Transfer, ...]:
    """The transfers of one column: the fewest between players, or everyone with the bank
    when the bank holds or lacks money (then no player is picked to make up its difference)."""
    if results.get(BANK):
        return bank_transfers(results)
    return transfers({p: v for p, v in results.items() if p != BANK})


def settle_buyins(
    buyins: BuyIns,
    *,
    paid: Mapping[str, int] | None = None,
    owed: Mapping[str, int] | None = None,
    fixes: tuple[Correction, ...] = (),
    unit: Unit | None = None,
) -> NightSettlement:
    """Settle a night from the buy-in CSV; ``paid``/``owed`` are :func:`hand_results` of its hands.

    The buy-in file's names are matched to the hands' players by name; a plain nickname
    matches a PokerNow player written "Name @ id" when only one player has that name.
    """
    totals = buyins.totals()
    names, problems = match_names(totals, set(paid or {}) | set(owed or {}))
    return _settle(
        totals,
        unit or Unit(decimals=buyins.decimals),
        paid,
        owed,
        fixes,
        key=lambda name: names.get(name, name),
        matching=problems,
    )


def settle_pokernow(
    ledger: Ledger,
    *,
    decimals: int,
    paid: Mapping[str, int] | None = None,
    owed: Mapping[str, int] | None = None,
    fixes: tuple[Correction, ...] = (),
    unit: Unit | None = None,
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
    return _settle(
        named, unit or Unit(decimals=decimals), paid, owed, fixes, key=lambda name: name.rsplit(" @ ", 1)[-1]
    )


def match_names(totals: Mapping[str, object], players: set[str]) -> tuple[dict[str, str], tuple[Msg, ...]]:
    """The buy-in file's names mapped to the hands' keys, and a line for each name that is ambiguous.

    A name the hands use as it is maps to itself; a plain nickname maps to the one PokerNow
    player "Name @ id" of that name (case and spaces aside).

    >>> players = {"Anna @ a1", "Ben", "Carla @ c1", "Carla @ c2"}
    >>> mapped, problems = match_names({"Anna": 0, "Ben": 0, "Carla": 0}, players)
    >>> mapped, [render(p, "en") for p in problems]
    ({'Anna': 'Anna @ a1'}, ['Carla in the buy-in file matches 2 players of the hands (Carla @ c1, Carla @ c2): \
write the one meant as it appears in the hands (Carla @ c1)'])
    """
    by_name: dict[str, list[str]] = {}
    for player in sorted(players):
        base = player.rsplit(" @ ", 1)[0] if " @ " in player else player
        by_name.setdefault(_plain(base), []).append(player)
    mapped: dict[str, str] = {}
    problems: list[Msg] = []
    for name in totals:
        if name in players:
            continue
        found = by_name.get(_plain(name), [])
        if len(found) == 1:
            mapped[name] = found[0]
        elif len(found) > 1:
            problems.append(
                msg(
                    "{name} in the buy-in file matches {n} players of the hands ({found}): "
                    "write the one meant as it appears in the hands ({first})",
                    name=name,
                    n=len(found),
                    found=Join(tuple(found), "list"),
                    first=found[0],
                )
            )
    return mapped, tuple(problems)


def _plain(name: str) -> str:
    return " ".join(name.split()).casefold()


def _settle(
    totals: Mapping[str, tuple[int, int]],
    unit: Unit,
    paid: Mapping[str, int] | None,
    owed: Mapping[str, int] | None,
    fixes: tuple[Correction, ...],
    *,
    key: Callable[[str], str],
    matching: tuple[Msg, ...] = (),
) -> NightSettlement:
    m = unit.text
    hands_paid: dict[str, int] = {}
    hands_owed: dict[str, int] = {}
    for source, target in ((paid, hands_paid), (owed, hands_owed)):
        for name, v in (source or {}).items():
            target[key(name)] = target.get(key(name), 0) + v
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
    problems: list[Msg] = list(matching)
    money_in, money_out = sum(p.bought_in for p in players), sum(p.cashed_out for p in players)
    if money_in != money_out:
        problems.append(
            msg(
                "money in {money_in} is not money out {money_out}: {bank}",
                money_in=m(money_in),
                money_out=m(money_out),
                bank=bank_words(money_in - money_out, m),
            )
        )
    for p in players:
        if p.paid_by_hands is not None and p.paid_by_hands != p.net:
            problems.append(
                msg(
                    "{player}: the ledger gives {net} (cashed out {cashed_out}, bought in {bought_in}), "
                    "the hands give {hands}",
                    player=p.player,
                    net=m(p.net),
                    cashed_out=m(p.cashed_out),
                    bought_in=m(p.bought_in),
                    hands=m(p.paid_by_hands),
                )
            )
        if p.owed_by_hands is not None and p.paid_by_hands is not None and p.owed_by_hands != p.paid_by_hands:
            problems.append(
                msg(
                    "{player}: the hands paid {paid} but the audit says {owed} ({off} to correct)",
                    player=p.player,
                    paid=m(p.paid_by_hands),
                    owed=m(p.owed_by_hands),
                    off=m(p.owed_by_hands - p.paid_by_hands),
                )
            )
    known = {key(p.player) for p in players}
    for name in sorted(set(paid or {}) | set(owed or {})):
        if key(name) not in known:
            problems.append(msg("{name} played hands but is not in the ledger", name=name))
    night = NightSettlement(players, unit.decimals, (), tuple(problems), (), fixes, AS_PAID, EMPTY, unit)
    paid_moves = settle_results(night.results(AS_PAID))
    audited_moves = settle_results(night.results(AS_AUDITED))
    choice, why = _recommend(night)
    return replace(night, transfers=paid_moves, audited=audited_moves, recommended=choice, recommendation=why)


def bank_words(held: int, money: Callable[[int], str]) -> Msg:
    """The bank's surplus (``held`` > 0: money in exceeds money out) or shortfall, with its sign right.

    >>> render(bank_words(35856, str), "en"), render(bank_words(-5, str), "de")
    ('the bank holds 35856 more than it paid out', 'die Bank hat 5 mehr ausgezahlt als eingenommen')
    """
    if held > 0:
        return msg("the bank holds {amount} more than it paid out", amount=money(held))
    return msg("the bank paid out {amount} more than it took in", amount=money(-held))


def _recommend(night: NightSettlement) -> tuple[str, Msg]:
    """Which column to pay, and why, in one sentence."""
    fixes = night.corrections
    if not fixes:
        return AS_PAID, msg("pay as paid: the audit found no payout to correct")
    hands = list(dict.fromkeys(c.hand_id for c in fixes))
    moved = sum(abs(c.amount) for c in fixes)
    uneven = [h for h in hands if sum(c.amount for c in fixes if c.hand_id == h)]
    why = nmsg(
        "pay as audited: {n} hand paid wrong ({amount} to correct), each correction traced to its hand",
        "pay as audited: {n} hands paid wrong ({amount} to correct), each correction traced to its hand",
        len(hands),
        amount=night.unit.words(moved),
    )
    if uneven:
        why = msg(
            "{why}; check {hands} first: the audit replays a different pot there than the file paid out, "
            "so the difference ({amount}) goes through the bank",
            why=why,
            hands=Join(tuple(uneven), "list"),
            amount=night.money(abs(night.residual)),
        )
    return AS_AUDITED, why


def settle_ledger_text(
    text: str, audits: Iterable[HandAudit], *, file: str = "", decimals: int, unit: Unit | None = None
) -> NightSettlement:
    """Settle a night from a ledger file's text (a PokerNow ledger or the buy-in CSV, told
    apart by the header) and the night's audits; ``decimals`` is the hands' minor unit."""
    audits = list(audits)
    paid, owed = hand_results(audits)
    fixes = corrections(audits)
    unread = sum(1 for a in audits if a.verdict is Verdict.UNREADABLE)
    if sniff_ledger(text):
        night = settle_pokernow(
            parse_ledger(text, file=file),
            decimals=decimals,
            paid=paid,
            owed=owed,
            fixes=fixes,
            unit=unit or Unit(decimals=decimals),
        )
    elif sniff(text):
        buyins = parse_buyins(text, file=file, decimals=decimals)
        night = settle_buyins(buyins, paid=paid, owed=owed, fixes=fixes, unit=unit or Unit(decimals=buyins.decimals))
    else:
        night = None
    if night is not None:
        if unread:  # the results below cannot be complete: say so first
            caveat = nmsg(
                "{n} hand of the night could not be read (see the audit), "
                "so the hands cannot account for every player's result",
                "{n} hands of the night could not be read (see the audit), "
                "so the hands cannot account for every player's result",
                unread,
            )
            night = replace(night, problems=(caveat, *night.problems))
        return night
    first = next((line.strip() for line in text.splitlines() if line.strip()), "an empty file")
    raise ParseError(
        expected="a PokerNow ledger or a buy-in CSV (player,kind,amount)", found=first[:60], file=file, line=1
    )


def report_lines(night: NightSettlement) -> list[str]:
    """The settlement in words: the balance, each problem, who pays whom as paid (and as
    audited, with each correction and its hand, when the audit corrects anything), the advice."""
    m = night.money
    lines = [f_("money in {money_in}, money out {money_out}", money_in=m(night.money_in), money_out=m(night.money_out))]
    lines.extend(f_("problem: {problem}", problem=p) for p in night.problems)
    if not night.corrections:
        lines.extend(_pays(t, m) for t in night.transfers)
        if not night.transfers:
            lines.append(f_("nobody owes anybody"))
        return lines
    lines.append(_column(AS_PAID) + ":")
    lines.extend("  " + _pays(t, m) for t in night.transfers)
    lines.append(_column(AS_AUDITED) + ":")
    lines.extend("  " + _pays(t, m) for t in night.audited)
    lines.extend(
        "  "
        + f_(
            "correction: hand {hand}: {player} {amount} ({codes})",
            hand=c.hand_id,
            player=c.player,
            amount=_signed(c.amount, m),
            codes=", ".join(c.codes),
        )
        for c in night.corrections
    )
    lines.append(f_("recommended: {why}", why=night.recommendation))
    return lines


def _column(column: str) -> str:
    """A column's name in the language in force (``as paid``, ``as audited``)."""
    return _("as audited") if column == AS_AUDITED else _("as paid")


def _pays(t: Transfer, m: Callable[[int], str]) -> str:
    payer = pgettext("the bank pays", "the bank") if t.payer == BANK else t.payer  # "die Bank zahlt"
    payee = pgettext("pays the bank", "the bank") if t.payee == BANK else t.payee  # "zahlt der Bank"
    return f_("{payer} pays {payee} {amount}", payer=payer, payee=payee, amount=m(t.amount))


def _signed(amount: int, m: Callable[[int], str]) -> str:
    return ("+" if amount > 0 else "") + m(amount)


SETTLEMENT_COLUMNS = ("column", "payer", "payee", "amount", "unit", "decimals", "amount_text", "hands")


def settlement_csv(night: NightSettlement) -> str:
    """Both columns' transfers (and the corrections) as CSV: the amount in minor units with its
    unit and decimals for a spreadsheet, and as a person reads it; names safe as cells."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(SETTLEMENT_COLUMNS)
    unit = night.unit.json()
    for column, moves in ((AS_PAID, night.transfers), (AS_AUDITED, night.audited)):
        for t in moves:
            amount = (t.amount, unit["unit"], unit["decimals"], safe_cell(night.money(t.amount)))
            writer.writerow([column, safe_cell(t.payer), safe_cell(t.payee), *amount, ""])
    for c in night.corrections:  # a negative amount's text starts with '-': guarded like a name
        amount = (c.amount, unit["unit"], unit["decimals"], safe_cell(night.money(c.amount)))
        writer.writerow(["correction", "", safe_cell(c.player), *amount, safe_cell(c.hand_id)])
    return out.getvalue()


def chat_text(night: NightSettlement, *, title: str = "") -> str:
    """A short text a host pastes into a group chat: the recommended transfers, one a line."""
    audited = night.recommended == AS_AUDITED
    moves = night.audited if audited else night.transfers
    title = title or _("Tonight's settlement")
    lines = [f"{title} ({_column(night.recommended)}):"]
    lines.extend(f"• {_pays(t, night.money)}" for t in moves)
    if not moves:
        lines.append("• " + f_("nobody owes anybody"))
    if audited:
        hands = list(dict.fromkeys(c.hand_id for c in night.corrections))
        lines.append(
            fn_(
                "Corrected after the audit: {n} hand ({hands}).",
                "Corrected after the audit: {n} hands ({hands}).",
                len(hands),
                hands=", ".join(hands),
            )
        )
    if night.money_in != night.money_out:
        words = render(bank_words(night.money_in - night.money_out, night.money))
        lines.append(words[:1].upper() + words[1:] + ".")
    return "\n".join(lines) + "\n"
