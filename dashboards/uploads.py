"""Files a host drops in: single files, several at once, or a ``.zip`` of a folder, read in memory.

No Streamlit here: the pages call :func:`read_uploads` with ``(name, bytes)`` pairs, and the
tests call it the same way. A ``.zip`` is opened in memory and nothing is ever written to
disk, so no member name can reach outside anything (``../x``, ``/etc/x``: zip-slip is moot,
and such names are refused anyway). Archives are bounded: members, unpacked bytes of each and
of all, counted while reading (a member's declared size is not trusted).

Every file ends in one place: read (hands and rejected hands, each rejection naming its
line), a PokerNow ledger, or an issue saying in one line what was wrong with it. One bad
file never stops the others.

An issue's sentence is a lazy :class:`~analyzer.i18n.Msg`, rendered at the edge with
:func:`analyzer.i18n.render`: a :class:`Loaded` is kept across page runs (the shared cache,
the session's upload), and the reader may switch language without uploading again.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from analyzer.i18n import Msg, msg, nmsg
from parsers.buyins import BuyIns, parse_buyins
from parsers.buyins import sniff as sniff_buyins
from parsers.errors import HandHistoryError, ParseError, error_text
from parsers.formats import ParsedFile, read_bytes
from parsers.pokernow_ledger import Ledger, parse_ledger, sniff_ledger
from parsers.text import decode

MB = 1 << 20


@dataclass(frozen=True, slots=True)
class Limits:
    """How much an upload may hold (a zip's members count one by one)."""

    files: int = 2000  # files in all, zip members included
    file_bytes: int = 64 * MB  # one file, or one member unpacked
    total_bytes: int = 256 * MB  # everything unpacked
    zip_bytes: int = 128 * MB  # one archive as uploaded


LIMITS = Limits()
SKIPPED_NAMES = ("__MACOSX/", ".DS_Store", "Thumbs.db", "desktop.ini")
SKIPPED_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".pdf", ".parquet", ".pyc", ".exe", ".dll")


@dataclass(frozen=True, slots=True)
class Upload:
    """One file's name (a zip member's path inside its archive) and bytes."""

    name: str
    data: bytes

    @property
    def digest(self) -> str:
        return hashlib.blake2b(self.data, digest_size=16).hexdigest()


@dataclass(frozen=True, slots=True)
class FileIssue:
    """A file (or archive member) that gave no hands, and why, in one line.

    ``message`` is a lazy message (render it with :func:`analyzer.i18n.render`), or the one-line
    error of the parsers as they gave it (``parsers/`` speaks English and imports no catalog).
    """

    file: str
    message: Msg | str


@dataclass(frozen=True, slots=True)
class Unpacked:
    files: tuple[Upload, ...]
    issues: tuple[FileIssue, ...]


@dataclass(frozen=True, slots=True)
class Loaded:
    """What an upload gave: files read (with their rejected hands), ledgers, buy-in lists, file issues."""

    files: tuple[ParsedFile, ...]
    ledgers: tuple[Ledger, ...]
    issues: tuple[FileIssue, ...]
    buyins: tuple[BuyIns, ...] = ()
    money: tuple[Upload, ...] = ()  # the ledger and buy-in files themselves, for the settlement

    @property
    def hands(self) -> int:
        return sum(len(f.hands) for f in self.files)


Progress = Callable[[int, int, str], object]


def is_zip(upload: Upload) -> bool:
    return upload.data[:4] == b"PK\x03\x04" or (upload.name.lower().endswith(".zip") and upload.data[:2] == b"PK")


def unpack(uploads: Iterable[Upload], *, limits: Limits = LIMITS) -> Unpacked:
    """Files as given, zips replaced by their members (``archive.zip/folder/night.txt``)."""
    files: list[Upload] = []
    issues: list[FileIssue] = []
    total = 0
    for upload in uploads:
        if not is_zip(upload):
            if len(files) >= limits.files:
                issues.append(FileIssue(upload.name, _too_many(upload.name, limits.files)))
                continue
            if len(upload.data) > limits.file_bytes:
                issues.append(FileIssue(upload.name, _too_large(upload.name, limits.file_bytes)))
                continue
            if total + len(upload.data) > limits.total_bytes:
                issues.append(FileIssue(upload.name, _upload_exceeds(upload.name, limits.total_bytes)))
                continue
            files.append(upload)
            total += len(upload.data)
            continue
        members, member_issues, total = _unzip(upload, limits, room=limits.files - len(files), total=total)
        files.extend(members)
        issues.extend(member_issues)
    return Unpacked(tuple(files), tuple(issues))


#: what a file over a limit says: where such a file can go instead
IMPORT = msg("import it with sixplus import FILE --store DIR, then open the store (sixplus dashboard --store DIR)")
#: the hint as it ends an English refusal
IMPORT_HINT = "; " + IMPORT.id


