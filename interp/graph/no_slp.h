// TESSERA_NO_SLP: a function attribute that turns GCC's SLP vectorizer off for one function.
// GCC 12 turns pairs such as (a*b - c*d, a*d + b*c) into vfmaddsub (fused, one rounding) on
// x86-64-v3 although the interpreter is built with -ffp-contract=off; kernels whose spec says
// each product and sum rounds once mark their arithmetic with it (clang needs nothing).
#pragma once

#if defined(__GNUC__) && !defined(__clang__)
#define TESSERA_NO_SLP __attribute__((optimize("no-tree-slp-vectorize")))
#else
#define TESSERA_NO_SLP
#endif
