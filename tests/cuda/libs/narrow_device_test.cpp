// The device prelude's bf16 / f16 / fp8 / fp6 / fp4 / e8m0 conversions (device/narrow.h) on
// the GPU against core/numerics on the host: the prelude text generated kernels start with,
// NVRTC-compiled with one test kernel that applies the prelude's ld/st conversions (widen,
// narrow_to) and truncf forms to every 16-bit pattern and to every rounding midpoint of each
// format with its f32 neighbours, Inf, NaNs and a stride through the f32 patterns. Without a
// device the kernel is compiled for sm_90 only (the NVRTC check of every architecture is the
// compile-only suite's); with one, every element must match bit for bit.
#include <cuda_runtime_api.h>
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "backends/cuda/codegen/codegen.h"
#include "backends/cuda/nvrtc_compile.h"
#include "core/numerics/convert.h"
#include "core/numerics/convert_pack.h"

namespace {

using namespace tessera;

constexpr int kOuts = 20;  // results per input (see the kernel)

std::string kernel_source() {
  return std::string(cuda::device_prelude()) + R"cuda(
extern "C" __global__ void tsr_narrow_check(const unsigned* in, unsigned* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float x = __uint_as_float(in[i]);
  const unsigned p = in[i] & 0xffffu;
  unsigned* o = out + 20ull * i;
  o[0] = __bfloat16_as_ushort(tsr::narrow_to<__nv_bfloat16>::from(x));
  o[1] = __half_as_ushort(tsr::narrow_to<__half>::from(x));
  o[2] = tsr::narrow_to<tsr::f8e4m3>::from(x).__x;
  o[3] = tsr::narrow_to<tsr::f8e5m2>::from(x).__x;
  o[4] = tsr::nar::bf16_cvt(x);
  o[5] = tsr::nar::f16_cvt(x);
  o[6] = __float_as_uint(tsr::widen(__ushort_as_bfloat16((unsigned short)p)));
  o[7] = __float_as_uint(tsr::widen(__ushort_as_half((unsigned short)p)));
  tsr::f8e4m3 a;
  a.__x = (__nv_fp8_storage_t)(p & 0xffu);
  tsr::f8e5m2 b;
  b.__x = (__nv_fp8_storage_t)(p & 0xffu);
  o[8] = __float_as_uint(tsr::widen(a));
  o[9] = __float_as_uint(tsr::widen(b));
  o[10] = __float_as_uint(tsr::round_to<__nv_bfloat16>(x));
  o[11] = __float_as_uint(tsr::round_to<__half>(x));
  tsr::f6e2m3 c6;
  tsr::f6e3m2 d6;
  tsr::f4e2m1 f4;
  tsr::e8m0 s8;
  c6.b = (tsr::u8)(p & 0x3fu);
  d6.b = (tsr::u8)(p & 0x3fu);
  f4.b = (tsr::u8)(p & 0xfu);
  s8.b = (tsr::u8)(p & 0xffu);
  o[12] = tsr::narrow_to<tsr::f6e2m3>::from(x).b;
  o[13] = tsr::narrow_to<tsr::f6e3m2>::from(x).b;
  o[14] = tsr::narrow_to<tsr::f4e2m1>::from(x).b;
  o[15] = tsr::narrow_to<tsr::e8m0>::from(x).b;
  o[16] = __float_as_uint(tsr::widen(c6));
  o[17] = __float_as_uint(tsr::widen(d6));
  o[18] = __float_as_uint(tsr::widen(f4));
  o[19] = __float_as_uint(tsr::widen(s8));
}
)cuda";
}

uint32_t f2u(float x) {
  uint32_t b;
  std::memcpy(&b, &x, 4);
  return b;
}
float u2f(uint32_t b) {
  float x;
  std::memcpy(&x, &b, 4);
  return x;
}

/// Every 16-bit pattern, then for each format every midpoint between neighbours and its f32
/// neighbours (both signs), specials, and a stride through the f32 patterns.
std::vector<uint32_t> inputs() {
  std::vector<uint32_t> in;
  for (uint32_t b = 0; b < 65536; ++b) in.push_back(b);
  const DType types[] = {DType::bf16,   DType::f16,    DType::f8e4m3, DType::f8e5m2,
                         DType::f6e2m3, DType::f6e3m2, DType::f4e2m1, DType::e8m0};
  for (DType t : types) {
    const uint32_t n = t == DType::f4e2m1                         ? 16
                       : t == DType::f6e2m3 || t == DType::f6e3m2 ? 64
                       : dtype_bits(t) == 8                       ? 256
                                                                  : 65536;
    for (uint32_t b = 0; b + 1 < n; ++b) {
      const double v = num::narrow_register(t, b), w = num::narrow_register(t, b + 1);
      if (v != v || w != w || v < 0 || w < 0) continue;
      const uint32_t m = f2u(float((v + w) / 2));
      for (uint32_t d = 0; d < 3; ++d) {
        in.push_back(m - 1 + d);
        in.push_back((m - 1 + d) | 0x80000000u);
      }
    }
  }
  for (uint32_t s : {0x7f800000u, 0x7f800001u, 0x7fc00000u, 0x7fffffffu, 0x7f802000u, 0x477ff000u,
                     0x47700000u, 0x43e80000u, 0x00000001u, 0x7f7fffffu}) {
    in.push_back(s);
    in.push_back(s | 0x80000000u);
  }
  for (uint64_t k = 0; k < (1u << 20); ++k) in.push_back(uint32_t(k * 0x9E3779B1ull + 777u));
  return in;
}

