// What the panels of one table view share: the model, the widget's root element, the
// labels' texts, the ways to read the view and send messages, and what the widget takes
// (the capabilities trait: a panel shows a control only when its message is taken, and a
// key whose message is not taken does nothing). widget.ts makes one per view and hands it
// to every panel.

import { h } from "./dom";
import { type Translate, translator } from "./labels";
import { hintOf } from "./hint";
import type { Message, MessageOf, MessageType, Model, View } from "./types";

/** A message that carries the view's version: sent at most once per version. */
export type VersionedMessage =
  | MessageOf<"play">
  | MessageOf<"take">
  | MessageOf<"advance">
  | MessageOf<"undo">
  | MessageOf<"new_game">
  | MessageOf<"show_me">
  | MessageOf<"show_step">;

export interface Context {
  readonly model: Model;
  /** Unique on the page: the prefix of this view's element ids. */
  readonly uid: string;
  /** The widget's root element: the panels' parts go in it, its delegated events reach them. */
  readonly root: HTMLElement;
  /** The texts, in the labels' words; replaced when the labels or the language change. */
  t: Translate;
  /** The view drawn, or null until the kernel has a table. */
  view(): View | null;
  /** The hinted action (a card code or "take"), or null. */
  hintAction(): string | null;
  /** The message types the widget takes now, or null while the kernel sends no capabilities
   * (an older kernel). */
  capabilities(): ReadonlySet<MessageType> | null;
  /** Whether the widget takes messages of `type` now (its controls shown, its keys live).
   * `before`: what the front end did before there were capabilities, which it keeps to only
   * when the kernel sends none (null); an empty list takes nothing. */
  takes(type: MessageType, before?: boolean): boolean;
  send(msg: Message): void;
  /** Sends a play, take, pass, undo, new game, Show me or its step once per version (a
   * double click or a key repeat sends nothing more). */
  sendVersioned(msg: VersionedMessage): void;
  /** A new view came, or the kernel refused: the next versioned message goes out. */
  resetActed(): void;
}

/** The capabilities trait as a set; null when the kernel sends none (or not a list). */
export function capabilitiesOf(value: unknown): ReadonlySet<MessageType> | null {
  return Array.isArray(value) ? new Set(value.filter((v): v is MessageType => typeof v === "string")) : null;
}

export function createContext(model: Model, uid: string): Context {
  const capabilities = () => capabilitiesOf(model.get("capabilities"));
  const t = translator(model.get("labels"), model.get("lang"));
  const send = (msg: Message) => model.send(msg);
  let acted: number | null = null; // version for which a play, take, undo or new game was already sent
  return {
    model,
    uid,
    root: h("div.bhabho-root", { "data-testid": "bhabho-table", "data-lm-suppress-shortcuts": true, lang: t.lang }),
    t,
    // The trait starts as {} or null until the kernel has a table: treat that as no view yet.
    view(): View | null {
      const v = model.get("view");
      return v && typeof v.version === "number" && Array.isArray(v.names) ? v : null;
    },
    hintAction: () => hintOf(model.get("hint"))?.action ?? null,
    capabilities,
    takes(type: MessageType, before = true): boolean {
      const taken = capabilities();
      return taken === null ? before : taken.has(type);
    },
    send,
    sendVersioned(msg: VersionedMessage): void {
      if (acted === msg.version) return; // a double click or key repeat: the kernel already has it
      acted = msg.version;
      send(msg);
    },
    resetActed(): void {
      acted = null;
    },
  };
}
