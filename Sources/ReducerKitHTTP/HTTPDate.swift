#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `Date` header's text (RFC 9110, IMF-fixdate): `Sun, 06 Nov 1994 08:49:37 GMT`.
public enum HTTPDate {
  /// The present moment, to the second.
  public static var now: String { text(secondsSince1970: time(nil)) }

  /// The IMF-fixdate of a time in seconds since 1970, in UTC.
  public static func text(secondsSince1970 seconds: Int) -> String {
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    let day = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][Int(parts.tm_wday)]
    let month = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ][Int(parts.tm_mon)]
    let year = String(parts.tm_year + 1900)
    let paddedYear = String(repeating: "0", count: max(0, 4 - year.count)) + year
    return "\(day), \(twoDigits(parts.tm_mday)) \(month) \(paddedYear) "
      + "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
  }

  private static func twoDigits(_ value: Int32) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