def _mb(n: int) -> int | float:
    """Bytes in MB, a whole number when whole (the message adds the locale's separators)."""
    return n // MB if n % MB == 0 else n / MB


def _too_many(file: str, most: int) -> Msg:
    return nmsg("{file}: not read: more than {n} file", "{file}: not read: more than {n} files", most, file=file)


def _too_large(file: str, most: int) -> Msg:
    return msg("{file}: not read: larger than {size} MB; {hint}", file=file, size=_mb(most), hint=IMPORT)


def _too_large_unpacked(file: str, most: int) -> Msg:
    return msg("{file}: not read: larger than {size} MB unpacked; {hint}", file=file, size=_mb(most), hint=IMPORT)


def _upload_exceeds(file: str, most: int) -> Msg:
    return msg("{file}: not read: the upload exceeds {size} MB; {hint}", file=file, size=_mb(most), hint=IMPORT)


def _upload_exceeds_unpacked(file: str, most: int) -> Msg:
    return msg(
        "{file}: not read: the upload exceeds {size} MB unpacked; {hint}", file=file, size=_mb(most), hint=IMPORT
    )


def _lists_too_many(file: str, declared: int) -> Msg:
    return nmsg(
        "{file}: not opened: it lists {n} member, more than {most}",
        "{file}: not opened: it lists {n} members, more than {most}",
        declared,
        file=file,
        most=MAX_ENTRIES,
    )


#: the central directory of an archive may list at most this many entries (each costs
#: memory to list before any is read; a genuine folder of hand histories holds far fewer)
MAX_ENTRIES = 10_000
#: issues named one by one for an archive; the rest are counted in one line
MAX_ISSUES = 100


def _entries(data: bytes) -> int | None:
    """The number of entries the archive's end record declares (``None``: no end record).

    >>> _entries(b"PK\\x05\\x06" + bytes(6) + (7).to_bytes(2, "little") + bytes(10))
    7
    """
    at = data.rfind(b"PK\x05\x06", max(0, len(data) - (1 << 16) - 22))
    if at < 0 or at + 12 > len(data):
        return None
    return int.from_bytes(data[at + 10 : at + 12], "little")


def _overlapping(infos: list[zipfile.ZipInfo]) -> set[int]:
    """The entries whose packed bytes overlap another's (a central directory pointing many
    times at one member: each would unpack the same bytes again)."""
    spans = sorted(
        (info.header_offset, info.header_offset + 30 + len(info.orig_filename) + info.compress_size, n)
        for n, info in enumerate(infos)
        if not info.is_dir()
    )
    bad: set[int] = set()
    end, owner = -1, -1
    for start, stop, n in spans:
        if start < end:
            bad.update((n, owner))
        if stop > end:
            end, owner = stop, n
    return bad


def _unzip(upload: Upload, limits: Limits, *, room: int, total: int) -> tuple[list[Upload], list[FileIssue], int]:
    """An archive's members, bounded in total: every byte unpacked counts against the
    upload's total, members refused included, and so does every member against the count."""
    name = upload.name
    if len(upload.data) > limits.zip_bytes:
        reason = msg("{file}: not opened: the archive is larger than {size} MB", file=name, size=_mb(limits.zip_bytes))
        return [], [FileIssue(name, reason)], total
    declared = _entries(upload.data)
    if declared is not None and declared >= min(MAX_ENTRIES, 0xFFFF):
        return (
            [],
            [FileIssue(name, _lists_too_many(name, declared))],
            total,
        )
    try:
        archive = zipfile.ZipFile(io.BytesIO(upload.data))
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as error:
        reason = msg("{file}: not a readable zip archive ({error})", file=name, error=str(error)[:80])
        return [], [FileIssue(name, reason)], total
    files: list[Upload] = []
    issues: list[FileIssue] = []
    untold = 0
    counted = 0

    def refuse(label: str, message: Msg) -> None:
        nonlocal untold
        if len(issues) < MAX_ISSUES:
            issues.append(FileIssue(label, message))
        else:
            untold += 1

    with archive:
        infos = archive.infolist()
        overlapping = _overlapping(infos)
        for n, info in enumerate(infos):
            member = info.filename
            label = f"{name}/{member}"
            if info.is_dir() or _skipped(member):
                continue
            counted += 1
            if counted > room:
                refuse(label, _too_many(label, limits.files))
                continue
            if not _safe_member(member):
                refuse(label, msg("{file}: refused: a path outside the archive's folder", file=label))
                continue
            if info.flag_bits & 0x1:
                refuse(label, msg("{file}: not read: the member is encrypted", file=label))
                continue
            if member.lower().endswith(".zip"):
                refuse(label, msg("{file}: not read: archives inside archives are not opened", file=label))
                continue
            if n in overlapping:
                refuse(
                    label,
                    msg(
                        "{file}: refused: its bytes overlap another member's (a damaged or hostile archive)", file=label
                    ),
                )
                continue
            if info.file_size > limits.file_bytes:
                refuse(label, _too_large_unpacked(label, limits.file_bytes))
                continue
            left = limits.total_bytes - total
            if left <= 0:
                refuse(label, _upload_exceeds_unpacked(label, limits.total_bytes))
                continue
            data = _read_member(archive, info, min(limits.file_bytes, left) + 1)
            if data is None:
                refuse(label, msg("{file}: not read: the member is damaged", file=label))
                continue
            total += len(data)  # what was unpacked counts, whether the member is kept or not
            if len(data) > limits.file_bytes:
                refuse(label, _too_large_unpacked(label, limits.file_bytes))
                continue
            if total > limits.total_bytes:
                refuse(label, _upload_exceeds_unpacked(label, limits.total_bytes))
                continue
            files.append(Upload(label, data))
    if untold:
        more = nmsg(
            "{file}: {n} more member not read (the reasons above)",
            "{file}: {n} more members not read (the reasons above)",
            untold,
            file=name,
        )
        issues.append(FileIssue(name, more))
    return files, issues, total


