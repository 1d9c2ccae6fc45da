"""LanguageCoverage moves to the judge app (what workers found when they verified a function
problem's references belongs to the submission domain). The rows stay: the table is renamed,
and Django's state forgets the model here while judge.0004 declares it there."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("contest", "0002_function_problems"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.AlterModelTable("languagecoverage", "judge_languagecoverage"),
            ],
            state_operations=[
                migrations.DeleteModel("LanguageCoverage"),
            ],
        ),
    ]
