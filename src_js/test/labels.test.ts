// Every text of the front end comes from the labels trait, with English as the fallback.
import { readdirSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { cardLabel } from "../src/cards";
import { cardsCount, ENGLISH, menuKey, menuText, pluralCategory, translator } from "../src/labels";
import { LABELS, PLURAL_CATEGORIES, PLURAL_LABELS, type LabelKey } from "../src/protocol";
import type { View } from "../src/types";
import { exampleView, mount, unmountAll } from "./fixtures";

afterEach(unmountAll);

/** A "translation" that marks every text: ‹key› followed by the placeholders it fills. */
function marked(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(LABELS)) {
    const vars = text.match(/\{\w+\}/g) ?? [];
    out[key] = `‹${key}›${vars.join(" ")}`;
  }
  return out;
}

/** Every text a person can see or hear in `root`: text nodes and the attributes read aloud. */
function texts(root: Element): string[] {
  const out: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent?.trim();
    if (text) out.push(text);
  }
  for (const el of root.querySelectorAll("*")) {
    for (const attr of ["aria-label", "title", "placeholder", "aria-valuetext"]) {
      const v = el.getAttribute(attr);
      if (v) out.push(v);
    }
  }
  return out;
}

describe("labels", () => {
  it("fills placeholders and falls back to English", () => {
    const t = translator({ take_from: "{name} का हाथ लें", hint: 42 });
    expect(t("take_from", { name: "Bot 1" })).toBe("Bot 1 का हाथ लें");
    expect(t("hint")).toBe("Hint"); // not a string: the English text
    expect(t("undo")).toBe("Undo");
    expect(t("lesson_step", { i: 2 })).toBe("Step 2 of {n}"); // a missing value stays visible
    expect(translator({ constructor: "x" })("undo")).toBe("Undo");
    expect(cardLabel("QS", translator({ rank_Q: "बेगम", suit_S: "हुकुम", card_name: "{suit} की {rank}" }))).toBe("हुकुम की बेगम");
    expect(cardLabel("10H", ENGLISH)).toBe("10 of hearts");
  });

  it("looks up every text of the front end in the labels trait", () => {
    const kernel = new Set([
      "You", "Bot 1", "Bot 2", "Bot 3", "classic", "no-take", "random", "rules", "English", "हिन्दी",
      "Bot 3 follows with 5♥.", "Bot 2 leads Q♥.", "Round 1 of 5", "Play 2♥.", "2♥", "J♥",
      "Game over: Bot 2 is the bhabhi.", "Lesson 1", "Which card?", "Stale click.",
    ]);
    const isKernelOrData = (text: string) =>
      kernel.has(text) || /^(10|[2-9JQKA]|\d+(\.\d+)?%?)$/.test(text); // card indices, counts, percentages
    const check = (view: View, extra: Record<string, unknown> = {}) => {
      const { q } = mount({
        view,
        labels: marked(),
        error: "Stale click.",
        hint: {
          action: "2H", text: "Play 2♥.",
          estimates: [{ action: "2H", label: "2♥", p: 0.1, lo: 0.05, hi: 0.2 }, { action: "JH", label: "J♥", p: 0.3, lo: 0.2, hi: 0.4 }],
          compared: null,
        },
        score: {
          rounds: 5, max_bhabhi: null, round: 1, played: 0, counts: [0, 1, 0, 0], pot: 3, stalemates: 1, over: false,
          losers: [], pot_winners: [], names: ["You", "Bot 1", "Bot 2", "Bot 3"], text: "Round 1 of 5",
        },
        ...extra,
      });
      const english = texts(q("[data-testid=bhabho-table]")).filter((x) => !x.includes("‹") && !isKernelOrData(x));
      expect(english).toEqual([]);
      unmountAll();
    };
    check(exampleView({ can_take: true, take_target: 1, waste_size: 1, hands: [[], ["2S"], ["4S", "5S"], []] }));
    check(exampleView({ waiting: "bot", leader: 0, escaped: [2], hand_sizes: [7, 9, 0, 9] }));
    check(exampleView({
      table: [], hand: [], hand_sizes: [0, 1, 1, 1], escaped: [0], is_over: true, loser: 2, waiting: "over",
      result: { kind: "bhabhi", text: "Game over: Bot 2 is the bhabhi." },
      last_trick: { cards: [{ seat: 1, card: "9C" }], outcome: "pickup", picker: 2 },
    }));
    check(exampleView({ table: [], last_trick: { cards: [{ seat: 1, card: "9C" }], outcome: "waste", picker: null } }));
    check(exampleView({
      mode: "lesson", legal: [], hand: [],
      lesson: {
        index: 1, length: 3, title: "Lesson 1", summary: null,
        exercise: { prompt: "Which card?", kind: "seat", choices: [1, 2], hint: "", feedback: null, status: "open" },
      },
    }));
  });

  it("redraws every text when the labels change", () => {
    const { q, model } = mount({ view: exampleView({ can_take: true, take_target: 1 }) });
    expect(q("[data-testid=undo]").textContent).toBe("Undo");
    expect(q("[data-testid=take]").textContent).toBe("Take Bot 1's hand");
    expect(q(".bh-seat[data-seat='0']").getAttribute("aria-label")).toBe("You, 7 cards, to play");
    model.set("labels", { undo: "पूर्ववत", take_from: "{name} का हाथ लें", cards_other: "{n} पत्ते", badge_turn: "बारी" });
    expect(q("[data-testid=undo]").textContent).toBe("पूर्ववत");
    expect(q("[data-testid=take]").textContent).toBe("Bot 1 का हाथ लें");
    expect(q(".bh-seat[data-seat='0']").getAttribute("aria-label")).toBe("You, 7 पत्ते, बारी");
    expect(q("button[data-card='JH']").getAttribute("aria-label")).toBe("Jack of hearts, playable"); // untranslated keys: English
    model.set("labels", {});
    expect(q("[data-testid=undo]").textContent).toBe("Undo");
  });

  it("keys the menus' names as protocol.json does", () => {
    expect(menuKey("variant_", "pick-up form")).toBe("variant_pick_up_form");
    expect(menuKey("variant_", "classic")).toBe("variant_classic");
    expect(menuKey("bots_", "search")).toBe("bots_search");
    expect(menuText(ENGLISH, "bots_", "rules")).toBe("rules of thumb");
    expect(menuText(ENGLISH, "variant_", "house rules")).toBe("house rules");
  });

  it("uses every label of protocol.json", () => {
    // every t("key") in the sources names a key of LABELS (the compiler checks that), and
    // every key of LABELS is looked up somewhere
    const dir = `${import.meta.dirname}/../src`;
    const sources = readdirSync(dir)
      .filter((f) => f.endsWith(".ts") && f !== "protocol.ts")
      .map((f) => readFileSync(`${dir}/${f}`, "utf8"))
      .join("\n");
    const unused = (Object.keys(LABELS) as LabelKey[]).filter((k) => {
      if (sources.includes(`"${k}"`)) return false;
      // keys built from a prefix: `suit_${suit}`, the counted labels' `${base}_${category}`,
      // and the menus' variant_ and bots_ keys (menuKey)
      if (k.startsWith("suit_") && sources.includes("`suit_${")) return false;
      if (PLURAL_LABELS.some((b) => k.startsWith(`${b}_`)) && sources.includes("`${base}_${pluralCategory(")) return false;
      return !((k.startsWith("variant_") || k.startsWith("bots_")) && sources.includes("menuKey(prefix, name)"));
    });
    expect(unused).toEqual([]);
  });
});

