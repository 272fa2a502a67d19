"""The report of a run: its sections' rows, RELIABILITY.md written from them, and read back from it."""
import json
import os
import re
import time

from rel.harness import *  # noqa: F401,F403 (the shared layer: displays, runs, outcomes)
from rel.harness import ROOT, knob  # noqa: F401
from rel.attacks import ATTACKS_TITLE
from rel.gate import GATE_TITLE, GATE_COLUMNS


SECTION_KNOBS = {"arguments": ["REL_PARSE", "REL_FULL", "REL_SEED", "REL_REPEAT"], "display": ["REL_REPEAT"],
                 "signals": ["REL_REPEAT"], "store": ["REL_REPEAT", "REL_WRITERS", "REL_SEED"],
                 "text": ["REL_REPEAT"], "memory": ["REL_MEMCHECK"],
                 "repeat": ["REL_TESTRUNS"], "attacks": ["REL_REPEAT"], "gate": []}

# A section whose table is not beckon beside zenity names its own columns; the last is "As wanted".
COLUMNS = {"gate": GATE_COLUMNS}


class Report:
    """The sections of this run, by name; each with its rows (attack, tried, beckon, zenity, as wanted)."""

    def __init__(self):
        self.sections = {}
        self.current = None  # the name of the section being run, and when it started
        self.started = 0.0

    def section(self, title, intro, rows, ok, columns=None):
        """rows: (attack, tried, beckon, zenity, as wanted), or with `columns` one cell per column but
        the last, then as wanted."""
        self.sections[self.current] = {
            "title": title, "intro": intro, "rows": rows, "ok": ok, "date": time.strftime("%Y-%m-%d"),
            "minutes": round((time.monotonic() - self.started) / 60, 1),
            "knobs": {k: knob[k] for k in SECTION_KNOBS[self.current]}}
        if columns:
            self.sections[self.current]["columns"] = columns
        log("\n== %s: %s" % (title, "pass" if ok else "FAIL"))
        for row in rows:
            if columns:
                log("  %s%s\n" % (row[0], "" if row[-1] else " FAIL") + "".join(
                    "    %s: %s\n" % (name, cell) for name, cell in zip(columns[1:-1], row[1:-1])))
            else:
                log("  %s [%s]%s\n    beckon: %s\n    zenity: %s" % (row[0], row[1], "" if row[4] else " FAIL", row[2], row[3]))


