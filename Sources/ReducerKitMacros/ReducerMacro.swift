import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Makes a struct or an enum a reducer, as TCA's `@Reducer` does.
///
/// On a struct it adds the `Reducer` conformance and marks the nested `Action` enum (and a
/// nested `State` enum) `@CasePathable` and `@dynamicMemberLookup`, so `\.view.binding.email`
/// and `\.response.success` are case key paths; a struct that declares a computed `body` and no
/// `reduce(into:action:)` gets a `_bodyCache`, where the body is kept once built:
///
/// ```swift
/// @Reducer
/// struct Feature {
///   @ObservableState struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///   var body: some ReducerOf<Self> { Reduce { state, _ in state.count += 1; return .none } }
/// }
/// ```
///
/// On an enum of child reducers (`case edit(EditForm)`) it generates the `State` and `Action`
/// enums, one case per child, and a static `body` that runs the child of the current case; a
/// case holding `AlertState<Action>` or `ConfirmationDialogState<Action>` keeps that state and
/// takes the alert's action, and a case with no single reducer payload, or marked
/// `@ReducerCaseIgnored`, is kept as written in `State` and never receives an action.
public enum ReducerMacro {}

extension ReducerMacro: ExtensionMacro {
  /// The `Reducer` conformance, and `CaseReducer` for an enum.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard !protocols.isEmpty else { return [] }
    let conformances =
      declaration.is(EnumDeclSyntax.self)
      ? "ReducerKit.CaseReducer, ReducerKit.Reducer" : "ReducerKit.Reducer"
    let decl: DeclSyntax = "extension \(type.trimmed): \(raw: conformances) {}"
    return decl.as(ExtensionDeclSyntax.self).map { [$0] } ?? []
  }
}

extension ReducerMacro: MemberAttributeMacro {
  /// `@CasePathable` and `@dynamicMemberLookup` on the nested `State` and `Action` enums, unless
  /// they already have them, and `@ReducerBuilder` on `body`: the conformance comes in an
  /// extension, from which Swift does not infer the protocol's result builder.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    if let variable = member.as(VariableDeclSyntax.self) {
      return reducerBuilder(for: variable).map { [$0] } ?? []
    }
    guard
      let enumDecl = member.as(EnumDeclSyntax.self),
      ["State", "Action"].contains(enumDecl.name.text)
    else { return [] }
    let written = Set(
      enumDecl.attributes.compactMap {
        $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
      }
    )
    let inherited = Set(
      enumDecl.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
    )
    var attributes: [String] = []
    if written.isDisjoint(with: ["CasePathable", "CasePaths.CasePathable"]),
      inherited.isDisjoint(with: ["CasePathable", "CasePaths.CasePathable"])
    {
      attributes.append("CasePathable")
    }
    if !written.contains("dynamicMemberLookup") {
      attributes.append("dynamicMemberLookup")
    }
    return attributes.map { AttributeSyntax(attributeName: TypeSyntax(stringLiteral: $0)) }
  }
}

extension ReducerMacro {
  /// `@ReducerKit.ReducerBuilder<State, Action>` for a computed `var body: some Reducer<…>` or
  /// `some ReducerOf<…>` that has no builder attribute yet; `nil` for any other property.
  private static func reducerBuilder(for variable: VariableDeclSyntax) -> AttributeSyntax? {
    guard
      variable.bindingSpecifier.tokenKind == .keyword(.var), variable.bindings.count == 1,
      let binding = variable.bindings.first,
      binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body",
      binding.accessorBlock != nil,
      let constraint = binding.typeAnnotation?.type.as(SomeOrAnyTypeSyntax.self)?.constraint
    else { return nil }
    let name: String
    let arguments: [String]
    if let identifier = constraint.as(IdentifierTypeSyntax.self) {
      name = identifier.name.text
      arguments = identifier.genericArgumentClause.map(genericArguments) ?? []
    } else if let member = constraint.as(MemberTypeSyntax.self) {
      name = member.name.text
      arguments = member.genericArgumentClause.map(genericArguments) ?? []
    } else {
      return nil
    }
    let hasBuilder = variable.attributes.contains {
      $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription.contains("ReducerBuilder")
        ?? false
    }
    guard !hasBuilder else { return nil }
    let generics: String
    switch (name, arguments.count) {
    case ("ReducerOf", 1): generics = "\(arguments[0]).State, \(arguments[0]).Action"
    case ("Reducer", 2): generics = arguments.joined(separator: ", ")
    default: return nil
    }
    return AttributeSyntax(
      attributeName: TypeSyntax(stringLiteral: "ReducerKit.ReducerBuilder<\(generics)>")
    )
  }

  /// The generic arguments as written, without the commas between them.
  private static func genericArguments(_ clause: GenericArgumentClauseSyntax) -> [String] {
    clause.arguments.map(\.argument.trimmedDescription)
  }
}

