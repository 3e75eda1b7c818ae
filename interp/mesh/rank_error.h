// Errors of one rank of a mesh program: the rank goes into the message, the location stays first.
#pragma once

#include <cstdint>
#include <string>

#include "core/mesh/mesh.h"

namespace tessera::interp::mesh {

/// Names `rank` (with its mesh coordinates) in the error `msg`. A rendered diagnostic keeps its
/// head: "f.mlir:3:5: error: rank 2 (dp=1, tp=0): 'tessera.add' op ..."; a message without one
/// gets `path` as its location: "PATH: error: rank 2 (dp=1, tp=0): out of memory".
inline std::string on_rank(const tessera::mesh::Mesh& m, int64_t rank, const std::string& msg,
                           const std::string& path) {
  const std::string who = m.describe_rank(rank) + ": ";
  const size_t line_end = msg.find('\n');
  const size_t head = msg.find(": error: ");
  if (head != std::string::npos && head < line_end) {
    std::string out = msg;
    out.insert(head + 9, who);
    return out;
  }
  return path + ": error: " + who + msg;
}

}  // namespace tessera::interp::mesh
