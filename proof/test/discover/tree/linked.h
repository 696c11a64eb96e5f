#ifndef LINKED_H
#define LINKED_H
#include <stdint.h>
int c_lsb_linked_table(uint64_t b);
void c_linked_reset(void);
void c_linked_jobs_run(void);
#endif
