package juiz;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader (the harness may use no library; JsonOut writes). Values are null, Boolean,
 * Long (BigInteger beyond 64 bits), Double, String, List and Map.
 *
 * <p>The reader works on the payload's UTF-8 bytes, not on a String: much of it runs before
 * the JIT has compiled it, and in the interpreter each String.charAt is three calls where a
 * byte is one instruction (reading the 1 MB payload cost tens of milliseconds that way).
 */
final class Json {
    private final byte[] text;
    private int pos;
    // One String per distinct key: a payload repeats "method", "args"... once per step.
    private final Map<String, String> keys = new HashMap<>();
    private String deferredKey; // the next object's key whose array is read lazily
    // The payload's last member, read one case at a time; each case's steps are deferred.
    private static final String CASES = "cases";
    private static final String STEPS = "steps";

    private Json(byte[] text) {
        this.text = text;
    }

    /**
     * The payload (UTF-8). Its "cases" array, which must be its last member, is a
     * {@link CaseStream} that parses one case at a time as the harness reaches it: the payload
     * is never scanned twice, and its objects never all live at once (a design problem's stress
     * case has 10^5 steps, and the garbage collector would copy them all again and again). The
     * steps of a case are {@link Deferred}, parsed one step at a time.
     */
    static Map<?, ?> parsePayload(byte[] text) {
        Json reader = new Json(text);
        reader.deferredKey = CASES;
        reader.skipSpace();
        if (reader.peek() != '{') {
            throw reader.error("the payload is not an object");
        }
        Map<?, ?> payload = reader.object();
        if (!(payload.get(CASES) instanceof CaseStream)) {
            throw reader.error("the payload has no cases");
        }
        return payload;
    }

    /** The elements of the payload's "cases", parsed in order, each when it is asked for. */
    static final class CaseStream {
        private final Json reader;
        private int next; // where the next case starts; -1 after the last

        private CaseStream(Json reader) {
            this.reader = reader;
            reader.pos++; // the opening bracket
            reader.skipSpace();
            next = reader.peek() == ']' ? reader.end(reader.pos + 1) : reader.pos;
        }

        boolean hasNext() {
            return next >= 0;
        }

        Object next() {
            reader.pos = next;
            reader.deferredKey = STEPS;
            Object value = reader.value();
            reader.skipSpace();
            if (reader.peek() == ',') {
                reader.pos++;
                reader.skipSpace();
                next = reader.pos;
            } else {
                reader.expect(']');
                next = reader.end(reader.pos);
            }
            return value;
        }
    }

    /** Checks that the payload ends at {@code at} with its closing brace; -1. */
    private int end(int at) {
        pos = at;
        skipSpace();
        boolean closed = pos < text.length && text[pos] == '}';
        if (closed) {
            pos++;
            skipSpace();
        }
        if (!closed || pos != text.length) {
            throw error("more after the cases, which must be the payload's last member");
        }
        return -1;
    }

    /** A value of the payload kept as text until {@link #value()} parses it. */
    static final class Deferred {
        private final Json reader;
        private final int start;

        private Deferred(Json reader, int start) {
            this.reader = reader;
            this.start = start;
        }

        Object value() {
            reader.pos = start;
            reader.deferredKey = null;
            return reader.value();
        }
    }

