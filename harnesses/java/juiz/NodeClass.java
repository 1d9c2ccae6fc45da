package juiz;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;

/**
 * A node class (ListNode, TreeNode, Node) reached by reflection, never by name in the harness's
 * code: the solution may declare its own (top-level or nested), and the harness then builds
 * and reads that one. The parameter's declared class is used when it has the fields; else the
 * class of that name compiled next to the solution.
 */
final class NodeClass {
    private static final Map<Class<?>, NodeClass> CACHE = new HashMap<>();

    final Class<?> cls;
    private final Map<String, Field> fields = new HashMap<>();
    private final Constructor<?> withValue; // (int val), or null
    private final Constructor<?> bare; // (), or null
    private final Constructor<?> linked; // (int val, links...) given nulls, or null
    private final boolean inner; // a non-static nested class: constructors take the outer object

    private NodeClass(Class<?> cls) {
        this.cls = cls;
        this.inner = cls.getEnclosingClass() != null && !Modifier.isStatic(cls.getModifiers());
        for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers()) && !fields.containsKey(f.getName())) {
                    f.setAccessible(true);
                    fields.put(f.getName(), f);
                }
            }
        }
        Constructor<?> value = null;
        Constructor<?> none = null;
        Constructor<?> links = null;
        int own = inner ? 1 : 0;
        for (Constructor<?> k : cls.getDeclaredConstructors()) {
            Class<?>[] p = k.getParameterTypes();
            if (p.length == own) {
                none = k;
            } else if (p.length == own + 1 && p[own] == int.class) {
                value = k;
            } else if (p.length > own + 1 && p[own] == int.class && referencesOnly(p, own + 1)) {
                links = k;
            }
        }
        withValue = accessible(value);
        bare = accessible(none);
        linked = accessible(links);
    }

    private static boolean referencesOnly(Class<?>[] types, int from) {
        for (int k = from; k < types.length; k++) {
            if (types[k].isPrimitive()) {
                return false;
            }
        }
        return true;
    }

    private static Constructor<?> accessible(Constructor<?> k) {
        if (k != null) {
            k.setAccessible(true);
        }
        return k;
    }

    /**
     * The node class to build for a parameter declared as {@code declared}: itself when it has
     * every field named, else the class {@code name} of the default package.
     */
    static NodeClass resolve(Class<?> declared, String name, String... needed) {
        if (declared != null && declared != Object.class && !declared.isPrimitive()) {
            NodeClass own = of(declared);
            if (own.hasAll(needed)) {
                return own;
            }
        }
        try {
            NodeClass named = of(Class.forName(name));
            if (named.hasAll(needed)) {
                return named;
            }
        } catch (ClassNotFoundException e) {
            // fall through to the error below
        }
        String what = declared == null ? name : declared.getName();
        throw new IllegalArgumentException("cannot build a " + name + ": " + what
                + " lacks fields " + String.join(", ", needed));
    }

    static NodeClass of(Class<?> cls) {
        NodeClass known = CACHE.get(cls); // not computeIfAbsent: the harness makes no lambda
        if (known == null) {
            known = new NodeClass(cls);
            CACHE.put(cls, known);
        }
        return known;
    }

    private boolean hasAll(String... names) {
        for (String n : names) {
            if (!fields.containsKey(n)) {
                return false;
            }
        }
        return true;
    }

    Object create(long value, Object outer) {
        try {
            Object node;
            if (withValue != null && value == (int) value) {
                node = inner ? withValue.newInstance(outer, (int) value)
                             : withValue.newInstance((int) value);
            } else if (bare != null) {
                node = inner ? bare.newInstance(outer) : bare.newInstance();
            } else if (linked != null && value == (int) value) {
                Object[] args = new Object[linked.getParameterCount()];
                int own = inner ? 1 : 0;
                if (inner) {
                    args[0] = outer;
                }
                args[own] = (int) value;
                node = linked.newInstance(args);
            } else {
                throw new IllegalArgumentException(
                        cls.getName() + " has no (int) or () constructor");
            }
            Field val = fields.get("val");
            val.set(node, Convert.number(value, val.getType()));
            return node;
        } catch (ReflectiveOperationException e) {
            throw Harness.rethrow(e);
        }
    }

    boolean inner() {
        return inner;
    }

    Field field(String name) {
        return fields.get(name);
    }

    Object get(Object node, String name) {
        try {
            return fields.get(name).get(node);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    void set(Object node, String name, Object value) {
        try {
            fields.get(name).set(node, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
