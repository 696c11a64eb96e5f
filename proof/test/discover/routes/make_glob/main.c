/* The engine's main: every source is compiled with it in one command. */
#include "bits.h"
int main(void) { return ROUTE_LSB(8) == 3 ? 0 : 1; }
