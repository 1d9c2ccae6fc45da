function productExceptSelf(nums: number[]): number[] {
    const n = nums.length;
    const prefix: number[] = new Array(n).fill(1);
    for (let i = 1; i < n; i++) prefix[i] = prefix[i - 1] * nums[i - 1];
    const answer: number[] = new Array(n);
    let suffix = 1;
    for (let i = n - 1; i >= 0; i--) {
        // Adding 0 turns -0 (from 0 * -1) into 0.
        answer[i] = prefix[i] * suffix + 0;
        suffix *= nums[i];
    }
    return answer;
}
