"""The store and import: every hand in exactly one place, once; atomic commits; any format.

The audit is injected: these tests give hand-made audits (:func:`made_audit`) so the
store is tested apart from the engine, and one test imports with the real audit.
"""

from __future__ import annotations

import json
import zlib
from itertools import pairwise
from pathlib import Path

import msgspec
import polars as pl
import pytest

from analyzer.audit.records import HandAudit, LedgerRow, PotResult
from analyzer.replay.findings import Code, Problem, Verdict
from analyzer.ruleset import RuleSet, load_rules
from analyzer.store.importer import import_paths, plan
from analyzer.store.store import Store, StoreError, default_store_dir
from parsers import native
from parsers.compact import parse as parse_compact
from parsers.record import HandRecord

HAND = """
id {hid}
rules shortdeck
stakes ante=100 button=100
seats Anna 10000, Ben {ben}, Carla 10000
button Carla
deal
preflop Anna r400 Ben f Carla c
flop Ks Qd 7c: Anna b500 Carla c
turn 6h: Anna x Carla x
river 9s: Anna x Carla x
show Anna Kh Kd
show Carla Qh Jh
win Anna 2100
"""


def hand(hid: str) -> HandRecord:
    """The same deal under each id, with Ben's stack told apart by the id: hands of one
    content are one hand to the store (its content fingerprint), whatever their ids."""
    (record,) = list(parse_compact(HAND.format(hid=hid, ben=10000 + zlib.crc32(hid.encode()))))
    assert isinstance(record, HandRecord)
    return record


def made_audit(record: HandRecord, rules: RuleSet) -> HandAudit:
    """A hand-made audit: Anna wins Ben's ante and Carla's chips; one warning to store."""
    ledger = (
        LedgerRow("Anna", 1, 10000, 100, (400, 500, 0, 0), 0, (2100,), 0, 1100, 2100, 11100),
        LedgerRow("Ben", 2, 10000, 100, (0, 0, 0, 0), 0, (0,), 0, -100, 0, 9900),
        LedgerRow("Carla", 3, 10000, 200, (300, 500, 0, 0), 0, (0,), 0, -1000, 0, 9000),
    )
    pot = PotResult(0, 0, 2100, ("Anna", "Carla"), ("Anna",), (("Anna", 2100),), "Three of a kind, kings")
    problem = Problem(Code.RANKING_CONTRADICTION, Verdict.WARN, "a made-up warning", 3, "SD-STRAIGHT-OVER-TRIPS")
    return HandAudit(
        hand_id=record.hand_id,
        file=record.source.file,
        line=record.source.line,
        format=record.source.format,
        rules=rules.name,
        verdict=Verdict.WARN,
        problems=(problem,),
        ledger=ledger,
        pots=(pot,),
        rake=0,
        total_pot=2100,
    )


def shortdeck(record: HandRecord) -> RuleSet:
    return load_rules("shortdeck")


def write_native(path: Path, ids: list[str], broken: dict[int, str] | None = None) -> Path:
    """A native file with one hand a line; ``broken`` replaces some lines (1-based) by text."""
    lines = [native.dumps(hand(i)) for i in ids]
    for number, text in (broken or {}).items():
        lines.insert(number - 1, text)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def run_import(paths: list[Path], store: Store, **kwargs: object) -> object:
    return import_paths(paths, store, audit=made_audit, rules_for=shortdeck, **kwargs)  # type: ignore[arg-type]


