package juiz;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader and writer (the harness may use no library). Values are null, Boolean,
 * Long (BigInteger beyond 64 bits), Double, String, List and Map.
 */
final class Json {
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    private final String text;
    private int pos;
    // One String per distinct key: a payload repeats "method", "args"... once per step.
    private final Map<String, String> keys = new HashMap<>();
    private String deferredKey; // the next object's key whose array elements are deferred
    // What the payload defers: the cases, and inside each case its steps.
    private static final String CASES = "cases";
    private static final String STEPS = "steps";

    private Json(String text) {
        this.text = text;
    }

    /**
     * The payload, with the elements of its "cases" array, and of each case's "steps", left as
     * {@link Deferred} text: parsed one case and one step at a time, the payload's objects never
     * all live at once (a design problem's stress case has 10^5 steps, and the garbage
     * collector would copy them all again and again).
     */
    static Map<?, ?> parsePayload(String text) {
        Json reader = new Json(text);
        reader.deferredKey = CASES;
        reader.skipSpace();
        if (reader.peek() != '{') {
            throw reader.error("the payload is not an object");
        }
        Map<?, ?> payload = reader.object();
        reader.skipSpace();
        if (reader.pos != text.length()) {
            throw reader.error("unexpected trailing characters");
        }
        return payload;
    }

    /** A value of the payload kept as text until {@link #value()} parses it. */
    static final class Deferred {
        private final Json reader;
        private final int start;
        private final String inner; // the key whose elements stay deferred inside, or null

        private Deferred(Json reader, int start, String inner) {
            this.reader = reader;
            this.start = start;
            this.inner = inner;
        }

        Object value() {
            reader.pos = start;
            reader.deferredKey = inner;
            return reader.value();
        }
    }

    private Object value() {
        if (pos >= text.length()) {
            throw error("unexpected end of input");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", null);
            default:
                return number();
        }
    }

    private Map<String, Object> object() {
        String defer = deferredKey;
        deferredKey = null; // only in the outermost object
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
            map.put(key, deferred ? deferredArray(key.equals(CASES) ? STEPS : null) : value());
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
            char c = pos < text.length() ? text.charAt(pos) : 0;
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
     * An integer of at most 18 digits with no fraction or exponent, the value {@link #number()}
     * would give; anything else sets pos to -1.
     */
    private long plainInteger() {
        boolean negative = pos < text.length() && text.charAt(pos) == '-';
        if (negative) {
            pos++;
        }
        long value = 0;
        int digits = 0;
        for (char c; pos < text.length() && (c = text.charAt(pos)) >= '0' && c <= '9'; pos++) {
            value = value * 10 + (c - '0');
            digits++;
        }
        boolean plain = digits > 0 && digits <= 18
                && (pos >= text.length() || ".eE".indexOf(text.charAt(pos)) < 0);
        if (!plain) {
            pos = -1;
        }
        return negative ? -value : value;
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

    private List<Object> deferredArray(String inner) {
        List<Object> list = new ArrayList<>();
        pos++;
        skipSpace();
        if (peek() == ']') {
            pos++;
            return list;
        }
        while (true) {
            skipSpace();
            list.add(new Deferred(this, pos, inner));
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
        char first = peek();
        if (first != '{' && first != '[') {
            value();
            return;
        }
        int depth = 0;
        do {
            char c = peek();
            if (c == '"') {
                skipString();
                continue;
            }
            if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                depth--;
            }
            pos++;
        } while (depth > 0);
    }

    private void skipString() {
        pos++;
        while (true) {
            char c = peek();
            pos += c == '\\' ? 2 : 1;
            if (c == '"') {
                return;
            }
        }
    }

    private String string() {
        pos++; // the opening quote
        StringBuilder out = null;
        int start = pos;
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos);
            if (c == '"') {
                String tail = text.substring(start, pos++);
                return out == null ? tail : out.append(tail).toString();
            }
            if (c != '\\') {
                pos++;
                continue;
            }
            if (out == null) {
                out = new StringBuilder();
            }
            out.append(text, start, pos);
            pos++;
            out.append(escape());
            start = pos;
        }
    }

    private char escape() {
        char c = peek();
        pos++;
        switch (c) {
            case '"':
            case '\\':
            case '/':
                return c;
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
                if (pos + 4 > text.length()) {
                    throw error("bad \\u escape");
                }
                char code = (char) Integer.parseInt(text.substring(pos, pos + 4), 16);
                pos += 4;
                return code;
            default:
                throw error("bad escape \\" + c);
        }
    }

    // Integers are accumulated digit by digit: payloads carry millions of them.
    private Object number() {
        int start = pos;
        if (text.startsWith("NaN", pos) || text.startsWith("Infinity", pos)
                || text.startsWith("-Infinity", pos)) {
            return nonFinite();
        }
        boolean negative = text.charAt(pos) == '-';
        if (negative) {
            pos++;
        }
        long value = 0;
        int digits = 0;
        for (char c; pos < text.length() && (c = text.charAt(pos)) >= '0' && c <= '9'; pos++) {
            value = value * 10 + (c - '0');
            digits++;
        }
        if (digits == 0) {
            throw error("bad number");
        }
        if (pos < text.length() && ".eE".indexOf(text.charAt(pos)) >= 0) {
            return fraction(start);
        }
        if (digits <= 18) {
            return negative ? -value : value;
        }
        BigInteger big = new BigInteger(text.substring(start, pos));
        return big.bitLength() < 64 ? (Object) big.longValue() : big;
    }

    private Object fraction(int start) {
        while (pos < text.length() && "0123456789.eE+-".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
        try {
            return Double.parseDouble(text.substring(start, pos));
        } catch (NumberFormatException e) {
            throw error("bad number " + text.substring(start, pos));
        }
    }

    // Python's json module writes these for non-finite floats; accept them back.
    private Object nonFinite() {
        for (String word : new String[] {"NaN", "Infinity", "-Infinity"}) {
            if (text.startsWith(word, pos)) {
                pos += word.length();
                return Double.parseDouble(word);
            }
        }
        throw error("unexpected character"); // not reached: number() checked
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, pos)) {
            throw error("unexpected character");
        }
        pos += word.length();
        return value;
    }

