import CustomDump
import Foundation
import ReducerKit
import Testing

@Suite struct AlertStateTests {
  @CasePathable
  enum Alert: Equatable, Hashable, Codable, Sendable {
    case confirmDeletion
    case increment(by: Int)
  }

  static let deletion = AlertState<Alert> {
    TextState("Delete?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion) {
      TextState("Delete")
    }
    ButtonState(role: .cancel) {
      TextState("Cancel")
    }
  } message: {
    TextState("This cannot be undone.")
  }

  /// swift-navigation's mirror dumps a button's action as an optional, which custom-dump breaks
  /// over lines when it is not `nil`.
  @Test func dumpsAsSwiftNavigationDoes() {
    #expect(
      String(customDumping: Self.deletion) == """
        AlertState(
          title: "Delete?",
          actions: [
            [0]: ButtonState(
              role: .destructive,
              action: .send(
                .confirmDeletion
              ),
              label: "Delete"
            ),
            [1]: ButtonState(
              role: .cancel,
              action: .send(nil),
              label: "Cancel"
            )
          ],
          message: "This cannot be undone."
        )
        """
    )
    #expect(
      String(customDumping: AlertState<Alert> { TextState("Saved.") })
        == #"AlertState(title: "Saved.")"#
    )
  }

  /// The diff `_printChanges()` and `rkdebug changes` print when an alert changes.
  @Test func diffsAsCustomDumpDoes() {
    var edited = Self.deletion
    edited.buttons[1] = ButtonState(role: .cancel) { TextState("Keep") }
    edited.message = nil
    #expect(
      CustomDump.diff(Self.deletion, edited) == """
          AlertState(
            title: "Delete?",
            actions: [
              [0]: ButtonState(…),
              [1]: ButtonState(
                role: .cancel,
                action: .send(nil),
        -       label: "Cancel"
        +       label: "Keep"
              )
            ],
        -   message: "This cannot be undone."
          )
        """
    )
  }

  @Test func buildsButtonsWithConditionsAndLoops() {
    func alert(canUndo: Bool, steps: [Int]) -> AlertState<Alert> {
      AlertState {
        TextState("Add")
      } actions: {
        for step in steps {
          ButtonState(action: .increment(by: step)) { TextState("+\(step)") }
        }
        if canUndo {
          ButtonState(role: .destructive, action: .send(.confirmDeletion)) { TextState("Undo") }
        } else {
          ButtonState(role: .cancel) { TextState("Close") }
        }
      }
    }
    #expect(
      alert(canUndo: false, steps: [1, 5]).buttons.map { String(state: $0.label) }
        == ["+1", "+5", "Close"]
    )
    #expect(
      alert(canUndo: true, steps: []).buttons.map(\.action.action) == [.confirmDeletion]
    )
  }

  @Test func isEqualWhenItsContentsAre() {
    var other = Self.deletion
    #expect(other == Self.deletion)
    other.message = nil
    #expect(other != Self.deletion)
    #expect(Set([Self.deletion, Self.deletion, other]).count == 2)
  }

  /// The id is a function of the contents, the same in every process and after decoding, so a
  /// recorded session replays with the ids it had (swift-navigation draws a random one).
  @Test func idComesFromTheContents() throws {
    #expect(Self.deletion.id == UUID(uuidString: "31D20797-CC63-8F8B-A5AD-74F1BDEC187C"))
    let decoded = try decodeJSON(AlertState<Alert>.self, try jsonString(Self.deletion))
    #expect(decoded.id == Self.deletion.id)
    #expect(Self.deletion.buttons[0].id != Self.deletion.buttons[1].id)
    var retitled = Self.deletion
    retitled.title = TextState("Remove?")
    #expect(retitled.id != Self.deletion.id)
  }

  @Test func encodesByPropertyName() throws {
    #expect(
      try jsonString(Self.deletion) == """
        {"buttons":[{"action":{"confirmDeletion":{}},"label":"Delete","role":"destructive"},\
        {"label":"Cancel","role":"cancel"}],"message":"This cannot be undone.","title":"Delete?"}
        """
    )
    #expect(try jsonString(AlertState<Alert> { TextState("Saved.") }) == #"{"title":"Saved."}"#)
    #expect(
      try decodeJSON(AlertState<Alert>.self, try jsonString(Self.deletion)) == Self.deletion)
    #expect(
      try decodeJSON(AlertState<Alert>.self, #"{"title":"Saved."}"#)
        == AlertState { TextState("Saved.") })
  }

  @Test func refusesAnUnknownRole() {
    #expect {
      try decodeJSON(ButtonState<Alert>.self, #"{"label":"Go","role":"primary"}"#)
    } throws: { error in
      guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
      return context.debugDescription
        == #"Unknown button role "primary": expected "cancel" or "destructive"."#
    }
  }

  @Test func mapsItsButtonsActions() {
    let mapped = Self.deletion.map { $0.map { "\($0)" } }
    #expect(mapped.buttons.map(\.action.action) == ["confirmDeletion", nil])
    #expect(mapped.title == Self.deletion.title)
    #expect(mapped.message == Self.deletion.message)
  }
}

@Suite struct ConfirmationDialogStateTests {
  typealias Alert = AlertStateTests.Alert

  static let share = ConfirmationDialogState<Alert>(titleVisibility: .visible) {
    TextState("Share")
  } actions: {
    ButtonState(action: .increment(by: 1)) { TextState("Copy link") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  }

  @Test func dumpsAsSwiftNavigationDoes() {
    #expect(
      String(customDumping: Self.share) == """
        ConfirmationDialogState(
          titleVisibility: .visible,
          title: "Share",
          actions: [
            [0]: ButtonState(
              action: .send(
                .increment(by: 1)
              ),
              label: "Copy link"
            ),
            [1]: ButtonState(
              role: .cancel,
              action: .send(nil),
              label: "Cancel"
            )
          ]
        )
        """
    )
    let automatic = ConfirmationDialogState<Alert> {
      TextState("Sort")
    } message: {
      TextState("By date or by name?")
    }
    #expect(
      String(customDumping: automatic) == """
        ConfirmationDialogState(
          title: "Sort",
          message: "By date or by name?"
        )
        """
    )
  }

  @Test func equalityComparesTheTitlesVisibility() {
    var hidden = Self.share
    hidden.titleVisibility = .hidden
    #expect(hidden != Self.share)
    hidden.titleVisibility = .visible
    #expect(hidden == Self.share)
  }

  @Test func encodesByPropertyName() throws {
    #expect(
      try jsonString(Self.share) == """
        {"buttons":[{"action":{"increment":{"by":1}},"label":"Copy link"},\
        {"label":"Cancel","role":"cancel"}],"title":"Share","titleVisibility":"visible"}
        """
    )
    #expect(
      try decodeJSON(ConfirmationDialogState<Alert>.self, try jsonString(Self.share))
        == Self.share)
    let automatic = ConfirmationDialogState<Alert> { TextState("Sort") }
    #expect(try jsonString(automatic) == #"{"title":"Sort"}"#)
    #expect(try decodeJSON(ConfirmationDialogState<Alert>.self, #"{"title":"Sort"}"#) == automatic)
  }
}
