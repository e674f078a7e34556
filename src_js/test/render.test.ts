// The felt's corner label, the sign of who played each trick card, the game-over banner's
// place and the hint chart's title.
import { afterEach, describe, expect, it } from "vitest";
import { renderCenter, shownTrickNumber, tagName } from "../src/felt";
import { hintChart } from "../src/hint";
import { ENGLISH, translator } from "../src/labels";
import type { LessonSummary } from "../src/protocol";
import type { Exercise, LastTrick, View } from "../src/types";
import { exampleView, LESSON_CAPABILITIES, mount, unmountAll } from "./fixtures";

afterEach(unmountAll);

const names = (n: number) => ["You", ...Array.from({ length: n - 1 }, (_, i) => `Bot ${i + 1}`)];

/** The opening trick of four players just ended: its cards rest, the engine counts trick 2. */
const opening: LastTrick = {
  cards: [
    { seat: 0, card: "AS" },
    { seat: 1, card: "KS" },
    { seat: 2, card: "QS" },
    { seat: 3, card: "JS" },
  ],
  outcome: "waste",
  picker: null,
};
const ended = (patch: Partial<View> = {}) =>
  exampleView({ table: [], led_suit: null, trick_number: 2, last_trick: opening, leader: 0, ...patch });

describe("the corner label names the trick shown", () => {
  it("counts the trick in play, and the resting one while it rests", () => {
    expect(shownTrickNumber(exampleView({ trick_number: 4 }), false)).toBe(4);
    expect(shownTrickNumber(exampleView({ trick_number: 4 }), true)).toBe(4); // cards on the table: the new trick
    expect(shownTrickNumber(ended(), true)).toBe(1);
    expect(shownTrickNumber(ended(), false)).toBe(2); // nothing rests (an undo): the trick about to be led
    expect(shownTrickNumber(ended({ is_over: true, trick_number: 9 }), false)).toBe(8); // the game's last trick
    expect(shownTrickNumber(exampleView({ table: [], trick_number: 1 }), true)).toBe(1);
  });

  it("says Trick 1 while the opening trick rests on the felt, Trick 2 once the next lead comes", () => {
    const { q, model } = mount({ view: ended() });
    expect(q("[data-testid=last-trick]")).toBeTruthy();
    expect(q("[data-testid=trick-number]").textContent).toBe("Trick 1");
    model.setView({ version: 6, table: [{ seat: 0, card: "2H" }], led_suit: "H", last_trick: null });
    expect(q("[data-testid=trick-number]").textContent).toBe("Trick 2");
    // after the fourth trick: "Trick 4" while it rests, not "Trick 5"
    model.setView({ version: 7, table: [], led_suit: null, trick_number: 5, last_trick: opening });
    expect(q("[data-testid=trick-number]").textContent).toBe("Trick 4");
  });

  it("shows the translated label", () => {
    const t = translator({ trick_number: "Stich {n}" }, "de");
    const info = renderCenter(ended(), t, { resting: true })[0];
    expect(info.textContent).toBe("Stich 1");
  });

  it("names the last trick of a lesson that shows it resting", () => {
    const { q } = mount({ view: ended({ mode: "lesson", lesson: { index: 4, length: 4, title: "", exercise: null, summary: null } }) });
    expect(q("[data-testid=trick-number]").textContent).toBe("Trick 1");
  });
});

