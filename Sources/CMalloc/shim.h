// glibc's malloc tuning (mallopt, M_MMAP_THRESHOLD) for Services/ProcessTuning.swift.
#include <malloc.h>
