// What the widget takes (the capabilities trait): the front end shows only the controls whose
// messages are taken, and a key whose message is not taken does nothing. Without the trait (an
// older kernel) it keeps to what it did before (the other test files mount without it).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ImagineInfo, PracticeState, Review, ReviewDecision, Traits } from "../src/protocol";
import type { Exercise, View } from "../src/types";
import { exampleView, key, mount, unmountAll } from "./fixtures";

afterEach(() => {
  unmountAll();
  vi.useRealTimers();
});

/** A message type the widget may take (an item of the capabilities trait). */
type MessageType = Traits["capabilities"][number];

/** What each backend takes, as the kernel's backends declare it (table/backend.py, remote.py). */
const TABLE: MessageType[] = ["play", "take", "advance", "undo", "hint", "new_game", "set_language", "set_deck",
  "set_take_offers", "tracker", "review_start", "review_cancel", "review_show", "show_me", "show_step", "show_close"];
const LESSON: MessageType[] = ["goto", "answer", "set_language", "set_deck", "tracker"];
/** A seat at a server table that does not deal. */
const GUEST = TABLE.filter((m) => m !== "new_game");
/** A stored game a teacher reviews: read-only. */
const STORED: MessageType[] = ["review_start", "review_cancel", "review_show", "set_language", "set_deck", "tracker",
  "show_me", "show_step", "show_close"];

const HINT = {
  action: "2H", text: "Play 2♥.", compared: "JH",
  estimates: [{ action: "2H", label: "2♥", p: 0.1, lo: 0.05, hi: 0.2 }, { action: "JH", label: "J♥", p: 0.4, lo: 0.3, hi: 0.5 }],
};

const decision = (number: number, patch: Partial<ReviewDecision> = {}): ReviewDecision => ({
  number, trick: number + 1, kind: "card", chosen: "JH", best: "2H", chosen_label: "J♥", best_label: "2♥",
  p: 0.5, lo: 0.4, hi: 0.6, chance_before: 0.3, loss: 0.2, loss_lo: 0.1, loss_hi: 0.3, grade: "mistake",
  grade_text: "mistake", reason: "Play 2♥.", forced: false, verdict: "worse", row: "you chose J♥; the better action was 2♥",
  ...patch,
});

const review = (patch: Partial<Review> = {}): Review => ({
  status: "done", done: 2, total: 2, seat: 0, at: null, decisions: [decision(0), decision(1)], events: [],
  costliest: [0], counts: { inaccuracy: 0, mistake: 2, blunder: 0 }, error: "", title: null, ...patch,
});

const over = () => exampleView({ is_over: true, waiting: "over", legal: [], loser: 1, current_player: null });

function imagined(patch: Partial<ImagineInfo> = {}): View {
  return exampleView({
    version: 9, mode: "imagine", waiting: "over", legal: [], can_undo: false,
    imagine: {
      source: "hint", decision: null, line: "better",
      lines: [{ line: "better", action: "2H", label: "2♥" }, { line: "worse", action: "JH", label: "J♥" }],
      step: 2, count: 9, action: "2H", action_label: "2♥", tricks: [0, 4, 8], trick_step: 3, trick_picker: null, outcome: "", ...patch,
    },
  });
}

function lessonView(exercise: Exercise | null = null): View {
  return exampleView({
    mode: "lesson", legal: [], lesson: { index: 2, length: 6, title: "Following suit", exercise, summary: null },
  });
}

const QUESTION: Exercise = {
  kind: "card", prompt: "Which card?", choices: ["2H", "JH"], hint: "", feedback: null, status: "open",
};

/** Whether the control is on screen: neither it nor a box around it is hidden. */
const shown = (el: Element | null) => el !== null && el.closest("[hidden]") === null;

