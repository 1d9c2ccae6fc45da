package juiz;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * JSON written straight into bytes: the channel's records and the harness's messages. Every
 * character outside printable ASCII is escaped, so the bytes are ASCII, and a lone surrogate
 * survives the trip.
 *
 * <p>Bytes, not a StringBuilder: the first few hundred records are written by the interpreter,
 * where each StringBuilder.append is a chain of calls and the String made from it is encoded
 * again byte by byte; that was about a quarter of the harness's interpreted time per case.
 */
final class JsonOut {
    private static final byte[] HEX = ascii("0123456789abcdef");
    private static final byte[] NULL = ascii("null");
    private static final byte[] TRUE = ascii("true");
    private static final byte[] FALSE = ascii("false");

    private byte[] bytes = new byte[1 << 10];
    private int size;

    /** The bytes of an ASCII constant. */
    static byte[] ascii(String constant) {
        return constant.getBytes(StandardCharsets.US_ASCII);
    }

    /** {@code value} as JSON text (for messages). */
    static String text(Object value) {
        JsonOut out = new JsonOut();
        out.value(value);
        return new String(out.bytes, 0, out.size, StandardCharsets.US_ASCII);
    }

    /** Writes what was written, in one call, and empties the buffer. */
    void writeTo(FileOutputStream channel) throws IOException {
        channel.write(bytes, 0, size);
        size = 0;
    }

    private void room(int more) {
        if (size + more > bytes.length) {
            bytes = java.util.Arrays.copyOf(bytes, Math.max(2 * bytes.length, size + more));
        }
    }

    JsonOut raw(byte[] constant) {
        room(constant.length);
        System.arraycopy(constant, 0, bytes, size, constant.length);
        size += constant.length;
        return this;
    }

    JsonOut add(char ascii) {
        room(1);
        bytes[size++] = (byte) ascii;
        return this;
    }

    JsonOut decimal(long value) {
        if (value == Long.MIN_VALUE) {
            return raw(ascii(Long.toString(value)));
        }
        room(20);
        if (value < 0) {
            bytes[size++] = '-';
            value = -value;
        }
        int end = size + digits(value);
        for (int at = end - 1; at >= size; at--) {
            bytes[at] = (byte) ('0' + value % 10);
            value /= 10;
        }
        size = end;
        return this;
    }

    private static int digits(long value) {
        int n = 1;
        for (long limit = 10; n < 19 && value >= limit; limit *= 10) {
            n++;
        }
        return n;
    }

    /**
     * Nanoseconds as milliseconds with three decimals ("0.002"), formatted from integers:
     * Double.toString, twice per record, was a visible part of writing 1,000 records.
     */
    JsonOut millis(long nanos) {
        long micros = (Math.max(0, nanos) + 500) / 1000;
        long fraction = micros % 1000;
        decimal(micros / 1000).add('.');
        room(3);
        bytes[size++] = (byte) ('0' + fraction / 100);
        bytes[size++] = (byte) ('0' + fraction / 10 % 10);
        bytes[size++] = (byte) ('0' + fraction % 10);
        return this;
    }

    JsonOut value(Object value) {
        if (value == null) {
            return raw(NULL);
        } else if (value instanceof String) {
            return string((String) value);
        } else if (value instanceof Long || value instanceof Integer) {
            return decimal(((Number) value).longValue());
        } else if (value instanceof Boolean) {
            return raw((Boolean) value ? TRUE : FALSE);
        } else if (value instanceof Double || value instanceof Float) {
            return real(((Number) value).doubleValue());
        } else if (value instanceof Number) {
            return raw(ascii(value.toString()));
        } else if (value instanceof Map) {
            return object((Map<?, ?>) value);
        } else if (value instanceof List) {
            return list((List<?>) value);
        }
        return string(value.toString());
    }

    private JsonOut list(List<?> items) {
        add('[');
        boolean first = true;
        for (Object item : items) {
            if (!first) {
                add(',');
            }
            first = false;
            value(item);
        }
        return add(']');
    }

    private JsonOut object(Map<?, ?> map) {
        add('{');
        boolean first = true;
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!first) {
                add(',');
            }
            first = false;
            string(String.valueOf(entry.getKey())).add(':').value(entry.getValue());
        }
        return add('}');
    }

    private JsonOut real(double d) {
        if (Double.isNaN(d)) {
            return raw(ascii("NaN"));
        } else if (Double.isInfinite(d)) {
            return raw(ascii(d > 0 ? "Infinity" : "-Infinity"));
        }
        return raw(ascii(Double.toString(d))); // Java's 1.0E10 is valid JSON
    }

    JsonOut string(String s) {
        int n = s.length();
        room(n + 2);
        bytes[size++] = '"';
        for (int k = 0; k < n; k++) {
            char c = s.charAt(k);
            if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
                bytes[size++] = (byte) c; // room was made for every character left
            } else {
                escape(c, n - k);
            }
        }
        return add('"');
    }

    /** Escapes {@code c}, making room for the {@code left} characters from it on as well. */
    private void escape(char c, int left) {
        room(6 + left);
        bytes[size++] = '\\';
        if (c == '"' || c == '\\') {
            bytes[size++] = (byte) c;
        } else if (c == '\n') {
            bytes[size++] = 'n';
        } else {
            bytes[size++] = 'u';
            bytes[size++] = HEX[c >> 12];
            bytes[size++] = HEX[(c >> 8) & 15];
            bytes[size++] = HEX[(c >> 4) & 15];
            bytes[size++] = HEX[c & 15];
        }
    }
}
