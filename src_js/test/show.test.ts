// Show me (src/show.ts): from the hint or a review row, the kernel sends the imagined game
// step by step as views in mode "imagine"; the bar over the felt says it is imagined, toggles
// the lines, steps with Back/Next and the arrows, closes with Close or Escape, and the
// keyboard goes to Next on opening and back to the Show me button on closing.
import { afterEach, describe, expect, it } from "vitest";
import type { ImagineInfo, Review, ReviewDecision } from "../src/protocol";
import { lineText, nextTrickStep, prevTrickStep, stepText, trickOf } from "../src/show";
import { ENGLISH } from "../src/labels";
import type { View } from "../src/types";
import { exampleView, key, mount, unmountAll } from "./fixtures";

afterEach(unmountAll);

const HINT = {
  action: "2H", text: "Play 2♥, under Q♥. Simulated 192 times from here; clearly worse: J♥ (40%).",
  estimates: [{ action: "2H", label: "2♥", p: 0.1, lo: 0.05, hi: 0.2 }, { action: "JH", label: "J♥", p: 0.4, lo: 0.3, hi: 0.5 }],
  compared: "JH",
};

function info(patch: Partial<ImagineInfo> = {}): ImagineInfo {
  return {
    source: "hint", decision: null, line: "better",
    lines: [{ line: "better", action: "2H", label: "2♥" }, { line: "worse", action: "JH", label: "J♥" }],
    step: 0, count: 9, action: "2H", action_label: "2♥", tricks: [0, 4, 8], trick_step: 3, trick_picker: null, outcome: "",
    ...patch,
  };
}

/** A view of the imagined game, as the kernel sends it: every (imagined) hand shown, read-only. */
function imagined(version: number, patch: Partial<ImagineInfo> = {}, view: Partial<View> = {}): View {
  return exampleView({
    version, mode: "imagine", waiting: "over", legal: [], can_undo: false,
    hands: [["3S", "10S", "KS", "2H", "JH", "4D", "AC"], ["9S", "8H"], ["7D", "6C"], ["5C", "4C"]],
    narration: "Before 2♥: the table as you saw it, the other hands imagined. Next plays 2♥.",
    imagine: info(patch), ...view,
  });
}

describe("the texts", () => {
  it("names the lines for a hint and for the review", () => {
    expect(lineText(info(), "better", "2♥", ENGLISH)).toBe("After 2♥: recommended");
    expect(lineText(info(), "worse", "J♥", ENGLISH)).toBe("After J♥: clearly worse");
    expect(lineText(info({ source: "review", decision: 4 }), "better", "2♥", ENGLISH)).toBe("After 2♥: the best");
    expect(lineText(info({ source: "review", decision: 4 }), "worse", "J♥", ENGLISH)).toBe("After J♥: your choice");
  });

  it("counts the steps from 1 and adds the trick's outcome once it is known", () => {
    expect(stepText(info({ step: 2 }), ENGLISH)).toBe("Step 3 of 9 after 2♥, trick 1 of 3");
    expect(stepText(info({ step: 3, outcome: "In this imagined game, after 2♥ Bot 2 picks up this trick." }), ENGLISH))
      .toBe("Step 4 of 9 after 2♥, trick 1 of 3. In this imagined game, after 2♥ Bot 2 picks up this trick.");
  });
});

