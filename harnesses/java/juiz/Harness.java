package juiz;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The Java harness (docs/functions.md, "The harness protocol"). It reads the whole payload from
 * stdin before any solution class is loaded, keeps fd 1 as its result channel, sends the
 * solution's System.out to stderr, and runs every case in one thread with a deep stack.
 */
public final class Harness implements Runnable {
    private static final long MB = 1L << 20;
    // Made in advance: when it is needed there may be no memory left to make it.
    private static final byte[] OUT_OF_MEMORY =
            "java.lang.OutOfMemoryError (the solution)\n".getBytes(StandardCharsets.US_ASCII);
    static final String SOLUTION_FILE = "Solution.java";
    private static final int TRACE_FRAMES = 20;

    // The solution's System.out: kept here because the solution may replace System.out.
    private static PrintStream solutionOut;

    private final Map<?, ?> payload;
    private final FileOutputStream channel;
    private final JsonOut line = new JsonOut();
    private int exitCode = 1;

    private Harness(Map<?, ?> payload, FileOutputStream channel) {
        this.payload = payload;
        this.channel = channel;
    }

    public static void main(String[] argv) throws Exception {
        byte[] input = readPayload();
        // The payload (with the run's nonce) is a regular file: closing fd 0 stops the
        // solution from reading it again through FileDescriptor.in or /proc/self/fd/0.
        System.in.close();
        FileOutputStream channel = new FileOutputStream(FileDescriptor.out);
        // Buffered, because solutions print in loops; flushed after every case, and at an exit
        // the solution calls itself.
        solutionOut = new PrintStream(
                new BufferedOutputStream(new FileOutputStream(FileDescriptor.err), 1 << 16),
                false, StandardCharsets.UTF_8);
        System.setOut(solutionOut);
        Runtime.getRuntime().addShutdownHook(new Thread(new FlushSolutionOut()));
        Map<?, ?> payload = Json.parsePayload(input);
        input = null;
        Harness harness = new Harness(payload, channel);
        long stack = stackBytes((Map<?, ?>) payload.get("manifest"));
        Native.init(); // before any solution code: its thread then only reads the clock
        Thread worker = new Thread(null, harness, "solution", stack);
        worker.start();
        worker.join();
        solutionOut.flush();
        System.err.flush();
        // As halt, not exit: threads or shutdown hooks the solution left behind change nothing.
        Native.exit(harness.exitCode);
    }

    /**
     * The payload, read in one call where it can be: it is a regular file, whose size
     * available() tells (System.in.readAllBytes reads in 8 KiB steps and copies them again).
     * A pipe (the tests') is read to its end after that.
     */
    private static byte[] readPayload() throws IOException {
        FileInputStream in = new FileInputStream(FileDescriptor.in);
        byte[] bytes = new byte[Math.max(0, in.available())];
        int size = 0;
        for (int n; size < bytes.length && (n = in.read(bytes, size, bytes.length - size)) > 0; ) {
            size += n;
        }
        int next = in.read();
        if (size == bytes.length && next < 0) {
            return bytes;
        }
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream(size + (1 << 16));
        all.write(bytes, 0, size);
        if (next >= 0) {
            all.write(next);
            in.transferTo(all);
        }
        return all.toByteArray();
    }

    /** Flushes the solution's output at an exit the solution calls itself. */
    private static final class FlushSolutionOut implements Runnable {
        @Override
        public void run() {
            solutionOut.flush();
        }
    }

    /**
     * The solution thread's stack: an eighth of the memory limit, between 16 and 64 MiB. That
     * holds recursion 10^5 deep (the JIT compiles a recursive method, shrinking its frames, long
     * before). Not more: a StackOverflowError unwinding through compiled frames makes the JVM
     * take several times the stack's size in native memory (about 7 in JDK 17), and endless
     * recursion must end as a Runtime Error, not exceed the memory limit.
     */
    private static long stackBytes(Map<?, ?> manifest) {
        Object limit = manifest.get("memoryMb");
        long memoryMb = limit instanceof Number ? ((Number) limit).longValue() : 256;
        return Math.max(16, Math.min(64, memoryMb / 8)) * MB;
    }

