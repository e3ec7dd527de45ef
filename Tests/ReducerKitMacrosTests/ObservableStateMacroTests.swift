import ReducerKitMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

struct ObservableStateMacroTests {
  /// The macros under test.
  static var macros: [String: MacroSpec] {
    [
      "ObservableState": MacroSpec(
        type: ObservableStateMacro.self, conformances: ["ObservableStateProtocol"]),
      "ObservationStateIgnored": MacroSpec(type: ObservationStateIgnoredMacro.self),
    ]
  }

  /// The error of `@ObservableState` on something other than a struct or an enum, at its
  /// attribute, with `advice`.
  static func notAStructOrEnum(_ advice: String) -> DiagnosticSpec {
    DiagnosticSpec(
      message: "'@ObservableState' can only be applied to a struct or an enum; \(advice)",
      line: 1, column: 1)
  }

  @Test func simpleStruct() {
    assertMacro(Self.macros) {
      """
      enum Counter {
        @ObservableState
        struct State: Equatable {
          var count = 0
          var text = ""
        }
      }
      """
    } expansion: {
      #"""
      enum Counter {
        struct State: Equatable {
          var count = 0
          var text = ""
        }
      }

      extension Counter.State: ReducerKit.ObservableStateProtocol {
        static var _$observableKeyPaths: [PartialKeyPath<Self>] {
          [\Self.count, \Self.text]
        }
        static func hasChanged(
          _ keyPath: PartialKeyPath<Self>, from old: Self, to new: Self
        ) -> Bool {
          switch keyPath {
          case \Self.count:
            return ReducerKit._$isChanged(old.count, new.count)
          case \Self.text:
            return ReducerKit._$isChanged(old.text, new.text)
          default:
            return true
          }
        }
        static var _$observableProperties: [ReducerKit.ObservableProperty<Self>] {
          [
            ReducerKit.ObservableProperty("count", \Self.count),
            ReducerKit.ObservableProperty("text", \Self.text),
          ]
        }
      }
      """#
    }
  }

  @Test func sharedPropertiesAreObservedThroughTheirWrapper() {
    assertMacro(Self.macros) {
      """
      @ObservableState
      struct State: Equatable {
        @Shared(.syncUps) var syncUps
        @SharedReader var isOn: Bool
        var count = 0
      }
      """
    } expansion: {
      #"""
      struct State: Equatable {
        @Shared(.syncUps) var syncUps
        @SharedReader var isOn: Bool
        var count = 0
      }

      extension State: ReducerKit.ObservableStateProtocol {
        static var _$observableKeyPaths: [PartialKeyPath<Self>] {
          [\Self._syncUps, \Self._isOn, \Self.count]
        }
        static func hasChanged(
          _ keyPath: PartialKeyPath<Self>, from old: Self, to new: Self
        ) -> Bool {
          switch keyPath {
          case \Self._syncUps:
            return ReducerKit._$isChanged(old._syncUps, new._syncUps)
          case \Self._isOn:
            return ReducerKit._$isChanged(old._isOn, new._isOn)
          case \Self.count:
            return ReducerKit._$isChanged(old.count, new.count)
          default:
            return true
          }
        }
        static var _$observableProperties: [ReducerKit.ObservableProperty<Self>] {
          [
            ReducerKit.ObservableProperty("syncUps", \Self._syncUps),
            ReducerKit.ObservableProperty("isOn", \Self._isOn),
            ReducerKit.ObservableProperty("count", \Self.count),
          ]
        }
      }
      """#
    }
  }

  @Test func publicStruct() {
    assertMacro(Self.macros) {
      """
      @ObservableState
      public struct State: Equatable {
        public var count = 0
        public var isLoading: Bool = false
      }
      """
    } expansion: {
      #"""
      public struct State: Equatable {
        public var count = 0
        public var isLoading: Bool = false
      }

      extension State: ReducerKit.ObservableStateProtocol {
        public static var _$observableKeyPaths: [PartialKeyPath<Self>] {
          [\Self.count, \Self.isLoading]
        }
        public static func hasChanged(
          _ keyPath: PartialKeyPath<Self>, from old: Self, to new: Self
        ) -> Bool {
          switch keyPath {
          case \Self.count:
            return ReducerKit._$isChanged(old.count, new.count)
          case \Self.isLoading:
            return ReducerKit._$isChanged(old.isLoading, new.isLoading)
          default:
            return true
          }
        }
        public static var _$observableProperties: [ReducerKit.ObservableProperty<Self>] {
          [
            ReducerKit.ObservableProperty("count", \Self.count),
            ReducerKit.ObservableProperty("isLoading", \Self.isLoading),
          ]
        }
      }
      """#
    }
  }

  @Test func packageStruct() {
    assertMacro(Self.macros) {
      """
      @ObservableState
      package struct State: Equatable {
        package var count = 0
      }
      """
    } expansion: {
      #"""
      package struct State: Equatable {
        package var count = 0
      }

      extension State: ReducerKit.ObservableStateProtocol {
        package static var _$observableKeyPaths: [PartialKeyPath<Self>] {
          [\Self.count]
        }
        package static func hasChanged(
          _ keyPath: PartialKeyPath<Self>, from old: Self, to new: Self
        ) -> Bool {
          switch keyPath {
          case \Self.count:
            return ReducerKit._$isChanged(old.count, new.count)
          default:
            return true
          }
        }
        package static var _$observableProperties: [ReducerKit.ObservableProperty<Self>] {
          [
            ReducerKit.ObservableProperty("count", \Self.count),
          ]
        }
      }
      """#
    }
  }

  @Test func privateStruct() {
    assertMacro(Self.macros) {
      """
      @ObservableState
      private struct State: Equatable {
        var count = 0
      }
      """
    } expansion: {
      #"""
      private struct State: Equatable {
        var count = 0
      }

      extension State: ReducerKit.ObservableStateProtocol {
        fileprivate static var _$observableKeyPaths: [PartialKeyPath<Self>] {
          [\Self.count]
        }
        fileprivate static func hasChanged(
          _ keyPath: PartialKeyPath<Self>, from old: Self, to new: Self
        ) -> Bool {
          switch keyPath {
          case \Self.count:
            return ReducerKit._$isChanged(old.count, new.count)
          default:
            return true
          }
        }
        fileprivate static var _$observableProperties: [ReducerKit.ObservableProperty<Self>] {
          [
            ReducerKit.ObservableProperty("count", \Self.count),
          ]
        }
      }
      """#
    }
  }

  @Test func accessOfEnclosingTypes() {
    // Members need the struct's effective access: the lowest of its own and its parents'.
    assertMacro(Self.macros) {
      """
      private enum Feature {
        @ObservableState
        public struct State: Equatable {
          var count = 0
        }
      }
      public extension Outer {
        @ObservableState
        struct State: Equatable {
          var count = 0
        }
      }
      """
    } expansion: {
      #"""
      private enum Feature {
        public struct State: Equatable {
          var count = 0
        }
      }
      public extension Outer {
        struct State: Equatable {
          var count = 0
        }
      }

      extension Feature.State: ReducerKit.ObservableStateProtocol {
        fileprivate static var _$observableKeyPaths: [PartialKeyPath<Self>] {
          [\Self.count]
        }
        fileprivate static func hasChanged(
          _ keyPath: PartialKeyPath<Self>, from old: Self, to new: Self
        ) -> Bool {
          switch keyPath {
          case \Self.count:
            return ReducerKit._$isChanged(old.count, new.count)
          default:
            return true
          }
        }
        fileprivate static var _$observableProperties: [ReducerKit.ObservableProperty<Self>] {
          [
            ReducerKit.ObservableProperty("count", \Self.count),
          ]
        }
      }

      extension Outer.State: ReducerKit.ObservableStateProtocol {
        public static var _$observableKeyPaths: [PartialKeyPath<Self>] {
          [\Self.count]
        }
        public static func hasChanged(
          _ keyPath: PartialKeyPath<Self>, from old: Self, to new: Self
        ) -> Bool {
          switch keyPath {
          case \Self.count:
            return ReducerKit._$isChanged(old.count, new.count)
          default:
            return true
          }
        }
        public static var _$observableProperties: [ReducerKit.ObservableProperty<Self>] {
          [
            ReducerKit.ObservableProperty("count", \Self.count),
          ]
        }
      }
      """#
    }
  }

  @Test func nestedObservableChild() {
    assertMacro(Self.macros) {
      """
      @ObservableState
      struct State: Equatable {
        var child = Child.State()
        var children: [Child.State] = []
        var optionalChild: Child.State?
      }
      """
    } expansion: {
      #"""
      struct State: Equatable {
        var child = Child.State()
        var children: [Child.State] = []
        var optionalChild: Child.State?
      }

      extension State: ReducerKit.ObservableStateProtocol {
        static var _$observableKeyPaths: [PartialKeyPath<Self>] {
          [\Self.child, \Self.children, \Self.optionalChild]
        }
        static func hasChanged(
          _ keyPath: PartialKeyPath<Self>, from old: Self, to new: Self
        ) -> Bool {
          switch keyPath {
          case \Self.child:
            return ReducerKit._$isChanged(old.child, new.child)
          case \Self.children:
            return ReducerKit._$isChanged(old.children, new.children)
          case \Self.optionalChild:
            return ReducerKit._$isChanged(old.optionalChild, new.optionalChild)
          default:
            return true
          }
        }
        static var _$observableProperties: [ReducerKit.ObservableProperty<Self>] {
          [
            ReducerKit.ObservableProperty("child", \Self.child),
            ReducerKit.ObservableProperty("children", \Self.children),
            ReducerKit.ObservableProperty("optionalChild", \Self.optionalChild),
          ]
        }
      }
      """#
    }
  }

  @Test func propertyKinds() {
    assertMacro(Self.macros) {
      """
      @ObservableState
      struct State: Equatable {
        let id: Int
        var a = 0, b: String = "", c: Double
        var (x, y) = (0, 0)
        static var shared = State(id: 0, c: 0)
        static let zero = 0
        var doubled: Int { a * 2 }
        var tripled: Int {
          get { a * 3 }
          set { a = newValue / 3 }
        }
        var observed = 0 {
          willSet { print(newValue) }
          didSet { print(oldValue) }
        }
        lazy var cached = 0
        var `default` = true
        func reset() {}
      }
      """
    } expansion: {
      #"""
      struct State: Equatable {
        let id: Int
        var a = 0, b: String = "", c: Double
        var (x, y) = (0, 0)
        static var shared = State(id: 0, c: 0)
        static let zero = 0
        var doubled: Int { a * 2 }
        var tripled: Int {
          get { a * 3 }
          set { a = newValue / 3 }
        }
        var observed = 0 {
          willSet { print(newValue) }
          didSet { print(oldValue) }
        }
        lazy var cached = 0
        var `default` = true
        func reset() {}
      }

      extension State: ReducerKit.ObservableStateProtocol {
        static var _$observableKeyPaths: [PartialKeyPath<Self>] {
          [\Self.id, \Self.a, \Self.b, \Self.c, \Self.x, \Self.y, \Self.observed, \Self.`default`]
        }
        static func hasChanged(
          _ keyPath: PartialKeyPath<Self>, from old: Self, to new: Self
        ) -> Bool {
          switch keyPath {
          case \Self.id:
            return ReducerKit._$isChanged(old.id, new.id)
          case \Self.a:
            return ReducerKit._$isChanged(old.a, new.a)
          case \Self.b:
            return ReducerKit._$isChanged(old.b, new.b)
          case \Self.c:
            return ReducerKit._$isChanged(old.c, new.c)
          case \Self.x:
            return ReducerKit._$isChanged(old.x, new.x)
          case \Self.y:
            return ReducerKit._$isChanged(old.y, new.y)
          case \Self.observed:
            return ReducerKit._$isChanged(old.observed, new.observed)
          case \Self.`default`:
            return ReducerKit._$isChanged(old.`default`, new.`default`)
          default:
            return true
          }
        }
        static var _$observableProperties: [ReducerKit.ObservableProperty<Self>] {
          [
            ReducerKit.ObservableProperty("id", \Self.id),
            ReducerKit.ObservableProperty("a", \Self.a),
            ReducerKit.ObservableProperty("b", \Self.b),
            ReducerKit.ObservableProperty("c", \Self.c),
            ReducerKit.ObservableProperty("x", \Self.x),
            ReducerKit.ObservableProperty("y", \Self.y),
            ReducerKit.ObservableProperty("observed", \Self.observed),
            ReducerKit.ObservableProperty("default", \Self.`default`),
          ]
        }
      }
      """#
    }
  }

  @Test func codingKeys() {
    assertMacro(Self.macros) {
      """
      @ObservableState
      struct State: Equatable, Codable {
        var title = ""
        var count = 0
        var `default` = false
        var transient = 0
        enum CodingKeys: String, CodingKey {
          case title = "name"
          case count, `default`
        }
      }
      """
    } expansion: {
      #"""
      struct State: Equatable, Codable {
        var title = ""
        var count = 0
        var `default` = false
        var transient = 0
        enum CodingKeys: String, CodingKey {
          case title = "name"
          case count, `default`
        }
      }

      extension State: ReducerKit.ObservableStateProtocol {
        static var _$observableKeyPaths: [PartialKeyPath<Self>] {
          [\Self.title, \Self.count, \Self.`default`, \Self.transient]
        }
        static func hasChanged(
          _ keyPath: PartialKeyPath<Self>, from old: Self, to new: Self
        ) -> Bool {
          switch keyPath {
          case \Self.title:
            return ReducerKit._$isChanged(old.title, new.title)
          case \Self.count:
            return ReducerKit._$isChanged(old.count, new.count)
          case \Self.`default`:
            return ReducerKit._$isChanged(old.`default`, new.`default`)
          case \Self.transient:
            return ReducerKit._$isChanged(old.transient, new.transient)
          default:
            return true
          }
        }
        static var _$observableProperties: [ReducerKit.ObservableProperty<Self>] {
          [
            ReducerKit.ObservableProperty("name", \Self.title),
            ReducerKit.ObservableProperty("count", \Self.count),
            ReducerKit.ObservableProperty("default", \Self.`default`),
          ]
        }
      }
      """#
    }
  }

  @Test func observationStateIgnored() {
    assertMacro(Self.macros) {
      """
      @ObservableState
      struct State: Equatable {
        var query = ""
        @ObservationStateIgnored var cache: [String: Int] = [:]
        @ReducerKit.ObservationStateIgnored var token = 0
      }
      """
    } expansion: {
      #"""
      struct State: Equatable {
        var query = ""
        var cache: [String: Int] = [:]
        @ReducerKit.ObservationStateIgnored var token = 0
      }

      extension State: ReducerKit.ObservableStateProtocol {
        static var _$observableKeyPaths: [PartialKeyPath<Self>] {
          [\Self.query]
        }
        static func hasChanged(
          _ keyPath: PartialKeyPath<Self>, from old: Self, to new: Self
        ) -> Bool {
          switch keyPath {
          case \Self.query:
            return ReducerKit._$isChanged(old.query, new.query)
          default:
            return true
          }
        }
        static var _$observableProperties: [ReducerKit.ObservableProperty<Self>] {
          [
            ReducerKit.ObservableProperty("query", \Self.query),
            ReducerKit.ObservableProperty("cache", \Self.cache),
            ReducerKit.ObservableProperty("token", \Self.token),
          ]
        }
      }
      """#
    }
  }

  @Test func genericStruct() {
    assertMacro(Self.macros) {
      """
      @ObservableState
      struct Box<Value: Sendable & Equatable>: Equatable {
        var value: Value
        var count = 0
      }
      """
    } expansion: {
      #"""
      struct Box<Value: Sendable & Equatable>: Equatable {
        var value: Value
        var count = 0
      }

      extension Box: ReducerKit.ObservableStateProtocol {
        static var _$observableKeyPaths: [PartialKeyPath<Self>] {
          [\Self.value, \Self.count]
        }
        static func hasChanged(
          _ keyPath: PartialKeyPath<Self>, from old: Self, to new: Self
        ) -> Bool {
          switch keyPath {
          case \Self.value:
            return ReducerKit._$isChanged(old.value, new.value)
          case \Self.count:
            return ReducerKit._$isChanged(old.count, new.count)
          default:
            return true
          }
        }
        static var _$observableProperties: [ReducerKit.ObservableProperty<Self>] {
          [
            ReducerKit.ObservableProperty("value", \Self.value),
            ReducerKit.ObservableProperty("count", \Self.count),
          ]
        }
      }
      """#
    }
  }

  @Test func emptyStruct() {
    assertMacro(Self.macros) {
      """
      @ObservableState
      struct State: Equatable {
      }
      """
    } expansion: {
      """
      struct State: Equatable {
      }

      extension State: ReducerKit.ObservableStateProtocol {
        static var _$observableKeyPaths: [PartialKeyPath<Self>] {
          []
        }
        static func hasChanged(
          _ keyPath: PartialKeyPath<Self>, from old: Self, to new: Self
        ) -> Bool {
          switch keyPath {
          default:
            return true
          }
        }
        static var _$observableProperties: [ReducerKit.ObservableProperty<Self>] {
          []
        }
      }
      """
    }
  }

  @Test func alreadyConforming() {
    // The compiler passes no protocols when the struct already conforms.
    assertMacro(["ObservableState": MacroSpec(type: ObservableStateMacro.self)]) {
      """
      @ObservableState
      struct State: ObservableStateProtocol {
        var count = 0
      }
      """
    } expansion: {
      #"""
      struct State: ObservableStateProtocol {
        var count = 0
      }

      extension State {
        static var _$observableKeyPaths: [PartialKeyPath<Self>] {
          [\Self.count]
        }
        static func hasChanged(
          _ keyPath: PartialKeyPath<Self>, from old: Self, to new: Self
        ) -> Bool {
          switch keyPath {
          case \Self.count:
            return ReducerKit._$isChanged(old.count, new.count)
          default:
            return true
          }
        }
        static var _$observableProperties: [ReducerKit.ObservableProperty<Self>] {
          [
            ReducerKit.ObservableProperty("count", \Self.count),
          ]
        }
      }
      """#
    }
  }

  @Test func diagnosticForClass() {
    assertMacro(
      Self.macros, diagnostics: [Self.notAStructOrEnum("declare this state as a struct")]
    ) {
      """
      @ObservableState
      final class State {
        var count = 0
      }
      """
    } expansion: {
      """
      final class State {
        var count = 0
      }
      """
    }
  }

  @Test func enumIsObservedAsAWhole() {
    assertMacro(Self.macros) {
      """
      @ObservableState
      enum State: Equatable {
        case loading
        case loaded(Int)
      }
      """
    } expansion: {
      """
      enum State: Equatable {
        case loading
        case loaded(Int)
      }

      extension State: ReducerKit.ObservableStateProtocol {
      }
      """
    }
  }

  @Test func diagnosticForActor() {
    assertMacro(
      Self.macros, diagnostics: [Self.notAStructOrEnum("declare this state as a struct")]
    ) {
      """
      @ObservableState
      actor State {
        var count = 0
      }
      """
    } expansion: {
      """
      actor State {
        var count = 0
      }
      """
    }
  }

  @Test func diagnosticForProtocol() {
    assertMacro(
      Self.macros, diagnostics: [Self.notAStructOrEnum("apply it to each conforming struct")]
    ) {
      """
      @ObservableState
      protocol State {
        var count: Int { get }
      }
      """
    } expansion: {
      """
      protocol State {
        var count: Int { get }
      }
      """
    }
  }
}
