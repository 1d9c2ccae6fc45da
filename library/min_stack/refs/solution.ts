class MinStack {
    private readonly stack: Array<{ value: number; min: number }> = [];

    constructor() {}

    push(val: number): void {
        const below = this.stack.length ? this.stack[this.stack.length - 1].min : val;
        this.stack.push({ value: val, min: Math.min(val, below) });
    }

    pop(): void {
        this.stack.pop();
    }

    top(): number {
        return this.stack[this.stack.length - 1].value;
    }

    getMin(): number {
        return this.stack[this.stack.length - 1].min;
    }
}