describe("the controls follow what the widget takes", () => {
  it("shows a table's every control when it takes every table message", () => {
    const { q } = mount({ capabilities: TABLE, review: review({ status: "ready" }), view: over() });
    for (const id of ["hint", "undo", "new-game", "players", "seed", "variant", "pace", "take", "tracker-toggle",
      "review-start", "language", "deck"]) {
      expect(shown(q(`[data-testid=${id}]`)), id).toBe(true);
    }
  });

  it("shows a lesson's step bar and answers, and none of the game's controls", () => {
    const { q, qa, model } = mount({ capabilities: LESSON, view: lessonView(QUESTION) });
    expect(shown(q("[data-testid=lesson]"))).toBe(true);
    expect(qa("[data-testid=exercise] button[data-choice]")).toHaveLength(2);
    for (const id of ["hint", "undo", "new-game", "pace", "take"]) expect(shown(q(`[data-testid=${id}]`)), id).toBe(false);
    expect(shown(q("[data-testid=tracker-toggle]"))).toBe(true);
    q<HTMLButtonElement>("[data-testid=lesson-next]").click();
    q<HTMLButtonElement>("[data-choice=JH]").click();
    expect(model.sent.map((m) => m.type)).toEqual(["answer"]); // Next asks first: the question is open
  });

  it("draws no answers and no step bar where the widget takes neither", () => {
    const { q, qa } = mount({ capabilities: ["tracker"], view: lessonView(QUESTION) });
    expect(shown(q("[data-testid=lesson]"))).toBe(false);
    expect(q("[data-testid=exercise]").textContent).toContain("Which card?");
    expect(qa("[data-testid=exercise] button[data-choice]")).toHaveLength(0);
  });

  it("hides New game and the game's settings from a seat that does not deal", () => {
    const { q, model } = mount({ capabilities: GUEST });
    for (const id of ["new-game", "players", "seed", "variant"]) expect(shown(q(`[data-testid=${id}]`)), id).toBe(false);
    expect(shown(q("[data-testid=hint]"))).toBe(true);
    q<HTMLButtonElement>("[data-testid=new-game]").click();
    expect(model.sentOfType("new_game")).toEqual([]);
    // the host's role passed to this seat: the kernel now takes new_game
    model.set("capabilities", TABLE);
    expect(shown(q("[data-testid=new-game]"))).toBe(true);
    q<HTMLButtonElement>("[data-testid=new-game]").click();
    expect(model.sentOfType("new_game")).toHaveLength(1);
  });

  it("shows what it showed before where the kernel sends no capabilities", () => {
    const old = mount({ capabilities: undefined }); // an older kernel
    for (const id of ["hint", "undo", "new-game", "pace", "language", "deck"]) expect(shown(old.q(`[data-testid=${id}]`)), id).toBe(true);
    old.q<HTMLButtonElement>("[data-testid=hint]").click();
    expect(old.model.sentOfType("hint")).toHaveLength(1);
    const lesson = mount({ capabilities: undefined, view: lessonView(QUESTION) });
    for (const id of ["hint", "undo", "new-game", "pace"]) expect(shown(lesson.q(`[data-testid=${id}]`)), id).toBe(false);
    expect(shown(lesson.q("[data-testid=lesson]"))).toBe(true);
  });

  it("shows a stored game's review, Show me and the Tracker, and nothing to play with", () => {
    const { q, qa, model } = mount({ capabilities: STORED, review: review({ status: "ready" }), view: over(), hint: null });
    for (const id of ["hint", "undo", "new-game", "pace", "take"]) expect(shown(q(`[data-testid=${id}]`)), id).toBe(false);
    expect(shown(q("[data-testid=tracker-toggle]"))).toBe(true);
    expect(shown(q("[data-testid=review-start]"))).toBe(true);
    model.set("review", review());
    expect(qa("[data-testid=review-show-me]").length).toBeGreaterThan(0);
  });

  it("draws no Review, Cancel or Show me the widget does not take", () => {
    const { q, qa, model } = mount({ capabilities: ["play", "hint"], review: review({ status: "ready" }), view: over() });
    expect(shown(q("[data-testid=review-start]"))).toBe(false);
    model.set("review", review({ status: "running", done: 1 }));
    expect(qa("[data-testid=review-cancel]")).toHaveLength(0);
    expect(qa("[data-testid=review-progress]")).toHaveLength(1);
    model.set("review", review({ at: 0 }));
    expect(qa("[data-testid=review-show-me]")).toHaveLength(0);
    q<HTMLButtonElement>("[data-testid=review-row]").click(); // no review_show: no position
    q<HTMLButtonElement>("[data-testid=review-next]").click();
    expect(model.sent).toEqual([]);
  });

  it("offers the hint's Show me only where the widget takes show_me", () => {
    const { qa, model } = mount({ capabilities: TABLE.filter((m) => m !== "show_me"), hint: HINT });
    expect(qa("[data-testid=hint-box]")).toHaveLength(1);
    expect(qa("[data-testid=hint-show-me]")).toHaveLength(0);
    model.set("capabilities", TABLE);
    expect(qa("[data-testid=hint-show-me]")).toHaveLength(1);
  });

  it("hides the deck switch and the language menu the widget does not take", () => {
    const { q, model } = mount({ capabilities: ["play"] });
    expect(shown(q("[data-testid=deck]"))).toBe(false);
    expect(shown(q("[data-testid=language]"))).toBe(false);
    model.set("capabilities", ["play", "set_deck", "set_language"]);
    expect(shown(q("[data-testid=deck]"))).toBe(true);
    expect(shown(q("[data-testid=language]"))).toBe(true);
  });

  it("shows Take and Pass at an offer only where take and advance are taken", () => {
    const offer = exampleView({ take_offer: true, can_take: true, take_target: 1, waiting: "bot", legal: [] });
    const { q, model } = mount({ capabilities: TABLE, view: offer });
    expect(shown(q("[data-testid=take]")) && shown(q("[data-testid=pass-take]"))).toBe(true);
    model.set("capabilities", TABLE.filter((m) => m !== "advance"));
    expect(shown(q("[data-testid=pass-take]"))).toBe(false);
    model.set("capabilities", TABLE.filter((m) => m !== "take"));
    expect(shown(q("[data-testid=take]"))).toBe(false);
    expect(shown(q("[data-testid=take-effect]"))).toBe(false);
    q<HTMLButtonElement>("[data-testid=take]").click();
    expect(model.sentOfType("take")).toEqual([]);
  });

  it("shows nothing of what an empty list does not take", () => {
    const { q, qa } = mount({ capabilities: [] });
    for (const id of ["hint", "undo", "new-game", "pace", "take", "tracker-toggle", "deck", "language"]) {
      expect(shown(q(`[data-testid=${id}]`)), id).toBe(false);
    }
    expect(qa("[data-testid=hand] button[data-card]:not([disabled])")).toHaveLength(0);
  });
});

