import java.util.ArrayList;
import java.util.List;

public class Codec {
    // Each string as its length, '#', then the string itself: no character needs escaping.
    public String encode(List<String> strs) {
        StringBuilder out = new StringBuilder();
        for (String s : strs) out.append(s.length()).append('#').append(s);
        return out.toString();
    }

    public List<String> decode(String s) {
        List<String> out = new ArrayList<>();
        int at = 0;
        while (at < s.length()) {
            int mark = s.indexOf('#', at);
            int end = mark + 1 + Integer.parseInt(s.substring(at, mark));
            out.add(s.substring(mark + 1, end));
            at = end;
        }
        return out;
    }
}