    private Object value() {
        switch (peek()) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                return literal(TRUE, Boolean.TRUE);
            case 'f':
                return literal(FALSE, Boolean.FALSE);
            case 'n':
                return literal(NULL, null);
            default:
                return number();
        }
    }

    private Map<String, Object> object() {
        String defer = deferredKey;
        deferredKey = null; // only in the outermost object (the payload, or a case)
        Map<String, Object> map = new HashMap<>(4);
        pos++;
        skipSpace();
        if (peek() == '}') {
            pos++;
            return map;
        }
        while (true) {
            skipSpace();
            if (peek() != '"') {
                throw error("expected a string key");
            }
            String key = interned(string());
            skipSpace();
            expect(':');
            skipSpace();
            boolean deferred = key.equals(defer) && peek() == '[';
            if (deferred && key.equals(CASES)) {
                // The payload's last member: the stream checks the payload's end after the last
                // case.
                map.put(key, new CaseStream(this));
                return map;
            }
            map.put(key, deferred ? deferredArray() : value());
            skipSpace();
            if (peek() == ',') {
                pos++;
                continue;
            }
            expect('}');
            return map;
        }
    }

    /** The one String of each distinct key (not computeIfAbsent: the harness makes no lambda). */
    private String interned(String key) {
        String known = keys.putIfAbsent(key, key);
        return known != null ? known : key;
    }

    private List<Object> array() {
        pos++;
        skipSpace();
        if (peek() == ']') {
            pos++;
            return new ArrayList<>();
        }
        List<Object> packed = integers();
        if (packed != null) {
            return packed;
        }
        List<Object> list = new ArrayList<>();
        while (true) {
            skipSpace();
            list.add(value());
            skipSpace();
            if (peek() == ',') {
                pos++;
                continue;
            }
            expect(']');
            return list;
        }
    }

    /**
     * An array of integers only (the usual argument), kept unboxed: none of its elements is
     * boxed unless read through the List. Null, leaving pos where it was, for any other array
     * (the general parser then reads it, and reports its errors).
     */
    private List<Object> integers() {
        int start = pos;
        long[] values = new long[16];
        int n = 0;
        while (true) {
            long value = plainInteger();
            if (pos < 0) {
                pos = start;
                return null;
            }
            if (n == values.length) {
                values = java.util.Arrays.copyOf(values, 2 * n);
            }
            values[n++] = value;
            skipSpace();
            int c = pos < text.length ? text[pos] : 0;
            pos++;
            if (c == ']') {
                return new Integers(values, n);
            }
            if (c != ',') {
                pos = start;
                return null;
            }
            skipSpace();
        }
    }

    /**
     * An integer of at most 18 digits with no fraction or exponent (so it fits a long); anything
     * else sets pos to -1.
     */
    private long plainInteger() {
        byte[] t = text;
        int at = pos;
        boolean negative = at < t.length && t[at] == '-';
        if (negative) {
            at++;
        }
        int first = at;
        long value = 0;
        for (int c; at < t.length && (c = t[at] - '0') >= 0 && c <= 9; at++) {
            value = value * 10 + c;
        }
        int digits = at - first;
        boolean plain = digits > 0 && digits <= 18 && !fractionAt(at);
        pos = plain ? at : -1;
        return negative ? -value : value;
    }

    /** Whether a fraction or an exponent starts at {@code at}. */
    private boolean fractionAt(int at) {
        return at < text.length && (text[at] == '.' || text[at] == 'e' || text[at] == 'E');
    }

    /** A parsed array of integers: Long elements, read-only, stored as a long[]. */
    static final class Integers extends java.util.AbstractList<Object>
            implements java.util.RandomAccess {
        private final long[] values;
        private final int size;

        private Integers(long[] values, int size) {
            this.values = values;
            this.size = size;
        }

        @Override
        public Object get(int k) {
            java.util.Objects.checkIndex(k, size);
            return values[k];
        }

        @Override
        public int size() {
            return size;
        }

        long at(int k) {
            return values[k];
        }
    }

    private List<Object> deferredArray() {
        List<Object> list = new ArrayList<>();
        pos++;
        skipSpace();
        if (peek() == ']') {
            pos++;
            return list;
        }
        while (true) {
            skipSpace();
            list.add(new Deferred(this, pos));
            skip();
            skipSpace();
            if (peek() == ',') {
                pos++;
                continue;
            }
            expect(']');
            return list;
        }
    }

    /** Moves past one value without building it. */
    private void skip() {
        int first = peek();
        if (first != '{' && first != '[') {
            value();
            return;
        }
        byte[] t = text;
        int at = pos;
        int depth = 0;
        do {
            if (at >= t.length) {
                pos = at;
                throw error("unexpected end of input");
            }
            int c = t[at++];
            if (c == '"') {
                at = skipString(at);
            } else if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                depth--;
            }
        } while (depth > 0);
        pos = at;
    }

    /** The index after the closing quote of the string whose text starts at {@code at}. */
    private int skipString(int at) {
        byte[] t = text;
        while (at < t.length) {
            int c = t[at++];
            if (c == '"') {
                return at;
            }
            if (c == '\\') {
                at++;
            }
        }
        pos = at;
        throw error("unterminated string");
    }

    private String string() {
        pos++; // the opening quote
        StringBuilder out = null;
        int start = pos;
        while (true) {
            if (pos >= text.length) {
                throw error("unterminated string");
            }
            int c = text[pos];
            if (c == '"') {
                String tail = new String(text, start, pos++ - start, StandardCharsets.UTF_8);
                return out == null ? tail : out.append(tail).toString();
            }
            if (c != '\\') {
                pos++;
                continue;
            }
            if (out == null) {
                out = new StringBuilder();
            }
            out.append(new String(text, start, pos - start, StandardCharsets.UTF_8));
            pos++;
            out.append(escape());
            start = pos;
        }
    }

    private char escape() {
        int c = peek();
        pos++;
        switch (c) {
            case '"':
            case '\\':
            case '/':
                return (char) c;
            case 'b':
                return '\b';
            case 'f':
                return '\f';
            case 'n':
                return '\n';
            case 'r':
                return '\r';
            case 't':
                return '\t';
            case 'u':
                if (pos + 4 > text.length) {
                    throw error("bad \\u escape");
                }
                char code = (char) Integer.parseInt(ascii(pos, pos + 4), 16);
                pos += 4;
                return code;
            default:
                throw error("bad escape \\" + (char) c);
        }
    }

    /** The payload's bytes from {@code from} to {@code to} as text (JSON's numbers are ASCII). */
    private String ascii(int from, int to) {
        return new String(text, from, to - from, StandardCharsets.ISO_8859_1);
    }

    private Object number() {
        int start = pos;
        long value = plainInteger(); // the usual case: payloads carry millions of them
        if (pos >= 0) {
            return value;
        }
        pos = start;
        if (startsWith(NAN) || startsWith(INFINITY) || startsWith(MINUS_INFINITY)) {
            return nonFinite();
        }
        pos = start + (text[start] == '-' ? 1 : 0);
        int digits = pos;
        while (pos < text.length && text[pos] >= '0' && text[pos] <= '9') {
            pos++;
        }
        if (pos == digits) {
            throw error("bad number");
        }
        if (fractionAt(pos)) {
            return fraction(start);
        }
        BigInteger big = new BigInteger(ascii(start, pos));
        return big.bitLength() < 64 ? (Object) big.longValue() : big;
    }

    private Object fraction(int start) {
        while (pos < text.length && "0123456789.eE+-".indexOf(text[pos]) >= 0) {
            pos++;
        }
        try {
            return Double.parseDouble(ascii(start, pos));
        } catch (NumberFormatException e) {
            throw error("bad number " + ascii(start, pos));
        }
    }

    private static final byte[] TRUE = ascii("true");
    private static final byte[] FALSE = ascii("false");
    private static final byte[] NULL = ascii("null");
    private static final byte[] NAN = ascii("NaN");
    private static final byte[] INFINITY = ascii("Infinity");
    private static final byte[] MINUS_INFINITY = ascii("-Infinity");

    private static byte[] ascii(String word) {
        return word.getBytes(StandardCharsets.US_ASCII);
    }

    private boolean startsWith(byte[] word) {
        return pos + word.length <= text.length
                && Arrays.equals(text, pos, pos + word.length, word, 0, word.length);
    }

    // Python's json module writes these for non-finite floats; accept them back.
    private Object nonFinite() {
        for (byte[] word : new byte[][] {NAN, INFINITY, MINUS_INFINITY}) {
            if (startsWith(word)) {
                pos += word.length;
                return Double.parseDouble(ascii(pos - word.length, pos));
            }
        }
        throw error("unexpected character"); // not reached: number() checked
    }

    private Object literal(byte[] word, Object value) {
        if (!startsWith(word)) {
            throw error("unexpected character");
        }
        pos += word.length;
        return value;
    }

    private int peek() {
        if (pos >= text.length) {
            throw error("unexpected end of input");
        }
        return text[pos];
    }

    private void expect(char c) {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private void skipSpace() {
        byte[] t = text;
        int at = pos;
        while (at < t.length && (t[at] == ' ' || t[at] == '\n' || t[at] == '\r' || t[at] == '\t')) {
            at++;
        }
        pos = at;
    }

    private IllegalArgumentException error(String message) {
        return new IllegalArgumentException("bad JSON payload at byte " + pos + ": " + message);
    }
}
