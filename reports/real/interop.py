#!/usr/bin/env python3
"""The interop table of the public engines cross-checked in reports/real/.

For each engine directory reports/real/NAME/ holding a cross-check report (cross-check.json,
written by `trichess cross-check --report`) and a hand-written triage (triage.toml), this
assigns every row of the report to the first cause of the triage whose `match` fits it, and
writes:
- reports/real/README.md: the interop table (engines by columns, rule families and open points
  by rows: agrees, follows reading X, differs (bug), another game's rule, not played) and the
  counts by category;
- the triage table of each engine's TRIAGE.md, between the lines `<!-- triage:begin -->` and
  `<!-- triage:end -->` (the rest of that file is written by hand).
- the reasons of each engine's expect.toml (written by `trichess cross-check --write-expect`,
  one `[[finding]]` a finding of the report): each finding's reason is the triage of its rows,
  so that `trichess cross-check ... --expect reports/real/NAME/expect.toml` passes while the
  engine shows only what is triaged.

A row no cause matches is an error: triage it first. With --check, nothing is written; the
exit status is 1 if a row is untriaged or a file is not what this would write. With --explain
as well, each cause's `explain` command (the reproduction on trichess's side) is run with the
trichess binary ($TRICHESS, or target/release/trichess) and must succeed.

With --rows NAME REPORT.json, checks only that every row of that report (a fresh run, say) is
triaged by NAME's triage.toml, and prints how many rows each cause takes.

Usage: python3 reports/real/interop.py [--check [--explain] | --rows NAME REPORT.json]
(from anywhere; standard library only)
"""

import json
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
COMMAND = "python3 reports/real/interop.py"

FAMILIES = [
    ("board", "board and turn order: cells, lines over the edges and through the centre, who moves next"),
    ("pieces", "king, queen, rook, bishop and knight moves"),
    ("pawns", "pawn moves, captures, en passant, promotion"),
    ("castling", "castling"),
    ("check", "check and legality: a move may not leave the mover's king attacked"),
    ("game-end", "checkmate, stalemate, army takeover, the winner"),
    ("positions", "reading and validating a position"),
]
CATEGORIES = {
    "bug": "differs (bug)",
    "reading": "follows a reading",
    "other-game": "another game's rule",
    "not-played": "not played",
    "trichess-bug": "trichess bug (fixed)",
    "trichess-bug-open": "trichess bug (open)",
}
CAUSE_FIELDS = {"id", "title", "category", "family", "summary", "smallest", "engine_says"}
MATCH_FIELDS = {"kind", "fixture", "move", "piece", "captured", "position", "first", "second", "readings", "rules"}


def row_fields(row):
    """The fields of a report row a matcher can test."""
    fixture = row.get("fixture")
    name = fixture.get("fixture", "") if isinstance(fixture, dict) else ""
    position, move = row.get("position", ""), row.get("move", "-")
    def on(cell):
        found = re.search(rf"(?:^|,){cell}:([a-z][A-Z])", position.split(" ")[0])
        return found.group(1) if found else ""

    piece = on(move[:3])[1:] if "-" in move else ""
    captured = on(move[4:7]) if "-" in move else ""
    return {
        "kind": row.get("kind", ""),
        "fixture": name,
        "move": move,
        "piece": piece,
        "captured": captured,
        "position": position,
        "first": row.get("first_says", ""),
        "second": row.get("second_says", ""),
        "readings": row.get("readings", ""),
        "rules": row.get("rules", ""),
    }


def matches(matcher, fields):
    return all(re.search(pattern, fields[key]) for key, pattern in matcher.items())