describe("who played each trick card", () => {
  for (const n of [3, 4, 7, 8]) {
    it(`tags every card with its player's name at ${n} players`, () => {
      const table = Array.from({ length: n - 1 }, (_, i) => ({ seat: (i + 1) % n, card: ["2S", "3S", "4S", "5S", "6S", "7S", "8S"][i] }));
      const { qa } = mount({
        view: exampleView({ num_players: n, names: names(n), hand_sizes: Array(n).fill(5), table, led_suit: "S" }),
      });
      const cards = qa("[data-testid=trick-card]");
      expect(cards).toHaveLength(n - 1);
      cards.forEach((card, i) => {
        const seat = table[i].seat;
        const tag = card.querySelector<HTMLElement>("[data-testid=played-by]")!;
        expect(tag.textContent).toBe(names(n)[seat]);
        expect(tag.getAttribute("aria-hidden")).toBe("true"); // the card's own label says it
        expect(card.getAttribute("aria-label")).toBe(`${["2", "3", "4", "5", "6", "7", "8"][i]} of spades, played by ${names(n)[seat]}`);
        expect(card.dataset.playedBy).toBe(String(seat));
      });
    });
  }

  it("tags the resting trick's cards too, the person's own in its own colour, and no flying card", () => {
    const { qa, model } = mount({ view: ended() });
    const rest = qa("[data-rest-card]");
    expect(rest.map((c) => c.querySelector("[data-testid=played-by]")?.textContent)).toEqual(["You", "Bot 1", "Bot 2", "Bot 3"]);
    expect(rest.map((c) => c.classList.contains("is-mine"))).toEqual([true, false, false, false]);
    model.setView({ version: 6, table: [{ seat: 0, card: "2H" }], led_suit: "H", last_trick: null });
    for (const c of qa("[data-flight-card]")) expect(c.querySelector("[data-testid=played-by]")).toBeNull();
  });

  it("shortens a name that does not fit on the card, keeping it whole in the tag's title", () => {
    expect(tagName("You", 5)).toBe("You");
    expect(tagName("Bot 7", 5)).toBe("Bot 7");
    expect(tagName("Player 3", 5)).toBe("P3");
    expect(tagName("Player 3", 7)).toBe("P3");
    expect(tagName("Spieler 12", 7)).toBe("S12");
    expect(tagName("खिलाड़ी 3", 5)).toBe("ख3");
    expect(tagName("Charlotte", 5)).toBe("Char…");
    const n = 8;
    const seats = ["You", ...Array.from({ length: n - 1 }, (_, i) => `Player ${i + 1}`)];
    const { q } = mount({
      view: exampleView({ num_players: n, names: seats, hand_sizes: Array(n).fill(5), table: [{ seat: 3, card: "2S" }] }),
    });
    const tag = q("[data-testid=played-by]");
    expect([tag.textContent, tag.title]).toEqual(["P3", "Player 3"]);
    expect(q("[data-testid=trick-card]").getAttribute("aria-label")).toBe("2 of spades, played by Player 3");
  });

  it("uses the names the kernel sends (a translated table)", () => {
    const { q } = mount({ view: exampleView({ names: ["Sie", "Bot 1", "Bot 2", "Bot 3"], table: [{ seat: 0, card: "2H" }] }) });
    expect(q("[data-testid=played-by]").textContent).toBe("Sie");
  });
});

describe("the game-over banner", () => {
  it("sits under the felt, not on it", () => {
    const { q } = mount({
      view: ended({ is_over: true, loser: 2, result: { kind: "bhabhi", text: "Game over: Bot 2 is the bhabhi." } }),
    });
    const banner = q("[data-testid=game-over]");
    expect(banner.hidden).toBe(false);
    const felt = q(".bh-felt");
    expect(felt.contains(banner)).toBe(false);
    expect(felt.nextElementSibling).toBe(banner);
    expect(q("[data-testid=last-trick]").closest(".bh-felt")).toBe(felt);
  });
});

describe("the hint chart's title", () => {
  const hint = {
    action: "2H",
    text: "Play 2♥.",
    estimates: [
      { action: "2H", label: "2♥", p: 0.1, lo: 0.05, hi: 0.2 },
      { action: "JH", label: "J♥", p: 0.3, lo: 0.2, hi: 0.4 },
    ],
    compared: null,
  };

  it("says what the percentages are, above the bars and inside the chart", () => {
    const chart = hintChart(hint)!;
    const title = chart.querySelector("[data-testid=hint-chart-title]")!;
    expect(title.textContent).toBe("Chance of ending as the bhabhi");
    const titleY = Number(title.getAttribute("y"));
    for (const v of chart.querySelectorAll(".bh-chart-value")) expect(Number(v.getAttribute("y"))).toBeGreaterThan(titleY);
    // the chart is at least as wide as its title
    expect(Number(chart.getAttribute("width"))).toBeGreaterThanOrEqual(Math.ceil(title.textContent!.length * 6.2));
    const bottom = Number(chart.getAttribute("height"));
    for (const l of chart.querySelectorAll(".bh-chart-label")) expect(Number(l.getAttribute("y"))).toBeLessThanOrEqual(bottom);
  });

  it("wraps its options onto more rows where there is little room, its words keeping their size", () => {
    const many = { ...hint, estimates: "2H 4H 6H 8H 9H JH KH".split(" ").map((c, i) => (
      { action: c, label: `${c[0]}♥`, p: 0.1 + i / 20, lo: 0.05, hi: 0.5 })) };
    const wide = hintChart(many)!;
    const narrow = hintChart(many, ENGLISH, 240)!;
    expect(Number(wide.getAttribute("width"))).toBe(7 * 48);  // one row of seven slots
    expect(Number(narrow.getAttribute("width"))).toBeLessThanOrEqual(240);  // no scaling down on a phone
    expect(Number(narrow.getAttribute("height"))).toBeGreaterThan(Number(wide.getAttribute("height")));  // two rows
    expect(narrow.querySelectorAll(".bh-chart-label")).toHaveLength(7);
  });

  it("is translated", () => {
    const t = translator({ hint_chart_title: "Шанс остаться Бхабхи" }, "ru");
    expect(hintChart(hint, t)!.querySelector("[data-testid=hint-chart-title]")!.textContent).toBe("Шанс остаться Бхабхи");
  });

  it("shows in the widget's hint", () => {
    const { q, model } = mount();
    model.set("hint", hint);
    expect(q("[data-testid=hint-chart-title]").textContent).toBe("Chance of ending as the bhabhi");
    expect(q("[data-testid=hint-key]").textContent).toContain("lower is better");
  });
});

