import Foundation
import ReducerKitDebug

extension ExportFormat {
  // MARK: - Reading

  /// Reads a whole export held in memory, for tests and small files.
  ///
  /// - Parameter source: The file's name, for messages.
  /// - Throws: ``RKDebugError`` naming the line and what is wrong with it.
  static func read(_ text: String, source: String) throws -> SessionImport {
    let reader = Reader(source: source, text: text)
    var session = try reader.session()
    while let item = try reader.next() {
      switch item {
      case .action(let action, let reads):
        session.actions.append(action)
        if !reads.isEmpty { session.reads[action.index] = reads }
      case .effect(let effect):
        session.effects.append(effect)
      }
    }
    return session
  }

  /// Reads an export a line at a time: ``session()`` first, then ``next()`` until `nil`.
  package final class Reader {
    private let source: String
    private let nextLine: () throws -> String?
    private var lineNumber = 0

    /// A reader of the lines `nextLine` returns (`nil` at the end).
    ///
    /// - Parameter source: The file's name, for messages.
    package init(source: String, nextLine: @escaping () throws -> String?) {
      self.source = source
      self.nextLine = nextLine
    }

    /// A reader of the lines of `text`, an export held in memory (a batch, a pulled session).
    package convenience init(source: String, text: String) {
      // Split as bytes: splitting the `String` would first break it into characters, several
      // times slower over a batch of thousands of lines.
      var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        .makeIterator()
      self.init(source: source) { lines.next().map { String(decoding: $0, as: UTF8.self) } }
    }

    /// The session line, as an import without actions or effects.
    package func session() throws -> SessionImport {
      guard let (fields, type) = try nextFields() else {
        throw RKDebugError(
          "\(source) holds no session line; it is not an 'rkdebug export' file"
        )
      }
      return try failing {
        guard type == "session" else {
          throw Fields.Failure(
            ["action", "effect"].contains(type)
              ? "an \(type) before the session line"
              : "\"type\" is '\(type)', not session, action or effect"
          )
        }
        var fields = fields
        return try readSession(&fields)
      }
    }

    /// The next action or effect, or `nil` at the end of the export.
    package func next() throws -> SessionImport.Item? {
      guard let (fields, type) = try nextFields() else { return nil }
      return try failing {
        var fields = fields
        switch type {
        case "session":
          throw Fields.Failure("a second session line")
        case "action":
          let action = try readAction(&fields)
          return .action(action, reads: try readInputs(&fields) ?? [])
        case "effect":
          return .effect(try readEffect(&fields))
        default:
          throw Fields.Failure("\"type\" is '\(type)', not session, action or effect")
        }
      }
    }

    /// The members and `type` of the next line that is not blank.
    private func nextFields() throws -> (Fields, String)? {
      while let line = try nextLine() {
        lineNumber += 1
        guard !line.allSatisfy(\.isWhitespace) else { continue }
        let value: JSONValue
        do {
          value = try JSONValue(parsing: line)
        } catch {
          throw fail("not JSON (\(error))")
        }
        let fields = Fields(value: value)
        return (fields, try failing { try fields.string("type") })
      }
      return nil
    }

    /// `body`'s result, with a failure to read a member reported with the line's number.
    private func failing<T>(_ body: () throws -> T) throws -> T {
      do {
        return try body()
      } catch let failure as Fields.Failure {
        guard failure.isRefusedValue else { throw fail(failure.message) }
        throw RefusedValue(problem: "line \(lineNumber) of \(source): \(failure.message)")
      }
    }

    private func fail(_ message: String) -> RKDebugError {
      RKDebugError("line \(lineNumber) of \(source): \(message); nothing was imported")
    }
  }

  /// A line that reads, whose value no log can hold: a time outside the years 1 to 9999 (or
  /// not a number), a duration that is not a whole number of nanoseconds. The collector
  /// answers it with a 422, where a line it cannot read is a 400; `import` prints it as any
  /// error.
  package struct RefusedValue: Error, CustomStringConvertible {
    /// What is wrong, naming the line of the export and the member.
    package let problem: String
    package var description: String { problem + "; nothing was imported" }
  }

