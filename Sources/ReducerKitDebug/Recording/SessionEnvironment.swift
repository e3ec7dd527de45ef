import Foundation
import ReducerKit

/// The dependencies a session reads once rather than per action: `calendar`, `locale` and
/// `timeZone`, stored as the reads of index 0 so a replay runs in the recording's calendar.
struct SessionEnvironment: Equatable, Sendable {
  /// The calendar, by its parts: `Calendar` itself encodes "autoupdating" for the current one.
  struct CalendarSnapshot: Codable, Equatable, Sendable {
    /// `gregorian`, `iso8601`, …: `Calendar.Identifier`'s case name.
    var identifier: String
    var firstWeekday: Int
    var minimumDaysInFirstWeek: Int
    var locale: String?
    var timeZone: String
  }

  var calendar: CalendarSnapshot
  var locale: String
  var timeZone: String

  /// The names of the three values in the log.
  enum Name {
    static let calendar = "calendar"
    static let locale = "locale"
    static let timeZone = "timeZone"
  }

  /// The environment of the dependencies in effect where it is called.
  static func current() -> Self {
    // Read inside `withDependencies`' update, where a test context gives the live values
    // instead of reporting a missing test value: a test need not override what it never reads.
    var environment: Self?
    withDependencies { values in
      environment = Self(values)
    } operation: {}
    return environment!
  }

  /// The reads stored at index 0.
  var reads: [RecordedRead] {
    [
      RecordedRead(name: Name.calendar, value: calendar),
      RecordedRead(name: Name.locale, value: locale),
      RecordedRead(name: Name.timeZone, value: timeZone),
    ]
  }

  /// Every calendar Foundation knows, to find one by its name.
  private static let calendarIdentifiers: [Calendar.Identifier] = [
    .gregorian, .buddhist, .chinese, .coptic, .ethiopicAmeteMihret, .ethiopicAmeteAlem,
    .hebrew, .iso8601, .indian, .islamic, .islamicCivil, .japanese, .persian,
    .republicOfChina, .islamicTabular, .islamicUmmAlQura,
  ]

  /// Sets the three dependencies to the recorded values.
  func apply(to values: inout DependencyValues) {
    let identifier =
      Self.calendarIdentifiers.first { "\($0)" == self.calendar.identifier } ?? .gregorian
    var calendar = Calendar(identifier: identifier)
    calendar.firstWeekday = self.calendar.firstWeekday
    calendar.minimumDaysInFirstWeek = self.calendar.minimumDaysInFirstWeek
    calendar.locale = self.calendar.locale.map(Locale.init(identifier:))
    if let timeZone = TimeZone(identifier: self.calendar.timeZone) {
      calendar.timeZone = timeZone
    }
    values.calendar = calendar
    values.locale = Locale(identifier: locale)
    if let timeZone = TimeZone(identifier: timeZone) {
      values.timeZone = timeZone
    }
  }
}

extension SessionEnvironment {
  /// The environment of `values`.
  init(_ values: DependencyValues) {
    let calendar = values.calendar
    self.calendar = CalendarSnapshot(
      identifier: "\(calendar.identifier)", firstWeekday: calendar.firstWeekday,
      minimumDaysInFirstWeek: calendar.minimumDaysInFirstWeek,
      locale: calendar.locale?.identifier, timeZone: calendar.timeZone.identifier
    )
    self.locale = values.locale.identifier
    self.timeZone = values.timeZone.identifier
  }

  /// The environment stored as the reads of index 0.
  ///
  /// - Throws: A decoding error when a value is missing or of another shape.
  init(reads: [DependencyRead]) throws {
    func value<Value: Decodable>(_ name: String, as type: Value.Type) throws -> Value {
      guard let read = reads.first(where: { $0.name == name }) else {
        throw LogError.corrupt("the session's recorded inputs have no `\(name)`")
      }
      return try read.value.decoded(as: Value.self)
    }
    self.init(
      calendar: try value(Name.calendar, as: CalendarSnapshot.self),
      locale: try value(Name.locale, as: String.self),
      timeZone: try value(Name.timeZone, as: String.self)
    )
  }
}
