// The read layer's own pieces: the errors it words itself (code, line, index and text, the same
// for every thread count because they are made here), the error log's bound, opening an input,
// and owning a decoded event past its decoder's next record.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <variant>

#include <gtest/gtest.h>

#include "read/error_log.hpp"
#include "read/input_access.hpp"
#include "read/owned_event.hpp"
#include "read/read_errors.hpp"
#include "support/temp_dir.hpp"
#include "tracedoc/record_decoder.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::read {
namespace {

TEST(ReadErrorsTest, EachErrorHasItsCodeLineIndexAndWords) {
  const Error too_long = LineTooLong(7, 64);
  EXPECT_EQ(too_long.code, ErrorCode::kLimitExceeded);
  EXPECT_EQ(too_long.line, 7u);
  EXPECT_EQ(too_long.index, std::nullopt);
  EXPECT_EQ(too_long.message, "line 7 is longer than 64 bytes");

  const Error utf8 = InvalidUtf8(3, 2);
  EXPECT_EQ(utf8.code, ErrorCode::kInvalidUtf8);
  EXPECT_EQ(utf8.line, 3u);
  EXPECT_EQ(utf8.index, 2u);
  EXPECT_EQ(utf8.message, "stream did not contain valid UTF-8");

  const Error records = TooManyRecords(9, 5, 5);
  EXPECT_EQ(records.code, ErrorCode::kLimitExceeded);
  EXPECT_EQ(records.index, 5u);
  EXPECT_EQ(records.message, "more than 5 records");

  const Error failed = ReadFailed(4, "run.jsonl", "Input/output error");
  EXPECT_EQ(failed.code, ErrorCode::kIoError);
  EXPECT_EQ(failed.line, 4u);
  EXPECT_EQ(failed.message, "read trace JSONL line 4 from run.jsonl: Input/output error");
  EXPECT_TRUE(failed.field.empty());
}

Error WithMessage(std::string message) {
  return Error{ErrorCode::kInvalidJson, 1, std::nullopt, std::nullopt, {}, std::move(message)};
}

TEST(ErrorLogTest, CountsEveryErrorKeepsAtMostMaxAndShortensAllButTheFirst) {
  ErrorLog log;
  log.max_errors = 2;
  const std::string long_message(ErrorLog::kMaxLoggedMessageBytes + 10, 'x');
  AddToLog(log, WithMessage(long_message));
  AddToLog(log, WithMessage(long_message));
  AddToLog(log, WithMessage("third"));
  EXPECT_EQ(log.total, 3u);
  ASSERT_EQ(log.errors.size(), 2u);
  EXPECT_EQ(log.errors[0].message, long_message);  // the first is the plain read's, whole
  EXPECT_EQ(log.errors[1].message,
            std::string(ErrorLog::kMaxLoggedMessageBytes, 'x') + "…");
}

TEST(ErrorLogTest, ACutNeverSplitsAUtf8SequenceAndAZeroBoundStillKeepsOne) {
  ErrorLog log;
  log.max_errors = 0;
  AddToLog(log, WithMessage("first"));
  AddToLog(log, WithMessage("second"));
  EXPECT_EQ(log.total, 2u);
  ASSERT_EQ(log.errors.size(), 1u);

  ErrorLog cut;
  // "é" (2 bytes) straddles the limit: the cut moves back to its first byte.
  std::string message(ErrorLog::kMaxLoggedMessageBytes - 1, 'a');
  message += "é";
  AddToLog(cut, WithMessage("first"));
  AddToLog(cut, WithMessage(message));
  EXPECT_EQ(cut.errors[1].message,
            std::string(ErrorLog::kMaxLoggedMessageBytes - 1, 'a') + "…");
}

TEST(InputAccessTest, AFileOpensAndAMissingOneIsAnIoErrorNamingIt) {
  const testing_support::TestTempDir dir;
  const std::filesystem::path present = dir.path() / "trace.jsonl";
  std::ofstream(present) << "{}\n";
  const Result<InputSource> opened = OpenInputSource(TraceInput::FromFile(present), "trace");
  ASSERT_TRUE(opened);
  char bytes[8] = {};
  EXPECT_EQ(opened.value().bytes().Read(bytes, sizeof bytes), 3u);
  EXPECT_EQ(std::string_view(bytes, 3), "{}\n");
  EXPECT_EQ(InputAccess::kind(TraceInput::FromFile(present)), InputAccess::kFile);
  EXPECT_EQ(InputAccess::path(TraceInput::FromFile(present)), present);

  const Result<InputSource> missing =
      OpenInputSource(TraceInput::FromFile(dir.path() / "absent.jsonl"), "trace");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, ErrorCode::kIoError);
  EXPECT_EQ(missing.error().message.rfind("open trace ", 0), 0u) << missing.error().message;
  EXPECT_NE(missing.error().message.find("absent.jsonl: No such file or directory"),
            std::string::npos)
      << missing.error().message;
}

TEST(InputAccessTest, AStringInputIsItsTextAndIsDecodedOnlyWhenCompressed) {
  EXPECT_EQ(InputAccess::text(TraceInput::FromString("abc")), "abc");
  EXPECT_EQ(InputAccess::kind(TraceInput::FromString("abc")), InputAccess::kString);
  EXPECT_FALSE(NeedsDecoding("abc"));
  EXPECT_FALSE(NeedsDecoding(""));
  EXPECT_TRUE(NeedsDecoding("\x1f\x8b"));
  EXPECT_TRUE(NeedsDecoding(std::string_view("\x28\xb5\x2f\xfd", 4)));
  // Standard input is one source for the process (what a format probe peeks of it is there for
  // the read that follows): the command-line tests read it, since a test here may not.
}

TEST(OwnedEventTest, AnOwnedEventOutlivesItsDecodersNextRecord) {
  RecordDecoder decoder;
  Result<Event> first = decoder.Decode(
      R"({"kind":"op","span_id":"s1","op_name":"matmul","inputs":["t1","t2"],"shape":[2,3],"dtype":"f32","device":"cpu","duration_ns":5,"timestamp_ns":9,"input_dense_bytes":0,"extra":{"k":[1]}})");
  ASSERT_TRUE(first) << first.error().message;
  util::StringPool pool;
  const Event owned = OwnEvent(pool, first.value());
  const Event copy_of_views = first.value();

  Result<Event> second = decoder.Decode(
      R"({"kind":"op","span_id":"zz","op_name":"relu","inputs":["u9","u8"],"shape":[7,7],"dtype":"f16","device":"gpu","duration_ns":1,"timestamp_ns":2,"input_dense_bytes":0,"other":{"q":[2]}})");
  ASSERT_TRUE(second);
  const OpRecord& op = std::get<OpRecord>(owned);
  EXPECT_EQ(op.span_id, "s1");
  EXPECT_EQ(op.op_name, "matmul");
  ASSERT_EQ(op.inputs.size(), 2u);
  EXPECT_EQ(op.inputs[0], "t1");
  EXPECT_EQ(op.inputs[1], "t2");
  ASSERT_EQ(op.shape.size(), 2u);
  EXPECT_EQ(op.shape[1], 3u);
  ASSERT_EQ(op.unknown.size(), 1u);
  EXPECT_EQ((*op.unknown.begin()).key, "extra");
  EXPECT_EQ((*op.unknown.begin()).json, R"({"k":[1]})");
  // Not a view into the decoder: none of its strings sits in the decoder's reused buffers.
  EXPECT_NE(op.op_name.data(), std::get<OpRecord>(copy_of_views).op_name.data());
}

}  // namespace
}  // namespace tracedoc::read
