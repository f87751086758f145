#!/usr/bin/env python3
"""Checks the SARIF that `swift package widgetctl check` wrote for the Weather widget: every
result is located in a Swift file of this package, on a line that holds a Text( (the views
WR004 is about), with a column; and at least one result exists."""
import json
import pathlib
import sys

sarif_path = pathlib.Path(sys.argv[1])
root = pathlib.Path(__file__).resolve().parent.parent
log = json.loads(sarif_path.read_text())
results = log["runs"][0]["results"]
if not results:
    sys.exit("check-plugin: no results in %s" % sarif_path)
for r in results:
    loc = r["locations"][0]["physicalLocation"]
    uri = loc["artifactLocation"]["uri"]
    line = loc["region"]["startLine"]
    column = loc["region"].get("startColumn", 0)
    source = root / uri
    if not uri.endswith(".swift") or not source.is_file():
        sys.exit("check-plugin: %s %s is not a Swift file of the package" % (r["ruleId"], uri))
    text = source.read_text().splitlines()[line - 1]
    if r["ruleId"] == "WR004" and "Text(" not in text:
        sys.exit("check-plugin: %s at %s:%d is not on a Text: %r" % (r["ruleId"], uri, line, text))
    if column < 1:
        sys.exit("check-plugin: %s at %s:%d has no column" % (r["ruleId"], uri, line))
    print("check-plugin: %s %s:%d:%d  %s" % (r["ruleId"], uri, line, column, text.strip()))
print("check-plugin: %d results, all at Swift lines" % len(results))
