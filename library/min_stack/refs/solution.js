class MinStack {
  constructor() {
    this.values = [];
    this.minimums = [];
  }

  push(val) {
    this.values.push(val);
    const length = this.minimums.length;
    this.minimums.push(length ? Math.min(val, this.minimums[length - 1]) : val);
  }

  pop() {
    this.values.pop();
    this.minimums.pop();
  }

  top() {
    return this.values[this.values.length - 1];
  }

  getMin() {
    return this.minimums[this.minimums.length - 1];
  }
}
