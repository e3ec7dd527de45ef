import CustomDump
import Foundation
import Testing

@testable import ReducerKit

@Suite struct BindingActionTests {
  @ObservableState
  struct Settings: Equatable, Codable, Sendable {
    var name = ""
    var volume = 5
  }

  @ObservableState
  struct Form: Equatable, Codable, Sendable {
    var email = ""
    var isSubscribed = false
    var settings = Settings()
    var tags: [String] = []
    var total = 0

    enum CodingKeys: String, CodingKey {
      case email, isSubscribed, settings, tags
      case total = "sum"
    }
  }

  @CasePathable
  enum Action: BindableAction, Equatable, Codable, Sendable {
    case binding(BindingAction<Form>)
    case submit
  }

  @Test func isEqualWhenItSetsTheSamePropertyToAnEqualValue() {
    #expect(BindingAction<Form>.set(\.email, "a") == .set(\.email, "a"))
    #expect(BindingAction<Form>.set(\.email, "a") != .set(\.email, "b"))
    #expect(BindingAction<Form>.set(\.total, 1) != .set(\.settings.volume, 1))
  }

  @Test func theActionsStaticSetIsTheBindingCase() {
    #expect(Action.set(\.email, "a") == .binding(.set(\.email, "a")))
    #expect(Action.set(\.settings.volume, 3) != .binding(.set(\.settings.volume, 4)))
  }

  @Test func matchesItsKeyPathInASwitch() {
    func handled(_ action: Action) -> String {
      switch action {
      case .binding(\.email): "email"
      case .binding(\.settings.volume): "volume"
      case .binding: "another binding"
      case .submit: "submit"
      }
    }
    #expect(handled(.binding(.set(\.email, "a"))) == "email")
    #expect(handled(.binding(.set(\.settings.volume, 9))) == "volume")
    #expect(handled(.binding(.set(\.isSubscribed, true))) == "another binding")
    #expect(handled(.submit) == "submit")
  }

  @Test func extractsTheBindingCase() {
    #expect(Action.binding(.set(\.email, "a")).binding == .set(\.email, "a"))
    #expect(Action.submit.binding == nil)
  }

  @Test func isACaseKeyPathThroughTheBindingCase() {
    let email: CaseKeyPath<Action, String> = \.binding.email
    let total: CaseKeyPath<Action, Int> = \.binding.total
    #expect(email("a@b.c") == .binding(.set(\.email, "a@b.c")))
    #expect(total(3) == .binding(.set(\.total, 3)))
    #expect(Action.binding(.set(\.email, "x"))[case: email] == Optional("x"))
    #expect(Action.binding(.set(\.email, "x"))[case: total] == Optional<Int>.none)
    #expect(Action.submit[case: email] == Optional<String>.none)
  }

  @Test func dumpsAsTCADoes() {
    #expect(
      String(customDumping: Action.binding(.set(\.email, "a@b.c")))
        == #"BindingActionTests.Action.binding(.set(\Form.email, "a@b.c"))"#
    )
    #expect(
      String(customDumping: Action.binding(.set(\.settings, Settings(name: "n"))))
        == #"""
        BindingActionTests.Action.binding(.set(\Form.settings, BindingActionTests.Settings(…)))
        """#
    )
  }

  @Test func encodesThePropertysCodableNamesAndTheValue() throws {
    #expect(
      try jsonString(BindingAction<Form>.set(\.email, "a@b.c"))
        == #"{"keyPath":["email"],"value":"a@b.c"}"#
    )
    #expect(
      try jsonString(BindingAction<Form>.set(\.settings.name, "n"))
        == #"{"keyPath":["settings","name"],"value":"n"}"#
    )
    #expect(
      try jsonString(BindingAction<Form>.set(\.total, 4)) == #"{"keyPath":["sum"],"value":4}"#)
    #expect(
      try jsonString(BindingAction<Form>.set(\.self, Form(email: "e")))
        == #"""
        {"keyPath":[],"value":{"email":"e","isSubscribed":false,\#
        "settings":{"name":"","volume":5},"sum":0,"tags":[]}}
        """#
    )
    #expect(
      try jsonString(Action.binding(.set(\.isSubscribed, true)))
        == #"{"binding":{"_0":{"keyPath":["isSubscribed"],"value":true}}}"#
    )
  }

  @Test func decodesBackToAnEqualAction() throws {
    let actions: [BindingAction<Form>] = [
      .set(\.email, "a@b.c"), .set(\.settings.name, "n"), .set(\.settings, Settings(volume: 1)),
      .set(\.total, 4), .set(\.tags, ["x"]), .set(\.self, Form(email: "e")),
    ]
    for action in actions {
      let decoded = try decodeJSON(BindingAction<Form>.self, try jsonString(action))
      #expect(decoded == action)
      var (expected, actual) = (Form(), Form())
      action.set(&expected)
      decoded.set(&actual)
      #expect(actual == expected)
    }
  }

  @Test func refusesAPathToNoStoredProperty() {
    #expect {
      try decodeJSON(BindingAction<Form>.self, #"{"keyPath":["settings","colour"],"value":1}"#)
    } throws: { error in
      guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
      return context.debugDescription == """
        Form has no stored property at ["settings", "colour"]: a binding action names the \
        properties of an @ObservableState type by their Codable keys.
        """
    }
  }

  @Test func refusesToEncodeAKeyPathWithoutCodableNames() {
    #expect {
      try jsonString(BindingAction<Form>.set(\.tags[0], "x"))
    } throws: { error in
      guard case .invalidValue(_, let context) = error as? EncodingError else { return false }
      return context.debugDescription == """
        A BindingAction<Form> sets a String that is not a stored property: only chains of \
        stored properties of @ObservableState types have Codable names to record.
        """
    }
  }
}
