"""Audit: drop in a night's files; the verdict in one line, the hands, each problem explained, the ledger."""

from __future__ import annotations

import json

import pandas as pd
import streamlit as st

from analyzer.audit.night import NightAudit
from analyzer.audit.records import HandAudit
from analyzer.audit.report import audit_json, ledger_csv, problems_csv, summary_json
from analyzer.i18n import _, f_, fn_
from analyzer.i18n import render as render_msg
from analyzer.money import Unit
from dashboards import context, data, nav, store_view, viewmodel
from dashboards.show import columns, md
from dashboards.uploads import LIMITS, Upload
from dashboards.words import VERDICTS as VERDICT_WORDS
from dashboards.words import word
from parsers.errors import HandHistoryError
from parsers.formats import write

UPLOADER = "audit_upload"
VERDICTS = "audit_verdicts"
CODES = "audit_codes"
SEARCH = "audit_search"
CONVERT = "audit_convert_to"
WRITERS = ("native", "phh", "pokerstars", "ohh")
SUFFIX = {"native": "jsonl", "phh": "phhs", "pokerstars": "txt", "ohh": "ohh"}
SHOWN_PROBLEMS = 40
LEDGER_ROWS = 50_000


def take_uploads() -> None:
    """The uploader's files into the session (they outlive the widget), and the source switched to them."""
    files = st.session_state.get(UPLOADER) or []
    st.session_state[context.UPLOADS] = tuple(Upload(f.name, f.getvalue()) for f in files)
    if files:
        st.session_state[context.SOURCE] = "upload"


def back_to_sample() -> None:
    st.session_state[context.UPLOADS] = ()
    st.session_state[context.SOURCE] = "sample"


def limits_text(lang: str) -> str:
    """What the app enforces on an upload, said where the files are dropped."""
    mb = 1 << 20
    return f_(
        "Up to {files} files, {file} MB a file, {zip} MB an archive, {total} MB unpacked in all. "
        "Larger: sixplus import FILE --store DIR, then open the store.",
        files=LIMITS.files,
        file=LIMITS.file_bytes // mb,
        zip=LIMITS.zip_bytes // mb,
        total=LIMITS.total_bytes // mb,
    )


def render() -> None:
    ctx = context.current()
    lang = ctx.lang
    st.title(_("Audit of the night"))
    st.file_uploader(
        _("Drop hand histories here: any supported format, several files, or a .zip of a folder"),
        accept_multiple_files=True,
        key=UPLOADER,
        on_change=take_uploads,
    )
    st.caption(limits_text(lang))
    if ctx.source == "store":
        store_view.audit(ctx)
        return
    night = data.night(ctx, notice=False)
    if night is None:
        st.info(_("No hands yet: drop hand histories above, or choose the sample night in the sidebar."))
        return
    if ctx.source == "upload":
        st.button(_("Back to the sample night"), key="audit_back", on_click=back_to_sample)
    issues(night)
    verdict(night.audit, lang)
    if not night.audit.audits:
        return  # "no hands read", in red: no tables of nothing, no green "no problems"
    shown = hands_table(night.audit, lang)
    problems(night.audit, shown, lang)
    ledger(night.audit, shown, lang)
    downloads(night, lang)


def issues(night: data.Night) -> None:
    """Files that gave no hands, each in one line naming the file (and line); the rest still loads."""
    found = night.loaded.issues
    if not found:
        return
    st.error(viewmodel.files_without_hands(len(found), len(night.loaded.files)))
    for issue in found[:20]:
        st.markdown("- " + md(render_msg(issue.message)))
    if len(found) > 20:
        st.caption(f_("… and {n} more", n=len(found) - 20))


def sentence(audit: NightAudit, lang: str) -> str:
    """The night's headline in the page's language (English: the CLI's own sentence)."""
    s = audit.summary
    if lang == "en":
        return s.sentence()
    if not s.read:
        return viewmodel.nothing_read(s.files, s.unreadable, s.skipped)
    if s.paid_wrong:
        payouts = fn_(
            "{n} hand paid wrong, {amount} to correct",
            "{n} hands paid wrong, {amount} to correct",
            s.paid_wrong,
            amount=s.unit.text(s.chips_off),
        )
    else:
        payouts = _("no hand paid wrong")
    return f_(
        "{hands} hands: {ok} ok, {warn} warnings, {violation} violations, {unreadable} unreadable; {payouts}",
        hands=s.hands,
        ok=s.ok,
        warn=s.warn,
        violation=s.violation,
        unreadable=s.unreadable,
        payouts=payouts,
    )


def verdict(audit: NightAudit, lang: str) -> None:
    """The verdict in one line: red when nothing could be read or a hand is wrong, never a
    green "0 hands" (an empty, refused or unreadable upload is "no hands read")."""
    s = audit.summary
    line = sentence(audit, lang)
    for note in audit.notes:  # tournament summaries: named and skipped, not unreadable hands
        st.info(md(note), icon="ℹ️")
    if not s.read:
        st.error(line, icon="⛔")
        return
    if s.has_problems:
        st.error(line, icon="⛔")
    elif s.warn:
        st.warning(line, icon="⚠️")
    else:
        st.success(line, icon="✅")
    cols = st.columns(5)
    for col, (key, value) in zip(
        cols,
        (
            (_("Hands"), s.hands),
            (word(VERDICT_WORDS, "ok"), s.ok),
            (word(VERDICT_WORDS, "warn"), s.warn),
            (word(VERDICT_WORDS, "violation"), s.violation),
            (word(VERDICT_WORDS, "unreadable"), s.unreadable),
        ),
        strict=True,
    ):
        col.metric(key, value)
    if s.rules:
        st.caption(f_("Rule sets used: {rules}", rules=", ".join(s.rules)))


