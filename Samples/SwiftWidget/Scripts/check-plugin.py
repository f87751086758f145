#!/usr/bin/env python3
"""Checks the SARIF that `swift package widgetctl check` wrote for the CheckFixtures target: every
result is located in a Swift file of this package with a line and a column, and each line marked
`// fault` in the fixture has a WR004 result on it (the widget's own legibility faults), and no
result sits on a line without the mark."""
import json
import pathlib
import sys

sarif_path = pathlib.Path(sys.argv[1])
root = pathlib.Path(__file__).resolve().parent.parent
log = json.loads(sarif_path.read_text())
results = log["runs"][0]["results"]
if not results:
    sys.exit("check-plugin: no results in %s" % sarif_path)
found = set()
for r in results:
    loc = r["locations"][0]["physicalLocation"]
    uri = loc["artifactLocation"]["uri"]
    line = loc["region"]["startLine"]
    column = loc["region"].get("startColumn", 0)
    source = root / uri
    if not uri.endswith(".swift") or not source.is_file():
        sys.exit("check-plugin: %s %s is not a Swift file of the package" % (r["ruleId"], uri))
    text = source.read_text().splitlines()[line - 1]
    if column < 1:
        sys.exit("check-plugin: %s at %s:%d has no column" % (r["ruleId"], uri, line))
    if r["ruleId"] == "WR004":
        if "Text(" not in text or "// fault" not in text:
            sys.exit("check-plugin: %s at %s:%d is not on a faulty Text: %r" % (r["ruleId"], uri, line, text))
        found.add((uri, line))
    print("check-plugin: %s %s:%d:%d  %s" % (r["ruleId"], uri, line, column, text.strip()))
fixture = root / "Sources/CheckFixtures/FaintNoteWidget.swift"
marked = {("Sources/CheckFixtures/FaintNoteWidget.swift", i + 1)
          for i, t in enumerate(fixture.read_text().splitlines()) if "// fault" in t and "Text(" in t}
missing = marked - found
if missing:
    sys.exit("check-plugin: no WR004 at %s" % ", ".join("%s:%d" % m for m in sorted(missing)))
print("check-plugin: %d results, all at Swift lines; both faults found" % len(results))
