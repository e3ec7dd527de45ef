import Foundation
import ReducerKit

/// A feature whose state holds every shape a `Codable` state can hold, for the tests that check
/// the log against the live state: scalars at their edges, `-0.0`, strings with every escape
/// and in canonically equivalent forms, `Decimal`, `URL`, `Date`, `Data`, `UUID`, optionals of
/// optionals, sets, dictionaries with string and integer keys, plain structs, enums with every
/// kind of payload, a nested observable state and large collections. Each action sets one part.
struct AllShapes: Reducer {
  @ObservableState
  struct State: Equatable, Codable, Sendable {
    var count = 0
    var int8: Int8 = 0
    var uint64: UInt64 = 0
    var ratio = 0.0
    var float: Float = 0
    var flag = false
    var text = ""
    var note: String?
    var maybe: Int?? = nil
    var price: Decimal = 0
    var link = URL(string: "https://example.com/")!
    var date = Date(timeIntervalSinceReferenceDate: 0)
    var data = Data()
    var id = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
    var tags: Set<String> = []
    var byName: [String: Int] = [:]
    var byNumber: [Int: String] = [:]
    var point = Point()
    var shape = Shape.none
    var detail = Detail()
    var rows: IdentifiedArrayOf<Row> = []
    var numbers: [Double] = []
    var grid: [[Int?]] = []
  }

  /// A plain struct, diffed as one value.
  struct Point: Equatable, Codable, Sendable {
    var x = 0.0
    var label = ""
  }

  /// An enum with every kind of payload.
  indirect enum Shape: Equatable, Codable, Sendable {
    case none
    case circle(Double)
    case square(side: Double)
    case rect(Double, height: Double)
    case tagged(String?)
    case placed(Point)
    case maybe(Int??)
    case group([Shape])
  }

  /// A nested observable state: its fields are diffed one by one.
  @ObservableState
  struct Detail: Equatable, Codable, Sendable {
    var title = ""
    var weight = 0.0
    var when: Date?
    var price: Decimal?
    var link: URL?
    var blob: Data?
    var ids: [UUID] = []
  }

  struct Row: Equatable, Codable, Identifiable, Sendable {
    var id: Int
    var name: String
    var score: Double
  }

  enum Action: Equatable, Codable, Sendable {
    case setCount(Int)
    case setInt8(Int8)
    case setUInt64(UInt64)
    case setRatio(Double)
    case setFloat(Float)
    case toggle
    case setText(String)
    /// Sets `text` to one holding `\u{0}`: not a payload, since SQLite text ends at a NUL
    /// where the log stores labels (through GRDB), which would cut the label.
    case setNUL
    case setNote(String?)
    case setMaybe(Int??)
    case setPrice(Decimal)
    case setLink(URL)
    case setDate(Date)
    case setData(Data)
    case setID(UUID)
    case setTags(Set<String>)
    case setByName(String, Int?)
    case setByNumber(Int, String?)
    case setPoint(Point)
    case setShape(Shape)
    case setTitle(String)
    case setWeight(Double)
    case setWhen(Date?)
    case setDetailPrice(Decimal?)
    case setDetailLink(URL?)
    case setBlob(Data?)
    case appendID(UUID)
    case fillRows(Int)
    case renameRow(id: Int, String)
    case scoreRow(id: Int, Double)
    case removeRow(id: Int)
    case moveRow(from: Int, to: Int)
    case sortRows
    case setNumbers([Double])
    case setNumber(Int, Double)
    case setGrid([[Int?]])
    case setCell(row: Int, column: Int, Int?)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .setCount(value): state.count = value
    case let .setInt8(value): state.int8 = value
    case let .setUInt64(value): state.uint64 = value
    case let .setRatio(value): state.ratio = value
    case let .setFloat(value): state.float = value
    case .toggle: state.flag.toggle()
    case let .setText(value): state.text = value
    case .setNUL: state.text = "nul \u{0} " + Self.escapes
    case let .setNote(value): state.note = value
    case let .setMaybe(value): state.maybe = value
    case let .setPrice(value): state.price = value
    case let .setLink(value): state.link = value
    case let .setDate(value): state.date = value
    case let .setData(value): state.data = value
    case let .setID(value): state.id = value
    case let .setTags(value): state.tags = value
    case let .setByName(key, value): state.byName[key] = value
    case let .setByNumber(key, value): state.byNumber[key] = value
    case let .setPoint(value): state.point = value
    case let .setShape(value): state.shape = value
    case let .setTitle(value): state.detail.title = value
    case let .setWeight(value): state.detail.weight = value
    case let .setWhen(value): state.detail.when = value
    case let .setDetailPrice(value): state.detail.price = value
    case let .setDetailLink(value): state.detail.link = value
    case let .setBlob(value): state.detail.blob = value
    case let .appendID(value): state.detail.ids.append(value)
    case let .fillRows(count):
      let start = state.rows.count
      for id in start..<(start + count) {
        state.rows.append(Row(id: id, name: "Row \((id * 37) % count)", score: Double(id) / 8))
      }
    case let .renameRow(id, name): state.rows[id: id]?.name = name
    case let .scoreRow(id, score): state.rows[id: id]?.score = score
    case let .removeRow(id): state.rows.remove(id: id)
    case let .moveRow(from, to): state.rows.move(fromOffsets: IndexSet(integer: from), toOffset: to)
    case .sortRows: state.rows.sort { ($0.name, $0.id) < ($1.name, $1.id) }
    case let .setNumbers(value): state.numbers = value
    case let .setNumber(index, value): state.numbers[index] = value
    case let .setGrid(value): state.grid = value
    case let .setCell(row, column, value): state.grid[row][column] = value
    }
    return .none
  }
}