describe("the tricks of an imagined line", () => {
  // the kernel says where each trick of the line begins: steps 0, 2, 6 and 10 of 12
  const TRICKS = [0, 2, 6, 10];

  it("says which trick a step is in, and where the next one begins", () => {
    expect(trickOf(info({ step: 3, count: 12, tricks: TRICKS }))).toEqual({ i: 2, n: 4 });
    expect(trickOf(info({ step: 0, count: 12, tricks: TRICKS }))).toEqual({ i: 1, n: 4 });
    expect(trickOf(info({ step: 11, count: 12, tricks: TRICKS }))).toEqual({ i: 4, n: 4 });
    expect(trickOf(info({ tricks: [] }))).toBeNull(); // nothing said of the tricks
    expect(nextTrickStep(info({ step: 3, count: 12, tricks: TRICKS }))).toBe(6);
    expect(nextTrickStep(info({ step: 10, count: 12, tricks: TRICKS }))).toBeNull();
    expect(prevTrickStep(info({ step: 3, count: 12, tricks: TRICKS }))).toBe(2); // the start of this trick
    expect(prevTrickStep(info({ step: 2, count: 12, tricks: TRICKS }))).toBe(0); // at its start: the one before
    expect(prevTrickStep(info({ step: 0, count: 12, tricks: TRICKS }))).toBeNull();
    expect(stepText(info({ step: 3, count: 12, tricks: TRICKS }), ENGLISH)).toBe("Step 4 of 12 after 2♥, trick 2 of 4");
  });

  it("goes to the next trick and to the end, with the buttons and the keys", () => {
    const { q, model } = mount({ hint: HINT, view: imagined(6, { step: 3, count: 12, tricks: TRICKS }) });
    const nextTrick = q<HTMLButtonElement>("[data-testid=show-next-trick]");
    const end = q<HTMLButtonElement>("[data-testid=show-end]");
    expect([nextTrick.hidden, end.hidden]).toEqual([false, false]);
    expect(nextTrick.textContent).toBe("Next trick >>");
    expect(nextTrick.getAttribute("aria-label")).toBe("To the next trick");
    expect(end.getAttribute("aria-label")).toBe("To the end of the imagined game");
    expect(q("[data-testid=show-step]").textContent).toBe("Step 4 of 12 after 2♥, trick 2 of 4");
    nextTrick.click();
    expect(model.sentOfType("show_step")).toEqual([{ type: "show_step", index: 6, version: 6 }]);
    model.set("view", imagined(7, { step: 6, count: 12, tricks: TRICKS }));
    key(q("[data-testid=show-next]"), "PageDown");
    expect(model.sentOfType("show_step").slice(-1)).toEqual([{ type: "show_step", index: 10, version: 7 }]);
    model.set("view", imagined(8, { step: 10, count: 12, tricks: TRICKS }));
    expect(nextTrick.disabled).toBe(true); // the last trick
    expect(end.disabled).toBe(false);
    end.click();
    expect(model.sentOfType("show_step").slice(-1)).toEqual([{ type: "show_step", index: 11, version: 8 }]);
    model.set("view", imagined(9, { step: 11, count: 12, tricks: TRICKS }));
    expect(end.disabled).toBe(true);
  });

  it("goes back to the trick before with the button and PageUp", () => {
    const { q, model } = mount({ hint: HINT, view: imagined(6, { step: 7, count: 12, tricks: TRICKS }) });
    const prev = q<HTMLButtonElement>("[data-testid=show-prev-trick]");
    expect(prev.hidden).toBe(false);
    expect(prev.textContent).toBe("<< Previous trick");
    expect(prev.getAttribute("aria-keyshortcuts")).toBe("PageUp");
    prev.click();
    expect(model.sentOfType("show_step")).toEqual([{ type: "show_step", index: 6, version: 6 }]);
    model.set("view", imagined(7, { step: 6, count: 12, tricks: TRICKS }));
    key(q("[data-testid=show-next]"), "PageUp");
    expect(model.sentOfType("show_step").slice(-1)).toEqual([{ type: "show_step", index: 2, version: 7 }]);
    model.set("view", imagined(8, { step: 0, count: 12, tricks: TRICKS }));
    expect(prev.disabled).toBe(true);
  });

  it("keeps the trick, not the step, when the line is switched: it asks the kernel for the line only", () => {
    const { q, model } = mount({ hint: HINT, view: imagined(6, { step: 7, count: 12, tricks: TRICKS }) });
    q<HTMLButtonElement>("[data-testid=show-line][data-line=worse]").click();
    // the kernel's Showing.switch puts the other line at the same trick; no step is sent
    expect(model.sent.map((m) => m.type)).toEqual(["show_me"]);
    expect(model.sentOfType("show_me")[0]).toMatchObject({ line: "worse", source: "hint" });
  });

  it("offers neither button while the kernel does not say where the tricks begin", () => {
    const { q } = mount({ hint: HINT, view: imagined(6, { step: 3, tricks: [] }) });
    expect(q<HTMLButtonElement>("[data-testid=show-prev-trick]").hidden).toBe(true);
    expect(q<HTMLButtonElement>("[data-testid=show-next-trick]").hidden).toBe(true);
    expect(q<HTMLButtonElement>("[data-testid=show-end]").hidden).toBe(true);
    expect(q("[data-testid=show-step]").textContent).toBe("Step 4 of 9 after 2♥");
  });
});

