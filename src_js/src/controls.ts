// The controls. They are built once per view and updated in place, so a slider being
// dragged or a focused button survives the kernel's answers. Their texts are labels (see
// labels.ts): `relabel(controls.labelled, t)` redraws them.
//
// The controls come in two parts: `actions` (Hint and Undo, drawn beside Take just above
// the hand, where the play is) and `bar` (New game with its settings, the pace, the
// teacher's switch, the deck and the language, drawn below the hand), so that the felt
// and the hand come first and fit a laptop screen.
//
// controlsPanel wires them to the model: it draws the config, the pace, the teacher's
// switch, the deck and the take offers from their traits, and sends New game, Undo, Hint,
// the deck, the take offers and the language (the pace is synced). Each is shown while the
// widget takes its message (the capabilities trait; see context.ts): Hint "hint", Undo
// "undo", New game with the players, the seed, the variant and the bots "new_game", the pace
// "advance" (the bots' steps), the deck "set_deck", the take offers "set_take_offers", the
// language "set_language".

import "./controls.css";
import type { Context } from "./context";
import { h, setText } from "./dom";
import { type LabelKey, type Labelled, menuText, relabel, type Translate } from "./labels";
import { PACE_MAX, PACE_MIN, PLAYERS_MAX, PLAYERS_MIN, SEED_MAX } from "./protocol";
import type { Config, Deck, Language, View } from "./types";
import { canPlay } from "./view";

/** The pace slider's step (seconds); its bounds are the protocol's. */
export const PACE_STEP = 0.1;
const DEFAULT_PACE = 0.6;

export interface Controls {
  bar: HTMLElement;
  actions: HTMLElement;
  newGame: HTMLButtonElement;
  players: HTMLSelectElement;
  seed: HTMLInputElement;
  /** The person typed in the seed field since the kernel last filled it: New game sends
   * that seed. Otherwise New game sends no seed: a fresh deal, or a match's next round. */
  seedTouched: boolean;
  variant: HTMLSelectElement;
  bots: HTMLSelectElement;
  botsField: HTMLElement;
  language: HTMLSelectElement;
  languageField: HTMLElement;
  undo: HTMLButtonElement;
  hint: HTMLButtonElement;
  pace: HTMLInputElement;
  paceOut: HTMLElement;
  reveal: HTMLInputElement;
  deck: HTMLInputElement;
  deckField: HTMLElement;
  /** When the table asks the person at their chance to take (rule 7): a local table's setting. */
  takeOffers: HTMLSelectElement;
  takeOffersField: HTMLElement;
  /** New game with its settings (players, seed, variant, bots). */
  gameGroup: HTMLElement;
  paceField: HTMLElement;
  labelled: Labelled[];
}

let notes = 0; // for the ids of the notes under the controls, unique on the page

/** A visible label around a control: <label><span>text</span>control</label>. */
function field(labelled: Labelled[], key: LabelKey, control: HTMLElement, ...rest: HTMLElement[]): HTMLElement {
  const text = h("span");
  labelled.push({ el: text, key });
  return h("label.bh-field", {}, text, control, ...rest);
}

