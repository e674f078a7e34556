// The Review panel: offered at game over, a progress bar with Cancel while the kernel works,
// then the graph, the costliest decisions and every decision; a click on a point or a row
// asks for that position, Back/Next/End step through it; the reviewed position's hand is
// read-only with the better action outlined.
import { afterEach, describe, expect, it } from "vitest";
import type { Review, ReviewDecision } from "../src/protocol";
import { GRAPH, graphBox, graphPoints, lossPoints, renderStrip, rowText, xRange } from "../src/review";
import { ENGLISH } from "../src/labels";
import { exampleView, mount, unmountAll } from "./fixtures";

afterEach(() => unmountAll());

function decision(number: number, trick: number, patch: Partial<ReviewDecision> = {}): ReviewDecision {
  return {
    number, trick, kind: "card", chosen: "JH", best: "JH", chosen_label: "J♥", best_label: "J♥",
    p: 0.3, lo: 0.2, hi: 0.4, chance_before: 0.3, loss: 0, loss_lo: 0, loss_hi: 0, grade: null, grade_text: null,
    reason: "Play J♥: the trick is safe.", forced: false, verdict: "best", row: "", ...patch,
  };
}

function review(patch: Partial<Review> = {}): Review {
  const decisions = [
    decision(0, 1),
    decision(1, 2, { chosen: "QD", chosen_label: "Q♦", best: "2H", best_label: "2♥", p: 0.7, lo: 0.6, hi: 0.8,
      chance_before: 0.45, loss: 0.25, loss_lo: 0.12, loss_hi: 0.38, grade: "blunder", grade_text: "blunder",
      reason: "Lead 2♥, not Q♦: Bot 3 has shown no diamonds.", verdict: "worse" }),
    decision(2, 2, { p: 0.72, lo: 0.6, hi: 0.84 }),
  ];
  return {
    status: "done", done: 3, total: 3, seat: 0, at: null, decisions,
    events: [{ kind: "pickup", trick: 2, text: "Bot 1 picks up 3 cards." }],
    costliest: [1], counts: { inaccuracy: 0, mistake: 0, blunder: 1 }, error: "", title: null, ...patch,
  };
}

const over = () => exampleView({ is_over: true, waiting: "over", legal: [], loser: 1, current_player: null });

describe("the graph on a narrow widget", () => {
  it("is drawn at its panel's width, one unit a pixel, when the panel is narrower than the graph", () => {
    expect(graphBox(0)).toBe(GRAPH); // not laid out yet
    expect(graphBox(900)).toBe(GRAPH);
    const narrow = graphBox(266);
    expect(narrow.width).toBe(266);
    expect(narrow.left + narrow.right).toBeLessThan(60);
  });

  it("has a button per decision under it, named by its trick, the one shown marked", () => {
    const strip = renderStrip(review({ at: 1 }), ENGLISH);
    const picks = Array.from(strip.querySelectorAll<HTMLButtonElement>("[data-testid=review-pick]"));
    expect(picks.map((b) => [b.textContent, b.dataset.decision, b.getAttribute("aria-current")])).toEqual([
      ["1", "0", "false"], ["2", "1", "true"], ["2", "2", "false"]]);
    expect(picks[1].getAttribute("aria-label")).toBe("Decision 2, trick 2: Q♦, 70 % (blunder)");
    expect(picks[1].classList.contains("is-blunder")).toBe(true);
  });

  it("asks for a decision's position when its button is clicked", () => {
    const { q, model } = mount({ view: over(), review: review() });
    q<HTMLButtonElement>("[data-testid=review-pick][data-decision='2']").click();
    expect(model.sentOfType("review_show")).toEqual([{ type: "review_show", decision: 2 }]);
  });
});

