#include <math.h>
#include <stdio.h>

int main(void) {
    double a, b;
    if (scanf("%lf %lf", &a, &b) != 2) return 1;
    printf("%.10f\n", hypot(a, b));
    return 0;
}
