import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Expands `macros` in `source` and expects the `expansion` and the `diagnostics`, failing the
/// current test otherwise: swift-syntax's `assertMacroExpansion`, reporting to Swift Testing.
///
/// ```swift
/// assertMacro(Self.macros) {
///   "@Reducer struct Feature {}"
/// } expansion: {
///   "struct Feature {}\n\nextension Feature: ReducerKit.Reducer {\n}"
/// }
/// ```
func assertMacro(
  _ macros: [String: MacroSpec],
  diagnostics: [DiagnosticSpec] = [],
  _ source: () -> String,
  expansion: () -> String,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  assertMacroExpansion(
    source(), expandedSource: expansion(), diagnostics: diagnostics, macroSpecs: macros,
    indentationWidth: .spaces(2),
    failureHandler: { failure in
      Issue.record(
        Comment(rawValue: failure.message),
        sourceLocation: SourceLocation(
          fileID: failure.location.fileID, filePath: failure.location.filePath,
          line: failure.location.line, column: failure.location.column))
    },
    fileID: fileID, filePath: filePath, line: line, column: column)
}
