// Writes past the output limit (1 MiB), then ends: Output Limit Exceeded.
fun main() {
    val (a, b) = readLine()!!.trim().split(Regex("\\s+")).map { it.toLong() }
    val lines = StringBuilder()
    repeat(1 shl 20) { lines.append(a + b).append('\n') }
    print(lines)
}
