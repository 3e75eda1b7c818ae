// arith.* and scf.* ops, per lane: one C statement each (integer ops wrap, float ops round once
// with explicit round-to-nearest intrinsics so nothing is contracted).
#include <cstdio>
#include <cstring>

#include "backends/cuda/codegen/emitter.h"

namespace tessera::cuda {
namespace {

bool is_float(DType d) { return d == DType::f32 || d == DType::f64; }

std::string hex_constant(const ir::Op& o, const ir::Type& t, const ir::Attr& a) {
  char buf[64];
  if (t.dtype == DType::f32) {
    float f = static_cast<float>(a.as_double());
    uint32_t bits = 0;
    std::memcpy(&bits, &f, 4);
    std::snprintf(buf, sizeof buf, "__uint_as_float(0x%08xu)", bits);
    return buf;
  }
  if (t.dtype == DType::f64) {
    double f = a.as_double();
    uint64_t bits = 0;
    std::memcpy(&bits, &f, 8);
    std::snprintf(buf, sizeof buf, "__longlong_as_double(0x%016llxll)",
                  static_cast<unsigned long long>(bits));
    return buf;
  }
  if (!a.is_int()) throw CodegenError(o, "arith.constant: integer type with a non-integer value");
  if (t.dtype == DType::i1) return a.i != 0 ? "true" : "false";
  // Through the unsigned spelling so INT64_MIN needs no special case.
  std::snprintf(buf, sizeof buf, "0x%llxull", static_cast<unsigned long long>(a.i));
  return buf;
}

const char* float_intrinsic(const std::string& op, DType d) {
  bool f = d == DType::f32;
  if (op == "arith.addf") return f ? "__fadd_rn" : "__dadd_rn";
  if (op == "arith.subf") return f ? "__fsub_rn" : "__dsub_rn";
  if (op == "arith.mulf") return f ? "__fmul_rn" : "__dmul_rn";
  if (op == "arith.divf") return f ? "__fdiv_rn" : "__ddiv_rn";
  if (op == "arith.maximumf") return "tsr::maximumf";
  if (op == "arith.minimumf") return "tsr::minimumf";
  return nullptr;
}

std::string predicate(const ir::Op& o, const char* const* names, int count) {
  const ir::Attr* a = o.attrs.get("predicate");
  if (a != nullptr && a->is_int() && a->i >= 0 && a->i < count && o.name == "arith.cmpi")
    return names[a->i];
  if (a != nullptr && a->kind == ir::Attr::Kind::string) return a->s;
  throw CodegenError(o, o.name + ": predicate must be a name (or cmpi's integer code)");
}

}  // namespace

namespace {

/// MLIR's arith.cmpf predicate codes (1-6, 8-13 are accepted: arith_c4).
const char* cmpf_code(int64_t c) {
  static const char* const kNames[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                       "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};
  return c >= 0 && c < 16 ? kNames[c] : "";
}

std::string cmpf_predicate(const ir::Op& o) {
  const ir::Attr* a = o.attrs.get("predicate");
  if (a != nullptr && a->is_int()) return cmpf_code(a->i);
  if (a != nullptr && a->kind == ir::Attr::Kind::string) return a->s;
  throw CodegenError(o, o.name + ": predicate must be a name or MLIR's integer code");
}

}  // namespace

// The right-hand side of one lane's (or one vector element's) arith op, given its operands'
// C expressions; `d` is the operands' element type, `rt` the result's.
std::string Emitter::arith_expr(const ir::Op& o, const std::vector<std::string>& x, DType d,
                                DType rt) {
  const std::string& n = o.name;
  const bool i1 = d == DType::i1;
  const std::string ty = mem_type(o, rt);
  auto bin = [&](const char* sym) { return "(" + x[0] + sym + x[1] + ")"; };
  if (const char* f = is_float(d) ? float_intrinsic(n, d) : nullptr)
    return std::string(f) + "(" + x[0] + ", " + x[1] + ")";
  if (n == "arith.negf" && is_float(d)) return "(-" + x[0] + ")";
  if (n == "arith.addi" || n == "arith.subi" || n == "arith.muli") {
    // On i1 (two's complement one-bit): add and sub are xor, mul is and.
    if (i1) return bin(n == "arith.muli" ? " & " : " ^ ");
    return "tsr::" + n.substr(6) + "(" + x[0] + ", " + x[1] + ")";
  }
  if ((n == "arith.divsi" || n == "arith.remsi" || n == "arith.shli") && !i1)
    return "tsr::" + n.substr(6) + "(" + x[0] + ", " + x[1] + ")";
  if (n == "arith.shrsi") return i1 ? x[0] : "tsr::shrsi(" + x[0] + ", " + x[1] + ")";
  if (n == "arith.shli") return "(!" + x[1] + " && " + x[0] + ")";  // i1: shift by true gives 0
  if (n == "arith.andi" || n == "arith.ori" || n == "arith.xori") {
    const char* sym = n == "arith.andi" ? " & " : n == "arith.ori" ? " | " : " ^ ";
    return ty + bin(sym);
  }
  if (n == "arith.minsi" || n == "arith.maxsi") {
    // On i1 true is -1: max is and, min is or.
    bool mx = n == "arith.maxsi";
    if (i1) return bin(mx ? " & " : " | ");
    return "(" + x[0] + (mx ? " > " : " < ") + x[1] + " ? " + x[0] + " : " + x[1] + ")";
  }
  if (n == "arith.cmpi") {
    static const char* const kNames[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                         "sge", "ult", "ule", "ugt", "uge"};
    std::string p = predicate(o, kNames, 10);
    std::string a = x[0], b = x[1];
    bool uns = p[0] == 'u';
    if (i1) {
      a = (uns ? "tsr::u1(" : "tsr::s1(") + a + ")";
      b = (uns ? "tsr::u1(" : "tsr::s1(") + b + ")";
    } else if (uns) {
      a = "tsr::as_uns(" + a + ")";
      b = "tsr::as_uns(" + b + ")";
    }
    std::string op = p == "eq" ? "==" : p == "ne" ? "!=" : "";
    if (op.empty() && p.size() == 3) {
      std::string r = p.substr(1);
      op = r == "lt" ? "<" : r == "le" ? "<=" : r == "gt" ? ">" : r == "ge" ? ">=" : "";
    }
    if (op.empty()) throw CodegenError(o, n + ": unknown predicate '" + p + "'");
    return "(" + a + " " + op + " " + b + ")";
  }
  if (n == "arith.cmpf" && is_float(d)) {
    std::string p = cmpf_predicate(o);
    const std::string &a = x[0], &b = x[1];
    std::string nan = "(" + a + " != " + a + " || " + b + " != " + b + ")";
    std::string r = p.size() == 3 ? p.substr(1) : "";
    std::string op = r == "eq"   ? "=="
                     : r == "ne" ? "!="
                     : r == "lt" ? "<"
                     : r == "le" ? "<="
                     : r == "gt" ? ">"
                     : r == "ge" ? ">="
                                 : "";
    if (op.empty() || (p[0] != 'o' && p[0] != 'u'))
      throw CodegenError(o, n + ": unknown predicate '" + p + "'");
    if (p[0] == 'o') return "(!" + nan + " && (" + a + " " + op + " " + b + "))";
    return "(" + nan + " || (" + a + " " + op + " " + b + "))";
  }
  if (n == "arith.select") return "(" + x[0] + " ? " + x[1] + " : " + x[2] + ")";
  if (n == "arith.index_cast") {
    // i1 is signed (true = -1); to i1 keeps the low bit; otherwise wrap or sign-extend.
    if (i1) return ty + "(tsr::s1(" + x[0] + "))";
    if (rt == DType::i1) return "((" + x[0] + " & 1) != 0)";
    return ty + "(" + x[0] + ")";
  }
  if (n == "arith.sitofp" && is_float(rt)) {
    std::string v = i1 ? "tsr::s1(" + x[0] + ")" : x[0];
    return std::string(rt == DType::f32 ? "__ll2float_rn" : "__ll2double_rn") + "((long long)" + v +
           ")";
  }
  if (n == "arith.extf" && d == DType::f32 && rt == DType::f64) return "tsr::extf(" + x[0] + ")";
  if (n == "arith.truncf" && d == DType::f64 && rt == DType::f32)
    return "tsr::truncf_rn(" + x[0] + ")";
  if (n == "arith.fptosi" && is_float(d)) {
    // NaN gives 0, the i64 range saturates, then the i64 wraps to the result's width.
    std::string v = "tsr::fptosi_i64(" + x[0] + ")";
    if (rt == DType::i1) return "((" + v + " & 1) != 0)";
    return ty + "(tsr::u64(" + v + "))";
  }
  if (std::string c = convert_expr(o, x[0], d, rt); !c.empty()) return c;
  throw CodegenError(o, n + ": not generated yet for " + dtype_mlir_name(d) +
                            " (docs/cuda.md lists the generated ops)");
}

bool Emitter::emit_arith(const ir::Op& o) {
  const std::string& n = o.name;
  if (n.rfind("arith.", 0) != 0) return false;
  if (o.num_results() != 1) throw CodegenError(o, n + ": expected one result");
  const ir::Type& rt = o.result()->type;
  std::string ty = reg_type(o, rt);
  if (n == "arith.constant") {
    const ir::Attr* v = o.attrs.get("value");
    if (v == nullptr || !v->is_number() || rt.kind != ir::TypeKind::scalar)
      throw CodegenError(o, n + ": missing scalar value");
    line("const " + ty + " " + define(o.result()) + " = " + hex_constant(o, rt, *v) + ";");
    return true;
  }
  std::vector<std::string> args;
  for (const ir::Value* v : o.operands) args.push_back(name(v));
  DType d = o.operands.empty() ? rt.dtype : o.operands[0]->type.dtype;
  if (n == "arith.select") d = o.operands.at(1)->type.dtype;
  const bool whole = n == "arith.select" && o.operands[0]->type.kind == ir::TypeKind::scalar;
  if (rt.kind == ir::TypeKind::scalar || rt.is_memref() || whole) {
    line(ty + " " + define(o.result()) + " = " + arith_expr(o, args, d, rt.dtype) + ";");
    return true;
  }
  if (rt.kind != ir::TypeKind::vector)
    throw CodegenError(o, n + ": only scalar and vector arith is generated");
  // A register tile: the scalar expression per element. bf16/f16 tiles hold f32 cells rounded
  // to the element type after every float op (docs/ops/tile/scalar.md, "Floats").
  std::vector<std::string> elem;
  for (size_t i = 0; i < args.size(); ++i)
    elem.push_back(o.operands[i]->type.kind == ir::TypeKind::vector ? args[i] + ".e[k]" : args[i]);
  DType ed = (d == DType::bf16 || d == DType::f16) ? DType::f32 : d;
  DType er = (rt.dtype == DType::bf16 || rt.dtype == DType::f16) ? DType::f32 : rt.dtype;
  std::string e = arith_expr(o, elem, ed, er);
  if (er != rt.dtype) e = "tsr::round_to<" + mem_type(o, rt.dtype) + ">(" + e + ")";
  std::string v = define(o.result());
  line(ty + " " + v + ";");
  line("for (int k = 0; k < " + std::to_string(rt.shape[0]) + "; ++k) " + v + ".e[k] = " + e + ";");
  return true;
}

bool Emitter::emit_scf(const ir::Op& o) {
  const std::string& n = o.name;
  if (n == "scf.yield") {
    if (yield_to_.empty() || yield_to_.back().size() != o.operands.size())
      throw CodegenError(o, "scf.yield: operand count does not match its parent");
    for (size_t i = 0; i < o.operands.size(); ++i)
      line(yield_to_.back()[i] + " = " + name(o.operands[i]) + ";");
    return true;
  }
  std::vector<std::string> results;
  auto declare_results = [&]() {
    for (const auto& r : o.results) {
      std::string t = reg_type(o, r->type);
      results.push_back(define(r.get()));
      line(t + " " + results.back() + "{};");
    }
  };
  if (n == "scf.if") {
    if (o.regions.size() != 2 || o.operands.size() != 1)
      throw CodegenError(o, "scf.if: expected a condition and two regions");
    declare_results();
    open("if (" + name(o.operands[0]) + ")");
    region(o, o.regions[0], results);
    bool has_else = !o.regions[1].empty() && !o.regions[1].front().ops.empty() &&
                    !(o.regions[1].front().ops.size() == 1 && results.empty());
    if (has_else) {
      close("} else {");
      ++indent_;
      region(o, o.regions[1], results);
    }
    close();
    return true;
  }
  if (n == "scf.for") {
    if (o.operands.size() < 3 || o.regions.size() != 1 || o.regions[0].blocks.size() != 1)
      throw CodegenError(o, "scf.for: expected lb, ub, step and one body block");
    declare_results();
    for (size_t i = 0; i < results.size(); ++i)
      line(results[i] + " = " + name(o.operands[3 + i]) + ";");
    const ir::Block& body = o.regions[0].front();
    if (body.args.size() != 1 + results.size())
      throw CodegenError(o, "scf.for: body arguments do not match the carried values");
    std::string lb = name(o.operands[0]), ub = name(o.operands[1]), st = name(o.operands[2]);
    // The interpreter stops the run for a step <= 0; the kernel traps.
    line("if (!(" + st + " > 0)) __trap();");
    std::string iv = define(body.args[0].get());
    open("for (tsr::i64 " + iv + " = " + lb + "; " + iv + " < " + ub + "; " + iv + " = tsr::addi(" +
         iv + ", " + st + "))");
    for (size_t i = 0; i < results.size(); ++i) {
      std::string t = reg_type(o, body.args[1 + i]->type);
      line(t + " " + define(body.args[1 + i].get()) + " = " + results[i] + ";");
    }
    region(o, o.regions[0], results);
    close();
    return true;
  }
  if (n == "scf.while") {
    if (o.regions.size() != 2 || o.regions[0].blocks.size() != 1 || o.regions[1].blocks.size() != 1)
      throw CodegenError(o, "scf.while: expected a before and an after block");
    declare_results();
    const ir::Block& before = o.regions[0].front();
    if (before.args.size() != o.operands.size())
      throw CodegenError(o, "scf.while: before arguments do not match the operands");
    std::vector<std::string> carried;
    for (size_t i = 0; i < before.args.size(); ++i) {
      std::string t = reg_type(o, before.args[i]->type);
      carried.push_back(define(before.args[i].get()));
      line(t + " " + carried.back() + " = " + name(o.operands[i]) + ";");
    }
    open("while (true)");
    while_stack_.push_back(&o);
    region(o, o.regions[0], {});
    while_stack_.pop_back();
    region(o, o.regions[1], carried);
    close();
    return true;
  }
  if (n == "scf.condition") {
    if (while_stack_.empty() || o.operands.empty())
      throw CodegenError(o, "scf.condition outside an scf.while before region");
    const ir::Op& w = *while_stack_.back();
    const ir::Block& after = w.regions[1].front();
    size_t k = o.operands.size() - 1;
    if (k != w.num_results() || k != after.args.size())
      throw CodegenError(o, "scf.condition: forwarded values do not match the loop");
    open("if (!" + name(o.operands[0]) + ")");
    for (size_t i = 0; i < k; ++i) line(name(w.result(i)) + " = " + name(o.operands[1 + i]) + ";");
    line("break;");
    close();
    for (size_t i = 0; i < k; ++i) {
      std::string t = reg_type(o, after.args[i]->type);
      line(t + " " + define(after.args[i].get()) + " = " + name(o.operands[1 + i]) + ";");
    }
    return true;
  }
  return false;
}

}  // namespace tessera::cuda
