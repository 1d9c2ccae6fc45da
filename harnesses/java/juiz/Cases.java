package juiz;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Running one case of a kind (function, sequence, roundtrip) and filling its record. */
abstract class Cases {
    private final String comparator;

    Cases(Map<?, ?> manifest) {
        Object named = manifest.get("comparator");
        comparator = named == null ? "exact" : (String) named;
    }

    static Cases forManifest(Map<?, ?> manifest) {
        String kind = String.valueOf(manifest.get("kind"));
        switch (kind) {
            case "function":
                return new FunctionCases(manifest);
            case "sequence":
                return new SequenceCases(manifest);
            case "roundtrip":
                return new RoundtripCases(manifest);
            default:
                throw new IllegalArgumentException("unknown kind " + kind);
        }
    }

    /** Runs case {@code c}; the solution's exceptions become an error record. */
    final void run(Map<?, ?> c, Record record) {
        List<Object> partial = new ArrayList<>();
        try {
            attempt(c, record, partial);
        } catch (OutOfMemoryError e) {
            Harness.outOfMemory();
        } catch (Throwable e) {
            Harness.printTrace(e);
            record.failed(Harness.describe(e));
            if (keepsPartial()) {
                record.partial(partial);
            }
        }
    }

    /** Runs the case; a sequence adds each step's result to {@code partial} as it goes. */
    abstract void attempt(Map<?, ?> c, Record record, List<Object> partial);

    /** Whether an error record carries the results of the steps before the failing one. */
    boolean keepsPartial() {
        return false;
    }

    /** Whether the case came with its expected value: visible cases only. */
    boolean hasExpected(Map<?, ?> c) {
        return c.containsKey("expected");
    }

    Object expected(Map<?, ?> c) {
        return c.get("expected");
    }

    /** Fills the record of a case that ran: pass / fail when it can be compared here, else done. */
    final void finish(Map<?, ?> c, Record record, Object got, boolean shared,
                      long nanos, long cpuNanos) {
        String status = Record.DONE;
        if (shared) {
            status = Record.FAIL; // whatever got is
        } else if (hasExpected(c) && Compare.decidable(comparator)) {
            status = matches(expected(c), got) ? Record.PASS : Record.FAIL;
        }
        record.ran(status, got, shared, nanos, cpuNanos);
    }

    boolean matches(Object expected, Object got) {
        return Compare.matches(comparator, expected, got);
    }

    /** The manifest's {@code names.java}, or null. */
    static String override(Map<?, ?> manifest) {
        Object names = manifest.get("names");
        return names instanceof Map ? (String) ((Map<?, ?>) names).get("java") : null;
    }

    /** The class of a sequence or roundtrip problem: {@code names.java}, else {@code class}. */
    static String className(Map<?, ?> manifest) {
        String named = override(manifest);
        return named != null ? named : (String) manifest.get("class");
    }

    static List<NType> types(Object names) {
        List<NType> out = new ArrayList<>();
        if (names != null) {
            for (Object name : (List<?>) names) {
                out.add(NType.parse(name));
            }
        }
        return out;
    }

    static Class<?> solutionClass(String name) {
        Class<?> cls = name == null ? null : Entry.load(name);
        if (cls == null) {
            throw new IllegalArgumentException("the solution has no class " + name);
        }
        return cls;
    }
}
