"""A package's documents: `<endpoint>.json`, or `.yaml` for those a person writes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from judge.ccs_package.errors import Collector

# The spec allows YAML for these; problemset.yaml is the older Kattis/ICPC contest layout's.
YAML_ALLOWED = ("contest", "problems", "accounts", "problemset")
Doc = tuple[str, Any]  # (file name, parsed content)


def document(root: Path, stem: str, errors: Collector) -> Doc | None:
    """The parsed `stem.json` (or `stem.yaml`), None when the package has neither."""
    names = [f"{stem}.json"] + ([f"{stem}.yaml", f"{stem}.yml"] if stem in YAML_ALLOWED else [])
    found = [name for name in names if (root / name).is_file()]
    if len(found) > 1:
        errors.fail(found[1], "(file)", f"the package also has {found[0]}: keep one")
    if not found:
        return None
    name = found[0]
    try:
        text = (root / name).read_text(encoding="utf-8")
        data = json.loads(text) if name.endswith(".json") else yaml.safe_load(text)
    except UnicodeDecodeError:
        errors.fail(name, "(file)", "not UTF-8 text")
        return None
    except (ValueError, yaml.YAMLError) as error:
        errors.fail(name, "(file)", f"not valid {name.rsplit('.', 1)[1].upper()}: {error}")
        return None
    return name, data


def objects(doc: Doc | None, errors: Collector) -> list[tuple[str, dict[str, Any]]]:
    """An endpoint file's objects, each with the field prefix that names it ("[3]")."""
    if doc is None:
        return []
    name, data = doc
    if not isinstance(data, list):
        errors.fail(name, "(file)", "must be an array of objects")
        return []
    found = []
    for i, obj in enumerate(data, start=1):
        if isinstance(obj, dict):
            found.append((f"[{i}]", obj))
        else:
            errors.fail(name, f"[{i}]", "is not an object")
    return found


def package_root(root: Path) -> Path:
    """A zip of one folder holding the package extracts to that folder already; a folder
    holding only the package's folder (an unzipped download) is looked into as well."""
    children = [c for c in root.iterdir() if not c.name.startswith(".")]
    marker = ("contest.json", "contest.yaml", "contest.yml", "problemset.yaml")
    alone = len(children) == 1 and children[0].is_dir()
    if alone and not any((root / m).is_file() for m in marker):
        return children[0]
    return root


def dump(path: Path, data: Any) -> None:
    """A package's JSON file: indented, UTF-8, as a person may read it."""
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
