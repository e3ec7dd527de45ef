import CustomDump
import Foundation
import IdentifiedCollections
import Testing

@testable import ReducerKit

/// `CustomDumpText` prints what custom-dump prints, and prints it itself for the values states
/// and actions hold (the `modeled…` entry points fail when it would hand a value to custom-dump).
@Suite("CustomDumpText")
struct CustomDumpTextTests {
  @Test(arguments: DumpTypes.Samples.modeled)
  func dumpsLikeCustomDump(sample: DumpSample) throws {
    let expected = String(customDumping: sample.value)
    #expect(try CustomDumpText.modeledDump(sample.value) == expected)
    #expect(try CustomDumpText.modeledDump(sample.value, indent: 2) == expected.indentedForTest(2))
  }

  @Test(arguments: DumpTypes.Samples.modeledPairs)
  func diffsLikeCustomDump(pair: DiffSample) throws {
    let expected = CustomDump.diff(pair.lhs, pair.rhs)
    #expect(expected != nil, "a sample pair must differ")
    #expect(try CustomDumpText.modeledDiff(pair.lhs, pair.rhs) == expected)
    #expect(try CustomDumpText.modeledDiff(pair.lhs, pair.lhs) == nil)
  }

  @Test(arguments: DumpTypes.Samples.handedToCustomDump)
  func handsOtherValuesToCustomDump(sample: DumpSample) {
    #expect(throws: NeedsCustomDump.self) { try CustomDumpText.modeledDump(sample.value) }
    #expect(CustomDumpText.dump(sample.value) == String(customDumping: sample.value))
  }

  @Test func handsMultilineStringDiffsToCustomDump() {
    let lhs = DumpTypes.Row(id: 1, title: "one\ntwo\nthree")
    let rhs = DumpTypes.Row(id: 1, title: "one\n2\nthree")
    #expect(throws: NeedsCustomDump.self) { try CustomDumpText.modeledDiff(lhs, rhs) }
    #expect(CustomDumpText.diff(lhs, rhs) == CustomDump.diff(lhs, rhs))
  }

  @Test func observableStatesAreReadThroughTheirKeyPaths() throws {
    typealias Observed = DumpTypes.Observed
    let (old, new) = (Observed(), Observed(count: 2, title: "t"))
    #expect(try CustomDumpText.modeledDump(old) == String(customDumping: old))
    #expect(try CustomDumpText.modeledDiff(old, new) == CustomDump.diff(old, new))
    guard case .properties = DumpedType.of(Observed.self).children else {
      Issue.record("Observed's children come from \(DumpedType.of(Observed.self).children)")
      return
    }
  }

  @Test func renamedCodingKeysAreReadThroughReflection() throws {
    typealias Renamed = DumpTypes.Renamed
    let (old, new) = (Renamed(), Renamed(count: 1))
    #expect(try CustomDumpText.modeledDiff(old, new) == CustomDump.diff(old, new))
    guard case .reflection = DumpedType.of(Renamed.self).children else {
      Issue.record("Renamed's children come from \(DumpedType.of(Renamed.self).children)")
      return
    }
  }

  @Test func typeNamesAreCustomDumps() {
    typealias Row = DumpTypes.Row
    typealias Box = DumpTypes.Box
    #expect(CustomDumpTypeName.of(Row.self) == "DumpTypes.Row")
    #expect(CustomDumpTypeName.of(Box<[Int?]>.self) == "DumpTypes.Box")
    #expect(CustomDumpTypeName.of([Int?].self) == "[Int?]")
    #expect(CustomDumpTypeName.of([String: Row].self) == "[String: DumpTypes.Row]")
  }
}

/// A value and a readable name for the test's argument list.
struct DumpSample: CustomTestStringConvertible, Sendable {
  let name: String
  nonisolated(unsafe) let value: Any
  var testDescription: String { name }
}

/// Two values of one type whose diff is compared.
struct DiffSample: CustomTestStringConvertible, Sendable {
  let name: String
  nonisolated(unsafe) let lhs: Any
  nonisolated(unsafe) let rhs: Any
  var testDescription: String { name }

  init<T>(_ name: String, _ lhs: T, _ rhs: T) {
    self.name = name
    self.lhs = lhs
    self.rhs = rhs
  }
}