export function buildControls(t: Translate): Controls {
  const labelled: Labelled[] = [];
  const players = h("select.bh-input", { "data-testid": "players" });
  for (let n = PLAYERS_MIN; n <= PLAYERS_MAX; n++) players.append(h("option", { value: n }, String(n)));
  const seed = h("input.bh-input.bh-seed", {
    type: "number",
    "data-testid": "seed",
    min: 0,
    max: SEED_MAX,
    step: 1,
    inputmode: "numeric",
  });
  labelled.push({ el: seed, key: "seed_placeholder", attr: "placeholder" });
  const variant = h("select.bh-input", { "data-testid": "variant" });
  const bots = h("select.bh-input", { "data-testid": "bots" });
  const language = h("select.bh-input", { "data-testid": "language" });
  const newGame = h("button.bh-btn.is-primary", { type: "button", "data-testid": "new-game" });
  const undo = h("button.bh-btn", { type: "button", "data-testid": "undo" });
  const hint = h("button.bh-btn", { type: "button", "data-testid": "hint" });
  labelled.push({ el: newGame, key: "new_game" }, { el: undo, key: "undo" }, { el: hint, key: "hint" });
  const pace = h("input.bh-range", {
    type: "range",
    "data-testid": "pace",
    min: PACE_MIN,
    max: PACE_MAX,
    step: PACE_STEP,
  });
  labelled.push({ el: pace, key: "pace_aria", attr: "aria-label" });
  const paceOut = h("output.bh-pace-out", { "aria-hidden": "true" });
  // The teacher's switch is set in the kernel (table.reveal_all = True): the browser
  // only shows it, since a seat's view must not be widened from the browser.
  // How to turn it on is said under it, not in a tooltip (a finger or a keyboard never sees one).
  const revealNote = h("span.bh-field-note", { id: `bh-reveal-note-${++notes}`, "data-testid": "reveal-all-note" });
  labelled.push({ el: revealNote, key: "reveal_all_title" });
  const reveal = h("input", {
    type: "checkbox", "data-testid": "reveal-all", disabled: true, "aria-describedby": revealNote.id,
  });
  const revealText = h("span");
  labelled.push({ el: revealText, key: "reveal_all" });
  // The four-colour deck: asked of the kernel (set_deck), shown once the kernel has a deck.
  const deck = h("input", { type: "checkbox", "data-testid": "deck" });
  const deckText = h("span");
  labelled.push({ el: deckText, key: "four_colour" });
  const deckField = h("label.bh-field.bh-check", {}, deck, deckText);
  // Take offers: asked of the kernel (set_take_offers), shown where the table has the setting.
  const takeOffers = h("select.bh-input", { "data-testid": "take-offers" });
  const takeOffersField = field(labelled, "take_offers", takeOffers);

  const botsField = field(labelled, "bots", bots);
  const gameGroup = h(
    "div.bh-group",
    { role: "group" },
    newGame,
    field(labelled, "players", players),
    field(labelled, "seed", seed),
    field(labelled, "variant", variant),
    botsField,
  );
  labelled.push({ el: gameGroup, key: "new_game_group", attr: "aria-label" });
  const actions = h("div.bh-group.bh-actions", {}, hint, undo);
  const paceField = field(labelled, "pace", pace, paceOut);
  const languageField = field(labelled, "language", language);
  const bar = h(
    "div.bh-controls",
    { role: "group" },
    gameGroup,
    h(
      "div.bh-group.bh-settings",
      {},
      paceField,
      h("span.bh-field.bh-reveal", {}, h("label.bh-check", {}, reveal, revealText), revealNote),
      deckField,
      takeOffersField,
      languageField,
    ),
  );
  labelled.push({ el: bar, key: "controls_group", attr: "aria-label" });
  const c = {
    bar, actions, newGame, players, seed, seedTouched: false, variant, bots, botsField, language, languageField,
    undo, hint, pace, paceOut, reveal, deck, deckField, takeOffers, takeOffersField, gameGroup, paceField, labelled,
  };
  relabel(labelled, t);
  updateOptions(bots, []);
  botsField.hidden = true;
  languageField.hidden = true;
  deckField.hidden = true;
  takeOffersField.hidden = true;
  return c;
}

/** Replaces a select's options when they changed, and selects `selected` if it is one. */
function updateOptions(select: HTMLSelectElement, items: { value: string; text: string }[], selected?: string): void {
  const current = selected ?? select.value;
  const same =
    select.options.length === items.length &&
    items.every((it, i) => select.options[i].value === it.value && select.options[i].text === it.text);
  if (!same) select.replaceChildren(...items.map((it) => h("option", { value: it.value }, it.text)));
  if (current && items.some((it) => it.value === current)) select.value = current;
  select.disabled = items.length === 0;
}

const named = (names: string[], prefix: "variant_" | "bots_", t: Translate) =>
  names.map((v) => ({ value: v, text: menuText(t, prefix, v) }));

export function updateVariants(
  c: Controls,
  variants: string[] | undefined | null,
  selected: string | undefined,
  t: Translate,
): void {
  const list = variants?.length ? variants : selected ? [selected] : [];
  updateOptions(c.variant, named(list, "variant_", t), selected);
}

export function updateBotLevels(
  c: Controls,
  levels: string[] | undefined | null,
  selected: string | undefined,
  t: Translate,
): void {
  const list = Array.isArray(levels) ? levels.filter((l) => typeof l === "string") : [];
  updateOptions(c.bots, named(list, "bots_", t), selected);
  c.botsField.hidden = list.length === 0;
}

