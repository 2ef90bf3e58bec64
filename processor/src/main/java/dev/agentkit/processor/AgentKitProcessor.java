package dev.agentkit.processor;

import com.google.auto.service.AutoService;
import com.sun.source.tree.CompilationUnitTree;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Problem;
import dev.agentkit.internal.SnapshotResource;
import dev.agentkit.internal.WiringStamp;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.StringWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;

/**
 * The agentkit annotation processor: for each {@code @Agent} class, reads the contract snapshot,
 * checks the agent's acts against it with the runtime's rules, and writes {@code <Agent>_Wiring}.
 *
 * <p>Every problem of a compilation is reported in one run, at the narrowest location. An agent
 * with a problem still gets its wiring's types (views, enums, constants) as far as they could be
 * read, so javac reports no error of its own at each use of them, but its wiring cannot bind and no
 * stamp is written for it ({@link UnboundWriter}). No exception ever reaches javac: a failure of
 * the processor itself is reported as an error on the agent, tagged {@code [ProcessorFailure]}.
 */
@AutoService(Processor.class)
public final class AgentKitProcessor extends AbstractProcessor {
  /** The option naming the directory that holds {@code <contract>.json} snapshots. */
  public static final String SNAPSHOT_DIR = "agentkit.snapshotDir";

  /**
   * The option that, set to {@code true}, prints the processor's own time by step as a note at the
   * end of the compilation.
   */
  public static final String TIMING = "agentkit.timing";