describe("the graph's geometry", () => {
  it("spreads the decisions of one trick within it, as the Python graph", () => {
    const pts = graphPoints(review().decisions);
    const xs = pts.map((p) => p.x);
    [1, 2 - 0.5 + 1 / 3, 2 - 0.5 + 2 / 3].forEach((x, i) => expect(xs[i]).toBeCloseTo(x, 12));
    expect(pts[1]).toMatchObject({ decision: 1, p: 0.7, lo: 0.6, hi: 0.8 });
  });

  it("covers every decision's and event's trick, half a trick either side", () => {
    expect(xRange(review().decisions, [{ kind: "escape", trick: 5, text: "" }])).toEqual([0.5, 5.5]);
    expect(xRange([], [])).toEqual([0, 1]);
  });

  it("says the better action only when there was one", () => {
    const [best, worse] = review().decisions;
    expect(rowText(best, ENGLISH)).toBe("Trick 1: you chose J♥ (30 %), the best");
    expect(rowText(worse, ENGLISH)).toBe("Trick 2: you chose Q♦ (70 %); better was 2♥ (45 %)");
  });

  it("never says better beside a decision within the margin", () => {
    const even = decision(3, 4, { chosen: "5S", chosen_label: "5♠", best: "JC", best_label: "J♣", p: 0.38,
      chance_before: 0.3, loss: 0.08, loss_lo: -0.02, loss_hi: 0.18, verdict: "even" });
    expect(rowText(even, ENGLISH)).toBe("Trick 4: you chose 5♠ (38 %); J♣ (30 %) is about as good");
    // below the margin, even where the interval is above 0: about as good, by the kernel's one rule
    expect(rowText({ ...even, loss: 0.02, loss_lo: 0.005 }, ENGLISH)).not.toContain("better");
    expect(rowText({ ...even, verdict: "worse" }, ENGLISH)).toContain("better was J♣");
  });

  it("says the kernel's row as it is: a teacher reads a student's game in the third person", () => {
    const row = "Trick 4: Asha chose 5♠ (38 %); better was J♣ (30 %)";
    expect(rowText(decision(3, 4, { verdict: "worse", row }), ENGLISH)).toBe(row);
    const { q } = mount({ view: over(), review: review({ title: "Review of Asha's game" }) });
    expect(q(".bh-review-title").textContent).toBe("Review of Asha's game");
  });
});

describe("the loss a row reads", () => {
  it("is the difference of the two rounded chances beside it, its interval holding it", () => {
    // 37.6 % against 24.4 %: the row reads 38 % and 24 %, so 14 points, not 13
    const d = decision(1, 2, { chosen: "5S", best: "JC", p: 0.376, chance_before: 0.244, loss: 0.132,
      loss_lo: 0.141, loss_hi: 0.2, verdict: "worse" });
    expect(rowText(d, ENGLISH)).toContain("(38 %)");
    expect(rowText(d, ENGLISH)).toContain("(24 %)");
    expect(lossPoints(d)).toEqual({ loss: 14, lo: 14, hi: 20 });
    expect(lossPoints(decision(0, 1, { p: 0.3, chance_before: 0.25, loss: 0.05, loss_lo: -0.02, loss_hi: 0.031 })))
      .toEqual({ loss: 5, lo: 0, hi: 5 });
  });

  it("is said in the panel with the key that lower is better", () => {
    const { q } = mount({ view: over(), review: review() });
    expect(q("[data-testid=review-costliest]").textContent).toContain("25 points lost (95 %: 12 to 38)");
    expect(q("[data-testid=review-key]").textContent).toContain("lower is better");
  });

  it("is never \"lost\" where its interval reaches 0: the row says about as good, the line within the margin", () => {
    const even = decision(1, 2, { chosen: "5S", best: "JC", chosen_label: "5♠", best_label: "J♣", p: 0.38, chance_before: 0.3, loss: 0.08,
      loss_lo: -0.03, loss_hi: 0.19, grade: null, grade_text: null, verdict: "even" });
    const base = review();
    const { q } = mount({ view: over(), review: { ...base, decisions: base.decisions.map((d) => d.number === 1 ? even : d) } });
    const item = q("[data-testid=review-costly]").textContent ?? "";
    expect(item).toContain("J♣ (30 %) is about as good");
    expect(item).toContain("8 points apart in these simulations, within their margin of error (95 %: 0 to 19)");
    expect(item).not.toContain("lost");
  });
});

