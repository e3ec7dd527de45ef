/// What an attached debugger did to a running app (``LiveDebugger``): each is an entry of the
/// session's log, so the log stays a true record of what the app showed.
public enum DebuggerControl: Sendable, Equatable {
  /// Actions the app sends are held, unreduced, until ``resume``.
  case pause
  /// The held actions run, and a state the debugger travelled to gives way to the present.
  case resume
  /// The app shows the logged state after entry `index`; the present waits for ``resume``.
  case jump(to: Int)
  /// The app's state is recomputed by its reducer without entry `index`.
  case skip(Int)
  /// The app's state is recomputed with entry `index` again.
  case unskip(Int)
  /// The next action was sent by the debugger, not by the app.
  case dispatch
  /// The app continues from a state brought from elsewhere: `source` says where.
  case load(source: String)

  /// The label of the control's log entry, as `rkdebug log` lists it: `rkdebug jumped to 10`.
  public var label: String {
    switch self {
    case .pause: "rkdebug paused the app"
    case .resume: "rkdebug resumed the app"
    case let .jump(index): "rkdebug jumped to \(index)"
    case let .skip(index): "rkdebug skipped \(index)"
    case let .unskip(index): "rkdebug unskipped \(index)"
    case .dispatch: "rkdebug dispatched the next action"
    case let .load(source): "rkdebug loaded the state of \(source)"
    }
  }

  /// Whether the control only changes which state the app shows, as a function of what it
  /// did: a replay that skips actions recomputes that state and leaves such entries out.
  /// A loaded state is an input, kept by every replay.
  public var changesOnlyTheView: Bool {
    switch self {
    case .pause, .resume, .jump, .skip, .unskip, .dispatch: true
    case .load: false
    }
  }

  /// The name of the recorded read that marks a control's entry, with ``json`` as its value.
  static let readName = "rkdebug.control"

  /// The control as the read's value: `{"control":"jump","index":10}`.
  var json: JSONValue {
    switch self {
    case .pause: .object(["control": .string("pause")])
    case .resume: .object(["control": .string("resume")])
    case let .jump(index): .object(["control": .string("jump"), "index": .number(String(index))])
    case let .skip(index): .object(["control": .string("skip"), "index": .number(String(index))])
    case let .unskip(index):
      .object(["control": .string("unskip"), "index": .number(String(index))])
    case .dispatch: .object(["control": .string("dispatch")])
    case let .load(source): .object(["control": .string("load"), "source": .string(source)])
    }
  }

  /// The control a read's value holds, or `nil` when it is not one.
  init?(json: JSONValue) {
    guard case let .object(fields) = json, let name = fields["control"]?.stringValue else {
      return nil
    }
    let index = fields["index"].flatMap(\.intValue)
    switch (name, index) {
    case ("pause", _): self = .pause
    case ("resume", _): self = .resume
    case let ("jump", index?): self = .jump(to: index)
    case let ("skip", index?): self = .skip(index)
    case let ("unskip", index?): self = .unskip(index)
    case ("dispatch", _): self = .dispatch
    case ("load", _): self = .load(source: fields["source"]?.stringValue ?? "elsewhere")
    default: return nil
    }
  }

  /// The control a logged entry's reads mark it with, or `nil` for any other entry.
  static func marking(_ reads: [DependencyRead]) -> DebuggerControl? {
    reads.first { $0.name == readName }.flatMap { DebuggerControl(json: $0.value) }
  }
}

/// The "action" of a control's log entry: like a ``SharedChangeEntry`` its JSON is `null`
/// (it is not an action), its label says what the debugger did, and its patch is the change
/// of state the app showed.
struct DebuggerControlEntry: Encodable {
  let control: DebuggerControl

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encodeNil()
  }
}