  /// The times an export may hold, in Unix seconds: from the year 1 to the year 9999, as
  /// Foundation's `Date` formats them. Any two are less than 2^63 microseconds apart, so the
  /// log's microseconds since a session's start (``LogSchema``) always fit in an `Int64`.
  static let timeRange: ClosedRange<Double> = -62_135_596_800...253_402_300_799

  private static func readSession(_ fields: inout Fields) throws -> SessionImport {
    let format = try fields.string("format")
    guard format == formatName else {
      throw Fields.Failure("\"format\" is '\(format)', not '\(formatName)'")
    }
    let version = try fields.int("version")
    guard version <= Self.version else {
      throw Fields.Failure(
        "export version \(version) is newer than this rkdebug reads (\(Self.version)); "
          + "upgrade rkdebug"
      )
    }
    var session = SessionImport(
      uuid: try fields.string("uuid"),
      feature: try fields.string("feature"),
      stateType: try fields.string("stateType"),
      actionType: try fields.string("actionType"),
      stateFingerprint: try fields.string("stateFingerprint"),
      actionFingerprint: try fields.string("actionFingerprint"),
      snapshotInterval: try fields.int("snapshotInterval"),
      durability: try fields.string("durability"),
      startedAt: try fields.date("startedAt"),
      endedAt: try fields.optionalDate("endedAt"),
      metadata: fields.value("metadata") ?? [:],
      reads: try readInputs(&fields).map { [0: $0] } ?? [:],
      initialState: try fields.required("initialState"),
      actions: [],
      effects: []
    )
    // The count the session line states, for progress; the log counts the rows it gets.
    session.actionCount = fields.value("actionCount")?.intValue ?? 0
    return session
  }

  private static func readAction(_ fields: inout Fields) throws -> SessionImport.Action {
    let index = try fields.int("index")
    let sourceName = try fields.string("source")
    let source: ActionSource
    switch sourceName {
    case "send":
      source = .send
    case "effect":
      source = .effect(
        effectID: try fields.int("effectID"), parentIndex: try fields.int("parentIndex")
      )
    default:
      throw Fields.Failure("\"source\" is '\(sourceName)', not send or effect")
    }
    let patch: [JSONPatchOperation]
    do {
      patch = try [JSONPatchOperation](jsonValue: try fields.required("patch"))
    } catch let error as JSONPatchError {
      throw Fields.Failure("the patch of action \(index) is not a JSON Patch: \(error)")
    }
    return SessionImport.Action(
      index: index,
      // `null` is the JSON of a shared change made outside an action, an entry of its own.
      json: try fields.present("json").serialized(),
      label: try fields.string("label"),
      source: source,
      time: try fields.date("time"),
      durationNanos: try fields.nanoseconds("durationNanos"),
      patch: patch
    )
  }

  /// The `inputs` member, when present.
  private static func readInputs(_ fields: inout Fields) throws -> [DependencyRead]? {
    guard let value = fields.value("inputs") else { return nil }
    guard let reads = DependencyRead.reads(from: value) else {
      throw Fields.Failure("\"inputs\" must be an array of [name, value] pairs")
    }
    return reads
  }

  private static func readEffect(_ fields: inout Fields) throws -> SessionImport.Effect {
    let id = try fields.int("id")
    let outcome = try fields.optionalString("outcome").map { name in
      guard let outcome = LoggedEffect.Outcome(rawValue: name) else {
        throw Fields.Failure("\"outcome\" of effect #\(id) is '\(name)'")
      }
      return outcome
    }
    guard case .array(let cancelIDs) = fields.value("cancelIDs") ?? .array([]) else {
      throw Fields.Failure("\"cancelIDs\" must be an array of strings")
    }
    let cancelCause = try fields.optionalString("cancelCause").map { name in
      guard let cause = LoggedEffect.CancelCause(rawValue: name) else {
        throw Fields.Failure("\"cancelCause\" of effect #\(id) is '\(name)'")
      }
      return cause
    }
    return SessionImport.Effect(
      id: id,
      actionIndex: try fields.int("actionIndex"),
      kind: try fields.string("kind"),
      cancelIDs: cancelIDs.map { $0.stringValue ?? $0.serialized() },
      startedAt: try fields.date("startedAt"),
      endedAt: try fields.optionalDate("endedAt"),
      outcome: outcome,
      error: try fields.optionalString("error"),
      cancelCause: cancelCause,
      cancelledBy: try fields.optionalInt("cancelledBy")
    )
  }

