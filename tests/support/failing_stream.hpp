// A stream buffer that takes a fixed number of bytes and then fails every write, for the tests
// of what a writer does with a stream that breaks under it (a full disk, a closed pipe).
#ifndef TRACEDOC_TESTS_SUPPORT_FAILING_STREAM_HPP_
#define TRACEDOC_TESTS_SUPPORT_FAILING_STREAM_HPP_

#include <algorithm>
#include <cstddef>
#include <streambuf>
#include <string>

namespace tracedoc::testdata {

/// Keeps the first `capacity` bytes written, then refuses every byte; counts the writes tried
/// after the first refusal.
class FailingStreamBuffer : public std::streambuf {
 public:
  explicit FailingStreamBuffer(std::size_t capacity) : capacity_(capacity) {}

  const std::string& received() const { return received_; }
  int writes_after_failure() const { return writes_after_failure_; }
  int writes() const { return writes_; }

 protected:
  std::streamsize xsputn(const char* data, std::streamsize count) override {
    ++writes_;
    if (failed_) {
      ++writes_after_failure_;
      return 0;
    }
    const std::size_t taken =
        std::min(static_cast<std::size_t>(count), capacity_ - received_.size());
    received_.append(data, taken);
    if (taken < static_cast<std::size_t>(count)) failed_ = true;
    return static_cast<std::streamsize>(taken);
  }
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    const char byte = traits_type::to_char_type(c);
    return xsputn(&byte, 1) == 1 ? c : traits_type::eof();
  }

 private:
  std::size_t capacity_;
  std::string received_;
  bool failed_ = false;
  int writes_ = 0;
  int writes_after_failure_ = 0;
};

}  // namespace tracedoc::testdata

#endif  // TRACEDOC_TESTS_SUPPORT_FAILING_STREAM_HPP_
