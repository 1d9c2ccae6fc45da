import java.util.Scanner;

// Writes past the output limit (1 MiB), then ends: Output Limit Exceeded.
public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 1 << 20; i++) lines.append(a + b).append('\n');
        System.out.print(lines);
    }
}
