/**
 * @param {number[]} nums
 * @return {number[][]}
 */
var threeSum = function (nums) {
    const sorted = [...nums].sort((a, b) => a - b);
    const answer = [];
    for (let i = 0; i + 2 < sorted.length; i++) {
        if (i > 0 && sorted[i] === sorted[i - 1]) continue;
        let lo = i + 1;
        let hi = sorted.length - 1;
        while (lo < hi) {
            const total = sorted[i] + sorted[lo] + sorted[hi];
            if (total < 0) lo++;
            else if (total > 0) hi--;
            else {
                answer.push([sorted[i], sorted[lo], sorted[hi]]);
                lo++;
                while (lo < hi && sorted[lo] === sorted[lo - 1]) lo++;
            }
        }
    }
    return answer;
};
