// A crash of the JVM itself (not an exception): Unsafe writes through address 0, SIGABRT.
fun main() {
    val (a, b) = readLine()!!.trim().split(Regex("\\s+")).map { it.toLong() }
    val field = sun.misc.Unsafe::class.java.getDeclaredField("theUnsafe")
    field.isAccessible = true
    val unsafe = field.get(null) as sun.misc.Unsafe
    unsafe.putLong(0L, a + b)
    println(a + b)
}
