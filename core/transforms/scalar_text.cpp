// The scalar kernel text builder of scalar_text.h.
#include "core/transforms/scalar_text.h"

#include "core/ir/attribute.h"

namespace tessera::transforms {

std::string mlir_type(DType t) { return std::string(dtype_mlir_name(t)); }

std::string scalar_header(const std::string& name, const std::vector<DType>& ins, DType out) {
  std::ostringstream h;
  h << "  func.func @" << name << "(";
  for (size_t i = 0; i < ins.size(); ++i)
    h << "%in" << i << ": memref<?x" << mlir_type(ins[i]) << ">, ";
  h << "%out: memref<?x?x" << mlir_type(out) << ">) {\n"
    << "    %g = tile.group_id {dim = 0} : index\n"
    << "    %c0 = arith.constant {value = 0 : index} : index\n"
    << "    %c1 = arith.constant {value = 1 : index} : index\n";
  return h.str();
}

std::string ScalarText::icst(int64_t v) {
  std::string r = fresh();
  k << ind << r << " = arith.constant {value = " << v << " : index} : index\n";
  return r;
}

std::string ScalarText::fcst(double v, DType t) {
  std::string r = fresh();
  k << ind << r << " = arith.constant {value = " << ir::format_float(v, t) << " : " << mlir_type(t)
    << "} : " << mlir_type(t) << "\n";
  return r;
}

std::string ScalarText::idx(const char* op, const std::string& a, const std::string& b) {
  std::string r = fresh();
  k << ind << r << " = " << op << " " << a << ", " << b << " : index\n";
  return r;
}

std::string ScalarText::bin(const char* op, const std::string& a, const std::string& b, DType t) {
  std::string r = fresh();
  k << ind << r << " = " << op << " " << a << ", " << b << " : (" << mlir_type(t) << ", "
    << mlir_type(t) << ") -> " << mlir_type(t) << "\n";
  return r;
}

std::string ScalarText::un(const char* op, const std::string& a, DType from, DType to) {
  std::string r = fresh();
  k << ind << r << " = " << op << " " << a << " : (" << mlir_type(from) << ") -> " << mlir_type(to)
    << "\n";
  return r;
}

std::string ScalarText::cmpf(const char* pred, const std::string& a, const std::string& b,
                             DType t) {
  std::string r = fresh();
  k << ind << r << " = arith.cmpf " << a << ", " << b << " {predicate = \"" << pred << "\"} : ("
    << mlir_type(t) << ", " << mlir_type(t) << ") -> i1\n";
  return r;
}

std::string ScalarText::select(const std::string& c, const std::string& a, const std::string& b,
                               DType t) {
  std::string r = fresh();
  k << ind << r << " = arith.select " << c << ", " << a << ", " << b << " : (i1, " << mlir_type(t)
    << ", " << mlir_type(t) << ") -> " << mlir_type(t) << "\n";
  return r;
}

std::string ScalarText::and1(const std::string& a, const std::string& b) {
  std::string r = fresh();
  k << ind << r << " = arith.andi " << a << ", " << b << " : i1\n";
  return r;
}

std::string ScalarText::truncf_mode(const std::string& a, const char* mode) {
  std::string r = fresh();
  k << ind << r << " = arith.truncf " << a << " {numeric_policy = {rounding = \"" << mode
    << "\"}} : (f64) -> f32\n";
  return r;
}

std::string ScalarText::load(const std::string& mem, DType t, const std::string& i) {
  std::string r = fresh();
  k << ind << r << " = tile.load " << mem << ", " << i << " : (memref<?x" << mlir_type(t)
    << ">, index) -> " << mlir_type(t) << "\n";
  return r;
}

std::string ScalarText::convert(const std::string& v, DType from, DType to) {
  if (from == to) return v;
  const bool wider = to == DType::f64 || (to == DType::f32 && dtype_is_low_precision_float(from));
  return un(wider ? "arith.extf" : "arith.truncf", v, from, to);
}

std::string ScalarText::load_as(const std::string& mem, DType st, DType t, const std::string& i) {
  return convert(load(mem, st, i), st, t);
}

void ScalarText::store_out_as(const std::string& v, DType t, DType st, const std::string& row,
                              const std::string& col) {
  store_out(convert(v, t, st), st, row, col);
}

void ScalarText::store(const std::string& v, DType t, const std::string& row) {
  store_out(v, t, row, "%c0");
}

void ScalarText::store_out(const std::string& v, DType t, const std::string& row,
                           const std::string& col) {
  k << ind << "tile.store " << v << ", %out, " << row << ", " << col << " : (" << mlir_type(t)
    << ", memref<?x?x" << mlir_type(t) << ">, index, index) -> ()\n";
}

LocalBuffer ScalarText::alloc(int64_t n, DType t) {
  LocalBuffer b{fresh(), "memref<" + std::to_string(n) + "x" + mlir_type(t) + ", 5>", t};
  k << ind << b.name << " = tile.alloc_register : " << b.type << "\n";
  return b;
}

std::string ScalarText::load_local(const LocalBuffer& b, const std::string& i) {
  std::string r = fresh();
  k << ind << r << " = tile.load " << b.name << ", " << i << " : (" << b.type << ", index) -> "
    << mlir_type(b.t) << "\n";
  return r;
}

void ScalarText::store_local(const std::string& v, const LocalBuffer& b, const std::string& i) {
  k << ind << "tile.store " << v << ", " << b.name << ", " << i << " : (" << mlir_type(b.t) << ", "
    << b.type << ", index) -> ()\n";
}

std::string ScalarText::std_max(const std::string& a, const std::string& b, DType t) {
  return select(cmpf("olt", a, b, t), b, a, t);
}

std::string ScalarText::exp_shift_sum(const LocalBuffer& buf, const std::string& n,
                                      const std::string& m) {
  constexpr DType f = DType::f32;
  return fold("%c0", n, "%c1", fcst(0.0, f), f, [&](const std::string& j, const std::string& s) {
    const std::string e = un("tile.exp", bin("arith.subf", load_local(buf, j), m, f), f, f);
    store_local(e, buf, j);
    return bin("arith.addf", s, e, f);
  });
}

std::string ScalarText::fma_f32(const std::string& a, const std::string& b, const std::string& c) {
  constexpr DType f = DType::f32, d = DType::f64;
  // One op per statement: the kernel text does not depend on the order in which a compiler
  // evaluates arguments.
  const std::string ad = un("arith.extf", a, f, d);
  const std::string bd = un("arith.extf", b, f, d);
  const std::string cd = un("arith.extf", c, f, d);
  const std::string p = bin("arith.mulf", ad, bd, d);  // exact: 48 significant bits
  const std::string s = bin("arith.addf", p, cd, d);
  // TwoSum (Knuth): e = (p - (s - bb)) + (c - bb) with bb = s - p is exactly p + c - s.
  const std::string bb = bin("arith.subf", s, p, d);
  const std::string pa = bin("arith.subf", p, bin("arith.subf", s, bb, d), d);
  const std::string e = bin("arith.addf", pa, bin("arith.subf", cd, bb, d), d);
  const std::string r = un("arith.truncf", s, d, f);
  const std::string lo = truncf_mode(s, "rdown");
  const std::string hi = truncf_mode(s, "rup");
  const std::string lo_wide = un("arith.extf", lo, f, d);
  const std::string hi_wide = un("arith.extf", hi, f, d);
  const std::string lod = bin("arith.maximumf", lo_wide, fcst(-0x1p128, d), d);
  const std::string hid = bin("arith.minimumf", hi_wide, fcst(0x1p128, d), d);
  const std::string below = bin("arith.subf", s, lod, d);
  const std::string mid = cmpf("oeq", below, bin("arith.subf", hid, s, d), d);
  const std::string zero = fcst(0.0, d);
  const std::string up = and1(mid, cmpf("ogt", e, zero, d));
  const std::string down = and1(mid, cmpf("olt", e, zero, d));
  return select(up, hi, select(down, lo, r, f), f);
}

}  // namespace tessera::transforms
