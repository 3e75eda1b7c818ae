// numpy / ml_dtypes arrays to interpreter tensors and back.
#include "python/src/arrays.h"

#include <cstring>
#include <memory>
#include <string_view>

#include "core/support/error.h"

namespace tessera::python {

/// The carrier dtype objects (tessera._dtypes.NUMPY_DTYPES) by DType, looked up once per process
/// (a dtype's `name` is computed by Python code in NumPy 2: too slow for every call). The
/// references are kept for the life of the process.
struct Carriers {
  PyObject* by_type[kNumDTypes] = {};
};

const Carriers& carriers() {
  static const Carriers* c = [] {
    auto* out = new Carriers();
    const py::dict d = py::module_::import("tessera._dtypes").attr("NUMPY_DTYPES");
    for (int k = 0; k < kNumDTypes; ++k) {
      PyObject* o = d[py::str(numpy_name(static_cast<DType>(k)))].ptr();
      Py_INCREF(o);
      out->by_type[k] = o;
    }
    return out;
  }();
  return *c;
}

py::dtype lookup_dtype(DType t) {
  return py::reinterpret_borrow<py::dtype>(carriers().by_type[static_cast<int>(t)]);
}

namespace {

struct DTypeName {
  std::string_view numpy;
  DType dtype;
};

// ml_dtypes stores fp6/fp4/e8m0 one element per byte with the high bits zero, as we do; int4
// one per byte, where we pack two (handled by the int4 paths below).
constexpr DTypeName kNames[] = {
    {"float64", DType::f64},
    {"float32", DType::f32},
    {"float16", DType::f16},
    {"bfloat16", DType::bf16},
    {"float8_e4m3fn", DType::f8e4m3},
    {"float8_e5m2", DType::f8e5m2},
    {"float6_e2m3fn", DType::f6e2m3},
    {"float6_e3m2fn", DType::f6e3m2},
    {"float4_e2m1fn", DType::f4e2m1},
    {"float8_e8m0fnu", DType::e8m0},
    {"bool", DType::i1},
    {"int4", DType::i4},
    {"int8", DType::i8},
    {"int16", DType::i16},
    {"int32", DType::i32},
    {"int64", DType::i64},
    {"uint8", DType::u8},
    {"uint16", DType::u16},
    {"uint32", DType::u32},
    {"uint64", DType::u64},
};

std::vector<int64_t> shape_of(const py::array& a) {
  std::vector<int64_t> s(static_cast<size_t>(a.ndim()));
  for (size_t k = 0; k < s.size(); ++k)
    s[k] = static_cast<int64_t>(a.shape(static_cast<ssize_t>(k)));
  return s;
}

bool native_order(const py::dtype& dt) {
  const char bo = dt.byteorder();
  return bo != '>' || dt.itemsize() == 1;
}

/// ml_dtypes int4, one element per byte, from our two-per-byte packing (low nibble first).
py::array unpack_int4(const interp::Tensor& t) {
  py::array out(lookup_dtype(DType::i4), t.shape());
  auto* dst = static_cast<uint8_t*>(out.mutable_data());
  const auto* src = t.data<uint8_t>();
  for (int64_t i = 0; i < t.numel(); ++i) {
    const uint8_t byte = src[i / 2];
    const uint8_t nib = (i % 2 == 0) ? (byte & 0x0F) : (byte >> 4);
    dst[i] = (nib & 0x08) ? static_cast<uint8_t>(nib | 0xF0) : nib;  // sign-extended, as ml_dtypes
  }
  return out;
}

}  // namespace

/// C-order strides in bytes (pybind11 2.10 does not fill in empty strides).
std::vector<ssize_t> c_strides(const std::vector<int64_t>& shape, ssize_t itemsize) {
  std::vector<ssize_t> s(shape.size());
  ssize_t acc = itemsize;
  for (size_t k = shape.size(); k-- > 0;) {
    s[k] = acc;
    acc *= static_cast<ssize_t>(shape[k]);
  }
  return s;
}

std::optional<DType> dtype_of_numpy(const py::dtype& dt) {
  const Carriers& c = carriers();
  for (int k = 0; k < kNumDTypes; ++k) {
    const auto t = static_cast<DType>(k);
    if (t != DType::tf32 && t != DType::index && c.by_type[k] == dt.ptr()) return t;
  }
  const auto name = py::str(dt.attr("name")).cast<std::string>();
  for (const DTypeName& n : kNames)
    if (n.numpy == name) return n.dtype;
  return std::nullopt;
}

const char* numpy_name(DType t) {
  if (t == DType::tf32) return "float32";
  if (t == DType::index) return "int64";
  for (const DTypeName& n : kNames)
    if (n.dtype == t) return n.numpy.data();
  return "uint8";  // unreachable: every DType has a carrier above
}

HostTensor to_host_tensor(const py::array& in, const std::string& what) {
  const py::dtype dt = in.dtype();
  auto d = dtype_of_numpy(dt);
  if (!d)
    throw Error(what + ": numpy dtype '" + std::string(py::str(py::handle(dt))) +
                "' has no Tessera element type (use float32, bfloat16, float8_e4m3fn, int8, ...)");
  if (!native_order(dt)) throw Error(what + ": arrays in non-native byte order are not supported");
  const py::array a = py::array::ensure(in, py::array::c_style);
  HostTensor h;
  h.dtype = *d;
  h.shape = shape_of(a);
  int64_t numel = 0;
  const size_t nbytes = interp::storage_bytes(*d, h.shape, &numel);
  h.data.resize(nbytes);
  if (*d == DType::i4) {  // pack two per byte, low nibble first
    const auto* src = static_cast<const uint8_t*>(a.data());
    for (int64_t i = 0; i < numel; ++i) {
      const auto nib = static_cast<std::byte>(src[i] & 0x0F);
      h.data[static_cast<size_t>(i / 2)] |= (i % 2 == 0) ? nib : (nib << 4);
    }
  } else if (nbytes > 0) {
    std::memcpy(h.data.data(), a.data(), nbytes);
  }
  return h;
}

interp::Tensor copy_array(const py::array& in, DType t, const std::string& what) {
  if (t == DType::i4) return interp::Tensor::from_host(to_host_tensor(in, what));
  const py::array a = py::array::ensure(in, py::array::c_style);
  interp::Tensor out(t, shape_of(a));
  if (out.nbytes() > 0) std::memcpy(out.bytes(), a.data(), out.nbytes());
  return out;
}

std::optional<interp::Tensor> borrow_array(const py::array& a, DType want,
                                           const std::vector<int64_t>& shape) {
  if (want == DType::i4 || want == DType::tf32 || want == DType::index) return std::nullopt;
  auto d = dtype_of_numpy(a.dtype());
  if (!d || *d != want || !native_order(a.dtype())) return std::nullopt;
  if (!(a.flags() & py::array::c_style)) return std::nullopt;
  if (reinterpret_cast<uintptr_t>(a.data()) % 64 != 0) return std::nullopt;
  if (shape_of(a) != shape) return std::nullopt;
  // The tensor owns a reference to the array; it is dropped with the GIL held (the caller keeps
  // every borrowed tensor until it holds the GIL again).
  auto* keep = new py::object(a);
  std::shared_ptr<std::byte> storage(static_cast<std::byte*>(const_cast<void*>(a.data())),
                                     [keep](std::byte*) {
                                       py::gil_scoped_acquire gil;
                                       delete keep;
                                     });
  return interp::Tensor::borrow(want, shape, std::move(storage));
}

py::array to_numpy(const interp::Tensor& t) {
  if (t.dtype() == DType::i4) return unpack_int4(t);
  auto* owner = new interp::Tensor(t);
  py::capsule base(owner, [](void* p) { delete static_cast<interp::Tensor*>(p); });
  const py::dtype dt = lookup_dtype(t.dtype());
  return py::array(dt, t.shape(), c_strides(t.shape(), dt.itemsize()),
                   const_cast<std::byte*>(owner->bytes()), base);
}

py::array to_numpy_copy(const interp::Tensor& t) {
  if (t.dtype() == DType::i4) return unpack_int4(t);
  py::array out(lookup_dtype(t.dtype()), t.shape());
  if (t.nbytes() > 0) std::memcpy(out.mutable_data(), t.bytes(), t.nbytes());
  return out;
}

}  // namespace tessera::python
