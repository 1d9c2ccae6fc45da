package juiz;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The comparators of docs/functions.md on JSON values, for visible cases only: the host compares
 * every case again and has the final word.
 */
final class Compare {
    private Compare() {}

    /** Whether the comparator can decide here (validators run on the host). */
    static boolean decidable(String comparator) {
        switch (comparator) {
            case "exact":
            case "float":
            case "unordered":
            case "unordered-nested":
            case "set":
            case "linkedlist":
            case "tree":
                return true;
            default:
                return false;
        }
    }

    static boolean matches(String comparator, Object expected, Object got) {
        switch (comparator) {
            case "float":
                return close(expected, got);
            case "unordered":
                return bothLists(expected, got)
                        ? sortedKeys(expected, false).equals(sortedKeys(got, false))
                        : equal(expected, got);
            case "unordered-nested":
                return bothLists(expected, got)
                        ? sortedKeys(expected, true).equals(sortedKeys(got, true))
                        : equal(expected, got);
            case "set":
                return bothLists(expected, got)
                        ? new TreeSet<>(sortedKeys(expected, false))
                                .equals(new TreeSet<>(sortedKeys(got, false)))
                        : equal(expected, got);
            default: // exact, linkedlist, tree: the serialised forms are equal
                return equal(expected, got);
        }
    }

    private static boolean bothLists(Object a, Object b) {
        return a instanceof List && b instanceof List;
    }

    static boolean equal(Object a, Object b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a instanceof Number && b instanceof Number) {
            return numeric(a).compareTo(numeric(b)) == 0;
        }
        if (a instanceof List && b instanceof List) {
            List<?> x = (List<?>) a;
            List<?> y = (List<?>) b;
            if (x.size() != y.size()) {
                return false;
            }
            for (int k = 0; k < x.size(); k++) {
                if (!equal(x.get(k), y.get(k))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Map && b instanceof Map) {
            Map<?, ?> x = (Map<?, ?>) a;
            Map<?, ?> y = (Map<?, ?>) b;
            if (!x.keySet().equals(y.keySet())) {
                return false;
            }
            for (Object key : x.keySet()) {
                if (!equal(x.get(key), y.get(key))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    // Absolute tolerance below 1, relative above: 1e-6 * max(1, |expected|).
    private static boolean close(Object expected, Object got) {
        if (expected instanceof Number && got instanceof Number) {
            double e = ((Number) expected).doubleValue();
            double g = ((Number) got).doubleValue();
            if (!Double.isFinite(e) || !Double.isFinite(g)) {
                return e == g || (Double.isNaN(e) && Double.isNaN(g));
            }
            return Math.abs(e - g) <= 1e-6 * Math.max(1.0, Math.abs(e));
        }
        if (expected instanceof List && got instanceof List) {
            List<?> x = (List<?>) expected;
            List<?> y = (List<?>) got;
            if (x.size() != y.size()) {
                return false;
            }
            for (int k = 0; k < x.size(); k++) {
                if (!close(x.get(k), y.get(k))) {
                    return false;
                }
            }
            return true;
        }
        return equal(expected, got);
    }

    /** The elements' canonical texts, sorted: equal lists are equal multisets. */
    private static List<String> sortedKeys(Object list, boolean sortInner) {
        List<String> keys = new ArrayList<>();
        for (Object item : (List<?>) list) {
            if (sortInner && item instanceof List) {
                List<String> inner = sortedKeys(item, false);
                keys.add(inner.toString());
            } else {
                keys.add(canonical(item));
            }
        }
        Collections.sort(keys);
        return keys;
    }

    // Numbers written by value (1, 1.0 and 1e0 alike), so equal values give equal texts.
    private static String canonical(Object v) {
        if (v instanceof Number) {
            BigDecimal d = numeric(v);
            return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
        }
        if (v instanceof List) {
            List<String> parts = new ArrayList<>();
            for (Object item : (List<?>) v) {
                parts.add(canonical(item));
            }
            return parts.toString();
        }
        return JsonOut.text(v);
    }

    private static BigDecimal numeric(Object n) {
        if (n instanceof BigInteger) {
            return new BigDecimal((BigInteger) n);
        }
        if (n instanceof Double || n instanceof Float) {
            double d = ((Number) n).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                // Not representable: a value no finite number equals, and equal to itself.
                return new BigDecimal(d > 0 ? "1e400" : d < 0 ? "-1e400" : "2e400");
            }
            return new BigDecimal(d);
        }
        return BigDecimal.valueOf(((Number) n).longValue());
    }
}