/** A puzzle answered (the practice trait), its verdict given. */
const PRACTICE: PracticeState = {
  asking: false, question: "card", puzzle: "p1", themes: [], rating: 1500, rd: 200, puzzle_rating: 1450,
  mode: "rated", theme: null, streak: 0, best_streak: 0, modes: ["rated", "streak"], all_themes: [], history: [],
  accuracy: [], lessons: [], mistakes: 0, notice: "",
  verdict: {
    solved: false, done: true, given: "JH", right: "2H", given_label: "J♥", right_label: "2♥", reason: "Play 2♥.",
    deals: 1000, rollouts: 8, margin: 0.08, rows: [], rating_before: 1500, rating_after: 1490,
  },
};
const PRACTICE_TAKES: MessageType[] = ["play", "take", "advance", "tracker", "show_me", "show_step", "show_close",
  "practice_next", "set_language", "set_deck"];

describe("the practice panel follows what the widget takes", () => {
  it("offers Next and Show me only while practice_next and show_me are taken", () => {
    const { q, model } = mount({ capabilities: PRACTICE_TAKES, practice: PRACTICE, view: over() });
    const next = q<HTMLButtonElement>("[data-testid=practice-next]");
    const showMe = q<HTMLButtonElement>("[data-testid=practice-show-me]");
    expect([shown(next), shown(showMe)]).toEqual([true, true]);
    next.click();
    expect(model.sentOfType("practice_next")).toHaveLength(1);
    model.set("capabilities", PRACTICE_TAKES.filter((m) => m !== "practice_next" && m !== "show_me"));
    expect([shown(next), shown(showMe)]).toEqual([false, false]);
    next.click();
    showMe.click();
    expect(model.sentOfType("practice_next")).toHaveLength(1);
    expect(model.sentOfType("show_me")).toEqual([]);
  });
});

describe("a key whose message the widget does not take does nothing", () => {
  it("T opens no Tracker without tracker", () => {
    const { q, model } = mount({ capabilities: TABLE.filter((m) => m !== "tracker") });
    const ev = key(q("[data-testid=hand]"), "t");
    expect(model.sent).toEqual([]);
    expect(ev.defaultPrevented).toBe(false);
    model.set("capabilities", TABLE);
    key(q("[data-testid=hand]"), "t");
    expect(model.sentOfType("tracker")).toHaveLength(1);
  });

  it("Enter plays no card without play", () => {
    const { q, model } = mount({ capabilities: TABLE.filter((m) => m !== "play") });
    const card = q<HTMLButtonElement>("[data-testid=hand] button[data-card=JH]");
    expect(card.disabled).toBe(true);
    key(card, "Enter");
    card.click();
    expect(model.sent).toEqual([]);
  });

  it("the arrows step and Escape closes Show me only where show_step and show_close are taken", () => {
    const { q, model } = mount({ capabilities: ["show_me"], view: imagined() });
    expect(shown(q("[data-testid=show-next]"))).toBe(false);
    expect(shown(q("[data-testid=show-close]"))).toBe(false);
    key(q("[data-testid=show-lines]"), "ArrowRight");
    const esc = key(q("[data-testid=hand]"), "Escape");
    expect(esc.defaultPrevented).toBe(false);
    expect(model.sent).toEqual([]);
    model.set("capabilities", ["show_me", "show_step", "show_close"]);
    key(q("[data-testid=show-next]"), "ArrowRight");
    key(q("[data-testid=hand]"), "Escape");
    expect(model.sent.map((m) => m.type)).toEqual(["show_step", "show_close"]);
  });
});

describe("the bots' pace", () => {
  beforeEach(() => vi.useFakeTimers());

  it("asks no bot to go on where the widget takes no advance", () => {
    const botView = exampleView({ version: 6, waiting: "bot", current_player: 1, legal: [] });
    const { model } = mount({ capabilities: ["tracker"], view: botView, pace: 0.2 });
    vi.advanceTimersByTime(5000);
    expect(model.sent).toEqual([]);
  });
});
