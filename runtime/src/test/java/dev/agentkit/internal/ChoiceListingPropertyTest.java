package dev.agentkit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.text.Names;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * A message that lists valid choices stays one readable line whatever the contract's size: under
 * 2,000 characters, its total count, never more than ten choices, and the "did you mean" among
 * them. Names are at most {@code Names.MAX_SUGGESTED} characters, the longest any suggestion is
 * made for, and drawn from a small alphabet so that near names are common.
 */
class ChoiceListingPropertyTest {
  private static final Pattern CUT =
      Pattern.compile("([0-9][0-9,]*) in all \\(the (10 nearest|first 10): ([^()]*)\\)");

  @Provide
  Arbitrary<String> names() {
    return Arbitraries.strings()
        .withChars("abcdef_-0123")
        .ofMinLength(1)
        .ofMaxLength(Names.MAX_SUGGESTED);
  }

  @Provide
  Arbitrary<List<String>> opcodes() {
    return names().list().ofMaxSize(1_500).uniqueElements();
  }

  /** A name the contract lacks: one edit from one of its names, or any name. */
  private static String misspelled(List<String> names, int pick, String other) {
    if (names.isEmpty() || pick % 4 == 3) {
      return names.contains(other) ? other + "x" : other;
    }
    String base = names.get(pick % names.size());
    int at = pick % (base.length() + 1);
    String edit =
        switch (pick % 3) {
          case 0 -> base.substring(0, at) + "b" + base.substring(at);
          case 1 -> at < base.length() ? base.substring(0, at) + base.substring(at + 1) : base;
          default ->
              at < base.length() ? base.substring(0, at) + "-" + base.substring(at + 1) : base;
        };
    return names.contains(edit) || edit.isEmpty() ? edit + "zq" : edit;
  }

  /** Asserts what every listing must hold; returns the names it shows. */
  private static List<String> checkListing(
      String message, String listing, String name, List<String> choices, String suggested) {
    assertThat(message.length()).as(message).isLessThan(2_000);
    int distinct = new TreeSet<>(choices).size();
    Matcher cut = CUT.matcher(listing);
    List<String> shown;
    if (distinct > Names.MAX_LISTED) {
      assertThat(cut.matches()).as(listing).isTrue();
      assertThat(cut.group(1)).isEqualTo(String.format(Locale.ROOT, "%,d", distinct));
      shown = Arrays.asList(cut.group(3).split(", "));
    } else {
      assertThat(cut.find()).as(listing).isFalse();
      shown = listing.equals("(none)") ? List.of() : Arrays.asList(listing.split(", "));
      assertThat(new TreeSet<>(shown)).isEqualTo(new TreeSet<>(choices));
    }
    assertThat(shown).hasSizeLessThanOrEqualTo(Names.MAX_LISTED).isSorted();
    assertThat(choices).containsAll(shown);
    if (suggested != null) {
      assertThat(shown).as("the suggestion %s is listed", suggested).contains(suggested);
      assertThat(message).contains("; did you mean \"" + suggested + "\"?");
    }
    return shown;
  }

  @Property(tries = 200)
  void anUnknownOpcodeListsTheCountAndTheNearestTen(
      @ForAll("opcodes") List<String> opcodes,
      @ForAll @IntRange(min = 0, max = 100_000) int pick,
      @ForAll("names") String other) {
    List<Op> ops = new ArrayList<>();
    for (String o : opcodes) {
      ops.add(Op.builder(o).description("Do it.").tier(Tier.REVERSIBLE).build());
    }
    String opcode = misspelled(opcodes, pick, other);
    ActDeclaration use =
        new ActDeclaration(
            opcode,
            Op.builder(opcode).build(),
            ChangeCategory.MERGE,
            "",
            List.of(),
            List.of(),
            null,
            EnumSet.noneOf(ActDeclaration.Handler.class));
    List<Problem> problems =
        ContractRules.bind(Contract.of("big", ops), List.of(use), List.of()).problems();
    assertThat(problems).hasSize(1);
    String message = problems.get(0).message();
    assertThat(message).startsWith("[UnknownOpcode] ");
    if (opcodes.isEmpty()) {
      assertThat(message).contains("the backend declares no op at all");
      return;
    }
    String listed = message.substring(message.indexOf("the backend declares: ") + 22);
    int end = listed.indexOf("; did you mean");
    listed = end < 0 ? listed : listed.substring(0, end);
    checkListing(message, listed, opcode, opcodes, Names.nearest(opcode, opcodes));
  }

