package juiz;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Java results to JSON values, following the neutral type (a ListNode becomes [1, 2, 3]).
 * With a mustCopy argument it also notes whether the result reaches any object built for it.
 */
final class Serialize {
    private final Set<Object> forbidden; // identity set of the mustCopy argument, or null
    boolean shared;

    Serialize(Set<Object> forbidden) {
        this.forbidden = forbidden;
    }

    /**
     * A returned value as JSON; one that cannot be read as its type (a list with a cycle, a
     * graph with two nodes of one value) becomes {"invalid": why}, which equals no expected
     * value, so the case fails as a wrong answer rather than crashing.
     */
    Object result(Object v, NType t) {
        try {
            return value(v, t);
        } catch (IllegalStateException | IllegalArgumentException | ClassCastException
                 | NullPointerException | StackOverflowError e) {
            Map<String, Object> invalid = new LinkedHashMap<>();
            boolean ours = e instanceof IllegalStateException
                    || e instanceof IllegalArgumentException;
            invalid.put("invalid", ours ? e.getMessage() : e.toString());
            return invalid;
        }
    }

    Object value(Object v, NType t) {
        if (t == null) {
            return generic(v);
        }
        if (t.isVoid()) {
            return null;
        }
        if (t.depth > 0) {
            return sequence(v, t);
        }
        switch (t.base) {
            case "ListNode":
            case "ListNodeCycle":
                return list(v);
            case "TreeNode":
                return tree(v);
            case "GraphNode":
                return graph(v);
            case "ListNodeRandom":
                return randomList(v);
            default:
                return scalar(v, t.base);
        }
    }

    private Object sequence(Object v, NType t) {
        if (v == null) {
            return null;
        }
        check(v);
        List<Object> out = new ArrayList<>();
        if (v instanceof int[]) {
            for (int x : (int[]) v) {
                out.add((long) x);
            }
        } else if (v.getClass().isArray()) {
            int n = Array.getLength(v);
            for (int k = 0; k < n; k++) {
                out.add(value(Array.get(v, k), t.element()));
            }
        } else if (v instanceof Iterable) {
            for (Object item : (Iterable<?>) v) {
                out.add(value(item, t.element()));
            }
        } else if (v instanceof CharSequence && t.depth == 1) {
            CharSequence s = (CharSequence) v;
            for (int k = 0; k < s.length(); k++) {
                out.add(String.valueOf(s.charAt(k)));
            }
        } else {
            throw new IllegalArgumentException("returned " + v.getClass().getName() + " for " + t);
        }
        return out;
    }

