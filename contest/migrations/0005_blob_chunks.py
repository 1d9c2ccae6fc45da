"""Blobs keep their bytes in chunks (contest/models/blob.py): every existing blob's data is
copied into chunks of 1 MiB, then the one-value column goes."""

import django.db.models.deletion
from django.db import migrations, models

CHUNK_BYTES = 1024 * 1024


def to_chunks(apps, schema_editor):
    Blob = apps.get_model("contest", "Blob")
    BlobChunk = apps.get_model("contest", "BlobChunk")
    for sha in Blob.objects.values_list("sha256", flat=True).iterator():
        data = bytes(Blob.objects.values_list("data", flat=True).get(sha256=sha))
        for index, start in enumerate(range(0, len(data), CHUNK_BYTES)):
            BlobChunk.objects.create(blob_id=sha, index=index, data=data[start : start + CHUNK_BYTES])


def from_chunks(apps, schema_editor):
    Blob = apps.get_model("contest", "Blob")
    BlobChunk = apps.get_model("contest", "BlobChunk")
    for sha in Blob.objects.values_list("sha256", flat=True).iterator():
        rows = BlobChunk.objects.filter(blob_id=sha).order_by("index")
        data = b"".join(bytes(chunk) for chunk in rows.values_list("data", flat=True))
        Blob.objects.filter(sha256=sha).update(data=data)


class Migration(migrations.Migration):

    dependencies = [
        ("contest", "0004_function_references"),
    ]

    operations = [
        migrations.CreateModel(
            name="BlobChunk",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("index", models.PositiveIntegerField()),
                ("data", models.BinaryField()),
                ("blob", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+", to="contest.blob")),
            ],
            options={
                "ordering": ("blob", "index"),
                "constraints": [models.UniqueConstraint(fields=("blob", "index"), name="unique_blob_chunk")],
            },
        ),
        # The old column may hold empty bytes until it goes (a reverse migration refills it).
        migrations.AlterField(
            model_name="blob", name="data", field=models.BinaryField(default=b"")
        ),
        migrations.RunPython(to_chunks, from_chunks),
        migrations.RemoveField(model_name="blob", name="data"),
    ]
