"""A document's profile, kept beside it as docs/.profiles/<name>.json when the document is written, and read back
(not analyzed again at every step) while it is of this release's version and its document is unchanged.

Its version is checked when it is read (`files.version_problem`): a profile of an older version (made before the
fields it has now), of no version known, one that does not parse, or one of a document changed since is analyzed
again and written over; one made by a newer release is one UserAgentWarning line, once a session, and is analyzed
again for the session but left as it is, for that release to read. Nothing here follows a symlink, and nothing here
fails a document's write or its listing: a profile that cannot be kept is analyzed again when it is asked for.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from datetime import UTC, datetime
from pathlib import Path

from pydantic import ValidationError

from pytest_useragent.errors import warn
from pytest_useragent.files import MiB, atomic_write, read_text, version_problem
from pytest_useragent.workspace.profile import PROFILE_VERSION, Profile, profile

FOLDER = ".profiles"
MAX_PROFILE_BYTES = 4 * MiB
"""A profile holds a line a paragraph: a document at its cap (100 KB unless raised) makes some hundred KB of it."""
DOCUMENT = "document_sha256"
"""The key, beside the profile's fields, of the sha256 of the text it profiles."""


class Profiles:
    """The profiles of the documents in `root` (a session's docs/)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._told: set[str] = set()
        """The documents whose newer profile was told of: once a session, not once a step."""

    def save(self, name: str, text: str) -> Profile:
        """`text`, the document `name` as written, analyzed and its profile kept (best effort)."""
        analyzed = profile(text, datetime.now(UTC))
        folder = self.root / FOLDER
        with contextlib.suppress(OSError):
            if not self.root.is_symlink() and not folder.is_symlink():
                folder.mkdir(exist_ok=True)
                stored = {**analyzed.model_dump(mode="json"), DOCUMENT: _sha256(text)}
                atomic_write(folder / f"{name}.json", json.dumps(stored, ensure_ascii=False))
        return analyzed

    def load(self, name: str, text: str) -> Profile:
        """The profile of document `name`, whose text is `text`: the one kept when it is current, else analyzed
        (and kept, unless a newer release made the one there)."""
        path = self.root / FOLDER / f"{name}.json"
        try:
            if self.root.is_symlink() or path.parent.is_symlink() or path.is_symlink():
                raise FileNotFoundError(path)  # never read through a link: as if there were none
            data = json.loads(read_text(path, MAX_PROFILE_BYTES, str(path), ValueError))
        except (OSError, ValueError):
            return self.save(name, text)  # none yet, or unreadable: analyzed and kept
        found = data.get("version") if isinstance(data, dict) else None
        if isinstance(found, int) and not isinstance(found, bool) and found > PROFILE_VERSION:
            if name not in self._told:
                self._told.add(name)
                problem = version_problem(data, "version", PROFILE_VERSION, "document profile")
                warn(f"useragent: {path}: {problem}; {name} is analyzed again for this session, the file left as it is")
            return profile(text, datetime.now(UTC))
        if found != PROFILE_VERSION or data.get(DOCUMENT) != _sha256(text):
            return self.save(name, text)  # older, of no known version, or of the document before it changed
        try:
            return Profile.model_validate(data)
        except ValidationError:
            return self.save(name, text)


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()
