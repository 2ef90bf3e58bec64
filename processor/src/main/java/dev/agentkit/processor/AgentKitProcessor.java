package dev.agentkit.processor;

import com.google.auto.service.AutoService;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.internal.text.ContractName;
import dev.agentkit.processor.SnapshotCache.Outcome;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * The agentkit annotation processor: for each {@code @Agent} class, reads the contract snapshot,
 * checks the agent's acts against it with the runtime's rules, and writes {@code <Agent>_Wiring}.
 *
 * <p>Every problem of a compilation is reported in one run, at the narrowest location; nothing is
 * generated for an agent with a problem. No exception ever reaches javac: a failure of the
 * processor itself is reported as an error on the agent, tagged {@code [ProcessorFailure]}.
 */
@AutoService(Processor.class)
public final class AgentKitProcessor extends AbstractProcessor {
  /** The option naming the directory that holds {@code <contract>.json} snapshots. */
  public static final String SNAPSHOT_DIR = "agentkit.snapshotDir";

  private final SnapshotCache.Loader loader;
  private Reporter reporter;
  private SnapshotCache cache;
  private String dirProblem;
  private boolean dirProblemReported;
  private final Set<String> done = new LinkedHashSet<>();

  /** The processor as javac loads it, reading snapshots with {@link ContractSnapshot#read}. */
  public AgentKitProcessor() {
    this(ContractSnapshot::read);
  }

