#!/usr/bin/env python3
"""Validates widget specs against the JSON Schema `widgetctl schema` prints, with a real
validator (python3-jsonschema, draft 2020-12): every spec given must validate, and every
`--invalid` spec must not (so the schema is known to reject what the decoder rejects)."""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
expect_valid = True
failures = 0
checked = 0
for arg in sys.argv[2:]:
    if arg == "--invalid":
        expect_valid = False
        continue
    errors = sorted(validator.iter_errors(json.load(open(arg))), key=lambda e: list(e.path))
    checked += 1
    if expect_valid and errors:
        failures += 1
        for e in errors[:5]:
            print("validate-specs: %s: %s: %s" % (arg, "/" + "/".join(map(str, e.path)), e.message))
    elif not expect_valid and not errors:
        failures += 1
        print("validate-specs: %s should not validate" % arg)
    elif not expect_valid:
        print("validate-specs: %s rejected as expected (%s)" % (arg, errors[0].message[:80]))
if failures:
    sys.exit("validate-specs: %d of %d specs not as expected" % (failures, checked))
print("validate-specs: %d specs as expected" % checked)
