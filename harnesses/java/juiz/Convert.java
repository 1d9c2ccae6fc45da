package juiz;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * JSON values to Java arguments. The neutral type says what the JSON means (a ListNode, a
 * tree, an int grid); the parameter's declared Java type says what to build (int[] or
 * List<Integer>, long or int, the solution's own ListNode).
 */
final class Convert {
    private final Set<Object> built; // objects built for a mustCopy argument, or null
    private final Object instance; // the solution object, outer object of inner node classes
    private final Map<Class<?>, Object> outers = new HashMap<>();

    Convert(Set<Object> built, Object instance) {
        this.built = built;
        this.instance = instance;
    }

    Object value(Object json, NType t, Type declared) {
        if (t == null) {
            t = Types.neutral(declared);
        }
        if (t.depth > 0) {
            return array(json, t, declared);
        }
        Class<?> raw = raw(declared);
        switch (t.base) {
            case "ListNode":
                return list(json, raw);
            case "ListNodeCycle":
                return cycle(json, raw);
            case "TreeNode":
                return tree(json, raw);
            case "GraphNode":
                return graph(json, raw);
            case "ListNodeRandom":
                return randomList(json, raw);
            default:
                return scalar(json, t.base, raw);
        }
    }

    // ---- arrays and collections ----

    private Object array(Object json, NType t, Type declared) {
        if (json == null) {
            return null;
        }
        List<?> items = (List<?>) json;
        Class<?> raw = raw(declared);
        Object made;
        if (raw.isArray()) {
            made = javaArray(items, t, raw, declared);
        } else if ((raw == String.class || raw == CharSequence.class) && t.isArrayOf("char")) {
            return chars(items); // a char[] argument declared as String
        } else if (Collection.class.isAssignableFrom(raw)
                || raw.isAssignableFrom(ArrayList.class)) { // List, Iterable, Object...
            Collection<Object> out = collection(raw, items.size());
            Type element = Types.argument(declared, 0);
            for (Object item : items) {
                out.add(value(item, t.element(), element));
            }
            made = out;
        } else {
            throw new IllegalArgumentException(
                    "cannot pass " + t + " as " + declared.getTypeName());
        }
        track(made);
        return made;
    }

    private Object javaArray(List<?> items, NType t, Class<?> raw, Type declared) {
        Class<?> component = raw.getComponentType();
        int n = items.size();
        if (items instanceof Json.Integers) {
            Object unboxed = unboxed((Json.Integers) items, component);
            if (unboxed != null) {
                return unboxed;
            }
        }
        if (component == int.class) {
            int[] out = new int[n];
            for (int k = 0; k < n; k++) {
                out[k] = ((Number) items.get(k)).intValue();
            }
            return out;
        }
        if (component == long.class) {
            long[] out = new long[n];
            for (int k = 0; k < n; k++) {
                out[k] = ((Number) items.get(k)).longValue();
            }
            return out;
        }
        if (component == char.class) {
            return chars(items).toCharArray();
        }
        Type generic = declared instanceof GenericArrayType
                ? ((GenericArrayType) declared).getGenericComponentType() : component;
        Object out = Array.newInstance(component, n);
        for (int k = 0; k < n; k++) {
            Array.set(out, k, value(items.get(k), t.element(), generic));
        }
        return out;
    }

    /** int[] or long[] straight from a parsed integer array (as below, but never boxed). */
    private static Object unboxed(Json.Integers items, Class<?> component) {
        int n = items.size();
        if (component == int.class) {
            int[] out = new int[n];
            for (int k = 0; k < n; k++) {
                out[k] = (int) items.at(k);
            }
            return out;
        }
        if (component == long.class) {
            long[] out = new long[n];
            for (int k = 0; k < n; k++) {
                out[k] = items.at(k);
            }
            return out;
        }
        return null;
    }

    private static String chars(List<?> items) {
        StringBuilder s = new StringBuilder(items.size());
        for (Object item : items) {
            s.append(((String) item).charAt(0));
        }
        return s.toString();
    }

