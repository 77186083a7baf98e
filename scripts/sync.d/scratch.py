"""Temporary directories of the sync tests (kago homes, server data): removed once a run has
passed, kept after a failure so that its logs and databases can be read."""
import shutil
import tempfile

_made = []


def directory(prefix):
    """A new temporary directory, remembered for `remove_all`."""
    path = tempfile.mkdtemp(prefix=prefix)
    _made.append(path)
    return path


def remove_all():
    while _made:
        shutil.rmtree(_made.pop(), ignore_errors=True)
