import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plug-in that provides ReducerKit's macros.
@main
struct ReducerKitMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    ObservableStateMacro.self,
    ObservationStateIgnoredMacro.self,
    ReducerCaseIgnoredMacro.self,
    ReducerMacro.self,
  ]
}
