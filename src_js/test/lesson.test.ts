import { afterEach, describe, expect, it } from "vitest";
import type { Exercise, View } from "../src/types";
import { exampleView, LESSON_CAPABILITIES, mount, unmountAll } from "./fixtures";

afterEach(unmountAll);

function lessonView(index: number, exercise: Exercise | null = null, patch: Partial<View> = {}): View {
  return exampleView({
    mode: "lesson",
    legal: [],
    hands: [["3S", "10S", "KS", "2H", "JH", "4D", "AC"], ["2S"], ["4S"], ["7S"]],
    hand_sizes: [7, 1, 1, 1],
    lesson: { index, length: 6, title: "Lesson 1: following suit", exercise, summary: null },
    ...patch,
  });
}

describe("lesson mode", () => {
  it("shows the lesson bar and hides the play-only controls", () => {
    const { q, model } = mount({ capabilities: LESSON_CAPABILITIES, view: lessonView(2) });
    const bar = q("[data-testid=lesson]");
    expect(bar.hidden).toBe(false);
    expect(bar.textContent).toContain("Lesson 1: following suit");
    expect(q("[data-testid=lesson-step]").textContent).toBe("Step 2 of 6");
    expect(q("[data-testid=new-game]").closest("[hidden]")).not.toBeNull();
    expect(q("[data-testid=hint]").closest("[hidden]")).not.toBeNull();
    expect(q("[data-testid=take]").closest("[hidden]")).not.toBeNull();
    // a lesson's kernel knows no undo, and has no bots to pace
    expect(q("[data-testid=undo]").closest("[hidden]")).not.toBeNull();
    expect(q("[data-testid=pace]").closest("[hidden]")).not.toBeNull();
    expect(q("[data-testid=pace]").closest("label")!.hidden).toBe(true); // the label "Pace" with it
    // the hand is shown but not playable
    const hand = Array.from(document.querySelectorAll<HTMLButtonElement>("button[data-card]"));
    expect(hand).toHaveLength(7);
    expect(hand.every((b) => b.disabled)).toBe(true);
    hand[0].click();
    expect(model.sent).toEqual([]);
  });

  it("hides the lesson bar in play mode", () => {
    const { q } = mount();
    expect(q("[data-testid=lesson]").hidden).toBe(true);
    for (const id of ["new-game", "undo", "hint", "pace", "take"]) {
      expect(q(`[data-testid=${id}]`).closest("[hidden]")).toBeNull();
    }
  });

  it("sends no play-mode message from a lesson, even if a hidden button is clicked", () => {
    const { q, model } = mount({ capabilities: LESSON_CAPABILITIES, view: lessonView(2) });
    for (const id of ["undo", "hint", "new-game"]) q<HTMLButtonElement>(`[data-testid=${id}]`).click();
    expect(model.sent).toEqual([]);
  });

  it("shows the view's log exactly, without repeating it", () => {
    const log = [
      { kind: "lead", text: "Bot 1 leads K♥." },
      { kind: "follow", text: "Bot 2 follows with 5♥." },
    ];
    const lessonWithLog = (version: number, index: number, lines: typeof log, exercise: Exercise | null = null) =>
      lessonView(index, exercise, {
        version,
        events: index ? [{ kind: "play", seat: index, cards: [], text: lines[lines.length - 1].text }] : [],
        log: lines,
      });
    const { q, model } = mount({ capabilities: LESSON_CAPABILITIES, view: lessonWithLog(1, 2, log) });
    const shown = () => Array.from(q("[data-testid=log]").children, (li) => li.textContent);
    expect(shown()).toEqual(log.map((l) => l.text));
    // an answer re-sends the same step with a new version: the log stays as it is
    const ex: Exercise = { prompt: "Who?", kind: "seat", choices: [1, 2], hint: "", feedback: { correct: false, text: "No." }, status: "wrong" };
    model.set("view", lessonWithLog(2, 2, log, ex));
    model.set("view", lessonWithLog(3, 2, log, { ...ex, feedback: { correct: true, text: "Yes." } }));
    expect(shown()).toEqual(log.map((l) => l.text));
    // back one step, then forward again: the kernel's list, replaced each time
    model.set("view", lessonWithLog(4, 1, log.slice(0, 1)));
    expect(shown()).toEqual(["Bot 1 leads K♥."]);
    model.set("view", lessonWithLog(5, 2, log));
    expect(shown()).toEqual(log.map((l) => l.text));
    model.set("view", lessonWithLog(6, 0, []));
    expect(shown()).toEqual([]);
  });

  it("shows the kernel's narration of each step", () => {
    const { q, model } = mount({ capabilities: LESSON_CAPABILITIES, view: lessonView(0, null, { events: [], narration: "Start position." }) });
    const status = q("[data-testid=narration]");
    expect(status.textContent).toBe("Start position.");
    const text = "Player 2 has no heart: a tochoo with 4♠. Player 0 picks up the trick.";
    model.set("view", lessonView(3, null, { version: 9, narration: text }));
    expect(status.textContent).toBe(text);
    // back to the start: no stale sentence from step 3
    model.set("view", lessonView(0, null, { version: 10, events: [], narration: "Start position." }));
    expect(status.textContent).toBe("Start position.");
  });

  it("shows a finished trick resting while its step is shown, and nothing flies", () => {
    const trick = {
      cards: [{ seat: 0, card: "KH" }, { seat: 1, card: "5H" }, { seat: 2, card: "4S" }],
      outcome: "pickup" as const,
      picker: 0,
    };
    const { q, qa, model } = mount({ capabilities: LESSON_CAPABILITIES, view: lessonView(3, null, { table: [], last_trick: trick }) });
    expect(qa("[data-rest-card]").map((c) => c.dataset.card)).toEqual(["KH", "5H", "4S"]);
    expect(q("[data-testid=last-trick-outcome]").textContent).toBe("Picked up by You");
    // the next step is the new lead: the rest goes, without a flight
    model.set("view", lessonView(4, null, { version: 9, table: [{ seat: 0, card: "2C" }], last_trick: null }));
    expect(qa("[data-testid=last-trick]")).toHaveLength(0);
    expect(qa("[data-testid=flight]")).toHaveLength(0);
    // stepping back shows it resting again, as the view says
    model.set("view", lessonView(3, null, { version: 10, table: [], last_trick: trick }));
    expect(qa("[data-rest-card]")).toHaveLength(3);
    // a view with cards on the table never shows a rest, even with last_trick
    model.set("view", lessonView(4, null, { version: 11, table: [{ seat: 0, card: "2C" }], last_trick: trick }));
    expect(qa("[data-testid=last-trick]")).toHaveLength(0);
  });

  it("draws the lesson's hand like cards in a hand, not greyed, and still not playable", () => {
    const { q, qa, model } = mount({ capabilities: LESSON_CAPABILITIES, view: lessonView(2) });
    expect(q("[data-testid=hand]").classList.contains("is-view-only")).toBe(true);
    const cards = qa<HTMLButtonElement>("[data-testid=hand] button[data-card]");
    expect(cards).toHaveLength(7);
    expect(cards.every((b) => b.disabled && !b.classList.contains("is-legal"))).toBe(true);
    cards[3].click();
    expect(model.sent).toEqual([]);
    // in play, a card that cannot be played now is still marked as such
    model.set("view", exampleView({ version: 9 }));
    expect(q("[data-testid=hand]").classList.contains("is-view-only")).toBe(false);
  });

  it("shows no scoreboard for the lesson's empty score", () => {
    const { qa } = mount({ capabilities: LESSON_CAPABILITIES, view: lessonView(1), score: {} as never });
    expect(qa("[data-testid=scoreboard]")).toHaveLength(0);
    expect(qa("[data-testid=pot]")).toHaveLength(0);
  });

  it("sends goto from the buttons and the slider", () => {
    const { q, model } = mount({ capabilities: LESSON_CAPABILITIES, view: lessonView(2) });
    q<HTMLButtonElement>("[data-testid=lesson-next]").click();
    q<HTMLButtonElement>("[data-testid=lesson-back]").click();
    q<HTMLButtonElement>("[data-testid=lesson-start]").click();
    q<HTMLButtonElement>("[data-testid=lesson-end]").click();
    const slider = q<HTMLInputElement>("[data-testid=lesson-slider]");
    expect(slider.min).toBe("0");
    expect(slider.max).toBe("6");
    expect(slider.value).toBe("2");
    slider.value = "4";
    slider.dispatchEvent(new Event("input", { bubbles: true }));
    slider.dispatchEvent(new Event("change", { bubbles: true })); // same value: asked once
    expect(model.sent).toEqual([
      { type: "goto", index: 3 },
      { type: "goto", index: 1 },
      { type: "goto", index: 0 },
      { type: "goto", index: 6 },
      { type: "goto", index: 4 },
    ]);
  });

  it("disables the buttons that would leave the lesson's range", () => {
    const start = mount({ capabilities: LESSON_CAPABILITIES, view: lessonView(0) });
    expect(start.q<HTMLButtonElement>("[data-testid=lesson-back]").disabled).toBe(true);
    expect(start.q<HTMLButtonElement>("[data-testid=lesson-start]").disabled).toBe(true);
    expect(start.q<HTMLButtonElement>("[data-testid=lesson-next]").disabled).toBe(false);
    start.model.setView({ version: 9, lesson: { index: 6, length: 6, title: "T", exercise: null, summary: null } });
    expect(start.q<HTMLButtonElement>("[data-testid=lesson-next]").disabled).toBe(true);
    expect(start.q<HTMLButtonElement>("[data-testid=lesson-end]").disabled).toBe(true);
    expect(start.q("[data-testid=lesson-step]").textContent).toBe("Step 6 of 6");
  });

  it("answers a seat exercise with the seat number", () => {
    const ex: Exercise = { prompt: "Who picks up this trick?", kind: "seat", choices: [1, 2, 3], hint: "", feedback: null, status: "open" };
    const { q, qa, model } = mount({ capabilities: LESSON_CAPABILITIES, view: lessonView(3, ex) });
    expect(q("[data-testid=exercise]").textContent).toContain("Who picks up this trick?");
    const choices = qa<HTMLButtonElement>("[data-choice]");
    expect(choices.map((c) => [c.dataset.choice, c.textContent])).toEqual([
      ["1", "Bot 1"],
      ["2", "Bot 2"],
      ["3", "Bot 3"],
    ]);
    choices[1].click();
    expect(model.sent).toEqual([{ type: "answer", choice: 2 }]);
    expect(typeof (model.sent[0] as { choice: unknown }).choice).toBe("number");
    expect(qa("[data-testid=feedback]")).toHaveLength(0);
  });

  it("answers a card exercise with the card code and shows feedback", () => {
    const ex: Exercise = { prompt: "Which card do you play?", kind: "card", choices: ["2H", "JH"], hint: "", feedback: null, status: "open" };
    const { q, qa, model } = mount({ capabilities: LESSON_CAPABILITIES, view: lessonView(3, ex) });
    const choices = qa<HTMLButtonElement>("[data-choice]");
    expect(choices.map((c) => c.getAttribute("aria-label"))).toEqual(["2 of hearts", "Jack of hearts"]);
    expect(choices[0].querySelector("svg")).not.toBeNull();
    q<HTMLButtonElement>("[data-choice='JH']").click();
    expect(model.sent).toEqual([{ type: "answer", choice: "JH" }]);

    model.setView({ version: 6, lesson: { index: 3, length: 6, title: "T", exercise: { ...ex, feedback: { correct: false, text: "Play low while you can." } }, summary: null } });
    const fb = q("[data-testid=feedback]");
    expect(fb.dataset.correct).toBe("false");
    expect(fb.textContent).toBe("Play low while you can.");
    expect(q<HTMLButtonElement>("[data-choice='2H']").disabled).toBe(false);

    model.setView({ version: 7, lesson: { index: 3, length: 6, title: "T", exercise: { ...ex, feedback: { correct: true, text: "Right." } }, summary: null } });
    expect(q("[data-testid=feedback]").dataset.correct).toBe("true");
  });
});

