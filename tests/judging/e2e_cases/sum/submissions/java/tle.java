import java.util.Scanner;

public class Main {
    static volatile long spin;

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        while (true) spin++;
    }
}
