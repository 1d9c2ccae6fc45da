function subsets(nums: number[]): number[][] {
    const answer: number[][] = [];
    const chosen: number[] = [];
    const walk = (i: number): void => {
        if (i === nums.length) {
            answer.push([...chosen]);
            return;
        }
        walk(i + 1);
        chosen.push(nums[i]);
        walk(i + 1);
        chosen.pop();
    };
    walk(0);
    return answer;
}