def load(engine_dir, report_path=None):
    triage = tomllib.loads((engine_dir / "triage.toml").read_text())
    report = json.loads((report_path or engine_dir / "cross-check.json").read_text())
    problems = []
    for cause in triage["cause"]:
        for key in sorted(CAUSE_FIELDS - set(cause)):
            problems.append(f"{engine_dir.name}: cause {cause.get('id', '?')}: no {key}")
        if cause["category"] not in CATEGORIES:
            problems.append(f"{engine_dir.name}: cause {cause['id']}: unknown category {cause['category']}")
        if cause["family"] not in dict(FAMILIES):
            problems.append(f"{engine_dir.name}: cause {cause['id']}: unknown family {cause['family']}")
        for matcher in cause.get("match", []):
            for key in set(matcher) - MATCH_FIELDS:
                problems.append(f"{engine_dir.name}: cause {cause['id']}: unknown match field {key}")
        cause["rows"] = []
    for row in report["rows"]:
        fields = row_fields(row)
        cause = next((c for c in triage["cause"] if any(matches(m, fields) for m in c.get("match", []))), None)
        if cause is None:
            problems.append(f"{engine_dir.name}: row {row['number']} ({row['kind']}, {row['position']}) is not triaged")
        else:
            cause["rows"].append(row["number"])
    for cause in triage["cause"]:
        if not cause["rows"] and not cause.get("outside_report"):
            problems.append(f"{engine_dir.name}: cause {cause['id']} matches no row (say outside_report = true if it was found otherwise)")
    return triage, report, problems


def cause_label(cause, number):
    """A cause as an expectation's reason names it."""
    if cause.get("reading"):
        label = f"follows {cause['reading']}"
    else:
        label = CATEGORIES[cause["category"]]
    return f"{label}: {cause['title']} (TRIAGE.md, finding {number})"


def toml_string(text):
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def expectations(engine_dir, triage, report):
    """expect.toml with each finding's reason from the triage of its rows; None if there is no
    expect.toml. Returns (text, problems)."""
    path = engine_dir / "expect.toml"
    if not path.exists():
        return None, []
    text = path.read_text()
    expected = tomllib.loads(text).get("finding", [])
    numbers = {c["id"]: i for i, c in enumerate(triage["cause"], 1)}
    cause_of = {n: c for c in triage["cause"] for n in c["rows"]}
    keys = ("variant", "kind", "clause", "readings")
    found = {tuple(f[k] for k in keys): f for f in report.get("findings", [])}
    problems = []
    if {tuple(e[k] for k in keys) for e in expected} != set(found):
        problems.append(f"{path}: its findings are not the report's (write it again with --write-expect)")
    header = [line for line in text.splitlines() if line.startswith("#") and "interop.py" not in line]
    out = header + [f"# The reasons: the triage of each finding's rows, written by `{COMMAND}`.", ""]
    for e in expected:
        finding = found.get(tuple(e[k] for k in keys), {"rows": []})
        causes = []
        for n in finding["rows"]:
            if n in cause_of and cause_of[n] not in causes:
                causes.append(cause_of[n])
        if not causes:
            problems.append(f"{path}: finding {e['kind']} {e['clause']} ({e['readings']}) has no triaged row")
        e["reason"] = "; ".join(cause_label(c, numbers[c["id"]]) for c in causes)
        out.append("[[finding]]")
        out += [f"{k} = {toml_string(e[k])}" for k in keys + ("reason",)]
        if e.get("link"):
            out.append(f"link = {toml_string(e['link'])}")
        out.append("")
    return "\n".join(out), problems


def rows_text(numbers):
    """Row numbers as ranges: 1-3, 7."""
    out, start = [], None
    for i, n in enumerate(numbers):
        if start is None:
            start = n
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            out.append(f"{start}" if start == n else f"{start}-{n}")
            start = None
    return ", ".join(out) if out else "-"