/// The sample types, nested so their names do not clash with other tests' and their
/// qualified names print as `DumpTypes.Row`.
enum DumpTypes {
  struct Row: Equatable, Identifiable, Hashable {
    var id: Int
    var title = ""
    var isDone = false
    var tags: [String] = []
  }

  struct Note: Equatable { var text: String }

  @ObservableState
  struct Observed: Equatable {
    var count = 0
    var title = ""
    var tags: [String] = []
  }

  /// Its key-path names are its `Codable` keys, which are not its property names.
  @ObservableState
  struct Renamed: Codable, Equatable {
    var count = 0
    var title = ""
    enum CodingKeys: String, CodingKey {
      case count = "total"
      case title
    }
  }
  struct Box<Value: Equatable>: Equatable { var value: Value }
  struct Wrapper: Equatable { var inner: Row }
  struct Hidden: Equatable {
    var shown = 1
    var _$storage = 2
  }

  struct Screen: Equatable {
    var title = "Rows"
    var rows: IdentifiedArrayOf<Row> = []
    var selection: Int?
    var destination: Destination?
    var counts: [String: Int] = [:]
    var flags: Set<String> = []
    var point = (x: 0, y: 0)
    var mode = Mode.list

    static func == (lhs: Screen, rhs: Screen) -> Bool {
      lhs.title == rhs.title && lhs.rows == rhs.rows && lhs.selection == rhs.selection
        && lhs.destination == rhs.destination && lhs.counts == rhs.counts
        && lhs.flags == rhs.flags && lhs.point == rhs.point && lhs.mode == rhs.mode
    }
  }

  enum Mode: Equatable { case list, grid(columns: Int) }

  enum Destination: Equatable {
    case detail(Row)
    case alert(title: String, message: String)
    case sheet(Box<Int>)
  }

  enum Action: Equatable {
    case tapped
    case rows(IdentifiedAction<Int, RowAction>)
    case setTitle(String)
    case set(value: Int)
    case move(from: Int, to: Int)
    case loaded(Result<[Row], LoadError>)
    case received(UUID, Date)
  }

  enum RowAction: Equatable { case toggle, rename(String) }
  struct LoadError: Error, Equatable { var code: Int }

  /// A type with each of custom-dump's customization protocols.
  struct Token: CustomDumpStringConvertible, Equatable {
    var raw: String
    var customDumpDescription: String { "Token(\(raw))" }
  }
  struct Celsius: CustomDumpRepresentable, Equatable {
    var degrees: Double
    var customDumpValue: Any { degrees }
  }
  struct Pair: CustomDumpReflectable, Equatable {
    var left: Int
    var right: Int
    var customDumpMirror: Mirror {
      Mirror(self, children: ["sum": left + right], displayStyle: .struct)
    }
  }

  final class Reference { var value = 1 }

  enum AlertAction: Equatable { case confirm, retry(after: Int) }

  @ObservableState
  struct Form: Equatable {
    var email = ""
    var count = 0
  }

  enum FormAction: Equatable { case binding(BindingAction<Form>) }

