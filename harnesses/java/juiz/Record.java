package juiz;

/**
 * One case's record on the LLJUDGE channel (docs/functions.md, "The harness protocol"): its
 * members are written straight after the run's nonce, with their keys as constants. A map of
 * the members, written key by key, was a visible part of each case's cost before the JIT warms
 * up.
 */
final class Record {
    static final String PASS = "pass";
    static final String FAIL = "fail";
    static final String DONE = "done";
    static final String ERROR = "error";

    private final Object index;
    private final Object name;
    private String status;
    private String error;
    private Object got;
    private boolean hasGot;
    private boolean shared;
    private long nanos = -1; // -1: not timed
    private long cpuNanos = -1;

    Record(Object index, Object name) {
        this.index = index;
        this.name = name;
    }

    /** A case that ran: its status (pass, fail or done), result and times. */
    void ran(String status, Object got, boolean shared, long nanos, long cpuNanos) {
        this.status = status;
        this.got = got;
        this.hasGot = true;
        this.shared = shared;
        this.nanos = nanos;
        this.cpuNanos = cpuNanos;
    }

    /** The solution threw: the record says why, and keeps any result it had. */
    void failed(String message) {
        status = ERROR;
        error = message;
    }

    /** The results of the steps before the failing one. */
    void partial(Object results) {
        got = results;
        hasGot = true;
    }

    boolean passed() {
        return PASS.equals(status);
    }

    private static final byte[] INDEX = JsonOut.ascii(",\"i\":");
    private static final byte[] NAME = JsonOut.ascii(",\"name\":");
    private static final byte[] STATUS = JsonOut.ascii(",\"status\":");
    private static final byte[] ERROR_KEY = JsonOut.ascii(",\"error\":");
    private static final byte[] GOT = JsonOut.ascii(",\"got\":");
    private static final byte[] SHARED = JsonOut.ascii(",\"shared\":true");
    private static final byte[] MS = JsonOut.ascii(",\"ms\":");
    private static final byte[] CPU_MS = JsonOut.ascii(",\"cpuMs\":");

    /** The members after the nonce, and the closing brace. */
    void write(JsonOut out) {
        out.raw(INDEX).value(index).raw(NAME).value(name);
        out.raw(STATUS).string(status); // one of the constants above
        if (error != null) {
            out.raw(ERROR_KEY).string(error);
        }
        if (hasGot) {
            out.raw(GOT).value(got);
        }
        if (shared) {
            out.raw(SHARED);
        }
        if (nanos >= 0) {
            out.raw(MS).millis(nanos);
        }
        if (cpuNanos >= 0) {
            out.raw(CPU_MS).millis(cpuNanos);
        }
        out.add('}');
    }
}
