// Writing results and reports: one writer for single-device and mesh runs, every write checked.
#pragma once

#include <string>

#include "interp/tensor.h"

namespace tessera::interp {

/// Sends results to `DIR/<stem>.npy` (when a directory is given) and to standard output (when
/// `print` is set, or no directory is given). The directory is created on the first result;
/// every file is checked after it is closed, so a full disk is an error, not a short file.
class ResultWriter {
 public:
  ResultWriter(std::string dir, bool print) : dir_(std::move(dir)), print_(print || dir_.empty()) {}
  /// Writes one result; throws tessera::Error ("PATH: error: ...") when it cannot.
  void write(const std::string& stem, const Tensor& t);

 private:
  std::string dir_;
  bool print_;
  bool dir_made_ = false;
};

/// Writes `text` to `path` (a trace, a report); `what` names it in the error when the file
/// cannot be opened or the write fails (checked after close).
void write_text_file(const std::string& path, const std::string& text, const std::string& what);

/// Flushes standard output; throws tessera::Error when what was printed could not be written.
void flush_stdout();

}  // namespace tessera::interp