  AgentKitProcessor(SnapshotCache.Loader loader) {
    this.loader = loader;
  }

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    reporter = new Reporter(env);
    String option = env.getOptions().get(SNAPSHOT_DIR);
    if (option == null || option.isBlank()) {
      dirProblem =
          "the option -A"
              + SNAPSHOT_DIR
              + " is not set; pass the absolute directory holding the contract snapshots, e.g."
              + " <arg>-A"
              + SNAPSHOT_DIR
              + "=${project.basedir}/../contract-snapshots</arg>";
      return;
    }
    try {
      Path dir = Path.of(option.trim());
      if (!dir.isAbsolute()) {
        dirProblem =
            "the option -A"
                + SNAPSHOT_DIR
                + "="
                + option
                + " is a relative path, which resolves against wherever the build was started;"
                + " pass an absolute one, e.g. ${project.basedir}/../contract-snapshots";
        return;
      }
      cache = new SnapshotCache(dir, loader);
    } catch (InvalidPathException e) {
      dirProblem =
          "the option -A" + SNAPSHOT_DIR + "=" + option + " is not a path (" + e.getReason() + ")";
    }
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(
        AgentParser.AGENT,
        AgentParser.ACT,
        AgentParser.ACTS,
        AgentParser.LOCAL_ACT,
        AgentParser.LOCAL_ACTS,
        AgentParser.RUN,
        AgentParser.ASK);
  }

  @Override
  public Set<String> getSupportedOptions() {
    return Set.of(SNAPSHOT_DIR);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    try {
      checkPlacement(round);
    } catch (Throwable t) {
      reporter.error(failure("the annotations of this compilation", t), null);
    }
    TypeElement agentAnnotation = processingEnv.getElementUtils().getTypeElement(AgentParser.AGENT);
    if (agentAnnotation == null) {
      return false;
    }
    for (Element e : round.getElementsAnnotatedWith(agentAnnotation)) {
      if (!(e instanceof TypeElement agent) || !done.add(agent.getQualifiedName().toString())) {
        continue;
      }
      try {
        processAgent(agent);
      } catch (Throwable t) {
        reporter.error(failure("agent " + agent.getQualifiedName(), t), agent);
      }
    }
    return false;
  }

  private void processAgent(TypeElement agent) throws IOException {
    AgentDeclaration d = new AgentParser(processingEnv.getElementUtils()).parse(agent);
    Contract contract = snapshot(d);
    AgentChecker checker =
        new AgentChecker(
            processingEnv.getElementUtils(),
            new SignatureChecker(processingEnv.getElementUtils(), processingEnv.getTypeUtils()),
            reporter);
    WiringModel model = checker.check(d, contract);
    if (model != null) {
      new WiringWriter(model).write().writeTo(processingEnv.getFiler());
      writeStamp(agent, d.contract(), model);
    }
  }

  /**
   * Records which snapshot (file and digest) the wiring was generated from, in {@code
   * META-INF/agentkit/wiring/<agent>.properties} of the class output, so a build step can tell that
   * a snapshot changed since and force a recompile (javac cannot declare a file as an input).
   */
  private void writeStamp(TypeElement agent, String contract, WiringModel model)
      throws IOException {
    Path file = cache.get(contract).file();
    FileObject stamp =
        processingEnv
            .getFiler()
            .createResource(
                StandardLocation.CLASS_OUTPUT,
                "",
                "META-INF/agentkit/wiring/" + agent.getQualifiedName() + ".properties",
                agent);
    try (Writer w = stamp.openWriter()) {
      w.write("# Written by " + AgentKitProcessor.class.getName() + "; do not edit.\n");
      w.write("contract=" + model.contractName() + "\n");
      w.write("snapshot=" + file.toString().replace("\\", "/") + "\n");
      w.write("digest=" + model.contractDigest() + "\n");
      // The backend ops the agent uses, for the Maven plugin's drift reports: run, ask, input.
      java.util.TreeMap<String, String> acts = new java.util.TreeMap<>();
      for (WiringModel.ActModel a : model.acts()) {
        if (!a.local()) {
          acts.put(
              a.opcode(),
              (a.run() != null ? "run" : "-")
                  + ","
                  + (a.ask() != null ? "ask" : "-")
                  + ","
                  + a.premise().input());
        }
      }
      for (java.util.Map.Entry<String, String> e : acts.entrySet()) {
        w.write("act." + e.getKey() + "=" + e.getValue() + "\n");
      }
    }
  }

  /** The agent's contract, or null after reporting why it cannot be had. */
  private Contract snapshot(AgentDeclaration d) {
    String name = d.contract();
    Element agent = d.agent();
    AnnotationMirror mirror = d.mirror();
    if (dirProblem != null) {
      if (!dirProblemReported) {
        dirProblemReported = true;
        reporter.error(
            Tags.SNAPSHOT_DIR_OPTION.message(
                dirProblem + "; the snapshot is what @Agent is checked against"),
            agent,
            mirror,
            null);
      }
      return null;
    }
    List<String> nameProblems = ContractName.problems(name);
    if (!nameProblems.isEmpty()) {
      reporter.error(
          Tags.CONTRACT_NAME.message(
              "agent " + agent.getSimpleName() + ": " + String.join("; ", nameProblems)),
          agent,
          mirror,
          AnnotationValues.explicit(mirror, "contract"));
      return null;
    }
    Outcome outcome = cache.get(name);
    Contract contract = outcome.contract();
    if (contract != null && !contract.name().equals(name)) {
      reporter.error(
          Tags.SNAPSHOT_MALFORMED.message(
              "agent "
                  + agent.getSimpleName()
                  + ": the snapshot "
                  + outcome.file()
                  + " is of contract "
                  + contract.name()
                  + ", not "
                  + name
                  + "; a snapshot's file is named after its contract, so fix the contract name or"
                  + " regenerate the file with `mvn agentkit:snapshot`"),
          agent,
          mirror,
          AnnotationValues.explicit(mirror, "contract"));
      return null;
    }
    if (contract != null) {
      return contract;
    }
    Exception error = outcome.error();
    String message;
    if (error instanceof NoSuchFileException) {
      message =
          Tags.SNAPSHOT_MISSING.message(
              "agent "
                  + agent.getSimpleName()
                  + ": no snapshot of contract "
                  + name
                  + " at "
                  + outcome.file()
                  + "; fetch it from the backend with `mvn agentkit:snapshot` and commit it, or fix"
                  + " the contract name or -A"
                  + SNAPSHOT_DIR);
    } else if (error instanceof ContractFormatException f) {
      message =
          Tags.SNAPSHOT_MALFORMED.message(
              "agent "
                  + agent.getSimpleName()
                  + ": the snapshot "
                  + outcome.file()
                  + " is not a valid contract "
                  + (f.line() > 0 ? "at line " + f.line() + ", column " + f.column() : "")
                  + (f.path().isEmpty() ? "" : " (" + f.path() + ")")
                  + ": "
                  + f.problem()
                  + (f.problem().contains("agentkit:snapshot")
                      ? ""
                      : "; regenerate it with `mvn agentkit:snapshot` rather than editing it by"
                          + " hand"));
    } else {
      message =
          Tags.SNAPSHOT_MALFORMED.message(
              "agent "
                  + agent.getSimpleName()
                  + ": the snapshot "
                  + outcome.file()
                  + " cannot be read ("
                  + error
                  + "); regenerate it with `mvn agentkit:snapshot`");
    }
    reporter.error(message, agent, mirror, AnnotationValues.explicit(mirror, "contract"));
    return null;
  }

  /** {@code @Act}, {@code @LocalAct}, {@code @Run}, {@code @Ask} outside an {@code @Agent}. */
  private void checkPlacement(RoundEnvironment round) {
    for (String annotation :
        new String[] {
          AgentParser.ACT,
          AgentParser.ACTS,
          AgentParser.LOCAL_ACT,
          AgentParser.LOCAL_ACTS,
          AgentParser.RUN,
          AgentParser.ASK
        }) {
      TypeElement type = processingEnv.getElementUtils().getTypeElement(annotation);
      if (type == null) {
        continue;
      }
      for (Element e : round.getElementsAnnotatedWith(type)) {
        Element owner = e instanceof TypeElement ? e : e.getEnclosingElement();
        if (AgentParser.mirror(owner, AgentParser.AGENT) == null) {
          String simple = annotation.substring(annotation.lastIndexOf('.') + 1);
          reporter.error(
              Tags.MISPLACED_ANNOTATION.message(
                  "@"
                      + simple
                      + " on "
                      + e.getSimpleName()
                      + " has no effect: "
                      + owner.getSimpleName()
                      + " is not an @Agent class; annotate the class with @Agent or move the"
                      + " method into one"),
              e,
              AgentParser.mirror(e, annotation),
              null);
        }
      }
    }
  }

  private static String failure(String what, Throwable t) {
    StringWriter trace = new StringWriter();
    t.printStackTrace(new PrintWriter(trace));
    return Tags.PROCESSOR_FAILURE.message(
        "the agentkit processor failed on "
            + what
            + " ("
            + t
            + "); this is a bug in the processor, please report it with this trace:\n"
            + trace);
  }
}
