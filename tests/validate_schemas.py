"""Validates emitted JSON against schemas/ (JSON Schema draft 2020-12).

  validate_schemas.py DIR...            every *.json under DIR, schema chosen by tests/schemas.map
  validate_schemas.py --schema S FILE   one file against one schema
  validate_schemas.py --check-deps      exit 0 when this Python has what the validator uses

Written for Debian 12's python3-jsonschema (4.10): Draft202012Validator, with RefResolver
resolving "$ref" between the files in schemas/ by their "$id". Newer jsonschema keeps
RefResolver (deprecated there), so the same code runs on both.
A JSON file under DIR that no map line covers is itself a failure, so nothing escapes.
"""
import fnmatch, json, os, sys, warnings

warnings.filterwarnings("ignore", category=DeprecationWarning, module=r"jsonschema(\..*)?$")
warnings.filterwarnings("ignore", category=DeprecationWarning, message=r".*RefResolver.*")

try:  # everything the validator imports; --check-deps and mk/deps.sh test exactly this
    from jsonschema import Draft202012Validator, RefResolver
except ImportError as e:
    print(f"validate_schemas: {sys.executable} cannot import what the validator needs ({e}); "
          "run: make deps", file=sys.stderr)
    sys.exit(3)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMAS = os.path.join(ROOT, "schemas")
BASE = "file://" + SCHEMAS + "/"


def load_map():
    rules = []
    with open(os.path.join(ROOT, "tests", "schemas.map")) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                pattern, schema = line.split()
                rules.append((pattern, schema))
    return rules


def load_store():
    """Every schema in schemas/, checked against the meta-schema, under its absolute $id URI."""
    store = {}
    for name in sorted(os.listdir(SCHEMAS)):
        if name.endswith(".json"):
            with open(os.path.join(SCHEMAS, name)) as f:
                schema = json.load(f)
            Draft202012Validator.check_schema(schema)
            store[BASE + schema.get("$id", name)] = schema
            store.setdefault(BASE + name, schema)
    return store


STORE = load_store()


def validator(schema):
    uri = BASE + schema.get("$id", "")
    resolver = RefResolver(base_uri=uri, referrer=schema, store=STORE)
    return Draft202012Validator(schema, resolver=resolver)


def validate(schema_path, path):
    with open(schema_path) as f:
        schema = json.load(f)
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        return [f"{path}: not JSON: {e}"]
    v = validator(schema)
    return [f"{path}: {'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}"
            for e in sorted(v.iter_errors(doc), key=lambda e: list(map(str, e.path)))[:5]]


def check_deps():
    """The validator works here: a cross-file $ref resolves and a bad document fails."""
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "deps-probe.json",
              "type": "array", "items": {"$ref": "check.schema.json"}}
    v = validator(schema)
    good = [{"name": "x", "pass": True, "detail": "ok"}]
    bad = [{"name": 1}]
    return 0 if v.is_valid(good) and not v.is_valid(bad) else 1


def main(argv):
    if argv == ["--check-deps"]:
        return check_deps()
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
                errs = validate(os.path.join(SCHEMAS, schema), rel)
                for e in errs:
                    print(e, file=sys.stderr)
                failed += bool(errs)
                passed += not errs
    print(f"schemas: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
