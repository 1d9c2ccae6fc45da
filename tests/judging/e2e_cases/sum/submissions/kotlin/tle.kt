@Volatile var spin = 0L

fun main() {
    val (a, b) = readLine()!!.trim().split(Regex("\\s+")).map { it.toLong() }
    while (true) spin++
}