def markdown(sections):
    lines = ["# Reliability: beckon under attack", "",
             "Written by `bench/reliability` from its runs (figures not edited by hand; `--only` reruns some "
             "sections and keeps the others' rows from bench/out/reliability.json, or on a fresh clone from this file). Each attack is tried on "
             "beckon and, where zenity 3.44 has the same dialog, on zenity; each section names its run's counts.", "",
             "| Section | Verdict | Run | Counts |", "|---|---|---|---|"]
    lines += ["| %s | %s | %s, %s min | %s |" % (s["title"], "pass" if s["ok"] else "**FAIL**", s["date"], s["minutes"],
                                              ", ".join("%s=%d" % kv for kv in s["knobs"].items()))
              for s in sections]
    lines += ["", "## In CI", "",
              "`.ci/run` runs `make test`, which runs every Swift test (scripts/run-tests) and beside them `make fuzz-short` "
              "(`scripts/fuzz-arguments parse 1000` and `full 100`). Among the Swift tests are the display-loss "
              "checks (`Tests/EndToEndTests/DisplayLossTests.swift`: X server killed, connection cut, no display), "
              "the signal checks (`TerminationSignalTests`, `InheritedIgnoredSignalTests`), unwritable stdout "
              "(`StandardOutputFailureTests`), the consent store's attacks (`ConsentStoreTests`, "
              "`ConsentStorePermissionTests`, `CraftedConsentFileTests`, the kill -9 tests in `TermsCommandTests`), "
              "invalid UTF-8 (`InvalidTextTests`), long text (`LongMessageTests`), and most of the terms path's "
              "attacks below in seconds each: a stuck loop under `--timeout` and signals (`LoopWatchdogTests`), "
              "huge and nested terms (`TermsLayoutBoundsTests`), links (`MessageLinkTests`, `LinkPolicyTests`), "
              "content on a terminal and a paste (`TerminalContentTests`), a hang-up (`TerminalHangUpTests`), "
              "few descriptors and the other messages (`MisleadingMessageTests`). This script, `make memcheck` and "
              "`make asan` are run by hand: they take longer than CI should."]
    for s in sections:
        columns = s.get("columns")
        if columns:
            lines += ["", "## " + s["title"], "", s["intro"], "",
                      "| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
            lines += ["| " + " | ".join([md_escape(c) for c in row[:-1]] + ["yes" if row[-1] else "**no**"]) + " |"
                      for row in s["rows"]]
            continue
        lines += ["", "## " + s["title"], "", s["intro"], "",
                  "| Attack | Tried | beckon | As wanted | zenity 3.44 |", "|---|---|---|---|---|"]
        lines += ["| %s | %s | %s | %s | %s |" % (md_escape(a), t, md_escape(b), "yes" if good else "**no**", md_escape(z))
                  for a, t, b, z, good in s["rows"]]
    return "\n".join(lines) + "\n"


TITLES = {"arguments": "Arguments", "display": "The display going away", "signals": "Signals and standard output",
          "store": "The consent store", "text": "Text", "memory": "Memory", "repeat": "`make test`, again and again",
          "attacks": ATTACKS_TITLE, "gate": GATE_TITLE}


def table_cells(line):
    """The cells of one Markdown table row, with md_escape's \\| undone."""
    cells = re.split(r"(?<!\\)\|", line.strip())[1:-1]
    return [c.strip().replace("\\|", "|") for c in cells]


def sections_from_markdown(path):
    """The sections of a RELIABILITY.md that markdown() wrote, as main() keeps them in reliability.json."""
    try:
        text = open(path, encoding="utf-8").read()
    except OSError:
        return {}
    by_title = {title: name for name, title in TITLES.items()}
    sections, summary = {}, {}
    for line in text.splitlines():
        cells = table_cells(line) if line.startswith("| ") else []
        if len(cells) == 4 and cells[0] in by_title:
            when, _, minutes = cells[2].partition(", ")
            knobs = dict((k, int(v)) for k, v in (kv.split("=") for kv in cells[3].split(", ") if "=" in kv))
            summary[cells[0]] = {"ok": cells[1] == "pass", "date": when,
                                 "minutes": float(minutes.replace(" min", "") or 0), "knobs": knobs}
    for block in re.split(r"\n## ", text)[1:]:
        title, _, body = block.partition("\n")
        if title not in by_title or title not in summary:
            continue
        intro = body.split("\n| Attack |")[0].strip()
        columns = COLUMNS.get(by_title[title])
        rows = []
        for line in body.splitlines():
            cells = table_cells(line) if line.startswith("| ") else []
            if columns and len(cells) == len(columns) and cells[0] != "Attack" and not set(cells[0]) <= set("-"):
                rows.append(tuple(cells[:-1]) + (cells[-1] == "yes",))
            elif not columns and len(cells) == 5 and cells[0] != "Attack" and not set(cells[0]) <= set("-"):
                a, t, b, good, z = cells
                rows.append((a, t, b, z, good == "yes"))
        sections[by_title[title]] = dict(summary[title], title=title, intro=intro, rows=rows)
        if columns:
            sections[by_title[title]]["columns"] = columns
    return sections


SAVED = os.path.join(ROOT, "bench/out/reliability.json")


def kept_sections():
    """The sections of the last run: bench/out/reliability.json, or on a fresh clone (no
    bench/out) read back from the RELIABILITY.md this script wrote last time."""
    try:
        return json.load(open(SAVED))
    except (OSError, ValueError):
        return sections_from_markdown(os.path.join(ROOT, "RELIABILITY.md"))