def hand_rows(audits: tuple[HandAudit, ...], audit: NightAudit) -> pd.DataFrame:
    return pd.DataFrame(viewmodel.hand_rows(audits, audit), columns=list(viewmodel.HAND_COLUMNS))


def hands_table(audit: NightAudit, lang: str) -> tuple[HandAudit, ...]:
    """The hands with their verdicts and problem codes, filtered; returns the hands shown."""
    st.subheader(_("Hands"))
    verdicts = sorted({a.verdict.value for a in audit.audits})
    codes = sorted({c for a in audit.audits for c in a.codes})
    c1, c2, c3 = st.columns([2, 3, 2])
    chosen_verdicts = c1.multiselect(
        _("Verdicts"), verdicts, key=VERDICTS, format_func=lambda v: word(VERDICT_WORDS, v)
    )
    chosen_codes = c2.multiselect(_("Problem codes"), codes, key=CODES)
    search = c3.text_input(_("Hand or player"), key=SEARCH).strip().lower()
    shown = viewmodel.filter_hands(audit.audits, chosen_verdicts, chosen_codes, search)
    st.caption(f_("{shown} of {total} hands", shown=len(shown), total=len(audit.audits)))
    st.dataframe(columns(hand_rows(shown, audit), lang), hide_index=True, width="stretch", key="audit_table")
    return shown


def problems(audit: NightAudit, shown: tuple[HandAudit, ...], lang: str) -> None:
    st.subheader(_("Problems, explained"))
    cards, more = viewmodel.problem_cards(audit, shown, SHOWN_PROBLEMS)
    if not cards:
        st.success(_("No problems in these hands."))
        return
    for n, card in enumerate(cards):
        with st.container(border=True):
            rule = f" · {md(card.rule)}" if card.rule else ""
            head = f"{card.verdict} · **{md(card.hand_id)}** · `{card.code}`{rule} {card.where}"
            left, right = st.columns([5, 1])
            left.markdown(head)
            left.markdown(md(card.message))
            if card.replayable and right.button(_("Replay"), key=f"audit_replay_{n}"):
                st.session_state[context.REPLAY_HAND] = card.hand_id
                st.session_state[context.REPLAY_STEP] = card.action_index if card.action_index is not None else -1
                nav.goto("replayer")
    if more:
        st.caption(f_("{n} more problems: filter the table to see them", n=more))


def ledger(audit: NightAudit, shown: tuple[HandAudit, ...], lang: str) -> None:
    st.subheader(_("Chip ledger"))
    st.caption(
        _(
            "Per hand and player: what they started with, put in, got back and won, as the replay "
            "settles it, beside what the source paid."
        )
    )
    rows = viewmodel.ledger_rows(audit, shown, LEDGER_ROWS)
    st.dataframe(columns(pd.DataFrame(rows), lang), hide_index=True, width="stretch", key="audit_ledger")


def _report_json(audit: NightAudit) -> str:
    lines = [json.dumps(audit_json(a), ensure_ascii=False) for a in audit.audits]
    lines.append(json.dumps(summary_json(audit.summary), ensure_ascii=False))
    return "\n".join(lines) + "\n"


def converted(night: data.Night, fmt: str) -> tuple[str, str]:
    """The night's readable hands written in another format, or an error line; cached per night."""
    memo = st.session_state.setdefault(context.MEMO, {})
    key = ("convert", id(night.audit), fmt)
    cached = memo.get(key)
    if cached is not None and cached[0] is night.audit:
        text, error = cached[1]
        return str(text), str(error)
    records = [r for f in night.loaded.files for r in f.hands]
    try:
        result = (write(records, fmt), "")
    except (HandHistoryError, ValueError) as error:
        result = ("", str(error))
    memo[key] = (night.audit, result)
    return result


def downloads(night: data.Night, lang: str) -> None:
    st.subheader(_("Downloads"))
    audit = night.audit
    c1, c2, c3 = st.columns(3)
    c1.download_button(
        _("Audit report (CSV)"),
        data=lambda: problems_csv(audit.audits),
        file_name="audit.csv",
        mime="text/csv",
        key="audit_dl_csv",
    )
    c2.download_button(
        _("Audit report (JSON Lines)"),
        data=lambda: _report_json(audit),
        file_name="audit.jsonl",
        mime="application/jsonl",
        key="audit_dl_json",
    )
    c3.download_button(
        _("Chip ledger (CSV)"),
        data=lambda: ledger_csv(audit.audits, {h: Unit(r.currency, r.decimals) for h, r in audit.records.items()}),
        file_name="ledger.csv",
        mime="text/csv",
        key="audit_dl_ledger",
    )
    fmt = st.selectbox(_("Convert the night to"), WRITERS, key=CONVERT)
    text, error = converted(night, fmt)
    if error:
        st.error(md(error))
    else:
        st.download_button(
            f_("Download the night as {format}", format=fmt),
            data=text,
            file_name=f"night.{SUFFIX[fmt]}",
            mime="text/plain",
            key="audit_dl_converted",
        )