extension ReducerMacro: MemberMacro {
  /// For an enum, its `State` and `Action` enums and its static `body`, each unless the enum
  /// declares it; for a struct, an empty `body` when it has no logic of its own, or the cache
  /// of the `body` it declares.
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      guard let structDecl = declaration.as(StructDeclSyntax.self) else {
        context.diagnose(Diagnostic(node: node, message: ReducerDiagnostic.notAStructOrEnum))
        return []
      }
      return structMembers(of: structDecl)
    }
    let members = enumDecl.memberBlock.members
    let declaredNames = Set(
      members.compactMap { member -> String? in
        if let decl = member.decl.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = member.decl.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = member.decl.as(TypeAliasDeclSyntax.self) { return decl.name.text }
        if let decl = member.decl.as(VariableDeclSyntax.self) {
          return decl.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        return nil
      }
    )
    let access = accessModifier(of: enumDecl)
    let cases = members.flatMap { member -> [ReducerCase] in
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { return [] }
      let isIgnored = caseDecl.attributes.contains {
        let name = $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
        return name == "ReducerCaseIgnored" || name == "ReducerKit.ReducerCaseIgnored"
      }
      return caseDecl.elements.map { ReducerCase($0, isIgnored: isIgnored) }
    }

    var decls: [DeclSyntax] = []
    if !declaredNames.contains("State") {
      decls.append(
        """
        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        \(raw: access)enum State: ReducerKit.CaseReducerState {
        \(raw: access)typealias StateReducer = \(enumDecl.name.trimmed)
        \(raw: cases.map { "case \($0.stateCase)" }.joined(separator: "\n"))
        }
        """
      )
    }
    if !declaredNames.contains("Action") {
      decls.append(
        """
        @CasePathable
        @dynamicMemberLookup
        \(raw: access)enum Action {
        \(raw: cases.map { "case \($0.actionCase)" }.joined(separator: "\n"))
        }
        """
      )
    }
    if !declaredNames.contains("body") {
      let scopes = cases.compactMap(\.ifCaseLet)
      let body = (["ReducerKit.EmptyReducer<Self.State, Self.Action>()"] + scopes)
        .joined(separator: "\n")
      decls.append(
        """
        \(raw: access)static var body: some ReducerKit.Reducer<Self.State, Self.Action> {
        \(raw: body)
        }
        """
      )
    }
    return decls
  }

  /// For a struct with neither a `body` nor a `reduce(into:action:)`, a `body` that does
  /// nothing, as TCA gives a feature whose logic lives entirely in its children or its view;
  /// for a struct with a computed `body` and no `reduce(into:action:)`, a `_bodyCache`, so the
  /// body is built on its first action rather than on every one.
  private static func structMembers(of decl: StructDeclSyntax) -> [DeclSyntax] {
    let members = decl.memberBlock.members
    let hasReduce = members.contains {
      $0.decl.as(FunctionDeclSyntax.self)?.name.text == "reduce"
    }
    let bodies = members.flatMap { member -> [PatternBindingSyntax] in
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { return [] }
      return variable.bindings.filter {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
      }
    }
    let access = accessModifier(of: decl)
    if hasReduce { return [] }
    guard let body = bodies.first else {
      return ["\(raw: access)let body = ReducerKit.EmptyReducer<State, Action>()"]
    }
    guard body.accessorBlock != nil else { return [] }
    return [
      """
      \(raw: access)var _bodyCache: ReducerKit._ReducerBodyCache<Self>? = \
      ReducerKit._ReducerBodyCache()
      """
    ]
  }

  /// `public ` or `package ` when the type is, so the generated members can witness the
  /// protocols' requirements; nothing otherwise.
  private static func accessModifier(of decl: some DeclGroupSyntax) -> String {
    for modifier in decl.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }
}

/// One case of a `@Reducer` enum, and what it becomes in the generated `State`, `Action` and
/// `body`.
private struct ReducerCase {
  enum Kind {
    /// `case edit(EditForm)`: a child reducer's state and actions.
    case reducer(TypeSyntax)
    /// `case alert(AlertState<Alert>)`: state with no reducer, dismissed by its actions.
    case ephemeral(TypeSyntax, action: String)
    /// Any other case: kept as written in `State`, and never sent an action.
    case ignored
  }

  let element: EnumCaseElementSyntax
  let kind: Kind

  init(_ element: EnumCaseElementSyntax, isIgnored: Bool = false) {
    self.element = element
    guard
      !isIgnored,
      let parameters = element.parameterClause?.parameters, parameters.count == 1,
      let parameter = parameters.first, parameter.firstName == nil,
      parameter.type.is(IdentifierTypeSyntax.self) || parameter.type.is(MemberTypeSyntax.self)
    else {
      kind = .ignored
      return
    }
    if let identifier = parameter.type.as(IdentifierTypeSyntax.self),
      ["AlertState", "ConfirmationDialogState"].contains(identifier.name.text),
      let arguments = identifier.genericArgumentClause?.arguments, arguments.count == 1,
      let action = arguments.first
    {
      kind = .ephemeral(parameter.type.trimmed, action: action.trimmedDescription)
    } else {
      kind = .reducer(parameter.type.trimmed)
    }
  }

  var name: String { element.name.text }

  var stateCase: String {
    switch kind {
    case .reducer(let type): "\(name)(\(type).State)"
    case .ephemeral(let type, _): "\(name)(\(type))"
    case .ignored: element.trimmedDescription
    }
  }

  var actionCase: String {
    switch kind {
    case .reducer(let type): "\(name)(\(type).Action)"
    case .ephemeral(_, let action): "\(name)(\(action))"
    case .ignored: "\(name)(Swift.Never)"
    }
  }

  var ifCaseLet: String? {
    guard case .reducer(let type) = kind else { return nil }
    return """
      .ifCaseLet(\\Self.State.Cases.\(name), action: \\Self.Action.Cases.\(name)) {
        \(type)()
      }
      """
  }
}