    private static Object scalar(Object v, String base) {
        if (v == null) {
            return null;
        }
        if (v instanceof Character) {
            boolean numeric = base.equals("int") || base.equals("long");
            return numeric ? (Object) (long) (Character) v : v.toString();
        }
        if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            long n = ((Number) v).longValue();
            return base.equals("float") ? (Object) (double) n : (Object) n;
        }
        if (v instanceof Float || v instanceof Double) {
            double d = ((Number) v).doubleValue();
            // JSON has no NaN or infinity; a string equals no expected number, so the case fails.
            return Double.isNaN(d) || Double.isInfinite(d) ? String.valueOf(d) : (Object) d;
        }
        if (v instanceof char[]) {
            return new String((char[]) v);
        }
        if (v instanceof CharSequence) {
            return v.toString();
        }
        if (v instanceof Boolean || v instanceof Number) {
            return v; // BigInteger, BigDecimal: written as they are
        }
        throw new IllegalArgumentException("a " + v.getClass().getName() + " is not a " + base);
    }

    private List<Object> list(Object head) {
        List<Object> out = new ArrayList<>();
        Set<Object> seen = identitySet();
        for (Object node = head; node != null; ) {
            if (!seen.add(node)) {
                throw new IllegalStateException("the returned linked list has a cycle");
            }
            check(node);
            NodeClass kind = NodeClass.of(node.getClass());
            out.add(number(kind.get(node, "val")));
            node = kind.get(node, "next");
        }
        return out;
    }

    private List<Object> tree(Object root) {
        List<Object> out = new ArrayList<>();
        List<Object> queue = new ArrayList<>();
        Set<Object> seen = identitySet();
        queue.add(root);
        for (int k = 0; k < queue.size(); k++) {
            Object node = queue.get(k);
            if (node == null) {
                out.add(null);
                continue;
            }
            if (!seen.add(node)) {
                throw new IllegalStateException("the returned tree reaches a node twice");
            }
            check(node);
            NodeClass kind = NodeClass.of(node.getClass());
            out.add(number(kind.get(node, "val")));
            queue.add(kind.get(node, "left"));
            queue.add(kind.get(node, "right"));
            queue.set(k, null); // let the visited part go
        }
        int end = out.size();
        while (end > 0 && out.get(end - 1) == null) {
            end--;
        }
        return new ArrayList<>(out.subList(0, end));
    }

    /** Walked from the returned node; row k lists the sorted neighbour values of the k-th node
     * by value, so a correct clone of nodes 1..n gives the input's adjacency list. */
    private List<Object> graph(Object start) {
        List<Object> nodes = new ArrayList<>();
        Set<Object> seen = identitySet();
        if (start != null) {
            seen.add(start);
            nodes.add(start);
        }
        for (int k = 0; k < nodes.size(); k++) {
            Object node = nodes.get(k);
            check(node);
            for (Object next : neighbours(node)) {
                if (next != null && seen.add(next)) {
                    nodes.add(next);
                }
            }
        }
        nodes.sort((a, b) -> Long.compare(val(a), val(b)));
        for (int k = 0; k < nodes.size(); k++) {
            if (val(nodes.get(k)) != k + 1) {
                throw new IllegalStateException("the returned graph's vals are not 1..n once each");
            }
        }
        List<Object> out = new ArrayList<>();
        for (Object node : nodes) {
            List<Long> row = new ArrayList<>();
            for (Object next : neighbours(node)) {
                row.add(next == null ? 0 : val(next));
            }
            Collections.sort(row);
            out.add(row);
        }
        return out;
    }

    private List<Object> neighbours(Object node) {
        Object field = NodeClass.of(node.getClass()).get(node, "neighbors");
        List<Object> out = new ArrayList<>();
        if (field instanceof Iterable) {
            check(field);
            for (Object next : (Iterable<?>) field) {
                out.add(next);
            }
        } else if (field != null && field.getClass().isArray()) {
            for (int k = 0; k < Array.getLength(field); k++) {
                out.add(Array.get(field, k));
            }
        }
        return out;
    }

    private List<Object> randomList(Object head) {
        List<Object> nodes = new ArrayList<>();
        Map<Object, Integer> index = new IdentityHashMap<>();
        for (Object node = head; node != null; node = next(node)) {
            if (index.put(node, nodes.size()) != null) {
                throw new IllegalStateException("the returned linked list has a cycle");
            }
            check(node);
            nodes.add(node);
        }
        List<Object> out = new ArrayList<>();
        for (Object node : nodes) {
            Object random = NodeClass.of(node.getClass()).get(node, "random");
            if (random != null && !index.containsKey(random)) {
                throw new IllegalStateException("a random pointer leads outside the returned list");
            }
            Object target = random == null ? null : (Object) (long) index.get(random);
            List<Object> pair = new ArrayList<>();
            pair.add(val(node));
            pair.add(target);
            out.add(pair);
        }
        return out;
    }

    private static Object next(Object node) {
        return NodeClass.of(node.getClass()).get(node, "next");
    }

    private static long val(Object node) {
        return ((Number) NodeClass.of(node.getClass()).get(node, "val")).longValue();
    }

    private static Object number(Object v) {
        return v instanceof Integer || v instanceof Short || v instanceof Byte
                ? (Object) ((Number) v).longValue() : v;
    }

    /** A value of an undeclared type: numbers, strings, arrays, collections and maps. */
    Object generic(Object v) {
        if (v == null || v instanceof Boolean || v instanceof String) {
            return v;
        }
        if (v instanceof Number || v instanceof Character) {
            return scalar(v, v instanceof Character ? "char" : "long");
        }
        if (v.getClass().isArray() || v instanceof Iterable) {
            List<Object> out = new ArrayList<>();
            if (v instanceof Iterable) {
                for (Object item : (Iterable<?>) v) {
                    out.add(generic(item));
                }
            } else {
                for (int k = 0; k < Array.getLength(v); k++) {
                    out.add(generic(Array.get(v, k)));
                }
            }
            return out;
        }
        if (v instanceof Map) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                out.put(String.valueOf(e.getKey()), generic(e.getValue()));
            }
            return out;
        }
        return v.toString();
    }

    private void check(Object v) {
        if (forbidden != null && forbidden.contains(v)) {
            shared = true;
        }
    }

    static Set<Object> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }
}