  @Property(tries = 200)
  void anUnknownInputListsTheCountAndTheNearestTen(
      @ForAll("opcodes") List<String> operands,
      @ForAll @IntRange(min = 0, max = 100_000) int pick,
      @ForAll("names") String other) {
    List<Operand> list = new ArrayList<>();
    for (String o : operands) {
      list.add(Operand.of(o, OperandType.STRING));
    }
    Op op =
        Op.builder("set_it").description("Set it.").tier(Tier.REVERSIBLE).operands(list).build();
    String input = misspelled(operands, pick, other);
    ActDeclaration use =
        new ActDeclaration(
            "set_it",
            op,
            ChangeCategory.SCALAR_SET,
            input,
            List.of(),
            List.of(),
            null,
            EnumSet.of(ActDeclaration.Handler.READER));
    List<Problem> problems = ContractRules.validate(List.of(use));
    assertThat(problems).hasSize(1);
    String message = problems.get(0).message();
    assertThat(message).startsWith("[UnknownInput] ");
    String listed = message.substring(message.indexOf("; operands: ") + 12);
    int end = listed.indexOf("; did you mean");
    listed = end < 0 ? listed : listed.substring(0, end);
    checkListing(message, listed, input, operands, Names.nearest(input, operands));
  }

  /**
   * The listing alone, over any choices: repeated ones, names of any case and length. A suggestion
   * by either rule ({@code nearest}, {@code nearestTypo}) is always among the ten shown, and a cut
   * list stays short even when its names are not.
   */
  @Property(tries = 300)
  void anyChoicesAreListedShortWithTheSuggestion(
      @ForAll("names") String name,
      @ForAll @IntRange(min = 0, max = 600) int size,
      @ForAll @IntRange(min = 0, max = 100_000) int seed) {
    java.util.Random random = new java.util.Random(seed);
    List<String> choices = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      int kind = random.nextInt(10);
      String c;
      if (kind == 0 && !choices.isEmpty()) {
        c = choices.get(random.nextInt(choices.size())); // a repeat
      } else if (kind == 1) {
        c = name.toUpperCase(Locale.ROOT); // the name in another case
      } else if (kind == 2) {
        c = "x".repeat(Names.MAX_SUGGESTED + random.nextInt(400)); // too long to suggest
      } else {
        c = misspelled(List.of(name), random.nextInt(100_000), "q" + i);
      }
      choices.add(c);
    }
    String listing = Names.listing(name, choices);
    int distinct = new TreeSet<>(choices).size();
    if (distinct > Names.MAX_LISTED) {
      assertThat(listing.length()).as(listing).isLessThan(2_000);
    }
    List<String> suggestions = new ArrayList<>();
    suggestions.add(Names.nearest(name, choices));
    suggestions.add(Names.nearestTypo(name, choices));
    Matcher cut = CUT.matcher(listing);
    List<String> shown =
        cut.matches()
            ? Arrays.asList(cut.group(3).split(", "))
            : listing.equals("(none)") ? List.of() : Arrays.asList(listing.split(", "));
    assertThat(shown).hasSizeLessThanOrEqualTo(Names.MAX_LISTED);
    assertThat(cut.matches()).isEqualTo(distinct > Names.MAX_LISTED);
    for (String s : suggestions) {
      if (s != null) {
        assertThat(shown).as("%s is listed in %s", s, listing).contains(s);
      }
    }
    if (cut.matches()) {
      assertThat(shown).isEqualTo(nearestTen(name, choices));
    }
  }

  /** The oracle: every distinct choice ranked by its full distance, then in sorted order. */
  private static List<String> nearestTen(String name, List<String> choices) {
    String lower = name.toLowerCase(Locale.ROOT);
    List<String> ranked = new ArrayList<>(new TreeSet<>(choices));
    ranked.sort(
        java.util.Comparator.<String>comparingInt(
                c ->
                    c.length() > Names.MAX_SUGGESTED
                        ? Integer.MAX_VALUE
                        : Names.distance(lower, c.toLowerCase(Locale.ROOT)))
            .thenComparing(java.util.Comparator.naturalOrder()));
    List<String> out = new ArrayList<>();
    for (String c : ranked.subList(0, Names.MAX_LISTED)) {
      out.add(
          c.length() > Names.MAX_SUGGESTED ? c.substring(0, Names.MAX_SUGGESTED - 3) + "..." : c);
    }
    out.sort(null);
    return out;
  }
}