// The kernel fills cards_one, cards_few, ... from the catalogs' plural forms (the Russian
// texts here are those of locale/ru); the front end picks the one for the number.
const RUSSIAN = { cards_one: "{n} карта", cards_few: "{n} карты", cards_many: "{n} карт", cards_other: "{n} карт" };

describe("counted labels", () => {
  it("has a label for every plural category of every counted label", () => {
    for (const base of PLURAL_LABELS) {
      for (const category of PLURAL_CATEGORIES) expect(LABELS).toHaveProperty(`${base}_${category}`);
    }
  });

  it("takes the plural form the language's rules pick: Russian has three", () => {
    const t = translator(RUSSIAN, "ru");
    const forms = [1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 52, 0].map((n) => cardsCount(t, n));
    expect(forms).toEqual([
      "1 карта", "2 карты", "3 карты", "4 карты", "5 карт", "11 карт", "12 карт", "14 карт",
      "21 карта", "22 карты", "25 карт", "52 карты", "0 карт",
    ]);
    expect(cardsCount(ENGLISH, 1)).toBe("1 card");
    expect(cardsCount(ENGLISH, 0)).toBe("0 cards");
    expect(cardsCount(ENGLISH, 21)).toBe("21 cards");
    // Hindi counts 0 and 1 alike (CLDR "one"), as its catalog's plural=(n > 1) does
    expect(pluralCategory("hi", 0)).toBe("one");
    expect(pluralCategory("ru", 21)).toBe("one");
  });

  it("reads a language code it can trust, else English", () => {
    expect(translator({}, "ru").lang).toBe("ru");
    expect(translator({}, "pt-BR").lang).toBe("pt-BR");
    for (const bad of ["", "x", "<script>", "en_US!", 7, null, "a".repeat(40)]) expect(translator({}, bad).lang).toBe("en");
  });

  it("marks the table with its language and counts seats in it when the language changes", () => {
    const { q, el, model } = mount({ view: exampleView({ hand_sizes: [7, 5, 2, 21] }) });
    const root = el.querySelector(".bhabho-root")!;
    expect(root.getAttribute("lang")).toBe("en");
    expect(q(".bh-seat[data-seat='1'] .bh-seat-count").textContent).toBe("5 cards");
    model.set("labels", RUSSIAN);
    model.set("lang", "ru");
    expect(root.getAttribute("lang")).toBe("ru");
    expect(q(".bh-seat[data-seat='1'] .bh-seat-count").textContent).toBe("5 карт");
    expect(q(".bh-seat[data-seat='2'] .bh-seat-count").textContent).toBe("2 карты");
    expect(q(".bh-seat[data-seat='3'] .bh-seat-count").textContent).toBe("21 карта");
    expect(q(".bh-seat[data-seat='0']").getAttribute("aria-label")).toMatch(/^You, 7 карт/);
  });
});
