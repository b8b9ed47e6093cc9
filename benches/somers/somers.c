/* Jeff Somers' n-queens counter, the yardstick of `queens count` (scripts/count-vs-somers).
 *
 * Written here from his published algorithm (nq.c, 2002), not copied: bitwise backtracking, one
 * row at a time, the columns and both diagonals under attack as three bit masks shifted one
 * place a row, the free squares' least bit taken first, an explicit stack instead of recursion,
 * and mirror halving: the first row's queen only in the left half of the board (and, on an odd
 * board, in the middle column with the second row's queen in the left half), the count doubled.
 * One thread. Prints the number of solutions and nothing else.
 *
 * Usage: somers N      (N from 1 to 31)
 */
#include <stdio.h>
#include <stdlib.h>

#define MAX_N 31

static unsigned long long count(int n) {
    unsigned int columns[MAX_N + 1], rising[MAX_N + 1], falling[MAX_N + 1];
    unsigned int stack[MAX_N + 2]; /* the squares of each row still to try */
    unsigned int *top;
    unsigned int mask = (1u << n) - 1;
    unsigned long long solutions = 0;
    int odd = n & 1;

    for (int pass = 0; pass < 1 + odd; pass++) {
        unsigned int free;
        int row;
        top = stack;
        *top++ = 0; /* the sentinel: the first row's squares are in `free` */
        if (pass == 0) {
            /* The first row's queen in the left half, the middle column aside. */
            row = 0;
            columns[0] = rising[0] = falling[0] = 0;
            free = (1u << (n >> 1)) - 1;
        } else {
            /* An odd board: the first row's queen in the middle column, the second row's in
               the left half (its squares right of the middle are the mirror images). */
            unsigned int middle = 1u << (n >> 1);
            row = 1;
            columns[1] = middle;
            rising[1] = middle << 1;
            falling[1] = middle >> 1;
            *top++ = 0; /* the first row has nothing more to try */
            free = (middle - 1) & ~(columns[1] | rising[1] | falling[1]);
        }
        for (;;) {
            if (free == 0) {
                free = *--top;
                if (top == stack) {
                    break;
                }
                row--;
                continue;
            }
            unsigned int bit = free & -free;
            free &= ~bit;
            if (row + 1 == n) {
                solutions++;
                continue;
            }
            *top++ = free;
            columns[row + 1] = columns[row] | bit;
            rising[row + 1] = (rising[row] | bit) << 1;
            falling[row + 1] = (falling[row] | bit) >> 1;
            row++;
            free = mask & ~(columns[row] | rising[row] | falling[row]);
        }
    }
    return 2 * solutions;
}

int main(int argc, char **argv) {
    char *end;
    long n = argc == 2 ? strtol(argv[1], &end, 10) : 0;
    if (argc != 2 || *end != '\0' || n < 1 || n > MAX_N) {
        fprintf(stderr, "somers: give N, from 1 to %d\n", MAX_N);
        return 2;
    }
    if (n == 1) {
        /* The one square is its own mirror image: halving would count it twice. */
        puts("1");
        return 0;
    }
    printf("%llu\n", count((int)n));
    return 0;
}
