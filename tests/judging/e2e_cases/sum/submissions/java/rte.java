import java.lang.reflect.Field;
import java.util.Scanner;

// A crash of the JVM itself (not an exception): writing through a null address with Unsafe
// makes the JVM abort with SIGABRT.
public class Crash {
    public static void main(String[] args) throws Exception {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        sun.misc.Unsafe unsafe = (sun.misc.Unsafe) f.get(null);
        unsafe.putLong(0L, a + b);
        System.out.println(a + b);
    }
}