def _read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, most: int) -> bytes | None:
    """At most ``most`` bytes of a member, counted as they unpack (a zip bomb stops here)."""
    try:
        with archive.open(info) as stream:
            return stream.read(most)
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, EOFError):
        return None


def _safe_member(member: str) -> bool:
    """A relative path that stays inside the archive's folder.

    >>> [_safe_member(m) for m in ("night/a.txt", "../a.txt", "/etc/passwd", "c:/x", "a/../../b")]
    [True, False, False, False, False]
    """
    text = member.replace("\\", "/")
    path = PurePosixPath(text)
    return not (path.is_absolute() or ".." in path.parts or (len(text) > 1 and text[1] == ":"))


def _skipped(member: str) -> bool:
    base = member.rsplit("/", 1)[-1]
    return (
        any(member.startswith(s) or base == s for s in SKIPPED_NAMES)
        or base.startswith("._")
        or member.lower().endswith(SKIPPED_SUFFIXES)
    )


def read_one(upload: Upload) -> ParsedFile | Ledger | BuyIns | FileIssue:
    """One file: its hands, a PokerNow ledger, a buy-in list, or the one-line reason it gave nothing."""
    try:
        parsed = read_bytes(upload.data, file=upload.name)
    except ParseError as error:
        text = decode(upload.data)
        try:
            if sniff_ledger(text):
                return parse_ledger(text, file=upload.name)
            if sniff_buyins(text):
                return parse_buyins(text, file=upload.name)
        except HandHistoryError as money_error:
            return FileIssue(upload.name, error_text(money_error))
        return FileIssue(upload.name, error_text(error))
    except HandHistoryError as error:
        return FileIssue(upload.name, error_text(error))
    if not parsed.count:
        return FileIssue(
            upload.name, msg("{file}: {format}: no hands in the file", file=upload.name, format=parsed.format)
        )
    return parsed


def read_uploads(uploads: Sequence[Upload], *, limits: Limits = LIMITS, progress: Progress | None = None) -> Loaded:
    """Read every file of an upload; ``progress(done, total, name)`` after each file."""
    unpacked = unpack(uploads, limits=limits)
    files: list[ParsedFile] = []
    ledgers: list[Ledger] = []
    buyins: list[BuyIns] = []
    money: list[Upload] = []
    issues = list(unpacked.issues)
    for n, upload in enumerate(unpacked.files, 1):
        result = read_one(upload)
        if isinstance(result, ParsedFile):
            files.append(result)
        elif isinstance(result, FileIssue):
            issues.append(result)
        elif isinstance(result, BuyIns):
            buyins.append(result)
            money.append(upload)
        else:
            ledgers.append(result)
            money.append(upload)
        if progress is not None:
            progress(n, len(unpacked.files), upload.name)
    return Loaded(tuple(files), tuple(ledgers), tuple(issues), tuple(buyins), tuple(money))


def uploads_from_paths(
    paths: Iterable[str | Path], *, limits: Limits = LIMITS
) -> tuple[tuple[Upload, ...], tuple[FileIssue, ...]]:
    """Files named on the command line (folders walked), as uploads; unreadable ones as issues."""
    out: list[Upload] = []
    issues: list[FileIssue] = []
    for raw in paths:
        path = Path(raw)
        found = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for file in found:
            if _skipped(file.name):
                continue
            try:
                size = file.stat().st_size
                if size > max(limits.file_bytes, limits.zip_bytes):
                    issues.append(FileIssue(str(file), _too_large(str(file), limits.zip_bytes)))
                    continue
                out.append(Upload(str(file), file.read_bytes()))
            except OSError as error:
                reason = msg("{file}: cannot read: {error}", file=str(file), error=str(error.strerror or error))
                issues.append(FileIssue(str(file), reason))
    return tuple(out), tuple(issues)