def test_import_stores_one_row_per_fact_with_the_audit(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    report = run_import([write_native(tmp_path / "a.jsonl", ["h1", "h2", "h3"])], store)
    assert (report.stored, report.duplicate, report.rejected) == (3, 0, 0)  # type: ignore[attr-defined]
    hands = store.scan("hands").collect()
    assert hands["hand_id"].to_list() == ["h1", "h2", "h3"]
    assert hands["line"].to_list() == [1, 2, 3]
    assert hands.row(0, named=True) | {"import_id": ""} == hands.row(0, named=True) | {
        "import_id": "",
        "format": "native",
        "rules": "shortdeck",
        "ranking": "straight-over-trips",
        "deck": 36,
        "players": 3,
        "stake": "ante 100, button 100",
        "unit": 100,
        "unit_name": "ante",
        "total_pot": 2100,
        "board": "Ks Qd 7c 6h 9s",
        "last_street": "river",
        "showdown": True,
        "verdict": "warn",
        "problems": 1,
    }
    players = store.scan("players").filter(pl.col("hand_id") == "h2").collect()
    assert players.select("player", "position", "net", "won", "cards", "category").rows() == [
        ("Anna", "UTG", 1100, 2100, "Kh Kd", "three of a kind"),
        ("Ben", "CO", -100, 0, None, None),
        ("Carla", "BTN", -1000, 0, "Qh Jh", "one pair"),
    ]
    # posts (3 antes, the button's) then actions: 4 + 9
    actions = store.scan("actions").filter(pl.col("hand_id") == "h1").collect()
    assert actions.select("index", "street", "player", "kind", "to", "amount").rows()[3:7] == [
        (3, "preflop", "Carla", "button_blind", 100, 100),
        (4, "preflop", "Anna", "raise", 400, 400),
        (5, "preflop", "Ben", "fold", 0, 0),
        (6, "preflop", "Carla", "call", 400, 300),
    ]
    assert actions.height == 13
    assert store.scan("pots").collect()["amount"].to_list() == [2100, 2100, 2100]
    problems = store.scan("problems").collect()
    assert problems.select("hand_id", "code", "verdict", "action_index").rows()[0] == (
        "h1",
        "RANKING_CONTRADICTION",
        "warn",
        3,
    )


def test_importing_twice_stores_nothing_twice(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    path = write_native(tmp_path / "a.jsonl", ["h1", "h2"])
    run_import([path], store)
    again = run_import([path], store)
    assert (again.stored, again.duplicate) == (0, 2)  # type: ignore[attr-defined]
    assert store.scan("hands").collect().height == 2
    assert store.scan("players").collect().height == 6


def test_every_hand_ends_stored_duplicate_or_rejected_with_its_line(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    first = write_native(tmp_path / "a.jsonl", ["h1", "h2"])
    second = write_native(tmp_path / "b.jsonl", ["h2", "h3", "h3", "h4"], broken={3: '{"hand_id": "bad", "seats": 7}'})
    report = run_import([first, second], store)
    by_file = {Path(f.file).name: f for f in report.files}  # type: ignore[attr-defined]
    b = by_file["b.jsonl"]
    assert (b.stored, b.duplicate, len(b.rejected)) == (2, 2, 1)
    assert b.read == 5  # five lines, five hands, each in one place
    (bad,) = b.rejected
    assert (bad.line, bad.code.value, bad.hand_id) == (3, "INVALID_RECORD", "bad")
    assert bad.message == f"{second}:3: native hand bad: expected `array` at $.seats, found '7'"
    assert sorted(store.scan("hands").collect()["hand_id"]) == ["h1", "h2", "h3", "h4"]


def test_a_file_no_format_claims_is_reported_and_nothing_is_stored(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\neggs\n", encoding="utf-8")
    report = run_import([path, tmp_path / "missing.txt"], store)
    errors = [f.error for f in report.files]  # type: ignore[attr-defined]
    assert errors[0] is not None and "expected a hand history" in errors[0] and "shopping list" in errors[0]
    assert errors[1] is not None and "missing.txt" in errors[1]
    assert report.read == 0  # type: ignore[attr-defined]
    assert store.manifest().hands == 0


def test_a_large_native_file_is_cut_at_line_ends_and_read_in_two_processes(tmp_path: Path) -> None:
    ids = [f"h{i}" for i in range(120)]
    path = write_native(tmp_path / "big.jsonl", ids, broken={50: "{not json"})
    tasks = plan([path], chunk_bytes=20_000)
    assert len(tasks) > 3
    assert tasks[0].line == 0 and all(a.end == b.start for a, b in pairwise(tasks))
    one, two = Store(tmp_path / "one"), Store(tmp_path / "two")
    serial = run_import([path], one, workers=1)
    parallel = run_import([path], two, workers=2, chunk_bytes=20_000)
    assert (parallel.stored, parallel.rejected) == (serial.stored, serial.rejected) == (120, 1)  # type: ignore[attr-defined]
    assert [r.line for r in parallel.files[0].rejected] == [50]  # type: ignore[attr-defined]
    for table in ("hands", "players", "actions", "pots", "problems"):
        a = one.scan(table).drop("import_id", strict=False).collect()
        b = two.scan(table).drop("import_id", strict=False).collect()
        assert a.equals(b), table
    assert two.scan("hands").collect()["line"].to_list() == [*range(1, 50), *range(51, 122)]


def test_nothing_is_visible_until_the_commit_and_leftovers_are_cleared(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    run_import([write_native(tmp_path / "a.jsonl", ["h1"])], store)
    before = (tmp_path / "store" / "manifest.json").read_text()

    class Killed(Exception):
        pass

    with pytest.raises(Killed), store.writing() as tx:
        tx.batch().write({})
        (tx.staging / "junk").write_text("half a file")
        raise Killed
    (tmp_path / "store" / "batches" / "orphan").mkdir()
    assert (tmp_path / "store" / "manifest.json").read_text() == before
    assert store.scan("hands").collect()["hand_id"].to_list() == ["h1"]
    run_import([write_native(tmp_path / "b.jsonl", ["h2"])], store)
    assert not (tmp_path / "store" / "batches" / "orphan").exists()
    assert not list((tmp_path / "store" / "staging").iterdir())
    assert sorted(store.scan("hands").collect()["hand_id"]) == ["h1", "h2"]


def test_a_write_that_dies_before_the_manifest_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path / "store")
    path = write_native(tmp_path / "a.jsonl", ["h1", "h2"])

    def die(self: Store, manifest: object) -> None:
        raise OSError("disk gone")

    with monkeypatch.context() as m:
        m.setattr(Store, "_write_manifest", die)
        with pytest.raises(OSError, match="disk gone"):
            run_import([path], store)
    assert store.manifest().batches == ()
    assert store.scan("hands").collect().height == 0
    report = run_import([path], store)
    assert report.stored == 2  # type: ignore[attr-defined]
    assert len(list((tmp_path / "store" / "batches").iterdir())) == 1


def test_one_writer_at_a_time(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    with store.writing(), pytest.raises(StoreError, match="expected no other import running, found the store locked"):
        run_import([write_native(tmp_path / "a.jsonl", ["h1"])], store)


def test_a_broken_manifest_is_one_clear_error(tmp_path: Path) -> None:
    (tmp_path / "manifest.json").write_text("{", encoding="utf-8")
    with pytest.raises(StoreError, match=r"manifest.json: expected a sixplus manifest"):
        Store(tmp_path).scan("hands")
    with pytest.raises(StoreError, match="expected a table"):
        Store(tmp_path / "empty").files("nonsense")


def test_empty_store_scans_to_empty_tables_with_their_columns(tmp_path: Path) -> None:
    frame = Store(tmp_path / "nothing").scan("players").collect()
    assert frame.height == 0
    assert "vpip_chance" in frame.columns


def test_default_store_is_under_the_users_data_directory(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_store_dir() == tmp_path / "sixplus"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_store_dir() == Path.home() / ".local" / "share" / "sixplus"


def test_manifest_lists_the_files_outside_tools_read(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    run_import([write_native(tmp_path / "a.jsonl", ["h1"])], store)
    data = json.loads((tmp_path / "store" / "manifest.json").read_text())
    (batch,) = data["batches"]
    assert batch["hands"] == 1
    assert set(batch["tables"]) == {
        "hands",
        "players",
        "actions",
        "pots",
        "problems",
        "presum",
        "presum_hour",
        "presum_session",
    }
    assert data["imports"][0]["stored"] == 1
    assert all(f.exists() for f in store.files("hands"))


def test_real_audit_and_rule_detection_by_default(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    path = write_native(tmp_path / "a.jsonl", ["r1"])
    report = import_paths([path], store)
    assert report.verdicts == {"ok": 1}
    row = store.scan("players").filter(pl.col("player") == "Anna").collect().row(0, named=True)
    assert (row["net"], row["won"], row["invested"], row["posted"]) == (1100, 2100, 900, 100)


def test_a_hand_the_engine_cannot_replay_is_stored_unreadable_with_the_reason(tmp_path: Path) -> None:
    def failing(record: HandRecord, rules: RuleSet) -> HandAudit:
        raise RuntimeError("engine bug")

    store = Store(tmp_path / "store")
    report = import_paths([write_native(tmp_path / "a.jsonl", ["u1"])], store, audit=failing, rules_for=shortdeck)
    assert report.verdicts == {"unreadable": 1}
    problem = store.scan("problems").collect().row(0, named=True)
    assert (problem["code"], problem["message"]) == ("UNREADABLE", "the audit failed: RuntimeError: engine bug")


def test_a_hand_naming_an_unknown_rule_set_is_rejected_with_its_line(tmp_path: Path) -> None:
    record = msgspec.structs.replace(hand("x1"), game=msgspec.structs.replace(hand("x1").game, rules="no-such-rules"))
    path = tmp_path / "a.jsonl"
    path.write_text(native.dumps(record) + "\n", encoding="utf-8")
    report = import_paths([path], Store(tmp_path / "store"))
    (rejected,) = report.files[0].rejected
    assert rejected.line == 1
    assert "no rule set for this hand" in rejected.message


def test_a_card_outside_the_deck_is_stored_with_the_audits_finding_and_no_category(tmp_path: Path) -> None:
    """SD-DECK: a five in a short-deck hand is the audit's CARD_NOT_IN_DECK; the store keeps the hand."""
    text = HAND.format(hid="d1", ben=10000).replace("show Carla Qh Jh", "show Carla 5h 5d")
    (record,) = list(parse_compact(text))
    assert isinstance(record, HandRecord)
    path = tmp_path / "a.jsonl"
    path.write_text(native.dumps(record) + "\n", encoding="utf-8")
    store = Store(tmp_path / "store")
    report = import_paths([path], store)
    assert report.stored == 1 and report.verdicts == {"violation": 1}
    assert "CARD_NOT_IN_DECK" in store.scan("problems").collect()["code"].to_list()
    carla = store.scan("players").filter(pl.col("player") == "Carla").collect().row(0, named=True)
    assert (carla["cards"], carla["category"], carla["strength"]) == ("5h 5d", None, None)


def test_an_all_in_with_a_card_outside_the_deck_gets_no_equity(tmp_path: Path) -> None:
    from analyzer.store.allin_pass import fill_allin_ev
    from tests.analyzer.test_stats_allin import HEADS_UP

    (record,) = list(parse_compact("id e1\n" + HEADS_UP.replace("show Ben Kh Kc", "show Ben 5h 5c")))
    assert isinstance(record, HandRecord)
    path = tmp_path / "a.jsonl"
    path.write_text(native.dumps(record) + "\n", encoding="utf-8")
    store = Store(tmp_path / "store")
    assert import_paths([path], store).verdicts == {"violation": 1}
    assert store.scan("allins").collect().height == 0
    assert fill_allin_ev(store, workers=1) == 0


@pytest.mark.parametrize("chunk", [10, 700, 5000])
def test_cuts_fall_at_line_ends_and_count_the_lines_before_them(tmp_path: Path, chunk: int) -> None:
    path = write_native(tmp_path / "a.jsonl", [f"c{i}" for i in range(7)])
    data = path.read_bytes().rstrip(b"\n")  # the last line without its end
    path.write_bytes(data)
    tasks = plan([path], chunk_bytes=chunk)
    assert (tasks[0].start, tasks[-1].end) == (0, len(data))
    for task in tasks:
        assert task.line == data.count(b"\n", 0, task.start)
        assert task.end == len(data) or data[task.end - 1 : task.end] == b"\n"
    assert all(a.end == b.start for a, b in pairwise(tasks))


def test_a_hand_that_cannot_be_stored_leaves_no_rows_behind() -> None:
    """A record built by a program with a card no notation allows fails after its hand row
    was made: every row of it goes, the earlier hands stay."""
    from analyzer.store.rows import Rows

    rows = Rows("t")
    rows.add(hand("x1"), made_audit(hand("x1"), shortdeck(hand("x1"))), shortdeck(hand("x1")))
    before = {name: len(r) for name, r in rows.rows.items()}
    good = hand("x2")
    broken = msgspec.structs.replace(
        good, shown=(msgspec.structs.replace(good.shown[0], cards=("Zz", "Ah")), *good.shown[1:])
    )
    with pytest.raises(KeyError):
        rows.add(broken, made_audit(broken, shortdeck(broken)), shortdeck(broken))
    assert {name: len(r) for name, r in rows.rows.items()} == before
    tables = rows.tables()
    assert (tables["hands"].num_rows, tables["players"].num_rows) == (1, 3)


def test_the_all_in_pass_commits_in_steps_and_gives_the_same_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import analyzer.store.allin_pass as allin_pass
    from analyzer.simulate import simulate

    path = tmp_path / "night.jsonl"
    path.write_text(native.write(simulate(load_rules("shortdeck"), hands=120, players=6, seed=4)), encoding="utf-8")
    one, steps = Store(tmp_path / "one"), Store(tmp_path / "steps")
    for store in (one, steps):
        import_paths([path], store, workers=1)
    done = allin_pass.fill_allin_ev(one, workers=1)
    assert done > 10
    monkeypatch.setattr(allin_pass, "TASK_HANDS", 3)
    monkeypatch.setattr(allin_pass, "COMMIT_HANDS", 7)
    assert allin_pass.fill_allin_ev(steps, workers=1) == done
    batches = [b for b in steps.manifest().batches if b.tables == ("allin_ev", "allin_hour", "allin_session")]
    assert len(batches) == -(-done // 9)  # three tasks of three hands make a commit of nine
    assert (
        steps.scan("allin_ev")
        .sort("hand_id", "player")
        .collect()
        .equals(one.scan("allin_ev").sort("hand_id", "player").collect())
    )
    assert allin_pass.fill_allin_ev(steps, workers=1) == 0


def test_a_broken_line_in_a_late_slice_is_named_by_its_line_in_the_file(tmp_path: Path) -> None:
    """Every hand ends stored or rejected with its line: slices of a large file count lines from the file's start."""
    ids = [f"h{i}" for i in range(120)]
    path = write_native(tmp_path / "big.jsonl", ids, broken={115: "{not json"})
    tasks = plan([path], chunk_bytes=20_000)
    assert tasks[-1].line > 100  # the broken line lies in the last slice
    report = run_import([path], Store(tmp_path / "s"), workers=2, chunk_bytes=20_000)
    assert [(r.line, r.code.value) for r in report.files[0].rejected] == [(115, "INVALID_RECORD")]  # type: ignore[attr-defined]
    assert "big.jsonl:115:" in report.files[0].rejected[0].message  # type: ignore[attr-defined]
