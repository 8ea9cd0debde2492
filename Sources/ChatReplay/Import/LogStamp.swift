/// The time stamp of an `NSLog` or `os_log` line prefix, such as
/// `2018-12-19 21:05:51.338401+0800 FSiOSAppDemo[1870:1400885] `.
///
/// Two forms exist: milliseconds without a zone (Xcode 7 and earlier) and microseconds with a
/// UTC offset (Xcode 8 and later). A stamp counts microseconds since 1970 in UTC; a stamp
/// without a zone is read as UTC, which is right for differences within one printout.
struct LogStamp: Hashable, Sendable, Comparable {
  /// Microseconds since 1970-01-01 00:00 UTC.
  var microseconds: Int64

  static func < (lhs: LogStamp, rhs: LogStamp) -> Bool { lhs.microseconds < rhs.microseconds }

  /// Reads a prefix at `start`: the stamp and the index after the prefix (and its one space).
  ///
  /// The prefix is `YYYY-MM-DD HH:MM:SS.fff` (3 to 6 fraction digits), an optional `±HHMM`,
  /// a space, the process name (which may contain spaces), and `[PID:TID]`.
  static func prefix(in reader: ValueReader, at start: Int) -> (LogStamp, end: Int)? {
    var index = start
    func digits(_ count: Int) -> Int? {
      var value = 0
      for _ in 0..<count {
        guard let scalar = reader.at(index), ValueReader.isDigit(scalar) else { return nil }
        value = value * 10 + Int(scalar.value - 48)
        index += 1
      }
      return value
    }
    func expect(_ scalar: Unicode.Scalar) -> Bool {
      guard reader.at(index) == scalar else { return false }
      index += 1
      return true
    }
    guard let year = digits(4), expect("-"), let month = digits(2), expect("-"),
      let day = digits(2), expect(" "), let hour = digits(2), expect(":"),
      let minute = digits(2), expect(":"), let second = digits(2), expect(".")
    else { return nil }
    var fraction = 0
    var fractionDigits = 0
    while let scalar = reader.at(index), ValueReader.isDigit(scalar), fractionDigits < 6 {
      fraction = fraction * 10 + Int(scalar.value - 48)
      fractionDigits += 1
      index += 1
    }
    guard fractionDigits >= 3, (1...12).contains(month), (1...31).contains(day), hour < 24,
      minute < 60, second < 61
    else { return nil }
    for _ in fractionDigits..<6 { fraction *= 10 }
    var offsetMinutes = 0
    if let sign = reader.at(index), sign == "+" || sign == "-" {
      index += 1
      guard let hours = digits(2), let minutes = digits(2) else { return nil }
      offsetMinutes = (hours * 60 + minutes) * (sign == "-" ? -1 : 1)
    }
    guard expect(" ") else { return nil }
    // The process name runs to `[`; then `PID:TID]`.
    let nameStart = index
    while let scalar = reader.at(index), scalar != "[" { index += 1 }
    guard index > nameStart, expect("["), digits(1) != nil else { return nil }
    while let scalar = reader.at(index), ValueReader.isDigit(scalar) { index += 1 }
    guard expect(":"), digits(1) != nil else { return nil }
    while let scalar = reader.at(index), ValueReader.isDigit(scalar) { index += 1 }
    guard expect("]") else { return nil }
    _ = expect(" ")
    let days = Int64(daysSince1970(year: year, month: month, day: day))
    let seconds =
      days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetMinutes * 60)
    return (LogStamp(microseconds: seconds * 1_000_000 + Int64(fraction)), index)
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
  ///
  /// This is Howard Hinnant's `days_from_civil`.
  static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
