// The records of one kind, as a document hands them out: a random-access range whose elements are
// records by value. A document need not hold its records as these structs (a compact store builds
// each one when asked), so the list gives no pointer into its storage: bind an element to a
// `const Record&` (the temporary lives as long as the reference) or copy it, and keep positions,
// not addresses. Iterators stay valid while the document lives, also after the list is gone.
#ifndef TRACEDOC_RECORD_LIST_HPP_
#define TRACEDOC_RECORD_LIST_HPP_

#include <compare>
#include <concepts>
#include <cstddef>
#include <iterator>
#include <ranges>

namespace tracedoc {

template <class Record>
class RecordList {
 public:
  /// Builds the record at a position of a store that keeps its records in another form.
  using Decoder = Record (*)(const void* store, std::size_t index);

  /// A position in the list; dereferencing it gives the record by value.
  class iterator {
   public:
    using iterator_concept = std::random_access_iterator_tag;
    using iterator_category = std::input_iterator_tag;
    using value_type = Record;
    using difference_type = std::ptrdiff_t;
    using reference = Record;

    /// What `it->member` reads: the record, held by value for the expression.
    class arrow {
     public:
      const Record* operator->() const noexcept { return &record_; }

     private:
      friend class iterator;
      explicit arrow(Record record) : record_(record) {}
      Record record_;
    };

    iterator() = default;
    Record operator*() const { return At(store_, decode_, index_); }
    arrow operator->() const { return arrow(At(store_, decode_, index_)); }
    Record operator[](difference_type n) const {
      return At(store_, decode_,
                static_cast<std::size_t>(static_cast<difference_type>(index_) + n));
    }
    iterator& operator++() {
      ++index_;
      return *this;
    }
    iterator operator++(int) {
      iterator before = *this;
      ++index_;
      return before;
    }
    iterator& operator--() {
      --index_;
      return *this;
    }
    iterator operator--(int) {
      iterator before = *this;
      --index_;
      return before;
    }
    iterator& operator+=(difference_type n) {
      index_ = static_cast<std::size_t>(static_cast<difference_type>(index_) + n);
      return *this;
    }
    iterator& operator-=(difference_type n) { return *this += -n; }
    friend iterator operator+(iterator it, difference_type n) { return it += n; }
    friend iterator operator+(difference_type n, iterator it) { return it += n; }
    friend iterator operator-(iterator it, difference_type n) { return it -= n; }
    friend difference_type operator-(const iterator& a, const iterator& b) {
      return static_cast<difference_type>(a.index_) - static_cast<difference_type>(b.index_);
    }
    friend bool operator==(const iterator& a, const iterator& b) { return a.index_ == b.index_; }
    friend auto operator<=>(const iterator& a, const iterator& b) { return a.index_ <=> b.index_; }
    /// The element's position in the list.
    std::size_t index() const noexcept { return index_; }

   private:
    friend class RecordList;
    // What the storage is, not the list: an iterator outlives the list it came from (it stays
    // valid while the document lives).
    iterator(const void* store, Decoder decode, std::size_t index)
        : store_(store), decode_(decode), index_(index) {}
    const void* store_ = nullptr;
    Decoder decode_ = nullptr;
    std::size_t index_ = 0;
  };
  using const_iterator = iterator;
  using value_type = Record;
  using size_type = std::size_t;

  constexpr RecordList() noexcept = default;
  /// A list over records the caller holds in one array (a vector of them, a test's, a document's
  /// own storage), which must outlive the list.
  template <class Contiguous>
    requires std::ranges::contiguous_range<const Contiguous> &&
             std::same_as<std::ranges::range_value_t<Contiguous>, Record>
  constexpr RecordList(const Contiguous& records) noexcept  // NOLINT(google-explicit-constructor)
      : store_(std::ranges::data(records)), size_(std::ranges::size(records)) {}
  /// A list of `size` records that `decode(store, i)` builds (a document's compact rows); the
  /// store must outlive the list and its iterators.
  constexpr RecordList(const void* store, Decoder decode, std::size_t size) noexcept
      : store_(store), decode_(decode), size_(size) {}

  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  /// The record at `index` (< size()).
  Record operator[](std::size_t index) const { return at_unchecked(index); }
  Record front() const { return at_unchecked(0); }
  Record back() const { return at_unchecked(size() - 1); }
  iterator begin() const noexcept { return iterator(store_, decode_, 0); }
  iterator end() const noexcept { return iterator(store_, decode_, size_); }

 private:
  // Without a decoder the store is an array of the records themselves.
  static Record At(const void* store, Decoder decode, std::size_t index) {
    if (decode == nullptr) return static_cast<const Record*>(store)[index];
    return decode(store, index);
  }
  Record at_unchecked(std::size_t index) const { return At(store_, decode_, index); }
  const void* store_ = nullptr;
  Decoder decode_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace tracedoc

#endif  // TRACEDOC_RECORD_LIST_HPP_
