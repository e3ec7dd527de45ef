import CustomDump

extension Reducer {
  /// Prints each action the reducer receives and the state change it caused, in the format of
  /// TCA's `_printChanges()`:
  ///
  /// ```
  /// received action:
  ///   Counter.Action.incrementButtonTapped
  ///   Counter.State(
  /// -   count: 0
  /// +   count: 1
  ///   )
  ///
  /// ```
  ///
  /// - Parameter printer: Where the text goes; ``_ReducerPrinter/customDump`` prints it to
  ///   standard output. Pass `.customDump(to:)` to capture it.
  /// - Returns: A reducer that runs this one and prints its changes.
  public func _printChanges(
    _ printer: _ReducerPrinter<State, Action>? = .customDump
  ) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: self, printer: printer)
  }
}

/// Turns one action and the state before and after it into printed text.
public struct _ReducerPrinter<State, Action>: Sendable {
  let printChange:
    @Sendable (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void

  /// A printer made from a closure.
  public init(
    printChange:
      @escaping @Sendable (
        _ receivedAction: Action, _ oldState: State, _ newState: State
      ) -> Void
  ) {
    self.printChange = printChange
  }

  /// Prints with `print`, in the TCA format.
  public static var customDump: Self {
    customDump(to: { print($0) })
  }

  /// Hands the TCA-format text of each change to `output`, which prints it as `print` would
  /// (the text does not end with the blank line's final newline; `print` adds it).
  public static func customDump(to output: @escaping @Sendable (String) -> Void) -> Self {
    Self { action, oldState, newState in
      output(ChangeFormatter.text(action: action, oldState: oldState, newState: newState))
    }
  }

  /// Prints only the action, with no state diff.
  public static var actionLabels: Self {
    Self { action, _, _ in
      print("received action:\n" + CustomDumpText.dump(action, indent: 2))
    }
  }
}

/// The reducer ``Reducer/_printChanges(_:)`` returns.
public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base
  let printer: _ReducerPrinter<Base.State, Base.Action>?

  /// Runs the base reducer and, when there is a printer, hands it the action and the state
  /// before and after. A shared value the reducer changed is the same reference in both
  /// states: the printer runs where a diff of it compares its value before with its value now.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard let printer else { return base.reduce(into: &state, action: action) }
    let oldState = state
    let sharedChanges = SharedChangeTracker()
    let effect = sharedChanges.track { base.reduce(into: &state, action: action) }
    if sharedChanges.hasChanges {
      sharedChanges.reading(.current, lhs: .before, rhs: .current) {
        printer.printChange(action, oldState, state)
      }
    } else {
      printer.printChange(action, oldState, state)
    }
    return effect
  }
}

/// The TCA `_printChanges()` text of one action, which `rkdebug changes` prints too.
package enum ChangeFormatter {
  /// The text `_printChanges()` prints for `action`, without the final newline that `print`
  /// adds: `received action:`, the action dumped and indented two spaces, then the state diff
  /// or `  (No state changes)`, and an empty line.
  package static func text<State, Action>(
    action: Action, oldState: State, newState: State
  ) -> String {
    text(actionDump: CustomDumpText.dump(action), oldState: oldState, newState: newState)
  }

  /// ``text(action:oldState:newState:)`` of an action whose custom dump is `actionDump`, as
  /// the time-travel log keeps it, under `header` (a log's shared change made outside an
  /// action has its own).
  package static func text<State>(
    header: String = "received action:", actionDump: String, oldState: State, newState: State
  ) -> String {
    var target = header + "\n"
    target += actionDump.indenting(by: 2)
    target += "\n"
    target += CustomDumpText.diff(oldState, newState).map { "\($0)\n" } ?? "  (No state changes)\n"
    return target
  }
}
