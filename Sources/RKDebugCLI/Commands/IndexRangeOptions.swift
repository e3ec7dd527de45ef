import ArgumentParser
import ReducerKitDebug

/// `--from A --to B`: a range of action indices, by default the whole session.
struct IndexRangeOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The first action index to show. Defaults to 1.",
      discussion: "Action 1 is the first action of the session.",
      valueName: "index"
    )
  )
  var from: Int?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The last action index to show. Defaults to the last action.",
      valueName: "index"
    )
  )
  var to: Int?

  func validate() throws {
    if let from, let to, from > to {
      throw ValidationError("--from \(from) is after --to \(to)")
    }
    if let from, from < 1 {
      throw ValidationError("--from \(from) is not an action index; actions start at 1")
    }
  }

  /// The actions of the range in `reader`'s session; empty for an empty session.
  ///
  /// - Throws: ``LogError/indexOutOfRange(index:actionCount:)`` for a bound past the end.
  func range(in reader: SessionReader) throws -> ClosedRange<Int>? {
    let count = reader.actionCount
    if let from, from > count {
      throw LogError.indexOutOfRange(index: from, actionCount: count)
    }
    if let to, to > count || to < 1 {
      throw LogError.indexOutOfRange(index: to, actionCount: count)
    }
    guard count > 0 else { return nil }
    return (from ?? 1)...(to ?? count)
  }
}
