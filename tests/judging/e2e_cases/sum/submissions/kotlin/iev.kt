fun main() {
    val (a, b) = readLine()!!.trim().split(Regex("\\s+")).map { it.toLong() }
    println(a + b)
    throw IllegalStateException("uncaught: the JVM exits with code 1")
}
