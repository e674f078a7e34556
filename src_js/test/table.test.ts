import { afterEach, describe, expect, it } from "vitest";
import { exampleView, mount, unmountAll } from "./fixtures";

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
    expect(q("button[data-card='AC']").getAttribute("aria-label")).toBe("ace of clubs");
    expect(q("button[data-card='KS']").getAttribute("aria-label")).toBe("king of spades");
    expect(q("[data-testid=hand]").getAttribute("aria-label")).toContain("jack of hearts");
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
    expect(trick[0].getAttribute("aria-label")).toBe("queen of hearts, played by Bot 2");
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
    expect(cards[1].getAttribute("aria-label")).toBe("ace of spades");
    expect(shown.qa(".bh-seat[data-seat='1'] [data-card]")).toHaveLength(3);
    // the human's own cards are in the hand, not repeated in the seat box
    expect(shown.qa(".bh-seat[data-seat='0'] [data-card]")).toHaveLength(0);
    expect(shown.q<HTMLInputElement>("[data-testid=reveal-all]").checked).toBe(true);
  });

  it("narrates every event of a change politely and keeps a log", () => {
    const { q, model } = mount();
    const status = q("[role=status]");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe("Bot 3 follows with 5♥.");
    model.setView({
      version: 6,
      events: [
        { kind: "play", seat: 0, cards: ["JH"], text: "You play J♥." },
        { kind: "pickup", seat: 2, cards: [], text: "Bot 2 picks up the trick." },
      ],
    });
    expect(status.textContent).toBe("You play J♥. Bot 2 picks up the trick.");
    const log = () => Array.from(q("[data-testid=log]").children).map((li) => li.textContent);
    expect(log()).toEqual(["Bot 3 follows with 5♥.", "You play J♥.", "Bot 2 picks up the trick."]);
    // a redraw of the same version does not log again
    model.set("hint", "2H");
    model.setView({});
    expect(log()).toHaveLength(3);
    for (let v = 7; v < 50; v++) {
      model.setView({ version: v, events: [{ kind: "x", seat: 1, cards: [], text: `event ${v}` }] });
    }
    expect(log()).toHaveLength(30);
    expect(log()[29]).toBe("event 49");
  });

  it("shows the game-over banner naming the bhabhi", () => {
    const over = exampleView({ is_over: true, loser: 2, waiting: "over", current_player: null, legal: [], escaped: [0, 1, 3] });
    const { q } = mount({ view: over });
    const banner = q("[data-testid=game-over]");
    expect(banner.dataset.loser).toBe("2");
    expect(banner.textContent).toContain("Bot 2 is the bhabhi");
    expect(q(".bh-seat[data-seat='2']").textContent).toContain("bhabhi");
    expect(q(".bh-seat[data-seat='1']").textContent).toContain("escaped #2");
  });

  it("says 'You are the bhabhi' and handles no loser", () => {
    const a = mount({ view: exampleView({ is_over: true, loser: 0, waiting: "over", legal: [] }) });
    expect(a.q("[data-testid=game-over]").textContent).toContain("You are the bhabhi");
    unmountAll();
    const b = mount({ view: exampleView({ is_over: true, loser: null, waiting: "over", legal: [] }) });
    expect(b.q("[data-testid=game-over]").getAttribute("data-loser")).toBe("");
    expect(b.q("[data-testid=game-over]").textContent).toContain("nobody is the bhabhi");
  });

  it("has no game-over banner while playing", () => {
    const { qa } = mount();
    expect(qa("[data-testid=game-over]")).toHaveLength(0);
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

  it("highlights the hinted card", () => {
    const { q, qa, model } = mount();
    expect(qa(".is-hint")).toHaveLength(0);
    model.set("hint", "JH");
    expect(q("button[data-card='JH']").classList.contains("is-hint")).toBe(true);
    expect(q("button[data-card='JH']").dataset.hint).toBe("true");
    expect(qa(".is-hint")).toHaveLength(1);
    model.set("hint", null);
    expect(qa(".is-hint")).toHaveLength(0);
  });

  it("tells a tochoo and its pickup together, not just the last sentence", () => {
    const { q, model } = mount();
    model.setView({
      version: 6,
      events: [
        { kind: "play", seat: 3, cards: ["9C"], text: "Bot 3 has no heart: tochoo with 9♣." },
        { kind: "pickup", seat: 2, cards: ["QH", "5H", "9C"], text: "Bot 2 picks up the trick." },
        { kind: "note", seat: null, cards: [], text: "" }, // an event without words adds nothing
      ],
    });
    expect(q("[data-testid=narration]").textContent).toBe(
      "Bot 3 has no heart: tochoo with 9♣. Bot 2 picks up the trick.",
    );
  });

  it("keeps the narration when a change brings no events", () => {
    const { q, model } = mount();
    const status = q("[data-testid=narration]");
    // a bot is to play, nothing new was told: the position speaks
    model.setView({ version: 6, events: [], waiting: "bot", current_player: 1, legal: [] });
    expect(status.textContent).toBe("Bot 1 to play.");
    // nothing to say about the position either (reveal_all switched, say): keep the last words
    model.setView({ version: 7, events: [], waiting: "human", current_player: 2 });
    expect(status.textContent).toBe("Bot 1 to play.");
    model.setView({ version: 8, events: [], current_player: 0, legal: ["2H"] });
    expect(status.textContent).toBe("Your turn: play a card.");
  });

  it("draws no scoreboard for a score that is empty or not a score", () => {
    const { qa, model } = mount({ score: {} as never });
    expect(qa("[data-testid=scoreboard]")).toHaveLength(0);
    for (const bad of [null, {}, { counts: null }, { counts: "1,0" }, 3, "score"]) {
      model.set("score", bad as never);
      expect(qa("[data-testid=scoreboard]")).toHaveLength(0);
    }
    model.set("score", { rounds: 3, played: 0, counts: [0, 0, 0, 0], pot: 0, over: false, loser: null, names: [] });
    expect(qa("[data-testid=scoreboard] tbody tr")).toHaveLength(4);
    model.set("score", {} as never);
    expect(qa("[data-testid=scoreboard]")).toHaveLength(0);
  });

  it("shows the scoreboard when there is a score", () => {
    const { qa, q, model } = mount();
    expect(qa("[data-testid=scoreboard]")).toHaveLength(0);
    model.set("score", { rounds: 5, played: 2, counts: [1, 0, 1, 0], pot: 40, over: false, loser: null, names: ["You", "Bot 1", "Bot 2", "Bot 3"] });
    const board = q("[data-testid=scoreboard]");
    const rows = Array.from(board.querySelectorAll("tbody tr")).map((r) => r.textContent);
    expect(rows).toEqual(["You1", "Bot 10", "Bot 21", "Bot 30"]);
    expect(board.textContent).toContain("Pot: 40");
    expect(board.textContent).toContain("2/5");
  });

  it("animates the last trick toward the picker or the waste", () => {
    const { q, qa, model } = mount();
    model.setView({
      version: 6,
      table: [],
      last_trick: { cards: [{ seat: 1, card: "9C" }, { seat: 2, card: "KC" }], outcome: "pickup", picker: 2 },
    });
    const flight = q("[data-testid=last-trick]");
    expect(flight.dataset.outcome).toBe("pickup");
    expect(flight.dataset.picker).toBe("2");
    expect(qa("[data-flight-card]").map((c) => c.getAttribute("aria-label"))).toEqual(["9 of clubs", "king of clubs"]);
    expect(qa("[data-testid=trick-card]")).toHaveLength(0);
    model.setView({
      version: 7,
      last_trick: { cards: [{ seat: 3, card: "2D" }], outcome: "waste", picker: null },
    });
    expect(q("[data-testid=last-trick]").dataset.outcome).toBe("waste");
    // the next lead clears the flying cards so the new trick is not covered
    model.setView({ version: 8, last_trick: null, table: [{ seat: 3, card: "5H" }] });
    expect(qa("[data-testid=last-trick]")).toHaveLength(0);
    expect(qa("[data-testid=trick-card]").map((c) => c.dataset.card)).toEqual(["5H"]);
  });

  it("draws nothing broken before the kernel sends a view", () => {
    for (const view of [null, {} as never]) {
      const { q, qa, model } = mount({ view, config: {} as never, score: null });
      expect(q("[role=status]").textContent).toContain("Waiting");
      expect(qa("button[data-card]")).toHaveLength(0);
      expect(qa("[data-seat]")).toHaveLength(0);
      expect(Array.from(q<HTMLSelectElement>("[data-testid=players]").options).map((o) => o.value)).not.toContain("undefined");
      model.set("view", exampleView());
      expect(qa("button[data-card]")).toHaveLength(7);
      unmountAll();
    }
  });
});