    @Override
    public void run() {
        try {
            runCases();
            exitCode = 0;
        } catch (OutOfMemoryError e) {
            outOfMemory();
        } catch (Throwable e) {
            solutionOut.flush();
            System.err.println("juiz harness: " + e);
            e.printStackTrace();
        }
    }

    private void runCases() throws IOException {
        String nonce = JsonOut.text(payload.get("nonce"));
        Map<?, ?> manifest = (Map<?, ?>) payload.get("manifest");
        Json.CaseStream cases = (Json.CaseStream) payload.get("cases");
        Cases runner = Cases.forManifest(manifest);
        // The start of every line, written once: the nonce is the same in every record.
        byte[] recordHead = JsonOut.ascii("LLJUDGE {\"nonce\":" + nonce);
        int passed = 0;
        int total = 0;
        for (; cases.hasNext(); total++) {
            Map<?, ?> c = (Map<?, ?>) cases.next();
            Record record = new Record(c.get("i"), c.get("name"));
            runner.run(c, record);
            if (record.passed()) {
                passed++;
            }
            solutionOut.flush();
            record.write(line.raw(recordHead));
            emit();
        }
        line.raw(JsonOut.ascii("LLJUDGE-SUMMARY {\"nonce\":" + nonce + ",\"passed\":"))
                .decimal(passed).raw(JsonOut.ascii(",\"total\":")).decimal(total).add('}');
        emit();
    }

    // The line built in `line`, in one write, and the buffer emptied for the next: the channel
    // is fd 1 itself, unbuffered, so a run stopped by a limit keeps every record before.
    private void emit() throws IOException {
        line.add('\n').writeTo(channel);
    }

    /**
     * The engine reads this marker in stderr as Memory Limit Exceeded, so no record is written
     * for the case and the process ends at once.
     */
    static void outOfMemory() {
        try {
            solutionOut.flush();
            new FileOutputStream(FileDescriptor.err).write(OUT_OF_MEMORY);
        } catch (Throwable ignored) {
            // nothing left to report with
        }
        Native.exit(1);
    }

    /** "type: message (Solution.java, line N)", at most 2000 characters; N is the deepest line
     * of the solution the exception went through. */
    static String describe(Throwable e) {
        StringBuilder text = new StringBuilder(e.getClass().getName());
        if (e.getMessage() != null) {
            text.append(": ").append(e.getMessage());
        }
        for (StackTraceElement frame : e.getStackTrace()) {
            if (SOLUTION_FILE.equals(frame.getFileName()) && frame.getLineNumber() > 0) {
                text.append(" (").append(SOLUTION_FILE).append(", line ")
                        .append(frame.getLineNumber()).append(')');
                break;
            }
        }
        return text.length() <= 2000 ? text.toString() : text.substring(0, 1997) + "...";
    }

    /** The exception and its innermost frames on stderr (the solution's output, for the team). */
    static void printTrace(Throwable e) {
        solutionOut.flush();
        StringBuilder text = new StringBuilder(e.toString()).append('\n');
        StackTraceElement[] frames = e.getStackTrace();
        for (int k = 0; k < Math.min(frames.length, TRACE_FRAMES); k++) {
            text.append("\tat ").append(frames[k]).append('\n');
        }
        if (frames.length > TRACE_FRAMES) {
            text.append("\t... ").append(frames.length - TRACE_FRAMES).append(" more\n");
        }
        System.err.print(text);
        System.err.flush();
    }

    /** Throws {@code e} (the solution's own exception when it is a reflective wrapper). */
    static RuntimeException rethrow(Throwable e) {
        boolean wrapped = e instanceof InvocationTargetException && e.getCause() != null;
        Throwable cause = wrapped ? e.getCause() : e;
        Harness.<RuntimeException>sneaky(cause);
        return new IllegalStateException(cause); // not reached
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneaky(Throwable e) throws T {
        throw (T) e;
    }
}
