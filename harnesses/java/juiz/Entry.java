package juiz;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Finding the solution's classes and methods, and calling them with converted arguments. */
final class Entry {
    private Entry() {}

    /** The solution's top-level classes in source order, as the adapter found them. */
    static List<String> solutionClasses() {
        List<String> names = new ArrayList<>(Arrays.asList(SolutionClasses.NAMES));
        if (!names.contains("Solution")) {
            names.add("Solution");
        }
        return names;
    }

    /** The names to look for, in order: the override, the name as written, its camelCase. */
    static List<String> candidates(String override, String written) {
        Set<String> names = new LinkedHashSet<>();
        if (override != null) {
            names.add(override);
        }
        if (written != null) {
            names.add(written);
            names.add(camel(written));
        }
        return new ArrayList<>(names);
    }

    static String camel(String name) {
        StringBuilder out = new StringBuilder();
        boolean upper = false;
        for (char c : name.toCharArray()) {
            if (c == '_' && out.length() > 0) {
                upper = true;
            } else {
                out.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return out.toString();
    }

    static Class<?> load(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    /** A method or constructor with its declared parameter types, read once. */
    static final class Target {
        final Executable executable;
        final Type[] parameters;

        Target(Executable executable) {
            executable.setAccessible(true);
            this.executable = executable;
            this.parameters = executable.getGenericParameterTypes();
        }

        boolean isStatic() {
            return Modifier.isStatic(executable.getModifiers());
        }
    }

    /** Methods named {@code name} taking {@code arity} parameters, the class's own first. */
    static List<Target> methods(Class<?> cls, String name, int arity) {
        List<Target> found = new ArrayList<>();
        for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                boolean real = !m.isBridge() && !m.isSynthetic()
                        && !Modifier.isAbstract(m.getModifiers());
                if (real && m.getName().equals(name) && m.getParameterCount() == arity) {
                    found.add(new Target(m));
                }
            }
        }
        return found;
    }

    static List<Target> constructors(Class<?> cls, int arity) {
        List<Target> found = new ArrayList<>();
        for (Constructor<?> k : cls.getDeclaredConstructors()) {
            if (k.getParameterCount() == arity && !k.isSynthetic()) {
                found.add(new Target(k));
            }
        }
        return found;
    }

    // Each class's no-argument constructor, found once: getDeclaredConstructors copies them all
    // and setAccessible checks access, tens of microseconds per case before the JIT warms up.
    // Only the solution's thread uses it.
    private static final Map<Class<?>, Constructor<?>> NO_ARGUMENTS = new HashMap<>();

    /** A fresh object of {@code cls} from its no-argument constructor. */
    static Object instantiate(Class<?> cls) {
        Constructor<?> bare = NO_ARGUMENTS.get(cls);
        if (bare == null) {
            List<Target> found = constructors(cls, 0);
            if (found.isEmpty()) {
                throw new IllegalArgumentException(
                        cls.getName() + " has no constructor without parameters");
            }
            bare = (Constructor<?>) found.get(0).executable;
            NO_ARGUMENTS.put(cls, bare);
        }
        try {
            return bare.newInstance();
        } catch (ReflectiveOperationException e) {
            throw Harness.rethrow(e);
        }
    }

    /** One call: the converted arguments (for resultFrom), the result, its wall and CPU time. */
    static final class Call {
        Object[] args;
        Object result;
        long nanos;
        long cpuNanos; // -1: the JVM cannot measure the thread's CPU time
    }

    /**
     * The converter of each argument: {@code tracked} for the argument at {@code trackedIndex}
     * (a mustCopy one), {@code plain} for the others. A class, not a lambda: the harness makes
     * no lambda, whose bootstrap costs milliseconds of start-up each.
     */
    static final class Converters {
        private final Convert plain;
        private final Convert tracked;
        private final int trackedIndex;

        Converters(Convert plain, Convert tracked, int trackedIndex) {
            this.plain = plain;
            this.tracked = tracked;
            this.trackedIndex = trackedIndex;
        }

        /** The same converter for every argument. */
        static Converters all(Convert convert) {
            return new Converters(convert, convert, -1);
        }

        Convert of(int k) {
            return k == trackedIndex ? tracked : plain;
        }
    }

    /** The sum of two CPU times, -1 (not measured) when either is. */
    static long addCpu(long a, long b) {
        return a < 0 || b < 0 ? -1 : a + b;
    }

    /**
     * Converts {@code args} for the first of {@code overloads} that accepts them (by declared
     * parameter types) and calls it; the solution's own exceptions come out unwrapped.
     * {@code converters} gives the converter of each argument (one tracks a mustCopy argument).
     */
    static Call call(List<Target> overloads, Object self, List<?> args, List<NType> types,
                     Converters converters) {
        RuntimeException refused = null;
        for (Target overload : overloads) {
            Call call = new Call();
            try {
                call.args = convert(overload.parameters, args, types, converters);
            } catch (IllegalArgumentException | ClassCastException | NullPointerException e) {
                refused = refused == null ? e : refused;
                continue;
            }
            Executable target = overload.executable;
            long start = System.nanoTime();
            long startCpu = Native.threadNanos();
            try {
                call.result = target instanceof Method
                        ? ((Method) target).invoke(self, call.args)
                        : ((Constructor<?>) target).newInstance(call.args);
            } catch (InvocationTargetException e) {
                throw Harness.rethrow(e);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
            call.nanos = System.nanoTime() - start;
            long endCpu = startCpu < 0 ? -1 : Native.threadNanos();
            call.cpuNanos = endCpu < 0 ? -1 : endCpu - startCpu;
            return call;
        }
        String why = refused == null ? "no candidate" : String.valueOf(refused.getMessage());
        throw new IllegalArgumentException("cannot convert the arguments: " + why, refused);
    }

    private static Object[] convert(Type[] declared, List<?> args, List<NType> types,
                                    Converters converters) {
        if (declared.length != args.size()) {
            throw new IllegalArgumentException(
                    declared.length + " parameters for " + args.size() + " arguments");
        }
        Object[] out = new Object[declared.length];
        for (int k = 0; k < out.length; k++) {
            NType t = types == null || k >= types.size() ? null : types.get(k);
            out[k] = converters.of(k).value(args.get(k), t, declared[k]);
        }
        return out;
    }
}
