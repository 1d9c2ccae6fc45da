"""A toy harness adapter for runner and verdict tests: the "solution" IS the harness (a Python
script reading the payload and writing the channel), so a test can make the harness honest,
crash, loop, hog memory or forge lines, independently of the real harnesses."""

from __future__ import annotations

from pathlib import Path

from judging.functions.adapters.base import HarnessAdapter, Manifest
from judging.kit import Kit
from judging.languages import registry
from judging.languages.base import LanguageConfig


def _prepare(manifest: Manifest, source: bytes, destination: Path, kit: Kit) -> None:
    (destination / "toy.py").write_bytes(source)


ADAPTER = HarnessAdapter(
    language="python3",
    names_key="python",
    source_extension="py",
    prepare=_prepare,
    run_command="{python} -S toy.py",
    compile_command="{python} -m py_compile toy.py",
)


def language() -> LanguageConfig:
    config = registry.get("python3")
    assert config is not None
    return config


# The honest toy: add-two's addTwo(a, b) = a + b, with a hook to misbehave at one case.
HONEST = """
import json, os, sys
payload = json.load(sys.stdin)
nonce = payload["nonce"]
channel = os.dup(1)
os.dup2(2, 1)
def send(tag, body):
    os.write(channel, (tag + " " + json.dumps({"nonce": nonce, **body}) + "\\n").encode())
passed = 0
for case in payload["cases"]:
    a, b = case["args"]
    MISBEHAVE
    got = a + b
    status = ("pass" if got == case["expected"] else "fail") if "expected" in case else "done"
    passed += status == "pass"
    send("LLJUDGE", {"i": case["i"], "name": case["name"], "status": status, "got": got})
send("LLJUDGE-SUMMARY", {"passed": passed, "total": len(payload["cases"])})
"""


def toy(misbehave: str = "pass") -> bytes:
    return HONEST.replace("MISBEHAVE", misbehave).encode()
