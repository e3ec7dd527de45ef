import SwiftSyntax
import SwiftSyntaxMacros

/// Marks a stored property that ``ObservableStateMacro`` leaves out of the observed properties.
///
/// The attribute only tags the property: it expands to nothing, and ``ObservableStateMacro``
/// looks for it when it lists the stored properties of a struct.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   var count = 0
///   @ObservationStateIgnored var cache: [Int: String] = [:]
/// }
/// ```
public enum ObservationStateIgnoredMacro: PeerMacro {
  /// Expands to no declarations.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