    @SuppressWarnings("unchecked")
    private static Collection<Object> collection(Class<?> raw, int size) {
        if (raw.isInterface() || Modifier.isAbstract(raw.getModifiers())) {
            if (SortedSet.class.isAssignableFrom(raw)) {
                return new TreeSet<>();
            }
            if (Set.class.isAssignableFrom(raw)) {
                return new LinkedHashSet<>();
            }
            if (Queue.class.isAssignableFrom(raw) && !List.class.isAssignableFrom(raw)) {
                return new ArrayDeque<>();
            }
            return new ArrayList<>(size);
        }
        if (raw == Object.class) {
            return new ArrayList<>(size);
        }
        try {
            return (Collection<Object>) raw.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("cannot create a " + raw.getName(), e);
        }
    }

    // ---- scalars ----

    private static Object scalar(Object json, String base, Class<?> raw) {
        if (json == null) {
            if (raw.isPrimitive()) {
                throw new IllegalArgumentException("null passed as " + raw.getName());
            }
            return null;
        }
        if (json instanceof Number) {
            return number((Number) json, base, raw);
        }
        boolean wantsBool = raw == boolean.class || raw.isAssignableFrom(Boolean.class);
        if (json instanceof Boolean && wantsBool) {
            return json;
        }
        if (json instanceof String) {
            String s = (String) json;
            boolean wantsChar = raw == char.class || raw == Character.class
                    || (raw == Object.class && base.equals("char"));
            if (wantsChar && s.length() == 1) {
                return s.charAt(0);
            }
            if (!wantsChar && raw.isAssignableFrom(String.class)) {
                return s;
            }
        }
        throw new IllegalArgumentException(
                "cannot pass " + base + " " + JsonOut.text(json) + " as " + raw.getName());
    }

    private static Object number(Number n, String base, Class<?> raw) {
        if (raw.isPrimitive() || Number.class.isAssignableFrom(raw) || raw == Character.class) {
            Object converted = number(n, raw);
            if (converted != null) {
                return converted;
            }
        }
        // Object, Number, Comparable...: the neutral type's natural Java class.
        Object natural = number(n, base.equals("float") ? Double.class
                : base.equals("int") ? Integer.class : Long.class);
        if (raw.isInstance(natural)) {
            return natural;
        }
        throw new IllegalArgumentException(
                "cannot pass " + base + " " + n + " as " + raw.getName());
    }

    /** {@code n} as a {@code target} (int, Integer, long...), or null for other targets. */
    static Object number(Number n, Class<?> target) {
        if (target == int.class || target == Integer.class) {
            return n.intValue();
        } else if (target == long.class || target == Long.class) {
            return n.longValue();
        } else if (target == double.class || target == Double.class) {
            return n.doubleValue();
        } else if (target == float.class || target == Float.class) {
            return n.floatValue();
        } else if (target == short.class || target == Short.class) {
            return n.shortValue();
        } else if (target == byte.class || target == Byte.class) {
            return n.byteValue();
        } else if (target == char.class || target == Character.class) {
            return (char) n.intValue();
        } else if (target == BigInteger.class) {
            return n instanceof BigInteger ? n : BigInteger.valueOf(n.longValue());
        }
        return null;
    }

    // ---- nodes ----

    private Object node(NodeClass kind, Object value) {
        Object made = kind.create(((Number) value).longValue(), kind.inner() ? outer(kind) : null);
        track(made);
        return made;
    }

    private Object list(Object json, Class<?> raw) {
        NodeClass kind = NodeClass.resolve(raw, "ListNode", "val", "next");
        List<?> values = (List<?>) json;
        Object head = null;
        for (int k = values.size() - 1; k >= 0; k--) {
            Object made = node(kind, values.get(k));
            kind.set(made, "next", head);
            head = made;
        }
        return head;
    }

    private Object cycle(Object json, Class<?> raw) {
        NodeClass kind = NodeClass.resolve(raw, "ListNode", "val", "next");
        Map<?, ?> spec = (Map<?, ?>) json;
        List<?> values = (List<?>) spec.get("values");
        int pos = ((Number) spec.get("pos")).intValue();
        Object[] nodes = new Object[values.size()];
        for (int k = 0; k < nodes.length; k++) {
            nodes[k] = node(kind, values.get(k));
            if (k > 0) {
                kind.set(nodes[k - 1], "next", nodes[k]);
            }
        }
        if (pos >= 0 && nodes.length > 0) {
            kind.set(nodes[nodes.length - 1], "next", nodes[pos]);
        }
        return nodes.length == 0 ? null : nodes[0];
    }

