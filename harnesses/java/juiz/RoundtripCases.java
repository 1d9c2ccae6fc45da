package juiz;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * kind "roundtrip": got is decode(encode(data)) on one fresh instance, as LeetCode's driver
 * does. The encoded value crosses as JSON of encodedType, so it must really be one (a String
 * by default): handing the data structure itself to decode does not pass.
 */
final class RoundtripCases extends Cases {
    private final String className;
    private final String encode;
    private final String decode;
    private final NType dataType;
    private final NType encodedType;

    RoundtripCases(Map<?, ?> manifest) {
        super(manifest);
        className = className(manifest);
        encode = String.valueOf(manifest.containsKey("encode") ? manifest.get("encode") : "encode");
        decode = String.valueOf(manifest.containsKey("decode") ? manifest.get("decode") : "decode");
        dataType = NType.parse(manifest.get("dataType"));
        Object encoded = manifest.get("encodedType");
        encodedType = NType.parse(encoded == null ? "string" : encoded);
    }

    /** The expected value of every roundtrip case is its data, which is no secret. */
    @Override
    boolean hasExpected(Map<?, ?> c) {
        return true;
    }

    @Override
    Object expected(Map<?, ?> c) {
        return c.get("data");
    }

    @Override
    void attempt(Map<?, ?> c, Record record, List<Object> partial) {
        Class<?> cls = solutionClass(className);
        Object self = Entry.instantiate(cls);
        // Handing the input back from decode (kept in the instance) is not a codec.
        Set<Object> built = Serialize.identitySet();
        Convert tracked = new Convert(built, self);
        Entry.Call encoding = Entry.call(methods(cls, encode), self,
                Collections.singletonList(c.get("data")), List.of(dataType), Entry.Converters.all(tracked));
        Object encoded = new Serialize(null).value(encoding.result, encodedType);
        if (encodedType.is("string") && !(encoded instanceof String)) {
            throw new IllegalArgumentException(encode + " must return a String");
        }
        Convert plain = new Convert(null, self);
        Entry.Call decoding = Entry.call(methods(cls, decode), self,
                Collections.singletonList(encoded), List.of(encodedType), Entry.Converters.all(plain));
        Serialize out = new Serialize(built);
        Object got = out.result(decoding.result, dataType);
        finish(c, record, got, out.shared, encoding.nanos + decoding.nanos,
               Entry.addCpu(encoding.cpuNanos, decoding.cpuNanos));
    }

    private static List<Entry.Target> methods(Class<?> cls, String method) {
        for (String name : Entry.candidates(null, method)) {
            List<Entry.Target> found = Entry.methods(cls, name, 1);
            if (!found.isEmpty()) {
                return found;
            }
        }
        throw new IllegalArgumentException(
                cls.getName() + " has no method " + method + " taking 1 parameter");
    }
}
