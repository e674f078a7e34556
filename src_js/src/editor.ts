// anywidget entry point for bhabho_widget.Editor: the position editor.
// It holds no rules: it draws the synced `editor` trait (where every card is, and the
// engine's sentence about what is wrong) and sends intentions (protocol.json's edit_*
// messages, each with the view's version). A card is chosen by a click or a tap (or Enter),
// then sent where it goes by a tap or click on that place (its "Put here" button or anywhere
// in it), a drop, or a key: 0-7 a seat, T the table, W the waste pile, B the box. The box
// keeps a column per rank, a gap where a card has left it. The seats are named as the
// kernel names them ("Player 1", as the tables and lessons opened from here name them), and
// the seat a lesson is seen from (the one to play; the lesson calls it "You") says so.
// Under the lesson it opens, the answer key: each answer with the coach's chance of ending
// as the bhabhi, and a tick box for whether the lesson accepts it.

import type { AnyModel, AnyWidget } from "@anywidget/types";
import "./base.css";
import "./editor.css";
import { cardLabel, faceSvg, parseCard } from "./cards";
import { focusedWithin, h, setText } from "./dom";
import { cardsCount, type LabelKey, menuText, percent, type Translate, translator } from "./labels";
import type { AnswerKey, AnswerRow, Card, EditorView, Language, Message, Traits } from "./protocol";

type Model = AnyModel<Traits>;
type Place = number | "table" | "waste" | "box";
type EditMessage = Extract<Message, { type: `edit_${string}` }>;

const SUITS = ["S", "H", "D", "C"] as const;
const RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
/** The pack in the box's order: by suit, high to low. */
export const PACK: readonly string[] = SUITS.flatMap((s) => RANKS.map((r) => r + s));

/** The place a key sends the chosen card to, or null: 0-7 a seat, T, W, B. */
export function placeOfKey(key: string, players: number): Place | null {
  if (/^[0-7]$/.test(key)) return Number(key) < players ? Number(key) : null;
  const k = key.toLowerCase();
  return k === "t" ? "table" : k === "w" ? "waste" : k === "b" ? "box" : null;
}

/** An answer of the key as the teacher reads it: a card's name, or take or pass. */
export function answerLabel(action: AnswerRow["action"], t: Translate): string {
  if (action === "take") return t("exercise_take");
  if (action === "pass") return t("exercise_pass");
  return cardLabel(action, t);
}

/** The answer key's panel: a note on how the coach worked it out, then per answer its
 * chance, interval, the coach's word and a tick box (the lesson accepts it). The one accepted
 * answer's box cannot be cleared: at least one answer stays right. */
export function renderKey(key: AnswerKey, t: Translate, uid: string, names: readonly string[] = []): HTMLElement[] {
  const name = (seat: number) => names[seat] || t("seat_name", { n: seat });
  if (key.kind === "seat") {
    return [h("p.bh-ed-key-note", { "data-testid": "editor-key-note" },
      t("editor_key_picker", { name: name(key.picker ?? 0) }))];
  }
  const note = key.shown
    ? t("editor_key_shown", { n: key.rollouts })
    : t("editor_key_sampled", { n: key.rollouts, name: name(key.seat) });
  const heads: LabelKey[] = ["editor_key_action", "editor_key_chance", "editor_key_interval", "editor_key_coach", "editor_key_accepted"];
  const accepted = key.rows.filter((r) => r.accepted).length;
  const rows = key.rows.map((r) => {
    const name = answerLabel(r.action, t);
    const face = r.action === "take" || r.action === "pass" ? null
      : h("span.bh-card", { "aria-hidden": "true" });
    if (face) face.innerHTML = faceSvg(r.action, "small");
    const word = r.best ? "editor_key_best" : r.within ? "editor_key_within" : "editor_key_worse";
    const box = h("input", {
      type: "checkbox", "data-action": r.action, "data-testid": `editor-key-accept-${r.action}`,
      "aria-label": t("editor_key_accept_aria", { action: name }), disabled: r.accepted && accepted === 1,
    });
    box.checked = r.accepted;
    return h(`tr.${r.accepted ? "is-accepted" : "is-refused"}`, { "data-action": r.action, "data-testid": "editor-key-row" },
      h("th", { scope: "row" }, h("span.bh-ed-key-answer", {}, face, h("span.bh-ed-key-name", {}, name))),
      h("td", {}, percent(t, r.p)),
      h("td", {}, t("editor_key_interval_value", { lo: percent(t, r.lo), hi: percent(t, r.hi) })),
      h(`td.bh-ed-key-word.is-${r.best ? "best" : r.within ? "within" : "worse"}`, {}, t(word)),
      h("td", {}, box));
  });
  const table = h("table.bh-ed-key-table", { "data-testid": "editor-key-table", "aria-labelledby": `${uid}-key-title` },
    h("thead", {}, h("tr", {}, ...heads.map((k) => h("th", { scope: "col" }, t(k))))), h("tbody", {}, ...rows));
  return [h("p.bh-ed-key-note", { "data-testid": "editor-key-note" }, note), table,
    h("p.bh-ed-key-help", {}, t("editor_key_help"))];
}

