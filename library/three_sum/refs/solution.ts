function threeSum(nums: number[]): number[][] {
    const sorted = [...nums].sort((a, b) => a - b);
    const answer: number[][] = [];
    for (let i = 0; i + 2 < sorted.length && sorted[i] <= 0; i++) {
        if (i > 0 && sorted[i] === sorted[i - 1]) continue;
        let lo = i + 1;
        let hi = sorted.length - 1;
        while (lo < hi) {
            const total = sorted[i] + sorted[lo] + sorted[hi];
            if (total < 0) lo++;
            else if (total > 0) hi--;
            else {
                answer.push([sorted[i], sorted[lo], sorted[hi]]);
                while (lo < hi && sorted[lo] === sorted[lo + 1]) lo++;
                while (lo < hi && sorted[hi] === sorted[hi - 1]) hi--;
                lo++;
                hi--;
            }
        }
    }
    return answer;
}
