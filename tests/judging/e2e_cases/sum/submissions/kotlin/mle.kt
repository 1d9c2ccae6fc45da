fun main() {
    val (a, b) = readLine()!!.trim().split(Regex("\\s+")).map { it.toLong() }
    val blocks = ArrayList<LongArray>()
    for (i in 0 until 4096) blocks.add(LongArray(1 shl 17))
    println(a + b + blocks.size * 0)
}