/** Where `card` is in `view`. */
export function placeOf(view: EditorView, card: string): Place {
  const seat = view.hands.findIndex((hand) => hand.includes(card));
  if (seat >= 0) return seat;
  if (view.table.some((c) => c.card === card)) return "table";
  return view.waste.includes(card) ? "waste" : "box";
}

let mounts = 0;

export function mount(model: Model, el: HTMLElement): () => void {
  const uid = `bhe${++mounts}`;
  let t: Translate = translator(model.get("labels"), model.get("lang"));
  let chosen: string | null = null;
  let copied: "" | "ok" | "failed" = "";
  const labelled: { el: Element; key: LabelKey; attr?: string }[] = [];
  const label = <E extends Element>(e: E, key: LabelKey, attr?: string): E => {
    labelled.push({ el: e, key, attr });
    return e;
  };
  const view = (): EditorView | null => model.get("editor") ?? null;
  const send = (msg: EditMessage | Extract<Message, { type: "set_language" | "set_deck" }>) => model.send(msg);
  const sendEdit = (msg: Record<string, unknown> & { type: EditMessage["type"] }) => {
    const v = view();
    if (v) send({ ...msg, version: v.version } as EditMessage);
  };

  // ---- the setup: players, rules, deal, clear, leader, opening, language ----
  const players = h("select.bh-input", { id: `${uid}-players`, "data-testid": "editor-players" });
  for (let n = 2; n <= 8; n++) players.append(h("option", { value: n }, String(n)));
  const rules = h("select.bh-input", { id: `${uid}-rules`, "data-testid": "editor-rules" });
  const deal = label(h("button.bh-btn", { type: "button", "data-testid": "editor-deal" }), "editor_deal");
  const clear = label(h("button.bh-btn", { type: "button", "data-testid": "editor-clear" }), "editor_clear");
  const leader = h("select.bh-input", { id: `${uid}-leader`, "data-testid": "editor-leader" });
  const opening = h("input", { type: "checkbox", id: `${uid}-opening`, "data-testid": "editor-opening" });
  const language = h("select.bh-input", { id: `${uid}-language`, "data-testid": "editor-language" });
  const field = (control: HTMLElement, key: LabelKey) =>
    h("span.bh-field", {}, label(h("label", { for: control.id }), key), control);
  const setup = label(
    h("div.bh-ed-setup.bh-group", { role: "group" }),
    "editor_setup",
    "aria-label",
  );
  setup.append(
    field(players, "players"),
    field(rules, "editor_rules"),
    deal,
    clear,
    field(leader, "editor_leader"),
    h("span.bh-field.bh-check", {}, opening, label(h("label", { for: opening.id }), "editor_opening_over")),
    field(language, "language"),
  );

  // ---- the places ----
  const status = h("p.bh-ed-status", { "data-testid": "editor-status", "aria-live": "polite" });
  const keys = h("p.bh-ed-keys", {}, t("editor_keys", { last: 7 })); // the seats' keys as many as the seats: render
  const places = h("div.bh-ed-places");

  // ---- the problem line, the text, loading, using the position ----
  const problem = h("p.bh-ed-problem", { "data-testid": "editor-problem", role: "status" });
  const text = h("input.bh-input.bh-ed-text", { id: `${uid}-text`, readonly: true, "data-testid": "editor-text" });
  const copy = label(h("button.bh-btn", { type: "button", "data-testid": "editor-copy" }), "editor_copy");
  const copyStatus = h("span.bh-ed-copied", { "aria-live": "polite", "data-testid": "editor-copied" });
  const textRow = h("div.bh-ed-row", {}, field(text, "editor_text"), copy, copyStatus);
  const load = h("input.bh-input.bh-ed-text", { id: `${uid}-load`, "data-testid": "editor-load-text", maxlength: 4000 });
  const loadBtn = label(h("button.bh-btn", { type: "button", "data-testid": "editor-load" }), "editor_load");
  const loadRow = h("div.bh-ed-row", {}, field(load, "editor_load_label"), loadBtn);
  const seat = h("select.bh-input", { id: `${uid}-seat`, "data-testid": "editor-seat" });
  const playOut = label(h("button.bh-btn.is-primary", { type: "button", "data-testid": "editor-play-out" }), "editor_play_out");
  const question = h("select.bh-input", { id: `${uid}-question`, "data-testid": "editor-question" });
  const questionKeys: Record<string, LabelKey> = {
    card: "editor_question_card", picker: "editor_question_picker", take: "editor_question_take",
  };
  for (const q of Object.keys(questionKeys)) question.append(label(h("option", { value: q }), questionKeys[q]));
  const lesson = label(h("button.bh-btn.is-primary", { type: "button", "data-testid": "editor-lesson" }), "editor_lesson");
  const actions = label(h("div.bh-ed-actions.bh-group", { role: "group" }), "editor_actions", "aria-label");
  actions.append(h("span.bh-group", {}, field(seat, "editor_play_seat"), playOut),
    h("span.bh-group", {}, field(question, "editor_question"), lesson));
  const outcome = h("p.bh-ed-outcome", { "data-testid": "editor-outcome", "aria-live": "polite" });
  const error = h("p.bh-error", { role: "alert", "data-testid": "error" });
  // the answer key of the lesson under the editor
  const keyTitle = label(h("h4.bh-ed-key-title", { id: `${uid}-key-title` }), "editor_key_title");
  const keyBody = h("div.bh-ed-key-body");
  const keyPanel = h("section.bh-ed-key", { "data-testid": "editor-key", "aria-labelledby": `${uid}-key-title`, hidden: true },
    keyTitle, keyBody);
  let keyDrawn = "";

  const title = label(h("h3.bh-ed-title", { id: `${uid}-title` }), "editor_title");
  const root = h(
    "div.bhabho-root.bh-editor",
    { "data-testid": "bhabho-editor", "data-lm-suppress-shortcuts": true, role: "region", "aria-labelledby": `${uid}-title` },
    title, setup, problem, status, keys, places, textRow, loadRow, actions, outcome, keyPanel, error,
  );
  el.append(root);

  // ---- drawing ----
  function cardButton(code: string, where: Place): HTMLButtonElement {
    const b = h("button.bh-ed-card", {
      type: "button", "data-card": code, "data-place": String(where), draggable: "true",
      "aria-pressed": chosen === code ? "true" : "false", "aria-label": cardLabel(code, t), tabindex: -1,
    });
    b.innerHTML = `<span class="bh-card" aria-hidden="true">${faceSvg(code, "small")}</span>`;
    return b;
  }

  /** A seat's name: the kernel's (its language's "Player 1"), else "Seat 1". */
  function seatName(seat: number): string {
    const name = view()?.names?.[seat];
    return typeof name === "string" && name ? name : t("seat_name", { n: seat });
  }

  function placeName(where: Place): string {
    if (typeof where === "number") return seatName(where);
    return t(where === "table" ? "editor_table" : where === "waste" ? "editor_waste" : "editor_box");
  }

  function area(where: Place, cards: HTMLElement[], extra: Node[] = []): HTMLElement {
    const id = `${uid}-place-${where}`;
    const put = h("button.bh-btn.bh-ed-put", {
      type: "button", "data-put": String(where), "data-testid": `editor-put-${where}`, disabled: chosen === null,
      "aria-label": chosen ? t("editor_put_aria", { card: cardLabel(chosen, t), place: placeName(where) }) : t("editor_put"),
    }, t("editor_put"));
    const list = h("div.bh-ed-cards", { role: "group", "aria-labelledby": `${id}-name` }, ...cards);
    const first = list.querySelector<HTMLElement>("button[data-card]");
    const stop = (chosen && list.querySelector<HTMLElement>(`button[data-card="${chosen}"]`)) || first;
    if (stop) stop.tabIndex = 0;
    return h(
      `section.bh-ed-place.is-${typeof where === "number" ? "seat" : where}`,
      { "data-place": String(where), "data-testid": `editor-place-${where}`, "aria-labelledby": `${id}-name` },
      h("div.bh-ed-head", {}, h("h4.bh-ed-name", { id: `${id}-name` }, placeName(where)), ...extra, put),
      list,
    );
  }

  function draw(): void {
    const v = view();
    t = translator(model.get("labels"), model.get("lang"));
    root.setAttribute("lang", t.lang);
    for (const { el: e, key, attr } of labelled) {
      if (attr) e.setAttribute(attr, t(key));
      else setText(e, t(key));
    }
    const err = model.get("error") ?? "";
    setText(error, err);
    error.hidden = !err;
    // language and rules menus
    const langs: Language[] = model.get("languages") ?? [];
    if (language.options.length !== langs.length) {
      language.replaceChildren(...langs.map((l) => h("option", { value: l.code }, l.name)));
    }
    language.value = model.get("lang");
    if (!v) return;
    const variants: string[] = model.get("variants") ?? [];
    rules.replaceChildren(
      ...variants.map((name) => h("option", { value: name }, menuText(t, "variant_", name))),
      ...(v.variant === null ? [h("option", { value: "" }, t("editor_custom_rules"))] : []),
    );
    rules.value = v.variant ?? "";
    players.value = String(v.num_players);
    keys.textContent = t("editor_keys", { last: v.num_players - 1 });
    leader.replaceChildren(h("option", { value: "" }, t("editor_leader_opening")),
      ...Array.from({ length: v.num_players }, (_, s) => h("option", { value: s }, seatName(s))));
    leader.value = v.leader === null ? "" : String(v.leader);
    opening.checked = v.opening_over;
    if (chosen && !parseCard(chosen)) chosen = null;

    const focused = focusedWithin(places);
    const refocus = focused?.dataset.card ?? (focused?.dataset.put ? `put:${focused.dataset.put}` : null);
    const seats = v.hands.map((hand, s) => {
      const badges: Node[] = [h("span.bh-ed-count", {}, cardsCount(t, hand.length))];
      if (v.leader === s) badges.push(h("span.bh-ed-badge", {}, t("badge_power")));
      if (v.to_play === s) {
        badges.push(h("span.bh-ed-badge.is-turn", {}, t("badge_turn")));
        // the lesson opened from here is seen from the seat to play, and calls it "You"
        badges.push(h("span.bh-ed-badge.is-you", { "data-testid": "editor-lesson-you" }, t("editor_lesson_you")));
      }
      return area(s, hand.map((c) => cardButton(c, s)), badges);
    });
    const tableCards = v.table.map((c) => {
      const b = cardButton(c.card, "table");
      b.setAttribute("aria-label", t("played_by", { card: cardLabel(c.card, t), name: seatName(c.seat) }));
      return h("span.bh-ed-played", {}, b, h("span.bh-ed-by", { "aria-hidden": "true" }, seatName(c.seat)));
    });
    const table = area("table", tableCards, [h("span.bh-ed-note", {}, t("editor_table_note", { name: seatName(v.next_table_seat) }))]);
    const waste = area("waste", v.waste.map((c) => cardButton(c, "waste")));
    const inBox = new Set(v.box);
    // a row per suit and a column per rank: a card that left the box leaves a gap
    const box = area("box", SUITS.map((s) => h("div.bh-ed-suit", {}, ...RANKS.map((r) => inBox.has(r + s)
      ? cardButton(r + s, "box")
      : h("span.bh-ed-gap", { "data-gap": r + s, "aria-hidden": "true" })))),
    [h("span.bh-ed-note", {}, t("editor_box_note"))]);
    places.replaceChildren(h("div.bh-ed-seats", {}, ...seats), h("div.bh-ed-middle", {}, table, waste), box);
    if (refocus) {
      const target = refocus.startsWith("put:")
        ? places.querySelector<HTMLElement>(`[data-put="${refocus.slice(4)}"]`)
        : places.querySelector<HTMLElement>(`[data-card="${refocus}"]`);
      target?.focus();
    }
    setText(status, chosen ? t("editor_chosen", { card: cardLabel(chosen, t) }) : t("editor_choose"));

    const valid = v.problem === null;
    problem.classList.toggle("is-problem", !valid);
    setText(problem, valid ? t("editor_valid", { name: seatName(v.to_play ?? 0) }) : v.problem ?? "");
    text.value = v.text ?? "";
    textRow.hidden = !valid;
    setText(copyStatus, copied === "ok" ? t("editor_copied") : copied === "failed" ? t("editor_copy_failed") : "");
    seat.replaceChildren(...Array.from({ length: v.num_players }, (_, s) => h("option", { value: s }, seatName(s))));
    const wanted = seat.dataset.wanted;
    seat.value = wanted && Number(wanted) < v.num_players ? wanted : String(v.to_play ?? 0);
    playOut.disabled = !valid;
    lesson.disabled = !valid;
    const takeOption = question.querySelector<HTMLOptionElement>('option[value="take"]');
    if (takeOption) takeOption.disabled = v.takers.length === 0;
    if (question.value === "take" && v.takers.length === 0) question.value = "card";
    setText(outcome, v.outcome);
    drawKey(v.key);
  }

  function drawKey(key: AnswerKey | null): void {
    keyPanel.hidden = key === null;
    const drawn = key === null ? "" : JSON.stringify([key, model.get("labels"), model.get("lang"), view()?.names]);
    if (key === null || drawn === keyDrawn) {
      // a refused click leaves the key as it was: the boxes show the kernel's key again
      for (const box of keyBody.querySelectorAll<HTMLInputElement>("input[data-action]")) {
        box.checked = key?.rows.find((r) => r.action === box.dataset.action)?.accepted ?? false;
      }
      if (key === null) keyBody.replaceChildren();
      keyDrawn = drawn;
      return;
    }
    keyDrawn = drawn;
    const focused = focusedWithin(keyBody)?.dataset.action;
    keyBody.replaceChildren(...renderKey(key, t, uid, view()?.names ?? []));
    if (focused) keyBody.querySelector<HTMLElement>(`input[data-action="${focused}"]`)?.focus();
  }

  // ---- acting ----
  function choose(card: string | null): void {
    chosen = chosen === card ? null : card;
    draw();
  }

  function putChosen(where: Place): void {
    if (!chosen) return;
    const v = view();
    if (v && placeOf(v, chosen) !== where) sendEdit({ type: "edit_give", card: chosen as Card, to: where });
    chosen = null;
    draw();
  }

  const listen = <K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void) =>
    root.addEventListener(type, fn);
  listen("click", (e) => {
    const target = e.target as HTMLElement;
    const card = target.closest<HTMLElement>("button[data-card]");
    if (card) {
      // a card chosen, a click on a card lying in another seat, on the table or in the waste
      // pile puts the chosen card there; a click on a card in the box, or in the chosen one's
      // own place, chooses that card instead
      const where = parsePlace(card.dataset.place ?? "");
      const v = view();
      if (chosen && v && where !== "box" && placeOf(v, chosen) !== where) return putChosen(where);
      return choose(card.dataset.card ?? null);
    }
    const put = target.closest<HTMLElement>("button[data-put]");
    if (put) return putChosen(parsePlace(put.dataset.put ?? ""));
    // a card chosen, a tap or click anywhere else in a place puts it there
    const place = target.closest<HTMLElement>("section[data-place]");
    if (place && chosen && places.contains(place)) return putChosen(parsePlace(place.dataset.place ?? ""));
    if (target === deal) sendEdit({ type: "edit_deal" });
    else if (target === clear) sendEdit({ type: "edit_clear" });
    else if (target === copy) copyText();
    else if (target === loadBtn) sendEdit({ type: "edit_load", text: load.value.trim().slice(0, 4000) });
    else if (target === playOut) sendEdit({ type: "edit_play_out", seat: Number(seat.value) });
    else if (target === lesson) sendEdit({ type: "edit_lesson", question: question.value as "card" | "picker" | "take" });
  });
  listen("change", (e) => {
    const target = e.target;
    if (target === players) sendEdit({ type: "edit_players", players: Number(players.value) });
    else if (target === rules && rules.value) sendEdit({ type: "edit_rules", variant: rules.value });
    else if (target === leader) sendEdit({ type: "edit_leader", seat: leader.value === "" ? null : Number(leader.value) });
    else if (target === opening) sendEdit({ type: "edit_opening", over: opening.checked });
    else if (target === language && language.value !== model.get("lang")) send({ type: "set_language", language: language.value });
    else if (target === seat) seat.dataset.wanted = seat.value;
    else if (target instanceof HTMLInputElement && target.dataset.action && keyBody.contains(target)) {
      const key = view()?.key;
      if (key) {
        sendEdit({ type: "edit_answer", action: target.dataset.action as AnswerRow["action"], accepted: target.checked,
          key: key.version });
      }
    }
  });
  listen("keydown", (e) => {
    const target = e.target as HTMLElement;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (target === load && e.key === "Enter") {
      sendEdit({ type: "edit_load", text: load.value.trim().slice(0, 4000) });
      e.stopPropagation();
      return;
    }
    if (target.closest("input, select, textarea")) {
      if (["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", " ", "Enter"].includes(e.key)) e.stopPropagation();
      return;
    }
    const list = target.closest<HTMLElement>(".bh-ed-cards");
    if (list && ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(e.key)) {
      const cards = Array.from(list.querySelectorAll<HTMLElement>("button[data-card]"));
      const i = cards.indexOf(target.closest<HTMLElement>("button[data-card]") as HTMLElement);
      const next = e.key === "Home" ? 0 : e.key === "End" ? cards.length - 1
        : i + (e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 1);
      const to = cards[Math.max(0, Math.min(cards.length - 1, next))];
      if (to) {
        for (const c of cards) c.tabIndex = -1;
        to.tabIndex = 0;
        to.focus();
      }
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    const v = view();
    if (e.key === "Escape" && chosen) {
      choose(null);
      e.stopPropagation();
      return;
    }
    const where = chosen && v ? placeOfKey(e.key, v.num_players) : null;
    if (where !== null) {
      const back = chosen;
      putChosen(where);
      places.querySelector<HTMLElement>(`[data-card="${back}"]`)?.focus();
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    if (["Enter", " ", "Spacebar"].includes(e.key) || /^[0-7tTwWbB]$/.test(e.key)) e.stopPropagation();
  });
  // dragging a card onto a place
  listen("dragstart", (e) => {
    const card = (e.target as HTMLElement).closest<HTMLElement>("button[data-card]");
    if (!card || !e.dataTransfer) return;
    e.dataTransfer.setData("text/plain", card.dataset.card ?? "");
    e.dataTransfer.effectAllowed = "move";
    chosen = card.dataset.card ?? null;
  });
  listen("dragover", (e) => {
    if ((e.target as HTMLElement).closest("section[data-place]")) e.preventDefault();
  });
  listen("drop", (e) => {
    const place = (e.target as HTMLElement).closest<HTMLElement>("section[data-place]");
    if (!place) return;
    e.preventDefault();
    const code = e.dataTransfer?.getData("text/plain") || chosen;
    if (code && parseCard(code)) {
      chosen = code;
      putChosen(parsePlace(place.dataset.place ?? ""));
    }
  });

  function copyText(): void {
    const value = text.value;
    const done = (ok: boolean) => {
      copied = ok ? "ok" : "failed";
      if (!ok) text.select();
      draw();
    };
    try {
      navigator.clipboard.writeText(value).then(() => done(true), () => done(false));
    } catch {
      done(false);
    }
  }

  const redraw = () => {
    copied = "";
    draw();
  };
  const deck = () => root.classList.toggle("is-four-colour", model.get("deck") === "four-colour");
  const handlers: [string, () => void][] = [
    ["change:editor", redraw], ["change:error", draw], ["change:labels", redraw], ["change:lang", redraw],
    ["change:languages", redraw], ["change:variants", redraw], ["change:deck", deck],
  ];
  for (const [ev, fn] of handlers) model.on(ev, fn);
  deck();
  draw();
  return () => {
    for (const [ev, fn] of handlers) model.off(ev, fn);
    root.remove();
  };
}

function parsePlace(text: string): Place {
  return /^[0-7]$/.test(text) ? Number(text) : (text as Place);
}

const widget = {
  render({ model, el }: { model: Model; el: HTMLElement }) {
    return mount(model, el);
  },
} satisfies AnyWidget<Traits>;

export default widget;
