// The tessera-conform driver: load cases, match capabilities, run, compare, diff and report.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "conformance/runner/options.h"
#include "plugins/backend.h"
#include "plugins/loader.h"

namespace tessera::conform {

/// Why a backend with `caps` cannot run a case requiring `requirements` ("key=value" each), or
/// "" when it can. `deterministic` is whether the run asks for deterministic mode. Throws
/// tessera::Error for an unknown key or a malformed value (a broken case, not a skip).
std::string unmet_requirement(const std::vector<std::string>& requirements,
                              const plugins::Capabilities& caps, bool deterministic);

/// True when `glob` (fnmatch syntax, '*' also crosses '/') matches the case id or its name.
bool case_matches_filter(const std::string& glob, const std::string& id, const std::string& name);

/// Runs the suite as `options` say, printing progress and results to `out` and setup errors to
/// `err`. Returns the process exit code: kExitOk, or kExitInputError when a case failed or the
/// run could not start (unknown backend, missing case directory, unwritable report).
/// An error message as tessera-conform prints it: one that already reads "LOCATION: error: ..."
/// stays as it is; any other gets "tessera-conform: error: " in front (docs/cli.md, "Errors").
std::string error_line(const std::string& what);

int run_conformance(const RunnerOptions& options, plugins::Registry& registry, std::ostream& out,
                    std::ostream& err, bool progress_bar);

}  // namespace tessera::conform
