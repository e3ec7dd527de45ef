import ReducerKitMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

struct ReducerMacroTests {
  /// The macro under test.
  static var macros: [String: MacroSpec] {
    ["Reducer": MacroSpec(type: ReducerMacro.self, conformances: ["Reducer", "CaseReducer"])]
  }

  @Test func structGetsTheConformanceAndCasePathableActions() {
    assertMacro(Self.macros) {
      """
      @Reducer
      struct Feature {
        struct State: Equatable {}
        enum Action {
          case tapped
        }
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State: Equatable {}
        @CasePathable @dynamicMemberLookup
        enum Action {
          case tapped
        }
        @ReducerKit.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }

        var _bodyCache: ReducerKit._ReducerBodyCache<Self>? = ReducerKit._ReducerBodyCache()
      }

      extension Feature: ReducerKit.Reducer {
      }
      """
    }
  }

  @Test func bodyOfAReducerTypeGetsTheBuilderOfItsArguments() {
    assertMacro(Self.macros) {
      """
      @Reducer
      struct Feature {
        var body: some Reducer<State, Action> {
          Reduce { _, _ in .none }
          EmptyReducer()
        }
        @ReducerBuilder<State, Action>
        var other: some Reducer<State, Action> { EmptyReducer() }
      }
      """
    } expansion: {
      """
      struct Feature {
        @ReducerKit.ReducerBuilder<State, Action>
        var body: some Reducer<State, Action> {
          Reduce { _, _ in .none }
          EmptyReducer()
        }
        @ReducerBuilder<State, Action>
        var other: some Reducer<State, Action> { EmptyReducer() }

        var _bodyCache: ReducerKit._ReducerBodyCache<Self>? = ReducerKit._ReducerBodyCache()
      }

      extension Feature: ReducerKit.Reducer {
      }
      """
    }
  }

  @Test func publicGenericStructKeepsItsBodyInAPublicCache() {
    assertMacro(Self.macros) {
      """
      @Reducer
      public struct Feature<Item> {
        public var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      public struct Feature<Item> {
        @ReducerKit.ReducerBuilder<Self.State, Self.Action>
        public var body: some ReducerOf<Self> {
          EmptyReducer()
        }

        public var _bodyCache: ReducerKit._ReducerBodyCache<Self>? = ReducerKit._ReducerBodyCache()
      }

      extension Feature: ReducerKit.Reducer {
      }
      """
    }
  }

  @Test func structWithReduceAndBodyGetsNoCache() {
    assertMacro(Self.macros) {
      """
      @Reducer
      struct Feature {
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          body.reduce(into: &state, action: action)
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @ReducerKit.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          body.reduce(into: &state, action: action)
        }
      }

      extension Feature: ReducerKit.Reducer {
      }
      """
    }
  }

  @Test func attributesAlreadyWrittenAreNotRepeated() {
    assertMacro(Self.macros) {
      """
      @Reducer
      struct Feature {
        struct State {}
        @CasePathable
        enum Action {
          case tapped
        }
        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePathable
        @dynamicMemberLookup
        enum Action {
          case tapped
        }
        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }

      extension Feature: ReducerKit.Reducer {
      }
      """
    }
  }

  @Test func structWithoutLogicGetsAnEmptyBody() {
    assertMacro(Self.macros) {
      """
      @Reducer
      public struct Feature {
        public struct State {}
        public enum Action {}
      }
      """
    } expansion: {
      """
      public struct Feature {
        public struct State {}
        @CasePathable @dynamicMemberLookup
        public enum Action {}

        public let body = ReducerKit.EmptyReducer<State, Action>()
      }

      extension Feature: ReducerKit.Reducer {
      }
      """
    }
  }

  @Test func enumOfChildReducers() {
    assertMacro(Self.macros) {
      """
      @Reducer
      enum Destination {
        case edit(EditForm)
        case detail(Screens.Detail)
        case alert(AlertState<Alert>)
        case dialog(ConfirmationDialogState<Dialog>)
        case placeholder
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case edit(EditForm)
        case detail(Screens.Detail)
        case alert(AlertState<Alert>)
        case dialog(ConfirmationDialogState<Dialog>)
        case placeholder

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ReducerKit.CaseReducerState {
          typealias StateReducer = Destination
          case edit(EditForm.State)
          case detail(Screens.Detail.State)
          case alert(AlertState<Alert>)
          case dialog(ConfirmationDialogState<Dialog>)
          case placeholder
        }

        @CasePathable
        @dynamicMemberLookup
        enum Action {
          case edit(EditForm.Action)
          case detail(Screens.Detail.Action)
          case alert(Alert)
          case dialog(Dialog)
          case placeholder(Swift.Never)
        }

        static var body: some ReducerKit.Reducer<Self.State, Self.Action> {
          ReducerKit.EmptyReducer<Self.State, Self.Action>()
          .ifCaseLet(\Self.State.Cases.edit, action: \Self.Action.Cases.edit) {
            EditForm()
          }
          .ifCaseLet(\Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
            Screens.Detail()
          }
        }
      }

      extension Destination: ReducerKit.CaseReducer, ReducerKit.Reducer {
      }
      """#
    }
  }

  @Test func anIgnoredCaseKeepsItsStateAndGetsNoReducer() {
    assertMacro(Self.macros) {
      """
      @Reducer
      enum Destination {
        @ReducerCaseIgnored case alert(AlertState<Alert>)
        @ReducerCaseIgnored case note(Note)
        case edit(EditForm)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        @ReducerCaseIgnored case alert(AlertState<Alert>)
        @ReducerCaseIgnored case note(Note)
        case edit(EditForm)

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ReducerKit.CaseReducerState {
          typealias StateReducer = Destination
          case alert(AlertState<Alert>)
          case note(Note)
          case edit(EditForm.State)
        }

        @CasePathable
        @dynamicMemberLookup
        enum Action {
          case alert(Swift.Never)
          case note(Swift.Never)
          case edit(EditForm.Action)
        }

        static var body: some ReducerKit.Reducer<Self.State, Self.Action> {
          ReducerKit.EmptyReducer<Self.State, Self.Action>()
          .ifCaseLet(\Self.State.Cases.edit, action: \Self.Action.Cases.edit) {
            EditForm()
          }
        }
      }

      extension Destination: ReducerKit.CaseReducer, ReducerKit.Reducer {
      }
      """#
    }
  }

  @Test func publicEnumGetsPublicMembers() {
    assertMacro(Self.macros) {
      """
      @Reducer
      public enum Path {
        case detail(Detail)
      }
      """
    } expansion: {
      #"""
      public enum Path {
        case detail(Detail)

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        public enum State: ReducerKit.CaseReducerState {
          public typealias StateReducer = Path
          case detail(Detail.State)
        }

        @CasePathable
        @dynamicMemberLookup
        public enum Action {
          case detail(Detail.Action)
        }

        public static var body: some ReducerKit.Reducer<Self.State, Self.Action> {
          ReducerKit.EmptyReducer<Self.State, Self.Action>()
          .ifCaseLet(\Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
            Detail()
          }
        }
      }

      extension Path: ReducerKit.CaseReducer, ReducerKit.Reducer {
      }
      """#
    }
  }

  @Test func diagnosticForClass() {
    assertMacro(
      Self.macros,
      diagnostics: [
        DiagnosticSpec(
          message: "'@Reducer' can only be applied to a struct or an enum of child reducers",
          line: 1, column: 1)
      ]
    ) {
      """
      @Reducer
      final class Feature {}
      """
    } expansion: {
      """
      final class Feature {}

      extension Feature: ReducerKit.Reducer {
      }
      """
    }
  }
}