describe("Show me from the hint", () => {
  it("offers Show me with the hint at the live table, and asks the kernel for it", () => {
    const { q, qa, model } = mount();
    expect(qa("[data-testid=hint-show-me]")).toHaveLength(0);
    model.set("hint", HINT);
    const btn = q<HTMLButtonElement>("[data-testid=hint-show-me]");
    expect(btn.textContent).toBe("Show me");
    expect(btn.title).toContain("one imagined way it can go");
    btn.click();
    btn.click(); // once per version
    expect(model.sentOfType("show_me")).toEqual([{ type: "show_me", source: "hint", line: "better", decision: null, version: 5 }]);
    // not on a lesson's table or a reviewed position
    model.setView({ version: 6, mode: "review", waiting: "over", legal: [] });
    expect(qa("[data-testid=hint-show-me]")).toHaveLength(0);
  });

  it("marks the felt as imagined, steps with Back and Next, switches the line and closes", () => {
    const { q, qa, model } = mount({ hint: HINT });
    const bar = q("[data-testid=show]");
    expect(bar.hidden).toBe(true);
    expect(q("[data-testid=imagined-tag]").hidden).toBe(true);
    q<HTMLButtonElement>("[data-testid=hint-show-me]").click();
    model.set("view", imagined(6));
    expect(bar.hidden).toBe(false);
    expect(q("[data-testid=show-banner]").textContent).toBe(
      "Imagined: the hidden cards are made up from what you knew; one way it can go. Every hand is shown: they are imaginary.");
    expect(bar.getAttribute("aria-describedby")).toBe(q("[data-testid=show-banner]").id);
    expect(q("[data-testid=imagined-tag]").hidden).toBe(false);
    expect(q(".bh-felt").classList.contains("is-imagined")).toBe(true);
    expect(q(".bh-felt").contains(q("[data-testid=imagined-tag]"))).toBe(true);
    expect(q("[data-testid=bhabho-table]").classList.contains("is-imagining")).toBe(true);
    // every imagined hand is drawn face up
    expect(qa(".bh-seat[data-seat='1'] .bh-mini.is-revealed [data-card]")).toHaveLength(2);
    // the lines: a toggle of two buttons, the shown one pressed
    const lines = qa<HTMLButtonElement>("[data-testid=show-line]");
    expect(lines.map((b) => [b.textContent, b.getAttribute("aria-pressed")])).toEqual([
      ["After 2♥: recommended", "true"], ["After J♥: clearly worse", "false"]]);
    expect(q("[data-testid=show-lines]").getAttribute("role")).toBe("group");
    const step = q("[data-testid=show-step]");
    expect(step.textContent).toBe("Step 1 of 9 after 2♥, trick 1 of 3");
    expect(step.getAttribute("aria-live")).toBe("polite");
    expect(step.getAttribute("role")).toBe("status");
    expect(q<HTMLButtonElement>("[data-testid=show-back]").disabled).toBe(true);
    // Next, then the worse line
    q<HTMLButtonElement>("[data-testid=show-next]").click();
    expect(model.sentOfType("show_step")).toEqual([{ type: "show_step", index: 1, version: 6 }]);
    model.set("view", imagined(7, { step: 1 }));
    expect(q<HTMLButtonElement>("[data-testid=show-back]").disabled).toBe(false);
    qa<HTMLButtonElement>("[data-testid=show-line]")[1].click();
    expect(model.sentOfType("show_me").slice(-1)).toEqual([
      { type: "show_me", source: "hint", line: "worse", decision: null, version: 7 }]);
    model.set("view", imagined(8, { step: 1, line: "worse", action: "JH", action_label: "J♥" }));
    expect(qa("[data-testid=show-line]").map((b) => b.getAttribute("aria-pressed"))).toEqual(["false", "true"]);
    q<HTMLButtonElement>("[data-testid=show-back]").click();
    expect(model.sentOfType("show_step").slice(-1)).toEqual([{ type: "show_step", index: 0, version: 8 }]);
    q<HTMLButtonElement>("[data-testid=show-close]").click();
    expect(model.sentOfType("show_close")).toEqual([{ type: "show_close" }]);
    model.set("view", exampleView({ version: 9 }));
    expect(bar.hidden).toBe(true);
    expect(q(".bh-felt").classList.contains("is-imagined")).toBe(false);
  });

  it("moves the keyboard to Next on opening and back to Show me on closing; arrows step, Escape closes", () => {
    const { q, model } = mount({ hint: HINT });
    const open = q<HTMLButtonElement>("[data-testid=hint-show-me]");
    open.focus();
    open.click();
    model.set("view", imagined(6));
    const next = q<HTMLButtonElement>("[data-testid=show-next]");
    expect(document.activeElement).toBe(next);
    expect(next.getAttribute("aria-keyshortcuts")).toBe("ArrowRight");
    expect(next.getAttribute("aria-label")).toBe("Next step");
    key(next, "ArrowRight");
    expect(model.sentOfType("show_step")).toEqual([{ type: "show_step", index: 1, version: 6 }]);
    key(next, "ArrowRight"); // a key repeat on the same view: once
    expect(model.sentOfType("show_step")).toHaveLength(1);
    model.set("view", imagined(7, { step: 1 }));
    expect(document.activeElement).toBe(q("[data-testid=show-next]"));
    key(document.activeElement!, "End");
    expect(model.sentOfType("show_step").slice(-1)).toEqual([{ type: "show_step", index: 8, version: 7 }]);
    model.set("view", imagined(8, { step: 8, outcome: "In this imagined game, after 2♥ Bot 2 picks up this trick." }));
    // Next is off at the last step: the keyboard stays in the bar, on Back
    expect(q<HTMLButtonElement>("[data-testid=show-next]").disabled).toBe(true);
    expect(document.activeElement).toBe(q("[data-testid=show-back]"));
    expect(q("[data-testid=show-step]").textContent).toContain("Bot 2 picks up this trick");
    key(document.activeElement!, "ArrowLeft");
    expect(model.sentOfType("show_step").slice(-1)).toEqual([{ type: "show_step", index: 7, version: 8 }]);
    const esc = key(document.activeElement!, "Escape");
    expect(esc.defaultPrevented).toBe(true);
    expect(model.sentOfType("show_close")).toEqual([{ type: "show_close" }]);
    model.set("view", exampleView({ version: 9 }));
    expect(document.activeElement).toBe(q("[data-testid=hint-show-me]"));
  });

  it("keeps the imagined table read-only: a card clicked asks the kernel, which says why not", () => {
    const { q, qa, model } = mount({ view: imagined(6) });
    expect(q("[data-testid=hand]").classList.contains("is-view-only")).toBe(true);
    const cards = qa<HTMLButtonElement>("[data-testid=hand] button[data-card]");
    expect(cards.every((b) => b.getAttribute("aria-disabled") === "true" && b.tabIndex === -1)).toBe(true);
    cards[0].click();
    expect(model.sentOfType("play")).toEqual([{ type: "play", card: "3S", version: 6 }]);
    expect(q<HTMLButtonElement>("[data-testid=hint]").disabled).toBe(true);
    expect(q<HTMLButtonElement>("[data-testid=undo]").disabled).toBe(true);
    expect(q<HTMLButtonElement>("[data-testid=take]").disabled).toBe(true);
    // the imagined game's end is said to be imagined
    model.set("view", imagined(7, { step: 8 }, { is_over: true, loser: 2, result: { kind: "bhabhi", text: "Bot 2 is the bhabhi and loses this round." } }));
    expect(q("[data-testid=game-over]").textContent).toBe("Imagined: Bot 2 is the bhabhi and loses this round.");
  });

  it("shows one line where nothing is worse", () => {
    const { q, qa } = mount({ view: imagined(6, { lines: [{ line: "better", action: "2H", label: "2♥" }] }) });
    expect(qa("[data-testid=show-line]")).toHaveLength(1);
    expect(q("[data-testid=show-one-line]").textContent).toBe("No action is worse here: one way to play it out.");
  });

  it("rests a finished trick on the felt, stepping back and forth, and flies nothing", () => {
    const trick = { cards: [{ seat: 2, card: "QH" }, { seat: 3, card: "5H" }, { seat: 0, card: "2H" }, { seat: 1, card: "8H" }],
      outcome: "waste" as const, picker: null };
    const { qa, model } = mount({ view: imagined(6, { step: 3 }, { table: [], last_trick: trick }) });
    expect(qa("[data-testid=last-trick]")).toHaveLength(1);
    model.set("view", imagined(7, { step: 4 }, { table: [{ seat: 1, card: "9S" }], last_trick: null }));
    expect(qa("[data-testid=last-trick]")).toHaveLength(0);
    expect(qa("[data-testid=flight]")).toHaveLength(0);
    model.set("view", imagined(8, { step: 3 }, { table: [], last_trick: trick }));
    expect(qa("[data-testid=last-trick]")).toHaveLength(1);
  });
});

