package dev.agentkit.processor;

import com.sun.source.tree.BlockTree;
import com.sun.source.tree.CaseTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.SwitchExpressionTree;
import com.sun.source.tree.SwitchTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import dev.agentkit.internal.text.Names;
import dev.agentkit.processor.WiringLayout.OperandView;
import dev.agentkit.processor.WiringLayout.View;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds, in the source of a compilation, the constants a wiring's enums do not have: {@code
 * Status.DONE} after the backend dropped {@code done} ({@code [RemovedEnumValue]}, when the
 * previous wiring's stamp shows the enum had it), or a constant it never had, such as the typo
 * {@code Priority.HIHG} ({@code [UnknownEnumConstant]}, with the nearest constant). Without it the
 * reference would surface only as javac's bare {@code cannot find symbol}, and only in a build in
 * which the processor reported nothing else (javac attributes no method body after a processor
 * error).
 *
 * <p>The wiring is being generated, so nothing is attributed yet: names are resolved by their
 * syntax and the file's imports. Found are a constant selected from an enum named through the
 * wiring ({@code Wiring.View.Enum.C}, {@code View.Enum.C}, {@code Enum.C}, a static import of
 * {@code C}; a shared enum as {@code Wiring.Enum.C} or, imported, {@code Enum.C}), and a {@code
 * case C} of a switch on a view's accessor ({@code switch (view.status())}) whose view is a {@code
 * new View(call)} or a local variable or parameter in scope declared with the view's type (or
 * initialised with a {@code new View(call)}). A name the file does not take from the wiring is
 * never matched, so a class of the user's that shares an enum's name is left alone.
 *
 * <p>The same scan tells which of the contract's enum values the agent's code names ({@link
 * Scan#named}), for the agent's uses manifest.
 */
final class RemovedValues {
  /**
   * One reference to a constant the enum no longer has.
   *
   * @param path where it is in the source
   * @param message the error, tag first
   */
  record Found(TreePath path, String message) {}

  /**
   * An enum of one view: an enum operand's, or one nested in a tree operand (only ever named, never
   * refused here: javac reports a constant such an enum lacks).
   */
  private record EnumRef(View view, OperandView operand, TreeLayout.EnumType nested) {
    EnumRef(View view, OperandView operand) {
      this(view, operand, null);
    }

    List<String> constants() {
      return operand != null ? operand.enumConstants() : nested.constants();
    }

    List<String> values() {
      return operand != null ? operand.operand().enumValues() : nested.values();
    }

    /** The operand's name, or the nested enum's path in the op ({@code checklist[].state}). */
    String key() {
      return operand != null ? operand.operand().name() : nested.path();
    }
  }

  private final String wiring;
  private final String packageName;
  private final String wiringName;
  private final Map<String, View> views = new HashMap<>();
  // The wiring's shared enums by simple name, each as its first reader.
  private final Map<String, EnumRef> shared = new HashMap<>();
  private final Map<String, List<String>> previous;

  private RemovedValues(WiringModel m, WiringLayout layout, Map<String, List<String>> previous) {
    this.previous = previous;
    this.wiring = WiringWriter.qualifiedName(m);
    this.packageName = m.packageName();
    this.wiringName = m.wiringName();
    for (View v : layout.views()) {
      views.put(v.simpleName(), v);
      for (OperandView o : v.operands()) {
        if (o.sharedEnum()) {
          shared.putIfAbsent(o.enumName(), new EnumRef(v, o));
        }
      }
    }
  }

  /**
   * The binary name of the enum an operand of a view reads: nested in the view, or, shared, in the
   * wiring.
   */
  static String binaryName(String wiring, View v, OperandView o) {
    return o.sharedEnum()
        ? wiring + "$" + o.enumName()
        : wiring + "$" + v.simpleName() + "$" + o.enumName();
  }

  /** An operand's own enum, nested in its view: not a shared one. */
  private static boolean nested(OperandView o) {
    return o.enumName() != null && !o.sharedEnum();
  }

  /**
   * One reference to a constant of a view's enum, which the enum may or may not have; {@code
   * byType} when it names the enum's type ({@code Wiring.Status.DONE}), which for a shared enum
   * says nothing of which of its readers the value is meant for.
   */
  private record Ref(EnumRef e, String constant, TreePath path, boolean byType) {}

  /**
   * Every reference the units make to a constant of the model's enums, in source order.
   *
   * @param layout the model's names ({@link WiringLayout#of})
   */
  static Scan scan(WiringModel m, WiringLayout layout, List<CompilationUnitTree> units) {
    RemovedValues finder = new RemovedValues(m, layout, Map.of());
    List<Ref> out = new ArrayList<>();
    if (finder.hasEnums()) {
      for (CompilationUnitTree unit : units) {
        finder.new InUnit(unit).scan(new TreePath(unit), out);
      }
    }
    return new Scan(m, layout, out);
  }

  /** The references one scan found, read two ways. */
  static final class Scan {
    private final WiringModel model;
    private final WiringLayout layout;
    private final List<Ref> refs;

    private Scan(WiringModel model, WiringLayout layout, List<Ref> refs) {
      this.model = model;
      this.layout = layout;
      this.refs = List.copyOf(refs);
    }

    /**
     * The references to constants the enums lack, each with its error.
     *
     * @param previous the constants of each enum of the previous wiring, by binary name, as its
     *     stamp recorded them; empty when there is no previous stamp
     */
    List<Found> lacking(Map<String, List<String>> previous) {
      RemovedValues words = new RemovedValues(model, layout, previous);
      List<Found> out = new ArrayList<>();
      for (Ref r : refs) {
        if (r.e().operand() != null && missing(r.e(), r.constant())) {
          out.add(new Found(r.path(), words.message(r.e(), r.constant())));
        }
      }
      return out;
    }

    /**
     * The contract's values the code names through constants the enums have, by opcode, then by
     * operand (or a nested enum's path): what the agent's code needs of each enum ({@code
     * UNRECOGNISED} names none).
     */
    Map<String, Map<String, Set<String>>> named() {
      Map<String, Map<String, Set<String>>> out = new java.util.TreeMap<>();
      for (Ref r : refs) {
        int i = r.e().constants().indexOf(r.constant());
        if (i >= 0) {
          for (EnumRef e : r.byType() ? readers(r.e()) : List.of(r.e())) {
            out.computeIfAbsent(e.view().act().opcode(), k -> new java.util.TreeMap<>())
                .computeIfAbsent(e.key(), k -> new java.util.TreeSet<>())
                .add(e.values().get(i));
          }
        }
      }
      return out;
    }

    /** Every operand that reads the enum: itself, or each reader of a shared enum. */
    private List<EnumRef> readers(EnumRef e) {
      if (e.operand() == null || !e.operand().sharedEnum()) {
        return List.of(e);
      }
      List<EnumRef> out = new ArrayList<>();
      for (View v : layout.views()) {
        for (OperandView o : v.operands()) {
          if (o.sharedEnum() && o.enumName().equals(e.operand().enumName())) {
            out.add(new EnumRef(v, o));
          }
        }
      }
      return out;
    }
  }

  private boolean hasEnums() {
    for (View v : views.values()) {
      for (OperandView o : v.operands()) {
        if (o.enumName() != null) {
          return true;
        }
      }
      for (TreeLayout.NestedType t : v.types()) {
        if (t instanceof TreeLayout.EnumType) {
          return true;
        }
      }
    }
    return false;
  }

  /** Removed when the previous wiring's enum had the constant; otherwise one it never had. */
  private String message(EnumRef e, String constant) {
    List<String> before = previous.get(binaryName(wiring, e.view(), e.operand()));
    return before != null && before.contains(constant)
        ? removed(e, constant)
        : unknown(e, constant);
  }

  private static String removed(EnumRef e, String constant) {
    List<String> values = e.operand().operand().enumValues();
    return Tags.REMOVED_ENUM_VALUE.message(
        Names.label(e.view().act().opcode())
            + "."
            + e.operand().operand().name()
            + ": value "
            + constant
            + " was removed from the contract (its values now: "
            + Names.listing(constant.toLowerCase(java.util.Locale.ROOT), values)
            + "), so "
            + e.operand().enumName()
            + " has no constant "
            + constant
            + "; remove its use, or regenerate the snapshot if the backend still has it");
  }

  private static String unknown(EnumRef e, String constant) {
    List<String> constants = e.operand().enumConstants();
    return Tags.UNKNOWN_ENUM_CONSTANT.message(
        Names.label(e.view().act().opcode())
            + "."
            + e.operand().operand().name()
            + ": "
            + e.operand().enumName()
            + " has no constant "
            + constant
            + ": the contract's values are "
            + Names.listing(
                constant.toLowerCase(java.util.Locale.ROOT), e.operand().operand().enumValues())
            + " (constants "
            + Names.listing(constant, constants)
            + ", and UNRECOGNISED for any other); use one of them, or regenerate the snapshot if"
            + " the backend has this value"
            + Names.didYouMean(constant, constants));
  }

  /** Whether {@code constant} is not a constant of the enum. */
  private static boolean missing(EnumRef e, String constant) {
    return !constant.equals("UNRECOGNISED") && !e.operand().enumConstants().contains(constant);
  }

  /** The names one file takes from the wiring, and the scan of that file. */
  private final class InUnit extends TreePathScanner<Void, List<Ref>> {
    private boolean wiringInScope;
    private final Set<String> viewsImported = new HashSet<>();
    private final Map<String, EnumRef> enumsImported = new HashMap<>();

    InUnit(CompilationUnitTree unit) {
      String pkg = unit.getPackageName() == null ? "" : unit.getPackageName().toString();
      wiringInScope = pkg.equals(packageName);
      for (ImportTree i : unit.getImports()) {
        if (!i.isStatic()) {
          imported(i.getQualifiedIdentifier().toString());
        }
      }
    }

    private void imported(String name) {
      String prefix = wiring + ".";
      if (name.equals(wiring) || (!packageName.isEmpty() && name.equals(packageName + ".*"))) {
        wiringInScope = true;
      } else if (name.equals(prefix + "*")) {
        viewsImported.addAll(views.keySet());
        enumsImported.putAll(shared);
      } else if (name.startsWith(prefix)) {
        String[] parts = name.substring(prefix.length()).split("\\.");
        View v = views.get(parts[0]);
        if (parts.length == 1 && shared.containsKey(parts[0])) {
          enumsImported.put(parts[0], shared.get(parts[0]));
        }
        if (v == null) {
          return;
        }
        if (parts.length == 1) {
          viewsImported.add(parts[0]);
        } else if (parts.length == 2) {
          for (OperandView o : v.operands()) {
            if (nested(o) && (parts[1].equals("*") || parts[1].equals(o.enumName()))) {
              enumsImported.put(o.enumName(), new EnumRef(v, o));
            }
          }
          for (TreeLayout.NestedType t : v.types()) {
            if (t instanceof TreeLayout.EnumType e
                && (parts[1].equals("*") || parts[1].equals(e.simpleName()))) {
              enumsImported.put(e.simpleName(), new EnumRef(v, null, e));
            }
          }
        }
      }
    }

    @Override
    public Void visitMemberSelect(MemberSelectTree node, List<Ref> out) {
      String constant = node.getIdentifier().toString();
      EnumRef e = enumOf(node.getExpression());
      Tree parent = getCurrentPath().getParentPath().getLeaf();
      boolean called =
          parent instanceof MethodInvocationTree call && call.getMethodSelect() == node;
      if (e != null && !called && !constant.equals("class") && !constant.equals("*")) {
        out.add(new Ref(e, constant, getCurrentPath(), true));
      }
      return super.visitMemberSelect(node, out);
    }

    @Override
    public Void visitSwitch(SwitchTree node, List<Ref> out) {
      cases(node.getExpression(), node.getCases(), out);
      return super.visitSwitch(node, out);
    }

    @Override
    public Void visitSwitchExpression(SwitchExpressionTree node, List<Ref> out) {
      cases(node.getExpression(), node.getCases(), out);
      return super.visitSwitchExpression(node, out);
    }

    /** The {@code case C} labels of a switch on a view's enum accessor that the enum lacks. */
    private void cases(ExpressionTree selector, List<? extends CaseTree> cases, List<Ref> out) {
      EnumRef e = accessed(unwrap(selector));
      if (e == null) {
        return;
      }
      TreePath switchPath = getCurrentPath();
      for (CaseTree c : cases) {
        for (ExpressionTree label : c.getExpressions()) {
          if (label instanceof IdentifierTree id) {
            TreePath at = new TreePath(new TreePath(switchPath, c), label);
            out.add(new Ref(e, id.getName().toString(), at, false));
          }
        }
      }
    }

    /** The enum a call {@code view.accessor()} returns, when {@code view} is a view. */
    private EnumRef accessed(ExpressionTree selector) {
      if (!(selector instanceof MethodInvocationTree call)
          || !call.getArguments().isEmpty()
          || !(call.getMethodSelect() instanceof MemberSelectTree select)) {
        return null;
      }
      View v = viewOfValue(unwrap(select.getExpression()));
      if (v == null) {
        return null;
      }
      for (OperandView o : v.operands()) {
        if (o.enumName() != null && select.getIdentifier().contentEquals(o.accessor())) {
          return new EnumRef(v, o);
        }
      }
      return null;
    }

    /** The view a value is: {@code new View(…)}, or a variable declared as one in its method. */
    private View viewOfValue(ExpressionTree value) {
      if (value instanceof NewClassTree n) {
        return viewOf(n.getIdentifier());
      }
      if (!(value instanceof IdentifierTree id)) {
        return null;
      }
      VariableTree declared = declaration(id.getName().toString());
      if (declared == null) {
        return null;
      }
      View v = declared.getType() == null ? null : viewOf(declared.getType());
      if (v == null && declared.getInitializer() instanceof NewClassTree n) {
        v = viewOf(n.getIdentifier());
      }
      return v;
    }

    /**
     * The local variable or parameter of that name in scope at the current node: declared earlier
     * in an enclosing block, or a parameter of an enclosing method, lambda or loop; null at the
     * class (a field is never taken, nor anything javac would need types to find).
     */
    private VariableTree declaration(String name) {
      Tree child = null;
      for (TreePath p = getCurrentPath(); p != null; p = p.getParentPath()) {
        Tree t = p.getLeaf();
        List<? extends Tree> candidates =
            switch (t.getKind()) {
              case BLOCK -> before(((BlockTree) t).getStatements(), child);
              case METHOD -> ((MethodTree) t).getParameters();
              case LAMBDA_EXPRESSION -> ((LambdaExpressionTree) t).getParameters();
              case ENHANCED_FOR_LOOP -> List.of(((EnhancedForLoopTree) t).getVariable());
              case FOR_LOOP -> ((ForLoopTree) t).getInitializer();
              case CLASS, INTERFACE, ENUM, RECORD -> null;
              default -> List.of();
            };
        if (candidates == null) {
          return null;
        }
        for (Tree c : candidates) {
          if (c instanceof VariableTree v && v.getName().contentEquals(name)) {
            return v;
          }
        }
        child = t;
      }
      return null;
    }

    private boolean isWiring(Tree t) {
      return t instanceof IdentifierTree id
          ? wiringInScope && id.getName().contentEquals(wiringName)
          : t instanceof MemberSelectTree && t.toString().equals(wiring);
    }

    private View viewOf(Tree t) {
      if (t instanceof IdentifierTree id && viewsImported.contains(id.getName().toString())) {
        return views.get(id.getName().toString());
      }
      if (t instanceof MemberSelectTree s && isWiring(s.getExpression())) {
        return views.get(s.getIdentifier().toString());
      }
      return null;
    }

    private EnumRef enumOf(ExpressionTree t) {
      if (t instanceof IdentifierTree id) {
        return enumsImported.get(id.getName().toString());
      }
      if (t instanceof MemberSelectTree s) {
        if (isWiring(s.getExpression())) {
          return shared.get(s.getIdentifier().toString());
        }
        View v = viewOf(s.getExpression());
        if (v != null) {
          for (OperandView o : v.operands()) {
            if (nested(o) && s.getIdentifier().contentEquals(o.enumName())) {
              return new EnumRef(v, o);
            }
          }
          for (TreeLayout.NestedType n : v.types()) {
            if (n instanceof TreeLayout.EnumType e
                && s.getIdentifier().contentEquals(e.simpleName())) {
              return new EnumRef(v, null, e);
            }
          }
        }
      }
      return null;
    }
  }

  /** The statements before {@code child}, latest first, so the nearest declaration wins. */
  private static List<? extends Tree> before(List<? extends Tree> statements, Tree child) {
    int end = statements.indexOf(child);
    List<Tree> out = new ArrayList<>(statements.subList(0, end < 0 ? statements.size() : end));
    Collections.reverse(out);
    return out;
  }

  private static ExpressionTree unwrap(ExpressionTree t) {
    while (t instanceof ParenthesizedTree p) {
      t = p.getExpression();
    }
    return t;
  }
}
