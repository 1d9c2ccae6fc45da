class MinStack {
public:
    MinStack() {}

    void push(int val) {
        values.push_back(val);
        if (minimums.empty() || val <= minimums.back()) minimums.push_back(val);
    }

    void pop() {
        // The minimums stack holds each new minimum once per push of it, duplicates included.
        if (values.back() == minimums.back()) minimums.pop_back();
        values.pop_back();
    }

    int top() { return values.back(); }

    int getMin() { return minimums.back(); }

private:
    vector<int> values;
    vector<int> minimums;
};
