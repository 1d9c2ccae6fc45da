"""Zipped packages: extracted safely, then read like a directory."""

from __future__ import annotations

import stat
import zipfile
from pathlib import Path

import pytest

from judging.problem.archive import ZipLimits
from judging.problem.errors import PackageError
from judging.problem.package import load_package, load_package_zip
from tests.judging.problem.builders import PACKAGES


def zip_folder(folder: Path, archive: Path, *, prefix: str) -> Path:
    with zipfile.ZipFile(archive, "w") as zipped:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                zipped.write(path, prefix + path.relative_to(folder).as_posix())
    return archive


def zip_entries(archive: Path, entries: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(archive, "w") as zipped:
        for name, data in entries.items():
            zipped.writestr(name, data)
    return archive


def test_zip_with_the_package_folder_loads_like_the_folder(tmp_path: Path) -> None:
    archive = zip_folder(PACKAGES / "sum", tmp_path / "sum.zip", prefix="sum/")
    problem = load_package_zip(archive, tmp_path / "out")
    direct = load_package(PACKAGES / "sum")
    assert problem.id == "sum"
    assert [t.name for t in problem.tests] == [t.name for t in direct.tests]
    assert (problem.time_limit_s, problem.time_limit_source) == (0.5, ".timelimit")
    assert all(t.input.is_relative_to((tmp_path / "out").resolve()) for t in problem.tests)


def test_zip_of_the_files_themselves_is_named_after_the_zip(tmp_path: Path) -> None:
    archive = zip_folder(PACKAGES / "hypot", tmp_path / "hypot.zip", prefix="")
    problem = load_package_zip(archive, tmp_path / "out")
    assert problem.id == "hypot"
    assert (tmp_path / "out/hypot/problem.yaml").is_file()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("../evil.txt", "points outside the package"),
        ("pkg/../../evil.txt", "points outside the package"),
        ("/etc/evil.txt", "absolute path"),
        ("C:/evil.txt", "absolute path"),
        ("..\\evil.txt", "points outside the package"),
    ],
)
def test_path_traversal_is_refused_and_nothing_is_written(
    tmp_path: Path, name: str, message: str
) -> None:
    archive = zip_entries(tmp_path / "bad.zip", {"pkg/problem.yaml": b"", name: b"gotcha"})
    dest = tmp_path / "deep" / "out"
    with pytest.raises(PackageError, match=message):
        load_package_zip(archive, dest)
    assert not (tmp_path / "deep" / "evil.txt").exists()
    assert not (tmp_path / "evil.txt").exists()
    assert not dest.exists() or not any(dest.iterdir())


def test_symbolic_link_entries_are_refused(tmp_path: Path) -> None:
    archive = tmp_path / "link.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        link = zipfile.ZipInfo("pkg/data/secret/1.in")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        zipped.writestr(link, "/etc/passwd")
    with pytest.raises(PackageError, match="is a symbolic link"):
        load_package_zip(archive, tmp_path / "out")


def test_a_zip_above_the_size_or_entry_limits_is_refused(tmp_path: Path) -> None:
    archive = zip_entries(tmp_path / "big.zip", {"pkg/a": b"x" * 1000, "pkg/b": b"y" * 1000})
    with pytest.raises(PackageError, match="more than the 1500 bytes allowed"):
        load_package_zip(archive, tmp_path / "o1", limits=ZipLimits(max_bytes=1500))
    with pytest.raises(PackageError, match="2 entries, more than 1"):
        load_package_zip(archive, tmp_path / "o2", limits=ZipLimits(max_files=1))


def test_one_file_above_the_per_file_limit_is_refused_before_anything_is_written(
    tmp_path: Path,
) -> None:
    # A zip bomb's shape: a few KiB of zip holding one file of many MiB.
    archive = tmp_path / "bomb.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zipped:
        zipped.writestr("pkg/data/secret/1.in", bytes(4 * 1024**2))
    assert archive.stat().st_size < 64 * 1024
    limits = ZipLimits(max_file_bytes=1024**2)
    with pytest.raises(PackageError, match=r"'pkg/data/secret/1.in' extracts to 4.0 MiB, more "):
        load_package_zip(archive, tmp_path / "out", limits=limits)
    assert not (tmp_path / "out").exists()


def test_an_unreadable_zip_or_a_destination_in_use_is_refused(tmp_path: Path) -> None:
    not_zip = tmp_path / "notes.zip"
    not_zip.write_text("hello")
    with pytest.raises(PackageError, match="not a readable zip file"):
        load_package_zip(not_zip, tmp_path / "out")
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "file").write_text("")
    archive = zip_folder(PACKAGES / "sum", tmp_path / "sum.zip", prefix="sum/")
    with pytest.raises(PackageError, match="needs an empty directory"):
        load_package_zip(archive, busy)


def test_a_zip_without_a_package_says_so(tmp_path: Path) -> None:
    archive = zip_entries(tmp_path / "x.zip", {"readme.txt": b"hi"})
    with pytest.raises(PackageError, match=r"no problem\.yaml"):
        load_package_zip(archive, tmp_path / "out")


def test_device_and_fifo_entries_are_refused(tmp_path: Path) -> None:
    archive = tmp_path / "fifo.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        fifo = zipfile.ZipInfo("pkg/data/secret/1.in")
        fifo.external_attr = (stat.S_IFIFO | 0o644) << 16
        zipped.writestr(fifo, "")
    with pytest.raises(PackageError, match="is a special file"):
        load_package_zip(archive, tmp_path / "out")
