function findOrder(numCourses: number, prerequisites: number[][]): number[] {
    const needs: number[][] = Array.from({ length: numCourses }, () => []);
    for (const [course, first] of prerequisites) needs[course].push(first);
    // Depth-first over prerequisites: a course is appended once everything it needs is.
    const state = new Array<number>(numCourses).fill(0); // 0 new, 1 on the path, 2 done
    const order: number[] = [];
    for (let start = 0; start < numCourses; start++) {
        if (state[start]) continue;
        const stack: Array<[number, number]> = [[start, 0]];
        state[start] = 1;
        while (stack.length) {
            const top = stack[stack.length - 1];
            const [course, at] = top;
            if (at === needs[course].length) {
                state[course] = 2;
                order.push(course);
                stack.pop();
                continue;
            }
            top[1]++;
            const first = needs[course][at];
            if (state[first] === 1) return [];
            if (state[first] === 0) {
                state[first] = 1;
                stack.push([first, 0]);
            }
        }
    }
    return order;
}
