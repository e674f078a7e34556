import { afterEach, describe, expect, it } from "vitest";
import type { Exercise, View } from "../src/types";
import { exampleView, mount, unmountAll } from "./fixtures";

afterEach(unmountAll);

function lessonView(index: number, exercise: Exercise | null = null, patch: Partial<View> = {}): View {
  return exampleView({
    mode: "lesson",
    legal: [],
    hands: [["3S", "10S", "KS", "2H", "JH", "4D", "AC"], ["2S"], ["4S"], ["7S"]],
    hand_sizes: [7, 1, 1, 1],
    lesson: { index, length: 6, title: "Lesson 1: following suit", exercise },
    ...patch,
  });
}

describe("lesson mode", () => {
  it("shows the lesson bar and hides the play-only controls", () => {
    const { q, model } = mount({ view: lessonView(2) });
    const bar = q("[data-testid=lesson]");
    expect(bar.hidden).toBe(false);
    expect(bar.textContent).toContain("Lesson 1: following suit");
    expect(q("[data-testid=lesson-step]").textContent).toBe("Step 2 of 6");
    expect(q("[data-testid=new-game]").closest("[hidden]")).not.toBeNull();
    expect(q("[data-testid=hint]").closest("[hidden]")).not.toBeNull();
    expect(q("[data-testid=take]").closest("[hidden]")).not.toBeNull();
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
    expect(q("[data-testid=new-game]").closest("[hidden]")).toBeNull();
  });

  it("sends goto from the buttons and the slider", () => {
    const { q, model } = mount({ view: lessonView(2) });
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
    const start = mount({ view: lessonView(0) });
    expect(start.q<HTMLButtonElement>("[data-testid=lesson-back]").disabled).toBe(true);
    expect(start.q<HTMLButtonElement>("[data-testid=lesson-start]").disabled).toBe(true);
    expect(start.q<HTMLButtonElement>("[data-testid=lesson-next]").disabled).toBe(false);
    start.model.setView({ version: 9, lesson: { index: 6, length: 6, title: "T", exercise: null } });
    expect(start.q<HTMLButtonElement>("[data-testid=lesson-next]").disabled).toBe(true);
    expect(start.q<HTMLButtonElement>("[data-testid=lesson-end]").disabled).toBe(true);
    expect(start.q("[data-testid=lesson-step]").textContent).toBe("Step 6 of 6");
  });

  it("answers a seat exercise with the seat number", () => {
    const ex: Exercise = { prompt: "Who picks up this trick?", kind: "seat", choices: [1, 2, 3], feedback: null };
    const { q, qa, model } = mount({ view: lessonView(3, ex) });
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
    const ex: Exercise = { prompt: "Which card do you play?", kind: "card", choices: ["2H", "JH"], feedback: null };
    const { q, qa, model } = mount({ view: lessonView(3, ex) });
    const choices = qa<HTMLButtonElement>("[data-choice]");
    expect(choices.map((c) => c.getAttribute("aria-label"))).toEqual(["2 of hearts", "jack of hearts"]);
    expect(choices[0].querySelector("svg")).not.toBeNull();
    q<HTMLButtonElement>("[data-choice='JH']").click();
    expect(model.sent).toEqual([{ type: "answer", choice: "JH" }]);

    model.setView({ version: 6, lesson: { index: 3, length: 6, title: "T", exercise: { ...ex, feedback: { correct: false, text: "Play low while you can." } } } });
    const fb = q("[data-testid=feedback]");
    expect(fb.dataset.correct).toBe("false");
    expect(fb.textContent).toBe("Play low while you can.");
    expect(q<HTMLButtonElement>("[data-choice='2H']").disabled).toBe(false);

    model.setView({ version: 7, lesson: { index: 3, length: 6, title: "T", exercise: { ...ex, feedback: { correct: true, text: "Right." } } } });
    expect(q("[data-testid=feedback]").dataset.correct).toBe("true");
  });
});