  /// Typed access to the members of one line, with messages that name the member.
  private struct Fields {
    struct Failure: Error {
      var message: String
      /// Whether the line reads but the member's value is refused (a ``RefusedValue``).
      var isRefusedValue = false
      init(_ message: String, refusedValue: Bool = false) {
        self.message = message
        isRefusedValue = refusedValue
      }
    }

    let members: [String: JSONValue]
    let isObject: Bool

    init(value: JSONValue) {
      members = value.objectValue ?? [:]
      isObject = value.objectValue != nil
    }

    func value(_ name: String) -> JSONValue? {
      guard let value = members[name], !value.isNull else { return nil }
      return value
    }

    func required(_ name: String) throws -> JSONValue {
      guard isObject else { throw Failure("not a JSON object") }
      guard let value = value(name) else { throw Failure("missing \"\(name)\"") }
      return value
    }

    /// The member `name`, `null` included.
    func present(_ name: String) throws -> JSONValue {
      guard isObject else { throw Failure("not a JSON object") }
      guard let value = members[name] else { throw Failure("missing \"\(name)\"") }
      return value
    }

    func string(_ name: String) throws -> String {
      guard let string = try required(name).stringValue else {
        throw Failure("\"\(name)\" must be a string")
      }
      return string
    }

    func optionalString(_ name: String) throws -> String? {
      guard let value = value(name) else { return nil }
      guard let string = value.stringValue else { throw Failure("\"\(name)\" must be a string") }
      return string
    }

    func int(_ name: String) throws -> Int {
      guard let int = try required(name).intValue else {
        throw Failure("\"\(name)\" must be a whole number")
      }
      return int
    }

    func optionalInt(_ name: String) throws -> Int? {
      guard value(name) != nil else { return nil }
      return try int(name)
    }

    /// A time in Unix seconds, within ``ExportFormat/timeRange``: checked here, before any
    /// arithmetic (a log counts microseconds in an `Int64`), so that `1e308`, `-1e308`, `1e400`
    /// (infinite) or `"NaN"` is refused with the member's name rather than trapping.
    func date(_ name: String) throws -> Date {
      let value = try required(name)
      guard let seconds = value.doubleValue, ExportFormat.timeRange.contains(seconds) else {
        throw Failure(
          "\"\(name)\" must be Unix seconds from the year 1 to 9999 (-62135596800 to "
            + "253402300799), not \(Self.quoted(value))", refusedValue: true)
      }
      return Date(timeIntervalSince1970: seconds)
    }

    /// A duration: a whole number of nanoseconds from 0 to `Int64.max`.
    func nanoseconds(_ name: String) throws -> Int64 {
      let value = try required(name)
      guard case .number(let text) = value, let nanoseconds = Int64(text), nanoseconds >= 0
      else {
        throw Failure(
          "\"\(name)\" must be a whole number of nanoseconds from 0 to \(Int64.max), not "
            + Self.quoted(value), refusedValue: true)
      }
      return nanoseconds
    }

    /// `value` as JSON, shortened to 40 characters: a message never echoes a huge value.
    static func quoted(_ value: JSONValue) -> String {
      let text = ExportFormat.text(of: value)
      return text.count <= 40 ? text : text.prefix(40) + "…"
    }

    func optionalDate(_ name: String) throws -> Date? {
      guard value(name) != nil else { return nil }
      return try date(name)
    }
  }
}
