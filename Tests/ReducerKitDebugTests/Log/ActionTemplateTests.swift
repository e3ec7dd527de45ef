import Foundation
import GRDB
import ReducerKit
import ReducerKitSamples
import ReducerKitTestSupport
import Testing

@testable import ReducerKitDebug

/// Action texts as templates and arguments: made only when filling gives the texts back, and
/// read back the same through the reader and through the documented `action_text_full` view.
@Suite struct ActionTemplateTests {
  @Test func aScreenActionKeepsItsShapeAndGivesItsIdAndValue() throws {
    let json =
      #"{"path":{"_0":{"element":{"action":{"edit":{"_0":{"keyPath":["book","pages"],"#
      + #""value":910}}},"id":5630}}}}"#
    let label = """
      Library.Action.path(
        .element(
          id: #5630,
          action: .edit(.set(\\State.book.pages, 910))
        )
      )
      """
    let template = try #require(ActionTemplate(json: json, label: label))
    #expect(template.arguments == ["910", "5630"])
    #expect(
      template.json
        == #"{"path":{"_0":{"element":{"action":{"edit":{"_0":{"keyPath":["book","pages"],"#
        + "\"value\":\u{1}0\u{2}}}},\"id\":\u{1}1\u{2}}}}}")
    #expect(template.label.contains("id: #\u{1}1\u{2},"))
    #expect(template.label.contains("pages, \u{1}0\u{2})"))
    #expect(ActionTemplate.fill(template.json, with: template.arguments) == json)
    #expect(ActionTemplate.fill(template.label, with: template.arguments) == label)
    #expect(template.argumentsJSON == #"["910","5630"]"#)
    #expect(ActionTemplate.arguments(fromJSON: template.argumentsJSON) == template.arguments)
  }

  @Test func aRowsUUIDIsOneArgumentWhereverItStands() throws {
    let id = "00000000-0000-0000-0000-0000000001F3"
    let json = #"{"todos":{"_0":{"element":{"action":{"checkBoxToggled":{}},"id":"\#(id)"}}}}"#
    let label = "Todos.Action.todos(.element(id: UUID(\(id)), action: .checkBoxToggled))"
    let template = try #require(ActionTemplate(json: json, label: label))
    #expect(template.arguments == [id])
    #expect(
      template.label
        == "Todos.Action.todos(.element(id: UUID(\u{1}0\u{2}), action: .checkBoxToggled))")
    let other = try #require(
      ActionTemplate(
        json: json.replacingOccurrences(of: id, with: "6D9C3F0E-57B1-4C57-A4C4-7A1B2C3D4E5F"),
        label: label.replacingOccurrences(of: id, with: "6D9C3F0E-57B1-4C57-A4C4-7A1B2C3D4E5F")))
    #expect(other.json == template.json && other.label == template.label)
  }

  @Test func textsWithoutNumbersOrWithThePlaceholdersBytesStayWhole() {
    #expect(ActionTemplate(json: #"{"tapped":{}}"#, label: "A.tapped") == nil)
    #expect(
      ActionTemplate(json: #"{"title":{"_0":"Buy 2 eggs"}}"#, label: #"A.title("Buy 2 eggs")"#)
        == nil)
    #expect(ActionTemplate(json: #"{"n":{"_0":1}}"#, label: "A.n(1) \u{1}0\u{2}") == nil)
    let many = (0...ActionTemplate.argumentLimit).map(String.init).joined(separator: ",")
    #expect(ActionTemplate(json: #"{"ns":{"_0":[\#(many)]}}"#, label: "A.ns") == nil)
  }

  /// A number only inside a longer word or number of the label stays in the label: the texts
  /// come back byte for byte whatever the label holds.
  @Test func fillingGivesEveryTextBackByteForByte() throws {
    var rng = SplitMix64(seed: 11)
    let pieces = [
      "1", "12", "-3", "0.5", "1e+20", "#", "(", ")", ".", "_", "x", " ", "\"", "\\", "é", ",",
      "12.5", "A1", "1A",
    ]
    let uuid = "\"00000000-0000-0000-0000-0000000001F3\""
    for round in 0..<4_000 {
      let numbers = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
        pieces[Int.random(in: 0...4, using: &rng)]
      }
      // Half of the texts are not JSON at all: unterminated strings, stray quotes.
      let json =
        round.isMultiple(of: 2)
        ? "{\"a\":[" + numbers.joined(separator: ",") + "]}"
        : (0..<Int.random(in: 0...8, using: &rng)).map { _ in
          (pieces + [uuid]).randomElement(using: &rng)!
        }.joined()
      let label = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
        pieces.randomElement(using: &rng)!
      }.joined()
      guard let template = ActionTemplate(json: json, label: label) else { continue }
      #expect(ActionTemplate.fill(template.json, with: template.arguments) == json)
      #expect(ActionTemplate.fill(template.label, with: template.arguments) == label)
    }
  }

  /// A recorded Library session: its screens' actions share templates, and the reader, the
  /// `action_text_full` view and what was recorded agree on every action's texts.
  @MainActor
  @Test func aLibrarySessionReadsBackThroughTheReaderAndTheView() async throws {
    let directory = TemporaryDirectory()
    let path = directory.path("library.sqlite")
    let log = try ActionLog(path: path)
    // A clock never advanced: the screens' ticks never come.
    let store = Store(
      initialState: Library.State(),
      reducer: Library().recording(to: log, feature: "library"),
      withDependencies: { $0.useTestValues(clock: TestClock()) })
    var rng = SplitMix64(seed: 5)
    for _ in 0..<400 {
      store.send(Library.randomAction(for: store.state, using: &rng))
      await Task.yield()
    }
    try log.close()

    let actions = try ActionLog.readOnly(path: path).reader().actions()
    let (viewTexts, templates, templated) = try await DatabaseQueue(path: path).read { db in
      (
        try Row.fetchAll(
          db,
          sql: """
            SELECT f.json, f.label FROM action_entry AS e
            JOIN action_text_full AS f ON f.id = e.text_id ORDER BY e.idx
            """
        ).map { [$0[0], $0[1]] as [String] },
        try Int.fetchOne(db, sql: "SELECT count(*) FROM action_template") ?? 0,
        try Int.fetchOne(db, sql: "SELECT count(*) FROM action_text WHERE template_id NOT NULL")
          ?? 0
      )
    }
    #expect(viewTexts == actions.map { [$0.json, $0.label] })
    #expect(templates > 0 && templated > templates)
    for action in actions.prefix(50) {
      let decoded = try JSONDecoder().decode(Library.Action.self, from: Data(action.json.utf8))
      var dumped = ""
      customDump(decoded, to: &dumped)
      #expect(dumped == action.label)
    }
  }

  /// A log whose template rows lie (arguments that are not JSON, that hold a NUL or bytes that
  /// are not UTF-8, too few or too many, a template that is not there) is read without a trap:
  /// a text that cannot be filled is an error naming the action, and nothing is written.
  @MainActor
  @Test(arguments: [
    ("args = 'not json'", false),
    ("template_id = 999999", false),
    ("args = '[\"7\", 3]'", false),
    ("args = '[]'", true),
    ("args = '[\"7\",\"8\",\"9\"]'", true),
    ("args = '[\"a' || char(0) || 'b\"]'", true),
    ("args = CAST(x'5B2241FF225D' AS TEXT)", true),
  ])
  func aTamperedTemplateRowIsReadWithoutATrap(change: String, reads: Bool) throws {
    let directory = TemporaryDirectory()
    let path = directory.path("tampered.sqlite")
    let log = try ActionLog(path: path)
    let store = Store<Playlist>(
      initialState: Playlist.State(), reducer: Playlist().recording(to: log, feature: "playlist"))
    store.send(.setVolume(7))
    try log.close()
    // What another tool may write: no foreign key checked.
    var configuration = Configuration()
    configuration.foreignKeysEnabled = false
    let database = try DatabaseQueue(path: path, configuration: configuration)
    try database.write { db in
      try db.execute(sql: "UPDATE action_text SET \(change) WHERE template_id IS NOT NULL")
      #expect(db.changesCount == 1)
    }
    try database.close()
    let before = try Data(contentsOf: URL(fileURLWithPath: path))

    let reader = try ActionLog.readOnly(path: path).reader()
    if reads {
      let label = try #require(try reader.actions().first?.label)
      var listed: [String] = []
      try reader.forEachListedAction(in: 1...1) {
        listed.append(String(decoding: $0.label, as: UTF8.self))
      }
      #expect(listed == [label])
    } else {
      #expect(throws: LogError.corrupt("the text of action 1 is missing")) {
        try reader.actions()
      }
      #expect(throws: LogError.corrupt("the text of action 1 is missing")) {
        try reader.forEachListedAction(in: 1...1) { _ in }
      }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }
}
