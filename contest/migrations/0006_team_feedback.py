"""Feedback levels (Mooshak's): `team_feedback` replaces `feedback`. Existing contests keep what
their teams saw (a report meant every test); new ones show the verdict only."""

from django.db import migrations, models

FORWARD = {"none": "none", "classification": "verdict", "report": "all"}
BACKWARD = {"none": "none", "verdict": "classification", "samples": "report", "all": "report"}


def forward(apps, schema_editor):
    Contest = apps.get_model("contest", "Contest")
    for old, new in FORWARD.items():
        Contest.objects.filter(feedback=old).update(team_feedback=new)


def backward(apps, schema_editor):
    Contest = apps.get_model("contest", "Contest")
    for new, old in BACKWARD.items():
        Contest.objects.filter(team_feedback=new).update(feedback=old)


class Migration(migrations.Migration):
    dependencies = [("contest", "0005_blob_chunks")]

    operations = [
        migrations.AddField(
            model_name="contest",
            name="team_feedback",
            field=models.CharField(
                choices=[
                    ("none", "Nothing (only that it was received)"),
                    ("verdict", "The verdict only (ICPC)"),
                    ("samples", "The verdict, and the sample tests one by one"),
                    ("all", "The verdict, and every test one by one (courses)"),
                ],
                default="verdict",
                help_text="What a team sees of its judged submission (the compiler's output comes "
                "with the verdict; secret tests' names and results only at the last level).",
                max_length=10,
            ),
        ),
        migrations.RunPython(forward, backward),
        migrations.RemoveField(model_name="contest", name="feedback"),
    ]