describe("a lesson's unanswered question and its summary", () => {
  const ex: Exercise = { prompt: "Who picks up?", kind: "seat", choices: [0, 1, 2, 3], hint: "", feedback: null, status: "open" };
  const at = (index: number, exercise: Exercise | null, summary: LessonSummary | null = null) =>
    exampleView({ mode: "lesson", legal: [], lesson: { index, length: 3, title: "Tochoo", exercise, summary } });

  it("asks before Next leaves an unanswered question, and goes on only when told", () => {
    const { q, qa, model } = mount({ capabilities: LESSON_CAPABILITIES, view: at(2, ex) });
    q<HTMLButtonElement>("[data-testid=lesson-next]").click();
    expect(model.sentOfType("goto")).toEqual([]);
    const ask = q("[data-testid=skip-ask]");
    expect(ask.textContent).toContain("Skip this question? The next step shows its answer.");
    expect(ask.getAttribute("role")).toBe("group");
    expect(document.activeElement).toBe(q("[data-testid=skip-cancel]"));
    // Answer first: the question stays, focus on its first answer
    q<HTMLButtonElement>("[data-testid=skip-cancel]").click();
    expect(qa("[data-testid=skip-ask]")).toHaveLength(0);
    expect(document.activeElement).toBe(q("[data-choice='0']"));
    expect(model.sentOfType("goto")).toEqual([]);
    // End asks too; Skip it goes where End was going
    q<HTMLButtonElement>("[data-testid=lesson-end]").click();
    q<HTMLButtonElement>("[data-testid=skip-confirm]").click();
    expect(model.sentOfType("goto")).toEqual([{ type: "goto", index: 3 }]);
  });

  it("goes straight on from an answered question, and asks again at one skipped before", () => {
    const { q, qa, model } = mount({ capabilities: LESSON_CAPABILITIES, view: at(2, { ...ex, status: "wrong", feedback: { correct: false, text: "Not quite." } }) });
    q<HTMLButtonElement>("[data-testid=lesson-next]").click();
    expect(qa("[data-testid=skip-ask]")).toHaveLength(0);
    expect(model.sentOfType("goto")).toEqual([{ type: "goto", index: 3 }]);
    model.setView(at(2, { ...ex, status: "skipped" }));
    q<HTMLButtonElement>("[data-testid=lesson-next]").click();
    expect(qa("[data-testid=skip-ask]")).toHaveLength(1);
    // another step drops the question asked
    model.setView({ ...at(1, null), version: 9 });
    expect(qa("[data-testid=skip-ask]")).toHaveLength(0);
  });

  it("shows the kernel's summary at the last step, one line per question, in the labels' words", () => {
    const summary = {
      text: "1 of 2 answered, 1 right first time. Skipped: 1.",
      items: [
        { step: 0, prompt: "Which card?", status: "right_first" as const, result: "right first time" },
        { step: 2, prompt: "Who picks up?", status: "skipped" as const, result: "skipped" },
      ],
    };
    const { q, qa } = mount({ capabilities: LESSON_CAPABILITIES, view: at(3, null, summary), labels: { lesson_summary_title: "So lief die Lektion" }, lang: "de" });
    const box = q("[data-testid=lesson-summary]");
    expect(box.querySelector("h3")!.textContent).toBe("So lief die Lektion");
    expect(q("[data-testid=lesson-summary-text]").textContent).toBe(summary.text);
    expect(qa("[data-testid=lesson-summary] li").map((li) => [li.dataset.status, li.textContent])).toEqual([
      ["right_first", "Which card? right first time"],
      ["skipped", "Who picks up? skipped"],
    ]);
    expect(box.getAttribute("aria-labelledby")).toBe(box.querySelector("h3")!.id);
  });

  it("shows no summary before the last step or for a lesson without questions", () => {
    const { qa } = mount({ capabilities: LESSON_CAPABILITIES, view: at(3, null, null) });
    expect(qa("[data-testid=lesson-summary]")).toHaveLength(0);
  });
});