  static let alert = AlertState<AlertAction> {
    TextState("Delete?")
  } actions: {
    ButtonState(role: .destructive, action: .confirm) { TextState("Delete") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  } message: {
    TextState("It cannot be undone.")
  }

  static let dialog = ConfirmationDialogState<AlertAction>(titleVisibility: .visible) {
    TextState("Retry?")
  } actions: {
    ButtonState(action: .retry(after: 5)) { TextState("In ") + TextState("5 s") }
  }
}

extension DumpTypes {
  enum Samples {
    static let uuid = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    static let rows: IdentifiedArrayOf<Row> = [
      Row(id: 1, title: "Milk"), Row(id: 2, title: "Eggs", isDone: true, tags: ["a", "b"]),
      Row(id: 3, title: #"say "hi""#), Row(id: 4, title: "back\\slash"), Row(id: 5),
    ]

    static let modeled = samples([
      ("integer", 42), ("negative double", -0.5), ("bool", true), ("plain string", "hello"),
      ("empty string", ""), ("non-ASCII string", "héllo wörld"), ("quoted string", #"say "hi""#),
      ("string with hashes", ##"a "# b"##), ("backslash", "a\\b"),
      ("multi-line string", "one\ntwo"), ("multi-line with quotes", "x\n\"\"\"#\ny"),
      ("nil", Int?.none as Any), ("some", Int?.some(3) as Any),
      ("some nil", Int??.some(nil) as Any),
      ("uuid", uuid),
      ("date", Date(timeIntervalSince1970: 1_000_000)), ("url", URL(string: "https://a.b/c")!),
      (
        "dates far and near",
        [
          Date(timeIntervalSince1970: -1.5), Date(timeIntervalSinceReferenceDate: 0.1234),
          Date(timeIntervalSince1970: -15_000_000_000), Date.distantFuture, Date.distantPast,
        ]
      ),
      ("array", [1, 2, 3]), ("empty array", [Int]()), ("nested arrays", [[1], [], [2, 3]]),
      ("dictionary", ["b": 2, "a": 1, "c": 3]), ("empty dictionary", [String: Int]()),
      ("dictionary of rows", [2: Row(id: 2), 1: Row(id: 1)]), ("set", Set([3, 1, 2])),
      ("tuple", (1, "a")), ("labeled tuple", (x: 1, y: "b")), ("row", Row(id: 7, title: "T")),
      ("single-child struct", Note(text: "n")), ("generic struct", Box(value: [1, nil])),
      ("wrapper", Wrapper(inner: Row(id: 1))), ("macro storage", Hidden()),
      ("identified array", rows),
      ("screen", Screen(rows: rows, selection: 2, destination: .detail(Row(id: 2)))),
      ("enum", Mode.list), ("enum payload", Mode.grid(columns: 3)),
      ("action", Action.tapped),
      ("nested action", Action.rows(.element(id: 4, action: .rename("x")))),
      ("single payload", Action.setTitle("t")), ("labeled single payload", Action.set(value: 1)),
      ("two payloads", Action.move(from: 1, to: 2)),
      ("result", Action.loaded(.success(Array(rows.prefix(2))))),
      ("failure", Action.loaded(.failure(LoadError(code: 4)))),
      ("uuid and date", Action.received(uuid, Date(timeIntervalSince1970: 0))),
      ("string convertible", Token(raw: "abc")), ("representable", Celsius(degrees: 21.5)),
      ("reflectable", Pair(left: 1, right: 2)),
      ("array of convertibles", [Token(raw: "a"), Token(raw: "b")]),
      ("alert", DumpTypes.alert), ("dialog", DumpTypes.dialog),
      ("title-only alert", AlertState<AlertAction> { TextState("Saved") }),
      ("button", ButtonState<AlertAction>(action: .retry(after: 1)) { TextState("Retry") }),
      ("concatenated text", TextState("a") + TextState("b")),
      ("optional alert", Optional(DumpTypes.alert) as Any),
      ("binding action", FormAction.binding(.set(\.email, "a@b.c"))),
      ("stack", stack), ("empty stack", StackState<Mode>()),
      ("stack element id", StackElementID(generation: 3)),
      ("stack actions", [
        StackAction<Mode, Action>.push(id: 2, state: .list),
        .element(id: 1, action: .tapped), .popFrom(id: 0),
      ]),
      ("presentation actions", [PresentationAction<Action>.dismiss, .presented(.setTitle("t"))]),
      ("presented", Presenting(sheet: Row(id: 1))), ("not presented", Presenting()),
      ("optional date payload", Payload.when(Date(timeIntervalSince1970: 0))),
      ("optional url payload", Payload.link(URL(string: "https://example.org/a"))),
      ("optional decimal payload", Payload.price(Decimal(string: "1.5"))),
      ("optional data payload", Payload.blob(Data([1, 2]))), ("nil payload", Payload.when(nil)),
      ("recorded inline failure", Result<Int, any Error>.failure(recordedNotFound)),
      ("recorded failure", [Result<Int, any Error>.failure(recordedInvalid), .success(1)]),
    ])

    /// Failures read back from a log: custom-dump prints the first on its case's line.
    static let recordedNotFound = RecordedError(
      type: "App.APIError", description: "notFound", localizedDescription: "Not found.",
      customDump: ".notFound", dumpsInline: true)
    static let recordedInvalid = RecordedError(
      type: "App.Invalid", description: "Invalid(field: \"a\", code: 2)",
      localizedDescription: "Invalid.", customDump: "Invalid(\n  field: \"a\",\n  code: 2\n)",
      dumpsInline: false)

    /// Cases whose one payload is an optional Foundation value: custom-dump prints them on one
    /// line, since its `as? CustomDumpStringConvertible` looks through the optional.
    enum Payload {
      case when(Date?), link(URL?), price(Decimal?), blob(Data?)
    }

    /// A stack of two screens with ids 0 and 5.
    static let stack: StackState<Mode> = {
      var stack = StackState<Mode>()
      stack[id: 0] = .list
      stack[id: 5] = .grid(columns: 2)
      return stack
    }()

    struct Presenting: Equatable {
      @Presents var sheet: Row?
    }

    static let handedToCustomDump = samples([
      ("class", Reference()), ("class in an array", [Reference()]), ("metatype", Row.self),
      ("quoted non-ASCII", #"é "q""#),
    ])

    static func pushed(_ stack: StackState<Mode>) -> StackState<Mode> {
      var stack = stack
      stack[id: 6] = .list
      return stack
    }

    static func regridded(_ stack: StackState<Mode>) -> StackState<Mode> {
      var stack = stack
      stack[id: 5] = .grid(columns: 3)
      return stack
    }

    static func retitled(_ alert: AlertState<AlertAction>) -> AlertState<AlertAction> {
      var alert = alert
      alert.title = TextState("Remove?")
      return alert
    }

    static func relabeled(_ alert: AlertState<AlertAction>) -> AlertState<AlertAction> {
      var alert = alert
      alert.buttons[1] = ButtonState(role: .cancel) { TextState("Keep") }
      alert.buttons.append(ButtonState(action: .retry(after: 2)) { TextState("Later") })
      return alert
    }

    static func hidden(
      _ dialog: ConfirmationDialogState<AlertAction>
    ) -> ConfirmationDialogState<AlertAction> {
      var dialog = dialog
      dialog.titleVisibility = .hidden
      return dialog
    }

    static func samples(_ list: [(String, Any)]) -> [DumpSample] {
      list.map { DumpSample(name: $0.0, value: $0.1) }
    }

    static let modeledPairs: [DiffSample] = {
      var renamed = rows
      renamed[id: 2]!.title = "Bread"
      var inserted = rows
      inserted.insert(Row(id: 9, title: "New"), at: 2)
      var removed = rows
      removed.remove(id: 3)
      var moved = rows
      moved.move(fromOffsets: [0], toOffset: 5)
      var swapped = rows
      swapped.swapAt(0, 4)
      var tagged = rows
      tagged[id: 2]!.tags.append("c")
      let screen = Screen(rows: rows)
      func changed(_ change: (inout Screen) -> Void) -> Screen {
        var copy = screen
        change(&copy)
        return copy
      }
      return [
        DiffSample("scalar field", Row(id: 1), Row(id: 1, isDone: true)),
        DiffSample("two fields", Row(id: 1), Row(id: 1, title: "x", isDone: true)),
        DiffSample("single-child struct", Note(text: "a"), Note(text: "b")),
      DiffSample("single multi-line child", Note(text: "a\nb"), Note(text: "a\nc")),
        DiffSample(
          "nested struct", Wrapper(inner: Row(id: 1)), Wrapper(inner: Row(id: 1, title: "z"))),
        DiffSample("generic", Box(value: 1), Box(value: 2)),
        DiffSample(
          "date", Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 2.5)),
        DiffSample("array element", [1, 2, 3, 4, 5], [1, 2, 9, 4, 5]),
        DiffSample("array append", [1, 2], [1, 2, 3]), DiffSample("array empty", [Int](), [1]),
        DiffSample("rows renamed", rows, renamed), DiffSample("rows inserted", rows, inserted),
        DiffSample("rows removed", rows, removed), DiffSample("rows moved", rows, moved),
        DiffSample("rows swapped", rows, swapped), DiffSample("rows tagged", rows, tagged),
        DiffSample("rows cleared", rows, []),
        DiffSample("dictionary value", ["a": 1, "b": 2, "c": 3], ["a": 1, "b": 5, "c": 3]),
        DiffSample("dictionary keys", ["a": 1, "b": 2], ["a": 1, "c": 2]),
        DiffSample("set", Set([1, 2, 3]), Set([1, 3, 4])),
        DiffSample("tuple", (1, "a"), (1, "b")),
        DiffSample("enum case", Mode.list, Mode.grid(columns: 2)),
        DiffSample("enum payload", Mode.grid(columns: 1), Mode.grid(columns: 2)),
        DiffSample(
          "action payload", Action.rows(.element(id: 1, action: .rename("a"))),
          Action.rows(.element(id: 1, action: .rename("b")))),
        DiffSample("labeled payloads", Action.move(from: 1, to: 2), Action.move(from: 1, to: 3)),
        DiffSample("optional to some", Int?.none, 3),
        DiffSample("optional to nil", Int?.some(3), nil),
        DiffSample("optional changed", Int?.some(3), 4),
        DiffSample("string", "a", "b"),
        DiffSample("uuid", uuid, UUID(uuidString: "00000000-DEAD-BEEF-DEAD-BEEFDEADBEEF")!),
        DiffSample("convertible", Token(raw: "a"), Token(raw: "b")),
        DiffSample("representable", Celsius(degrees: 1), Celsius(degrees: 2)),
        DiffSample("reflectable", Pair(left: 1, right: 2), Pair(left: 2, right: 2)),
        DiffSample(
          "recorded failures", Result<Int, any Error>.failure(recordedNotFound),
          Result<Int, any Error>.failure(recordedInvalid)),
        DiffSample("macro storage only", Hidden(), Hidden(shown: 1, _$storage: 3)),
        DiffSample("screen title", screen, changed { $0.title = "Other" }),
        DiffSample("screen row", screen, changed { $0.rows[id: 3]!.isDone = true }),
        DiffSample("screen selection", screen, changed { $0.selection = 3 }),
        DiffSample(
          "screen destination", screen,
          changed { $0.destination = .alert(title: "T", message: "M") }),
        DiffSample(
          "screen destination payload", changed { $0.destination = .sheet(Box(value: 1)) },
          changed { $0.destination = .sheet(Box(value: 2)) }),
        DiffSample("screen counts", screen, changed { $0.counts = ["x": 1, "y": 2] }),
        DiffSample("screen flags", changed { $0.flags = ["a"] }, changed { $0.flags = ["a", "b"] }),
        DiffSample("screen point", screen, changed { $0.point.y = 4 }),
        DiffSample("screen mode", screen, changed { $0.mode = .grid(columns: 2) }),
        DiffSample("alert presented", AlertState<AlertAction>?.none, DumpTypes.alert),
        DiffSample("alert dismissed", Optional(DumpTypes.alert), nil),
        DiffSample("alert title", DumpTypes.alert, retitled(DumpTypes.alert)),
        DiffSample("alert buttons", DumpTypes.alert, relabeled(DumpTypes.alert)),
        DiffSample("alert replaced", DumpTypes.alert, AlertState { TextState("Saved") }),
        DiffSample("dialog visibility", DumpTypes.dialog, hidden(DumpTypes.dialog)),
        DiffSample("stack push", stack, pushed(stack)),
        DiffSample("stack pop", stack, StackState<Mode>()),
        DiffSample("stack element", stack, regridded(stack)),
        DiffSample("presentation", Presenting(), Presenting(sheet: Row(id: 1))),
        DiffSample(
          "presented change", Presenting(sheet: Row(id: 1)),
          Presenting(sheet: Row(id: 1, title: "x"))),
        DiffSample(
          "binding value", FormAction.binding(.set(\.email, "a")),
          FormAction.binding(.set(\.email, "b"))),
        DiffSample(
          "binding key path", FormAction.binding(.set(\.email, "a")),
          FormAction.binding(.set(\.count, 1))),
      ]
    }()
  }
}

extension String {
  /// Every line prefixed with `count` spaces, as custom-dump's `indent:` does.
  fileprivate func indentedForTest(_ count: Int) -> String {
    let prefix = String(repeating: " ", count: count)
    return prefix + replacingOccurrences(of: "\n", with: "\n" + prefix)
  }
}
