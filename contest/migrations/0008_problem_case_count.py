"""Function problems count their cases (the jury's problem list showed 0 tests for them):
the count of every stored case file, read from its blob's chunks."""

import json

from django.db import migrations, models


def count_cases(apps, schema_editor):
    Problem = apps.get_model("contest", "Problem")
    BlobChunk = apps.get_model("contest", "BlobChunk")
    for problem in Problem.objects.filter(kind="function", case_file__isnull=False):
        chunks = BlobChunk.objects.filter(blob_id=problem.case_file_id).order_by("index")
        data = b"".join(bytes(c) for c in chunks.values_list("data", flat=True))
        try:
            cases = json.loads(data).get("cases", [])
        except (ValueError, AttributeError):
            continue  # not a case file: the count stays 0 until it is imported again
        problem.case_count = len(cases) if isinstance(cases, list) else 0
        problem.save(update_fields=["case_count"])


class Migration(migrations.Migration):
    dependencies = [
        ("contest", "0007_package_default_limits"),
    ]

    operations = [
        migrations.AddField(
            model_name="problem",
            name="case_count",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(count_cases, migrations.RunPython.noop),
    ]
