import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PACE_MAX, PACE_MIN } from "../src/protocol";
import { FakeModel, config, exampleView, key, mount, unmountAll } from "./fixtures";

afterEach(() => {
  unmountAll();
  vi.useRealTimers();
});

describe("playing", () => {
  it("sends play with the version when a legal card is clicked", () => {
    const { q, model } = mount();
    q<HTMLButtonElement>("button[data-card='JH']").click();
    expect(model.sent).toEqual([{ type: "play", card: "JH", version: 5 }]);
  });

  it("sends nothing for a disabled card", () => {
    const { q, model } = mount();
    const btn = q<HTMLButtonElement>("button[data-card='3S']");
    expect(btn.disabled).toBe(true);
    btn.click();
    btn.dispatchEvent(new MouseEvent("click", { bubbles: true })); // even if the event gets through
    expect(model.sent).toEqual([]);
  });

  it("sends one play per version, however often it is clicked", () => {
    const { q, model } = mount();
    q<HTMLButtonElement>("button[data-card='JH']").click();
    q<HTMLButtonElement>("button[data-card='2H']").click();
    expect(model.sentOfType("play")).toHaveLength(1);
    model.setView({ version: 9, legal: ["2H"] });
    q<HTMLButtonElement>("button[data-card='2H']").click();
    expect(model.sentOfType("play")).toEqual([
      { type: "play", card: "JH", version: 5 },
      { type: "play", card: "2H", version: 9 },
    ]);
  });

  it("never lets a card be clicked while the kernel waits for a bot", () => {
    // even if a kernel listed legal cards, waiting == "bot" wins
    const { q, qa, model } = mount({ view: exampleView({ waiting: "bot", legal: ["2H", "JH"] }) });
    expect(qa<HTMLButtonElement>("button[data-card]").every((b) => b.disabled)).toBe(true);
    q<HTMLButtonElement>("button[data-card='JH']").dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(model.sentOfType("play")).toEqual([]);
    expect(q<HTMLButtonElement>("[data-testid=hint]").disabled).toBe(true);
  });

  it("lets the person retry after the kernel reports an error", () => {
    const { q, model } = mount();
    q<HTMLButtonElement>("button[data-card='JH']").click();
    model.set("error", "Not your turn.");
    q<HTMLButtonElement>("button[data-card='JH']").click();
    expect(model.sentOfType("play")).toHaveLength(2);
  });

  it("enables Undo only when the person has something to take back", () => {
    const { q, model } = mount({ view: exampleView({ can_undo: false }) });
    const undo = q<HTMLButtonElement>("[data-testid=undo]");
    expect(undo.disabled).toBe(true);
    model.setView({ version: 6, can_undo: true });
    expect(undo.disabled).toBe(false);
    undo.click();
    undo.click(); // a double click: one undo, with the version of the view it was made on
    expect(model.sent).toEqual([{ type: "undo", version: 6 }]);
  });

  it("offers Take with the target's name only when allowed", () => {
    const { q, model } = mount();
    const take = q<HTMLButtonElement>("[data-testid=take]");
    expect(take.disabled).toBe(true);
    take.click();
    expect(model.sent).toEqual([]);
    model.setView({ version: 6, can_take: true, take_target: 1 });
    expect(take.disabled).toBe(false);
    expect(take.textContent).toBe("Take Bot 1's hand");
    take.click();
    expect(model.sent).toEqual([{ type: "take", version: 6 }]);
  });

  it("says on the button what a take does (rule 7), in one visible line", () => {
    const { q, model } = mount();
    const take = q<HTMLButtonElement>("[data-testid=take]");
    const effect = q("[data-testid=take-effect]");
    expect(effect.hidden).toBe(true);
    expect(take.hasAttribute("aria-describedby")).toBe(false);
    model.setView({ version: 6, can_take: true, take_target: 1, hand_sizes: [7, 1, 8, 9] });
    expect(effect.hidden).toBe(false);
    expect(effect.textContent).toBe("A take adds Bot 1's 1 card to your 7, and Bot 1 escapes (rule 7).");
    expect(effect.classList.contains("bh-sr-only")).toBe(false); // the leader's own Take: shown
    expect(take.getAttribute("aria-describedby")).toBe(effect.id);
    expect(effect.closest(".bh-hand-bar")).not.toBeNull();
    model.setView({ version: 7, can_take: false, take_target: null });
    expect(effect.hidden).toBe(true);
    expect(take.hasAttribute("aria-describedby")).toBe(false);
  });
});

