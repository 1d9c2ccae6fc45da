import java.util.ArrayDeque;
import java.util.Deque;

class MinStack {
    private final Deque<Integer> values = new ArrayDeque<>();
    private final Deque<Integer> minimums = new ArrayDeque<>();  // minimum up to each element

    public MinStack() {}

    public void push(int val) {
        values.push(val);
        minimums.push(minimums.isEmpty() ? val : Math.min(val, minimums.peek()));
    }

    public void pop() {
        values.pop();
        minimums.pop();
    }

    public int top() {
        return values.peek();
    }

    public int getMin() {
        return minimums.peek();
    }
}
