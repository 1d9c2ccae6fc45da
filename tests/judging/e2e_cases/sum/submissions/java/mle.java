import java.util.ArrayList;
import java.util.List;
import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        List<long[]> blocks = new ArrayList<>();
        for (int i = 0; i < 4096; i++) blocks.add(new long[1 << 17]);  // 1 MiB each
        System.out.println(a + b + blocks.size() * 0);
    }
}
