import Foundation

/// A date as `ISO8601DateFormatter` writes it with `.withInternetDateTime` and
/// `.withFractionalSeconds` in UTC (`2025-01-31T09:15:02.481Z`, to the nearest millisecond),
/// worked out from the date's milliseconds: Foundation on Linux builds an ICU formatter for
/// every date it formats, which was three quarters of `log --json`'s time.
enum ISO8601Timestamp {
  /// The text of `date`.
  static func string(from date: Date) -> String {
    // Milliseconds since 1970 as Foundation works them out, a half rounded up.
    let milliseconds =
      ((date.timeIntervalSinceReferenceDate + 978_307_200) * 1000 + 0.5).rounded(.down)
    // ICU's calendar is Julian before 1582 and its years past 9999 take more digits: those
    // dates, which no log holds, go through the formatter.
    guard milliseconds >= -12_219_292_800_000, milliseconds < 253_402_300_800_000 else {
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
      return formatter.string(from: date)
    }
    let total = Int64(milliseconds)
    var days = total / 86_400_000
    var millisecondOfDay = total % 86_400_000
    if millisecondOfDay < 0 {
      days -= 1
      millisecondOfDay += 86_400_000
    }
    // The proleptic Gregorian date of a day count from 1970-01-01 (H. Hinnant's civil_from_days).
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)

    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    func append(_ value: Int64, digits: Int) {
      var divisor: Int64 = 1
      for _ in 1..<digits { divisor *= 10 }
      var rest = value
      while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
        rest %= divisor
        divisor /= 10
      }
    }
    append(year, digits: 4)
    bytes.append(UInt8(ascii: "-"))
    append(month, digits: 2)
    bytes.append(UInt8(ascii: "-"))
    append(day, digits: 2)
    bytes.append(UInt8(ascii: "T"))
    append(millisecondOfDay / 3_600_000, digits: 2)
    bytes.append(UInt8(ascii: ":"))
    append(millisecondOfDay / 60_000 % 60, digits: 2)
    bytes.append(UInt8(ascii: ":"))
    append(millisecondOfDay / 1_000 % 60, digits: 2)
    bytes.append(UInt8(ascii: "."))
    append(millisecondOfDay % 1_000, digits: 3)
    bytes.append(UInt8(ascii: "Z"))
    return String(decoding: bytes, as: UTF8.self)
  }
}
