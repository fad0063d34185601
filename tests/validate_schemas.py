"""Validates emitted JSON against schemas/ (JSON Schema draft 2020-12).

  validate_schemas.py DIR...            every *.json under DIR, schema chosen by tests/schemas.map
  validate_schemas.py --schema S FILE   one file against one schema

A JSON file under DIR that no map line covers is itself a failure, so nothing escapes.
"""
import fnmatch, json, os, sys
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_map():
    rules = []
    with open(os.path.join(ROOT, "tests", "schemas.map")) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                pattern, schema = line.split()
                rules.append((pattern, schema))
    return rules


def registry():
    """Every schema in schemas/ under its $id, so schemas can $ref each other."""
    reg, folder = Registry(), os.path.join(ROOT, "schemas")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json"):
            with open(os.path.join(folder, name)) as f:
                schema = json.load(f)
            Draft202012Validator.check_schema(schema)
            reg = reg.with_resource(schema.get("$id", name), Resource.from_contents(schema))
    return reg


REGISTRY = registry()


def validate(schema_path, path):
    with open(schema_path) as f:
        schema = json.load(f)
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        return [f"{path}: not JSON: {e}"]
    v = Draft202012Validator(schema, registry=REGISTRY)
    return [f"{path}: {'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}"
            for e in sorted(v.iter_errors(doc), key=lambda e: list(map(str, e.path)))[:5]]


def main(argv):
    if len(argv) == 3 and argv[0] == "--schema":
        errs = validate(argv[1], argv[2])
        for e in errs:
            print(e, file=sys.stderr)
        return 1 if errs else 0
    rules, passed, failed = load_map(), 0, 0
    for top in argv:
        for dirpath, _, files in os.walk(top):
            for name in sorted(files):
                if not name.endswith(".json"):
                    continue
                rel = os.path.relpath(os.path.join(dirpath, name))
                schema = next((s for p, s in rules if fnmatch.fnmatch(rel, p)), None)
                if schema is None:
                    print(f"{rel}: no schema in tests/schemas.map covers this file", file=sys.stderr)
                    failed += 1
                    continue
                errs = validate(os.path.join(ROOT, "schemas", schema), rel)
                for e in errs:
                    print(e, file=sys.stderr)
                failed += bool(errs)
                passed += not errs
    print(f"schemas: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
