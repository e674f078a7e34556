// Accessibility of the table: cards announced by name and state, live regions, the keyboard
// keeping its place when a control goes away, the four-colour deck, reduced motion and the
// order of the parts (felt, actions, hand, then the settings).
import { afterEach, describe, expect, it, vi } from "vitest";
import { exampleView, key, mount, unmountAll } from "./fixtures";

afterEach(() => {
  unmountAll();
  vi.unstubAllGlobals();
});

function stubReducedMotion(reduce: boolean): void {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduce && query.includes("prefers-reduced-motion: reduce"),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

describe("cards announced by name", () => {
  it("names each hand card and says whether it may be played", () => {
    const { q } = mount();
    expect(q("button[data-card='JH']").getAttribute("aria-label")).toBe("Jack of hearts, playable");
    expect(q("button[data-card='2H']").getAttribute("aria-label")).toBe("2 of hearts, playable");
    expect(q("button[data-card='KS']").getAttribute("aria-label")).toBe("King of spades");
    expect(q<HTMLButtonElement>("button[data-card='KS']").disabled).toBe(true);
  });

  it("says which card the hint chose, and makes it the hand's tab stop", () => {
    const { q, qa, model } = mount();
    expect(q("button[data-card='2H']").tabIndex).toBe(0); // the first playable card
    model.set("hint", { action: "JH", text: "Play high while the trick is safe.", estimates: [] });
    expect(q("button[data-card='JH']").getAttribute("aria-label")).toBe("Jack of hearts, playable, the hint's card");
    expect(qa<HTMLButtonElement>("button[data-card]").filter((b) => b.tabIndex === 0).map((b) => b.dataset.card)).toEqual([
      "JH",
    ]);
  });

  it("translates the state words through the labels", () => {
    const { q } = mount({ labels: { card_playable: "{card} — खेल सकते हैं", rank_J: "गुलाम" } });
    expect(q("button[data-card='JH']").getAttribute("aria-label")).toBe("गुलाम of hearts — खेल सकते हैं");
  });

  it("makes the trick a list only while cards are on it", () => {
    const { q, model } = mount();
    expect(q(".bh-trick").getAttribute("role")).toBe("list");
    expect(q(".bh-trick").getAttribute("aria-label")).toBe("Cards on the table");
    model.setView({ version: 6, table: [] });
    expect(q(".bh-trick").getAttribute("role")).toBeNull();
    expect(q(".bh-trick").getAttribute("aria-label")).toBeNull();
  });

  it("gives the waste pile and the led suit a role for their labels", () => {
    const { q } = mount();
    expect(q("[data-testid=waste]").getAttribute("role")).toBe("img");
    expect(q("[data-testid=waste]").getAttribute("aria-label")).toBe("Waste pile: 12 cards");
    expect(q(".bh-led").getAttribute("role")).toBe("img");
    expect(q(".bh-led").getAttribute("aria-label")).toBe("hearts led");
  });
});

describe("live regions", () => {
  it("the line under the table is polite, the game-over banner assertive", () => {
    const { q, model } = mount();
    const narration = q("[data-testid=narration]");
    expect(narration.getAttribute("role")).toBe("status");
    expect(narration.getAttribute("aria-live")).toBe("polite");
    const banner = q("[data-testid=game-over]");
    expect(banner.getAttribute("role")).toBe("alert");
    expect(banner.getAttribute("aria-live")).toBe("assertive");
    expect(banner.hidden).toBe(true);
    model.setView({
      version: 9,
      is_over: true,
      waiting: "over",
      current_player: null,
      legal: [],
      loser: 2,
      result: { kind: "bhabhi", text: "Bot 2 is the bhabhi and loses this round." },
    });
    expect(banner.hidden).toBe(false);
    expect(banner.textContent).toBe("Bot 2 is the bhabhi and loses this round.");
  });

  it("the log is a tab stop, so the keyboard can scroll it", () => {
    const { q } = mount();
    expect(q("[data-testid=log]").tabIndex).toBe(0);
    expect(q("[data-testid=log]").getAttribute("aria-label")).toBe("Game log");
  });
});

describe("the order of the parts", () => {
  it("draws the felt, the actions, the hand, then the settings, so the hand fits the screen", () => {
    const { q } = mount();
    const order = ["felt", "hint", "undo", "take", "hand", "new-game", "pace", "log"].map((id) =>
      id === "felt" ? q(".bh-felt") : q(`[data-testid=${id}]`),
    );
    for (let i = 1; i < order.length; i++) {
      const follows = order[i - 1].compareDocumentPosition(order[i]) & Node.DOCUMENT_POSITION_FOLLOWING;
      expect(follows, `${order[i - 1].className || order[i - 1].dataset.testid} before the next`).toBeTruthy();
    }
    // Hint, Undo and Take sit together beside the narration
    expect(q("[data-testid=hint]").closest(".bh-hand-bar")).toBe(q("[data-testid=take]").closest(".bh-hand-bar"));
  });
});

describe("the keyboard keeps its place", () => {
  it("moves focus from Take to the hand when Take goes out after a take", () => {
    const { q, model } = mount({ view: exampleView({ can_take: true, take_target: 1 }) });
    const take = q<HTMLButtonElement>("[data-testid=take]");
    take.focus();
    take.click();
    expect(model.sentOfType("take")).toEqual([{ type: "take", version: 5 }]);
    // the kernel answers: the hand grew, no take now, the person leads
    model.setView({ version: 6, can_take: false, take_target: null, hand: ["3S", "10S", "KS", "2H", "JH", "4D", "AC", "9C"], legal: ["3S", "9C"], table: [] });
    expect(take.disabled).toBe(true);
    expect(document.activeElement?.getAttribute("data-card")).toBe("3S");
  });

  it("moves focus from Hint to the hand when the bots take over", () => {
    const { q, model } = mount();
    q<HTMLButtonElement>("[data-testid=hint]").focus();
    model.setView({ version: 6, waiting: "bot", current_player: 1, legal: [] });
    expect(q<HTMLButtonElement>("[data-testid=hint]").disabled).toBe(true);
    expect(document.activeElement).toBe(q("[data-testid=hand]"));
    // the person's turn again: the keyboard lands on a playable card
    model.setView({ version: 7, waiting: "human", current_player: 0, legal: ["4D"] });
    expect(document.activeElement?.getAttribute("data-card")).toBe("4D");
  });

  it("leaves focus alone when the focused control stays usable", () => {
    const { q, model } = mount();
    const undo = q<HTMLButtonElement>("[data-testid=undo]");
    undo.focus();
    undo.click();
    model.setView({ version: 6, change: "undo", events: [] });
    expect(document.activeElement).toBe(undo);
  });

  it("plays a whole turn with the keyboard: arrows move, Enter plays", () => {
    const { q, model } = mount();
    const first = q<HTMLButtonElement>("button[data-card='2H']");
    first.focus();
    key(first, "ArrowRight");
    expect(document.activeElement?.getAttribute("data-card")).toBe("JH");
    key(document.activeElement!, "Enter");
    expect(model.sentOfType("play")).toEqual([{ type: "play", card: "JH", version: 5 }]);
  });
});

describe("keys inside the widget", () => {
  it("keeps the arrows, Home, End, Enter and Space from JupyterLab's notebook shortcuts", () => {
    const { q } = mount();
    const reached: string[] = [];
    const spy = (e: KeyboardEvent) => reached.push(`${e.ctrlKey ? "Ctrl+" : ""}${e.key}`);
    document.addEventListener("keydown", spy);
    try {
      const pace = q("[data-testid=pace]");
      for (const k of ["ArrowRight", "ArrowLeft", "Home", "End", "PageUp", "Enter", " "]) {
        const ev = key(pace, k);
        expect(ev.defaultPrevented, k).toBe(false); // the slider still moves
      }
      key(q("[data-testid=players]"), "ArrowDown");
      key(q("button[data-card='2H']"), "ArrowRight");
      // other keys and shortcuts with modifiers still reach JupyterLab
      key(pace, "Escape");
      pace.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", ctrlKey: true, bubbles: true }));
      expect(reached).toEqual(["Escape", "Ctrl+ArrowRight"]);
    } finally {
      document.removeEventListener("keydown", spy);
    }
  });
});

describe("the four-colour deck", () => {
  it("hides the switch until the kernel has a deck", () => {
    const { q } = mount({ deck: undefined as never });
    expect(q("[data-testid=deck]").closest("label")!.hidden).toBe(true);
    expect(q(".bhabho-root").classList.contains("is-four-colour")).toBe(false);
  });

  it("asks the kernel with set_deck and draws the deck the kernel says", () => {
    const { q, model } = mount();
    const box = q<HTMLInputElement>("[data-testid=deck]");
    expect(box.closest("label")!.hidden).toBe(false);
    expect(box.closest("label")!.textContent).toBe("Four-colour deck");
    expect(box.checked).toBe(false);
    box.checked = true;
    box.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sentOfType("set_deck")).toEqual([{ type: "set_deck", deck: "four-colour" }]);
    expect(q(".bhabho-root").classList.contains("is-four-colour")).toBe(false); // not before the kernel says so
    model.set("deck", "four-colour");
    expect(q(".bhabho-root").classList.contains("is-four-colour")).toBe(true);
    box.checked = false;
    box.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sentOfType("set_deck").slice(-1)[0]).toEqual({ type: "set_deck", deck: "two-colour" });
    // refused: the switch shows the deck still drawn
    model.set("error", "no");
    expect(box.checked).toBe(true);
  });

  it("marks every face with its suit, for the four colours", () => {
    const { qa } = mount({ deck: "four-colour" });
    const faces = qa("[data-testid=hand] svg.bh-face");
    expect(faces.map((f) => Array.from(f.classList).find((c) => c.startsWith("bh-suit-")))).toEqual([
      "bh-suit-S", "bh-suit-S", "bh-suit-S", "bh-suit-H", "bh-suit-H", "bh-suit-D", "bh-suit-C",
    ]);
    expect(qa(".bhabho-root.is-four-colour")).toHaveLength(1);
  });

  it("offers the switch in a lesson too", () => {
    const { q } = mount({
      view: exampleView({ mode: "lesson", legal: [], lesson: { index: 0, length: 2, title: "T", exercise: null, summary: null } }),
    });
    expect(q("[data-testid=deck]").closest("[hidden]")).toBeNull();
  });
});

describe("reduced motion", () => {
  const trick = { cards: [{ seat: 1, card: "9C" }, { seat: 2, card: "KC" }], outcome: "pickup" as const, picker: 2 };

  it("sends the finished trick away without a flight", () => {
    stubReducedMotion(true);
    const { qa, model } = mount();
    model.setView({ version: 6, table: [], last_trick: trick });
    expect(qa("[data-rest-card]")).toHaveLength(2);
    model.setView({ version: 7, last_trick: null, table: [{ seat: 2, card: "5H" }] });
    expect(qa("[data-testid=last-trick]")).toHaveLength(0);
    expect(qa("[data-testid=flight]")).toHaveLength(0);
    expect(qa("[data-testid=trick-card]").map((c) => c.dataset.card)).toEqual(["5H"]);
  });

  it("flies otherwise", () => {
    stubReducedMotion(false);
    const { qa, model } = mount();
    model.setView({ version: 6, table: [], last_trick: trick });
    model.setView({ version: 7, last_trick: null, table: [{ seat: 2, card: "5H" }] });
    expect(qa("[data-testid=flight]")).toHaveLength(1);
  });
});