extension AllShapes {
  /// Every string escape JSON has but `\u{0}` (see ``Action/setNUL``), the characters JSON
  /// may leave raw, line breaks of every kind, and text outside the BMP.
  static let escapes =
    "quote \" backslash \\ slash / bell \u{7} tab \t lf \n cr \r crlf \r\n"
    + " vt \u{B} ff \u{C} esc \u{1B} us \u{1F} del \u{7F} nel \u{85} ls \u{2028} ps \u{2029}"
    + " bom \u{FEFF} emoji 🧪 flag 🇨🇭"
  /// `é` as one scalar and as `e` with a combining accent: `==`, yet written differently.
  static let composed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"

  static func date(_ seconds: Double) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }
  static func uuid(_ text: String) -> UUID { UUID(uuidString: text)! }

  /// A session that changes every part of the state, many parts several times, including
  /// to values `==` to the old ones that are written differently.
  static let actions: [Action] = {
    var actions: [Action] = [
      .setCount(1), .setCount(Int.max), .setCount(Int.min), .setCount(0),
      .setInt8(Int8.min), .setInt8(Int8.max), .setUInt64(UInt64.max), .setUInt64(0),
      .setRatio(0.0), .setRatio(-0.0), .setRatio(0.0), .setRatio(0.1),
      .setRatio(Double.greatestFiniteMagnitude), .setRatio(Double.leastNonzeroMagnitude),
      .setRatio(-Double.leastNormalMagnitude), .setRatio(1e300), .setRatio(-0.0),
      .setFloat(Float.greatestFiniteMagnitude), .setFloat(-0.0), .setFloat(0.5), .setFloat(0),
      .toggle, .toggle,
      .setText(composed), .setText(decomposed), .setText(composed), .setText(escapes),
      .setText("\r\n"), .setNUL, .setText(""),
      .setNote(escapes), .setNote(nil), .setNote(decomposed), .setNote(composed), .setNote(""),
      .setMaybe(.some(.some(1))), .setMaybe(.some(nil)), .setMaybe(nil), .setMaybe(.some(nil)),
      .setMaybe(.some(.some(2))), .setMaybe(nil), .setMaybe(.some(.some(3))),
      .setPrice(Decimal(string: "3.14")!), .setPrice(Decimal(string: "-0.001")!),
      .setPrice(Decimal(string: "12345678901234567890.123")!), .setPrice(0),
      .setLink(URL(string: "https://example.com/a%20b?q=1&r=%C3%A9#frag")!),
      .setLink(URL(string: "file:///tmp/some%20file.txt")!),
      .setLink(URL(string: "mailto:someone@example.com")!),
      .setDate(date(1)), .setDate(date(-978_307_200)), .setDate(date(123_456.789)),
      .setData(Data([0, 1, 2, 255])), .setData(Data()), .setData(Data(repeating: 7, count: 100)),
      .setID(uuid("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")),
      .setTags(["b", "a", composed]), .setTags([decomposed, "a", "b"]), .setTags([]),
      .setByName("one", 1), .setByName("two", 2), .setByName(escapes, 3), .setByName("one", nil),
      .setByNumber(-1, "minus"), .setByNumber(10, "ten"), .setByNumber(2, "two"),
      .setByNumber(10, nil),
      .setPoint(Point(x: 1.5, label: "p")), .setPoint(Point(x: -0.0, label: "p")),
      .setPoint(Point(x: 0.0, label: "p")), .setPoint(Point(x: 0.0, label: decomposed)),
      .setPoint(Point(x: 0.0, label: composed)),
      .setShape(.circle(1)), .setShape(.circle(-0.0)), .setShape(.circle(2)),
      .setShape(.square(side: 3)), .setShape(.square(side: 4)), .setShape(.rect(1, height: 2)),
      .setShape(.rect(1, height: 3)), .setShape(.tagged(nil)), .setShape(.tagged("x")),
      .setShape(.tagged(decomposed)), .setShape(.tagged(composed)), .setShape(.tagged(nil)),
      .setShape(.placed(Point(x: 1, label: "a"))), .setShape(.placed(Point(x: 2, label: "a"))),
      .setShape(.maybe(.some(.some(1)))), .setShape(.maybe(.some(nil))), .setShape(.maybe(nil)),
      .setShape(.group([.none, .circle(1)])), .setShape(.group([.none, .circle(-0.0)])),
      .setShape(.none),
      .setTitle(escapes), .setTitle(decomposed), .setTitle(composed),
      .setWeight(-0.0), .setWeight(2.5),
      .setWhen(date(0)), .setWhen(date(-0.0)), .setWhen(nil),
      .setDetailPrice(Decimal(string: "0.1")!), .setDetailPrice(Decimal(string: "99.99")!),
      .setDetailPrice(nil),
      .setDetailLink(URL(string: "https://example.org/path/")!), .setDetailLink(nil),
      .setBlob(Data([1])), .setBlob(Data()), .setBlob(nil),
      .appendID(uuid("00000000-0000-0000-0000-000000000001")),
      .appendID(uuid("00000000-0000-0000-0000-000000000002")),
      .fillRows(300),
      .renameRow(id: 7, "Seven"), .renameRow(id: 7, decomposed), .renameRow(id: 7, composed),
      .scoreRow(id: 8, -0.0), .scoreRow(id: 8, 0.0), .scoreRow(id: 8, 1e-300),
      .removeRow(id: 0), .removeRow(id: 150), .moveRow(from: 0, to: 200), .sortRows,
      .fillRows(50), .removeRow(id: 299),
      .setNumbers((0..<500).map { Double($0) / 3 }), .setNumber(10, -0.0), .setNumber(10, 0.0),
      .setNumber(499, Double.greatestFiniteMagnitude), .setNumbers([]),
      .setGrid([[1, nil, 3], [nil], []]), .setCell(row: 0, column: 1, 2),
      .setCell(row: 1, column: 0, 0), .setCell(row: 0, column: 0, nil),
    ]
    // Back over some of it, from the other side.
    actions += [
      .setText(escapes), .setRatio(0.0), .setShape(.circle(0.0)), .setShape(.circle(-0.0)),
      .setMaybe(.some(nil)), .setMaybe(.some(.some(1))), .setMaybe(.some(nil)),
    ]
    return actions
  }()
}