describe("the panel", () => {
  it("offers Review at game over only, and asks the kernel for it", () => {
    const { q, model } = mount({ view: exampleView(), review: null });
    expect(q<HTMLButtonElement>("[data-testid=review-start]").hidden).toBe(true);
    model.set("view", over());
    model.set("review", review({ status: "ready", decisions: [], events: [], costliest: [], done: 0, total: 0 }));
    const start = q<HTMLButtonElement>("[data-testid=review-start]");
    expect(start.hidden).toBe(false);
    expect(q<HTMLElement>("[data-testid=review]").hidden).toBe(true);
    start.click();
    expect(model.sentOfType("review_start")).toEqual([{ type: "review_start" }]);
  });

  it("shows the progress with Cancel while the kernel works, focus kept on Cancel", () => {
    const { q, model } = mount({ view: over(), review: review({ status: "running", done: 0, total: 0, decisions: [] }) });
    const bar = q<HTMLProgressElement>("[data-testid=review-progress]");
    expect(bar.hasAttribute("value")).toBe(false); // indeterminate until the kernel knows the count
    const cancel = q<HTMLButtonElement>("[data-testid=review-cancel]");
    cancel.focus();
    model.set("review", review({ status: "running", done: 8, total: 26, decisions: [] }));
    expect(q<HTMLProgressElement>("[data-testid=review-progress]").value).toBe(8);
    expect(q<HTMLProgressElement>("[data-testid=review-progress]").max).toBe(26);
    expect(q("[data-testid=review]").textContent).toContain("Reviewing your decisions: 8 of 26");
    expect(document.activeElement).toBe(cancel);
    cancel.click();
    expect(model.sentOfType("review_cancel")).toEqual([{ type: "review_cancel" }]);
    model.set("review", review({ status: "cancelled", decisions: [] }));
    expect(q("[data-testid=review-note]").textContent).toBe("The review was cancelled.");
    expect(q<HTMLButtonElement>("[data-testid=review-start]").hidden).toBe(false); // it can be asked again
  });

  it("draws the graph, the counts and the costliest decisions with their reasons", () => {
    const { q, qa } = mount({ view: over(), review: review() });
    expect(q("[data-testid=review-counts]").textContent).toBe("Inaccuracies: 0 · Mistakes: 0 · Blunders: 1");
    expect(qa("[data-testid=review-point]")).toHaveLength(3);
    expect(qa("[data-testid=review-point].is-blunder")).toHaveLength(1);
    expect(qa("[data-testid=review-event]")).toHaveLength(1);
    const costly = qa("[data-testid=review-costly]");
    expect(costly).toHaveLength(1);
    expect(costly[0].textContent).toContain("better was 2♥ (45 %)");
    expect(costly[0].textContent).toContain("blunder");
    expect(costly[0].textContent).toContain("25 points lost (95 %: 12 to 38)");
    expect(costly[0].textContent).toContain("Bot 3 has shown no diamonds");
    expect(qa("[data-testid=review-all-row]")).toHaveLength(3);
    expect(q("[data-testid=review-graph]").getAttribute("aria-label")).toContain("95 % interval");
  });

  it("asks for a decision's position from a row or a point, and steps with Back, Next and End", () => {
    const { q, model } = mount({ view: over(), review: review() });
    q<HTMLButtonElement>("[data-testid=review-row]").click();
    q("[data-testid=review-point][data-decision='2']").dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(model.sentOfType("review_show")).toEqual([{ type: "review_show", decision: 1 }, { type: "review_show", decision: 2 }]);
    model.sent.length = 0;
    model.set("review", review({ at: 0 }));
    expect(q("[data-testid=review-at]").textContent).toBe("Decision 1 of 3");
    expect(q<HTMLButtonElement>("[data-testid=review-back]").disabled).toBe(true);
    q<HTMLButtonElement>("[data-testid=review-next]").click();
    q<HTMLButtonElement>("[data-testid=review-end]").click();
    expect(model.sent).toEqual([{ type: "review_show", decision: 1 }, { type: "review_show", decision: null }]);
  });

  it("keeps the focus on a row when the position it asked for arrives", () => {
    const { q, model } = mount({ view: over(), review: review() });
    q<HTMLButtonElement>("[data-testid=review-all]").setAttribute("open", "");
    const row = q<HTMLButtonElement>("[data-testid=review-all-row][data-decision='2']");
    row.focus();
    model.set("review", review({ at: 2 }));
    const again = q<HTMLButtonElement>("[data-testid=review-all-row][data-decision='2']");
    expect(document.activeElement).toBe(again);
    expect(again.getAttribute("aria-current")).toBe("true");
  });
});

describe("a reviewed position", () => {
  it("shows the hand read-only, the better action outlined and the chosen card marked", () => {
    const view = exampleView({
      mode: "review", legal: [], waiting: "over",
      review: { number: 1, count: 3, trick: 2, kind: "card", chosen: "JH", best: "2H", grade: "blunder", grade_text: "blunder" },
    });
    const { q, qa } = mount({ view, review: review({ at: 1 }) });
    expect(qa<HTMLButtonElement>("button[data-card]").every((b) => b.disabled)).toBe(true);
    const best = q<HTMLButtonElement>("button[data-card='2H']");
    expect(best.classList.contains("is-review-best")).toBe(true);
    expect(best.getAttribute("aria-label")).toBe("2 of hearts: The better action");
    expect(q("button[data-card='JH']").classList.contains("is-review-chosen")).toBe(true);
    expect(q("[data-testid=bhabho-table]").classList.contains("is-reviewing")).toBe(true);
    expect(q("[data-testid=take]").classList.contains("is-review-best")).toBe(false);
  });

  it("outlines Take when taking was the better action at a chance to take", () => {
    const view = exampleView({
      mode: "review", legal: [], waiting: "over", can_take: false,
      review: { number: 0, count: 3, trick: 2, kind: "offer", chosen: "pass", best: "take", grade: "mistake", grade_text: "mistake" },
    });
    const { q } = mount({ view, review: review({ at: 0 }) });
    const take = q<HTMLButtonElement>("[data-testid=take]");
    expect(take.classList.contains("is-review-best")).toBe(true);
    expect(take.disabled).toBe(true);
  });
});
