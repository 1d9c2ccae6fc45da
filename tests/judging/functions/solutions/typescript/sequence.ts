class MinStack {
  private items: number[] = [];
  private mins: number[] = [];

  push(val: number): void {
    this.items.push(val);
    const min = this.mins.length ? Math.min(val, this.mins[this.mins.length - 1]) : val;
    this.mins.push(min);
  }

  pop(): void {
    this.items.pop();
    this.mins.pop();
  }

  top(): number {
    return this.items[this.items.length - 1];
  }

  getMin(): number {
    return this.mins[this.mins.length - 1];
  }
}
