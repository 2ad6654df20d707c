"""Fail when a commit subject is longer than 72 characters (issue 28.7).

Why: ``git log --oneline`` is how the team reads the history; a subject is a headline, and the
figures and reasons belong in the body and in docs. Subjects before ``BASE`` (the commit where the
rule was set) are history and are not judged. Characters are counted, not bytes, so a Thai subject
is held to the same 72 as an English one.
"""

from __future__ import annotations

import subprocess
import sys

BASE = "653335a"
LIMIT = 72


def main() -> int:
    def git(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["git", *args], capture_output=True, text=True, check=False)

    if git("rev-parse", "-q", "--verify", f"{BASE}^{{commit}}").returncode != 0:
        print(f"commit subjects: {BASE} is not in this clone's history (a shallow clone?); not checked")
        return 0
    log = git("log", "--format=%h %s", f"{BASE}..HEAD")
    if log.returncode != 0:
        print(f"commit subjects: git log failed: {log.stderr.strip()}", file=sys.stderr)
        return 1
    long = [line for line in log.stdout.splitlines() if len(line.split(" ", 1)[-1]) > LIMIT]
    for line in long:
        sha, subject = line.split(" ", 1)
        print(f"commit {sha}: subject has {len(subject)} characters (at most {LIMIT}): {subject[:80]}…")
    return 1 if long else 0


if __name__ == "__main__":
    sys.exit(main())