describe("the person's own chance to take (rule 7)", () => {
  // The kernel stops at the person's place in the order of offers: waiting is bot (others
  // act after), the person may take, and Pass lets the table go on.
  const offer = (version: number) =>
    exampleView({ version, waiting: "bot", current_player: 1, leader: 1, legal: [], table: [], can_take: true,
      take_target: 1, take_offer: true });

  beforeEach(() => vi.useFakeTimers());

  it("waits for Take or Pass instead of advancing on its own", () => {
    const { q, model } = mount({ view: offer(6), pace: 0.5 });
    vi.advanceTimersByTime(5000);
    expect(model.sent).toEqual([]);
    const pass = q<HTMLButtonElement>("[data-testid=pass-take]");
    const take = q<HTMLButtonElement>("[data-testid=take]");
    expect(pass.hidden).toBe(false);
    expect(pass.textContent).toBe("Pass");
    expect(pass.getAttribute("aria-label")).toBe("Pass: keep your hand and let the table go on");
    expect(take.disabled).toBe(false);
    expect(q<HTMLButtonElement>("[data-testid=hint]").disabled).toBe(false);
    expect(q(".bh-seat[data-seat='0']").getAttribute("aria-label")).toContain("take or pass?");
    // the offer says what a take does: both buttons are described by the line
    const effect = q("[data-testid=take-effect]");
    expect(effect.textContent).toBe("A take adds Bot 1's 9 cards to your 7, and Bot 1 escapes (rule 7).");
    expect(pass.getAttribute("aria-describedby")).toBe(effect.id);
    expect(take.getAttribute("aria-describedby")).toBe(effect.id);
    // the narration says it at the offer: the line is not shown twice, only read with the buttons
    expect(effect.classList.contains("bh-sr-only")).toBe(true);
    pass.click();
    pass.click(); // once per version
    expect(model.sent).toEqual([{ type: "advance", version: 6 }]);
  });

  it("takes with Take, and shows no Pass when there is no offer", () => {
    const { q, model } = mount({ view: offer(7), pace: 0.5 });
    q<HTMLButtonElement>("[data-testid=take]").click();
    expect(model.sent).toEqual([{ type: "take", version: 7 }]);
    model.setView({ version: 8, take_offer: false, can_take: false, take_target: null, waiting: "bot" });
    expect(q<HTMLButtonElement>("[data-testid=pass-take]").hidden).toBe(true);
    vi.advanceTimersByTime(500);
    expect(model.sentOfType("advance")).toEqual([{ type: "advance", version: 8 }]);
  });
});

describe("keyboard", () => {
  it("uses a roving tabindex over the playable cards", () => {
    const { qa } = mount({ view: exampleView({ legal: ["3S", "KS", "JH"] }) });
    const stops = qa<HTMLButtonElement>("button[data-card]").filter((b) => b.tabIndex === 0);
    expect(stops.map((b) => b.dataset.card)).toEqual(["3S"]);
  });

  it("moves focus with the arrows and plays with Enter", () => {
    const { q, model } = mount({ view: exampleView({ legal: ["3S", "KS", "JH"] }) });
    const first = q<HTMLButtonElement>("button[data-card='3S']");
    first.focus();
    expect(document.activeElement).toBe(first);
    expect(key(first, "ArrowRight").defaultPrevented).toBe(true);
    expect((document.activeElement as HTMLElement).dataset.card).toBe("KS"); // skips disabled 10S
    expect(q<HTMLButtonElement>("button[data-card='KS']").tabIndex).toBe(0);
    expect(first.tabIndex).toBe(-1);
    key(document.activeElement!, "ArrowRight");
    expect((document.activeElement as HTMLElement).dataset.card).toBe("JH");
    key(document.activeElement!, "ArrowRight"); // wraps
    expect((document.activeElement as HTMLElement).dataset.card).toBe("3S");
    key(document.activeElement!, "ArrowLeft");
    expect((document.activeElement as HTMLElement).dataset.card).toBe("JH");
    key(document.activeElement!, "Home");
    expect((document.activeElement as HTMLElement).dataset.card).toBe("3S");
    key(document.activeElement!, "End");
    expect((document.activeElement as HTMLElement).dataset.card).toBe("JH");
    expect(model.sent).toEqual([]);
    const enter = key(document.activeElement!, "Enter");
    expect(enter.defaultPrevented).toBe(true);
    expect(model.sent).toEqual([{ type: "play", card: "JH", version: 5 }]);
  });

  it("plays with Space", () => {
    const { q, model } = mount();
    const btn = q<HTMLButtonElement>("button[data-card='2H']");
    btn.focus();
    key(btn, " ");
    expect(model.sent).toEqual([{ type: "play", card: "2H", version: 5 }]);
  });

  it("keeps focus in the hand when the kernel redraws it", () => {
    const { q, model } = mount();
    q<HTMLButtonElement>("button[data-card='JH']").focus();
    model.setView({ version: 6, legal: ["2H", "JH"] });
    expect((document.activeElement as HTMLElement).dataset.card).toBe("JH");
    model.setView({ version: 7, hand: ["3S", "10S", "KS", "2H", "4D", "AC"], legal: ["2H"] });
    expect((document.activeElement as HTMLElement).dataset.card).toBe("2H");
    // a bot's turn: focus waits on the hand, then returns to a card
    model.setView({ version: 8, legal: [], waiting: "bot", current_player: 1 });
    expect((document.activeElement as HTMLElement).dataset.testid).toBe("hand");
    model.setView({ version: 9, legal: ["4D"], waiting: "human", current_player: 0 });
    expect((document.activeElement as HTMLElement).dataset.card).toBe("4D");
  });
});

