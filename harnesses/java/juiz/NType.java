package juiz;

/** A type of the neutral vocabulary (docs/functions.md): a base name and an array depth. */
final class NType {
    final String base;
    final int depth;
    private NType element; // cached: arrays of a million elements ask for it a million times

    private NType(String base, int depth) {
        this.base = base;
        this.depth = depth;
    }

    /** Null for null: the manifest did not say, and the Java declaration decides alone. */
    static NType parse(Object name) {
        if (name == null) {
            return null;
        }
        String base = (String) name;
        int depth = 0;
        while (base.endsWith("[]")) {
            base = base.substring(0, base.length() - 2);
            depth++;
        }
        // A Graph is an int[][] in every harness.
        return base.equals("Graph") ? new NType("int", depth + 2) : new NType(base, depth);
    }

    NType element() {
        if (element == null) {
            element = new NType(base, depth - 1);
        }
        return element;
    }

    boolean isVoid() {
        return depth == 0 && base.equals("void");
    }

    /** A one-level array of {@code name}: char[] for "char". */
    boolean isArrayOf(String name) {
        return depth == 1 && base.equals(name);
    }

    boolean is(String name) {
        return depth == 0 && base.equals(name);
    }

    @Override
    public String toString() {
        return base + "[]".repeat(depth);
    }
}
