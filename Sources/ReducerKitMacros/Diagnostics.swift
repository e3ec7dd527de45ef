import SwiftDiagnostics
import SwiftSyntax

/// The errors ``ObservableStateMacro`` reports.
enum ObservableStateDiagnostic: String, DiagnosticMessage {
  /// The attribute is on a class.
  case appliedToClass
  /// The attribute is on an enum.
  case appliedToEnum
  /// The attribute is on an actor.
  case appliedToActor
  /// The attribute is on a protocol.
  case appliedToProtocol
  /// The attribute is on some other declaration (an extension, for instance).
  case appliedToOther

  /// The diagnostic for a declaration group that is not a struct, or `nil` for a struct.
  init?(notAStruct declaration: some DeclGroupSyntax) {
    switch Syntax(declaration).as(SyntaxEnum.self) {
    case .structDecl: return nil
    case .classDecl: self = .appliedToClass
    case .enumDecl: self = .appliedToEnum
    case .actorDecl: self = .appliedToActor
    case .protocolDecl: self = .appliedToProtocol
    default: self = .appliedToOther
    }
  }

  var message: String {
    let advice: String
    switch self {
    case .appliedToClass, .appliedToActor: advice = "declare this state as a struct"
    case .appliedToEnum: advice = "store this enum in a struct property"
    case .appliedToProtocol: advice = "apply it to each conforming struct"
    case .appliedToOther: advice = "apply it to the struct's declaration"
    }
    return "'@ObservableState' can only be applied to a struct; \(advice)"
  }

  var diagnosticID: MessageID {
    MessageID(domain: "ReducerKitMacros", id: "ObservableState.\(rawValue)")
  }

  var severity: DiagnosticSeverity { .error }
}
