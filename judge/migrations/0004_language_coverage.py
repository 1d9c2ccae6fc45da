"""LanguageCoverage, moved here from the contest app: contest.0003 renamed its table to
judge_languagecoverage, so only Django's state changes here and every row is kept."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("contest", "0003_move_language_coverage"),
        ("judge", "0003_function_previews"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="LanguageCoverage",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("language_id", models.CharField(max_length=20)),
                        (
                            "state",
                            models.CharField(
                                choices=[
                                    ("pending", "verifying…"),
                                    ("verified", "judged"),
                                    ("failed", "not judged (reference fails)"),
                                ],
                                default="pending",
                                max_length=10,
                            ),
                        ),
                        ("detail", models.TextField(blank=True)),
                        ("case_file_sha", models.CharField(max_length=64)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        (
                            "problem",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="coverage",
                                to="contest.problem",
                            ),
                        ),
                    ],
                    options={
                        "ordering": ("problem", "language_id"),
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("problem", "language_id"),
                                name="unique_problem_language_coverage",
                            )
                        ],
                    },
                ),
            ],
        ),
    ]
