package juiz;

/**
 * The harness's native calls (native/juiz_native.c): a thread's CPU clock and leaving the
 * process at once. The library is compiled on the host and named by the run command's
 * {@code -Djuiz.native}; without it (no C compiler on the host, a library that does not load)
 * the harness falls back to java.management's ThreadMXBean, which costs tens of milliseconds
 * of start-up, and to Runtime.halt.
 */
final class Native {
    private static final boolean LOADED = load();

    private Native() {}

    private static native long threadNanos0();

    private static native void exit0(int status);

    private static boolean load() {
        String library = System.getProperty("juiz.native");
        if (library == null) {
            return false;
        }
        try {
            System.load(library);
            return threadNanos0() >= 0;
        } catch (UnsatisfiedLinkError | SecurityException e) {
            return false;
        }
    }

    /** Loads the library, or the clock it replaces: called before any solution code runs. */
    static void init() {
        if (!LOADED) {
            Fallback.THREADS.isCurrentThreadCpuTimeSupported();
        }
    }

    /** The calling thread's CPU time in nanoseconds, or -1 where there is no such clock. */
    static long threadNanos() {
        return LOADED ? threadNanos0() : Fallback.threadNanos();
    }

    /**
     * Ends the process with {@code status}, at once: no shutdown hook, finaliser or other
     * thread of the solution's runs, as with Runtime.halt. Only when everything is written.
     */
    static void exit(int status) {
        if (LOADED) {
            exit0(status);
        }
        Runtime.getRuntime().halt(status);
    }

    /** java.management's clock, loaded only when the library is missing. */
    private static final class Fallback {
        static final java.lang.management.ThreadMXBean THREADS =
                java.lang.management.ManagementFactory.getThreadMXBean();

        private Fallback() {}

        static long threadNanos() {
            return THREADS.isCurrentThreadCpuTimeSupported()
                    ? THREADS.getCurrentThreadCpuTime() : -1;
        }
    }
}