  private final SnapshotCache.Loader loader;
  private Reporter reporter;
  private SnapshotLookup snapshots;
  private AgentChecker checker;
  private Timing timing;
  private final Set<String> done = new LinkedHashSet<>();
  // The contracts whose unknown tiers and types were reported in this compilation.
  private final Set<String> warned = new HashSet<>();
  // The contracts whose snapshot was copied into the class output in this compilation.
  private final Set<String> embedded = new HashSet<>();

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
    snapshots = SnapshotLookup.in(env.getOptions().get(SNAPSHOT_DIR), loader);
    checker = new AgentChecker(env.getElementUtils(), env.getTypeUtils());
    timing = new Timing(Boolean.parseBoolean(env.getOptions().get(TIMING)));
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
    return Set.of(SNAPSHOT_DIR, TIMING);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    long started = timing.start();
    try {
      processRound(annotations, round);
    } finally {
      timing.endRound(started);
    }
    if (round.processingOver() && timing.isOn()) {
      processingEnv.getMessager().printMessage(Diagnostic.Kind.NOTE, timing.summary());
    }
    return false;
  }

  private void processRound(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    // Only the annotations present in this round are looked for: finding annotated elements
    // completes every class of the round, and the round that enters the wiring has none of ours.
    Set<String> present = new HashSet<>();
    for (TypeElement a : annotations) {
      present.add(a.getQualifiedName().toString());
    }
    try {
      checkPlacement(round, present);
    } catch (Throwable t) {
      reporter.error(Location.of(null), failure("the annotations of this compilation", t));
    }
    TypeElement agentAnnotation = processingEnv.getElementUtils().getTypeElement(AgentParser.AGENT);
    if (agentAnnotation == null || !present.contains(AgentParser.AGENT)) {
      return;
    }
    List<CompilationUnitTree> units = reporter.units(round.getRootElements());
    for (Element e : round.getElementsAnnotatedWith(agentAnnotation)) {
      if (!(e instanceof TypeElement agent) || !done.add(agent.getQualifiedName().toString())) {
        continue;
      }
      try {
        processAgent(agent, units);
      } catch (Throwable t) {
        reporter.error(Location.of(agent), failure("agent " + agent.getQualifiedName(), t));
      }
    }
  }

  /**
   * Reads and checks the agent into one report (the snapshot lookup, the contract's unknowns, the
   * checks, and the enum constants the round's sources still name after the snapshot dropped them,
   * {@link RemovedValues}), prints it once, and writes the wiring; the stamp only for a bindable
   * one, so a build step never takes a wiring with errors for a current one, and with it the uses
   * manifest a backend's build verifies against ({@link UsesManifestWriter}).
   */
  private void processAgent(TypeElement agent, List<CompilationUnitTree> units) throws IOException {
    long t = timing.start();
    forgetCompiledAgent(agent);
    AgentDeclaration d = new AgentParser(processingEnv.getElementUtils()).parse(agent);
    t = timing.add(Timing.Step.PARSE, t);
    SnapshotLookup.Found found = snapshots.find(d);
    List<CheckReport.Item> before = new ArrayList<>();
    found.error().ifPresent(before::add);
    before.addAll(unknowns(d, found.contract()));
    t = timing.add(Timing.Step.SNAPSHOT, t);
    CheckReport checked = checker.check(d, found.contract());
    // One layout for the whole agent: the report's model differs from the checked one only in
    // whether it binds, which names nothing.
    WiringLayout layout = WiringLayout.of(checked.model());
    List<CheckReport.Item> after = new ArrayList<>();
    RemovedValues.Scan constants = RemovedValues.scan(checked.model(), layout, units);
    for (RemovedValues.Found r : constants.lacking(previousEnums(agent))) {
      after.add(new CheckReport.Item(Location.in(r.path()), r.message()));
    }
    CheckReport report = checked.around(before, after);
    reporter.print(report);
    WiringModel model = report.model();
    t = timing.add(Timing.Step.CHECK, t);
    String source = WiringWriter.write(model, layout);
    t = timing.add(Timing.Step.WRITE, t);
    JavaFileObject file =
        processingEnv.getFiler().createSourceFile(WiringWriter.qualifiedName(model), agent);
    try (Writer w = file.openWriter()) {
      w.write(source);
    }
    if (model.bindable()) {
      writeStamp(agent, d.contract(), model, layout);
      String name = agent.getQualifiedName().toString();
      UsesManifestWriter.write(
          processingEnv.getFiler(),
          agent,
          UsesManifestWriter.manifest(name, model, constants.named()));
      embedSnapshot(agent, found.contract());
    }
    timing.add(Timing.Step.FILES, t);
    timing.agentDone();
  }

  /**
   * Removes the agent's compiled class from the class output before its wiring is checked. javac
   * writes it again when the compilation succeeds; a compilation that fails or stops leaves the
   * agent's source without a class, which every incremental build (the compiler plugin's, whatever
   * its own bookkeeping says, or an IDE's) compiles again, so the next build re-runs this processor
   * instead of keeping wiring generated from an older snapshot.
   */
  private void forgetCompiledAgent(TypeElement agent) {
    TypeElement top = agent;
    while (top.getEnclosingElement() instanceof TypeElement outer) {
      top = outer;
    }
    String pkg = processingEnv.getElementUtils().getPackageOf(top).getQualifiedName().toString();
    try {
      processingEnv
          .getFiler()
          .getResource(StandardLocation.CLASS_OUTPUT, pkg, top.getSimpleName() + ".class")
          .delete();
    } catch (IOException | RuntimeException e) {
      // Never compiled, or an output that cannot delete (in-memory): nothing stale to remove.
    }
  }

  /**
   * The enum constants the agent's previous wiring had, from the stamp an earlier compile left in
   * the class output; empty when there is none (a first or clean build) or it cannot be read.
   */
  private Map<String, List<String>> previousEnums(TypeElement agent) {
    String path = WiringStamp.path(agent.getQualifiedName().toString());
    try (Reader r =
        processingEnv
            .getFiler()
            .getResource(StandardLocation.CLASS_OUTPUT, "", path)
            .openReader(true)) {
      return WiringStamp.decode(r).enums();
    } catch (IOException | RuntimeException e) {
      return Map.of();
    }
  }

  /**
   * A warning for each tier or operand type of the contract's snapshot this version does not know,
   * once per contract in a compilation, on the first {@code @Agent} that names it: the build goes
   * on (the op is read as irreversible, the operand as opaque), but the author should know.
   */
  private List<CheckReport.Item> unknowns(AgentDeclaration d, Contract contract) {
    if (contract == null || contract.warnings().isEmpty() || !warned.add(contract.name())) {
      return List.of();
    }
    Location at =
        Location.of(d.agent(), d.mirror(), AnnotationValues.explicit(d.mirror(), "contract"));
    List<CheckReport.Item> out = new ArrayList<>();
    for (Problem w : contract.warnings()) {
      String message = w.message() + " (contract " + contract.name() + ")";
      out.add(new CheckReport.Item(at, message, CheckReport.Severity.WARNING));
    }
    return out;
  }

  /**
   * Records which snapshot (file and digest) the wiring was generated from, the wiring class and
   * its enums' constants, and the backend ops the agent uses, in {@code
   * META-INF/agentkit/wiring/<agent>.properties} of the class output, so a build step can tell that
   * a snapshot changed since and force a recompile (javac cannot declare a file as an input), and
   * grade drift for this agent. Written with the codec the plugin reads.
   */
  private void writeStamp(
      TypeElement agent, String contract, WiringModel model, WiringLayout layout)
      throws IOException {
    Map<String, WiringStamp.Act> acts = new TreeMap<>();
    for (WiringModel.ActModel a : model.acts()) {
      if (!a.local()) {
        acts.put(
            a.opcode(), new WiringStamp.Act(a.run() != null, a.ask() != null, a.premise().input()));
      }
    }
    String wiring = WiringWriter.qualifiedName(model);
    WiringStamp stamp =
        new WiringStamp(
            model.contractName(),
            snapshots.file(contract).toString().replace('\\', '/'),
            model.contractDigest(),
            acts,
            wiring,
            enumConstants(wiring, layout));
    FileObject file =
        processingEnv
            .getFiler()
            .createResource(
                StandardLocation.CLASS_OUTPUT,
                "",
                WiringStamp.path(agent.getQualifiedName().toString()),
                agent);
    try (Writer w = file.openWriter()) {
      w.write(stamp.encode());
    }
  }

  /**
   * Copies a snapshot that records its source document into the class output ({@link
   * SnapshotResource}), once per contract, so the wiring can hold it at startup and a source whose
   * document is unchanged answers it without mapping the document (docs/snapshot-format.md).
   */
  private void embedSnapshot(TypeElement agent, Contract contract) throws IOException {
    if (contract.document().isEmpty() || !embedded.add(contract.name())) {
      return;
    }
    FileObject file =
        processingEnv
            .getFiler()
            .createResource(
                StandardLocation.CLASS_OUTPUT,
                "",
                SnapshotResource.path(contract.name(), contract.digest()),
                agent);
    try (Writer w = file.openWriter()) {
      w.write(ContractSnapshot.write(contract));
    }
  }

  /** The constants of every enum the wiring declares, by the enum's binary name. */
  private static Map<String, List<String>> enumConstants(String wiring, WiringLayout layout) {
    Map<String, List<String>> out = new TreeMap<>();
    for (WiringLayout.View v : layout.views()) {
      for (WiringLayout.OperandView o : v.operands()) {
        if (o.enumName() != null) {
          out.put(RemovedValues.binaryName(wiring, v, o), o.enumConstants());
        }
      }
    }
    return out;
  }

  /** {@code @Act}, {@code @LocalAct}, {@code @Run}, {@code @Ask} outside an {@code @Agent}. */
  private void checkPlacement(RoundEnvironment round, Set<String> present) {
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
      if (type == null || !present.contains(annotation)) {
        continue;
      }
      for (Element e : round.getElementsAnnotatedWith(type)) {
        Element owner = e instanceof TypeElement ? e : e.getEnclosingElement();
        if (AgentParser.mirror(owner, AgentParser.AGENT) == null) {
          String simple = annotation.substring(annotation.lastIndexOf('.') + 1);
          reporter.error(
              Location.of(e, AgentParser.mirror(e, annotation), null),
              Tags.MISPLACED_ANNOTATION.message(
                  "@"
                      + simple
                      + " on "
                      + e.getSimpleName()
                      + " has no effect: "
                      + owner.getSimpleName()
                      + " is not an @Agent class; annotate the class with @Agent or move the"
                      + " method into one"));
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
