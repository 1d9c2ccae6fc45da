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

    /** The members after the nonce, and the closing brace. */
    void write(StringBuilder out) {
        out.append(",\"i\":");
        Json.write(index, out);
        out.append(",\"name\":");
        Json.write(name, out);
        out.append(",\"status\":\"").append(status).append('"'); // one of the constants above
        if (error != null) {
            out.append(",\"error\":");
            Json.write(error, out);
        }
        if (hasGot) {
            out.append(",\"got\":");
            Json.write(got, out);
        }
        if (shared) {
            out.append(",\"shared\":true");
        }
        if (nanos >= 0) {
            Json.writeMillis(nanos, out.append(",\"ms\":"));
        }
        if (cpuNanos >= 0) {
            Json.writeMillis(cpuNanos, out.append(",\"cpuMs\":"));
        }
        out.append('}');
    }
}
