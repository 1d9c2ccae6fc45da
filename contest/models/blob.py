"""Content-addressed data: test files, validators, case files, reference solutions.

A Blob is keyed by the SHA-256 of its bytes, so a worker on another machine needs only
DATABASE_URL (it caches blobs on its disk by the same hash), and storing the same bytes twice
stores them once. The bytes are kept in chunks of at most CHUNK_BYTES: a test file of hundreds
of megabytes is written and read a chunk at a time, never held whole in the web process, the
worker or a single SQL statement.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from django.db import models, transaction

CHUNK_BYTES = 1024 * 1024
READ_BYTES = 64 * 1024  # hashing a file reads it in pieces of this size


class Blob(models.Model):
    sha256 = models.CharField(max_length=64, primary_key=True)
    size = models.PositiveBigIntegerField()

    def __str__(self) -> str:
        return f"{self.sha256[:12]} ({self.size} bytes)"

    @classmethod
    def store(cls, data: bytes) -> Blob:
        """Bytes already in memory (small data: a case file, a source, a validator's zip)."""
        return _store(hashlib.sha256(data).hexdigest(), len(data), lambda: _pieces(data))

    @classmethod
    def store_file(cls, path: Path) -> Blob:
        """A file, read twice (to hash it, then to store it if it is new), a chunk at a time."""
        digest, size = file_digest(path)
        return _store(digest, size, lambda: _file_chunks(path))

    def chunks(self) -> Iterator[bytes]:
        """The bytes, chunk by chunk, fetched one chunk at a time."""
        rows = BlobChunk.objects.filter(blob_id=self.pk).order_by("index")
        for data in rows.values_list("data", flat=True).iterator(chunk_size=1):
            yield bytes(data)

    def head(self, limit: int) -> bytes:
        """The first `limit` bytes (a preview), reading only the chunks they lie in."""
        out = bytearray()
        for chunk in self.chunks():
            out += chunk[: limit - len(out)]
            if len(out) >= limit:
                break
        return bytes(out)

    def read(self) -> bytes:
        """All the bytes: for data known to be small."""
        return b"".join(self.chunks())


class BlobChunk(models.Model):
    blob = models.ForeignKey(Blob, on_delete=models.CASCADE, related_name="+")
    index = models.PositiveIntegerField()
    data = models.BinaryField()

    class Meta:
        ordering = ("blob", "index")
        constraints = [models.UniqueConstraint(fields=("blob", "index"), name="unique_blob_chunk")]

    def __str__(self) -> str:
        return f"{self.blob_id[:12]} chunk {self.index}"


def file_digest(path: Path) -> tuple[str, int]:
    digest, size = hashlib.sha256(), 0
    with path.open("rb") as handle:
        for piece in iter(lambda: handle.read(READ_BYTES), b""):
            digest.update(piece)
            size += len(piece)
    return digest.hexdigest(), size


def _store(digest: str, size: int, chunks: Callable[[], Iterable[bytes]]) -> Blob:
    # One transaction: no reader ever sees a Blob row whose chunks are not all there. Of two
    # processes storing the same bytes, the second waits on the row's key and finds it made.
    with transaction.atomic():
        blob, created = Blob.objects.get_or_create(sha256=digest, defaults={"size": size})
        if created:
            for index, data in enumerate(chunks()):
                BlobChunk.objects.create(blob=blob, index=index, data=data)
    return blob


def _pieces(data: bytes) -> Iterator[bytes]:
    for start in range(0, len(data), CHUNK_BYTES):
        yield data[start : start + CHUNK_BYTES]


def _file_chunks(path: Path) -> Iterator[bytes]:
    with path.open("rb") as handle:
        yield from iter(lambda: handle.read(CHUNK_BYTES), b"")
