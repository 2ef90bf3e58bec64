package dev.agentkit.benchmarks;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes the benchmark corpus: the 5,000-op snapshot, agent classes using {@value #ACTS} of its ops
 * spread over {@value #AGENTS} classes, the class binding them all, and a LangChain4j tool class
 * with one {@code @Tool} method per act. The processor benchmark compiles the agents; the binding
 * benchmarks use the compiled ones.
 */
public final class Corpus {
  /** Acts in the corpus. */
  public static final int ACTS = 200;

  /** Agent classes the acts are spread over. */
  public static final int AGENTS = 4;

  /** The corpus's package. */
  public static final String PACKAGE = "dev.agentkit.benchmarks.corpus";

  /** The LangChain4j tool class's name. */
  public static final String TOOLS = PACKAGE + ".ToolBox";

  private Corpus() {}

  /** Writes the corpus under {@code dir}: {@code snapshots/} and {@code src/}. */
  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    Contract contract = SyntheticContract.large();
    writeSnapshot(dir.resolve("snapshots"), contract);
    Path src = dir.resolve("src");
    writeAgents(src, contract);
    writeBinding(src);
    writeTools(src, contract);
  }

  /** The index in the large contract of the {@code i}th act: spread evenly over the contract. */
  public static int opIndex(int act) {
    return act * (SyntheticContract.LARGE_OPS / ACTS);
  }

  /** The opcodes the corpus uses. */
  public static List<String> opcodes() {
    List<String> out = new ArrayList<>(ACTS);
    for (int i = 0; i < ACTS; i++) {
      out.add(SyntheticContract.opcode(opIndex(i)));
    }
    return out;
  }

  /** Writes {@code synthetic.json}; the snapshot is rewritten only when its bytes change. */
  public static Path writeSnapshot(Path dir, Contract contract) throws IOException {
    Path file = dir.resolve(contract.name() + ".json");
    if (!ContractSnapshot.isUpToDate(file, contract)) {
      ContractSnapshot.writeAtomically(file, contract);
    }
    return file;
  }

  /** Writes the agent sources; returns their files. */
  public static List<Path> writeAgents(Path src, Contract contract) throws IOException {
    List<Path> files = new ArrayList<>();
    int perAgent = ACTS / AGENTS;
    for (int a = 0; a < AGENTS; a++) {
      StringBuilder sb = new StringBuilder();
      sb.append("package ").append(PACKAGE).append(";\n\n");
      sb.append("import dev.agentkit.Call;\n");
      sb.append("import dev.agentkit.contract.ChangeCategory;\n");
      sb.append("import dev.agentkit.annotation.Act;\n");
      sb.append("import dev.agentkit.annotation.Agent;\n");
      sb.append("import dev.agentkit.annotation.Run;\n\n");
      sb.append("@Agent(contract = \"")
          .append(contract.name())
          .append("\", state = Object.class)\n");
      StringBuilder methods = new StringBuilder();
      for (int k = 0; k < perAgent; k++) {
        int act = a * perAgent + k;
        String opcode = SyntheticContract.opcode(opIndex(act));
        if (act % 4 == 0) {
          // A reader category: @Act goes on the state reader, comparing the id operand.
          methods
              .append("  @Act(opcode = \"")
              .append(opcode)
              .append("\", category = ChangeCategory.SCALAR_SET, input = \"id\")\n")
              .append("  String read")
              .append(act)
              .append("(Object state, Call call) {\n    return \"\";\n  }\n\n");
        } else {
          sb.append("@Act(opcode = \"")
              .append(opcode)
              .append("\", category = ChangeCategory.ALWAYS_MINTS)\n");
        }
        if (act % 3 == 0) {
          methods
              .append("  @Run(\"")
              .append(opcode)
              .append("\")\n  void run")
              .append(act)
              .append("(Object state, Call call) {}\n\n");
        }
      }
      sb.append("public final class ").append(agentName(a)).append(" {\n");
      sb.append(methods);
      sb.append("}\n");
      files.add(write(src, agentName(a), sb.toString()));
    }
    return files;
  }

  static String agentName(int a) {
    return String.format(Locale.ROOT, "Agent%02d", a);
  }

  private static void writeBinding(Path src) throws IOException {
    StringBuilder sb = new StringBuilder();
    sb.append("package ").append(PACKAGE).append(";\n\n");
    sb.append("import dev.agentkit.source.ContractSource;\n");
    sb.append("import dev.agentkit.benchmarks.CorpusBinding;\n\n");
    sb.append("/** Every corpus agent bound through its generated wiring. */\n");
    sb.append("public final class CorpusAgents implements CorpusBinding {\n");
    for (int a = 0; a < AGENTS; a++) {
      sb.append("  private final ")
          .append(agentName(a))
          .append(" a")
          .append(a)
          .append(" = new ")
          .append(agentName(a))
          .append("();\n");
    }
    sb.append("\n  @Override\n  public int bindAll(ContractSource source) {\n    int n = 0;\n");
    for (int a = 0; a < AGENTS; a++) {
      sb.append("    n += ")
          .append(agentName(a))
          .append("_Wiring.bind(a")
          .append(a)
          .append(", source).acts().opcodes().size();\n");
    }
    sb.append("    return n;\n  }\n\n");
    sb.append("  @Override\n  public String compiledDigest() {\n");
    sb.append("    return ").append(agentName(0)).append("_Wiring.CONTRACT_DIGEST;\n  }\n}\n");
    write(src, "CorpusAgents", sb.toString());
  }

  private static void writeTools(Path src, Contract contract) throws IOException {
    StringBuilder sb = new StringBuilder();
    sb.append("package ").append(PACKAGE).append(";\n\n");
    sb.append("import dev.langchain4j.agent.tool.P;\n");
    sb.append("import dev.langchain4j.agent.tool.Tool;\n\n");
    sb.append("/** The corpus's acts as LangChain4j tools: one annotated method per act. */\n");
    sb.append("public final class ToolBox {\n");
    for (int i = 0; i < ACTS; i++) {
      Op op = contract.ops().get(indexOf(contract, SyntheticContract.opcode(opIndex(i))));
      sb.append("  @Tool(name = \"")
          .append(op.opcode())
          .append("\", value = \"")
          .append(op.description())
          .append("\")\n  public String ")
          .append(op.opcode())
          .append("(");
      List<Operand> operands = op.operands();
      for (int k = 0; k < operands.size(); k++) {
        Operand o = operands.get(k);
        if (k > 0) {
          sb.append(", ");
        }
        sb.append("@P(value = \"")
            .append(o.description().isEmpty() ? o.name() : o.description())
            .append("\", required = ")
            .append(o.required())
            .append(") ")
            .append(javaType(o))
            .append(' ')
            .append(o.name());
      }
      sb.append(") {\n    return \"\";\n  }\n\n");
    }
    sb.append("}\n");
    write(src, "ToolBox", sb.toString());
  }

  private static int indexOf(Contract contract, String opcode) {
    List<String> opcodes = contract.opcodes();
    return java.util.Collections.binarySearch(opcodes, opcode);
  }

  private static String javaType(Operand o) {
    if (o.list()) {
      return "java.util.List<String>";
    }
    return o.type() == OperandType.NUMBER ? "double" : "String";
  }

  private static Path write(Path src, String simpleName, String text) throws IOException {
    Path file = src.resolve(PACKAGE.replace('.', '/')).resolve(simpleName + ".java");
    Files.createDirectories(file.getParent());
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    if (!Files.exists(file) || !java.util.Arrays.equals(Files.readAllBytes(file), bytes)) {
      Files.write(file, bytes);
    }
    return file;
  }
}