/// The host's results for one input, in the kernel's order.
void expected(uint32_t u, uint32_t* e) {
  const float x = u2f(u);
  const uint32_t p = u & 0xffffu;
  num::ConvertOptions plain;
  e[0] = uint32_t(num::narrow_storage(DType::bf16, x));
  e[1] = uint32_t(num::narrow_storage(DType::f16, x));
  e[2] = uint32_t(num::narrow_storage(DType::f8e4m3, x));
  e[3] = uint32_t(num::narrow_storage(DType::f8e5m2, x));
  e[4] = uint32_t(num::convert_bits(DType::f32, u, DType::bf16, plain));
  e[5] = uint32_t(num::convert_bits(DType::f32, u, DType::f16, plain));
  e[6] = f2u(num::narrow_register(DType::bf16, p));
  e[7] = f2u(num::narrow_register(DType::f16, p));
  e[8] = f2u(num::narrow_register(DType::f8e4m3, p & 0xffu));
  e[9] = f2u(num::narrow_register(DType::f8e5m2, p & 0xffu));
  e[10] = f2u(num::narrow_register(DType::bf16, e[4]));  // round_to_accum: convert and back
  e[11] = f2u(num::narrow_register(DType::f16, e[5]));
  e[12] = uint32_t(num::narrow_storage(DType::f6e2m3, x));
  e[13] = uint32_t(num::narrow_storage(DType::f6e3m2, x));
  e[14] = uint32_t(num::narrow_storage(DType::f4e2m1, x));
  e[15] = uint32_t(num::narrow_storage(DType::e8m0, x));
  e[16] = f2u(num::narrow_register(DType::f6e2m3, p & 0x3fu));
  e[17] = f2u(num::narrow_register(DType::f6e3m2, p & 0x3fu));
  e[18] = f2u(num::narrow_register(DType::f4e2m1, p & 0xfu));
  e[19] = f2u(num::narrow_register(DType::e8m0, p & 0xffu));
}

bool device_present() {
  int n = 0;
  bool ok = cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
  (void)cudaGetLastError();
  return ok;
}

std::string include_dir() {
  const char* env = std::getenv("TESSERA_CUDA_INCLUDE");
  return env && *env ? env : TESSERA_CUDA_INCLUDE;
}

}  // namespace

TEST_CASE(
    "device: the prelude's bf16/f16/fp8/fp6/fp4/e8m0 conversions equal core/numerics "
    "(device/narrow.h)") {
  int sm = 90;
  const bool dev = device_present();
  if (dev) {
    int major = 0, minor = 0;
    REQUIRE(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0) == cudaSuccess);
    REQUIRE(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0) == cudaSuccess);
    sm = major * 10 + minor;
  }
  cuda::NvrtcOutput c = cuda::nvrtc_compile(kernel_source(), "narrow.cu", sm, {include_dir()});
  REQUIRE_MESSAGE(c.ok, c.error);
  if (!dev) {
    MESSAGE("no device: the conversions' device results are checked on a GPU only");
    return;
  }
  cudaLibrary_t lib = nullptr;
  REQUIRE(cudaLibraryLoadData(&lib, c.cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0) ==
          cudaSuccess);
  cudaKernel_t k = nullptr;
  REQUIRE(cudaLibraryGetKernel(&k, lib, "tsr_narrow_check") == cudaSuccess);
  const std::vector<uint32_t> in = inputs();
  const unsigned n = unsigned(in.size());
  void *d_in = nullptr, *d_out = nullptr;
  REQUIRE(cudaMalloc(&d_in, in.size() * 4) == cudaSuccess);
  REQUIRE(cudaMalloc(&d_out, in.size() * 4 * kOuts) == cudaSuccess);
  REQUIRE(cudaMemcpy(d_in, in.data(), in.size() * 4, cudaMemcpyHostToDevice) == cudaSuccess);
  void* args[] = {&d_in, &d_out, const_cast<unsigned*>(&n)};
  REQUIRE(cudaLaunchKernel(k, dim3((n + 255) / 256), dim3(256), args, 0, nullptr) == cudaSuccess);
  std::vector<uint32_t> got(in.size() * kOuts);
  REQUIRE(cudaMemcpy(got.data(), d_out, got.size() * 4, cudaMemcpyDeviceToHost) == cudaSuccess);
  int64_t bad[kOuts] = {};
  for (size_t i = 0; i < in.size(); ++i) {
    uint32_t e[kOuts];
    expected(in[i], e);
    for (int j = 0; j < kOuts; ++j) {
      if (got[i * kOuts + j] == e[j]) continue;
      if (bad[j]++ < 3)
        MESSAGE("result " << j << " of input 0x" << std::hex << in[i] << ": device 0x"
                          << got[i * kOuts + j] << ", host 0x" << e[j]);
    }
  }
  for (int j = 0; j < kOuts; ++j) CHECK_MESSAGE(bad[j] == 0, "result " << j);
  MESSAGE("device conversions checked on " << in.size() << " inputs x " << kOuts << " results");
  (void)cudaFree(d_in);
  (void)cudaFree(d_out);
  (void)cudaLibraryUnload(lib);
}
