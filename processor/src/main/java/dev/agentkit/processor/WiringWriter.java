package dev.agentkit.processor;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.agentkit.AskWording;
import dev.agentkit.BindException;
import dev.agentkit.BoundAgent;
import dev.agentkit.Call;
import dev.agentkit.CompiledAgent;
import dev.agentkit.FieldReader;
import dev.agentkit.Outcome;
import dev.agentkit.Premise;
import dev.agentkit.RunHandler;
import dev.agentkit.StateReader;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftException;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.internal.ArgValues;
import dev.agentkit.processor.WiringModel.ActModel;
import dev.agentkit.processor.WiringModel.Handler;
import dev.agentkit.source.ContractSource;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.lang.model.element.Modifier;

/**
 * Writes one agent's wiring with JavaPoet: constants, typed views, the compiled-in contract and the
 * bind methods. Output depends only on the model, in sorted order, with no date, so the same input
 * always gives the same bytes.
 */
final class WiringWriter {
  private static final ClassName GENERATED =
      ClassName.get("javax.annotation.processing", "Generated");
  private static final String PROCESSOR = AgentKitProcessor.class.getCanonicalName();

  private final WiringModel m;
  private final ClassName wiring;
  private final ClassName agent;
  private final TypeName state;
  private final Map<String, String> opConstants = new TreeMap<>();

  /**
   * The handlers' calls, by kind, as switch cases of the one generated {@code Handlers} class:
   * direct calls, so that binding links no lambda per handler (each costs a class spun up at first
   * use in a fresh JVM).
   */
  private final CodeBlock.Builder readerCases = CodeBlock.builder();

  private final CodeBlock.Builder fieldReaderCases = CodeBlock.builder();
  private final CodeBlock.Builder runCases = CodeBlock.builder();
  private final CodeBlock.Builder askCases = CodeBlock.builder();
  private int handlerCount;

  WiringWriter(WiringModel model) {
    this.m = model;
    this.wiring = ClassName.get(model.packageName(), model.wiringName());
    this.agent = ClassName.get(model.agent());
    this.state = TypeName.get(model.state()).box();
    Set<String> taken = new HashSet<>(Set.of("CONTRACT", "CONTRACT_DIGEST"));
    Set<String> opcodes = new TreeSet<>();
    for (ActModel a : model.acts()) {
      opcodes.add(a.opcode());
    }
    for (String op : opcodes) {
      opConstants.put(op, JavaNames.unique("OP_" + JavaNames.constant(op), taken, "_"));
    }
  }

