"""Every runtime gets the memory the problem grants: a JVM program may fill a heap as large as
the limit, a GHC program may allocate up to it, and going far beyond it is Memory Limit
Exceeded, not a crash or an accepted run.

The JVM's own memory (metaspace, code cache, threads) is the language's memory overhead on top
of -Xmx; GHC's runtime reserves address space far beyond what it uses, which the cgroup (not
RLIMIT_AS alone) must allow.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.classification import Classification as C
from judging.engine import SubmissionFile, judge
from judging.languages import registry
from judging.model import Problem
from judging.model import TestCase as DataCase
from judging.sandbox import Sandbox, make_sandbox

pytestmark = [pytest.mark.sandbox, pytest.mark.slow]
LIMIT_MB = 256
JAVA = """public class Fill {
    public static void main(String[] args) {
        byte[][] blocks = new byte[MIB][];
        for (int i = 0; i < MIB; i++) {
            blocks[i] = new byte[1 << 20];
            for (int j = 0; j < blocks[i].length; j += 4096) blocks[i][j] = 1;
        }
        System.out.println(blocks.length);
    }
}
"""
HASKELL = """import qualified Data.ByteString as B
import Control.Monad (forM)
main :: IO ()
main = do
  blocks <- forM [1 .. MIB :: Int] $ \\i -> return $! B.replicate (1024 * 1024) (fromIntegral i)
  print (length blocks + sum (map B.length blocks) `div` (1024 * 1024 * 1000000))
"""


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return make_sandbox()


def _problem(tmp_path: Path, mib: int) -> Problem:
    given, answer = tmp_path / "1.in", tmp_path / "1.ans"
    given.write_text("\n")
    answer.write_text(f"{mib}\n")
    test = DataCase("secret/1", given, answer)
    return Problem(id="fill", name="Fill", time_limit_s=5.0, memory_mb=LIMIT_MB, tests=(test,))


def _verdict(sandbox: Sandbox, tmp_path: Path, name: str, template: str, mib: int) -> C:
    language = registry.for_filename(name, registry.all_languages())
    assert language is not None and registry.is_available(language), name
    source = SubmissionFile(name, template.replace("MIB", str(mib)).encode())
    report = judge(source, _problem(tmp_path, mib), [language], sandbox)
    return report.classification


@pytest.mark.parametrize(
    ("name", "template"), [("Fill.java", JAVA), ("fill.hs", HASKELL)], ids=["java", "haskell"]
)
def test_a_program_may_use_nearly_all_the_memory_the_problem_grants(
    sandbox: Sandbox, tmp_path: Path, name: str, template: str
) -> None:
    assert _verdict(sandbox, tmp_path, name, template, LIMIT_MB * 9 // 10) is C.ACCEPTED


@pytest.mark.parametrize(
    ("name", "template"), [("Fill.java", JAVA), ("fill.hs", HASKELL)], ids=["java", "haskell"]
)
def test_a_program_using_far_more_than_the_limit_exceeds_it(
    sandbox: Sandbox, tmp_path: Path, name: str, template: str
) -> None:
    assert _verdict(sandbox, tmp_path, name, template, LIMIT_MB * 2) is C.MEMORY_LIMIT_EXCEEDED
