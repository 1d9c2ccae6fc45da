package juiz;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * kind "sequence": the steps of a case call the constructor, then methods, on one object. The
 * manifest's "methods" gives each method's neutral types; a method it omits is converted by
 * its declared Java types alone.
 */
final class SequenceCases extends Cases {
    private final Map<?, ?> methods;
    private final String className;

    SequenceCases(Map<?, ?> manifest) {
        super(manifest);
        Object declared = manifest.get("methods");
        methods = declared instanceof Map ? (Map<?, ?>) declared : Map.of();
        className = className(manifest);
    }

    @Override
    boolean keepsPartial() {
        return true;
    }

    // The steps' expected values, read as the last case's steps were parsed: the steps are
    // payload text parsed one at a time (see Json.parsePayload).
    private List<Object> expected;
    private boolean complete;

    /** Each step carries its own expected value; the case has them all or none. */
    @Override
    boolean hasExpected(Map<?, ?> c) {
        return complete;
    }

    @Override
    Object expected(Map<?, ?> c) {
        return expected;
    }

    /** The comparator applies to each step's value. */
    @Override
    boolean matches(Object expected, Object got) {
        List<?> want = (List<?>) expected;
        List<?> have = (List<?>) got;
        if (want.size() != have.size()) {
            return false;
        }
        for (int k = 0; k < have.size(); k++) {
            if (!super.matches(want.get(k), have.get(k))) {
                return false;
            }
        }
        return true;
    }

    /** A step's method, resolved once per name and arity: design problems run 10^5 steps. */
    private static final class Step {
        final List<Entry.Target> overloads;
        final List<NType> argTypes; // null: the Java declaration decides
        final NType returnType; // null: serialised by the value's own shape

        Step(List<Entry.Target> overloads, Map<?, ?> spec) {
            this.overloads = overloads;
            argTypes = spec == null ? null : types(spec.get("argTypes"));
            returnType = spec == null ? null : NType.parse(spec.get("returnType"));
        }
    }

    private final Map<String, Step> resolved = new HashMap<>();
    private Class<?> cls;

    @Override
    void attempt(Map<?, ?> c, Record record, List<Object> partial) {
        if (cls == null) {
            cls = solutionClass(className);
        }
        Object self = null;
        Convert convert = new Convert(null, null);
        long nanos = 0;
        long cpuNanos = 0;
        expected = new ArrayList<>();
        complete = true;
        for (Object item : (List<?>) c.get("steps")) {
            Map<?, ?> step = (Map<?, ?>) ((Json.Deferred) item).value();
            complete &= step.containsKey("expected");
            expected.add(step.get("expected"));
            String method = (String) step.get("method");
            List<?> args = (List<?>) step.get("args");
            boolean constructing = method.equals("constructor");
            if (!constructing && self == null) {
                self = Entry.instantiate(cls);
                convert = new Convert(null, self);
            }
            Step target = step(method, args.size());
            Entry.Call call = Entry.call(
                    target.overloads, self, args, target.argTypes, Entry.Converters.all(convert));
            nanos += call.nanos;
            cpuNanos = Entry.addCpu(cpuNanos, call.cpuNanos);
            if (constructing) {
                self = call.result;
                convert = new Convert(null, self);
                partial.add(null);
            } else {
                partial.add(new Serialize(null).result(call.result, target.returnType));
            }
        }
        finish(c, record, partial, false, nanos, cpuNanos);
    }

    private Step step(String method, int arity) {
        String key = method + "/" + arity;
        Step found = resolved.get(key);
        if (found == null) {
            Object spec = methods.get(method);
            found = new Step(targets(method, arity), spec instanceof Map ? (Map<?, ?>) spec : null);
            resolved.put(key, found);
        }
        return found;
    }

    private List<Entry.Target> targets(String method, int arity) {
        if (method.equals("constructor")) {
            List<Entry.Target> found = Entry.constructors(cls, arity);
            if (found.isEmpty()) {
                throw new IllegalArgumentException(
                        cls.getName() + " has no constructor taking " + arity + " parameters");
            }
            return found;
        }
        for (String name : Entry.candidates(null, method)) {
            List<Entry.Target> found = Entry.methods(cls, name, arity);
            if (!found.isEmpty()) {
                return found;
            }
        }
        throw new IllegalArgumentException(
                cls.getName() + " has no method " + method + " taking " + arity + " parameters");
    }
}
