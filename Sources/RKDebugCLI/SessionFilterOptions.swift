import ArgumentParser
import Foundation
import ReducerKitDebug

/// `--feature`, `--since`, `--until`, `--metadata` and `--failed`: which sessions `sessions`
/// lists and `find --all-sessions` searches.
struct SessionFilterOptions: ParsableArguments {
  @Option(
    name: .customLong("feature"),
    help: ArgumentHelp("Only sessions recorded under this feature name.", valueName: "name"))
  var feature: String?

  @Option(
    help: ArgumentHelp(
      "Only sessions that started at or after this time.",
      discussion: """
        A time is a date (2026-11-27, midnight in the local time zone), a date and time as \
        'sessions' prints them (2026-11-27 14:05 or 2026-11-27 14:05:09, local time), an \
        ISO 8601 time with its zone (2026-11-27T14:05:09Z), or a span back from now: a \
        number and s, m, h, d or w (90m, 1d, 2w).
        """,
      valueName: "time"),
    transform: SessionFilterOptions.time)
  var since: Date?

  @Option(
    help: ArgumentHelp(
      "Only sessions that started before this time (written as for --since).",
      valueName: "time"),
    transform: SessionFilterOptions.time)
  var until: Date?

  @Option(
    help: ArgumentHelp(
      "Only sessions whose metadata has this key with this value; repeat for more.",
      discussion: "What the recorder wrote with the session: host and pid.",
      valueName: "key=value"),
    transform: SessionFilterOptions.metadataPair)
  var metadata: [MetadataPair] = []

  @Flag(
    inversion: .prefixedNo,
    help: ArgumentHelp(
      "Only sessions with an effect that failed (--no-failed: only sessions without one)."))
  var failed: Bool?

  func validate() throws {
    var keys = Set<String>()
    for pair in metadata where !keys.insert(pair.key).inserted {
      throw ValidationError("--metadata gives the key '\(pair.key)' twice")
    }
    if let since, let until, since >= until {
      throw ValidationError("--since is not before --until: no session can match")
    }
  }

  /// The query these options ask for.
  var query: SessionQuery {
    SessionQuery(
      feature: feature, startedSince: since, startedBefore: until,
      metadata: Dictionary(metadata.map { ($0.key, $0.value) }) { first, _ in first },
      hasFailedEffect: failed)
  }

  /// Whether any filter was given.
  var isEmpty: Bool { query.isEmpty }

  /// Reads a `--since`/`--until` time: see the help of `--since`.
  static func time(_ text: String) throws -> Date {
    if let span = Self.span(text) { return Date(timeIntervalSinceNow: -span) }
    let iso = ISO8601DateFormatter()
    for options: ISO8601DateFormatter.Options in [
      [.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime],
    ] {
      iso.formatOptions = options
      if let date = iso.date(from: text) { return date }
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = .current
    for format in ["yyyy-MM-dd", "yyyy-MM-dd HH:mm", "yyyy-MM-dd HH:mm:ss"] {
      formatter.dateFormat = format
      if let date = formatter.date(from: text), formatter.string(from: date) == text {
        return date
      }
    }
    throw ValidationError(
      "'\(text)' is not a time: write 2026-11-27, 2026-11-27 14:05, 2026-11-27T14:05:09Z "
        + "or a span back from now such as 90m, 1d or 2w")
  }

  /// The seconds of a span such as `90m` or `2w`, or `nil` when `text` is not one.
  private static func span(_ text: String) -> TimeInterval? {
    let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604_800]
    guard let unit = text.last.flatMap({ units[$0] }), text.count <= 10 else { return nil }
    let digits = text.dropLast()
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let count = Int(digits), count >= 0
    else { return nil }
    return TimeInterval(count) * unit
  }

  /// Reads a `--metadata key=value` pair.
  static func metadataPair(_ text: String) throws -> MetadataPair {
    guard let pair = MetadataPair(parsing: text) else {
      throw ValidationError("--metadata takes key=value, such as host=ci-3; got '\(text)'")
    }
    return pair
  }
}
