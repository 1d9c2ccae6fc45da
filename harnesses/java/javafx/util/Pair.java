package javafx.util;

import java.util.Objects;

/**
 * LeetCode's Java has JavaFX's Pair on its class path and solutions import it; OpenJDK has no
 * JavaFX, so the harness compiles this stand-in with the same public interface.
 */
public class Pair<K, V> {
    private final K key;
    private final V value;

    public Pair(K key, V value) {
        this.key = key;
        this.value = value;
    }

    public K getKey() {
        return key;
    }

    public V getValue() {
        return value;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Pair)) {
            return false;
        }
        Pair<?, ?> pair = (Pair<?, ?>) other;
        return Objects.equals(key, pair.key) && Objects.equals(value, pair.value);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(key) * 13 + Objects.hashCode(value);
    }

    @Override
    public String toString() {
        return key + "=" + value;
    }
}
