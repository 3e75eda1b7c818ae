// Writing results and reports with checked writes.
#include "interp/session/outputs.h"

#include <filesystem>
#include <fstream>
#include <iostream>

#include "core/support/error.h"
#include "interp/io/npy.h"
#include "interp/session/format.h"

namespace tessera::interp {

void ResultWriter::write(const std::string& stem, const Tensor& t) {
  if (!dir_.empty()) {
    if (!dir_made_) {
      std::error_code ec;
      std::filesystem::create_directories(dir_, ec);
      if (ec) throw Error(dir_ + ": error: cannot create output directory: " + ec.message());
      dir_made_ = true;
    }
    io::write_npy(dir_ + "/" + stem + ".npy", t.to_host());
  }
  if (print_) std::cout << format_tensor(stem, t);
}

void write_text_file(const std::string& path, const std::string& text, const std::string& what) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) throw Error(path + ": error: cannot open the file to write the " + what);
  f.write(text.data(), static_cast<std::streamsize>(text.size()));
  f.close();  // buffered bytes reach the file (or fail) only here
  if (f.fail()) throw Error(path + ": error: writing the " + what + " failed (disk full?)");
}

void flush_stdout() {
  std::cout.flush();
  if (std::cout.fail()) {
    std::cout.clear();
    throw Error("<stdout>: error: writing the results to standard output failed");
  }
}

}  // namespace tessera::interp
