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

bool Emitter::emit_arith(const ir::Op& o) {
  const std::string& n = o.name;
  if (n.rfind("arith.", 0) != 0) return false;
  if (o.num_results() != 1) throw CodegenError(o, n + ": expected one result");
  const ir::Type& rt = o.result()->type;
  if (rt.kind != ir::TypeKind::scalar && !(n == "arith.select" && rt.is_memref()))
    throw CodegenError(o, n + ": only scalar arith is generated (register tiles are lowered "
                              "away before Target IR)");
  auto arg = [&](size_t i) { return name(o.operands.at(i)); };
  std::string ty = reg_type(o, rt);
  if (n == "arith.constant") {
    const ir::Attr* v = o.attrs.get("value");
    if (v == nullptr || !v->is_number()) throw CodegenError(o, n + ": missing scalar value");
    line("const " + ty + " " + define(o.result()) + " = " + hex_constant(o, rt, *v) + ";");
    return true;
  }
  std::string res = ty + " " + define(o.result()) + " = ";
  DType d = o.operands.empty() ? rt.dtype : o.operands[0]->type.dtype;
  bool i1 = d == DType::i1;
  if (const char* f = is_float(d) ? float_intrinsic(n, d) : nullptr) {
    line(res + f + "(" + arg(0) + ", " + arg(1) + ");");
  } else if (n == "arith.negf" && is_float(d)) {
    line(res + "-" + arg(0) + ";");
  } else if (n == "arith.addi" || n == "arith.subi" || n == "arith.muli") {
    // On i1 (two's complement one-bit): add and sub are xor, mul is and.
    if (i1)
      line(res + arg(0) + (n == "arith.muli" ? " & " : " ^ ") + arg(1) + ";");
    else
      line(res + "tsr::" + n.substr(6) + "(" + arg(0) + ", " + arg(1) + ");");
  } else if ((n == "arith.divsi" || n == "arith.remsi") && !i1) {
    line(res + "tsr::" + n.substr(6) + "(" + arg(0) + ", " + arg(1) + ");");
  } else if (n == "arith.andi" || n == "arith.ori" || n == "arith.xori") {
    const char* sym = n == "arith.andi" ? " & " : n == "arith.ori" ? " | " : " ^ ";
    line(res + ty + "(" + arg(0) + sym + arg(1) + ");");
  } else if (n == "arith.minsi" || n == "arith.maxsi") {
    // On i1 true is -1: max is and, min is or.
    bool mx = n == "arith.maxsi";
    if (i1)
      line(res + arg(0) + (mx ? " & " : " | ") + arg(1) + ";");
    else
      line(res + arg(0) + (mx ? " > " : " < ") + arg(1) + " ? " + arg(0) + " : " + arg(1) + ";");
  } else if (n == "arith.cmpi") {
    static const char* const kNames[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                         "sge", "ult", "ule", "ugt", "uge"};
    std::string p = predicate(o, kNames, 10);
    std::string a = arg(0), b = arg(1);
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
    line(res + "(" + a + " " + op + " " + b + ");");
  } else if (n == "arith.cmpf" && is_float(d)) {
    std::string p = predicate(o, nullptr, 0);
    std::string a = arg(0), b = arg(1);
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
    if (p[0] == 'o')
      line(res + "!" + nan + " && (" + a + " " + op + " " + b + ");");
    else
      line(res + nan + " || (" + a + " " + op + " " + b + ");");
  } else if (n == "arith.select") {
    line(res + arg(0) + " ? " + arg(1) + " : " + arg(2) + ";");
  } else if (n == "arith.index_cast") {
    // i1 is signed (true = -1); to i1 keeps the low bit; otherwise wrap or sign-extend.
    if (i1)
      line(res + ty + "(tsr::s1(" + arg(0) + "));");
    else if (rt.dtype == DType::i1)
      line(res + "(" + arg(0) + " & 1) != 0;");
    else
      line(res + ty + "(" + arg(0) + ");");
  } else if (n == "arith.sitofp" && is_float(rt.dtype)) {
    std::string v = i1 ? "tsr::s1(" + arg(0) + ")" : arg(0);
    line(res + (rt.dtype == DType::f32 ? "__ll2float_rn" : "__ll2double_rn") + "((long long)" + v +
         ");");
  } else {
    throw CodegenError(o, n + ": not generated yet for " + dtype_mlir_name(d) +
                              " (docs/cuda.md lists the generated ops)");
  }
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