describe("bots' pace", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  const botView = (version: number) =>
    exampleView({ version, waiting: "bot", current_player: 1, legal: [] });

  it("asks the kernel to advance after pace seconds", () => {
    const { model } = mount({ view: botView(6), pace: 0.8 });
    vi.advanceTimersByTime(799);
    expect(model.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(model.sent).toEqual([{ type: "advance", version: 6 }]);
  });

  const ended = (version: number, patch = {}) =>
    exampleView({
      version, waiting: "bot", current_player: 1, legal: [], table: [],
      last_trick: { cards: [{ seat: 1, card: "9C" }], outcome: "waste", picker: null }, ...patch,
    });

  it("lets a finished trick rest at least 0.6 s before a bot goes on, unless pace is 0", () => {
    const { model } = mount({ view: ended(6), pace: 0.3 });
    vi.advanceTimersByTime(599);
    expect(model.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(model.sent).toEqual([{ type: "advance", version: 6 }]);
    model.set("pace", 0);
    model.set("view", ended(7));
    vi.advanceTimersByTime(0);
    expect(model.sentOfType("advance")).toEqual([{ type: "advance", version: 6 }, { type: "advance", version: 7 }]);
  });

  it("waits pace seconds after a trick ended when pace is longer than the rest", () => {
    const { model } = mount({ view: ended(6), pace: 1.5 });
    vi.advanceTimersByTime(1499);
    expect(model.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(model.sent).toEqual([{ type: "advance", version: 6 }]);
  });

  it("counts the rest from the trick's end, across the bots' take offers", () => {
    const { model } = mount({ view: ended(6), pace: 0.2 });
    vi.advanceTimersByTime(600);
    expect(model.sent).toEqual([{ type: "advance", version: 6 }]);
    // a bot declined its take offer: still no lead, the trick still rests
    model.set("view", ended(7, { last_trick: null }));
    vi.advanceTimersByTime(199);
    expect(model.sentOfType("advance")).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(model.sentOfType("advance")).toEqual([{ type: "advance", version: 6 }, { type: "advance", version: 7 }]);
  });

  it("never sends advance twice for one version", () => {
    const { model } = mount({ view: botView(6), pace: 0.5 });
    vi.advanceTimersByTime(500);
    model.set("hint", "2H"); // redraws
    model.setView({}); // same version resent
    model.set("pace", 0.2);
    vi.advanceTimersByTime(5000);
    expect(model.sentOfType("advance")).toEqual([{ type: "advance", version: 6 }]);
    model.set("view", botView(7));
    vi.advanceTimersByTime(200);
    expect(model.sentOfType("advance")).toEqual([
      { type: "advance", version: 6 },
      { type: "advance", version: 7 },
    ]);
  });

  it("cancels the pending step when the view changes", () => {
    const { model } = mount({ view: botView(6), pace: 1 });
    vi.advanceTimersByTime(600);
    model.set("view", exampleView({ version: 7 })); // the human's turn now
    vi.advanceTimersByTime(5000);
    expect(model.sent).toEqual([]);
  });

  it("restarts the wait for a new bot view and follows a pace change", () => {
    const { model } = mount({ view: botView(6), pace: 1 });
    vi.advanceTimersByTime(600);
    model.set("view", botView(7));
    vi.advanceTimersByTime(600);
    expect(model.sent).toEqual([]);
    model.set("pace", 0.7); // 600 ms already waited
    vi.advanceTimersByTime(99);
    expect(model.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(model.sent).toEqual([{ type: "advance", version: 7 }]);
  });

  it("does not advance in a lesson or when the game is over", () => {
    const lesson = mount({
      view: exampleView({ mode: "lesson", waiting: "bot", legal: [], lesson: { index: 1, length: 4, title: "L", exercise: null, summary: null } }),
    });
    const over = mount({ view: exampleView({ waiting: "over", is_over: true, loser: 1, legal: [] }) });
    vi.advanceTimersByTime(10000);
    expect(lesson.model.sent).toEqual([]);
    expect(over.model.sent).toEqual([]);
  });

  it("asks once when two views of one model wait for the same bot", () => {
    const model = new FakeModel({ view: botView(6), pace: 0.5 });
    mount({}, model);
    mount({}, model);
    vi.advanceTimersByTime(500);
    expect(model.sent).toEqual([{ type: "advance", version: 6 }]);
    model.set("view", botView(7));
    vi.advanceTimersByTime(500);
    expect(model.sent).toEqual([
      { type: "advance", version: 6 },
      { type: "advance", version: 7 },
    ]);
  });

  it("stops its timer on cleanup", () => {
    const { model, cleanup } = mount({ view: botView(6), pace: 1 });
    cleanup();
    vi.advanceTimersByTime(5000);
    expect(model.sent).toEqual([]);
  });
});

describe("controls", () => {
  it("names the variants and bot levels in the labels' words, and again when the language changes", () => {
    const { q, model } = mount({
      config: config({ variant: "pick-up form", bots: "rules" }),
      variants: ["classic", "pick-up form", "a new variant"],
      bot_levels: ["random", "rules", "search"],
    });
    const variant = q<HTMLSelectElement>("[data-testid=variant]");
    const bots = q<HTMLSelectElement>("[data-testid=bots]");
    const texts = (s: HTMLSelectElement) => Array.from(s.options).map((o) => o.text);
    expect(texts(variant)).toEqual(["classic", "pick-up form", "a new variant"]); // no label: the kernel's name
    expect(texts(bots)).toEqual(["random", "rules of thumb", "search"]);
    model.set("labels", { variant_pick_up_form: "Aufnahme-Variante", bots_rules: "Faustregeln" });
    expect(texts(variant)).toEqual(["classic", "Aufnahme-Variante", "a new variant"]);
    expect(texts(bots)).toEqual(["random", "Faustregeln", "search"]);
    // the values sent are the kernel's names, whatever the words
    expect(variant.value).toBe("pick-up form");
    expect(bots.value).toBe("rules");
  });

  it("starts from the config trait and sends new_game", () => {
    const { q, model } = mount({ config: config({ players: 5, seed: 7, variant: "no-take", bots: "random" }) });
    const players = q<HTMLSelectElement>("[data-testid=players]");
    const seed = q<HTMLInputElement>("[data-testid=seed]");
    const variant = q<HTMLSelectElement>("[data-testid=variant]");
    expect(Array.from(players.options).map((o) => o.value)).toEqual(["3", "4", "5", "6", "7", "8"]);
    expect(players.value).toBe("5");
    expect(seed.value).toBe("7");
    expect(Array.from(variant.options).map((o) => o.value)).toEqual(["classic", "no-take"]);
    expect(variant.value).toBe("no-take");
    const bots = q<HTMLSelectElement>("[data-testid=bots]");
    expect(Array.from(bots.options).map((o) => o.value)).toEqual(["random", "rules"]);
    expect(bots.value).toBe("random");
    // the seed shown is the current game's: New game deals a new one (or a match's next round)
    q<HTMLButtonElement>("[data-testid=new-game]").click();
    q<HTMLButtonElement>("[data-testid=new-game]").click(); // a double click deals one game
    expect(model.sent).toEqual([{ type: "new_game", version: 5, players: 5, seed: null, variant: "no-take", bots: "random" }]);
    // a seed the person types is sent
    model.setView({ version: 6 });
    seed.value = "7";
    seed.dispatchEvent(new Event("input", { bubbles: true }));
    q<HTMLButtonElement>("[data-testid=new-game]").click();
    expect(model.sent[1]).toEqual({ type: "new_game", version: 6, players: 5, seed: 7, variant: "no-take", bots: "random" });
    model.setView({ version: 7 });

    players.value = "3";
    seed.value = "";
    seed.dispatchEvent(new Event("input", { bubbles: true }));
    variant.value = "classic";
    bots.value = "rules";
    q<HTMLButtonElement>("[data-testid=new-game]").click();
    expect(model.sent[2]).toEqual({ type: "new_game", version: 7, players: 3, seed: null, variant: "classic", bots: "rules" });
  });

  it("hides New game from a shared table's seat that does not deal (no new_game capability)", () => {
    const { q, model } = mount({ config: config({}) });
    const newGame = q<HTMLButtonElement>("[data-testid=new-game]");
    const shown = () => newGame.closest("[hidden]") === null;
    expect(shown()).toBe(true); // a seat that deals
    const dealer = model.get("capabilities") as string[];
    model.set("capabilities", dealer.filter((c: string) => c !== "new_game"));
    expect(shown()).toBe(false);
    newGame.click();
    expect(model.sent).toEqual([]); // nothing sent, nothing refused
    model.set("capabilities", dealer); // the host's role passed to this seat
    expect(shown()).toBe(true);
    newGame.click();
    expect(model.sent[0]).toMatchObject({ type: "new_game" });
  });

  it("starts a match's next round from New game, and a new match from a typed seed", () => {
    const { q, model } = mount({ config: config({ seed: 7, rounds: 2 }) });
    const seed = q<HTMLInputElement>("[data-testid=seed]");
    q<HTMLButtonElement>("[data-testid=new-game]").click();
    expect(model.sent[0]).toMatchObject({ type: "new_game", version: 5, seed: null });
    // the kernel deals round 2: the same config, the field still untouched
    model.setView({ version: 6 });
    seed.value = "12";
    seed.dispatchEvent(new Event("input", { bubbles: true }));
    // a list changing meanwhile does not overwrite what the person typed
    model.set("languages", [{ code: "en", name: "English" }]);
    expect(seed.value).toBe("12");
    q<HTMLButtonElement>("[data-testid=new-game]").click();
    expect(model.sent[1]).toMatchObject({ type: "new_game", version: 6, seed: 12 });
    // the kernel's answer fills the field again, untouched
    model.setView({ version: 7 });
    model.set("config", config({ seed: 12, rounds: 2 }));
    expect(seed.value).toBe("12");
    q<HTMLButtonElement>("[data-testid=new-game]").click();
    expect(model.sent[2]).toMatchObject({ type: "new_game", seed: null });
  });

  it("labels every select and follows bot_levels", () => {
    const { q, model } = mount();
    for (const id of ["players", "seed", "variant", "bots", "language", "pace"]) {
      const label = q(`[data-testid=${id}]`).closest("label");
      expect(label, id).not.toBeNull();
      expect(label!.textContent!.trim().length, id).toBeGreaterThan(0);
    }
    const bots = q<HTMLSelectElement>("[data-testid=bots]");
    model.set("bot_levels", ["random", "rules", "search"]);
    model.set("config", config({ bots: "search" }));
    expect(Array.from(bots.options).map((o) => o.value)).toEqual(["random", "rules", "search"]);
    expect(bots.value).toBe("search");
    model.set("bot_levels", []);
    expect(bots.closest("label")!.hidden).toBe(true);
  });

  it("switches the language with set_language, from the keyboard too", () => {
    const { q, model } = mount();
    const language = q<HTMLSelectElement>("[data-testid=language]");
    expect(language.closest("label")!.textContent).toContain("Language");
    expect(Array.from(language.options).map((o) => [o.value, o.text])).toEqual([["en", "English"], ["hi", "हिन्दी"]]);
    expect(language.value).toBe("en");
    language.focus();
    expect(document.activeElement).toBe(language);
    language.value = "hi";
    language.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent).toEqual([{ type: "set_language", language: "hi" }]);
    // the kernel answers with the new config: nothing more is sent
    model.set("config", config({ language: "hi" }));
    expect(language.value).toBe("hi");
    expect(model.sent).toHaveLength(1);
    // no languages: no select
    model.set("languages", []);
    expect(language.closest("label")!.hidden).toBe(true);
  });

  it("follows changes of variants and config", () => {
    const { q, model } = mount();
    model.set("variants", ["classic", "no-take", "jokers"]);
    const variant = q<HTMLSelectElement>("[data-testid=variant]");
    expect(variant.options).toHaveLength(3);
    model.set("config", config({ players: 8, seed: null, variant: "jokers" }));
    expect(q<HTMLSelectElement>("[data-testid=players]").value).toBe("8");
    expect(q<HTMLInputElement>("[data-testid=seed]").value).toBe("");
    expect(variant.value).toBe("jokers");
  });

  it("disables Hint when it is not the human's turn", () => {
    const { q, model } = mount();
    const hint = q<HTMLButtonElement>("[data-testid=hint]");
    expect(hint.disabled).toBe(false);
    model.setView({ version: 6, waiting: "bot", legal: [], current_player: 1 });
    expect(hint.disabled).toBe(true);
    hint.click();
    expect(model.sentOfType("hint")).toEqual([]);
  });

  it("sends undo and hint", () => {
    const { q, model } = mount();
    q<HTMLButtonElement>("[data-testid=undo]").click();
    q<HTMLButtonElement>("[data-testid=hint]").click();
    expect(model.sent).toEqual([{ type: "undo", version: 5 }, { type: "hint" }]);
  });

  it("sets pace on the model within the protocol's bounds and only shows reveal_all", () => {
    const { q, model } = mount();
    const pace = q<HTMLInputElement>("[data-testid=pace]");
    expect([PACE_MIN, PACE_MAX]).toEqual([0, 5]);
    expect(pace.min).toBe(String(PACE_MIN));
    expect(pace.max).toBe(String(PACE_MAX));
    expect(Number(pace.value)).toBeCloseTo(0.8);
    pace.value = "1.5";
    pace.dispatchEvent(new Event("input", { bubbles: true }));
    expect(model.traits.pace).toBe(1.5);
    expect(model.saves).toBe(1);
    expect(q("[data-testid=bhabho-table]").textContent).toContain("1.5 s");

    const reveal = q<HTMLInputElement>("[data-testid=reveal-all]");
    expect(reveal.checked).toBe(false);
    expect(reveal.disabled).toBe(true);
    reveal.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.traits.reveal_all).toBe(false);
    expect(model.saves).toBe(1);
    model.set("reveal_all", true);
    expect(reveal.checked).toBe(true);
    model.set("pace", 0.3);
    expect(Number(pace.value)).toBeCloseTo(0.3);
    pace.value = "4.5";
    pace.dispatchEvent(new Event("input", { bubbles: true }));
    expect(model.traits.pace).toBe(4.5);
  });
});

describe("views and cleanup", () => {
  it("renders the same model in two views that both follow it", () => {
    const model = new FakeModel();
    const a = mount({}, model);
    const b = mount({}, model);
    expect(a.qa("button[data-card]")).toHaveLength(7);
    expect(b.qa("button[data-card]")).toHaveLength(7);
    model.setView({ version: 6, hand: ["2H"], legal: ["2H"], hand_sizes: [1, 9, 8, 9] });
    expect(a.qa("button[data-card]")).toHaveLength(1);
    expect(b.q(".bh-seat[data-seat='0']").dataset.count).toBe("1");
    b.q<HTMLButtonElement>("button[data-card='2H']").click();
    expect(model.sent).toEqual([{ type: "play", card: "2H", version: 6 }]);
  });

  it("removes its listeners and its DOM on cleanup", () => {
    const model = new FakeModel();
    const { el, cleanup, q } = mount({}, model);
    const btn = q<HTMLButtonElement>("button[data-card='JH']");
    expect(model.listenerCount()).toBeGreaterThan(0);
    cleanup();
    expect(model.listenerCount()).toBe(0);
    expect(el.children).toHaveLength(0);
    btn.click();
    expect(model.sent).toEqual([]);
  });
});
