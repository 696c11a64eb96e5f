#include "linked.h"

extern unsigned char c_linked_index[64];
int c_linked_jobs;  // a strong definition: the start-up link must meet it once

void c_linked_jobs_run(void) { c_linked_jobs += c_linked_index[1]; }
