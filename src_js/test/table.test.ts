import { afterEach, describe, expect, it } from "vitest";
import type { Score } from "../src/types";
import { exampleView, mount, unmountAll } from "./fixtures";

function score(patch: Partial<Score> = {}): Score {
  return {
    rounds: 5, max_bhabhi: null, round: 1, played: 0, counts: [0, 0, 0, 0], pot: 0, stalemates: 0, over: false,
    losers: [], pot_winners: [], names: ["You", "Bot 1", "Bot 2", "Bot 3"], text: "Round 1 of 5", ...patch,
  };
}

afterEach(unmountAll);

describe("table rendering", () => {
  it("marks the root for tests and JupyterLab shortcuts", () => {
    const { q } = mount();
    const root = q("[data-testid=bhabho-table]");
    expect(root.classList.contains("bhabho-root")).toBe(true);
    expect(root.hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
  });

  it("renders the hand as buttons in kernel order, disabled unless legal", () => {
    const { qa } = mount();
    const buttons = qa<HTMLButtonElement>("[data-testid=hand] button[data-card]");
    expect(buttons.map((b) => b.dataset.card)).toEqual(["3S", "10S", "KS", "2H", "JH", "4D", "AC"]);
    const enabled = buttons.filter((b) => !b.disabled).map((b) => b.dataset.card);
    expect(enabled).toEqual(["2H", "JH"]);
    expect(buttons.every((b) => b.tagName === "BUTTON")).toBe(true);
    expect(buttons.find((b) => b.dataset.card === "3S")!.disabled).toBe(true);
  });

  it("gives every hand card an aria-label", () => {
    const { q } = mount();
    expect(q("button[data-card='10S']").getAttribute("aria-label")).toBe("10 of spades");
    expect(q("button[data-card='AC']").getAttribute("aria-label")).toBe("Ace of clubs");
    expect(q("button[data-card='KS']").getAttribute("aria-label")).toBe("King of spades");
    expect(q("[data-testid=hand]").getAttribute("aria-label")).toContain("Jack of hearts");
  });

  it("places every seat with its hand size and badges", () => {
    const { qa, q } = mount();
    const seats = qa("[data-seat]");
    expect(seats.every((s) => s.classList.contains("bh-seat"))).toBe(true);
    expect(seats.map((s) => [s.dataset.seat, s.dataset.count])).toEqual([
      ["0", "7"],
      ["1", "9"],
      ["2", "8"],
      ["3", "9"],
    ]);
    const me = q(".bh-seat[data-seat='0']");
    expect(me.classList.contains("is-me")).toBe(true);
    expect(me.classList.contains("is-turn")).toBe(true);
    expect(me.textContent).toContain("to play");
    const leader = q(".bh-seat[data-seat='2']");
    expect(leader.textContent).toContain("Bot 2");
    expect(leader.textContent).toContain("power");
    expect(leader.getAttribute("aria-label")).toBe("Bot 2, 8 cards, has the power");
  });

  it("puts the human at the bottom and the others around in seat order", () => {
    const { q } = mount({ view: exampleView({ seat: 2 }) });
    const y = (s: number) => parseFloat(q(`.bh-seat[data-seat='${s}']`).style.getPropertyValue("--y"));
    const x = (s: number) => parseFloat(q(`.bh-seat[data-seat='${s}']`).style.getPropertyValue("--x"));
    expect(y(2)).toBeGreaterThan(80); // bottom
    expect(x(3)).toBeLessThan(20); // next seat on the left
    expect(y(0)).toBeLessThan(20); // opposite at the top
    expect(x(1)).toBeGreaterThan(80); // right
  });

  it("shows the current trick with labels", () => {
    const { qa } = mount();
    const trick = qa("[data-testid=trick-card]");
    expect(trick.map((c) => c.dataset.card)).toEqual(["QH", "5H"]);
    expect(trick[0].getAttribute("aria-label")).toBe("Queen of hearts, played by Bot 2");
    expect(trick[1].dataset.playedBy).toBe("3");
  });

  it("shows the waste pile with its count", () => {
    const { q } = mount();
    const waste = q("[data-testid=waste]");
    expect(waste.dataset.count).toBe("12");
    expect(waste.textContent).toContain("12");
  });

  it("shows face-down backs for other hands, and faces when hands are revealed", () => {
    const hidden = mount();
    const backs = hidden.qa(".bh-seat[data-seat='1'] .bh-card");
    expect(backs.length).toBeGreaterThan(0);
    expect(backs.every((b) => b.getAttribute("aria-label") === "face-down card")).toBe(true);
    expect(hidden.qa(".bh-seat[data-seat='1'] [data-card]")).toHaveLength(0);
    unmountAll();

    const hands = [
      ["3S", "10S", "KS", "2H", "JH", "4D", "AC"],
      ["2S", "5S", "9S"],
      ["4S", "6H"],
      ["7S", "AS"],
    ];
    const shown = mount({ reveal_all: true, view: exampleView({ hands, hand_sizes: [7, 3, 2, 2] }) });
    const cards = shown.qa(".bh-seat[data-seat='3'] [data-card]");
    expect(cards.map((c) => c.dataset.card)).toEqual(["7S", "AS"]);
    expect(cards[1].getAttribute("aria-label")).toBe("Ace of spades");
    expect(shown.qa(".bh-seat[data-seat='1'] [data-card]")).toHaveLength(3);
    // the human's own cards are in the hand, not repeated in the seat box
    expect(shown.qa(".bh-seat[data-seat='0'] [data-card]")).toHaveLength(0);
    expect(shown.q<HTMLInputElement>("[data-testid=reveal-all]").checked).toBe(true);
  });

  it("shows the kernel's narration in a polite live region, as it is", () => {
    const { q, model } = mount();
    const status = q("[data-testid=narration][role=status]");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe("Bot 3 follows with 5♥.");
    model.setView({
      version: 6,
      narration: "Bot 3 has no heart: tochoo with 9♣. Bot 2 picks up the trick.",
      events: [
        { kind: "play", seat: 3, cards: ["9C"], text: "Bot 3 has no heart: tochoo with 9♣." },
        { kind: "pickup", seat: 2, cards: ["QH", "5H", "9C"], text: "Bot 2 picks up the trick." },
      ],
    });
    expect(status.textContent).toBe("Bot 3 has no heart: tochoo with 9♣. Bot 2 picks up the trick.");
    // takes are confirmed there too, in the kernel's words
    model.setView({ version: 7, narration: "You take Bot 2's hand: 12 cards.", events: [] });
    expect(status.textContent).toBe("You take Bot 2's hand: 12 cards.");
    // after undo: no events, the kernel's short line
    model.setView({ version: 8, change: "undo", narration: "Undone: back to your turn.", events: [] });
    expect(status.textContent).toBe("Undone: back to your turn.");
    // the front end adds nothing of its own
    model.setView({ version: 9, change: "step", narration: "", events: [], waiting: "bot", current_player: 1, legal: [] });
    expect(status.textContent).toBe("");
  });

  it("shows the kernel's log, replaced on every view: undo and a new game never repeat a line", () => {
    const { q, model } = mount();
    const shown = () => Array.from(q("[data-testid=log]").children, (li) => li.textContent);
    const kinds = () => Array.from(q("[data-testid=log]").children, (li) => (li as HTMLElement).dataset.kind);
    const line = (text: string, kind = "play") => ({ kind, text });
    expect(shown()).toEqual(["Bot 2 leads Q♥.", "Bot 3 follows with 5♥."]);
    expect(kinds()).toEqual(["lead", "follow"]);
    const three = [line("Bot 2 leads Q♥."), line("Bot 3 follows with 5♥."), line("You play J♥.")];
    model.setView({ version: 6, log: three });
    expect(shown()).toEqual(three.map((l) => l.text));
    // a redraw of the same view changes nothing
    model.set("hint", { action: "2H", text: "Play 2♥.", estimates: [] });
    model.setView({});
    expect(shown()).toHaveLength(3);
    // undo: the game as it now stands, no line twice
    model.setView({ version: 7, change: "undo", log: three.slice(0, 2), events: [], narration: "Undone: back to your turn." });
    expect(shown()).toEqual(["Bot 2 leads Q♥.", "Bot 3 follows with 5♥."]);
    model.setView({ version: 8, change: "step", log: three });
    expect(shown()).toEqual(three.map((l) => l.text));
    expect(new Set(shown()).size).toBe(shown().length);
    // a new game starts a fresh log
    model.setView({ version: 9, change: "new", log: [line("Bot 1 holds A♠ and leads it.", "lead")] });
    expect(shown()).toEqual(["Bot 1 holds A♠ and leads it."]);
    model.setView({ version: 10, log: [] });
    expect(shown()).toEqual([]);
  });

  it("shows the kernel's result in an assertive banner", () => {
    const over = exampleView({
      is_over: true, loser: 2, waiting: "over", current_player: null, legal: [], escaped: [0, 1, 3],
      result: { kind: "bhabhi", text: "Game over: Bot 2 is the bhabhi." },
    });
    const { q } = mount({ view: over });
    const banner = q("[data-testid=game-over]");
    expect(banner.hidden).toBe(false);
    expect(banner.getAttribute("role")).toBe("alert");
    expect(banner.getAttribute("aria-live")).toBe("assertive");
    expect(banner.dataset.kind).toBe("bhabhi");
    expect(banner.dataset.loser).toBe("2");
    expect(banner.textContent).toBe("Game over: Bot 2 is the bhabhi.");
    expect(q(".bh-seat[data-seat='2']").textContent).toContain("bhabhi");
    expect(q(".bh-seat[data-seat='1']").textContent).toContain("escaped #2");
  });

  it("shows a stalemate banner saying nobody is the bhabhi", () => {
    const text = "Stalemate: the game cannot end, so nobody is the bhabhi.";
    const { q, model } = mount();
    const banner = q("[data-testid=game-over]");
    model.setView({ version: 6, is_over: true, loser: null, waiting: "over", legal: [], result: { kind: "stalemate", text } });
    expect(banner.hidden).toBe(false);
    expect(banner.dataset.kind).toBe("stalemate");
    expect(banner.dataset.loser).toBe("");
    expect(banner.textContent).toBe(text);
    // a new game: the banner goes
    model.setView({ version: 7, change: "new", is_over: false, waiting: "human", result: null });
    expect(banner.hidden).toBe(true);
    expect(banner.textContent).toBe("");
  });

  it("has no game-over banner while playing", () => {
    const { q } = mount();
    expect(q("[data-testid=game-over]").hidden).toBe(true);
    expect(q("[data-testid=game-over]").textContent).toBe("");
  });

  it("shows the error trait in an alert", () => {
    const { q, model } = mount();
    const alert = q("[data-testid=error]");
    expect(alert.getAttribute("role")).toBe("alert");
    expect(alert.textContent).toBe("");
    model.set("error", "Stale version: the table changed.");
    expect(alert.textContent).toBe("Stale version: the table changed.");
    expect(alert.classList.contains("is-empty")).toBe(false);
    model.set("error", "");
    expect(alert.textContent).toBe("");
    expect(alert.classList.contains("is-empty")).toBe(true);
  });

  it("outlines the hinted card and shows the hint's text, without a chart when there are no estimates", () => {
    const { q, qa, model } = mount();
    expect(qa(".is-hint")).toHaveLength(0);
    expect(qa("[data-testid=hint-box]")).toHaveLength(0);
    model.set("hint", { action: "JH", text: "Play J♥: it wins nothing you could lose.", estimates: [] });
    expect(q("button[data-card='JH']").classList.contains("is-hint")).toBe(true);
    expect(q("button[data-card='JH']").dataset.hint).toBe("true");
    expect(qa(".is-hint")).toHaveLength(1);
    expect(q("[data-testid=hint-box] .bh-hint-text").textContent).toBe("Play J♥: it wins nothing you could lose.");
    expect(q("[data-testid=hint-box] [data-testid=hint-show-me]").textContent).toBe("Show me");
    expect(qa("[data-testid=hint-chart]")).toHaveLength(0);
    model.set("hint", null);
    expect(qa(".is-hint")).toHaveLength(0);
    expect(qa("[data-testid=hint-box]")).toHaveLength(0);
  });

  it("outlines Take when the hint is to take", () => {
    const { q, qa, model } = mount({ view: exampleView({ can_take: true, take_target: 1 }) });
    model.set("hint", { action: "take", text: "Take Bot 1's hand.", estimates: [] });
    const take = q("[data-testid=take]");
    expect(take.classList.contains("is-hint")).toBe(true);
    expect(qa("button[data-card].is-hint")).toHaveLength(0);
    model.set("hint", null);
    expect(take.classList.contains("is-hint")).toBe(false);
  });

  it("draws the hint's estimates as a bar chart with error bars", () => {
    const { q, qa, model } = mount({ view: exampleView({ can_take: true, take_target: 1 }) });
    model.set("hint", {
      action: "2H",
      text: "Play 2♥.",
      estimates: [
        { action: "2H", label: "2♥", p: 0.12, lo: 0.08, hi: 0.16 },
        { action: "JH", label: "J♥", p: 0.3, lo: 0.25, hi: 0.35 },
        { action: "take", label: "Take", p: 0.5, lo: 0.41, hi: 0.59 },
      ],
    });
    const chart = q("[data-testid=hint-chart]");
    expect(chart.tagName.toLowerCase()).toBe("svg");
    expect(chart.getAttribute("role")).toBe("img");
    expect(chart.getAttribute("aria-label")).toBe(
      "Chance of ending as the bhabhi: 2♥ 12% (8% to 16%); J♥ 30% (25% to 35%); Take 50% (41% to 59%). Hinted: 2♥.",
    );
    const items = qa(".bh-chart-item");
    expect(items.map((g) => g.getAttribute("data-action"))).toEqual(["2H", "JH", "take"]);
    expect(items.map((g) => g.querySelector(".bh-chart-label")!.textContent)).toEqual(["2♥", "J♥", "Take"]);
    expect(items.filter((g) => g.classList.contains("is-hint")).map((g) => g.getAttribute("data-action"))).toEqual(["2H"]);
    // taller bars for bigger chances, and an error bar on each
    const height = (g: Element) => Number(g.querySelector("rect")!.getAttribute("height"));
    expect(height(items[0])).toBeLessThan(height(items[1]));
    expect(height(items[1])).toBeLessThan(height(items[2]));
    expect(items.every((g) => g.querySelector(".bh-chart-err"))).toBe(true);
    expect(q("button[data-card='2H']").classList.contains("is-hint")).toBe(true);
  });

  it("wraps a big hand's many options onto rows of ten, so the chart stays within the widget", () => {
    const { q, qa, model } = mount({ view: exampleView({ can_take: true, take_target: 1 }) });
    const codes = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS",
      "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH"];
    const estimates = [...codes.map((c, i) => ({ action: c, label: c, p: 0.02 * i, lo: 0.01 * i, hi: 0.03 * i })),
      { action: "take", label: "Take", p: 0.94, lo: 0.9, hi: 0.97 }];
    model.set("hint", { action: "take", text: "Take Bot 1's hand.", estimates });
    const chart = q("[data-testid=hint-chart]");
    expect(Number(chart.getAttribute("width"))).toBe(10 * 48);
    expect(qa(".bh-chart-axis")).toHaveLength(3);
    const items = qa(".bh-chart-item");
    expect(items).toHaveLength(24);
    const labelAt = (g: Element) => ({
      x: Number(g.querySelector(".bh-chart-label")!.getAttribute("x")),
      y: Number(g.querySelector(".bh-chart-label")!.getAttribute("y")),
    });
    // every bar inside the chart's width, the rows one under the other, the Take option shown
    expect(items.every((g) => labelAt(g).x < 10 * 48)).toBe(true);
    expect(new Set(items.map((g) => labelAt(g).y)).size).toBe(3);
    expect(labelAt(items[23]).y).toBeGreaterThan(labelAt(items[9]).y);
    expect(items[23].classList.contains("is-hint")).toBe(true);
    expect(Number(chart.getAttribute("height"))).toBeGreaterThanOrEqual(labelAt(items[23]).y);
  });

  it("draws no scoreboard for a score that is empty or not a score", () => {
    const { qa, model } = mount({ score: {} as never });
    expect(qa("[data-testid=scoreboard]")).toHaveLength(0);
    for (const bad of [null, {}, { counts: null }, { counts: "1,0" }, 3, "score"]) {
      model.set("score", bad as never);
      expect(qa("[data-testid=scoreboard]")).toHaveLength(0);
    }
    model.set("score", score({ names: [] }));
    expect(qa("[data-testid=scoreboard] tbody tr")).toHaveLength(4);
    model.set("score", {} as never);
    expect(qa("[data-testid=scoreboard]")).toHaveLength(0);
  });

  it("shows the scoreboard with the kernel's heading, never a count of its own", () => {
    const { qa, q, model } = mount();
    expect(qa("[data-testid=scoreboard]")).toHaveLength(0);
    model.set("score", score({ rounds: 2, round: 1, played: 0, text: "Round 1 of 2" }));
    const board = () => q("[data-testid=scoreboard]");
    expect(q("[data-testid=score-heading]").textContent).toBe("Round 1 of 2");
    expect(board().textContent).not.toContain("0/2");
    model.set("score", score({ round: 3, played: 2, counts: [1, 0, 1, 0], pot: 40, stalemates: 1, text: "Round 3 of 5" }));
    const rows = Array.from(board().querySelectorAll("tbody tr")).map((r) => r.textContent);
    expect(rows).toEqual(["You1", "Bot 10", "Bot 21", "Bot 30"]);
    expect(board().textContent).toContain("Pot: 40");
    expect(q("[data-testid=stalemates]").textContent).toBe("Stalemates: 1");
    expect(board().textContent).not.toContain("2/5");
    const end = "Session over: You and Bot 2 lose the session; Bot 1 and Bot 3 share the pot.";
    model.set("score", score({ over: true, counts: [1, 0, 1, 0], losers: [0, 2], pot_winners: [1, 3], text: end }));
    expect(q("[data-testid=score-heading]").textContent).toBe(end);
    const marked = (cls: string) => qa(`[data-testid=scoreboard] tbody tr.${cls}`).map((r) => r.dataset.seat);
    expect(marked("is-bhabhi")).toEqual(["0", "2"]);
    expect(marked("is-pot-winner")).toEqual(["1", "3"]);
    // mid-session nobody is marked as losing the session or taking the pot
    model.set("score", score({ round: 3, played: 2, counts: [1, 0, 1, 0], losers: [0, 2], pot_winners: [1, 3], text: "Round 3 of 5" }));
    expect(qa("[data-testid=scoreboard] tr.is-bhabhi, [data-testid=scoreboard] tr.is-pot-winner")).toHaveLength(0);
  });

  it("lets a finished trick rest, labelled, until the next lead, then sends it away", () => {
    const { q, qa, model } = mount();
    const trick = { cards: [{ seat: 1, card: "9C" }, { seat: 2, card: "KC" }], outcome: "pickup" as const, picker: 2 };
    model.setView({ version: 6, table: [], last_trick: trick });
    const rest = q("[data-testid=last-trick]");
    expect(rest.dataset.outcome).toBe("pickup");
    expect(rest.dataset.picker).toBe("2");
    expect(qa("[data-rest-card]").map((c) => c.dataset.card)).toEqual(["9C", "KC"]);
    expect(q("[data-testid=last-trick-outcome]").textContent).toBe("Picked up by Bot 2");
    expect(rest.getAttribute("aria-label")).toBe(
      "Last trick: 9 of clubs, played by Bot 1; King of clubs, played by Bot 2. Picked up by Bot 2",
    );
    expect(qa("[data-testid=trick-card]")).toHaveLength(0);
    expect(qa("[data-testid=flight]")).toHaveLength(0);
    // a view without a lead (a bot's take offer, say) leaves it resting
    model.setView({ version: 7, last_trick: null });
    expect(qa("[data-rest-card]")).toHaveLength(2);
    // the next lead: it leaves the table for the picker, and the new card is drawn
    model.setView({ version: 8, last_trick: null, table: [{ seat: 2, card: "5H" }] });
    expect(qa("[data-testid=last-trick]")).toHaveLength(0);
    expect(q("[data-testid=flight]").dataset.picker).toBe("2");
    expect(qa("[data-flight-card]").map((c) => c.dataset.flightCard)).toEqual(["9C", "KC"]);
    expect(qa("[data-testid=trick-card]").map((c) => c.dataset.card)).toEqual(["5H"]);
    // one to the waste
    model.setView({ version: 9, table: [], last_trick: { cards: [{ seat: 3, card: "2D" }], outcome: "waste", picker: null } });
    expect(q("[data-testid=last-trick]").dataset.outcome).toBe("waste");
    expect(q("[data-testid=last-trick-outcome]").textContent).toBe("To the waste pile");
  });

  it("animates nothing after undo or a new game", () => {
    const { qa, model } = mount();
    const trick = { cards: [{ seat: 1, card: "9C" }], outcome: "waste" as const, picker: null };
    model.setView({ version: 6, table: [], last_trick: trick });
    expect(qa("[data-rest-card]")).toHaveLength(1);
    const table = [{ seat: 2, card: "QH" }, { seat: 3, card: "5H" }, { seat: 0, card: "7H" }];
    model.setView({ version: 7, change: "undo", table, last_trick: trick, events: [] });
    expect(qa("[data-testid=last-trick]")).toHaveLength(0);
    expect(qa("[data-testid=flight]")).toHaveLength(0);
    expect(qa(".is-new")).toHaveLength(0);
    model.setView({ version: 8, change: "new", table: [], last_trick: trick, events: [] });
    expect(qa("[data-testid=last-trick]")).toHaveLength(0);
    model.setView({ version: 9, change: "new", table: [{ seat: 1, card: "AS" }], last_trick: null, events: [] });
    expect(qa("[data-testid=flight]")).toHaveLength(0);
    expect(qa(".is-new")).toHaveLength(0);
    // a step animates the new card
    model.setView({ version: 10, change: "step", table: [{ seat: 1, card: "AS" }, { seat: 2, card: "3S" }] });
    expect(qa(".is-new").map((c) => c.dataset.card)).toEqual(["3S"]);
  });

  it("says the person waits for the others while bots act, never 'to play'", () => {
    const { q, model } = mount();
    const me = () => q(".bh-seat[data-seat='0']");
    expect(me().textContent).toContain("to play");
    // the person holds the power at a trick's end, but bots are still due their take offers
    model.setView({ version: 6, table: [], leader: 0, current_player: 0, waiting: "bot", legal: [] });
    expect(me().textContent).toContain("waiting for the others");
    expect(me().textContent).not.toContain("to play");
    expect(me().classList.contains("is-turn")).toBe(false);
    expect(me().getAttribute("aria-label")).toBe("You, 7 cards, has the power, waiting for the others");
    // a bot to play
    model.setView({ version: 7, current_player: 1, leader: 2 });
    expect(me().textContent).toContain("waiting for the others");
    expect(q(".bh-seat[data-seat='1']").textContent).toContain("to play");
    model.setView({ version: 8, current_player: 0, waiting: "human", legal: ["2H"] });
    expect(me().textContent).not.toContain("waiting");
    expect(me().textContent).toContain("to play");
  });

  it("draws nothing broken before the kernel sends a view", () => {
    for (const view of [null, {} as never]) {
      const { q, qa, model } = mount({ view, config: {} as never, score: null });
      expect(q("[data-testid=narration][role=status]").textContent).toContain("Waiting");
      expect(qa("button[data-card]")).toHaveLength(0);
      expect(qa("[data-seat]")).toHaveLength(0);
      expect(Array.from(q<HTMLSelectElement>("[data-testid=players]").options).map((o) => o.value)).not.toContain("undefined");
      model.set("view", exampleView());
      expect(qa("button[data-card]")).toHaveLength(7);
      unmountAll();
    }
  });
});
