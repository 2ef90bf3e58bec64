package dev.agentkit.cli;

import dev.agentkit.internal.text.Names;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code java -jar agentkit.jar <command> [options]}: the agentkit command line. Exits 0 when the
 * command passes, 1 when its verdict fails, 2 for a configuration or usage error, 3 when what it
 * reads cannot be had or what it writes cannot be written, 4 for a bug in agentkit.
 */
public final class Main {
  private Main() {}

  /** Runs the command line and exits with its code. */
  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err, System::getenv, Path.of("").toAbsolutePath()));
  }

  /** Runs the command line against these streams, environment and directory; returns its code. */
  static int run(
      String[] args,
      PrintStream out,
      PrintStream err,
      Function<String, String> env,
      Path workingDirectory) {
    // The libraries' SLF4J says it has no provider on every start; nothing here logs through it.
    if (System.getProperty("slf4j.internal.verbosity") == null) {
      System.setProperty("slf4j.internal.verbosity", "ERROR");
    }
    Terminal t = new Terminal(out, err, env, workingDirectory);
    CommandLine cl = new CommandLine(new Agentkit());
    cl.addSubcommand(new Commands.Snapshot(t));
    cl.addSubcommand(new Commands.Check(t));
    cl.addSubcommand(new Commands.Diff(t));
    cl.addSubcommand(new Commands.Recheck(t));
    cl.addSubcommand(new Commands.VerifyConsumers(t));
    cl.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
    cl.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
    cl.setParameterExceptionHandler(Main::usageError);
    return cl.execute(args);
  }

  /**
   * A flag or argument the command does not take: one line saying so (a value given with {@code =}
   * is not shown: it may be a credential), the nearest options, and where the usage is.
   */
  private static int usageError(CommandLine.ParameterException e, String[] args) {
    CommandLine cl = e.getCommandLine();
    PrintWriter err = cl.getErr();
    String message =
        String.valueOf(e.getMessage()).replaceAll("(--?[A-Za-z][\\w-]*)=[^'\\s,]*", "$1=***");
    err.println(TerminalLog.line("ERROR", message + nearest(e)));
    err.println(
        TerminalLog.line(
            "ERROR",
            "see: agentkit "
                + (cl.getParent() == null ? "" : cl.getCommandName() + " ")
                + "--help"));
    return 2;
  }

  /** "; did you mean" the option nearest to an unknown one, as every agentkit message says it. */
  private static String nearest(CommandLine.ParameterException e) {
    if (!(e instanceof CommandLine.UnmatchedArgumentException u)) {
      return "";
    }
    List<String> names = new ArrayList<>();
    for (CommandLine.Model.OptionSpec o : e.getCommandLine().getCommandSpec().options()) {
      names.addAll(List.of(o.names()));
    }
    for (String arg : u.getUnmatched()) {
      String name = arg.split("=", 2)[0];
      if (name.startsWith("-")) {
        String hint = Names.didYouMean(name, names);
        if (!hint.isEmpty()) {
          return hint;
        }
      }
    }
    return "";
  }

  @Command(
      name = "agentkit",
      mixinStandardHelpOptions = true,
      versionProvider = Version.class,
      description =
          "Keep agents true to their backends' contracts in builds that are not Maven: the"
              + " agentkit-maven-plugin's goals, with the same options (a config file and"
              + " flags), reports and exit codes.",
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {
        "0:the command passed",
        "1:its verdict failed (drift, a broken consumer, a refused snapshot)",
        "2:a configuration or usage error",
        "3:what it reads cannot be had, or what it writes cannot be written",
        "4:a bug in agentkit"
      })
  static final class Agentkit implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
      PrintWriter err = spec.commandLine().getErr();
      err.println(
          TerminalLog.line(
              "ERROR", "give a command: snapshot, check, diff, recheck or verify-consumers"));
      spec.commandLine().usage(err);
      return 2;
    }
  }

  /** The version the jar was built as. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
      Properties p = new Properties();
      try (InputStream in = Main.class.getResourceAsStream("version.properties")) {
        if (in != null) {
          p.load(in);
        }
      }
      return new String[] {"agentkit " + p.getProperty("version", "(unknown version)")};
    }
  }
}