describe("Show me from the review", () => {
  function decision(number: number, patch: Partial<ReviewDecision> = {}): ReviewDecision {
    return {
      number, trick: number + 1, kind: "card", chosen: "QD", best: "2H", chosen_label: "Q♦", best_label: "2♥",
      p: 0.7, lo: 0.6, hi: 0.8, chance_before: 0.45, loss: 0.25, loss_lo: 0.12, loss_hi: 0.38, grade: "blunder",
      grade_text: "blunder", reason: "Lead 2♥.", forced: false, verdict: "worse", row: "", ...patch,
    };
  }
  const review = (at: number | null): Review => ({
    status: "done", done: 2, total: 2, seat: 0, at, decisions: [decision(0), decision(1)], events: [], costliest: [1, 0],
    counts: { inaccuracy: 0, mistake: 0, blunder: 2 }, error: "", title: null,
  });
  const over = (version: number) => exampleView({ version, is_over: true, waiting: "over", legal: [], current_player: null });

  it("puts Show me beside each costliest row and on the position shown", () => {
    const { q, qa, model } = mount({ view: over(5), review: review(null) });
    const buttons = qa<HTMLButtonElement>("[data-testid=review-costliest] [data-testid=review-show-me]");
    expect(buttons.map((b) => b.dataset.show)).toEqual(["1", "0"]);
    expect(buttons[0].getAttribute("aria-label")).toBe("Show me trick 2, where you chose Q♦: one imagined way it can go");
    buttons[0].focus();
    buttons[0].click();
    expect(model.sentOfType("show_me")).toEqual([{ type: "show_me", source: "review", line: "better", decision: 1, version: 5 }]);
    expect(model.sentOfType("review_show")).toEqual([]); // not the row's own click
    model.set("view", imagined(6, { source: "review", decision: 1, lines: [
      { line: "better", action: "2H", label: "2♥" }, { line: "worse", action: "QD", label: "Q♦" }] }));
    expect(qa("[data-testid=show-line]").map((b) => b.textContent)).toEqual(["After 2♥: the best", "After Q♦: your choice"]);
    expect(document.activeElement).toBe(q("[data-testid=show-next]"));
    key(document.activeElement!, "Escape");
    model.set("view", over(7));
    // back on the row's Show me that opened it
    expect((document.activeElement as HTMLElement).dataset.show).toBe("1");
    // a position shown: its Show me in the review's bar
    model.set("review", review(0));
    const nav = q("[data-testid=review-bar] .bh-review-nav [data-testid=review-show-me]");
    expect(nav.dataset.show).toBe("0");
  });
});
