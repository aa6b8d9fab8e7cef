"""Every page in AppTest: on the sample night, on uploads of every format, and with a broken file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from analyzer.audit.night import audit_files
from dashboards import context, data
from dashboards.show import md
from dashboards.uploads import Upload, read_uploads
from dashboards.views import PAGES
from tests.dashboards.conftest import BROKEN, HANDS_IN, OpenPage, no_exceptions, page_script, texts, verdict_line

SLUGS = [p.slug for p in PAGES]
APP = Path(__file__).resolve().parents[2] / "dashboards" / "app.py"


def sample_sentence() -> str:
    uploads = tuple(Upload(p.name, p.read_bytes()) for p in data.sample_files()) or data.simulated_night()
    return audit_files(read_uploads(uploads).files).summary.sentence()


def test_the_app_opens_on_the_audit_of_the_sample_night_with_its_verdict() -> None:
    at = AppTest.from_file(str(APP), default_timeout=120).run()
    no_exceptions(at)
    assert at.title[0].value == "Audit of the night"
    verdict = sample_sentence()
    assert verdict_line(at) == verdict
    assert at.dataframe[0].value.shape[0] == int(verdict.split()[0])
    assert at.radio(key=context.SOURCE).value == "sample"


@pytest.mark.parametrize("slug", SLUGS)
def test_every_page_renders_on_the_sample_night(open_page: OpenPage, slug: str) -> None:
    at = open_page(slug)
    no_exceptions(at)
    assert at.title, slug


@pytest.mark.parametrize("slug", SLUGS)
def test_every_page_renders_an_upload_of_every_format_with_a_broken_file_named(
    open_page: OpenPage, files: dict[str, Upload], slug: str
) -> None:
    at = open_page(slug, uploads=(*files.values(), BROKEN))
    no_exceptions(at)
    if slug in ("quiz", "recorder", "casino", "equity"):
        return  # these pages do not read the night
    shown = texts(at)
    assert "broken.txt:1: " in shown.replace("\\", "")
    if slug == "audit":
        total = sum(HANDS_IN.values())
        assert at.error[0].value.startswith("1 file gave no hands (7 read)")
        assert verdict_line(at).startswith(f"{total} hands: ")
        assert at.dataframe[0].value.shape[0] == total


@pytest.mark.parametrize("fmt", sorted(HANDS_IN))
def test_the_audit_page_reads_an_upload_of_each_format(open_page: OpenPage, files: dict[str, Upload], fmt: str) -> None:
    at = open_page("audit", uploads=(files[fmt],))
    no_exceptions(at)
    n = HANDS_IN[fmt]
    assert verdict_line(at).startswith(f"{n} hand{'s' * (n != 1)}: ")
    table = at.dataframe[0].value
    assert table.shape[0] == n
    assert set(table["file"]) == {files[fmt].name}


def test_the_verdict_filter_narrows_the_table_to_the_violations(open_page: OpenPage) -> None:
    at = open_page("audit")
    violations = at.metric[3].value
    at.multiselect(key="audit_verdicts").select("violation").run()
    no_exceptions(at)
    assert at.dataframe[0].value.shape[0] == int(violations) > 0
    assert set(at.dataframe[0].value["verdict"]) == {"⛔ violation"}


def test_a_problem_opens_the_replayer_at_its_action(open_page: OpenPage) -> None:
    night = read_uploads(tuple(Upload(p.name, p.read_bytes()) for p in data.sample_files()))
    audit = audit_files(night.files)
    hand, problem = next((a, p) for a in audit.audits for p in a.problems if p.action_index is not None)
    at = open_page("audit")
    at.multiselect(key="audit_codes").select(problem.code.value).run()
    at.text_input(key="audit_search").input(hand.hand_id).run()
    at.button(key="audit_replay_0").click().run()
    no_exceptions(at)
    assert at.title[0].value == "Replayer"
    assert at.selectbox(key=context.REPLAY_HAND).value == hand.hand_id
    assert at.slider(key=context.REPLAY_STEP).value == problem.action_index
    assert any(problem.code.value in e.value for e in at.error)  # the note of this action stands out


def test_the_replayer_steps_to_the_showdown_with_pots_and_the_five_cards(open_page: OpenPage) -> None:
    at = open_page("replayer")
    hand = at.selectbox(key=context.REPLAY_HAND).value
    assert at.slider(key=context.REPLAY_STEP).value == 0
    at.button(key="replay_next").click().run()
    assert at.slider(key=context.REPLAY_STEP).value == 1
    last = at.slider(key=context.REPLAY_STEP).max
    at.slider(key=context.REPLAY_STEP).set_value(last).run()
    no_exceptions(at)
    assert at.selectbox(key=context.REPLAY_HAND).value == hand
    pots = at.dataframe[-1].value
    assert pots.shape[0] >= 1 and "main pot" in set(pots["pot"])


def test_the_sidebar_language_translates_the_pages(open_page: OpenPage) -> None:
    at = open_page("audit", **{context.LANG: "de"})
    no_exceptions(at)
    assert at.title[0].value == "Prüfung des Abends"
    assert at.metric[0].label == "Hände"
    at = open_page("quiz", **{context.LANG: "es", "quiz_seed": 7, "quiz_kinds": ["name-hand"]})
    no_exceptions(at)
    assert at.title[0].value == "Quiz" and at.subheader[0].value.startswith("Pregunta 1")


def test_a_rule_set_chosen_in_the_sidebar_audits_every_hand_under_it(open_page: OpenPage) -> None:
    at = open_page("audit", **{context.RULES: "shortdeck-trips"})
    no_exceptions(at)
    assert "Rule sets used: shortdeck-trips" in [c.value for c in at.caption]


def test_text_from_files_is_shown_as_text_never_markup(open_page: OpenPage) -> None:
    evil = "**Eve**<b>x</b>[l](javascript:alert(1)):red[y]$z$"
    hand = f"id t-1\nrules shortdeck\nstakes ante=1 button=1\nseats {evil} 100, Ben 100\nbutton Ben\ndeal\n"
    hand += (
        f"preflop {evil} r3 Ben c\nflop 9h 8d 7c: {evil} x Ben x\nturn 6s: {evil} x Ben x\nriver Ac: {evil} x Ben x\n"
    )
    hand += f"show {evil} Kh Ks\nshow Ben Qh Qs\nwin {evil} 3\n"
    at = open_page("audit", uploads=(Upload(f"{evil}.txt", hand.encode()),))
    no_exceptions(at)
    written = [m.value for m in at.markdown]
    assert any("Eve" in w for w in written)
    assert not any("**Eve**" in w or "<b>" in w or "](javascript" in w or ":red[" in w for w in written)
    assert any(md(evil) in w for w in written)
    assert md(evil).startswith(r"\*\*Eve\*\*\<b\>x\<\/b\>\[l\]\(javascript\:alert")


def test_quiz_answers_keep_the_score_and_the_streak(open_page: OpenPage) -> None:
    from analyzer.quiz import Form

    at = open_page("quiz", quiz_seed=11)
    for n in (1, 2):
        question = at.session_state["quiz_question"]
        key = f"quiz_reply_{n}"
        if question.form is Form.CHOICE:
            at.radio(key=key).set_value(next(iter(question.answer.keys)))
        elif question.form is Form.PICK:
            at.multiselect(key=key).set_value(sorted(question.answer.keys))
        elif question.form is Form.NUMBER:
            at.number_input(key=key).set_value(question.answer.numbers[0])
        else:
            for i, value in enumerate(question.answer.numbers):
                at.number_input(key=f"{key}_{i}").set_value(value)
        at.button(key=f"quiz_check_{n}").click().run()
        no_exceptions(at)
        assert at.success[0].value == "Right!"
        assert [m.value for m in at.metric] == [f"{n} / {n}", str(n), str(n)]
        at.button(key=f"quiz_next_{n}").click().run()
    at.button(key="quiz_check_3").click().run()  # no answer given: wrong, the streak ends
    assert at.error[0].value.startswith("Not quite. The answer:")
    assert [m.value for m in at.metric] == ["2 / 3", "0", "2"]


def test_the_recorder_checks_a_hand_as_typed_and_keeps_it(open_page: OpenPage) -> None:
    at = open_page("recorder")
    no_exceptions(at)
    assert "every action and the payout check out" in at.success[0].value
    at.text_area(key="rec_actions").input("preflop Ben r300 Carla q Dev f Anna c").run()
    assert at.error[0].value.startswith("Not a hand yet: recorder\\:7")
    at.text_area(key="rec_actions").input("preflop Ben r300 Carla x Dev f Anna c").run()
    assert "CHECK_WHEN_OWING" in texts(at)
    at.text_area(key="rec_actions").input(
        "preflop Ben r300 Carla c Dev f Anna f\nflop 9h 8d 7c: Ben x Carla x\nturn Ts: Ben x Carla x\n"
        "river Ac: Ben x Carla x\nshow Ben 6h 6d\nshow Carla Kh Ks\nwin Ben 1100"
    ).run()
    assert at.success, texts(at)
    at.button(key="rec_add").click().run()
    assert at.subheader[0].value == "1 hand recorded in this session"
    at.button(key="rec_audit_all").click().run()
    assert at.session_state[context.SOURCE] == "upload"
    (upload,) = at.session_state[context.UPLOADS]
    assert upload.name == "recorded.jsonl" and b'"hand_id":"home-1"' in upload.data


def test_the_casino_page_audits_the_sample_session_and_names_lines_it_could_not_read(open_page: OpenPage) -> None:
    from analyzer.casino import report_bytes

    session = Path(__file__).resolve().parents[2] / "sample_histories" / "casino" / "session.jsonl"
    s = report_bytes([(session.name, session.read_bytes())]).summary()
    at = open_page("casino")
    no_exceptions(at)
    problems = s.violation + s.warn + s.unreadable
    first = f"{s.draws} draws, {s.bets} bets: {s.ok} ok, {problems} with problems ({s.wrong_payouts} wrong payouts)"
    assert problems > 0 and [*at.error, *at.success][0].value.startswith(first)
    at = open_page("casino", casino_files=(("session.jsonl", session.read_bytes()), ("junk.txt", BROKEN.data)))
    no_exceptions(at)
    assert "2 lines not read" in at.error[0].value
    assert any(w.value.replace("\\", "").startswith("junk.txt:1: casino-csv: expected") for w in at.warning)


def test_settlement_from_a_buy_in_list_says_who_pays_whom(open_page: OpenPage, files: dict[str, Upload]) -> None:
    from analyzer.settlement import hand_results

    night = read_uploads([files["native"]])
    paid, _ = hand_results(audit_files(night.files).audits)
    rows = ["player,kind,amount"]
    for player, net in paid.items():
        rows += [f"{player},buy-in,100000", f"{player},cash-out,{100000 + net}"]
    bank = Upload("bank.csv", ("\n".join(rows) + "\n").encode())
    at = open_page("settlement", uploads=(files["native"], bank))
    no_exceptions(at)
    assert at.radio(key="settlement_source").value == "bank.csv"
    assert at.success[0].value == "The bank balances and every result matches the hands."
    assert [m.value for m in at.metric][:3] == [f"{100000 * len(paid):,}"] * 2 + ["0"]  # separators
    payments = [m.value for m in at.markdown if " pays " in m.value]
    assert len(payments) == len([v for v in paid.values() if v]) - 1 or len(payments) >= 1
    at = open_page("settlement", uploads=(files["native"],))
    assert at.radio(key="settlement_source").value == ""  # the typed table
    assert at.info[0].value.startswith("Type each player's buy-ins")


def test_players_and_frequencies_read_a_store_folder(
    open_page: OpenPage, files: dict[str, Upload], tmp_path: Path
) -> None:
    from analyzer.store.importer import import_paths
    from analyzer.store.store import Store

    night = tmp_path / "night.jsonl"
    night.write_bytes(files["native"].data)
    import_paths([night], Store(tmp_path / "store"), workers=1)
    state = {context.SOURCE: "store", context.STORE_DIR: str(tmp_path / "store")}
    at = open_page("players", **state)
    no_exceptions(at)
    stats = at.dataframe[0].value
    assert stats.shape[0] == 4 and set(stats["hands"]) == {6}
    at = open_page("frequencies", **state)
    no_exceptions(at)
    assert any("too few to judge" in w.value for w in at.warning)
    at = open_page("audit", **state)
    no_exceptions(at)
    assert "6 hands from 1 import." in texts(at)
    at = open_page("audit", **{context.SOURCE: "store", context.STORE_DIR: str(tmp_path / "nowhere")})
    assert at.info[0].value.startswith("No store at ")


def test_players_shows_a_players_winnings_the_starting_hand_grid_positions_and_sessions(open_page: OpenPage) -> None:
    at = open_page("players")
    names = at.selectbox(key="players_player").options
    assert names[0] == "everyone" and len(names) >= 3
    assert at.radio(key="players_view").options == [
        "Starting hands",
        "By position",
        "By session",
        "Steals, 4-bets, c-bets",
    ]
    assert len(at.get("plotly_chart")) == 1  # the grid
    assert at.radio(key="players_grid_deck").options == ["36"]
    assert any(re.match(r"\d+ hands with known hole cards", c.value) for c in at.caption)
    at.selectbox(key="players_player").select_index(1).run()
    no_exceptions(at)
    assert at.dataframe[0].value.shape[0] == 1
    at.radio(key="players_view").set_value("results").run()
    no_exceptions(at)
    assert [s.value for s in at.subheader][-1] == "Winnings over the hands"
    assert len(at.get("plotly_chart")) == 1
    at.radio(key="players_view").set_value("grid").run()
    at.radio(key="players_grid_colour").set_value("frequency").run()
    no_exceptions(at)
    assert any(re.match(r"\d+ hands with known hole cards", c.value) for c in at.caption)
    at.radio(key="players_view").set_value("positions").run()
    assert at.dataframe[-1].value.shape[0] >= 2  # a row per position the player sat in
    at.radio(key="players_view").set_value("sessions").run()
    no_exceptions(at)
    assert at.dataframe[-1].value.shape[0] == 1
    at.radio(key="players_view").set_value("more").run()
    no_exceptions(at)
    more = at.dataframe[-1].value
    assert more.shape[0] == 1 and re.fullmatch(r"(\d+\.\d%|–) \(\d+/\d+\)", str(more["steal"][0]))
    at.radio(key="players_view").set_value("leaks").run()
    no_exceptions(at)
    assert any("Wilson interval" in c.value for c in at.caption)


def test_players_sidebar_filters_choose_the_hands(open_page: OpenPage) -> None:
    at = open_page("players")
    everyone = at.dataframe[0].value
    assert at.multiselect(key="players_sites").options == ["sixplus simulator"]
    at.multiselect(key="players_positions_filter").select("BTN").run()
    no_exceptions(at)
    on_button = at.dataframe[0].value
    assert on_button.shape[0] == everyone.shape[0] and sum(on_button["hands"]) < sum(everyone["hands"])
    at.number_input(key="players_min_hands").set_value(10_000).run()
    no_exceptions(at)
    assert at.dataframe[0].value.shape[0] == 0


def test_a_link_to_the_replayer_opens_the_hand_it_names(open_page: OpenPage) -> None:
    at = AppTest.from_function(page_script, args=("replayer",), default_timeout=120)
    wanted = at.run().selectbox(key=context.REPLAY_HAND).options[-1]
    at = AppTest.from_function(page_script, args=("replayer",), default_timeout=120)
    at.query_params["hand"] = wanted
    at.run()
    no_exceptions(at)
    assert at.selectbox(key=context.REPLAY_HAND).value == wanted


def test_files_named_on_the_command_line_are_the_night(
    open_page: OpenPage, files: dict[str, Upload], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "night.phh").write_bytes(files["phh"].data)
    (tmp_path / "broken.txt").write_bytes(BROKEN.data)
    monkeypatch.setenv(context.ENV_FILES, str(tmp_path))
    at = open_page("audit")
    no_exceptions(at)
    assert at.radio(key=context.SOURCE).value == "files"
    assert verdict_line(at).startswith("6 hands: ")
    assert "broken.txt:1: " in texts(at).replace("\\", "")


def test_settlement_names_a_ledger_it_cannot_read_and_warns_of_unreadable_hands(
    open_page: OpenPage, files: dict[str, Upload]
) -> None:
    bad = Upload("bank.csv", b"player,kind,amount\nAnna,loan,100\n")
    at = open_page("settlement", uploads=(files["native"],), settlement_files=(bad,))
    no_exceptions(at)
    assert at.radio(key="settlement_source").value == "bank.csv"
    assert at.error[0].value.replace("\\", "") == (
        "bank.csv is not a ledger: bank.csv:2: buyins: expected a kind: buy-in or cash-out, found 'loan'"
    )
    lines = files["native"].data.decode().splitlines()
    lines[1] = lines[1].replace('"seats"', '"seatz"', 1)
    broken = Upload("night.jsonl", ("\n".join(lines) + "\n").encode())
    good = Upload("bank.csv", b"player,kind,amount\nAnna,buy-in,100\nAnna,cash-out,100\n")
    at = open_page("settlement", uploads=(broken,), settlement_files=(good,))
    no_exceptions(at)
    problems = [m.value.replace("\\", "") for m in at.markdown if m.value.startswith("- ")]
    assert problems[0].startswith("- 1 hand of the night could not be read (see the audit)")


def test_the_settlement_page_shows_money_with_separators_as_paid_and_as_audited(open_page: OpenPage) -> None:
    """The sample night with planted errors and its buy-in list: amounts with thousands
    separators, both columns side by side, the recommendation, each correction with its hand,
    and the exports; a chip value turns the chips into money."""
    at = open_page("settlement")
    no_exceptions(at)
    assert [m.value for m in at.metric][:3] == ["751,225", "751,225", "0"]
    shown = texts(at).replace("\\", "")
    assert "**As paid**" in shown and "**As audited** · recommended" in shown
    assert "**Ben** pays **Dev** 261,684" in shown
    assert "**Ben** pays **the bank** 306,267" in shown
    assert "Recommendation: pay as audited: 7 hands paid wrong (210,493 chips to correct)" in shown
    fixes = at.dataframe[1].value  # the players, then the corrections
    assert set(fixes.iloc[:, 0]) == {f"fri-2026-{n}" for n in (40, 84, 85, 97, 104, 133, 142)}
    assert "-66,988" in set(fixes.iloc[:, 4])
    assert not at.success  # the ledger does not match the broken hands: never a green verdict
    at.text_input(key="settlement_chip_value").input("0.05 EUR").run()
    no_exceptions(at)
    assert [m.value for m in at.metric][:2] == ["€37,561.25", "€37,561.25"]
    assert "**Ben** pays **Dev** €13,084.20" in texts(at).replace("\\", "")
    at.text_input(key="settlement_chip_value").input("a lot").run()
    assert at.error[0].value.startswith("\\-\\-chip\\-value\\: expected an amount and a currency code")


def test_an_empty_or_refused_file_is_never_a_success(open_page: OpenPage) -> None:
    """An empty file, a binary one and a file no format claims: the audit page says "no
    hands read" in red, never "✅ 0 hands: 0 ok"; an empty ledger is refused in red."""
    junk = (Upload("empty.txt", b""), Upload("blob.bin", bytes(range(256))), BROKEN)
    at = open_page("audit", uploads=junk)
    no_exceptions(at)
    assert not at.success
    assert any(e.value == "no hands read (no file held a hand history)" for e in at.error)
    at = open_page(
        "settlement", uploads=(Upload("night.jsonl", data.SAMPLE_NIGHT.read_bytes()), Upload("bank.csv", b""))
    )
    no_exceptions(at)
    assert not at.success
    warnings = [w.value.replace("\\", "") for w in at.warning]
    assert any(w.startswith("1 file gave no hands") and "bank.csv:1:" in w for w in warnings)