export function updateLanguages(c: Controls, languages: Language[] | undefined | null, selected?: string): void {
  const list = (Array.isArray(languages) ? languages : [])
    .filter((l) => l && typeof l.code === "string")
    .map((l) => ({ value: l.code, text: typeof l.name === "string" && l.name ? l.name : l.code }));
  updateOptions(c.language, list, selected);
  c.languageField.hidden = list.length === 0;
}

export interface ControlLists {
  variants: string[] | null | undefined;
  bot_levels: string[] | null | undefined;
  languages: Language[] | null | undefined;
}

/** Shows the config's values, the menus in the labels' words. `refill`: the config itself
 * changed (a new game), so the players and the seed are written again and the seed counts
 * as untouched. */
export function updateConfig(
  c: Controls,
  config: Config | null | undefined,
  lists: ControlLists,
  t: Translate,
  refill = true,
): void {
  const has = config && typeof config === "object";
  if (refill && has && typeof config.players === "number") {
    const p = String(config.players);
    if (!Array.from(c.players.options).some((o) => o.value === p)) {
      c.players.prepend(h("option", { value: p }, p));
    }
    c.players.value = p;
    c.seed.value = config.seed === null || config.seed === undefined ? "" : String(config.seed);
    c.seedTouched = false;
  }
  const pick = (v: unknown) => (typeof v === "string" ? v : undefined);
  updateVariants(c, lists.variants, has ? pick(config.variant) : undefined, t);
  updateBotLevels(c, lists.bot_levels, has ? pick(config.bots) : undefined, t);
  updateLanguages(c, lists.languages, has ? pick(config.language) : undefined);
}

const TAKE_OFFERS = ["always", "may_pay", "never"] as const;
const TAKE_OFFERS_LABELS = {
  always: "take_offers_always",
  may_pay: "take_offers_may_pay",
  never: "take_offers_never",
} as const;

/** Shows the take offers menu, at the kernel's setting, where the table has one (`offers`
 * null: a shared table, a lesson) and takes set_take_offers. */
export function updateTakeOffers(c: Controls, offers: unknown, caps: unknown, t: Translate): void {
  const on = typeof offers === "string" && Array.isArray(caps) && caps.includes("set_take_offers");
  c.takeOffersField.hidden = !on;
  if (!on) return;
  updateOptions(c.takeOffers, TAKE_OFFERS.map((o) => ({ value: o, text: t(TAKE_OFFERS_LABELS[o]) })), offers);
}

export function clampPace(value: number): number {
  return Math.max(PACE_MIN, Math.min(PACE_MAX, value));
}

export function updatePace(c: Controls, pace: number | undefined | null, t: Translate): void {
  const v = typeof pace === "number" && isFinite(pace) ? pace : DEFAULT_PACE;
  // Only write while the person is not dragging to a different value.
  if (Math.abs(parseFloat(c.pace.value) - v) > 1e-9) c.pace.value = String(v);
  const s = v.toFixed(1);
  setText(c.paceOut, t("pace_value", { s }));
  c.pace.setAttribute("aria-valuetext", t("pace_valuetext", { s }));
}

/** The deck the kernel draws with, or null when its widget has no deck trait yet. */
export function deckOf(value: unknown): Deck | null {
  return value === "two-colour" || value === "four-colour" ? value : null;
}

/** Shows the deck switch only when the kernel has a deck, checked for four colours. */
export function updateDeck(c: Controls, deck: Deck | null): void {
  c.deckField.hidden = deck === null;
  c.deck.checked = deck === "four-colour";
}

/** The new_game message's values. The seed is sent only when the person typed it: the
 * seed the kernel shows is the current game's (or match's), and sending it back would deal
 * the same game again (or start the match again) instead of a new game. */
export function readNewGame(c: Controls): { players: number; seed: number | null; variant: string; bots: string } {
  const raw = c.seedTouched ? c.seed.value.trim() : "";
  const seed = raw === "" ? null : Number.parseInt(raw, 10);
  return {
    players: Number.parseInt(c.players.value, 10),
    seed: seed === null || Number.isNaN(seed) ? null : seed,
    variant: c.variant.value,
    bots: c.bots.value,
  };
}

