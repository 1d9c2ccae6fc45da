function subsets(nums) {
    const answer = [];
    for (let mask = 0; mask < 1 << nums.length; mask++) {
        answer.push(nums.filter((_, i) => (mask >> i) & 1));
    }
    return answer;
}
