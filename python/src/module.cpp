// tessera._core: the private extension behind the Python package: the session API (Executable),
// result-type inference from the op table, the op table itself and the pass registry. Every C++
// exception is caught here and raised as a Python exception: the interpreter never takes the
// Python process down (docs/python.md, "Errors").
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <new>
#include <string>
#include <vector>

#include "core/ops/registry.h"
#include "core/support/diagnostics.h"
#include "core/support/error.h"
#include "core/text/parser.h"
#include "core/text/printer.h"
#include "core/transforms/levels.h"
#include "core/transforms/passes.h"
#include "python/src/autodiff.h"
#include "python/src/executable.h"
#include "python/src/plugin_executable.h"

namespace py = pybind11;
using namespace tessera;

namespace {

/// Result types of one op from its record's infer hook: `op` applied to operands of
/// `operand_types` with the attribute dictionary `attrs` ("" or "{k = v, ...}") and the
/// `declared` result types where the op takes them from the program (cast, reshape). Throws
/// tessera::Error with the rendered diagnostic (`'tessera.matmul' op ... (matmul_c2)`).
std::vector<std::string> infer(const std::string& op, const std::vector<std::string>& operand_types,
                               const std::string& attrs, const std::vector<std::string>& declared) {
  const ops::OpDef* def = ops::lookup_op(op);
  if (!def) throw Error("unknown op '" + op + "'");
  std::string text = "func.func @f(";
  std::string operands, types;
  for (size_t k = 0; k < operand_types.size(); ++k) {
    const std::string sep = k ? ", " : "";
    text += sep + "%a" + std::to_string(k) + ": " + operand_types[k];
    operands += sep + "%a" + std::to_string(k);
    types += sep + operand_types[k];
  }
  std::string results;
  for (size_t k = 0; k < declared.size(); ++k) results += (k ? ", " : "") + declared[k];
  std::string names;
  for (size_t k = 0; k < declared.size(); ++k) names += (k ? ", %r" : "%r") + std::to_string(k);
  text += ") {\n  " + (names.empty() ? std::string() : names + " = ") + "\"" + op + "\"(" +
          operands + ") " + attrs + " : (" + types + ") -> (" + results + ")\n  return\n}\n";
  SourceManager sm;
  DiagnosticEngine diag(&sm);
  auto m = text::parse_module(text, "<infer>", sm, diag);
  if (!m) throw Error(diag.render());
  ir::Op& func = *m->funcs().at(0);
  ir::Op& o = *func.regions.at(0).front().ops.at(0);
  std::string err;
  if (!ops::canonicalize_attr_aliases(o, err)) throw Error(err);
  for (const auto& [name, _] : o.attrs.entries())
    if (!ops::attr_allowed(*def, name))
      throw Error("'" + op + "' op has no attribute '" + name +
                  "' (allowed: " + ops::describe_attrs(*def) + ")");
  std::vector<ir::Type> in, decl;
  for (const ir::Value* v : o.operands) in.push_back(v->type);
  for (const auto& r : o.results) decl.push_back(r->type);
  ops::InferCtx ctx{o, in, decl, {}, diag, false};
  if (!def->infer(ctx)) {
    if (!diag.has_errors()) diag.op_error(o, "failed to verify", "generic_c3");
    // The message without the location and source line of the scratch text.
    const std::string& msg = diag.all().front().message;
    throw Error(msg);
  }
  std::vector<std::string> out;
  for (const ir::Type& t : ctx.results) out.push_back(ir::to_string(t));
  return out;
}

py::list op_table() {
  py::list out;
  for (const ops::OpDef& d : ops::all_ops()) {
    py::dict e;
    e["name"] = d.name;
    e["level"] = ops::level_name(d.level);
    e["min_operands"] = d.min_operands;
    e["max_operands"] = d.max_operands;
    e["num_results"] = d.num_results;
    e["elementwise"] = d.has(ops::kElementwise);
    py::list attrs;
    for (const ops::AttrSpec& a : d.attrs()) attrs.append(std::string(a.name));
    e["attrs"] = attrs;
    out.append(e);
  }
  return out;
}

/// Runs pass `name` on the module `text` and prints the result.
std::string run_pass(const std::string& text, const std::string& name,
                     const std::string& filename) {
  const transforms::PassInfo* p = transforms::lookup_pass(name);
  if (!p) throw Error("no pass named '" + name + "'");
  auto lm = interp::load_module(text, filename);
  DiagnosticEngine diag(&lm->sm);
  if (!p->run(*lm->module, diag)) throw Error(diag.render());
  return text::print_module(*lm->module);
}

/// `text` (Graph IR) lowered through the level table (core/transforms/levels.h) down to `level`,
/// verified after each pass and printed; throws Error with the diagnostic or the reason the build
/// lacks a level.
std::string lower_to_level(const std::string& text, const std::string& level,
                           const std::string& filename) {
  auto lm = interp::load_module(text, filename);
  DiagnosticEngine diag(&lm->sm);
  std::string err;
  if (!transforms::lower_to_level(*lm->module, level, diag, err))
    throw Error(err.empty() ? diag.render() : err);
  return text::print_module(*lm->module);
}

/// The level table: one {"name", "pass", "missing"} per level in lowering order (None where the
/// field is absent).
py::list levels() {
  py::list out;
  for (const transforms::LevelInfo& l : transforms::all_levels()) {
    py::dict d;
    d["name"] = l.name;
    d["pass"] = l.pass ? py::object(py::str(l.pass)) : py::object(py::none());
    d["missing"] = l.missing ? py::object(py::str(l.missing)) : py::object(py::none());
    out.append(d);
  }
  return out;
}

std::vector<std::string> pass_names() {
  std::vector<std::string> out;
  for (const transforms::PassInfo& p : transforms::all_passes()) out.emplace_back(p.name);
  return out;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "Private extension of the tessera package (use `import tessera`).";
  static py::exception<Error> error(m, "Error");
  static py::exception<Error> usage_error(m, "UsageError", error.ptr());
  static py::exception<Error> sanitizer_error(m, "SanitizerError", error.ptr());
  static py::exception<Error> internal_error(m, "InternalError", error.ptr());
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Error& e) {
      py::set_error(error, e.what());
    } catch (const interp::UsageError& e) {
      py::set_error(usage_error, e.message.c_str());
    } catch (const python::SanitizerFinding& e) {
      py::set_error(sanitizer_error, e.message.c_str());
    } catch (const std::bad_alloc&) {
      PyErr_SetString(PyExc_MemoryError, "out of memory in the Tessera interpreter");
    } catch (const py::error_already_set&) {
      throw;
    } catch (const py::builtin_exception&) {
      throw;
    } catch (const std::exception& e) {
      py::set_error(internal_error, (std::string("internal error: ") + e.what()).c_str());
    }
  });

  py::class_<python::CompileOptions>(m, "CompileOptions")
      .def(py::init<>())
      .def_readwrite("entry", &python::CompileOptions::entry)
      .def_readwrite("filename", &python::CompileOptions::filename)
      .def_readwrite("threads", &python::CompileOptions::threads)
      .def_readwrite("checks", &python::CompileOptions::checks)
      .def_readwrite("schedule_seed", &python::CompileOptions::schedule_seed)
      .def_readwrite("max_memory", &python::CompileOptions::max_memory);

  py::class_<python::Executable>(m, "Executable")
      .def(py::init<const std::string&, const python::CompileOptions&>(), py::arg("text"),
           py::arg("options"))
      .def("run", &python::Executable::run, py::arg("inputs"), py::arg("per_rank") = false)
      .def("params", &python::Executable::params)
      .def("text", &python::Executable::text, py::arg("generic") = false)
      .def_property_readonly("num_results", &python::Executable::num_results)
      .def_property_readonly("num_ranks", &python::Executable::num_ranks)
      .def_property_readonly("peak_bytes", &python::Executable::peak_bytes);

  py::class_<python::PluginExecutable>(m, "PluginExecutable")
      .def(py::init<const std::string&, const python::CompileOptions&, const std::string&>(),
           py::arg("text"), py::arg("options"), py::arg("backend"))
      .def("run", &python::PluginExecutable::run, py::arg("inputs"), py::arg("per_rank") = false)
      .def("params", &python::PluginExecutable::params)
      .def_property_readonly("num_results", &python::PluginExecutable::num_results);

  m.def("infer", &infer, py::arg("op"), py::arg("operand_types"), py::arg("attrs") = "",
        py::arg("declared") = std::vector<std::string>{});
  m.def("op_table", &op_table);
  m.def("run_pass", &run_pass, py::arg("text"), py::arg("name"), py::arg("filename") = "<python>");
  m.def("pass_names", &pass_names);
  m.def("lower_to_level", &lower_to_level, py::arg("text"), py::arg("level"),
        py::arg("filename") = "<python>");
  m.def("levels", &levels);
  python::register_autodiff(m);
}