export interface ControlsPanel {
  controls: Controls;
  /** The controls of what the widget takes (a kernel without capabilities: none of the
   * game's in a lesson); Hint and Undo usable only when they can be used. */
  update(v: View): void;
  /** The config and the menus; `refill`: the config itself changed (see updateConfig). */
  drawConfig(refill?: boolean): void;
  /** The pace and the teacher's switch. */
  drawSettings(): void;
  drawDeck(): void;
  /** New game, Undo or Hint; false when `btn` is none of them. */
  click(btn: HTMLButtonElement): boolean;
  input(e: Event): void;
  change(e: Event): void;
}

export function controlsPanel(ctx: Context): ControlsPanel {
  const { model } = ctx;
  const c = buildControls(ctx.t);
  return {
    controls: c,
    update(v: View): void {
      // a kernel without capabilities: a lesson is stepped with its own bar, it has no new
      // game, undo, hint or bots to pace
      const playing = v.mode !== "lesson";
      c.hint.hidden = !ctx.takes("hint", playing);
      c.undo.hidden = !ctx.takes("undo", playing);
      c.actions.hidden = c.hint.hidden && c.undo.hidden;
      c.gameGroup.hidden = !ctx.takes("new_game", playing);
      c.paceField.hidden = !ctx.takes("advance", playing);
      c.hint.disabled = !v.take_offer && (!canPlay(v) || !((v.legal ?? []).length || v.can_take));
      c.undo.disabled = v.can_undo === false; // nothing of the person's to take back yet
    },
    drawConfig(refill = false): void {
      const lists = {
        variants: model.get("variants"),
        bot_levels: model.get("bot_levels"),
        languages: model.get("languages"),
      };
      updateConfig(c, model.get("config"), lists, ctx.t, refill);
      if (!ctx.takes("set_language")) c.languageField.hidden = true;
    },
    drawSettings(): void {
      updatePace(c, model.get("pace"), ctx.t);
      c.reveal.checked = Boolean(model.get("reveal_all"));
      updateTakeOffers(c, model.get("take_offers"), model.get("capabilities"), ctx.t);
    },
    drawDeck(): void {
      const deck = deckOf(model.get("deck"));
      updateDeck(c, deck);
      if (!ctx.takes("set_deck")) c.deckField.hidden = true;
      ctx.root.classList.toggle("is-four-colour", deck === "four-colour");
    },
    click(btn: HTMLButtonElement): boolean {
      const v = ctx.view();
      // only what the widget takes (a kernel without capabilities: a lesson takes none of these)
      const playing = v?.mode !== "lesson";
      switch (btn.dataset.testid) {
        case "new-game":
          if (v && ctx.takes("new_game", playing)) ctx.sendVersioned({ type: "new_game", version: v.version, ...readNewGame(c) });
          return true;
        case "undo":
          if (v && ctx.takes("undo", playing)) ctx.sendVersioned({ type: "undo", version: v.version });
          return true;
        case "hint":
          if (ctx.takes("hint", playing)) ctx.send({ type: "hint" });
          return true;
      }
      return false;
    },
    input(e: Event): void {
      if (e.target === c.seed) c.seedTouched = true;
      if (e.target === c.pace) {
        const pace = clampPace(Number(c.pace.value));
        if (!isFinite(pace)) return;
        model.set("pace", pace);
        model.save_changes();
      }
    },
    change(e: Event): void {
      if (e.target === c.deck) {
        if (ctx.takes("set_deck")) ctx.send({ type: "set_deck", deck: c.deck.checked ? "four-colour" : "two-colour" });
        return;
      }
      if (e.target === c.takeOffers) {
        const offers = c.takeOffers.value;
        if (ctx.takes("set_take_offers") && offers !== model.get("take_offers") && (TAKE_OFFERS as readonly string[]).includes(offers)) {
          ctx.send({ type: "set_take_offers", offers: offers as (typeof TAKE_OFFERS)[number] });
        }
        return;
      }
      if (e.target === c.language) {
        const language = c.language.value;
        const config = model.get("config");
        if (language && language !== config?.language && ctx.takes("set_language")) ctx.send({ type: "set_language", language });
      }
    },
  };
}
