// doctest entry point for the CUDA runtime tests that need no GPU.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
