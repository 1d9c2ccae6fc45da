package juiz;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Collection;

/** What a declared Java type means in the neutral vocabulary, for methods the manifest omits. */
final class Types {
    private Types() {}

    /** The type argument {@code k} of a parameterised type (List<Integer>: Integer), or Object. */
    static Type argument(Type declared, int k) {
        if (declared instanceof ParameterizedType) {
            Type[] args = ((ParameterizedType) declared).getActualTypeArguments();
            if (k < args.length) {
                return args[k];
            }
        }
        return Object.class;
    }

    static NType neutral(Type declared) {
        Class<?> raw = Convert.raw(declared);
        if (raw.isArray() || Collection.class.isAssignableFrom(raw)) {
            Type element = raw.isArray() ? raw.getComponentType() : argument(declared, 0);
            NType inner = neutral(element);
            return NType.parse(inner + "[]");
        }
        return NType.parse(scalarName(raw));
    }

    private static String scalarName(Class<?> raw) {
        if (raw == int.class || raw == Integer.class || raw == short.class || raw == Short.class
                || raw == byte.class || raw == Byte.class) {
            return "int";
        } else if (raw == long.class || raw == Long.class) {
            return "long";
        } else if (raw == double.class || raw == Double.class || raw == float.class
                || raw == Float.class) {
            return "float";
        } else if (raw == boolean.class || raw == Boolean.class) {
            return "bool";
        } else if (raw == char.class || raw == Character.class) {
            return "char";
        } else if (raw == String.class) {
            return "string";
        } else if (raw.getSimpleName().equals("ListNode")) {
            return "ListNode";
        } else if (raw.getSimpleName().equals("TreeNode")) {
            return "TreeNode";
        }
        if (raw.getModule().isNamed()) { // a JDK class: no node
            throw new IllegalArgumentException("no neutral type for " + raw.getName());
        }
        NodeClass kind = NodeClass.of(raw);
        if (kind.field("neighbors") != null) {
            return "GraphNode";
        }
        if (kind.field("random") != null) {
            return "ListNodeRandom";
        }
        throw new IllegalArgumentException("no neutral type for " + raw.getName());
    }
}
