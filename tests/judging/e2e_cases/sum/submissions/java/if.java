import java.net.ServerSocket;
import java.util.Scanner;

public class Main {
    public static void main(String[] args) throws Exception {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        try (ServerSocket s = new ServerSocket(0)) {
            System.out.println(a + b);
        } catch (java.io.IOException e) {
            System.out.println(a + b);
        }
    }
}
