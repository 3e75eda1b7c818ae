// Conversions of the storage-only scalars (docs/ops/tile/scalar.md, "Conversions"): arith.truncf,
// extf, sitofp, uitofp and fptoui as the interpreters run them, through core/numerics'
// convert_bits (embedded in the prelude before this text, its includes stripped), so a generated
// kernel converts with the very function tessera.cast's kernel and the Tile and Target
// interpreters call. Registers hold narrow floats widened to f32 (docs/ops/target/README.md).
// This text is embedded verbatim in the device prelude after namespace tsr's types.
namespace tsr {
typedef unsigned char u8;
typedef unsigned short u16;

// Storage bits of `from` to storage bits of `to` (DType numbers, core/numerics/dtype.h).
__device__ __forceinline__ u64 cvt(int from, u64 bits, int to, int packed) {
  return tessera::num::convert_bits(tessera::DType(from), bits, tessera::DType(to),
                                    tessera::num::unpack_options(packed));
}
// A narrow float's storage bits as its register value and back, as the interpreters hold it
// (core/numerics/convert_pack.h): the exact value; a NaN keeps its pattern.
__device__ __forceinline__ float narrow_value(int t, u64 bits) {
  return tessera::num::narrow_register(tessera::DType(t), bits);
}
__device__ __forceinline__ u64 narrow_bits(int t, float x) {
  return tessera::num::narrow_storage(tessera::DType(t), x);
}
__device__ __forceinline__ u64 bits_f32(float x) { return u64(__float_as_uint(x)); }
__device__ __forceinline__ u64 bits_f64(double x) { return u64(__double_as_longlong(x)); }
__device__ __forceinline__ float f32_of(u64 b) { return __uint_as_float(u32(b)); }
__device__ __forceinline__ double f64_of(u64 b) { return __longlong_as_double(i64(b)); }

// fp6, fp4 and e8m0 memory: one byte per element (the interpreter's and ml_dtypes' layout),
// widened in registers by device/narrow.h's integer code (DType numbers 6..9).
template <int T>
struct byte_float {
  u8 b;
};
typedef byte_float<6> f6e2m3;
typedef byte_float<7> f6e3m2;
typedef byte_float<8> f4e2m1;
typedef byte_float<9> e8m0;
template <int T>
struct reg<byte_float<T> > {
  typedef float type;
};
template <int T>
__device__ __forceinline__ float widen(byte_float<T> x) {
  return T == 6   ? nar::e2m3_value(x.b)
         : T == 7 ? nar::e3m2_value(x.b)
         : T == 8 ? nar::e2m1_value(x.b)
                  : nar::e8m0_value(x.b);
}
template <int T>
struct narrow_to<byte_float<T> > {
  // Values in registers are of the format: their pattern, exactly (narrow_storage).
  __device__ static byte_float<T> from(float x) {
    byte_float<T> r;
    r.b = u8(T == 6   ? nar::e2m3_bits(x)
             : T == 7 ? nar::e3m2_bits(x)
             : T == 8 ? nar::e2m1_bits(x)
                      : nar::e8m0_bits(x));
    return r;
  }
};
}  // namespace tsr