describe("lesson exercises: take questions, hints, every seat", () => {
  const take = (patch: Partial<Exercise> = {}): Exercise => ({
    prompt: "Bot 1 has two cards left. Take the hand?",
    kind: "take",
    choices: ["take", "pass"],
    hint: "Count what you would get.",
    feedback: null,
    status: "open",
    ...patch,
  });

  it("offers Take the hand and Pass, and answers with the string", () => {
    const { q, qa, model } = mount({ capabilities: LESSON_CAPABILITIES, view: lessonView(2, take()) });
    expect(q("[data-testid=exercise]").dataset.kind).toBe("take");
    const choices = qa<HTMLButtonElement>("[data-choice]");
    expect(choices.map((c) => [c.dataset.choice, c.textContent])).toEqual([
      ["take", "Take the hand"],
      ["pass", "Pass"],
    ]);
    choices[1].click();
    choices[0].click();
    expect(model.sent).toEqual([
      { type: "answer", choice: "pass" },
      { type: "answer", choice: "take" },
    ]);
  });

  it("labels the take answers from the labels trait", () => {
    const { qa } = mount({ capabilities: LESSON_CAPABILITIES, view: lessonView(2, take()), labels: { exercise_take: "हाथ लें", exercise_pass: "छोड़ें" } });
    expect(qa("[data-choice]").map((c) => c.textContent)).toEqual(["हाथ लें", "छोड़ें"]);
  });

  it("keeps the hint behind a disclosure button until asked", () => {
    const { q, qa, model } = mount({ capabilities: LESSON_CAPABILITIES, view: lessonView(2, take()) });
    const toggle = q<HTMLButtonElement>("[data-testid=exercise-hint]");
    const text = q("[data-testid=exercise-hint-text]");
    expect(toggle.textContent).toBe("Hint");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(toggle.getAttribute("aria-controls")).toBe(text.id);
    expect(text.hidden).toBe(true);
    expect(text.textContent).toBe("Count what you would get.");
    // the Hint is not one of the answers
    expect(toggle.closest("[role=group][aria-label=Answers]")).toBeNull();
    toggle.click();
    expect(model.sent).toEqual([]); // the hint is the lesson's own: nothing to ask the kernel
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(text.hidden).toBe(false);
    // a wrong answer redraws the exercise: the hint stays open, focus stays on the button
    toggle.focus();
    model.setView({ version: 6, lesson: { index: 2, length: 6, title: "T", exercise: take({ feedback: { correct: false, text: "Not quite." } }), summary: null } });
    expect(q("[data-testid=exercise-hint-text]").hidden).toBe(false);
    expect(document.activeElement).toBe(q("[data-testid=exercise-hint]"));
    // another step asks afresh, with the hint closed
    model.setView({ version: 7, lesson: { index: 3, length: 6, title: "T", exercise: take(), summary: null } });
    expect(q("[data-testid=exercise-hint-text]").hidden).toBe(true);
    q<HTMLButtonElement>("[data-testid=exercise-hint]").click();
    q<HTMLButtonElement>("[data-testid=exercise-hint]").click();
    expect(q("[data-testid=exercise-hint-text]").hidden).toBe(true);
    expect(qa("[data-testid=exercise]")).toHaveLength(1);
  });

  it("shows no Hint button for an exercise without a hint", () => {
    const { qa } = mount({ capabilities: LESSON_CAPABILITIES, view: lessonView(2, take({ hint: "" })) });
    expect(qa("[data-testid=exercise-hint]")).toHaveLength(0);
    expect(qa("[data-testid=exercise-hint-text]")).toHaveLength(0);
  });

  it("offers every seat, those with no cards too", () => {
    const ex: Exercise = { prompt: "Who is safe?", kind: "seat", choices: [0, 1, 2, 3], hint: "", feedback: null, status: "open" };
    const { qa } = mount({ capabilities: LESSON_CAPABILITIES, view: lessonView(5, ex, { hand_sizes: [7, 0, 1, 0], escaped: [1, 3] }) });
    expect(qa("[data-choice]").map((c) => c.textContent)).toEqual(["You", "Bot 1", "Bot 2", "Bot 3"]);
    expect(qa<HTMLButtonElement>("[data-choice]").every((c) => !c.disabled)).toBe(true);
  });

  it("announces the feedback politely and moves focus to Next once solved", () => {
    const { q, model } = mount({ capabilities: LESSON_CAPABILITIES, view: lessonView(2, take()) });
    const live = q("[data-testid=exercise-live]");
    expect(live.getAttribute("role")).toBe("status");
    expect(live.textContent).toBe("");
    const pass = q<HTMLButtonElement>("[data-choice=pass]");
    pass.focus();
    pass.click();
    model.setView({ version: 6, lesson: { index: 2, length: 6, title: "T", exercise: take({ feedback: { correct: false, text: "Not quite. Try again." } }), summary: null } });
    expect(live.textContent).toBe("Not quite. Try again.");
    expect(document.activeElement).toBe(q("[data-choice=pass]")); // still open: focus stays on the answer
    q<HTMLButtonElement>("[data-choice=take]").focus();
    model.setView({ version: 7, lesson: { index: 2, length: 6, title: "T", exercise: take({ feedback: { correct: true, text: "Right!" } }), summary: null } });
    expect(live.textContent).toBe("Right!");
    expect(q<HTMLButtonElement>("[data-choice=take]").disabled).toBe(true);
    expect(document.activeElement).toBe(q("[data-testid=lesson-next]"));
  });

  it("keeps focus in the lesson bar when Next goes out at the end", () => {
    const { q, model } = mount({ capabilities: LESSON_CAPABILITIES, view: lessonView(5) });
    const next = q<HTMLButtonElement>("[data-testid=lesson-next]");
    next.focus();
    next.click();
    model.setView({ version: 6, lesson: { index: 6, length: 6, title: "T", exercise: null, summary: null } });
    expect(next.disabled).toBe(true);
    expect(document.activeElement).toBe(q("[data-testid=lesson-slider]"));
  });
});