def triage_table(triage):
    lines = [
        f"<!-- triage:begin (generated by `{COMMAND}` from triage.toml and cross-check.json) -->",
        "",
        "| # | finding | category | family | rows | smallest position | trichess says | the engine says |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for i, cause in enumerate(triage["cause"], 1):
        category = CATEGORIES[cause["category"]]
        if cause.get("reading"):
            category = f"follows `{cause['reading']}`"
        rows = rows_text(cause["rows"]) if cause["rows"] else "(outside the report)"
        explain = f"`{cause['explain']}`" if cause.get("explain") else "-"
        lines.append(
            f"| {i} | **{cause['title']}**: {cause['summary']} | {category} | {cause['family']} | {rows} "
            f"| `{cause['smallest']}` | {explain} | {cause['engine_says']} |"
        )
    counts = {}
    for cause in triage["cause"]:
        c = counts.setdefault(cause["category"], [0, 0])
        c[0] += 1
        c[1] += len(cause["rows"])
    lines += ["", "| category | findings | rows |", "|---|---|---|"]
    for key, label in CATEGORIES.items():
        if key in counts:
            lines.append(f"| {label} | {counts[key][0]} | {counts[key][1]} |")
    total = sum(len(c["rows"]) for c in triage["cause"])
    lines += [f"| all | {len(triage['cause'])} | {total} |", "", "<!-- triage:end -->"]
    return "\n".join(lines)


def family_cell(triage, family):
    """How the engine stands on a family: trichess's own bugs found on the way are not the
    engine's stance (they are listed under the table)."""
    causes = [c for c in triage["cause"] if c["family"] == family and not c["category"].startswith("trichess-bug")]
    if not causes:
        return "agrees"
    parts = []
    for key, label in CATEGORIES.items():
        titles = [c["title"] for c in causes if c["category"] == key]
        if titles:
            if key == "reading":
                label = "follows " + ", ".join(f"`{c['reading'].split('.', 1)[1]}`" for c in causes if c["category"] == key)
                parts.append(label)
            else:
                parts.append(f"{label}: {'; '.join(titles)}")
    return "<br>".join(parts)


def reading_cell(triage, report, point):
    for cause in triage["cause"]:
        if cause.get("reading", "").split("=")[0] == point:
            return f"follows `{cause['reading'].split('=')[1]}` (triage)"
    for m in report.get("matching", []):
        if m["point"] == point:
            if m["verdict"].startswith("follows"):
                return f"follows `{m['chosen']}`"
            if m["verdict"].startswith("disagrees"):
                return f"no reading fits (compared under `{m['chosen']}`)"
            return f"not told (compared under `{m['chosen']}`)"
    return "-"


def html(column):
    """A link to the engine's HTML report, if the run wrote one."""
    if (HERE / column / "index.html").exists():
        return f", [HTML]({column}/index.html)"
    return ""


def interop(engines):
    names = [t["column"] for t, _, _ in engines]
    lines = [
        f"<!-- generated by `{COMMAND}` from the reports and triage.toml of each engine; do not edit -->",
        "# Public engines cross-checked",
        "",
        "Each column is a public implementation, cross-checked by `trichess cross-check` through a",
        "shim of `adapters/real/` (the engine's README there says how to fetch, build and run it);",
        "each engine's directory holds the report (HTML, Markdown, JSON, one SVG a row), its TRIAGE.md (the",
        "triage of every row) and its expect.toml (each finding with the reason its triage gives, for",
        "`trichess cross-check --expect`). A cell says how the engine stands on a family of rules: **agrees** (no",
        "row), **follows** a reading of an open point, **differs (bug)** (a bug of that engine),",
        "**another game's rule** (the engine plays another game on the same board), **not played**.",
        "The open points are the register's (`trichess rules yalta`): the reading the fixtures show",
        "the engine follows; **no reading fits** where it fails fixtures of every reading (a finding of",
        "the rows above says why); **not told** where the fixtures cannot tell; then the reading it",
        "was compared under.",
        "",
        "| rules | " + " | ".join(f"[{n}]({n}/TRIAGE.md)" for n in names) + " |",
        "|---|" + "---|" * len(names),
    ]
    for family, what in FAMILIES:
        lines.append(f"| {what} | " + " | ".join(family_cell(t, family) for t, _, _ in engines) + " |")
    points = []
    for _, report, _ in engines:
        for m in report.get("matching", []):
            if m["point"] not in points:
                points.append(m["point"])
    for point in points:
        lines.append(f"| `{point}` | " + " | ".join(reading_cell(t, r, point) for t, r, _ in engines) + " |")
    for key, heading in (("trichess-bug-open", "trichess bugs found on the way, open (reported):"),
                         ("trichess-bug", "trichess bugs found on the way (fixed, with a test):")):
        found = [(t["column"], c) for t, _, _ in engines for c in t["cause"] if c["category"] == key]
        if found:
            lines += ["", heading, ""]
            lines += [f"- {name}: {c['title']}: {c['summary']}" for name, c in found]
    lines += ["", "Findings and report rows by category:", "", "| category | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for key, label in CATEGORIES.items():
        cells = []
        for t, _, _ in engines:
            causes = [c for c in t["cause"] if c["category"] == key]
            rows = sum(len(c["rows"]) for c in causes)
            cells.append(f"{len(causes)} ({rows} row{'' if rows == 1 else 's'})" if causes else "-")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    lines += [
        "",
        "| engine | commit | report | command |",
        "|---|---|---|---|",
    ]
    for t, report, _ in engines:
        lines.append(
            f"| {t['engine']} | {t['commit']} | [{t['column']}/cross-check.md]({t['column']}/cross-check.md)"
            f"{html(t['column'])} | `{report['invocation']}` |"
        )
    return "\n".join(lines) + "\n"


def rows_only(name, report_path):
    triage, report, problems = load(HERE / name, Path(report_path))
    problems = [p for p in problems if "matches no row" not in p]
    for cause in triage["cause"]:
        print(f"{cause['id']}: {len(cause['rows'])} rows")
    for p in problems:
        print(p, file=sys.stderr)
    sys.exit(1 if problems or not report["rows"] else 0)


def explain_problems(engine_dir, triage):
    """Runs each cause's `explain` command with the trichess binary; returns what failed."""
    binary = os.environ.get("TRICHESS", str(HERE.parent.parent / "target/release/trichess"))
    problems = []
    for cause in triage["cause"]:
        if not cause.get("explain"):
            continue
        words = shlex.split(cause["explain"])
        if words[:2] != ["trichess", "explain"]:
            problems.append(f"{engine_dir.name}: cause {cause['id']}: explain is not a trichess explain command")
            continue
        out = subprocess.run([binary] + words[1:], capture_output=True, text=True)
        if out.returncode != 0:
            problems.append(f"{engine_dir.name}: cause {cause['id']}: {cause['explain']}: {out.stderr.strip()}")
    return problems


def main():
    if sys.argv[1:2] == ["--rows"] and len(sys.argv) == 4:
        rows_only(sys.argv[2], sys.argv[3])
    check = "--check" in sys.argv[1:]
    engines, problems, stale = [], [], []
    for engine_dir in sorted(p for p in HERE.iterdir() if (p / "triage.toml").exists()):
        triage, report, found = load(engine_dir)
        problems += found
        if "--explain" in sys.argv[1:]:
            problems += explain_problems(engine_dir, triage)
        engines.append((triage, report, engine_dir))
        readme = engine_dir / "TRIAGE.md"
        text = readme.read_text()
        block = re.compile(r"<!-- triage:begin.*?<!-- triage:end -->", re.S)
        if not block.search(text):
            problems.append(f"{readme}: no <!-- triage:begin --> ... <!-- triage:end --> block")
            continue
        new = block.sub(lambda _: triage_table(triage), text)
        if new != text:
            stale.append(readme)
            if not check:
                readme.write_text(new)
        expect, found = expectations(engine_dir, triage, report)
        problems += found
        path = engine_dir / "expect.toml"
        if expect is not None and expect != path.read_text():
            stale.append(path)
            if not check:
                path.write_text(expect)
    table = interop(engines)
    out = HERE / "README.md"
    if not out.exists() or out.read_text() != table:
        stale.append(out)
        if not check:
            out.write_text(table)
    for p in problems:
        print(p, file=sys.stderr)
    if check and stale:
        print("stale: " + ", ".join(str(s.relative_to(HERE.parent.parent)) for s in stale) + f"; run {COMMAND}", file=sys.stderr)
    sys.exit(1 if problems or (check and stale) else 0)


if __name__ == "__main__":
    main()