    private char peek() {
        if (pos >= text.length()) {
            throw error("unexpected end of input");
        }
        return text.charAt(pos);
    }

    private void expect(char c) {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private void skipSpace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                return;
            }
            pos++;
        }
    }

    private IllegalArgumentException error(String message) {
        return new IllegalArgumentException("bad JSON payload at " + pos + ": " + message);
    }

    // ---- writing ----

    static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    static void write(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String) {
            writeString((String) value, out);
        } else if (value instanceof Boolean) {
            out.append(((Boolean) value).booleanValue() ? "true" : "false");
        } else if (value instanceof Double || value instanceof Float) {
            writeDouble(((Number) value).doubleValue(), out);
        } else if (value instanceof Number) {
            out.append(value.toString());
        } else if (value instanceof Map) {
            writeMap((Map<?, ?>) value, out);
        } else if (value instanceof List) {
            out.append('[');
            boolean first = true;
            for (Object item : (List<?>) value) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                write(item, out);
            }
            out.append(']');
        } else if (value instanceof Raw) {
            out.append(((Raw) value).text);
        } else {
            writeString(value.toString(), out);
        }
    }

    /** JSON text written as it is (a number the harness formatted itself). */
    static final class Raw {
        private final String text;

        private Raw(String text) {
            this.text = text;
        }
    }

    /**
     * Nanoseconds as milliseconds with three decimals ("0.002"), formatted from integers:
     * Double.toString, twice per record, was a visible part of writing 1,000 records.
     */
    static Raw millis(long nanos) {
        long micros = (Math.max(0, nanos) + 500) / 1000;
        long fraction = micros % 1000;
        String digits = fraction < 10 ? "00" : fraction < 100 ? "0" : "";
        return new Raw((micros / 1000) + "." + digits + fraction);
    }

    private static void writeMap(Map<?, ?> map, StringBuilder out) {
        out.append('{');
        writeMembers(map, out, true);
    }

    /** The members of {@code map} and the closing brace, after a comma unless {@code first}. */
    static void writeMembers(Map<?, ?> map, StringBuilder out, boolean first) {
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!first) {
                out.append(',');
            }
            first = false;
            writeString(String.valueOf(entry.getKey()), out);
            out.append(':');
            write(entry.getValue(), out);
        }
        out.append('}');
    }

    /** {@code s} as a JSON string. */
    static String quoted(String s) {
        StringBuilder out = new StringBuilder();
        writeString(s, out);
        return out.toString();
    }

    private static void writeDouble(double d, StringBuilder out) {
        if (Double.isNaN(d)) {
            out.append("NaN");
        } else if (Double.isInfinite(d)) {
            out.append(d > 0 ? "Infinity" : "-Infinity");
        } else {
            out.append(d); // Java's 1.0E10 is valid JSON
        }
    }

    // Everything outside printable ASCII is escaped, so a lone surrogate survives the trip.
    private static void writeString(String s, StringBuilder out) {
        out.append('"');
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c == '\n') {
                out.append("\\n");
            } else if (c >= 0x20 && c < 0x7f) {
                out.append(c);
            } else {
                out.append("\\u").append(HEX[c >> 12]).append(HEX[(c >> 8) & 15])
                        .append(HEX[(c >> 4) & 15]).append(HEX[c & 15]);
            }
        }
        out.append('"');
    }
}
