package juiz;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** kind "function": one call per case, on a fresh instance when the method is not static. */
final class FunctionCases extends Cases {
    private final Map<?, ?> manifest;
    private final List<NType> argTypes;
    private final NType returnType;
    private final int resultFrom; // -1: the return value
    private final int mustCopy; // -1: none
    private Class<?> owner;
    private List<Entry.Target> overloads;

    FunctionCases(Map<?, ?> manifest) {
        super(manifest);
        this.manifest = manifest;
        argTypes = types(manifest.get("argTypes"));
        returnType = NType.parse(manifest.get("returnType"));
        resultFrom = index(manifest.get("resultFrom"));
        mustCopy = index(manifest.get("mustCopy"));
    }

    private static int index(Object value) {
        return value == null ? -1 : ((Number) value).intValue();
    }

    @Override
    void attempt(Map<?, ?> c, Record record, List<Object> partial) {
        resolve();
        boolean instance = false;
        for (Entry.Target m : overloads) {
            instance |= !m.isStatic();
        }
        Object self = instance ? Entry.instantiate(owner) : null;
        Set<Object> built = mustCopy >= 0 ? Serialize.identitySet() : null;
        Convert plain = new Convert(null, self);
        Convert tracked = new Convert(built, self);
        List<?> args = (List<?>) c.get("args");
        Entry.Call call = Entry.call(
                overloads, self, args, argTypes, new Entry.Converters(plain, tracked, mustCopy));
        Serialize out = new Serialize(built);
        Object got = resultFrom >= 0
                ? out.result(call.args[resultFrom], argTypes.get(resultFrom))
                : out.result(call.result, returnType);
        finish(c, record, got, out.shared, call.nanos, call.cpuNanos);
    }

    /**
     * The entry point (docs/functions.md, "Entry-point resolution"): for each candidate name, a
     * method of the solution's other top-level classes, then of class Solution. A failure is
     * thrown again for every case, so each case's record says why.
     */
    private void resolve() {
        if (overloads != null) {
            return;
        }
        List<String> names = Entry.candidates(override(manifest), (String) manifest.get("entry"));
        List<String> classes = Entry.solutionClasses();
        classes.remove("Solution");
        classes.add("Solution");
        for (String name : names) {
            for (String className : classes) {
                Class<?> cls = Entry.load(className);
                List<Entry.Target> found =
                        cls == null ? List.of() : Entry.methods(cls, name, argTypes.size());
                if (!found.isEmpty()) {
                    owner = cls;
                    overloads = found;
                    return;
                }
            }
        }
        throw new IllegalArgumentException("no method " + String.join(" or ", names) + " taking "
                + argTypes.size() + " parameters in class " + String.join(", ", classes));
    }
}