  JavaFile write() {
    TypeSpec.Builder type =
        TypeSpec.classBuilder(wiring)
            .addModifiers(Modifier.FINAL)
            .addOriginatingElement(m.agent())
            .addAnnotation(
                AnnotationSpec.builder(GENERATED).addMember("value", "$S", PROCESSOR).build())
            .addJavadoc(
                "Wiring of {@link $T} to contract {@code $L}, generated from its annotations and"
                    + " the\ncontract snapshot with digest {@code $L}. Uses no reflection.\n",
                agent,
                m.contractName(),
                m.contractDigest());
    if (m.isPublic()) {
      type.addModifiers(Modifier.PUBLIC);
    }
    type.addField(constant("CONTRACT", m.contractName(), "The contract's name."));
    type.addField(
        constant(
            "CONTRACT_DIGEST",
            m.contractDigest(),
            "The digest of the contract snapshot this wiring was compiled against."));
    for (Map.Entry<String, String> e : opConstants.entrySet()) {
      type.addField(constant(e.getValue(), e.getKey(), "Opcode {@code " + e.getKey() + "}."));
    }
    type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    type.addField(
        FieldSpec.builder(
                CompiledAgent.class, "COMPILED", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
            .initializer(
                "new $T($S, newCompiledContract(), CONTRACT_DIGEST)",
                CompiledAgent.class,
                agent.simpleName())
            .build());
    type.addMethod(
        MethodSpec.methodBuilder("compiledContract")
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(Contract.class)
            .addJavadoc(
                "The ops this agent uses, as the snapshot declared them when it was compiled; its"
                    + " source is\nempty, since no backend served it. Built once.\n")
            .addStatement("return COMPILED.contract()")
            .build());
    type.addMethod(compiledContract());
    type.addMethods(bindMethods());
    type.addMethod(uses());
    if (handlerCount > 0) {
      type.addType(handlersType());
    }
    Set<String> views = new HashSet<>();
    List<ActModel> sorted = new ArrayList<>(m.acts());
    sorted.sort((a, b) -> a.viewName().compareTo(b.viewName()));
    for (ActModel a : sorted) {
      if (views.add(a.viewName())) {
        type.addType(view(a));
      }
    }
    return JavaFile.builder(m.packageName(), type.build()).skipJavaLangImports(true).build();
  }

  private static FieldSpec constant(String name, String value, String doc) {
    return FieldSpec.builder(String.class, name, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .initializer("$S", value)
        .addJavadoc("$L\n", doc)
        .build();
  }

  private MethodSpec compiledContract() {
    CodeBlock.Builder ops = CodeBlock.builder();
    for (int i = 0; i < m.compiledOps().size(); i++) {
      Op op = m.compiledOps().get(i);
      ops.add(i == 0 ? "\n" : ",\n")
          .add(contractOf(op, opConstants.get(op.opcode())).add("\n.build()$<").build());
    }
    return MethodSpec.methodBuilder("newCompiledContract")
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(Contract.class)
        .addStatement("return $T.of(CONTRACT, $T.of($L))", Contract.class, List.class, ops.build())
        .build();
  }

  /**
   * {@code Op.builder(...)...} with an op, unterminated; the chain is indented, so the caller
   * closes it with {@code $<}.
   */
  private CodeBlock.Builder contractOf(Op op, String opConstant) {
    CodeBlock.Builder b =
        CodeBlock.builder()
            .add("$T.builder($L)$>", Op.class, opConstant)
            .add("\n.description($S)", op.description());
    if (!op.objectType().isEmpty()) {
      b.add("\n.objectType($S)", op.objectType());
    }
    if (op.tier() != null) {
      b.add("\n.tier($T.$L)", Tier.class, op.tier().name());
    }
    for (Operand o : op.operands()) {
      b.add(
          "\n.operand(new $T($S, $S, $T.$L, $L, $L, $L))",
          Operand.class,
          o.name(),
          o.description(),
          OperandType.class,
          o.type().name(),
          o.required(),
          stringList(o.enumValues()),
          o.list());
    }
    return b;
  }

  private List<MethodSpec> bindMethods() {
    TypeName bound = ParameterizedTypeName.get(ClassName.get(BoundAgent.class), state);
    MethodSpec live =
        MethodSpec.methodBuilder("bind")
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(bound)
            .addParameter(agent, "agent")
            .addParameter(ContractSource.class, "source")
            .addJavadoc(
                "Fetches the live contract, re-verifies the agent against it and binds it, failing"
                    + " on breaking\ndrift ({@link $T#failOnBreaking()}). See {@link #bind($T,"
                    + " $T, $T)}.\n\n"
                    + "@throws $T when the backend cannot be reached or the acts do not bind\n"
                    + "@throws $T when the live contract drifted in a way that breaks the agent\n",
                DriftPolicy.class,
                agent,
                ContractSource.class,
                DriftPolicy.class,
                BindException.class,
                DriftException.class)
            .addStatement("return bind(agent, source, $T.failOnBreaking())", DriftPolicy.class)
            .build();
    MethodSpec verified =
        MethodSpec.methodBuilder("bind")
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(bound)
            .addParameter(agent, "agent")
            .addParameter(ContractSource.class, "source")
            .addParameter(DriftPolicy.class, "policy")
            .addJavadoc(
                "Fetches the live contract once, compares it with the snapshot this wiring was"
                    + " compiled against\n(nothing to compare when the digests are equal),"
                    + " applies {@code policy} to the drift, and binds\nthe acts to the live"
                    + " contract, which is authoritative. Fails closed when the contract\ncannot"
                    + " be had.\n\n"
                    + "@throws $T when the backend cannot be reached or the acts do not bind\n"
                    + "@throws $T when {@code policy} rejects the drift\n",
                BindException.class,
                DriftException.class)
            .addStatement("$T.requireNonNull(agent, $S)", Objects.class, "agent")
            .addStatement(
                "return $T.bind(COMPILED, source, uses(agent), policy, $T.systemUTC())",
                BoundAgent.class,
                Clock.class)
            .build();
    MethodSpec against =
        MethodSpec.methodBuilder("bind")
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(bound)
            .addParameter(agent, "agent")
            .addParameter(Contract.class, "contract")
            .addJavadoc(
                "Binds the agent's acts to a contract already fetched, taken as the live one: as"
                    + " {@link\n#bind($T, $T)}, without fetching.\n\n"
                    + "@throws $T listing every problem when the acts do not bind\n"
                    + "@throws $T when the contract drifted in a way that breaks the agent\n",
                agent,
                ContractSource.class,
                BindException.class,
                DriftException.class)
            .addStatement("$T.requireNonNull(agent, $S)", Objects.class, "agent")
            .addStatement(
                "return $T.bind(COMPILED, contract, uses(agent), $T.failOnBreaking(),"
                    + " $T.systemUTC())",
                BoundAgent.class,
                DriftPolicy.class,
                Clock.class)
            .build();
    MethodSpec offline =
        MethodSpec.methodBuilder("bindOffline")
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(bound)
            .addParameter(agent, "agent")
            .addJavadoc(
                "Binds the agent's acts to the contract compiled in ({@link"
                    + " #compiledContract()}), with no\nbackend: for tests and offline tools.\n")
            .addStatement("return bind(agent, COMPILED.contract())")
            .build();
    return List.of(live, verified, against, offline);
  }

  /** Every use, of backend ops then of local ones, each in declaration order. */
  private MethodSpec uses() {
    TypeName use = ParameterizedTypeName.get(ClassName.get(Use.class), state);
    List<CodeBlock> items = new ArrayList<>();
    for (ActModel a : m.acts()) {
      if (!a.local()) {
        items.add(use(a));
      }
    }
    for (ActModel a : m.acts()) {
      if (a.local()) {
        items.add(use(a));
      }
    }
    MethodSpec.Builder b =
        MethodSpec.methodBuilder("uses")
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
            .returns(ParameterizedTypeName.get(ClassName.get(List.class), use))
            .addParameter(agent, "agent");
    if (items.isEmpty()) {
      return b.addStatement("return $T.of()", List.class).build();
    }
    CodeBlock.Builder list = CodeBlock.builder();
    for (int i = 0; i < items.size(); i++) {
      list.add(i == 0 ? "\n" : ",\n").add(items.get(i));
    }
    return b.addStatement("return $T.of($L)", List.class, list.build()).build();
  }

  /**
   * {@code Use.<S>of(opcode, category)} for a backend op, {@code Use.<S>local(Op.builder(…)…,
   * category)} for a local one, then the premise and the handlers.
   */
  private CodeBlock use(ActModel a) {
    Premise p = a.premise();
    String constant = opConstants.get(a.opcode());
    CodeBlock.Builder b = CodeBlock.builder();
    if (a.local()) {
      CodeBlock op = contractOf(a.op(), constant).add("\n.build()$<").build();
      b.add(
          "$T.<$T>local(\n$>$>$L,\n$T.$L)$<$<$>",
          Use.class,
          state,
          op,
          ChangeCategory.class,
          p.category().name());
    } else {
      b.add(
          "$T.<$T>of($L, $T.$L)$>",
          Use.class,
          state,
          constant,
          ChangeCategory.class,
          p.category().name());
    }
    if (!p.input().isEmpty()) {
      b.add("\n.input($S)", p.input());
    }
    if (!p.terminalStates().isEmpty()) {
      b.add("\n.terminalStates($L)", strings(p.terminalStates()));
    }
    if (!p.structured().isEmpty()) {
      b.add("\n.structured($L)", strings(p.structured()));
    }
    if (a.assertTier() != null) {
      b.add("\n.assertTier($T.$L)", Tier.class, a.assertTier().name());
    }
    handlers(b, a);
    return b.add("\n.build()$<").build();
  }

  private void handlers(CodeBlock.Builder b, ActModel a) {
    ClassName view = view(a.viewName());
    String returns = "case $L:\n$>return $L;\n$<";
    handler(b, "reader", a.reader(), readerCases, returns, view, "state", "");
    handler(b, "fieldReader", a.fieldReader(), fieldReaderCases, returns, view, "state", ", field");
    String runs =
        a.run() != null && a.run().result() == null ? "case $L:\n$>$L;\nreturn null;\n$<" : returns;
    handler(b, "run", a.run(), runCases, runs, view, "state", "");
    handler(b, "ask", a.ask(), askCases, returns, view, null, "");
  }

  /**
   * Numbers one handler, adds its case to the dispatcher and its {@code new Handlers(agent, n)} to
   * the use ({@code .reader(…)}).
   */
  private void handler(
      CodeBlock.Builder b,
      String setter,
      Handler h,
      CodeBlock.Builder cases,
      String caseFormat,
      ClassName view,
      String stateArg,
      String rest) {
    if (h == null) {
      return;
    }
    int id = handlerCount++;
    cases.add(caseFormat, id, call(h, view, stateArg, rest));
    b.add("\n.$L(new Handlers(agent, $L))", setter, id);
  }

  /** A direct call of a handler method, passing the call or its typed view. */
  private CodeBlock call(Handler h, ClassName view, String stateArg, String rest) {
    CodeBlock target = h.isStatic() ? CodeBlock.of("$T", agent) : CodeBlock.of("agent");
    CodeBlock call = h.viaView() ? CodeBlock.of("new $T(call)", view) : CodeBlock.of("call");
    if (stateArg == null) {
      return CodeBlock.of("$L.$L($L)", target, h.method(), call);
    }
    return CodeBlock.of("$L.$L($L, $L$L)", target, h.method(), stateArg, call, rest);
  }

  /** The view class named {@code Wiring.View}. */
  private ClassName view(String viewName) {
    return wiring.nestedClass(viewName.substring(viewName.indexOf('.') + 1));
  }

  /**
   * The one class that implements every handler interface for this agent, dispatching on the
   * handler's number: direct calls, no reflection and no lambdas.
   */
  private TypeSpec handlersType() {
    TypeName reader = ParameterizedTypeName.get(ClassName.get(StateReader.class), state);
    TypeName fieldReader = ParameterizedTypeName.get(ClassName.get(FieldReader.class), state);
    TypeName run = ParameterizedTypeName.get(ClassName.get(RunHandler.class), state);
    return TypeSpec.classBuilder("Handlers")
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .addSuperinterface(reader)
        .addSuperinterface(fieldReader)
        .addSuperinterface(run)
        .addSuperinterface(AskWording.class)
        .addField(agent, "agent", Modifier.PRIVATE, Modifier.FINAL)
        .addField(int.class, "id", Modifier.PRIVATE, Modifier.FINAL)
        .addMethod(
            MethodSpec.constructorBuilder()
                .addParameter(agent, "agent")
                .addParameter(int.class, "id")
                .addStatement("this.agent = agent")
                .addStatement("this.id = id")
                .build())
        .addMethod(
            dispatch(
                MethodSpec.methodBuilder("read")
                    .returns(String.class)
                    .addParameter(state, "state")
                    .addParameter(Call.class, "call")
                    .addException(Exception.class),
                readerCases.build()))
        .addMethod(
            dispatch(
                MethodSpec.methodBuilder("read")
                    .returns(String.class)
                    .addParameter(state, "state")
                    .addParameter(Call.class, "call")
                    .addParameter(String.class, "field")
                    .addException(Exception.class),
                fieldReaderCases.build()))
        .addMethod(
            dispatch(
                MethodSpec.methodBuilder("run")
                    .returns(Object.class)
                    .addParameter(state, "state")
                    .addParameter(Call.class, "call")
                    .addException(Exception.class),
                runCases.build()))
        .addMethod(
            dispatch(
                MethodSpec.methodBuilder("ask")
                    .returns(String.class)
                    .addParameter(Call.class, "call"),
                askCases.build()))
        .build();
  }

  private static MethodSpec dispatch(MethodSpec.Builder method, CodeBlock cases) {
    method.addAnnotation(Override.class).addModifiers(Modifier.PUBLIC);
    if (!cases.isEmpty()) {
      method.beginControlFlow("switch (id)").addCode(cases).endControlFlow();
    }
    return method.addStatement("throw new $T(id)", AssertionError.class).build();
  }

  private TypeSpec view(ActModel a) {
    String simple = a.viewName().substring(a.viewName().indexOf('.') + 1);
    ClassName view = wiring.nestedClass(simple);
    Op op = a.op();
    TypeSpec.Builder b =
        TypeSpec.recordBuilder(view)
            .addModifiers(Modifier.PUBLIC)
            .recordConstructor(
                MethodSpec.compactConstructorBuilder()
                    .addModifiers(Modifier.PUBLIC)
                    .addParameter(Call.class, "call")
                    .addStatement("$T.requireNonNull(call, $S)", Objects.class, "call")
                    .build())
            .addJavadoc(
                "The arguments of a {@code $L} call, typed by the contract, with a constant holding"
                    + " each\noperand's name. Reading never throws: a blank or unparseable value"
                    + " reads as empty, an\nunknown enum value as {@code UNRECOGNISED}.\n\n"
                    + "@param call the call\n",
                op.opcode());
    b.addField(
        FieldSpec.builder(String.class, "OPCODE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .initializer("$L", opConstants.get(op.opcode()))
            .addJavadoc("The op's opcode.\n")
            .build());
    // Constants and nested types share one set of names: a field named like a nested type
    // obscures it, so `A4.of(...)` would look for a method on the constant.
    Set<String> constants = new HashSet<>(Set.of("OPCODE", simple, m.wiringName()));
    Set<String> accessors = new HashSet<>();
    Set<String> types = constants;
    for (Operand o : op.operands()) {
      String constant = JavaNames.unique(JavaNames.constant(o.name()), constants, "_");
      b.addField(
          FieldSpec.builder(
                  String.class, constant, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
              .initializer("$S", o.name())
              .build());
      String accessor = JavaNames.unique(JavaNames.accessor(o.name()), accessors, "");
      MethodSpec.Builder getter = MethodSpec.methodBuilder(accessor).addModifiers(Modifier.PUBLIC);
      String doc =
          javadocText(o.description().isBlank() ? "Operand " + o.name() + "." : o.description());
      CodeBlock raw = CodeBlock.of("call.arg($L)", constant);
      TypeName element;
      CodeBlock single;
      CodeBlock mapper;
      switch (o.type()) {
        case DATE -> {
          element = ClassName.get(OffsetDateTime.class);
          single = CodeBlock.of("$T.date($L)", ArgValues.class, raw);
          mapper =
              CodeBlock.of(".map($T::date).flatMap($T::stream)", ArgValues.class, Optional.class);
        }
        case NUMBER -> {
          element = ClassName.get(BigDecimal.class);
          single = CodeBlock.of("$T.number($L)", ArgValues.class, raw);
          mapper =
              CodeBlock.of(".map($T::number).flatMap($T::stream)", ArgValues.class, Optional.class);
        }
        case ENUM -> {
          String enumName = JavaNames.unique(JavaNames.upperCamel(o.name()), types, "Value");
          ClassName enumType = view.nestedClass(enumName);
          b.addType(enumType(enumType, o));
          element = enumType;
          single = CodeBlock.of("$T.of($L)", enumType, raw);
          mapper = CodeBlock.of(".map($T::of)", enumType);
        }
        default -> {
          element = ClassName.get(String.class);
          single = raw;
          mapper = CodeBlock.of("");
        }
      }
      if (o.list()) {
        getter
            .returns(ParameterizedTypeName.get(ClassName.get(List.class), element))
            .addStatement("return $T.list($L).stream()$L.toList()", ArgValues.class, raw, mapper)
            .addJavadoc("$L\n\n@return the values given, in order; empty when none\n", doc);
      } else if (o.type() == OperandType.DATE || o.type() == OperandType.NUMBER) {
        getter
            .returns(ParameterizedTypeName.get(ClassName.get(Optional.class), element))
            .addStatement("return $L", single)
            .addJavadoc("$L\n\n@return the value, or empty when blank or unparseable\n", doc);
      } else {
        getter
            .returns(element)
            .addStatement("return $L", single)
            .addJavadoc(
                "$L\n\n@return the value$L\n",
                doc,
                o.type() == OperandType.ENUM
                    ? ", or {@code UNRECOGNISED} when blank or not in the vocabulary"
                    : ", or the empty string when none is given");
      }
      b.addMethod(getter.build());
    }
    if (a.run() != null && a.run().result() != null) {
      TypeName result = TypeName.get(a.run().result());
      b.addMethod(
          MethodSpec.methodBuilder("result")
              .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
              .returns(ParameterizedTypeName.get(ClassName.get(Optional.class), result))
              .addParameter(Outcome.class, "outcome")
              .addJavadoc(
                  "The value the run handler returned, typed.\n\n"
                      + "@param outcome the outcome of running a {@code $L} call\n"
                      + "@return the value; empty when the run failed or returned nothing\n",
                  op.opcode())
              .addStatement("return outcome.value($T.class)", result)
              .build());
    }
    return b.build();
  }

  private static TypeSpec enumType(ClassName name, Operand o) {
    TypeSpec.Builder e =
        TypeSpec.enumBuilder(name)
            .addModifiers(Modifier.PUBLIC)
            .addJavadoc(
                "The values of operand {@code $L}, plus {@code UNRECOGNISED} for a value the"
                    + " contract did\nnot have when this code was generated.\n",
                o.name());
    Set<String> taken = new HashSet<>(Set.of("UNRECOGNISED"));
    for (String v : o.enumValues()) {
      e.addEnumConstant(
          JavaNames.unique(JavaNames.constant(v), taken, "_"),
          TypeSpec.anonymousClassBuilder("$S", v).build());
    }
    e.addEnumConstant(
        "UNRECOGNISED",
        TypeSpec.anonymousClassBuilder("$S", "")
            .addJavadoc("A value this code does not know: blank, or added to the contract later.\n")
            .build());
    e.addField(String.class, "wireName", Modifier.PRIVATE, Modifier.FINAL);
    e.addMethod(
        MethodSpec.constructorBuilder()
            .addParameter(String.class, "wireName")
            .addStatement("this.wireName = wireName")
            .build());
    e.addMethod(
        MethodSpec.methodBuilder("wireName")
            .addModifiers(Modifier.PUBLIC)
            .returns(String.class)
            .addJavadoc("The value as the contract spells it; empty for {@code UNRECOGNISED}.\n")
            .addStatement("return wireName")
            .build());
    e.addMethod(
        MethodSpec.methodBuilder("of")
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(name)
            .addParameter(String.class, "value")
            .addJavadoc(
                "The constant for a value as the contract spells it, or {@code UNRECOGNISED}.\n")
            .addStatement("$T v = value == null ? $S : value.trim()", String.class, "")
            .beginControlFlow("for ($T c : values())", name)
            .beginControlFlow("if (c != UNRECOGNISED && c.wireName.equals(v))")
            .addStatement("return c")
            .endControlFlow()
            .endControlFlow()
            .addStatement("return UNRECOGNISED")
            .build());
    return e.build();
  }

  private static CodeBlock strings(List<String> values) {
    List<CodeBlock> parts = new ArrayList<>();
    for (String v : values) {
      parts.add(CodeBlock.of("$S", v));
    }
    return CodeBlock.join(parts, ", ");
  }

  private static CodeBlock stringList(List<String> values) {
    return values.isEmpty()
        ? CodeBlock.of("$T.of()", List.class)
        : CodeBlock.of("$T.of($L)", List.class, strings(values));
  }

  /** Text safe inside a javadoc comment. */
  private static String javadocText(String s) {
    return s.replace("*/", "*&#47;").replace("@", "{@literal @}");
  }
}
