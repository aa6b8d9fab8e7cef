"""The files a command is given: files, folders and ``.zip`` archives alike, in one place.

:func:`input_files` turns the paths of a command line into the files to read: a file as it
is, every file below a folder (in a stable order), and every member of a ``.zip`` archive
(named ``archive.zip/folder/night.txt``), whether the archive is named or lies in a
folder. Members are read in memory, counted as they unpack (a member's declared size is
not trusted); a member whose path leaves the archive's folder is refused, archives inside
archives are not opened. Each file that cannot be taken is an :class:`InputIssue` with one
line saying why; the others are read. The lines are :class:`~parsers.errors.Text` strings
(English as ``str``; the edge renders them in the reader's language with ``analyzer.i18n.render``).

No CLI here: the commands (``audit``, ``import``, ``convert``, ``quiz --hands``,
``dashboard``) call it and print the issues their own way.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from parsers.errors import T_, ParseError, Text, error_text
from parsers.formats import ParsedFile, read_bytes
from parsers.text import decode

#: files in a folder that are never hand histories
SKIP_SUFFIXES = frozenset({".pyc", ".png", ".jpg", ".jpeg", ".gif", ".pdf", ".parquet", ".exe", ".dll"})
SKIP_NAMES = ("__MACOSX/", ".DS_Store", "Thumbs.db", "desktop.ini")
MEMBER_BYTES = 256 << 20  # one archive member, unpacked: beyond it the member is not read


@dataclass(frozen=True, slots=True)
class InputFile:
    """One file to read: on disk, or a member of a zip archive on disk."""

    name: str  # what messages call it: the path, or "archive.zip/member"
    path: Path  # the file, or the archive
    member: str = ""  # the member's path inside the archive

    def read_bytes(self) -> bytes:
        """The file's bytes (an archive member unpacked, at most :data:`MEMBER_BYTES`)."""
        if not self.member:
            return self.path.read_bytes()
        import zipfile  # here and below only for an archive: its import costs every start-up some milliseconds

        with zipfile.ZipFile(self.path) as archive, archive.open(self.member) as stream:
            data = stream.read(MEMBER_BYTES + 1)
        if len(data) > MEMBER_BYTES:
            raise OSError(_issue(self.name, T_("not read: larger than {mb} MB unpacked", mb=MEMBER_BYTES >> 20)))
        return data


@dataclass(frozen=True, slots=True)
class InputIssue:
    """A path that gave no file to read, and why, in one line."""

    name: str
    message: str  # a Text: "{file}: {reason}"


def is_zip(path: Path) -> bool:
    """A zip archive by its content (a ``.zip`` name alone is not trusted, nor needed)."""
    try:
        with path.open("rb") as f:
            return f.read(4) == b"PK\x03\x04"
    except OSError:
        return False


def input_files(paths: Iterable[str | Path]) -> Iterator[InputFile | InputIssue]:
    """Every file the paths name, in order: files, files below folders, zip members."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.is_file() and not _skipped(p.relative_to(path).as_posix()))
        elif path.exists():
            found = [path]
        else:
            yield InputIssue(str(path), _issue(str(path), T_("no such file or folder")))
            continue
        for file in found:
            if is_zip(file):
                yield from _members(file)
            else:
                yield InputFile(str(file), file)


def _members(path: Path) -> Iterator[InputFile | InputIssue]:
    import zipfile

    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        yield InputIssue(str(path), _issue(str(path), T_("not a readable zip archive ({error})", error=error)))
        return
    with archive:
        for info in archive.infolist():
            member = info.filename
            label = f"{path}/{member}"
            if info.is_dir() or _skipped(member):
                continue
            if not safe_member(member):
                yield InputIssue(label, _issue(label, T_("refused: a path outside the archive's folder")))
            elif info.flag_bits & 0x1:
                yield InputIssue(label, _issue(label, T_("not read: the member is encrypted")))
            elif member.lower().endswith(".zip"):
                yield InputIssue(label, _issue(label, T_("not read: archives inside archives are not opened")))
            else:
                yield InputFile(label, path, member)


def safe_member(member: str) -> bool:
    """A relative path that stays inside the archive's folder.

    >>> [safe_member(m) for m in ("night/a.txt", "../a.txt", "/etc/passwd", "c:/x", "a/../../b")]
    [True, False, False, False, False]
    """
    text = member.replace("\\", "/")
    path = PurePosixPath(text)
    return not (path.is_absolute() or ".." in path.parts or (len(text) > 1 and text[1] == ":"))


def _skipped(member: str) -> bool:
    base = member.rsplit("/", 1)[-1]
    return (
        any(member.startswith(s) or base == s for s in SKIP_NAMES)
        or base.startswith("._")
        or PurePosixPath(base).suffix.lower() in SKIP_SUFFIXES
        or member.endswith(".faults.json")
    )


def read_input(file: InputFile, *, format: str = "auto") -> ParsedFile:
    """One input file parsed (:func:`parsers.formats.read_bytes`); raises ``ParseError`` or ``OSError``."""
    if not file.member:
        return read_bytes(file.read_bytes(), file=file.name, format=format)
    import zipfile

    try:
        data = file.read_bytes()
    except (zipfile.BadZipFile, RuntimeError, NotImplementedError, EOFError) as error:
        raise OSError(_issue(file.name, T_("the archive member is damaged ({error})", error=error))) from None
    return read_bytes(data, file=file.name, format=format)


def _money_file(item: InputFile) -> str:
    """A ledger or buy-in list among hand histories, named for what it is (not a broken file).
    Their readers are imported here, for a file no hand-history format claims: an audit of hand
    histories starts without them."""
    from parsers.buyins import sniff as sniff_buyins
    from parsers.pokernow_ledger import sniff_ledger

    try:
        text = decode(item.read_bytes())
    except OSError:
        return ""
    if sniff_ledger(text):
        return _issue(item.name, T_("a PokerNow ledger, not hand histories: skipped (give it with --ledger)"))
    if sniff_buyins(text):
        return _issue(item.name, T_("a buy-in list, not hand histories: skipped (give it with --ledger)"))
    return ""


def read_inputs(paths: Iterable[str | Path], *, format: str = "auto") -> Iterator[ParsedFile | InputIssue]:
    """Every file of the paths parsed; one that cannot be read is an issue naming it."""
    for item in input_files(paths):
        if isinstance(item, InputIssue):
            yield item
            continue
        try:
            yield read_input(item, format=format)
        except ParseError as error:
            yield InputIssue(item.name, _money_file(item) or error_text(error))
        except OSError as error:
            message = error_text(error)
            if item.name not in message:
                message = _issue(item.name, T_("cannot read: {error}", error=error.strerror or error))
            yield InputIssue(item.name, message)


def _issue(name: str, reason: Text) -> Text:
    """One line about a file: ``"night.zip/a.txt: not read: the member is encrypted"``."""
    return T_("{file}: {reason}", file=name, reason=reason)