    private Object tree(Object json, Class<?> raw) {
        NodeClass kind = NodeClass.resolve(raw, "TreeNode", "val", "left", "right");
        List<?> values = (List<?>) json;
        if (values.isEmpty() || values.get(0) == null) {
            return null;
        }
        Object root = node(kind, values.get(0));
        ArrayDeque<Object> open = new ArrayDeque<>();
        open.add(root);
        int k = 1;
        while (k < values.size()) {
            Object parent = open.poll();
            for (String side : new String[] {"left", "right"}) {
                if (k < values.size() && values.get(k) != null) {
                    Object child = node(kind, values.get(k));
                    kind.set(parent, side, child);
                    open.add(child);
                }
                k++;
            }
        }
        return root;
    }

    private Object graph(Object json, Class<?> raw) {
        NodeClass kind = NodeClass.resolve(raw, "Node", "val", "neighbors");
        List<?> adjacency = (List<?>) json;
        Object[] nodes = new Object[adjacency.size()];
        for (int k = 0; k < nodes.length; k++) {
            nodes[k] = node(kind, (long) (k + 1));
        }
        Field field = kind.field("neighbors");
        for (int k = 0; k < nodes.length; k++) {
            List<Object> neighbours = neighbourList(kind, nodes[k], field);
            for (Object v : (List<?>) adjacency.get(k)) {
                neighbours.add(nodes[((Number) v).intValue() - 1]);
            }
        }
        return nodes.length == 0 ? null : nodes[0];
    }

    @SuppressWarnings("unchecked")
    private List<Object> neighbourList(NodeClass kind, Object node, Field field) {
        Object current = kind.get(node, "neighbors");
        if (current == null) {
            current = field.getType().isAssignableFrom(ArrayList.class)
                    ? new ArrayList<>() : collection(field.getType(), 4);
            kind.set(node, "neighbors", current);
        }
        track(current);
        return (List<Object>) current;
    }

    private Object randomList(Object json, Class<?> raw) {
        NodeClass kind = NodeClass.resolve(raw, "Node", "val", "next", "random");
        List<?> pairs = (List<?>) json;
        Object[] nodes = new Object[pairs.size()];
        for (int k = 0; k < nodes.length; k++) {
            nodes[k] = node(kind, ((List<?>) pairs.get(k)).get(0));
            if (k > 0) {
                kind.set(nodes[k - 1], "next", nodes[k]);
            }
        }
        for (int k = 0; k < nodes.length; k++) {
            Object target = ((List<?>) pairs.get(k)).get(1);
            if (target != null) {
                kind.set(nodes[k], "random", nodes[((Number) target).intValue()]);
            }
        }
        return nodes.length == 0 ? null : nodes[0];
    }

    // An inner (non-static) node class declared in the solution needs an enclosing object: the
    // solution object itself when it is one, else a fresh one.
    private Object outer(NodeClass kind) {
        Class<?> enclosing = kind.cls.getEnclosingClass();
        if (enclosing.isInstance(instance)) {
            return instance;
        }
        Object outer = outers.get(enclosing); // not computeIfAbsent: the harness makes no lambda
        if (outer == null) {
            outer = Entry.instantiate(enclosing);
            outers.put(enclosing, outer);
        }
        return outer;
    }

    private void track(Object made) {
        if (built != null && made != null) {
            built.add(made);
        }
    }

    // ---- declared types ----

    static Class<?> raw(Type t) {
        if (t instanceof Class) {
            return (Class<?>) t;
        }
        if (t instanceof ParameterizedType) {
            return (Class<?>) ((ParameterizedType) t).getRawType();
        }
        if (t instanceof GenericArrayType) {
            Type component = ((GenericArrayType) t).getGenericComponentType();
            return Array.newInstance(raw(component), 0).getClass();
        }
        if (t instanceof WildcardType) {
            return raw(((WildcardType) t).getUpperBounds()[0]);
        }
        if (t instanceof TypeVariable) {
            return raw(((TypeVariable<?>) t).getBounds()[0]);
        }
        return Object.class;
    }
}
